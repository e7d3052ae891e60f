"""Finished games in SQLite (WAL): the writer's connection (StatsDB), which opens, checks and writes.

The schema and its migrations are in schema.py. Two processes may open the database at once (WAL
plus a busy timeout).

Opening tells damage from trouble by SQLite's own error codes. Only a file SQLite calls "not a
database" or "malformed", with `PRAGMA quick_check` agreeing on a second, clean read, or one whose
tables are not the ones its version promises, is damaged (StatsDamaged): it is moved aside with its
-wal and -shm and a new database is started. Anything else (a full disk, an I/O error, a read-only
folder, a lock held by another program, a page quick_check could not read) leaves every file as it
is (StatsUnavailable, with a reason code), and the Recorder tries again later.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

from .companions import strangers
from .files import move_aside
from .records import record_of
from .round_stats import RoundRow, RoundSummary, delete_rounds, insert_round, summarize_rounds
from .schema import (
    GAMES_COLUMNS,
    SQLITE_CORRUPT,
    SQLITE_NOTADB,
    StatsDamaged,
    StatsUnavailable,
    check_schema,
    check_verdict,
    identity_of,
    migrate,
    primary_code,
    unavailable,
)
from .schema import MIGRATIONS as MIGRATIONS
from .schema import SCHEMA_VERSION as SCHEMA_VERSION
from .stats_read import RESULTS as RESULTS
from .stats_read import Row as Row
from .stats_read import (
    dealt_numbers,
    game_options,
    game_rows,
    games_tally,
    has_uid,
    last_results,
    round_rows,
    rounds_tally,
)
from .tally import Summary as Summary
from .tally import is_clean as is_clean
from .tally import summarize as summarize

log = logging.getLogger(__name__)

#: A record's fields: the games table's columns but its id, which the database gives.
INSERTED = tuple(column for column in GAMES_COLUMNS if column != "id")
#: A finished game's row; a record whose uid is there already adds nothing (a replay after a power cut).
INSERT_GAME = (
    f"INSERT INTO games ({', '.join(INSERTED)}) VALUES ({', '.join('?' * len(INSERTED))}) ON CONFLICT (uid) DO NOTHING"
)

COMPANIONS = ("-wal", "-shm")  # the files that belong to the database: they go aside with it


def quick_check(conn: sqlite3.Connection) -> list[str]:
    return [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]


def second_opinion(path: Path) -> bool:
    """A second look on a fresh connection: True only when SQLite says again, on a clean read, that
    the file is malformed or not a database. A read that fails this time (an I/O error, a lock)
    proves nothing, and neither does damage the first look saw and this one does not."""
    try:
        conn = sqlite3.connect(path, timeout=1.0, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        return check_verdict(quick_check(conn)) == "damage"
    except sqlite3.Error as exc:
        return primary_code(exc) in (SQLITE_CORRUPT, SQLITE_NOTADB)
    finally:
        conn.close()


def said(rows: list[str]) -> str:
    """The first of quick_check's rows, short enough for a log line."""
    text = " ".join(str(rows[0]).split()) if rows else "no answer"
    return text if len(text) <= 120 else text[:117] + "..."


class RowViews:
    """The results, the summary and the chart's bars, all from one `rows(game, option)`, for the
    callers that may wait for them (tests, tools): the database's own (StatsDB) or the screens'
    view with the waiting games in it (Statistics). A frame asks `Statistics.known` instead."""

    def rows(self, game: str, option: str) -> list[Row]:
        raise NotImplementedError

    def results(self, game: str, option: str) -> list[tuple[str, int, int]]:
        """(result, score, moves) of every finished game, oldest first."""
        return [(row[1], row[2], row[3]) for row in self.rows(game, option)]

    def summary(self, game: str, option: str) -> Summary:
        return summarize(r[1:7] for r in self.rows(game, option))

    def last(self, game: str, option: str, n: int = 20) -> list[tuple[str, int]]:
        """The last n (result, score), oldest first: the bar chart."""
        return [(r, s) for r, s, _m in self.results(game, option)[-n:]]

    def round_rows(self, option: str) -> list[RoundRow]:
        """(uid, result, total, holes, holes_won, code) of every round of golf under a rule set."""
        raise NotImplementedError

    def round_summary(self, option: str) -> RoundSummary:
        return summarize_rounds(self.round_rows(option))


class StatsDB(RowViews):
    """The statistics database on one connection, used from one thread.

    Opening creates or upgrades it, checks its tables and runs `PRAGMA quick_check`; a damaged file
    is set aside and a new one started, any other trouble raises StatsUnavailable. Commits are
    durable (synchronous FULL): a recorded game is never lost to a power cut that follows."""

    def __init__(self, path: Path, busy_seconds: float = 10.0, on_examined: Callable[[], None] | None = None) -> None:
        """`on_examined()` is called once the -wal and -shm beside the file are known to belong to
        it (or are set aside): from then on another connection may open it."""
        self.path = Path(path)
        self.busy_seconds = busy_seconds
        self.on_examined = on_examined
        self.conn: sqlite3.Connection | None = None
        self.identity = 0  # the database's own number, in its header (companions.py); read at the first write
        try:
            self.conn = self._connect()
        except StatsDamaged:  # set aside already: a new database in its place
            try:
                self.conn = self._connect()
            except StatsDamaged as again:
                raise StatsUnavailable("io", f"a new database is damaged at once ({again})") from None

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise unavailable(exc) from None
        for suffix, why in strangers(self.path).items():  # never applied: set aside first
            move_aside(Path(f"{self.path}{suffix}"), why, f"statistics database's {suffix}")
        if self.on_examined is not None:
            self.on_examined()
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_seconds, isolation_level=None)
        except sqlite3.Error as exc:
            meaning = self.classify(exc)
            if isinstance(meaning, StatsDamaged):
                self.set_aside(meaning)
            raise meaning from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            migrate(conn)
            check_schema(conn)
            self._examine(conn)
        except sqlite3.Error as exc:
            meaning = self.classify(exc)
            self._give_up(conn, meaning)
            raise meaning from None
        except BaseException as exc:
            self._give_up(conn, exc)
            raise
        return conn

    def _examine(self, conn: sqlite3.Connection) -> None:
        """PRAGMA quick_check: damage only when it reports damage on a clean read twice (a page it
        could not read is trouble, as is damage a second look on a fresh connection does not see)."""
        rows = quick_check(conn)
        verdict = check_verdict(rows)
        if verdict == "trouble":
            raise StatsUnavailable("io", f"PRAGMA quick_check could not read it: {said(rows)}")
        if verdict == "damage":
            if not second_opinion(self.path):
                raise StatsUnavailable("io", f"PRAGMA quick_check said {said(rows)}, and not on a second look")
            raise StatsDamaged(f"PRAGMA quick_check: {said(rows)}")

    def _give_up(self, conn: sqlite3.Connection, why: BaseException) -> None:
        """Close a connection that failed to open; a damaged file goes aside first, while the
        connection still holds it (SQLite deletes the -wal when its last connection closes)."""
        if isinstance(why, StatsDamaged):
            self.set_aside(why)
        conn.close()

    def set_aside(self, why: BaseException) -> None:
        """Move the damaged file aside with its -wal and -shm (before the connection closes)."""
        move_aside(self.path, f"{why}; started anew", "statistics database", COMPANIONS)

    def classify(self, exc: sqlite3.Error) -> StatsDamaged | StatsUnavailable:
        """What an error from this database means: damage only when SQLite says so."""
        if primary_code(exc) in (SQLITE_CORRUPT, SQLITE_NOTADB) and second_opinion(self.path):
            return StatsDamaged(f"{exc} (PRAGMA quick_check agrees)")
        return unavailable(exc)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _db(self) -> sqlite3.Connection:
        if self.conn is None:
            raise sqlite3.ProgrammingError("the statistics database is closed")
        return self.conn

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One durable transaction. It rewrites the header page with the database's identity, so
        that every -wal the game leaves says whose it is (companions.py)."""
        conn = self._db()
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            self.identity = self.identity or identity_of(conn)
            yield conn
            conn.execute(f"PRAGMA application_id = {int(self.identity)}")

    # -- writing -----------------------------------------------------------------------------------
    def record(
        self,
        game: str,
        option: str,
        code: str | None,
        result: str,
        score: int,
        moves: int,
        undos: int = 0,
        duration_s: float = 0.0,
        finished_at: str | None = None,
        *,
        hints: int = 0,
        uid: str | None = None,
        daily: str | None = None,
        catch_up: bool = False,
    ) -> bool:
        """One finished game (won, blocked, abandoned for another, or assisted by the demo), under its
        unique id; the same id again changes nothing. Returns whether a row was added."""
        return self.insert(
            record_of(
                game,
                option,
                code,
                result,
                score,
                moves,
                undos,
                duration_s,
                finished_at,
                hints=hints,
                uid=uid,
                daily=daily,
                catch_up=catch_up,
            )
        )

    def insert(self, rec: dict) -> bool:
        """A finished game's record (records.record_of's form), as `record` says."""
        with self._writing() as conn:
            added = conn.execute(
                INSERT_GAME,
                tuple(rec[k] for k in INSERTED),
            ).rowcount
        return added > 0

    def apply(self, op: tuple) -> str | None:
        """One operation as the Recorder queues it (recorder.Op); the id of a finished game or round
        it wrote (or found written), else None."""
        name, *args = op
        if name == "record":
            rec = dict(args[0])
            self.insert({**rec, "daily": rec.get("daily"), "catch_up": rec.get("catch_up") is True})
            return str(rec["uid"])
        if name == "record_round":
            self.record_round(dict(args[0]))
            return str(args[0]["uid"])
        if name not in ("reset", "mark_dealt", "reset_rounds", "clear_dealt"):
            raise ValueError(f"unknown operation {name!r}")
        getattr(self, name)(*args)
        return None

    def record_round(self, rec: dict) -> bool:
        """One round of golf (round_stats.round_record_of); the same id again changes nothing."""
        with self._writing() as conn:
            return insert_round(conn, rec)

    def reset_rounds(self, option: str) -> None:
        """Delete the rounds of one rule set."""
        with self._writing() as conn:
            delete_rounds(conn, option)

    def reset(self, game: str, option: str) -> None:
        """Delete the results of one game and option (the dealt deals stay dealt)."""
        with self._writing() as conn:
            conn.execute("DELETE FROM games WHERE game = ? AND option = ?", (game, str(option)))

    def mark_dealt(self, kind: str, number: int) -> None:
        """Deal `number` of the deal list `kind` was handed out (again is harmless)."""
        with self._writing() as conn:
            conn.execute("INSERT OR IGNORE INTO dealt (kind, number) VALUES (?, ?)", (str(kind), int(number)))

    def clear_dealt(self, kind: str) -> None:
        """Start the deal list `kind` over: every deal may be dealt again."""
        with self._writing() as conn:
            conn.execute("DELETE FROM dealt WHERE kind = ?", (str(kind),))

    # -- reading -----------------------------------------------------------------------------------
    def rows(self, game: str, option: str) -> list[Row]:
        """Every finished game of a game and option (stats_read.Row), oldest first."""
        return game_rows(self._db(), game, option)

    def summary(self, game: str, option: str) -> Summary:
        return games_tally(self._db(), game, option).summary()

    def last(self, game: str, option: str, n: int = 20) -> list[tuple[str, int]]:
        return last_results(self._db(), game, option, n)

    def round_summary(self, option: str) -> RoundSummary:
        return rounds_tally(self._db(), option).summary()

    def dealt(self, kind: str) -> set[int]:
        """The deals of the deal list `kind` already handed out."""
        return dealt_numbers(self._db(), kind)

    def round_rows(self, option: str) -> list[RoundRow]:
        return round_rows(self._db(), option)

    def options(self, game: str) -> dict[str, int]:
        """How many finished games each option of `game` has (only the options with any)."""
        return game_options(self._db(), game)

    def has(self, uid: str) -> bool:
        """Whether the game with this id is recorded."""
        return has_uid(self._db(), uid)

    def integrity_ok(self) -> bool:
        return self._db().execute("PRAGMA integrity_check").fetchone()[0] == "ok"
