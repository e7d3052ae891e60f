"""The hint's arrow: a light shaft with a head from a card to where it goes, and a dark outline so
it reads over cards and felt alike. Drawn in horizontal bands, each as wide as the arrow is there: a
long slanting arrow's bounding box would be a megabyte to make, and every card in it to repaint;
the bands hold only the strip it crosses, and never overlap."""

from __future__ import annotations

import math

import pygame

Colour = tuple[int, int, int]
Point = tuple[int, int]


def arrow_shape(start: Point, end: Point, card_w: int) -> tuple[list[Point], int, int]:
    """The arrow's outline polygon, its outline's width and the shaft's width, for cards `card_w`
    wide."""
    (x0, y0), (x1, y1) = start, end
    width = max(5, card_w // 9)
    head = width * 3
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head  # where the head starts
    px, py = -uy, ux
    half = width / 2
    poly = [
        (x0 + px * half, y0 + py * half),
        (bx + px * half, by + py * half),
        (bx + px * head * 0.6, by + py * head * 0.6),
        (x1, y1),
        (bx - px * head * 0.6, by - py * head * 0.6),
        (bx - px * half, by - py * half),
        (x0 - px * half, y0 - py * half),
    ]
    # whole pixels: a band draws it shifted by its corner, and pygame truncates a negative
    # coordinate towards zero, so fractions would land a pixel apart from band to band
    return [(round(x), round(y)) for x, y in poly], max(3, width // 2), width


def arrow_pieces(start: Point, end: Point, card_w: int, fill: Colour) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The arrow from `start` to `end` as bands: (image, where it goes on the screen)."""
    poly, outline, width = arrow_shape(start, end, card_w)
    reach = outline + 2  # how far the outline's pixels reach past the polygon's edges
    top = int(min(y for _x, y in poly)) - reach
    bottom = int(max(y for _x, y in poly)) + reach + 1
    edges = list(zip(poly, poly[1:] + poly[:1]))
    pieces = []
    for ya in range(top, bottom, 3 * width):
        yb = min(bottom, ya + 3 * width)
        xs: list[float] = []
        for (ax, ay), (cx, cy) in edges:  # each edge's x over the band (edges are straight)
            lo, hi = max(min(ay, cy), ya - reach), min(max(ay, cy), yb + reach)
            if lo <= hi:
                xs += [ax, cx] if ay == cy else [ax + (cx - ax) * (y - ay) / (cy - ay) for y in (lo, hi)]
        if not xs:
            continue
        left = int(min(xs)) - reach
        rect = pygame.Rect(left, ya, int(max(xs)) + reach + 2 - left, yb - ya)
        pieces.append((draw_arrow(rect, poly, outline, fill), rect))
    return pieces


def draw_arrow(rect: pygame.Rect, poly: list[Point], outline: int, fill: Colour) -> pygame.Surface:
    """The part of the arrow (polygon `poly`, in screen coordinates) inside `rect`."""
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = [(x - rect.x, y - rect.y) for x, y in poly]
    pygame.draw.polygon(surf, (10, 40, 60, 150), local, width=outline)
    pygame.draw.polygon(surf, (*fill, 190), local)  # cards it crosses show through
    return surf


#: How long a new arrow takes to reach from its card to where the card goes: a slab of it a frame,
#: so that no frame draws it all (and the eye follows it to its end).
GROW_TIME = 0.15


class HintArrow:
    """The hint's arrow on a board, from `start` to `end`. It waits for the hint's own frame (which
    lights the cards: together they would make the slowest frame of a game), is made in the update
    after it, then grows over GROW_TIME from its start, along its longer axis: `update` says what
    each step uncovered, `paint` draws what is shown."""

    def __init__(self, start: Point, end: Point) -> None:
        self.ends = (start, end)
        #: 1: waiting for the hint's frame; 2: that frame is drawn, the next update makes the
        #: arrow; 0: made.
        self.due = 1
        self._pieces: list[tuple[pygame.Surface, pygame.Rect]] | None = None
        self._made_for = 0  # the card width the pieces are made for
        self._tiles: list[pygame.Rect] = []  # where the pieces go, and all of them's bounds
        self._bounds = pygame.Rect(0, 0, 0, 0)
        self._clock = 0.0
        self._shown = 0.0  # how much of it shows, 0 to 1

    @property
    def growing(self) -> bool:
        return self.due > 0 or self._shown < 1.0

    def hint_drawn(self) -> None:
        """The board drew a frame: the hint's own, if the arrow waits for it."""
        if self.due == 1:
            self.due = 2

    def pieces(self, card_w: int, fill: Colour) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The arrow's bands for cards `card_w` wide, made once (again after a resize)."""
        if self._pieces is None or self._made_for != card_w:
            self._pieces, self._made_for = arrow_pieces(*self.ends, card_w, fill), card_w
            self._tiles = [rect for _img, rect in self._pieces]
            self._bounds = self._tiles[0].unionall(self._tiles[1:]) if self._tiles else pygame.Rect(0, 0, 0, 0)
        return self._pieces

    def tiles(self) -> list[pygame.Rect]:
        """The screen the made arrow covers (none before it is made)."""
        return [] if self._pieces is None or self.due else self._tiles

    def update(self, dt: float, card_w: int, fill: Colour) -> list[pygame.Rect]:
        """Time passes: what the arrow newly covers, to repaint."""
        if self.due == 2:
            self.due = 0
            self.pieces(card_w, fill)
        if self.due or self._shown >= 1.0:
            return []
        self._clock += dt
        before, self._shown = self._shown, min(1.0, self._clock / GROW_TIME)
        slab = self._slab(before, self._shown)
        return [r.clip(slab) for r in self.tiles() if r.colliderect(slab)]

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, card_w: int, fill: Colour) -> None:
        """Draw what shows of the arrow within `rect` (surface's clip)."""
        if self.due:
            return
        shown = self.shown_part()
        for img, box in self.pieces(card_w, fill):
            part = box.clip(shown).clip(rect)
            if part.width and part.height:
                surface.blit(img, part.topleft, part.move(-box.x, -box.y))

    def shown_part(self) -> pygame.Rect:
        """The part of the screen within which the arrow shows so far."""
        return self._slab(0.0, self._shown)

    def _slab(self, a: float, b: float) -> pygame.Rect:
        """The part of the arrow's bounds between fractions `a` and `b` of the way from its start
        along its longer axis (all of it across the other)."""
        if not self.tiles():
            return pygame.Rect(0, 0, 0, 0)
        bounds = self._bounds
        (x0, y0), (x1, y1) = self.ends
        across = abs(x1 - x0) >= abs(y1 - y0)
        lo, size = (bounds.x, bounds.width) if across else (bounds.y, bounds.height)
        forward = (x1 >= x0) if across else (y1 >= y0)
        ia, ib = round(size * a), round(size * b)
        start, stop = (lo + ia, lo + ib) if forward else (lo + size - ib, lo + size - ia)
        if across:
            return pygame.Rect(start, bounds.y, stop - start, bounds.height)
        return pygame.Rect(bounds.x, start, bounds.width, stop - start)
