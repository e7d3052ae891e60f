"""The -wal and -shm beside the statistics database: SQLite applies any -wal it finds (it checks the
-wal's own checksums, never that it was written for this database, not even its page size), so a
-wal left by another database would replace the statistics with that database's pages. One that
does not belong is set aside, never applied, and the database keeps its rows; the game's own -wal,
left by a power cut, is applied as always."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from game.persist.companions import strangers
from game.persist.recorder import Recorder
from game.persist.stats import StatsDB

NAME = "statistics.sqlite3"


def database(folder: Path, games: int, prefix: str = "a") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    db = StatsDB(folder / NAME)
    for i in range(games):
        db.record("golf", "easy", None, "won", 300, 40, uid=f"{prefix}{i}")
    db.close()
    return folder / NAME


def open_wal_of(path: Path, write) -> sqlite3.Connection:
    """A connection on `path` in WAL mode that wrote with `write(conn)` and never checkpointed: its
    -wal holds the writes (the connection stays open, as a killed program's would have)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    write(conn)
    return conn


def lay_beside(wal_of: Path, target: Path) -> bytes:
    data = Path(f"{wal_of}-wal").read_bytes()
    Path(f"{target}-wal").write_bytes(data)
    return data


def aside(folder: Path) -> dict[str, Path]:
    return {p.name.split(".corrupt-")[0]: p for p in folder.iterdir() if ".corrupt-" in p.name}


def uids(path: Path) -> set[str]:
    db = StatsDB(path)
    try:
        return {row[0] for row in db.rows("golf", "easy")}
    finally:
        db.close()


def game_database_wal(folder: Path, games: int) -> Path:
    other = database(folder, 0, "b")
    db = StatsDB(other)
    assert db.conn is not None
    db.conn.execute("PRAGMA wal_autocheckpoint = 0")
    for i in range(games):
        db.record("golf", "easy", None, "blocked", 10, 5, uid=f"b{i}")
    shutil.copy(f"{other}-wal", folder / "kept-wal")
    shutil.copy(f"{other}-shm", folder / "kept-shm")
    db.close()
    return folder / "kept-wal"


@pytest.mark.parametrize("shm", [False, True])
@pytest.mark.parametrize("games", [1, 20])  # fewer ids than ours, and more
def test_a_wal_of_another_statistics_database_is_set_aside_and_the_rows_stay(tmp_path, caplog, games, shm):
    ours = database(tmp_path / "data", 9)
    wal = game_database_wal(tmp_path / "other", games)
    data = wal.read_bytes()
    Path(f"{ours}-wal").write_bytes(data)
    if shm:
        shutil.copy(wal.with_name("kept-shm"), f"{ours}-shm")
    with caplog.at_level(logging.WARNING):
        assert uids(ours) == {f"a{i}" for i in range(9)}
    kept = aside(tmp_path / "data")
    assert set(kept) == {f"{NAME}-wal"} | ({f"{NAME}-shm"} if shm else set())
    assert kept[f"{NAME}-wal"].read_bytes() == data
    assert any("-wal" in r.getMessage() and "moved to" in r.getMessage() for r in caplog.records)


def test_a_wal_of_another_kind_of_database_is_set_aside(tmp_path):
    ours = database(tmp_path / "data", 9)
    other = tmp_path / "other" / "notes.db"
    other.parent.mkdir()
    conn = open_wal_of(other, lambda c: (c.execute("CREATE TABLE t (x)"), c.execute("INSERT INTO t VALUES (1)")))
    data = lay_beside(other, ours)
    conn.close()
    assert uids(ours) == {f"a{i}" for i in range(9)}
    assert aside(tmp_path / "data")[f"{NAME}-wal"].read_bytes() == data


def test_a_wal_of_another_page_size_is_set_aside(tmp_path):
    """SQLite would take the -wal's page size over the database's and rebuild it from the -wal."""
    ours = database(tmp_path / "data", 9)
    other = tmp_path / "other" / "small.db"
    other.parent.mkdir()
    conn = sqlite3.connect(other, isolation_level=None)
    conn.execute("PRAGMA page_size = 1024")
    conn.close()
    conn = open_wal_of(other, lambda c: (c.execute("CREATE TABLE t (x)"), c.execute("INSERT INTO t VALUES (1)")))
    lay_beside(other, ours)
    conn.close()
    assert uids(ours) == {f"a{i}" for i in range(9)}
    assert f"{NAME}-wal" in aside(tmp_path / "data")


def test_the_games_own_wal_after_a_power_cut_is_applied(tmp_path):
    ours = database(tmp_path / "data", 9)
    db = StatsDB(ours)
    assert db.conn is not None
    db.conn.execute("PRAGMA wal_autocheckpoint = 0")
    db.record("golf", "easy", None, "won", 1, 1, uid="in-the-wal")
    db.reset("golf", "easy")  # a reset too: fewer rows than the file alone, and still ours
    db.record("golf", "easy", None, "won", 2, 2, uid="after-the-reset")
    saved = {s: Path(f"{ours}{s}").read_bytes() for s in ("", "-wal")}
    db.close()
    for suffix, data in saved.items():  # the files as a power cut leaves them
        Path(f"{ours}{suffix}").write_bytes(data)
    assert strangers(ours) == {}
    assert uids(ours) == {"after-the-reset"}
    assert aside(tmp_path / "data") == {}


def test_a_wal_from_before_the_database_had_an_identity_is_applied(tmp_path):
    """A database an older version wrote (no identity in its header), killed with rows in its -wal."""
    ours = database(tmp_path / "data", 3)
    conn = sqlite3.connect(ours, isolation_level=None)
    conn.execute("PRAGMA application_id = 0")
    conn.close()
    conn = open_wal_of(
        ours,
        lambda c: c.execute(
            "INSERT INTO games (game, option, result, score, moves, finished_at, uid) "
            "VALUES ('golf', 'easy', 'won', 3, 3, 'x', 'old-wal')"
        ),
    )
    saved = {s: Path(f"{ours}{s}").read_bytes() for s in ("", "-wal")}
    conn.close()
    for suffix, data in saved.items():
        Path(f"{ours}{suffix}").write_bytes(data)
    assert "old-wal" in uids(ours) and aside(tmp_path / "data") == {}


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink"])
def test_a_companion_that_is_not_a_file_is_set_aside(tmp_path, suffix, kind):
    ours = database(tmp_path / "data", 4)
    stranger = Path(f"{ours}{suffix}")
    if kind == "folder":
        stranger.mkdir()
    elif kind == "fifo":
        os.mkfifo(stranger)
    else:
        target = tmp_path / "elsewhere"
        target.write_bytes(b"\0" * 64)
        stranger.symlink_to(target)
    assert uids(ours) == {f"a{i}" for i in range(4)}
    assert f"{NAME}{suffix}" in aside(tmp_path / "data")


def test_the_recorder_sets_a_stranger_aside_and_records(tmp_path):
    ours = database(tmp_path / "data", 9)
    wal = game_database_wal(tmp_path / "other", 1)
    shutil.copy(wal, f"{ours}-wal")
    recorder = Recorder(ours)
    recorder.submit(("mark_dealt", "golf-easy", 3))
    assert recorder.flush(5.0)
    recorder.close()
    assert uids(ours) == {f"a{i}" for i in range(9)}
    assert f"{NAME}-wal" in aside(tmp_path / "data")


def test_every_write_carries_the_databases_identity(tmp_path):
    """The identity is in the header page, and every transaction writes that page: a -wal of this
    database always says whose it is."""
    ours = database(tmp_path / "data", 1)
    db = StatsDB(ours)
    assert db.conn is not None
    db.conn.execute("PRAGMA wal_autocheckpoint = 0")
    identity = db.conn.execute("PRAGMA application_id").fetchone()[0]
    assert identity != 0
    db.mark_dealt("golf-easy", 5)
    wal = Path(f"{ours}-wal").read_bytes()
    page = int.from_bytes(wal[8:12], "big")
    first = wal[32 : 32 + 24 + page]
    assert int.from_bytes(first[:4], "big") == 1  # the header page comes first
    assert int.from_bytes(first[24 + 68 : 24 + 72], "big", signed=True) == identity
    db.close()


@pytest.mark.parametrize("page", [2, 3, 4, 5])
def test_a_wal_that_leaves_the_header_page_alone_is_still_told(tmp_path, page):
    """Another database's -wal that changes one page, not the header: the database with it is
    damaged (or its counters go back) while the file alone is sound."""
    ours = database(tmp_path / "data", 9)
    other = tmp_path / "other" / "pages.db"
    other.parent.mkdir()
    conn = sqlite3.connect(other, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    for i in range(page):
        conn.execute(f"CREATE TABLE t{i} (x)")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute(f"INSERT INTO t{page - 2} VALUES (randomblob(3000))")  # that table's root page only
    wal = Path(f"{other}-wal").read_bytes()
    assert [int.from_bytes(wal[32 + i * 4120 : 36 + i * 4120], "big") for i in range((len(wal) - 32) // 4120)] == [page]
    Path(f"{ours}-wal").write_bytes(wal)
    conn.close()
    assert uids(ours) == {f"a{i}" for i in range(9)}
    assert f"{NAME}-wal" in aside(tmp_path / "data")


def test_no_reader_opens_the_database_before_its_companions_are_examined(tmp_path, monkeypatch):
    """The examination fails this time (a read error): the Recorder waits, and no other connection
    may open the database meanwhile (one that can write would write the -wal into it on closing)."""
    from game.persist import companions
    from game.persist.schema import StatsUnavailable
    from game.persist.statistics import Statistics

    ours = database(tmp_path / "data", 9)
    wal = game_database_wal(tmp_path / "other", 1)
    data = wal.read_bytes()
    Path(f"{ours}-wal").write_bytes(data)
    before = ours.read_bytes()

    def unreadable(path):
        raise StatsUnavailable("io", "disk I/O error")

    monkeypatch.setattr(companions, "foreign_wal", unreadable)
    recorder = Recorder(ours, backoff=(0.01, 0.01))
    stats = Statistics(ours, recorder, reads="inline")
    assert recorder.wait_open(30) and not recorder.examined.is_set()
    assert stats.known.summary("golf", "easy") is None and stats.known.trouble(("games", "golf", "easy"))
    recorder.close()
    stats.close()
    assert ours.read_bytes() == before and Path(f"{ours}-wal").read_bytes() == data
    monkeypatch.undo()
    assert uids(ours) == {f"a{i}" for i in range(9)}  # examined now: set aside, the rows kept
