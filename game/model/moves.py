"""Moves as small immutable values with a text form that round-trips, one kind per game.

>>> str(GolfMove.play(3)), GolfMove.parse('d') == GolfMove.DRAW
('p3', True)
>>> move = EightOffMove.parse('c0l3x1')
>>> move.src, move.dst, move.count, str(move)
(('column', 0), ('cell', 3), 1, 'c0l3x1')

The text form is also what a saved game's action log holds. A move also compares equal to its
plain form, which the solvers' searches produce and callers may pass instead: a GolfMove to its
column index (or 'draw'), an EightOffMove (a named tuple) to its (src, dst, count) tuple.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar

GOLF_COLUMNS = 7

Location = tuple[str, int]
#: A location's letter in the text form.
LOCATION_LETTERS = {"column": "c", "cell": "l", "foundation": "f"}
_LETTER_KINDS = {v: k for k, v in LOCATION_LETTERS.items()}

M = TypeVar("M", bound="Move")


class Move(Protocol):
    """What every game's move offers: a text form (`str(move)`) that `parse` reads back."""

    @classmethod
    def parse(cls: type[M], text: str) -> M: ...

    @classmethod
    def coerce(cls: type[M], value: Any) -> M: ...


class GolfMove:
    """Play the free card of a column (0..6) onto the waste, or draw from the stock (column None)."""

    __slots__ = ("_column",)
    _column: int | None
    DRAW: ClassVar[GolfMove]

    def __init__(self, column: int | None) -> None:
        if column is not None and (
            not isinstance(column, int) or isinstance(column, bool) or not 0 <= column < GOLF_COLUMNS
        ):
            raise ValueError(f"a Golf column is 0..{GOLF_COLUMNS - 1}, not {column!r}")
        object.__setattr__(self, "_column", column)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a move cannot be changed")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled (to the solver process and back) as its text form."""
        return GolfMove.parse, (str(self),)

    @classmethod
    def play(cls, column: int) -> GolfMove:
        return cls(column)

    @property
    def column(self) -> int | None:
        """The column whose free card is played; None for a draw."""
        return self._column

    @property
    def is_draw(self) -> bool:
        return self._column is None

    @classmethod
    def parse(cls, text: str) -> GolfMove:
        """'d' (draw) or 'p0' .. 'p6' (play that column); ValueError on anything else."""
        if text == "d":
            return cls.DRAW
        if isinstance(text, str) and len(text) == 2 and text[0] == "p" and text[1] in "0123456":
            return cls(int(text[1]))
        raise ValueError(f"not a Golf move: {text!r} (expected 'd' or 'p0' .. 'p6')")

    @classmethod
    def coerce(cls, value: Any) -> GolfMove:
        """A GolfMove from itself or from its plain forms: a column index, or 'draw'."""
        if isinstance(value, GolfMove):
            return value
        if value == "draw":
            return cls.DRAW
        if isinstance(value, int) and not isinstance(value, bool):
            return cls(value)
        raise ValueError(f"not a Golf move: {value!r}")

    def __str__(self) -> str:
        return "d" if self._column is None else f"p{self._column}"

    def __repr__(self) -> str:
        return f"GolfMove.parse({str(self)!r})"

    def _legacy(self) -> int | str:
        return "draw" if self._column is None else self._column

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GolfMove):
            return self._column == other._column
        if isinstance(other, (int, str)) and not isinstance(other, bool):
            return self._legacy() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._legacy())  # equal to its plain form, so it must hash like it

    def __index__(self) -> int:
        """A play stands for its column index wherever it indexes the columns (`columns[move]`)."""
        if self._column is None:
            raise TypeError("the draw has no column index")
        return self._column

    def __lt__(self, other: GolfMove) -> bool:
        """Plays in column order, then the draw (the order legal_moves lists them in)."""
        if not isinstance(other, GolfMove):
            return NotImplemented
        return _order(self) < _order(other)


def _order(move: GolfMove) -> int:
    return GOLF_COLUMNS if move.column is None else move.column


GolfMove.DRAW = GolfMove(None)


class EightOffMove(NamedTuple):
    """Move `count` cards from the top of src onto dst, as one action (one undo step)."""

    src: Location
    dst: Location
    count: int = 1  # type: ignore[assignment]  # (shadows tuple.count, which no move needs)

    @classmethod
    def parse(cls, text: str) -> EightOffMove:
        """The text form `<src><dst>x<count>`, a location being c (column), l (cell) or f
        (foundation) and its index: 'c0l3x1' is one card from column 1 to cell 4."""
        try:
            head, count = text.split("x")
            if len(head) != 4 or not (head[1].isdigit() and head[3].isdigit() and count.isdigit()):
                raise ValueError
            return cls((_LETTER_KINDS[head[0]], int(head[1])), (_LETTER_KINDS[head[2]], int(head[3])), int(count))
        except (KeyError, ValueError, AttributeError):
            raise ValueError(f"not an Eight Off move: {text!r} (e.g. 'c0l3x1')") from None

    @classmethod
    def coerce(cls, value: Any) -> EightOffMove:
        """An EightOffMove from itself or from a (src, dst, count) tuple."""
        if isinstance(value, EightOffMove):
            return value
        try:
            src, dst, count = value
            return cls(tuple(src), tuple(dst), count)  # the game checks the locations
        except (TypeError, ValueError):
            raise ValueError(f"not an Eight Off move: {value!r}") from None

    def __str__(self) -> str:
        (sk, si), (dk, di) = self.src, self.dst
        return f"{LOCATION_LETTERS[sk]}{si}{LOCATION_LETTERS[dk]}{di}x{self.count}"
