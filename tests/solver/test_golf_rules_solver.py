"""The Golf solver under every rule set (issue 19): each field alone and random combinations, on
small positions built by from_layout, against a brute force over the model itself.

The brute force (tests/solver/test_golf_solver.py) knows nothing of the solver: it tries every
move the model's legal_moves offers, with undo, and remembers the positions it has seen by what
the model shows (cards left in each column and in the stock, the waste top's rank or joker). Each
engine answers alone too (on small positions solve() leaves most of the work to the sweep), and
every winning line is replayed through the model under its own rules.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.cards import FULL_DECK, JOKERS, Card
from game.model.golf import GolfGame, GolfRules
from game.solver import solve
from game.solver.golf import compact
from game.solver.golf_fit import Flags, fit_table, flags_of
from game.solver.golf_hall import make_checks
from game.solver.golf_search import GolfSearch
from game.solver.golf_sweep import GolfSweep
from tests.solver.test_golf_solver import brute_force, matching_exists, rank_counts

EVERY = GolfRules.every()
ANY_RULES = st.sampled_from(EVERY)
#: Each field alone (over Classic); the empty start is a from_layout position with an empty waste.
ALONE = {
    "wrap": GolfRules(wrap=True),
    "dead_king": GolfRules(dead_king=True),
    "strict_draw": GolfRules(strict_draw=True),
    "jokers=1": GolfRules(jokers=1),
    "jokers=2": GolfRules(jokers=2),
    "empty_waste": GolfRules(empty_waste=True),
}


def replays(game: GolfGame, moves) -> bool:
    """Play the line on a fresh copy through the model: every move legal, and it ends won."""
    copy = GolfGame.from_json(game.to_json())
    for move in moves:
        copy.push(move)
    return copy.status == "won"


def layout(cards: list[Card], sizes: list[int], stock_size: int, waste_size: int, rules: GolfRules) -> GolfGame:
    columns, at = [], 0
    for size in sizes:
        columns.append(cards[at : at + size])
        at += size
    stock = cards[at : at + stock_size]
    waste = cards[at + stock_size : at + stock_size + waste_size]
    columns += [[] for _ in range(7 - len(columns))]
    return GolfGame.from_layout(columns, waste, stock, rule=rules)


@st.composite
def positions(draw, rules=ANY_RULES):
    """Up to 7 columns of 0-4 cards, a stock of 0-5, a waste of 0-2 (0 = an empty waste), drawn from
    a pack with the rules' jokers, or from a few ranks only (many ties for the cuts)."""
    chosen = draw(rules)
    few = draw(st.sampled_from([None, "A23QK", "AQK", "5678", "A2K"]))
    pack = [c for c in FULL_DECK if few is None or "A23456789TJQK"[c.rank - 1] in few]
    pack += list(JOKERS[: chosen.jokers])
    cards = draw(st.permutations(pack))
    sizes = draw(st.lists(st.integers(0, 4), min_size=1, max_size=7))
    left = len(cards)
    for i, size in enumerate(sizes):
        sizes[i] = min(size, left)
        left -= sizes[i]
    stock_size = min(left, draw(st.integers(0, 5)))
    waste_size = min(left - stock_size, draw(st.integers(0, 2)))
    if chosen.empty_waste:
        waste_size = 0
    return layout(list(cards), sizes, stock_size, waste_size, chosen)


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


# -- each field's rule, in one position each -----------------------------------------------------
def golf(columns, waste, stock, rules):
    columns = [list(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    return GolfGame.from_layout(columns, list(waste), list(stock), rule=rules)


def test_a_dead_king_takes_nothing():
    assert solve(golf([["QS"]], ["KH"], [], GolfRules.CLASSIC)).moves == (0,)
    assert solve(golf([["QS"]], ["KH"], ["5C"], GolfRules(dead_king=True))).verdict == "unwinnable"
    assert solve(golf([["AS"]], ["KH"], ["5C"], GolfRules(wrap=True, dead_king=True))).verdict == "unwinnable"
    assert solve(golf([["AS"]], ["KH"], ["2C"], GolfRules(wrap=True, dead_king=True))).moves == ("draw", 0)
    joker = golf([["X1"], ["4D"]], ["KH"], ["5C"], GolfRules(dead_king=True, jokers=1))
    assert solve(joker).moves == ("draw", 0, 1)  # not on the King, but on the 5, and the 4 on it
    # a King may still go on a Queen
    assert solve(golf([["KS"]], ["QH"], [], GolfRules(dead_king=True))).moves == (0,)


def test_the_strict_draw_must_play_first():
    # Drawing the 3 first wins (4, 5, 6 on it); the strict draw must play the 5 on the 6 instead.
    columns, waste, stock = [["6D", "4H"], ["5S"]], ["6S"], ["3H"]
    assert solve(golf(columns, waste, stock, GolfRules.CLASSIC)).moves == ("draw", 0, 1, 0)
    assert solve(golf(columns, waste, stock, GolfRules(strict_draw=True))).verdict == "unwinnable"
    # with no move, the draw is allowed, and it wins
    assert solve(golf([["4S"]], ["9H"], ["3D"], GolfRules(strict_draw=True))).moves == ("draw", 0)


def test_jokers_both_ways():
    rules = GolfRules(jokers=1)
    assert solve(golf([["9S", "X1"]], ["2H"], [], rules)).moves == (0, 0)  # joker on a 2, a 9 on the joker
    assert solve(golf([["9S"]], ["2H"], ["X1"], rules)).moves == ("draw", 0)  # a drawn joker takes the 9
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
