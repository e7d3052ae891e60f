"""A keyboard focus over a screen's controls: Tab / Shift+Tab go through them in order, the arrow
keys to the nearest one that way, Enter or Space presses the focused one; each choice of a segmented
control is a stop of its own. The focus shows from the first Tab or arrow key, never for a mouse or
touch player (the owner calls `hide` on a press), and is drawn as a gold ring inside the control's
own bounds, so that repainting the control repaints the ring too.

A press is given back as a point for the owner to press and release through its usual pointer
path: a key does exactly what a tap there does."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .textinput import TextInput
from .widget import Widget
from .widgets import SegmentedControl

RING = (255, 204, 51)  # gold, clear on the felt, on a white card, a card back and a button
RING_EDGE = (20, 20, 20)  # a thin dark line on each side of it, for contrast on light colours
TAB_KEYS = (pygame.K_TAB,)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ACROSS = 3  # an arrow prefers what lies straight that way: distance sideways weighs this much more
Stop = tuple[Widget, pygame.Rect]


def nearest(here: pygame.Rect, rects: Sequence[pygame.Rect], dx: int, dy: int, cone: float | None = None) -> int | None:
    """The index of the rectangle nearest to `here` in direction (dx, dy), or None when none lies
    that way (the tables' focus moves the same way). With `cone`, only what lies within that many
    times as far sideways as ahead counts: Down on a column's foot does not leap across the table."""
    cx, cy = here.center
    best: tuple[float, int] | None = None
    for i, rect in enumerate(rects):
        x, y = rect.center
        ahead = (x - cx) * dx + (y - cy) * dy
        if ahead <= 0:
            continue
        across = abs((x - cx) * dy) + abs((y - cy) * dx)
        if cone is not None and across > cone * ahead:
            continue
        score = ahead + ACROSS * across
        if best is None or score < best[0]:
            best = (score, i)
    return None if best is None else best[1]


def stops(widgets: Sequence[Widget]) -> list[Stop]:
    """Where the focus may rest: every visible, enabled control, a segmented control's choices
    one by one (labels, which do nothing when pressed, are left out)."""
    out: list[Stop] = []
    for w in widgets:
        if not (w.visible and w.enabled) or type(w).handle is Widget.handle:
            continue
        if isinstance(w, SegmentedControl):
            out += [(w, w.segment_rect(i)) for i in range(len(w.options))]
        else:
            out.append((w, w.rect))
    return out


class KeyFocus:
    """Which control has the keyboard focus (None: hidden)."""

    def __init__(self) -> None:
        self.index: int | None = None
        self._focused: Widget | None = None

    @property
    def shown(self) -> bool:
        return self.index is not None

    def focused(self, widgets: Sequence[Widget]) -> Stop | None:
        found = stops(widgets)
        if self.index is None or not found:
            return None
        return found[min(self.index, len(found) - 1)]

    def key(self, event: pygame.event.Event, widgets: Sequence[Widget]) -> tuple[bool, tuple[int, int] | None]:
        """A key: (whether the focus used it, the point to press for it or None). Enter and Space
        are the focus's only while it shows and is not on a text box (which takes them itself)."""
        found = stops(widgets)
        if not found or event.type != pygame.KEYDOWN:
            return False, None
        k = event.key
        on = self.focused(widgets)
        typing = on is not None and isinstance(on[0], TextInput)
        if k in PRESS_KEYS:
            if on is None or typing:
                return False, None
            return True, on[1].center
        if not _moves_focus(k, on is None or typing, widgets):
            return False, None
        self._move_by(k, event.mod, found, widgets)
        return True, None

    def _move_by(self, k: int, mod: int, found: list[Stop], widgets: Sequence[Widget]) -> None:
        """The focus moved by Tab (Shift+Tab: back) or an arrow (to the nearest control that way)."""
        if self.index is None:
            self._move(0, widgets)  # the first key only shows the focus
            return
        index = min(self.index, len(found) - 1)
        if k in TAB_KEYS:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self._move((index + step) % len(found), widgets)
        else:
            to = nearest(found[index][1], [r for _w, r in found], *ARROWS[k])
            if to is not None:
                self._move(to, widgets)

    def hide(self, widgets: Sequence[Widget]) -> None:
        """A mouse or touch player: no focus."""
        if self.index is not None:
            self._repaint(widgets)
            self.index = None

    def _move(self, index: int, widgets: Sequence[Widget]) -> None:
        self._repaint(widgets)
        self.index = index
        self._repaint(widgets)
        on = self.focused(widgets)
        for w in widgets:
            if isinstance(w, TextInput):
                w.focus(on is not None and on[0] is w)

    def _repaint(self, widgets: Sequence[Widget]) -> None:
        on = self.focused(widgets)
        if on is not None:
            on[0].dirty = True

    def draw(self, surface: pygame.Surface, widgets: Sequence[Widget]) -> None:
        """The ring round the focused control (call after the controls are drawn)."""
        on = self.focused(widgets)
        if on is None:
            return
        widget, rect = on
        width = max(3, rect.height // 14)
        total = width + 2 * max(1, width // 2)
        ring = rect.inflate(total, total).clip(widget.bounds)  # half of it outside the control
        paint_ring(surface, ring, width, max(4, rect.height // 5))


def paint_ring(surface: pygame.Surface, rect: pygame.Rect, width: int, radius: int) -> None:
    """A gold line `width` wide between two dark ones, just inside `rect`: it shows on the felt, on
    a dark panel, on a white card and on a gold button alike."""
    edge = max(1, width // 2)
    pygame.draw.rect(surface, RING_EDGE, rect, width=width + 2 * edge, border_radius=radius)
    inner = rect.inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(surface, RING, inner, width=width, border_radius=max(0, radius - edge))


def _has_text_input(widgets: Sequence[Widget]) -> bool:
    return any(isinstance(w, TextInput) and w.visible for w in widgets)


def _moves_focus(k: int, off_text: bool, widgets: Sequence[Widget]) -> bool:
    """Whether key `k` moves the focus: Tab, or an arrow, but for the left and right arrows while
    a text box takes them (`off_text`: the focus is hidden or on a text box; they move its caret)."""
    if k not in TAB_KEYS and k not in ARROWS:
        return False
    return not (k in (pygame.K_LEFT, pygame.K_RIGHT) and off_text and _has_text_input(widgets))
