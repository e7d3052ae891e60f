"""Golf moves, Easy/Classic, interactive reasons, end states (RULES.md, "Golf")."""

import pytest
from helpers.positions import golf, names
from helpers.positions import golf_snapshot as snapshot

from game.model import IllegalMove
from game.model.cards import Card
from game.model.golf import GolfGame
from game.model.moves import GolfMove


def refused(action, *args):
    with pytest.raises(IllegalMove) as info:
        action(*args)
    return info.value.reason


# ---------------------------------------------------------------- free cards


def test_only_the_last_card_of_a_column_is_free():
    game = golf([["9H", "2S", "7C"]], ["8D"], ["KC"])
    assert game.why_illegal(0) is None
    assert game.why_illegal(0, row=2) is None


def test_a_covered_card_is_blocked_even_if_its_rank_fits():
    game = golf([["9H", "2S", "7C"]], ["8D"], ["KC"])
    assert game.why_illegal(0, row=0) == "blocked"
    assert game.why_illegal(0, row=1) == "blocked"


def test_empty_column_has_no_card():
    game = golf([["9H"], []], ["8D"], ["KC"])
    assert game.why_illegal(1) == "empty"
    assert refused(game.play, 1) == "empty"


def test_row_past_the_end_of_a_column_has_no_card():
    # spec-choice: a row index with no card there reads as 'empty'.
    game = golf([["9H", "7C"]], ["8D"], ["KC"])
    assert game.why_illegal(0, row=2) == "empty"


# ---------------------------------------------------------------- fitting


@pytest.mark.parametrize(
    "waste, free",
    [("8D", "9H"), ("8D", "7H"), ("8D", "9D"), ("8D", "7C"), ("2S", "AS"), ("2S", "3C"), ("JH", "QS"), ("JH", "TC")],
)
def test_a_free_card_one_rank_above_or_below_the_waste_fits(waste, free):
    game = golf([[free]], [waste], ["KC"] if "KC" not in (waste, free) else ["KD"])
    assert game.why_illegal(0) is None
    assert GolfMove.play(0) in game.legal_moves()


@pytest.mark.parametrize(
    "waste, free", [("8D", "8H"), ("8D", "TH"), ("8D", "6C"), ("8D", "KS"), ("8D", "AS"), ("5C", "3C"), ("5C", "7C")]
)
def test_a_free_card_of_another_rank_does_not_fit(waste, free):
    game = golf([[free]], [waste], ["KD"])
    assert game.why_illegal(0) == "rank"
    assert GolfMove.play(0) not in game.legal_moves()


@pytest.mark.parametrize("free", ["9S", "9H", "9D", "9C"])
def test_suit_does_not_matter(free):
    game = golf([[free]], ["8D"], ["KD"])
    assert game.why_illegal(0) is None


def test_play_puts_the_free_card_on_the_waste_and_frees_the_card_above():
    game = golf([["5C", "9H"]], ["8D"], ["KD"])
    game.play(0)
    assert names(game.waste) == ["8D", "9H"]
    assert names(game.columns[0]) == ["5C"]
    assert names(game.stock) == ["KD"]


def test_the_new_waste_top_is_what_the_next_card_must_fit():
    game = golf([["5C", "9H"], ["TS"], ["8S"]], ["8D"], ["KD"])
    game.play(0)  # waste is now 9H
    assert game.why_illegal(1) is None  # T on 9
    assert game.why_illegal(2) is None  # 8 on 9
    assert game.why_illegal(0) == "rank"  # 5 on 9


def test_a_card_that_does_not_fit_is_refused_with_rank_and_nothing_changes():
    game = golf([["5C", "9H"], ["QS"]], ["8D"], ["KD"])
    before = snapshot(game)
    assert refused(game.play, 1) == "rank"
    assert snapshot(game) == before
    assert game.moves == 0
    assert game.can_undo is False


# ---------------------------------------------------------------- drawing


def test_draw_turns_the_stock_top_onto_the_waste():
    game = golf([["9H"]], ["8D"], ["KC", "2D"])
    game.draw()
    assert names(game.waste) == ["8D", "2D"]
    assert names(game.stock) == ["KC"]


def test_the_drawn_card_replaces_the_waste_top_for_fitting():
    game = golf([["9H"], ["3S"]], ["8D"], ["KC", "2D"])
    game.draw()  # waste top 2D
    assert game.why_illegal(0) == "rank"
    assert game.why_illegal(1) is None


def test_draw_is_allowed_even_when_a_play_exists():
    game = golf([["9H"]], ["8D"], ["KC"])
    assert game.why_illegal(0) is None
    game.draw()
    assert str(game.waste[-1]) == "KC"


def test_stock_is_not_recycled():
    game = golf([["9H"]], ["8D"], ["8C", "QS"])
    game.draw()
    game.draw()  # waste top 8C, 9H still fits
    assert len(game.stock) == 0
    assert game.status == "playing"
    before = snapshot(game)
    assert refused(game.draw) == "stock-empty"
    assert snapshot(game) == before


def test_legal_moves_lists_fitting_columns_and_draw():
    game = golf([["9H"], ["7S"], ["QS"], [], ["2C", "9C"]], ["8D"], ["KC"])
    assert sorted(m.column for m in game.legal_moves() if not m.is_draw) == [0, 1, 4]
    assert GolfMove.DRAW in game.legal_moves()


def test_legal_moves_has_no_draw_when_the_stock_is_empty():
    game = golf([["9H"], ["QS"]], ["8D"], [])
    assert game.legal_moves() == [GolfMove.play(0)]


# ---------------------------------------------------------------- King and Ace


def test_easy_an_ace_goes_on_a_king():
    game = golf([["AS"]], ["KH"], ["5D"], rule="easy")
    assert game.why_illegal(0) is None


def test_easy_a_king_goes_on_an_ace():
    game = golf([["KS"]], ["AH"], ["5D"], rule="easy")
    assert game.why_illegal(0) is None


def test_easy_chain_runs_queen_king_ace_two():
    game = golf([["2C", "AD", "KS"]], ["QH"], ["5D"], rule="easy")
    game.play(0)
    game.play(0)
    game.play(0)
    assert names(game.waste) == ["QH", "KS", "AD", "2C"]
    assert game.score == 30


def test_classic_no_ace_on_a_king():
    game = golf([["AS"]], ["KH"], ["5D"], rule="classic")
    assert game.why_illegal(0) == "rank"


def test_classic_no_king_on_an_ace():
    game = golf([["KS"]], ["AH"], ["5D"], rule="classic")
    assert game.why_illegal(0) == "rank"


@pytest.mark.parametrize("rule", ["easy", "classic"])
def test_a_queen_goes_on_a_king_under_both_rules(rule):
    game = golf([["QS"]], ["KH"], ["5D"], rule=rule)
    assert game.why_illegal(0) is None


@pytest.mark.parametrize("rule", ["easy", "classic"])
def test_a_two_goes_on_an_ace_and_a_king_on_a_queen_under_both_rules(rule):
    game = golf([["2S"], ["KD"]], ["AH"], ["5D"], rule=rule)
    assert game.why_illegal(0) is None
    game = golf([["KD"]], ["QH"], ["5D"], rule=rule)
    assert game.why_illegal(0) is None


def test_rule_attribute_and_default_rule():
    assert golf([["9H"]], ["8D"], ["KC"]).rule == "easy"
    assert golf([["9H"]], ["8D"], ["KC"], rule="classic").rule == "classic"
    assert GolfGame.from_layout([["9H"]] + [[]] * 6, ["8D"], ["KC"]).rule == "easy"


# ---------------------------------------------------------------- end of game


def test_won_as_soon_as_the_tableau_is_empty_even_with_stock_left():
    game = golf([["9H"], ["TS"]], ["8D"], ["KC", "2D"])
    game.play(0)
    assert game.status == "playing"
    game.play(1)
    assert game.status == "won"
    assert len(game.stock) == 2


def test_blocked_when_the_stock_is_empty_and_no_free_card_fits():
    game = golf([["QS", "9H"]], ["8D"], [])
    game.play(0)  # waste 9H, QS does not fit, stock empty
    assert game.status == "blocked"


def test_not_blocked_while_the_stock_has_cards():
    game = golf([["QS", "9H"]], ["8D"], ["2D"])
    game.play(0)
    assert game.status == "playing"


def test_blocked_after_the_last_draw_when_nothing_fits():
    game = golf([["QS"]], ["8D"], ["4C"])
    game.draw()
    assert game.status == "blocked"


def test_a_position_built_blocked_is_blocked():
    # spec-choice: the blocked state is a property of the position, also for from_layout.
    game = golf([["QS"]], ["8D"], [])
    assert game.status == "blocked"


def test_a_blocked_game_refuses_every_play_with_over():
    game = golf([["QS", "9H"], ["5C"]], ["8D"], [])
    game.play(0)
    assert game.status == "blocked"
    before = snapshot(game)
    assert game.why_illegal(0) == "over"
    assert game.why_illegal(1) == "over"
    assert refused(game.play, 0) == "over"
    with pytest.raises(IllegalMove):
        game.draw()
    assert snapshot(game) == before
    assert game.legal_moves() == []


def test_won_game_refuses_draw_with_stock_left():
    game = golf([["9H"]], ["8D"], ["KC"])
    game.play(0)
    assert game.status == "won"
    before = snapshot(game)
    assert refused(game.draw) == "over"
    assert snapshot(game) == before
    assert game.legal_moves() == []


# ---------------------------------------------------------------- from_layout


def test_from_layout_accepts_cards_and_strings_and_has_no_code():
    game = GolfGame.from_layout([[Card(9, "H"), "2S"]] + [[]] * 6, [Card(8, "D")], ["KC"])
    assert game.code is None
    assert names(game.columns[0]) == ["9H", "2S"]
    assert game.score == 0 and game.moves == 0 and game.status == "playing"


def test_from_layout_accepts_a_long_column():
    deck = [r + s for s in "SHD" for r in "A23456789TJQK"]
    game = golf([deck[:30]], ["KC"], ["QC"])
    assert len(game.columns[0]) == 30


@pytest.mark.parametrize(
    "columns, waste, stock",
    [
        ([["9H", "9H"]], ["8D"], ["KC"]),
        ([["9H"]], ["9H"], ["KC"]),
        ([["9H"]], ["8D"], ["8D"]),
        ([["9H"], ["KC"]], ["8D"], ["KC"]),
    ],
)
def test_from_layout_rejects_duplicate_cards(columns, waste, stock):
    with pytest.raises(ValueError):
        golf(columns, waste, stock)


@pytest.mark.parametrize("bad", ["ZZ", "1S", "T", "", "XH"])
def test_from_layout_rejects_unknown_cards(bad):
    with pytest.raises(ValueError):
        golf([["9H", bad]], ["8D"], ["KC"])
