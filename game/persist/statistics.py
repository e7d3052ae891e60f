"""What the screens see as the statistics (`Progress.stats`): numbers read from the database with
what the Recorder has not written yet folded in, and changes handed to the Recorder.

Reading happens on the frame loop's own read-only connection with a short lock wait (in WAL mode a
writer never blocks a reader); writing never happens here. A game finished while the database
cannot be written is therefore counted on the screen at once, and in the database when it can be.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from .recorder import Op, Recorder
from .round_stats import RoundRow, row_of
from .schema import StatsUnavailable
from .stats import RowViews
from .stats_read import RESULTS, Row, dealt_numbers, game_options, game_rows, has_uid, open_reader
from .stats_read import round_rows as read_round_rows
from .uid import new_uid

OPEN_WAIT = 1.0  # seconds a first read waits for the Recorder to open (create, upgrade) the database
FLUSH_WAIT = 5.0  # seconds raw access (tests, tools) waits for the queue to be written


def record_of(
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
) -> dict[str, Any]:
    """A finished game as the Recorder writes it and the save's journal keeps it."""
    if result not in RESULTS:
        raise ValueError(f"unknown result {result!r}")
    return {
        "uid": uid or new_uid(),
        "game": str(game),
        "option": str(option),
        "code": code,
        "result": result,
        "score": max(0, int(score)),
        "moves": max(0, int(moves)),
        "undos": int(undos),
        "duration_s": round(float(duration_s), 2),
        "hints": max(0, int(hints)),
        "finished_at": finished_at or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
        "daily": daily,
    }


class Statistics(RowViews):
    """The statistics as the screens use them. Reads raise sqlite3.Error when the database cannot
    be read (the screen says so); writes only queue."""

    def __init__(self, path: Path, recorder: Recorder) -> None:
        self.path = Path(path)
        self.recorder = recorder
        self._conn: sqlite3.Connection | None = None
        self._generation = -1

    @property
    def problem(self) -> str | None:
        """Why finished games are not written now ("locked", "full", "readonly", "io", "newer"), or None."""
        problem = self.recorder.problem
        return None if problem is None else problem.reason

    # -- changes (queued) --------------------------------------------------------------------------
    def record(self, *args: Any, **kwargs: Any) -> None:
        """One finished game (StatsDB.record's arguments), written in the background."""
        self.recorder.submit(("record", record_of(*args, **kwargs)))

    def reset(self, game: str, option: str) -> None:
        self.recorder.submit(("reset", game, str(option)))

    def mark_dealt(self, kind: str, number: int) -> None:
        self.recorder.submit(("mark_dealt", str(kind), int(number)))

    def reset_rounds(self, option: str) -> None:
        self.recorder.submit(("reset_rounds", str(option)))

    # -- reading -----------------------------------------------------------------------------------
    def _reader(self) -> sqlite3.Connection | None:
        """The read connection, or None while there is no database file yet."""
        self.recorder.wait_open(OPEN_WAIT)
        if self._conn is not None and self._generation != self.recorder.generation:
            self.close()  # the Recorder started a new file (the old one was damaged)
        if self._conn is None:
            if not self.path.exists():
                return None
            generation = self.recorder.generation
            try:
                self._conn = open_reader(self.path)
            except StatsUnavailable as exc:
                raise sqlite3.DatabaseError(str(exc)) from None
            self._generation = generation
        return self._conn

    def _read(self, query: Any, *args: Any) -> Any:
        conn = self._reader()
        if conn is None:
            return None
        try:
            return query(conn, *args)
        except sqlite3.Error:
            self.close()  # opened again at the next read
            raise

    def rows(self, game: str, option: str) -> list[Row]:
        """(uid, result, score, moves, hints, undos, seconds, daily date) of every finished game,
        oldest first, written or not."""
        pending = self.recorder.pending()  # before the read: what is written meanwhile is in both
        rows: list[Row] = self._read(game_rows, game, str(option)) or []
        for op in pending:
            if op[0] == "record":
                rec = op[1]
                if (rec["game"], rec["option"]) == (game, str(option)) and all(r[0] != rec["uid"] for r in rows):
                    rows.append(
                        (
                            rec["uid"],
                            rec["result"],
                            rec["score"],
                            rec["moves"],
                            rec["hints"],
                            rec["undos"],
                            float(rec["duration_s"]),
                            rec.get("daily"),
                        )
                    )
            elif op[0] == "reset" and op[1:] == (game, str(option)):
                rows = []
        return rows

    def round_rows(self, option: str) -> list[RoundRow]:
        """The rounds of golf under a rule set, oldest first, written or not."""
        pending = self.recorder.pending()
        rows: list[RoundRow] = self._read(read_round_rows, str(option)) or []
        for op in pending:
            if op[0] == "record_round" and op[1]["option"] == str(option) and all(r[0] != op[1]["uid"] for r in rows):
                rows.append(row_of(op[1]))
            elif op[0] == "reset_rounds" and op[1] == str(option):
                rows = []
        return rows

    def options(self, game: str) -> dict[str, int]:
        """How many finished games each option of `game` has, written or not (the Statistics
        screen lists every rule set played, not only the listed ones); options with none left out."""
        named = set(self._read(game_options, game) or {})
        named |= {op[1]["option"] for op in self.recorder.pending() if op[0] == "record" and op[1]["game"] == game}
        counts = {option: len(self.rows(game, option)) for option in sorted(named)}
        return {option: n for option, n in counts.items() if n}

    def dealt(self, kind: str) -> set[int]:
        pending: list[Op] = self.recorder.pending()
        numbers: set[int] = self._read(dealt_numbers, str(kind)) or set()
        for op in pending:
            if op[0] == "mark_dealt" and op[1] == kind:
                numbers.add(op[2])
        return numbers

    def has(self, uid: str) -> bool:
        """Whether the game with this id is recorded (or waiting to be)."""
        if uid in self.recorder.confirmed():
            return True
        if any(op[0] in ("record", "record_round") and op[1]["uid"] == uid for op in self.recorder.pending()):
            return True
        return bool(self._read(has_uid, uid))

    # -- raw access (tests, tools) -----------------------------------------------------------------
    def flush(self, timeout: float = FLUSH_WAIT) -> bool:
        return self.recorder.flush(timeout)

    @property
    def conn(self) -> sqlite3.Connection:
        """The read connection, once everything queued is written: raw SQL sees all of it."""
        self.flush()
        conn = self._reader()
        if conn is None:
            raise sqlite3.OperationalError("no statistics database")
        return conn

    def integrity_ok(self) -> bool:
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
