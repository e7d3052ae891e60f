"""Exact solvers for Golf and Eight Off under RULES.md: pure Python, no pygame, no I/O.

`solve(game, budget)` works from any position of a model game and never gives a wrong verdict:
'winnable' comes with a move list the model replays to a win, 'unwinnable' only after an
exhaustive search, 'unknown' when the budget ran out first.
"""

from __future__ import annotations

import dataclasses

from ..model.base import SolitaireGame
from .result import Budget, Result, as_budget
from .solvers import solver_for

__all__ = ["Budget", "Result", "solve"]


def solve(game: SolitaireGame, budget: Budget | int | float | None = None) -> Result:
    """Solve `game` (any kind, any position) within `budget` with its kind's solver.

    An int budget counts searched states, a float counts seconds; a Budget can hold both.
    The game object is not changed. The result's moves are the game's Move values.
    """
    result = solver_for(game)(game, as_budget(budget))
    # the solvers' boundary: their plain moves become the game's Move values
    return dataclasses.replace(result, moves=tuple(game.MOVE.coerce(m) for m in result.moves))
