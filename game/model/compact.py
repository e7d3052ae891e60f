"""The compact saved form of a game: its line, the moves its undo and redo need, and its counter,
for a game whose whole action log would make its save too long to read back.

A game's state is a function of its move stack, for each undo reverses its move exactly: the stack
from the deal rebuilds the position, the score and the status. The undo history is the stack's last
`undo` moves (the history is always the end of the stack), the redos are the moves undone since the
last new move, and only the move counter, which an undo never lowers, is kept as a number. What
the player sees, what each undo and redo does, and the deal (`root()`) are the same; the action
log becomes the line.

A line longer than COMPACT_LINE is cut: the position before its undoable moves becomes the line's
start ("base"), kept with those moves only. The base is checked as far as it can be without the
moves that led there: the deal's own cards and rules, and each game's own test that it can follow
from the deal (`_score_since`, which also gives its score).

    {"format": 2, "game": "golf", "code": ..., "start": the deal's position,
     "base": null or the position the line starts from, "line": [move, ...],
     "undo": 0..100, "redo": [move, ..., the next redo], "moves": 0..MAX_MOVES,
     "state": {"score", "moves", "status", "position"}}
"""

from __future__ import annotations

from typing import Any, TypeVar

from . import limits
from .core import GameCore, Position
from .limits import COMPACT_FORMAT, MAX_MOVES, UNDO_LIMIT
from .moves import M

G = TypeVar("G", bound=GameCore[Any])


def compact_data(game: GameCore[Any]) -> dict[str, Any]:
    """The compact form of `game`, as a JSON value."""
    base, line = game._base, list(game._stack)
    # A line too long is cut to its undoable moves; so is a cut line again (a game resumed from its
    # cut form and played on), whose reader takes no more moves than undo needs.
    if len(line) > limits.COMPACT_LINE or (base is not None and len(line) > len(game._history)):
        base, line = _rebased(game)
    return {
        "format": COMPACT_FORMAT,
        "game": game.GAME_ID,
        "code": game.code,
        "start": game._start,
        "base": base,
        "line": [str(move) for move in line],
        "undo": len(game._history),
        "redo": [str(move) for move in game._redo],
        "moves": game._moves,
        "state": game._state(),
    }


def _rebased(game: GameCore[M]) -> tuple[Position, list[M]]:
    """The position before the undoable moves, and those moves: each is taken back and made again,
    so the game is left exactly as it was."""
    kept = list(game._history)
    score, status = game._score, game._status
    for _move, record in reversed(kept):
        game._reverse(record)
    try:
        return game._position(), [move for move, _record in kept]
    finally:
        for move, _record in kept:
            game._apply(move)
        game._score, game._status = score, status


def from_compact(cls: type[G], data: dict[str, Any]) -> G:
    """The game a compact form describes; ValueError (or KeyError, TypeError, IllegalMove: the
    caller says which) when anything is out of range or does not follow."""
    deal, cut = cls._from_start(data["start"], data.get("code")), data["base"] is not None
    game = at_base(deal, data["base"]) if cut else deal
    longest = UNDO_LIMIT if cut else limits.COMPACT_LINE  # a cut line is its undoable moves
    line = [parse_action(cls.MOVE, text) for text in _texts(data["line"], longest, "line")]
    redo = [parse_action(cls.MOVE, text) for text in _texts(data["redo"], UNDO_LIMIT, "redo")]
    undo, moves = _whole(data["undo"], UNDO_LIMIT, "undo"), _whole(data["moves"], MAX_MOVES, "moves")
    if undo > len(line) or (cut and undo != len(line)) or moves < len(line):
        raise ValueError(f"undo {undo} and moves {moves} do not fit a line of {len(line)} moves")
    for move in line:
        game.push(move)
    while len(game._history) > undo:
        game._history.popleft()
    _check_redo(game, redo)
    game._log, game._moves, game._whole_log = [str(move) for move in line], moves, False
    return game


def at_base(deal: G, position: Any) -> G:
    """A game at `position` that follows from the deal `deal`: its cards and rules, its score, and
    the deal kept for `root()`."""
    if not isinstance(position, dict):
        raise ValueError("the line's start is not a position")
    game = type(deal)._layout_from_start(position)
    if game.kind_id != deal.kind_id or sorted(map(str, game.cards())) != sorted(map(str, deal.cards())):
        raise ValueError("the line's start is not a position of this deal")
    game._score = game._score_since(deal)
    game.code, game._start, game._base = deal.code, deal._start, game._position()
    return game


def parse_action(move_type: type[M], entry: str) -> M:
    """A move from its text in a saved form (ValueError naming it when it is none)."""
    try:
        return move_type.parse(entry)
    except ValueError:
        raise ValueError(f"bad action {entry!r}") from None


def _check_redo(game: GameCore[M], redo: list[M]) -> None:
    """The redos, each checked to be legal in its turn (made and taken back again, the undo history
    kept as it was)."""
    kept = game._history.copy()
    for move in reversed(redo):
        game.push(move)
    for _ in redo:
        game.pop()
    game._history = kept


def _texts(value: Any, most: int, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > most or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} is not a list of at most {most} moves")
    return value


def _whole(value: Any, most: int, what: str) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise ValueError(f"{what} is not a whole number in 0..{most}")
    return value
