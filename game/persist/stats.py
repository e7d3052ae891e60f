"""Finished games in SQLite (WAL), and the numbers the Statistics screen shows.

The schema carries its version in `PRAGMA user_version`; MIGRATIONS lists the steps from each
version to the next, applied in order inside a transaction, so an older database is upgraded in
place with its rows kept (a table whose CHECK changes is rebuilt inside its migration). Two
processes may open the database at once (WAL plus a busy timeout).
"""
from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .files import move_aside

log = logging.getLogger(__name__)

RESULTS = ("won", "blocked", "abandoned", "assisted")  # assisted: the demo and the player both moved

MIGRATIONS: list[list[str]] = [
    # version 0 -> 1: the games table
    ["""CREATE TABLE games (
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
     "CREATE INDEX games_by_option ON games (game, option, id)"],
    # version 1 -> 2: hints per game, the result 'assisted', and the deals handed out. A CHECK
    # cannot be altered in SQLite: the table is rebuilt (new, copy, drop, rename, index again),
    # keeping every row, its id and the AUTOINCREMENT counter
    ["""CREATE TABLE games_v2 (
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
            PRIMARY KEY (kind, number))"""],
]
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class Summary:
    """What the Statistics screen shows for one game and option."""
    played: int  # every recorded game, assisted ones too
    won: int  # won by the player alone: an assisted game is never a win
    best_score: int | None  # None until a game is won or blocked (abandoned and assisted don't count)
    current_streak: int
    longest_streak: int
    average_moves: float
    hints: int = 0  # hints used in the recorded games
    assisted: int = 0  # games in which the demo and the player both moved

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0


class StatsDB:
    """The statistics database, opened once for the whole run."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.conn = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except sqlite3.DatabaseError as exc:
            if any(word in str(exc) for word in ("locked", "busy", "newer")):
                raise  # not damage: leave the file alone
            for suffix in ("-wal", "-shm"):  # the journal files belong to the damaged database
                Path(str(self.path) + suffix).unlink(missing_ok=True)
            move_aside(self.path, f"{exc}; started anew", "statistics database")
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout = 10000")
            _retry_locked(lambda: conn.execute("PRAGMA journal_mode = WAL"))
            conn.execute("PRAGMA synchronous = NORMAL")
            migrate(conn)
            conn.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    # -- writing -----------------------------------------------------------------------------------
    def record(self, game: str, option: str, code: str | None, result: str, score: int, moves: int,
               undos: int = 0, duration_s: float = 0.0, finished_at: str | None = None, *,
               hints: int = 0) -> None:
        """One finished game (won, blocked, abandoned for another, or assisted by the demo)."""
        if result not in RESULTS:
            raise ValueError(f"unknown result {result!r}")
        finished_at = finished_at or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute(
                "INSERT INTO games (game, option, code, result, score, moves, undos, duration_s, finished_at,"
                " hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, str(option), code, result, max(0, int(score)), max(0, int(moves)), int(undos),
                 float(duration_s), finished_at, max(0, int(hints))))

    def reset(self, game: str, option: str) -> None:
        """Delete the results of one game and option (the dealt deals stay dealt)."""
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("DELETE FROM games WHERE game = ? AND option = ?", (game, str(option)))

    def mark_dealt(self, kind: str, number: int) -> None:
        """Deal `number` of the winnable table `kind` was handed out (again is harmless)."""
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("INSERT OR IGNORE INTO dealt (kind, number) VALUES (?, ?)", (str(kind), int(number)))

    def clear_dealt(self, kind: str) -> None:
        """Start the table `kind` over: every deal may be dealt again."""
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("DELETE FROM dealt WHERE kind = ?", (str(kind),))

    # -- reading -----------------------------------------------------------------------------------
    def results(self, game: str, option: str) -> list[tuple[str, int, int]]:
        """(result, score, moves) of every finished game, oldest first."""
        rows = self.conn.execute("SELECT result, score, moves FROM games WHERE game = ? AND option = ? "
                                 "ORDER BY id", (game, str(option))).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def summary(self, game: str, option: str) -> Summary:
        rows = self.conn.execute("SELECT result, score, moves, hints FROM games WHERE game = ? AND option = ? "
                                 "ORDER BY id", (game, str(option))).fetchall()
        longest = current = 0
        for result, *_rest in rows:
            current = current + 1 if result == "won" else 0  # anything else, assisted too, ends a streak
            longest = max(longest, current)
        # an abandoned game's score is unfinished, an assisted one's not the player's alone
        finished = [score for result, score, _m, _h in rows if result in ("won", "blocked")]
        return Summary(played=len(rows), won=sum(r[0] == "won" for r in rows),
                       best_score=max(finished) if finished else None,
                       current_streak=current, longest_streak=longest,
                       average_moves=sum(r[2] for r in rows) / len(rows) if rows else 0.0,
                       hints=sum(r[3] for r in rows), assisted=sum(r[0] == "assisted" for r in rows))

    def dealt(self, kind: str) -> set[int]:
        """The deals of the winnable table `kind` already handed out."""
        rows = self.conn.execute("SELECT number FROM dealt WHERE kind = ?", (str(kind),)).fetchall()
        return {r[0] for r in rows}

    def last(self, game: str, option: str, n: int = 20) -> list[tuple[str, int]]:
        """The last n (result, score), oldest first: the bar chart."""
        return [(r, s) for r, s, _m in self.results(game, option)[-n:]]

    def integrity_ok(self) -> bool:
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _retry_locked(action, seconds: float = 10.0):
    """Switching to WAL while another process opens the same new file fails at once with "locked"
    (the busy timeout does not cover it): try again for a while."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return action()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to SCHEMA_VERSION, one step at a time; returns the version found."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"database schema {found} is newer than this game knows ({SCHEMA_VERSION})")
    for version in range(found, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            now = conn.execute("PRAGMA user_version").fetchone()[0]
            if now == version:  # another process may have migrated meanwhile
                for statement in MIGRATIONS[version]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return found
