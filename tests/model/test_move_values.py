"""Moves are values: a text form that round-trips, push/pop as the one door for change,
the move stack, and the precise reason of a refusal."""

import pytest
from helpers.positions import golf
from hypothesis import given
from hypothesis import strategies as st

from game.model import IllegalMove
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, GolfMove

LOCS = st.tuples(st.sampled_from(["column", "cell", "foundation"]), st.integers(0, 7))


# -- the values -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["d", "p0", "p3", "p6"])
def test_a_golf_move_reads_back_its_own_text(text):
    move = GolfMove.parse(text)
    assert str(move) == text and GolfMove.parse(str(move)) == move
    assert hash(move) == hash(GolfMove.parse(text))


@given(src=LOCS, dst=LOCS, count=st.integers(1, 13))
def test_an_eightoff_move_reads_back_its_own_text(src, dst, count):
    move = EightOffMove(src, dst, count)
    assert EightOffMove.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "D", "p7", "p-1", "pp1", "draw", "p", "p12", None, 3])
def test_a_golf_text_that_is_no_move_is_refused(text):
    with pytest.raises(ValueError):
        GolfMove.parse(text)


@pytest.mark.parametrize("text", ["", "c0l3", "c0l3x", "x1", "z0l3x1", "c0l3x1x", "cAl3x1", "c0l3xone", "c00l3x1"])
def test_an_eightoff_text_that_is_no_move_is_refused(text):
    with pytest.raises(ValueError):
        EightOffMove.parse(text)


def test_moves_are_frozen_and_hashable():
    move = GolfMove.play(2)
    with pytest.raises(AttributeError):
        move.column = 3  # type: ignore[misc]
    group = EightOffMove(("column", 0), ("column", 1), 2)
    with pytest.raises(AttributeError):
        group.count = 3  # type: ignore[misc]
    assert len({GolfMove.play(2), GolfMove.parse("p2"), GolfMove.DRAW, group, EightOffMove.parse("c0c1x2")}) == 3


def test_moves_survive_a_trip_to_the_solver_process():
    import copy
    import pickle

    for move in (GolfMove.play(3), GolfMove.DRAW, EightOffMove(("column", 0), ("cell", 1), 1)):
        assert pickle.loads(pickle.dumps(move)) == move and copy.deepcopy(move) == move
    assert pickle.loads(pickle.dumps(GolfMove.DRAW)) is GolfMove.DRAW


def test_moves_equal_the_older_forms_so_old_callers_keep_working():
    assert GolfMove.play(4) == 4 and GolfMove.DRAW == "draw" and GolfMove.DRAW != 0
    assert hash(GolfMove.play(4)) == hash(4) and "draw" in {GolfMove.DRAW}
    assert [0, 1, 2][GolfMove.play(1)] == 1
    assert EightOffMove(("column", 0), ("cell", 1), 1) == (("column", 0), ("cell", 1), 1)
    assert GolfMove.coerce(5) == GolfMove.play(5) and GolfMove.coerce("draw") is GolfMove.DRAW
    for bad in (True, 7, "p1", 1.0, None):
        with pytest.raises(ValueError):
            GolfMove.coerce(bad)


# -- push, pop and the move stack ----------------------------------------------------------------------
def test_golf_push_pop_and_the_move_stack():
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    first = game.legal_moves()[0]
    game.push(first)
    game.push(GolfMove.DRAW)
    assert game.move_stack == (first, GolfMove.DRAW) and game.moves == 2
    assert game.pop() == GolfMove.DRAW
    assert game.move_stack == (first,) and game.moves == 2  # undo never lowers the counter
    assert game.action_log == (str(first), "d", "u")


def test_eightoff_push_pop_and_the_move_stack():
    game = EightOffGame.from_code("EO1-C8-AAAAAFA")
    move = EightOffMove(("column", 0), ("cell", 4), 1)
    game.push(move)
    assert game.move_stack == (move,) and game.cells[4] is not None
    assert game.pop() == move and game.cells[4] is None and game.move_stack == ()


def test_the_move_stack_keeps_the_whole_line_beyond_the_undo_limit():
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    for _ in range(16):
        game.push(GolfMove.DRAW)
    line = game.move_stack
    root = game.root()
    assert root.move_stack == () and root.moves == 0 and root.code == game.code
    for move in line:
        root.push(move)
    assert root.position_key() == game.position_key()


def test_a_refused_push_raises_with_the_reason_and_changes_nothing():
    game = golf(columns=[["5H"], ["KS"], [], [], [], [], []], waste=["6C"], stock=["2D"], rule="classic")
    before = game.to_json()
    with pytest.raises(IllegalMove) as info:
        game.push(GolfMove.play(1))
    assert info.value.reason == "rank" and game.why_illegal(GolfMove.play(1)) == "rank"
    assert game.to_json() == before
    with pytest.raises(IllegalMove) as info:
        game.pop()
    assert info.value.reason == "nothing-to-undo"


def test_push_refuses_a_value_of_the_wrong_game():
    with pytest.raises(ValueError):
        GolfGame.from_code("GO1-E-AAAAAFA").push((("column", 0), ("cell", 4), 1))
    with pytest.raises(ValueError):
        EightOffGame.from_code("EO1-C8-AAAAAFA").push(GolfMove.DRAW)


# -- the precise reasons ---------------------------------------------------------------------------------
def _eightoff():
    # column 1: 9S 8S 7S (a run of 3); column 2: TS; one free cell of two; no empty column
    return EightOffGame.from_layout(
        [["9S", "8S", "7S"], ["TS"], ["2D"], ["3D"], ["4D"], ["5D"], ["6D"], ["7D"]], ["KH", None]
    )


def test_too_many_says_how_many_may_move_now():
    game = _eightoff()
    refused = game.refusal(EightOffMove(("column", 0), ("column", 1), 3))
    assert refused is not None and refused.reason == "too-many" and refused.details == {"limit": 2}
    with pytest.raises(IllegalMove) as info:
        game.move(("column", 0), ("column", 1), 3)
    assert info.value.details["limit"] == 2


def test_a_group_to_a_cell_or_a_foundation_has_its_own_reason():
    game = _eightoff()
    assert game.why_illegal(("column", 0), ("cell", 1), 2) == "cell-holds-one"
    assert game.why_illegal(("column", 0), ("foundation", 0), 2) == "one-at-a-time"
    assert game.why_illegal(("column", 0), ("cell", 0), 2) == "occupied"  # a taken cell says so first
