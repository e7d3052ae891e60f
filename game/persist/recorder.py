"""The statistics' writer: one background thread holds the only writing connection to the database.

The frame loop never waits for SQLite. Finished games, resets and dealt deals are queued here and
written in order; an error that is not damage (a lock held by another program, a full disk, an I/O
error, a read-only folder) keeps the files untouched, is logged once, shown on the Statistics screen
(`problem`), and the write is tried again with back-off until it succeeds, in the same run. A
finished game is also kept in the saved game's journal until it is written (Progress), so neither
a power cut nor an exit during the wait loses it. At exit the queue gets a bounded wait.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .schema import StatsDamaged, StatsUnavailable, primary_code
from .stats import StatsDB

log = logging.getLogger(__name__)

MAX_PENDING = 1000  # operations kept while nothing can be written (each finished game is also journaled)
SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE = 19, 20, 25  # an operation that can never succeed

#: ("record", {uid, game, option, code, result, score, moves, undos, duration_s, hints, finished_at, daily}),
#: ("reset", game, option), ("mark_dealt", kind, number), ("record_round", round_stats.round_record_of(...)),
#: ("reset_rounds", option)
Op = tuple


class Recorder:
    """Writes queued operations to the statistics database, in order, on its own thread.

    `on_recorded(uid)` is called (on that thread) when a finished game is in the database, whether it
    was added or was there already. `pause(seconds)` replaces the back-off wait (tests)."""

    def __init__(
        self,
        path: Path,
        on_recorded: Callable[[str], None] | None = None,
        backoff: tuple[float, float] = (0.05, 5.0),
        busy_seconds: float = 1.0,
        pause: Callable[[float], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.on_recorded = on_recorded
        self.backoff = backoff
        self.busy_seconds = busy_seconds
        self._pause_hook = pause
        self._ops: list[Op] = []
        self._confirmed: set[str] = set()
        self._cond = threading.Condition()
        self._busy = False
        self._stop = False
        #: Why nothing is written now (a StatsUnavailable), or None while writing works.
        self.problem: StatsUnavailable | None = None
        #: Bumped each time the database is (re)opened: a reader follows a file started anew.
        self.generation = 0
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._run, name="statistics", daemon=True)
        self._thread.start()

    # -- the frame loop's side ---------------------------------------------------------------------
    def submit(self, op: Op) -> None:
        with self._cond:
            self._ops.append(op)
            if len(self._ops) > MAX_PENDING:
                dropped = self._ops.pop(0)
                log.warning("statistics: too much waiting to be written; dropped %s", dropped[0])
            self._cond.notify_all()

    def pending(self) -> list[Op]:
        """The operations not written yet, oldest first."""
        with self._cond:
            return list(self._ops)

    def confirmed(self) -> frozenset[str]:
        """The ids of the finished games written in this run."""
        with self._cond:
            return frozenset(self._confirmed)

    @property
    def permanent(self) -> bool:
        return self.problem is not None and self.problem.permanent

    def wait_open(self, timeout: float) -> bool:
        """Wait (at most `timeout`) for the first attempt to open the database."""
        return self._opened.wait(timeout)

    def flush(self, timeout: float) -> bool:
        """Wait until everything queued is written (True), or at most `timeout` seconds (False). A
        writer backing off tries again at once."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while (self._ops or self._busy) and not self.permanent and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.notify_all()
                self._cond.wait(timeout=min(left, 0.05))
            return not self._ops

    def close(self, timeout: float = 2.0) -> bool:
        """At exit: a bounded wait for the queue, then the thread stops. What is left stays in the
        save's journal for the next start."""
        done = self.flush(timeout)
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._thread.join(timeout=self.busy_seconds + 0.5)
        return done

    # -- the writer thread -------------------------------------------------------------------------
    def _run(self) -> None:
        db: StatsDB | None = None
        delay = self.backoff[0]
        try:
            while True:
                if db is None and not self.permanent:
                    db = self._open()
                    self._opened.set()
                    if db is not None and not self.pending():
                        self._working()  # nothing waits: the trouble that kept it closed is over
                with self._cond:
                    if self._stop:
                        return
                    if db is None or not self._ops:
                        if db is None and not self.permanent:
                            self._back_off(delay)
                            delay = min(delay * 2, self.backoff[1])
                        else:
                            self._cond.wait()
                        continue
                    op, self._busy = self._ops[0], True
                try:
                    done = self._apply(db, op)
                except sqlite3.Error as exc:
                    db = self._failed(db, exc)
                    with self._cond:
                        self._busy = False
                        if not self._stop:
                            self._back_off(delay)
                    delay = min(delay * 2, self.backoff[1])
                    continue
                # all said before the queue shrinks: a flush that finds it empty finds the trouble
                # over and the save's journal being rewritten without this game
                self._working()
                if done is not None:
                    with self._cond:
                        self._confirmed.add(done)
                    if self.on_recorded is not None:
                        self.on_recorded(done)
                with self._cond:
                    self._ops.pop(0)
                    self._busy = False
                    self._cond.notify_all()
                delay = self.backoff[0]
        finally:
            self._opened.set()
            if db is not None:
                db.close()
            with self._cond:
                self._cond.notify_all()

    def _back_off(self, seconds: float) -> None:
        """Wait before trying again (the lock is held); a flush or close wakes it early."""
        if self._pause_hook is not None:
            self._cond.release()
            try:
                self._pause_hook(seconds)
            finally:
                self._cond.acquire()
        else:
            self._cond.wait(timeout=seconds)

    def _open(self) -> StatsDB | None:
        try:
            db = StatsDB(self.path, busy_seconds=self.busy_seconds)
        except StatsUnavailable as exc:
            self._trouble(exc)
            return None
        self.generation += 1
        return db

    def _apply(self, db: StatsDB, op: Op) -> str | None:
        """Write one operation; returns the id of a finished game now in the database."""
        name, *args = op
        try:
            if name == "record":
                rec: dict[str, Any] = dict(args[0])
                db.record(
                    rec["game"],
                    rec["option"],
                    rec["code"],
                    rec["result"],
                    rec["score"],
                    rec["moves"],
                    rec["undos"],
                    rec["duration_s"],
                    rec["finished_at"],
                    hints=rec["hints"],
                    uid=rec["uid"],
                    daily=rec.get("daily"),
                )
                return str(rec["uid"])
            if name == "record_round":
                db.record_round(dict(args[0]))
                return str(args[0]["uid"])
            getattr(db, name)(*args)
        except sqlite3.Error as exc:
            if primary_code(exc) not in (SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE):
                raise
            log.warning("statistics: %s refused by the database (%s); dropped", name, exc)
        except (ValueError, TypeError, KeyError) as exc:  # an operation that can never be written
            log.warning("statistics: %s cannot be written (%s); dropped", name, exc)
        return None

    def _failed(self, db: StatsDB, exc: sqlite3.Error) -> StatsDB | None:
        """After a failed write: damage sets the file aside (a new one is opened next); anything else
        is trouble to wait out, on the same connection when it is a lock, else on a new one."""
        meaning = db.classify(exc)
        if isinstance(meaning, StatsDamaged):
            db.set_aside(meaning)
            db.close()
            return None
        self._trouble(meaning)
        if meaning.reason == "locked":
            return db
        db.close()
        return None

    def _trouble(self, exc: StatsUnavailable) -> None:
        """Say once, until writing works again, that nothing is recorded now."""
        before, self.problem = self.problem, exc
        if before is not None:  # said already (the screen shows the newest reason)
            return
        if exc.permanent:
            log.warning("statistics %s unavailable (%s); games are not recorded", self.path, exc)
        else:
            log.warning(
                "statistics: cannot write %s (%s); finished games are kept and recorded as soon as writing works again",
                self.path,
                exc,
            )

    def _working(self) -> None:
        if self.problem is not None:
            log.warning("statistics: writing works again (%s)", self.path.name)
            self.problem = None
