"""The end of a hole of a round of golf: the win or blocked panel with the hole's score, and the way
on to the scorecard (instead of a new game). A blocked hole can still be undone from here: its
score becomes final only when the next hole is dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..i18n import tr
from ..model.course import PAR_PER_HOLE, par_text
from .base import Transition
from .end_screen import BlockedOverlay, WinOverlay
from .scorecard_paint import shown, strokes

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.course import GolfRound
    from .dialog import DialogOverlay
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
    hole = tr("Hole {n}: {score} (par {par})", n=rnd.hole, score=strokes(score), par=PAR_PER_HOLE)
    if rnd.standing == 0:  # spelled out: an "E" alone is golfers' shorthand a new player does not know
        return [hole, tr("Round: even par")]
    return [hole, tr("Round: {score} to par", score=shown(par_text(rnd.standing)))]


class HoleScore:
    """The hole a panel ends (end_screen.EndingHole): its score's lines, and its scorecard."""

    def __init__(self, hole: HoleEnd) -> None:
        self.hole = hole

    def lines(self) -> list[str]:
        return hole_lines(self.hole.round)

    def show_scorecard(self) -> Transition:
        return self.hole.show_scorecard()


def RoundWinOverlay(ctx: Context, table: EndTable, hole: HoleEnd) -> DialogOverlay:
    """A hole cleared: its score (minus the stock left) over the bouncing cards; on to the scorecard."""
    return WinOverlay(ctx, table, HoleScore(hole))


def RoundBlockedOverlay(ctx: Context, table: EndTable, hole: HoleEnd) -> DialogOverlay:
    """A hole blocked: its score (the cards left), where the win was lost, Undo, and the scorecard."""
    return BlockedOverlay(ctx, table, HoleScore(hole))
