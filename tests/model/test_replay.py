"""Replays (game/model/replay.py): a game as its deal code and its line, checked to play from the deal,
rebuilt at any move."""

import doctest

import pytest
from helpers.moves import eightoff_line, golf_line
from helpers.replays import eightoff_games, golf_games, play_random
from hypothesis import given, settings

from game.model import replay as replay_module
from game.model.codes import DealCode
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, GolfMove, Pile
from game.model.replay import InvalidReplay, Replay, deal_game, legal_order, move_key

DEAL = "GO1-C-AAAAAAB"  # a draw, then column 4's 7♠ on the 8♥; nothing else fits at first
EIGHTOFF = "EO1-C8-AAAAAAB"


def same_position(a, b):
    return (a.position_key(), a.score, a.status, a.move_stack) == (b.position_key(), b.score, b.status, b.move_stack)


def test_the_docstring_examples_hold():
    result = doctest.testmod(replay_module)
    assert result.attempted > 0 and result.failed == 0


@given(golf_games)
def test_a_golf_replay_rebuilds_every_position_of_its_game(game):
    replay = Replay(game.code, game.move_stack)
    assert replay == Replay.of(game) and replay.status == game.status and len(replay) == len(game.move_stack)
    played = game.root()
    for i, move in enumerate(replay.moves):
        assert same_position(replay.position(i), played)
        played.push(move)
    assert same_position(replay.position(len(replay)), game)


@settings(max_examples=15)
@given(eightoff_games)
def test_an_eightoff_replay_rebuilds_every_position_of_its_game(game):
    replay = Replay(game.code, game.move_stack)
    assert replay == Replay.of(game) and replay.status == game.status
    played = game.root()
    for i, move in enumerate(replay.moves):
        assert same_position(replay.position(i), played)
        played.push(move)
    assert same_position(replay.position(len(replay)), game)


def test_a_position_holds_its_moves_in_its_history_so_a_player_can_take_over():
    replay = Replay(DEAL, golf_line("draw", 3))
    game = replay.position(2)
    assert game.move_stack == golf_line("draw", 3) and game.can_undo and game.code == DEAL
    game.undo()
    assert game.position_key() == replay.position(1).position_key() and game.move_stack == golf_line("draw")


def test_each_position_is_a_new_game():
    replay = Replay(DEAL, golf_line("draw"))
    game = replay.position(1)
    game.push(GolfMove.play(3))
    assert replay.position(1).moves == 1 and len(replay) == 1


@pytest.mark.parametrize("index", [-1, 3, 1.0, True])
def test_a_position_outside_the_line_is_refused(index):
    with pytest.raises(IndexError):
        Replay(DEAL, golf_line("draw", 3)).position(index)


def test_a_move_the_rules_refuse_is_refused_with_its_place_and_the_rules_reason():
    with pytest.raises(InvalidReplay) as caught:
        Replay(DEAL, golf_line("draw", 3, 3))
    assert (caught.value.reason, caught.value.index, caught.value.refusal) == ("move", 2, "rank")


def test_a_draw_from_an_empty_stock_and_a_move_after_the_end_are_refused():
    game = play_random(GolfGame.from_code("GO1-C-AAAAAAC"), [0] * 60)
    assert game.status != "playing"
    with pytest.raises(InvalidReplay) as caught:
        Replay(game.code, [*game.move_stack, GolfMove.DRAW])
    assert caught.value.reason == "move" and caught.value.refusal == "over"


def test_a_move_of_the_other_game_is_refused():
    with pytest.raises(InvalidReplay) as caught:
        Replay(DEAL, [EightOffMove(Pile.column(0), Pile.cell(0))])
    assert caught.value.reason == "type" and caught.value.index == 0
    with pytest.raises(InvalidReplay) as caught:
        Replay(EIGHTOFF, [GolfMove.DRAW])
    assert caught.value.reason == "type"
    with pytest.raises(InvalidReplay) as caught:
        Replay(DEAL, ["d"])
    assert caught.value.reason == "type"


@pytest.mark.parametrize("deal", ["", "GO1-X-AAAAAAB", "GO1-E-AAAAAAA", 17, None])
def test_a_deal_that_is_no_deal_code_is_refused(deal):
    with pytest.raises(InvalidReplay) as caught:
        Replay(deal, [])
    assert caught.value.reason == "deal"


def test_a_line_longer_than_a_replay_holds_is_refused_without_playing_it_all(monkeypatch):
    monkeypatch.setattr(replay_module, "MAX_REPLAY_MOVES", 4)
    to_and_fro = eightoff_line((("cell", 0), ("cell", 4), 1), (("cell", 4), ("cell", 0), 1))
    game = EightOffGame.from_code(EIGHTOFF)
    assert Replay(EIGHTOFF, to_and_fro * 2).position(4).position_key() == game.position_key()

    def endless():
        while True:
            yield from to_and_fro

    with pytest.raises(InvalidReplay) as caught:
        Replay(EIGHTOFF, endless())
    assert caught.value.reason == "length"
    for move in to_and_fro * 3:
        game.push(move)
    with pytest.raises(InvalidReplay) as caught:
        Replay.of(game)
    assert caught.value.reason == "length"


def test_a_game_not_dealt_from_a_code_has_no_replay():
    game = GolfGame.from_code(DEAL)
    layout = GolfGame.from_layout(game.columns, game.waste, game.stock, "classic")
    with pytest.raises(InvalidReplay) as caught:
        Replay.of(layout)
    assert caught.value.reason == "deal"


def test_a_replay_is_a_value():
    a, b = Replay(DEAL, golf_line("draw", 3)), Replay(DealCode("golf", "C", 1), iter(golf_line("draw", 3)))
    assert a == b and hash(a) == hash(b) and a != Replay(DEAL, golf_line("draw")) and a != "GO1-C-AAAAAAB"
    assert a.game == "golf" and a.status == "playing" and repr(a) == "Replay('GO1-C-AAAAAAB', 2 moves, playing)"
    with pytest.raises(AttributeError):
        a.moves = ()  # type: ignore[misc]


@given(golf_games)
def test_golf_legal_order_is_the_legal_moves_columns_then_the_draw(game):
    order = legal_order(game)
    assert sorted(order, key=move_key) == order and set(order) == set(game.legal_moves())
    assert all(m.column is not None for m in order[:-1])


@settings(max_examples=20)
@given(eightoff_games)
def test_eightoff_legal_order_is_sorted_by_source_count_and_destination(game):
    order = legal_order(game)
    assert set(order) == set(game.legal_moves()) and len(order) == len(set(order))
    kinds = {"column": 0, "cell": 1, "foundation": 2}
    keys = [(kinds[m.src.kind], m.src.index, m.count, kinds[m.dst.kind], m.dst.index) for m in order]
    assert keys == sorted(keys)


def test_deal_game_deals_the_code():
    assert deal_game(DealCode("eightoff", "C4", 9)).position_key() == EightOffGame.new(4, 9).position_key()
