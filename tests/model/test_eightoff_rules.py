"""Eight Off moves, groups, taps, take-backs (RULES.md, "Eight Off")."""

import contextlib

import pytest
from helpers.positions import RANKS, cell, col, eo, fnd, names

from game.model import IllegalMove
from game.model.eightoff import EightOffGame
from game.model.moves import EightOffMove, Pile, PileKind

SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}


def filled(columns, cells=(), n=8, empty=()):
    """Like eo(), but every column not given and not listed in `empty` gets one filler card,
    so that the only empty columns are the ones the test asks for."""
    used = {c for column in columns for c in column} | {c for c in cells if c}
    spare = iter(c for c in (r + s for s in "DC" for r in "2345") if c not in used)
    cols = [list(c) for c in columns] + [[] for _ in range(8 - len(columns))]
    for i, column in enumerate(cols):
        if not column and i not in empty:
            column.append(next(spare))
    return eo(cols, cells, n=n)


def snapshot(game):
    return (
        [names(c) for c in game.columns],
        names(game.cells),
        [names(f) for f in game.foundations],
        game.score,
        game.status,
    )


def refused(game, src, dst, count=1):
    reason = game.why_illegal(src, dst, count)
    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        game.move(src, dst, count)
    assert info.value.reason == reason
    assert snapshot(game) == before
    return reason


# ---------------------------------------------------------------- onto a column


def test_a_card_goes_on_the_same_suit_exactly_one_rank_higher():
    game = eo([["8H"], ["2S", "7H"]])
    assert game.why_illegal(col(1), col(0)) is None
    game.move(col(1), col(0))
    assert names(game.columns[0]) == ["8H", "7H"]
    assert names(game.columns[1]) == ["2S"]


@pytest.mark.parametrize("target", ["8D", "8S", "8C"])
def test_a_card_of_another_suit_is_refused_with_suit(target):
    game = eo([[target], ["7H"]])
    assert refused(game, col(1), col(0)) == "suit"


@pytest.mark.parametrize("card", ["6H", "9H", "TH", "5H"])
def test_a_card_of_the_wrong_rank_is_refused_with_rank(card):
    game = eo([["8H"], [card]])
    assert refused(game, col(1), col(0)) == "rank"


def test_a_cell_card_goes_on_a_column_too():
    game = eo([["8H"]], ["7H"])
    game.move(cell(0), col(0))
    assert names(game.columns[0]) == ["8H", "7H"]
    assert game.cells[0] is None


def test_only_the_top_card_moves():
    game = eo([["8H"], ["7H", "3C"]])
    game.move(col(1), cell(0))
    assert str(game.cells[0]) == "3C"
    assert names(game.columns[1]) == ["7H"]


# ---------------------------------------------------------------- cells


@pytest.mark.parametrize("card", ["KS", "AH", "7D", "TC"])
def test_any_card_goes_into_an_empty_cell(card):
    game = eo([["9S", card]], ["QH"])
    game.move(col(0), cell(5))
    assert str(game.cells[5]) == card
    assert names(game.columns[0]) == ["9S"]


def test_a_cell_holds_one_card():
    game = eo([["9S", "4D"]], ["QH"])
    assert refused(game, col(0), cell(0)) == "occupied"


def test_a_card_moves_from_one_cell_to_another_empty_cell():
    # spec-choice: "any card, if the cell is empty" also covers a card coming from a cell.
    game = eo([["9S"]], ["QH"])
    game.move(cell(0), cell(3))
    assert names(game.cells) == [None, None, None, "QH", None, None, None, None]


def test_a_group_never_goes_into_a_cell():
    game = eo([["9S", "8S"]])
    with pytest.raises(IllegalMove):
        game.move(col(0), cell(0), 2)
    assert game.why_illegal(col(0), cell(0), 2) is not None


# ---------------------------------------------------------------- foundations


@pytest.mark.parametrize("ace", ["AS", "AH", "AD", "AC"])
def test_an_ace_starts_its_suits_foundation_in_order_s_h_d_c(ace):
    game = eo([["9S" if ace != "AS" else "9H", ace]])
    index = SUIT_INDEX[ace[1]]
    game.move(col(0), fnd(index))
    assert names(game.foundations[index]) == [ace]


def test_only_an_ace_starts_a_foundation():
    game = eo([["2H"]])
    assert refused(game, col(0), fnd(1)) == "foundation-order"


def test_the_next_rank_of_the_same_suit_follows():
    game = eo([["3H", "2H"]], foundations=[[], ["AH"], [], []])
    game.move(col(0), fnd(1))
    game.move(col(0), fnd(1))
    assert names(game.foundations[1]) == ["AH", "2H", "3H"]


def test_a_skipped_rank_is_refused_with_foundation_order():
    game = eo([["3H"]], foundations=[[], ["AH"], [], []])
    assert refused(game, col(0), fnd(1)) == "foundation-order"


def test_a_card_of_another_suit_does_not_go_on_a_foundation():
    game = eo([["2S"], ["AD"]], foundations=[[], ["AH"], [], []])
    assert refused(game, col(0), fnd(1)) in ("suit", "foundation-order")
    assert refused(game, col(1), fnd(0)) in ("suit", "foundation-order")


def test_a_cell_card_goes_to_its_foundation():
    game = eo([["9S"]], ["AC"])
    game.move(cell(0), fnd(3))
    assert names(game.foundations[3]) == ["AC"]
    assert game.cells[0] is None


def test_a_group_never_goes_onto_a_foundation():
    game = eo([["3S", "2S"]], foundations=[["AS"], [], [], []])
    assert game.why_illegal(col(0), fnd(0), 2) is not None
    with pytest.raises(IllegalMove):
        game.move(col(0), fnd(0), 2)


# ---------------------------------------------------------------- empty columns


def test_a_king_goes_into_an_empty_column():
    game = eo([["9S", "KH"]])
    game.move(col(0), col(4))
    assert names(game.columns[4]) == ["KH"]


@pytest.mark.parametrize("card", ["QH", "AS", "7D"])
def test_only_a_king_goes_into_an_empty_column(card):
    game = eo([["9H", card]], ["5C"])
    assert refused(game, col(0), col(4)) == "kings-only"
    assert refused(game, cell(0), col(4)) == "kings-only"


def test_a_king_goes_into_an_empty_column_with_its_sequence():
    game = eo([["9S", "KH", "QH", "JH"]])
    game.move(col(0), col(5), 3)
    assert names(game.columns[5]) == ["KH", "QH", "JH"]
    assert names(game.columns[0]) == ["9S"]


def test_a_sequence_not_based_on_a_king_does_not_go_into_an_empty_column():
    game = eo([["9S", "QH", "JH"]])
    assert refused(game, col(0), col(5), 2) == "kings-only"


# ---------------------------------------------------------------- group moves


def test_an_ordered_sequence_moves_as_a_whole():
    game = eo([["TC"], ["4D", "9C", "8C", "7C"]])
    game.move(col(1), col(0), 3)
    assert names(game.columns[0]) == ["TC", "9C", "8C", "7C"]
    assert names(game.columns[1]) == ["4D"]


def test_the_top_part_of_a_sequence_moves_alone():
    game = eo([["9C"], ["9D", "8C", "7C"]])
    game.move(col(1), col(0), 2)
    assert names(game.columns[0]) == ["9C", "8C", "7C"]
    assert names(game.columns[1]) == ["9D"]


@pytest.mark.parametrize("cards", [["9C", "8D"], ["9C", "7C"], ["8C", "9C"], ["9C", "9H"], ["9D", "8C", "7C"]])
def test_a_group_must_be_a_same_suit_descending_run(cards):
    game = eo([["TC", "TD"], cards])
    count = len(cards)
    assert refused(game, col(1), col(0), count) == "not-a-sequence"


def test_a_group_larger_than_the_column_is_refused():
    game = eo([["TC"], ["8C", "7C"]])
    with pytest.raises(IllegalMove):
        game.move(col(1), col(0), 3)


def test_a_group_comes_only_from_a_column():
    game = eo([["TC"]], ["9C", "8C"], foundations=[["AS", "2S"], [], [], []])
    assert refused(game, cell(0), col(0), 2) == "source"
    assert refused(game, fnd(0), cell(2), 2) == "source"


def test_a_group_base_must_fit_the_destination():
    game = eo([["TC"], ["9H"], ["8C", "7C"]])
    assert refused(game, col(2), col(0), 2) == "rank"
    assert refused(game, col(2), col(1), 2) == "suit"


# ---------------------------------------------------------------- group size


def test_group_limit_free_cells_plus_one():
    # 4 free cells (the other 4 hold cards), no empty column: (4 + 1) * 1 = 5
    game = filled([["TC"]], ["KS", "KH", "KD", "KC"])
    assert game.max_group(col(0)) == 5


def test_group_limit_doubles_for_each_empty_column():
    game = filled([["TC"]], ["KS", "KH", "KD", "KC"], empty=(6,))
    assert game.max_group(col(0)) == 10
    game = filled([["TC"]], ["KS", "KH", "KD", "KC"], empty=(5, 6))
    assert game.max_group(col(0)) == 20


def test_group_limit_with_no_free_cell_and_no_empty_column_is_one():
    game = filled([["TC"]], ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"])
    assert game.max_group(col(0)) == 1


def test_group_limit_with_no_free_cell_counts_empty_columns():
    game = filled([["TC"]], ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"], empty=(4, 5, 6))
    assert game.max_group(col(0)) == 8


def test_an_empty_destination_column_is_not_counted():
    game = filled([["TC"]], ["KS", "KH", "KD", "KC"], empty=(5, 6))
    assert game.max_group(col(6)) == 10


def test_worked_example_two_free_cells_only_empty_column_allows_three():
    game = filled([["5D", "KH", "QH", "JH"]], n=2, empty=(7,))
    assert game.cell_count == 2 and game.cells == (None, None)
    assert game.max_group(col(7)) == 3
    assert game.why_illegal(col(0), col(7), 3) is None
    game.move(col(0), col(7), 3)
    assert names(game.columns[7]) == ["KH", "QH", "JH"]


def test_worked_example_two_free_cells_only_empty_column_refuses_four():
    game = filled([["5D", "KH", "QH", "JH", "TH"]], n=2, empty=(7,))
    assert refused(game, col(0), col(7), 4) == "too-many"


def test_a_group_over_the_limit_is_refused_with_too_many():
    game = filled([["TC"], ["9C", "8C"]], ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"])
    assert refused(game, col(1), col(0), 2) == "too-many"
    assert game.why_illegal(col(1), col(0), 1) == "rank"


def test_a_group_at_the_limit_is_allowed():
    # 1 free cell, no empty column: limit 2
    game = filled([["TC"], ["9C", "8C"]], ["KS", "KH", "KD", "KC", "QS", "QH", "QD"])
    assert game.max_group(col(0)) == 2
    game.move(col(1), col(0), 2)
    assert names(game.columns[0]) == ["TC", "9C", "8C"]


# ---------------------------------------------------------------- other refusals


def test_moving_a_card_onto_its_own_place_is_refused_with_same():
    game = eo([["9S"]], ["QH"])
    assert refused(game, col(0), col(0)) == "same"
    assert refused(game, cell(0), cell(0)) == "same"


@pytest.mark.parametrize("src", [col(3), cell(2), fnd(1)])
def test_moving_from_an_empty_place_is_refused_with_empty(src):
    game = eo([["9S"]], ["QH"])
    assert refused(game, src, cell(5)) == "empty"


def refused_location(game, src, dst):
    """A place that does not exist: why_illegal says 'source' or the call raises ValueError;
    move refuses (IllegalMove or ValueError) and changes nothing."""
    # spec-choice: RULES.md does not say how a programming error like a bad location is
    # reported; both a 'source' refusal and a ValueError are accepted.
    with contextlib.suppress(ValueError):
        assert game.why_illegal(src, dst) == "source"
    before = snapshot(game)
    with pytest.raises((IllegalMove, ValueError)):
        game.move(src, dst)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "src", [Pile.column(8), Pile.cell(8), Pile.foundation(4), Pile(PileKind.STOCK, 0), Pile.column(-1)]
)
def test_moving_from_a_place_that_does_not_exist_is_refused(src):
    game = eo([["9S"]], ["QH"])
    refused_location(game, src, cell(5))


def test_a_cell_beyond_the_cell_count_does_not_exist():
    game = eo([["9S"]], ["QH"], n=2)
    refused_location(game, Pile.cell(2), col(1))
    refused_location(game, col(0), Pile.cell(2))


# ---------------------------------------------------------------- taking back from a foundation


def test_a_foundation_top_card_goes_back_to_a_free_cell_without_score_change():
    game = eo([["9S"]], foundations=[[], ["AH", "2H", "3H"], [], []])
    game.move(fnd(1), cell(0))
    assert str(game.cells[0]) == "3H"
    assert names(game.foundations[1]) == ["AH", "2H"]
    assert game.score == 0


def test_a_foundation_top_card_goes_back_to_a_column_that_accepts_it():
    game = eo([["9S", "6H"]], foundations=[[], ["AH", "2H", "3H", "4H", "5H"], [], []])
    game.move(fnd(1), col(0))
    assert names(game.columns[0]) == ["9S", "6H", "5H"]
    assert game.score == 0


def test_a_foundation_card_obeys_column_rules_when_taken_back():
    game = eo([["9S", "6D"], ["7H"]], foundations=[[], ["AH", "2H", "3H", "4H", "5H"], [], []])
    assert refused(game, fnd(1), col(0)) == "suit"
    assert refused(game, fnd(1), col(1)) == "rank"
    assert refused(game, fnd(1), col(5)) == "kings-only"


def test_a_foundation_king_goes_back_to_an_empty_column():
    spades = [r + "S" for r in RANKS]
    game = eo([["9H"]], foundations=[spades, [], [], []])
    game.move(fnd(0), col(3))
    assert names(game.columns[3]) == ["KS"]


def test_taking_back_and_replaying_scores_nothing_extra():
    game = eo([["9S", "AH"]])
    game.move(col(0), fnd(1))
    assert game.score == 10
    game.move(fnd(1), cell(2))
    assert game.score == 10
    game.move(cell(2), fnd(1))
    assert game.score == 10
    assert names(game.foundations[1]) == ["AH"]


# ---------------------------------------------------------------- no automatic moves


def test_a_freed_ace_stays_in_its_column():
    game = eo([["AS", "9H"], ["2C"]], ["AH"])
    game.move(col(0), cell(1))
    assert names(game.columns[0]) == ["AS"]
    assert all(len(f) == 0 for f in game.foundations)
    assert str(game.cells[0]) == "AH"


def test_a_playable_card_stays_put_after_another_foundation_move():
    game = eo([["9S", "2H"], ["AH"]], ["3H"])
    game.move(col(1), fnd(1))
    assert names(game.foundations[1]) == ["AH"]
    assert names(game.columns[0]) == ["9S", "2H"]
    assert str(game.cells[0]) == "3H"


# ---------------------------------------------------------------- single tap


def test_tap_sends_an_ace_to_its_foundation():
    game = eo([["9S", "AH"]])
    assert game.tap_target(col(0)) == fnd(1)


def test_tap_sends_the_next_rank_to_its_foundation_from_a_column_or_a_cell():
    game = eo([["9S", "2D"]], ["3S"], foundations=[["AS", "2S"], [], ["AD"], []])
    assert game.tap_target(col(0)) == fnd(2)
    assert game.tap_target(cell(0)) == fnd(0)


def test_tap_on_a_card_that_cannot_go_to_a_foundation_gives_none():
    game = eo([["9S", "5H"]], ["KC"])
    assert game.tap_target(col(0)) is None
    assert game.tap_target(cell(0)) is None
    assert game.tap_target(col(3)) is None
    assert game.tap_target(cell(4)) is None


def test_tap_target_moves_nothing():
    game = eo([["9S", "AH"]])
    before = snapshot(game)
    game.tap_target(col(0))
    assert snapshot(game) == before


# ---------------------------------------------------------------- double tap


def test_double_tap_prefers_the_foundation():
    game = eo([["9S", "AH"], ["2H"]])
    assert game.why_illegal(col(0), col(1)) is None  # a column accepts it too
    assert game.auto_target(col(0)) == fnd(1)


def test_double_tap_prefers_an_accepting_column_to_a_cell():
    game = eo([["9S", "7H"], [], ["5C", "8H"]])
    assert game.auto_target(col(0)) == col(2)


def test_double_tap_king_goes_to_the_leftmost_empty_column():
    game = filled([["9S", "KH"]], empty=(3, 6))
    # spec-choice: among equally good empty columns the leftmost.
    assert game.auto_target(col(0)) == col(3)


def test_double_tap_falls_back_to_a_free_cell():
    game = eo([["9S", "7H"], ["5C"]], ["KS"])
    target = game.auto_target(col(0))
    assert target is not None and target.kind is PileKind.CELL
    assert game.cells[target.index] is None


def test_double_tap_king_with_no_empty_column_goes_to_a_cell():
    game = filled([["9S", "KH"]], ["QS"])
    target = game.auto_target(col(0))
    assert target is not None and target.kind is PileKind.CELL
    assert game.cells[target.index] is None


def test_double_tap_with_nowhere_to_go_gives_none():
    game = filled([["9S", "7H"]], ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"])
    assert game.auto_target(col(0)) is None


def test_double_tap_on_an_empty_place_gives_none():
    game = eo([["9S"]])
    assert game.auto_target(col(3)) is None
    assert game.auto_target(cell(0)) is None


def test_double_tap_on_a_run_base_moves_the_run_to_an_accepting_column():
    game = eo([["TC"], ["4D", "9C", "8C", "7C"]])
    assert game.auto_target(col(1), 3) == col(0)


def test_double_tap_on_a_king_run_base_moves_it_to_an_empty_column():
    game = filled([["4D", "KH", "QH", "JH"]], empty=(5,))
    assert game.auto_target(col(0), 3) == col(5)


def test_double_tap_on_a_run_with_no_column_gives_none():
    # spec-choice: a group never goes to a cell, so there is no double-tap target.
    game = filled([["4D", "9C", "8C", "7C"]])
    assert game.auto_target(col(0), 3) is None


def test_auto_target_moves_nothing():
    game = eo([["9S", "7H"], [], ["5C", "8H"]])
    before = snapshot(game)
    game.auto_target(col(0))
    assert snapshot(game) == before


def test_auto_target_is_always_a_legal_destination():
    game = eo([["9S", "7H"], ["KD"], ["5C", "8H"], ["AS"]], ["2S", "QD"])
    for src in [col(i) for i in range(8)] + [cell(i) for i in range(8)]:
        target = game.auto_target(src)
        if target is not None:
            assert game.why_illegal(src, target) is None, (src, target)


# ---------------------------------------------------------------- legal moves


def test_every_listed_legal_move_is_legal():
    game = EightOffGame.from_code("EO1-C8-AAAAAFA")
    moves = game.legal_moves()
    assert moves
    for move in moves:
        assert game.why_illegal(move.src, move.dst, move.count) is None


def test_legal_moves_include_group_moves_and_foundation_moves():
    game = eo([["TC"], ["4D", "9C", "8C"], ["AH"]])
    moves = game.legal_moves()
    assert EightOffMove(col(1), col(0), 2) in moves
    assert EightOffMove(col(2), fnd(1), 1) in moves
    assert EightOffMove(col(1), cell(0), 1) in moves


# ---------------------------------------------------------------- from_layout


@pytest.mark.parametrize("n", [8, 4, 2])
def test_from_layout_cell_count_follows_the_cells(n):
    game = eo([["9S"]], ["QH"], n=n)
    assert game.cell_count == n
    assert len(game.cells) == n
    assert game.code is None


@pytest.mark.parametrize("n", [0, 1, 3, 5, 9])
def test_from_layout_refuses_other_cell_counts(n):
    with pytest.raises(ValueError):
        EightOffGame.from_layout([["9S"]] + [[]] * 7, [None] * n)


@pytest.mark.parametrize(
    "columns, cells, foundations",
    [
        ([["9S", "9S"]], [], None),
        ([["9S"]], ["9S"], None),
        ([["AS"]], [], [["AS"], [], [], []]),
        ([["9S"]], ["QH", "QH"], None),
    ],
)
def test_from_layout_rejects_duplicate_cards(columns, cells, foundations):
    with pytest.raises(ValueError):
        eo(columns, cells, foundations)


@pytest.mark.parametrize("bad", ["ZZ", "1S", "", "XH"])
def test_from_layout_rejects_unknown_cards(bad):
    with pytest.raises(ValueError):
        eo([["9S", bad]])


@pytest.mark.parametrize("foundations", [[["2S"], [], [], []], [["AH"], [], [], []], [["AS", "3S"], [], [], []]])
def test_from_layout_rejects_foundations_out_of_order(foundations):
    # spec-choice: a foundation must read Ace, 2, 3 ... of its own suit.
    with pytest.raises(ValueError):
        eo([["9H"]], foundations=foundations)
