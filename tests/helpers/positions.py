"""Positions written as card names, and independent references, for the model's and the solver's tests."""

from __future__ import annotations

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import Pile

RANKS = "A23456789TJQK"
SUITS = "SHDC"
MAX_NUMBER = 26**7 - 1


def encode(number: int) -> str:
    """Independent reference: base 26, A=0, most significant first, 7 letters."""
    letters = []
    for _ in range(7):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def names(seq):
    return [None if c is None else str(c) for c in seq]


def golf(columns, waste, stock=(), rule="easy"):
    """A Golf position; columns listed covered -> free, padded to 7; stock[-1] is drawn next."""
    cols = [list(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    return GolfGame.from_layout(cols, list(waste), list(stock), rule=rule)


def golf_snapshot(game):
    return ([names(c) for c in game.columns], names(game.waste), names(game.stock), game.score, game.status)


def col(i):
    return Pile.column(i)


def cell(i):
    return Pile.cell(i)


def fnd(i):
    return Pile.foundation(i)


def eo(columns, cells=(), foundations=None, n=8):
    """An Eight Off position: columns listed bottom -> top (padded to 8), cells padded with None to n."""
    cols = [list(c) for c in columns] + [[] for _ in range(8 - len(columns))]
    return EightOffGame.from_layout(cols, list(cells) + [None] * (n - len(cells)), foundations)


def eightoff_snapshot(game):
    return (
        [names(c) for c in game.columns],
        names(game.cells),
        [names(f) for f in game.foundations],
        game.score,
        game.status,
    )
