"""Which rectangles of the screen a frame repaints: widened to whole columns of pixels, and grouped
so that two are painted as one only when that costs hardly more."""

from __future__ import annotations

import pygame

#: Pixels two dirty rectangles may add by being painted as one: about what painting one more costs.
MERGE_SLACK = 4096
COLUMN = 16  # dirty rectangles span whole columns of this many pixels (see columns)


def spanned(*rects: pygame.Rect | None) -> pygame.Rect | None:
    """The rectangle spanning those given that are not None (None when all are): where a layer drawn
    over the table was and is, repainted as one."""
    shown = [r for r in rects if r is not None]
    return shown[0].unionall(shown[1:]) if shown else None


def columns(rect: pygame.Rect) -> pygame.Rect:
    """The rectangle widened to whole columns of COLUMN pixels. SDL copies a row that starts on a
    16-byte boundary with streaming stores and its last partial 64 bytes with plain ones, which on
    x86 costs about ten times a plain copy; rows of whole 16-pixel columns take the fast path (and
    cost a few more pixels elsewhere)."""
    left = rect.x - rect.x % COLUMN
    right = rect.right + (-rect.right) % COLUMN
    return pygame.Rect(left, rect.y, right - left, rect.height)


def merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Group the dirty rectangles: two are painted as one when the rectangle enclosing them is hardly
    larger than the two together (a sliding card's old and new place, a rectangle inside another);
    otherwise each is painted on its own, an overlap twice. So cards flying apart (the deal) never
    repaint, nor put on screen, the span between them."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = columns(r)
        merging = True
        while merging:
            merging = False
            area = r.width * r.height
            for i, o in enumerate(out):
                u = r.union(o)
                if u.width * u.height <= area + o.width * o.height + MERGE_SLACK:
                    del out[i]
                    r = u
                    merging = True
                    break
        out.append(r)
    return out


def outermost(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles not inside another (scenes and overlays report the same area more than once:
    the table's band is repainted, then drawn over), so no pixel goes to the screen twice for that."""
    out: list[pygame.Rect] = []
    for r in sorted(rects, key=lambda r: -r.width * r.height):
        if not any(o.contains(r) for o in out):
            out.append(r)
    return out


def minus(rect: pygame.Rect, others: list[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of `rect` that none of `others` covers, as up to four rectangles per other."""
    pieces = [rect]
    for other in others:
        rest = []
        for p in pieces:
            cut = p.clip(other)
            if not cut.width or not cut.height:
                rest.append(p)
                continue
            if cut.top > p.top:
                rest.append(pygame.Rect(p.left, p.top, p.width, cut.top - p.top))
            if cut.bottom < p.bottom:
                rest.append(pygame.Rect(p.left, cut.bottom, p.width, p.bottom - cut.bottom))
            if cut.left > p.left:
                rest.append(pygame.Rect(p.left, cut.top, cut.left - p.left, cut.height))
            if cut.right < p.right:
                rest.append(pygame.Rect(cut.right, cut.top, p.right - cut.right, cut.height))
        pieces = rest
    return pieces
