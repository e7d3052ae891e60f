"""A daily deal played after its date (an earlier day of the month, caught up): the statistics keep
that it was caught up, so its day is marked won while the streaks count only days won on their date.
Schema 6 adds the column; older rows were all played on their date and keep 0."""

from __future__ import annotations

import json

from conftest import database_at
from helpers.saves import SAVE, act, hold_write_lock, power_cut, winnable

from game import daily
from game.persist.progress import Progress
from game.persist.records import checked_record, record_of
from game.persist.stats import SCHEMA_VERSION, StatsDB


def test_a_version_5_database_gets_the_caught_up_column_keeping_its_rows(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    conn = database_at(path, 5)
    conn.execute(
        "INSERT INTO games (game, option, code, result, score, moves, finished_at, hints, uid, daily) "
        "VALUES ('golf', 'easy', 'A', 'won', 350, 5, 'x', 0, 'u1', '2026-12-01')"
    )
    conn.commit()
    conn.close()
    db = StatsDB(path)
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert db.rows("golf", "easy") == [("u1", "won", 350, 5, 0, 0, 0.0, "2026-12-01", False)]
    db.record("golf", "easy", "B", "won", 300, 30, uid="u2", daily="2026-12-02", catch_up=True)
    assert db.rows("golf", "easy")[-1][7:] == ("2026-12-02", True)
    db.close()


def test_a_row_whose_caught_up_mark_is_neither_0_nor_1_is_skipped(tmp_path):
    db = StatsDB(tmp_path / "statistics.sqlite3")
    db.record("golf", "easy", None, "won", 300, 30, uid="good", daily="2026-12-02")
    db.conn.execute(
        "INSERT INTO games (game, option, code, result, score, moves, finished_at, hints, uid, daily, catch_up) "
        "VALUES ('golf', 'easy', NULL, 'won', 350, 5, 'x', 0, 'bad', '2026-12-01', 7)"
    )
    db.conn.commit()
    assert [r[0] for r in db.rows("golf", "easy")] == ["good"]
    db.close()


def test_a_record_from_before_the_mark_reads_as_played_on_its_date():
    old = record_of("golf", "easy", None, "won", 350, 40, daily="2026-12-01")
    del old["catch_up"]
    assert checked_record(old)["catch_up"] is False
    assert checked_record({**old, "catch_up": "yes"})["catch_up"] is False  # only True is True
    assert checked_record({**old, "catch_up": True})["catch_up"] is True


def test_a_caught_up_record_waiting_in_the_journal_keeps_its_mark(data_dir):
    """Won while the database was locked, then the power went: the save's journal holds the
    record, mark and all, and the next start writes it so."""
    data_dir.mkdir(parents=True)
    lock = hold_write_lock(data_dir)
    progress = Progress(data_dir)
    game = winnable()
    progress.begin(game, daily="2026-12-01")
    progress.started = "2026-12-04T12:00:00"  # dealt three days after its date
    while game.status == "playing":
        act(progress, game)
    assert progress.save.flush()
    journal = json.loads((data_dir / SAVE).read_text())["unrecorded"]
    assert [rec["catch_up"] for rec in journal] == [True]
    power_cut(progress)
    lock.execute("ROLLBACK")
    lock.close()
    after = Progress(data_dir)
    assert after.flush(30)
    results = daily.day_results(after.stats.rows("golf", "easy"))
    assert results[daily.parse_day("2026-12-01")].caught_up
    after.close()
