"""moves.py: one translation of solver moves onto the model, replays and independent copies."""

from __future__ import annotations

import json

import pytest

from game.model.eightoff import EightOffGame
from game.model.errors import IllegalMove
from game.model.moves import GolfMove
from game.solver import solve
from game.solver.deals import make_game
from game.solver.moves import apply_move, copy_game, replays_to_win


def first_deal_with_a_play(kind):
    return next(g for g in (make_game(kind, n) for n in range(1, 50)) if g.legal_moves() != [GolfMove.DRAW])


def test_golf_play_and_draw():
    game = first_deal_with_a_play("golf-easy")
    column = next(m.column for m in game.legal_moves() if not m.is_draw)
    assert column is not None
    free, stock = game.columns[column][-1], len(game.stock)
    apply_move(game, column)
    assert game.waste_top == free and len(game.columns[column]) == 4
    apply_move(game, "draw")
    assert len(game.stock) == stock - 1 and list(game.action_log) == [f"p{column}", "d"]


def test_golf_illegal_and_malformed_moves():
    game = first_deal_with_a_play("golf-easy")
    blocked = next(i for i in range(7) if GolfMove.play(i) not in game.legal_moves())
    with pytest.raises(IllegalMove):
        apply_move(game, blocked)
    for bad in [(("column", 0), ("cell", 0), 1), True, "play"]:
        with pytest.raises(ValueError):
            apply_move(game, bad)
    assert list(game.action_log) == []


def test_eightoff_moves_including_json_lists():
    game = make_game("eightoff-8", 1)
    move = (("column", 0), ("cell", 4), 1)  # the deal leaves cells 4..7 free
    top = game.columns[0][-1]
    apply_move(game, move)
    assert game.cells[4] == top and list(game.action_log) == ["c0l4x1"]
    game.undo()
    apply_move(game, json.loads(json.dumps(move)))  # lists, as a JSON round trip gives them
    assert game.cells[4] == top and list(game.action_log) == ["c0l4x1", "u", "c0l4x1"]
    with pytest.raises(IllegalMove):
        apply_move(game, (("column", 1), ("cell", 4), 1))  # occupied
    for bad in ["draw", 3, (("column", 1), ("cell", 5))]:
        with pytest.raises(ValueError):
            apply_move(game, bad)
    assert list(game.action_log) == ["c0l4x1", "u", "c0l4x1"]


def test_replays_to_win_plays_on_the_game_itself():
    for kind, number in [("golf-classic", 2), ("eightoff-4", 2)]:
        result = solve(make_game(kind, number), 200_000)
        game = make_game(kind, number)
        assert replays_to_win(game, result.moves) and game.status == "won"
        short = make_game(kind, number)
        assert not replays_to_win(short, result.moves[:-1]) and short.status != "won"


def test_copy_game_is_equal_and_independent():
    for game in (make_game("golf-easy", 3), make_game("eightoff-8", 3)):
        apply_move(game, game.legal_moves()[0])
        game.undo()
        apply_move(game, game.legal_moves()[-1])
        copy = copy_game(game)
        assert type(copy) is type(game) and copy.to_json() == game.to_json()
        assert copy.undo_depth == game.undo_depth == 1
        apply_move(copy, copy.legal_moves()[0])
        assert copy.to_json() != game.to_json() and len(game.action_log) == 3


def test_eightoff_layout_copy_keeps_the_position():
    game = EightOffGame.from_layout(
        [["KS", "QS"], [], [], [], [], [], [], []],
        [None, None],
        [["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"], [], [], []],
    )
    assert copy_game(game).to_json() == game.to_json()
