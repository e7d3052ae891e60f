"""The widget base class: a rect, a dirty flag, cached state surfaces. See game.ui.widgets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.ui.design import design_for
from game.ui.pointer import DOWN, MOVE, UP
from game.ui.text import TextCache


class Widget:
    """Shared state and the dirty flag; subclasses implement handle/_render."""

    def __init__(self, rect: pygame.Rect | Sequence[int], text: TextCache) -> None:
        self._rect = pygame.Rect(rect)
        self.text = text
        self.dirty = True
        self.visible = True
        self.enabled = True
        self.hover = False
        self.pressed = False
        #: Where a press counts, when larger than the rect (a slim button in a touch-sized band).
        self.hit_area: pygame.Rect | None = None
        #: The window the widget is laid out in, set by the screen that passes it the pointer (None:
        #: not known, as for a button on a scrolled page): its edges are reached (hit_rect).
        self.window: tuple[int, int] | None = None
        self._surfaces: dict[Any, pygame.Surface] = {}

    @property
    def rect(self) -> pygame.Rect:
        return self._rect

    @rect.setter
    def rect(self, value: pygame.Rect | Sequence[int]) -> None:
        self._rect = pygame.Rect(value)
        self.invalidate()

    @property
    def bounds(self) -> pygame.Rect:
        """Everything the widget may paint (the rect plus its shadow)."""
        pad = max(2, self._rect.height // 8)
        return self._rect.inflate(2 * pad, 2 * pad).move(0, pad // 2)

    def invalidate(self) -> None:
        """Forget rendered surfaces (size or language changed) and repaint."""
        self._surfaces.clear()
        self.dirty = True

    #: the words' text size, the layout class's (game/ui/design.py); None: from the widget's height
    size: int | None = None

    def set_size(self, size: int) -> None:
        """Draw the words at another text size (the window's layout class changed)."""
        if size != self.size:
            self.size = size
            self.invalidate()

    def hit_rect(self, window: tuple[int, int] | None = None) -> pygame.Rect:
        """Where a press counts: the hit area (else the rect), reaching each edge of the window
        (`window`, else the widget's own) that it lies within a spacing unit of. A finger pressed
        against the bezel, beside a button at the screen's edge, presses the button (Help's Back,
        4 px from the top and left edges at 800x480, takes presses from the corner on)."""
        area = pygame.Rect(self.hit_area or self._rect)
        window = window or self.window
        if window is None:
            return area
        reach, (w, h) = design_for(window).unit, window
        left = 0 if 0 <= area.left <= reach else area.left
        top = 0 if 0 <= area.top <= reach else area.top
        right = w if 0 <= w - area.right <= reach else area.right
        bottom = h if 0 <= h - area.bottom <= reach else area.bottom
        return pygame.Rect(left, top, right - left, bottom - top)

    def _change(self, value: Any) -> None:
        """The user gave the widget a new value: repaint it and tell its owner (``on_change``)."""
        self.value = value
        self.dirty = True
        on_change = getattr(self, "on_change", None)
        if on_change is not None:
            on_change(value)

    def _set(self, name: str, value: Any) -> None:
        if getattr(self, name) != value:
            setattr(self, name, value)
            self.dirty = True

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        return False

    def clicked(self, kind: str, pos: tuple[int, int]) -> bool:
        """Track hover and press; True when a press inside is released inside (a click or a tap)."""
        if not (self.visible and self.enabled):
            return False
        inside = self.hit_rect().collidepoint(pos)
        if kind == MOVE:
            self._set("hover", inside)
        elif kind == DOWN:
            self._set("pressed", inside)
        elif kind == UP:
            fire = self.pressed and inside
            self._set("pressed", False)
            self._set("hover", False)
            return fire
        return False

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        return self.bounds
