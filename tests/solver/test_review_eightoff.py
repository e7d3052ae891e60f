"""An Eight Off game's review (game/solver/review_eightoff.py): the move that lost the win, with a move
that kept it, and every other move kept or played in a game already lost; nothing guessed."""

from __future__ import annotations

import random

import pytest

from game.model.golf import GolfGame
from game.solver import solve
from game.solver.deals import make_game
from game.solver.moves import apply_move, copy_game
from game.solver.review_eightoff import KEPT, LOST, LOST_THE_WIN, UNKNOWN, review_eightoff

BUDGET = 200_000


def losing_game(kind: str):
    """(game, k): the solver's win followed for k moves, a move that loses it, then a few more."""
    for number in range(1, 40):
        game = make_game(kind, number)
        win = solve(game, BUDGET)
        if win.verdict != "winnable":
            continue
        for k, best in enumerate(win.moves[:30]):
            for move in game.legal_moves():
                trial = copy_game(game)
                apply_move(trial, move)
                if move != best and solve(trial, BUDGET).verdict == "unwinnable":
                    rng = random.Random(number)
                    for _ in range(5):
                        moves = trial.legal_moves()
                        if not moves:
                            break
                        apply_move(trial, rng.choice(moves))
                    return trial, k
            apply_move(game, best)
    raise AssertionError("no losing move found")  # pragma: no cover


@pytest.mark.parametrize("kind", ["eightoff-4"])
def test_the_move_that_lost_the_win_is_graded_with_a_move_that_kept_it(kind):
    game, k = losing_game(kind)
    review = review_eightoff(game)
    assert (review.start, review.end) == ("winnable", "unwinnable")
    grades = [g.grade for g in review.grades]
    assert grades == [KEPT] * k + [LOST_THE_WIN] + [LOST] * (len(grades) - k - 1)
    lost = review.lost_the_win
    assert lost is not None and lost.index == k and lost.better is not None and lost.better != lost.move
    before = copy_game(game.line_root())
    for move in list(game.move_stack)[:k]:
        apply_move(before, move)
    apply_move(before, lost.better)
    assert solve(before, BUDGET).verdict == "winnable"
    assert not review.perfect


def test_the_solvers_own_win_is_kept_at_every_move():
    game = make_game("eightoff-8", 1)
    for move in solve(game, BUDGET).moves[:20]:
        apply_move(game, move)
    review = review_eightoff(game)
    assert review.perfect and review.lost_the_win is None and len(review.grades) == 20


def test_a_tiny_budget_grades_nothing_rather_than_guess():
    game, _ = losing_game("eightoff-4")
    before = game.to_json()
    review = review_eightoff(game, solve_states=1)
    assert all(g.grade == UNKNOWN for g in review.grades) and review.lost_the_win is None
    assert game.to_json() == before


def test_only_an_eight_off_game_with_a_count_of_states_is_reviewed():
    with pytest.raises(TypeError):
        review_eightoff(GolfGame.new("easy", 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        review_eightoff(make_game("eightoff-8", 1), solve_states=-1)


def test_a_review_travels_from_the_solvers_process_intact():
    import pickle

    game, _ = losing_game("eightoff-4")
    review = review_eightoff(game)
    assert pickle.loads(pickle.dumps(review)) == review
