"""The statistics database's schema and what SQLite's errors mean for it.

The schema carries its version in `PRAGMA user_version`; MIGRATIONS lists the steps from each
version to the next, applied in order inside a transaction, so an older database is upgraded in
place with its rows kept (a table whose CHECK changes is rebuilt inside its migration). Each step
stays as it was written: it is history, never derived from the current schema.

Errors are read by SQLite's own result codes (`sqlite_errorcode`), never by their text: damage
(StatsDamaged) only for a file that is not a database, is malformed, or has tables its version
does not promise; anything else is trouble to wait out (StatsUnavailable, with a reason code).
"""

from __future__ import annotations

import errno
import os
import re
import sqlite3

GAMES_COLUMNS = (
    "id",
    "game",
    "option",
    "code",
    "result",
    "score",
    "moves",
    "undos",
    "duration_s",
    "finished_at",
    "hints",
    "uid",
    "daily",
    "catch_up",
)
DEALT_COLUMNS = ("kind", "number")
ROUNDS_COLUMNS = (
    "id",
    "uid",
    "option",
    "code",
    "result",
    "holes",
    "total",
    "holes_won",
    "scores",
    "winnable",
    "hints",
    "duration_s",
    "finished_at",
)
# SQLite's primary result codes (sqlite3.h); an exception's extended code & 0xFF gives one
SQLITE_ERROR, SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM, SQLITE_READONLY = 1, 3, 5, 6, 7, 8
SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 10, 11, 13, 14, 26
#: How `PRAGMA quick_check` reports a page it could not read (btree.c's checkTreePage and checkList):
#: a read that failed, not what the page holds.
UNREAD_PAGE = re.compile(r"unable to get the page\. error code=(\d+)|failed to get page")
#: How it reports a row whose value breaks its column's constraint: damage for that row alone, which
#: every read skips (stats_read.py), never for the file
ROW_VALUE = re.compile(r"^(CHECK constraint failed in \S+|(NULL|non-\w+|NUMERIC|TEXT) value in \S+)$")
REASONS = {
    SQLITE_BUSY: "locked",
    SQLITE_LOCKED: "locked",
    SQLITE_FULL: "full",
    SQLITE_READONLY: "readonly",
    SQLITE_PERM: "readonly",
}
OS_REASONS = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EFBIG: "full",
    errno.EROFS: "readonly",
    errno.EACCES: "readonly",
    errno.EPERM: "readonly",
}

MIGRATIONS: list[list[str]] = [
    # version 0 -> 1: the games table
    [
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL CHECK (game IN ('golf', 'eightoff')),
            option TEXT NOT NULL,
            code TEXT,
            result TEXT NOT NULL CHECK (result IN ('won', 'blocked', 'abandoned')),
            score INTEGER NOT NULL CHECK (score >= 0),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            undos INTEGER NOT NULL DEFAULT 0,
            duration_s REAL NOT NULL DEFAULT 0,
            finished_at TEXT NOT NULL)""",
        "CREATE INDEX games_by_option ON games (game, option, id)",
    ],
    # version 1 -> 2: hints per game, the result 'assisted', and the deals handed out. A CHECK
    # cannot be altered in SQLite: the table is rebuilt (new, copy, drop, rename, index again),
    # keeping every row, its id and the AUTOINCREMENT counter
    [
        """CREATE TABLE games_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL CHECK (game IN ('golf', 'eightoff')),
            option TEXT NOT NULL,
            code TEXT,
            result TEXT NOT NULL CHECK (result IN ('won', 'blocked', 'abandoned', 'assisted')),
            score INTEGER NOT NULL CHECK (score >= 0),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            undos INTEGER NOT NULL DEFAULT 0,
            duration_s REAL NOT NULL DEFAULT 0,
            finished_at TEXT NOT NULL,
            hints INTEGER NOT NULL DEFAULT 0)""",
        "INSERT INTO games_v2 (id, game, option, code, result, score, moves, undos, duration_s, finished_at)"
        " SELECT id, game, option, code, result, score, moves, undos, duration_s, finished_at FROM games",
        "DELETE FROM sqlite_sequence WHERE name = 'games_v2'",
        "INSERT INTO sqlite_sequence (name, seq) SELECT 'games_v2', seq FROM sqlite_sequence WHERE name = 'games'",
        "DROP TABLE games",
        "ALTER TABLE games_v2 RENAME TO games",
        "CREATE INDEX games_by_option ON games (game, option, id)",
        """CREATE TABLE dealt (
            kind TEXT NOT NULL,
            number INTEGER NOT NULL,
            PRIMARY KEY (kind, number))""",
    ],
    # version 2 -> 3: every game's unique id (kept in its save while it is played), so that recording
    # a game again (after a power cut between its record and its save's replacement) changes
    # nothing. Rebuilt like version 2; the rows from before ids get one of their own ("row-<id>")
    [
        """CREATE TABLE games_v3 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL CHECK (game IN ('golf', 'eightoff')),
            option TEXT NOT NULL,
            code TEXT,
            result TEXT NOT NULL CHECK (result IN ('won', 'blocked', 'abandoned', 'assisted')),
            score INTEGER NOT NULL CHECK (score >= 0),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            undos INTEGER NOT NULL DEFAULT 0,
            duration_s REAL NOT NULL DEFAULT 0,
            finished_at TEXT NOT NULL,
            hints INTEGER NOT NULL DEFAULT 0,
            uid TEXT NOT NULL UNIQUE)""",
        "INSERT INTO games_v3 (id, game, option, code, result, score, moves, undos, duration_s, finished_at, hints,"
        " uid) SELECT id, game, option, code, result, score, moves, undos, duration_s, finished_at, hints,"
        " 'row-' || id FROM games",
        "DELETE FROM sqlite_sequence WHERE name = 'games_v3'",
        "INSERT INTO sqlite_sequence (name, seq) SELECT 'games_v3', seq FROM sqlite_sequence WHERE name = 'games'",
        "DROP TABLE games",
        "ALTER TABLE games_v3 RENAME TO games",
        "CREATE INDEX games_by_option ON games (game, option, id)",
    ],
    # version 3 -> 4: the date of the daily deal a game was ('2026-12-01'; NULL for any other game)
    ["ALTER TABLE games ADD COLUMN daily TEXT"],
    # version 4 -> 5: rounds of golf, one row per round under its own unique id; the
    # option is the rule set's name, scores the final score of each hole played, comma-separated
    [
        """CREATE TABLE rounds (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uid TEXT NOT NULL UNIQUE,
            option TEXT NOT NULL,
            code TEXT NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('finished', 'abandoned', 'assisted')),
            holes INTEGER NOT NULL CHECK (holes BETWEEN 0 AND 9),
            total INTEGER NOT NULL,
            holes_won INTEGER NOT NULL DEFAULT 0 CHECK (holes_won >= 0),
            scores TEXT NOT NULL DEFAULT '',
            winnable INTEGER NOT NULL DEFAULT 0,
            hints INTEGER NOT NULL DEFAULT 0,
            duration_s REAL NOT NULL DEFAULT 0,
            finished_at TEXT NOT NULL)""",
        "CREATE INDEX rounds_by_option ON rounds (option, id)",
    ],
    # version 5 -> 6: whether a daily deal was caught up, dealt after its date (1), or played on its
    # date (0): the streaks count only the days won on their date. Every older row was played on
    # its date, as no earlier day could be dealt before
    ["ALTER TABLE games ADD COLUMN catch_up INTEGER NOT NULL DEFAULT 0"],
]
SCHEMA_VERSION = len(MIGRATIONS)


class StatsUnavailable(Exception):
    """The database cannot be used now, and its files are left as they are. `reason` is one of
    "locked", "full", "readonly", "io" (try again later) or "newer" (`permanent`: a newer version of
    the game wrote it)."""

    def __init__(self, reason: str, detail: str, permanent: bool = False) -> None:
        super().__init__(detail)
        self.reason = reason
        self.permanent = permanent


class StatsDamaged(Exception):
    """SQLite says the file is not a usable database (or its tables are wrong): it may be set aside."""


def primary_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def unavailable(exc: BaseException) -> StatsUnavailable:
    """StatsUnavailable for an error that is not damage (SQLite's code, or the OS's errno)."""
    if isinstance(exc, sqlite3.Error):
        code = primary_code(exc)
        name = getattr(exc, "sqlite_errorname", None) or "SQLITE_ERROR"
        return StatsUnavailable(REASONS.get(code or 0, "io"), f"{exc} ({name})")
    if isinstance(exc, OSError):
        return StatsUnavailable(OS_REASONS.get(exc.errno or 0, "io"), exc.strerror or str(exc))
    return StatsUnavailable("io", str(exc))


def check_verdict(rows: list[str]) -> str:
    """What `PRAGMA quick_check`'s rows say: "ok", "damage", or "trouble" when a page could not be
    read (SQLite reports an I/O error, a lock or a lack of memory as a row like any other). A page
    unread for any reason but SQLITE_CORRUPT proves nothing about the file; no rows at all neither.
    Rows whose values break a constraint leave the file "ok": those rows are skipped when read."""
    if rows == ["ok"]:
        return "ok"
    if not rows:
        return "trouble"
    said = [line.strip() for row in rows for line in str(row).splitlines() if not line.startswith("***")]
    if all(ROW_VALUE.match(line) for line in said if line):
        return "ok"
    for row in rows:
        for found in UNREAD_PAGE.finditer(str(row)):
            code = found.group(1)
            if code is None or int(code) & 0xFF not in (SQLITE_CORRUPT, SQLITE_NOTADB):
                return "trouble"
    return "damage"


def identity_of(conn: sqlite3.Connection) -> int:
    """The database's identity: a number in its header (`PRAGMA application_id`), chosen at random by
    the first write that finds none and never changed (companions.py tells a -wal of this database
    by it). A write transaction must be open: another process may have chosen it meanwhile."""
    return int(conn.execute("PRAGMA application_id").fetchone()[0]) or _random_identity()


def check_schema(conn: sqlite3.Connection) -> None:
    """The tables must be the ones SCHEMA_VERSION promises, else every record would fail later."""

    def columns(table: str) -> tuple[str, ...]:
        return tuple(r[1] for r in conn.execute(f"PRAGMA table_info({table})"))

    found = columns("games")
    if found != GAMES_COLUMNS:
        raise StatsDamaged(f"its games table has the wrong columns {found}")
    if columns("dealt") != DEALT_COLUMNS:
        raise StatsDamaged("its dealt table is missing or wrong")
    if columns("rounds") != ROUNDS_COLUMNS:
        raise StatsDamaged("its rounds table is missing or wrong")
    for table in ("games", "rounds"):
        unique = [r[1] for r in conn.execute(f"PRAGMA index_list({table})") if r[2]]
        if not any([c[2] for c in conn.execute(f"PRAGMA index_info('{name}')")] == ["uid"] for name in unique):
            raise StatsDamaged(f"its {table} table does not keep ids unique")


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to SCHEMA_VERSION, one step at a time; returns the version found.

    A newer version is StatsUnavailable (permanent): its rows are left for the game that wrote them.
    A step that fails for want of the tables its version promises means a wrong schema (damage)."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        raise StatsUnavailable(
            "newer", f"database schema {found} is newer than this game knows ({SCHEMA_VERSION})", permanent=True
        )
    for version in range(found, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            now = conn.execute("PRAGMA user_version").fetchone()[0]
            if now == version:  # another process may have migrated meanwhile
                for statement in MIGRATIONS[version]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if conn.in_transaction:  # some errors (a full disk) have rolled it back already
                conn.execute("ROLLBACK")
            if primary_code(exc) == SQLITE_ERROR:
                raise StatsDamaged(f"its schema cannot be upgraded from version {version} ({exc})") from None
            raise
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return found


def _random_identity() -> int:
    """A random identity in 1 .. 2^31 - 1, from the system's randomness (os.urandom: the secrets
    module would load hashlib, and with it libcrypto's 4 MiB, into every start)."""
    return int.from_bytes(os.urandom(4), "big") % 0x7FFFFFFF + 1
