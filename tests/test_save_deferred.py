"""The game's save is written while the frame loop sleeps (game/persist/savefile.py, LOOP_IDLE): not
in the middle of a frame, where the writer's Python took the GIL from the frame at each blit; and
still within DEFER_LIMIT when the loop never sleeps."""
from __future__ import annotations

import json

import pytest

from game.persist import savefile
from game.persist.savefile import LOOP_IDLE, SaveFile


@pytest.fixture
def frame_running():
    LOOP_IDLE.clear()
    yield
    LOOP_IDLE.set()


def test_a_save_waits_for_the_loop_to_sleep_and_then_writes_the_newest_state(tmp_path, monkeypatch, frame_running):
    monkeypatch.setattr(savefile, "DEFER_LIMIT", 60.0)
    save = SaveFile(tmp_path / "game.json")
    save.write({"moves": 1})
    assert not save.flush(0.2)  # (a bound, not a speed: the write waits for the sleep, 60 s)
    assert not (tmp_path / "game.json").exists()
    save.write({"moves": 2})
    assert save.read() == {"moves": 2}  # the game being played is not hidden meanwhile
    LOOP_IDLE.set()
    assert save.flush(5.0)
    assert json.loads((tmp_path / "game.json").read_text()) == {"moves": 2}


def test_a_loop_that_never_sleeps_still_gets_its_game_saved(tmp_path, monkeypatch, frame_running):
    monkeypatch.setattr(savefile, "DEFER_LIMIT", 0.05)
    save = SaveFile(tmp_path / "game.json")
    save.write({"moves": 3})
    assert save.flush(5.0)
    assert json.loads((tmp_path / "game.json").read_text()) == {"moves": 3}


def test_without_a_loop_a_save_is_written_at_once(tmp_path):
    assert LOOP_IDLE.is_set()
    save = SaveFile(tmp_path / "game.json")
    save.write({"moves": 4})
    assert save.flush(5.0)
    assert json.loads((tmp_path / "game.json").read_text()) == {"moves": 4}
