"""The hint's arrow: a light shaft with a head from a card to where it goes, and a dark outline so
it reads over cards and felt alike. Drawn in horizontal bands, each as wide as the arrow is there: a
long slanting arrow's bounding box was a megabyte to make (some 1.3 ms here) and every card in it to
repaint; the bands hold only the strip it crosses, and never overlap."""
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
    poly = [(x0 + px * half, y0 + py * half), (bx + px * half, by + py * half),
            (bx + px * head * 0.6, by + py * head * 0.6), (x1, y1),
            (bx - px * head * 0.6, by - py * head * 0.6), (bx - px * half, by - py * half),
            (x0 - px * half, y0 - py * half)]
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
