"""Eight Off's shortest wins, proved: how many moves a position still needs at the least, kept in a
table that the searches of one game's positions share.

Moves are counted as the game's move counter counts them: one per move, a group move is one, and
every foundation move counts. A shortest win takes every card not home to its foundation exactly
once (a card taken back from its foundation only adds moves, and a foundation move is never a loss:
game/solver/eightoff.py, point 1, shows that a line from the position with the card home is never
longer than the line without it, minus that move). So a position's distance is the cards not home
plus the *ordinary* moves (any other move) of a shortest line through the solver's settled
positions, where each edge is one ordinary move followed by every foundation move it allows; the
move generator is the solver's (eightoff_state.Rules), which leaves out only moves that cannot
shorten a line (a second free cell or empty column, cell to cell, a whole column from a King into an
empty column).

The search is A* with an admissible bound (`lower_bound`, at least one move for a position not won),
raised by what the table knows:
- exact distances: every position on a shortest line found has the distance of the line's start
  minus its place on it (the distance drops by exactly one along a shortest line);
- proved lower bounds: once a search from position R shows d(R) >= D, every position it reached
  at g moves from R has d >= D - g (else R would have a shorter line through it).
Both are admissible, so the first position taken off the open list whose distance is exact closes
the search with a shortest line (its f is least, and no open position can lead to a shorter one).
The search never reads the clock: its budget is in positions generated, so the same budget gives
the same answer on every machine, and a search that runs out gives no distance (only a bound).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from ..model.eightoff import EightOffGame
from .eightoff_state import CELL_COL, COL_CELL, COL_COL, Move, Rules, State, encode, key

__all__ = ["DistanceTable", "lower_bound", "settled"]

#: column bounds kept at most (the memory of a review stays bounded)
KEPT = 200_000
#: (the key, the parent's part) of a line of positions from a search's start
_Path = tuple[bytes, "_Path"] | None


def lower_bound(cols: tuple[bytes, ...]) -> int:
    """The column bound of a position (see column_bound)."""
    return sum(map(column_bound, cols))


def column_bound(col: bytes) -> int:
    """Ordinary moves still needed, at least: the cards that must leave their column before a lower
    card of their suit under them can go home, and do not lie on their parent (the card one rank up
    of their suit). Each is the bottom card of at least one move of its own, since a group is a run
    and such a card is in no run with the card under it. Consistent: one move changes the count by
    at most one (only the moved group's bottom card can stop counting, and a card's count depends
    only on the cards under it, which no move changes for cards that stay)."""
    count = 0
    lowest = [99, 99, 99, 99]  # per suit, the lowest rank under the current card
    under = -1
    for card in col:
        suit, rank = card >> 4, card & 15
        if lowest[suit] < rank and under != card + 1:
            count += 1
        if rank < lowest[suit]:
            lowest[suit] = rank
        under = card
    return count


def settled(game: EightOffGame, rules: Rules) -> tuple[State, int]:
    """The solver's settled form of a model position (every card that may go home gone home) and
    the cards not home in the model position (each costs one foundation move)."""
    cols, cells, need = encode(game.columns, game.cells, game.foundations)
    out = sum(map(len, cols)) + len(cells)
    work, needs = list(cols), list(need)
    cells = rules.settle(work, cells, needs, [])
    return (tuple(work), cells, tuple(needs)), out


def children(rules: Rules, state: State) -> Iterator[tuple[State, Move]]:
    """Every settled child of a settled position with the ordinary move that makes it (only the
    card a move uncovers can start cards home: the position was settled)."""
    cols, cells, need = state
    for move in rules.moves(cols, cells):
        kind, a, b, k = move
        new_cols = list(cols)
        if kind == CELL_COL:
            new_cols[b] = cols[b] + bytes((a,))
            yield (tuple(new_cols), cells.replace(bytes((a,)), b""), need), move
            continue
        if kind == COL_COL:
            new_cols[b] = cols[b] + cols[a][-k:]
            new_cells = cells
        else:
            assert kind == COL_CELL
            new_cells = bytes(sorted(cells + cols[a][-1:]))
        rest = new_cols[a] = cols[a][:-k]
        if rest and need[rest[-1] >> 4] == rest[-1]:
            needs = list(need)
            new_cells = rules.settle_after(new_cols, new_cells, needs, [], a)
            yield (tuple(new_cols), new_cells, tuple(needs)), move
        else:
            yield (tuple(new_cols), new_cells, need), move


class DistanceTable:
    """Shortest wins of one deal's positions (one cell count, one set of cards), found by A* and
    kept: `exact` holds the ordinary moves a settled position needs, `lower` a proved lower bound.

    `search_states` caps the positions one search may generate, `total_states` all searches
    together; `states` counts what they took."""

    def __init__(self, cell_count: int, search_states: int, total_states: int) -> None:
        self.rules = Rules(cell_count)
        self.search_states, self.left = search_states, total_states
        self.states = self.searches = 0
        self.exact: dict[bytes, int] = {}
        self.lower: dict[bytes, int] = {}
        self.bounds: dict[bytes, int] = {}  # column -> column_bound, kept

    def distance(self, game: EightOffGame) -> int | None:
        """The moves of a shortest win from the model position, counted as the move counter
        does; None when the searches' budget ran out first (or no win was found: a position
        the caller has not proved winnable may be searched to the end of its budget)."""
        state, out = settled(game, self.rules)
        found = self.ordinary(state)
        return None if found is None else out + found

    def ordinary(self, root: State) -> int | None:
        """The ordinary moves of a shortest win from a settled position (see the module text)."""
        root_key = key(root[0], root[1])
        known = self.exact.get(root_key)
        if known is not None:
            return known
        if not root[1] and not any(root[0]):
            self.exact[root_key] = 0
            return 0
        allowed = min(self.search_states, self.left)
        if allowed <= 0:
            return None
        self.searches += 1
        return self._astar(root, root_key, allowed)

    def _estimate(self, cols: tuple[bytes, ...], k: bytes) -> int:
        """The search's bound for a settled position that is not won: the table's exact distance,
        else the best of the proved lower bound, the column bound and one move."""
        known = self.exact.get(k)
        if known is not None:
            return known
        bounds, bound = self.bounds, 0
        for col in cols:
            b = bounds.get(col)
            if b is None:
                if len(bounds) > KEPT:
                    bounds.clear()
                b = bounds[col] = column_bound(col)
            bound += b
        bound = max(1, bound)
        proved = self.lower.get(k, 0)
        return proved if proved > bound else bound

    # complexity: A*'s loop, with the table's exact ends and the learning of bounds in place
    def _astar(self, root: State, root_key: bytes, allowed: int) -> int | None:
        rules, exact, lower, bounds = self.rules, self.exact, self.lower, self.bounds
        home = key((b"",) * len(root[0]), b"")
        best = {root_key: 0}
        expanded: list[tuple[bytes, int]] = []
        # (f, 0 when the distance is known, else 1: of equal f, a known one ends the search first,
        # -g: else the deepest first, a tie-breaker, the position, its key, the line to it)
        heap: list[tuple[int, int, int, int, State, bytes, _Path]] = [
            (self._estimate(root[0], root_key), 1, 0, 0, root, root_key, None)
        ]
        generated = 0
        found: int | None = None
        bound = heap[0][0]
        while heap:
            f, _, minus_g, _, state, k, path = heapq.heappop(heap)
            g = -minus_g
            if best.get(k, g) < g:
                continue  # reached again by a shorter line since this entry was pushed
            end = exact.get(k)
            if end is not None:  # f = g + end is least: a shortest line from the root runs through here
                found = g + end
                step: _Path = (k, path)
                depth = g
                while step is not None:
                    exact[step[0]] = found - depth
                    step, depth = step[1], depth - 1
                break
            expanded.append((k, g))
            g += 1
            for child, _ in children(rules, state):
                cols, cells = child[0], child[1]
                ck = b"\0".join(sorted(cols)) + b"\0" + cells  # key(), inline: this loop is the time
                old = best.get(ck)
                if old is not None and old <= g:
                    continue
                best[ck] = g
                generated += 1
                h = exact.get(ck)
                if h is None:
                    if ck == home:
                        h = exact[ck] = 0
                    else:  # _estimate, inline
                        estimate = 0
                        for col in cols:
                            b = bounds.get(col)
                            if b is None:
                                if len(bounds) > KEPT:
                                    bounds.clear()
                                b = bounds[col] = column_bound(col)
                            estimate += b
                        proved = lower.get(ck, 1)
                        heapq.heappush(
                            heap,
                            (
                                g + (proved if proved > estimate else estimate or 1),
                                1,
                                -g,
                                generated,
                                child,
                                ck,
                                (k, path),
                            ),
                        )
                        continue
                heapq.heappush(heap, (g + h, 0, -g, generated, child, ck, (k, path)))
            if generated >= allowed:
                bound = heap[0][0] if heap else f
                break
        self.states += generated
        self.left -= generated
        proved = found if found is not None else bound
        for k, g in expanded:  # d(root) <= g + d(k), so d(k) >= proved - g
            if proved - g > lower.get(k, 0):
                lower[k] = proved - g
        if found is None and proved > lower.get(root_key, 0):
            lower[root_key] = proved
        return found

    def next_on_shortest(self, root: State) -> tuple[Move, State] | None:
        """An ordinary move from a settled position whose child the table knows one move nearer
        the end of a shortest win (there is one once the position's distance is known, not won)."""
        d = self.exact.get(key(root[0], root[1]))
        if d is None or d == 0:
            return None
        for child, move in children(self.rules, root):
            if self.exact.get(key(child[0], child[1])) == d - 1:
                return move, child
        return None  # pragma: no cover - a known distance always has its next position known
