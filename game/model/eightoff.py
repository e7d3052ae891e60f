"""Eight Off: build down by suit, eight (or four, or two) cells, Kings into empty columns (RULES.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .base import SolitaireGame, card_list, card_strings
from .cards import SUITS, Card, check_distinct, to_card
from .codes import MAX_NUMBER, DealCode, parse_code
from .core import Position
from .deals import eightoff_deal
from .errors import IllegalMove
from .moves import EightOffMove, Pile, PileKind

COLUMN_COUNT = 8
CELL_OPTIONS = (8, 4, 2)
POINTS_PER_CARD = 10

# Every pile of any Eight Off table, made once: legal_moves names them many times a call.
_COLUMNS = tuple(Pile.column(i) for i in range(COLUMN_COUNT))
_CELLS = tuple(Pile.cell(i) for i in range(max(CELL_OPTIONS)))
_FOUNDATIONS = tuple(Pile.foundation(i) for i in range(len(SUITS)))
_SIZES = {PileKind.COLUMN: COLUMN_COUNT, PileKind.FOUNDATION: len(SUITS)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
# legal_moves names piles by slot: the columns, then the cells, then the foundations; and takes its
# moves of one card from a table made once, _ONE[src slot][dst slot].
_PILES = (*_COLUMNS, *_CELLS, *_FOUNDATIONS)
_CELL_SLOT, _FOUNDATION_SLOT = len(_COLUMNS), len(_COLUMNS) + len(_CELLS)
_ONE = tuple(tuple(EightOffMove(src, dst, 1) for dst in _PILES) for src in _PILES)


def column(i: int) -> Pile:
    return _COLUMNS[i]


def cell(i: int) -> Pile:
    return _CELLS[i]


def foundation(i: int) -> Pile:
    return _FOUNDATIONS[i]


def is_run(cards: Sequence[Card]) -> bool:
    """Same suit, each card one rank below the one under it (e.g. 9♣ 8♣ 7♣, bottom to top)."""
    return all(a.suit == b.suit and a.rank == b.rank + 1 for a, b in zip(cards, cards[1:]))


def _next_home(columns: list[list[Card]], cells: list[Card | None], heights: list[int]) -> Pile | None:
    """The pile whose top card goes to its foundation next in finish_line's order: the lowest rank
    first, columns before cells, left to right; None when no top card fits its foundation."""

    def fits(card: Card) -> bool:
        return card.rank == heights[SUITS.index(card.suit)] + 1

    ready = [(col[-1].rank, 0, i) for i, col in enumerate(columns) if col and fits(col[-1])]
    ready += [(c.rank, 1, i) for i, c in enumerate(cells) if c is not None and fits(c)]
    if not ready:
        return None
    _rank, from_cell, i = min(ready)
    return cell(i) if from_cell else column(i)


def _foundation_piles(foundations: Sequence[Sequence[Any]]) -> list[list[Card]]:
    """The four foundations, checked: in suit order S H D C, each A, 2, 3 … of its suit."""
    if len(foundations) != len(SUITS):
        raise ValueError("Eight Off has 4 foundations, in suit order S H D C")
    piles = [card_list(f, f"foundation {SUITS[i]}") for i, f in enumerate(foundations)]
    for i, pile in enumerate(piles):
        if [(c.suit, c.rank) for c in pile] != [(SUITS[i], r) for r in range(1, len(pile) + 1)]:
            raise ValueError(f"foundation {SUITS[i]} must hold A, 2, 3 … of {SUITS[i]} in order")
    return piles


class _Targets:
    """Where cards may go in one position, for legal_moves: a run at a column's top, a cell's card or
    a foundation's top card goes onto a column whose top card is one rank above it in its suit, or a
    King-based run into an empty column, no more cards than `max_group` allows; a single card into
    any empty cell; a column's or a cell's card to its suit's foundation when it is the next rank there.
    Piles are named by their slot here (columns 0-7, cells 8-15, foundations 16-19: _PILES)."""

    __slots__ = ("free", "onto_card", "onto_empty", "takes", "empties", "heights")

    def __init__(self, columns: list[list[Card]], cells: list[Card | None], foundations: list[list[Card]]) -> None:
        self.free = [_CELL_SLOT + i for i, c in enumerate(cells) if c is None]
        self.empties = [j for j, col in enumerate(columns) if not col]
        self.onto_card = (len(self.free) + 1) << len(self.empties)  # max_group of a column with cards
        self.onto_empty = self.onto_card >> 1  # ... and of an empty one: it is not counted
        #: (suit, rank) of a card -> the column whose top card takes it (cards are distinct: one at most)
        self.takes = {(col[-1].suit, col[-1].rank - 1): j for j, col in enumerate(columns) if col}
        self.heights = [len(f) for f in foundations]

    def onto_columns(self, moves: list[EightOffMove], src: int, card: Card, count: int) -> None:
        """The moves of `count` cards based on `card` onto columns, in column order (never onto src:
        its top card is not one rank above one of its own, and it is not empty)."""
        if card.rank == 13:
            dsts = self.empties if count <= self.onto_empty else []
        elif count <= self.onto_card and (dst := self.takes.get((card.suit, card.rank))) is not None:
            dsts = [dst]
        else:
            return
        if count == 1:
            row = _ONE[src]
            moves.extend([row[d] for d in dsts])
        else:
            moves.extend([EightOffMove(_PILES[src], _PILES[d], count) for d in dsts])

    def single(self, moves: list[EightOffMove], src: int, card: Card) -> None:
        """The moves of one card: onto columns, into the empty cells, and to its foundation when it is
        the next there (never a foundation's own top card, already there)."""
        self.onto_columns(moves, src, card, 1)
        row = _ONE[src]
        moves.extend([row[d] for d in self.free])
        suit = _SUIT_INDEX[card.suit]
        if card.rank == self.heights[suit] + 1:
            moves.append(row[_FOUNDATION_SLOT + suit])

    def from_column(self, moves: list[EightOffMove], src: int, col: list[Card]) -> None:
        """The moves from a column: its top card's, then each longer run at its top's, onto columns."""
        self.single(moves, src, col[-1])
        for count in range(2, len(col) + 1):
            card, above = col[-count], col[-count + 1]
            if card.suit != above.suit or card.rank != above.rank + 1:
                break
            self.onto_columns(moves, src, card, count)


@dataclass(frozen=True)
class _Undo:
    """A move and what taking it back needs: which first-time foundation card it scored, the status."""

    src: Pile
    dst: Pile
    count: int
    scored: Card | None
    status: str


class EightOffGame(SolitaireGame[EightOffMove]):
    """An Eight Off game. No card ever moves by itself; no defeat, only a win."""

    GAME_ID = "eightoff"
    MOVE = EightOffMove

    def __init__(
        self,
        columns: Sequence[Sequence[Any]],
        cells: Sequence[Any],
        foundations: Sequence[Sequence[Any]] | None = None,
        scored: Sequence[Any] = (),
    ) -> None:
        super().__init__()
        if isinstance(columns, (str, bytes)) or len(columns) != COLUMN_COUNT:
            raise ValueError(f"Eight Off has {COLUMN_COUNT} columns")
        if isinstance(cells, (str, bytes)) or len(cells) not in CELL_OPTIONS:
            raise ValueError("Eight Off has 8, 4 or 2 cells")
        self._columns = [card_list(col, f"column {i + 1}") for i, col in enumerate(columns)]
        self._cells: list[Card | None] = [None if c is None else to_card(c) for c in cells]
        self._foundations = _foundation_piles([[] for _ in SUITS] if foundations is None else foundations)
        check_distinct(self.cards())
        if any(c.is_joker for c in self.cards()):
            raise ValueError("Eight Off is played without jokers")
        # Cards already on a foundation in a given position have scored; they never score again.
        self._scored: set[Card] = {c for f in self._foundations for c in f} | set(card_list(scored, "scored"))
        self._start = self._position()
        self._settle()

    # -- constructors ------------------------------------------------------------------------------
    @classmethod
    def from_layout(
        cls, columns: Sequence[Sequence[Any]], cells: Sequence[Any], foundations: Sequence[Sequence[Any]] | None = None
    ) -> EightOffGame:
        """Any position; cells' length is the cell count. ValueError on duplicate or unknown cards."""
        return cls(columns, cells, foundations)

    @classmethod
    def from_code(cls, code: str | DealCode) -> EightOffGame:
        deal = parse_code(code) if isinstance(code, str) else code
        if deal.game != "eightoff":
            raise ValueError(f"{deal} is not an Eight Off code")
        columns, extra = eightoff_deal(deal.number)
        cols = [list(c) for c in columns]
        count = deal.cells or 0
        cells: list[Card | None] = [None for _ in range(count)]
        keep = min(len(extra), count)
        cells[:keep] = extra[:keep]
        for col_index, card in zip((2, 3), extra[keep:]):  # 2 cells: the rest onto columns 3 and 4
            cols[col_index].append(card)
        game = cls(cols, cells)
        game.code = str(deal)
        return game

    @classmethod
    def new(cls, cells: int = 8, number: int | None = None, rng: random.Random | None = None) -> EightOffGame:
        if cells not in CELL_OPTIONS:
            raise ValueError("cells must be 8, 4 or 2")
        if number is None:
            number = (rng or random).randint(1, MAX_NUMBER)
        return cls.from_code(DealCode("eightoff", f"C{cells}", number))

    # -- read-only state ---------------------------------------------------------------------------
    @property
    def cell_count(self) -> int:
        return len(self._cells)

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """Eight columns; index -1 is the top (free) card."""
        return tuple(tuple(c) for c in self._columns)

    @property
    def cells(self) -> tuple[Card | None, ...]:
        return tuple(self._cells)

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """Four piles in suit order S H D C."""
        return tuple(tuple(f) for f in self._foundations)

    def cards(self) -> list[Card]:
        """Every card: the columns, the cells and the foundations."""
        return (
            [c for col in self._columns for c in col]
            + [c for c in self._cells if c is not None]
            + [c for f in self._foundations for c in f]
        )

    def pile(self, loc: Pile) -> list[Card]:
        """The cards of a pile, bottom first (a cell is a pile of 0 or 1)."""
        pile = self._check_location(loc)
        kind, i = pile.kind, pile.index
        if kind is PileKind.CELL:
            card = self._cells[i]
            return [] if card is None else [card]
        return list(self._columns[i] if kind is PileKind.COLUMN else self._foundations[i])

    def run_length(self, col: int) -> int:
        """How many cards at the top of a column form a same-suit descending run."""
        pile = self._columns[col]
        n = 1 if pile else 0
        while n < len(pile) and is_run(pile[-n - 1 :]):
            n += 1
        return n

    def _check_location(self, loc: Pile) -> Pile:
        """`loc`, a pile of this table; TypeError for anything but a Pile, ValueError for a pile this
        table has not (a stock, a fifth foundation)."""
        if type(loc) is not Pile:
            raise TypeError(f"a pile is a Pile (Pile.column(3)), not {loc!r}")
        kind = loc.kind
        size = len(self._cells) if kind is PileKind.CELL else _SIZES.get(kind, 0)
        if not 0 <= loc.index < size:
            raise ValueError(f"not a location here: {loc!r}")
        return loc

    # -- rules -------------------------------------------------------------------------------------
    def free_cells(self) -> int:
        return sum(1 for c in self._cells if c is None)

    def max_group(self, dst: Pile) -> int:
        """(free cells + 1) × 2^(empty columns), the destination column not counted; 1 for cells and foundations."""
        pile = self._check_location(dst)
        if pile.kind is not PileKind.COLUMN:
            return 1
        i = pile.index
        empty = sum(1 for j, col in enumerate(self._columns) if not col and j != i)
        return (self.free_cells() + 1) << empty

    @property
    def kind_id(self) -> str:
        return f"eightoff-{len(self._cells)}"

    def why_illegal(self, src: Pile | EightOffMove, dst: Pile | None = None, count: int = 1) -> str | None:
        """None if the move is allowed, else the reason code the UI explains (see refusal)."""
        if isinstance(src, EightOffMove):
            move = src
        elif dst is None:
            raise ValueError("why_illegal needs a move, or a source and a destination")
        else:
            move = EightOffMove(self._check_location(src), self._check_location(dst), count)
        refused = self._refusal(move)
        return None if refused is None else refused.reason

    def _refusal(self, move: EightOffMove) -> IllegalMove | None:
        """The precise reason: 'over', 'same', 'source', 'empty', 'not-a-sequence', 'occupied',
        'cell-holds-one', 'one-at-a-time', 'foundation-order', 'kings-only', 'suit', 'rank', or
        'too-many' with the `limit` of cards that may move now."""
        src, dst = self._check_location(move.src), self._check_location(move.dst)
        count = move.count
        if self._status != "playing":
            return IllegalMove("over")
        if src.kind is dst.kind and src.index == dst.index:
            return IllegalMove("same")
        if (
            not isinstance(count, int)
            or isinstance(count, bool)
            or count < 1
            or (count > 1 and src.kind is not PileKind.COLUMN)
        ):
            return IllegalMove("source")
        moving = self.pile(src)
        if not moving:
            return IllegalMove("empty")
        if count > len(moving) or not is_run(moving[-count:]):
            return IllegalMove("not-a-sequence")
        base = moving[-count]
        if dst.kind is PileKind.CELL:
            return self._cell_refusal(dst.index, count)
        if dst.kind is PileKind.FOUNDATION:
            return self._foundation_refusal(dst.index, base, count)
        return self._column_refusal(dst, base, count)

    def _cell_refusal(self, i: int, count: int) -> IllegalMove | None:
        if self._cells[i] is not None:
            return IllegalMove("occupied")
        return IllegalMove("cell-holds-one") if count > 1 else None

    def _foundation_refusal(self, i: int, base: Card, count: int) -> IllegalMove | None:
        if count > 1:
            return IllegalMove("one-at-a-time")
        if base.suit != SUITS[i] or base.rank != len(self._foundations[i]) + 1:
            return IllegalMove("foundation-order")
        return None

    def _column_refusal(self, dst: Pile, base: Card, count: int) -> IllegalMove | None:
        """Onto a column: a King onto an empty one, else one rank below its top card, same suit; and
        no more cards than the free cells and empty columns allow."""
        target = self._columns[dst.index]
        if not target:
            if base.rank != 13:
                return IllegalMove("kings-only")
        elif base.suit != target[-1].suit:
            return IllegalMove("suit")
        elif base.rank != target[-1].rank - 1:
            return IllegalMove("rank")
        limit = self.max_group(dst)
        if count > limit:
            return IllegalMove("too-many", limit=limit)
        return None

    def legal_moves(self) -> list[EightOffMove]:
        """Every allowed move, groups included, in the canonical order (replay.legal_order): by
        source pile, then the number of cards, then the destination pile, piles ordered columns,
        cells, foundations and then by index. Made from the rules directly (_Targets), the same moves
        `_refusal` allows (a test holds them to it)."""
        if self._status != "playing":
            return []
        targets = _Targets(self._columns, self._cells, self._foundations)
        moves: list[EightOffMove] = []
        for i, col in enumerate(self._columns):
            if col:
                targets.from_column(moves, i, col)
        for i, held in enumerate(self._cells):
            if held is not None:
                targets.single(moves, _CELL_SLOT + i, held)
        for i, pile in enumerate(self._foundations):  # a card taken back: onto a column or into a cell
            if pile:
                targets.single(moves, _FOUNDATION_SLOT + i, pile[-1])
        return moves

    def move(self, src: Pile, dst: Pile, count: int = 1) -> None:
        """Move `count` cards from the top of src onto dst as one action (one undo step)."""
        self.push(EightOffMove(self._check_location(src), self._check_location(dst), count))

    def tap_target(self, src: Pile) -> Pile | None:
        """Where a single tap sends the top card: its foundation, when that is allowed."""
        start = self._check_location(src)
        if start.kind is PileKind.FOUNDATION:
            return None
        pile = self.pile(start)
        if not pile:
            return None
        dst = foundation(SUITS.index(pile[-1].suit))  # the only one that may take it (see _refusal)
        return dst if self._refusal(EightOffMove(start, dst, 1)) is None else None

    def finish_line(self) -> tuple[EightOffMove, ...]:
        """Every card not on a foundation to its foundation, rank by rank (the Aces first, then the
        twos, ...; columns before cells, left to right), when that clears the table: each move takes
        a column's top card or a cell's card that its foundation takes next. Empty when a card left
        needs another move first, and when the game is over. Exact: a foundation move never blocks
        another (it only uncovers cards), so if any order of foundation moves clears the table, this
        one does."""
        if self._status != "playing":
            return ()
        columns = [list(col) for col in self._columns]
        cells = list(self._cells)
        heights = [len(f) for f in self._foundations]
        line: list[EightOffMove] = []
        while (ready := _next_home(columns, cells, heights)) is not None:
            src = ready
            card = cells[src.index] if src.kind is PileKind.CELL else columns[src.index][-1]
            assert card is not None  # (_next_home names only occupied cells)
            if src.kind is PileKind.CELL:
                cells[src.index] = None
            else:
                columns[src.index].pop()
            suit = SUITS.index(card.suit)
            heights[suit] += 1
            line.append(EightOffMove(src, foundation(suit)))
        if any(columns) or any(c is not None for c in cells):
            return ()
        return tuple(line)

    def auto_target(self, src: Pile, count: int = 1) -> Pile | None:
        """Double tap: foundation, then the longest accepting column (leftmost on ties), then an empty
        column (Kings only), then a free cell. A whole column is never moved to another empty column."""
        start = self._check_location(src)
        for dst in self._auto_candidates(start, count):
            if self.why_illegal(start, dst, count) is None:
                return dst
        return None

    def _auto_candidates(self, src: Pile, count: int) -> list[Pile]:
        """Where auto_target looks, in its order of preference."""
        whole_column = src.kind is PileKind.COLUMN and count == len(self._columns[src.index])
        candidates: list[Pile] = []
        if count == 1:
            candidates += [foundation(i) for i in range(len(SUITS))]
        filled = [i for i in range(COLUMN_COUNT) if self._columns[i]]
        candidates += [column(i) for i in sorted(filled, key=lambda j: (-len(self._columns[j]), j))]
        if not whole_column:
            candidates += [column(i) for i in range(COLUMN_COUNT) if not self._columns[i]]
        if count == 1 and src.kind is not PileKind.CELL:
            candidates += [cell(i) for i in range(len(self._cells))]
        return candidates

    def _apply(self, move: EightOffMove) -> _Undo:
        src, dst, count = move.src, move.dst, move.count
        record_status = self._status
        cards = self._take(src, count)
        self._put(dst, cards)
        scored = None
        if dst.kind is PileKind.FOUNDATION and cards[0] not in self._scored:
            scored = cards[0]
            self._scored.add(scored)
            self._score += POINTS_PER_CARD
        self._settle()
        return _Undo(src, dst, count, scored, record_status)

    def _reverse(self, record: _Undo) -> None:
        self._put(record.src, self._take(record.dst, record.count))
        if record.scored is not None:
            self._scored.discard(record.scored)
            self._score -= POINTS_PER_CARD
        self._status = record.status

    def _take(self, loc: Pile, count: int) -> list[Card]:
        kind, i = loc.kind, loc.index
        if kind is PileKind.CELL:
            card, self._cells[i] = self._cells[i], None
            assert card is not None  # a move from a cell was checked to have a card
            return [card]
        pile = self._columns[i] if kind is PileKind.COLUMN else self._foundations[i]
        cards = pile[-count:]
        del pile[-count:]
        return cards

    def _put(self, loc: Pile, cards: list[Card]) -> None:
        kind, i = loc.kind, loc.index
        if kind is PileKind.CELL:
            self._cells[i] = cards[0]
        elif kind is PileKind.COLUMN:
            self._columns[i].extend(cards)
        else:
            self._foundations[i].extend(cards)

    def _settle(self) -> None:
        if all(len(f) == 13 for f in self._foundations):
            self._status = "won"

    def _score_since(self, start: EightOffGame) -> int:
        """10 a card first put on a foundation since `start` (a card scores once: the cards that had
        scored then still have)."""
        if not start._scored <= self._scored:
            raise ValueError("a card that had scored has not")
        return POINTS_PER_CARD * len(self._scored - start._scored)

    # -- persistence -------------------------------------------------------------------------------
    def _position(self) -> Position:
        return {
            "columns": [card_strings(c) for c in self._columns],
            "cells": [None if c is None else str(c) for c in self._cells],
            "foundations": [card_strings(f) for f in self._foundations],
            "scored": sorted(str(c) for c in self._scored),
        }

    @classmethod
    def _layout_from_start(cls, start: Position) -> EightOffGame:
        return cls(start["columns"], start["cells"], start["foundations"], start.get("scored", ()))

    def __repr__(self) -> str:
        return f"<EightOffGame {self.code or 'layout'} cells={len(self._cells)} score={self._score}>"
