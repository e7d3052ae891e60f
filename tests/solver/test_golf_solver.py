"""The Golf solver: exact against black-hole-solver's verdicts and a brute force, from any position.

The reference check over all 500 deals x 2 rules is opt-in (GOLF_SOLVER_FULL=1); by default a
deterministic sample (every 10th deal) runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.golf_checks import (
    VERDICT,
    brute_force,
    matching_exists,
    rank_counts,
    rank_positions,
    reference_rows,
    replay,
    small_positions,
)
from helpers.moves import golf_line
from helpers.positions import golf, golf_snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.golf import GolfGame
from game.solver import Budget, solve
from game.solver.golf import solve_golf
from game.solver.golf_hall import make_checks

ROOT = Path(__file__).resolve().parents[2]
FULL = os.environ.get("GOLF_SOLVER_FULL") == "1"


def reference_cases():
    rows = reference_rows() if FULL else [r for r in reference_rows() if r[0] % 10 == 0]
    for number, classic, easy in rows:
        yield pytest.param(number, "classic", VERDICT[classic], id=f"C{number}")
        yield pytest.param(number, "easy", VERDICT[easy], id=f"E{number}")


@pytest.mark.parametrize("number, rule, expected", list(reference_cases()))
def test_agrees_with_black_hole_solver_and_replays(number, rule, expected):
    result = solve(GolfGame.new(rule, number))
    assert result.verdict == expected
    if expected == "winnable":
        assert replay(GolfGame.new(rule, number), result.moves).status == "won"


def test_reference_file_has_every_deal():
    rows = reference_rows()
    if not rows:
        pytest.skip("no golf.tsv reference file")
    assert [r[0] for r in rows] == list(range(1, 501))


# -- a plain brute force over the model, for small positions ------------------------------------


@pytest.mark.slow
@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_matches_brute_force_on_small_positions(game):
    before = golf_snapshot(game)
    result = solve(game)
    assert golf_snapshot(game) == before
    if game.status == "won":
        assert result.verdict == "winnable" and result.moves == ()
        return
    assert result.verdict == ("winnable" if brute_force(game) else "unwinnable")
    if result.verdict == "winnable":
        assert replay(game, result.moves).status == "won"


@settings(max_examples=300, derandomize=True, deadline=None)
@given(rank_positions(), st.integers(0, 4), st.sampled_from(["easy", "classic"]), st.integers(1, 7))
def test_matches_brute_force_when_ranks_run_short(cards, stock_size, rule, ncols):
    stock_size = min(stock_size, len(cards) - 2)
    waste, stock, rest = cards[:1], cards[1 : 1 + stock_size], cards[1 + stock_size :]
    columns = [rest[i::ncols] for i in range(ncols)]
    game = golf(columns, waste, stock, rule)
    result = solve(game)
    if game.status == "won":
        return
    assert result.verdict == ("winnable" if brute_force(game) else "unwinnable")
    if result.verdict == "winnable":
        assert replay(game, result.moves).status == "won"


# -- any position, budgets, determinism -----------------------------------------------------------
def test_mid_game_positions_are_solved_from_where_they_stand():
    for number, rule in [(2, "classic"), (4, "easy"), (7, "easy")]:
        full = solve(GolfGame.new(rule, number))
        assert full.verdict == "winnable"
        for cut in (1, 5, 12, len(full.moves) // 2, len(full.moves) - 1):
            game = replay(GolfGame.new(rule, number), full.moves[:cut])
            result = solve(game)
            assert result.verdict == "winnable"
            assert replay(game, result.moves).status == "won"


def test_a_losing_mid_game_position_is_unwinnable():
    # Waste 5S; the only card that could go next to the 7s is a 6, and there is none left.
    game = golf([["7H", "7D"], ["9C"]], ["5S"], [], "classic")
    assert game.status == "blocked"
    assert solve(game).verdict == "unwinnable"
    game = golf([["7H", "4D"], ["9C"]], ["5S"], ["KS"], "classic")
    assert solve(game).verdict == "unwinnable"


def test_won_and_blocked_positions():
    won = golf([], ["5S"], ["2C"], "easy")
    assert won.status == "won"
    assert solve(won).verdict == "winnable" and solve(won).moves == ()
    blocked = golf([["9H"]], ["5S"], [], "easy")
    assert blocked.status == "blocked"
    assert solve(blocked).verdict == "unwinnable"


def test_wrap_and_queen_on_king_follow_the_rule():
    assert solve(golf([["AS"]], ["KH"], [], "easy")).moves == golf_line(0)
    assert solve(golf([["AS"]], ["KH"], ["2D"], "classic")).moves == golf_line("draw", 0)
    assert solve(golf([["AS"], ["3C"]], ["KH"], ["2D"], "easy")).moves == golf_line(0, "draw", 1)
    assert solve(golf([["AS"], ["3C"]], ["KH"], ["2D"], "classic")).verdict == "unwinnable"
    assert solve(golf([["QS"]], ["KH"], [], "classic")).moves == golf_line(0)
    assert solve(golf([["KS"]], ["QH"], [], "classic")).moves == golf_line(0)


def test_an_empty_waste_takes_any_card():
    result = solve(golf([["9S", "5C"]], [], [], "classic"))
    assert result.verdict == "unwinnable"
    result = solve(golf([["6S", "5C"]], [], [], "classic"))
    assert result.moves == golf_line(0, 0)


def test_budget_exhausted_gives_unknown():
    game = GolfGame.new("easy", 11)  # unwinnable, needs a long search
    assert solve(game, 50).verdict == "unknown"
    assert solve(game, Budget(states=100)).states <= 100
    assert solve(game, 0.001).verdict == "unknown"


def test_same_position_and_budget_same_result():
    for number in (3, 9):
        game = GolfGame.new("classic", number)
        for budget in (2000, Budget(states=50_000)):
            a, b = (
                solve(game, budget),
                solve_golf(game, budget if isinstance(budget, Budget) else Budget(states=budget)),
            )
            assert (a.verdict, a.moves, a.states) == (b.verdict, b.moves, b.states)


def test_the_game_is_not_changed():
    game = GolfGame.new("easy", 5)
    game.play(game.legal_moves()[0])  # (a GolfMove: a play, or the draw)
    before, moves = golf_snapshot(game), game.moves
    solve(game)
    assert golf_snapshot(game) == before and game.moves == moves


def test_importing_the_solver_does_not_import_pygame():
    code = (
        "import sys\nimport game.solver, game.solver.golf, game.solver.golf_search, "
        "game.solver.deal_lists, tools.solver_bench\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


# -- the Hall bound against a plain matching ------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=800, derandomize=True, deadline=None)
@given(rank_counts(), st.booleans(), st.integers(1, 13), st.booleans())
def test_hall_checks_match_a_plain_matching(counts, easy, r, draw_next):
    tab, sup, w = counts
    whole, after_play, after_draw = make_checks(tab, sup, easy)
    parent_ok = matching_exists(tab, sup, easy)
    assert whole() == parent_ok
    if not parent_ok:
        return
    sup[w] -= 1  # the top gets covered, by a stock card or by a tableau card of rank r
    if draw_next:
        assert after_draw(w) == matching_exists(tab, sup, easy)
    elif tab[r] and (abs(r - w) == 1 or (easy and abs(r - w) == 12)):
        tab[r] -= 1
        assert after_play(w, r) == matching_exists(tab, sup, easy)
