"""Moves are values: a text form that round-trips, push/pop as the one door for change,
the move stack, and the precise reason of a refusal."""

import json
from pathlib import Path

import pytest
from helpers.positions import golf
from hypothesis import given
from hypothesis import strategies as st

from game.model import IllegalMove
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, GolfMove, Pile, PileKind

LOCS = st.builds(Pile, st.sampled_from([PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION]), st.integers(0, 7))


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


@pytest.mark.parametrize(
    "text", ["", "c0l3", "c0l3x", "x1", "z0l3x1", "c0l3x1x", "cAl3x1", "c0l3xone", "c00l3x1", "s0c0x1", "c0w0x1"]
)
def test_an_eightoff_text_that_is_no_move_is_refused(text):
    with pytest.raises(ValueError):
        EightOffMove.parse(text)


def test_moves_are_frozen_and_hashable():
    move = GolfMove.play(2)
    with pytest.raises(AttributeError):
        move.column = 3  # type: ignore[misc]
    group = EightOffMove(Pile.column(0), Pile.column(1), 2)
    with pytest.raises(AttributeError):
        group.count = 3  # type: ignore[misc]
    assert len({GolfMove.play(2), GolfMove.parse("p2"), GolfMove.DRAW, group, EightOffMove.parse("c0c1x2")}) == 3


def test_moves_survive_a_trip_to_the_solver_process():
    import copy
    import pickle

    for move in (GolfMove.play(3), GolfMove.DRAW, EightOffMove(Pile.column(0), Pile.cell(1), 1)):
        assert pickle.loads(pickle.dumps(move)) == move and copy.deepcopy(move) == move
    assert pickle.loads(pickle.dumps(GolfMove.DRAW)) is GolfMove.DRAW


def test_a_move_equals_no_int_string_or_tuple():
    """A move equals only a move: the plain forms the solvers use are no moves."""
    assert GolfMove.play(4) != 4 and GolfMove.DRAW != "draw" and GolfMove.play(0) != 0
    assert GolfMove.play(4) != "p4" and 4 not in [GolfMove.play(4)] and "draw" not in {GolfMove.DRAW}
    move = EightOffMove(Pile.column(0), Pile.cell(1), 1)
    assert move != (("column", 0), ("cell", 1), 1) and move != "c0l1x1"
    with pytest.raises(TypeError):
        [0, 1, 2][GolfMove.play(1)]  # type: ignore[index]


def test_coerce_turns_the_solvers_plain_forms_into_moves():
    assert GolfMove.coerce(5) == GolfMove.play(5) and GolfMove.coerce("draw") is GolfMove.DRAW
    for bad in (True, 7, "p1", 1.0, None):
        with pytest.raises(ValueError):
            GolfMove.coerce(bad)
    move = EightOffMove.coerce((("column", 0), ["cell", 1], 1))
    assert move == EightOffMove(Pile.column(0), Pile.cell(1)) and type(move.dst) is Pile


def test_push_takes_only_the_games_own_moves():
    golf_game = GolfGame.from_code("GO1-E-AAAAAFA")
    for plain in ("draw", 0, "d", EightOffMove.parse("c0l1x1")):
        with pytest.raises(ValueError):
            golf_game.push(plain)  # type: ignore[arg-type]
    eightoff = EightOffGame.from_code("EO1-C8-AAAAAFA")
    with pytest.raises(ValueError):
        eightoff.push((("column", 0), ("cell", 4), 1))  # type: ignore[arg-type]
    assert golf_game.action_log == () and eightoff.action_log == ()


# -- piles ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "pile, text",
    [(Pile.column(0), "c0"), (Pile.column(7), "c7"), (Pile.cell(3), "l3"), (Pile.foundation(2), "f2")],
)
def test_a_pile_has_a_text_form_that_reads_back(pile, text):
    assert str(pile) == text and Pile.parse(text) == pile
    assert pile.kind is PileKind(pile.kind.value) and isinstance(pile.kind, PileKind)


@pytest.mark.parametrize("text", ["", "c", "x0", "c10", "C0", "0c", None])
def test_a_text_that_is_no_pile_is_refused(text):
    with pytest.raises(ValueError):
        Pile.parse(text)


def test_a_pile_equals_only_a_pile_never_a_tuple():
    assert Pile.column(3) != ("column", 3) and Pile.column(3) != "c3" and ("cell", 1) not in {Pile.cell(1)}
    assert Pile.column(3) == Pile.parse("c3") and len({Pile.cell(1), Pile.cell(1), Pile.column(1)}) == 2
    with pytest.raises(TypeError):
        _kind, _index = Pile.column(3)  # type: ignore[misc]  # not a tuple: it does not unpack
    with pytest.raises(AttributeError):
        Pile.column(3).index = 4  # type: ignore[misc]


@pytest.mark.parametrize("kind, index", [("column", 0), (PileKind.COLUMN, "0"), (PileKind.CELL, True), (None, 1)])
def test_a_pile_is_made_of_a_kind_and_an_int_only(kind, index):
    with pytest.raises(TypeError):
        Pile(kind, index)


def test_the_eightoff_games_methods_refuse_a_tuple_for_a_pile():
    game = EightOffGame.from_code("EO1-C8-AAAAAFA")
    old = ("column", 0)
    for call in (
        lambda: game.why_illegal(old, Pile.cell(4)),
        lambda: game.why_illegal(Pile.column(0), ("cell", 4)),
        lambda: game.move(old, Pile.cell(4)),
        lambda: game.tap_target(old),
        lambda: game.auto_target(old),
        lambda: game.max_group(old),
        lambda: game.pile(old),
        lambda: EightOffMove(old, Pile.cell(4)),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="Pile"):
            call()  # type: ignore[arg-type]
    assert game.action_log == () and game.why_illegal(Pile.column(0), Pile.cell(4)) is None


@pytest.mark.parametrize("game", [GolfGame.from_code("GO1-C-AAAAAFA"), EightOffGame.from_code("EO1-C4-AAAAAFA")])
def test_every_legal_move_reads_back_from_its_text(game):
    for _ in range(60):
        legal = game.legal_moves()
        if not legal:
            break
        for move in legal:
            assert type(game).MOVE.parse(str(move)) == move
        game.push(legal[len(game.action_log) % len(legal)])


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
    move = EightOffMove(Pile.column(0), Pile.cell(4), 1)
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
    refused = game.refusal(EightOffMove(Pile.column(0), Pile.column(1), 3))
    assert refused is not None and refused.reason == "too-many" and refused.details == {"limit": 2}
    with pytest.raises(IllegalMove) as info:
        game.move(Pile.column(0), Pile.column(1), 3)
    assert info.value.details["limit"] == 2


def test_a_group_to_a_cell_or_a_foundation_has_its_own_reason():
    game = _eightoff()
    assert game.why_illegal(Pile.column(0), Pile.cell(1), 2) == "cell-holds-one"
    assert game.why_illegal(Pile.column(0), Pile.foundation(0), 2) == "one-at-a-time"
    assert game.why_illegal(Pile.column(0), Pile.cell(0), 2) == "occupied"  # a taken cell says so first


# -- saved games of the older format ---------------------------------------------------------------------
SAVES = Path(__file__).resolve().parent.parent / "persist" / "fixtures" / "saves"


@pytest.mark.parametrize("kind", ["golf-easy", "golf-classic", "eightoff-8", "eightoff-4", "eightoff-2"])
def test_a_game_saved_before_moves_were_typed_loads_with_typed_moves(kind):
    """The text form did not change, so an older save's action log replays into Move values."""
    model = json.loads((SAVES / f"{kind}.json").read_text())["model"]
    game_type = GolfGame if kind.startswith("golf") else EightOffGame
    game = game_type.from_json(model)
    assert game.kind_id == kind and game.move_stack and game.action_log == tuple(json.loads(model)["log"])
    assert all(type(move) is game_type.MOVE for move in (*game.move_stack, *game.redo_moves))
    assert game_type.from_json(game.to_json()).to_json() == game.to_json()
    assert json.loads(game.to_json())["state"] == json.loads(model)["state"]
