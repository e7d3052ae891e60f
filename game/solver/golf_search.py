"""The exact Golf search on a compact integer state (pure Python, no model objects).

A position is seven columns of ranks (covered -> free), the stock (stock[-1] is drawn next, as
in the model) and the waste top rank (0 = empty waste, which anything fits). The search is a
depth-first search over (column heights, cards drawn, waste top rank): suits never matter in
Golf, so that triple decides everything that can still happen. Plays come before the draw,
from the tallest column first. Every state proven lost goes into a transposition table keyed
by (heights, waste rank) packed into one int, holding the fewest cards drawn with which it
was lost: having drawn fewer can only help (a winning line from the position with more cards
drawn wins from the one with fewer too, drawing the extra cards at its first draw), so the
same heights and waste rank with at least that many cards drawn is lost as well.

Exact pruning ("helpers"): a tableau card can only ever be removed right after a card of an
adjacent rank became the waste top. Its possible predecessors are fixed at the root: adjacent
cards still in the stock, adjacent cards in other columns, the adjacent card directly on top
of it, and the current waste top if the card is free. A predecessor is used up for good once
something covers it on the waste. When every possible predecessor of a card still on the
tableau is used up, that card can never leave and the position is lost. If the waste top is
the last possible predecessor of a free card, that card must be played now.

Exact pruning ("Hall"): every tableau card needs its own predecessor, so the adjacent-rank
cards still in play must be numerous enough; see golf_hall.py. Nothing else is cut.

Rule sets (golf_fit.py): "adjacent" above means "fits" under the rules in force. A joker has rank
0 and fits, and is fitted by, everything (a dead King aside), so the helper graph and the forced
play need nothing more; a dead King simply fits nothing. The strict draw (a draw only when no free
card fits) breaks the argument that fewer cards drawn can only help: the extra draws may no longer
be allowed. Under it the cards drawn are one more digit of the key, so a state is only ever cut
by itself; the cuts above still hold, since they only say what no line at all can do.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .golf_fit import NONE, fit_table, flags_of
from .golf_hall import make_checks

BITS = 6  # bits per column height in the packed key (columns up to 63 cards)
CHECK_EVERY = 256  # states between two looks at the clock
BIG = 1 << 60  # more draws or states than any search meets


class OutOfBudget(Exception):
    """Raised inside the search when the state or time budget is spent."""


class GolfSearch:
    """One exhaustive search from one position; `run()` returns (verdict, moves, states).

    Moves are a column index (play its free card) or 'draw', as the model takes them.
    """

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        stock: Sequence[int],
        waste: int,
        rule: Any,
        max_states: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.cols = [list(c) for c in columns]
        self.draws = list(reversed(stock))  # draws[k] is the k-th card drawn
        self.waste = waste
        self.flags = flags_of(rule)
        self.fit = fit_table(self.flags)
        self.max_states = max_states
        self.deadline = deadline
        self.states = 0
        self._index_cards()

    # -- the static helper graph ------------------------------------------------------------------
    def _index_cards(self) -> None:
        """Card ids: tableau cards first (column by column), then stock draws, then the waste."""
        self.base: list[int] = []
        self.col_of: list[int] = []
        self.row_of: list[int] = []
        self.rank_of: list[int] = []
        for j, col in enumerate(self.cols):
            self.base.append(len(self.rank_of))
            for i, r in enumerate(col):
                self.col_of.append(j)
                self.row_of.append(i)
                self.rank_of.append(r)
        self.tableau = len(self.rank_of)
        self.rank_of += self.draws + [self.waste]
        self.root_top = len(self.rank_of) - 1
        self.deps: list[list[int]] = [[] for _ in self.rank_of]
        self.count = [0] * self.tableau
        for x in range(self.tableau):
            for p in self._helpers(x):
                self.deps[p].append(x)
                self.count[x] += 1

    def _helpers(self, x: int) -> list[int]:
        """Every card that could be the waste top right before tableau card x is played."""
        fit, r, j, i = self.fit, self.rank_of[x], self.col_of[x], self.row_of[x]
        out = []
        for p in range(self.tableau):
            if fit[self.rank_of[p]][r] and (self.col_of[p] != j or self.row_of[p] == i + 1):
                out.append(p)
        out += [p for p in range(self.tableau, self.root_top) if fit[self.rank_of[p]][r]]
        free = i == len(self.cols[j]) - 1
        if free and (self.waste == 0 or fit[self.waste][r]):
            out.append(self.root_top)
        return out

    # -- the search -------------------------------------------------------------------------------
    def run(self) -> tuple[str, list[int | str], int]:
        if self.tableau == 0:
            return "winnable", [], 0
        if min(self.count) == 0:
            return "unwinnable", [], 1
        try:
            moves = self._dfs()
        except OutOfBudget:
            return "unknown", [], self.states
        if moves is None:
            return "unwinnable", [], self.states
        return "winnable", moves, self.states

    # complexity: the depth-first search's hot loop with an explicit stack, on local names; calls would slow it
    def _dfs(self) -> list[int | str] | None:  # noqa: C901 - the hot loop
        """The winning moves, or None when the search proves there are none.

        One function with two closures over plain local lists and ints: this is where all
        the time goes, and in CPython closures and locals are much faster than attributes.
        """
        cols, draws, fit, deps, count = self.cols, self.draws, self.fit, self.deps, self.count
        col_of, row_of, rank_of, base = self.col_of, self.row_of, self.rank_of, self.base
        heights = [len(c) for c in cols]
        ncols, ndraws, base_draw = len(cols), len(draws), self.tableau
        units = [1 << (BITS * j) for j in range(ncols)]
        tab, sup = [0] * 15, [0] * 15
        for r in rank_of[: self.tableau]:
            tab[r] += 1
        for r in rank_of[self.tableau :]:
            sup[r] += 1
        sup = [a + b for a, b in zip(tab, sup)]
        flags = self.flags
        wild = any(r == 0 for r in rank_of[:-1])  # jokers: rank 0 on the tableau or in the stock
        if not wild:
            sup[0] = 0
        sup[14] = 0
        whole, after_play, after_draw = make_checks(tab, sup, flags.wrap, flags.dead_king, wild)
        # Check the root once (later only the chain next to a covered rank can turn deficient);
        # an empty waste (rank 0) takes any card: without jokers it has no rank to count as a
        # supply, with jokers it is one more spare like them.
        if (self.waste or wild) and not whole():
            return None
        # With a strict draw the draws made are part of the key (hk gets one more digit): a
        # position with fewer cards drawn may no longer draw when it would need to.
        strict = flags.strict_draw
        draw_step = 1 << (BITS * len(cols)) if strict else 0
        dead: dict[int, int] = {}  # (heights, waste rank) -> fewest draws proven lost
        path: list[int | str] = []
        limit = self.max_states if self.max_states is not None else BIG
        deadline = self.deadline
        hk = sum(h * u for h, u in zip(heights, units))
        left, n = self.tableau, 0
        order = sorted(range(ncols), key=lambda j: -heights[j])
        tops = [c[-1] if c else NONE for c in cols]  # rank of each free card, NONE if none

        def visit(top: int, spos: int, below: int) -> bool:
            """Search on from waste card `top` with `spos` cards drawn; the caller has looked
            it up in `dead`. `below` is the rank `top` covered: > 0 after a play, < 0 after a
            draw, 0 at the root (or when it was rank 0: then no check)."""
            nonlocal n, hk
            if n >= limit:
                raise OutOfBudget
            n += 1
            w = rank_of[top]
            if deadline is not None and not n % CHECK_EVERY and time.perf_counter() > deadline:
                raise OutOfBudget
            if below and not (after_play(below, w) if below > 0 else after_draw(-below)):
                dead[hk << 4 | w] = spos
                return False
            # Every move covers `top`: use it up, and see which cards lose their last helper.
            sup[w] -= 1
            doomed = -1
            lost = False
            for x in deps[top]:
                c = count[x] - 1
                count[x] = c
                if not c and heights[col_of[x]] > row_of[x]:
                    if doomed >= 0 or heights[col_of[x]] != row_of[x] + 1:
                        lost = True
                    doomed = x
            found = False
            if lost:
                pass
            elif doomed >= 0:
                found = play(col_of[doomed], spos, w)
            else:
                fits = fit[w]
                cand = [j for j in order if fits[tops[j]]]
                if len(cand) > 1:
                    cand.sort(key=lambda j: -heights[j])
                for j in cand:
                    if play(j, spos, w):
                        found = True
                        break
                if found or spos >= ndraws:
                    pass
                elif not strict:
                    if dead.get(hk << 4 | draws[spos], BIG) > spos + 1:
                        found = visit(base_draw + spos, spos + 1, -w)
                        if found:
                            path.append("draw")
                elif not cand:  # a strict draw: only when no free card fits
                    hk += draw_step
                    if dead.get(hk << 4 | draws[spos], BIG) > spos + 1:
                        found = visit(base_draw + spos, spos + 1, -w)
                        if found:
                            path.append("draw")
                    hk -= draw_step
            for x in deps[top]:
                count[x] += 1
            sup[w] += 1
            if found:
                return True
            dead[hk << 4 | w] = spos
            return False

        def play(j: int, spos: int, w: int) -> bool:
            nonlocal hk, left
            h = heights[j] - 1
            r = cols[j][h]
            left -= 1
            if not left:
                path.append(j)
                return True
            hk -= units[j]
            if dead.get(hk << 4 | r, BIG) > spos:
                heights[j] = h
                tops[j] = cols[j][h - 1] if h else NONE
                tab[r] -= 1
                if visit(base[j] + h, spos, w):
                    path.append(j)
                    return True
                heights[j] = h + 1
                tops[j] = r
                tab[r] += 1
            hk += units[j]
            left += 1
            return False

        try:
            won = visit(self.root_top, 0, 0)
        finally:
            self.states = n
        if not won:
            return None
        path.reverse()
        return path
