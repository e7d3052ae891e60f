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
   exhausted search with no win is a proof. 'winnable' lines are replayed through the model first.

The unit tests check 1, and the solver's verdict on every reachable position, against a brute force
over the model's own legal moves (take-backs included, nothing automatic) on many small positions.
"""
from __future__ import annotations

import time

from ..model.cards import FULL_DECK, SUITS
from ..model.eightoff import EightOffGame
from .eightoff_state import CELL_COL, CELL_FND, COL_CELL, COL_COL, COL_FND, Move, Rules, encode, key
from .result import Budget, Result

TIME_CHECK = 512


class _OutOfBudget(Exception):
    pass


class _Search:
    """One depth-first search; children are tried best score first."""

    def __init__(self, cell_count: int, budget: Budget) -> None:
        self.rules = Rules(cell_count)
        self.max_states = budget.states
        self.deadline = budget.deadline()
        self.states = 0
        self.seen: set[bytes] = set()
        self.home = 0  # sum(need) once every card is on its foundation

    def _count(self) -> None:
        self.states += 1
        if self.max_states is not None and self.states > self.max_states:
            raise _OutOfBudget
        if self.deadline is not None and self.states % TIME_CHECK == 0 \
                and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    def run(self, cols: tuple[bytes, ...], cells: bytes, need: tuple[int, ...]) -> list[Move] | None:
        """The moves of a win from this position, or None once every reachable position was seen."""
        self.home = sum(need) + sum(map(len, cols)) + len(cells)
        work, needs, first = list(cols), list(need), []
        cells = self.rules.settle(work, cells, needs, first)
        root = (tuple(work), cells, tuple(needs))
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

    def _children(self, state: tuple) -> list:
        """Unseen settled children, the most promising last (the stack pops from the end)."""
        cols, cells, need = state
        rules, seen, home = self.rules, self.seen, self.home
        found = []
        for move in rules.moves(cols, cells):
            new_cols, new_cells = rules.apply(cols, cells, move)
            new_need = list(need)
            moves = [move]
            src = -1 if move[0] == CELL_COL else move[1]
            new_cells = rules.settle_after(new_cols, new_cells, new_need, moves, src)
            k = key(new_cols, new_cells)
            if k in seen:
                continue
            seen.add(k)
            self._count()
            child = (tuple(new_cols), new_cells, tuple(new_need))
            if sum(new_need) == home:
                return [(child, moves, True)]
            found.append((child, moves, False))
        if len(found) > 1:
            order = sorted(range(len(found)), key=lambda i: (self._score(found[i][0]), i), reverse=True)
            found = [found[i] for i in order]
        return found

    def _score(self, state: tuple) -> int:
        """Lower is more promising: cards home, free cells and empty columns, few cards off their
        parent, and the next card of each suit near the top of its column."""
        cols, cells, need = state
        empties = 0
        disorder = 0
        run = self.rules.run
        for col in cols:
            if not col:
                empties += 1
                continue
            disorder += run(col)[2]
            top = len(col) - 1
            for c in need:
                i = col.find(c)
                if i >= 0:
                    disorder += top - i
        return -8 * sum(need) + 3 * len(cells) - 4 * empties + 2 * disorder


def _model_move(game: EightOffGame, move: Move) -> tuple:
    """The model's (src, dst, count) for an internal move, in the model's current position."""
    kind, a, b, k = move
    if kind == COL_COL:
        return ("column", a), ("column", b), k
    if kind == COL_CELL:
        return ("column", a), ("cell", game.cells.index(None)), 1
    if kind == COL_FND:
        return ("column", a), ("foundation", SUITS.index(game.columns[a][-1].suit)), 1
    cell = next(i for i, c in enumerate(game.cells) if c is not None and (c.rank, SUITS.index(c.suit)) ==
                (a & 15, a >> 4))
    if kind == CELL_COL:
        return ("cell", cell), ("column", b), 1
    assert kind == CELL_FND
    return ("cell", cell), ("foundation", a >> 4), 1


def replay(game: EightOffGame, moves: list[Move]) -> tuple[tuple, ...] | None:
    """Translate internal moves into model moves by playing them on a copy of the game; None unless
    every card ends on its foundation (a win, for a full deck)."""
    copy = EightOffGame.from_json(game.to_json())
    out = []
    for move in moves:
        model_move = _model_move(copy, move)
        copy.move(*model_move)
        out.append(model_move)
    if any(copy.columns) or any(copy.cells):
        return None
    return tuple(out)


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
    moves = replay(game, found)
    if moves is None:  # pragma: no cover - would be a solver bug; never report a wrong verdict
        raise AssertionError("the solver's line does not bring every card home in the model")
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
