"""An Eight Off game's review: each move graded by the exact solver, for the win and for its length.

Two questions per move, both answered only where the solver proves the answer:

1. The win. A move either keeps a winnable position winnable, turns it unwinnable (the move that
   lost the win, with a move that kept it), or is played where the game was already lost. The
   verdicts along a line are a winnable prefix and an unwinnable rest (a position with a winnable
   successor is winnable), so "where did I lose it" (analysis.py) settles every move with a
   bisection.
2. The length. On the winnable prefix, a position's *distance* is the moves of its shortest win,
   counted as the move counter counts them (foundation moves too), proved by eightoff_distance.py.
   A move's `extra` is the moves it added to the shortest win: 1 + the distance after it - the
   distance before it; 0 for a perfect move (one on a shortest line), and the extras of a won
   line add up to its moves minus the deal's shortest win. The positions are searched from the
   end of the line back to its start, sharing one table of distances: a later position's
   distance, and the shortest lines found, bound the earlier searches.

Bands, by the moves a move added (named constants below):
- inaccuracy, 1 or 2 moves: a slip that costs about one move and its repair, such as a card put
  into a cell and brought back; a good player makes a few of these in a game;
- mistake, 3 to 5 moves: a plan that cost a few detours;
- blunder, 6 or more moves: a fifth or more of the 15 to 35 moves besides the 52 foundation moves
  that a shortest win of a deal has, as much as a whole column played twice. The move that lost
  the win is a blunder too (it added every move: a win cannot be had any more).
Absolute counts rather than shares of the distance: a move costs the same extra moves early or
late, and a player counts moves, not percentages.

Nothing is guessed: a search that runs out of its budget (positions, never seconds) leaves its
moves' `extra` and `band` None, and the grade says only what the verdicts prove.

The reasons for a move that added moves, or lost the win where the position before it has a known
shortest win, are facts read off that position, the move and the shortest line's move there
(`better`), each a code and the cards and piles it names (the UI has a sentence for each): see the
codes below. For the move that lost the win with no shortest win known, `better` is the first move
of the plain solver's win, and there are no reasons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model.cards import Card
from ..model.eightoff import EightOffGame
from ..model.moves import EightOffMove, Pile, PileKind
from .analysis import MAX_UNKNOWN, analyse, position_at
from .eightoff_check import _Line as _CheckedLine
from .eightoff_distance import DistanceTable, settled
from .eightoff_state import key
from .result import Budget

__all__ = [
    "BLUNDER",
    "BLUNDER_FROM",
    "BURIED",
    "FILLED_LAST_CELL",
    "FILLED_LAST_COLUMN",
    "INACCURACY",
    "KEPT",
    "LOST",
    "LOST_THE_WIN",
    "MISTAKE",
    "MISTAKE_FROM",
    "SHORTER_LINE",
    "TOOK_BACK",
    "TO_CELL_NOT_COLUMN",
    "UNKNOWN",
    "EightOffGrade",
    "EightOffReason",
    "EightOffReview",
    "band_of",
    "review_eightoff",
]

#: States one solve (a verdict: winnable or not) may take: a deal's solve takes far fewer, except a
#: rare hard one.
SOLVE_STATES = 200_000
#: Positions one shortest-win search may generate, and all of one review's searches together.
DISTANCE_STATES = 50_000
REVIEW_STATES = 200_000

KEPT = "kept"  # winnable before and after
LOST_THE_WIN = "lost-the-win"  # winnable before, unwinnable after
LOST = "already-lost"  # unwinnable before (and so after)
UNKNOWN = "unknown"  # the budget left it open

# -- the bands, by the moves a move added to the shortest win (see the module text) --------------------
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
#: The fewest added moves of a mistake and of a blunder (1 to MISTAKE_FROM - 1: an inaccuracy).
MISTAKE_FROM = 3
BLUNDER_FROM = 6

# -- the reasons the solver shows true, by code (the UI has a sentence for each) ----------------------
#: `card` went to a free cell; the shortest line moved it onto column `pile` instead.
TO_CELL_NOT_COLUMN = "to-cell-not-column"
#: `card` filled the last free cell; the shortest line's move here left a cell free.
FILLED_LAST_CELL = "filled-last-cell"
#: `card` went into the last empty column; the shortest line's move here left a column empty.
FILLED_LAST_COLUMN = "filled-last-column"
#: `card` went onto column `pile`, covering `other`: the card the shortest line moved here.
BURIED = "buried"
#: `card` was taken back from its foundation: a shortest win never does that.
TOOK_BACK = "took-back"
#: The shortest line moved `other` to `pile` here (always given, last: the better move in words).
SHORTER_LINE = "shorter-line"


def band_of(extra: int | None) -> str | None:
    """The band of a move that added `extra` moves: None for a perfect move (0) or unknown."""
    if extra is None or extra <= 0:
        return None
    if extra >= BLUNDER_FROM:
        return BLUNDER
    return MISTAKE if extra >= MISTAKE_FROM else INACCURACY


@dataclass(frozen=True)
class EightOffReason:
    """Why a move added moves: a code and the facts its sentence names (None where unused):
    `card` the (bottom) card the move moved, `other` a card of the shortest line's, `pile` a pile."""

    code: str
    card: Card | None = None
    other: Card | None = None
    pile: Pile | None = None


@dataclass(frozen=True)
class EightOffGrade:
    """One move graded. `grade`: the win (kept, lost-the-win, already-lost, unknown). `better`: a
    move of a shortest win from the position before it (for a move that added moves or lost the
    win). `before`/`after`: the shortest win's moves from the positions around it (None: not known
    or no win). `extra`: the moves the move added (None: not known); `band` from it (None: perfect
    or not known; a blunder for the move that lost the win). `reasons`: main one first."""

    index: int
    move: EightOffMove
    grade: str
    better: EightOffMove | None = None
    before: int | None = None
    after: int | None = None
    extra: int | None = None
    band: str | None = None
    reasons: tuple[EightOffReason, ...] = ()

    @property
    def known(self) -> bool:
        """Whether the move is fully graded: the move that lost the win or one played when the win
        was already lost is; a move that kept the win is once its extra moves are known."""
        return self.grade in (LOST_THE_WIN, LOST) or (self.grade == KEPT and self.extra is not None)


@dataclass(frozen=True)
class EightOffReview:
    """The grades of the line; `start` and `end` the verdicts of its first and last position,
    `shortest_start` the shortest win's moves from its first position (None: not known)."""

    grades: tuple[EightOffGrade, ...]
    start: str
    end: str
    solves: int = 0
    shortest_start: int | None = None
    states: int = 0

    @property
    def lost_the_win(self) -> EightOffGrade | None:
        return next((g for g in self.grades if g.grade == LOST_THE_WIN), None)

    @property
    def unknown(self) -> int:
        """How many moves are not fully graded (see EightOffGrade.known)."""
        return sum(1 for g in self.grades if not g.known)

    @property
    def extra_moves(self) -> int:
        """The moves the graded moves added to the shortest win (the unknown ones not counted)."""
        return sum(g.extra or 0 for g in self.grades)

    @property
    def moves_added(self) -> int:
        """How many moves added any."""
        return sum(1 for g in self.grades if (g.extra or 0) > 0)

    def count(self, band: str) -> int:
        """How many moves fell in `band`."""
        return sum(1 for g in self.grades if g.band == band)

    @property
    def perfect(self) -> bool:
        """Every move known, the win kept and no move added any."""
        return not self.unknown and all(g.grade == KEPT and g.extra == 0 for g in self.grades)


def review_eightoff(
    game: EightOffGame,
    solve_states: int = SOLVE_STATES,
    max_unknown: int = MAX_UNKNOWN,
    distance_states: int = DISTANCE_STATES,
    review_states: int = REVIEW_STATES,
    progress: Callable[[float], None] | None = None,
) -> EightOffReview:
    """Grade every move of an Eight Off game's line: each verdict's solve within `solve_states`,
    each shortest-win search within `distance_states` positions and all of them within
    `review_states`. `progress` is told the share of the work done (0..1). The game is not
    changed."""
    if not isinstance(game, EightOffGame):
        raise TypeError(f"an Eight Off review needs an EightOffGame, not a {type(game).__name__}")
    for budget in (solve_states, distance_states, review_states):
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
            raise ValueError(f"a budget is a count of states, not {budget!r}")
    tell = progress or (lambda share: None)
    line = [EightOffMove.coerce(m) for m in game.move_stack]
    report = analyse(game, Budget(states=solve_states), max_unknown)
    lo = -1 if report.proven_winnable is None else report.proven_winnable
    hi = len(line) + 1 if report.proven_unwinnable is None else report.proven_unwinnable
    tell(0.1)
    grader = _Grader(game, line, lo, DistanceTable(game.cell_count, distance_states, review_states))
    for k in range(lo if line else -1, -1, -1):  # from the end of the winnable prefix back to the start
        grader.measure(k)
        tell(0.1 + 0.9 * (lo + 1 - k) / (lo + 1))
    grades = [grader.grade(k, _verdict(k, lo, hi), solve_states) for k in range(len(line))]
    tell(1.0)
    return EightOffReview(
        tuple(grades), report.start, report.now, report.solves + grader.solves, grader.distances[0], grader.table.states
    )


def _verdict(k: int, lo: int, hi: int) -> str:
    """The grade of move k for the win, from the verdicts' bracket: lo the last position proven
    winnable, hi the first proven unwinnable."""
    if k + 1 <= lo:
        return KEPT
    if k >= hi:
        return LOST
    return LOST_THE_WIN if k == lo and k + 1 == hi else UNKNOWN


class _Grader:
    """The line's positions up to the last one proven winnable, their distances as measured, and
    the table the searches share."""

    def __init__(self, game: EightOffGame, line: list[EightOffMove], last: int, table: DistanceTable) -> None:
        self.line, self.table = line, table
        self.positions = _positions(game, line, last)
        self.distances: list[int | None] = [None] * (len(line) + 1)
        self.solves = 0

    def measure(self, k: int) -> None:
        self.distances[k] = self.table.distance(self.positions[k])

    def grade(self, k: int, verdict: str, solve_states: int) -> EightOffGrade:
        """Move k graded: its verdict, the moves it added and their band, a better move and the
        reasons where it added any or lost the win."""
        move = self.line[k]
        before, after = self.distances[k], self.distances[k + 1]
        extra = None if before is None or after is None or verdict != KEPT else 1 + after - before
        band = BLUNDER if verdict == LOST_THE_WIN else band_of(extra)
        better: EightOffMove | None = None
        reasons: tuple[EightOffReason, ...] = ()
        if band is not None and before is not None:  # a shortest win's move, and what differs
            better = _better(self.table, self.positions[k])
            if better is not None:
                reasons = _reasons(self.positions[k], move, better)
        if verdict == LOST_THE_WIN and better is None:  # a win from there, by the plain solver
            from . import solve

            win = solve(self.positions[k], Budget(states=solve_states))
            self.solves += 1
            better = EightOffMove.coerce(win.moves[0]) if win.verdict == "winnable" and win.moves else None
        return EightOffGrade(k, move, verdict, better, before, after, extra, band, reasons)


def _positions(game: EightOffGame, line: list[EightOffMove], last: int) -> list[EightOffGame]:
    """Fresh games at line positions 0..last (the line's start, then one move more each)."""
    if last < 0:
        return []
    fresh = position_at(game, 0, list(game.move_stack))
    out = []
    for k in range(last + 1):
        out.append(EightOffGame.from_json(fresh.to_json()))
        if k < last:
            fresh.push(line[k])
    return out


def _better(table: DistanceTable, position: EightOffGame) -> EightOffMove | None:
    """A first move of a shortest win from the model position (its distance is in the table): the
    shortest line's next ordinary move when the model takes it here and it leads where the line
    goes, else a card to its foundation (one is there to play then, and never costs a move)."""
    state, _ = settled(position, table.rules)
    step = table.next_on_shortest(state)
    if step is not None:
        (kind, a, b, count), child = step
        made = _CheckedLine(position.columns, position.cells, position.foundations).make(kind, a, b, count)
        if made is not None and position.why_illegal(made) is None:
            trial = EightOffGame.from_json(position.to_json())
            trial.push(made)
            after, _ = settled(trial, table.rules)
            if key(after[0], after[1]) == key(child[0], child[1]):
                return made
    home = [
        m for m in position.legal_moves() if m.dst.kind is PileKind.FOUNDATION and m.src.kind is not PileKind.FOUNDATION
    ]
    return home[0] if home else None


def _reasons(before: EightOffGame, move: EightOffMove, better: EightOffMove) -> tuple[EightOffReason, ...]:
    """What the move did that the shortest line's move `better` did not, read off the position."""
    card = before.pile(move.src)[-move.count]
    best_card = before.pile(better.src)[-better.count]
    found: list[EightOffReason] = []
    if move.src.kind is PileKind.FOUNDATION:
        found.append(EightOffReason(TOOK_BACK, card))
    if move.dst.kind is PileKind.CELL:
        if best_card == card and better.dst.kind is PileKind.COLUMN:
            found.append(EightOffReason(TO_CELL_NOT_COLUMN, card, pile=better.dst))
        if before.free_cells() == 1 and better.dst.kind is not PileKind.CELL:
            found.append(EightOffReason(FILLED_LAST_CELL, card))
    elif move.dst.kind is PileKind.COLUMN:
        found += _column_reasons(before, move, better, card, best_card)
    found.append(EightOffReason(SHORTER_LINE, card, best_card, better.dst))
    return tuple(found)


def _column_reasons(
    before: EightOffGame, move: EightOffMove, better: EightOffMove, card: Card, best_card: Card
) -> list[EightOffReason]:
    """The reasons of a move onto a column: it covered the card the shortest line moved, or took
    the last empty column where the shortest line left one."""
    target = before.pile(move.dst)
    if target:
        return [EightOffReason(BURIED, card, best_card, move.dst)] if better.src == move.dst else []
    empty = sum(1 for col in before.columns if not col)
    fills = better.dst.kind is PileKind.COLUMN and not before.pile(better.dst)
    return [EightOffReason(FILLED_LAST_COLUMN, card)] if empty == 1 and not fills else []
