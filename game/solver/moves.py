"""Playing a line of moves on a model game, shared by the deal lists, the analysis and the demo.

A move is the game's Move value (game.model.moves), or its plain form, which the solvers produce
inside (a Golf column index or 'draw'; an Eight Off (src, dst, count) tuple): `push` takes either.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..model.base import SolitaireGame


def apply_move(game: SolitaireGame, move: Any) -> None:
    """Play one move on the game; IllegalMove (from the model) if it is not allowed now, ValueError
    for a value that is no move of this game at all (a programming error)."""
    game.push(move)


def replays_to_win(game: SolitaireGame, moves: Iterable[Any]) -> bool:
    """Play `moves` through the model (on `game` itself) and say whether it ends won.

    An illegal move propagates as IllegalMove: a solver line that breaks the rules is a bug to see.
    """
    for move in moves:
        game.push(move)
    return game.status == "won"


def copy_game(game: SolitaireGame) -> SolitaireGame:
    """An independent copy with the same start, history, score and counter."""
    return game.copy()
