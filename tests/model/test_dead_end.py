"""A dead end: no move left that changes the game (game.model.dead_end). Golf's blocked deal, and an
Eight Off position whose only legal moves, if any, change nothing: a card taken back off a foundation,
or a whole column moved into another empty column."""

from __future__ import annotations

import random

from helpers.positions import eo, golf
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model.dead_end import at_dead_end, is_idle
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame, GolfRules
from game.model.moves import EightOffMove, Pile, PileKind

#: every free cell full, and a column's top Ace the only card that may move (to its foundation);
#: once it has, nothing moves
CELLS = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"]
COLUMNS = [["KH", "AS"], ["2S", "QC"], ["JS", "9C"], ["7C"], ["5H"], ["3C"], ["KD"], ["8H"]]


def suit_up_to(suit: str, rank: int) -> list[str]:
    return ["A23456789TJQK"[r] + suit for r in range(rank)]


def stuck_eightoff() -> EightOffGame:
    game = eo(COLUMNS, CELLS)
    game.move(Pile.column(0), Pile.foundation(0))
    return game


# -- Golf ----------------------------------------------------------------------------------------
def test_a_blocked_golf_deal_is_a_dead_end():
    game = golf([["5C"]], ["9H"], ["KS"], rule="classic")
    assert not at_dead_end(game)
    game.draw()  # the stock's last card, and no column fits the King
    assert game.status == "blocked"
    assert at_dead_end(game)


def test_a_golf_deal_with_stock_left_or_a_card_that_fits_is_not():
    assert not at_dead_end(golf([["5C"]], ["9H"], ["KS"], rule="classic"))  # a draw
    assert not at_dead_end(golf([["5C"]], ["6H"], [], rule="classic"))  # the 5 fits the 6


def test_a_won_game_is_no_dead_end():
    game = golf([["5C"]], ["6H"], [], rule="classic")
    game.play(0)
    assert game.status == "won"
    assert not at_dead_end(game)


# -- Eight Off -----------------------------------------------------------------------------------
def test_every_cell_full_and_no_card_that_fits_anywhere_is_a_dead_end():
    before = eo(COLUMNS, CELLS)
    assert not at_dead_end(before)  # the Ace may go up
    game = stuck_eightoff()
    assert game.legal_moves() == []
    assert at_dead_end(game)
    game.undo()
    assert not at_dead_end(game)


def test_a_free_cell_is_a_move():
    assert not at_dead_end(eo(COLUMNS, CELLS[:-1]))


def test_a_card_that_fits_a_column_is_a_move():
    cells = [*CELLS[:-1], "QH"]  # the Queen of hearts fits the King at column 1's top, once the Ace is up
    game = eo(COLUMNS, cells)
    game.move(Pile.column(0), Pile.foundation(0))
    assert not at_dead_end(game)


def test_a_king_over_other_cards_into_an_empty_column_is_a_move():
    cols = [["2S", "KH"], ["QC"], ["JS", "9C"], ["7C"], ["5H"], ["3C"], ["8H"], []]
    assert not at_dead_end(eo(cols, CELLS))


def test_a_lone_king_moved_from_one_empty_column_to_another_changes_nothing():
    cols = [["KH"], ["2S", "QC"], ["JS", "9C"], ["7C"], ["5H"], ["3C"], ["8H"], []]
    game = eo(cols, CELLS)
    moves = game.legal_moves()
    assert moves == [EightOffMove(Pile.column(0), Pile.column(7), 1)]
    assert is_idle(game, moves[0])
    assert at_dead_end(game)


def test_a_card_taken_back_off_a_foundation_changes_nothing():
    # the spades are home and a column is empty: the King of spades may come down, to no end
    cols = [["2H", "QC"], ["JH", "9C"], ["7C"], ["5H"], ["3C"], ["8H"]]
    game = eo(cols, CELLS, [suit_up_to("S", 13), [], [], []])
    moves = game.legal_moves()
    assert moves and all(m.src.kind is PileKind.FOUNDATION for m in moves)
    assert at_dead_end(game)


# -- it agrees with the enumeration of legal moves -------------------------------------------------
def idle_reference(game, move) -> bool:
    """Independent reference: a move changes nothing that matters when it takes a card off a
    foundation, or moves a whole column into an empty one (the same piles, in other columns)."""
    if not isinstance(move, EightOffMove):
        return False
    if move.src.kind is PileKind.FOUNDATION:
        return True
    whole = move.src.kind is PileKind.COLUMN and move.count == len(game.columns[move.src.index])
    return whole and move.dst.kind is PileKind.COLUMN and not game.columns[move.dst.index]


def agrees(game) -> bool:
    useful = [m for m in game.legal_moves() if not idle_reference(game, m)]
    expected = game.status != "won" and not useful
    return at_dead_end(game) == expected and all(
        is_idle(game, m) == idle_reference(game, m) for m in game.legal_moves()
    )


@settings(max_examples=40)
@given(number=st.integers(1, 26**7 - 1), cells=st.sampled_from([2, 4, 8]), seed=st.integers(0, 2**32))
def test_eight_off_dead_ends_agree_with_the_legal_moves(number, cells, seed):
    """Random play (moves that change something, foundations preferred now and then) from a deal,
    checked at every position until a dead end or a win."""
    rng = random.Random(seed)
    game = EightOffGame.new(cells, number)
    for _ in range(120):
        assert agrees(game)
        moves = [m for m in game.legal_moves() if not idle_reference(game, m)]
        if not moves:
            break
        home = [m for m in moves if m.dst.kind is PileKind.FOUNDATION]
        game.push(rng.choice(home if home and rng.random() < 0.5 else moves))
    assert agrees(game)


@settings(max_examples=40)
@given(
    number=st.integers(1, 26**7 - 1),
    rules=st.sampled_from(GolfRules.every()),
    seed=st.integers(0, 2**32),
)
def test_golf_dead_ends_are_its_blocked_deals(number, rules, seed):
    rng = random.Random(seed)
    game = GolfGame.new(rules, number)
    while True:
        assert at_dead_end(game) == (game.status == "blocked") == (game.status != "won" and not game.legal_moves())
        if game.status != "playing":
            break
        game.push(rng.choice(game.legal_moves()))
