"""Golf's "Single deal" / "Round of 9" in the menu, and what Play and the code box do with it: the
choice sits under the rule set's choice (Golf only), is remembered in the settings,
and a round code in the code box starts that round, whatever the choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import N_
from ..model.course import GolfRound
from ..model.round_code import InvalidRoundCode, is_round_code
from ..registry import GOLF, GameKind
from ..ui.widgets import SegmentedControl
from .base import Transition
from .menu_cards import TypeSegments
from .round_start import explain_round_code_error, play_new_round, round_from_code, start_round

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

MODES = [("single", N_("Single deal")), ("round", N_("Round of 9"))]


class RoundChoice:
    """The mode control and the round's side of Play and of the code box."""

    def __init__(self, ctx: Context, on_change: Callable[[], None] = lambda: None, size: int | None = None) -> None:
        """With a `size` (a type scale's), the choice's labels are drawn at it."""
        self.ctx = ctx
        self.on_change = on_change
        self.control = (
            SegmentedControl((0, 0, 1, 1), MODES, ctx.settings.golf_mode, ctx.text, self._set)
            if size is None
            else TypeSegments((0, 0, 1, 1), MODES, ctx.settings.golf_mode, ctx.text, self._set, size=size)
        )

    def show_for(self, kind: GameKind) -> None:
        self.control.visible = kind.family is GOLF

    def rounds(self, kind: GameKind) -> bool:
        """Whether Play starts a round of this kind (Golf with Round of 9 chosen)."""
        return kind.family is GOLF and self.control.value == "round"

    def _set(self, value: str) -> None:
        self.ctx.settings.golf_mode = value
        self.ctx.save_settings()
        self.on_change()

    def placeholder(self, kind: GameKind) -> str:
        """What the code box asks for."""
        return N_("Round code") if self.rounds(kind) else N_("Deal code")

    def play(self, kind: GameKind) -> Transition:
        """A new round of this kind."""
        return play_new_round(self.ctx, kind)

    @staticmethod
    def is_code(text: str) -> bool:
        return is_round_code(text)

    @staticmethod
    def read_code(text: str) -> GolfRound | str:
        """The round a code names, or why it is refused (in the player's language)."""
        try:
            return round_from_code(text)
        except InvalidRoundCode as exc:
            return explain_round_code_error(exc)

    def start(self, rnd: GolfRound) -> Transition:
        return start_round(self.ctx, rnd)
