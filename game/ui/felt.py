"""The felt: a lit centre, darker edges and a faint fibre texture, kept as an 8-bit image.

A table keeps its static background to restore what a moving card uncovers. Kept in the screen's
format that is 4 bytes a pixel, 8 MiB at 1920x1080, beside the 8 of the screen itself. The felt
has few colours, though: its light falls off in rings (`LEVELS` of them: more than the 64 levels
of the widest centre-to-edge difference of any felt's channel, so that no ring steps more than one
level), and each pixel is plain felt or a light or dark fibre speck over it. Those 3 x LEVELS
colours are the palette of an 8-bit image: a quarter of the memory, drawn by SDL's table lookup
(a few times a copy's cost, for the parts of a restore that no card covers).

The image is made without any full-window surface of 4 bytes a pixel: the rings are filled
ellipses drawn with their palette index; the specks are added strip by strip in a small 32-bit
surface whose grey levels are the indices (a saturating SIMD add), whose bytes become the
indices again.
"""

from __future__ import annotations

import random

import pygame

#: Rings of light from the centre (level 0) to the edge (LEVELS - 1); three colours each (plain,
#: light speck, dark speck) fill 3 * LEVELS of the palette's 256 entries.
LEVELS = 80
SPECK_LIGHT: tuple[int, int, int, int] = (255, 255, 255, 10)  # a fibre's colour over the felt
SPECK_DARK: tuple[int, int, int, int] = (0, 0, 0, 16)
TILE = 96  # the fibre texture's period
STRIP = 64  # rows of the 32-bit strip the specks are added in


def palette(centre: tuple[int, int, int], edge: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """The felt's 256 colours: index `level + kind * LEVELS` is ring `level`'s light with nothing
    (kind 0), a light fibre (1) or a dark one (2) over it, blended as a blit of the speck would."""

    def mix(a: tuple[int, int, int], b: tuple[int, int, int], num: int, den: int) -> tuple[int, int, int]:
        r, g, bl = (x + (y - x) * num // den for x, y in zip(a, b))
        return r, g, bl

    rings = [mix(centre, edge, level, LEVELS - 1) for level in range(LEVELS)]
    colours = [
        *rings,
        *(mix(c, SPECK_LIGHT[:3], SPECK_LIGHT[3], 255) for c in rings),
        *(mix(c, SPECK_DARK[:3], SPECK_DARK[3], 255) for c in rings),
    ]
    return [*colours, *[rings[-1]] * (256 - len(colours))]  # (the rest unused: the edge's colour)


def indexed_felt(size: tuple[int, int], centre: tuple[int, int, int], edge: tuple[int, int, int]) -> pygame.Surface:
    """The felt at `size` as an 8-bit image with `palette(centre, edge)`: ring `k` holds the pixels
    whose squared elliptical distance from the light's centre (a little above the middle; 1 where
    it has fallen to the edge colour, 1.6 half-widths out) rounds to `k / (LEVELS - 1)`."""
    w, h = max(1, size[0]), max(1, size[1])
    grey = [(i, i, i) for i in range(256)]
    rings = pygame.Surface((w, h), 0, 8)
    rings.set_palette(grey)
    rings.fill((LEVELS - 1,) * 3)
    cx, cy, ax, ay = w / 2, h * 0.452, w / 1.6, h / 1.6
    for level in range(LEVELS - 1, 0, -1):  # each ring's inside, from the edge in
        k = ((level - 0.5) / (LEVELS - 1)) ** 0.5
        box = pygame.Rect(round(cx - ax * k), round(cy - ay * k), round(2 * ax * k), round(2 * ay * k))
        if box.width > 0 and box.height > 0:
            pygame.draw.ellipse(rings, (level - 1,) * 3, box)
    tile = _speck_tile()
    strip = pygame.Surface((w, min(STRIP, h)), 0, 32)
    pitch = rings.get_pitch()
    for top in range(0, h, STRIP):
        rows = min(STRIP, h - top)
        strip.blit(rings, (0, 0), (0, top, w, rows))  # the grey palette: each index as its grey
        for ty in range(top - top % TILE, top + rows, TILE):
            for tx in range(0, w, TILE):
                strip.blit(tile, (tx, ty - top), special_flags=pygame.BLEND_RGB_ADD)
        indices = pygame.image.tobytes(strip.subsurface((0, 0, w, rows)), "RGBX")[::4]
        pixels = rings.get_buffer()  # (locks the image: let go before the next strip's blit)
        if pitch == w:
            pixels.write(indices, top * pitch)
        else:
            for row in range(rows):
                pixels.write(indices[row * w : (row + 1) * w], (top + row) * pitch)
        del pixels
    rings.set_palette(palette(centre, edge))
    return rings


_tile: list[pygame.Surface] = []


def _speck_tile() -> pygame.Surface:
    """The fibres (the same on every colour and size): grey LEVELS where a light speck lies, 2 *
    LEVELS where a dark one does, black elsewhere, so that adding it to a ring's index gives the
    speck's palette entry."""
    if not _tile:
        tile = pygame.Surface((TILE, TILE), 0, 32)
        tile.fill((0, 0, 0))
        pitch, pixels = tile.get_pitch(), bytearray(tile.get_buffer().raw)
        grey = {kind: bytes((kind * LEVELS,) * 3) for kind in (1, 2)}
        for kind, x, y in speck_places():  # (the grey's bytes written, a later speck over an earlier)
            at = y * pitch + 4 * x
            pixels[at : at + 3] = grey[kind]
        tile.get_buffer().write(bytes(pixels))
        _tile.append(tile)
    return _tile[0]


def speck_places(count: int = 1400) -> list[tuple[int, int, int]]:
    """The fibres' (kind, x, y) in the tile: what `Random(7)` gives, drawing each as
    `1 if randrange(2) else 2, randrange(TILE), randrange(TILE)` (half light, half dark). Drawn as
    randrange draws (the fewest random bits, again while out of range), so the texture is the same,
    but without its checks and calls: every start makes 4,200 of these draws."""
    bits = random.Random(7).getrandbits
    wide = TILE.bit_length()
    out = []
    for _ in range(count):
        light = bits(2)
        while light >= 2:
            light = bits(2)
        x = bits(wide)
        while x >= TILE:
            x = bits(wide)
        y = bits(wide)
        while y >= TILE:
            y = bits(wide)
        out.append((1 if light else 2, x, y))
    return out
