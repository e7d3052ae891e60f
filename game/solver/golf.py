"""The Golf solver's door: a model position in, a Result with the model's own moves out."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .golf_search import GolfSearch
from .result import Budget, Result

if TYPE_CHECKING:  # the model is only needed for the annotations
    from ..model.golf import GolfGame


def compact(game: GolfGame) -> tuple[list[list[int]], list[int], int, str]:
    """(column ranks covered -> free, stock ranks with the next draw last, waste top rank or 0, rule).

    Suits never matter in Golf, so ranks are the whole position.
    """
    columns = [[c.rank for c in col] for col in game.columns]
    stock = [c.rank for c in game.stock]
    top = game.waste_top
    return columns, stock, 0 if top is None else top.rank, game.rule


def solve_golf(game: GolfGame, budget: Budget | None = None) -> Result:
    """Solve a GolfGame from its current position without changing it.

    'winnable' comes with the moves (column index or 'draw') that win from here; 'unwinnable'
    only after an exhaustive search; 'unknown' if `budget` ran out first.
    """
    budget = budget or Budget()
    start = time.perf_counter()
    if game.status == "won":
        return Result("winnable", (), 0, time.perf_counter() - start)
    if game.status != "playing":
        return Result("unwinnable", (), 0, time.perf_counter() - start)
    columns, stock, waste, rule = compact(game)
    search = GolfSearch(columns, stock, waste, rule, budget.states, budget.deadline())
    verdict, moves, states = search.run()
    return Result(verdict, tuple(moves), states, time.perf_counter() - start)
