"""A simple greedy Eight Off player for the difficulty report (tools/rating.py): one line, no look-ahead,
no going back, to show that the rating's bands mean something to a player.

Every card that may go to its foundation goes there. Then, of the moves to a position not seen
before, it makes the first by: the most cards that then go home; a build (a card or a run onto a
column, from a column or a cell) before a King into an empty column before a card into a cell;
among builds the one that leaves its column shortest; among moves into a cell the column whose
next card wanted by a foundation lies nearest its top. It stops when won, when no new position is
left, or after LIMIT moves. Its move generator is the solver's (eightoff_state.Rules).
"""

from __future__ import annotations

from game.model.eightoff import EightOffGame
from game.solver.eightoff_state import CELL_COL, COL_COL, key

from .eightoff_short import all_home, children, settled_start

LIMIT = 400


def _depth_of_wanted(col: bytes, need: tuple[int, ...]) -> int:
    """How many cards lie on the shallowest card a foundation wants next (99: none here)."""
    depths = [len(col) - 1 - col.find(c) for c in need if c in col]
    return min(depths, default=99)


def greedy_home(game: EightOffGame) -> int:
    """The cards the greedy player brings home on this position's deal (52: it wins)."""
    rules, state, _ = settled_start(game)
    seen = {key(state[0], state[1])}
    for _ in range(LIMIT):
        if all_home(state):
            break
        cols, _, need = state
        best = None
        for child, moves in children(rules, state):
            child_key = key(child[0], child[1])
            if child_key in seen:
                continue
            kind, a, b, _ = moves[0]
            if kind in (COL_COL, CELL_COL):
                order = (2 if cols[b] else 1, -len(child[0][a]) if kind == COL_COL else 0)
            else:
                order = (0, -_depth_of_wanted(cols[a], need))
            value = (len(moves) - 1, *order)
            if best is None or value > best[0]:
                best = (value, child, child_key)
        if best is None:
            break
        state = best[1]
        seen.add(best[2])
    return sum((c & 15) - 1 for c in state[2])
