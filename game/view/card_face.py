"""A card's image kept in three pieces, so that drawing it is mostly a plain copy.

A card is opaque but for its rounded corners. Blending a whole card with per-pixel alpha costs about
twice a copy of it (SDL's blitter weighs every pixel), and more on a Pi, whose 64-bit SDL has
no vector code for it; a deal or a drag paints several cards a frame. So a `CardFace` keeps the rows
with the corners as two strips with alpha, and the body between them in the screen's format without
alpha: blitting it is a row copy. The pieces together hold as many pixels as the whole image.
"""

from __future__ import annotations

import pygame

from .screen import fast_to_copy, to_screen_format


def corner_radius(width: int) -> int:
    """How far a card image's rounded corners reach in from its edges: inside that, it is opaque
    (card_images makes it so; the board's glow ring and CardFace's strips rely on it)."""
    return max(2, width // 8)


class CardFace:
    """The strips with a card's rounded corners (`top`, `bottom`, per-pixel alpha) and its opaque
    `body` between them; `blit` draws the three where the whole image would go."""

    __slots__ = ("top", "body", "bottom", "size", "radius")

    def __init__(self, top: pygame.Surface, body: pygame.Surface, bottom: pygame.Surface) -> None:
        # the body is copied onto the screen at every draw: kept with rows SDL copies at full speed
        self.top, self.body, self.bottom = top, fast_to_copy(body), bottom
        self.radius = top.get_height()
        self.size = (body.get_width(), body.get_height() + top.get_height() + bottom.get_height())

    @classmethod
    def split(cls, image: pygame.Surface) -> CardFace:
        """The pieces of a card image whose inside (all but its corner rows) is opaque."""
        w, h = image.get_size()
        r = min(corner_radius(w), h // 2)
        top = image.subsurface((0, 0, w, r)).copy()
        bottom = image.subsurface((0, h - r, w, r)).copy()
        body = image.subsurface((0, r, w, h - 2 * r))
        converted = to_screen_format(body, alpha=False)
        return cls(top, converted if converted is not body else body.copy(), bottom)

    def get_size(self) -> tuple[int, int]:
        """The whole card's size, as a Surface says it (either can be drawn: draw_image)."""
        return self.size

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def blit(self, surface: pygame.Surface, pos: tuple[int, int]) -> pygame.Rect:
        """Draw the card with its top left at `pos`; returns the part of `surface` drawn on (as
        Surface.blit does: clipped)."""
        x, y = pos
        surface.blit(self.top, (x, y))
        surface.blit(self.body, (x, y + self.radius))
        surface.blit(self.bottom, (x, y + self.size[1] - self.bottom.get_height()))
        return pygame.Rect(pos, self.size).clip(surface.get_clip())

    def scaled(self, width: int) -> CardFace:
        """The card squeezed to `width` (a card turning over), each piece smoothscaled."""
        width = max(1, int(width))
        scale = pygame.transform.smoothscale
        return CardFace(
            scale(self.top, (width, self.top.get_height())),
            scale(self.body, (width, self.body.get_height())),
            scale(self.bottom, (width, self.bottom.get_height())),
        )

    def dimmed(self, shade: tuple[int, int, int]) -> CardFace:
        """The card in grey, darkened by `shade` (multiplied), its corners as transparent as before."""

        def grey(piece: pygame.Surface) -> pygame.Surface:
            # a plain copy first: grayscale shears a subsurface of a wider surface (the body
            # fast_to_copy keeps) at some widths, reading its rows as if they were packed
            out = pygame.transform.grayscale(piece.copy() if piece.get_parent() is not None else piece)
            out.fill((*shade, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return out

        return CardFace(grey(self.top), grey(self.body), grey(self.bottom))

    def image(self) -> pygame.Surface:
        """The whole card as one surface with per-pixel alpha (a new one each call)."""
        out = pygame.Surface(self.size, pygame.SRCALPHA, self.top)
        out.blit(self.body, (0, self.radius))  # no alpha of its own: lands opaque
        out.blit(self.top, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # over zeros: copied as it is
        out.blit(self.bottom, (0, self.size[1] - self.bottom.get_height()), special_flags=pygame.BLEND_RGBA_MAX)
        return out


def draw_image(surface: pygame.Surface, image: pygame.Surface | CardFace, pos: tuple[int, int]) -> pygame.Rect:
    """Blit a surface or a card face at `pos`."""
    if isinstance(image, CardFace):
        return image.blit(surface, pos)
    return surface.blit(image, pos)
