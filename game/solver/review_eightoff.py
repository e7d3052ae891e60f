"""An Eight Off game's review, so far: each move graded as keeping the win or losing it.

Eight Off's grade is the exact solver's verdict: a move either keeps a winnable position winnable,
turns it unwinnable (the move that lost the win, with a move that kept it), or is played where the
game was already lost. The verdicts along a line are a winnable prefix and an unwinnable rest (a
position with a winnable successor is winnable), so "where did I lose it" (analysis.py) settles
every move with a bisection; the better move is the first move of the solver's win from the last
winnable position. A verdict the budget leaves open leaves its moves "unknown", never guessed.

Not yet here: the moves that lengthened the shortest remaining win, in bands; that needs a search
for the shortest win within the game (tools/eightoff_short.py's is a tool's).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.eightoff import EightOffGame
from ..model.moves import EightOffMove
from .analysis import MAX_UNKNOWN, analyse, position_at
from .result import Budget

__all__ = ["KEPT", "LOST", "LOST_THE_WIN", "UNKNOWN", "EightOffGrade", "EightOffReview", "review_eightoff"]

#: States one solve may take: a deal's solve takes far fewer, except a rare hard one.
SOLVE_STATES = 200_000

KEPT = "kept"  # winnable before and after
LOST_THE_WIN = "lost-the-win"  # winnable before, unwinnable after
LOST = "already-lost"  # unwinnable before (and so after)
UNKNOWN = "unknown"  # the budget left it open


@dataclass(frozen=True)
class EightOffGrade:
    index: int
    move: EightOffMove
    grade: str
    better: EightOffMove | None = None  # only for the move that lost the win


@dataclass(frozen=True)
class EightOffReview:
    """The grades of the line; `start` and `end` the verdicts of its first and last position."""

    grades: tuple[EightOffGrade, ...]
    start: str
    end: str
    solves: int = 0

    @property
    def lost_the_win(self) -> EightOffGrade | None:
        return next((g for g in self.grades if g.grade == LOST_THE_WIN), None)

    @property
    def unknown(self) -> int:
        return sum(1 for g in self.grades if g.grade == UNKNOWN)

    @property
    def perfect(self) -> bool:
        """Every move known and the win kept (as far as this review grades: no lengths yet)."""
        return not self.unknown and all(g.grade == KEPT for g in self.grades)


def review_eightoff(
    game: EightOffGame, solve_states: int = SOLVE_STATES, max_unknown: int = MAX_UNKNOWN
) -> EightOffReview:
    """Grade every move of an Eight Off game's line, each solve within `solve_states`; the game is
    not changed."""
    from . import solve

    if not isinstance(game, EightOffGame):
        raise TypeError(f"an Eight Off review needs an EightOffGame, not a {type(game).__name__}")
    if isinstance(solve_states, bool) or not isinstance(solve_states, int) or solve_states < 0:
        raise ValueError(f"a budget is a count of states, not {solve_states!r}")
    line = [EightOffMove.coerce(m) for m in game.move_stack]
    report = analyse(game, Budget(states=solve_states), max_unknown)
    lo = -1 if report.proven_winnable is None else report.proven_winnable
    hi = len(line) + 1 if report.proven_unwinnable is None else report.proven_unwinnable
    solves = report.solves
    better = None
    if report.last_winnable is not None:
        win = solve(position_at(game, report.last_winnable, list(game.move_stack)), Budget(states=solve_states))
        solves += 1
        better = EightOffMove.coerce(win.moves[0]) if win.verdict == "winnable" and win.moves else None
    grades = []
    for k, move in enumerate(line):
        if k + 1 <= lo:
            grade = KEPT
        elif k >= hi:
            grade = LOST
        elif k == lo and k + 1 == hi:
            grade = LOST_THE_WIN
        else:
            grade = UNKNOWN
        grades.append(EightOffGrade(k, move, grade, better if grade == LOST_THE_WIN else None))
    return EightOffReview(tuple(grades), report.start, report.now, solves)
