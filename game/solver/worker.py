"""Where solver jobs run: one persistent spawned process, a thread as a fallback, or inline.

A long pure-Python solve in the main process would hold the GIL and stall frames, so jobs run in a
separate process started with the 'spawn' method. The child imports only this module, game.solver
and game.model (never pygame). A runner takes one task at a time, (id, function, arguments), and
gives back (id, ok, value); the queue, the handles and cancelling are game.jobs' business. A job
cancelled while it runs stops its runner at once: a process is terminated (which is why this is not
concurrent.futures: its pools cannot stop a running call); a thread cannot be, so its job runs on
unheard. Each child gets its own pipe, so one killed in the middle of a write cannot corrupt the
next. The inline runner runs a task when its answer is first asked for and waits for it there
(a task cancelled before that is simply forgotten): deterministic, for tests and tools; in the
caller's thread, or in a child process that stays up (the solver's memory is not the caller's).

The jobs themselves are the functions below: they take wire arguments (a game travels as
(GAME_ID, to_json()), a snapshot: the caller's game goes on changing).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import queue
import sys
import threading
import traceback
import types
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import connection as mp_connection
from typing import TYPE_CHECKING, Any, Protocol

from ..model.limits import MAX_JSON_TEXT
from ..registry import model_for
from .result import Budget
from .solvers import solve as solve_game

if TYPE_CHECKING:
    from ..model.base import SolitaireGame
    from .analysis import Analysis

log = logging.getLogger(__name__)

Task = tuple[int, Callable[..., Any], tuple[Any, ...]]  # (id, a module-level function, its arguments)
Answer = tuple[int, bool, Any]  # (id, ok, the value or the error's text)


# -- the jobs, as the child (or thread) runs them -----------------------------------------------------
def _game_from(data: tuple[str, str]) -> SolitaireGame:
    game_id, text = data
    return model_for(game_id).from_json(text)


def wire_game(game: SolitaireGame) -> tuple[str, str]:
    """A game as it travels to a job: (GAME_ID, to_json()), the position as it is now; compact when
    in full it would be longer than from_json reads (the same game, its line and position)."""
    return game.GAME_ID, game.to_json(limit=MAX_JSON_TEXT)


def analyse_job(game: tuple[str, str], budget: Budget | int) -> Analysis:
    """game.solver.analysis.analyse of a wired game."""
    from .analysis import analyse  # in the child: only when the first analysis is asked for

    return analyse(_game_from(game), budget)


def verdict_job(game: tuple[str, str], budget: Budget | int) -> tuple[str, tuple[Any, ...]]:
    """The solver's verdict on a wired game's position and, when winnable, the winning moves: what
    the table's "still winnable?" light asks after every move (no analysis of the line)."""
    limit = budget if isinstance(budget, Budget) else Budget(states=budget)
    result = solve_game(_game_from(game), limit)
    return result.verdict, tuple(result.moves)


def golf_best_job(game: tuple[str, str], states: int) -> Any:
    """game.solver.golf_best.best_of_game of a wired Golf game: its best score (a BestScore)."""
    from .golf_best import best_of_game  # in the child: only when a Golf deal first ends

    return best_of_game(_game_from(game), states)  # type: ignore[arg-type]


def review_job(game: tuple[str, str], states: int | None = None) -> Any:
    """A finished wired game's review, move by move: a Golf game's (game.solver.review, in strokes
    lost) or an Eight Off game's (game.solver.review_eightoff, the move that lost the win). `states`
    bounds each search (a Golf position's best, an Eight Off solve); None: the reviews' own budgets."""
    played = _game_from(game)
    if played.GAME_ID == "golf":
        from .review import SEARCH_STATES, review_golf  # in the child: only when a review is first asked for

        return review_golf(played, SEARCH_STATES if states is None else states)  # type: ignore[arg-type]
    from .review_eightoff import SOLVE_STATES, review_eightoff

    return review_eightoff(played, SOLVE_STATES if states is None else states)  # type: ignore[arg-type]


def find_deal_job(kind: str, seed: int, exclude: Iterable[int], budget: Budget | float) -> int | None:
    """game.solver.deals.find_winnable: a winnable deal of `kind` beyond its deal list, or None."""
    from .deals import find_winnable  # in the child: only when a deal list runs out

    return find_winnable(kind, seed, exclude, budget)


def run_task(task: Task) -> Answer:
    """Run one task; its failure is the caller's value, not the worker's end."""
    ident, function, args = task
    try:
        return ident, True, function(*args)
    except Exception as exc:
        log.debug("job %s failed:\n%s", getattr(function, "__name__", function), traceback.format_exc())
        return ident, False, f"{type(exc).__name__}: {exc}"


def child_main(conn: Any) -> None:
    """The child's loop: receive a task, send its answer; None or EOF ends it."""
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        answer = run_task(task)
        try:
            conn.send(answer)
        except OSError:  # the parent is gone
            return
        except Exception as exc:  # an unpicklable result: report it instead of dying
            conn.send((answer[0], False, f"result not sendable: {exc}"))


# -- the runners ----------------------------------------------------------------------------------------
class Runner(Protocol):
    """Runs one task at a time; never blocks the caller (but `wait`)."""

    @property
    def pid(self) -> int | None: ...

    @property
    def alive(self) -> bool: ...

    def send(self, task: Task) -> bool:
        """Hand over a task (only while idle). False if the runner is gone."""

    def receive(self) -> Answer | None:
        """The finished task's answer if there is one; EOFError once the runner is gone."""

    def wait(self, timeout: float) -> None:
        """Block until an answer may be there or `timeout` seconds pass (for tests and tools)."""

    def drop(self) -> bool:
        """Forget the task handed over; False if only stopping the runner can drop it."""

    def stop(self, graceful: bool = False) -> None:
        """Stop at once (a running task is dropped), or when closing, let it end briefly."""


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


class ProcessRunner:
    """One spawned child and its own pipe; `send` only while it is idle, so it never blocks long."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child_conn = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=child_main, args=(child_conn,), name="solver-worker", daemon=True)
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

    def send(self, task: Task | None) -> bool:
        try:
            self.conn.send(task)
            return True
        except (OSError, ValueError):
            return False

    def receive(self) -> Answer | None:
        if self.conn.poll(0):
            return self._answer()
        if not self.process.is_alive():
            if self.conn.poll(0):  # it may have answered just before it ended
                return self._answer()
            raise EOFError("worker stopped")
        return None

    def _answer(self) -> Answer:
        answer: Answer = self.conn.recv()  # what run_task returned in the child
        return answer

    def wait(self, timeout: float) -> None:
        mp_connection.wait([self.conn, self.process.sentinel], timeout)

    def drop(self) -> bool:
        return False  # the child is busy with it: only terminating it stops the solve

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


class ThreadRunner:
    """The fallback: a daemon thread with its own queues. Stopping abandons it (results dropped)."""

    pid = None
    alive = True  # a thread cannot be killed; it only ends when stopped

    def __init__(self) -> None:
        self.tasks: queue.Queue[Task | None] = queue.Queue()
        self.answers: queue.Queue[Answer] = queue.Queue()
        self.held: Answer | None = None  # an answer wait() took off the queue
        self.thread = threading.Thread(target=self._loop, name="solver-worker", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while True:
            task = self.tasks.get()
            if task is None:
                return
            self.answers.put(run_task(task))

    def send(self, task: Task) -> bool:
        self.tasks.put(task)
        return True

    def receive(self) -> Answer | None:
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

    def drop(self) -> bool:
        return False

    def stop(self, graceful: bool = False) -> None:
        self.tasks.put(None)  # ends after the current job, whose answer nobody reads any more


class InlineRunner:
    """Runs its task when the answer is first asked for, if `ready()` says so (a test holds answers
    back to play a slow solve), and waits for it there: no timing, the same input gives the same
    answers in the same frames. A long solve stalls the frame it runs in. In the caller's thread, or
    with `process`, in a child process that stays up (its memory is not the caller's)."""

    def __init__(self, ready: Callable[[], bool] = lambda: True, process: bool = False) -> None:
        self.ready = ready
        self.task: Task | None = None
        self.child = ProcessRunner() if process else None

    @property
    def pid(self) -> int | None:
        return self.child.pid if self.child is not None else None

    @property
    def alive(self) -> bool:
        return self.child is None or self.child.alive

    def send(self, task: Task) -> bool:
        self.task = task
        return self.alive

    def receive(self) -> Answer | None:
        if self.task is None or not self.ready():
            return None
        task, self.task = self.task, None
        if self.child is None:
            return run_task(task)
        if not self.child.send(task):
            raise EOFError("worker stopped")
        return self.child._answer()  # (EOFError if the child dies on it)

    def wait(self, timeout: float) -> None:
        pass  # nothing runs meanwhile: the answer comes (or not) at the next receive

    def drop(self) -> bool:
        self.task = None  # it never started
        return True

    def stop(self, graceful: bool = False) -> None:
        self.task = None
        if self.child is not None:
            self.child.stop(graceful)


MODES = ("process", "thread", "inline", "inline-process")


def start_runner(mode: str, ready: Callable[[], bool]) -> tuple[Runner, str]:
    """A runner of this mode (a process falls back to a thread when none can be started), and the
    mode it really has. `ready` is the inline runners' gate."""
    if mode in ("inline", "inline-process"):
        return InlineRunner(ready, process=mode == "inline-process"), mode
    if mode == "process":
        try:
            return ProcessRunner(), mode
        except Exception as exc:
            log.warning("cannot start a solver process (%s); solving on a thread instead", exc)
    return ThreadRunner(), "thread"
