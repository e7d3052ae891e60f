"""A single Golf deal's best result (golf_best): the fewest cards left, or, where the deal can be won,
minus the most stock cards left at a clearance, under every rule set. Its comparisons with the
exhaustive best of every way of playing are in tests/system/test_golf_best_exhaustive.py."""

from __future__ import annotations

import pytest

from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.solver.golf import solve_golf
from game.solver.golf_best import BestScore, best_of_game, best_score
from game.solver.result import Budget


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
            game.push(GolfMove.coerce(move))  # solve_golf gives the engines' plain moves
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
