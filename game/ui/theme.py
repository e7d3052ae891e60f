"""Shared look: colours, the felt background, anti-aliased rounded panels and soft shadows.

Everything here is built once per size and cached; nothing is meant to be called per frame.
"""
from __future__ import annotations

import random

import pygame

from ..view.screen import to_screen_format

FELT = (18, 102, 52)
FELT_DARK = (8, 58, 30)
PANEL = (10, 40, 24, 200)
PANEL_BORDER = (255, 255, 255, 40)
TEXT = (245, 242, 230)
TEXT_DIM = (190, 205, 190)
TEXT_DARK = (24, 40, 28)
GOLD = (236, 190, 72)
GOLD_HOVER = (248, 208, 100)
GOLD_PRESSED = (200, 156, 52)
CREAM = (242, 238, 222)
CREAM_HOVER = (255, 252, 240)
CREAM_PRESSED = (210, 204, 186)
TRACK = (0, 0, 0, 90)
ERROR = (255, 140, 120)
SHADOW = (0, 0, 0)

MIN_TOUCH = 44  # px: the smallest comfortable touch target
KIOSK_TOUCH = 48  # px: a kiosk's targets, about 9 mm on the 7" 800x480 display


def scale_for(size: tuple[int, int]) -> float:
    """A UI scale: 1.0 at 800x480, growing gently (not linearly) on bigger screens."""
    w, h = size
    return max(1.0, min(w / 800, h / 480)) ** 0.75


def rounded_rect(size: tuple[int, int], colour, radius: int, border: int = 0,
                 border_colour=None, supersample: int = 3) -> pygame.Surface:
    """A rounded rectangle with smooth edges. Only a corner is drawn large and smoothscaled down
    (then mirrored into the four corners): a big panel never needs a surface nine times its size."""
    w, h = max(1, size[0]), max(1, size[1])
    r = max(0, min(radius, w // 2, h // 2))
    edge = border_colour if border and border_colour is not None else colour
    b = border if border and border_colour is not None else 0
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*edge[:3], 0))  # transparent, but of the edge's colour: blended corners get no dark fringe
    surf.fill(edge, (r, 0, w - 2 * r, h))
    surf.fill(edge, (0, r, w, h - 2 * r))
    if b:
        surf.fill(colour, (max(r, b), b, w - 2 * max(r, b), h - 2 * b))
        surf.fill(colour, (b, max(r, b), w - 2 * b, h - 2 * max(r, b)))
    if r:
        ss = supersample
        big = pygame.Surface((2 * r * ss, 2 * r * ss), pygame.SRCALPHA)
        pygame.draw.circle(big, edge, (r * ss, r * ss), r * ss)
        if b:
            pygame.draw.circle(big, colour, (r * ss, r * ss), max(0, (r - b) * ss))
        disc = pygame.transform.smoothscale(big, (2 * r, 2 * r))
        _solidify(disc)
        surf.blit(disc, (0, 0), (0, 0, r, r))
        surf.blit(disc, (w - r, 0), (r, 0, r, r))
        surf.blit(disc, (0, h - r), (0, r, r, r))
        surf.blit(disc, (w - r, h - r), (r, r, r, r))
    return surf


def _solidify(surf: pygame.Surface) -> None:
    """smoothscale leaves inside pixels at alpha 251-254: make them opaque again, or what lies
    beneath shows through as faint squares at the corners."""
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            c = surf.get_at((x, y))
            if 245 <= c.a < 255:
                c.a = 255
                surf.set_at((x, y), c)


def shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A soft shadow for a rounded rect of ``size``; the result is larger by ``blur`` on each side."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    factor = max(2, blur // 2 or 1)
    small = pygame.Surface((max(1, w // factor), max(1, h // factor)), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, max(1, size[0] // factor), max(1, size[1] // factor))
    inner.center = small.get_rect().center
    pygame.draw.rect(small, (*SHADOW, alpha), inner, border_radius=max(1, radius // factor))
    return pygame.transform.smoothscale(small, (w, h))


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green felt table: a lit centre, darker edges and a faint fibre texture. A new surface each
    call, for the caller to paint on and keep (a cached master plus a copy would be two screens of
    memory at once, 16 MiB at 1920x1080, on every new table)."""
    w, h = size
    # radial light: computed on a tiny surface and smoothscaled up (cheap and perfectly smooth)
    gw, gh = 48, 27
    grad = pygame.Surface((gw, gh))
    cx, cy = (gw - 1) / 2, (gh - 1) / 2 * 0.9
    for y in range(gh):
        for x in range(gw):
            d = min(1.0, (((x - cx) / (gw / 1.6)) ** 2 + ((y - cy) / (gh / 1.6)) ** 2) ** 0.5)
            k = d * d
            grad.set_at((x, y), tuple(int(a + (b - a) * k) for a, b in zip(FELT, FELT_DARK)))
    surf = pygame.transform.smoothscale(grad, (w, h))
    # fibre texture: one small noise tile, blended additively/subtractively
    rng = random.Random(7)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(1400):
        v = rng.randrange(2)
        tile.set_at((rng.randrange(96), rng.randrange(96)), (255, 255, 255, 10) if v else (0, 0, 0, 16))
    for ty in range(0, h, 96):
        for tx in range(0, w, 96):
            surf.blit(tile, (tx, ty))
    return to_screen_format(surf, alpha=False)


def panel(size: tuple[int, int], radius: int, opacity: int = PANEL[3]) -> pygame.Surface:
    """The translucent dark panel that holds menus and dialogs, with its shadow baked in.

    The returned surface is larger than ``size`` by ``radius`` on each side (for the shadow);
    blit it at (panel_rect.x - radius, panel_rect.y - radius).
    """
    blur = radius
    out = shadow(size, radius, blur, 120)
    # the body is blended over the shadow as a whole: painted straight onto it, its inside would replace
    # the shadow while its smooth corners blend, leaving a darker square in each corner
    body = rounded_rect(size, (*PANEL[:3], opacity), radius, border=2, border_colour=PANEL_BORDER)
    out.blit(body, (blur, blur - blur // 4))
    return out
