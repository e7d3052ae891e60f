"""The best hole score found for a Golf position, under every rule set: the fewest cards left, or
the most stock to spare, that play from it can reach (a single Golf deal's end screens show it).

A hole's score is the number of tableau cards left when play ends, or, when the tableau is cleared,
minus the cards still in the stock (game.model.course.hole_score).

- A winnable position's best is minus the most stock cards that can be left at a clearance. Winning
  with k cards to spare is winning the same position with the k cards drawn last taken out of the
  stock (they are never needed), and that only gets harder as k grows: the exact solver, asked
  about a few such stocks (a binary search over k), gives the best, proved.
- Any other position's best is the fewest tableau cards left: play can only lower the count, so it
  is the least count over the positions reachable, found by a depth-first search over (cards left in
  each column, cards drawn, waste top rank), the state the plain reference search
  (tools/golf_plain.py) also keys on, plays before the draw. Within the budget of positions it is
  proved; beyond it, it is the best found so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .result import Budget

if TYPE_CHECKING:  # pragma: no cover
    from ..model.golf import GolfGame

DEFAULT_STATES = 40_000  # positions per search, in the solver's worker: no frame waits for it


@dataclass(frozen=True)
class BestScore:
    """The best hole score found and whether the search proved nothing better exists."""

    score: int
    proved: bool


class _OutOfBudget(Exception):
    pass


def fits(card: int, top: int | None, wrap: bool, dead_king: bool) -> bool:
    """Whether rank `card` (0: a joker) fits waste top rank `top` (None: empty waste; 0: a joker).

    The rules (RULES.md) at the rank level: a card fits the waste top when their ranks differ by one
    (with the wrap, King and Ace too); anything fits an empty waste or a joker, and a joker fits
    anything; nothing fits a King when the King is dead."""
    if top is None:
        return True
    if dead_king and top == 13:
        return False
    if card == 0 or top == 0:
        return True
    return abs(card - top) == 1 or (wrap and abs(card - top) == 12)


def rank_position(game: Any) -> tuple[list[list[int]], list[int], int | None]:
    """A GolfGame's position at the rank level, as best_score takes it: (columns, stock with the
    next draw last, the waste top's rank or None)."""
    top = game.waste_top
    return (
        [[c.rank for c in col] for col in game.columns],
        [c.rank for c in game.stock],
        None if top is None else top.rank,
    )


def best_score(
    columns: Sequence[Sequence[int]],
    stock: Sequence[int],
    top: int | None,
    wrap: bool = False,
    dead_king: bool = False,
    strict_draw: bool = False,
    states: int = DEFAULT_STATES,
) -> BestScore:
    """The best score reachable from a position given at the rank level (columns covered -> free,
    stock[-1] drawn next, `top` the waste's rank or None, 0 a joker), searching at most `states`."""
    cols = [list(c) for c in columns]
    seen: set[tuple[tuple[int, ...], int, int | None]] = set()
    best = sum(len(c) for c in cols)  # no card more played: what is left now

    def search(heights: tuple[int, ...], drawn: int, top: int | None, left: int) -> None:
        nonlocal best
        stock_left = len(stock) - drawn
        if left == 0:
            best = min(best, -stock_left)
            return
        best = min(best, left)
        if -stock_left >= best or (heights, drawn, top) in seen:
            return  # not even a clearance now could do better; or searched already
        if len(seen) >= states:
            raise _OutOfBudget
        seen.add((heights, drawn, top))
        playable = [j for j, h in enumerate(heights) if h and fits(cols[j][h - 1], top, wrap, dead_king)]
        for j in playable:
            search(heights[:j] + (heights[j] - 1,) + heights[j + 1 :], drawn, cols[j][heights[j] - 1], left - 1)
        if stock_left and not (strict_draw and playable):
            search(heights, drawn + 1, stock[stock_left - 1], left)

    try:
        search(tuple(len(c) for c in cols), 0, top, best)
    except _OutOfBudget:
        return BestScore(best, False)
    return BestScore(best, True)


def _winnable(game: GolfGame, spare: int, states: int) -> bool | None:
    """Whether `game` can be won with `spare` stock cards never drawn (None: the budget ran out)."""
    from ..model.golf import GolfGame as Golf
    from .golf import solve_golf

    stock = game.stock[spare:]  # the stock's first cards are drawn last
    short = Golf.from_layout(game.columns, game.waste, stock, game.rules)
    verdict = solve_golf(short, Budget(states=states)).verdict
    return None if verdict == "unknown" else verdict == "winnable"


def best_of_game(game: GolfGame, states: int = DEFAULT_STATES) -> BestScore:
    """The best score from a GolfGame's current position: by the exact solver where it can be won,
    else by best_score's search."""
    if game.status == "won":
        return BestScore(-len(game.stock), True)
    verdict = _winnable(game, 0, states)
    if verdict:
        low, high, proved = 0, len(game.stock), True  # winnable with `low` spare; not beyond `high`
        while low < high:
            k = (low + high + 1) // 2
            answer = _winnable(game, k, states)
            if answer:
                low = k
            else:
                high, proved = k - 1, proved and answer is not None
        return BestScore(-low, proved)
    rules = game.rules
    found = best_score(*rank_position(game), rules.wrap, rules.dead_king, rules.strict_draw, states)
    return BestScore(max(found.score, 1), found.proved) if verdict is False else found
