"""Playing cards as small immutable values with a two-letter text form that round-trips.

>>> Card.parse('ts')
Card(rank=10, suit='S')
>>> str(Card(1, 'H')), Card(10, 'S').label
('AH', '10♠')
>>> Card.parse('x2').is_joker, str(JOKERS[0])
(True, 'X1')

Jokers (Golf's `jokers` rule) are cards of rank 0 whose "suit" is their number, 1 or 2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import FrozenInstanceError

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # also the foundation order
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_RANK = 0
JOKER_NUMBERS = "12"  # a joker's "suit": X1 and X2


class Card:
    """A card: rank 1 (Ace) .. 13 (King), suit one of S H D C, or a joker (rank 0, "suit" 1 or 2).
    Frozen, ordered by (rank, suit), hashable.

    There is exactly one object per card: `Card(10, 'S')` is `Card.parse('TS')`, and copies and
    unpickled cards are that object too (they go through the constructor). So equality and hashing
    are identity's, done in C: a search or a board hashes cards millions of times, and a dataclass's
    hash builds a tuple in a Python method each time.
    """

    __slots__ = ("rank", "suit", "code")
    __match_args__ = ("rank", "suit")
    rank: int
    suit: str
    code: str  # the two-letter form (`TS`, `X1`), made once: saves, keys and images name cards by it

    def __new__(cls, rank: int, suit: str) -> Card:
        card = _CARDS.get((rank, suit)) if type(rank) is int and type(suit) is str else None
        if card is None:
            if rank == JOKER_RANK and type(rank) is int:
                raise ValueError(f"a joker's number is 1 or 2, not {suit!r}")
            if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
                raise ValueError(f"rank must be 1..13, not {rank!r}")
            if not isinstance(suit, str) or suit not in SUITS or len(suit) != 1:
                raise ValueError(f"suit must be one of S H D C, not {suit!r}")
            card = _CARDS[(int(rank), str(suit))]
        return card

    @classmethod
    def _new(cls, rank: int, suit: str) -> Card:
        """Make the one object of a card (only while the deck is built, below)."""
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", ("X" if rank == JOKER_RANK else RANKS[rank - 1]) + suit)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"

    def __lt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __le__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) <= (other.rank, other.suit)

    def __gt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) > (other.rank, other.suit)

    def __ge__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) >= (other.rank, other.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the two-letter form (`TS`, `ah`, `X1` for a joker); ValueError on anything else."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written as two letters like 'TS', not {text!r}")
        t = text.strip().upper()
        if len(t) == 2 and t[0] == "X" and t[1] in JOKER_NUMBERS:
            return cls(JOKER_RANK, t[1])
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise ValueError(f"not a card: {text!r} (expected rank A23456789TJQK and suit SHDC, e.g. 'TS')")
        return cls(RANKS.index(t[0]) + 1, t[1])

    def __str__(self) -> str:
        return self.code

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def label(self) -> str:
        """The display form, e.g. `10♠` (a joker's, `★1`, is for logs: screens name it in words)."""
        if self.rank == JOKER_RANK:
            return "★" + self.suit
        return RANK_LABELS[self.rank - 1] + SUIT_SYMBOLS[self.suit]


_CARDS: dict[tuple[int, str], Card] = {(r, s): Card._new(r, s) for s in SUITS for r in range(1, 14)}
_CARDS.update({(JOKER_RANK, n): Card._new(JOKER_RANK, n) for n in JOKER_NUMBERS})
FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
JOKERS: tuple[Card, ...] = tuple(Card(JOKER_RANK, n) for n in JOKER_NUMBERS)


def to_card(value: Card | str) -> Card:
    """Accept a Card or its two-letter form (positions built by tests, puzzles and the solver)."""
    if isinstance(value, Card):
        return value
    return Card.parse(value)


def check_distinct(cards: Iterable[Card]) -> None:
    """Refuse a position that holds a card twice."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"card {c} appears twice")
        seen.add(c)
