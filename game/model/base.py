"""What both games share: the move stack, the bounded undo, the move counter and the JSON form.

A game is a start position plus the moves applied to it. Every change goes through one door,
`push(move)`, which checks the move once, applies it and remembers how to reverse it exactly;
`pop()` takes the last one back. `move_stack` is the line from the deal to now (an undo pops it).
A redo is no third door: `redo()` pushes again the move the last undo popped, so it counts as a move;
the moves undone wait in `redo_moves` until a different move is made.
The JSON form stores the start position and the action log (each move's text, 'u' for an undo) and
rebuilds the game by replaying it, so a saved game resumes with the same score, counter and undo
history, and a tampered file cannot load. A game whose log would be too long to save has a compact
form too (compact.py): its line, its undo and redo moves and its counter, with the same result.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, TypeVar

from . import compact
from .cards import Card, to_card
from .compact import parse_action
from .errors import IllegalMove
from .limits import COMPACT_FORMAT, JSON_FORMAT, MAX_JSON_TEXT, UNDO_LIMIT
from .limits import COMPACT_LINE as COMPACT_LINE
from .limits import MAX_MOVES as MAX_MOVES

G = TypeVar("G", bound="SolitaireGame")


class SolitaireGame:
    """Base for GolfGame and EightOffGame: moves, history, score, status and persistence."""

    GAME_ID: ClassVar[str] = ""
    #: The game's move type (GolfMove or EightOffMove): parse, coerce and the text form.
    MOVE: ClassVar[Any] = None

    def __init__(self) -> None:
        self._history: deque[tuple[Any, Any]] = deque(maxlen=UNDO_LIMIT)  # (move, how to reverse it)
        self._stack: list[Any] = []  # the moves from the deal to now
        self._redo: list[Any] = []  # the moves undone since the last new move (the next redo last)
        self._log: list[str] = []
        self._start: dict = {}
        self._whole_log = True  # the log goes back to the deal (not after a compact save)
        self._base: dict | None = None  # where the move stack starts, when not at the deal (compact.py)
        self._score = 0
        self._moves = 0
        self._status = "playing"
        #: The canonical deal code text (e.g. 'GO1-E-AAAAAFA'), None for a position built by from_layout.
        self.code: str | None = None

    # -- read-only state -------------------------------------------------------------------------
    @property
    def kind_id(self) -> str:  # pragma: no cover - abstract
        """The registry id of this game's kind and options, e.g. 'golf-easy' or 'eightoff-4'."""
        raise NotImplementedError

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

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_moves(self) -> Sequence[Any]:
        """The moves a redo would make again, the next one first: those undone since the last new
        move (a move that is not the next redo forgets them)."""
        return tuple(reversed(self._redo))

    @property
    def move_stack(self) -> Sequence[Any]:
        """The moves from the deal to the current position, oldest first (an undo pops the last).
        After a compact save of a line too long to keep whole, from `line_root()` instead."""
        return tuple(self._stack)

    @property
    def line_from_deal(self) -> bool:
        """Whether `move_stack` starts at the deal (always but after a compact save of a line too
        long to keep whole: then it starts at `line_root()`)."""
        return self._base is None

    @property
    def action_log(self) -> Sequence[str]:
        """Everything done since the deal as text: each move's text form, 'u' for an undo. A game
        resumed from a compact save has the moves of its line and what was done since."""
        return tuple(self._log)

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:  # pragma: no cover - abstract
        """The tableau (both games deal into columns); index -1 of a column is its free card."""
        raise NotImplementedError

    def cards(self) -> list[Card]:  # pragma: no cover - abstract
        """Every card of the game, wherever it lies (each exactly once)."""
        raise NotImplementedError

    def position_key(self) -> str:
        """The position alone (cards where they are, not score or history): two games with equal
        keys have the same future, so a solver's line found for one is good for the other."""
        return json.dumps(self._position(), sort_keys=True, separators=(",", ":"))

    # -- rules (each game provides _refusal and legal_moves) ---------------------------------------
    def legal_moves(self) -> list[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def refusal(self, move: Any) -> IllegalMove | None:
        """Why the rules refuse `move` now (the exception push would raise, with its details), or
        None when it is allowed. A value of the wrong shape raises ValueError."""
        return self._refusal(self.MOVE.coerce(move))

    def _refusal(self, move: Any) -> IllegalMove | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def is_legal(self, move: Any) -> bool:
        return self.refusal(move) is None

    def finish_line(self) -> tuple[Any, ...]:
        """The moves that end the game now with nothing but moves to the foundations, when every card
        left can get there that way (the table's Finish button); empty when some card needs another
        move first. A game without foundations (Golf) never has one."""
        return ()

    # -- the one door for changes ----------------------------------------------------------------
    def push(self, move: Any) -> None:
        """Make a move (a Move, or its plain form); IllegalMove with the reason if the rules refuse
        it, and then nothing changed."""
        move = self.MOVE.coerce(move)
        refused = self._refusal(move)
        if refused is not None:
            raise refused
        self._push(move)

    def _push(self, move: Any) -> None:
        """Apply an already-checked move, count it and remember how to take it back. The move the
        next redo would make is that redo; any other move is a new line and forgets the redos."""
        self._history.append((move, self._apply(move)))
        self._stack.append(move)
        self._log.append(str(move))
        self._moves += 1
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()

    def pop(self) -> Any:
        """Take back the last move exactly (cards, score, status) and return it; the move counter
        stays. IllegalMove('nothing-to-undo') when the undo history is empty (it keeps 100 steps)."""
        if not self._history:
            raise IllegalMove("nothing-to-undo")
        move, record = self._history.pop()
        self._reverse(record)
        self._stack.pop()
        self._log.append("u")
        self._redo.append(move)
        return move

    def undo(self) -> None:
        """pop(), for callers that do not need the move."""
        self.pop()

    def redo(self) -> Any:
        """Make again the move the last undo took back, through push (a redo counts as a move) and
        return it; IllegalMove('nothing-to-redo') when no undo is waiting to be redone. The save
        holds nothing more for it: its log replays the same pushes and pops, so the redos come back too."""
        if not self._redo:
            raise IllegalMove("nothing-to-redo")
        move = self._redo[-1]
        self.push(move)
        return move

    def _apply(self, move: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _reverse(self, record: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _score_since(self: G, start: G) -> int:  # pragma: no cover - abstract
        """The score of this position reached from `start`'s by moves (a compact save's line start);
        ValueError when no moves lead from there to here."""
        raise NotImplementedError

    # -- copies ----------------------------------------------------------------------------------
    def root(self: G) -> G:
        """A fresh game at this game's start position (same deal code), with no history."""
        return type(self)._from_start(self._start, self.code)

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
    def _position(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _state(self) -> dict:
        """What a saved form's replay must come to (a tampered file cannot load)."""
        return {"score": self._score, "moves": self._moves, "status": self._status, "position": self._position()}

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
    def _layout_from_start(cls: type[G], start: dict) -> G:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def from_layout(cls: type[G], *piles: Any, **named: Any) -> G:  # pragma: no cover - abstract
        """Any position of this game (tests, puzzles, the solver, Help's examples); each game names
        its own piles (Golf: columns, waste, stock, rule; Eight Off: columns, cells, foundations)."""
        raise NotImplementedError

    @classmethod
    def from_code(cls: type[G], code: Any) -> G:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def _from_start(cls: type[G], start: dict, code: Any) -> G:
        """The saved start position; for a dealt game it must be exactly the deal its code names."""
        layout = cls._layout_from_start(start)
        if code is None:
            return layout
        game = cls.from_code(code)
        if game._start != layout._start:
            raise ValueError(f"the start position is not the deal {code}")
        return game

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
    def _replay(cls: type[G], data: dict) -> G:
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
