"""What both games share: the bounded undo stack, the move counter, the action log and the JSON form.

A game is a start position plus the actions applied to it. Every action goes through `_push`, which
applies it and remembers how to reverse it exactly; `undo` pops. The JSON form stores the start
position and the action log (undos included) and rebuilds the game by replaying it, so a saved game
resumes with the same score, counter and undo history, and a tampered file cannot load.
"""
from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from typing import Any

from .cards import Card, to_card
from .errors import IllegalMove

UNDO_LIMIT = 100
JSON_FORMAT = 1


class SolitaireGame:
    """Base for GolfGame and EightOffGame: history, score, moves, status and persistence."""

    GAME_ID = ""

    def __init__(self) -> None:
        self._history: deque[Any] = deque(maxlen=UNDO_LIMIT)
        self._log: list[str] = []
        self._score = 0
        self._moves = 0
        self._status = "playing"
        #: The canonical deal code text (e.g. 'GO1-E-AAAAAFA'), None for a position built by from_layout.
        self.code: str | None = None

    # -- read-only state -------------------------------------------------------------------------
    @property
    def score(self) -> int:
        return self._score

    @property
    def moves(self) -> int:
        """Actions taken; undo never lowers it."""
        return self._moves

    @property
    def status(self) -> str:
        return self._status

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def undo_depth(self) -> int:
        return len(self._history)

    def position_key(self) -> str:
        """The position alone (cards where they are, not score or history): two games with equal
        keys have the same future, so a solver's line found for one is good for the other."""
        return json.dumps(self._position(), sort_keys=True, separators=(",", ":"))

    # -- the one door for changes ----------------------------------------------------------------
    def _push(self, action: Any, log_entry: str) -> None:
        """Apply an already-validated action, count it and remember how to take it back."""
        record = self._apply(action)
        self._history.append(record)
        self._log.append(log_entry)
        self._moves += 1

    def undo(self) -> None:
        """Take back the last action exactly (cards, score, status); the move counter stays."""
        if not self._history:
            raise IllegalMove("nothing-to-undo")
        self._reverse(self._history.pop())
        self._log.append("u")

    def _apply(self, action: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _reverse(self, record: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- persistence -----------------------------------------------------------------------------
    def _start_position(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _position(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _replay(self, entry: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_json(self) -> str:
        """Everything needed to resume exactly: start position, action log, and the resulting state."""
        return json.dumps({
            "format": JSON_FORMAT,
            "game": self.GAME_ID,
            "code": self.code,
            "start": self._start,
            "log": list(self._log),
            "state": {"score": self._score, "moves": self._moves, "status": self._status,
                      "position": self._position()},
        }, separators=(",", ":"))

    @classmethod
    def _layout_from_start(cls, start: dict) -> SolitaireGame:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def from_code(cls, code: Any) -> SolitaireGame:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def _from_start(cls, start: dict, code: Any) -> SolitaireGame:
        """The saved start position; for a dealt game it must be exactly the deal its code names."""
        layout = cls._layout_from_start(start)
        if code is None:
            return layout
        game = cls.from_code(code)
        if game._start != layout._start:
            raise ValueError(f"the start position is not the deal {code}")
        return game

    @classmethod
    def from_json(cls, text: str) -> SolitaireGame:
        """Rebuild a saved game; ValueError with a clear message on anything malformed or inconsistent."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"saved game is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise ValueError("saved game has an unknown format")
        if data.get("game") != cls.GAME_ID:
            raise ValueError(f"saved game is not a {cls.GAME_ID} game")
        try:
            game = cls._from_start(data["start"], data.get("code"))
            log = data["log"]
            if not isinstance(log, list):
                raise ValueError("the action log must be a list")
            for entry in log:
                if not isinstance(entry, str):
                    raise ValueError(f"bad action {entry!r}")
                if entry == "u":
                    game.undo()
                else:
                    game._replay(entry)
            state = data["state"]
            expected = {"score": game._score, "moves": game._moves, "status": game._status,
                        "position": game._position()}
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
                raise ValueError(f"saved game is inconsistent: {key} is {state.get(key)!r}, "
                                 f"but its moves give {value!r}")
        return game


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
    return [str(c) for c in cards]
