"""The review benchmark: its greedy player, its percentiles, and a run that checks itself."""

from __future__ import annotations

import random

from game.model.golf import GolfGame
from tools import review_bench


def test_the_greedy_player_plays_a_game_to_its_end():
    game = review_bench.greedy(GolfGame.new("classic", 1), random.Random(1))
    assert game.status in ("won", "blocked")


def test_a_percentile_is_a_value_at_or_below_which_that_share_falls():
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert review_bench.percentile(values, 0.5) == 3.0
    assert review_bench.percentile(values, 0.9) == 5.0
    assert review_bench.percentile(values, 0.2) == 1.0
    assert review_bench.percentile([], 0.5) == 0.0


def test_a_short_run_prints_its_figures_and_agrees_with_each_position_searched_alone(capsys):
    assert review_bench.main(["--games", "2", "--rules", "easy,classic", "--check", "--clock", "wall"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("machine speed:")
    for words in ("Golf easy: 2 games", "Golf classic: 2 games", "all: 4 games", "review time ms", "searched alone"):
        assert words in out
    assert "MISMATCH" not in out


def test_eight_off_games_are_reviewed_too_when_asked(capsys):
    assert review_bench.main(["--games", "2", "--rules", "classic", "--eightoff", "2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Golf classic: 2 games" in out and "Eight Off 2 cells: 2 games" in out
    for words in ("moves added a game", "inaccuracy", "mistake", "blunder", "moves unknown"):
        assert words in out


def test_the_eight_off_player_follows_the_solvers_win_with_detours():
    from game.model.eightoff import EightOffGame
    from game.solver import solve

    game = review_bench.detour_eightoff(EightOffGame.new(4, 2), random.Random(5))
    assert game.status == "won" or len(game.move_stack) > 0
    plain = solve(EightOffGame.new(4, 2), 100_000).moves
    assert list(game.move_stack) != list(plain)  # it wandered off the solver's line at least once


def test_a_cell_count_eight_off_has_not_is_refused():
    for bad in ("3", "x"):
        try:
            review_bench.main(["--games", "1", "--eightoff", bad])
        except SystemExit as exc:
            assert exc.code == 2
        else:  # pragma: no cover
            raise AssertionError("accepted")
