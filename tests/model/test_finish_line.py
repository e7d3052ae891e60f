"""Finish, the model's part: finish_line() is the line of foundation moves that
ends the game when every card left can reach its foundation by foundation moves alone, and empty
whenever some card needs another move first."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game import registry
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import Pile, PileKind
from game.solver import deals

RANKS = "A23456789TJQK"


def up_to(suit: str, rank: int) -> list[str]:
    return [RANKS[r] + suit for r in range(rank)]


def near_the_end(columns, cells=(), n=8, done=7):
    """Foundations hold A..`done` of each suit; the columns and cells hold the rest."""
    cols = [list(c) for c in columns] + [[] for _ in range(8 - len(columns))]
    return EightOffGame.from_layout(cols, list(cells) + [None] * (n - len(cells)), [up_to(s, done) for s in "SHDC"])


def test_descending_columns_and_cell_cards_finish_rank_by_rank():
    game = near_the_end(
        [
            ["KS", "QS", "JS", "TS", "9S", "8S"],
            ["KH", "QH", "JH", "TH", "9H"],
            ["KD", "QD", "JD", "TD", "9D", "8D"],
            ["KC", "QC", "JC", "TC"],
        ],
        ["8H", "9C", "8C"],
    )
    line = game.finish_line()
    assert len(line) == 24  # every card left, each once
    ranks = []
    probe = EightOffGame.from_json(game.to_json())
    for move in line:
        ranks.append(probe.pile(move.src)[-1].rank)
        probe.push(move)  # each is a legal move of the real game
        assert move.dst.kind is PileKind.FOUNDATION and move.count == 1
    assert probe.status == "won" and probe.score == game.score + 240
    assert ranks == sorted(ranks)  # the eights, then the nines, ...: a cascade
    assert game.moves == 0 and game.status == "playing"  # asking changed nothing


def test_a_card_buried_under_a_higher_card_of_another_suit_can_still_finish():
    # the 8♠ lies under the K♥: the hearts go up first, and then it is free
    game = near_the_end(
        [
            ["8S", "KH", "QH", "JH", "TH", "9H", "8H"],
            ["KS", "QS", "JS", "TS", "9S"],
            ["KD", "QD", "JD", "TD", "9D", "8D"],
            ["KC", "QC", "JC", "TC", "9C", "8C"],
        ]
    )
    assert len(game.finish_line()) == 24


def test_no_finish_when_a_card_needs_another_move_first():
    # the 8♠ is under the 9♠: only a move to a cell or a column frees it
    game = near_the_end(
        [
            ["KS", "QS", "JS", "TS", "8S", "9S"],
            ["KH", "QH", "JH", "TH", "9H", "8H"],
            ["KD", "QD", "JD", "TD", "9D", "8D"],
            ["KC", "QC", "JC", "TC", "9C", "8C"],
        ]
    )
    assert game.finish_line() == ()
    game.move(Pile.column(0), Pile.cell(0))  # the 9♠ to a cell: now it finishes
    assert len(game.finish_line()) == 24


def test_no_finish_when_the_game_is_over_or_in_golf():
    game = near_the_end([["KS"], ["KH"], ["KD"], ["KC"]], done=12)
    line = game.finish_line()
    assert len(line) == 4
    for move in line:
        game.push(move)
    assert game.status == "won" and game.finish_line() == ()
    assert GolfGame.from_code("GO1-E-AAAAAFA").finish_line() == ()


def test_a_fresh_deal_never_finishes_by_itself():
    for number in range(1, 40):
        assert EightOffGame.new(cells=8, number=number).finish_line() == ()


def clears_by_foundation_moves_alone(game) -> bool:
    """The brute force: foundation moves (from the columns and cells) in random orders, never
    anything else, until none is left; they never block each other, so one order tells."""
    probe = EightOffGame.from_json(game.to_json())
    while probe.status == "playing":
        ups = [
            m
            for m in probe.legal_moves()
            if m.dst.kind is PileKind.FOUNDATION and m.src.kind is not PileKind.FOUNDATION
        ]
        if not ups:
            break
        probe.push(ups[len(ups) // 2])
    return probe.status == "won" and game.status == "playing"


EIGHT_OFF = [k for k in sorted(registry.KINDS) if k.startswith("eightoff")]


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(EIGHT_OFF), pick=st.integers(0, 10_000), cut=st.floats(0.5, 1.0))
def test_finish_line_is_there_exactly_when_foundation_moves_alone_clear_the_table(kind, pick, cut):
    """Along a shipped winning line (late in it, most positions finish; earlier, none does)."""
    numbers = deals.listed(kind)
    game = registry.kind(kind).deal(numbers[pick % len(numbers)])
    line = deals.line_of(game)
    assert line
    for move in line[: int(len(line) * cut)]:
        game.push(move)
    assert bool(game.finish_line()) == clears_by_foundation_moves_alone(game)
    if game.finish_line():
        probe = EightOffGame.from_json(game.to_json())
        for move in probe.finish_line():
            probe.push(move)
        assert probe.status == "won"


def test_the_winning_lines_reach_a_finish_before_their_end():
    kind = EIGHT_OFF[0]
    found = 0
    for number in deals.listed(kind)[:10]:
        game = registry.kind(kind).deal(number)
        line = deals.line_of(game)
        for move in line:
            if game.finish_line():
                found += 1
                break
            game.push(move)
    assert found == 10  # every won game ends with foundation moves alone, at least its last one
