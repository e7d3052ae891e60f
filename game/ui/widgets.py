"""Touch-friendly widgets: Button, SegmentedControl, Toggle (plus Toast and TextInput, re-exported).

Every widget has a ``rect``, a ``dirty`` flag (it needs painting), ``handle(kind, pos)`` taking the
pointer actions of :func:`game.ui.pointer.pointer` and returning True when it was activated or
changed, and ``draw(surface)`` returning the rectangle it painted. Scenes repaint the background
under ``bounds`` before drawing a dirty widget. Surfaces for each state are rendered once and
cached; drawing a widget is a blit. Labels are English keys translated with :func:`game.i18n.tr`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.pointer import DOWN, MOVE, UP
from game.ui.text import TextCache
from game.ui.widget import Widget


class Button(Widget):
    """A rounded button with a shadow; fires ``on_click`` on release inside (press, then lift).

    style: 'primary' (gold), 'secondary' (cream) or 'ghost' (outline on the felt).
    """

    def __init__(self, rect, label: str, text: TextCache, on_click: Callable[[], Any] | None = None,
                 style: str = "secondary", action: Any = None) -> None:
        super().__init__(rect, text)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.action = action if action is not None else label

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        if not self.clicked(kind, pos):
            return False
        if self.on_click is not None:
            self.on_click()
        return True

    def _colours(self, state: str) -> tuple[theme.Colour, theme.Colour, theme.Colour | None]:
        """Fill, ink and border (None: no border) of this style in this state."""
        fill: theme.Colour
        if self.style == "primary":
            fill = {"normal": theme.GOLD, "hover": theme.GOLD_HOVER, "pressed": theme.GOLD_PRESSED}[state]
            return fill, theme.TEXT_DARK, None
        if self.style == "ghost":
            fill = {"normal": (0, 0, 0, 70), "hover": (255, 255, 255, 40), "pressed": (0, 0, 0, 120)}[state]
            return fill, theme.TEXT, (255, 255, 255, 110)
        fill = {"normal": theme.CREAM, "hover": theme.CREAM_HOVER, "pressed": theme.CREAM_PRESSED}[state]
        return fill, theme.TEXT_DARK, None

    def _render(self, state: str) -> pygame.Surface:
        label = tr(self.label)
        key = (state, label, self.enabled)
        surf = self._surfaces.get(key)
        if surf is not None:
            return surf
        w, h = self._rect.size
        radius = max(6, h // 4)
        b = self.bounds
        surf = pygame.Surface(b.size, pygame.SRCALPHA)
        ox, oy = self._rect.x - b.x, self._rect.y - b.y
        fill, ink, border = self._colours(state)
        if self.style != "ghost":
            sh = theme.shadow((w, h), radius, max(2, h // 8), 90)
            drop = 2 if state != "pressed" else 0
            surf.blit(sh, (ox - (sh.get_width() - w) // 2, oy - (sh.get_height() - h) // 2 + drop))
        body = theme.rounded_rect((w, h), fill, radius, border=2 if border else 0, border_colour=border)
        dy = 1 if state == "pressed" else 0
        surf.blit(body, (ox, oy + dy))
        size = max(12, int(h * 0.48))
        img = self.text.fit(label, w - 2 * max(8, h // 3), size, ink, bold=True)
        if not self.enabled:
            img = img.copy()
            img.set_alpha(110)
        surf.blit(img, img.get_rect(center=(ox + w // 2, oy + h // 2 + dy)))
        self._surfaces[key] = surf
        return surf

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        state = "pressed" if self.pressed else "hover" if self.hover else "normal"
        surface.blit(self._render(state), self.bounds)
        return self.bounds


class SegmentedControl(Widget):
    """A row of mutually exclusive choices (Golf | Eight Off); the chosen one is filled gold."""

    def __init__(self, rect, options: Sequence[tuple[Any, str]], value: Any, text: TextCache,
                 on_change: Callable[[Any], Any] | None = None) -> None:
        super().__init__(rect, text)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.hover_index: int | None = None
        self.pressed_index: int | None = None

    def segment_rect(self, i: int) -> pygame.Rect:
        """The rectangle of choice i (used by tests and for hit-testing)."""
        n = len(self.options)
        x0 = self._rect.x + self._rect.width * i // n
        x1 = self._rect.x + self._rect.width * (i + 1) // n
        return pygame.Rect(x0, self._rect.y, x1 - x0, self._rect.height)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self._rect.collidepoint(pos):
            return None
        for i in range(len(self.options)):
            if self.segment_rect(i).collidepoint(pos):
                return i
        return None

    def set_value(self, value: Any) -> None:
        self._set("value", value)

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        if not (self.visible and self.enabled):
            return False
        i = self.index_at(pos)
        if kind == MOVE:
            self._set("hover_index", i)
        elif kind == DOWN:
            self._set("pressed_index", i)
        elif kind == UP:
            pressed = self.pressed_index
            self._set("pressed_index", None)
            self._set("hover_index", None)
            if i is not None and i == pressed and self.options[i][0] != self.value:
                self._change(self.options[i][0])
                return True
        return False

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        w, h = self._rect.size
        radius = max(6, h // 4)
        track = self._surfaces.get("track")
        if track is None:
            track = self._surfaces["track"] = theme.rounded_rect((w, h), theme.TRACK, radius, 2, (255, 255, 255, 60))
        surface.blit(track, self._rect)
        # one size for every label, bold or not, so a choice does not jump when it is picked
        size = min(self.text.fit_size(tr(label), self.segment_rect(i).width - 18, max(12, int(h * 0.46)), True)
                   for i, (_v, label) in enumerate(self.options))
        for i, (value, label) in enumerate(self.options):
            seg = self.segment_rect(i).inflate(-6, -6)
            chosen = value == self.value
            if chosen or i == self.hover_index or i == self.pressed_index:
                fill = theme.GOLD if chosen else (255, 255, 255, 70 if i == self.pressed_index else 35)
                key = ("seg", seg.size, fill)
                body = self._surfaces.get(key)
                if body is None:
                    body = self._surfaces[key] = theme.rounded_rect(seg.size, fill, max(4, radius - 3))
                surface.blit(body, seg)
            ink = theme.TEXT_DARK if chosen else theme.TEXT
            img = self.text.render(tr(label), size, ink, bold=chosen)
            surface.blit(img, img.get_rect(center=seg.center))
        return self.bounds


class Toggle(Widget):
    """A settings row: its label on the left, an on/off switch on the right; the whole row is tappable."""

    def __init__(self, rect, label: str, value: bool, text: TextCache,
                 on_change: Callable[[bool], Any] | None = None) -> None:
        super().__init__(rect, text)
        self.label = label
        self.value = bool(value)
        self.on_change = on_change

    def set_value(self, value: bool) -> None:
        """Show another value (no on_change: nothing was tapped)."""
        self._set("value", bool(value))

    def switch_rect(self) -> pygame.Rect:
        h = int(self._rect.height * 0.62)
        w = int(h * 1.8)
        r = pygame.Rect(0, 0, w, h)
        r.midright = (self._rect.right - max(8, self._rect.height // 4), self._rect.centery)
        return r

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        if not self.clicked(kind, pos):
            return False
        self._change(not self.value)
        return True

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        w, h = self._rect.size
        radius = max(6, h // 4)
        key = ("row", self.hover or self.pressed)
        row = self._surfaces.get(key)
        if row is None:
            fill: theme.Colour = (255, 255, 255, 30) if key[1] else theme.TRACK
            row = self._surfaces[key] = theme.rounded_rect((w, h), fill, radius)
        surface.blit(row, self._rect)
        sw = self.switch_rect()
        key = ("switch", self.value)
        pill = self._surfaces.get(key)
        if pill is None:
            pill = pygame.Surface(sw.size, pygame.SRCALPHA)
            fill = theme.GOLD if self.value else (90, 110, 95)
            pill.blit(theme.rounded_rect(sw.size, fill, sw.height // 2), (0, 0))
            d = sw.height - 6
            knob = theme.rounded_rect((d, d), theme.CREAM, d // 2)
            pill.blit(knob, (sw.width - d - 3 if self.value else 3, 3))
            self._surfaces[key] = pill
        surface.blit(pill, sw)
        size = max(12, int(h * 0.46))
        pad = max(10, h // 3)
        img = self.text.fit(tr(self.label), sw.left - self._rect.left - 2 * pad, size, theme.TEXT)
        surface.blit(img, img.get_rect(midleft=(self._rect.left + pad, self._rect.centery)))
        return self.bounds


class Label(Widget):
    """A line of text that changes at run time (an error message); empty text paints nothing.

    ``text`` is shown as given (translate before set_text); it shrinks to fit the rect's width.
    """

    def __init__(self, rect, text: TextCache, colour=theme.TEXT, size: int | None = None,
                 bold: bool = False, align: str = "center") -> None:
        super().__init__(rect, text)
        self.value = ""
        self.colour = colour
        self.size = size
        self.bold = bold
        self.align = align

    @property
    def bounds(self) -> pygame.Rect:
        return self._rect

    def set_text(self, value: str) -> None:
        self._set("value", value)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if self.visible and self.value:
            size = self.size or max(12, int(self._rect.height * 0.8))
            img = self.text.fit(self.value, self._rect.width, size, self.colour, self.bold)
            r = img.get_rect(centery=self._rect.centery)
            if self.align == "left":
                r.left = self._rect.left
            else:
                r.centerx = self._rect.centerx
            shown = r.clip(self._rect)  # a tall line box (Greek) must not paint below the rect, which
            surface.blit(img, shown, shown.move(-r.x, -r.y))  # is all that is repainted when it changes
        return self._rect


# The message banner and the code box live in their own modules; import them from here too.
from game.ui.textinput import TextInput  # noqa: E402
from game.ui.toast import Toast  # noqa: E402

__all__ = ["Widget", "Button", "SegmentedControl", "Toggle", "Label", "TextInput", "Toast"]
