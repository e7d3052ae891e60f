"""The daily deal (deterministic, proven winnable, no repeat within a year, for every kind
with a table) and the streaks across missed days, time zones and midnight."""

import datetime

import pytest

from game import daily, registry
from game.model.codes import parse_code
from game.solver import deals

D = datetime.date
DAY = datetime.timedelta(days=1)
KINDS = daily.daily_kinds()


def test_every_kind_with_a_deal_list_has_a_daily_deal():
    assert {"golf-easy", "golf-classic", "eightoff-8", "eightoff-4", "eightoff-2"} <= set(KINDS)
    assert set(KINDS) == {k.id for k in registry.KINDS.values() if k.has_deal_list}


@pytest.mark.parametrize("kind", KINDS)
def test_the_daily_code_is_a_listed_deal_of_its_kind_and_fixed_by_the_formula(kind):
    day = D(2026, 12, 1)
    code = daily.daily_code(kind, day)
    deal = parse_code(code)
    assert registry.kind_for_code(code).id == kind
    assert deals.is_listed(kind, deal.number)  # proven winnable: the deal list holds it
    i = (daily.STEP * day.toordinal() + __import__("zlib").crc32(kind.encode()) % daily.POOL) % daily.POOL
    assert deal.number == deals.listed(kind)[i]
    assert daily.daily_code(kind, day) == code  # the same every time (and on every machine)


@pytest.mark.parametrize("kind", KINDS)
def test_no_daily_deal_repeats_within_a_year(kind):
    start = D(2026, 1, 1)
    codes = [daily.daily_code(kind, start + n * DAY) for n in range(366)]
    assert len(set(codes)) == 366


def test_different_kinds_have_different_days():
    day = D(2027, 3, 14)
    assert daily.pool_index("golf-easy", day) != daily.pool_index("golf-classic", day)


def test_a_kind_with_no_deal_list_has_no_daily_deal():
    with pytest.raises(daily.NoDailyDeal):
        daily.daily_code("golf-easy+z", D(2026, 12, 1))


def test_a_short_or_missing_deal_list_is_refused_not_a_crash(monkeypatch, tmp_path):
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    deals.clear_cache()
    try:
        with pytest.raises(daily.NoDailyDeal):
            daily.daily_code("golf-easy", D(2026, 12, 1))
    finally:
        deals.clear_cache()


# -- streaks -----------------------------------------------------------------------------------------
def test_the_current_streak_ends_today_or_yesterday():
    today = D(2026, 12, 10)
    won = [today - n * DAY for n in range(1, 4)]  # the 7th, 8th, 9th
    assert daily.current_streak(won, today) == 3  # today not played yet: still alive
    assert daily.current_streak([*won, today], today) == 4
    assert daily.current_streak(won, today + DAY) == 0  # the 10th was missed


def test_a_missed_day_breaks_the_streak_but_not_the_best():
    days = [D(2026, 11, d) for d in (1, 2, 3, 4, 6, 7)]
    assert daily.current_streak(days, D(2026, 11, 7)) == 2
    assert daily.best_streak(days) == 4
    assert daily.best_streak([]) == 0 and daily.current_streak([], D(2026, 1, 1)) == 0


def test_streaks_run_across_month_and_year_ends_and_a_leap_day():
    days = [D(2027, 12, 31), D(2028, 1, 1), D(2028, 2, 28), D(2028, 2, 29), D(2028, 3, 1)]
    assert daily.best_streak(days) == 3 and daily.current_streak(days, D(2028, 3, 1)) == 3
    assert daily.current_streak(days[:2], D(2028, 1, 1)) == 2


def test_a_day_is_a_calendar_date_whatever_the_clock_or_time_zone():
    """A daily dealt at 23:59 and won at 00:10 belongs to the day it was dealt; a traveller's
    local dates still follow one another, so a 23- or 25-hour day breaks nothing."""
    dealt = datetime.datetime(2026, 3, 28, 23, 59, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))
    later = datetime.datetime(2026, 3, 29, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=2)))
    days = [dealt.date(), later.date()]
    assert daily.current_streak(days, later.date()) == 2
    assert daily.daily_code("golf-easy", dealt.date()) == daily.daily_code("golf-easy", D(2026, 3, 28))


def test_duplicates_and_order_do_not_matter():
    days = [D(2026, 5, 2), D(2026, 5, 1), D(2026, 5, 2)]
    assert daily.best_streak(days) == 2 and daily.current_streak(days, D(2026, 5, 2)) == 2


def test_month_grid_has_weeks_from_monday():
    grid = daily.month_grid(2026, 12)  # 1 December 2026 is a Tuesday
    assert grid[0][:2] == [None, D(2026, 12, 1)] and all(len(w) == 7 for w in grid)
    assert [d for w in grid for d in w if d] == [D(2026, 12, n) for n in range(1, 32)]
    assert daily.parse_day("2026-12-01") == D(2026, 12, 1)
    with pytest.raises(ValueError):
        daily.parse_day("2026-13-01")


# -- each day's result, from the statistics -----------------------------------------------------------
def row(day, result="won", score=350, moves=50, hints=0, undos=0, seconds=90.0, caught_up=False):
    return ("u", result, score, moves, hints, undos, seconds, day, caught_up)


def test_day_results_keep_the_best_game_of_each_day_and_skip_ordinary_games():
    rows = [
        row(None),
        row("2026-12-01", "blocked", 120),
        row("2026-12-01", "won", 350, undos=1),
        row("2026-12-02", "won", 350, 60),
        row("2026-12-02", "won", 350, 52),
        row("bad-date"),
    ]
    results = daily.day_results(rows)
    assert set(results) == {D(2026, 12, 1), D(2026, 12, 2)}
    first = results[D(2026, 12, 1)]
    assert first.won and not first.clean and first.score == 350
    assert results[D(2026, 12, 2)].moves == 52 and results[D(2026, 12, 2)].clean


def test_the_daily_date_goes_from_the_table_to_the_record_and_survives_a_restart(data_dir):
    from helpers.saves import act, winnable

    from game.persist.progress import Progress

    progress = Progress(data_dir)
    game = winnable()
    progress.begin(game, daily="2026-12-01")
    progress.started = "2026-12-01T12:00:00"  # dealt on its own date
    act(progress, game)
    progress.close()
    again = Progress(data_dir)  # the power came back: the saved game is still the daily of its date
    saved, meta = again.saved()
    assert meta["daily"] == "2026-12-01"
    again.begin(saved, meta)
    while saved.status == "playing":
        act(again, saved)
    results = daily.day_results(again.stats.rows("golf", "easy"))
    assert results[D(2026, 12, 1)].won and daily.current_streak(results, D(2026, 12, 1)) == 1
    again.close()


@pytest.mark.parametrize("bad", ["2026-02-30", "yesterday", 20261201, ["2026-12-01"], "2026-12-01" * 99])
def test_a_damaged_daily_date_in_a_save_loses_the_mark_not_the_game(data_dir, bad):
    import json

    from helpers.saves import act, winnable

    from game.persist.progress import Progress

    progress = Progress(data_dir)
    game = winnable()
    progress.begin(game, daily="2026-12-01")
    act(progress, game)
    progress.close()
    path = next(p for p in data_dir.iterdir() if p.suffix == ".json")
    doc = json.loads(path.read_text())
    doc["daily"] = bad
    path.write_text(json.dumps(doc))
    again = Progress(data_dir)
    saved, meta = again.saved()
    assert saved.moves == 1 and meta["daily"] is None
    again.close()


# -- the earlier days of the month, caught up ---------------------------------------------------------
def test_a_day_caught_up_later_has_its_result_but_no_part_in_the_streaks():
    """A daily won after its date marks its day and counts among the days won, but a streak only
    counts days won on their own date: catching up never mends or lengthens one."""
    rows = [
        row("2026-12-01"),
        row("2026-12-02", caught_up=True),  # the 2nd was missed, and played on a later day
        row("2026-12-03"),
        row("2026-12-04"),
    ]
    results = daily.day_results(rows)
    assert all(results[D(2026, 12, d)].won for d in (1, 2, 3, 4))
    assert results[D(2026, 12, 2)].caught_up and not results[D(2026, 12, 3)].caught_up
    days = daily.streak_days(results)
    assert D(2026, 12, 2) not in days
    assert daily.current_streak(days, D(2026, 12, 4)) == 2 and daily.best_streak(days) == 2


def test_a_win_on_the_day_outranks_a_later_win_of_the_same_day():
    results = daily.day_results([row("2026-12-05", caught_up=True, moves=40), row("2026-12-05", moves=60)])
    assert not results[D(2026, 12, 5)].caught_up and results[D(2026, 12, 5)].moves == 60
    assert daily.streak_days(results) == [D(2026, 12, 5)]


def test_a_day_lost_on_its_date_and_won_later_is_won_but_not_on_time():
    results = daily.day_results([row("2026-12-05", "blocked"), row("2026-12-05", caught_up=True)])
    assert results[D(2026, 12, 5)].won and results[D(2026, 12, 5)].caught_up
    assert daily.streak_days(results) == []


@pytest.mark.parametrize(
    ("started", "day", "late"),
    [
        ("2026-12-05T10:00:00", "2026-12-05", False),
        ("2026-12-06T10:00:00", "2026-12-05", True),
        ("2026-12-04T10:00:00", "2026-12-05", False),  # (a clock set back: never late)
        ("", "2026-12-05", False),  # no start known: the benefit of the doubt
        ("not a time", "2026-12-05", False),
        ("2026-12-06T10:00:00", None, False),  # not a daily
    ],
)
def test_a_daily_is_caught_up_when_it_was_dealt_after_its_date(started, day, late):
    assert daily.caught_up(day, started, tz=datetime.UTC) is late


def test_the_day_a_daily_was_dealt_is_the_players_local_date():
    """Dealt at 23:30 local time on the 5th (22:30 UTC) in a zone an hour ahead of UTC; in a zone
    two hours behind, the same moment is still the 5th as well, but 01:30 UTC on the 6th is not."""
    ahead = datetime.timezone(datetime.timedelta(hours=1))
    behind = datetime.timezone(datetime.timedelta(hours=-2))
    assert not daily.caught_up("2026-12-05", "2026-12-05T22:30:00", tz=ahead)
    assert daily.caught_up("2026-12-05", "2026-12-05T23:30:00", tz=ahead)  # 00:30 on the 6th there
    assert not daily.caught_up("2026-12-05", "2026-12-06T01:30:00", tz=behind)  # 23:30 on the 5th there


def test_only_days_of_the_past_and_today_can_be_played():
    today = D(2026, 12, 9)
    assert daily.playable(today, today) and daily.playable(D(2026, 12, 1), today)
    assert daily.playable(D(2026, 11, 30), today)  # an earlier month the calendar turns back to
    assert not daily.playable(D(2026, 12, 10), today)


def test_a_caught_up_daily_goes_from_the_table_to_the_record(data_dir):
    """Played on a later date than its own, the daily is recorded for its own date, as caught up:
    its day is won, today is not, and the streak stays as it was."""
    from helpers.saves import act, winnable

    from game.persist.progress import Progress

    progress = Progress(data_dir)
    game = winnable()
    progress.begin(game, daily="2026-12-01")
    progress.started = "2026-12-03T12:00:00"  # dealt on the 3rd (any zone): two days after its date
    while game.status == "playing":
        act(progress, game)
    results = daily.day_results(progress.stats.rows("golf", "easy"))
    assert results[D(2026, 12, 1)].won and results[D(2026, 12, 1)].caught_up
    assert D(2026, 12, 3) not in results
    assert daily.current_streak(daily.streak_days(results), D(2026, 12, 3)) == 0
    progress.close()


# -- what the band and the end panels are told ----------------------------------------------------------
def test_a_game_is_named_as_todays_deal_or_the_daily_deal_of_its_day():
    from game import i18n
    from game.scenes.daily_mark import daily_day, daily_mark

    today = D(2026, 12, 9)
    assert daily_day("2026-12-03") == D(2026, 12, 3)
    assert daily_day(None) is None and daily_day("2026-02-30") is None and daily_day(20261203) is None
    assert daily_mark(None, today) is None and daily_mark("garbage", today) is None
    assert daily_mark("2026-12-09", today) == "Today's deal"
    assert daily_mark("2026-12-03", today) == "Daily deal of December 3"
    try:
        i18n.set_language("el")
        assert daily_mark("2026-12-03", today) == "Μοιρασιά της 3 Δεκεμβρίου"
        i18n.set_language("th")
        assert daily_mark("2026-12-03", today) == "เกมประจำวันที่ 3 ธันวาคม"
    finally:
        i18n.set_language("en")
