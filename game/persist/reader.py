"""The screens' questions to the statistics database, answered on a thread of their own.

No frame waits on the database: a lock held by another program makes a read wait, and summing a
large database takes a while. A screen asks (`Reader.ask`) and gets at once the last answer to that
question, or None before the first; a question never asked, or whose answer is older than the
Recorder's last write, is read again in the background meanwhile. `version` goes up with every new
answer, so a screen showing figures knows when to paint them again.

Each answer says which of the Recorder's operations it holds: the reader takes the Recorder's
`write_lock` while it starts its snapshot (a read transaction), so the snapshot holds exactly the
operations numbered up to `recorder.applied` at that moment, and statistics.py folds in the rest.

Mode "thread" is the game's; "inline" answers on the asking thread at once (tests and tools that
read figures right after making them, like the solver's inline jobs).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .recorder import Recorder
from .round_stats import RoundTally
from .schema import StatsUnavailable
from .stats_read import CHART as CHART
from .stats_read import (
    GamesRead,
    dealt_numbers,
    finished_since,
    game_options,
    game_rows,
    games_read,
    has_uid,
    last_rounds,
    open_reader,
    round_rows,
    rounds_tally,
)
from .tally import Tally

log = logging.getLogger(__name__)

RETRY_S = 2.0  # after a failed read, the same question is asked again no sooner
OPEN_WAIT = 5.0  # inline: seconds a first read waits for the Recorder to examine the database
#: What each question reads: its name, then its arguments
QUERIES: dict[str, Callable[..., Any]] = {
    "games": games_read,
    "rows": game_rows,
    "days": lambda conn, game, option: game_rows(conn, game, option, daily_only=True),
    "rounds": lambda conn, option: (rounds_tally(conn, option), last_rounds(conn, option, CHART)),
    "round_rows": round_rows,
    "options": game_options,
    "dealt": dealt_numbers,
    "has": has_uid,
    "since": finished_since,
}
#: The answer of a database that does not exist yet
EMPTY: dict[str, Any] = {
    "games": GamesRead(Tally(), [], 0, 0),
    "rows": [],
    "days": [],
    "rounds": (RoundTally(), []),
    "round_rows": [],
    "options": {},
    "dealt": set(),
    "has": False,
    "since": 0,
}


@dataclass(frozen=True)
class Answer:
    """The database's answer to one question, or why there is none."""

    value: Any  # None: never answered (`error` says why)
    seq: int  # the Recorder's operations up to this number are in it
    generation: int  # the database file it was read from (the Recorder's generation)
    error: str | None = None  # why the last read failed (`value` is then the last one known)
    at: float = 0.0  # when it was read (the reader's clock)


class Reader:
    """Reads on its own connection, on its own thread (started at the first question)."""

    def __init__(
        self,
        path: Path,
        recorder: Recorder,
        mode: str = "thread",
        clock: Callable[[], float] = time.monotonic,
        connect: Callable[[Path], sqlite3.Connection] | None = None,
    ) -> None:
        self.path = Path(path)
        self.recorder = recorder
        self.mode = mode
        self.clock = clock
        self.connect = connect  # None: stats_read.open_reader
        self.version = 0  # goes up with every new answer
        self._answers: dict[tuple, Answer] = {}
        self._asked: list[tuple] = []  # questions waiting for the thread, oldest first
        self._cond = threading.Condition()
        self._conn: sqlite3.Connection | None = None
        self._generation = -1
        self._stop = False
        self._said_trouble = False
        self._reading = False  # the thread is reading ...
        self._in_flight: tuple[tuple, ...] = ()  # ... this question
        self._thread: threading.Thread | None = None

    # -- the frame loop's side ---------------------------------------------------------------------
    def ask(self, key: tuple) -> Answer | None:
        """The last answer to `key` (None: none yet); never waits, but in inline mode."""
        with self._cond:
            answer = self._answers.get(key)
            if not self._due(key, answer):
                return answer
            if self.mode == "inline":
                self._cond.release()
                try:
                    return self._read(key)
                finally:
                    self._cond.acquire()
            self._asked.append(key)
            self._start()
            self._cond.notify_all()
            return answer

    def fresh(self, key: tuple, timeout: float) -> Answer | None:
        """An answer that holds every write so far, read now if need be (a failed read is tried
        again at once), waiting for it at most `timeout` (tests, tools, the start-up: never a frame)."""
        with self._cond:
            before = self._answers.get(key)
        if before is not None and before.error is None and not self._stale(before):
            return before
        if self.mode == "inline":
            return self._read(key)
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                answer = self._answers.get(key)
                if answer is not before and answer is not None and (answer.error or not self._stale(answer)):
                    return answer
                left = deadline - time.monotonic()
                if left <= 0 or self._stop:
                    return answer
                if key not in self._asked and key not in self._in_flight:
                    self._asked.append(key)
                    self._start()
                    self._cond.notify_all()
                self._cond.wait(min(left, 0.05))

    def settle(self, timeout: float) -> bool:
        """Wait until no question is waiting for the thread (tests); whether that happened."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._asked or self._reading:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
            return True

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=2.0)
        if self._conn is not None and (thread is None or not thread.is_alive()):
            self._conn.close()
            self._conn = None

    # -- when to read ------------------------------------------------------------------------------
    def _stale(self, answer: Answer) -> bool:
        return answer.seq != self.recorder.applied or answer.generation != self.recorder.generation

    def _due(self, key: tuple, answer: Answer | None) -> bool:
        """Whether `key` is to be read (again) now (the lock is held)."""
        if key in self._asked or key in self._in_flight:
            return False
        if answer is None:
            return True
        if answer.error is not None:
            return self.clock() - answer.at >= RETRY_S
        return self._stale(answer)

    def _start(self) -> None:
        if self._thread is None and not self._stop:
            self._thread = threading.Thread(target=self._run, name="statistics reader", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        try:
            while True:
                with self._cond:
                    while not self._asked and not self._stop:
                        self._cond.wait()
                    if self._stop:
                        return
                    key = self._asked.pop(0)
                    self._reading, self._in_flight = True, (key,)
                try:
                    self._read(key)
                finally:
                    with self._cond:
                        self._reading, self._in_flight = False, ()
                        self._cond.notify_all()
        finally:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            with self._cond:
                self._thread = None  # (a question asked later starts another)

    # -- reading -----------------------------------------------------------------------------------
    def _read(self, key: tuple) -> Answer:
        """Read one answer (on the thread, or inline) and keep it. Never raises."""
        name, *args = key
        before = self._answers.get(key)
        try:
            value, seq, generation = self._query(QUERIES[name], name, args, before)
            answer = Answer(value, seq, generation, at=self.clock())
            self._said_trouble = False
        except Exception as exc:  # (a database of another kind, a damaged one not yet set aside, no memory)
            self._close()
            if not self._said_trouble:  # once, until a read works again
                self._said_trouble = True
                log.warning("statistics: the figures cannot be read now (%s); the screens show what they have", exc)
            answer = Answer(
                None if before is None else before.value,
                -1 if before is None else before.seq,
                -1 if before is None else before.generation,
                error=str(exc) or type(exc).__name__,
                at=self.clock(),
            )
        with self._cond:
            self._answers[key] = answer
            self.version += 1
            self._cond.notify_all()
        return answer

    def _query(self, query: Callable[..., Any], name: str, args: list, before: Answer | None) -> tuple[Any, int, int]:
        """(value, the operations it holds, the file's generation); what the database's absence gives.
        A game's tally goes on from the last one read from the same file (stats_read.games_read)."""
        self._wait_ready()
        generation = self.recorder.generation
        conn = self._connection(generation)
        if conn is None:
            return EMPTY[name], self.recorder.applied, generation
        with self.recorder.write_lock:  # the snapshot starts between two writes
            conn.execute("BEGIN")
            seq = self.recorder.applied
            conn.execute("SELECT 1 FROM games LIMIT 1").fetchall()
        if name == "games" and before is not None and before.value and before.generation == generation:
            args = [*args, before.value]
        try:
            return query(conn, *args), seq, generation
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    def _wait_ready(self) -> None:
        """Until the Recorder has opened the database and examined the files beside it (a reader on
        the frame's thread, or one told to stop, does not wait: StatsUnavailable)."""
        while not self.recorder.wait_open(OPEN_WAIT if self.mode == "inline" else 0.1):
            if self._stop or self.mode == "inline":
                raise StatsUnavailable("io", "the database is not opened yet")
        if not self.recorder.examined.is_set():  # the Recorder examines the files beside it first
            raise StatsUnavailable("io", "the files beside the database are not examined yet")

    def _connection(self, generation: int) -> sqlite3.Connection | None:
        """The reading connection to the file of `generation` (None: there is no file yet)."""
        if self._conn is not None and self._generation != generation:
            self._close()  # the Recorder started a new file (the old one was damaged)
        if self._conn is None:
            if not self.path.exists():
                return None
            self._conn = (self.connect or open_reader)(self.path)
            self._generation = generation
        return self._conn

    def _close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
