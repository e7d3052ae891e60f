"""What both games share: the saved forms (base of GolfGame and EightOffGame).

The JSON form stores the start position and the action log (each move's text, 'u' for an undo) and
rebuilds the game by replaying it, so a saved game resumes with the same score, counter and undo
history, and a tampered file cannot load. A game whose log would be too long to save has a compact
form too (compact.py): its line, its undo and redo moves and its counter, with the same result.
Play itself (moves, undo, redo) is core.py's GameCore.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeVar

from . import compact
from .cards import Card, to_card
from .compact import parse_action
from .core import GameCore
from .errors import IllegalMove
from .limits import COMPACT_FORMAT, JSON_FORMAT, MAX_JSON_TEXT
from .limits import COMPACT_LINE as COMPACT_LINE
from .limits import MAX_MOVES as MAX_MOVES
from .limits import UNDO_LIMIT as UNDO_LIMIT
from .moves import M

G = TypeVar("G", bound="SolitaireGame[Any]")


class SolitaireGame(GameCore[M]):
    """Base for GolfGame and EightOffGame: GameCore's play, and the saved forms."""

    # -- copies ----------------------------------------------------------------------------------
    def line_root(self: G) -> G:
        """A fresh game where `move_stack` starts: the deal (`root()`), or the position a compact
        save kept its line from."""
        deal = self.root()
        return deal if self._base is None else compact.at_base(deal, self._base)

    def copy(self: G) -> G:
        """An independent copy with the same start, history, score and counter (of a game of any
        length: the reader's limit is for files, not for the game's own copies)."""
        return type(self)._from_data(json.loads(self.to_json()))

    # -- persistence -----------------------------------------------------------------------------
    def to_json(self, limit: int | None = None) -> str:
        """Everything needed to resume exactly: the start position and the action log; or, when that
        text would be longer than `limit` or the game's log no longer goes back to the deal, the
        compact form (compact.py), which resumes the same game with its undo and redo."""
        # each action takes at least 4 characters ('"d",'): a log that cannot fit is not written out
        if self._whole_log and (limit is None or 4 * len(self._log) <= limit):
            text = json.dumps(
                {
                    "format": JSON_FORMAT,
                    "game": self.GAME_ID,
                    "code": self.code,
                    "start": self._start,
                    "log": list(self._log),
                    "state": self._state(),
                },
                separators=(",", ":"),
            )
            if limit is None or len(text) <= limit:
                return text
        return json.dumps(compact.compact_data(self), separators=(",", ":"))

    @classmethod
    def from_json(cls: type[G], text: str) -> G:
        """Rebuild a saved game (either form); ValueError with a clear message on anything malformed
        or inconsistent (also a text too long or nested too deep to be a saved game)."""
        return cls._from_data(_load_json(text))

    @classmethod
    def _from_data(cls: type[G], data: Any) -> G:
        if not isinstance(data, dict) or data.get("format") not in (JSON_FORMAT, COMPACT_FORMAT):
            raise ValueError("saved game has an unknown format")
        if data.get("game") != cls.GAME_ID:
            raise ValueError(f"saved game is not a {cls.GAME_ID} game")
        try:
            game = cls._replay(data) if data["format"] == JSON_FORMAT else compact.from_compact(cls, data)
            state, expected = data["state"], game._state()
        except ValueError as exc:
            raise ValueError(f"saved game is inconsistent: {exc}") from None
        except IllegalMove as exc:
            raise ValueError(f"saved game replays an illegal action ({exc.reason})") from None
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"saved game is malformed: {type(exc).__name__} {exc}") from None
        if not isinstance(state, dict):
            raise ValueError("saved game is malformed: no state")
        for key, value in expected.items():
            if state.get(key) != value:
                raise ValueError(
                    f"saved game is inconsistent: {key} is {state.get(key)!r}, but its moves give {value!r}"
                )
        return game

    @classmethod
    def _replay(cls: type[G], data: dict[str, Any]) -> G:
        """The full form: the deal, and every action of the log done again."""
        game = cls._from_start(data["start"], data.get("code"))
        log = data["log"]
        if not isinstance(log, list):
            raise ValueError("the action log must be a list")
        for entry in log:
            if not isinstance(entry, str):
                raise ValueError(f"bad action {entry!r}")
            if entry == "u":
                game.pop()
            else:
                game.push(parse_action(cls.MOVE, entry))
        return game


def _load_json(text: Any) -> Any:
    """json.loads for a saved game's text, refusing what no saved game looks like (RecursionError
    on deep nesting is a ValueError here, like any other unreadable text)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError("saved game is not valid JSON: not a text")
    if len(text) > MAX_JSON_TEXT:
        raise ValueError(f"saved game is not valid JSON: longer than {MAX_JSON_TEXT} characters")
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"saved game is not valid JSON: {exc}") from None


def card_list(values: Iterable[Any], what: str) -> list[Card]:
    """Cards from Card objects or two-letter strings, with the pile named in the error."""
    if isinstance(values, (str, bytes)) or values is None:
        raise ValueError(f"{what} must be a list of cards")
    out = []
    for v in values:
        try:
            out.append(to_card(v))
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    return out


def card_strings(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]
