"""Where did I lose it: the line a player took, and the exact move that threw a won game away.

The line is the sequence of moves from the deal to the current position: the game's action log
replayed with each undo popping the last move. Position k of the line is the deal after its first k
moves, so position 0 is the deal and position len(line) is the current position.

Why a binary search is exact: a position with a winnable successor is winnable (play that move,
then win), so along a line winnability can only be lost, never regained. The winnable positions
are therefore a prefix 0..w of the line, and the move line[w] is the one that lost the game. One
solve per probe finds w in O(log n) solves. A turning point is only reported when position w was
proven winnable and position w+1 proven unwinnable; an 'unknown' (budget spent) verdict is never
guessed at, it only narrows the search less, and may leave it undecided (certain=False).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.base import G, SolitaireGame
from ..model.moves import EightOffMove, GolfMove
from .result import Budget

MAX_UNKNOWN = 3  # give up on the turning point after this many 'unknown' verdicts

#: A move of the game being analysed.
Move = GolfMove | EightOffMove


def current_line(game: SolitaireGame) -> list[Move]:
    """The moves from the deal to the current position (the game's move stack; from where a compact
    save cut a very long line, `game.line_root()`, when not `game.line_from_deal`)."""
    return list(game.move_stack)


def position_at(game: G, index: int, line: list[Move] | None = None) -> G:
    """A fresh game at line position `index` (0 = the line's start, the deal unless a compact save
    cut the line): the first `index` line moves replayed.

    `line` may be passed when the caller already has current_line(game).
    """
    moves = current_line(game) if line is None else line
    if not 0 <= index <= len(moves):
        raise IndexError(f"line position {index} is outside 0..{len(moves)}")
    fresh = game.line_root()
    for move in moves[:index]:
        fresh.push(move)
    return fresh


@dataclass(frozen=True)
class Analysis:
    """What the solver knows about the line of a game (see the module docstring).

    now / start: 'winnable' | 'unwinnable' | 'unknown' for the current position and the deal.
    last_winnable: the line position proven winnable whose next position is proven unwinnable (the
    exact turning point); None when the deal is unwinnable, the game is still winnable, or an
    'unknown' verdict left it undetermined. lost_move = line[last_winnable]. certain is False when
    some 'unknown' verdict left the question open. moves: a win from here when now is 'winnable'.
    proven_winnable / proven_unwinnable bracket the turning point even when it is undetermined:
    the highest position proven winnable and the lowest proven unwinnable (None: none proven).
    """

    now: str
    start: str
    line_length: int
    last_winnable: int | None
    lost_move: Move | None
    certain: bool
    moves: tuple[Move, ...] = ()
    proven_winnable: int | None = None
    proven_unwinnable: int | None = None
    solves: int = 0

    @property
    def undos_needed(self) -> int | None:
        """Undos that take the current position back to the last winnable one (None if unknown).

        The model keeps at most 100 undo steps, so more than game.undo_depth cannot all be undone.
        """
        if self.last_winnable is None:
            return None
        return self.line_length - self.last_winnable


class _Probe:
    """Solve line positions once each, keeping the bracket lo (proven winnable) < hi (proven not)."""

    def __init__(self, game: SolitaireGame, line: list[Move], budget: Budget | int | float | None) -> None:
        self.game, self.line, self.budget = game, line, budget
        self.lo, self.hi = -1, len(line) + 1
        self.verdicts: dict[int, str] = {}
        self.unknown = 0
        self.now_moves: tuple[Move, ...] = ()

    def solve(self, index: int) -> str:
        from . import solve  # looked up at each call: tests put a fake solver in game.solver

        n = len(self.line)
        position = self.game if index == n else position_at(self.game, index, self.line)
        result = solve(position, self.budget)
        self.verdicts[index] = result.verdict
        if result.verdict == "winnable":
            self.lo = max(self.lo, index)
            if index == n:
                self.now_moves = result.moves
        elif result.verdict == "unwinnable":
            self.hi = min(self.hi, index)
        else:
            self.unknown += 1
        return result.verdict

    def bisect(self, max_unknown: int) -> None:
        """Halve the bracket until it is exact, or `max_unknown` verdicts came back 'unknown'."""
        while self.hi - self.lo > 1 and self.unknown < max_unknown:
            index = self.next_index()
            if index is None:
                break
            self.solve(index)

    def next_index(self) -> int | None:
        """The untried position nearest the middle of the open bracket, or None if none is left."""
        middle = (self.lo + self.hi) / 2
        untried = [i for i in range(self.lo + 1, self.hi) if i not in self.verdicts]
        return min(untried, key=lambda i: (abs(i - middle), i)) if untried else None


def analyse(
    game: SolitaireGame, budget_per_solve: Budget | int | float | None, max_unknown: int = MAX_UNKNOWN
) -> Analysis:
    """Solve the current position, then (if it is lost) bisect the line for the move that lost it.

    The current position is solved first: if it is winnable nothing else is needed (the deal is
    then winnable too). Otherwise the deal is solved and, if it was winnable, the bracket between
    the highest proven-winnable and the lowest proven-unwinnable position is halved until they are
    adjacent. Each solve gets `budget_per_solve` (int states, float seconds or a Budget); after
    `max_unknown` 'unknown' verdicts the search stops with certain=False. The game is not changed.
    """
    line = current_line(game)
    n = len(line)
    probe = _Probe(game, line, budget_per_solve)
    probe.solve(n)
    if probe.lo < n and 0 not in probe.verdicts:
        probe.solve(0)
    probe.bisect(max_unknown)
    lo, hi = probe.lo, probe.hi
    # every position is proven on one side of an exact boundary; a line a compact save cut starts
    # after the deal, so a lost start says nothing of the deal
    settled = hi - lo == 1 and (lo >= 0 or game.line_from_deal)
    turning = lo if settled and 0 <= lo < n else None
    return Analysis(
        now=_verdict(n, lo, hi),
        start=_verdict(0, lo, hi) if lo >= 0 or game.line_from_deal else "unknown",
        line_length=n,
        last_winnable=turning,
        lost_move=None if turning is None else line[turning],
        certain=settled,
        moves=probe.now_moves if lo == n else (),
        proven_winnable=lo if lo >= 0 else None,
        proven_unwinnable=hi if hi <= n else None,
        solves=len(probe.verdicts),
    )


def _verdict(index: int, lo: int, hi: int) -> str:
    """A position's verdict by monotonicity: winnable at or before lo, unwinnable from hi on."""
    if index <= lo:
        return "winnable"
    if index >= hi:
        return "unwinnable"
    return "unknown"
