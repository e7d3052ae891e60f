"""Redo: the moves just undone are made again, through push, until a new move."""

import pytest

from game.model import IllegalMove
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, GolfMove, Pile


def state(game):
    return game.position_key(), game.score, game.status


def eightoff():
    cols = [["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C", "AS"], ["5C", "2S"]]
    return EightOffGame.from_layout(cols + [[]] * 4, [None] * 8)


UP_AS = EightOffMove(Pile.column(2), Pile.foundation(0))
UP_2S = EightOffMove(Pile.column(3), Pile.foundation(0))
RUN = EightOffMove(Pile.column(0), Pile.column(1), 3)


def test_a_redo_makes_the_undone_move_again_and_counts_as_a_move():
    game = eightoff()
    game.push(UP_AS)
    after = state(game)
    game.pop()
    assert game.can_redo and game.redo_moves == (UP_AS,)
    assert game.redo() == UP_AS
    assert state(game) == after and game.score == 10
    assert game.moves == 2  # the move and its redo; the undo in between is no move
    assert game.move_stack == (UP_AS,) and not game.can_redo


def test_several_undos_are_redone_in_the_order_they_were_made():
    game = eightoff()
    line = [UP_AS, UP_2S, RUN]
    states = []
    for move in line:
        game.push(move)
        states.append(state(game))
    for _ in line:
        game.pop()
    assert game.redo_moves == tuple(line)
    for move, expected in zip(line, states):
        assert game.redo() == move and state(game) == expected
    assert not game.can_redo


def test_a_new_move_forgets_what_there_was_to_redo():
    game = eightoff()
    game.push(UP_AS)
    game.push(UP_2S)
    game.pop()
    game.pop()
    game.push(RUN)  # not the next redo: a new line
    assert not game.can_redo and game.redo_moves == ()
    with pytest.raises(IllegalMove) as refused:
        game.redo()
    assert refused.value.reason == "nothing-to-redo"


def test_making_the_next_redo_by_hand_is_that_redo_and_keeps_the_rest():
    game = eightoff()
    game.push(UP_AS)
    game.push(UP_2S)
    game.pop()
    game.pop()
    game.push(UP_AS)  # the player drags the same card up again
    assert game.redo_moves == (UP_2S,)


def test_nothing_to_redo_changes_nothing():
    game = eightoff()
    game.push(UP_AS)
    before = (state(game), game.moves, game.action_log)
    with pytest.raises(IllegalMove) as refused:
        game.redo()
    assert refused.value.reason == "nothing-to-redo"
    assert (state(game), game.moves, game.action_log) == before


def test_the_redos_survive_a_save_and_resume():
    game = eightoff()
    for move in (UP_AS, UP_2S, RUN):
        game.push(move)
    game.pop()
    game.pop()
    resumed = EightOffGame.from_json(game.to_json())
    assert resumed.redo_moves == (UP_2S, RUN)
    resumed.redo()
    resumed.redo()
    game.redo()
    game.redo()
    assert state(resumed) == state(game) and resumed.moves == game.moves == 5


def test_a_golf_redo_of_the_blocking_move_takes_the_penalty_again():
    # the waste's 5 takes the 4; after it nothing fits and the stock is empty: blocked, -10 a card left
    game = GolfGame.from_layout([["KS", "4H"], ["9C"]] + [[]] * 5, ["5D"], [], rule="classic")
    game.push(GolfMove.play(0))
    blocked = state(game)
    assert game.status == "blocked"
    game.pop()
    assert game.status == "playing"
    game.redo()
    assert state(game) == blocked


def test_a_golf_draw_is_redone_with_the_same_card():
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    game.push(GolfMove.DRAW)
    drawn = game.waste[-1]
    game.pop()
    game.redo()
    assert game.waste[-1] == drawn and game.moves == 2
