"""Every number read back from the statistics database is in its stated range: a row with a value out
of range (a negative count, an absurd score, a time that is not a number, a result no version
writes) is damage for that row alone. It is skipped, said once in the log, and never raises."""

from __future__ import annotations

import datetime
import logging
import sqlite3
from pathlib import Path

import pytest

from game import daily
from game.persist.round_stats import round_record_of
from game.persist.stats import StatsDB, summarize

GOOD = [("won", 350, 40, 0, 0, 95.0), ("blocked", 120, 52, 1, 2, 30.0), ("won", 300, 44, 0, 1, 120.0)]
#: (column, value) of rows that no version of the game writes
BAD_GAMES = [
    ("score", -5),
    ("score", 10**15),
    ("score", "lots"),
    ("moves", -1),
    ("moves", 2**62),
    ("hints", -3),
    ("undos", 10**12 + 1),  # one past the count's bound (save_schema.COUNT)
    ("duration_s", float("inf")),
    ("duration_s", -2.0),
    ("duration_s", "soon"),
    ("result", "cheated"),
    ("daily", "the first of December"),
    ("uid", "x" * 500),
]
BAD_ROUNDS = [
    ("holes", 12),
    ("total", 10**14),
    ("holes_won", -1),
    ("hints", -7),
    ("duration_s", 1e12),
    ("result", "won"),
]


def _insert_raw(conn: sqlite3.Connection, table: str, values: dict) -> None:
    names = ", ".join(values)
    conn.execute(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(values))})", tuple(values.values()))


@pytest.fixture
def damaged_rows(tmp_path) -> Path:
    """A database with good games and rounds, and between them rows with one value out of range each
    (written around the CHECKs, as another program could)."""
    path = tmp_path / "statistics.sqlite3"
    db = StatsDB(path)
    for i, (result, score, moves, hints, undos, seconds) in enumerate(GOOD):
        db.record("golf", "easy", None, result, score, moves, undos, seconds, hints=hints, uid=f"good{i}")
    db.record_round(round_record_of("easy", "GR1-E-AAAAAAB", "finished", [1, -2, 0], uid="round-good"))
    db.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = ON")
    for i, (column, value) in enumerate(BAD_GAMES):
        row = {"game": "golf", "option": "easy", "result": "won", "score": 1, "moves": 1, "undos": 0}
        row |= {"duration_s": 1.0, "finished_at": "x", "hints": 0, "uid": f"bad{i}", "daily": "2026-12-01"}
        row[column] = value
        _insert_raw(conn, "games", row)
    for i, (column, value) in enumerate(BAD_ROUNDS):
        row = {"uid": f"bad-round{i}", "option": "easy", "code": "GR1-E-AAAAAAB", "result": "finished"}
        row |= {"holes": 9, "total": 3, "holes_won": 1, "scores": "", "hints": 0, "duration_s": 1.0, "finished_at": "x"}
        row[column] = value
        _insert_raw(conn, "rounds", row)
    conn.close()
    return path


def test_rows_out_of_range_are_skipped_and_said_once(damaged_rows, caplog):
    db = StatsDB(damaged_rows)
    with caplog.at_level(logging.WARNING):
        rows = db.rows("golf", "easy")
        again = db.rows("golf", "easy")
    assert [r[0] for r in rows] == ["good0", "good1", "good2"] and again == rows
    said = [r.getMessage() for r in caplog.records if "out of range" in r.getMessage()]
    assert len(said) == 1 and str(len(BAD_GAMES)) in said[0]
    assert db.summary("golf", "easy") == summarize(g[:6] for g in GOOD)
    assert daily.day_results(rows) == {}  # the bad rows held the only daily date
    assert db.options("golf") == {"easy": 3}
    db.close()


def test_rounds_out_of_range_are_skipped(damaged_rows):
    db = StatsDB(damaged_rows)
    assert [r[0] for r in db.round_rows("easy")] == ["round-good"]
    summary = db.round_summary("easy")
    assert summary.played == 1 and summary.best_total == -1
    db.close()


def test_a_deal_number_out_of_range_is_not_dealt(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    db = StatsDB(path)
    db.mark_dealt("golf-easy", 12)
    assert db.conn is not None
    db.conn.execute("INSERT INTO dealt (kind, number) VALUES ('golf-easy', -4), ('golf-easy', 'many')")
    assert db.dealt("golf-easy") == {12}
    db.close()


def test_the_screens_figures_skip_them_too(damaged_rows, tmp_path):
    from game.persist.recorder import Recorder
    from game.persist.statistics import Statistics

    recorder = Recorder(damaged_rows)
    stats = Statistics(damaged_rows, recorder)
    try:
        assert stats.summary("golf", "easy").played == 3
        assert [r for r, _s in stats.last("golf", "easy")] == ["won", "blocked", "won"]
        assert daily.day_results(stats.rows("golf", "easy")) == {}
        assert stats.round_summary("easy").played == 1
    finally:
        recorder.close()
        stats.close()


def test_the_daily_results_of_good_rows_stay(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    db = StatsDB(path)
    db.record("golf", "easy", None, "won", 350, 40, uid="d1", daily="2026-12-01")
    assert list(daily.day_results(db.rows("golf", "easy"))) == [datetime.date(2026, 12, 1)]
    db.close()
