"""The menu's controls at the design's sizes: every text is drawn at a size the screen gives it from
its class's type scale (game/ui/design.py), never shrunk alone to fit. A label too wide for its
control goes on two lines at the same size (the row's compact form, chosen for the whole row by
`Design.row_form`); and the menu's two larger pieces: the games as illustrated cards, and today's
deal as a card with its state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import N_, tr
from game.ui import theme
from game.ui.text import TextCache, least_legible, wrap_lines
from game.ui.widget import Widget
from game.ui.widgets import Button, Label, SegmentedControl, TextInput, Toggle, label_lines
from game.view.table_thumb import TableThumb

#: A label's room beside it in a button, in the button's heights (both sides together).
BUTTON_PAD = 0.6


def button_label_width(text: TextCache, label: str, size: int, height: int) -> int:
    """The width a button needs to hold `label` on one line at `size`."""
    return text.rendered_size(label, least_legible(label, size), True)[0] + int(height * BUTTON_PAD) + 4


class TypeButton(Button):
    """A Button whose label is drawn at `size` (bold), on two lines where one does not fit."""

    size: int  #: the labels' text size, always given here

    def __init__(
        self,
        rect: Any,
        label: str,
        text: TextCache,
        on_click: Callable[[], Any] | None = None,
        style: str = "secondary",
        size: int = 16,
    ) -> None:
        super().__init__(rect, label, text, on_click, style, size=size)

    def label_image(self, ink: theme.Colour) -> pygame.Surface:
        label = tr(self.label)
        w, h = self._rect.size
        line = label_lines(self.text, label, w - int(h * BUTTON_PAD), self.size, True)
        return self.text.render(line, least_legible(label, self.size), ink, bold=True)


class TypeSegments(SegmentedControl):
    """A SegmentedControl whose labels are all drawn at `size`; a label wider than its choice goes
    on two lines (the row's compact form)."""

    size: int  #: the labels' text size, always given here

    def __init__(
        self,
        rect: Any,
        options: Sequence[tuple[Any, str]],
        value: Any,
        text: TextCache,
        on_change: Callable[[Any], Any] | None = None,
        by_content: bool = False,
        size: int = 16,
    ) -> None:
        super().__init__(rect, options, value, text, on_change, by_content, size=size)

    def fitted_label_size(self) -> int:
        return self.size

    def label_widths(self) -> list[int]:
        """Each choice's label's width at the size, with the room beside it."""
        return [
            self.text.rendered_size(tr(label), least_legible(tr(label), self.size), True)[0] + self.LABEL_PAD
            for _v, label in self.options
        ]

    def segment_image(self, label: str, seg: pygame.Rect, ink: theme.Colour, chosen: bool, size: int) -> pygame.Surface:
        """On two lines of the same size where one does not fit (the row's compact form)."""
        name = tr(label)
        line = label_lines(self.text, name, seg.width - self.LABEL_PAD + 6, self.size, True)
        return self.text.render(line, least_legible(name, self.size), ink, bold=chosen)


class TypeToggle(Toggle):
    """A Toggle whose label is drawn at `size`, on two lines where one does not fit."""

    size: int  #: the labels' text size, always given here

    def __init__(
        self,
        rect: Any,
        label: str,
        value: bool,
        text: TextCache,
        on_change: Callable[[bool], Any] | None = None,
        size: int = 15,
    ) -> None:
        super().__init__(rect, label, value, text, on_change, size=size)

    def label_layout(self, width: int) -> tuple[str, int]:
        label = tr(self.label)
        return label_lines(self.text, label, width, self.size, False), least_legible(label, self.size)

    def least_width(self) -> int:
        """The row's width with its label on one line: the label, the switch and the room around them."""
        label = tr(self.label)
        h = self._rect.height if self._rect.height > 1 else 48
        pad = max(10, h // 3)
        return self.text.rendered_size(label, least_legible(label, self.size))[0] + 3 * pad + int(h * 0.62 * 1.8) + pad


class TypeLabel(Label):
    """A Label drawn at its `size` (never smaller), broken into as many lines as its width needs."""

    def __init__(
        self,
        rect: Any,
        text: TextCache,
        colour: theme.Colour = theme.TEXT,
        size: int = 15,
        bold: bool = False,
        align: str = "center",
    ) -> None:
        super().__init__(rect, text, colour, size, bold, align)
        self.type_size = size

    def lines(self) -> str:
        size = least_legible(self.value, self.type_size)
        return "\n".join(wrap_lines(self.value, self._rect.width, size, self.bold))

    def height_for(self, width: int, lines: int = 1) -> int:
        """The height of `lines` lines at the label's size."""
        size = least_legible(self.value or "Ag", self.type_size)
        return self.text.rendered_size("\n".join(["Ag"] * lines), size, self.bold)[1] + 2

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if self.visible and self.value:
            size = least_legible(self.value, self.type_size)
            img = self.text.render(self.lines(), size, self.colour, self.bold, align=self.align)
            r = img.get_rect(centery=self._rect.centery)
            if img.get_height() > self._rect.height:
                r.top = self._rect.top
            if self.align == "left":
                r.left = self._rect.left
            else:
                r.centerx = self._rect.centerx
            shown = r.clip(self._rect)
            surface.blit(img, shown, shown.move(-r.x, -r.y))
        return self._rect


class TypeInput(TextInput):
    """The code box, its text and its placeholder drawn at `size`."""

    size = 16


#: What paints a game's picture: (the game's value, the picture's size) -> its TableThumb.
Thumbs = Callable[[Any, tuple[int, int]], TableThumb]


class GameCards(SegmentedControl):
    """The games as large cards side by side, each a picture of its table over its name; the chosen
    one framed and named in gold. Taps, hover, keys and value work as a SegmentedControl's."""

    size: int  #: the labels' text size, always given here

    def __init__(
        self,
        rect: Any,
        options: Sequence[tuple[Any, str]],
        value: Any,
        text: TextCache,
        thumbs: Thumbs,
        on_change: Callable[[Any], Any] | None = None,
        size: int = 16,
    ) -> None:
        super().__init__(rect, options, value, text, on_change)
        self.thumbs = thumbs
        self.size = size
        self.gap = 8
        self._drawn: dict[Any, int] = {}

    def segment_rect(self, i: int) -> pygame.Rect:
        r, n = self._rect, len(self.options)
        width = (r.width - self.gap * (n - 1)) // n
        return pygame.Rect(r.x + i * (width + self.gap), r.y, width, r.height)

    def fitted_label_size(self) -> int:
        return self.size

    def name_height(self) -> int:
        return self.text.rendered_size("Ag", self.size, True)[1] + max(6, self.gap)

    def picture_box(self, i: int) -> pygame.Rect:
        """Where choice i's picture goes: the card above its name, inside the frame."""
        tile = self.segment_rect(i)
        pad = max(4, self.gap // 2 + 2)
        return pygame.Rect(tile.x + pad, tile.y + pad, tile.width - 2 * pad, tile.height - pad - self.name_height())

    def thumb(self, i: int) -> TableThumb:
        return self.thumbs(self.options[i][0], self.picture_box(i).size)

    def paint_pictures(self, cards: int) -> bool:
        """Paint up to `cards` more cards of the pictures still being made; True while any is."""
        busy = False
        for i in range(len(self.options)):
            t = self.thumb(i)
            if not t.done:
                t.paint(cards)
                busy = True
            if self._drawn.get(self.options[i][0]) != t.version:
                self.dirty = True
        return busy

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        for i, (value, label) in enumerate(self.options):
            tile = self.segment_rect(i)
            chosen = value == self.value
            hovered = i in (self.hover_index, self.pressed_index)
            radius = max(8, min(tile.size) // 10)
            key = ("tile", chosen, hovered, tile.size)
            body = self._surfaces.get(key)
            if body is None:
                fill = (255, 255, 255, 40) if hovered and not chosen else theme.TRACK
                border = theme.GOLD if chosen else (255, 255, 255, 70)
                body = self._surfaces[key] = theme.rounded_rect(tile.size, fill, radius, 4 if chosen else 2, border)
            surface.blit(body, tile)
            box = self.picture_box(i)
            t = self.thumb(i)
            surface.blit(t.surface, box)
            self._drawn[value] = t.version
            inset = max(4, self.gap // 2 + 2)
            band = pygame.Rect(tile.x + inset, box.bottom + inset // 2, tile.width - 2 * inset, 0)
            band.height = tile.bottom - inset - band.top
            if chosen:  # the chosen game's name on gold
                surface.blit(theme.rounded_rect(band.size, theme.GOLD, max(4, radius // 2)), band)
            name = tr(label)
            ink = theme.TEXT_DARK if chosen else theme.TEXT
            img = self.text.render(name, least_legible(name, self.size), ink, bold=True)
            surface.blit(img, img.get_rect(center=band.center))
        return self.bounds


class DailyCard(Widget):
    """Today's deal as a card: its name and its state under it (to play, won, the streak);
    pressing it calls `on_click`."""

    def __init__(
        self, rect: Any, text: TextCache, on_click: Callable[[], Any], title_size: int = 16, line_size: int = 15
    ) -> None:
        super().__init__(rect, text)
        self.on_click = on_click
        self.title_size, self.line_size = title_size, line_size
        self.title = ""  # an English key, translated when drawn
        self.state = ""  # translated already (it holds a count)
        self.mark = False  # won today: the check mark

    @property
    def label(self) -> str:
        """The card's name as one line, with its check mark once today's deal is won."""
        return N_("Today's deal ✓") if self.mark else N_("Today's deal")

    def show(self, title: str, state: str, mark: bool) -> bool:
        """Show this title and state; True when it changed."""
        if (title, state, mark) == (self.title, self.state, self.mark):
            return False
        self.title, self.state, self.mark = title, state, mark
        self.invalidate()
        return True

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        if not self.clicked(kind, pos):
            return False
        self.on_click()
        return True

    def content_height(self) -> int:
        """The two lines' height at their sizes."""
        t = self.text.rendered_size("Ag", self.title_size, True)[1]
        s = self.text.rendered_size("Ag", self.line_size)[1]
        return t + s

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        state = "pressed" if self.pressed else "hover" if self.hover else "normal"
        key = (state, tr(self.title), self.state, self.mark)
        img = self._surfaces.get(key)
        if img is None:
            img = self._surfaces[key] = self._render(state)
        surface.blit(img, self.bounds)
        return self.bounds

    def _render(self, state: str) -> pygame.Surface:
        w, h = self._rect.size
        b = self.bounds
        surf = pygame.Surface(b.size, pygame.SRCALPHA)
        ox, oy = self._rect.x - b.x, self._rect.y - b.y
        radius = max(8, min(w, h) // 6)
        sh = theme.shadow((w, h), radius, max(2, h // 10), 90)
        surf.blit(sh, (ox - (sh.get_width() - w) // 2, oy - (sh.get_height() - h) // 2 + 2))
        fill = {"normal": theme.CREAM, "hover": theme.CREAM_HOVER, "pressed": theme.CREAM_PRESSED}[state]
        border = theme.GOLD if self.mark else None
        surf.blit(theme.rounded_rect((w, h), fill, radius, 3 if border else 0, border), (ox, oy))
        title = tr(self.title)
        top = self.text.render(title, least_legible(title, self.title_size), theme.TEXT_DARK, bold=True)
        lines = [top]
        if self.state:
            lines.append(self.text.render(self.state, least_legible(self.state, self.line_size), DAILY_STATE))
        total = sum(i.get_height() for i in lines)
        y = oy + (h - total) // 2
        for i in lines:
            surf.blit(i, i.get_rect(midtop=(ox + w // 2, y)))
            y += i.get_height()
        return surf


#: The daily card's state line: a dark green, 4.5:1 and more on the cream card.
DAILY_STATE = (30, 90, 50)


class BestCard(DailyCard):
    """A kiosk's today's best as a card: its name, and the day's best game under it (or an
    invitation to be the first); pressing it opens the board."""

    @property
    def label(self) -> str:
        return N_("Today's best")
