"""Exact solvers for Golf and Eight Off under RULES.md: pure Python, no pygame, no I/O.

`solve(game, budget)` works from any position of a model game and never gives a wrong verdict:
'winnable' comes with a move list the model replays to a win, 'unwinnable' only after an
exhaustive search, 'unknown' when the budget ran out first.
"""
from __future__ import annotations

from .result import Budget, Result, as_budget

__all__ = ["Budget", "Result", "solve"]


def solve(game, budget: Budget | int | float | None = None) -> Result:
    """Solve `game` (a GolfGame or EightOffGame, any position) within `budget`.

    An int budget counts searched states, a float counts seconds; a Budget can hold both.
    The game object is not changed.
    """
    from ..model.eightoff import EightOffGame
    from ..model.golf import GolfGame

    limit = as_budget(budget)
    if isinstance(game, GolfGame):
        from .golf import solve_golf
        return solve_golf(game, limit)
    if isinstance(game, EightOffGame):
        from .eightoff import solve_eightoff
        return solve_eightoff(game, limit)
    raise TypeError(f"no solver for {type(game).__name__}")
