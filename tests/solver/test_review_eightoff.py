"""An Eight Off game's review (game/solver/review_eightoff.py): the move that lost the win, with a move
that kept it, every other move kept or played in a game already lost, and the moves each move added
to the shortest win, in bands, with a better move and the reasons; nothing guessed.

The lengths are held to a brute force (breadth-first over the model's own legal moves, every move
counted) on every line of random moves from small positions, take-backs included, and near the end
of real deals; a shortest win is a perfect game, and a card put into a cell and back adds two moves."""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers.eightoff_checks import SEEDS, brute_distances, build, explore, position_key, small_position

from game.model.golf import GolfGame
from game.model.moves import EightOffMove, Pile
from game.solver import solve
from game.solver.deals import make_game
from game.solver.eightoff import solve_position
from game.solver.eightoff_distance import DistanceTable
from game.solver.moves import apply_move, copy_game
from game.solver.result import as_budget
from game.solver.review_eightoff import (
    BLUNDER,
    BLUNDER_FROM,
    BURIED,
    FILLED_LAST_CELL,
    FILLED_LAST_COLUMN,
    INACCURACY,
    KEPT,
    LOST,
    LOST_THE_WIN,
    MISTAKE,
    MISTAKE_FROM,
    SHORTER_LINE,
    TO_CELL_NOT_COLUMN,
    TOOK_BACK,
    UNKNOWN,
    EightOffReason,
    band_of,
    review_eightoff,
)

BUDGET = 200_000
#: More small positions, for the slow run.
MORE_SEEDS = [2, 11, 19, 44, 45, 56, 70, 94, 134, 151, 159, 171, 180, 186, 239, 241, 255, 257, 283]


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
    review = review_eightoff(game, review_states=0)  # the verdicts only
    assert review.lost_the_win is None and len(review.grades) == 20
    assert all(g.grade == KEPT for g in review.grades)


def test_a_tiny_budget_grades_nothing_rather_than_guess():
    game, _ = losing_game("eightoff-4")
    before = game.to_json()
    review = review_eightoff(game, solve_states=1)
    assert all(g.grade == UNKNOWN for g in review.grades) and review.lost_the_win is None
    assert game.to_json() == before
    assert all(g.extra is None and g.band is None for g in review.grades) and not review.perfect


def test_a_spent_distance_budget_leaves_the_lengths_unknown_and_the_rest_right():
    game = make_game("eightoff-4", 2)
    for move in solve(game, BUDGET).moves[:30]:
        apply_move(game, move)
    full = review_eightoff(game)
    short = review_eightoff(game, distance_states=20, review_states=500)
    assert [g.grade for g in short.grades] == [g.grade for g in full.grades]
    assert short.unknown > 0 and not short.perfect and short.states <= 500 + 20
    for a, b in zip(short.grades, full.grades):
        assert a.extra is None or a == b
        assert a.band is None or a.extra is not None


def test_progress_is_told_and_reaches_the_end():
    game = make_game("eightoff-4", 2)
    for move in solve(game, BUDGET).moves[:10]:
        apply_move(game, move)
    told = []
    review_eightoff(game, progress=told.append)
    assert told == sorted(told) and told[-1] == 1.0 and len(told) >= 10


def test_a_game_just_dealt_has_nothing_to_grade_and_searches_nothing():
    review = review_eightoff(make_game("eightoff-8", 1))
    assert review.grades == () and review.states == 0 and review.shortest_start is None
    assert review.perfect  # (nothing played, nothing added)


def test_only_an_eight_off_game_with_a_count_of_states_is_reviewed():
    with pytest.raises(TypeError):
        review_eightoff(GolfGame.new("easy", 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        review_eightoff(make_game("eightoff-8", 1), solve_states=-1)
    with pytest.raises(ValueError):
        review_eightoff(make_game("eightoff-8", 1), distance_states=True)


def test_a_review_travels_from_the_solvers_process_intact():
    import pickle

    game, _ = losing_game("eightoff-4")
    review = review_eightoff(game)
    assert pickle.loads(pickle.dumps(review)) == review


# -- held to a brute force on small positions -----------------------------------------------------------
@pytest.fixture
def small_solver(monkeypatch):
    """The verdicts of positions with fewer than 52 cards: solve() calls a position missing cards
    never won (the model cannot win it), so the review's verdicts come from the search itself."""
    import game.solver as solver

    def fake(game, budget=None):
        result = solve_position(game, as_budget(budget))
        return dataclasses.replace(result, moves=tuple(EightOffMove.coerce(m) for m in result.moves))

    monkeypatch.setattr(solver, "solve", fake)


@pytest.fixture(scope="module", params=SEEDS + [pytest.param(s, marks=pytest.mark.slow) for s in MORE_SEEDS])
def graph(request):
    root, edges = explore(small_position(request.param))
    return root, edges, brute_distances(edges)


def random_line(root, rng, length):
    """A game from `root` after up to `length` random model moves (take-backs included)."""
    game = build(root)
    for _ in range(length):
        moves = game.legal_moves()
        if not moves or (not any(game.columns) and not any(game.cells)):
            break
        game.push(rng.choice(moves))
    return game


def check_reasons(before, grade):
    """Each reason's facts, read off the position before the move."""
    move, better = grade.move, grade.better
    card = before.pile(move.src)[-move.count]
    best = before.pile(better.src)[-better.count]
    assert grade.reasons and grade.reasons[-1] == EightOffReason(SHORTER_LINE, card, best, better.dst)
    for reason in grade.reasons[:-1]:
        assert reason.card == card
        if reason.code == TOOK_BACK:
            assert move.src.kind == "foundation"
        elif reason.code == TO_CELL_NOT_COLUMN:
            assert move.dst.kind == "cell" and best == card and reason.pile == better.dst
            assert better.dst.kind == "column"
        elif reason.code == FILLED_LAST_CELL:
            assert move.dst.kind == "cell" and before.free_cells() == 1 and better.dst.kind != "cell"
        elif reason.code == FILLED_LAST_COLUMN:
            assert move.dst.kind == "column" and not before.pile(move.dst)
            assert sum(1 for c in before.columns if not c) == 1
            assert not (better.dst.kind == "column" and not before.pile(better.dst))
        else:
            assert reason.code == BURIED and before.pile(move.dst)[-1] == before.pile(better.src)[-1]
            assert reason.other == best and reason.pile == move.dst


def assert_graded_as_the_brute_force(review, start, dist):
    """Every grade of the review of a line from `start` against the brute force's distances (by
    position_key): the win, the extra moves and band, a better move on a shortest win, the reasons'
    facts. The bands it met."""
    position = copy_game(start)
    bands = set()
    for grade in review.grades:
        before = dist.get(position_key(position))
        after_game = copy_game(position)
        after_game.push(grade.move)
        after = dist.get(position_key(after_game))
        if before is None:
            assert grade.grade == LOST and grade.extra is None and grade.band is None
        elif after is None:
            assert grade.grade == LOST_THE_WIN and grade.band == BLUNDER and grade.extra is None
        else:
            assert grade.grade == KEPT and grade.extra == 1 + after - before >= 0
            assert (grade.before, grade.after, grade.band) == (before, after, band_of(grade.extra))
        if grade.band is not None:
            trial = copy_game(position)
            trial.push(grade.better)  # legal, and on a shortest win
            assert dist[position_key(trial)] == before - 1
            check_reasons(position, grade)
        else:
            assert not grade.reasons
        bands.add(grade.band)
        position.push(grade.move)
    assert review.shortest_start == dist.get(position_key(start))
    end = dist.get(position_key(position))
    if review.unknown == 0 and end is not None:
        assert review.extra_moves == len(review.grades) + end - dist[position_key(start)]
    return bands


def test_every_grade_of_random_lines_is_the_brute_force(graph, small_solver):
    root, _, dist = graph
    rng = random.Random(len(dist))
    for _ in range(6):
        game = random_line(root, rng, 12)
        review = review_eightoff(game)
        assert [g.move for g in review.grades] == [EightOffMove.coerce(m) for m in game.move_stack]
        assert_graded_as_the_brute_force(review, build(root), dist)


# -- held to a brute force near the end of real deals ---------------------------------------------------
#: (kind, deal, cards left out of their foundations) where the solver's win is stopped
NEAR_END = [("eightoff-4", 2, 12), ("eightoff-2", 531, 14), ("eightoff-8", 1, 10)]
NEAR_END_SLOW = [("eightoff-4", 2, 16), ("eightoff-2", 531, 20), ("eightoff-8", 1, 12), ("eightoff-4", 17, 18)]


def near_end(kind, number, out):
    """The deal's position on the solver's win once at most `out` cards are off their foundations,
    as a new game from there."""
    game = make_game(kind, number)
    for move in solve(game, BUDGET).moves:
        if sum(map(len, game.columns)) + sum(c is not None for c in game.cells) <= out:
            break
        apply_move(game, move)
    return build(position_key(game))


def no_takeback(move):
    return move.src.kind != "foundation"


@pytest.fixture(scope="module", params=NEAR_END + [pytest.param(p, marks=pytest.mark.slow) for p in NEAR_END_SLOW])
def near_graph(request):
    """Every position reachable with the model's moves but take-backs (which never shorten a win:
    held on the small positions above, where the brute force takes them too)."""
    start = near_end(*request.param)
    _, edges = explore(start, no_takeback)
    return start, edges, brute_distances(edges)


def test_near_the_end_of_real_deals_every_distance_and_grade_is_the_brute_force(near_graph):
    start, edges, dist = near_graph
    table = DistanceTable(start.cell_count, 10**7, 10**7)
    for k in edges:
        assert table.distance(build(k)) == dist.get(k), k
    rng = random.Random(len(edges))
    bands = set()
    for _ in range(5):
        game = copy_game(start)
        for _ in range(16):
            moves = [m for m in game.legal_moves() if no_takeback(m)]
            if not moves:
                break
            game.push(rng.choice(moves))
        bands |= assert_graded_as_the_brute_force(review_eightoff(game), start, dist)
    assert INACCURACY in bands


def test_the_bands_and_their_thresholds():
    assert [band_of(x) for x in (None, 0, 1, 2, 3, 5, 6, 40)] == [
        None,
        None,
        INACCURACY,
        INACCURACY,
        MISTAKE,
        MISTAKE,
        BLUNDER,
        BLUNDER,
    ]
    assert (MISTAKE_FROM, BLUNDER_FROM) == (3, 6)


# -- full deals ----------------------------------------------------------------------------------------
def shortest_game(kind, number):
    """A deal played along a shortest win that the review's own table finds: (game, its length)."""
    from game.solver.review_eightoff import _better

    game = make_game(kind, number)
    table = DistanceTable(game.cell_count, 200_000, 1_000_000)
    length = table.distance(game)
    assert length is not None
    for _ in range(length):
        game.push(_better(table, game))
    assert game.status == "won"
    return game, length


@pytest.mark.parametrize(("kind", "number"), [("eightoff-4", 2), ("eightoff-2", 531)])
def test_a_shortest_win_is_a_perfect_game(kind, number):
    game, length = shortest_game(kind, number)
    review = review_eightoff(game)
    assert review.perfect and review.shortest_start == length == len(review.grades)
    assert all(g.extra == 0 and g.band is None and g.after == g.before - 1 for g in review.grades)


@pytest.mark.parametrize("at", [3, 20])
def test_a_card_put_into_a_cell_and_back_adds_two_moves_there(at):
    played, length = shortest_game("eightoff-4", 2)
    game = played.line_root()
    line = [EightOffMove.coerce(m) for m in played.move_stack]
    for move in line[:at]:
        game.push(move)

    def on_parent(col):
        return len(col) > 1 and col[-2].suit == col[-1].suit and col[-2].rank == col[-1].rank + 1

    # on to a position with a free cell and a card lying on its parent (it may come back there)
    while None not in game.cells or not any(map(on_parent, game.columns)):
        game.push(line[at])
        at += 1
    source = next(i for i, col in enumerate(game.columns) if on_parent(col))
    cell = game.cells.index(None)
    game.push(EightOffMove(Pile.column(source), Pile.cell(cell), 1))
    game.push(EightOffMove(Pile.cell(cell), Pile.column(source), 1))
    for move in line[at:]:
        game.push(move)
    review = review_eightoff(game)
    extras = [g.extra for g in review.grades]
    assert extras[:at] == [0] * at and extras[at + 2 :] == [0] * (length - at)
    assert sum(extras[at : at + 2]) == 2 and review.extra_moves == 2 and not review.perfect
    assert review.moves_added in (1, 2) and review.count(INACCURACY) == review.moves_added


def test_the_reasons_come_up_on_small_positions(small_solver):
    """Over random lines of the small positions, each reason the solver gives comes up (and each
    is held to its facts in the test above)."""
    codes, bands = set(), set()
    for seed in SEEDS:
        root, _ = explore(small_position(seed))
        rng = random.Random(seed)
        for _ in range(6):
            review = review_eightoff(random_line(root, rng, 12))
            codes |= {r.code for g in review.grades for r in g.reasons}
            bands |= {g.band for g in review.grades}
    assert {TOOK_BACK, FILLED_LAST_CELL, BURIED, TO_CELL_NOT_COLUMN, SHORTER_LINE} <= codes
    assert {None, INACCURACY, BLUNDER} <= bands
