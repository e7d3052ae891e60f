"""The replay code benchmark: its lines of play, and a short run that prints its figures."""

from __future__ import annotations

import random

import pytest

from game.model.replay import Replay
from tools import replay_code_bench


@pytest.mark.parametrize("cells", [8, 4, 2])
def test_a_line_is_as_long_as_asked_and_plays_from_its_deal(cells):
    deal, moves = replay_code_bench.eightoff_line(cells, 40, random.Random(cells))
    replay = Replay(deal, moves)
    assert len(replay) == 40 and replay.status == "playing" and deal.startswith(f"EO1-C{cells}-")


def test_a_golf_line_is_played_to_its_end():
    deal, moves = replay_code_bench.golf_line(random.Random(3))
    assert not Replay(deal, moves).position(len(moves)).legal_moves()


def test_a_short_run_prints_each_cell_count_and_length_and_golf(capsys):
    assert replay_code_bench.main(["--games", "1", "--lengths", "5,20", "--cells", "8,2", "--clock", "wall"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("machine speed:")
    for words in ("Eight Off 8 cells, 5 moves", "Eight Off 2 cells, 20 moves", "Golf, played to the end", "encode"):
        assert words in out


@pytest.mark.parametrize("args", [["--cells", "3"], ["--lengths", "x"], ["--lengths", "0"], ["--games", "0"]])
def test_what_the_bench_cannot_do_is_refused(args):
    with pytest.raises(SystemExit) as stopped:
        replay_code_bench.main(args)
    assert stopped.value.code == 2
