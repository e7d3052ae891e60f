"""The table's top band, as the shared table (game.scenes.table) uses it: the counters its slots show
(the game's, then the play time) and what its buttons do (Undo, Redo, Hint, Watch, the deal code,
New game, Help, Menu), each returning its transition. TableScene mixes this in; the band itself
(layout and painting) is hud.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import registry
from ..i18n import N_
from ..model.codes import parse_code
from .base import Push, Replace, Transition
from .hud import MOVES, SCORE, TIME, Slot, play_time
from .seat import saved_game_at_stake
from .table_hooks import TableHooks

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from ..model import IllegalMove
    from ..model.base import SolitaireGame
    from .assist import Assistant


class TableBand(TableHooks):
    """The band's counters and button actions of a table (TableScene supplies what they use)."""

    if TYPE_CHECKING:  # pragma: no cover - what TableScene provides
        assist: Assistant
        dealing: bool

        @property
        def progress(self) -> Any: ...
        @property
        def watching(self) -> bool: ...
        def cancel_press(self) -> None: ...
        def skip_deal(self) -> None: ...
        def show_message(self, message: str, **fmt: Any) -> None: ...
        def attempt(self, move: Any, by_demo: bool = False) -> IllegalMove | None: ...
        def apply(
            self,
            action: Callable[..., object],
            *args: Any,
            sound: str = "place",
            undo: bool = False,
            by_demo: bool = False,
        ) -> bool: ...

    # -- the counters ------------------------------------------------------------------------------
    def hud_slots(self) -> list[Slot]:
        """The band's counters, left to right: the game's, then the time while the timer is shown."""
        return [*self.counter_slots(), *([TIME] if self.timer_shown else [])]

    def hud_values(self) -> list[str]:
        """What the band's slots show now, in the order of hud_slots."""
        return [*self.counter_values(), *([self.time_shown()] if self.timer_shown else [])]

    def counter_slots(self) -> list[Slot]:
        """The game's counters in the band (the same for every deal of the game)."""
        return [SCORE, MOVES]

    def counter_values(self) -> list[str]:
        return [str(self.game.score), str(self.game.moves)]

    @property
    def timer_shown(self) -> bool:
        """Whether the band shows the play time: the player's setting, never on a kiosk (its players
        come and go; the time still counts for the statistics and the end screens)."""
        return bool(self.ctx.settings.show_timer) and not self.ctx.kiosk

    def time_shown(self) -> str:
        """The play time as the band shows it (0:42, 1:02:09), '—' while a deal is only watched."""
        return "—" if self.progress is None else play_time(self.progress.duration)

    # (the deal's par and best result, which the band and the end screens show)
    def best_found(self) -> Any:
        """The search for this deal's best result (a golf_best_line.BestFound) where the game has one."""
        return None

    def par(self) -> int | None:
        """The fewest moves known to win this deal from its start (a rated table's), or None."""
        if not hasattr(self, "_par"):
            self._par = par_of_game(self.game)
        return self._par

    # -- the buttons -------------------------------------------------------------------------------
    def undo(self) -> Transition:
        if self.game.status == "won":
            return None  # a win is final: the win screen offers New game and Menu
        if self.dealing:
            self.skip_deal()
        self.apply(self.game.pop, sound="slide", undo=True)
        return None

    def redo(self) -> Transition:
        """Make again the move the last undo took back: a move like any other (its sound, the move
        counter, the save), pushed through attempt."""
        if not self.game.can_redo:
            return None
        if self.dealing:
            self.skip_deal()
        self.attempt(self.game.redo_moves[0])
        return None

    def hint(self) -> Transition:
        """Light the card to move and where it goes, from the solver's winning line (or, on a lost
        position, the panel that says so)."""
        self.cancel_press()
        if self.dealing:
            self.skip_deal()
        return self.assist.hint()

    def watch(self) -> Transition:
        """The demo plays the rest of the game; any tap hands it back."""
        self.cancel_press()
        if self.dealing:
            self.skip_deal()
        return self.assist.watch()

    def copy_code(self) -> Transition:
        if self.ctx.kiosk:
            return None  # a kiosk has nowhere to paste it
        if self.game.code:
            self.ctx.clipboard_set(self.game.code)
            self.show_message("Deal code copied")
        return None

    def go_new_game(self) -> Transition:
        """A new deal; a game under way is only given up after the player confirms."""
        self.cancel_press()

        def deal() -> Transition:
            from .dealing import deal_new  # a new deal's module loads with the first one, not at start-up

            return deal_new(self.ctx, self.game.kind_id)

        self.assist.forget()  # no answer may start the demo under the dialog
        self.assist.stop(quiet=True, take_over=False)
        if self.watching:  # a watched deal: what is at stake is the saved game waiting for Continue
            at_stake = saved_game_at_stake(self.ctx)
            why = N_("The game you can continue will count as abandoned.")
        else:
            at_stake = self.game.status == "playing" and self.game.moves > 0
            why = N_("This game will count as abandoned.")
        if at_stake:
            from .dialog import ConfirmDialog  # (read ahead: read_ahead.SHARED)

            return Push(ConfirmDialog(self.ctx, N_("Start a new game?"), [why], N_("New game"), deal))
        return deal()

    def show_help(self) -> Transition:
        """The rules and examples of this game; Back returns to this table as it was."""
        self.cancel_press()
        return self.ctx.scenes.help(self)

    def go_menu(self) -> Transition:
        self.cancel_press()
        return Replace(self.ctx.scenes.menu())


def par_of_game(game: SolitaireGame) -> int | None:
    """The par of a dealt game of a kind with a deal list (game/solver/par.py), else None."""
    kind = registry.kind_of(game)
    if not game.code or not kind.has_deal_list:
        return None
    from ..solver.par import par_of  # a table without pars (Golf's) never reads this code

    try:
        return par_of(kind.deal_list, parse_code(game.code).number)
    except ValueError:
        return None
