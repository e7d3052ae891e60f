"""The Eight Off solver's last word: its line turned into model moves and checked move by move.

The search speaks in internal moves (eightoff_state.py); the model takes (src, dst, count) with
real cell and foundation indices. Both are settled here on a plain copy of the position (cards as
`suit * 16 + rank` ints, cells in the model's order, foundation heights in its suit order), and
every move is checked against RULES.md as it is applied: a group is a same-suit descending run
within the group formula, a column takes one rank lower of its suit or a King when empty, a cell
takes one card, a foundation the next card of its suit. The line counts only if every card ends
home. It checks what a replay through the whole model would (undo records, log text, status on every
move) at a fraction of the cost; the tests replay every line through the model itself as well. The
moves come out as the model's own move values, so that solve() has nothing left to convert.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.cards import SUITS, Card
from ..model.moves import EightOffMove, Pile
from .eightoff_state import CELL_COL, CELL_FND, COL_CELL, COL_COL, COL_FND, KING, SUIT_ORDER, Move

#: the model's foundation index of each internal suit
FOUNDATION_OF = [SUITS.index(s) for s in SUIT_ORDER]


#: the model's piles, built once: COLUMN[i] is Pile.column(i), and so on
COLUMN = tuple(Pile.column(i) for i in range(16))
CELL = tuple(Pile.cell(i) for i in range(16))
FOUNDATION = tuple(Pile.foundation(FOUNDATION_OF[s]) for s in range(4))


def _code(card: Card) -> int:
    return SUIT_ORDER.index(card.suit) * 16 + card.rank


def _fits(card: int, dst: list[int]) -> bool:
    """Whether a column takes the card: one rank lower of its suit, or a King when empty."""
    return dst[-1] == card + 1 if dst else card & 15 == KING


def _home(card: int, home: list[int]) -> bool:
    """Send the card to its foundation if that takes it next (home: per suit, the highest rank on it)."""
    if home[card >> 4] != (card & 15) - 1:
        return False
    home[card >> 4] += 1
    return True


class _Line:
    """The plain copy of a position that a line is checked on: columns as lists of card codes, the
    cells in the model's order (None where free), per suit the highest rank home, and the free
    cells and empty columns counted as the moves change them. Each method makes one kind of
    internal move and gives the model's move, or None when the move breaks a rule."""

    def __init__(
        self, columns: Iterable[Iterable[Card]], cells: Iterable[Card | None], foundations: Iterable[Iterable[Card]]
    ) -> None:
        self.cols = [[_code(c) for c in col] for col in columns]
        self.slots = [None if c is None else _code(c) for c in cells]
        self.home = [0] * 4
        for pile in foundations:
            for card in pile:
                suit = SUIT_ORDER.index(card.suit)
                self.home[suit] = max(self.home[suit], card.rank)
        self.free = self.slots.count(None)
        self.empty = sum(1 for col in self.cols if not col)

    def make(self, kind: int, a: int, b: int, k: int) -> EightOffMove | None:
        if kind in (CELL_COL, CELL_FND):
            return self._from_cell(kind, a, b)
        pile = self.cols[a]
        if not 1 <= k <= len(pile) or (k > 1 and kind != COL_COL):
            return None
        if kind == COL_COL:
            move = self._group(a, b, k)
        elif kind == COL_CELL:
            move = self._to_cell(a)
        elif kind == COL_FND:
            move = self._column_home(a)
        else:
            return None
        self.empty += not pile
        return move

    def _from_cell(self, kind: int, card: int, b: int) -> EightOffMove | None:
        """A cell's card (named by its code) to its foundation or onto column b."""
        if card not in self.slots:
            return None
        cell = self.slots.index(card)
        if kind == CELL_FND:
            if not _home(card, self.home):
                return None
            dst = FOUNDATION[card >> 4]
        else:
            column = self.cols[b]
            if not _fits(card, column):
                return None
            self.empty -= not column
            column.append(card)
            dst = COLUMN[b]
        self.slots[cell] = None
        self.free += 1
        return EightOffMove(CELL[cell], dst, 1)

    def _group(self, a: int, b: int, k: int) -> EightOffMove | None:
        """k cards from column a onto column b: a same-suit run within the group formula
        (free cells + 1) x 2^(empty columns other than the destination)."""
        pile, dst = self.cols[a], self.cols[b]
        group = pile[-k:]
        if (
            a == b
            or any(x != y + 1 for x, y in zip(group, group[1:]))
            or not _fits(group[0], dst)
            or k > (self.free + 1) << (self.empty - (not dst))
        ):
            return None
        self.empty -= not dst
        del pile[-k:]
        dst += group
        return EightOffMove(COLUMN[a], COLUMN[b], k)

    def _to_cell(self, a: int) -> EightOffMove | None:
        if not self.free:
            return None
        cell = self.slots.index(None)
        self.slots[cell] = self.cols[a].pop()
        self.free -= 1
        return EightOffMove(COLUMN[a], CELL[cell], 1)

    def _column_home(self, a: int) -> EightOffMove | None:
        pile = self.cols[a]
        if not _home(pile[-1], self.home):
            return None
        card = pile.pop()
        return EightOffMove(COLUMN[a], FOUNDATION[card >> 4], 1)

    def cleared(self) -> bool:
        return not any(self.cols) and self.free == len(self.slots)


def model_moves(
    columns: Iterable[Iterable[Card]],
    cells: Iterable[Card | None],
    foundations: Iterable[Iterable[Card]],
    moves: Iterable[Move],
) -> tuple[EightOffMove, ...] | None:
    """The model's moves for the search's `moves` from this position, or None if one breaks a rule
    or the line does not end with every card on its foundation."""
    line = _Line(columns, cells, foundations)
    out: list[EightOffMove] = []
    for kind, a, b, k in moves:
        move = line.make(kind, a, b, k)
        if move is None:
            return None
        out.append(move)
    return tuple(out) if line.cleared() else None
