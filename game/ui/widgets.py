"""Touch-friendly widgets: Button, SegmentedControl, Toggle (plus Toast and TextInput, re-exported).

Every widget has a ``rect``, a ``dirty`` flag (it needs painting), ``handle(kind, pos)`` taking the
pointer actions of :func:`game.ui.pointer.pointer` and returning True when it was activated or
changed, and ``draw(surface)`` returning the rectangle it painted. Scenes repaint the background
under ``bounds`` before drawing a dirty widget. Surfaces for each state are rendered once and
cached; drawing a widget is a blit. Labels are English keys translated with :func:`game.i18n.tr`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.pointer import DOWN, MOVE, UP
from game.ui.text import TextCache, least_legible, two_lines
from game.ui.widget import Widget


def fitted_label(
    text: TextCache, label: str, width: int, height: int, size: int, bold: bool = False
) -> tuple[str, int]:
    """A widget's label and its size within width: on two lines where they stand within height
    larger than one line fits the width (a long Greek label on a narrow button), else on one."""
    one = text.fit_size(label, width, size, bold)
    wrapped, two = text.wrapped_choice(label, width, size, bold)
    if min(len(line) for line in wrapped.split("\n")) < 3:  # a mark alone on a line ("✓" over a code)
        return label, one
    while "\n" in wrapped and two > one and text.rendered_size(wrapped, two, bold)[1] > height:
        two -= 1
    return (wrapped, two) if "\n" in wrapped and two > one else (label, one)


def label_at(text: TextCache, label: str, width: int, height: int, size: int, bold: bool = False) -> tuple[str, int]:
    """A label at its layout class's size (game/ui/design.py): on one line where it fits the width,
    else on two lines of the same size where they stand within height. Only a label that fits
    neither is shrunk, as a last resort: the screens' tests look for that and the screen gives such
    a row its compact form instead. A script that needs more to be read (Thai) is drawn larger."""
    size = least_legible(label, size)
    if text.rendered_size(label, size, bold)[0] <= width:
        return label, size
    wrapped = two_lines(label, size, bold)
    if "\n" in wrapped and min(len(line) for line in wrapped.split("\n")) >= 3:
        w, h = text.rendered_size(wrapped, size, bold)
        if w <= width and h <= height:
            return wrapped, size
    return fitted_label(text, label, width, height, size, bold)


def label_lines(text: TextCache, label: str, width: int, size: int, bold: bool) -> str:
    """The label on one line where it fits `width` at `size` (its script's legible size at least),
    else on two balanced lines of that same size: never smaller."""
    size = least_legible(label, size)
    if text.rendered_size(label, size, bold)[0] <= width:
        return label
    return two_lines(label, size, bold)


#: The opacity of a control that cannot be used now (its words, its chosen segment's fill)
DISABLED_ALPHA = 110


class Standing(Protocol):
    """A control whose words may or may not stand in it at a size (a button, a switch's row)."""

    size: int | None

    def stands(self, size: int) -> bool: ...


def grid_size(controls: Sequence[Standing], sizes: Sequence[int]) -> int:
    """The first of `sizes` (largest first: the class's label size, then its body size) at which every
    control's words stand in it, else the last; the controls are given it. A grid of choices or of
    switches is one size."""
    size = sizes[-1]
    for candidate in sizes:
        if all(c.stands(candidate) for c in controls):
            size = candidate
            break
    for c in controls:
        c.size = size
    return size


class Button(Widget):
    """A rounded button with a shadow; fires ``on_click`` on release inside (press, then lift).

    style: 'primary' (gold), 'secondary' (cream) or 'ghost' (outline on the felt).
    size: the label's text size, the layout class's (design.type.label); None: from the height.
    """

    def __init__(
        self,
        rect,
        label: str,
        text: TextCache,
        on_click: Callable[[], Any] | None = None,
        style: str = "secondary",
        action: Any = None,
        size: int | None = None,
    ) -> None:
        super().__init__(rect, text)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.action = action if action is not None else label
        self.size = size

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
        key = (state, label, self.enabled, self.size)
        surf = self._surfaces.get(key)
        if surf is not None:
            return surf
        surf, ink, (cx, cy) = self._body(state)
        img = self.label_image(ink)
        if not self.enabled:
            img = img.copy()
            img.set_alpha(DISABLED_ALPHA)
        surf.blit(img, img.get_rect(center=(cx, cy)))
        self._surfaces[key] = surf
        return surf

    def _body(self, state: str) -> tuple[pygame.Surface, theme.Colour, tuple[int, int]]:
        """The button without its label in a state: its picture (shadow and body, over its bounds),
        the label's ink and where the label's centre goes in the picture."""
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
        return surf, ink, (ox + w // 2, oy + h // 2 + dy)

    def label_image(self, ink: theme.Colour) -> pygame.Surface:
        """The label as drawn on the button, in `ink`."""
        line, size = self.label_layout(tr(self.label))
        return self.text.render(line, size, ink, bold=True)

    def stands(self, size: int) -> bool:
        """Whether the label stands in the button at `size` (on one line or two) without shrinking."""
        w, h = self._rect.size
        label = tr(self.label)
        room, tall = w - 2 * max(8, h // 3), h - max(8, h // 5)
        return label_at(self.text, label, room, tall, size, True)[1] == least_legible(label, size)

    def label_layout(self, label: str) -> tuple[str, int]:
        """The translated label as drawn (on one line or two) and its text size."""
        w, h = self._rect.size
        room, tall = w - 2 * max(8, h // 3), h - max(8, h // 5)
        if self.size is not None:
            return label_at(self.text, label, room, tall, self.size, bold=True)
        return fitted_label(self.text, label, room, tall, max(12, int(h * 0.48)), bold=True)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        state = "pressed" if self.pressed else "hover" if self.hover else "normal"
        surface.blit(self._render(state), self.bounds)
        return self.bounds


class SegmentedControl(Widget):
    """A row of mutually exclusive choices (Golf | Eight Off); the chosen one is filled gold.

    ``by_content``: each choice's width follows its label's (iOS's segments apportioned by content),
    so four words of unequal length in a narrow row share one larger size; none is narrower than
    the row is tall, a finger's width."""

    #: the room a label leaves beside it within its segment, both sides together
    LABEL_PAD = 18

    def __init__(
        self,
        rect,
        options: Sequence[tuple[Any, str]],
        value: Any,
        text: TextCache,
        on_change: Callable[[Any], Any] | None = None,
        by_content: bool = False,
        size: int | None = None,
    ) -> None:
        super().__init__(rect, text)
        self.size = size  #: the labels' text size, the layout class's; None: from the height
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.by_content = by_content
        self.hover_index: int | None = None
        self.pressed_index: int | None = None
        self._edges_for: tuple[Any, list[int]] | None = None

    def _edges(self) -> list[int]:
        """The choices' left edges and the last one's right edge."""
        r, n = self._rect, len(self.options)
        if not self.by_content:
            return [r.x + r.width * i // n for i in range(n + 1)]
        labels = tuple(tr(label) for _v, label in self.options)  # (the language may change)
        key = (r.x, r.width, r.height, labels)
        if self._edges_for is None or self._edges_for[0] != key:
            self._edges_for = (
                key,
                _apportioned(
                    r.x,
                    r.width,
                    min(r.height, r.width // n),
                    [self.text.rendered_size(t, 20, True)[0] for t in labels],
                    self.LABEL_PAD,
                ),
            )
        return self._edges_for[1]

    def segment_rect(self, i: int) -> pygame.Rect:
        """The rectangle of choice i (used by tests and for hit-testing)."""
        edges = self._edges()
        return pygame.Rect(edges[i], self._rect.y, edges[i + 1] - edges[i], self._rect.height)

    def fitted_label_size(self) -> int:
        """The one text size of every label, bold or not, so a choice does not jump when it is picked."""
        h = self._rect.height
        size = self.size if self.size is not None else max(12, int(h * 0.46))
        return min(
            self.text.fit_size(tr(label), self.segment_rect(i).width - self.LABEL_PAD, size, True)
            for i, (_v, label) in enumerate(self.options)
        )

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The choice a press at `pos` is on: within the control's hit rect (which reaches a window
        edge it lies by), each choice takes its column, the end ones to the hit rect's ends."""
        if not self.hit_rect().collidepoint(pos):
            return None
        r = self._rect
        at = (min(max(pos[0], r.left), r.right - 1), min(max(pos[1], r.top), r.bottom - 1))
        for i in range(len(self.options)):
            if self.segment_rect(i).collidepoint(at):
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
        size = self.fitted_label_size()
        for i, (value, label) in enumerate(self.options):
            seg = self.segment_rect(i).inflate(-6, -6)
            chosen = value == self.value
            if chosen or i == self.hover_index or i == self.pressed_index:
                fill = theme.GOLD if chosen else (255, 255, 255, 70 if i == self.pressed_index else 35)
                if chosen and not self.enabled:  # the choice stands, but cannot be changed: dimmed
                    fill = (*theme.GOLD[:3], DISABLED_ALPHA)
                key = ("seg", seg.size, fill)
                body = self._surfaces.get(key)
                if body is None:
                    body = self._surfaces[key] = theme.rounded_rect(seg.size, fill, max(4, radius - 3))
                surface.blit(body, seg)
            ink = theme.TEXT_DARK if chosen else theme.TEXT
            img = self.segment_image(label, seg, ink, chosen, size)
            if not self.enabled:
                img = img.copy()
                img.set_alpha(DISABLED_ALPHA)
            surface.blit(img, img.get_rect(center=seg.center))
        return self.bounds

    def segment_image(self, label: str, seg: pygame.Rect, ink: theme.Colour, chosen: bool, size: int) -> pygame.Surface:
        """A choice's label as drawn in its segment `seg`, at the control's one label size `size`."""
        return self.text.render(tr(label), size, ink, bold=chosen)


def _apportioned(x: int, width: int, least: int, label_widths: list[int], pad: int) -> list[int]:
    """Edges that cut width into shares after the labels' widths (each with pad beside it, both sides together),
    none under least: those that would be are held at it and the rest shared again."""
    n = len(label_widths)
    held: set[int] = set()
    while True:
        free = width - least * len(held)
        weights = {i: label_widths[i] + pad for i in range(n) if i not in held}
        total = sum(weights.values()) or 1
        shares = {i: free * w / total for i, w in weights.items()}
        short = {i for i, share in shares.items() if share < least}
        if not short or len(held | short) == n:
            break
        held |= short
    edges, at = [x], float(x)
    for i in range(n):
        at += least if i in held else shares.get(i, least)
        edges.append(round(at))
    edges[-1] = x + width
    return edges


class Toggle(Widget):
    """A settings row: its label on the left, an on/off switch on the right; the whole row is tappable."""

    def __init__(
        self,
        rect,
        label: str,
        value: bool,
        text: TextCache,
        on_change: Callable[[bool], Any] | None = None,
        size: int | None = None,
    ) -> None:
        super().__init__(rect, text)
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.size = size  #: the label's text size, the layout class's; None: from the height

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
        label, size = self.label_layout(self.label_room())
        img = self.text.render(label, size, theme.TEXT, align="left")  # a settings row's label reads so
        surface.blit(img, img.get_rect(midleft=(self._rect.left + max(10, h // 3), self._rect.centery)))
        return self.bounds

    def label_room(self) -> int:
        """The width the label has, left of the switch."""
        return self.switch_rect().left - self._rect.left - 2 * max(10, self._rect.height // 3)

    def stands(self, size: int) -> bool:
        """Whether the label stands on one line at `size` (a grid of switches picks its one size so)."""
        return self.text.rendered_size(tr(self.label), size)[0] <= self.label_room()

    def label_layout(self, width: int) -> tuple[str, int]:
        """The label and its size: on two lines when they fit the row taller than one line fits its
        width (a long Greek label in a narrow row)."""
        h = self._rect.height
        if self.size is not None:
            return label_at(self.text, tr(self.label), width, h, self.size)
        return fitted_label(self.text, tr(self.label), width, h - 4, max(12, int(h * 0.46)))


class Label(Widget):
    """A line of text that changes at run time (an error message); empty text paints nothing.

    ``text`` is shown as given (translate before set_text); it shrinks to fit the rect's width.
    """

    def __init__(
        self,
        rect,
        text: TextCache,
        colour=theme.TEXT,
        size: int | None = None,
        bold: bool = False,
        align: str = "center",
    ) -> None:
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
