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

from collections.abc import Iterator
from typing import Any

from .base import SolitaireGame
from .eightoff import EightOffGame
from .moves import EightOffMove, Move, Pile, PileKind


def at_dead_end(game: SolitaireGame[Any]) -> bool:
    """Whether no move is left that changes anything (a blocked Golf deal; an Eight Off position
    whose legal moves, if any, are all idle); never for a won game."""
    if game.status == "won":
        return False
    if isinstance(game, EightOffGame):
        return game.status == "playing" and not any(True for _ in _useful_moves(game))
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


def _useful_moves(game: EightOffGame) -> Iterator[EightOffMove]:
    """The legal moves that are not idle, the likeliest first (a card home, onto a column, into a
    cell), lazily: a caller asking whether there is one stops at the first."""
    columns, cells = game.columns, game.cells
    sources = [(Pile.cell(i), 1) for i, card in enumerate(cells) if card is not None]
    sources += [(Pile.column(i), n) for i, col in enumerate(columns) if col for n in range(1, game.run_length(i) + 1)]
    destinations = [
        *(Pile.foundation(i) for i in range(len(game.foundations))),
        *(Pile.column(i) for i in range(len(columns))),
        *(Pile.cell(i) for i, card in enumerate(cells) if card is None),
    ]
    for dst in destinations:
        for src, count in sources:
            move = EightOffMove(src, dst, count)
            if game.is_legal(move) and not is_idle(game, move):
                yield move
