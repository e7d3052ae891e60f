"""Eight Off's shortest wins (game/solver/eightoff_distance.py), held to a brute force: every position
reachable from small positions with the model's own legal moves (take-backs from the foundations
included, nothing played automatically, every move counted), its distance found by a breadth-first
search back from the won positions."""

from __future__ import annotations

import pytest
from helpers.eightoff_checks import SEEDS, brute_distances, build, explore, small_position

from game.model.eightoff import EightOffGame
from game.solver import solve
from game.solver.eightoff_distance import DistanceTable, column_bound, lower_bound, settled
from game.solver.eightoff_state import key
from game.solver.moves import apply_move

EVERYTHING = 10**7  # a budget no small position reaches


#: More small positions, for the slow run.
MORE_SEEDS = [2, 11, 19, 44, 45, 56, 70, 94, 134, 151, 159, 171, 180, 186, 239, 241, 255, 257, 283]


@pytest.fixture(scope="module", params=SEEDS + [pytest.param(s, marks=pytest.mark.slow) for s in MORE_SEEDS])
def graph(request):
    root, edges = explore(small_position(request.param))
    return root, edges, brute_distances(edges)


def test_every_reachable_position_has_the_brute_force_distance_searched_alone_or_sharing_a_table(graph):
    root, edges, dist = graph
    shared = DistanceTable(build(root).cell_count, EVERYTHING, EVERYTHING)
    for k in sorted(edges, key=lambda k: dist.get(k, -1), reverse=True):  # far ones first, then near
        alone = DistanceTable(build(root).cell_count, EVERYTHING, EVERYTHING)
        assert alone.distance(build(k)) == dist.get(k), k
        assert shared.distance(build(k)) == dist.get(k), k
    for k in edges:  # and again, now that the table knows most of them
        assert shared.distance(build(k)) == dist.get(k), k


def test_the_table_is_exact_and_its_bounds_are_lower_bounds(graph):
    root, edges, dist = graph
    table = DistanceTable(build(root).cell_count, EVERYTHING, EVERYTHING)
    for k in edges:
        table.distance(build(k))
    ordinary = {}
    for k, d in dist.items():  # a settled position's ordinary moves: the distance less the cards out
        game = build(k)
        state, out = settled(game, table.rules)
        ordinary[key(state[0], state[1])] = d - out
    for k, d in table.exact.items():
        assert ordinary[k] == d
    for k, d in table.lower.items():
        assert k not in ordinary or d <= ordinary[k]


def test_along_a_shortest_line_the_distance_drops_by_exactly_one(graph):
    root, edges, dist = graph
    table = DistanceTable(build(root).cell_count, EVERYTHING, EVERYTHING)
    for k in dist:
        state, _ = settled(build(k), table.rules)
        d = table.ordinary(state)
        while d:
            move, state = table.next_on_shortest(state)
            assert table.ordinary(state) == d - 1
            d -= 1


def test_the_column_bound_never_exceeds_a_shortest_win_and_counts_what_must_move():
    # 5♠ over 3♠: the 5 must leave before the 3 goes home; 2♠ lies on 3♠: it goes home first
    assert column_bound(bytes([3, 5])) == 1
    assert column_bound(bytes([3, 2])) == 0
    assert column_bound(bytes([13, 12, 11])) == 0  # a run
    assert lower_bound((bytes([3, 5]), bytes([1 + 16, 4 + 16]), b"")) == 2
    game = EightOffGame.new(8, 1)
    table = DistanceTable(8, 200_000, 200_000)
    win = solve(game, 200_000)
    for move in win.moves[:-12]:
        apply_move(game, move)
    state, _ = settled(game, table.rules)
    assert lower_bound(state[0]) <= table.ordinary(state)


def test_a_budget_spent_gives_no_distance_and_no_wrong_entry():
    game = EightOffGame.new(8, 1)
    table = DistanceTable(8, 10, 10)
    assert table.distance(game) is None
    assert table.states <= 10 + 20 and not table.exact  # (a position's children: at most 20 more)
    assert table.distance(game) is None and table.searches == 1  # the total is spent: no more search
    again = DistanceTable(8, 10, 1_000)
    assert again.distance(game) is None and again.distance(game) is None and again.searches == 2


def test_a_won_position_is_zero_moves_away_and_each_card_out_is_one():
    game = EightOffGame.from_layout([[] for _ in range(8)], [None] * 4, [["AS", "2S"], [], [], []])
    table = DistanceTable(4, 10, 10)
    assert table.distance(game) == 0
    one = EightOffGame.from_layout([["2S"], *[[] for _ in range(7)]], [None] * 4, [["AS"], [], [], []])
    assert table.distance(one) == 1
