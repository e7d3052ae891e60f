"""Finished games that cannot reach the statistics database wait on disk, in a file beside it that
survives restarts, for up to WAIT_DAYS (not up to a count); each is recorded once as soon as the
database can be written again, and `Progress.health()` says how many wait."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from pathlib import Path

import pytest

from game.model.golf import GolfGame
from game.persist import waiting
from game.persist.progress import Progress
from game.persist.recorder import Recorder
from game.persist.records import record_of
from game.persist.schema import SCHEMA_VERSION
from game.persist.stats import StatsDB

DAY = 86400.0
WAITING = "statistics-waiting.jsonl"


class Clock:
    """The wall clock the recorder stamps operations with, set by the test."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def newer_database(folder: Path) -> Path:
    """A database a newer version of the game wrote: this one never writes to it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "statistics.sqlite3"
    StatsDB(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    return path


def back_to_this_version(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.commit()
    conn.close()


def recorded(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [r[0] for r in conn.execute("SELECT uid FROM games ORDER BY id")]
    finally:
        conn.close()


def finish_games(progress: Progress, n: int) -> None:
    """n games begun, moved in and left for the next: each recorded as abandoned, as a table does."""
    for i in range(n):
        game = GolfGame.from_code("GO1-E-AAAAAFA" if i % 2 else "GO1-E-AAAAAFB")
        progress.begin(game)
        game.draw()
        progress.changed(game)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAFC"))  # the last one ends too


def record(uid: str, option: str = "easy") -> tuple:
    return ("record", record_of("golf", option, None, "won", 300, 40, uid=uid))


def test_every_finished_game_waits_on_disk_across_restarts_and_is_recorded_once(tmp_path, caplog):
    """260 games while a newer version's database is there: none dropped, each recorded once."""
    path = newer_database(tmp_path)
    progress = Progress(tmp_path)
    finish_games(progress, 260)
    assert progress.recorder.kept(30)
    health = progress.health()
    assert (health.problem, health.waiting, health.on_disk) == ("newer", 260, 260)
    progress.close()
    assert "unrecorded" not in json.loads((tmp_path / "current-game.json").read_text())  # they wait beside

    again = Progress(tmp_path)  # a restart: they still wait
    assert again.recorder.kept(30) and again.health().on_disk == 260
    again.close()

    back_to_this_version(path)  # the database can be written again
    third = Progress(tmp_path)
    assert third.recorder.flush(30)
    uids = recorded(path)
    assert len(uids) == 260 == len(set(uids))
    assert not (tmp_path / WAITING).exists() and third.health().waiting == 0
    third.close()


def test_games_wait_days_not_a_count(tmp_path, caplog):
    path = newer_database(tmp_path)
    clock = Clock()
    recorder = Recorder(path, clock=clock)
    recorder.submit(record("first"))
    clock.now += 10 * DAY
    recorder.submit(record("tenth-day"))
    for i in range(300):  # many in one day: all kept
        recorder.submit(record(f"busy{i}"))
    assert recorder.kept(30) and recorder.health().waiting == 302
    clock.now += 25 * DAY  # the first has waited 35 days
    with caplog.at_level(logging.WARNING):
        recorder.submit(record("late"))
        assert recorder.kept(30)
    recorder.close()
    assert recorder.health().waiting == 302 and recorder.dropped == 1
    assert any("more than 30 days" in r.getMessage() for r in caplog.records)
    kept = [op[1]["uid"] for _at, op in waiting.load(tmp_path / WAITING)]
    assert kept[0] == "tenth-day" and kept[-1] == "late" and "first" not in kept


def test_a_replay_after_a_power_cut_changes_nothing(tmp_path):
    """The database has some of the waiting file's operations already (the power went between
    their commit and the file's removal): the file is written again whole, and the database ends
    as it would have: each game once, the reset where it was."""
    path = tmp_path / "statistics.sqlite3"
    db = StatsDB(path)
    db.apply(record("before-reset"))
    db.apply(("reset", "golf", "easy"))
    db.close()
    entries = [(1.0, record("before-reset")), (2.0, ("reset", "golf", "easy")), (3.0, record("after-reset"))]
    waiting.append(tmp_path / WAITING, entries)
    recorder = Recorder(path)
    recorder.submit(record("new"))
    assert recorder.flush(30)
    recorder.close()
    assert recorded(path) == ["after-reset", "new"]
    assert not (tmp_path / WAITING).exists()


def test_the_waiting_file_is_read_as_untrusted(tmp_path, caplog):
    path = tmp_path / "statistics.sqlite3"
    good = json.dumps(waiting.line_of((5.0, record("good"))))
    bad_score = json.dumps(waiting.line_of((5.0, record("bad"))) | {}).replace('"score":300', '"score":1e400')
    lines = [
        good,
        "not json",
        '{"at": 1, "op": ["drop_table", "games"]}',
        bad_score.replace("300", str(2**70)),
        '{"at": "soon", "op": ["reset", "golf", "easy"]}',
        json.dumps({"at": 1.0, "op": ["mark_dealt", "golf-easy", -3]}),
        '{"at": 1, "op": ["record", {"uid": "torn", "game": "go',  # a power cut mid-append
    ]
    (tmp_path / WAITING).write_text("\n".join(lines))
    with caplog.at_level(logging.WARNING):
        recorder = Recorder(path)
        assert recorder.flush(30)
    recorder.close()
    assert recorded(path) == ["good"]
    assert any("unreadable line" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink", "huge"])
def test_a_waiting_file_that_is_no_file_of_ours_is_set_aside(tmp_path, monkeypatch, kind):
    path = tmp_path / "statistics.sqlite3"
    stranger = tmp_path / WAITING
    if kind == "folder":
        stranger.mkdir()
    elif kind == "fifo":
        os.mkfifo(stranger)
    elif kind == "symlink":
        (tmp_path / "elsewhere").write_text(json.dumps(waiting.line_of((1.0, record("x")))))
        stranger.symlink_to(tmp_path / "elsewhere")
    else:
        monkeypatch.setattr(waiting, "READ_LIMIT", 100)
        stranger.write_text("\n" * 200)
    recorder = Recorder(path)
    recorder.submit(record("fine"))
    assert recorder.flush(30)
    recorder.close()
    assert recorded(path) == ["fine"]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(f"{WAITING}.corrupt-")]


def test_where_not_even_the_waiting_file_can_be_written_games_wait_in_memory(tmp_path, monkeypatch, caplog):
    """A read-only folder: the games wait in memory (and in the save's journal, if it can be
    written), the log says so once, and health() tells them from those on disk."""
    newer_database(tmp_path)

    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(waiting, "append", refused)
    with caplog.at_level(logging.WARNING):
        progress = Progress(tmp_path)
        finish_games(progress, 3)
        assert not progress.recorder.kept(30)  # (returns once writing the file has failed)
    health = progress.health()
    assert (health.waiting, health.on_disk) == (3, 0)
    assert len([r for r in caplog.records if "wait in memory only" in r.getMessage()]) == 1
    assert progress.save.flush()
    assert len(json.loads((tmp_path / "current-game.json").read_text())["unrecorded"]) == 3
    progress.close()


def test_a_lock_held_for_long_parks_the_games_on_disk(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    StatsDB(path).close()
    lock = sqlite3.connect(path, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    recorder = Recorder(path, busy_seconds=0.05, backoff=(0.01, 0.05))
    recorder.submit(record("while-locked"))
    assert recorder.kept(30)
    assert recorder.health().problem == "locked" and recorder.health().on_disk == 1
    assert "while-locked" in recorder.confirmed()  # the save's journal may drop it
    lock.execute("ROLLBACK")
    lock.close()
    assert recorder.flush(30)
    recorder.close()
    assert recorded(path) == ["while-locked"] and not (tmp_path / WAITING).exists()


def test_an_unforeseen_error_in_the_writer_is_said_and_tried_again_nothing_dropped(tmp_path, monkeypatch, caplog):
    """Whatever goes wrong in the recorder's thread (an error no rule expects), it goes on: the
    trouble is said, and the game is written when it can be."""
    recorder = Recorder(tmp_path / "statistics.sqlite3", pause=lambda seconds: None)
    real_write, failures = recorder._write, []

    def write(db, item):
        if not failures:
            failures.append(1)
            raise RuntimeError("an error no rule expects")
        return real_write(db, item)

    monkeypatch.setattr(recorder, "_write", write)
    with caplog.at_level(logging.WARNING):
        recorder.submit(record("unforeseen"))
        assert recorder.flush(30)
    assert failures and any("an error no rule expects" in r.getMessage() for r in caplog.records)
    recorder.close()
    assert recorded(tmp_path / "statistics.sqlite3") == ["unforeseen"]


@pytest.mark.parametrize(
    "op",
    [
        ("mark_dealt", "golf-easy", 7),
        ("reset", "golf", "easy"),
        ("reset_rounds", "golf"),
    ],
)
def test_every_operation_but_a_record_reads_back_as_written(op):
    line = json.loads(json.dumps(waiting.line_of((5.0, op))))
    assert waiting.entry_of(line) == (5.0, op)


@pytest.mark.parametrize("number", [-3, "7", 7.0, True])
def test_a_dealt_mark_with_no_deal_number_is_refused(number):
    with pytest.raises(ValueError):
        waiting.entry_of({"at": 1.0, "op": ["mark_dealt", "golf-easy", number]})
