"""The end of a hole of a round of golf: the win or blocked panel with the hole's score, and the way
on to the scorecard (instead of a new game). A blocked hole can still be undone from here: its
score becomes final only when the next hole is dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..i18n import N_, tr
from ..model.course import PAR_PER_HOLE, par_text
from .base import Action, Transition
from .end_screen import BlockedOverlay, WinOverlay
from .scorecard_paint import shown, strokes

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.course import GolfRound
    from .end_screen import EndTable


class HoleEnd(Protocol):
    """What a hole's panel asks of the round it ends (round_table.RoundPlay)."""

    @property
    def round(self) -> GolfRound: ...
    def show_scorecard(self) -> Transition: ...


def hole_lines(rnd: GolfRound) -> list[str]:
    """The hole's score against its par, and where the round stands with it."""
    score = rnd.pending_score
    if score is None:
        return []
    return [
        tr("Hole {n}: {score} (par {par})", n=rnd.hole, score=strokes(score), par=PAR_PER_HOLE),
        tr("Round: {score} to par", score=shown(par_text(rnd.standing))),
    ]


class RoundWinOverlay(WinOverlay):
    """A hole cleared: its score (minus the stock left) over the bouncing cards; on to the scorecard."""

    title = N_("Hole cleared!")

    def __init__(self, ctx: Context, table: EndTable, hole: HoleEnd) -> None:
        self.hole = hole
        super().__init__(ctx, table)

    def lines(self) -> list[str]:
        lines = hole_lines(self.hole.round)
        if self.table.assist.demo_won:
            lines.append(tr("A win by the demo does not count as yours."))
        return lines

    def actions(self) -> list[tuple[str, Action, str]]:
        if self.bare:
            return []
        return [(N_("Scorecard"), self.do_scorecard, "primary"), ("Menu", self.do_menu, "secondary")]

    def do_scorecard(self) -> Transition:
        return self.hole.show_scorecard()

    def do_new(self) -> Transition:
        return self.do_scorecard()


class RoundBlockedOverlay(BlockedOverlay):
    """A hole blocked: its score (the cards left), where the win was lost, Undo, and the scorecard."""

    def __init__(self, ctx: Context, table: EndTable, hole: HoleEnd) -> None:
        self.hole = hole
        super().__init__(ctx, table)

    def score_lines(self) -> list[str]:
        return hole_lines(self.hole.round) + super().score_lines()[1:]  # the hole's score, not the deal's points

    def next_action(self) -> tuple[str, Action, str]:
        return (N_("Scorecard"), self.do_scorecard, "primary")  # never left out: the band has no scorecard

    def do_scorecard(self) -> Transition:
        return self.hole.show_scorecard()

    def do_new(self) -> Transition:
        return self.do_scorecard()
