"""One view of mouse and touch input: events become ('down' | 'up' | 'move', (x, y)).

SDL also turns every touch into a synthetic mouse event (marked ``event.touch`` in pygame-ce);
those are ignored here so a finger acts once, through its FINGER events, whose normalised
x/y are converted to pixels with the window size.
"""
from __future__ import annotations

import pygame

DOWN, UP, MOVE = "down", "up", "move"

_KINDS = {
    pygame.MOUSEBUTTONDOWN: DOWN,
    pygame.MOUSEBUTTONUP: UP,
    pygame.MOUSEMOTION: MOVE,
    pygame.FINGERDOWN: DOWN,
    pygame.FINGERUP: UP,
    pygame.FINGERMOTION: MOVE,
}


def pointer_id(event: pygame.event.Event) -> object:
    """Which pointer an event comes from: the finger (touch device, finger id) or the mouse."""
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        return (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
    return "mouse"


def pointer(event: pygame.event.Event, screen_size: tuple[int, int]) -> tuple[str, tuple[int, int]] | None:
    """The pointer action of an event, or None (other events, wheel, right button, synthetic mouse)."""
    kind = _KINDS.get(event.type)
    if kind is None:
        return None
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        w, h = screen_size
        x = min(w - 1, max(0, int(event.x * w)))
        y = min(h - 1, max(0, int(event.y * h)))
        return kind, (x, y)
    if getattr(event, "touch", False):
        return None
    if kind != MOVE and getattr(event, "button", 1) != 1:
        return None
    return kind, tuple(event.pos)
