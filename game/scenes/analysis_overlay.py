"""The position can no longer be won: say whether the deal could have been, where the win was lost,
and offer to undo back to the last winnable position (one action, each undo animated)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..i18n import N_
from .analysis_text import AnalysedTable, analysis_lines, can_go_back
from .base import Action, Pop, Transition
from .end_layout import BandedTable, EndPlace
from .end_overlay import EndOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..solver.analysis import Analysis


class Rewinder(Protocol):
    """Undo back to the last winnable position (assist.Assistant)."""

    def rewind(self, count: int) -> None: ...


class AnalysisTable(BandedTable, AnalysedTable, Protocol):
    """What the analysis panel asks of the table beneath: its felt below the band, the analysis'
    words, the rewind and a new deal."""

    @property
    def assist(self) -> Rewinder: ...
    def go_new_game(self) -> Transition: ...


class AnalysisPanel:
    """Over the table, after a hint or Watch found no winning line from here."""

    dim_alpha = 70  # the cards stay readable
    compact_levels = 0

    def __init__(self, table: AnalysisTable, analysis: Analysis) -> None:
        self.table = table
        self.analysis = analysis

    @property
    def title(self) -> str:
        """At the deal already lost (a pasted unwinnable deal), it was never "no longer" winnable."""
        if getattr(self.analysis, "start", None) == "unwinnable":
            return N_("This deal cannot be won")
        return N_("This position can no longer be won")

    def lines(self, compact: int) -> list[str]:
        return analysis_lines(self.table, self.analysis)

    def actions(self, compact: int) -> list[tuple[str, Action, str]]:
        acts: list[tuple[str, Action, str]] = [(N_("Close"), self.close, "secondary")]
        if can_go_back(self.table, self.analysis):
            acts.append((N_("Undo to the last winnable position"), self.go_back, "primary"))
        elif self.analysis.start == "unwinnable":
            acts.append((N_("New game"), self.new_game, "primary"))
        return acts

    def close(self) -> Transition:
        return Pop()

    def go_back(self) -> Transition:
        needed = self.analysis.undos_needed  # (offered only when known: can_go_back)
        if needed is not None:
            self.table.assist.rewind(needed)
        return Pop()

    def new_game(self) -> Transition:
        return self.table.go_new_game() or Pop()

    def on_key(self, event: pygame.event.Event) -> Transition:
        if event.key in (pygame.K_ESCAPE, pygame.K_h):
            return Pop()
        return None


def AnalysisOverlay(ctx: Context, table: AnalysisTable, analysis: Analysis) -> EndOverlay:
    """The analysis panel over the table, in an end panel's place (end_layout)."""
    return EndOverlay(ctx, AnalysisPanel(table, analysis), EndPlace(table))
