"""Replay codes (game/model/replay_code.py): a replay as a short text, read back exactly or refused."""

import doctest
import math
import re

import pytest
from helpers.moves import eightoff_line, golf_line
from helpers.replays import eightoff_games, golf_games, play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model import replay as replay_module
from game.model import replay_code as code_module
from game.model.codes import InvalidCode
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, GolfMove
from game.model.replay import Replay
from game.model.replay_code import (
    MAX_CODE_TEXT,
    InvalidReplayCode,
    is_replay_code,
    parse_replay_code,
    replay_code,
    weights,
)

REASONS = ("empty", "length", "format", "version", "checksum", "deal", "move")
#: Every character a code may hold, and a few it may not.
CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-+abc *_"
#: Replays of each kind: a won game, a game left in play, a game blocked, the deal alone.
WON_LINE = (
    "d p3 d p4 p2 p4 p0 p2 p2 p1 p2 p0 p0 p1 d p5 p4 d d p4 p6 p0 p3 p1 "
    "d p2 p5 p0 p6 p3 d p3 d p6 p6 p1 p5 p3 d p6 d p1 p5 d p5 d d p4"
)
EASY_WON = GolfGame.from_code("GO1-E-AAAAAAB")
for _move in WON_LINE.split():
    EASY_WON.push(GolfMove.parse(_move))
GOLF_LEFT = Replay("GO1-C-AAAAAAB", golf_line("draw", 3))
EIGHTOFF_LEFT = Replay(
    "EO1-C8-AAAAAAB",
    eightoff_line((("column", 0), ("cell", 5), 1), (("cell", 0), ("cell", 6), 1), (("cell", 5), ("cell", 0), 1)),
)


def readable(code):
    """`code` read back, or None when it is refused (with a reason InvalidCode's callers know)."""
    try:
        return parse_replay_code(code)
    except InvalidReplayCode as exc:
        assert isinstance(exc, InvalidCode) and exc.reason in REASONS
        return None


def sample_replays():
    blocked = play_random(GolfGame.from_code("GO1-S+J2+Z-AAAAAAC"), [1] * 60)
    eightoff = play_random(EightOffGame.new(2, 77), [3] * 12)
    return [
        Replay.of(EASY_WON),
        Replay.of(blocked),
        GOLF_LEFT,
        Replay("GO1-E-AAAAAAB", []),
        EIGHTOFF_LEFT,
        Replay.of(eightoff),
    ]


def test_the_docstring_examples_hold():
    result = doctest.testmod(code_module)
    assert result.attempted > 0 and result.failed == 0


def test_a_code_is_the_deal_code_the_moves_and_a_check():
    code = replay_code(GOLF_LEFT)
    assert re.fullmatch(r"GO1-C-AAAAAAB-R[0-9A-HJKMNP-TV-Z]*-[0-9A-HJKMNP-TV-Z]{2}", code)
    assert is_replay_code(code) and not is_replay_code("GO1-C-AAAAAAB") and not is_replay_code("XX1-C-A-B-C")
    assert not is_replay_code(None) and is_replay_code("GO1-C-AAAAAAB-R5") and is_replay_code("go1-c-a-b-c-d-e")


@pytest.mark.parametrize(
    "code, moves",
    [
        ("GO1-C-AAAAAAB-R5-EY", ["d", "p3"]),
        ("GO1-E-AAAAAAB-R1-9Y", []),
        ("GO1-E-AAAAAAB-R1RE16J4XPC-Y6", WON_LINE.split()),
    ],
)
def test_codes_written_once_read_the_same_in_every_version(code, moves):
    read = parse_replay_code(code)
    assert [str(m) for m in read.moves] == moves and str(read.deal) == code[:13] and replay_code(read) == code


#: Forty moves of a winning line of Eight Off with four cells: to the foundations, onto columns,
#: into cells and out of them, a run of two.
EIGHTOFF_FORTY = (
    "l0f0x1 c1f2x1 c0l0x1 c0f1x1 c7c5x1 c7f1x1 l0f1x1 c6l0x1 c7c6x1 l3c7x1 l2c7x1 c6c7x2 c6f3x1 c2c7x1 "
    "c5l2x1 c5l3x1 c1c5x1 l3c1x1 l2c1x1 c5l2x1 c5l3x1 c5f1x1 c4f1x1 c4c5x1 l1c4x1 c6l1x1 c6f2x1 c3f2x1 "
    "c3f0x1 c5f0x1 c5f0x1 c4f0x1 c4f0x1 c0f0x1 c4f0x1 l2f0x1 l3f0x1 c0l2x1 c0f2x1 l1f2x1"
)


@pytest.mark.parametrize(
    "code, deal, moves",
    [
        ("EO1-C8-AAAAAAB-R37A1NMQ-MN", "EO1-C8-AAAAAAB", "c0l5x1 l0l6x1 l5l0x1"),
        ("EO1-C4-AAAAAAC-RCN9RR2CW26APSQ3-5W", "EO1-C4-AAAAAAC", EIGHTOFF_FORTY),
    ],
)
def test_an_eightoff_code_written_once_reads_the_same_in_every_version(code, deal, moves):
    replay = Replay(deal, [EightOffMove.parse(m) for m in moves.split()])
    assert replay_code(replay) == code and parse_replay_code(code) == replay


@given(golf_games)
def test_every_golf_game_reads_back_as_itself(game):
    replay = Replay.of(game)
    code = replay_code(replay)
    read = parse_replay_code(code)
    assert read == replay and read.status == game.status
    assert read.position(len(read)).position_key() == game.position_key()
    assert re.fullmatch(r"[A-Z0-9+-]+", code)


def entropy_digits(replay):
    """The base-32 digits the moves need at the least under the code's weights: the sum over the
    moves of log2(total / weight), with the bit of whether the line stops and, if it does, its length."""
    game, bits = replay.position(0), 1.0
    for move in replay.moves:
        moves = replay_module.legal_order(game)
        weighted = weights(game, moves)
        bits += math.log2(sum(weighted) / weighted[moves.index(move)])
        game.push(move)
    if game.legal_moves():
        bits += math.log2(replay_module.MAX_REPLAY_MOVES + 1)
    return bits / 5


@given(golf_games)
def test_a_golf_code_is_as_short_as_its_moves_allow(game):
    replay = Replay.of(game)
    code = replay_code(replay)
    assert len(code) <= len(str(replay.deal)) + len("-R-00") + math.ceil(entropy_digits(replay)) + 1
    assert len(code) <= 64  # 54 moves at most, each among 8 at most


@settings(max_examples=15)
@given(eightoff_games)
def test_every_eightoff_game_reads_back_as_itself(game):
    replay = Replay.of(game)
    read = parse_replay_code(replay_code(replay))
    assert read == replay and read.status == game.status
    assert read.position(len(read)).position_key() == game.position_key()


@pytest.mark.parametrize("replay", sample_replays(), ids=repr)
def test_every_change_of_one_character_is_refused_or_reads_the_same_game(replay):
    code = replay_code(replay)
    read = 0
    for i in range(len(code)):
        for ch in CHARACTERS:
            changed = code[:i] + ch + code[i + 1 :]
            if changed != code:
                got = readable(changed)
                assert got is None or got == replay, changed
                read += got is not None
    assert read < 4 * len(code)  # only lower case and the look-alikes O, I, L read at all


@pytest.mark.parametrize("replay", sample_replays(), ids=repr)
def test_every_cut_and_every_swap_of_neighbours_is_refused_or_reads_the_same_game(replay):
    code = replay_code(replay)
    for i in range(len(code)):
        assert readable(code[:i]) is None and readable(code[i + 1 :]) is None
        assert readable(code[:i] + code[i + 1 :]) is None
        swapped = code[:i] + code[i + 1 : i + 2] + code[i] + code[i + 2 :]
        assert swapped == code or readable(swapped) is None


def test_a_code_is_read_leniently():
    code = replay_code(Replay.of(EASY_WON))
    moves = code.split("-")[3]
    lenient = code.replace(moves, moves.replace("0", "o").replace("1", "l")).lower()
    assert parse_replay_code(f"  {lenient}\n") == Replay.of(EASY_WON)


def _signed(head):
    """A code of this head with its right check (for the refusals after the check)."""
    check = code_module._check(head.upper())
    return f"{head}-{code_module.DIGITS[check // 32]}{code_module.DIGITS[check % 32]}"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "empty"),
        ("   ", "empty"),
        (None, "empty"),
        ("GO1-C-AAAAAAB-R" + "0" * MAX_CODE_TEXT + "-00", "length"),
        ("GO1-C-AAAAAAB", "format"),
        ("GO1-C-AAAAAAB-R5", "format"),
        ("GO1-C-AAAAAAB-R5-EY-", "format"),
        ("GO1-C-AAAAAAB--EY", "format"),
        ("GO1-C-AAAAAAB-R5-E", "format"),
        ("GO1-C-AAAAAAB-R5-EYY", "format"),
        ("GO1-C-AAAAAAB-R5U-EY", "format"),
        ("GO1-C-AAAAAAB-R05-EY", "format"),
        ("GO1-C-AAAAAAB-5-EY", "format"),
        ("GO1-C-AAAAAAB-R5-E+", "format"),
        ("GO1-C-AAAAAAB-R6-EY", "checksum"),
        ("GO1-C-AAAAAAB-R5-EZ", "checksum"),
        ("GO1-C-AAAAAAB-R5-ZZ", "checksum"),
        (_signed("GO1-C-AAAAAAB-S5"), "version"),
        (_signed("GO1-X-AAAAAAB-R5"), "deal"),
        (_signed("GO1-C-AAAAAAA-R5"), "deal"),
        (_signed("GO1-C-AAAAAA-R5"), "deal"),
        (_signed("GO1-C-AAAAAAB-R" + "Z" * 40), "move"),  # more than the line ever takes
    ],
)
def test_a_code_that_cannot_be_read_is_refused_with_its_reason(text, reason):
    with pytest.raises(InvalidReplayCode) as caught:
        parse_replay_code(text)
    assert caught.value.reason == reason and str(caught.value)


def test_a_line_that_stops_where_the_game_ended_is_written_only_one_way():
    won = Replay.of(EASY_WON)
    assert won.status == "won"
    x = code_module._number(replay_code(won).split("-")[3][1:])
    stops = (x // 2 * (replay_module.MAX_REPLAY_MOVES + 1) + len(won)) * 2 + 1
    with pytest.raises(InvalidReplayCode) as caught:
        parse_replay_code(_signed(f"GO1-E-AAAAAAB-R{code_module._digits(stops)}"))
    assert caught.value.reason == "move"


def test_a_code_whose_line_never_ends_is_refused_after_the_longest_line(monkeypatch):
    stuck = parse_replay_code(_signed("EO1-C8-AAAAAAB-R"))  # the first legal move, until there is none
    assert len(stuck) == 7 and stuck.status == "playing"
    monkeypatch.setattr(code_module, "MAX_REPLAY_MOVES", 6)
    with pytest.raises(InvalidReplayCode) as caught:
        parse_replay_code(_signed("EO1-C8-AAAAAAB-R"))
    assert caught.value.reason == "length"


def test_eightoff_weights_favour_what_players_do_most():
    game = EightOffGame.from_code("EO1-C8-AAAAAAB")
    game.push(EightOffMove.parse("c0l5x1"))
    moves = replay_module.legal_order(game)
    got = dict(zip(moves, weights(game, moves), strict=True))
    first = next(i for i, c in enumerate(game.cells) if c is None)
    for move, weight in got.items():
        if move.dst.kind == "foundation":
            assert weight == code_module.HOME
        elif move.dst.kind == "cell" and move.src.kind == "column":
            assert weight == (code_module.FIRST_CELL if move.dst.index == first else code_module.OTHER)
        elif move.dst.kind == "cell":
            assert weight == code_module.OTHER
        elif move.src.kind != "foundation":
            assert weight == (code_module.BUILD if game.columns[move.dst.index] else code_module.EMPTY_COLUMN)
    assert weights(GolfGame.from_code("GO1-E-AAAAAAB"), [1, 2, 3]) == [1, 1, 1]


@pytest.mark.slow
@settings(max_examples=40)
@given(eightoff_games, st.lists(st.integers(0, 999), max_size=120))
def test_long_eightoff_games_read_back_as_themselves(game, more):
    replay = Replay.of(play_random(game, more))
    assert parse_replay_code(replay_code(replay)) == replay


# -- the documented form, written out again independently of replay_code.py -------------------------
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PILE_ORDER = "clf"  # columns, cells, foundations


def reference_weight(game, move):
    """The module docstring's weights, from the move's text form ('c0l3x1')."""
    if isinstance(game, GolfGame):
        return 1
    text = str(move)
    src, dst = text[0], text[2]
    first_cell = next((i for i, c in enumerate(game.cells) if c is None), None)
    if src == "f":
        return 1
    if dst == "f":
        return 64
    if dst == "l":
        return 8 if src == "c" and int(text[3]) == first_cell else 1
    return 24 if game.columns[int(text[3])] else 8


def reference_key(move):
    text = str(move)
    if text == "d":
        return (7,)
    if text[0] == "p":
        return (int(text[1]),)
    src, dst, count = text[:2], text[2:4], int(text.split("x")[1])
    return (PILE_ORDER.index(src[0]), int(src[1]), count, PILE_ORDER.index(dst[0]), int(dst[1]))


def reference_read(code):
    """The moves a code holds, as texts, read as the module's docstring says (no checks but the check)."""
    *deal, moves, check = code.split("-")
    head = code[: code.rindex("-")]
    total = sum(ord(ch) * pow(10, i + 1, 1021) for i, ch in enumerate(head)) % 1021
    assert total == CROCKFORD.index(check[0]) * 32 + CROCKFORD.index(check[1])
    x = 0
    for ch in moves[1:]:
        x = x * 32 + CROCKFORD.index(ch)
    game = (GolfGame if deal[0] == "GO1" else EightOffGame).from_code("-".join(deal))
    x, stops = x // 2, x % 2
    count = None
    if stops:
        x, count = x // 1001, x % 1001
    line = []
    while (count is None or len(line) < count) and game.legal_moves():
        legal = sorted(game.legal_moves(), key=reference_key)
        weighted = [reference_weight(game, m) for m in legal]
        rest, x = x % sum(weighted), x // sum(weighted)
        i = 0
        while sum(weighted[: i + 1]) <= rest:
            i += 1
        x = weighted[i] * x + rest - sum(weighted[:i])
        line.append(str(legal[i]))
        game.push(legal[i])
    assert x == 0
    return line


@pytest.mark.parametrize("replay", sample_replays(), ids=repr)
def test_the_documented_form_reads_the_samples(replay):
    assert reference_read(replay_code(replay)) == [str(m) for m in replay.moves]


@given(golf_games)
def test_the_documented_form_reads_every_golf_code(game):
    assert reference_read(replay_code(Replay.of(game))) == [str(m) for m in game.move_stack]


@settings(max_examples=10)
@given(eightoff_games)
def test_the_documented_form_reads_every_eightoff_code(game):
    assert reference_read(replay_code(Replay.of(game))) == [str(m) for m in game.move_stack]
