"""The Golf solver under every rule set against a brute force over the model itself: each field alone
and random combinations, on small positions built by from_layout.

The brute force (tests/helpers/golf_checks.py) knows nothing of the solver: it tries every move the
model's legal_moves offers, with undo, and remembers the positions it has seen by what the model
shows (cards left in each column and in the stock, the waste top's rank or joker). Each engine
answers alone too (on small positions solve() leaves most of the work to the sweep), and every
winning line is replayed through the model under its own rules.
"""

from __future__ import annotations

import random

import pytest
from helpers.golf_checks import EVERY, brute_force, layout, positions, replays
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.cards import FULL_DECK, JOKERS
from game.model.golf import GolfGame, GolfRules
from game.solver import solve
from game.solver.golf import compact
from game.solver.golf_search import GolfSearch
from game.solver.golf_sweep import GolfSweep

#: Each field alone (over Classic); the empty start is a from_layout position with an empty waste.
ALONE = {
    "wrap": GolfRules(wrap=True),
    "dead_king": GolfRules(dead_king=True),
    "strict_draw": GolfRules(strict_draw=True),
    "jokers=1": GolfRules(jokers=1),
    "jokers=2": GolfRules(jokers=2),
    "empty_waste": GolfRules(empty_waste=True),
}


def check(game: GolfGame) -> None:
    """solve() and each engine alone agree with the brute force; every win replays through the model."""
    if game.status != "playing":
        result = solve(game)
        assert result.verdict == ("winnable" if game.status == "won" else "unwinnable")
        return
    expected = "winnable" if brute_force(game) else "unwinnable"
    result = solve(game)
    assert result.verdict == expected
    if expected == "winnable":
        assert replays(game, result.moves)
    for engine in (GolfSearch, GolfSweep):
        verdict, moves, _ = engine(*compact(game)).run()
        assert verdict == expected, engine.__name__
        if expected == "winnable":
            assert replays(game, moves), engine.__name__


SMALL = settings(max_examples=200, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("field", ALONE)
@SMALL
@given(data=st.data())
def test_each_field_alone_matches_the_brute_force(field, data):
    check(data.draw(positions(st.just(ALONE[field]))))


@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_rule_sets_match_the_brute_force(game):
    check(game)


def test_seeded_bigger_positions_match_the_brute_force():
    """Columns of up to 6 and a stock of up to 10: deeper lines than hypothesis reaches quickly."""
    rng = random.Random(19)
    for _ in range(60):
        rules = rng.choice(EVERY)
        cards = list(FULL_DECK) + list(JOKERS[: rules.jokers])
        rng.shuffle(cards)
        sizes = [rng.randint(0, 6) for _ in range(rng.randint(2, 7))]
        waste = 0 if rules.empty_waste else rng.randint(0, 1)
        check(layout(cards, sizes, rng.randint(0, 10), waste, rules))
