"""The solver benchmark's Golf mid-game positions: games in play, the same ones for the same seed."""
from __future__ import annotations

from game.solver.bench import golf_positions


def test_the_mid_game_positions_are_games_in_play_half_under_each_rule_and_repeatable():
    first = list(golf_positions(40, seed=3))
    assert len(first) == 40
    assert all(g.status == "playing" and 5 <= len(g.move_stack) <= 35 for g in first)
    assert [g.rule for g in first[:4]] == ["easy", "classic", "easy", "classic"]
    assert any(not m.is_draw for g in first for m in g.move_stack)  # plays, not only draws
    again = list(golf_positions(40, seed=3))
    assert [g.position_key() for g in again] == [g.position_key() for g in first]
