"""Saving and resuming: to_json / from_json round-trip the whole game, in both games."""

import json
import random

import pytest

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import GolfMove, Pile


def names(seq):
    return [None if c is None else str(c) for c in seq]


def golf_state(game):
    return (
        game.code,
        game.rule,
        [names(c) for c in game.columns],
        names(game.waste),
        names(game.stock),
        game.score,
        game.moves,
        game.status,
        game.can_undo,
    )


def eightoff_state(game):
    return (
        game.code,
        game.cell_count,
        [names(c) for c in game.columns],
        names(game.cells),
        [names(f) for f in game.foundations],
        game.score,
        game.moves,
        game.status,
        game.can_undo,
    )


def golf_in_play():
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    for _ in range(12):
        moves = [m for m in game.legal_moves() if not m.is_draw]
        if moves:
            game.play(moves[0])
        elif GolfMove.DRAW in game.legal_moves():
            game.draw()
    return game


def eightoff_in_play():
    game = EightOffGame.from_code("EO1-C8-AAAAAFA")
    rng = random.Random(7)
    for _ in range(12):
        moves = game.legal_moves()
        if moves:
            game.push(rng.choice(moves))
        else:
            game.undo()
    assert game.can_undo
    return game


def undo_trail(game, state):
    trail = []
    while game.can_undo:
        game.undo()
        trail.append(state(game))
    return trail


# ---------------------------------------------------------------- round trip


def test_to_json_is_json_text():
    assert isinstance(json.loads(golf_in_play().to_json()), (dict, list))
    assert isinstance(json.loads(eightoff_in_play().to_json()), (dict, list))


def test_golf_round_trip_preserves_the_state():
    game = golf_in_play()
    assert game.moves > 0
    copy = GolfGame.from_json(game.to_json())
    assert golf_state(copy) == golf_state(game)


def test_golf_round_trip_preserves_the_undo_history():
    game = golf_in_play()
    copy = GolfGame.from_json(game.to_json())
    assert undo_trail(copy, golf_state) == undo_trail(game, golf_state)


def test_golf_round_trip_of_a_fresh_game_and_a_layout():
    fresh = GolfGame.from_code("GO1-C-AAAAAAB")
    assert golf_state(GolfGame.from_json(fresh.to_json())) == golf_state(fresh)
    layout = GolfGame.from_layout([["QS", "9H"]] + [[]] * 6, ["8D"], ["2C"], rule="classic")
    layout.play(0)
    copy = GolfGame.from_json(layout.to_json())
    assert golf_state(copy) == golf_state(layout)
    copy.undo()
    layout.undo()
    assert golf_state(copy) == golf_state(layout)


def test_golf_round_trip_of_a_blocked_game_keeps_the_penalty_undoable():
    game = GolfGame.from_layout([["QS", "TC", "9H"]] + [[]] * 6, ["8D"], [])
    game.play(0)
    game.play(0)
    assert game.status == "blocked"
    copy = GolfGame.from_json(game.to_json())
    assert golf_state(copy) == golf_state(game)
    copy.undo()
    assert copy.status == "playing" and copy.score == 10


def test_golf_play_continues_identically_after_a_round_trip():
    game = golf_in_play()
    copy = GolfGame.from_json(game.to_json())
    assert copy.legal_moves() == game.legal_moves()
    game.draw()
    copy.draw()
    assert golf_state(copy) == golf_state(game)


def test_eightoff_round_trip_preserves_the_state():
    game = eightoff_in_play()
    copy = EightOffGame.from_json(game.to_json())
    assert eightoff_state(copy) == eightoff_state(game)


def test_eightoff_round_trip_preserves_the_undo_history():
    game = eightoff_in_play()
    copy = EightOffGame.from_json(game.to_json())
    assert undo_trail(copy, eightoff_state) == undo_trail(game, eightoff_state)


@pytest.mark.parametrize("variant", ["C8", "C4", "C2"])
def test_eightoff_round_trip_for_each_cell_count(variant):
    game = EightOffGame.from_code(f"EO1-{variant}-AAAAAAB")
    copy = EightOffGame.from_json(game.to_json())
    assert eightoff_state(copy) == eightoff_state(game)


def test_eightoff_round_trip_remembers_which_cards_already_scored():
    game = EightOffGame.from_layout([["9S", "AH"]] + [[]] * 7, [None] * 8)
    game.move(Pile.column(0), Pile.foundation(1))
    game.move(Pile.foundation(1), Pile.cell(0))
    copy = EightOffGame.from_json(game.to_json())
    copy.move(Pile.cell(0), Pile.foundation(1))
    assert copy.score == 10


def test_round_trip_keeps_the_100_action_history():
    game = EightOffGame.from_layout([["9S"]] + [[]] * 7, ["QH"] + [None] * 7)
    for i in range(105):
        game.move(Pile.cell(i % 2), Pile.cell((i + 1) % 2))
    copy = EightOffGame.from_json(game.to_json())
    assert len(undo_trail(copy, eightoff_state)) == 100


# ---------------------------------------------------------------- refusals


def dicts_with(node, key, found=None):
    """Every JSON object inside a decoded value that has `key` (outermost first)."""
    found = [] if found is None else found
    if isinstance(node, dict):
        if key in node:
            found.append(node)
        for value in node.values():
            dicts_with(value, key, found)
    elif isinstance(node, list):
        for value in node:
            dicts_with(value, key, found)
    return found


def mutate_columns(text, change):
    """Apply `change` to every saved position's 'columns' (lists of two-letter cards)."""
    data = json.loads(text)
    positions = dicts_with(data, "columns")
    # spec-choice: a saved position keeps its columns under 'columns' as two-letter cards,
    # the notation RULES.md uses everywhere.
    assert positions, "the saved game has no 'columns'"
    for position in positions:
        change(position["columns"])
    return json.dumps(data)


def with_score(text, score):
    data = json.loads(text)
    holders = dicts_with(data, "score")
    assert holders, "the saved game has no 'score'"
    for holder in holders:
        holder["score"] = score
    return json.dumps(data)


def duplicate_a_card(columns):
    column = next(c for c in columns if len(c) >= 2)
    column[0] = column[1]


def drop_a_card(columns):
    next(c for c in columns if c).pop(0)


def unknown_card(columns):
    next(c for c in columns if c)[0] = "ZZ"


@pytest.mark.parametrize("cls", [GolfGame, EightOffGame])
@pytest.mark.parametrize("text", ["", "not json", "[]", "{}", "null", "42", '"GO1-E-AAAAAAB"'])
def test_from_json_refuses_malformed_text(cls, text):
    with pytest.raises(ValueError):
        cls.from_json(text)


@pytest.mark.parametrize("cls, make", [(GolfGame, golf_in_play), (EightOffGame, eightoff_in_play)])
def test_from_json_refuses_truncated_text(cls, make):
    text = make().to_json()
    for cut in (1, len(text) // 2, len(text) - 1):
        with pytest.raises(ValueError):
            cls.from_json(text[:cut])


@pytest.mark.parametrize("cls, make", [(GolfGame, golf_in_play), (EightOffGame, eightoff_in_play)])
@pytest.mark.parametrize(
    "change", [duplicate_a_card, drop_a_card, unknown_card], ids=["card-twice", "card-missing", "unknown-card"]
)
def test_from_json_refuses_inconsistent_cards(cls, make, change):
    with pytest.raises(ValueError):
        cls.from_json(mutate_columns(make().to_json(), change))


@pytest.mark.parametrize("cls, make", [(GolfGame, golf_in_play), (EightOffGame, eightoff_in_play)])
@pytest.mark.parametrize("score", [-10, "ten", 1.5, None, [10]])
def test_from_json_refuses_a_bad_score(cls, make, score):
    with pytest.raises(ValueError):
        cls.from_json(with_score(make().to_json(), score))


def test_from_json_refuses_the_other_games_save():
    # spec-choice: a Golf save is not an Eight Off game and vice versa.
    with pytest.raises(ValueError):
        EightOffGame.from_json(golf_in_play().to_json())
    with pytest.raises(ValueError):
        GolfGame.from_json(eightoff_in_play().to_json())
