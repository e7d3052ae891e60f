"""A single Golf deal's best result, the best golf score that play from its start can reach: asked
of the solver's worker when the deal ends, shown on its end screens beside the player's own golf
score. A round of nine has its par instead, and attract mode shows no panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.i18n import tr
from game.scenes.scorecard_paint import shown
from game.solver.golf_best import DEFAULT_STATES  # positions, not time: the same answer on every machine

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.jobs import Job
    from game.model.base import SolitaireGame
    from game.solver.golf_best import BestScore


class BestAsker(Protocol):
    """What the search asks of its table: the jobs, the deal, and whether attract mode plays it."""

    ctx: Context
    game: SolitaireGame

    @property
    def in_attract_mode(self) -> bool: ...


def signed(score: int) -> str:
    """A golf score as the screen writes it: '3', '0', '–7' (the fonts have no true minus sign, so
    an en dash, as the scorecard writes it)."""
    return shown(f"\u2212{-score}") if score < 0 else str(score)


class BestFound:
    """The best score of one deal from its start, asked once (undo and a second end reuse it)."""

    def __init__(self, table: BestAsker) -> None:
        self.table = table
        self.job: Job | None = None
        self._answer: BestScore | None = None
        self._failed = False

    def ask(self) -> None:
        """Start the search if it has not been started for this deal."""
        if self.job is None and not self.table.in_attract_mode:
            self.job = self.table.ctx.jobs.golf_best(self.table.game.root(), DEFAULT_STATES)

    def failed(self) -> bool:
        """Whether the worker answered without a result (nothing will come)."""
        self.answer()
        return self._failed

    def answer(self) -> BestScore | None:
        """The best found, once the worker has answered (None before, or if the search failed)."""
        if self._answer is None and not self._failed and self.job is not None and self.job.done:
            from game.solver.golf_best import BestScore

            result = self.job.result()
            self._answer = result if isinstance(result, BestScore) else None
            self._failed = self._answer is None
        return self._answer


def golf_scores_line(game: SolitaireGame, best: BestScore | None, searching: bool) -> str:
    """The player's golf score beside the deal's best: 'Your golf score: 3 · best possible for this
    deal: 1' (proved) or '… best found …' (within the budget); '…' while the search runs, and the
    player's alone where it could not answer."""
    from game.model.golf import GolfGame, hole_score

    assert isinstance(game, GolfGame)  # (a single Golf deal's panels ask it)
    mine = signed(hole_score(game))
    if best is not None and best.proved:
        return tr("Your golf score: {mine} · best possible for this deal: {best}", mine=mine, best=signed(best.score))
    if best is not None:
        return tr("Your golf score: {mine} · best found for this deal: {best}", mine=mine, best=signed(best.score))
    if searching:
        return tr("Your golf score: {mine} · best possible for this deal: {best}", mine=mine, best="…")
    return tr("Your golf score: {mine}", mine=mine)
