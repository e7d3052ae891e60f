"""The end of a hole of a round of golf: the win or blocked panel with the hole's score, and the way
on to the scorecard (instead of a new game). A blocked hole can still be undone from here: its
score becomes final only when the next hole is dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import N_, tr
from ..model.course import PAR_PER_HOLE, par_text
from .base import Action, Transition
from .end_screen import BlockedOverlay, WinOverlay
from .scorecard_paint import shown, strokes

if TYPE_CHECKING:  # pragma: no cover
    from .round_table import RoundTableScene


def hole_lines(table: RoundTableScene) -> list[str]:
    """The hole's score against its par, and where the round stands with it."""
    rnd = table.round
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
    table: RoundTableScene

    def lines(self) -> list[str]:
        lines = hole_lines(self.table)
        if self.table.assist.demo_won:
            lines.append(tr("A win by the demo does not count as yours."))
        return lines

    def actions(self) -> list[tuple[str, Action, str]]:
        if self.bare:
            return []
        return [(N_("Scorecard"), self.do_scorecard, "primary"), ("Menu", self.do_menu, "secondary")]

    def do_scorecard(self) -> Transition:
        return self.table.show_scorecard()

    def do_new(self) -> Transition:
        return self.do_scorecard()


class RoundBlockedOverlay(BlockedOverlay):
    """A hole blocked: its score (the cards left), where the win was lost, Undo, and the scorecard."""

    table: RoundTableScene

    def score_lines(self) -> list[str]:
        return hole_lines(self.table) + super().score_lines()[1:]  # the hole's score, not the deal's points

    def next_action(self) -> tuple[str, Action, str]:
        return (N_("Scorecard"), self.do_scorecard, "primary")  # never left out: the band has no scorecard

    def do_scorecard(self) -> Transition:
        return self.table.show_scorecard()

    def do_new(self) -> Transition:
        return self.do_scorecard()
