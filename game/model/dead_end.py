"""A dead end: no move left that changes the game, though it is not won.

Golf's is its blocked deal (the stock empty and no free card fits the waste). Eight Off never says it
is lost (RULES.md), yet a position can leave nothing to do: every free cell full and no card of a
column or a cell that goes to a foundation or onto a column. Two kinds of legal move change nothing
there and do not count: a card taken back off a foundation (it only goes where the card above it
could go, or onto a King brought down into an empty column, which takes only its own suit, all of
it home already), and a whole column moved into another empty column (the same piles, in other
places). The table draws the eye to Undo and Hint at a dead end (game.scenes.dead_end).
"""

from __future__ import annotations

from typing import Any

from .base import SolitaireGame
from .eightoff import EightOffGame
from .moves import EightOffMove, Move, PileKind


def at_dead_end(game: SolitaireGame[Any]) -> bool:
    """Whether no move is left that changes anything (a blocked Golf deal; an Eight Off position
    whose legal moves, if any, are all idle); never for a won game."""
    if game.status == "won":
        return False
    if isinstance(game, EightOffGame):
        return game.status == "playing" and all(is_idle(game, move) for move in game.legal_moves())
    return not game.legal_moves()


def is_idle(game: SolitaireGame[Any], move: Move) -> bool:
    """Whether a legal `move` changes nothing that matters (see the module's docstring): an Eight Off
    card taken off a foundation, or a whole column moved into an empty one. Every Golf move counts."""
    if not isinstance(game, EightOffGame) or not isinstance(move, EightOffMove):
        return False
    src, dst = move.src, move.dst
    if src.kind is PileKind.FOUNDATION:
        return True
    columns = game.columns
    whole = src.kind is PileKind.COLUMN and move.count == len(columns[src.index])
    return whole and dst.kind is PileKind.COLUMN and not columns[dst.index]
