"""The glow around a card: gold for a playable card, light blue for the hint's. Made once per card
size and kind, and kept as the strips around the card that show: the card's opaque inside covers
the rest."""

from __future__ import annotations

import pygame

from .card_face import corner_radius

PLAYABLE, HINT = 1, 2  # a sprite's glow: none (0), a playable card (gold), a hint (light blue)
GLOW_COLOURS = {PLAYABLE: (255, 226, 110), HINT: (120, 225, 255)}

_GLOWS: dict[tuple[int, int, int], pygame.Surface] = {}
_RINGS: dict[tuple[int, int, int], list[tuple[pygame.Surface, tuple[int, int]]]] = {}


def glow_pad(card_w: int) -> int:
    """How far a glow reaches beyond its card (a drawn card's rectangle includes it)."""
    return max(3, card_w // 14)


def glow_image(kind: int, card_w: int, card_h: int) -> pygame.Surface:
    """A card's glow of one kind, shared by every board with that card size (one size at a time)."""
    key = (kind, card_w, card_h)
    surf = _GLOWS.get(key)
    if surf is None:
        if any(k[1:] != key[1:] for k in _GLOWS):
            _GLOWS.clear()
            _RINGS.clear()
        g = glow_pad(card_w)
        surf = pygame.Surface((card_w + 2 * g, card_h + 2 * g), pygame.SRCALPHA)
        radius = max(4, card_w // 10)
        strength = 200 if kind == PLAYABLE else 255
        for i in range(g, 0, -1):
            alpha = int(strength * (1 - i / (g + 1)) ** (1.6 if kind == PLAYABLE else 1.0))
            ring = surf.get_rect().inflate(-2 * (i - 1), -2 * (i - 1))
            pygame.draw.rect(surf, (*GLOW_COLOURS[kind], alpha), ring, width=2, border_radius=radius + i)
        _GLOWS[key] = surf
    return surf


def glow_ring(kind: int, card_w: int, card_h: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The glow as four strips around the card, with their offsets from the glow's corner: blending
    the glow's see-through middle under the card would cost more than the card itself."""
    key = (kind, card_w, card_h)
    ring = _RINGS.get(key)
    if ring is None:
        g = glow_image(kind, card_w, card_h)
        w, h = g.get_size()
        pad = glow_pad(card_w)
        edge = pad + corner_radius(card_w) + 1  # past the card's rounded corners
        side = pad + 2  # past its antialiased edge
        boxes = [
            pygame.Rect(0, 0, w, edge),
            pygame.Rect(0, h - edge, w, edge),
            pygame.Rect(0, edge, side, h - 2 * edge),
            pygame.Rect(w - side, edge, side, h - 2 * edge),
        ]
        _RINGS[key] = ring = [(g.subsurface(b), b.topleft) for b in boxes if b.width > 0 and b.height > 0]
    return ring
