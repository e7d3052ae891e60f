"""Playing a line of moves on a model game, shared by the deal lists, the analysis and the demo.

The solvers search with plain values of their own, fast to make and compare (a Golf column index
or 'draw'; an Eight Off (src, dst, count) tuple); the model takes only its Move values. These
helpers are that boundary: each takes a move in either form and turns it into the game's Move.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from ..model.base import SolitaireGame

G = TypeVar("G", bound=SolitaireGame[Any])


def apply_move(game: SolitaireGame[Any], move: Any) -> None:
    """Play one move on the game; IllegalMove (from the model) if it is not allowed now, ValueError
    for a value that is no move of this game at all (a programming error)."""
    game.push(game.MOVE.coerce(move))


def replays_to_win(game: SolitaireGame[Any], moves: Iterable[Any]) -> bool:
    """Play `moves` through the model (on `game` itself) and say whether it ends won.

    An illegal move propagates as IllegalMove: a solver line that breaks the rules is a bug to see.
    """
    for move in moves:
        apply_move(game, move)
    return game.status == "won"


def copy_game(game: G) -> G:
    """An independent copy with the same start, history, score and counter."""
    return game.copy()
