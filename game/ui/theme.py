"""Shared look: colours, the felt background, anti-aliased rounded panels and soft shadows.

Everything here is built once per size and cached; nothing is meant to be called per frame.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .felt import indexed_felt

Colour = tuple[int, int, int] | tuple[int, int, int, int]  # RGB, or RGBA for a translucent layer

FELT = (18, 102, 52)
FELT_DARK = (8, 58, 30)
#: The table colours (Settings' table_colour, listed in game.settings.TABLE_COLOURS): each felt's lit
#: centre and its darker edge. Everything drawn on the felt is translucent black or white (the HUD
#: band, ghost buttons, slots) or light text, so it reads on all four.
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": (FELT, FELT_DARK),
    "blue": ((24, 74, 132), (8, 32, 70)),
    "red": ((124, 28, 42), (60, 10, 20)),
    "dark": ((60, 64, 68), (22, 24, 27)),
}
#: The panels' body on each felt: a deep shade of that felt (a green panel on a red table jars).
PANELS: dict[str, tuple[int, int, int]] = {
    "green": (10, 40, 24),
    "blue": (8, 26, 50),
    "red": (44, 10, 18),
    "dark": (18, 19, 22),
}
#: The help's opaque reading sheet on each felt: a shade lighter than the panels.
SHEETS: dict[str, tuple[int, int, int]] = {
    "green": (14, 50, 31),
    "blue": (12, 34, 62),
    "red": (54, 14, 24),
    "dark": (27, 28, 32),
}
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

PANEL_BAND = 64  # rows of a panel's body made and blended at a time
MIN_TOUCH = 44  # px: the smallest comfortable touch target
KIOSK_TOUCH = 48  # px: a kiosk's targets, about 9 mm on the 7" 800x480 display


def scale_for(size: tuple[int, int]) -> float:
    """A UI scale: 1.0 at 800x480, growing gently (not linearly) on bigger screens."""
    w, h = size
    return max(1.0, min(w / 800, h / 480)) ** 0.75


def rounded_rect(
    size: tuple[int, int], colour, radius: int, border: int = 0, border_colour=None, supersample: int = 3
) -> pygame.Surface:
    """A rounded rectangle with smooth edges. Only a corner is drawn large and smoothscaled down
    (then mirrored into the four corners): a big panel never needs a surface nine times its size."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _paint_rounded(surf, 0, (w, h), colour, radius, border, border_colour, supersample)
    return surf


def _paint_rounded(
    surf: pygame.Surface,
    top: int,
    size: tuple[int, int],
    colour,
    radius: int,
    border: int = 0,
    border_colour=None,
    supersample: int = 3,
) -> None:
    """Paint rounded_rect's rectangle of `size` onto surf, its row `top` at surf's row 0 (surf may hold
    only some of its rows: a band of a large panel)."""
    w, h = size
    r = max(0, min(radius, w // 2, h // 2))
    edge = border_colour if border and border_colour is not None else colour
    b = border if border and border_colour is not None else 0
    surf.fill((*edge[:3], 0))  # transparent, but of the edge's colour: blended corners get no dark fringe
    surf.fill(edge, (r, -top, w - 2 * r, h))
    surf.fill(edge, (0, r - top, w, h - 2 * r))
    if b:
        surf.fill(colour, (max(r, b), b - top, w - 2 * max(r, b), h - 2 * b))
        surf.fill(colour, (b, max(r, b) - top, w - 2 * b, h - 2 * max(r, b)))
    if r and (top < r or top + surf.get_height() > h - r):
        disc = _disc(r, tuple(edge), tuple(colour) if b else None, r - b, supersample)
        surf.blit(disc, (0, -top), (0, 0, r, r))
        surf.blit(disc, (w - r, -top), (r, 0, r, r))
        surf.blit(disc, (0, h - r - top), (0, r, r, r))
        surf.blit(disc, (w - r, h - r - top), (r, r, r, r))


@lru_cache(maxsize=32)
def _disc(r: int, edge, inner, inner_r: int, supersample: int) -> pygame.Surface:
    """A smooth disc of radius r (of `inner` colour within inner_r, if given): the four corners.
    Made once per look and only ever blitted from."""
    ss = supersample
    big = pygame.Surface((2 * r * ss, 2 * r * ss), pygame.SRCALPHA)
    pygame.draw.circle(big, edge, (r * ss, r * ss), r * ss)
    if inner is not None:
        pygame.draw.circle(big, inner, (r * ss, r * ss), max(0, inner_r * ss))
    return _solidified(pygame.transform.smoothscale(big, (2 * r, 2 * r)))


#: an alpha byte as _solidified leaves it: 245-254 become opaque
_SOLID = bytes(255 if 245 <= a < 255 else a for a in range(256))


def _solidified(surf: pygame.Surface) -> pygame.Surface:
    """smoothscale leaves inside pixels at alpha 251-254: the same image with them opaque again, or
    what lies beneath shows through as faint squares at the corners. (Byte by byte in C: a Python
    loop over the pixels would take most of the frame a toast first shows in at 1920x1080.)"""
    size = surf.get_size()
    pixels = bytearray(pygame.image.tobytes(surf, "RGBA"))
    pixels[3::4] = pixels[3::4].translate(_SOLID)
    return pygame.image.frombytes(bytes(pixels), size, "RGBA")


def shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A soft shadow for a rounded rect of ``size``; the result is larger by ``blur`` on each side."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    factor = max(2, blur // 2 or 1)
    small = pygame.Surface((max(1, w // factor), max(1, h // factor)), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, max(1, size[0] // factor), max(1, size[1] // factor))
    inner.center = small.get_rect().center
    pygame.draw.rect(small, (*SHADOW, alpha), inner, border_radius=max(1, radius // factor))
    return pygame.transform.smoothscale(small, (w, h))


def felt(size: tuple[int, int], colour: str = "green") -> pygame.Surface:
    """The felt table in one of FELTS' colours (the player's table_colour), in the screen's format:
    a new surface each call, for the caller to paint on and keep. An unknown colour paints the
    green. A table keeps the 8-bit `felt_image` instead (a quarter of the memory)."""
    image = felt_image(size, colour)
    surf = pygame.Surface(image.get_size())  # the display's format (or the renderer screen's, the default 32-bit)
    surf.blit(image, (0, 0))
    return surf


_felt_kept: dict[tuple[int, int, str], pygame.Surface] = {}


def felt_image(size: tuple[int, int], colour: str = "green") -> pygame.Surface:
    """The felt in one of FELTS' colours as an 8-bit image (game/ui/felt.py): a lit centre, darker
    edges and a faint fibre texture; an unknown colour gives the green. Shared, to be read only:
    the last one made is kept, so the next table, the other game's table and a menu at the same
    size take it instead of making it again (at 1920x1080, a frame or two of work)."""
    if colour not in FELTS:
        colour = "green"
    key = (size[0], size[1], colour)
    image = _felt_kept.get(key)
    if image is None:
        _felt_kept.clear()  # one at a time: the table in use holds its own
        image = _felt_kept[key] = indexed_felt(size, *FELTS[colour])
    return image


def felt_colour(colour: str) -> tuple[int, int, int]:
    """The lit centre's colour of a felt (a swatch of it; an unknown name gives the green's)."""
    return FELTS.get(colour, FELTS["green"])[0]


def panel(size: tuple[int, int], radius: int, opacity: int = PANEL[3], felt_colour: str = "green") -> pygame.Surface:
    """The translucent dark panel that holds menus and dialogs, with its shadow baked in, in the shade
    of the table colour `felt_colour` it lies on (PANELS).

    The returned surface is larger than ``size`` by ``radius`` on each side (for the shadow);
    blit it at (panel_rect.x - radius, panel_rect.y - radius).
    """
    blur = radius
    out = shadow(size, radius, blur, 120)
    # the body is blended over the shadow as a whole: painted straight onto it, its inside would replace
    # the shadow while its smooth corners blend, leaving a darker square in each corner. It is made and
    # blended a band of rows at a time, so no second surface of the panel's size is needed for it.
    w, h = max(1, size[0]), max(1, size[1])
    band = pygame.Surface((w, min(h, PANEL_BAND)), pygame.SRCALPHA)
    for top in range(0, h, PANEL_BAND):
        rows = min(PANEL_BAND, h - top)
        part = band if rows == band.get_height() else band.subsurface((0, 0, w, rows))
        _paint_rounded(part, top, (w, h), (*PANELS.get(felt_colour, PANEL[:3]), opacity), radius, 2, PANEL_BORDER)
        out.blit(part, (blur, blur - blur // 4 + top))
    return out
