"""Piles and moves as small immutable values with a text form that round-trips, one kind per game.

>>> str(GolfMove.play(3)), GolfMove.parse('d') == GolfMove.DRAW
('p3', True)
>>> move = EightOffMove.parse('c0l3x1')
>>> move.src == Pile.column(0), move.dst == Pile.cell(3), move.count, str(move)
(True, True, 1, 'c0l3x1')

The text form is what a saved game's action log holds. A move equals only a move of the same
value: never a column index, 'draw' or a tuple. The solvers search with plain values of their
own and turn them into moves at their boundary (`coerce`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

if TYPE_CHECKING:  # a default (PEP 696): a bare SolitaireGame means SolitaireGame[Any]
    from typing_extensions import TypeVar

    M = TypeVar("M", bound="Move", default=Any)
else:
    from typing import TypeVar

    M = TypeVar("M", bound="Move")

GOLF_COLUMNS = 7


class Move(Protocol):
    """What every game's move offers: a text form (`str(move)`) that `parse` reads back, and
    `coerce` from the plain form a solver produces."""

    @classmethod
    def parse(cls: type[M], text: str) -> M: ...

    @classmethod
    def coerce(cls: type[M], value: Any) -> M: ...


class PileKind(StrEnum):
    """What kind of pile a Pile is. A StrEnum, so a kind equals (and hashes like) its old string
    form ('column'), which keeps `Pile` equal to the tuples `('column', 3)` older code passes."""

    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"

    @property
    def letter(self) -> str:
        """The kind's letter in the text form: c, l (cell) or f."""
        return _LETTERS[self]


_LETTERS = {PileKind.COLUMN: "c", PileKind.CELL: "l", PileKind.FOUNDATION: "f"}
_KINDS = {letter: kind for kind, letter in _LETTERS.items()}


class Pile(NamedTuple):
    """One pile of an Eight Off table: its kind and its index among the piles of that kind.

    A named tuple whose kind is a StrEnum, so `Pile.column(3) == ('column', 3)` with the same hash:
    code that still names piles by those tuples works unchanged.

    >>> str(Pile.cell(2)), Pile.parse('f1') == Pile.foundation(1)
    ('l2', True)
    """

    kind: PileKind
    index: int  # type: ignore[assignment]  # (shadows tuple.index, which no pile needs)

    @classmethod
    def column(cls, index: int) -> Pile:
        return cls(PileKind.COLUMN, index)

    @classmethod
    def cell(cls, index: int) -> Pile:
        return cls(PileKind.CELL, index)

    @classmethod
    def foundation(cls, index: int) -> Pile:
        return cls(PileKind.FOUNDATION, index)

    @classmethod
    def of(cls, value: Pile | tuple[str, int]) -> Pile:
        """A Pile from itself or from its older form, a (kind name, index) tuple; ValueError for
        anything else (whether the index exists is the game's question)."""
        if type(value) is Pile:
            return value
        try:
            kind, index = value
            if not isinstance(index, int) or isinstance(index, bool):
                raise ValueError
            return cls(PileKind(kind), index)
        except (TypeError, ValueError):
            raise ValueError(f"not a pile: {value!r}") from None

    @classmethod
    def parse(cls, text: str) -> Pile:
        """The text form: the kind's letter and a one-digit index ('c0', 'l7', 'f3')."""
        if isinstance(text, str) and len(text) == 2 and text[0] in _KINDS and text[1].isdigit():
            return cls(_KINDS[text[0]], int(text[1]))
        raise ValueError(f"not a pile: {text!r} (e.g. 'c0', 'l3', 'f1')")

    def __str__(self) -> str:
        return f"{self.kind.letter}{self.index}"


@dataclass(frozen=True, slots=True)
class GolfMove:
    """Play the free card of a column (0..6) onto the waste, or draw from the stock (column None)."""

    column: int | None
    DRAW: ClassVar[GolfMove]

    def __post_init__(self) -> None:
        column = self.column
        if column is not None and (
            not isinstance(column, int) or isinstance(column, bool) or not 0 <= column < GOLF_COLUMNS
        ):
            raise ValueError(f"a Golf column is 0..{GOLF_COLUMNS - 1}, not {column!r}")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled (to the solver process and back) as its text form."""
        return GolfMove.parse, (str(self),)

    @classmethod
    def play(cls, column: int) -> GolfMove:
        return cls(column)

    @property
    def is_draw(self) -> bool:
        return self.column is None

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
        """A GolfMove from itself or from the plain form the Golf solvers search with: a column
        index, or 'draw'."""
        if isinstance(value, GolfMove):
            return value
        if value == "draw":
            return cls.DRAW
        if isinstance(value, int) and not isinstance(value, bool):
            return cls(value)
        raise ValueError(f"not a Golf move: {value!r}")

    def __str__(self) -> str:
        return "d" if self.column is None else f"p{self.column}"

    def __repr__(self) -> str:
        return f"GolfMove.parse({str(self)!r})"

    def __lt__(self, other: GolfMove) -> bool:
        """Plays in column order, then the draw (the order legal_moves lists them in)."""
        if not isinstance(other, GolfMove):
            return NotImplemented
        return _order(self) < _order(other)


def _order(move: GolfMove) -> int:
    return GOLF_COLUMNS if move.column is None else move.column


GolfMove.DRAW = GolfMove(None)


@dataclass(frozen=True, slots=True)
class EightOffMove:
    """Move `count` cards from the top of src onto dst, as one action (one undo step)."""

    src: Pile
    dst: Pile
    count: int = 1

    def __post_init__(self) -> None:
        # Piles given in their older tuple form become Piles (the table scenes still name them so).
        if type(self.src) is not Pile:
            object.__setattr__(self, "src", Pile.of(self.src))
        if type(self.dst) is not Pile:
            object.__setattr__(self, "dst", Pile.of(self.dst))

    @classmethod
    def of(cls, src: Pile | tuple[str, int], dst: Pile | tuple[str, int], count: int = 1) -> EightOffMove:
        """A move between piles named as Piles or in their older (kind name, index) form."""
        return cls(Pile.of(src), Pile.of(dst), count)

    @classmethod
    def parse(cls, text: str) -> EightOffMove:
        """The text form `<src><dst>x<count>`, a pile being c (column), l (cell) or f
        (foundation) and its index: 'c0l3x1' is one card from column 1 to cell 4."""
        try:
            head, count = text.split("x")
            if len(head) != 4 or not count.isdigit():
                raise ValueError
            return cls(Pile.parse(head[:2]), Pile.parse(head[2:]), int(count))
        except (ValueError, AttributeError):
            raise ValueError(f"not an Eight Off move: {text!r} (e.g. 'c0l3x1')") from None

    @classmethod
    def coerce(cls, value: Any) -> EightOffMove:
        """An EightOffMove from itself or from the plain (src, dst, count) tuple of the solvers."""
        if isinstance(value, EightOffMove):
            return value
        try:
            src, dst, count = value
            return cls(Pile.of(src), Pile.of(dst), count)  # the game checks the piles exist
        except (TypeError, ValueError):
            raise ValueError(f"not an Eight Off move: {value!r}") from None

    def __str__(self) -> str:
        return f"{self.src}{self.dst}x{self.count}"
