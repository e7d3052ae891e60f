"""A month of daily-deal results drawn as a calendar: on the daily deal's screen and on the
statistics screen. Each day won has a gold disc (its number bold when the win was clean), each day
played but not won a grey ring, today an outline, days to come dim."""

from __future__ import annotations

import datetime
from typing import Any

import pygame

from game import daily
from game.i18n import month_year, weekday_names
from game.ui import theme

WON, PLAYED = theme.GOLD, (150, 160, 150)


def month_title(month: datetime.date) -> str:
    """'December 2026', in the player's language (from Babel's locale data: see i18n.month_year)."""
    return month_year(month)


def paint_month(
    surface: pygame.Surface,
    r: pygame.Rect,
    text: Any,
    month: datetime.date,
    today: datetime.date,
    results: dict[datetime.date, daily.DayResult],
    spare_rows: int = 0,
) -> None:
    """The weeks of `month` in `r`: a row of weekday names, then one row per week (plus `spare_rows`
    left empty at the foot, for a line the caller draws there)."""
    weeks = daily.month_grid(month.year, month.month)
    rows = len(weeks) + 1 + spare_rows
    cw, ch = r.width / 7, r.height / rows
    size = max(10, int(min(ch * 0.55, cw * 0.45)))
    for i, name in enumerate(weekday_names()):  # Monday first, as the grid
        img = text.fit(name, int(cw * 0.9), size, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=(int(r.x + cw * (i + 0.5)), int(r.y + ch * 0.5))))
    radius = int(min(cw, ch) * 0.42)
    for w, week in enumerate(weeks):
        for i, day in enumerate(week):
            if day is None:
                continue
            centre = (int(r.x + cw * (i + 0.5)), int(r.y + ch * (w + 1.5)))
            result = results.get(day)
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
