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

Other rule sets: with a dead King a King precedes nothing, so supply rank 13 is no node at all
(it counts as the always-empty ZERO) and the walks stop there: with the wrap that cuts the cycle
into a path, so no run is counted twice. Jokers (rank 0, `wild`) precede anything and follow
anything: joker demand is left out (a smaller demand can only weaken the bound) and the jokers
that can still precede a card, sup[0] (with an empty waste on top, that too), are spare supply
every run may draw on: a run is deficient only beyond them. A joker played covers supply w
without removing demand next to it, so both sides are checked, as after a draw.
"""

from __future__ import annotations

from collections.abc import Callable

Pairs = list[tuple[int, int]]
ZERO = 14  # an index of sup that always holds 0: "no such rank"


def _away(w: int, step: int, easy: bool, dead_king: bool) -> Pairs:
    """(demand rank, next supply rank) pairs walking away from supply rank w in one direction."""
    out: Pairs = []
    for t in range(12 if easy else 7):
        d, s = w + step * (2 * t + 1), w + step * (2 * t + 2)
        if easy:
            d, s = (d - 1) % 13 + 1, (s - 1) % 13 + 1
        elif not 1 <= d <= 13:
            continue
        elif not 1 <= s <= 13:
            s = ZERO
        if dead_king and s == 13:  # a King supplies nothing: the path ends at this demand
            out.append((d, ZERO))
            break
        out.append((d, s))
    return out


def make_checks(
    tab: list[int], sup: list[int], easy: bool, dead_king: bool = False, wild: bool = False
) -> tuple[Callable[[], bool], Callable[[int, int], bool], Callable[[int], bool]]:
    """(whole(), after_play(w, r), after_draw(w)) over the live lists tab and sup (15 long).

    Each returns False only when no matching exists; without jokers exactly then."""
    sides = [[_away(w, -1, easy, dead_king), _away(w, 1, easy, dead_king)] for w in range(14)]
    if dead_king:  # covering a dead King takes no supply: nothing can turn deficient then
        sides[13] = [[], []]

    spare = 0 if wild else ZERO  # sup[spare]: the jokers that can still precede any card

    def after_play(w: int, r: int) -> bool:
        """A card of rank r went on waste rank w: runs ending beside w, away from r."""
        run = -sup[w] - sup[spare]
        for d, s in sides[w][1 if r == w - 1 or (w == 1 and r == 13) else 0]:
            run += tab[d] - sup[s]
            if run > 0:
                return False
        return True

    def after_draw(w: int) -> bool:
        """A stock card covered waste rank w: runs through w's neighbours on both sides.

        With wrap, a "run" found here may go round the cycle more than once; its excess is
        then the whole cycle's (never positive: the top card is a spare supply) plus a
        shorter run's, so it is only positive when a real run is deficient. (With a dead
        King the walks stop at rank 13 and never go round.)
        """
        down, up = sides[w]
        run = best = 0
        for d, s in down:
            run += tab[d] - sup[s]
            if run > best:
                best = run
        run, limit = best, sup[w] + sup[spare]
        if run > limit:
            return False
        for d, s in up:
            run += tab[d] - sup[s]
            if run > limit:
                return False
        return True

    def wild_play(w: int, r: int) -> bool:
        """A joker played covers w and removes no demand next to it: checked as a draw."""
        return after_draw(w) if r == 0 else after_play(w, r)

    def whole() -> bool:
        return all(after_draw(w) for w in range(1, 14))

    return whole, wild_play if wild else after_play, after_draw
