"""The solver's jobs for the scenes: a question gives a handle, the answer lands in it.

The frame loop never waits for a solve. `jobs.analyse(game, budget)` (or `find_deal`) returns a Job
at once; its owner looks at `job.done` in later frames and then takes `job.result()`, or calls
`job.cancel()` when it loses interest (a running solve is stopped, its answer never comes).
`job.about` is the position the question is about, so an owner can tell an answer about a position
that is gone. Several owners may have jobs out at once (a table under an overlay, the menu finding a
deal): the jobs run one at a time, oldest first, and each answer goes straight into its own handle.

Where they run is game.solver.worker's business: a spawned process (the default), a thread where no
process can be started, or inline: when the answer is first asked for, waiting for it there, in the
caller's thread ('inline') or in a worker process that stays up ('inline-process': the solver's
memory is not the caller's). Inline is for tests and tools: the same input gives the same answers
in the same frames, and `held` keeps the answers back to play a slow solve; a long solve stalls the
frame it runs in. Nothing raises into the caller but a programming error: a failed job's result is
a JobFailed.
"""

from __future__ import annotations

import atexit
import functools
import logging
import os
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .model.base import SolitaireGame
    from .solver.analysis import Analysis
    from .solver.result import Budget
    from .solver.worker import Runner

log = logging.getLogger(__name__)

MODE_ENV = "GOLF_EIGHTOFF_SOLVER"  # 'process' (the default), 'thread', 'inline', 'inline-process'
MODES = ("process", "thread", "inline", "inline-process")
T = TypeVar("T")


@dataclass(frozen=True)
class JobFailed:
    """A job's result when it raised in the worker or the worker stopped (a value, not raised)."""

    error: str


class _Pending:
    def __repr__(self) -> str:
        return "PENDING"


_PENDING: Any = _Pending()


class Job(Generic[T]):
    """One question out to the solver (see the module docstring); made by Jobs, never by its owner."""

    __slots__ = ("about", "ident", "task", "_jobs", "_answer", "cancelled")

    def __init__(
        self, jobs: Jobs, ident: int, task: tuple[Callable[..., T], tuple[Any, ...]], about: str | None
    ) -> None:
        self.about = about  #: the position key of the game asked about (None: not about a position)
        self.ident = ident  # increasing: the order the jobs were asked in
        self.task: tuple[Callable[..., T], tuple[Any, ...]] | None = task  # dropped once sent
        self._jobs = jobs
        self._answer: T | JobFailed = _PENDING
        self.cancelled = False

    @property
    def done(self) -> bool:
        """The answer is in (this looks for it: call it every frame while waiting). A cancelled job
        is never done."""
        if self.cancelled:
            return False
        if self._answer is _PENDING:
            self._jobs.collect()
        return self._answer is not _PENDING

    def result(self) -> T | JobFailed:
        """The answer, once done: the job's value, or a JobFailed saying why there is none."""
        if not self.done:
            raise RuntimeError(f"{self!r} has no answer yet")
        self._jobs.taken(self)
        return self._answer

    def cancel(self) -> None:
        """Not interested any more: a queued job never runs, a running one is stopped, an answer
        already in is dropped. Safe to call twice."""
        if not self.cancelled:
            self.cancelled = True
            self._answer = _PENDING
            self._jobs.cancel(self)

    def finish(self, answer: T | JobFailed) -> None:
        """(For Jobs) the answer is in."""
        if not self.cancelled:
            self._answer = answer

    def __repr__(self) -> str:
        name = getattr(self.task[0], "__name__", "job") if self.task else "job"
        state = "cancelled" if self.cancelled else "pending" if self._answer is _PENDING else "done"
        return f"<Job {self.ident} {name} {state}>"


def mode_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The solver's mode that GOLF_EIGHTOFF_SOLVER sets: 'process' when it is unset or empty. Any
    other value not in MODES raises ValueError saying what it may be (main.py checks it before the
    window opens, so a mistyped setting is one line and a status, not a traceback)."""
    mode = (os.environ if environ is None else environ).get(MODE_ENV) or "process"
    if mode not in MODES:
        raise ValueError(
            f"{MODE_ENV}={mode[:40]!r} is not a solver mode: unset it, or set it to one of {', '.join(MODES)}"
        )
    return mode


class Jobs:
    """The run's solver jobs: one runner, a queue of handles, one job running at a time."""

    def __init__(self, mode: str | None = None) -> None:
        mode = mode or mode_from_environment()
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        #: Inline only: while True, answers wait (a slow solve, played deterministically).
        self.held = False
        self._next = 1
        self._queue: deque[Job[Any]] = deque()
        self._running: Job[Any] | None = None
        self._unread: set[Job[Any]] = set()  # answered, the owner has not taken the result yet
        self._runner: Runner | None = None
        self._atexit: Callable[[], None] = functools.partial(_close_ref, weakref.ref(self))
        self._registered = False

    # -- the questions ------------------------------------------------------------------------------
    def analyse(self, game: SolitaireGame, budget: Budget | int) -> Job[Analysis]:
        """game.solver.analysis.analyse of the game as it is now (the solve, and where a lost game
        was lost); about its position."""
        from .solver import worker  # not at start-up: it brings multiprocessing (see warm)

        return self.submit(worker.analyse_job, worker.wire_game(game), budget, about=game.position_key())

    def verdict(self, game: SolitaireGame, budget: Budget | int) -> Job[tuple[str, tuple]]:
        """The solver's verdict on the game's position ('winnable' with its moves, 'unwinnable',
        'unknown'), and nothing about the line that led there; about its position."""
        from .solver import worker  # not at start-up: it brings multiprocessing (see warm)

        return self.submit(worker.verdict_job, worker.wire_game(game), budget, about=game.position_key())

    def golf_best(self, game: SolitaireGame, states: int) -> Job[Any]:
        """game.solver.golf_best.best_of_game: the best score of a Golf game's position (a BestScore)."""
        from .solver import worker  # not at start-up: it brings multiprocessing (see warm)

        return self.submit(worker.golf_best_job, worker.wire_game(game), states, about=game.position_key())

    def find_deal(self, kind: str, seed: int, exclude: Iterable[int], budget: Budget | float) -> Job[int | None]:
        """A winnable deal number of `kind` beyond its shipped deal list, not in `exclude` (or None)."""
        from .solver import worker  # not at start-up: it brings multiprocessing (see warm)

        return self.submit(worker.find_deal_job, kind, seed, frozenset(exclude), budget)

    def submit(self, function: Callable[..., T], *args: Any, about: str | None = None) -> Job[T]:
        """Any job: a module-level function (a process gets it by name) and picklable arguments."""
        job: Job[T] = Job(self, self._next, (function, args), about)
        self._next += 1
        self._queue.append(job)
        self._dispatch()
        return job

    def warm(self) -> None:
        """Load the worker's code now (the app calls it at its first idle frame: not during start-up),
        so the first Hint does not pay for it mid-game, in a frame (on a Pi, several frames' worth)."""
        import game.solver.worker  # noqa: F401 - the import is the point

    # -- the state ----------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A job is queued or running, or its answer is in and its owner has not taken it yet."""
        return bool(self._queue or self._running is not None or self._unread)

    @property
    def pid(self) -> int | None:
        """The worker process's pid (None before it starts, or on a thread or inline)."""
        return self._runner.pid if self._runner is not None else None

    def collect(self) -> None:
        """Take the running job's answer if it is there and start the next job. Never waits for a
        process or a thread; inline, this is where the job runs."""
        running, runner = self._running, self._runner
        if running is not None and runner is not None:
            try:
                answer = runner.receive()
            except (EOFError, OSError):
                answer = None
                self._worker_stopped()
            except Exception as exc:  # an answer that cannot be read: fail that job, not the caller
                answer = (running.ident, False, f"unreadable answer: {exc}")
                self._drop_runner()
            if answer is not None:
                ident, ok, value = answer
                if ident == running.ident:
                    self._running = None
                    self._finish(running, value if ok else JobFailed(str(value)))
        self._dispatch()

    def wait(self, timeout: float) -> None:
        """For tests and tools: block until the running job may have answered or `timeout` passes."""
        self.collect()
        if self._running is not None and self._runner is not None:
            self._runner.wait(timeout)
            self.collect()

    def start(self) -> None:
        """Start the worker now rather than on the first job (a process takes a moment to boot)."""
        if self._runner is not None and not self._runner.alive:
            self._drop_runner()
        if self._runner is None:
            if not self._registered:
                atexit.register(self._atexit)
                self._registered = True
            from .solver.worker import start_runner  # not at start-up: it brings multiprocessing

            self._runner, self.mode = start_runner(self.mode, lambda: not self.held)

    def close(self) -> None:
        """Stop the worker and forget every job; safe to call twice (and at interpreter exit)."""
        idle = self._running is None
        for job in [*self._queue, *([self._running] if self._running else []), *self._unread]:
            job.cancelled = True
        self._queue.clear()
        self._unread.clear()
        self._running = None
        if self._runner is not None:
            runner, self._runner = self._runner, None
            try:
                runner.stop(graceful=idle)
            except Exception as exc:  # pragma: no cover - already gone
                log.debug("closing the solver worker: %s", exc)
        if self._registered:
            atexit.unregister(self._atexit)
            self._registered = False

    # -- for the handles ----------------------------------------------------------------------------
    def cancel(self, job: Job[Any]) -> None:
        """(Job.cancel) forget the job; a running one stops with its worker."""
        self._unread.discard(job)
        if job is self._running:
            self._running = None
            if self._runner is not None and not self._runner.drop():
                self._drop_runner()
        elif job in self._queue:
            self._queue.remove(job)
        self._dispatch()

    def taken(self, job: Job[Any]) -> None:
        """(Job.result) the owner has its answer."""
        self._unread.discard(job)

    # -- inside -------------------------------------------------------------------------------------
    def _finish(self, job: Job[Any], answer: Any) -> None:
        job.finish(answer)
        self._unread.add(job)

    def _dispatch(self) -> None:
        """Hand the next queued job to the worker if it is idle (starting one if needed)."""
        while self._running is None and self._queue:
            job = self._queue[0]
            assert job.task is not None
            task = (job.ident, *job.task)
            if not self._send(task):
                self._drop_runner()  # it died unseen; the job never started, so try a new worker
                if not self._send(task):
                    self._worker_stopped()
                    continue
            self._queue.popleft()
            job.task = None
            self._running = job

    def _send(self, task: Any) -> bool:
        """Hand a task to the worker, starting one if needed (a worker dead while idle is replaced)."""
        try:
            self.start()
        except Exception as exc:  # not even a thread: the jobs fail, the caller goes on
            log.warning("cannot start a solver worker: %s", exc)
            return False
        assert self._runner is not None
        return self._runner.send(task)

    def _worker_stopped(self) -> None:
        """The worker died: every pending job fails; the next job starts a new worker."""
        log.warning(
            "the solver worker stopped; %d pending job(s) failed", len(self._queue) + (self._running is not None)
        )
        failed = [*([self._running] if self._running else []), *self._queue]
        self._running = None
        self._queue.clear()
        self._drop_runner()
        for job in failed:
            self._finish(job, JobFailed("worker stopped"))

    def _drop_runner(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            try:
                runner.stop()
            except Exception as exc:  # pragma: no cover - already gone
                log.debug("stopping the solver worker: %s", exc)


def _close_ref(ref: weakref.ref[Jobs]) -> None:
    jobs = ref()
    if jobs is not None:
        jobs.close()
