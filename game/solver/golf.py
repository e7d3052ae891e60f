"""The Golf solver's door: a model position in, a Result with the model's own moves out.

Two exact searches over the same state (column heights, cards drawn, waste top rank): a depth-
first search with cuts (golf_search.py), quick when a win is near or a cut bites early, and a
bit-parallel sweep over every heights vector (golf_sweep.py), whose cost hardly depends on the
position. The depth-first search runs first, for a share of the work the sweep would take
(FIRST_SHARE); if it has not decided by then, the sweep decides. So no position costs much more
than the sweep, and the many quick ones stay quick.

Both engines take the rule set by name (game.rule: 'easy', 'strict', 'classic+j2', ...) and read
it as golf_fit.Flags; jokers (rank 0) and an empty start are part of the position itself.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .golf_search import GolfSearch
from .golf_sweep import GolfSweep
from .result import Budget, Result

#: The depth-first search's share of the sweep's estimated cost. Measured on deals 1-4000: most
#: wins it finds at all it finds early, and past this the sweep is the cheaper way to finish.
FIRST_SHARE = 0.4

if TYPE_CHECKING:  # the model is only needed for the annotations
    from ..model.golf import GolfGame


def compact(game: GolfGame) -> tuple[list[list[int]], list[int], int, str]:
    """(column ranks covered -> free, stock ranks with the next draw last, waste top rank or 0, rule).

    Suits never matter in Golf, so ranks are the whole position. A joker is rank 0 wherever it
    is; on the waste it takes any card, exactly as an empty waste (also 0) does.
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
    deadline = budget.deadline()
    sweep = GolfSweep(columns, stock, waste, rule)
    first = max(1, int(sweep.cost() * FIRST_SHARE))
    if budget.states is not None:
        first = min(first, budget.states)
    verdict, moves, states = GolfSearch(columns, stock, waste, rule, first, deadline).run()
    if (
        verdict == "unknown"
        and (deadline is None or time.perf_counter() < deadline)
        and (budget.states is None or states < budget.states)
    ):
        rest = None if budget.states is None else budget.states - states
        verdict, moves, units = sweep.run(rest, deadline)
        states += units
    return Result(verdict, tuple(moves), states, time.perf_counter() - start)
