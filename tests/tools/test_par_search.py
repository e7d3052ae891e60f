"""Making Eight Off's pars (tools/par.py): the search finds the true shortest on positions a brute
force can settle, and regenerating a par gives the shipped row."""

from __future__ import annotations

from collections import deque

import pytest
from helpers.eightoff_checks import SEEDS, explore, small_position

from game.model.eightoff import EightOffGame
from game.solver import deal_data, deals, lines, par
from tools import par as par_tool
from tools.eightoff_short import lower_bound, settled_start, shortest_line


def test_generate_writes_rows_that_verify(tmp_path):
    numbers = list(deals.listed("eightoff-2"))[:2]
    rows = par_tool.generate("eightoff-2", count=2, directory=tmp_path, log=lambda _: None)
    assert sorted(rows) == numbers
    assert par_tool.problems("eightoff-2", tmp_path) == []
    row = par_tool.report(["eightoff-2"], tmp_path).splitlines()[1].split()
    assert row[:2] == ["eightoff-2", "2"]


# -- the search against a brute force ------------------------------------------------------------
def fewest_moves(game: EightOffGame) -> int | None:
    """The fewest model moves (take-backs from a foundation allowed) that bring every card home."""
    root, edges = explore(game)
    depth, queue = {root: 0}, deque([root])
    while queue:
        key = queue.popleft()
        if not any(key[0]) and not any(key[1]):
            return depth[key]
        for _, nxt in edges[key]:
            if nxt not in depth:
                depth[nxt] = depth[key] + 1
                queue.append(nxt)
    return None


@pytest.mark.parametrize("seed", SEEDS)
def test_the_shortest_line_is_as_short_as_the_brute_forces_and_replays(seed):
    game = small_position(seed)
    best = fewest_moves(game)
    short = shortest_line(game, width=4, beam_budget=10_000, astar_budget=100_000)
    if best is None:
        assert short is None
        return
    assert short.length == best and short.shortest
    copy = game.copy()
    for move in short.moves:
        copy.push(move)
    assert not any(copy.columns) and all(c is None for c in copy.cells)


def test_a_small_a_star_budget_keeps_the_beams_line_and_a_lower_bound():
    kind, number = "eightoff-8", deals.listed("eightoff-8")[0]
    game = deals.make_game(kind, number)
    short = shortest_line(game, width=8, beam_budget=50_000, astar_budget=50)
    assert short is not None and not short.shortest
    _, start, _ = settled_start(game)
    assert 52 + lower_bound(start[0]) <= short.bound < short.length
    replayed = lines.replay(game, lines.text_of(game, short.moves))
    assert replayed is not None and len(replayed) == short.length


def test_a_star_takes_no_position_with_a_bound_of_zero_for_as_good_as_a_win():
    # With the bound alone, a settled position with bound 0 ties with a win one move further and
    # A* could stop one move late and call it shortest, as on this deal (77, not 76).
    game = deals.make_game("eightoff-2", 12936)
    short = shortest_line(game, width=50, beam_budget=50_000, astar_budget=100_000)
    assert short.shortest and short.length == 76 == par.par_of("eightoff-2", 12936)


@pytest.mark.parametrize("kind, index", [("eightoff-8", 0), ("eightoff-4", 0), ("eightoff-2", 7)])
def test_par_is_reproducible(kind, index):
    number = deals.listed(kind)[index]
    found = par_tool.find_par((kind, number, par_tool.BUDGETS[kind]))
    rows = dict(deal_data.read_rows(deal_data.data_path(kind, par.SUFFIX)))
    assert [str(found[1]), str(found[2]), found[3]] == rows[number]


def test_a_par_not_proved_shortest_is_reproducible_too():
    kind = "eightoff-4"  # A* gives up, a wider beam tries again
    rows = deal_data.read_rows(deal_data.data_path(kind, par.SUFFIX))
    number, fields = next((n, f) for n, f in rows if f[0] != f[1])
    found = par_tool.find_par((kind, number, par_tool.BUDGETS[kind]))
    assert [str(found[1]), str(found[2]), found[3]] == fields
