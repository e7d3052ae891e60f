"""Golf score and undo (RULES.md, "Golf": Score, Undo)."""

import pytest
from helpers.positions import RANKS, golf, names
from helpers.positions import golf_snapshot as snapshot

from game.model import IllegalMove
from game.model.golf import GolfGame


def chain_card(k):
    """The k-th card of an ascending run A..K, A..K, ... in spades, then hearts, then diamonds."""
    return RANKS[k % 13] + "SHD"[k // 13]


def full_layout(r):
    """35 tableau cards on waste KC: the first r plays (column 0 free card first, then up the
    column, then column 1, ...) form an ascending Easy chain; the other 35 - r cards never fit
    the waste top left after the r-th play. With r = 35 everything is playable."""
    chain = [chain_card(k) for k in range(r)]
    last = (r - 1) % 13 + 1 if r else 13
    near = {last, last % 13 + 1, (last - 2) % 13 + 1}
    used = set(chain) | {"KC"}
    dead = [rk + s for s in "CDHS" for i, rk in enumerate(RANKS) if rk + s not in used and i + 1 not in near]
    order = chain + dead[: 35 - r]
    assert len(order) == 35
    columns = [[order[5 * c + j] for j in reversed(range(5))] for c in range(7)]
    rest = [rk + s for s in "SHDC" for rk in RANKS if rk + s not in set(order) | {"KC"}]
    return columns, rest


def play_in_order(game, plays):
    for k in range(plays):
        game.play(k // 5)


# ---------------------------------------------------------------- score


def test_score_starts_at_0():
    assert golf([["9H"]], ["8D"], ["KC"]).score == 0
    assert GolfGame.from_code("GO1-E-AAAAAAB").score == 0


def test_each_removed_card_scores_10():
    game = golf([["TC", "9H"]], ["8D"], ["KD"])
    game.play(0)
    assert game.score == 10
    game.play(0)
    assert game.score == 20


def test_a_draw_scores_nothing():
    game = golf([["TC", "9H"]], ["8D"], ["KD", "QC"])
    game.play(0)
    game.draw()
    assert game.score == 10


def test_plays_and_draws_each_count_as_a_move():
    game = golf([["TC", "9H"]], ["8D"], ["KD", "QC"])
    game.play(0)
    assert game.moves == 1
    game.draw()
    assert game.moves == 2
    game.draw()
    assert game.moves == 3


def test_a_refused_action_is_not_a_move():
    game = golf([["5C"]], ["8D"], [])
    with pytest.raises(IllegalMove):
        game.play(0)
    with pytest.raises(IllegalMove):
        game.draw()
    assert game.moves == 0


def test_a_win_without_undo_is_350_even_with_stock_left():
    columns, rest = full_layout(35)
    game = golf(columns, ["KC"], rest)
    assert len(game.stock) == 16
    for k in range(34):
        game.play(k // 5)
        assert game.status == "playing"
    game.play(6)
    assert game.status == "won"
    assert game.score == 350
    assert len(game.stock) == 16
    assert game.moves == 35


@pytest.mark.parametrize("removed, score", [(31, 270), (30, 250), (25, 150), (17, 0)])
def test_blocked_after_r_removals_scores_the_worked_examples(removed, score):
    columns, _ = full_layout(removed)
    game = golf(columns, ["KC"], [])
    play_in_order(game, removed - 1)
    assert game.status == "playing"
    assert game.score == 10 * (removed - 1)
    game.play((removed - 1) // 5)
    assert game.status == "blocked"
    assert game.score == score
    assert sum(len(c) for c in game.columns) == 35 - removed


def test_block_penalty_is_10_per_card_left_on_the_tableau():
    game = golf([["9C", "7H", "6H", "5H"], ["TS"]], ["4D"], ["3D"])
    for _ in range(3):
        game.play(0)
    assert game.score == 30
    game.draw()  # waste 3D, free cards 9C and TS: blocked with 2 cards left
    assert game.status == "blocked"
    assert game.score == 30 - 20


def test_score_never_goes_below_0():
    game = golf([["KS", "QS", "JS"]], ["5D"], ["2C"])
    game.draw()
    assert game.status == "blocked"
    assert game.score == 0


# ---------------------------------------------------------------- undo


def test_nothing_to_undo_at_the_start():
    game = golf([["9H"]], ["8D"], ["KC"])
    assert game.can_undo is False
    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        game.undo()
    assert info.value.reason == "nothing-to-undo"
    assert snapshot(game) == before
    assert game.moves == 0


def test_undo_of_a_play_puts_the_card_back_and_takes_back_the_points():
    game = golf([["5C", "9H"]], ["8D"], ["KD"])
    before = snapshot(game)
    game.play(0)
    assert game.can_undo is True
    game.undo()
    assert snapshot(game) == before
    assert game.score == 0


def test_undo_of_a_draw_puts_the_card_back_on_the_stock():
    game = golf([["5C", "9H"]], ["8D"], ["KD", "2H"])
    game.play(0)
    before = snapshot(game)
    game.draw()
    game.undo()
    assert snapshot(game) == before
    assert game.score == 10


def test_undo_after_a_block_removes_the_penalty_and_the_game_is_playable_again():
    columns, _ = full_layout(31)
    game = golf(columns, ["KC"], [])
    play_in_order(game, 30)
    before = snapshot(game)
    game.play(6)
    assert (game.status, game.score) == ("blocked", 270)
    game.undo()
    assert snapshot(game) == before
    assert (game.status, game.score) == ("playing", 300)
    assert game.why_illegal(6) is None
    game.play(6)
    assert (game.status, game.score) == ("blocked", 270)


def test_undo_after_a_block_caused_by_a_draw():
    game = golf([["9C", "7H", "6H", "5H"], ["TS"]], ["4D"], ["3D"])
    for _ in range(3):
        game.play(0)
    game.draw()
    assert game.status == "blocked"
    game.undo()
    assert game.status == "playing"
    assert game.score == 30
    assert names(game.stock) == ["3D"]


def test_undo_after_a_win_makes_the_game_playable_again():
    game = golf([["TC", "9H"]], ["8D"], ["KD"])
    game.play(0)
    game.play(0)
    assert (game.status, game.score) == ("won", 20)
    game.undo()
    assert (game.status, game.score) == ("playing", 10)
    assert names(game.columns[0]) == ["TC"]


def test_the_move_counter_never_decreases_on_undo():
    game = golf([["TC", "9H"]], ["8D"], ["KD"])
    game.play(0)
    game.draw()
    seen = game.moves
    for _ in range(2):
        game.undo()
        assert game.moves >= seen
        seen = game.moves


def test_undo_walks_back_through_every_state_in_order():
    columns, rest = full_layout(35)
    game = golf(columns, ["KC"], rest)
    states = [snapshot(game)]
    for k in range(20):
        if k % 3 == 2:
            game.draw()
            game.undo()  # keep the chain intact: draw and take it back
        game.play(k // 5)
        states.append(snapshot(game))
    while states[:-1]:
        states.pop()
        game.undo()
        assert snapshot(game) == states[-1]
    assert game.can_undo is False


def test_every_action_of_a_whole_game_can_be_undone():
    # spec-choice: a Golf game has at most 51 actions, so the 100-action limit never bites;
    # every action of the longest game stays undoable.
    deck = [rk + s for s in "SHDC" for rk in RANKS]
    game = golf([["2S"]], ["AS"], deck[2:])
    start = snapshot(game)
    count = 0
    while game.stock:
        game.draw()
        count += 1
    assert count == 50
    for _ in range(count):
        game.undo()
    assert snapshot(game) == start
    assert game.can_undo is False


def test_a_refused_action_leaves_the_undo_history_alone():
    game = golf([["5C", "9H"], ["QS"]], ["8D"], ["KD"])
    game.play(0)
    after_play = snapshot(game)
    with pytest.raises(IllegalMove):
        game.play(1)
    game.draw()
    game.undo()
    assert snapshot(game) == after_play
    game.undo()
    assert game.can_undo is False
