"""A month of daily-deal results drawn as a calendar: on the daily deal's screen and on the
statistics screen. Each day won has a gold disc (its number bold when the win was clean), each day
played but not won a grey ring, today an outline, days to come dim; the day chosen on the daily
deal's screen sits on a lighter square with a gold edge.

Its text takes the window's type scale (game/ui/design.py): the day numbers at the class's label
size (on the daily deal's screen they are pressed, as buttons are), the weekdays' names at its small
size. On the daily deal's screen each day is a control of its own (`DayCell`), at least a finger's
target on each side, so a tap, Tab and the arrow keys reach it like any other control."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import daily
from game.i18n import month_year, weekday_names
from game.ui import theme
from game.ui.design import Design, design_for
from game.ui.text import TextCache, least_legible
from game.ui.widget import Widget

WON, PLAYED = theme.GOLD, (150, 160, 150)
#: The chosen day's square: a light wash and a gold edge, seen on a gold disc as on the felt
CHOSEN_FILL, CHOSEN_EDGE = (255, 255, 255, 40), theme.GOLD_HOVER


def month_title(month: datetime.date) -> str:
    """'December 2026', in the player's language (from Babel's locale data: see i18n.month_year)."""
    return month_year(month)


@dataclass
class MonthGrid:
    """Where a month's calendar puts things in `rect`: a row of weekday names `header` px high,
    then one row of days per week, `row` px high, seven columns across."""

    rect: pygame.Rect
    month: datetime.date
    header: float
    row: float
    weeks: list[list[datetime.date | None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.weeks = daily.month_grid(self.month.year, self.month.month)

    @classmethod
    def even(cls, rect: pygame.Rect, month: datetime.date, spare_rows: int = 0) -> MonthGrid:
        """The weekdays' row and the weeks (and `spare_rows` empty ones) share the height evenly."""
        rows = len(daily.month_grid(month.year, month.month)) + 1 + spare_rows
        return cls(rect, month, rect.height / rows, rect.height / rows)

    @property
    def column(self) -> float:
        return self.rect.width / 7

    def header_centre(self, i: int) -> tuple[int, int]:
        return int(self.rect.x + self.column * (i + 0.5)), int(self.rect.y + self.header / 2)

    def centre(self, week: int, i: int) -> tuple[int, int]:
        return int(self.rect.x + self.column * (i + 0.5)), int(self.rect.y + self.header + self.row * (week + 0.5))

    def cell(self, week: int, i: int) -> pygame.Rect:
        """The cell of the day in week `week`, column `i` (whole pixels, neighbours touching)."""
        x0, x1 = round(self.rect.x + self.column * i), round(self.rect.x + self.column * (i + 1))
        y0 = round(self.rect.y + self.header + self.row * week)
        y1 = round(self.rect.y + self.header + self.row * (week + 1))
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def days(self) -> list[tuple[datetime.date, int, int]]:
        """(day, week, column) of every day of the month."""
        return [(day, w, i) for w, week in enumerate(self.weeks) for i, day in enumerate(week) if day is not None]


def sizes(design: Design) -> tuple[int, int]:
    """The day numbers' and the weekday names' sizes in a class."""
    return design.type.label, design.type.small


def paint_weekdays(surface: pygame.Surface, grid: MonthGrid, text: TextCache, size: int) -> None:
    """The weekdays' names (Monday first, as the grid), at one size."""
    for i, name in enumerate(weekday_names()):
        img = text.render(name, least_legible(name, size), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=grid.header_centre(i)))


def paint_day(
    surface: pygame.Surface,
    text: TextCache,
    cell: pygame.Rect,
    day: datetime.date,
    today: datetime.date,
    result: daily.DayResult | None,
    size: int,
    chosen: bool = False,
) -> None:
    """One day in its cell: its result's disc or ring, today's outline, the chosen day's square."""
    centre = cell.center
    radius = int(min(cell.width, cell.height) * 0.42)
    if chosen:
        square = cell.inflate(-2, -2)
        corner = max(4, square.height // 5)
        wash = theme.rounded_rect(square.size, CHOSEN_FILL, corner)
        surface.blit(wash, square)
        pygame.draw.rect(surface, CHOSEN_EDGE, square, width=max(2, radius // 8), border_radius=corner)
    colour = theme.TEXT
    if result is not None and result.won:
        pygame.draw.circle(surface, WON, centre, radius)
        colour = (30, 30, 30)
    elif result is not None:
        pygame.draw.circle(surface, PLAYED, centre, radius, width=max(1, radius // 6))
    if day == today:
        pygame.draw.circle(surface, theme.TEXT, centre, radius + 2, width=max(1, radius // 8))
    if day > today:
        colour = theme.TEXT_DIM
    img = text.render(str(day.day), size, colour, bold=result is not None and result.clean)
    surface.blit(img, img.get_rect(center=centre))


def paint_month(
    surface: pygame.Surface,
    r: pygame.Rect,
    text: Any,
    month: datetime.date,
    today: datetime.date,
    results: dict[datetime.date, daily.DayResult],
    spare_rows: int = 0,
    design: Design | None = None,
) -> None:
    """The weeks of `month` in `r`: a row of weekday names, then one row per week (plus `spare_rows`
    left empty at the foot, for a line the caller draws there), at the sizes of `design` (None:
    the window's)."""
    grid = MonthGrid.even(r, month, spare_rows)
    number, names = sizes(design or design_for(surface.get_size()))
    paint_weekdays(surface, grid, text, names)
    for day, w, i in grid.days():
        paint_day(surface, text, grid.cell(w, i), day, today, results.get(day), number)


class DayCell(Widget):
    """One day of the daily deal's calendar, pressed to choose it (`on_choose(day)`); a day to come
    is shown, dim, and cannot be chosen."""

    size: int  #: the numeral's text size, always given here

    def __init__(
        self,
        day: datetime.date,
        text: TextCache,
        today: datetime.date,
        size: int,
        on_choose: Callable[[datetime.date], None],
    ) -> None:
        super().__init__((0, 0, 1, 1), text)
        self.day = day
        self.today = today
        self.size = size
        self.on_choose = on_choose
        self.result: daily.DayResult | None = None
        self.chosen = False
        self.enabled = daily.playable(day, today)

    @property
    def bounds(self) -> pygame.Rect:
        return self._rect

    def show(self, result: daily.DayResult | None, chosen: bool) -> None:
        """The day's result and whether it is the chosen day: repainted when either changed."""
        self._set("result", result)
        self._set("chosen", chosen)

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        if not self.clicked(kind, pos):
            return False
        self.on_choose(self.day)
        return True

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if self.visible:
            paint_day(surface, self.text, self._rect, self.day, self.today, self.result, self.size, self.chosen)
        return self._rect
