"""Piles, what a point on the table hits, and moves as small immutable values with a text form that
round-trips, one kind of move per game.

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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

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
    """What kind of pile a Pile is. Its value is the kind's name in words ('column')."""

    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"
    STOCK = "stock"
    WASTE = "waste"

    @property
    def letter(self) -> str:
        """The kind's letter in the text form: c, l (cell), f, s (stock) or w (waste)."""
        return _LETTERS[self]


_LETTERS = {
    PileKind.COLUMN: "c",
    PileKind.CELL: "l",
    PileKind.FOUNDATION: "f",
    PileKind.STOCK: "s",
    PileKind.WASTE: "w",
}
_KINDS = {letter: kind for kind, letter in _LETTERS.items()}
_EIGHTOFF_KINDS = (PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION)  # (no stock, no waste)


@dataclass(frozen=True, slots=True)
class Pile:
    """One pile of a table: its kind and its index among the piles of that kind (a Golf table's
    stock and waste are index 0). A value of its own: it equals only a Pile, never a tuple.

    >>> str(Pile.cell(2)), Pile.parse('f1') == Pile.foundation(1), Pile.column(3) == ('column', 3)
    ('l2', True, False)
    """

    kind: PileKind
    index: int

    def __post_init__(self) -> None:
        if type(self.kind) is not PileKind or type(self.index) is not int:
            raise TypeError(f"a Pile is a PileKind and an int, not {self.kind!r}, {self.index!r}")

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
    def stock(cls) -> Pile:
        return cls(PileKind.STOCK, 0)

    @classmethod
    def waste(cls) -> Pile:
        return cls(PileKind.WASTE, 0)

    @classmethod
    def parse(cls, text: str) -> Pile:
        """The text form: the kind's letter and a one-digit index ('c0', 'l7', 'f3')."""
        if isinstance(text, str) and len(text) == 2 and text[0] in _KINDS and text[1].isdigit():
            return cls(_KINDS[text[0]], int(text[1]))
        raise ValueError(f"not a pile: {text!r} (e.g. 'c0', 'l3', 'f1')")

    def __str__(self) -> str:
        return f"{self.kind.letter}{self.index}"


@dataclass(frozen=True, slots=True)
class Hit:
    """What a point on the table falls on: a pile and, on a column, the row of the card under it
    (0 the bottom card, -1 an empty column's outline); None for the other piles."""

    pile: Pile
    row: int | None = None


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
        if type(self.src) is not Pile or type(self.dst) is not Pile:
            raise TypeError(f"an Eight Off move goes between two Piles, not {self.src!r} and {self.dst!r}")

    @classmethod
    def parse(cls, text: str) -> EightOffMove:
        """The text form `<src><dst>x<count>`, a pile being c (column), l (cell) or f
        (foundation) and its index: 'c0l3x1' is one card from column 1 to cell 4."""
        try:
            head, count = text.split("x")
            if len(head) != 4 or not count.isdigit():
                raise ValueError
            src, dst = Pile.parse(head[:2]), Pile.parse(head[2:])
            if src.kind not in _EIGHTOFF_KINDS or dst.kind not in _EIGHTOFF_KINDS:
                raise ValueError
            return cls(src, dst, int(count))
        except (ValueError, AttributeError):
            raise ValueError(f"not an Eight Off move: {text!r} (e.g. 'c0l3x1')") from None

    @classmethod
    def coerce(cls, value: Any) -> EightOffMove:
        """An EightOffMove from itself or from the plain (src, dst, count) tuple of the solvers."""
        if isinstance(value, EightOffMove):
            return value
        try:
            src, dst, count = value
            return cls(_solver_pile(src), _solver_pile(dst), count)  # the game checks the piles exist
        except (TypeError, ValueError):
            raise ValueError(f"not an Eight Off move: {value!r}") from None

    def __str__(self) -> str:
        return f"{self.src}{self.dst}x{self.count}"


def _solver_pile(value: Any) -> Pile:
    """A Pile from the plain (kind name, index) pair the Eight Off solver searches with, or a Pile."""
    if type(value) is Pile:
        return value
    kind, index = value
    return Pile(PileKind(kind), index)
