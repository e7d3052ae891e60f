"""Eight Off score, win and undo (RULES.md, "Eight Off": End, Score, Undo)."""

import pytest
from helpers.positions import RANKS, SUITS, cell, col, eo, fnd, names
from helpers.positions import eightoff_snapshot as snapshot

from game.model import IllegalMove
from game.model.eightoff import EightOffGame
from game.model.moves import PileKind


def sorted_deal():
    """All 52 cards, Kings at the bottom of the columns and the Aces in the cells, so that
    every card can go to its foundation in turn."""
    order = [rank + suit for rank in reversed(RANKS) for suit in SUITS]
    return eo([order[6 * c : 6 * c + 6] for c in range(8)], order[48:])


def play_everything_home(game):
    """Send cards to the foundations (found by the test, not by the model) until none fits."""
    played = 0
    progress = True
    while progress:
        progress = False
        sources = [cell(i) for i in range(game.cell_count)] + [col(i) for i in range(8)]
        for src in sources:
            card = (
                game.cells[src.index]
                if src.kind is PileKind.CELL
                else (game.columns[src.index][-1] if game.columns[src.index] else None)
            )
            if card is None:
                continue
            index = SUITS.index(card.suit)
            if card.rank == len(game.foundations[index]) + 1:
                game.move(src, fnd(index))
                played += 1
                progress = True
    return played


# ---------------------------------------------------------------- score


def test_score_starts_at_0():
    assert EightOffGame.from_code("EO1-C8-AAAAAAB").score == 0
    assert eo([["AS"]]).score == 0


def test_a_card_reaching_a_foundation_scores_10():
    game = eo([["3S", "2S", "AS"]])
    game.move(col(0), fnd(0))
    assert game.score == 10
    game.move(col(0), fnd(0))
    assert game.score == 20


@pytest.mark.parametrize(
    "src, dst, count",
    [
        (col(0), col(1), 1),
        (col(0), cell(1), 1),
        (col(3), col(4), 2),
        (col(5), col(6), 1),
        (cell(0), cell(2), 1),
        (fnd(1), cell(3), 1),
    ],
)
def test_every_other_move_scores_nothing(src, dst, count):
    game = eo(
        [["8D", "7H"], ["8H"], ["4C", "6D"], ["4D", "9C", "8C"], ["TC"], ["KD"], [], ["5S"]],
        ["QS"],
        foundations=[[], ["AH"], [], []],
    )
    game.move(src, dst, count)
    assert game.score == 0
    assert game.moves == 1


def test_a_full_win_scores_520():
    game = sorted_deal()
    assert game.status == "playing"
    assert play_everything_home(game) == 52
    assert game.status == "won"
    assert game.score == 520
    assert game.moves == 52
    assert all(len(f) == 13 for f in game.foundations)


def test_won_only_when_all_52_cards_are_on_the_foundations():
    game = sorted_deal()
    for _ in range(51):
        moved = False
        for src in [cell(i) for i in range(8)] + [col(i) for i in range(8)]:
            target = game.tap_target(src)
            if target is not None:
                game.move(src, target)
                moved = True
                break
        assert moved
        assert game.status == "playing"
    assert sum(len(f) for f in game.foundations) == 51
    play_everything_home(game)
    assert game.status == "won"


def test_a_won_game_refuses_every_move_with_over():
    game = sorted_deal()
    play_everything_home(game)
    before = snapshot(game)
    assert game.why_illegal(fnd(0), cell(0)) == "over"
    with pytest.raises(IllegalMove) as info:
        game.move(fnd(0), cell(0))
    assert info.value.reason == "over"
    assert snapshot(game) == before
    assert game.legal_moves() == []


def test_cards_placed_by_from_layout_did_not_score():
    spades = [r + "S" for r in RANKS[:5]]
    game = eo([["6S"]], foundations=[spades, [], [], []])
    assert game.score == 0
    game.move(col(0), fnd(0))
    assert game.score == 10


# ---------------------------------------------------------------- undo


def test_nothing_to_undo_at_the_start():
    game = EightOffGame.from_code("EO1-C8-AAAAAFA")
    assert game.can_undo is False
    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        game.undo()
    assert info.value.reason == "nothing-to-undo"
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "src, dst, count",
    [
        (col(0), col(1), 1),
        (col(0), cell(1), 1),
        (cell(0), col(4), 1),
        (col(2), fnd(0), 1),
        (col(3), col(5), 2),
        (fnd(1), cell(2), 1),
    ],
)
def test_undo_restores_exactly_the_previous_state(src, dst, count):
    game = eo(
        [["8D", "7H"], ["8H"], ["4C", "AS"], ["4D", "9C", "8C"], [], ["TC"]],
        ["KD"],
        foundations=[[], ["AH", "2H"], [], []],
    )
    before = snapshot(game)
    game.move(src, dst, count)
    assert snapshot(game) != before
    assert game.can_undo is True
    game.undo()
    assert snapshot(game) == before
    assert game.can_undo is False


def test_a_group_move_comes_back_in_one_undo():
    game = eo([["TC"], ["4D", "9C", "8C", "7C"], ["5S"]])
    before = snapshot(game)
    game.move(col(2), cell(0))
    after_first = snapshot(game)
    game.move(col(1), col(0), 3)
    game.undo()
    assert snapshot(game) == after_first
    game.undo()
    assert snapshot(game) == before


def test_undo_takes_back_the_points():
    game = eo([["9S", "AH"]])
    game.move(col(0), fnd(1))
    assert game.score == 10
    game.undo()
    assert game.score == 0
    assert names(game.columns[0]) == ["9S", "AH"]


def test_undo_of_a_replay_to_the_foundation_takes_back_nothing():
    game = eo([["9S", "AH"]])
    game.move(col(0), fnd(1))
    game.move(fnd(1), cell(0))
    game.move(cell(0), fnd(1))
    assert game.score == 10
    game.undo()
    assert game.score == 10
    game.undo()
    assert game.score == 10
    game.undo()
    assert game.score == 0


def test_undo_after_the_win_makes_the_game_playable_again():
    game = sorted_deal()
    play_everything_home(game)
    game.undo()
    assert game.status == "playing"
    assert game.score == 510
    assert sum(len(f) for f in game.foundations) == 51


def test_the_move_counter_never_decreases_on_undo():
    game = eo([["9S", "AH"]])
    game.move(col(0), fnd(1))
    game.move(col(0), cell(0))
    seen = game.moves
    assert seen == 2
    for _ in range(2):
        game.undo()
        assert game.moves >= seen
        seen = game.moves


def test_undo_keeps_only_the_last_100_actions():
    game = eo([["9S"]], ["QH"])
    states = []
    for i in range(101):
        game.move(cell(i % 2), cell((i + 1) % 2))
        states.append(snapshot(game))
    for k in range(100):
        game.undo()
        assert snapshot(game) == states[99 - k]
    assert game.can_undo is False
    with pytest.raises(IllegalMove) as info:
        game.undo()
    assert info.value.reason == "nothing-to-undo"
    assert snapshot(game) == states[0]


def test_a_refused_move_leaves_the_undo_history_alone():
    game = eo([["9S", "AH"], ["5D"]])
    game.move(col(0), fnd(1))
    after = snapshot(game)
    with pytest.raises(IllegalMove):
        game.move(col(1), fnd(2))
    game.move(col(1), cell(0))
    game.undo()
    assert snapshot(game) == after
    game.undo()
    assert game.can_undo is False


def test_there_is_no_defeat_a_stuck_game_is_still_playing():
    # EO1-C4-AAAAAFA: all four cells full and no card can move anywhere.
    game = EightOffGame.from_code("EO1-C4-AAAAAFA")
    assert game.legal_moves() == []
    assert game.status == "playing"
