"""The rank-level matching bound of the Golf search (Hall's theorem on a path or a cycle).

Every tableau card needs its own predecessor: the card right under it on the waste, of an
adjacent rank, which is now on the tableau, in the stock or on top of the waste (cards
deeper in the waste are covered for good). tab[r] counts the tableau cards of rank r (the
demand) and sup[r] the cards that could still precede something (tableau + stock + top).
The demand ranks and their neighbour ranks form paths (Classic: odd ranks and even ranks
apart) or one cycle (Easy: 13 is odd, and K-A closes it). By Hall's theorem a matching
exists iff no run of consecutive demand ranks has more demand than its neighbouring supply.
If there is no matching, some card can never be played: the position is lost.

Each move covers exactly one card (rank w: sup[w] drops by one) and a play also removes one
demand of rank r next to w, so only runs next to w can turn deficient, and after a play
only the runs that end beside w on the side away from r. The checks scan just those.
"""
from __future__ import annotations

from collections.abc import Callable

Pairs = list[tuple[int, int]]
ZERO = 14  # an index of sup that always holds 0: "no such rank"


def _away(w: int, step: int, easy: bool) -> Pairs:
    """(demand rank, next supply rank) pairs walking away from supply rank w in one direction."""
    out: Pairs = []
    for t in range(12 if easy else 7):
        d, s = w + step * (2 * t + 1), w + step * (2 * t + 2)
        if easy:
            out.append(((d - 1) % 13 + 1, (s - 1) % 13 + 1))
        elif 1 <= d <= 13:
            out.append((d, s if 1 <= s <= 13 else ZERO))
    return out


def make_checks(tab: list[int], sup: list[int], easy: bool) \
        -> tuple[Callable[[], bool], Callable[[int, int], bool], Callable[[int], bool]]:
    """(whole(), after_play(w, r), after_draw(w)) over the live lists tab and sup (15 long)."""
    sides = [[_away(w, -1, easy), _away(w, 1, easy)] for w in range(14)]

    def after_play(w: int, r: int) -> bool:
        """A card of rank r went on waste rank w: runs ending beside w, away from r."""
        run = -sup[w]
        for d, s in sides[w][1 if r == w - 1 or (w == 1 and r == 13) else 0]:
            run += tab[d] - sup[s]
            if run > 0:
                return False
        return True

    def after_draw(w: int) -> bool:
        """A stock card covered waste rank w: runs through w's neighbours on both sides.

        With wrap, a "run" found here may go round the cycle more than once; its excess is
        then the whole cycle's (never positive: the top card is a spare supply) plus a
        shorter run's, so it is only positive when a real run is deficient.
        """
        down, up = sides[w]
        run = best = 0
        for d, s in down:
            run += tab[d] - sup[s]
            if run > best:
                best = run
        run, limit = best, sup[w]
        if run > limit:
            return False
        for d, s in up:
            run += tab[d] - sup[s]
            if run > limit:
                return False
        return True

    def whole() -> bool:
        return all(after_draw(w) for w in range(1, 14))

    return whole, after_play, after_draw
