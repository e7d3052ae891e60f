"""One way to play a solver move on a model game, shared by the tables, the analysis and the demo.

A solver move is exactly what Result.moves holds: for Golf a column index (play that column's free
card) or 'draw'; for Eight Off a (src, dst, count) tuple as EightOffGame.move takes it. Keeping the
translation in one place means a replay, a hint and the self-playing demo can never disagree.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: Golf: column index (play) or 'draw'; Eight Off: (src, dst, count) as EightOffGame.move takes.
Move = int | str | tuple


def apply_move(game: Any, move: Move) -> None:
    """Play one solver/model move on the game; IllegalMove (from the model) if it is not allowed now.

    A move of the wrong shape for the game (a tuple for Golf, a column for Eight Off) is a
    programming error and raises ValueError.
    """
    from ..model.eightoff import EightOffGame

    if isinstance(game, EightOffGame):
        if not isinstance(move, (tuple, list)) or len(move) != 3:
            raise ValueError(f"not an Eight Off move: {move!r}")
        src, dst, count = move
        game.move(tuple(src), tuple(dst), count)
    elif move == "draw":
        game.draw()
    elif isinstance(move, int) and not isinstance(move, bool):
        game.play(move)
    else:
        raise ValueError(f"not a Golf move: {move!r}")


def replays_to_win(game: Any, moves: Iterable[Move]) -> bool:
    """Play `moves` through the model (on `game` itself) and say whether it ends won.

    An illegal move propagates as IllegalMove: a solver line that breaks the rules is a bug to see.
    """
    for move in moves:
        apply_move(game, move)
    return game.status == "won"


def copy_game(game: Any) -> Any:
    """An independent copy with the same start, history, score and counter (a JSON round trip)."""
    return type(game).from_json(game.to_json())
