"""Reading the statistics database: every query the game makes, on any connection.

Every number read back is checked against the range stated here before use. A row with a value out
of its range (a negative count, an absurd score, a time that is not a number, a result no version
writes: SQLite's CHECKs keep most of them out, but another program may have written around them)
is damage for that row alone: it is skipped, said once in the log, and never raises. The checks are
SQL, so the tallies the screens show are summed where the rows are (`games_tally`, `rounds_tally`)
and a database of any size is never read into memory.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path
from typing import NamedTuple

from .round_stats import ROUND_FIELDS, ROUND_VALID, RoundRow, RoundTally
from .save_schema import COUNT, SCORE, SECONDS
from .schema import SCHEMA_VERSION, StatsUnavailable, check_schema
from .tally import Tally

log = logging.getLogger(__name__)

RESULTS = ("won", "blocked", "abandoned", "assisted")  # assisted: the demo and the player both moved
#: A row's score, counts (moves, undos, hints) and seconds of play: the ranges a record is checked
#: against wherever it is read (save_schema), so a record written is a record read.
MAX_SCORE = SCORE.high
MAX_COUNT = COUNT.high
MAX_SECONDS = SECONDS.high
MAX_TEXT = 64  # a game id, a game's or option's name, a deal code
MAX_DEAL = 26**7  # deal numbers are below 26^7

#: A row of the games table every number and name of which is in range
GAMES_VALID = (
    f"typeof(score) = 'integer' AND score BETWEEN 0 AND {MAX_SCORE}"
    f" AND typeof(moves) = 'integer' AND moves BETWEEN 0 AND {MAX_COUNT}"
    f" AND typeof(undos) = 'integer' AND undos BETWEEN 0 AND {MAX_COUNT}"
    f" AND typeof(hints) = 'integer' AND hints BETWEEN 0 AND {MAX_COUNT}"
    f" AND typeof(duration_s) IN ('integer', 'real') AND duration_s BETWEEN 0 AND {MAX_SECONDS}"
    f" AND result IN {RESULTS} AND typeof(uid) = 'text' AND length(uid) BETWEEN 1 AND {MAX_TEXT}"
    f" AND typeof(option) = 'text' AND length(option) <= {MAX_TEXT}"
    " AND (daily IS NULL OR typeof(daily) = 'text' AND length(daily) = 10)"
    " AND catch_up IN (0, 1)"
)
GAMES_INVALID = f"(CASE WHEN {GAMES_VALID} THEN 0 ELSE 1 END)"
#: uid, result, score, moves, hints, undos, seconds played, the daily deal's date (None: not a daily),
#: whether that daily was caught up (dealt after its date)
Row = tuple[str, str, int, int, int, int, float, "str | None", bool]
ROW_FIELDS = "uid, result, score, moves, hints, undos, duration_s, daily, catch_up"

_said: set[tuple[str, int]] = set()
_said_lock = threading.Lock()


def skipping(table: str, rows: list[tuple]) -> list[tuple]:
    """The rows (id, ok, ...) that are in range, without their id and flag; the others are said in
    the log, each row once in a run."""
    bad = [r[0] for r in rows if not r[1]]
    if bad:
        with _said_lock:
            new = [i for i in bad if (table, i) not in _said]
            _said.update((table, i) for i in new)
        if new:
            shown = ", ".join(map(str, new[:10])) + (", ..." if len(new) > 10 else "")
            log.warning("statistics: %d row(s) of %s out of range, skipped (ids %s)", len(new), table, shown)
    return [r[2:] for r in rows if r[1]]


def note_skipped(conn: sqlite3.Connection, table: str, invalid: str, where: str, args: tuple) -> None:
    """Say in the log (once each) which rows a tally of `table` skips."""
    ids = conn.execute(f"SELECT id FROM {table} WHERE {where} AND {invalid} ORDER BY id LIMIT 100", args)
    skipping(table, [(i, 0) for (i,) in ids])


def _flagged(fields: str, valid: str, table: str, where: str) -> str:
    return f"SELECT id, CASE WHEN {valid} THEN 1 ELSE 0 END, {fields} FROM {table} WHERE {where} ORDER BY id"


def game_rows(conn: sqlite3.Connection, game: str, option: str, daily_only: bool = False) -> list[Row]:
    """Every finished game of a game and option, oldest first (`daily_only`: the daily deals')."""
    where = "game = ? AND option = ?" + (" AND daily IS NOT NULL" if daily_only else "")
    rows = conn.execute(_flagged(ROW_FIELDS, GAMES_VALID, "games", where), (game, str(option))).fetchall()
    return [(r[0], r[1], r[2], r[3], r[4], r[5], float(r[6]), r[7], bool(r[8])) for r in skipping("games", rows)]


def last_results(conn: sqlite3.Connection, game: str, option: str, n: int) -> list[tuple[str, int]]:
    """The last n (result, score), oldest first: the chart's bars."""
    rows = conn.execute(
        f"SELECT result, score FROM games WHERE game = ? AND option = ? AND {GAMES_VALID} ORDER BY id DESC LIMIT ?",
        (game, str(option), int(n)),
    ).fetchall()
    return [(str(r), int(s)) for r, s in reversed(rows)]


def games_tally(conn: sqlite3.Connection, game: str, option: str) -> Tally:
    """The Tally of every game of a game and option, summed by SQLite (rows out of range skipped)."""
    args = (game, str(option))
    note_skipped(conn, "games", GAMES_INVALID, "game = ? AND option = ?", args)
    row = conn.execute(TALLY_SQL, args).fetchone()
    return Tally(
        played=row[0],
        won=row[1] or 0,
        best_score=row[2],
        current_streak=row[3] or 0,
        longest_streak=row[4] or 0,
        moves=row[5] or 0,
        hints=row[6] or 0,
        assisted=row[7] or 0,
        clean_wins=row[8] or 0,
        best_time=None if row[9] is None else float(row[9]),
        win_time=float(row[10] or 0.0),
        timed_wins=row[11] or 0,
    )


class GamesRead(NamedTuple):
    """What the reader keeps of one game and option: the tally, the chart's last results, and where
    the reading stopped, so that the next read after a write reads only the rows added since."""

    tally: Tally
    last: list[tuple[str, int]]
    upto: int  # the highest id read
    seen: int  # the rows (in range or not) with an id up to `upto`


def games_read(conn: sqlite3.Connection, game: str, option: str, before: GamesRead | None = None) -> GamesRead:
    """The tally and chart of a game and option: `before` and the rows added since, when no row it
    read has gone (a reset) since; else every row again."""
    args = (game, str(option))
    if before is not None:
        seen = conn.execute(
            "SELECT COUNT(*) FROM games WHERE game = ? AND option = ? AND id <= ?", (*args, before.upto)
        ).fetchone()[0]
        if seen == before.seen:
            rows = conn.execute(
                _flagged("result, score, moves, hints, undos, duration_s", GAMES_VALID, "games", _AFTER),
                (*args, before.upto),
            ).fetchall()
            new = [(r[0], r[1], r[2], r[3], r[4], float(r[5])) for r in skipping("games", rows)]
            upto = max((r[0] for r in rows), default=before.upto)
            last = (before.last + [(r[0], r[1]) for r in new])[-CHART:]
            return GamesRead(before.tally.add(new), last, upto, before.seen + len(rows))
    upto, seen = conn.execute(
        "SELECT COALESCE(MAX(id), 0), COUNT(*) FROM games WHERE game = ? AND option = ?", args
    ).fetchone()
    return GamesRead(games_tally(conn, game, option), last_results(conn, game, option, CHART), upto, seen)


_AFTER = "game = ? AND option = ? AND id > ?"
CHART = 20  # the last games (or rounds) a chart shows


TALLY_SQL = f"""
WITH g AS (SELECT id, result, score, moves, hints, undos, duration_s FROM games
           WHERE game = ?1 AND option = ?2 AND {GAMES_VALID}),
     runs AS (SELECT result, SUM(result != 'won') OVER (ORDER BY id) AS run FROM g)
SELECT COUNT(*), SUM(result = 'won'), MAX(CASE WHEN result IN ('won', 'blocked') THEN score END),
       (SELECT COUNT(*) FROM g WHERE id > (SELECT COALESCE(MAX(id), 0) FROM g WHERE result != 'won')),
       (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM runs WHERE result = 'won' GROUP BY run)),
       SUM(moves), SUM(hints), SUM(result = 'assisted'), SUM(result = 'won' AND hints = 0 AND undos = 0),
       MIN(CASE WHEN result = 'won' AND duration_s > 0 THEN duration_s END),
       TOTAL(CASE WHEN result = 'won' AND duration_s > 0 THEN duration_s END),
       SUM(result = 'won' AND duration_s > 0)
FROM g
"""


def game_options(conn: sqlite3.Connection, game: str) -> dict[str, int]:
    """How many finished games (in range) each option of `game` has."""
    rows = conn.execute(
        f"SELECT option, COUNT(*) FROM games WHERE game = ? AND {GAMES_VALID} GROUP BY option", (game,)
    ).fetchall()
    return {str(option): int(n) for option, n in rows}


def dealt_numbers(conn: sqlite3.Connection, kind: str) -> set[int]:
    """The deals of a deal list handed out (numbers out of range skipped)."""
    rows = conn.execute(
        f"SELECT number FROM dealt WHERE kind = ? AND typeof(number) = 'integer' AND number BETWEEN 0 AND {MAX_DEAL}",
        (str(kind),),
    )
    return {int(r[0]) for r in rows}


def has_uid(conn: sqlite3.Connection, uid: str) -> bool:
    """Whether a game or a round with this id is recorded."""
    found = conn.execute("SELECT 1 FROM games WHERE uid = ? UNION ALL SELECT 1 FROM rounds WHERE uid = ?", (uid, uid))
    return found.fetchone() is not None


def round_rows(conn: sqlite3.Connection, option: str) -> list[RoundRow]:
    """(uid, result, total, holes, holes_won, code) of every round of golf under a rule set."""
    rows = conn.execute(_flagged(ROUND_FIELDS, ROUND_VALID, "rounds", "option = ?"), (str(option),)).fetchall()
    return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in skipping("rounds", rows)]


def rounds_tally(conn: sqlite3.Connection, option: str) -> RoundTally:
    """The RoundTally of every round under a rule set, summed by SQLite."""
    note_skipped(conn, "rounds", f"(CASE WHEN {ROUND_VALID} THEN 0 ELSE 1 END)", "option = ?", (str(option),))
    row = conn.execute(ROUNDS_SQL, (str(option),)).fetchone()
    best = conn.execute(
        f"SELECT total, code FROM rounds WHERE option = ? AND result = 'finished' AND {ROUND_VALID}"
        " ORDER BY total, id LIMIT 1",
        (str(option),),
    ).fetchone()
    return RoundTally(
        played=row[0],
        finished=row[1] or 0,
        abandoned=row[2] or 0,
        assisted=row[3] or 0,
        best_total=None if best is None else int(best[0]),
        best_code=None if best is None else str(best[1]),
        finished_total=row[4] or 0,
        holes_won=row[5] or 0,
    )


ROUNDS_SQL = f"""
SELECT COUNT(*), SUM(result = 'finished'), SUM(result = 'abandoned'), SUM(result = 'assisted'),
       SUM(CASE WHEN result = 'finished' THEN total END), SUM(CASE WHEN result != 'assisted' THEN holes_won END)
FROM rounds WHERE option = ? AND {ROUND_VALID}
"""


def last_rounds(conn: sqlite3.Connection, option: str, n: int) -> list[RoundRow]:
    rows = conn.execute(
        f"SELECT {ROUND_FIELDS} FROM rounds WHERE option = ? AND {ROUND_VALID} ORDER BY id DESC LIMIT ?",
        (str(option), int(n)),
    ).fetchall()
    return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in reversed(rows)]


def finished_since(conn: sqlite3.Connection, since: str) -> int:
    """How many games and rounds of golf were finished at `since` or later (UTC, as the rows keep
    it: '2026-12-07T00:00:00')."""
    games = conn.execute(f"SELECT COUNT(*) FROM games WHERE finished_at >= ? AND {GAMES_VALID}", (since,))
    rounds = conn.execute(f"SELECT COUNT(*) FROM rounds WHERE finished_at >= ? AND {ROUND_VALID}", (since,))
    return int(games.fetchone()[0]) + int(rounds.fetchone()[0])


def open_reader(path: Path, busy_seconds: float = 0.25) -> sqlite3.Connection:
    """A connection for reading only, on an existing database of the current version: it never
    creates, upgrades or sets anything aside (the writer does), and waits little for a lock."""
    conn = sqlite3.connect(
        f"{Path(path).resolve().as_uri()}?mode=rw", uri=True, timeout=busy_seconds, isolation_level=None
    )
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_seconds * 1000)}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise StatsUnavailable(
                "newer" if version > SCHEMA_VERSION else "io",
                f"database schema {version}, not {SCHEMA_VERSION}",
                version > SCHEMA_VERSION,
            )
        check_schema(conn)
    except BaseException:
        conn.close()
        raise
    return conn
