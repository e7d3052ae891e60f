"""Where a message on the table covers the fewest cards: slid along its row off the cards (and off
the empty piles' outlines) where it can (scenes/message_place.py places the table's messages)."""

from __future__ import annotations

import pygame


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
