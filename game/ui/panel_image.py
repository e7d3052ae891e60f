"""A dialog's panel kept in slices: its top rows, a band of its middle rows and its bottom rows.

The rows between a panel's rounded top and bottom are all alike (the border, the body and the
shadow's sides), so only a band of them is kept and drawn as many times as the panel is tall. An end
panel at 1920x1080 is about 1100x780 pixels, 3.3 MiB whole, and under 1 MiB so. What is drawn on
it (its title and lines) is kept beside it and drawn over the slices.
"""

from __future__ import annotations

import pygame

from . import theme

#: rows of alike middle that the short panel, made whole to be sliced, is made with
ALIKE_ROWS = 16
#: rows of the middle kept and drawn at a time: a card passing under a panel repaints it through
#: a card's height, in one blit per band (each costs about as much as 12 of a card's rows)
BAND_ROWS = 64


class PanelImage:
    """theme.panel's look at any height from a short panel's slices; `extras` are the images
    drawn on it, each with its place from the panel image's top left."""

    def __init__(
        self, size: tuple[int, int], radius: int, opacity: int = theme.PANEL[3], felt_colour: str = "green"
    ) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        short = min(h, 4 * radius + 2 * ALIKE_ROWS)  # tall enough to have middle rows alike
        image = theme.panel((w, short), radius, opacity, felt_colour)
        full_w, short_h = image.get_size()
        self.size = (full_w, short_h + h - short)
        first, last = _alike_rows(image)
        #: Where the panel is all one colour (`plain_colour`), from its top left, but for its extras;
        #: None when nowhere (a small panel). A card under it there looks the same wherever it is.
        self.plain: pygame.Rect | None = None
        self.plain_colour: tuple[int, ...] = (0, 0, 0, 0)
        if short == h or last - first < 1:  # a small panel: kept whole
            self.top, self.band, self.bottom = image, None, None
        else:
            left, right = _alike_columns(image, first)  # (at least the middle pixel)
            self.plain = pygame.Rect(left, first, right - left, self.size[1] - (short_h - last) - first)
            self.plain_colour = tuple(image.get_at((full_w // 2, first)))
            self.top = image.subsurface((0, 0, full_w, first)).copy()
            # the alike rows are one row repeated: as many of them as a band holds
            self.band = pygame.transform.scale(image.subsurface((0, first, full_w, 1)), (full_w, BAND_ROWS))
            self.bottom = image.subsurface((0, last, full_w, short_h - last)).copy()
        self.extras: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def plain_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> bool:
        """Whether the panel, drawn with its top left at `pos`, is plain_colour all over `rect`."""
        if self.plain is None or not self.plain.move(pos).contains(rect):
            return False
        x, y = pos
        return not any(rect.colliderect((x + dx, y + dy), image.get_size()) for image, (dx, dy) in self.extras)

    def draw(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Draw the panel and its extras with its top left at `pos`, only what the surface's clip
        lets show (a card passing under the panel repaints a card's worth of it, not all of it)."""
        x, y = pos
        clip = surface.get_clip()
        if self.band is None or self.bottom is None:
            surface.blit(self.top, pos)
        else:
            top_h, rows = self.top.get_height(), self.band.get_height()
            end = y + self.size[1] - self.bottom.get_height()
            if clip.top < y + top_h:
                surface.blit(self.top, pos)
            lo, hi = max(y + top_h, clip.top), min(end, clip.bottom)
            if lo < hi:  # only the bands that the clip lets show
                for row in range(y + top_h + (lo - y - top_h) // rows * rows, hi, rows):
                    surface.blit(self.band, (x, row), (0, 0, self.size[0], min(rows, end - row)))
            if clip.bottom > end:
                surface.blit(self.bottom, (x, end))
        for image, (dx, dy) in self.extras:
            if clip.colliderect((x + dx, y + dy), image.get_size()):
                surface.blit(image, (x + dx, y + dy))


def _alike_columns(image: pygame.Surface, y: int) -> tuple[int, int]:
    """The longest run of pixels [left, right) of row `y` around its middle that are all the same
    as the middle one."""
    w = image.get_width()
    middle = w // 2
    wanted = image.get_at((middle, y))
    left, right = middle, middle + 1
    while left > 0 and image.get_at((left - 1, y)) == wanted:
        left -= 1
    while right < w and image.get_at((right, y)) == wanted:
        right += 1
    return left, right


def _alike_rows(image: pygame.Surface) -> tuple[int, int]:
    """The longest run of rows [first, last) around the middle that are all the same as the middle
    row (last - first is 1 when no other is)."""
    w, h = image.get_size()

    def row(y: int) -> bytes:
        return pygame.image.tobytes(image.subsurface((0, y, w, 1)), "RGBA")

    middle = h // 2
    wanted = row(middle)
    first, last = middle, middle + 1
    while first > 0 and row(first - 1) == wanted:
        first -= 1
    while last < h and row(last) == wanted:
        last += 1
    return first, last
