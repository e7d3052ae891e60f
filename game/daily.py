"""The daily deal: one proven-winnable deal per game kind and calendar date, the same on every
machine, and the streaks of days won. Pure functions: no I/O beyond reading the shipped deal lists,
no pygame.

Which deal: the kind's deal list of proven-winnable deals (game/solver/winnable/<kind>.txt) holds deal
numbers ascending from deal 1 up; its first POOL numbers are the daily pool. Day n (the date's
proleptic Gregorian ordinal, `date.toordinal()`) takes pool entry

    i = (STEP * n + offset(kind)) mod POOL,   offset(kind) = crc32(kind id in UTF-8) mod POOL

STEP is coprime with POOL, so n -> i is a bijection on any POOL consecutive days: no deal repeats
within POOL (> 365) days. A deal list only ever grows past its scanned range, so the first POOL entries,
and every day's deal, never change.

Streaks count calendar dates (the player's local date when the daily deal was dealt), never hours:
a daily started at 23:59 and won at 00:10 belongs to the day it was dealt, and a day of 23 or 25
hours (a time-zone or summer-time change) is still one day.

The earlier days can be played too (the calendar's days before today; never a day to come). A deal
always counts for its own date, whenever it is played: winning the 3rd's deal on the 9th marks the
3rd won and counts among the month's days won, never for the 9th. Such a day is *caught up* (its
deal was dealt after its date), and the streaks count only days won on their own date: a streak
says how many days in a row the player came back, so catching up never mends a broken streak nor
lengthens one. A day won on its date and again later keeps its win on the date.
"""

from __future__ import annotations

import datetime
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from . import registry
from .model.codes import DealCode

POOL = 500
STEP = 7919  # a prime: coprime with POOL = 2^2 * 5^3
DATE_FORMAT = "%Y-%m-%d"
#: How a game's start time is kept (UTC), in its save and its bookkeeping (persist.progress)
STARTED_FORMAT = "%Y-%m-%dT%H:%M:%S"


class NoDailyDeal(ValueError):
    """The kind has no deal list of winnable deals with a full pool (reason for the screen: 'no-deal-list')."""

    reason = "no-deal-list"


def daily_kinds() -> list[str]:
    """The kinds that have a daily deal: every listed kind with a shipped deal list."""
    return [k.id for k in registry.KINDS.values() if k.has_deal_list]


def pool_index(kind: str, day: datetime.date) -> int:
    """Which pool entry is day `day`'s deal of `kind` (the formula in the module's docstring)."""
    offset = zlib.crc32(kind.encode("utf-8")) % POOL
    return (STEP * day.toordinal() + offset) % POOL


def daily_number(kind: str, day: datetime.date) -> int:
    """The deal number of the day for a registry kind (NoDailyDeal when it has no usable deal list)."""
    from .solver import deals  # the deal lists' reader; the solver package is loaded when a daily is asked for

    entry = registry.kind(kind)
    if not entry.has_deal_list:
        raise NoDailyDeal(f"{kind} has no deal list of winnable deals")
    numbers = deals.listed(entry.deal_list)
    if len(numbers) < POOL:
        raise NoDailyDeal(f"the deal list of {kind} holds {len(numbers)} deals, fewer than {POOL}")
    return int(numbers[pool_index(kind, day)])


def daily_code(kind: str, day: datetime.date) -> str:
    """The deal code of the day for a registry kind ('golf-easy', 'eightoff-8', …): the same on
    every machine for the same date, always proven winnable, no repeat within 365 days."""
    entry = registry.kind(kind)
    return str(DealCode(entry.family.id, entry.code_variant, daily_number(kind, day)))


# -- the days played -------------------------------------------------------------------------------
@dataclass(frozen=True)
class DayResult:
    """How the daily deal of one date went for one kind."""

    day: datetime.date
    won: bool
    score: int
    moves: int
    seconds: float
    clean: bool  # won with no undo and no hint
    caught_up: bool = False  # dealt after its date: the day is won, but not in the streaks


def day_results(rows: Iterable[tuple]) -> dict[datetime.date, DayResult]:
    """Each date's daily result from the statistics' rows (uid, result, score, moves, hints, undos,
    seconds, daily, caught up), for one kind. A daily may be played more than once: a win beats a
    loss, a win on its date one caught up later, a clean win an assisted one, then the higher
    score, then the fewer moves."""
    best: dict[datetime.date, DayResult] = {}
    for _uid, result, score, moves, hints, undos, seconds, day_text, late in rows:
        if day_text is None:
            continue
        try:
            day = parse_day(day_text)
        except ValueError:
            continue  # a row the database holds, but no date: not a daily result
        won = result == "won"
        clean = won and not hints and not undos
        this = DayResult(day, won, int(score), int(moves), float(seconds), clean, bool(late))
        old = best.get(day)
        if old is None or _rank(this) > _rank(old):
            best[day] = this
    return best


def _rank(r: DayResult) -> tuple[bool, bool, bool, int, int]:
    return r.won, not r.caught_up, r.clean, r.score, -r.moves


def streak_days(results: dict[datetime.date, DayResult]) -> list[datetime.date]:
    """The dates the streaks count: those whose deal was won on its own date (not caught up)."""
    return sorted(day for day, r in results.items() if r.won and not r.caught_up)


def playable(day: datetime.date, today: datetime.date) -> bool:
    """Whether `day`'s deal can be dealt today: today's and any earlier day's, never a day to come."""
    return day <= today


def caught_up(day_text: str | None, started: str, tz: datetime.tzinfo | None = None) -> bool:
    """Whether the daily deal of `day_text` ('2026-12-01'; None: not a daily) was dealt after its
    date: `started` is the game's start (UTC, STARTED_FORMAT), read as a date in the player's time
    zone (`tz`; None: the machine's). A start that cannot be read is taken as on the date."""
    if day_text is None:
        return False
    try:
        day = parse_day(day_text)
        utc = datetime.datetime.strptime(started, STARTED_FORMAT).replace(tzinfo=datetime.UTC)
    except ValueError:
        return False
    return utc.astimezone(tz).date() > day


def current_streak(won_days: Iterable[datetime.date], today: datetime.date) -> int:
    """Consecutive dates won, ending today, or ending yesterday while today's deal is not yet won
    (a streak stays alive until the day it would break is over)."""
    days = set(won_days)
    day = today if today in days else today - datetime.timedelta(days=1)
    streak = 0
    while day in days:
        streak += 1
        day -= datetime.timedelta(days=1)
    return streak


def best_streak(won_days: Iterable[datetime.date]) -> int:
    """The longest run of consecutive dates won."""
    days = sorted(set(won_days))
    best = run = 0
    previous: datetime.date | None = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    return best


def month_grid(year: int, month: int) -> list[list[datetime.date | None]]:
    """The month as weeks (Monday first), None for the days of the neighbouring months: what the
    statistics screen's calendar draws."""
    first = datetime.date(year, month, 1)
    weeks: list[list[datetime.date | None]] = [[None] * first.weekday()]
    day = first
    while day.month == month:
        if len(weeks[-1]) == 7:
            weeks.append([])
        weeks[-1].append(day)
        day += datetime.timedelta(days=1)
    weeks[-1] += [None] * (7 - len(weeks[-1]))
    return weeks


def parse_day(text: str) -> datetime.date:
    """'2026-12-01' -> the date (ValueError for anything else)."""
    return datetime.datetime.strptime(text, DATE_FORMAT).date()
