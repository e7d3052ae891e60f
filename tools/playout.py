"""Golf played out at the rank level by a policy, fast: the difficulty rating's random player and the
report's greedy player (tools/rating.py).

Suits never matter in Golf, so a position is the columns' ranks, the stock's ranks and the waste
top's rank (0 a joker, EMPTY an empty waste), and what fits is a 15 x 14 table made from the rule
set's own `fits` (so every rule set plays by the model's rule). A playout plays a card whenever one
fits, chosen by the policy, and draws only when none does, which every rule set allows (the strict
draw too); it ends won, or blocked with an empty stock. Its moves are the model's, so a playout
replays through the model (the tests do).

The random policy takes its numbers from Knuth's MMIX linear congruential generator seeded with
the deal number, as the model places jokers (golf.joker_places): each time two or more cards fit,
state = (state * 6364136223846793005 + 1442695040888963407) mod 2^64 and the card chosen is the
(state >> 33) mod n-th fitting one, columns in order. Reproducible in any language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.model.cards import JOKERS, Card
from game.model.golf import GolfGame, GolfRules
from game.model.moves import GolfMove

EMPTY = 14  # the waste top's index when the waste is empty
_LCG_A, _LCG_C, _LCG_M = 6364136223846793005, 1442695040888963407, 2**64

#: fits[top][card]: may a card of this rank (0 a joker) go on this waste top (EMPTY: none)?
Fits = list[list[bool]]
#: a policy: (the columns, the indices of those whose free card fits, fits) -> the column to play
Policy = Callable[[list[list[int]], list[int], Fits], int]


def fit_table(rules: GolfRules) -> Fits:
    cards = [JOKERS[0], *(Card(r, "S") for r in range(1, 14))]
    tops: list[Card | None] = [JOKERS[1], *(Card(r, "H") for r in range(1, 14)), None]
    return [[rules.fits(card, top) for card in cards] for top in tops]


@dataclass(frozen=True)
class RankPosition:
    """A Golf position by ranks: columns (free card last), stock (next draw last), waste top."""

    columns: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    top: int
    fits: Fits

    @classmethod
    def of(cls, game: GolfGame) -> RankPosition:
        top = game.waste_top
        return cls(
            tuple(tuple(c.rank for c in col) for col in game.columns),
            tuple(c.rank for c in game.stock),
            EMPTY if top is None else top.rank,
            fit_table(game.rules),
        )


def play(position: RankPosition, policy: Policy, moves: list[GolfMove] | None = None) -> int:
    """Play the position out by the policy; the tableau cards left at the end (0: won). The moves
    made are appended to `moves` when it is given."""
    columns = [list(c) for c in position.columns]
    stock = list(position.stock)
    top, fits = position.top, position.fits
    left = sum(map(len, columns))
    while left:
        fit = fits[top]
        fitting = [i for i, col in enumerate(columns) if col and fit[col[-1]]]
        if fitting:
            i = fitting[0] if len(fitting) == 1 else policy(columns, fitting, fits)
            top = columns[i].pop()
            left -= 1
            if moves is not None:
                moves.append(GolfMove(i))
        elif stock:
            top = stock.pop()
            if moves is not None:
                moves.append(GolfMove.DRAW)
        else:
            break
    return left


class RandomPolicy:
    """A uniformly random fitting card, from the MMIX LCG seeded with `seed` (see above)."""

    def __init__(self, seed: int) -> None:
        self.state = seed % _LCG_M

    def __call__(self, columns: list[list[int]], fitting: list[int], fits: Fits) -> int:
        self.state = (self.state * _LCG_A + _LCG_C) % _LCG_M
        return fitting[(self.state >> 33) % len(fitting)]


def random_playouts(position: RankPosition, count: int, seed: int) -> tuple[int, int]:
    """(playouts won, tableau cards left summed over all) of `count` random playouts, one stream."""
    policy = RandomPolicy(seed)
    lefts = [play(position, policy) for _ in range(count)]
    return lefts.count(0), sum(lefts)


def greedy_policy(columns: list[list[int]], fitting: list[int], fits: Fits) -> int:
    """The fitting card after which the most free cards fit (the card it uncovers counted), then
    the one from the tallest column, then the leftmost: a player who keeps a run going."""

    def value(i: int) -> tuple[int, int, int]:
        after = fits[columns[i][-1]]
        follow = sum(
            1
            for j, col in enumerate(columns)
            if col and (after[col[-1]] if j != i else len(col) > 1 and after[col[-2]])
        )
        return follow, len(columns[i]), -i

    return max(fitting, key=value)


def greedy_cards_left(game: GolfGame) -> int:
    """The tableau cards the greedy player leaves on this deal (0: it wins)."""
    return play(RankPosition.of(game), greedy_policy)
