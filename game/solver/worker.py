"""Solver jobs off the frame loop: one persistent spawned process (or a thread as a fallback).

A long pure-Python solve in the main process would hold the GIL and stall frames, so jobs run in a
separate process started with the 'spawn' method on the first submit. The child imports only this
module, game.solver and game.model (never pygame). Jobs are queued here and handed to the child one
at a time, so cancelling a queued job is forgetting it and cancelling the running one is
terminating the child (restarted by the next job). Each child gets its own pipe, so one killed in
the middle of a write cannot corrupt the next. If no process can be started, the same jobs run on a
daemon thread; there a cancelled job runs on but its result is dropped and later jobs get a fresh
thread. Nothing raises into the caller except a programming error (an unknown job name).
"""
from __future__ import annotations

import atexit
import contextlib
import functools
import logging
import multiprocessing
import os
import queue
import sys
import threading
import time
import traceback
import types
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing import connection as mp_connection
from typing import Any

log = logging.getLogger(__name__)

JOBS = ("solve", "analyse", "find_deal", "sleep", "info")
_GAME_JOBS = ("solve", "analyse")  # their first argument is a model game


@dataclass(frozen=True)
class JobFailed:
    """A job's result when it raised in the worker or the worker stopped (a value, not raised)."""
    error: str


# -- the jobs, as the child (or thread) runs them -----------------------------------------------------
def _game_from(data: tuple[str, str]) -> Any:
    from ..registry import model_for

    game_id, text = data
    return model_for(game_id).from_json(text)


def _info() -> dict:
    """Who runs the jobs and what it costs: pid, resident memory, whether pygame got imported."""
    rss = None
    try:
        with open(f"/proc/{os.getpid()}/status", encoding="ascii") as status:
            rss = next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmRSS:"))
    except (OSError, StopIteration, ValueError):
        pass
    return {"pid": os.getpid(), "rss_mib": rss, "pygame": "pygame" in sys.modules}


def run_job(job: str, args: tuple) -> Any:
    """Run one job with its wire arguments (a game travels as (GAME_ID, to_json()))."""
    if job == "solve":
        from . import solve
        return solve(_game_from(args[0]), args[1])
    if job == "analyse":
        from .analysis import analyse
        return analyse(_game_from(args[0]), args[1])
    if job == "find_deal":
        from .deals import find_winnable
        kind, seed, exclude, budget = args
        return find_winnable(kind, seed, exclude, budget)
    if job == "sleep":
        time.sleep(args[0])
        return args[1]
    if job == "info":
        return _info()
    raise ValueError(f"unknown job {job!r}")


def _answer(ticket: int, job: str, args: tuple) -> tuple[int, bool, Any]:
    try:
        return ticket, True, run_job(job, args)
    except Exception as exc:  # the job's failure is the caller's value, not the worker's end
        log.debug("job %s failed:\n%s", job, traceback.format_exc())
        return ticket, False, f"{type(exc).__name__}: {exc}"


def child_main(conn: Any) -> None:
    """The child's loop: receive (ticket, job, args), send (ticket, ok, value); None or EOF ends it."""
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        answer = _answer(*task)
        try:
            conn.send(answer)
        except OSError:  # the parent is gone
            return
        except Exception as exc:  # an unpicklable result: report it instead of dying
            conn.send((answer[0], False, f"result not sendable: {exc}"))


# -- where the jobs run ---------------------------------------------------------------------------------
@contextlib.contextmanager
def _main_hidden() -> Iterator[None]:
    """Start a spawned child without re-running the parent's main module in it.

    Spawn normally re-imports the parent's __main__ (main.py, a script, a notebook) in the child, and
    a main module that imports pygame at the top would drag it (and its start-up) into the solver.
    With a bare stand-in for __main__ while the process starts, the child imports only what unpickles
    its target: this module, game.solver and game.model. A script without the __main__ guard then
    works too.
    """
    real = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if real is not None:
            sys.modules["__main__"] = real


class _ProcessRunner:
    """One spawned child and its own pipe; `send` only while it is idle, so it never blocks long."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child_conn = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=child_main, args=(child_conn,), name="solver-worker",
                                   daemon=True)
        try:
            with _main_hidden():
                self.process.start()
        finally:
            child_conn.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def send(self, task: tuple) -> bool:
        try:
            self.conn.send(task)
            return True
        except (OSError, ValueError):
            return False

    def receive(self) -> tuple | None:
        """A finished answer if one is waiting; None otherwise. EOFError once the child is gone."""
        if self.conn.poll(0):
            return self.conn.recv()
        if not self.process.is_alive():
            if self.conn.poll(0):  # it may have answered just before it ended
                return self.conn.recv()
            raise EOFError("worker stopped")
        return None

    def wait(self, timeout: float) -> None:
        mp_connection.wait([self.conn, self.process.sentinel], timeout)

    def stop(self, graceful: bool = False) -> None:
        """Terminate at once without waiting (a running job dies with it; the next start of a
        process reaps it), or, when closing, ask it to end and wait briefly."""
        if graceful and self.process.is_alive():
            self.send(None)
            self.process.join(0.5)
        if self.process.is_alive():
            self.process.terminate()
            if graceful:
                self.process.join(0.5)
                if self.process.is_alive():  # pragma: no cover - the child does not ignore SIGTERM
                    self.process.kill()
        self.conn.close()


class _ThreadRunner:
    """The fallback: a daemon thread with its own queues. Stopping abandons it (results dropped)."""

    pid = None
    alive = True  # a thread cannot be killed; it only ends when stopped

    def __init__(self) -> None:
        self.tasks: queue.Queue = queue.Queue()
        self.answers: queue.Queue = queue.Queue()
        self.held: tuple | None = None  # an answer wait() took off the queue
        self.thread = threading.Thread(target=self._loop, name="solver-worker", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while True:
            task = self.tasks.get()
            if task is None:
                return
            self.answers.put(_answer(*task))

    def send(self, task: tuple) -> bool:
        self.tasks.put(task)
        return True

    def receive(self) -> tuple | None:
        if self.held is not None:
            answer, self.held = self.held, None
            return answer
        try:
            return self.answers.get_nowait()
        except queue.Empty:
            return None

    def wait(self, timeout: float) -> None:
        if self.held is None:
            with contextlib.suppress(queue.Empty):
                self.held = self.answers.get(timeout=timeout)

    def stop(self, graceful: bool = False) -> None:
        self.tasks.put(None)  # ends after the current job, whose answer nobody reads any more


class SolverWorker:
    """Jobs in, (ticket, result) out, without ever blocking the caller. See the module docstring.

    Jobs: 'solve' (game, budget) -> Result; 'analyse' (game, budget_per_solve) -> Analysis;
    'find_deal' (kind, seed, exclude, budget_per_deal) -> int | None; 'sleep' (seconds, value) ->
    value; 'info' () -> {'pid', 'rss_mib', 'pygame'} of whoever runs the jobs.
    """

    def __init__(self, mode: str = "process") -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"mode must be 'process' or 'thread', not {mode!r}")
        self.mode = mode
        self._next = 1
        self._queue: deque[tuple[int, str, tuple]] = deque()
        self._running: int | None = None
        self._runner: _ProcessRunner | _ThreadRunner | None = None
        self._ready: list[tuple[int, object]] = []  # finished, not yet returned by poll
        self._atexit: Callable[[], None] = functools.partial(_close_ref, weakref.ref(self))
        self._registered = False

    # -- the caller's side ----------------------------------------------------------------------------
    def submit(self, job: str, *args: Any) -> int:
        """Queue a job and return its ticket (increasing); it starts as soon as the worker is free."""
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r} (one of {', '.join(JOBS)})")
        if job in _GAME_JOBS:  # a snapshot: the caller's game goes on changing
            game, *rest = args
            args = ((game.GAME_ID, game.to_json()), *rest)
        elif job == "find_deal":
            kind, seed, exclude, *budget = args
            args = (kind, seed, frozenset(exclude), *(budget or [2.0]))
        ticket, self._next = self._next, self._next + 1
        self._queue.append((ticket, job, args))
        self._dispatch()
        return ticket

    def poll(self) -> list[tuple[int, object]]:
        """Finished (ticket, result or JobFailed), oldest first; never waits, never a cancelled one."""
        done, self._ready = self._ready, []
        if self._running is not None and self._runner is not None:
            try:
                answer = self._runner.receive()
            except (EOFError, OSError):
                answer = None
                self._worker_stopped(done)
            except Exception as exc:  # an answer that cannot be read: fail that job, not the caller
                answer = (self._running, False, f"unreadable answer: {exc}")
                self._drop_runner()
            if answer is not None:
                ticket, ok, value = answer
                if ticket == self._running:
                    done.append((ticket, value if ok else JobFailed(str(value))))
                    self._running = None
        self._dispatch()
        return done

    def cancel(self, ticket: int | None = None) -> None:
        """Forget one job (None: all). A running one is stopped; its result never comes back."""
        if ticket is None:
            self._queue.clear()
            self._ready.clear()
        else:
            self._queue = deque(t for t in self._queue if t[0] != ticket)
            self._ready = [f for f in self._ready if f[0] != ticket]
        if self._running is not None and ticket in (None, self._running):
            self._running = None
            self._drop_runner()
        self._dispatch()

    @property
    def busy(self) -> bool:
        """A job is queued, running, or finished and not yet polled."""
        return bool(self._queue or self._running is not None or self._ready)

    @property
    def pid(self) -> int | None:
        """The worker process's pid (None before it starts, or in thread mode)."""
        return self._runner.pid if self._runner is not None else None

    def start(self) -> None:
        """Start the worker now rather than on the first submit (a process takes a moment to boot)."""
        if self._runner is not None and not self._runner.alive:
            self._drop_runner()
        if self._runner is None:
            self._runner = self._new_runner()

    def wait(self, timeout: float) -> list[tuple[int, object]]:
        """For tests and tools: poll until something arrives or `timeout` seconds pass."""
        deadline = time.monotonic() + timeout
        while True:
            done = self.poll()
            left = deadline - time.monotonic()
            if done or left <= 0 or not self.busy:
                return done
            if self._runner is not None:
                self._runner.wait(min(left, 0.05))
            else:  # pragma: no cover - busy always has a runner
                time.sleep(min(left, 0.01))

    def close(self) -> None:
        """Stop the worker and forget every job; safe to call twice (and at interpreter exit)."""
        idle = self._running is None
        self._queue.clear()
        self._ready.clear()
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

    # -- inside ---------------------------------------------------------------------------------------
    def _new_runner(self) -> _ProcessRunner | _ThreadRunner:
        if not self._registered:
            atexit.register(self._atexit)
            self._registered = True
        if self.mode == "process":
            try:
                return _ProcessRunner()
            except Exception as exc:
                log.warning("cannot start a solver process (%s); solving on a thread instead", exc)
                self.mode = "thread"
        return _ThreadRunner()

    def _dispatch(self) -> None:
        """Hand the next queued job to the worker if it is idle (starting it if needed)."""
        while self._running is None and self._queue:
            ticket, job, args = self._queue[0]
            if not self._send((ticket, job, args)):
                self._drop_runner()  # it died unseen; the job never started, so try a new worker
                if not self._send((ticket, job, args)):
                    self._worker_stopped(self._ready)
                    continue
            self._queue.popleft()
            self._running = ticket

    def _send(self, task: tuple) -> bool:
        """Hand a task to the worker, starting one if needed (a worker dead while idle is replaced)."""
        try:
            self.start()
        except Exception as exc:  # not even a thread: the jobs fail, the caller goes on
            log.warning("cannot start a solver worker: %s", exc)
            return False
        return self._runner.send(task)

    def _worker_stopped(self, done: list) -> None:
        """The worker died: every pending job fails; the next submit starts a new one."""
        log.warning("the solver worker stopped; %d pending job(s) failed",
                    len(self._queue) + (self._running is not None))
        if self._running is not None:
            done.append((self._running, JobFailed("worker stopped")))
            self._running = None
        done.extend((t, JobFailed("worker stopped")) for t, _, _ in self._queue)
        self._queue.clear()
        self._drop_runner()

    def _drop_runner(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            try:
                runner.stop()
            except Exception as exc:  # pragma: no cover - already gone
                log.debug("stopping the solver worker: %s", exc)


def _close_ref(ref: weakref.ref[SolverWorker]) -> None:
    worker = ref()
    if worker is not None:
        worker.close()
