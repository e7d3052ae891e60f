"""The statistics' writer: one background thread holds the only writing connection to the database.

The frame loop never waits for SQLite. Finished games, resets and dealt deals are queued here and
written in order; an error that is not damage (a lock held by another program, a full disk, an I/O
error, a read-only folder, a newer version's database) keeps the files untouched, is logged once,
shown on the Statistics screen (`problem`), and the write is tried again with back-off until it
succeeds. Meanwhile everything queued waits on disk, in the waiting file beside the database
(waiting.py), which survives restarts and holds up to WAIT_DAYS of games; the save's journal keeps a
finished game only until it is written or waits there. Where not even that file can be written (a
read-only folder), games wait in memory, as many days' worth, and the log and `health()` say so.

Every operation gets a number (`seq`) when queued; `applied` is the highest number whose operation
is in the database (or was refused by it), and `write_lock` is held from a write's commit until
`applied` says so, so a reader that takes it to start its snapshot knows exactly which operations
its snapshot holds (statistics.py folds in the rest).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from . import waiting
from .parking import Parking
from .schema import StatsDamaged, StatsUnavailable, primary_code
from .stats import StatsDB
from .waiting import Health, Queued, uid_of
from .waiting import Op as Op

log = logging.getLogger(__name__)

SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE = 19, 20, 25  # an operation that can never succeed
DONE_KEPT = 4096  # written operations remembered for readers whose snapshot is older


class Recorder(Parking):
    """Writes queued operations to the statistics database, in order, on its own thread.

    `on_recorded(uid)` is called (on that thread) when a finished game is safe outside the save: in
    the database (added, or there already) or in the waiting file. `pause(seconds)` replaces the
    back-off wait, `clock()` the time operations are stamped with (tests)."""

    def __init__(
        self,
        path: Path,
        on_recorded: Callable[[str], None] | None = None,
        backoff: tuple[float, float] = (0.05, 5.0),
        busy_seconds: float = 1.0,
        pause: Callable[[float], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.waiting_path = waiting.waiting_path(self.path)
        self.on_recorded = on_recorded
        self.backoff = backoff
        self.busy_seconds = busy_seconds
        self.clock = clock
        self._pause_hook = pause
        self._ops: list[Queued] = []
        self._done: deque[Queued] = deque(maxlen=DONE_KEPT)
        self._seq = 0
        self.applied = 0  # every operation numbered up to this one is in the database (or refused)
        self._kept: set[str] = set()  # ids of finished games written, or waiting on disk, in this run
        self._cond = threading.Condition()
        self.write_lock = threading.Lock()
        self._busy = False
        self._stop = False
        self._loaded = False  # the waiting file has been read (its operations come first)
        self._stale_file = False  # the waiting file still lists operations written since
        self._said_memory = False  # said that the waiting file cannot be written
        self._said_unread = False  # said that it cannot be read
        self.dropped = 0
        #: Why nothing is written now (a StatsUnavailable), or None while writing works.
        self.problem: StatsUnavailable | None = None
        #: Bumped each time the database is (re)opened: a reader follows a file started anew.
        self.generation = 0
        self._opened = threading.Event()
        #: Set once the files beside the database are known to belong to it: a reader may open it
        #: then, never before (a read-write connection may write a -wal into the database).
        self.examined = threading.Event()
        self._load_waiting()
        self._thread = threading.Thread(target=self._run, name="statistics", daemon=True)
        self._thread.start()

    # -- the frame loop's side ---------------------------------------------------------------------
    def submit(self, op: Op) -> None:
        with self._cond:
            self._seq += 1
            self._ops.append(Queued(self._seq, op, self.clock()))
            self._cond.notify_all()

    def pending(self) -> list[Op]:
        """The operations not written yet, oldest first."""
        with self._cond:
            return [q.op for q in self._ops]

    def since(self, seq: int) -> tuple[list[Op], bool]:
        """The operations numbered after `seq`, written or not, oldest first; and whether that is
        all of them (the written ones are remembered for a while only)."""
        with self._cond:
            done = [q.op for q in self._done if q.seq > seq]
            whole = seq >= self.applied or (bool(self._done) and self._done[0].seq <= seq + 1)
            return done + [q.op for q in self._ops if q.seq > seq], whole

    @property
    def stamp(self) -> tuple[int, int, int]:
        """Changes whenever an operation is queued, written or dropped (what waits has changed)."""
        with self._cond:
            return self._seq, self.applied, len(self._ops)

    def confirmed(self) -> frozenset[str]:
        """The ids of the finished games that are safe outside the save: written in this run, or
        waiting on disk."""
        with self._cond:
            return frozenset(self._kept)

    @property
    def permanent(self) -> bool:
        return self.problem is not None and self.problem.permanent

    def health(self) -> Health:
        with self._cond:
            games = [q for q in self._ops if uid_of(q.op) is not None]
            return Health(
                problem=None if self.problem is None else self.problem.reason,
                waiting=len(games),
                on_disk=sum(q.parked for q in games),
                oldest=min((q.at for q in games), default=None),
                dropped=self.dropped,
            )

    def wait_open(self, timeout: float) -> bool:
        """Wait (at most `timeout`) for the first attempt to open the database."""
        return self._opened.wait(timeout)

    def flush(self, timeout: float) -> bool:
        """Wait until everything queued is written (True), or at most `timeout` seconds (False). A
        writer backing off tries again at once."""
        return self._wait_until(lambda: not self._ops and not self._stale_file, timeout)

    def kept(self, timeout: float) -> bool:
        """Wait until everything queued is written or waits on disk (True), or at most `timeout`."""
        return self._wait_until(lambda: all(q.parked for q in self._ops), timeout)

    def _wait_until(self, done: Callable[[], bool], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not (done() and not self._busy) and self._thread.is_alive():
                if self.permanent and not self._busy and (self._said_memory or all(q.parked for q in self._ops)):
                    break  # nothing more will be written in this run: waiting does not help
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.notify_all()
                self._cond.wait(timeout=min(left, 0.05))
            return done()

    def close(self, timeout: float = 2.0) -> bool:
        """At exit: a bounded wait for the queue, then the thread stops. What is left waits on disk
        (and in the save's journal) for the next start."""
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
                try:
                    db, delay = self._step(db, delay)
                except _Stop:
                    return
                except Exception as exc:  # unforeseen: said, and tried again; nothing queued is dropped
                    self._unforeseen(db, exc)
                    db = None
                    with self._cond:
                        self._busy = False
                        if not self._stop:
                            self._back_off(delay)
                    delay = min(delay * 2, self.backoff[1])
        finally:
            self._opened.set()
            if db is not None:
                db.close()
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def _step(self, db: StatsDB | None, delay: float) -> tuple[StatsDB | None, float]:
        """One turn of the writer: open what is needed, write the first operation or wait for one;
        the connection and the pause to go on with (_Stop at close)."""
        db = self._ready(db)
        with self._cond:
            if self._stop:
                raise _Stop
            item = self._next(db)
            if item is None and not self._settling(db):
                return db, self._wait_for_work(db, delay)
            self._busy = True
        db, ok = self._carry_out(db, item)
        with self._cond:
            self._busy = False
            self._cond.notify_all()
            if not ok and not self._stop:
                self._back_off(delay)
        return db, (self.backoff[0] if ok else min(delay * 2, self.backoff[1]))

    def _ready(self, db: StatsDB | None) -> StatsDB | None:
        """What waited on disk read, the database opened unless it cannot be (the connection, or
        None), and the queue parked on disk while it cannot be written."""
        if not self._loaded:
            self._load_waiting()
        if db is None and not self.permanent:
            db = self._open()
            self._opened.set()
            if db is not None and not self.pending():
                self._working()  # nothing waits: the trouble that kept it closed is over
        if db is None or self.problem is not None:
            self._park()
        return db

    def _wait_for_work(self, db: StatsDB | None, delay: float) -> float:
        """Nothing to write now (the lock is held): wait until something is queued, or pause before
        trying again; returns the pause to go on with."""
        if self._idle(db):
            self._cond.wait()
            return delay
        self._back_off(delay)
        return min(delay * 2, self.backoff[1])

    def _carry_out(self, db: StatsDB | None, item: Queued | None) -> tuple[StatsDB | None, bool]:
        """The waiting file settled and `item` written (either may be nothing to do); returns the
        connection to go on with and whether it all worked."""
        ok = True
        if self._stale_file and (item is None or not item.parked):
            ok = self._settle_file()  # before anything that never waited is written
        if ok and item is not None and db is not None:
            db, ok = self._write(db, item)
        return db, ok

    def _unforeseen(self, db: StatsDB | None, exc: Exception) -> None:
        """An error no rule above expects (it would end the writer, and recording with it): the
        connection is let go and the trouble said once, as any other; everything queued stays."""
        if db is not None:
            with contextlib.suppress(Exception):
                db.close()
        self._trouble(StatsUnavailable("io", f"{type(exc).__name__}: {exc}"))
        return None

    def _next(self, db: StatsDB | None) -> Queued | None:
        """The operation to write now, or None (the lock is held)."""
        if db is None or not self._loaded or not self._ops:
            return None
        return self._ops[0]

    def _settling(self, db: StatsDB | None) -> bool:
        """Everything that waited on disk is written: the waiting file is to go (the lock is held)."""
        return db is not None and self._loaded and self._stale_file and not any(q.parked for q in self._ops)

    def _idle(self, db: StatsDB | None) -> bool:
        """Nothing to do until something is queued (else: try again after a pause)."""
        if db is not None:
            return self._loaded and not self._ops
        return self.permanent and self._loaded and all(q.parked for q in self._ops)

    def _write(self, db: StatsDB, item: Queued) -> tuple[StatsDB | None, bool]:
        """Write the first operation; returns the connection to go on with and whether it worked."""
        with self.write_lock:
            try:
                done = self._apply(db, item.op)
            except sqlite3.Error as exc:
                return self._failed(db, exc), False
            # all said before the queue shrinks: a flush that finds it empty finds the trouble over
            # and the save's journal being rewritten without this game
            self._working()
            if done is not None:
                with self._cond:
                    self._kept.add(done)
                if self.on_recorded is not None:
                    self.on_recorded(done)
            with self._cond:
                self._ops.pop(0)
                self._done.append(item)
                self.applied = item.seq
                self._stale_file = self._stale_file or item.parked
        return db, True

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
            db = StatsDB(self.path, busy_seconds=self.busy_seconds, on_examined=self.examined.set)
        except StatsUnavailable as exc:
            self._trouble(exc)
            return None
        self.generation += 1
        return db

    def _apply(self, db: StatsDB, op: Op) -> str | None:
        """Write one operation; returns the id of a finished game now in the database."""
        try:
            return db.apply(op)
        except sqlite3.Error as exc:
            if primary_code(exc) not in (SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE):
                raise
            self._refused(op[0], exc)
        except (ValueError, TypeError, KeyError, OverflowError) as exc:  # an operation that can never be written
            self._refused(op[0], exc)
        return None

    def _refused(self, name: str, exc: BaseException) -> None:
        log.warning("statistics: %s cannot be written (%s); dropped", name, exc)
        with self._cond:
            self.dropped += 1

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
        health = self.health()
        log.warning(
            "statistics: cannot write %s (%s); finished games wait in %s and are recorded as soon as it "
            "works again (%d waiting now)",
            self.path,
            exc,
            self.waiting_path.name,
            health.waiting,
        )

    def _working(self) -> None:
        if self.problem is not None:
            log.warning(
                "statistics: writing works again (%s); %d operation(s) to write", self.path.name, len(self._ops)
            )
            self.problem = None
            self._said_memory = False


class _Stop(Exception):
    """The writer's turn found it closed."""
