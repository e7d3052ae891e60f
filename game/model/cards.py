"""Playing cards as small immutable values with a two-letter text form that round-trips.

>>> Card.parse('ts')
Card(rank=10, suit='S')
>>> str(Card(1, 'H')), Card(10, 'S').label
('AH', '10♠')
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # also the foundation order
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass(frozen=True, order=True)
class Card:
    """A card: rank 1 (Ace) .. 13 (King), suit one of S H D C."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or isinstance(self.rank, bool) or not 1 <= self.rank <= 13:
            raise ValueError(f"rank must be 1..13, not {self.rank!r}")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise ValueError(f"suit must be one of S H D C, not {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the two-letter form (`TS`, `ah`); ValueError on anything else."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written as two letters like 'TS', not {text!r}")
        t = text.strip().upper()
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise ValueError(f"not a card: {text!r} (expected rank A23456789TJQK and suit SHDC, e.g. 'TS')")
        return cls(RANKS.index(t[0]) + 1, t[1])

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def label(self) -> str:
        """The display form, e.g. `10♠`."""
        return RANK_LABELS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in "HD"


FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))


def to_card(value: Card | str) -> Card:
    """Accept a Card or its two-letter form (positions built by tests, puzzles and the solver)."""
    if isinstance(value, Card):
        return value
    return Card.parse(value)


def to_cards(values: Iterable[Card | str]) -> list[Card]:
    return [to_card(v) for v in values]


def check_distinct(cards: Iterable[Card]) -> None:
    """Refuse a position that holds a card twice."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"card {c} appears twice")
        seen.add(c)
