"""Geometry both tables share: the HUD band, margins and card sizes, computed from the window size,
and the one interface every game's layout offers (TableLayout), so a table, a Help example or a
benchmark lays out any game the same way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from ..ui.design import design_for
from .card_sprite import Target

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame
    from ..model.cards import Card

CARD_RATIO = 1.4  # height / width, the sprites' 5:7


def hud_height(size: tuple[int, int]) -> int:
    """The top band's height: the design's band of the window's layout class (game/ui/design.py)."""
    return design_for(size).band


def margin(size: tuple[int, int]) -> int:
    return max(6, int(min(size) * 0.018))


def fit_card(width_per_card: float, height_per_card: float) -> tuple[int, int]:
    """The largest card (w, h) at CARD_RATIO that fits both budgets."""
    w = int(min(width_per_card, height_per_card / CARD_RATIO))
    w = max(24, w)
    return w, int(round(w * CARD_RATIO))


def fan_offset(card_h: int, count: int, room: int, preferred: float) -> int:
    """Vertical step between stacked cards: `preferred`·card_h, squeezed so `count` cards fit in `room`."""
    step = int(card_h * preferred)
    if count > 1 and card_h + (count - 1) * step > room:
        step = max(2, (room - card_h) // (count - 1))
    return step


def fanned_targets(
    out: dict[Card, Target], heads: Sequence[pygame.Rect], columns: Sequence[Sequence[Card]], step: Callable[[int], int]
) -> None:
    """Each column's cards, face up, fanned down from its head `step(its count)` apart, stacked
    by row, into `out`. (A layout places every card at every move: the step once per column, not
    once per card.)"""
    for head, pile in zip(heads, columns):
        if pile:
            x, y, dy = head.x, head.y, step(len(pile))
            for row, card in enumerate(pile):
                out[card] = Target((x, y + row * dy), True, row)


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """The part of the window below the HUD."""
    hud = hud_height(size)
    return pygame.Rect(0, hud, size[0], size[1] - hud)


class TableLayout(Protocol):
    """A game's geometry at one window size (GolfLayout, EightOffLayout; the registry names which)."""

    card_w: int
    card_h: int

    @property
    def card_size(self) -> tuple[int, int]: ...

    def place(self, game: SolitaireGame) -> dict[Card, Target]:
        """Where every card of the game goes now (the board's sprites tween there)."""
        ...

    def slots(self) -> list[pygame.Rect]:
        """The empty-pile outlines painted on the felt."""
        ...

    def suit_slots(self) -> list[tuple[str, pygame.Rect]]:
        """Piles marked faintly with the suit they take (foundations), none in Golf."""
        ...

    def slot_labels(self) -> list[tuple[str, pygame.Rect]]:
        """Piles marked with a word (to translate): Eight Off's free cells, none in Golf."""
        ...

    def slot_groups(self) -> list[pygame.Rect]:
        """Frames around piles of one kind that share a row with another kind (Eight Off's cells
        and foundations in one row), so the two groups tell apart; none in Golf."""
        ...

    def message_box(self, game: SolitaireGame, font_size: int) -> pygame.Rect:
        """Where a message goes, clear of the cards."""
        ...

    def fits(self, game: SolitaireGame) -> bool:
        """Whether this layout is still right for `game` (a new cell count needs another)."""
        ...

    def step(self, count: int) -> int:
        """The offset between the cards of a column of `count` cards (its fan)."""
        ...
