"""The Golf table while a round of golf is played: one hole of nine at a time.

It is the Golf table with the round's word in it: the HUD shows the hole ("Hole 4/9") and the round
against par, the band's New game gives the hole up (a new round or deal starts from the menu), a
hole that ends shows its score and then the scorecard, and the round is saved with every move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import N_, tr
from ..model.course import GolfRound, par_text
from ..model.round_code import HOLES
from ..solver import deals
from .base import Push, Replace, Scene, Transition
from .dialog import ConfirmDialog
from .golf_table import GolfTableScene
from .hud import HOLE, ROUND, STOCK, Slot
from .scorecard import ScorecardScene
from .scorecard_paint import shown

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


class RoundTableScene(GolfTableScene):
    """A hole of a round of golf in play."""

    def end_overlays(self) -> tuple[Callable[..., Scene], Callable[..., Scene]]:
        from .round_end import RoundBlockedOverlay, RoundWinOverlay

        return RoundWinOverlay, RoundBlockedOverlay

    def __init__(
        self,
        ctx: Context,
        rnd: GolfRound,
        resumed: dict | None = None,
        guaranteed: bool | None = None,
        demo: bool = False,
        note: str | None = None,
    ) -> None:
        super().__init__(ctx, rnd.game, resumed, rnd.winnable if guaranteed is None else guaranteed, demo)
        self.round = rnd
        #: Said once the cards are down (e.g. that a winnable round could not be had for these rules).
        self.note = note
        # in a round the band's New game gives the hole up; its other buttons stay as they are
        self.hud.actions = [(N_("Give up"), *a[1:]) if a[1] == self.go_new_game else a for a in self.hud.actions]

    def best_found(self) -> None:
        """A round's hole is judged against its par (the scorecard), not against its best."""
        return None

    def enter(self) -> None:
        if not self._started:
            if self.progress is not None:  # the round goes with its game (its next hole continues it)
                self.progress.begin(self.game, self.resumed, guaranteed=self.guaranteed, golf_round=self.round)
                if self.resumed is None and self.round.winnable:  # a listed deal: not dealt again alone
                    kind = deals.kind_of(self.game)
                    self.progress.mark_dealt(kind, self.round.numbers[self.round.hole - 1])
            if self.ctx.settings.golf_mode != "round":  # the New game window offers rounds from now on
                self.ctx.settings.golf_mode = "round"
                self.ctx.save_settings()
        super().enter()

    def counter_slots(self) -> list[Slot]:
        return [HOLE, ROUND, STOCK]

    def counter_values(self) -> list[str]:
        """The hole, the round against par (the hole just ended counted in), and the stock."""
        r = self.round
        return [f"{r.hole}/{HOLES}", shown(par_text(r.standing)), str(len(self.game.stock))]

    def update(self, dt: float) -> Transition:
        transition = super().update(dt)
        if self.note and not self.dealing:
            self.show_message(self.note)
            self.note = None
        return transition

    # -- the end of a hole -------------------------------------------------------------------------
    def show_scorecard(self) -> Transition:
        """The card with the hole just ended; Back (for a blocked hole) returns here, to undo."""
        return Push(ScorecardScene(self.ctx, self.round, can_go_back=self.game.status == "blocked"))

    def go_new_game(self) -> Transition:
        """In a round: give the hole up (after asking), or, once it has ended, its scorecard."""
        self.cancel_press()
        self.assist.forget()
        self.assist.stop(quiet=True, take_over=False)
        if self.round.hole_over:
            return self.show_scorecard()
        left = self.game.tableau_count
        return Push(
            ConfirmDialog(
                self.ctx,
                N_("Give up this hole?"),
                [
                    tr(
                        "It scores as blocked: {count} card left on the tableau.",
                        plural="It scores as blocked: {count} cards left on the tableau.",
                        count=left,
                    )
                ],
                N_("Give up"),
                self.give_up,
            )
        )

    def give_up(self) -> Transition:
        """The hole scores the cards on its tableau now, the next is dealt: the scorecard says so."""
        if self.round.hole_over or self.round.finished:
            return None
        self.round.give_up()
        if self.ctx.progress is not None:
            self.ctx.progress.round_changed(self.round)
        return Replace(ScorecardScene(self.ctx, self.round))
