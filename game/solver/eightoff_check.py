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

from ..model.cards import SUITS
from ..model.moves import EightOffMove
from .eightoff_state import CELL_COL, CELL_FND, COL_CELL, COL_COL, COL_FND, KING, SUIT_ORDER, Move

#: the model's foundation index of each internal suit
FOUNDATION_OF = [SUITS.index(s) for s in SUIT_ORDER]


#: the model's locations, built once: COLUMN[i] is ("column", i), and so on
COLUMN = tuple(("column", i) for i in range(16))
CELL = tuple(("cell", i) for i in range(16))
FOUNDATION = tuple(("foundation", FOUNDATION_OF[s]) for s in range(4))


def _code(card) -> int:
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


def model_moves(
    columns: Iterable[Iterable], cells: Iterable, foundations: Iterable[Iterable], moves: Iterable[Move]
) -> tuple[EightOffMove, ...] | None:
    """The model's moves for the search's `moves` from this position, or None if one breaks a rule
    or the line does not end with every card on its foundation.

    The position is a plain copy: columns as lists of card codes, the cells in the model's order
    (None where free), per suit the highest rank home; the free cells and empty columns are counted
    as the moves change them, for the group formula (free cells + 1) x 2^(empty columns other
    than the destination)."""
    cols = [[_code(c) for c in col] for col in columns]
    slots = [None if c is None else _code(c) for c in cells]
    home = [0] * 4
    for pile in foundations:
        for card in pile:
            suit = SUIT_ORDER.index(card.suit)
            home[suit] = max(home[suit], card.rank)
    free = slots.count(None)
    empty = sum(1 for col in cols if not col)
    out: list[EightOffMove] = []
    for kind, a, b, k in moves:
        if kind in (CELL_COL, CELL_FND):
            if a not in slots:
                return None
            cell, card = slots.index(a), a
            if kind == CELL_FND:
                if not _home(card, home):
                    return None
                slots[cell] = None
                free += 1
                out.append(EightOffMove(CELL[cell], FOUNDATION[card >> 4], 1))
                continue
            dst = cols[b]
            if not _fits(card, dst):
                return None
            slots[cell] = None
            free += 1
            empty -= not dst
            dst.append(card)
            out.append(EightOffMove(CELL[cell], COLUMN[b], 1))
            continue
        pile = cols[a]
        if not 1 <= k <= len(pile) or (k > 1 and kind != COL_COL):
            return None
        if kind == COL_COL:
            group, dst = pile[-k:], cols[b]
            card = group[0]
            if (
                a == b
                or any(x != y + 1 for x, y in zip(group, group[1:]))
                or not _fits(card, dst)
                or k > (free + 1) << (empty - (not dst))
            ):
                return None
            empty -= not dst
            del pile[-k:]
            dst += group
            out.append(EightOffMove(COLUMN[a], COLUMN[b], k))
        elif kind == COL_CELL:
            if not free:
                return None
            cell = slots.index(None)
            slots[cell] = pile.pop()
            free -= 1
            out.append(EightOffMove(COLUMN[a], CELL[cell], 1))
        elif kind == COL_FND:
            if not _home(pile[-1], home):
                return None
            card = pile.pop()
            out.append(EightOffMove(COLUMN[a], FOUNDATION[card >> 4], 1))
        else:
            return None
        empty += not pile
    if any(cols) or free != len(slots):
        return None
    return tuple(out)
