"""What both games share in play: the move stack, the bounded undo and redo, the move counter.

A game is a start position plus the moves applied to it. Every change goes through one door,
`push(move)`, which checks the move once, applies it and remembers how to reverse it exactly;
`pop()` takes the last one back. `move_stack` is the line from the deal to now (an undo pops it).
A redo is no third door: `redo()` pushes again the move the last undo popped, so it counts as a move;
the moves undone wait in `redo_moves` until a different move is made.

The saved forms are base.py's (SolitaireGame) and compact.py's; this class is what they read.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .cards import Card
from .errors import IllegalMove
from .limits import UNDO_LIMIT
from .moves import M

G = TypeVar("G", bound="GameCore[Any]")
#: A saved position or start position, as JSON holds it.
Position = dict[str, Any]


class GameCore(Generic[M]):
    """A game of move type M: moves, history, score and status (SolitaireGame adds its saved form)."""

    GAME_ID: ClassVar[str] = ""
    #: The game's move type (GolfMove or EightOffMove): parse, coerce and the text form.
    MOVE: type[M]

    def __init__(self) -> None:
        self._history: deque[tuple[M, Any]] = deque(maxlen=UNDO_LIMIT)  # (move, how to reverse it)
        self._stack: list[M] = []  # the moves from the deal to now
        self._redo: list[M] = []  # the moves undone since the last new move (the next redo last)
        self._log: list[str] = []
        self._start: Position = {}
        self._whole_log = True  # the log goes back to the deal (not after a compact save)
        self._base: Position | None = None  # where the move stack starts, when not at the deal (compact.py)
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
    def redo_moves(self) -> Sequence[M]:
        """The moves a redo would make again, the next one first: those undone since the last new
        move (a move that is not the next redo forgets them)."""
        return tuple(reversed(self._redo))

    @property
    def move_stack(self) -> Sequence[M]:
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
    def legal_moves(self) -> list[M]:  # pragma: no cover - abstract
        raise NotImplementedError

    def refusal(self, move: M) -> IllegalMove | None:
        """Why the rules refuse `move` now (the exception push would raise, with its details), or
        None when it is allowed. A value that is not this game's move raises ValueError."""
        return self._refusal(self._checked(move))

    def _checked(self, move: object) -> M:
        """`move`, when it is this game's kind of move (a plain int, string or tuple is not)."""
        if not isinstance(move, self.MOVE):
            raise ValueError(f"not a {self.GAME_ID} move: {move!r}")
        return move

    def _refusal(self, move: M) -> IllegalMove | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def is_legal(self, move: M) -> bool:
        return self.refusal(move) is None

    def finish_line(self) -> tuple[M, ...]:
        """The moves that end the game now with nothing but moves to the foundations, when every card
        left can get there that way (the table's Finish button); empty when some card needs another
        move first. A game without foundations (Golf) never has one."""
        return ()

    # -- the one door for changes ----------------------------------------------------------------
    def push(self, move: M) -> None:
        """Make a move; IllegalMove with the reason if the rules refuse it, and then nothing changed."""
        refused = self._refusal(self._checked(move))
        if refused is not None:
            raise refused
        self._push(move)

    def _push(self, move: M) -> None:
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

    def pop(self) -> M:
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

    def redo(self) -> M:
        """Make again the move the last undo took back, through push (a redo counts as a move) and
        return it; IllegalMove('nothing-to-redo') when no undo is waiting to be redone. The save
        holds nothing more for it: its log replays the same pushes and pops, so the redos come back too."""
        if not self._redo:
            raise IllegalMove("nothing-to-redo")
        move = self._redo[-1]
        self.push(move)
        return move

    def _apply(self, move: M) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _reverse(self, record: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _score_since(self: G, start: G) -> int:  # pragma: no cover - abstract
        """The score of this position reached from `start`'s by moves (a compact save's line start);
        ValueError when no moves lead from there to here."""
        raise NotImplementedError

    # -- positions -------------------------------------------------------------------------------
    def root(self: G) -> G:
        """A fresh game at this game's start position (same deal code), with no history."""
        return type(self)._from_start(self._start, self.code)

    def _position(self) -> Position:  # pragma: no cover - abstract
        raise NotImplementedError

    def _state(self) -> dict[str, Any]:
        """What a saved form's replay must come to (a tampered file cannot load)."""
        return {"score": self._score, "moves": self._moves, "status": self._status, "position": self._position()}

    @classmethod
    def _layout_from_start(cls: type[G], start: Position) -> G:  # pragma: no cover - abstract
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
    def _from_start(cls: type[G], start: Position, code: Any) -> G:
        """The saved start position; for a dealt game it must be exactly the deal its code names."""
        layout = cls._layout_from_start(start)
        if code is None:
            return layout
        game = cls.from_code(code)
        if game._start != layout._start:
            raise ValueError(f"the start position is not the deal {code}")
        return game
