"""Replay codes: a game as a short text to share, its deal code with its moves after it.

>>> from game.model.moves import GolfMove
>>> from game.model.replay import Replay
>>> replay = Replay('GO1-C-AAAAAAB', [GolfMove.DRAW, GolfMove.play(3)])
>>> replay_code(replay)
'GO1-C-AAAAAAB-R5-EY'
>>> parse_replay_code(' go1-c-aaaaaab-r5-ey ') == replay
True
>>> parse_replay_code('GO1-C-AAAAAAB-R6-EY')
Traceback (most recent call last):
  ...
game.model.replay_code.InvalidReplayCode: This replay code has been changed or mistyped: its check does not match.

The form is ``<deal code>-<version><moves>-<check>``: the deal code exactly as codes.py writes it;
the version letter R; the moves as one number written in Crockford's base 32 (the digits
``0123456789ABCDEFGHJKMNPQRSTVWXYZ``, most significant first, no leading zero, nothing for 0;
read leniently: lower case, O as 0, I and L as 1); and two base-32 digits of a check over everything
before them. A replay code has five parts separated by '-' (a deal code has three).

How the moves become one number (reproducible in any language), rANS over an integer without
bounds: each position's legal moves, in replay.legal_order's order, get weights (Golf: 1 each;
Eight Off: see `weights`); a move of weight w whose weights before it sum to c, out of a total M,
turns the number x into (x // w) * M + c + x % w. The line is written last move first, starting from
x = 0, so that reading takes the first move first: move = the one whose [c, c + w) holds x % M, and
x becomes w * (x // M) + x % M - c. Before the moves (and so written after them) come whether the
line stops before the game's end, x % 2 (0: it is played until no move is left), and if it does,
the number of moves, x % (MAX_REPLAY_MOVES + 1). Read, x must come to 0 exactly at the line's end.

The check is sum(ord(t_i) * 10**(i + 1) for the characters t_0, t_1, ... of everything before the
last '-', upper-cased and with the moves' digits canonical) modulo 1021 (a prime, of which 10 is a
primitive root), written as two base-32 digits: a change of any one character, or two neighbours
swapped, always changes it, and a code cut short at its end has fewer than five parts or a check
of the wrong length. A code that reads is exactly the game that was written, never another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from .codes import PREFIXES, DealCode, InvalidCode, parse_code
from .eightoff import EightOffGame
from .moves import EightOffMove, PileKind
from .replay import MAX_REPLAY_MOVES, Game, Move, Replay, deal_game, legal_order, push

__all__ = ["InvalidReplayCode", "is_replay_code", "parse_replay_code", "replay_code"]

DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {ch: i for i, ch in enumerate(DIGITS)} | {"O": 0, "I": 1, "L": 1}
VERSION = "R"
CHECK_PRIME = 1021
CHECK_ROOT = 10
CHECK_DIGITS = 2
PARTS = 5
#: The longest text read: beyond any code of MAX_REPLAY_MOVES moves. A move takes at most 4 digits
#: (20 bits): no position has a millionth of that many legal moves' weights.
MAX_CODE_TEXT = 64 + 4 * MAX_REPLAY_MOVES
EXAMPLE = "GO1-S-AAAAAAM-RYK4-YA"
#: Eight Off's weights, by what a move does (the moves a player makes most get the most).
HOME, BUILD, EMPTY_COLUMN, FIRST_CELL, OTHER = 64, 24, 8, 8, 1


class InvalidReplayCode(InvalidCode):
    """A replay code that cannot be read. `reason` is one of:
    'empty'    no code was given;
    'length'   the text is too long to be a replay code, or its line longer than a replay holds;
    'format'   not five parts, or a character that is not a base-32 digit where the moves are;
    'version'  a replay code of a later version of the game (its version letter is not R);
    'checksum' the check does not match: a character changed, lost or swapped;
    'deal'     the deal code before the moves cannot be read;
    'move'     the moves do not make a game of that deal."""


def is_replay_code(text: object) -> bool:
    """Whether a pasted text is meant as a replay code (a deal code's prefix and more than a deal
    code's three parts), readable or not: the menu's paste box reads it with parse_replay_code, and
    a deal code with codes.parse_code."""
    if not isinstance(text, str):
        return False
    parts = text.strip().upper().split("-", PARTS - 1)
    return len(parts) > 3 and parts[0] in PREFIXES


def weights(game: Game, moves: Sequence[Move]) -> list[int]:
    """The weight of each of the position's legal moves (in `legal_order`): Golf's are all 1; Eight
    Off's are HOME onto a foundation, BUILD onto a column's card, EMPTY_COLUMN into an empty column,
    FIRST_CELL from a column into the first empty cell, and OTHER for the rest (into a later empty
    cell, from cell to cell, off a foundation)."""
    if not isinstance(game, EightOffGame):
        return [1] * len(moves)
    first_cell = next((i for i, c in enumerate(game.cells) if c is None), None)
    filled = [bool(col) for col in game.columns]
    column, cell, foundation = PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION
    out = []
    for move in cast(Sequence[EightOffMove], moves):
        src, dst = move.src.kind, move.dst
        if src is foundation:
            out.append(OTHER)
        elif dst.kind is foundation:
            out.append(HOME)
        elif dst.kind is cell:
            out.append(FIRST_CELL if src is column and dst.index == first_cell else OTHER)
        else:
            out.append(BUILD if filled[dst.index] else EMPTY_COLUMN)
    return out


def replay_code(replay: Replay) -> str:
    """The replay's code (see the module's docstring)."""
    game = deal_game(replay.deal)
    steps: list[tuple[int, int, int]] = []  # (weight, weights before, total) of each move
    for move in replay.moves:
        moves = legal_order(game)
        weighted = weights(game, moves)
        index = moves.index(move)
        steps.append((weighted[index], sum(weighted[:index]), sum(weighted)))
        push(game, move)
    x = 0
    for weight, before, total in reversed(steps):
        x = (x // weight) * total + before + x % weight
    if legal_order(game):  # the line stops before the game's end: its length says where
        x = (x * (MAX_REPLAY_MOVES + 1) + len(replay.moves)) * 2 + 1
    else:
        x *= 2
    head = f"{replay.deal}-{VERSION}{_digits(x)}"
    return f"{head}-{_digits(_check(head)).rjust(CHECK_DIGITS, '0')}"


def parse_replay_code(text: str) -> Replay:
    """Read a pasted or typed replay code; InvalidReplayCode says what is wrong (see its reasons).
    The work is bounded: the text's length, and the moves replayed, at most MAX_REPLAY_MOVES."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidReplayCode("empty", "No replay code was given.")
    if len(text) > MAX_CODE_TEXT:
        raise InvalidReplayCode("length", f"A replay code is at most {MAX_CODE_TEXT} characters long.")
    parts = text.strip().upper().split("-")
    if len(parts) != PARTS or len(parts[4]) != CHECK_DIGITS or not parts[3]:
        raise InvalidReplayCode("format", f"A replay code has five parts separated by '-', like {EXAMPLE}.")
    version, moves, check = parts[3][:1], parts[3][1:], parts[4]
    if not "A" <= version <= "Z" or any(ch not in _VALUES for ch in moves + check) or moves[:1] in ("0", "O"):
        raise InvalidReplayCode("format", f"The moves of a replay code are written with 0-9 and A-Z, like {EXAMPLE}.")
    payload = "".join(DIGITS[_VALUES[ch]] for ch in moves)
    head = f"{'-'.join(parts[:3])}-{version}{payload}"
    if _check(head) != _number(check):
        raise InvalidReplayCode("checksum", "This replay code has been changed or mistyped: its check does not match.")
    if version != VERSION:
        raise InvalidReplayCode("version", "This replay code was made by a later version of the game.")
    try:
        deal = parse_code("-".join(parts[:3]))
    except InvalidCode as exc:
        raise InvalidReplayCode("deal", f"The deal code of this replay code cannot be read: {exc}") from None
    return _decode(deal, _number(payload))


def _decode(deal: DealCode, x: int) -> Replay:
    """The replay the number x writes from the deal (see the module's docstring)."""
    game = deal_game(deal)
    x, stops = divmod(x, 2)
    count = None
    if stops:
        x, count = divmod(x, MAX_REPLAY_MOVES + 1)
    line: list[Move] = []
    while count is None or len(line) < count:
        moves = legal_order(game)
        if not moves:
            break
        if len(line) == MAX_REPLAY_MOVES:
            raise InvalidReplayCode("length", f"A replay holds at most {MAX_REPLAY_MOVES} moves.")
        weighted = weights(game, moves)
        x, rest = divmod(x, sum(weighted))
        index = before = 0
        while before + weighted[index] <= rest:
            before += weighted[index]
            index += 1
        x = weighted[index] * x + rest - before
        line.append(moves[index])
        push(game, moves[index])
    if x or (count is not None and (len(line) < count or not legal_order(game))):
        raise InvalidReplayCode("move", "The moves of this replay code do not make a game of its deal.")
    return Replay.played(deal, line, game.status)


def _digits(x: int) -> str:
    out = []
    while x:
        x, d = divmod(x, 32)
        out.append(DIGITS[d])
    return "".join(reversed(out))


def _number(digits: str) -> int:
    x = 0
    for ch in digits:
        x = x * 32 + _VALUES[ch]
    return x


def _check(head: str) -> int:
    total, weight = 0, 1
    for ch in head:
        weight = weight * CHECK_ROOT % CHECK_PRIME
        total = (total + ord(ch) * weight) % CHECK_PRIME
    return total
