"""One view of mouse and touch input: events become ('down' | 'up' | 'move', (x, y)).

SDL also turns every touch into a synthetic mouse event (marked ``event.touch`` in pygame-ce);
those are ignored here so a finger acts once, through its FINGER events, whose normalised
x/y are converted to pixels with the window size.
"""

from __future__ import annotations

import pygame

DOWN, UP, MOVE = "down", "up", "move"
MOUSE = "mouse"  # the pointer id of the mouse (a finger's is its (touch device, finger) pair)

_KINDS = {
    pygame.MOUSEBUTTONDOWN: DOWN,
    pygame.MOUSEBUTTONUP: UP,
    pygame.MOUSEMOTION: MOVE,
    pygame.FINGERDOWN: DOWN,
    pygame.FINGERUP: UP,
    pygame.FINGERMOTION: MOVE,
}


FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


def is_finger(event: pygame.event.Event) -> bool:
    """A touch event (FINGERDOWN, FINGERMOTION or FINGERUP)."""
    return event.type in FINGER_EVENTS


def is_mouse_copy(event: pygame.event.Event) -> bool:
    """A mouse event SDL made from a touch (it comes just before the finger's own event)."""
    return bool(getattr(event, "touch", False)) and event.type in (
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
    )


def pointer_id(event: pygame.event.Event) -> object:
    """Which pointer an event comes from: the finger (touch device, finger id) or the mouse."""
    if is_finger(event):
        return (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
    return MOUSE


def pointer(event: pygame.event.Event, screen_size: tuple[int, int]) -> tuple[str, tuple[int, int]] | None:
    """The pointer action of an event, or None (other events, wheel, right button, synthetic mouse)."""
    kind = _KINDS.get(event.type)
    if kind is None:
        return None
    if is_finger(event):
        w, h = screen_size
        x = min(w - 1, max(0, int(event.x * w)))
        y = min(h - 1, max(0, int(event.y * h)))
        return kind, (x, y)
    if is_mouse_copy(event):
        return None
    if kind != MOVE and getattr(event, "button", 1) != 1:
        return None
    return kind, tuple(event.pos)


def mouse_in_use() -> bool:
    """Whether the player points with a mouse: the arrow shows for a mouse and hides for fingers
    (game/kiosk.py), so words can say "click" to the one and "tap" to the other."""
    return bool(pygame.mouse.get_visible())
