"""A finished Golf game's review: every move graded by the exact search, in strokes lost.

A position's *best* is the best hole score play can still reach from it (game.model.golf.hole_score:
the cards left on the tableau when play ends, or minus the cards left in the stock at a clearance;
lower is better). A move's *strokes lost* are the best after it minus the best before it: never
negative (the position after a move is reachable from the one before it), 0 for a perfect move. The
strokes lost over a line add up to its final score minus the best of its first position.

Each best comes from one run of the bit-parallel sweep (golf_sweep.py) from that position: it
reaches every state play can reach, one draw level at a time, so the first level that clears the
tableau gives the most stock to spare, and when none does, the reached heights vector with the
fewest cards gives the fewest cards left (a lower count can only come from there, and a blocked end
never has more than a state on its way). The sweep's states are walked back to a best line, whose
first move is the "better move" a graded move is shown with.

Reuse across one game's positions (they share the deal, so a position is its column heights, the
cards drawn and the waste top's rank, `Key`): a table of the bests found, kept for the review, into
which every position along a best line goes with that best; and monotony: the bests along the line
never decrease, so two positions with the same best have it at every position between them, and a
bisection of the line searches only around the moves that lost strokes.

Bounded work: each search runs under a budget of states (the sweep's units) and the review under a
total; a position whose search ran out has no best, and a move next to it is graded "unknown"
(strokes_lost None), never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.golf import GolfGame
from ..model.moves import GolfMove
from .golf import compact
from .golf_sweep import GolfSweep, OutOfBudget

if TYPE_CHECKING:  # pragma: no cover
    from ..model.cards import Card

__all__ = [
    "ALREADY_LOST",
    "DRAW_FIRST",
    "DREW_WHILE_PLAYABLE",
    "LOST_THE_WIN",
    "PLAYED_TOO_SOON",
    "WRONG_CARD",
    "Grade",
    "Reason",
    "Review",
    "best_line",
    "bests_along",
    "review_golf",
]

#: States (the sweep's units of work) one position's search may take: a whole deal takes a few
#: thousand, so only a budget set lower than this leaves a position unknown.
SEARCH_STATES = 100_000
#: States the whole review may take (about fifty searches of a whole deal).
REVIEW_STATES = 400_000

# -- the reasons the search shows true, by code (the UI has a sentence for each) ---------------------
#: A draw lost strokes while `better` could go: every best line plays a card now, this one among them.
DREW_WHILE_PLAYABLE = "drew-while-playable"
#: `played` went now, `better` was the best line's card here, and it plays `played` later.
PLAYED_TOO_SOON = "played-too-soon"
#: `played` went now, `better` was the best line's card here, and it never plays `played`.
WRONG_CARD = "wrong-card"
#: `played` went now, and the best line draws here instead.
DRAW_FIRST = "draw-first"
#: Context: the position before the move could be cleared, the one after it cannot.
LOST_THE_WIN = "lost-the-win"
#: Context: the position before the move could no longer be cleared (the strokes are cards left).
ALREADY_LOST = "already-lost"

#: (column heights, cards left in the stock, waste top rank) of a position of one game's deal.
Key = tuple[tuple[int, ...], int, int]
#: A move as the searches give it: a column index, or 'draw'.
Plain = int | str


@dataclass(frozen=True)
class Reason:
    """Why a move lost strokes, as a code and the cards its sentence names (None where unused)."""

    code: str
    played: Card | None = None
    better: Card | None = None


@dataclass(frozen=True)
class Grade:
    """One move of the line graded: the bests before and after it (None: not known within the
    budget), the strokes it lost (None: unknown), a move that keeps the best before it (only when
    strokes were lost) and the reasons, main one first."""

    index: int
    move: GolfMove
    best_before: int | None
    best_after: int | None
    better: GolfMove | None = None
    reasons: tuple[Reason, ...] = ()

    @property
    def strokes_lost(self) -> int | None:
        if self.best_before is None or self.best_after is None:
            return None
        return self.best_after - self.best_before

    @property
    def known(self) -> bool:
        return self.strokes_lost is not None


@dataclass(frozen=True)
class Review:
    """A line's grades and what a summary line says of them; `states` is the work the review took."""

    grades: tuple[Grade, ...]
    best_start: int | None
    best_end: int | None
    states: int = 0
    searches: int = 0

    @property
    def strokes_lost(self) -> int:
        """The strokes the graded moves lost (the unknown ones not counted)."""
        return sum(g.strokes_lost or 0 for g in self.grades)

    @property
    def moves_lost(self) -> int:
        """How many moves lost any strokes."""
        return sum(1 for g in self.grades if (g.strokes_lost or 0) > 0)

    @property
    def unknown(self) -> int:
        """How many moves are not graded (a search ran out of budget)."""
        return sum(1 for g in self.grades if not g.known)

    @property
    def perfect(self) -> bool:
        """Every move graded and none lost a stroke."""
        return not self.unknown and not self.moves_lost


@dataclass(frozen=True)
class _Best:
    score: int
    line: tuple[Plain, ...]  # a line from the position that reaches `score`


# -- one position's best, by the sweep -----------------------------------------------------------------
class _BestSweep(GolfSweep):
    """The sweep run to the end: the best hole score from its position and a line that reaches it."""

    def best(self, max_units: int) -> _Best | None:
        """The best and a line to it, or None when `max_units` of work ran out first."""
        if not any(self.heights):
            return _Best(-len(self.draws), ())
        try:
            found = self._search(max_units, None)
        except OutOfBudget:
            return None
        if found is not None:  # the first level that clears: the fewest draws
            level, rank = found
            return _Best(level - len(self.draws), tuple(self._trace(level, rank)))
        everything = 0
        for reached in self.levels:
            for s in reached:
                everything |= s
        total, idx = self._fewest(everything)
        level, rank = next((n, r) for n, sets in enumerate(self.levels) for r in range(14) if sets[r] >> idx & 1)
        return _Best(total, tuple(self._trace(level, rank, idx)))

    def _fewest(self, reached: int) -> tuple[int, int]:
        """(fewest cards, the index of a vector with them) among the vectors of `reached`: a
        branch and bound over the digits, most significant column first; each digit's vectors are
        one run of bits there."""
        order = [j for j in sorted(range(len(self.heights)), key=lambda j: -self.strides[j]) if self.heights[j]]
        best = [sum(self.heights) + 1, -1]

        def visit(bits: int, depth: int, cards: int, offset: int) -> None:
            if depth == len(order):
                best[0], best[1] = cards, offset
                return
            j = order[depth]
            stride = self.strides[j]
            low = (1 << stride) - 1
            for k in range(self.heights[j] + 1):
                if cards + k >= best[0]:
                    return
                part = bits >> (k * stride) & low
                if part:
                    visit(part, depth + 1, cards + k, offset + k * stride)

        visit(reached, 0, 0, 0)
        return best[0], best[1]


# -- the line's positions ------------------------------------------------------------------------------
class _Line:
    """A game's line at the rank level: its first position's columns and stock, and per position
    the key, plus the model's free cards and waste top (for the reasons' cards)."""

    def __init__(self, game: GolfGame) -> None:
        self.moves = [GolfMove.coerce(m) for m in game.move_stack]
        fresh = game.line_root()
        columns, stock, _, self.rule = compact(fresh)
        self.columns, self.stock = columns, stock
        self.keys: list[Key] = []
        self.free: list[tuple[Card | None, ...]] = []
        self.drawn: list[Card | None] = []  # per position, the card a draw would turn
        for k in range(len(self.moves) + 1):
            c, s, w, _ = compact(fresh)
            self.keys.append((tuple(len(col) for col in c), len(s), w))
            self.free.append(tuple(col[-1] if col else None for col in fresh.columns))
            self.drawn.append(fresh.stock[-1] if fresh.stock else None)
            if k < len(self.moves):
                fresh.push(self.moves[k])

    def sweep(self, key: Key) -> _BestSweep:
        heights, stock_left, top = key
        columns = [col[:h] for col, h in zip(self.columns, heights)]
        return _BestSweep(columns, self.stock[:stock_left], top, self.rule)

    def after(self, key: Key, move: Plain) -> Key:
        """The key after a plain move from `key` (the move must be legal there)."""
        heights, stock_left, _ = key
        if move == "draw":
            return heights, stock_left - 1, self.stock[stock_left - 1]
        assert isinstance(move, int)
        h = heights[move] - 1
        return heights[:move] + (h,) + heights[move + 1 :], stock_left, self.columns[move][h]


class _Reviewer:
    """The table of bests kept over one review, the budget left, and the bests of the line."""

    def __init__(self, line: _Line, search_states: int, review_states: int) -> None:
        self.line = line
        self.table: dict[Key, _Best] = {}
        self.search_states, self.left = search_states, review_states
        self.states = self.searches = 0
        self.best: list[int | None] = [None] * len(line.keys)

    def evaluate(self, key: Key) -> _Best | None:
        """The best from a position: from the table, else searched (None: out of budget)."""
        if key in self.table:
            return self.table[key]
        allowed = min(self.search_states, self.left)
        if allowed <= 0:
            return None
        sweep = self.line.sweep(key)
        found = sweep.best(allowed)
        used = min(sweep.units, allowed)
        self.states += used
        self.left -= used
        self.searches += 1
        if found is not None:
            self._keep(key, found)
        return found

    def _keep(self, key: Key, found: _Best) -> None:
        """Every position along the best line has the same best, with the rest of the line."""
        for i, move in enumerate(found.line):
            self.table.setdefault(key, _Best(found.score, found.line[i:]))
            key = self.line.after(key, move)
        self.table.setdefault(key, _Best(found.score, ()))

    def at(self, index: int) -> int | None:
        """The best of line position `index`, searched if not known."""
        if self.best[index] is None:
            found = self.evaluate(self.line.keys[index])
            if found is not None:
                self.best[index] = found.score
        return self.best[index]

    def fill(self, low: int, high: int, progress: Callable[[], None]) -> None:
        """Know the bests between positions low and high (both asked already): equal ends settle
        every position between; otherwise halve."""
        a, b = self.best[low], self.best[high]
        if a is not None and a == b:
            for k in range(low + 1, high):
                self.best[k] = a
            progress()
            return
        if high - low <= 1:
            return
        middle = (low + high) // 2
        self.at(middle)
        progress()
        self.fill(low, middle, progress)
        self.fill(middle, high, progress)


def _reasons(line: _Line, index: int, before: int, after: int, best: tuple[Plain, ...]) -> tuple[Reason, ...]:
    """Why move `index` lost strokes, from a best line of the position before it."""
    move, free = line.moves[index], line.free[index]
    first = best[0]
    played = None if move.column is None else free[move.column]
    if move.column is None:
        assert isinstance(first, int)  # a draw lost strokes, so the best line does not draw
        main = Reason(DREW_WHILE_PLAYABLE, better=free[first])
    elif first == "draw":
        main = Reason(DRAW_FIRST, played=played)
    else:
        assert isinstance(first, int)
        later = move.column in best[1:]  # its column's next play is this very card
        main = Reason(PLAYED_TOO_SOON if later else WRONG_CARD, played=played, better=free[first])
    if before > 0:
        return main, Reason(ALREADY_LOST)
    if after > 0:
        return main, Reason(LOST_THE_WIN)
    return (main,)


def review_golf(
    game: GolfGame,
    search_states: int = SEARCH_STATES,
    review_states: int = REVIEW_STATES,
    progress: Callable[[float], None] | None = None,
) -> Review:
    """Grade every move of a Golf game's line (its moves from the deal, or from where a compact save
    cut the line), each search within `search_states` and all within `review_states`. `progress`
    is told the share of positions settled (0..1) as the review goes. The game is not changed."""
    if not isinstance(game, GolfGame):
        raise TypeError(f"a Golf review needs a GolfGame, not a {type(game).__name__}")
    for budget in (search_states, review_states):
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
            raise ValueError(f"a budget is a count of states, not {budget!r}")
    line = _Line(game)
    reviewer = _Reviewer(line, search_states, review_states)
    n = len(line.moves)

    def tell() -> None:
        if progress is not None:
            progress(sum(b is not None for b in reviewer.best) / (n + 1))

    reviewer.at(n)
    reviewer.at(0)
    tell()
    reviewer.fill(0, n, tell)
    grades = [_grade(reviewer, k) for k in range(n)]
    return Review(tuple(grades), reviewer.best[0], reviewer.best[n], reviewer.states, reviewer.searches)


def _grade(reviewer: _Reviewer, k: int) -> Grade:
    line = reviewer.line
    before, after = reviewer.best[k], reviewer.best[k + 1]
    grade = Grade(k, line.moves[k], before, after)
    if before is None or after is None or after == before:
        return grade
    found = reviewer.evaluate(line.keys[k])
    if found is None or not found.line:  # (out of budget: the strokes are known, the better move not)
        return grade
    better = GolfMove.coerce(found.line[0])
    return Grade(k, line.moves[k], before, after, better, _reasons(line, k, before, after, found.line))


def best_line(game: GolfGame, search_states: int = SEARCH_STATES) -> tuple[int, tuple[GolfMove, ...]] | None:
    """The best hole score from the game's current position and a line of moves that reaches it
    (to a clearance, or to a position with that many cards left, from which nothing more can be
    played); None when the search ran out of `search_states`."""
    if not isinstance(game, GolfGame):
        raise TypeError(f"a Golf line needs a GolfGame, not a {type(game).__name__}")
    columns, stock, waste, rule = compact(game)
    found = _BestSweep(columns, stock, waste, rule).best(search_states)
    return None if found is None else (found.score, tuple(GolfMove.coerce(m) for m in found.line))


def bests_along(game: GolfGame, search_states: int = SEARCH_STATES) -> Sequence[int | None]:
    """The best of every position of the line, each searched on its own (no table, no bisection):
    the plain way the review must agree with, for tests and the benchmark's checks."""
    line = _Line(game)
    out: list[int | None] = []
    for key in line.keys:
        found = line.sweep(key).best(search_states)
        out.append(None if found is None else found.score)
    return out
