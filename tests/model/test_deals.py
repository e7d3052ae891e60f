"""Deals: code N deals PySolFC's deal N through pysol-cards (RULES.md, "Deal codes")."""

import random

import pytest
from helpers.positions import encode
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from game.model.codes import parse_code
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame

MAX = 26**7 - 1
NUMBERS = [1, 2, 3, 100, 130, 31999, 32000, 32001, MAX] + random.Random(2024).sample(range(1, MAX + 1), 4)


def reference_lines(game_id: str, number: int) -> list[list[str]]:
    text = Game(game_id, number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    return [line.split() for line in text.splitlines() if line.strip()]


def reference_golf(number):
    """(columns, waste, stock) in the model's orientation (index -1 = free / top / next)."""
    lines = reference_lines("golf", number)
    assert lines[0][0] == "Talon:" and lines[1][0] == "Foundations:"
    talon = lines[0][1:]
    waste = lines[1][1:]
    columns = lines[2:]
    return columns, waste, list(reversed(talon))


def reference_eightoff(number):
    """(columns, four free-cell cards in listed order)."""
    lines = reference_lines("eight_off", number)
    assert lines[0][0] == "Freecells:"
    cells = [token for token in lines[0][1:] if token != "-"]
    return lines[1:], cells


def names(seq):
    return [None if c is None else str(c) for c in seq]


def all_golf_cards(game):
    return [str(c) for col in game.columns for c in col] + names(game.waste) + names(game.stock)


def all_eightoff_cards(game):
    cards = [str(c) for col in game.columns for c in col]
    cards += [str(c) for c in game.cells if c is not None]
    cards += [str(c) for f in game.foundations for c in f]
    return cards


# ---------------------------------------------------------------- Golf


@pytest.mark.parametrize("number", NUMBERS)
def test_golf_deal_matches_pysolfc(number):
    columns, waste, stock = reference_golf(number)
    game = GolfGame.from_code(f"GO1-E-{encode(number)}")
    assert [names(col) for col in game.columns] == columns
    assert names(game.waste) == waste
    assert names(game.stock) == stock


@pytest.mark.parametrize("number", [1, 32000])
def test_golf_first_draw_is_the_first_talon_card_listed(number):
    talon = reference_lines("golf", number)[0][1:]
    game = GolfGame.from_code(f"GO1-C-{encode(number)}")
    game.draw()
    assert str(game.waste[-1]) == talon[0]
    game.draw()
    assert str(game.waste[-1]) == talon[1]


def test_golf_setup_is_7_columns_of_5_waste_1_stock_16_all_distinct():
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    assert len(game.columns) == 7
    assert all(len(col) == 5 for col in game.columns)
    assert len(game.waste) == 1
    assert len(game.stock) == 16
    cards = all_golf_cards(game)
    assert len(cards) == 52 and len(set(cards)) == 52


def test_golf_fresh_deal_state():
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    assert game.score == 0
    assert game.moves == 0
    assert game.status == "playing"
    assert game.can_undo is False


@pytest.mark.parametrize("number", [1, 31999, MAX])
def test_golf_easy_and_classic_share_the_cards(number):
    easy = GolfGame.from_code(f"GO1-E-{encode(number)}")
    classic = GolfGame.from_code(f"GO1-C-{encode(number)}")
    assert [names(c) for c in easy.columns] == [names(c) for c in classic.columns]
    assert names(easy.waste) == names(classic.waste)
    assert names(easy.stock) == names(classic.stock)
    assert easy.rule == "easy" and classic.rule == "classic"


def test_golf_code_attribute_is_canonical():
    assert GolfGame.from_code("GO1-E-AAAAAFA").code == "GO1-E-AAAAAFA"
    assert GolfGame.from_code(" go1-n-aaaaafa ").code == "GO1-E-AAAAAFA"
    assert GolfGame.from_code(parse_code("GO1-C-AAAAAFA")).code == "GO1-C-AAAAAFA"


def test_golf_new_with_number_equals_from_code():
    a = GolfGame.new(rule="classic", number=130)
    b = GolfGame.from_code("GO1-C-AAAAAFA")
    assert a.code == "GO1-C-AAAAAFA"
    assert [names(c) for c in a.columns] == [names(c) for c in b.columns]
    assert names(a.stock) == names(b.stock) and names(a.waste) == names(b.waste)


def test_golf_new_default_is_easy_with_a_random_valid_code():
    game = GolfGame.new()
    assert game.rule == "easy"
    code = parse_code(game.code)
    assert code.game == "golf" and code.variant == "E" and 1 <= code.number <= MAX
    columns, waste, stock = reference_golf(code.number)
    assert [names(c) for c in game.columns] == columns


def test_golf_same_code_same_game_every_time():
    a = GolfGame.from_code("GO1-E-QWERTYU")
    b = GolfGame.from_code("GO1-E-QWERTYU")
    assert [names(c) for c in a.columns] == [names(c) for c in b.columns]
    assert names(a.stock) == names(b.stock) and names(a.waste) == names(b.waste)


def test_golf_from_code_refuses_eightoff_code():
    with pytest.raises(ValueError):
        GolfGame.from_code("EO1-C8-AAAAAAB")


# ---------------------------------------------------------------- Eight Off


@pytest.mark.parametrize("number", NUMBERS)
def test_eightoff_c8_deal_matches_pysolfc(number):
    columns, cells = reference_eightoff(number)
    game = EightOffGame.from_code(f"EO1-C8-{encode(number)}")
    assert [names(col) for col in game.columns] == columns
    assert names(game.cells) == cells + [None] * 4


@pytest.mark.parametrize("number", NUMBERS)
def test_eightoff_c4_deal_fills_all_four_cells(number):
    columns, cells = reference_eightoff(number)
    game = EightOffGame.from_code(f"EO1-C4-{encode(number)}")
    assert [names(col) for col in game.columns] == columns
    assert names(game.cells) == cells


@pytest.mark.parametrize("number", NUMBERS)
def test_eightoff_c2_deal_puts_cards_3_and_4_on_columns_3_and_4(number):
    columns, cells = reference_eightoff(number)
    game = EightOffGame.from_code(f"EO1-C2-{encode(number)}")
    expected = [list(col) for col in columns]
    expected[2].append(cells[2])
    expected[3].append(cells[3])
    assert [names(col) for col in game.columns] == expected
    assert names(game.cells) == cells[:2]
    assert [len(col) for col in game.columns] == [6, 6, 7, 7, 6, 6, 6, 6]


@pytest.mark.parametrize("variant, count", [("C8", 8), ("C4", 4), ("C2", 2)])
def test_eightoff_cell_count_follows_the_variant(variant, count):
    game = EightOffGame.from_code(f"EO1-{variant}-AAAAAFA")
    assert game.cell_count == count
    assert len(game.cells) == count
    assert game.code == f"EO1-{variant}-AAAAAFA"


@pytest.mark.parametrize("variant", ["C8", "C4", "C2"])
def test_eightoff_setup_has_52_distinct_cards_and_empty_foundations(variant):
    game = EightOffGame.from_code(f"EO1-{variant}-AAAAAFA")
    cards = all_eightoff_cards(game)
    assert len(cards) == 52 and len(set(cards)) == 52
    assert len(game.columns) == 8
    assert len(game.foundations) == 4 and all(len(f) == 0 for f in game.foundations)
    assert game.score == 0 and game.moves == 0 and game.status == "playing"
    assert game.can_undo is False


def test_eightoff_c8_has_8_columns_of_6_and_half_the_cells_full():
    game = EightOffGame.from_code("EO1-C8-AAAAAAB")
    assert all(len(col) == 6 for col in game.columns)
    assert all(c is not None for c in game.cells[:4])
    assert all(c is None for c in game.cells[4:])


@pytest.mark.parametrize("number", [1, 32000, MAX])
def test_eightoff_c8_c4_c2_share_the_cards(number):
    decks = []
    for variant in ("C8", "C4", "C2"):
        game = EightOffGame.from_code(f"EO1-{variant}-{encode(number)}")
        decks.append(sorted(all_eightoff_cards(game)))
    assert decks[0] == decks[1] == decks[2]


def test_eightoff_new_with_number_equals_from_code():
    game = EightOffGame.new(cells=4, number=130)
    assert game.code == "EO1-C4-AAAAAFA"
    ref = EightOffGame.from_code("EO1-C4-AAAAAFA")
    assert [names(c) for c in game.columns] == [names(c) for c in ref.columns]
    assert names(game.cells) == names(ref.cells)


def test_eightoff_new_default_is_8_cells_with_a_random_valid_code():
    game = EightOffGame.new()
    code = parse_code(game.code)
    assert code.game == "eightoff" and code.variant == "C8" and 1 <= code.number <= MAX
    assert game.cell_count == 8
    columns, _ = reference_eightoff(code.number)
    assert [names(c) for c in game.columns] == columns


def test_eightoff_same_code_same_game_every_time():
    a = EightOffGame.from_code("EO1-C2-QWERTYU")
    b = EightOffGame.from_code("EO1-C2-QWERTYU")
    assert [names(c) for c in a.columns] == [names(c) for c in b.columns]
    assert names(a.cells) == names(b.cells)


def test_eightoff_from_code_refuses_golf_code():
    with pytest.raises(ValueError):
        EightOffGame.from_code("GO1-E-AAAAAAB")


@pytest.mark.parametrize("number", [0, -1, MAX + 1])
def test_new_refuses_numbers_outside_1_to_26_pow_7_minus_1(number):
    with pytest.raises(ValueError):
        GolfGame.new(number=number)
    with pytest.raises(ValueError):
        EightOffGame.new(number=number)


@pytest.mark.parametrize("cells", [0, 1, 3, 6, 9])
def test_eightoff_new_refuses_other_cell_counts(cells):
    with pytest.raises(ValueError):
        EightOffGame.new(cells=cells, number=1)


@pytest.mark.parametrize("rule", ["hard", "", "C+Q", "E+J3", 3, None])
def test_golf_new_refuses_an_unknown_rule(rule):
    with pytest.raises(ValueError):
        GolfGame.new(rule=rule, number=1)
