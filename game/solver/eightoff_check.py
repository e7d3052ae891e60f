"""The Eight Off solver's last word: its line turned into model moves and checked move by move.

The search speaks in internal moves (eightoff_state.py); the model takes (src, dst, count) with
real cell and foundation indices. Both are settled here on a plain copy of the position (cards as
`suit * 16 + rank` ints, cells in the model's order, foundation heights in its suit order), and
every move is checked against RULES.md as it is applied: a group is a same-suit descending run
within the group formula, a column takes one rank lower of its suit or a King when empty, a cell
takes one card, a foundation the next card of its suit. The line counts only if every card ends
home. This is the check the solver used to make by replaying through the whole model (undo
records, log text, status on every move), at a fraction of the cost; the tests still replay
every line through the model itself.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..model.cards import SUITS
from .eightoff_state import CELL_COL, CELL_FND, COL_CELL, COL_COL, COL_FND, KING, SUIT_ORDER, Move

#: the model's foundation index of each internal suit
FOUNDATION_OF = [SUITS.index(s) for s in SUIT_ORDER]


class _Position:
    """A mutable copy of a model position with just enough to check the rules."""

    def __init__(self, columns: Iterable[Iterable], cells: Iterable, foundations: Iterable[Iterable]) \
            -> None:
        def code(card) -> int:
            return SUIT_ORDER.index(card.suit) * 16 + card.rank

        self.cols = [[code(c) for c in col] for col in columns]
        self.cells = [None if c is None else code(c) for c in cells]
        self.home = [0] * 4  # per internal suit: the highest rank on its foundation
        for pile in foundations:
            for card in pile:
                self.home[SUIT_ORDER.index(card.suit)] = max(self.home[SUIT_ORDER.index(card.suit)],
                                                             card.rank)

    def limit(self, dst: int) -> int:
        """The group formula: (free cells + 1) x 2^(empty columns other than the destination)."""
        empty = sum(1 for j, col in enumerate(self.cols) if not col and j != dst)
        return (self.cells.count(None) + 1) << empty

    def fits_column(self, card: int, dst: int) -> bool:
        pile = self.cols[dst]
        return pile[-1] == card + 1 if pile else card & 15 == KING

    def to_foundation(self, card: int) -> bool:
        suit = card >> 4
        if self.home[suit] != (card & 15) - 1:
            return False
        self.home[suit] += 1
        return True


def model_moves(columns: Iterable[Iterable], cells: Iterable, foundations: Iterable[Iterable],
                moves: Iterable[Move]) -> tuple[tuple, ...] | None:
    """The model's moves for the search's `moves` from this position, or None if one breaks a rule
    or the line does not end with every card on its foundation."""
    pos = _Position(columns, cells, foundations)
    out: list[tuple] = []
    for kind, a, b, k in moves:
        if kind in (CELL_COL, CELL_FND):
            if a not in pos.cells:
                return None
            cell = pos.cells.index(a)
            card = a
        else:
            pile = pos.cols[a]
            if not 1 <= k <= len(pile) or (k > 1 and kind != COL_COL):
                return None
            card = pile[-k]
        if kind == COL_COL:
            group = pos.cols[a][-k:]
            if a == b or any(x != y + 1 for x, y in zip(group, group[1:])) \
                    or not pos.fits_column(card, b) or k > pos.limit(b):
                return None
            del pos.cols[a][-k:]
            pos.cols[b] += group
            out.append((("column", a), ("column", b), k))
        elif kind == COL_CELL:
            if None not in pos.cells:
                return None
            free = pos.cells.index(None)
            pos.cells[free] = pos.cols[a].pop()
            out.append((("column", a), ("cell", free), 1))
        elif kind == COL_FND:
            if not pos.to_foundation(card):
                return None
            pos.cols[a].pop()
            out.append((("column", a), ("foundation", FOUNDATION_OF[card >> 4]), 1))
        elif kind == CELL_COL:
            if not pos.fits_column(card, b):
                return None
            pos.cells[cell] = None
            pos.cols[b].append(card)
            out.append((("cell", cell), ("column", b), 1))
        elif kind == CELL_FND:
            if not pos.to_foundation(card):
                return None
            pos.cells[cell] = None
            out.append((("cell", cell), ("foundation", FOUNDATION_OF[card >> 4]), 1))
        else:
            return None
    if any(pos.cols) or any(c is not None for c in pos.cells):
        return None
    return tuple(out)
