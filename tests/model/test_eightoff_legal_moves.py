"""Eight Off's legal moves (EightOffGame.legal_moves), made from the rules directly, are exactly the
moves the full rules allow (every candidate move checked by `_refusal`, as legal_moves once did), in
the canonical order replay codes number them in (replay.legal_order) (hypothesis)."""

from helpers.replays import eightoff_games, play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model.cards import RANKS, SUITS, Card
from game.model.eightoff import CELL_OPTIONS, COLUMN_COUNT, EightOffGame
from game.model.moves import EightOffMove, Pile
from game.model.replay import legal_order, move_key


def legal_moves_by_the_rules(game):
    """The legal moves as they were first found: every (source, count) a move may take from, onto
    every pile of the table, kept when the rules (`_refusal`) allow it."""
    if game.status != "playing":
        return []
    sources = [(Pile.column(i), n) for i in range(COLUMN_COUNT) for n in range(1, game.run_length(i) + 1)]
    sources += [(Pile.cell(i), 1) for i, c in enumerate(game.cells) if c is not None]
    sources += [(Pile.foundation(i), 1) for i, f in enumerate(game.foundations) if f]
    piles = [
        *(Pile.column(i) for i in range(COLUMN_COUNT)),
        *(Pile.cell(i) for i in range(game.cell_count)),
        *(Pile.foundation(i) for i in range(len(SUITS))),
    ]
    candidates = (EightOffMove(src, dst, n) for src, n in sources for dst in piles)
    return [m for m in candidates if game._refusal(m) is None]


@st.composite
def positions(draw):
    """Any position of any cell count: some of each suit on its foundation; the cards left cut into
    same-suit runs (or single cards), shuffled, some single cards into cells and the runs piled onto
    some of the columns (others left empty), so that long runs, Kings into empty columns, full and
    empty cells and the group limit all come up."""
    cells = draw(st.sampled_from(CELL_OPTIONS))
    heights = draw(st.lists(st.integers(0, 13), min_size=4, max_size=4))
    left = [Card(rank, suit) for suit, height in zip(SUITS, heights, strict=True) for rank in range(13, height, -1)]
    cuts = draw(st.one_of(st.just([True] * len(left)), st.lists(st.booleans(), min_size=len(left), max_size=len(left))))
    pieces, piece = [], []
    for i, card in enumerate(left):
        piece.append(card)
        if cuts[i] or i + 1 == len(left) or left[i + 1].suit != card.suit:
            pieces.append(piece)
            piece = []
    pieces = [list(p) for p in draw(st.permutations(pieces))]
    held = []
    for _ in range(cells):
        if pieces and draw(st.booleans()):
            held.append(pieces[-1].pop())
            if not pieces[-1]:
                pieces.pop()
        else:
            held.append(None)
    used = sorted(draw(st.sets(st.integers(0, COLUMN_COUNT - 1), min_size=1)))
    columns = [[] for _ in range(COLUMN_COUNT)]
    for piece in pieces:
        columns[draw(st.sampled_from(used))] += piece
    held = draw(st.permutations(held))
    foundations = [[RANKS[r] + suit for r in range(height)] for suit, height in zip(SUITS, heights, strict=True)]
    return EightOffGame.from_layout(columns, held, foundations)


def assert_the_rules_moves(game):
    moves = game.legal_moves()
    by_the_rules = legal_moves_by_the_rules(game)
    assert moves == by_the_rules  # the same moves, in the same order
    assert moves == sorted(by_the_rules, key=move_key) == legal_order(game)  # the canonical order
    assert len(set(moves)) == len(moves)


@settings(max_examples=400)
@given(positions())
def test_the_legal_moves_are_those_the_rules_allow_in_the_canonical_order(game):
    assert_the_rules_moves(game)


@settings(max_examples=60)
@given(eightoff_games, st.lists(st.integers(0, 999), max_size=60))
def test_the_legal_moves_of_a_game_in_play_are_those_the_rules_allow(game, more):
    game = play_random(game, more)
    assert_the_rules_moves(game)


@given(positions(), st.data())
def test_after_any_legal_move_and_its_undo_they_still_are(game, data):
    moves = game.legal_moves()
    if not moves:
        return
    game.push(data.draw(st.sampled_from(moves)))
    assert_the_rules_moves(game)
    game.undo()
    assert_the_rules_moves(game)


def test_a_won_game_has_none():
    full = [[RANKS[r] + suit for r in range(13)] for suit in SUITS]
    game = EightOffGame.from_layout([[] for _ in range(COLUMN_COUNT)], [None] * 4, full)
    assert game.status == "won" and game.legal_moves() == [] == legal_moves_by_the_rules(game)


def counts(game, src, dst):
    return {m.count for m in game.legal_moves() if m.src == Pile.column(src) and m.dst == Pile.column(dst)}


def test_a_group_at_the_limit_moves_and_one_over_it_does_not():
    # two free cells and one empty column: (2 + 1) * 2 = 6 cards onto a card, (2 + 1) into the empty column
    def game(spades, hearts):
        run = [f"{RANKS[r]}S" for r in range(11, 11 - spades, -1)]  # Q♠ down
        kings = ["5C", *(f"{RANKS[r]}H" for r in range(12, 12 - hearts, -1))]  # K♥ down, on 5♣
        columns = [run, ["KS"], kings, ["2C"], ["4C"], ["6C"], ["8C"], []]
        return EightOffGame.from_layout(columns, [None, None, "AD", "2D"])

    at_the_limit = game(6, 3)
    assert counts(at_the_limit, 0, 1) == {6} and counts(at_the_limit, 2, 7) == {3}
    over_it = game(7, 4)
    assert counts(over_it, 0, 1) == set() and counts(over_it, 2, 7) == set()
    for position in (at_the_limit, over_it):
        assert_the_rules_moves(position)
