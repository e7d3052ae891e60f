"""The exhaustive Golf search done bit-parallel: every heights vector at once, one draw at a time.

A Golf position is decided by (column heights, cards drawn, waste top rank) (see golf_search.py).
Here the heights vectors h <= H (H: the heights now) are numbered in mixed radix,
idx(h) = sum(h[j] * stride[j]), and a set of vectors is one Python int with bit idx(h) set.
Playing the free card of column j is then a right shift by stride[j], restricted to the vectors
whose free card in column j has the right rank: one AND with a fixed mask, one shift, for every
vector at once. So the whole forward reachability is a few hundred big-int operations:

    level s (cards drawn) starts from every vector reached at level s-1, the waste top now being
    the s-th card drawn (level 0 starts from the position itself);
    reached[r] (waste top rank r) grows by the vectors one play away from reached[w], for every
    waste rank w that a card of rank r fits, until nothing changes (a closure by sweeps over r);
    the position is won as soon as the empty tableau (bit 0) is reached.

Nothing is pruned, so the verdict is exact by construction: 'unwinnable' means the empty tableau
is not reachable at any level. The cost hardly depends on the position: about (number of
vectors) x (levels) x (sweeps), so this is the search's backstop for the positions whose depth-
first search runs long (golf.py decides). A win is traced back through the stored levels: every
reached state was added from a reached predecessor, so a predecessor always exists until the
start.

Rule sets (golf_fit.py) only change which waste ranks feed which card ranks (a joker, rank 0, is
fed by and feeds every rank; a dead King feeds none), except the strict draw: under it level s
starts only from the vectors of level s-1 where no free card fits the waste rank (`stuck`, one
mask per rank), and the trace back takes the draw from such a vector.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .golf_fit import fit_table, flags_of

#: Work is counted in big-int operations, each weighted by the bits it handles plus a fixed
#: overhead; UNIT of that work takes about as long as one state of the depth-first search
#: (golf_search.py), so both searches count "states" in the same currency.
OVERHEAD_BITS = 4096
UNIT = 367_000
#: Big-int operations the sweep makes per level and per vector bit, measured over deals 1-40.
OPS_PER_LEVEL = 380


class OutOfBudget(Exception):
    """Raised when the work or time budget is spent."""


def _repeat(width: int, period: int, total: int) -> int:
    """An int with bits [0, width) set, repeated every `period` bits, below bit `total`."""
    x, span = (1 << width) - 1, period
    while span < total:
        x |= x << span
        span <<= 1
    return x & ((1 << total) - 1)


class GolfSweep:
    """One exhaustive bit-parallel search; `run()` returns (verdict, moves, units of work)."""

    def __init__(self, columns: Sequence[Sequence[int]], stock: Sequence[int], waste: int, rule: Any) -> None:
        self.cols = [list(c) for c in columns]
        self.draws = list(reversed(stock))  # draws[k] is the rank of the k-th card drawn
        self.waste = waste
        self.heights = [len(c) for c in self.cols]
        self.strides: list[int] = []
        size = 1
        for h in self.heights:
            self.strides.append(size)
            size *= h + 1
        self.size = size  # N: how many heights vectors h <= H there are
        self.start = sum(h * s for h, s in zip(self.heights, self.strides))  # idx(H)
        self.units = 0
        self.levels: list[list[int]] = []  # per level, the reached sets by waste rank
        self.flags = flags_of(rule)
        fit = fit_table(self.flags)
        #: Waste rank 0 (a joker on top, or the empty waste) takes any card; without jokers it
        #: can only be the root's, which _search and _trace add at level 0 themselves.
        wild = 0 in self.draws or any(0 in c for c in self.cols)
        #: feeders[r]: the waste ranks on which a card of rank r (0: a joker) may be played
        self.feeders = [[w for w in range(0 if wild else 1, 14) if fit[w][r]] for r in range(14)]
        self.fit = fit
        self.stuck: list[int] = []  # under the strict draw, per waste rank: the vectors that may draw

    def cost(self) -> int:
        """Work units the search will take, about: levels x sweeps x rank steps x operations."""
        levels = len(self.draws) + 1
        return 1 + levels * OPS_PER_LEVEL * (self.size + OVERHEAD_BITS) // UNIT

    def _masks(self) -> list[list[tuple[int, int]]]:
        """plays[r]: (stride, vectors whose free card in that column has rank r) per column."""
        plays: list[list[tuple[int, int]]] = [[] for _ in range(14)]
        for col, height, stride in zip(self.cols, self.heights, self.strides):
            if not height:
                continue
            bottom = _repeat(stride, stride * (height + 1), self.size)  # h[j] == 0
            by_rank: dict[int, int] = {}
            for k, rank in enumerate(col):  # h[j] == k + 1: the free card is col[k]
                by_rank[rank] = by_rank.get(rank, 0) | bottom << ((k + 1) * stride)
            for rank, mask in by_rank.items():
                plays[rank].append((stride, mask))
        return plays

    def _playable(self, plays: list[list[tuple[int, int]]], w: int) -> int:
        """The vectors with a free card that fits waste rank w."""
        out = 0
        for r in range(14):
            if self.fit[w][r]:
                for _, mask in plays[r]:
                    out |= mask
        return out

    def run(self, max_units: int | None = None, deadline: float | None = None) -> tuple[str, list[int | str], int]:
        if not any(self.heights):
            return "winnable", [], 0
        try:
            found = self._search(max_units, deadline)
        except OutOfBudget:  # report no more work than was allowed: the rest was not done
            return "unknown", [], self.units if max_units is None else min(self.units, max_units)
        if found is None:
            return "unwinnable", [], self.units
        return "winnable", self._trace(*found), self.units

    # complexity: the sweep's inner loop over bit sets, on local names; split into calls it runs slower
    def _search(self, max_units: int | None, deadline: float | None) -> tuple[int, int] | None:
        """(level, waste rank) at which the empty tableau was reached, or None."""
        plays, feeders, draws = self._masks(), self.feeders, self.draws
        grain = self.size + OVERHEAD_BITS
        limit = (max_units if max_units is not None else 1 << 62) * UNIT
        units = 0  # in bits handled; units // UNIT is the work in states
        self.levels = []
        reached = [0] * 14
        reached[self.waste] = 1 << self.start
        ranks = [r for r in range(14) if plays[r]]
        strict = self.flags.strict_draw
        if strict:  # a draw only from the vectors where no free card fits the waste rank
            every = (1 << self.size) - 1
            self.stuck = [every ^ self._playable(plays, w) for w in range(14)]
        #: who[r]: ranks whose sets may grow when reached[r] grew (cards of those ranks fit r)
        who = [[t for t in ranks if r in feeders[t]] for r in range(14)]
        for level in range(len(draws) + 1):
            if level:
                everything = 0
                if strict:
                    for s, stuck in zip(reached, self.stuck):
                        everything |= s & stuck
                else:
                    for s in reached:
                        everything |= s
                reached = [0] * 14
                reached[draws[level - 1]] = everything
                first = [r for r in ranks if any(reached[w] for w in feeders[r])]
            else:  # the root may be an empty waste (rank 0), on which any card fits
                first = ranks
            self.levels.append(reached)
            dirty = [False] * 14
            for r in first:
                dirty[r] = True
            todo = first
            while todo:
                for r in todo:
                    if not dirty[r]:
                        continue
                    dirty[r] = False
                    source = reached[0] if not level and self.waste == 0 else 0
                    for w in feeders[r]:
                        source |= reached[w]
                    new = 0
                    for stride, mask in plays[r]:
                        new |= (source & mask) >> stride
                    units += grain * (3 * len(plays[r]) + len(feeders[r]) + 2)
                    grown = reached[r] | new
                    if grown != reached[r]:
                        reached[r] = grown
                        if grown & 1:
                            self.units = 1 + units // UNIT
                            return level, r
                        for t in who[r]:
                            dirty[t] = True
                if units > limit or (deadline is not None and time.perf_counter() > deadline):
                    self.units = 1 + units // UNIT
                    raise OutOfBudget
                todo = [r for r in ranks if dirty[r]]
        self.units = 1 + units // UNIT
        return None

    def _trace(self, level: int, rank: int, idx: int = 0) -> list[int | str]:
        """The moves from the start to the state reached at (level, idx, rank), walked back: by
        default the empty tableau (idx 0)."""
        levels = self.levels
        heights = [idx // s % (h + 1) for s, h in zip(self.strides, self.heights)]
        moves = list[int | str]()
        while level or idx != self.start:  # until back at the position itself
            played = self._play_back(level, idx, rank, heights)
            if played is not None:
                j, idx, rank = played
                heights[j] += 1
                moves.append(j)
                continue
            # no play leads here: it was the draw of the level's first card
            assert level and rank == self.draws[level - 1]
            level -= 1
            rank = next(
                w
                for w in range(14)
                if levels[level][w] >> idx & 1 and (not self.flags.strict_draw or self.stuck[w] >> idx & 1)
            )
            moves.append("draw")
        moves.reverse()
        return moves

    def _play_back(self, level: int, idx: int, rank: int, heights: list[int]) -> tuple[int, int, int] | None:
        """The play that reached (level, idx) with `rank` on the waste, walked back: (its column,
        the index before it, the waste rank before it); None when no play leads here."""
        reached = self.levels[level]
        for j, col in enumerate(self.cols):  # the last move played col[heights[j]] from column j?
            h = heights[j]
            if h < len(col) and col[h] == rank:
                back = idx + self.strides[j]
                before = self.feeders[rank] + ([0] if not level and self.waste == 0 else [])
                w = next((w for w in before if reached[w] >> back & 1), None)
                if w is not None:
                    return j, back, w
        return None
