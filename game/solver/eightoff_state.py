"""The Eight Off solver's compact position: cards as small ints, columns as bytes, cells as sorted bytes.

A card is `suit * 16 + rank` (suit 0..3 in S H D C order, rank 1..13), so the only card that may lie on
card `c` is `c - 1` and `c`'s parent (the card it may be put on) is `c + 1`. A position is
`(cols, cells, need)`: eight bytes objects listed bottom → top (in the model's column order), the cell
cards as sorted bytes (cells are interchangeable) and, per suit, the code of the next card its
foundation takes (`suit * 16 + 14` when complete). The foundations follow from the cards still in
play, so the transposition key holds only the sorted columns and the cells.

Internal moves are `(kind, a, b, count)`:
    COL_COL   column a → column b (count cards)      COL_CELL  column a's top → a cell
    COL_FND   column a's top → its foundation         CELL_COL  cell card a → column b
    CELL_FND  cell card a → its foundation
Cell moves name the card, not the cell: the model's cell index is found when the moves are replayed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model.cards import Card

COL_COL, COL_CELL, COL_FND, CELL_COL, CELL_FND = range(5)
SUIT_ORDER = "SHDC"
KING = 13

Move = tuple[int, int, int, int]
State = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]


def code(rank: int, suit: str) -> int:
    return SUIT_ORDER.index(suit) * 16 + rank


def encode(
    columns: Iterable[Iterable[Card]], cells: Iterable[Card | None], foundations: Iterable[Sequence[Card]]
) -> State:
    """The compact form of a model position (cards are model Card objects or None)."""
    cols = tuple(bytes(code(c.rank, c.suit) for c in col) for col in columns)
    cell_bytes = bytes(sorted(code(c.rank, c.suit) for c in cells if c is not None))
    need = tuple(s * 16 + len(f) + 1 for s, f in enumerate(foundations))
    return cols, cell_bytes, need


def key(cols: tuple[bytes, ...], cells: bytes) -> bytes:
    """Transposition key: columns sorted (columns are interchangeable for reachability), then the cells."""
    return b"\0".join(sorted(cols)) + b"\0" + cells


class Rules:
    """Move generation and forced moves for one cell count, with a per-column cache of the top run."""

    def __init__(self, cell_count: int) -> None:
        self.cell_count = cell_count
        self.runs: dict[bytes, tuple[int, int, int]] = {}

    def run(self, col: bytes) -> tuple[int, int, int]:
        """(length, bottom card, disorder) of a non-empty column: the length of the same-suit
        descending run on top, its bottom card, and how many cards do not lie on their parent (the
        bottom card counts unless it is a King) - only the move ordering uses the last."""
        info = self.runs.get(col)
        if info is None:
            j = len(col) - 1
            while j > 0 and col[j - 1] == col[j] + 1:
                j -= 1
            disorder = sum(1 for a, b in zip(col, col[1:]) if a != b + 1) + (col[0] & 15 != KING)
            info = (len(col) - j, col[j], disorder)
            if len(self.runs) > 200_000:
                self.runs.clear()
            self.runs[col] = info
        return info

    # -- forced moves ------------------------------------------------------------------------------
    @staticmethod
    def settle(cols: list[bytes], cells: bytes, need: list[int], out: list[Move]) -> bytes:
        """Send every card that can go to its foundation there, in place (safe: see eightoff.py);
        returns the cells."""
        moved = True
        while moved:
            moved = False
            for c in cells:
                if need[c >> 4] == c:
                    need[c >> 4] += 1
                    cells = cells.replace(bytes((c,)), b"")
                    out.append((CELL_FND, c, 0, 1))
                    moved = True
            for i, col in enumerate(cols):
                while col and need[col[-1] >> 4] == col[-1]:
                    need[col[-1] >> 4] += 1
                    out.append((COL_FND, i, 0, 1))
                    col = col[:-1]
                    moved = True
                cols[i] = col
        return cells

    @staticmethod
    def settle_after(cols: list[bytes], cells: bytes, need: list[int], out: list[Move], src: int) -> bytes:
        """settle() for a settled position after one move from column src (-1: from a cell): only the
        card the move uncovered, and then the next card of each suit that went home, can go home."""
        if src < 0 or not cols[src]:
            return cells
        top = cols[src][-1]
        if need[top >> 4] != top:
            return cells
        tops = {col[-1]: j for j, col in enumerate(cols) if col}  # cards are distinct
        work = [top >> 4]
        while work:
            suit = work.pop()
            c = need[suit]
            while True:
                if c in cells:
                    cells = cells.replace(bytes((c,)), b"")
                    out.append((CELL_FND, c, 0, 1))
                else:
                    j = tops.pop(c, -1)
                    if j < 0:
                        break
                    col = cols[j] = cols[j][:-1]
                    out.append((COL_FND, j, 0, 1))
                    if col:
                        under = col[-1]
                        tops[under] = j
                        if under >> 4 != suit and need[under >> 4] == under:
                            work.append(under >> 4)
                c += 1
                need[suit] = c
        return cells

    # -- ordinary moves ----------------------------------------------------------------------------
    def moves(self, cols: tuple[bytes, ...], cells: bytes) -> list[Move]:
        """Every move the search needs to try from a settled position, one per symmetry class.

        Left out, exactly: moves into a second free cell or empty column (interchangeable), cell to
        cell, and a whole column from a King into an empty column (a permutation of the columns)."""
        free = self.cell_count - len(cells)
        tops = {col[-1]: j for j, col in enumerate(cols) if col}  # cards are distinct
        empties = len(cols) - len(tops)
        empty = cols.index(b"") if empties else -1
        limit = (free + 1) << empties  # the group formula (free cells + 1) × 2^(empty columns), onto a non-empty column
        runs, run = self.runs, self.run
        out: list[Move] = []
        for i, col in enumerate(cols):
            if not col:
                continue
            k, bottom, _ = runs.get(col) or run(col)
            if bottom & 15 != KING:
                j = tops.get(bottom + 1)
                if j is not None and k <= limit:
                    out.append((COL_COL, i, j, k))
            elif empties and k < len(col) and k <= limit >> 1:
                out.append((COL_COL, i, empty, k))
            if free:
                out.append((COL_CELL, i, 0, 1))
        _cell_moves(cells, tops, empty, out)
        return out


def _cell_moves(cells: bytes, tops: dict[int, int], empty: int, out: list[Move]) -> None:
    """Rules.moves' moves from the cells: a King to the first empty column (-1: none), any other
    card onto the column whose top is one rank higher of its suit."""
    for c in cells:
        if c & 15 == KING:
            if empty >= 0:
                out.append((CELL_COL, c, empty, 1))
        else:
            j = tops.get(c + 1)
            if j is not None:
                out.append((CELL_COL, c, j, 1))
