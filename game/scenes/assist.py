"""The solver at the table: hints, the demo that plays itself, undo back to the last winnable position,
and "where did I lose it". Shared by both tables.

Every question goes to the solver (game.jobs) and the table keeps animating meanwhile. An answer is
about the position it was asked for: if the cards have moved since, the question is cancelled.
A winning line, once known, is followed move by move for as long as the player (or the demo) plays
it, so the next hint or demo move costs nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Generator, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from .. import registry
from ..i18n import N_
from ..jobs import Job, JobFailed
from ..solver import deals, lines
from ..solver.result import Budget
from .base import Push, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.cards import Card
    from ..model.moves import Move
    from ..persist.progress import Progress
    from ..solver.analysis import Analysis
    from ..ui.gesture import Press
    from ..ui.toast import Toast
    from ..view.board import Board
    from .analysis_overlay import AnalysisTable

    # (for the type checker only: the analysis panel's code loads when first needed)
    class AssistTable(AnalysisTable, Protocol):
        """What the assistant asks of its table: the game and its moves, the board's hint, messages, the
        seat, and (for the analysis panel it opens) the table's places."""

        ctx: Context
        board: Board
        toast: Toast
        clock: float
        dealing: bool

        @property
        def press(self) -> Press | None: ...
        @property
        def progress(self) -> Progress | None: ...
        @property
        def in_attract_mode(self) -> bool: ...
        def make_move(self, move: Move, card: Card | None = None, by_demo: bool = False) -> bool: ...
        def show_message(self, message: str, duration: float = ..., **fmt: str | int) -> None: ...
        def taken_over(self) -> Transition: ...
        def undo(self) -> Transition: ...


log = logging.getLogger(__name__)

#: One solve's limit: states keep it the same on every machine, seconds bound it on a slow one.
BUDGET = Budget(states=1_500_000, seconds=20.0)
THINK_DELAY = 0.35  # s before "Thinking…" shows (a quick answer never flashes it)
DEMO_PAUSE = 0.45  # s between demo moves, once the cards have landed: a watchable pace
REWIND_PAUSE = 0.08  # s between the undos of "Undo to the last winnable position"
FOREVER = 1e9
SHIPPED_MOVES_PER_PIECE = 4  # moves of a shipped line checked per piece of spare time (each a model move)


def _none() -> Generator[None, None, tuple | None]:
    """No line to read (a deal of a rule set with no deal list)."""
    return None
    yield  # (a generator)


class Driver(Enum):
    """Who moves the cards of a table."""

    PLAYER = "player"  # the player's input
    DEMO_DUE = "due"  # a deal dealt to be watched: the demo takes the cards once they are down
    DEMO = "demo"  # the demo plays its winning line; the player's input hands the game back
    REWIND = "rewind"  # undo after undo back to the last winnable position; input stops it too


class Assistant:
    """Hints, demo and analysis for one table scene. `demo_due`: the table was dealt to be watched."""

    def __init__(self, table: AssistTable, demo_due: bool = False) -> None:
        self.table = table
        self.ctx = table.ctx
        self.job: Job[Analysis] | None = None  # the question out, if any (job.about: its position)
        self.think_at = 0.0  # the table's clock when "Thinking…" shows, if still waiting
        self.wanted: set[str] = set()  # what the answer is for: 'hint', 'watch', 'analyse'
        self.listeners: list[Callable[[Analysis | JobFailed], None]] = []  # (a failed job: no verdict)
        self.line: tuple[str, tuple] | None = None  # a winning line from a position
        self.analysis: tuple[str, Analysis] | None = None  # the latest analysis and its position
        self.thinking = False
        self.driver = Driver.DEMO_DUE if demo_due else Driver.PLAYER
        self.demo_won = False  # the demo made the winning move
        self.rewinds_left = 0  # undos still to make while the driver is REWIND
        self.wait = 0.0
        self.hint_key: str | None = None  # the position the shown hint is for
        self.counted_key: str | None = None  # the position whose hint was counted
        self._key: str | None = None
        self._shipped: tuple | None = None  # the deal's shipped line, once read
        self._shipped_steps: Generator[None, None, tuple | None] | None = None  # ... while being read
        self._transition: Transition = None

    # -- state -------------------------------------------------------------------------------------
    @property
    def key(self) -> str:
        if self._key is None:
            self._key = self.table.game.position_key()
        return self._key

    def known_line(self) -> tuple | None:
        """The winning moves from here, if known: from the solver, or the rest of the deal's
        shipped line while the moves so far are its first moves (no search at all)."""
        if self.line is not None and self.line[0] == self.key:
            return self.line[1]
        if not self.table.game.line_from_deal:  # (a compact save cut its line: not from the deal)
            return None
        shipped = self._shipped_line()
        played = self.table.game.move_stack
        if len(played) < len(shipped) and tuple(played) == shipped[: len(played)]:
            self.line = (self.key, shipped[len(played) :])
            return self.line[1]
        return None

    def _shipped_line(self) -> tuple:
        """The winning line shipped with a listed deal, from its start (empty for any other deal),
        read once: checked through the model a few moves at a time in the frames' spare time
        (spare_work; all at once it would add more than a frame's time to one frame on a Pi), or at
        the first question if that comes sooner."""
        if self._shipped is None:
            self._shipped = lines.finish(self._shipped_reading()) or ()
        return self._shipped

    def _shipped_reading(self) -> Generator[None, None, tuple | None]:
        if self._shipped_steps is None:  # (a rule set with no deal list has no shipped lines)
            game = self.table.game
            self._shipped_steps = deals.line_of_steps(game) if registry.kind_of(game).has_deal_list else _none()
        return self._shipped_steps

    def spare_work(self) -> bool:
        """A few moves of the deal's shipped line checked (Scene.spare_work); False once it is read."""
        if self._shipped is not None:
            return False
        steps = self._shipped_reading()
        for _ in range(SHIPPED_MOVES_PER_PIECE):
            try:
                next(steps)
            except StopIteration as stop:
                self._shipped = stop.value or ()
                break
        return True

    def learn_line(self, moves: Sequence[Move]) -> None:
        """A winning line from the current position, found by someone else (the winnable light)."""
        if moves:
            self.line = (self.key, tuple(moves))

    def known_analysis(self) -> Analysis | None:
        """The analysis of this position reached by this very line (where the win was lost, and how
        many undos lead back, depend on the history, not only on the cards)."""
        from ..solver.analysis import current_line  # (as below: not before the first frame)

        if (
            self.analysis is not None
            and self.analysis[0] == self.key
            and self.analysis[1].line_length == len(current_line(self.table.game))
        ):
            return self.analysis[1]
        return None

    @property
    def busy(self) -> bool:
        """Something the player waits for or watches (the loop keeps drawing)."""
        return self.driver is not Driver.PLAYER or bool(self.wanted - {"analyse"})

    @property
    def playing(self) -> bool:
        """The demo or a rewind is moving the cards: the player's input stops it."""
        return self.driver in (Driver.DEMO, Driver.REWIND)

    @property
    def demo(self) -> bool:
        """The demo is playing."""
        return self.driver is Driver.DEMO

    @property
    def rewinding(self) -> int:
        """The undos a rewind still has to make (0: none under way)."""
        return self.rewinds_left if self.driver is Driver.REWIND else 0

    # -- what the player asks for ------------------------------------------------------------------
    def hint(self) -> Transition:
        """Show the next move of a winning line; the transition is the "no longer winnable" panel
        when the position is known to be lost."""
        self._request("hint")
        return self._take_transition()

    def watch(self) -> Transition:
        """Let the demo play the rest of the game."""
        self._request("watch")
        return self._take_transition()

    def due_demo(self) -> Transition:
        """A deal dealt to be watched has its cards down: its demo begins."""
        self.driver = Driver.PLAYER
        return self.watch()

    def taken_over(self) -> None:
        """The player takes a watched deal: its demo no longer starts by itself, and no answer out may
        start it."""
        if self.driver is Driver.DEMO_DUE:
            self.driver = Driver.PLAYER
        self.forget()

    def _take_transition(self) -> Transition:
        transition, self._transition = self._transition, None
        return transition

    def _request(self, purpose: str) -> None:
        """A hint or the demo: at once from a known line or analysis, else when the solver answers."""
        if self.table.game.status != "playing" or self.playing:
            return
        if self.known_line():
            self._follow_line(purpose)
            return
        found = self.known_analysis()
        if found is not None:
            self._answer(purpose, found)
        else:
            self.ask(purpose)

    def _follow_line(self, purpose: str) -> None:
        """Use the known winning line: the demo plays it, a hint shows its next move."""
        moves = self.known_line()
        if not moves:  # (never expected: a winnable analysis keeps its line) ask the solver again
            self.ask(purpose)
        elif purpose == "watch":
            self.start_demo()
        elif self.driver is not Driver.DEMO:
            self.show_hint(moves[0])

    def analyse(self, listener: Callable[[Analysis | JobFailed], None]) -> None:
        """Call listener(analysis) with the analysis of the current position (now, or when known),
        or with the failed job when the solver could not answer."""
        found = self.known_analysis()
        if found is not None:
            listener(found)
            return
        self.listeners.append(listener)
        self.ask("analyse")

    def rewind(self, count: int) -> None:
        """Undo `count` moves, one after another, each animated."""
        self.stop(quiet=True)
        self.rewinds_left = max(0, int(count))
        if self.rewinds_left:
            self.driver = Driver.REWIND
        self.wait = 0.0

    def stop(self, quiet: bool = False, take_over: bool = True) -> tuple[bool, Transition]:
        """The player takes over: the demo or a rewind stops. Returns whether one was running, and
        the transition taking over a watched deal leads to (its question)."""
        was = self.playing
        # undoing back to the last winnable position, every position short of it is still lost
        still_lost = self.driver is Driver.REWIND
        if not was:
            return False, None
        self.driver = Driver.PLAYER
        self.rewinds_left = 0
        transition = self.table.taken_over() if take_over else None
        self.table.toast.hide()
        if not quiet and transition is None:  # not behind the question it may ask
            message = N_("This position still cannot be won") if still_lost else N_("Your turn")
            self.table.show_message(message)
        return True, transition

    # -- the solver --------------------------------------------------------------------------------
    def ask(self, purpose: str) -> None:
        """Ask the solver about this position (one question serves every purpose)."""
        if self.job is not None and self.job.about != self.key:
            self.forget()
        self.wanted.add(purpose)
        if self.job is None:
            self.job = self.ctx.jobs.analyse(self.table.game, BUDGET)
            self.think_at = self.table.clock + THINK_DELAY

    def forget(self) -> None:
        """Drop the question out (the position changed, or the table closes)."""
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.wanted.clear()
        self.listeners.clear()
        if self.thinking:
            self.thinking = False
            self.table.toast.hide()

    def _answered(self, answer: Analysis | JobFailed) -> None:
        wanted, listeners = self.wanted, self.listeners
        self.wanted, self.listeners = set(), []
        if self.thinking:
            self.thinking = False
            self.table.toast.hide()
        if isinstance(answer, JobFailed):
            log.warning("solver job failed: %s", answer.error)
            if wanted - {"analyse"}:
                self.table.show_message(N_("The solver could not answer this time"))
            for listener in listeners:
                listener(answer)  # a panel waiting for the verdict says there is none
            return
        self.analysis = (self.key, answer)
        if answer.now == "winnable":
            self.line = (self.key, tuple(answer.moves))
        for purpose in sorted(wanted, key=lambda p: p != "watch"):  # Watch wins over a hint asked too
            self._answer(purpose, answer)
        for listener in listeners:
            listener(answer)

    def _answer(self, purpose: str, analysis: Analysis) -> None:
        if purpose == "analyse":
            return
        if analysis.now == "winnable":
            self._follow_line(purpose)  # the line was kept with the analysis
        elif analysis.now == "unwinnable":
            from .analysis_overlay import AnalysisOverlay  # (read ahead: read_ahead.SHARED)

            self._transition = Push(AnalysisOverlay(self.ctx, self.table, analysis))
        else:
            self.table.show_message(N_("The solver found no answer in time"))

    # -- showing a hint ----------------------------------------------------------------------------
    def show_hint(self, move: Move) -> None:
        cards, marks, arrow = self.table.rules.hint_view(move)
        self.table.board.set_hint(cards, marks, arrow)
        self.hint_key = self.key
        if self.counted_key != self.key:  # asking twice for the same position is one hint
            self.counted_key = self.key
            if self.table.progress is not None:
                self.table.progress.hint_used()

    # -- the demo ----------------------------------------------------------------------------------
    def start_demo(self) -> None:
        self.driver = Driver.DEMO
        self.wait = DEMO_PAUSE
        self.table.board.set_hint(set())
        self._say_demo()

    def _say_demo(self) -> None:
        """The demo's standing message (none in attract mode, whose banner says it)."""
        if not self.table.in_attract_mode:
            self.table.show_message(N_("Demo: tap to play"), duration=FOREVER)

    def _demo_step(self) -> None:
        moves = self.known_line()
        if not moves:  # the line was lost (it never should be): hand the game back
            self.stop(take_over=False)
            return
        move = moves[0]
        done = self.table.make_move(move, by_demo=True)
        if not done:
            self.stop(take_over=False)
        elif self.table.game.status != "playing":
            self.demo_won = self.table.game.status == "won"
            self.driver = Driver.PLAYER
            self.table.toast.hide()
        else:
            self._say_demo()
        self.wait = DEMO_PAUSE

    # -- the table changed -------------------------------------------------------------------------
    def changed(self, undo: bool) -> None:
        """After every model change: follow the known line, drop what is about the old position."""
        old_key = self._key
        self._key = None
        if self.line is None and self.job is None and self.hint_key is None:
            return  # nothing is about a position: its key is made when asked for (a move's frame is short)
        key = self.key
        if self.line is not None and self.line[0] != key:
            moves = self.line[1]
            followed = not undo and old_key == self.line[0] and moves and self._last_move() == moves[0]
            self.line = (key, moves[1:]) if followed else None
        if self.job is not None and self.job.about != key:
            self.forget()
        if self.hint_key is not None and self.hint_key != key:
            self.hint_key = None
            self.table.board.set_hint(set())

    def relayout(self) -> None:
        """The window changed size: a hint on screen is drawn again at the new places."""
        self.table.board.set_hint(set())
        moves = self.known_line() if self.hint_key == self.key else None
        if moves:
            self.table.board.set_hint(*self.table.rules.hint_view(moves[0]))

    def _last_move(self) -> Move | None:
        from ..solver.analysis import current_line  # the analysis' code: read ahead, not at start-up

        line = current_line(self.table.game)
        return line[-1] if line else None

    # -- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition:
        self._transition = None
        table = self.table
        job = self.job
        if job is not None:
            if job.about != self.key:  # about a position that is gone (changed() forgets it first)
                self.forget()
            elif job.done:
                self.job = None
                self._answered(job.result())
            elif not self.thinking and self.wanted - {"analyse"} and table.clock >= self.think_at:
                self.thinking = True
                table.show_message(N_("Thinking…"), duration=FOREVER)
        if self.playing and not table.board.is_animating() and table.press is None and not table.dealing:
            self.wait -= dt
            if self.wait <= 0:
                if self.driver is Driver.REWIND:
                    self.rewinds_left -= 1
                    table.undo()
                    self.wait = REWIND_PAUSE
                    if self.rewinds_left == 0 or not table.game.can_undo:
                        self.rewinds_left = 0
                        self.driver = Driver.PLAYER
                        table.show_message(N_("This position can still be won"))
                else:
                    self._demo_step()
        return self._transition

    def close(self) -> None:
        self.stop(quiet=True, take_over=False)
        self.forget()
