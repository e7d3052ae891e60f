"""Exact Eight Off solver: depth-first search over settled positions with a transposition table.

Why the search never gives a wrong verdict (d(S) is the length of a shortest winning line from S):

1. Foundation moves are safe, and taking a card back from a foundation never helps. Building is by
   suit, so the only card that can ever lie on r♠ is (r−1)♠. Follow any winning line U from S with a
   line T from S' = S plus some cards X put on their foundations (X a run r+1..r+j of each suit above
   U's foundation, lying in U's columns or cells). T copies each move of U without the X cards: a
   group loses only its top cards (those of X), and a card can only have been put on an X card if it
   is in X itself, so every copied move is legal (T never has fewer free cells or empty columns). A
   move of an X card to its foundation is skipped; a card U takes back from a foundation stays there
   in T and joins X. When U wins, X is empty and T has won too, with no take-back and no more moves.
   So foundation moves are made at once, take-backs are never generated, and d(S') ≤ d(S).
2. Nothing else is forced or frozen. In particular a sorted column (a run from a King) is NOT final
   here, unlike in many Baker's Game solvers: emptying it into cells gains an empty column, which
   doubles the group limit of the formula, so the search keeps moving its cards into cells (the tests
   hold a full-deck position that is winnable only that way).
3. Symmetry: free cells are interchangeable and so are columns, so the transposition key sorts both,
   only the first free cell / first empty column is tried, and a whole column starting with a King is
   never moved into an empty column. A group move onto a column is only ever the whole top run (any
   shorter part has its parent right under it), so the model's group moves are the only ones needed.
4. Completeness: every edge of the search is one ordinary move m followed by foundation moves.
   Taking m as the first move of a shortest line lowers d by one and the foundation moves never
   raise it, so from any winnable settled position some child is winnable with a smaller d: an
   exhausted search with no win is a proof. 'winnable' lines are checked move by move against the
   rules first, on a plain copy of the position (eightoff_check.py).

The unit tests check 1, and the solver's verdict on every reachable position, against a brute force
over the model's own legal moves (take-backs included, nothing automatic) on many small positions.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..model.cards import FULL_DECK
from ..model.eightoff import EightOffGame
from .eightoff_check import model_moves
from .eightoff_state import CELL_COL, COL_CELL, COL_COL, Move, Rules, encode, key
from .result import Budget, Result

TIME_CHECK = 512


class _OutOfBudget(Exception):
    pass


#: (columns, cells, needed cards, the columns' score terms, the move straight back or None)
_State = tuple[tuple[bytes, ...], bytes, tuple[int, ...], list[int], Move | None]


class _Search:
    """One depth-first search; children are tried best score first."""

    def __init__(self, cell_count: int, budget: Budget) -> None:
        self.rules = Rules(cell_count)
        self.runs = self.rules.runs  # the run cache, read directly in the hot loops
        self.max_states = budget.states
        self.deadline = budget.deadline()
        self.states = 0
        self.seen: set[bytes] = set()
        self.home = 0  # sum(need) once every card is on its foundation
        self.check_at = 1  # the state count at which to look at the budget next

    def _check_budget(self) -> None:
        """Raise _OutOfBudget past the state limit or the deadline (the clock is read every
        TIME_CHECK states); else set when to look next."""
        if self.max_states is not None and self.states > self.max_states:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget
        step = TIME_CHECK - self.states % TIME_CHECK
        if self.max_states is not None:
            step = min(step, self.max_states + 1 - self.states)
        self.check_at = self.states + max(1, step)

    def _count(self) -> None:
        self.states += 1
        if self.states >= self.check_at:
            self._check_budget()

    def run(self, cols: tuple[bytes, ...], cells: bytes, need: tuple[int, ...]) -> list[Move] | None:
        """The moves of a win from this position, or None once every reachable position was seen."""
        self.home = sum(need) + sum(map(len, cols)) + len(cells)
        work, needs, first = list(cols), list(need), list[Move]()
        cells = self.rules.settle(work, cells, needs, first)
        root = (tuple(work), cells, tuple(needs), [self._column_term(c, needs) for c in work], None)
        self.seen.add(key(root[0], cells))
        self._count()
        if sum(needs) == self.home:
            return first
        path: list[list[Move]] = [first]
        stack = [self._children(root)]
        while stack:
            children = stack[-1]
            if not children:
                stack.pop()
                path.pop()
                continue
            state, moves, won = children.pop()
            path.append(moves)
            if won:
                return [m for part in path for m in part]
            stack.append(self._children(state))
        return None

    def _children(self, state: _State) -> list[tuple[_State, list[Move], bool]]:
        """Unseen settled children, the most promising last (the stack pops from the end).

        A state is (columns, cells, needed cards, column terms of the score, the move back to its
        parent or None). Only what a move changed is scored again: a child that sent nothing home
        differs from its parent in the move's one or two columns and the cells; one that did needs
        every column's term anew. The move straight back (a card into a cell and out again) is not
        even made: it could only give the parent, which is seen.
        """
        cols, cells, need, values, back = state
        rules, seen, home, term = self.rules, self.seen, self.home, self._column_term
        settle_after = rules.settle_after
        found: list[tuple[int, int, _State, list[Move]]] = []
        parent = -8 * sum(need) + 3 * len(cells) + sum(values)
        for move in rules.moves(cols, cells):
            if move == back:
                continue
            kind, a, b, k = move
            new_cols = list(cols)  # the move applied (inline: this loop is where the time goes)
            if kind == COL_COL:
                new_cols[b] = cols[b] + cols[a][-k:]
                new_cols[a] = cols[a][:-k]
                new_cells = cells
            elif kind == COL_CELL:
                new_cells = bytes(sorted(cells + cols[a][-1:]))
                new_cols[a] = cols[a][:-1]
            else:  # CELL_COL
                new_cols[b] = cols[b] + bytes((a,))
                new_cells = cells.replace(bytes((a,)), b"")
                a = -1  # nothing uncovered in a column
            uncovered = new_cols[a][-1] if a >= 0 and new_cols[a] else 0
            settled: list[int] | None = None
            moves = [move]
            if uncovered and need[uncovered >> 4] == uncovered:  # cards go home: settle
                settled = list(need)
                new_cells = settle_after(new_cols, new_cells, settled, moves, a)
            seen_key = b"\0".join(sorted(new_cols)) + b"\0" + new_cells  # key(), inline
            if seen_key in seen:
                continue
            seen.add(seen_key)
            self.states += 1
            if self.states >= self.check_at:
                self._check_budget()
            if settled is not None:  # cards went home: the needed cards changed, score it all
                child_need = tuple(settled)
                if sum(child_need) == home:
                    return [((tuple(new_cols), new_cells, child_need, values, None), moves, True)]
                new_values = [term(c, child_need) for c in new_cols]
                score = -8 * sum(child_need) + 3 * len(new_cells) + sum(new_values)
                undo = None
            else:
                child_need = need
                new_values = values.copy()
                score = parent + 3 * (len(new_cells) - len(cells))
                for j in ((move[1], b) if kind == COL_COL else (move[1],) if kind == COL_CELL else (b,)):
                    new_values[j] = t = term(new_cols[j], need)
                    score += t - values[j]
                undo = (CELL_COL, cols[a][-1], a, 1) if kind == COL_CELL else \
                    (COL_CELL, b, 0, 1) if kind == CELL_COL else None
            child = (tuple(new_cols), new_cells, child_need, new_values, undo)
            found.append((score, len(found), child, moves))
        if len(found) > 1:
            found.sort(reverse=True)
        return [(child, moves, False) for _, _, child, moves in found]

    def _column_term(self, col: bytes, need: Sequence[int]) -> int:
        """One column's part of the score (lower is more promising; the whole score is
        -8 x cards home + 3 x cards in cells + the columns' terms): -4 for an empty column, else
        twice its cards off their parent plus how deep the next card of each suit lies in it."""
        if not col:
            return -4
        disorder = (self.runs.get(col) or self.rules.run(col))[2]
        top = len(col) - 1
        for c in need:
            i = col.find(c)
            if i >= 0:
                disorder += top - i
        return 2 * disorder


def column_scorer(cell_count: int) -> Callable[[bytes, Sequence[int]], int]:
    """The search's score of one column (see _Search._column_term), for the par search's ordering:
    one definition of what a promising position is."""
    return _Search(cell_count, Budget())._column_term


def solve_position(game: EightOffGame, budget: Budget) -> Result:
    """Bring every card of the position home, exactly; for a full deck that is winning the game.

    Positions with fewer than 52 cards (small test positions built with from_layout) are searched
    the same way; the model never calls them won, which is why solve_eightoff refuses them."""
    start = time.perf_counter()
    search = _Search(game.cell_count, budget)
    try:
        found = search.run(*encode(game.columns, game.cells, game.foundations))
    except _OutOfBudget:
        return Result("unknown", (), search.states, time.perf_counter() - start)
    if found is None:
        return Result("unwinnable", (), search.states, time.perf_counter() - start)
    moves = model_moves(game.columns, game.cells, game.foundations, found)
    if moves is None:  # pragma: no cover - would be a solver bug; never report a wrong verdict
        raise AssertionError("the solver's line breaks a rule or does not bring every card home")
    return Result("winnable", moves, search.states, time.perf_counter() - start)


def solve_eightoff(game: EightOffGame, budget: Budget) -> Result:
    """Solve an Eight Off position exactly (see the module docstring); the game is not changed."""
    if game.status == "won":
        return Result("winnable", (), 0, 0.0)
    present = sum(map(len, game.columns)) + sum(map(len, game.foundations)) + \
        sum(1 for c in game.cells if c is not None)
    if present != len(FULL_DECK):  # a position missing cards can never be won
        return Result("unwinnable", (), 0, 0.0)
    return solve_position(game, budget)
