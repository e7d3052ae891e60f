"""Lines of the win panel about how the game was played: a daily deal, a game the demo helped with."""

from __future__ import annotations

import datetime

from .. import i18n
from ..i18n import tr


def day_text(day: datetime.date) -> str:
    """A day as the language writes it in a sentence: 'December 3, 2026', '3 Δεκεμβρίου 2026',
    '3 ธันวาคม 2569' (Thai counts the Buddhist Era)."""
    from babel.dates import format_skeleton

    shown = datetime.date(day.year + i18n.ERA_YEARS.get(i18n.language(), 0), day.month, day.day)
    return str(format_skeleton("yMMMMd", shown, locale=i18n.language()))


def daily_line(daily: str, today: datetime.date | None = None) -> str:
    """The win panel's line for a daily deal (`daily`: its date, '2026-12-03'): today's, or that day's."""
    try:
        day = datetime.date.fromisoformat(daily)
    except ValueError:
        return tr("Daily deal won")
    if day == (today or datetime.date.today()):
        return tr("Today's deal won")
    return tr("Daily deal of {day} won", day=day_text(day))


def assisted_line() -> str:
    """Both the player and the demo moved: the statistics record the game as assisted, never as a win."""
    return tr("The demo played part of this game: it is recorded as assisted.")
