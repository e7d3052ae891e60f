"""What an analysis of a game says, in the player's language, for the panels that show it (the
blocked panel and "this position can no longer be won")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame
    from ..solver.analysis import Analysis
    from .table_contract import TableRules


class AnalysedTable(Protocol):
    """What the analysis' words ask of a table: its game and how its rules name a move."""

    game: SolitaireGame

    @property
    def rules(self) -> TableRules: ...


def analysis_lines(table: AnalysedTable, analysis: Analysis) -> list[str]:
    """What the analysis says, in the player's language: could the deal be won, and where was the win
    lost."""
    if not hasattr(analysis, "start"):  # the solver failed (game.jobs.JobFailed)
        return [tr("The solver could not answer this time")]
    if analysis.start == "unwinnable":
        return [tr("This deal could not be won, whatever the moves.")]
    if analysis.start == "unknown":
        return [tr("The solver could not work this deal out in time.")]
    lines = [tr("This deal could be won.")]
    if analysis.last_winnable is not None and analysis.lost_move is not None:
        what = table.rules.describe_move(analysis.last_winnable, analysis.lost_move)
        ago = analysis.undos_needed  # counted back from now: the HUD's move counter never goes down
        if ago == 1:
            lines.append(tr("The win was lost with the last move: {move}.", move=what))
        else:
            lines.append(
                tr(
                    "The win was lost {count} move ago: {move}.",
                    plural="The win was lost {count} moves ago: {move}.",
                    count=ago,
                    move=what,
                )
            )
    elif analysis.now != "winnable":
        lines.append(tr("The solver could not find where the win was lost."))
    return lines


def can_go_back(table: AnalysedTable, analysis: Analysis) -> bool:
    """Whether undo can reach the last winnable position (the undo limit is a rule, not bent here)."""
    need = getattr(analysis, "undos_needed", None)
    return need is not None and 0 < need <= table.game.undo_depth
