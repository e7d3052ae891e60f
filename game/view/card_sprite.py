"""A card on the table as the board moves and draws it: where it is, how far it has turned, lifted
or shaken, and what the layout asks of it (Target)."""

from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from ..model.cards import Card
from .glow import HINT

SHAKE_TIME = 0.35
FLIP_STEPS = 10  # a flipping card is drawn at one of this many widths


class Target(NamedTuple):
    """Where the layout wants a card: top-left corner, face up or down, stacking order. (A layout
    makes one for every card at every move: a named tuple is made in about half the time a frozen
    dataclass takes.)"""

    pos: tuple[float, float]
    face_up: bool
    z: int


class CardSprite:
    """One card on the table. `pos` is tweened; `turn` runs 0 → 1 while it flips over; `lift` runs
    0 → 1 as a drag picks it up and back to 0 as it settles (drawn raised, over a shadow)."""

    __slots__ = (
        "card",
        "pos",
        "face_up",
        "z",
        "turn",
        "shake",
        "glow",
        "dim",
        "dragging",
        "flying",
        "lift",
        "drawn_key",
        "drawn_rect",
        "drawn_at",
    )

    def __init__(self, card: Card, pos: tuple[float, float], face_up: bool, z: int) -> None:
        self.card = card
        self.pos = pos
        self.face_up = face_up
        self.z = z
        self.turn = 1.0
        self.shake = 0.0  # seconds of shaking left
        self.glow = 0
        self.dim = False  # drawn darker: a pile that cannot be used now (the strict draw's stock)
        self.dragging = False
        self.flying = False
        self.lift = 0.0
        self.drawn_key: tuple | None = None
        self.drawn_rect: pygame.Rect | None = None  # what painting it covers (its glow too)
        self.drawn_at: pygame.Rect | None = None  # where the card itself was drawn then

    def offset_x(self, card_w: int) -> int:
        if self.shake <= 0:
            return 0
        t = SHAKE_TIME - self.shake
        return int(round(card_w * 0.07 * math.sin(t * 40.0) * (self.shake / SHAKE_TIME)))


def _glowing(s: CardSprite) -> bool:
    """Whether the sprite's glow is painted (not while it turns or is lifted; a face-down card only
    for a hint)."""
    return bool(s.glow) and s.turn >= 1.0 and s.lift <= 0 and (s.face_up or s.glow == HINT)


def _flip_step(s: CardSprite) -> int:
    """Which of the FLIP_STEPS widths a turning card shows now; -1 when it is not turning (also
    while it waits, at turn 0, for its flip to begin: it shows its old side at full width)."""
    if s.turn >= 1.0 or s.turn <= 0.0:
        return -1
    return min(FLIP_STEPS - 1, int(abs(math.cos(math.pi * s.turn)) * FLIP_STEPS))
