"""Where an end panel goes and how it is laid out: one place per layout class, every size from the
class's design (game/ui/design.py).

An end panel (won, blocked, a position that can no longer be won, a round's hole) is the verdict on a
game; the player reads it at once and acts on it. So it always stands in the same place for a class:
centred across the window, in the middle of the felt below the band, at a fixed width per class, as
the end dialogs of Microsoft Solitaire Collection and Aisleriot do. A side column was weighed for wide
windows and left: the verdict and its buttons would move between a laptop's window and a large
screen, and on the large class the panel's width is still well inside the felt. The panel may cover
cards (its "Show the table" uncovers them); it never drops a line or a button: its lines wrap at the
class's body size instead, and its buttons take as many rows as their labels need at the class's
label size, decided by the class and the language alone (against the class's narrowest window).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ..i18n import tr
from ..ui import theme
from ..ui.design import Design, LayoutClass
from ..ui.text import TextCache, get_font, least_legible, wrap_lines
from ..ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from ..view.board import Board

log = logging.getLogger(__name__)

#: The panel's width per class, in spacing units: the compact class's fills its narrowest window
#: but for a unit each side; the others are a reading width, well inside their felt.
WIDTH_UNITS = {LayoutClass.COMPACT: 98, LayoutClass.REGULAR: 78, LayoutClass.LARGE: 84}


class BandedTable(Protocol):
    """What the end panel's place asks of the table beneath: the felt below its band, its cards and
    what is printed on the felt, and a repaint."""

    board: Board

    def below_band(self) -> pygame.Rect: ...
    def felt_marks(self) -> list[pygame.Rect]: ...
    def invalidate(self, rects: list[pygame.Rect] | None = None) -> None: ...


class EndPlace:
    """An end panel's place: the felt below the table's band, the band left whole and live; the
    panel goes in its middle (end_layout's rule, above)."""

    def __init__(self, table: BandedTable) -> None:
        self.table = table

    def felt(self, window: pygame.Rect, design: Design) -> pygame.Rect:
        """The felt below the band, less half a unit at its top and bottom."""
        below = self.table.below_band().clip(window)
        return below.inflate(0, -2 * design.space(0.5))


def panel_width(design: Design, window: tuple[int, int]) -> int:
    """The class's panel width, within the window less a unit each side."""
    return min(WIDTH_UNITS[design.layout] * design.unit, window[0] - 2 * design.space(1))


def button_height(design: Design, kiosk: bool) -> int:
    """The end panel's buttons: the class's least target (a kiosk's at least theme.KIOSK_TOUCH)."""
    return max(design.target, theme.KIOSK_TOUCH if kiosk else 0)


# -- text ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TextLine:
    """One block of the panel's text as drawn: its lines joined by newlines, size, colour, boldness,
    the space below it, and its height."""

    text: str
    size: int
    colour: theme.Colour
    bold: bool
    below: int
    height: int


def text_plan(text: TextCache, design: Design, inner: int, title: str, lines: Sequence[str]) -> list[TextLine]:
    """The title (the class's heading, gold, bold) and each line (its body size), wrapped to `inner`,
    each at least its script's least legible size."""
    out = []
    blocks = [(title, design.type.heading, theme.GOLD, True, design.space(1))]
    blocks += [(line, design.type.body, theme.TEXT, False, design.space(0.5)) for line in lines]
    for words, size, colour, bold, below in blocks:
        size = least_legible(words, size)
        joined = "\n".join(wrap_lines(words, inner, size, bold))
        out.append(TextLine(joined, size, colour, bold, below, text.rendered_size(joined, size, bold)[1]))
    return out


def text_height(plan: Sequence[TextLine]) -> int:
    return sum(t.height + t.below for t in plan) - (plan[-1].below if plan else 0)


# -- buttons ------------------------------------------------------------------------------------------
def label_width(label: str, design: Design) -> int:
    """A button's least width: its label at the class's label size, and a unit and a half each side."""
    return get_font(design.type.label, True).size(tr(label))[0] + 2 * design.space(1.5)


def per_row(labels: Sequence[str], design: Design, width: int) -> int:
    """How many of the buttons go side by side in a panel `width` wide (less a unit each side): the
    most whose every label fits at the class's label size in an equal share of the row."""
    room = width - 2 * design.space(2)
    gap = design.space(1)
    n = max(1, len(labels))
    widest = max((label_width(label, design) for label in labels), default=0)
    while n > 1 and n * widest + (n - 1) * gap > room:
        n -= 1
    return n


class PanelButton(Button):
    """A panel's button whose label is drawn at one given size (the class's label size), on two
    lines where it must, never shrunk to fit."""

    size: int  #: always given here

    def __init__(self, rect: tuple[int, int, int, int], label: str, text: TextCache, size: int, style: str) -> None:
        super().__init__(rect, label, text, style=style, size=size)

    def label_image(self, ink: theme.Colour) -> pygame.Surface:
        label = tr(self.label)
        w, h = self._rect.size
        size = least_legible(label, self.size)
        return self.text.render("\n".join(wrap_lines(label, w - 2 * max(6, h // 4), size, True)), size, ink, bold=True)


def button_boxes(
    count: int, row_size: int, panel: pygame.Rect, design: Design, height: int
) -> list[tuple[int, int, int, int]]:
    """Where `count` buttons go, `row_size` to a row, at the panel's bottom; each as wide as a full
    row's share, a last shorter row centred."""
    pad, gap = design.space(2), design.space(1)
    rows = -(-count // row_size)
    width = (panel.width - 2 * pad - gap * (row_size - 1)) // row_size
    top = panel.bottom - pad - rows * height - (rows - 1) * gap
    boxes = []
    for i in range(count):
        row, col = divmod(i, row_size)
        in_row = min(row_size, count - row * row_size)
        left = panel.centerx - (in_row * width + (in_row - 1) * gap) // 2
        boxes.append((left + col * (width + gap), top + row * (height + gap), width, height))
    return boxes


def panel_height(plan: Sequence[TextLine], buttons: int, row_size: int, design: Design, height: int) -> int:
    """The panel's height: its text, a unit and a half, its rows of buttons, and two units of padding
    above and below."""
    rows = -(-buttons // row_size) if buttons else 0
    below = design.space(1.5) + rows * height + (rows - 1) * design.space(1) if rows else 0
    return 2 * design.space(2) + text_height(plan) + below


def panel_rect(felt: pygame.Rect, width: int, height: int, window: pygame.Rect) -> pygame.Rect:
    """The panel in the felt's middle; taller than the felt, up from the window's bottom (said in the
    log: no class and language should need it)."""
    rect = pygame.Rect(0, 0, width, height)
    rect.center = felt.center
    if height <= felt.height:
        return rect.clamp(felt)
    log.info("end panel: %d px taller than the felt below the band", height - felt.height)
    rect.bottom = window.bottom
    return rect.clamp(window)
