"""The solvers of the game families, registered by the family's id (the registry, in the model's
layer, names no solver). Each loads its module on first use: importing the registry, or this
module, reads no search code.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import registry
from ..model.base import SolitaireGame
from ..model.eightoff import EightOffGame
from ..model.golf import GolfGame
from .result import Budget, Result

#: A family's solver: a game of the family and a budget in, a verdict out (the game is not changed).
Solve = Callable[[SolitaireGame, Budget], Result]


def _golf(game: SolitaireGame, budget: Budget) -> Result:
    from .golf import solve_golf  # the search's code loads with the first solve

    if not isinstance(game, GolfGame):
        raise TypeError(f"Golf's solver was given a {type(game).__name__}")
    return solve_golf(game, budget)


def _eightoff(game: SolitaireGame, budget: Budget) -> Result:
    from .eightoff import solve_eightoff  # (as Golf's)

    if not isinstance(game, EightOffGame):
        raise TypeError(f"Eight Off's solver was given a {type(game).__name__}")
    return solve_eightoff(game, budget)


#: Each family's solver, by family id.
SOLVERS: dict[str, Solve] = {registry.GOLF.id: _golf, registry.EIGHT_OFF.id: _eightoff}


def solver_for(game: SolitaireGame) -> Solve:
    """The solver of the game's family."""
    return SOLVERS[registry.kind_of(game).family.id]


def solve(game: SolitaireGame, budget: Budget) -> Result:
    """The game's family's solver, on its current position (its moves as the solver gives them)."""
    return solver_for(game)(game, budget)
