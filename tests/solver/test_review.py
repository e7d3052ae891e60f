"""A Golf game's review (game/solver/review.py): every move graded in strokes lost, held to a brute
force over the model on small positions, to the solver's own best line, and to its budget."""

from __future__ import annotations

import random

import pytest
from helpers.golf_checks import positions
from helpers.positions import golf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame, hole_score
from game.model.moves import GolfMove
from game.solver.golf_best import best_of_game
from game.solver.review import (
    ALREADY_LOST,
    DRAW_FIRST,
    DREW_WHILE_PLAYABLE,
    LOST_THE_WIN,
    PLAYED_TOO_SOON,
    WRONG_CARD,
    best_line,
    bests_along,
    review_golf,
)


# -- the brute force: every line the model allows ------------------------------------------------------
def brute_best(game: GolfGame) -> int:
    """The best hole score reachable from the game's position: every move the model's legal_moves
    offers, with undo, to every end; memo on what decides the rest (cards left in each column and in
    the stock, the waste top's rank, or that it is a joker, or that the waste is empty)."""
    memo: dict = {}

    def search() -> int:
        if game.status != "playing":
            return hole_score(game)
        top = game.waste_top
        key = (tuple(len(c) for c in game.columns), len(game.stock), None if top is None else (top.rank, top.is_joker))
        if key not in memo:
            best = None
            for move in game.legal_moves():
                game.push(move)
                score = search()
                game.undo()
                best = score if best is None else min(best, score)
            memo[key] = best
        return memo[key]

    return search()


def brute_after(game: GolfGame, move: GolfMove) -> int:
    trial = game.copy()
    trial.push(move)
    return brute_best(trial)


def positions_along(game: GolfGame) -> list[GolfGame]:
    """A fresh game at each position of the line (0: the deal)."""
    fresh, out = game.line_root(), []
    out.append(fresh.copy())
    for move in game.move_stack:
        fresh.push(move)
        out.append(fresh.copy())
    return out


def play_randomly(game: GolfGame, picks: list[int]) -> GolfGame:
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[pick % len(moves)])
    return game


def greedy(game: GolfGame, rng: random.Random) -> GolfGame:
    """Play on to the end: mostly the free card of the tallest column that fits, else a draw."""
    while game.status == "playing":
        moves = game.legal_moves()
        plays = [m for m in moves if not m.is_draw]
        if plays and rng.random() < 0.9:
            game.push(max(plays, key=lambda m: len(game.columns[m.column])))
        else:
            game.push(rng.choice(moves))
    return game


def check_against_brute_force(game: GolfGame) -> None:
    review = review_golf(game)
    along = positions_along(game)
    truth = [brute_best(p) for p in along]
    assert review.best_start == truth[0] and review.best_end == truth[-1]
    assert len(review.grades) == len(game.move_stack)
    for grade, before, after, position in zip(review.grades, truth, truth[1:], along):
        assert (grade.best_before, grade.best_after, grade.strokes_lost) == (before, after, after - before)
        if after == before:
            assert grade.better is None and grade.reasons == ()
            continue
        assert grade.better in position.legal_moves() and brute_after(position, grade.better) == before
        check_reasons(grade, position, before, after)
    assert review.strokes_lost == truth[-1] - truth[0]
    assert review.perfect == (truth[-1] == truth[0])


def check_reasons(grade, position: GolfGame, before: int, after: int) -> None:
    """The reasons say what the position and the better move show."""
    main = grade.reasons[0]
    free = [c[-1] if c else None for c in position.columns]
    if grade.move.is_draw:
        assert main.code == DREW_WHILE_PLAYABLE and main.better == free[grade.better.column]
    elif grade.better.is_draw:
        assert main.code == DRAW_FIRST and main.played == free[grade.move.column]
    else:
        assert main.code in (PLAYED_TOO_SOON, WRONG_CARD)
        assert (main.played, main.better) == (free[grade.move.column], free[grade.better.column])
    context = [r.code for r in grade.reasons[1:]]
    assert context == ([ALREADY_LOST] if before > 0 else [LOST_THE_WIN] if after > 0 else [])


# -- against the brute force ---------------------------------------------------------------------------
@settings(
    max_examples=200,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(game=positions(), picks=st.lists(st.integers(0, 7), max_size=30))
def test_every_grade_is_the_brute_force_over_every_line(game, picks):
    check_against_brute_force(play_randomly(game, picks))


@pytest.mark.parametrize("rule", ["easy", "classic", "strict", "easy+z"])
def test_a_small_position_played_badly_on_purpose(rule):
    waste = [] if rule == "easy+z" else ["5S"]
    game = golf([["9H", "4C"], ["3D", "6H"], ["7C"]], waste, ["KS", "8D", "2H"], rule)
    for pick in range(6):
        trial = game.copy()
        check_against_brute_force(play_randomly(trial, [pick] * 12))


def test_a_greedy_line_from_a_real_deal_is_graded_as_each_position_searched_alone():
    for number in (1, 2, 3):
        for rule in ("easy", "classic"):
            game = greedy(GolfGame.new(rule, number), random.Random(number))
            review = review_golf(game)
            assert [review.best_start, *(g.best_after for g in review.grades)] == list(bests_along(game))
            other = best_of_game(GolfGame.new(rule, number))
            assert review.best_start == other.score or not other.proved
            assert review.best_end == hole_score(game)
            assert review.strokes_lost == hole_score(game) - review.best_start


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["easy", "classic", "strict", "classic+j2", "easy+z"])
def test_many_greedy_games_are_graded_as_each_position_searched_alone(rule):
    for number in range(1, 41):
        game = greedy(GolfGame.new(rule, number), random.Random(number))
        review = review_golf(game)
        assert [review.best_start, *(g.best_after for g in review.grades)] == list(bests_along(game))
        assert review.strokes_lost == hole_score(game) - review.best_start


# -- a perfect game, one blunder -----------------------------------------------------------------------
def play_best(game: GolfGame) -> GolfGame:
    """The solver's own best line from here, then draws to the end (after it nothing more fits)."""
    found = best_line(game)
    assert found is not None
    for move in found[1]:
        game.push(move)
    while game.status == "playing":
        game.push(GolfMove.DRAW)
    return game


@pytest.mark.parametrize("rule", ["easy", "classic", "strict"])
@pytest.mark.parametrize("number", [1, 2, 7])
def test_the_solvers_own_best_line_is_a_perfect_game(rule, number):
    game = play_best(GolfGame.new(rule, number))
    review = review_golf(game)
    assert review.perfect and review.strokes_lost == 0 and review.moves_lost == 0
    assert all(g.strokes_lost == 0 and g.better is None for g in review.grades)
    assert review.best_start == review.best_end == hole_score(game)


def blunder(game: GolfGame, at: int) -> tuple[GolfGame, int, int]:
    """Follow the best line for `at` moves or more, to the first position where a move loses
    strokes, play that move, then the best line again: (the game, the blunder's index, the strokes
    it lost)."""
    found = best_line(game)
    assert found is not None
    best, line = found
    for k, good in enumerate(line):
        if k >= at:
            for move in game.legal_moves():
                trial = game.copy()
                trial.push(move)
                after = best_line(trial)
                assert after is not None
                if after[0] > best:
                    game.push(move)
                    return play_best(game), k, after[0] - best
        game.push(good)
    raise AssertionError("no move on the best line loses a stroke")  # pragma: no cover


@pytest.mark.parametrize(("rule", "number", "at"), [("easy", 1, 3), ("classic", 2, 10), ("easy", 5, 0)])
def test_a_game_with_one_blunder_grades_exactly_that_move(rule, number, at):
    game, index, lost = blunder(GolfGame.new(rule, number), at)
    review = review_golf(game)
    assert [g.index for g in review.grades if g.strokes_lost] == [index]
    assert review.grades[index].strokes_lost == lost == review.strokes_lost
    assert review.moves_lost == 1 and not review.perfect
    assert review.grades[index].better is not None and review.grades[index].reasons


def test_a_draw_while_the_best_line_needed_a_card_now_names_that_card():
    # 4C fits the 5S; drawing first covers the 5 with the KS, and 4C can never go
    game = golf([["4C"]], ["5S"], ["KS"], "classic")
    game.push(GolfMove.DRAW)
    (grade,) = review_golf(game).grades
    assert grade.strokes_lost == 2  # a clearance sparing one card (-1) became one card left (1)
    assert grade.better == GolfMove(0)
    assert [(r.code, str(r.better)) for r in grade.reasons] == [(DREW_WHILE_PLAYABLE, "4C"), (LOST_THE_WIN, "None")]


def test_playing_a_card_the_best_line_needs_later_says_so():
    # on the 5S: 6H then 7C clears; 4C first leaves 6H waiting for a 5 that never comes
    game = golf([["7C", "6H"], ["4C"]], ["5S"], [], "classic")
    game.push(GolfMove(1))
    (grade, *_) = review_golf(game).grades
    assert grade.strokes_lost and grade.better == GolfMove(0)
    main = grade.reasons[0]
    assert (main.code, str(main.played), str(main.better)) == (WRONG_CARD, "4C", "6H")


# -- bounded work --------------------------------------------------------------------------------------
def test_a_tiny_budget_grades_nothing_rather_than_guess():
    game = greedy(GolfGame.new("classic", 3), random.Random(3))
    review = review_golf(game, search_states=1)
    assert review.unknown == len(review.grades) and not review.perfect
    assert all(g.strokes_lost is None and g.better is None and g.reasons == () for g in review.grades)
    assert review.best_start is None and review.strokes_lost == 0


@pytest.mark.parametrize("total", [1, 500, 3_000, 8_000, 20_000])
def test_a_review_out_of_budget_is_right_wherever_it_grades(total):
    game = greedy(GolfGame.new("easy", 4), random.Random(4))
    truth = list(bests_along(game))
    review = review_golf(game, review_states=total)
    assert review.states <= total
    for grade in review.grades:
        if grade.best_before is not None:
            assert grade.best_before == truth[grade.index]
        if grade.best_after is not None:
            assert grade.best_after == truth[grade.index + 1]


def test_the_positions_of_one_game_share_their_searches():
    game = greedy(GolfGame.new("easy", 2), random.Random(2))
    review = review_golf(game)
    assert review.searches < len(review.grades) // 2
    assert [review.best_start, *(g.best_after for g in review.grades)] == list(bests_along(game))


def test_progress_is_told_and_reaches_the_end():
    seen: list[float] = []
    review_golf(greedy(GolfGame.new("classic", 5), random.Random(5)), progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0 and all(0 <= s <= 1 for s in seen)


# -- the line and bad input ----------------------------------------------------------------------------
def test_an_undone_move_is_not_graded_and_the_game_is_not_changed():
    game = GolfGame.new("easy", 1)
    game.push(GolfMove.DRAW)
    game.undo()
    greedy(game, random.Random(1))
    before = game.to_json()
    review = review_golf(game)
    assert [g.move for g in review.grades] == list(game.move_stack)
    assert game.to_json() == before


def test_a_game_just_dealt_has_nothing_to_grade():
    review = review_golf(GolfGame.new("easy", 1))
    assert review.grades == () and review.perfect and review.best_start == review.best_end


@pytest.mark.parametrize("budget", [-1, 1.5, True, "10"])
def test_a_budget_that_is_not_a_count_of_states_is_refused(budget):
    with pytest.raises(ValueError):
        review_golf(GolfGame.new("easy", 1), search_states=budget)


def test_only_a_golf_game_is_reviewed():
    with pytest.raises(TypeError):
        review_golf(EightOffGame.new(8, 1))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        best_line(EightOffGame.new(8, 1))  # type: ignore[arg-type]


def test_a_review_travels_from_the_solvers_process_intact():
    import pickle

    review = review_golf(greedy(GolfGame.new("easy", 6), random.Random(6)))
    assert pickle.loads(pickle.dumps(review)) == review


def test_the_solvers_worker_reviews_a_wired_game_of_either_kind():
    from game.solver import worker
    from game.solver.review_eightoff import review_eightoff

    golf_game = greedy(GolfGame.new("classic", 8), random.Random(8))
    assert worker.review_job(worker.wire_game(golf_game)) == review_golf(golf_game)
    eightoff = EightOffGame.new(4, 2)
    eightoff.push(eightoff.legal_moves()[0])
    assert worker.review_job(worker.wire_game(eightoff)) == review_eightoff(eightoff)
