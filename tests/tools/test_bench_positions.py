"""The solver benchmark's Golf mid-game positions: games in play, the same ones for the same seed."""

from __future__ import annotations

from tools.solver_bench import golf_positions


def test_the_mid_game_positions_are_games_in_play_half_under_each_rule_and_repeatable():
    first = list(golf_positions(40, seed=3))
    assert len(first) == 40
    assert all(g.status == "playing" and 5 <= len(g.move_stack) <= 35 for g in first)
    assert [g.rule for g in first[:4]] == ["easy", "classic", "easy", "classic"]
    assert any(not m.is_draw for g in first for m in g.move_stack)  # plays, not only draws
    again = list(golf_positions(40, seed=3))
    assert [g.position_key() for g in again] == [g.position_key() for g in first]


def test_positions_under_one_other_rule_set_keep_to_its_rules():
    games = list(golf_positions(20, seed=3, rules=("strict",)))
    assert len(games) == 20 and {g.rule for g in games} == {"strict"}
    for game in games:  # the strict draw never drew past a playable card
        replay = game.root()
        for move in game.move_stack:
            assert move in replay.legal_moves()
            replay.push(move)


def test_the_bench_measures_the_listed_rule_sets_and_any_other_by_name():
    from tools.solver_bench import chosen_options

    assert chosen_options("golf", None) == ["easy", "classic", "strict", "classic+j2"]
    assert chosen_options("golf", ["strict", "C+K", "easy+z", "hard"]) == ["strict", "classic+k", "easy+z"]
    assert chosen_options("eightoff", ["4", "easy"]) == ["4"]
