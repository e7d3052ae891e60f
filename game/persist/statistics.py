"""What the screens see as the statistics (`Progress.stats`): numbers read from the database with
what the Recorder has not written yet folded in, and changes handed to the Recorder.

A frame asks `known` (figures.py): it never waits; the database is read on the reader's own thread
(reader.py) and the screen shows what it has until the answer comes. The other reads here (`rows`,
`summary`, `dealt`, ...) wait for an answer that holds every write so far: they are for tests and
tools, never for a frame. Writing never happens here. A game finished while the database cannot be
written is therefore counted on the screen at once, and in the database when it can be.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .figures import Known, fold_dealt, fold_games, fold_options, fold_round_rows, fold_rounds, fold_rows
from .reader import CHART, Reader
from .recorder import Recorder
from .records import record_of
from .round_stats import RoundRow, RoundSummary
from .stats import RowViews
from .stats_read import Row
from .tally import Summary

FLUSH_WAIT = 5.0  # seconds raw access (tests, tools) waits for the queue to be written, or an answer
HAS_WAIT = 2.0  # seconds the start-up waits to learn whether the saved game is recorded already
READS_ENV = "GOLF_EIGHTOFF_STATS_READS"  # 'thread' (the game), 'inline' (answered at once: tests)


class Statistics(RowViews):
    """The statistics as the screens use them: `known` for a frame; writes only queue."""

    def __init__(
        self,
        path: Path,
        recorder: Recorder,
        reads: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.path = Path(path)
        self.recorder = recorder
        self.reader = Reader(self.path, recorder, reads or os.environ.get(READS_ENV, "thread"), clock)
        #: The figures as far as they are known, without waiting: what a frame asks.
        self.known = Known(self.reader, recorder)
        self._raw: sqlite3.Connection | None = None

    @property
    def problem(self) -> str | None:
        """Why finished games are not written now ("locked", "full", "readonly", "io", "newer"), or None."""
        problem = self.recorder.problem
        return None if problem is None else problem.reason

    @property
    def waiting(self) -> int:
        """How many finished games and rounds wait to be written."""
        return self.recorder.health().waiting

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

    # -- reading that waits (tests, tools) -----------------------------------------------------------
    def _now(self, key: tuple) -> tuple[Any, list]:
        """An answer holding every write so far, with what is not written folded in after; raises
        sqlite3.Error when the database cannot be read."""
        answer = self.reader.fresh(key, FLUSH_WAIT)
        if answer is None or answer.value is None or answer.error is not None:
            raise sqlite3.OperationalError(answer.error if answer is not None else "no answer in time")
        return answer.value, self.recorder.since(answer.seq)[0]

    def rows(self, game: str, option: str) -> list[Row]:
        """(uid, result, score, moves, hints, undos, seconds, daily date) of every finished game,
        oldest first, written or not."""
        return fold_rows(*self._now(("rows", game, str(option))), game, str(option))

    def summary(self, game: str, option: str) -> Summary:
        return fold_games(*self._now(("games", game, str(option))), game, str(option))[0].summary()

    def last(self, game: str, option: str, n: int = 20) -> list[tuple[str, int]]:
        if n > CHART:
            return super().last(game, option, n)
        return fold_games(*self._now(("games", game, str(option))), game, str(option))[1][-n:]

    def round_rows(self, option: str) -> list[RoundRow]:
        """The rounds of golf under a rule set, oldest first, written or not."""
        return fold_round_rows(*self._now(("round_rows", str(option))), str(option))

    def round_summary(self, option: str) -> RoundSummary:
        return fold_rounds(*self._now(("rounds", str(option))), str(option))[0].summary()

    def options(self, game: str) -> dict[str, int]:
        """How many finished games each option of `game` has, written or not (the Statistics
        screen lists every rule set played, not only the listed ones); options with none left out."""
        return fold_options(*self._now(("options", game)), game)

    def dealt(self, kind: str) -> set[int]:
        return fold_dealt(*self._now(("dealt", str(kind))), str(kind))

    def has(self, uid: str, wait: float = FLUSH_WAIT) -> bool | None:
        """Whether the game with this id is recorded (or waiting to be); None when the database has
        not answered within `wait` seconds (0: never waits)."""
        known = self.known.has(uid)
        if known is not None or wait <= 0:
            return known
        answer = self.reader.fresh(("has", uid), wait)
        return None if answer is None or answer.value is None else bool(answer.value)

    # -- raw access (tests, tools) -----------------------------------------------------------------
    def flush(self, timeout: float = FLUSH_WAIT) -> bool:
        return self.recorder.flush(timeout)

    @property
    def conn(self) -> sqlite3.Connection:
        """A connection of its own, once everything queued is written: raw SQL sees all of it."""
        self.flush()
        if not self.path.exists():
            raise sqlite3.OperationalError("no statistics database")
        if self._raw is None:
            self._raw = sqlite3.connect(self.path, isolation_level=None)
        return self._raw

    def integrity_ok(self) -> bool:
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def close(self) -> None:
        self.reader.close()
        if self._raw is not None:
            self._raw.close()
            self._raw = None
