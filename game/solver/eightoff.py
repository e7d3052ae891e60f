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
   exhausted search with no win is a proof. A move is made, and its position looked up in the
   transposition table, only when the search takes it (a winnable deal leaves most moves untried);
   a position already seen is skipped then. The search ends without a win only once every move of
   every position it reached was taken, so this changes the order of the work, not its extent.
   'winnable' lines are checked move by move against the rules first, on a plain copy of the
   position (eightoff_check.py).

The unit tests check 1, and the solver's verdict on every reachable position, against a brute force
over the model's own legal moves (take-backs included, nothing automatic) on many small positions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..model.cards import FULL_DECK
from ..model.eightoff import EightOffGame
from .eightoff_check import model_moves
from .eightoff_state import CELL_COL, COL_CELL, COL_COL, KING, Move, Rules, encode, key
from .result import Budget, Result

TIME_CHECK = 512
#: entries a cache keeps at most (column terms per set of needed cards, what a column gives the
#: move generation): the memory of a long search stays bounded
KEPT = 200_000


class _OutOfBudget(Exception):
    pass


#: (columns, cells, needed cards, the columns' score terms, the move straight back or None)
_State = tuple[tuple[bytes, ...], bytes, tuple[int, ...], list[int], Move | None]
#: a move not made yet: (score, order, move, its new source column and destination column (bytes,
#: empty where the move leaves that side alone) and their terms, or (the child, its moves, its
#: transposition key) if made now)
_Option = tuple[int, int, Move, bytes, bytes, int, int, tuple[_State, list[Move], bytes] | None]
#: a column's top run (length, bottom card), the rest and the run, the card the run uncovers, the
#: column without its top card and the card that uncovers (see _Search._info)
_Info = tuple[int, int, bytes, bytes, int, bytes, int]


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
        self.terms: dict[tuple[int, ...], dict[bytes, int]] = {}  # needed cards -> column -> term
        self.infos: dict[bytes, _Info] = {}  # column -> what _options needs of it (_info)

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

    # complexity: the search's main loop, run once per searched position; split into calls it runs slower
    def run(self, cols: tuple[bytes, ...], cells: bytes, need: tuple[int, ...]) -> list[Move] | None:
        """The moves of a win from this position, or None once every reachable position was seen.

        Each level of the stack holds a position and its moves not tried yet, scored but not made
        (see _options): a move is made, and its position looked up in the transposition table,
        only when the search takes it. Most moves of a winnable deal are never taken."""
        self.home = sum(need) + sum(map(len, cols)) + len(cells)
        work, needs, first = list(cols), list(need), list[Move]()
        cells = self.rules.settle(work, cells, needs, first)
        root = (tuple(work), cells, tuple(needs), [self._column_term(c, needs) for c in work], None)
        seen = self.seen
        seen.add(key(root[0], cells))
        self._count()
        if sum(needs) == self.home:
            return first
        path: list[list[Move]] = [first]
        stack: list[tuple[_State, list[_Option]]] = [(root, self._options(root))]
        while stack:
            state, options = stack[-1]
            if not options:
                stack.pop()
                path.pop()
                continue
            _, _, move, ca, cb, ta, tb, made = options.pop()
            if made is None:  # the move made now (inline: this loop is where the time goes)
                cols, cells, need, values, _ = state
                kind, a, b, _ = move
                new_cols = list(cols)
                if kind == COL_COL:
                    new_cols[a], new_cols[b] = ca, cb
                    new_cells = cells
                elif kind == COL_CELL:
                    new_cols[a] = ca
                    new_cells = bytes(sorted(cells + cols[a][-1:]))
                else:  # CELL_COL
                    new_cols[b] = cb
                    new_cells = cells.replace(bytes((a,)), b"")
                seen_key = b"\0".join(sorted(new_cols)) + b"\0" + new_cells  # key(), inline
                if seen_key in seen:
                    continue
                new_values = values.copy()
                if kind == COL_COL:
                    new_values[a], new_values[b] = ta, tb
                    undo = None
                elif kind == COL_CELL:
                    new_values[a] = ta
                    undo = (CELL_COL, cols[a][-1], a, 1)
                else:
                    new_values[b] = tb
                    undo = (COL_CELL, b, 0, 1)
                child = (tuple(new_cols), new_cells, need, new_values, undo)
                moves = [move]
            else:
                child, moves, seen_key = made
                if seen_key in seen:
                    continue
            seen.add(seen_key)
            self.states += 1
            if self.states >= self.check_at:
                self._check_budget()
            path.append(moves)
            if sum(child[2]) == self.home:
                return [m for part in path for m in part]
            stack.append((child, self._options(child)))
        return None

    # complexity: the innermost loop (every move of every position, scored and deduplicated in place, on
    # local names); a call per move or per kind of move costs the search its speed
    def _options(self, state: _State) -> list[_Option]:
        """The moves to try from a settled position, scored, the most promising last (the stack
        pops from the end); the move straight back to the parent (a card into a cell and out
        again) is left out: it could only give the parent, which is seen.

        Only what a move changed is scored: a move that sends nothing home changes the move's one
        or two columns and the cells, whose new terms come from a cache per set of needed cards;
        such a move is made only when taken (see run). One that does send cards home is made now,
        foundation moves and all, as its score needs every column's term anew; a win ends the list.
        """
        cols, cells, need, values, back = state
        terms = self.terms.get(need) or self._terms(need)
        if len(terms) > KEPT:
            terms.clear()
        term, infos = self._column_term, self.infos
        # the moves of Rules.moves, in its order, generated here to score each as it comes
        free = self.rules.cell_count - len(cells)
        tops = {col[-1]: j for j, col in enumerate(cols) if col}  # cards are distinct
        empties = len(cols) - len(tops)
        empty = cols.index(b"") if empties else -1
        limit = (free + 1) << empties
        parent = -8 * sum(need) + 3 * len(cells) + sum(values)
        # the move straight back: a card into a cell from the column it just came onto, or out of
        # the cell it just went into onto the same column
        no_cell = back[1] if back is not None and back[0] == COL_CELL else -1
        back_card, back_col = (back[1], back[2]) if back is not None and back[0] == CELL_COL else (-1, -1)
        found: list[_Option] = []
        for i, col in enumerate(cols):
            if not col:
                continue
            k, bottom, rest, group, under, rest1, under1 = infos.get(col) or self._info(col)
            j = -1
            if bottom & 15 != KING:
                if k <= limit:
                    j = tops.get(bottom + 1, -1)
            elif empties and k < len(col) and k <= limit >> 1:
                j = empty
            if j >= 0:  # the top run onto its parent or into an empty column
                ca = rest
                if need[under >> 4] == under:  # cards go home: make the move now
                    made = self._made(state, (COL_COL, i, j, k), len(found))
                    if made is not None:
                        if made[1] < 0:
                            return [made]
                        found.append(made)
                else:
                    cb = cols[j] + group
                    ta, tb = terms.get(ca), terms.get(cb)
                    if ta is None:
                        ta = terms[ca] = term(ca, need)
                    if tb is None:
                        tb = terms[cb] = term(cb, need)
                    found.append(
                        (parent + ta - values[i] + tb - values[j], len(found), (COL_COL, i, j, k), ca, cb, ta, tb, None)
                    )
            if free and i != no_cell:  # the top card into a cell
                ca = rest1
                if need[under1 >> 4] == under1:
                    made = self._made(state, (COL_CELL, i, 0, 1), len(found))
                    if made is not None:
                        if made[1] < 0:
                            return [made]
                        found.append(made)
                else:
                    ta = terms.get(ca)
                    if ta is None:
                        ta = terms[ca] = term(ca, need)
                    found.append((parent + 3 + ta - values[i], len(found), (COL_CELL, i, 0, 1), ca, b"", ta, 0, None))
        for c in cells:
            if c & 15 == KING:
                if not empties:
                    continue
                j = empty
            else:
                j = tops.get(c + 1, -1)
                if j < 0:
                    continue
            if c == back_card and j == back_col:
                continue
            cb = cols[j] + bytes((c,))
            tb = terms.get(cb)
            if tb is None:
                tb = terms[cb] = term(cb, need)
            found.append((parent - 3 + tb - values[j], len(found), (CELL_COL, c, j, 1), b"", cb, 0, tb, None))
        if len(found) > 1:
            found.sort(reverse=True)
        return found

    def _info(self, col: bytes) -> _Info:
        """What _options needs of a non-empty column, kept: the length and bottom card of its top
        run, the column without it and the run, the card it uncovers (0 if none), then the same
        without just the top card (the slices are kept, so their hashes are computed once)."""
        k, bottom, _ = self.runs.get(col) or self.rules.run(col)
        rest, rest1 = col[:-k], col[:-1]
        info = (k, bottom, rest, col[-k:], rest[-1] if rest else 0, rest1, rest1[-1] if rest1 else 0)
        if len(self.infos) > KEPT:
            self.infos.clear()
        self.infos[col] = info
        return info

    def _made(self, state: _State, move: Move, order: int) -> _Option | None:
        """The option of a move that uncovers a card its foundation takes, made now: the settled
        child (every column's term anew), its moves (the move, then the foundation moves) and its
        key; its order is -1 if every card is home. None if the child was seen already: the seen
        set only grows, so the option would be skipped when taken (most are, as foundation moves
        made in another order meet: 2,578 of 2,611 in deal 446), and scoring it is wasted."""
        cols, cells, need, _, _ = state
        kind, a, b, k = move
        new_cols = list(cols)
        if kind == COL_COL:
            new_cols[b] = cols[b] + cols[a][-k:]
            new_cells = cells
        else:  # COL_CELL
            new_cells = bytes(sorted(cells + cols[a][-1:]))
        new_cols[a] = cols[a][:-k]
        settled, moves = list(need), [move]
        new_cells = self.rules.settle_after(new_cols, new_cells, settled, moves, a)
        child_need, child_cols = tuple(settled), tuple(new_cols)
        seen_key = key(child_cols, new_cells)  # (a call: this runs for few moves, unlike the search loop's)
        if sum(child_need) == self.home:
            return (0, -1, move, b"", b"", 0, 0, ((child_cols, new_cells, child_need, [], None), moves, seen_key))
        if seen_key in self.seen:
            return None
        terms = self.terms.get(child_need) or self._terms(child_need)
        values = []
        for col in child_cols:
            t = terms.get(col)
            if t is None:
                t = terms[col] = self._column_term(col, child_need)
            values.append(t)
        score = -8 * sum(child_need) + 3 * len(new_cells) + sum(values)
        return (
            score,
            order,
            move,
            b"",
            b"",
            0,
            0,
            ((child_cols, new_cells, child_need, values, None), moves, seen_key),
        )

    def _terms(self, need: tuple[int, ...]) -> dict[bytes, int]:
        """A new cache of column terms for these needed cards (the caches of earlier ones are
        dropped past a number of them: a position's needed cards change only going deeper)."""
        if len(self.terms) >= 64:
            self.terms.clear()
        terms = self.terms[need] = {}
        return terms

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
    present = (
        sum(map(len, game.columns)) + sum(map(len, game.foundations)) + sum(1 for c in game.cells if c is not None)
    )
    if present != len(FULL_DECK):  # a position missing cards can never be won
        return Result("unwinnable", (), 0, 0.0)
    return solve_position(game, budget)
