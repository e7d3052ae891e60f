"""One design system: the window's layout class, its type scale and its spacing unit.

Every screen asks `design_for(window)` once per layout and takes its sizes from the answer; no screen
invents a size of its own or shrinks one label to make it fit. There are three layout classes:

- **compact**: up to about 900x540 (the 7" kiosk display at 800x480, small windows);
- **regular**: between (1280x720, a laptop's window);
- **large**: from about 1600x900 (1920x1080 and up; at 4K its sizes are zoomed, as on a HiDPI screen).

A class has one type scale of five sizes, one spacing unit and one least target for a finger. Where a
row of controls does not fit at its class's sizes, the *whole row* takes its compact form (short
labels, icons, or two lines). That choice is made by `row_form` against the class's narrowest window,
with the language's own words, so it depends on the class and the language only, never on the window
of the moment within the class or on what the row shows right now.

The module is pure (no pygame): a screen measures its words with its own fonts and hands the widths in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum


class LayoutClass(StrEnum):
    COMPACT = "compact"
    REGULAR = "regular"
    LARGE = "large"


class RowForm(StrEnum):
    """How a row of controls is drawn in a class and a language: in full, or in its compact form."""

    FULL = "full"
    COMPACT = "compact"


@dataclass(frozen=True, slots=True)
class TypeScale:
    """The five text sizes of a class, in px (each on the font ladder of game/ui/text.py)."""

    small: int  #: captions, footnotes, a band's labels, a legend
    body: int  #: running text, list rows, an end panel's lines
    label: int  #: buttons, tabs, a band's values
    heading: int  #: a panel's title, a section's head
    display: int  #: a screen's title, the win's headline

    def sizes(self) -> tuple[int, int, int, int, int]:
        return (self.small, self.body, self.label, self.heading, self.display)


@dataclass(frozen=True, slots=True)
class Design:
    """A layout class's sizes: its type scale, spacing unit, least finger target and band height."""

    layout: LayoutClass
    type: TypeScale
    unit: int  #: the spacing unit: gaps are whole or half units
    target: int  #: the least side of anything pressed
    band: int  #: the height of the table's band
    row: int  #: the height of a row of controls on a panel (a button, a switch, a segmented choice)
    least: tuple[int, int]  #: the class's narrowest window, against which row forms are decided

    def space(self, units: float = 1) -> int:
        """`units` spacing units in px (half units are allowed), at least 1 px for a non-zero count."""
        return max(1 if units else 0, round(self.unit * units))

    @property
    def compact(self) -> bool:
        return self.layout is LayoutClass.COMPACT

    def row_form(self, widths: Iterable[int], room: Callable[[tuple[int, int]], int]) -> RowForm:
        """FULL where the row's items, `widths` wide in full form at this class's sizes, fit with a
        unit between each in the room the screen gives the row at this class's narrowest window
        (`room(least)`); COMPACT otherwise. Decided by class and language, never by the moment."""
        return row_form(widths, room(self.least), self.unit)


#: The largest window of the compact class, and the smallest of the large one (w, h).
COMPACT_UP_TO = (900, 540)
LARGE_FROM = (1600, 900)

_COMPACT = Design(LayoutClass.COMPACT, TypeScale(13, 15, 16, 20, 28), 8, 44, 48, 44, (800, 480))
_REGULAR = Design(LayoutClass.REGULAR, TypeScale(15, 18, 20, 26, 38), 10, 44, 56, 52, (901, 541))
_LARGE = Design(LayoutClass.LARGE, TypeScale(18, 22, 26, 35, 52), 14, 48, 72, 64, LARGE_FROM)

#: The base window of the large class: beyond it (4K), its sizes are zoomed as a whole.
_LARGE_BASE = (1920, 1080)
#: The font ladder's sizes from 13 px (game/ui/text.py LADDER): zoomed sizes snap to it.
_LADDER = tuple(range(13, 19)) + (20, 22, 24, 26, 28, 30, 32, 35, 38, 41, 44, 48, 52, 56, 60, 65, 70, 76, 82, 89, 96)


def layout_class(window: tuple[int, int]) -> LayoutClass:
    """The layout class of a window: compact when either side is within COMPACT_UP_TO, large when
    both reach LARGE_FROM, regular otherwise.

    >>> [layout_class(s).value for s in ((800, 480), (1024, 600), (1280, 720), (1920, 1080), (1600, 1200))]
    ['compact', 'regular', 'regular', 'large', 'large']
    """
    w, h = window
    if w <= COMPACT_UP_TO[0] or h <= COMPACT_UP_TO[1]:
        return LayoutClass.COMPACT
    if w >= LARGE_FROM[0] and h >= LARGE_FROM[1]:
        return LayoutClass.LARGE
    return LayoutClass.REGULAR


def design_for(window: tuple[int, int]) -> Design:
    """The design of a window's class. The large class is zoomed on windows well past 1920x1080 (by
    the smaller of the two ratios, from 1.5 up), every size at once, so 4K reads as 1080p does.

    >>> design_for((800, 480)).type.body, design_for((1280, 720)).type.body, design_for((1920, 1080)).type.body
    (15, 18, 22)
    >>> design_for((3840, 2160)).type.body, design_for((3840, 2160)).unit
    (44, 28)
    """
    kind = layout_class(window)
    if kind is LayoutClass.COMPACT:
        return _COMPACT
    if kind is LayoutClass.REGULAR:
        return _REGULAR
    zoom = min(window[0] / _LARGE_BASE[0], window[1] / _LARGE_BASE[1])
    if zoom < 1.5:
        return _LARGE
    return _zoomed(_LARGE, zoom)


def _snap(size: float) -> int:
    """The ladder size nearest to `size`."""
    return min(_LADDER, key=lambda step: abs(step - size))


def _zoomed(design: Design, zoom: float) -> Design:
    t = design.type
    scale = TypeScale(*(_snap(s * zoom) for s in t.sizes()))
    return Design(
        design.layout,
        scale,
        round(design.unit * zoom),
        round(design.target * zoom),
        round(design.band * zoom),
        round(design.row * zoom),
        design.least,
    )


def row_form(widths: Iterable[int], room: int, gap: int) -> RowForm:
    """FULL where items `widths` wide fit in `room` with `gap` between each, else COMPACT.

    >>> row_form([100, 100], 210, 10).value, row_form([100, 100], 209, 10).value
    ('full', 'compact')
    """
    items = list(widths)
    need = sum(items) + gap * max(0, len(items) - 1)
    return RowForm.FULL if need <= room else RowForm.COMPACT
