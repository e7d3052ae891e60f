"""The Golf solver under every rule set: each field's rule in one position each, the engines'
building blocks (the fit table, the flags, the Hall checks under a dead King and jokers).

The comparisons with a brute force over the model, on many small positions of every rule set, are
in tests/system/test_golf_rules_brute_force.py.
"""

from __future__ import annotations

import pytest
from helpers.golf_checks import EVERY, matching_exists, rank_counts, replays
from helpers.moves import golf_line
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model.cards import Card
from game.model.golf import GolfGame, GolfRules
from game.solver import solve
from game.solver.golf_fit import Flags, fit_table, flags_of
from game.solver.golf_hall import make_checks


# -- each field's rule, in one position each -----------------------------------------------------
def golf(columns, waste, stock, rules):
    columns = [list(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    return GolfGame.from_layout(columns, list(waste), list(stock), rule=rules)


def test_a_dead_king_takes_nothing():
    assert solve(golf([["QS"]], ["KH"], [], GolfRules.CLASSIC)).moves == golf_line(0)
    assert solve(golf([["QS"]], ["KH"], ["5C"], GolfRules(dead_king=True))).verdict == "unwinnable"
    assert solve(golf([["AS"]], ["KH"], ["5C"], GolfRules(wrap=True, dead_king=True))).verdict == "unwinnable"
    assert solve(golf([["AS"]], ["KH"], ["2C"], GolfRules(wrap=True, dead_king=True))).moves == golf_line("draw", 0)
    joker = golf([["X1"], ["4D"]], ["KH"], ["5C"], GolfRules(dead_king=True, jokers=1))
    assert solve(joker).moves == golf_line("draw", 0, 1)  # not on the King, but on the 5, and the 4 on it
    # a King may still go on a Queen
    assert solve(golf([["KS"]], ["QH"], [], GolfRules(dead_king=True))).moves == golf_line(0)


def test_the_strict_draw_must_play_first():
    # Drawing the 3 first wins (4, 5, 6 on it); the strict draw must play the 5 on the 6 instead.
    columns, waste, stock = [["6D", "4H"], ["5S"]], ["6S"], ["3H"]
    assert solve(golf(columns, waste, stock, GolfRules.CLASSIC)).moves == golf_line("draw", 0, 1, 0)
    assert solve(golf(columns, waste, stock, GolfRules(strict_draw=True))).verdict == "unwinnable"
    # with no move, the draw is allowed, and it wins
    assert solve(golf([["4S"]], ["9H"], ["3D"], GolfRules(strict_draw=True))).moves == golf_line("draw", 0)


def test_jokers_both_ways():
    rules = GolfRules(jokers=1)
    assert solve(golf([["9S", "X1"]], ["2H"], [], rules)).moves == golf_line(0, 0)  # joker on a 2, a 9 on the joker
    assert solve(golf([["9S"]], ["2H"], ["X1"], rules)).moves == golf_line("draw", 0)  # a drawn joker takes the 9
    assert solve(golf([["9S", "4C"]], ["2H"], ["X1"], rules)).verdict == "unwinnable"


def test_an_empty_start_takes_any_card():
    game = GolfGame.new(GolfRules(empty_waste=True), 5)
    assert game.waste_top is None and len(game.stock) == 17
    result = solve(game)
    if result.verdict == "winnable":
        assert replays(game, result.moves)


# -- the engines' building blocks ----------------------------------------------------------------
def test_the_fit_table_is_the_models_rule():
    cards = [Card.parse(t) for t in ("AS", "2S", "QS", "KS", "7S", "X1")]
    for rules in EVERY:
        fit = fit_table(flags_of(rules))
        for top in [None, *cards]:
            for card in cards:
                if card is not top:
                    assert fit[0 if top is None else top.rank][card.rank] == rules.fits(card, top)


def test_flags_read_names_and_rule_sets():
    assert flags_of("easy") == Flags(wrap=True) and flags_of("strict") == Flags(dead_king=True, strict_draw=True)
    assert flags_of("easy+k+z") == Flags(wrap=True, dead_king=True)
    assert flags_of(GolfRules(strict_draw=True, jokers=2)) == Flags(strict_draw=True)
    with pytest.raises(ValueError):
        flags_of("hard")


@st.composite
def joker_counts(draw):
    """tab and sup for a consistent position (tableau + stock + top), with 0-2 joker supplies."""
    tab, sup, top = draw(rank_counts())
    sup[0] = draw(st.integers(0, 2))
    return tab, sup, top


@pytest.mark.slow
@settings(max_examples=600, derandomize=True, deadline=None)
@given(joker_counts(), st.booleans(), st.booleans(), st.integers(0, 13), st.booleans())
def test_hall_checks_under_a_dead_king_and_jokers(counts, wrap, dead_king, r, draw_next):
    """Without jokers each check is exact (False exactly when no matching exists); with jokers it
    is sound (False only then)."""
    tab, sup, w = counts
    wild = sup[0] > 0
    whole, after_play, after_draw = make_checks(tab, sup, wrap, dead_king, wild)
    before = matching_exists(tab, sup, wrap, dead_king)
    assert whole() == before if not wild else whole() or not before
    if not before:
        return
    sup[w] -= 1
    if draw_next:
        ok = after_draw(w)
    elif (r == 0 and wild) or (
        r and tab[r] and not (dead_king and w == 13) and (abs(r - w) == 1 or (wrap and abs(r - w) == 12))
    ):
        tab[r] -= 1 if r else 0  # a joker played is no tracked demand
        ok = after_play(w, r)
    else:
        return
    after = matching_exists(tab, sup, wrap, dead_king)
    assert ok == after if not wild else ok or not after
