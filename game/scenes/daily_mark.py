"""What the other screens need to know of a daily deal: whether the game in play is one, of which
day, and how to name it ("Today's deal", "Daily deal of December 3"). Light on purpose (no scene,
no pygame), so the table's band and the end panels can ask without loading the daily screen.

A table knows its daily deal by `table.daily`, the date's text ('2026-12-01'; None for any other
deal), which it has from the daily screen or from the saved game; `daily_day` reads it."""

from __future__ import annotations

import datetime

from game import daily
from game.i18n import N_, language, tr

#: The mark of the daily deal of today, and of an earlier day ({day}: `day_name`'s "December 3")
TODAY_MARK = N_("Today's deal")
DAY_MARK = N_("Daily deal of {day}")


def daily_day(day_text: str | None) -> datetime.date | None:
    """The date a game is the daily deal of (`table.daily`), or None when it is no daily deal."""
    if not isinstance(day_text, str):
        return None
    try:
        return daily.parse_day(day_text)
    except ValueError:
        return None


def day_name(day: datetime.date) -> str:
    """The day and month as the player's language writes them: 'December 3', '3 Δεκεμβρίου',
    '3 ธันวาคม' (from Babel's locale data, as the calendar's month title)."""
    from babel.dates import format_skeleton  # (Babel: only once a date is named)

    return str(format_skeleton("MMMMd", day, locale=language()))


def daily_mark(day_text: str | None, today: datetime.date) -> str | None:
    """How a band or a panel names the daily deal a game is: "Today's deal" for today's, "Daily deal
    of December 3" for an earlier day's (it counts for that day, never for today); None when the
    game is no daily deal."""
    day = daily_day(day_text)
    if day is None:
        return None
    return tr(TODAY_MARK) if day == today else tr(DAY_MARK, day=day_name(day))
