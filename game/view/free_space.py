"""Where on the table nothing lies: the largest empty rectangles among the cards, so that a panel on
a finished table (blocked, "cannot be won") never covers a card the player wants to see.

The window is a grid of square cells; a cell is taken when any occupied rectangle touches it. The
maximal empty rectangles come from the classic histogram method, row by row (for each row, the run
of free cells above every cell; a stack finds each widest span of a given height, kept where the
row below stops it), so the cost is proportional to the number of cells, paid when a panel opens.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

import pygame

#: cells across the window's shorter side
CELLS_ACROSS = 60


Cells = tuple[int, int, int, int]  # a rectangle in cells: left, top, width, height


def free_rects(
    bounds: pygame.Rect,
    occupied: Iterable[pygame.Rect],
    min_size: tuple[int, int] = (1, 1),
    cell: int | None = None,
    limit: int | None = None,
) -> list[pygame.Rect]:
    """The maximal rectangles inside `bounds` that touch none of `occupied` (on a grid of `cell`
    pixels, so a little inside the true free space): none lies inside another. Those at least
    `min_size`, largest area first; only the first `limit` of them."""
    bounds = pygame.Rect(bounds)
    cell = cell or max(4, min(bounds.width, bounds.height) // CELLS_ACROSS)
    cols, rows = max(1, bounds.width // cell), max(1, bounds.height // cell)
    taken = _taken(bounds, occupied, cell, cols, rows)
    heights = [0] * cols
    kept = _Kept(limit)
    least = (-(-min_size[0] // cell), -(-min_size[1] // cell))  # (columns, rows)
    for row in range(rows):
        line = taken[row]
        for c in range(cols):
            heights[c] = 0 if line[c] else heights[c] + 1
        below = taken[row + 1] if row + 1 < rows else None
        _widest_spans(heights, row, below, least, kept)
    return [
        pygame.Rect(bounds.left + x * cell, bounds.top + y * cell, w * cell, h * cell) for x, y, w, h in kept.chosen()
    ]


def _taken(bounds: pygame.Rect, occupied: Iterable[pygame.Rect], cell: int, cols: int, rows: int) -> list[bytearray]:
    """The grid, row by row: 1 for a cell any of `occupied` touches, else 0."""
    taken = [bytearray(cols) for _ in range(rows)]
    for r in occupied:
        r = pygame.Rect(r).clip(bounds)
        if not r.width or not r.height:
            continue
        c0, c1 = (r.left - bounds.left) // cell, min(cols - 1, (r.right - 1 - bounds.left) // cell)
        r0, r1 = (r.top - bounds.top) // cell, min(rows - 1, (r.bottom - 1 - bounds.top) // cell)
        for row in range(r0, r1 + 1):
            taken[row][c0 : c1 + 1] = b"\x01" * (c1 - c0 + 1)
    return taken


def _widest_spans(heights: list[int], row: int, below: bytearray | None, least: tuple[int, int], kept: _Kept) -> None:
    """The free rectangles whose bottom is `row`, given the run of free cells above each cell
    (`heights`), kept when at least `least` (columns, rows) and no lower row can extend them."""
    cols = len(heights)
    stack: list[tuple[int, int]] = []  # (start column, height), heights increasing
    for c in range(cols + 1):
        h = heights[c] if c < cols else 0
        start = c
        while stack and stack[-1][1] > h:  # (one as tall goes on: it is wider)
            start, top = stack.pop()
            # (as wide and as tall as it can be; kept only where it cannot reach a row lower
            # either: otherwise the next row finds it taller)
            if c - start >= least[0] and top >= least[1] and (below is None or below.find(1, start, c) >= 0):
                kept.keep((start, row - top + 1, c - start, top))
        if h and (not stack or stack[-1][1] < h):
            stack.append((start, h))


def _merit(f: Cells) -> tuple[int, ...]:
    """Larger is better: area, then lowest, then rightmost (then by top and left: no two tie)."""
    return f[2] * f[3], f[1] + f[3], f[0] + f[2], f[1], f[0]


class _Kept:
    """The rectangles found, each once: all of them, or only the `limit` best."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.found: set[Cells] = set()
        self.best: list[tuple[tuple[int, ...], Cells]] = []  # the `limit` best, worst on top

    def keep(self, f: Cells) -> None:
        if f in self.found:
            return
        if self.limit is None:
            self.found.add(f)
            return
        m = _merit(f)
        if len(self.best) < self.limit:
            heapq.heappush(self.best, (m, f))
        elif m > self.best[0][0]:  # better than the worst kept (the heap's top): it takes that one's place
            self.found.discard(heapq.heapreplace(self.best, (m, f))[1])
        else:
            return
        self.found.add(f)

    def chosen(self) -> list[Cells]:
        """Those kept, best first."""
        return sorted(self.found, key=_merit, reverse=True)


def covered(rect: pygame.Rect, rects: list[pygame.Rect]) -> int:
    """The area of `rects` that `rect` covers (overlaps counted once per rect)."""
    return sum(p.width * p.height for p in (rect.clip(rects[i]) for i in rect.collidelistall(rects)))


def slid_off(
    rect: pygame.Rect, cards: list[pygame.Rect], screen: pygame.Rect, marks: list[pygame.Rect] | None = None
) -> pygame.Rect:
    """`rect` (a message), or where it covers the least of `cards` once slid along its row to the
    middle of a column of them or of a gap between two, within `screen`: the nearest of the best.
    Eight Off's long columns reach the bottom of a small screen, where its messages go, and the
    demo's "tap to play" stays up the whole game. `marks` (empty piles' outlines) count as well,
    less: a message slid onto an empty foundation looks dropped there."""
    marks = marks or []
    if rect.collidelist(cards) == -1 and rect.collidelist(marks) == -1:
        return rect

    middles = sorted({c.centerx for c in [*cards, *marks]})
    places = [rect.centerx, *middles, *((a + b) // 2 for a, b in zip(middles, middles[1:]))]
    slid = [rect.move(x - rect.centerx, 0).clamp(screen) for x in places]
    # an outline's pixel weighs a quarter of a card's: a corner of a card covered beats a whole
    # empty foundation covered
    return min(slid, key=lambda r: (covered(r, cards) + covered(r, marks) // 4, abs(r.centerx - rect.centerx)))


def whole_or_clear(
    panel: pygame.Rect,
    area: pygame.Rect,
    marks: list[pygame.Rect],
    cards: list[pygame.Rect],
    window: pygame.Rect,
    inset: int = 0,
) -> pygame.Rect:
    """`panel`, or the nearest place that cuts none of `marks` (what is printed on the felt: an empty
    pile's outline, the table's title) in two: slid within `area` clear of a mark it half covers,
    or grown over the mark whole where that covers no card it did not cover and stays in `window`. A half-covered
    outline peeks out under the panel's edge like a mistake. `inset`: how far inside the panel's
    edge a covered mark must lie (its rounded corners uncover a mark flush with them)."""

    def cut(r: pygame.Rect) -> list[pygame.Rect]:
        return [m for m in marks if r.colliderect(m) and not r.inflate(-2 * inset, -2 * inset).contains(m)]

    halved = cut(panel)
    if not halved:
        return panel
    clear = [c for c in cards if not panel.colliderect(c)]  # (a panel over the cards covers no more)
    options: list[tuple[int, pygame.Rect]] = []
    for m in halved:
        for dx, dy in (
            (m.left - panel.right, 0),
            (m.right - panel.left, 0),
            (0, m.top - panel.bottom),
            (0, m.bottom - panel.top),
        ):
            moved = panel.move(dx, dy)
            if area.contains(moved):
                options.append((abs(dx) + abs(dy), moved))
        grown = panel.union(m.inflate(2 * inset, 2 * inset))
        if window.contains(grown) and grown.collidelist(clear) == -1:
            options.append((grown.width - panel.width + grown.height - panel.height, grown))
    whole = [(cost, r) for cost, r in options if not cut(r)]
    return min(whole, key=lambda o: o[0])[1] if whole else panel
