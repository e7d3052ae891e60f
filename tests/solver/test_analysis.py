"""analysis.py: the line with undos, positions along it, and the exact move that lost a won game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers.moves import eightoff_line

import game.solver as solver
from game.model.eightoff import EightOffGame
from game.model.moves import GolfMove
from game.solver import solve
from game.solver.analysis import analyse, current_line, position_at
from game.solver.deals import make_game
from game.solver.moves import apply_move, copy_game, replays_to_win

BUDGET = 200_000  # states: deterministic, and far more than these positions need
REFERENCE = Path(__file__).resolve().parent / "reference" / "golf.tsv"


def losing_deviation(kind, numbers):
    """(number, k, move): following the solver's win for k moves, then `move` loses the game."""
    for number in numbers:
        game = make_game(kind, number)
        win = solve(game, BUDGET)
        if win.verdict != "winnable":
            continue
        for k, best in enumerate(win.moves):
            for move in game.legal_moves():
                trial = copy_game(game)
                apply_move(trial, move)
                if move != best and solve(trial, BUDGET).verdict == "unwinnable":
                    return number, k, move
            apply_move(game, best)
    raise AssertionError("no losing deviation found")  # pragma: no cover


def play_on(game, count, seed):
    """A few more legal moves (with an undo among them), as a player who goes on would."""
    rng = random.Random(seed)
    for i in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        apply_move(game, rng.choice(moves))
        if i == 2:
            game.undo()
            apply_move(game, rng.choice(game.legal_moves()))


def test_current_line_pops_each_undo():
    game = make_game("golf-easy", 2)
    apply_move(game, "draw")
    first = game.legal_moves()[0]
    apply_move(game, first)
    game.undo()
    apply_move(game, "draw")
    assert game.action_log == ("d", str(first), "u", "d")
    assert current_line(game) == [GolfMove.DRAW, GolfMove.DRAW]
    game.undo()
    game.undo()
    assert current_line(game) == []


def test_current_line_of_eightoff_is_in_result_format():
    game = make_game("eightoff-8", 1)
    moves = [(("column", 0), ("cell", 4), 1), (("column", 1), ("cell", 5), 1)]
    for move in moves:
        apply_move(game, move)
    game.undo()
    apply_move(game, (("column", 2), ("cell", 5), 1))
    assert current_line(game) == list(eightoff_line(moves[0], (("column", 2), ("cell", 5), 1)))


@pytest.mark.parametrize("kind, number", [("golf-classic", 4), ("eightoff-8", 1)])
def test_position_at_replays_the_first_k_moves(kind, number):
    game = make_game(kind, number)
    snapshots = [copy_game(game).to_json()]
    for i in range(6):
        apply_move(game, game.legal_moves()[i % 2 - 1])
        snapshots.append(copy_game(game).to_json())
    game.undo()
    apply_move(game, game.legal_moves()[0])
    line = current_line(game)
    assert len(line) == 6
    for k in range(6):
        at = position_at(game, k)
        assert at.code == game.code and at.to_json() == snapshots[k]
    assert position_at(game, 6)._position() == game._position()
    with pytest.raises(IndexError):
        position_at(game, 7)


def test_a_winnable_position_needs_one_solve_and_its_moves_win():
    game = make_game("golf-classic", 2)
    win = solve(game, BUDGET)
    for move in win.moves[:5]:
        apply_move(game, move)
    report = analyse(game, BUDGET)
    assert (report.now, report.start, report.last_winnable, report.lost_move) == ("winnable", "winnable", None, None)
    assert report.certain and report.solves == 1 and report.line_length == 5
    assert report.undos_needed is None
    assert replays_to_win(copy_game(game), report.moves)


def test_the_move_that_threw_a_golf_win_away():
    number, k, move = losing_deviation("golf-easy", range(1, 40))
    game = make_game("golf-easy", number)
    for best in solve(game, BUDGET).moves[:k]:
        apply_move(game, best)
    apply_move(game, move)
    play_on(game, 12, seed=number)
    report = analyse(game, BUDGET)
    assert (report.now, report.start, report.certain) == ("unwinnable", "winnable", True)
    assert report.last_winnable == k and report.lost_move == move
    assert report.line_length == len(current_line(game)) > k
    # undoing that many times lands on a winnable position
    for _ in range(report.undos_needed):
        game.undo()
    assert len(current_line(game)) == k and solve(game, BUDGET).verdict == "winnable"


def test_an_eightoff_win_thrown_away_with_four_cells():
    number, k, move = losing_deviation("eightoff-4", [2, 17])
    game = make_game("eightoff-4", number)
    for best in solve(game, BUDGET).moves[:k]:
        apply_move(game, best)
    apply_move(game, move)
    play_on(game, 8, seed=1)
    report = analyse(game, BUDGET)
    assert (report.now, report.start, report.certain) == ("unwinnable", "winnable", True)
    assert report.last_winnable == k and report.lost_move == move


def unwinnable_classic_deal():
    rows = [line.split("\t") for line in REFERENCE.read_text().splitlines()[1:]]
    return next(int(deal) for deal, classic, _ in rows if classic == "U")


def test_a_deal_lost_from_the_start_has_no_turning_point():
    game = make_game("golf-classic", unwinnable_classic_deal())
    play_on(game, 6, seed=3)
    report = analyse(game, BUDGET)
    assert (report.now, report.start, report.certain) == ("unwinnable", "unwinnable", True)
    assert report.last_winnable is None and report.lost_move is None and report.moves == ()
    assert report.undos_needed is None and report.solves == 2


def test_an_eightoff_layout_is_replayed_from_its_own_start():
    game = EightOffGame.from_layout([["AS", "KH"], ["KS"], *([[]] * 6)], [None, None])
    apply_move(game, (("column", 0), ("cell", 1), 1))
    apply_move(game, (("column", 1), ("cell", 0), 1))
    assert position_at(game, 1).cells == (None, game.cells[1]) and position_at(game, 1).code is None
    report = analyse(game, BUDGET)  # cards are missing: no layout like this is ever won
    assert (report.now, report.start, report.last_winnable) == ("unwinnable", "unwinnable", None)
    assert report.line_length == 2 and report.certain


def lost_game(more=12):
    """(game, k, move): the solver's win for k moves, then a losing move, then some more moves."""
    number, k, move = losing_deviation("golf-easy", range(1, 40))
    game = make_game("golf-easy", number)
    for best in solve(game, BUDGET).moves[:k]:
        apply_move(game, best)
    apply_move(game, move)
    play_on(game, more, seed=number)
    return game, k, move


def test_unknown_verdicts_never_make_a_turning_point(monkeypatch):
    game, k, move = lost_game()
    real = solver.solve

    def blind_after_the_mistake(position, budget=None):
        if len(current_line(position)) == k + 1:  # the first lost position: budget "spent"
            return solver.Result("unknown")
        return real(position, budget)

    monkeypatch.setattr(solver, "solve", blind_after_the_mistake)
    report = analyse(game, BUDGET)
    assert report.last_winnable is None and report.lost_move is None and not report.certain
    assert report.undos_needed is None
    assert report.proven_winnable == k and report.proven_unwinnable > k + 1
    assert (report.now, report.start) == ("unwinnable", "winnable")


def test_an_unknown_current_position_is_placed_by_monotonicity(monkeypatch):
    game, k, move = lost_game()
    real, now = solver.solve, len(current_line(game))
    monkeypatch.setattr(
        solver,
        "solve",
        lambda position, budget=None: (
            solver.Result("unknown") if len(current_line(position)) == now else real(position, budget)
        ),
    )
    report = analyse(game, BUDGET)
    assert (report.now, report.start, report.certain) == ("unwinnable", "winnable", True)
    assert report.last_winnable == k and report.lost_move == move


def test_a_tiny_budget_gives_up_after_three_unknowns():
    game, k, move = lost_game(more=0)
    report = analyse(game, 1)
    assert (report.now, report.start, report.certain) == ("unknown", "unknown", False)
    assert report.last_winnable is None and report.moves == () and report.solves == 3
