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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.cards import FULL_DECK
from game.model.golf import GolfGame
from game.solver import Budget, solve
from game.solver.golf import solve_golf
from game.solver.golf_hall import make_checks
from tests.model.positions import golf, golf_snapshot

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = next(
    (
        p
        for p in (
            Path(__file__).parent / "reference" / "golf.tsv",
            ROOT.parent / "shared" / "solver-check" / "golf.tsv",
        )
        if p.exists()
    ),
    Path(__file__).parent / "reference" / "golf.tsv",
)
FULL = os.environ.get("GOLF_SOLVER_FULL") == "1"
VERDICT = {"S": "winnable", "U": "unwinnable"}


def reference_rows() -> list[tuple[int, str, str]]:
    if not REFERENCE.exists():  # pragma: no cover - the shared folder travels with the project
        return []
    lines = REFERENCE.read_text().splitlines()[1:]
    return [(int(d), c, e) for d, c, e in (line.split("\t") for line in lines)]


def replay(game: GolfGame, moves) -> GolfGame:
    for move in moves:
        if move == "draw":
            game.draw()
        else:
            game.play(move)
    return game


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
def brute_force(game: GolfGame) -> bool:
    """Try every move the model's legal_moves offers, under the game's own rules, with undo; memo
    on what the model shows (cards left in each column and in the stock, the waste top's rank, or
    that it is a joker, or that the waste is empty: suits never matter in Golf)."""
    memo: dict = {}

    def search() -> bool:
        if game.status != "playing":
            return game.status == "won"
        top = game.waste_top
        key = (tuple(len(c) for c in game.columns), len(game.stock), None if top is None else (top.rank, top.is_joker))
        if key not in memo:
            memo[key] = False
            for move in game.legal_moves():
                game.push(move)
                won = search()
                game.undo()
                if won:
                    memo[key] = True
                    break
        return memo[key]

    return search()


@st.composite
def small_positions(draw):
    """Up to 7 columns of 0-4 cards, a stock of 0-4, waste top or empty waste, either rule."""
    cards = draw(st.permutations(FULL_DECK))
    sizes = draw(st.lists(st.integers(0, 4), min_size=1, max_size=7))
    columns, at = [], 0
    for size in sizes:
        columns.append(cards[at : at + size])
        at += size
    stock_size = draw(st.integers(0, 4))
    stock = cards[at : at + stock_size]
    waste = cards[at + stock_size : at + stock_size + draw(st.integers(0, 2))]
    return golf(columns, waste, stock, draw(st.sampled_from(["easy", "classic"])))


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


def rank_positions():
    """Positions rich in near-ties for the pruning rules: few ranks, many cards of each."""
    suits = "SHDC"
    return st.lists(st.sampled_from([f"{r}{s}" for r in "A23QK" for s in suits]), min_size=6, max_size=14, unique=True)


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
    assert solve(golf([["AS"]], ["KH"], [], "easy")).moves == (0,)
    assert solve(golf([["AS"]], ["KH"], ["2D"], "classic")).moves == ("draw", 0)
    assert solve(golf([["AS"], ["3C"]], ["KH"], ["2D"], "easy")).moves == (0, "draw", 1)
    assert solve(golf([["AS"], ["3C"]], ["KH"], ["2D"], "classic")).verdict == "unwinnable"
    assert solve(golf([["QS"]], ["KH"], [], "classic")).moves == (0,)
    assert solve(golf([["KS"]], ["QH"], [], "classic")).moves == (0,)


def test_an_empty_waste_takes_any_card():
    result = solve(golf([["9S", "5C"]], [], [], "classic"))
    assert result.verdict == "unwinnable"
    result = solve(golf([["6S", "5C"]], [], [], "classic"))
    assert result.moves == (0, 0)


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
    game.play(game.legal_moves()[0]) if game.legal_moves()[0] != "draw" else game.draw()
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
def matching_exists(tab, sup, easy, dead_king=False):
    """Kuhn's augmenting paths on single cards: each demand card needs a supply card it may go on
    (an adjacent rank; supply rank 0 is a joker, which takes anything; a dead King takes nothing)."""

    def precedes(s, d):
        if dead_king and s == 13:
            return False
        return s == 0 or abs(s - d) == 1 or (easy and abs(s - d) == 12)

    demand = [r for r in range(1, 14) for _ in range(tab[r])]
    supply = [r for r in range(14) for _ in range(sup[r])]
    owner: dict[int, int] = {}

    def augment(x, seen):
        for y, rank in enumerate(supply):
            if precedes(rank, demand[x]) and y not in seen:
                seen.add(y)
                if y not in owner or augment(owner[y], seen):
                    owner[y] = x
                    return True
        return False

    return all(augment(x, set()) for x in range(len(demand)))


@st.composite
def rank_counts(draw):
    """tab (tableau counts) and sup (tableau + stock + top) for a consistent position."""
    tab, sup = [0] * 15, [0] * 15
    for r in range(1, 14):
        tab[r] = draw(st.integers(0, 4))
        sup[r] = tab[r] + draw(st.integers(0, 4 - tab[r]))
    top = draw(st.integers(1, 13))
    if sup[top] < 4:
        sup[top] += 1  # the top card is one more possible predecessor
    elif tab[top] == 4:
        tab[top] -= 1  # all four were counted on the tableau: one of them is the top instead
    return tab, sup, top


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
