"""A round of golf at the table: one hole of nine at a time.

The table (table.py) plays the hole with Golf's rules; this controller, which the table owns, is the
round's word in it: the band shows the hole ("Hole 4/9") and the round against par, the band's New
game gives the hole up (a new round or deal starts from the menu), a hole that ends shows its score
and then the scorecard, and the round is saved with every move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import N_, tr
from ..model.course import GolfRound
from ..model.round_code import HOLES
from ..solver import deals
from .band_marks import to_par
from .base import Push, Replace, Transition
from .dialog import ConfirmDialog
from .hud import HOLE, ROUND, STOCK, Slot
from .scorecard import ScorecardScene

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..persist.progress import Progress


class RoundPlay:
    """The round a table plays a hole of."""

    def __init__(self, ctx: Context, rnd: GolfRound, note: str | None = None) -> None:
        self.ctx = ctx
        self.round = rnd
        #: Said once the cards are down (e.g. that a winnable round could not be had for these rules).
        self.note = note

    def begin(self, progress: Progress | None, resumed: dict | None, guaranteed: bool | None) -> None:
        """The hole's table is first shown: the round goes with its game (its next hole continues it),
        and the New game window offers rounds from now on."""
        rnd = self.round
        if progress is not None:
            progress.begin(rnd.game, resumed, guaranteed=guaranteed, golf_round=rnd)
            if resumed is None and rnd.winnable:  # a listed deal: not dealt again alone
                progress.mark_dealt(deals.kind_of(rnd.game), rnd.numbers[rnd.hole - 1])
        if self.ctx.settings.golf_mode != "round":
            self.ctx.settings.golf_mode = "round"
            self.ctx.save_settings()

    def counter_slots(self) -> list[Slot]:
        return [HOLE, ROUND, STOCK]

    def counter_values(self) -> list[str]:
        """The hole, the round against par (the hole just ended counted in), and the stock."""
        r = self.round
        return [f"{r.hole}/{HOLES}", to_par(r.standing), str(len(r.game.stock))]  # "Even", not "E"

    def update(self, dealing: bool, say: Callable[[str], None]) -> None:
        """The note, once the cards are down."""
        if self.note and not dealing:
            say(self.note)
            self.note = None

    # -- the end of a hole -------------------------------------------------------------------------
    def show_scorecard(self) -> Transition:
        """The card with the hole just ended; its Back returns here, to the hole's panel (a blocked
        hole may be undone from it), whether the hole was won or blocked: one word, one action."""
        return Push(ScorecardScene(self.ctx, self.round, can_go_back=True))

    def give_up_asked(self) -> Transition:
        """The band's Give up: the hole is given up after asking, or, once it has ended, its scorecard."""
        if self.round.hole_over:
            return self.show_scorecard()
        left = self.round.game.tableau_count
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
