"""A single Golf deal's best result (golf_best): the fewest cards left, or, where the deal
can be won, minus the most stock cards left at a clearance, under every rule set."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model.cards import Card
from game.model.golf import GolfGame
from game.solver.golf import solve_golf
from game.solver.golf_best import BestScore, best_of_game, best_score, rank_position
from game.solver.result import Budget

RULES = ["easy", "classic", "strict", "classic+j2", "classic+k", "easy+z"]


def exhaustive(game: GolfGame) -> int:
    """The best final score over every way of playing on, by the model itself (small positions)."""
    seen: dict[str, int] = {}

    def best(g: GolfGame) -> int:
        key = g.position_key()
        if key in seen:
            return seen[key]
        if g.status == "won":
            result = -len(g.stock)
        elif g.status != "playing":
            result = sum(len(c) for c in g.columns)
        else:
            result = min(best(_after(g, m)) for m in g.legal_moves())
        seen[key] = result
        return result

    return best(game)


def _after(g: GolfGame, move) -> GolfGame:
    h = g.copy()
    h.push(move)
    return h


def small_position(rng: random.Random, rule: str) -> GolfGame:
    """A few cards in the columns, a short stock, a waste top: small enough to search by the model."""
    rules = GolfGame.new(rule, 1).rules
    deck = [Card.parse(r + s) for r in "A23456789TJQK" for s in "SHDC"]
    rng.shuffle(deck)
    jokers = [Card.parse(f"X{i + 1}") for i in range(rules.jokers)]
    # (a joker takes any card and goes on any: with them, the model's own search over 3-card columns
    # took up to two minutes on one position, so they get shorter columns and stock)
    most = 2 if jokers else 3
    cols = [[deck.pop() for _ in range(rng.randint(0, most))] for _ in range(7)]
    stock = [deck.pop() for _ in range(rng.randint(0, 5 - 3 * bool(jokers)))] + jokers
    rng.shuffle(stock)
    waste = [] if rules.empty_waste else [deck.pop()]
    return GolfGame.from_layout(cols, waste, stock, rules)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), rule=st.sampled_from(RULES))
def test_the_best_is_the_exhaustive_best_of_every_way_of_playing(seed, rule):
    game = small_position(random.Random(seed), rule)
    found = best_of_game(game, states=100_000)
    assert found == BestScore(exhaustive(game), True)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), rule=st.sampled_from(RULES))
def test_the_plain_search_alone_finds_the_exhaustive_best_too(seed, rule):
    game = small_position(random.Random(seed), rule)
    rules = game.rules
    found = best_score(*rank_position(game), rules.wrap, rules.dead_king, rules.strict_draw, states=100_000)
    assert found == BestScore(exhaustive(game), True)


def test_a_clearance_without_a_draw_spares_the_whole_stock():
    game = GolfGame.from_layout([["7H", "6H"], [], [], [], [], [], []], ["5S"], ["AH", "2C", "9D"], "classic")
    assert best_of_game(game) == BestScore(-3, True)


@pytest.mark.parametrize("rule", ["easy", "classic", "classic+j2"])
def test_a_winnable_deals_best_is_a_real_win_with_that_many_cards_to_spare(rule):
    for number in range(1, 30):
        game = GolfGame.new(rule, number)
        found = best_of_game(game)
        if found.score > 0:
            continue
        spare = -found.score
        short = GolfGame.from_layout(game.columns, game.waste, game.stock[spare:], game.rules)
        line = solve_golf(short, Budget(states=200_000)).moves
        for move in line:
            game.push(move)
        assert game.status == "won" and len(game.stock) == spare
        return
    pytest.fail("no winnable deal among the first 29")


def test_an_unwinnable_position_is_never_reported_as_a_clearance():
    game = GolfGame.from_layout([["KS"], [], [], [], [], [], []], ["5S"], ["9C"], "classic")
    assert best_of_game(game) == BestScore(1, True)


def test_a_search_beyond_its_budget_says_it_is_only_the_best_found():
    found = best_score([[5, 7, 9, 11, 13]] * 7, list(range(1, 13)) * 2, 2, states=50)
    assert not found.proved and found.score >= 1


def test_a_won_game_is_its_own_best():
    won = GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["AH", "2C"], "classic")
    won.push(won.legal_moves()[0])
    assert won.status == "won" and best_of_game(won) == BestScore(-2, True)
