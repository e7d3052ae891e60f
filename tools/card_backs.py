"""The card back designs (`game.view.card_images.BACK_STYLES`): one field pattern and colour set
each, inside the same white rim, trim line and centre medallion.

Each back is turned-symmetric (180 degrees) like a printed back, so a card looks the same whichever
way up it lies.  Drawn supersampled by `tools.sprites` and written as ``back-<style>.png``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

import pygame

from .sprites import RADIUS, SS, H, S, W, blank, finish, star

Color = tuple[int, int, int]


class Scheme(NamedTuple):
    """A back's colours: the field, its pattern lines, and the light trim."""

    fill: Color
    line: Color
    trim: Color


SCHEMES: dict[str, Scheme] = {
    "lattice": Scheme((22, 52, 116), (58, 98, 176), (206, 216, 238)),
    "diamonds": Scheme((150, 20, 34), (196, 52, 62), (244, 214, 150)),
    "waves": Scheme((14, 92, 62), (40, 140, 100), (208, 236, 214)),
    "stars": Scheme((44, 22, 70), (86, 56, 128), (240, 222, 160)),
}


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _field(size: tuple[int, int], c: Scheme) -> pygame.Surface:
    field = pygame.Surface(size, pygame.SRCALPHA)
    field.fill((*c.fill, 255))
    return field


def lattice(size: tuple[int, int], c: Scheme) -> pygame.Surface:
    """Deep blue field with a diagonal lattice and a dot in every cell (the original back)."""
    field = _field(size, c)
    w, h = size
    st, off = S(22), w // 2
    t = S(1.6)  # half the horizontal thickness of a line
    for k in range(-(w + h) // st - 2, (w + h) // st + 3):
        x = off + k * st
        for d in (h, -h):
            pygame.draw.polygon(field, c.line, [(x - t, 0), (x + t, 0), (x + d + t, h), (x + d - t, h)])
    half = st // 2
    for p in range(-w // half - 2, w // half + 3):
        for q in range(0, h // half + 2):
            if (p + q) % 2:  # the centre of a lattice cell
                pygame.draw.circle(field, c.trim, (off + p * half, q * half), S(1.8))
    return field


def diamonds(size: tuple[int, int], c: Scheme) -> pygame.Surface:
    """A red quilt: diamonds in two shades, stitched with gold, a gold bead at every crossing."""
    field = _field(size, c)
    w, h = size
    dx, dy = S(18), S(24)  # half width and half height of one diamond
    cx, cy = w // 2, h // 2
    for i in range(-(w // dx) - 2, w // dx + 3):
        for j in range(-(h // dy) - 2, h // dy + 3):
            if (i + j) % 2:
                continue
            x, y = cx + i * dx, cy + j * dy
            shade = c.line if (i // 1 + j // 1) % 4 == 0 else c.fill
            pts = [(x, y - dy), (x + dx, y), (x, y + dy), (x - dx, y)]
            pygame.draw.polygon(field, shade, pts)
            pygame.draw.polygon(field, c.trim, pts, width=S(0.9))
            inner = [(x, y - dy // 2), (x + dx // 2, y), (x, y + dy // 2), (x - dx // 2, y)]
            pygame.draw.polygon(field, c.fill if shade == c.line else c.line, inner)
    for i in range(-(w // dx) - 2, w // dx + 3):
        for j in range(-(h // dy) - 2, h // dy + 3):
            if (i + j) % 2:
                pygame.draw.circle(field, c.trim, (cx + i * dx, cy + j * dy), S(2))
    return field


def waves(size: tuple[int, int], c: Scheme) -> pygame.Surface:
    """A green sea: bands of waves in two shades, each crest traced with a light line."""
    field = _field(size, c)
    w, h = size
    band, period, amp = S(16), S(36), S(5)
    steps = max(8, w // S(2))
    for k in range(-2, h // band + 3):
        y0 = h // 2 + (k - h // band // 2) * band
        crest = [
            (x * w / steps, y0 + amp * math.sin(2 * math.pi * (x * w / steps - w / 2) / period))
            for x in range(steps + 1)
        ]
        if k % 2:
            pygame.draw.polygon(field, c.line, crest + [(w, y0 + band), (0, y0 + band)])
        pygame.draw.lines(field, c.trim, False, crest, width=S(1.1))
    # the pattern is not 180-degree symmetric by itself: mirror the lower half from the upper one
    top = field.subsurface(pygame.Rect(0, 0, w, h // 2)).copy()
    field.blit(pygame.transform.rotate(top, 180), (0, h - h // 2))
    return field


def stars(size: tuple[int, int], c: Scheme) -> pygame.Surface:
    """A night sky: a scatter of small gold stars and dots on dark purple (the same sky turned)."""
    field = _field(size, c)
    w, h = size
    rng = random.Random(22)  # fixed: the output is deterministic
    cell = S(20)  # one star or dot in each cell: even, not clumped
    for gy in range(0, (h // 2) // cell + 1):
        for gx in range(0, w // cell + 1):
            x, y = (gx + rng.uniform(0.15, 0.85)) * cell, (gy + rng.uniform(0.15, 0.85)) * cell
            big, scale = rng.random() < 0.3, rng.uniform(0.7, 1.6)
            col = c.line if rng.random() < 0.4 else c.trim
            for px, py in ((x, y), (w - x, h - y)):  # the lower half is the upper one turned
                if py > h / 2 and (px, py) == (x, y):
                    continue
                if big:
                    pygame.draw.polygon(field, c.trim, star((px / SS, py / SS), 2.5 + 2.5 * scale))
                else:
                    pygame.draw.circle(field, col, (px, py), S(scale))
    return field


PATTERNS: dict[str, Callable[[tuple[int, int], Scheme], pygame.Surface]] = {
    "lattice": lattice,
    "diamonds": diamonds,
    "waves": waves,
    "stars": stars,
}


def _medallion(surf: pygame.Surface, style: str, c: Scheme) -> None:
    cx, cy = S(W / 2), S(H / 2)
    if style == "stars":
        for r, col in ((50, c.trim), (46, c.fill)):
            pygame.draw.circle(surf, col, (cx, cy), S(r))
        pygame.draw.polygon(surf, c.trim, star((W / 2, H / 2), 38, 0.42))
        pygame.draw.polygon(surf, c.line, star((W / 2, H / 2), 22, 0.42))
        return
    if style == "diamonds":  # a gold rosette of eight petals
        pygame.draw.circle(surf, c.trim, (cx, cy), S(44))
        pygame.draw.circle(surf, c.fill, (cx, cy), S(40))
        for i in range(8):
            a = i * math.pi / 4
            px, py = cx + S(20 * math.cos(a)), cy + S(20 * math.sin(a))
            pygame.draw.circle(surf, c.trim, (px, py), S(10))
            pygame.draw.circle(surf, c.line, (px, py), S(6.5))
        pygame.draw.circle(surf, c.trim, (cx, cy), S(12))
        pygame.draw.circle(surf, c.fill, (cx, cy), S(7))
        return
    if style == "waves":
        for r, col in ((44, c.trim), (40, c.fill), (31, c.line), (27, c.fill)):
            pygame.draw.ellipse(surf, col, pygame.Rect(0, 0, S(r * 2), S(r * 2.6)).move(cx - S(r), cy - S(r * 1.3)))
        for dy in (-12, 0, 12):  # three little waves in the middle
            crest = [(cx + S(x), cy + S(dy + 3.5 * math.sin(x / 18 * 2 * math.pi))) for x in range(-18, 19, 2)]
            pygame.draw.lines(surf, c.trim, False, crest, S(2.4))
        return
    for r, col in ((46, c.trim), (42, c.fill), (34, c.line), (30, c.fill)):
        pts = [(cx, cy - S(r * 1.35)), (cx + S(r), cy), (cx, cy + S(r * 1.35)), (cx - S(r), cy)]
        pygame.draw.polygon(surf, col, pts)
    for sx, sy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        pygame.draw.circle(surf, c.trim, (cx + sx * S(15), cy + sy * S(20)), S(5))
    pygame.draw.circle(surf, c.trim, (cx, cy), S(7))


def back(style: str = "lattice") -> pygame.Surface:
    """The card back of `style`: white rim, patterned field, trim line and a centre medallion."""
    c = SCHEMES[style]
    surf = blank()
    inner = surf.get_rect().inflate(-S(22), -S(22))
    field = PATTERNS[style](inner.size, c)
    field.blit(_rounded_mask(inner.size, S(RADIUS - 8)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(field, inner)
    pygame.draw.rect(surf, c.trim, inner.inflate(-S(12), -S(12)), width=S(2), border_radius=S(5))
    _medallion(surf, style, c)
    return finish(surf)
