"""The statistics screen shows the month's calendar of daily deals with the daily streaks (a tab
beside the chart chooses), and the best and average time of wins."""

from __future__ import annotations

import datetime

import pygame
import pytest
from conftest import click, run_frames

from game.scenes import daily_scene
from game.scenes.month_calendar import WON
from game.scenes.stats_scene import StatsScene
from game.ui.design import design_for

DAY = datetime.date(2026, 12, 9)


@pytest.fixture
def on_day(monkeypatch):
    monkeypatch.setattr(daily_scene, "today", lambda: DAY)


def record_days(stats, *days_back_results):
    for n, result in days_back_results:
        day = DAY - datetime.timedelta(days=n)
        stats.record("golf", "easy", None, result, 350, 50, duration_s=100 + n, daily=day.isoformat(), uid=f"day{n}")


def open_stats(make_app, size=(800, 480)):
    app = make_app(size=size, scene=StatsScene)
    app.ctx.settings.last_game = "golf"
    run_frames(app, 2)
    return app, app.top


def day_centre(screen, day):
    """Where the calendar draws `day` (the grid of daily.month_grid in the chart's rectangle)."""
    from game import daily

    r = screen.chart_rect
    weeks = daily.month_grid(day.year, day.month)
    cw, ch = r.width / 7, r.height / (len(weeks) + 1)
    for w, week in enumerate(weeks):
        if day in week:
            return int(r.x + cw * (week.index(day) + 0.5)), int(r.y + ch * (w + 1.5))
    raise AssertionError(day)


def test_the_daily_tab_shows_the_months_results_and_the_streaks(make_app, data_dir, on_day):
    app, screen = open_stats(make_app)
    record_days(app.ctx.progress.stats, (0, "won"), (1, "won"), (2, "won"), (4, "blocked"), (5, "won"), (40, "won"))
    screen._refresh()
    assert screen.view == "chart" and screen.lines()[0][0] == "Played"
    click(app, screen.view_tabs.segment_rect(1).center)
    run_frames(app, 2)
    assert screen.view == "daily"
    rows = dict(screen.lines())
    assert screen.lines()[0] == ("December 2026", "")
    assert rows["Days played"] == "5" and rows["Days won"] == "4" and rows["Days won in all"] == "5"
    assert rows["Daily streak"] == "3" and rows["Best daily streak"] == "3"
    surface = pygame.display.get_surface()
    won_day, lost_day, empty_day = (day_centre(screen, DAY - datetime.timedelta(days=n)) for n in (1, 4, 3))
    assert surface.get_at(won_day)[:3] != surface.get_at(empty_day)[:3]
    near = [surface.get_at((won_day[0] + dx, won_day[1]))[:3] for dx in range(-8, 9)]
    assert WON in near  # a won day has its gold disc
    assert WON not in [surface.get_at((lost_day[0] + dx, lost_day[1]))[:3] for dx in range(-8, 9)]
    click(app, screen.view_tabs.segment_rect(0).center)
    run_frames(app, 2)
    assert screen.view == "chart" and screen.lines()[0][0] == "Played"


def test_a_missed_day_ends_the_daily_streak_on_the_statistics_screen(make_app, data_dir, on_day):
    app, screen = open_stats(make_app)
    record_days(app.ctx.progress.stats, (2, "won"), (3, "won"), (4, "won"))
    screen._set_view("daily")
    rows = dict(screen.lines())
    assert rows["Daily streak"] == "0" and rows["Best daily streak"] == "3"


def test_a_day_caught_up_later_counts_as_won_but_not_in_the_streaks(make_app, data_dir, on_day):
    app, screen = open_stats(make_app)
    stats = app.ctx.progress.stats
    record_days(stats, (0, "won"), (2, "won"))
    day = DAY - datetime.timedelta(days=1)  # yesterday's deal, won today
    stats.record("golf", "easy", None, "won", 350, 50, daily=day.isoformat(), uid="late", catch_up=True)
    screen._set_view("daily")
    rows = dict(screen.lines())
    assert rows["Days won"] == "3" and rows["Days won in all"] == "3"
    assert rows["Daily streak"] == "1" and rows["Best daily streak"] == "1"


def test_a_kind_without_daily_deals_says_so(make_app, data_dir, on_day, monkeypatch):
    app, screen = open_stats(make_app)
    monkeypatch.setattr("game.daily.daily_kinds", lambda: ())
    screen._set_view("daily")
    run_frames(app, 2)  # painted without trouble
    assert screen.view == "daily"


def test_the_time_of_wins_best_and_average(make_app, data_dir, on_day):
    app, screen = open_stats(make_app)
    assert dict(screen.lines())["Win time: best (average)"] == "—"
    stats = app.ctx.progress.stats
    stats.record("golf", "easy", None, "won", 350, 50, duration_s=95, uid="a")
    stats.record("golf", "easy", None, "won", 350, 50, duration_s=125, uid="b")
    stats.record("golf", "easy", None, "blocked", 0, 50, duration_s=5, uid="c")  # not a win: not counted
    screen._refresh()
    assert dict(screen.lines())["Win time: best (average)"] == "1:35 (1:50)"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_the_tabs_and_calendar_stay_inside_the_panel(make_app, data_dir, on_day, size):
    app, screen = open_stats(make_app, size)
    screen._set_view("daily")
    run_frames(app, 1)
    tabs = screen.view_tabs.rect
    assert tabs.height >= 44 and not tabs.colliderect(screen.chart_rect)
    assert screen.chart_rect.bottom <= screen.back.rect.top and not tabs.colliderect(screen.numbers_rect)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_charts_keys_are_squares_about_a_capital_high(make_app, size, monkeypatch):
    """The legend's colour squares are neither tiny nor pressed against their words."""
    from game.scenes import stats_scene

    app = make_app(size=size, scene=StatsScene)
    screen = app.top
    squares: list[pygame.Rect] = []
    real = stats_scene.pygame.draw.rect
    monkeypatch.setattr(
        stats_scene.pygame.draw,
        "rect",
        lambda surf, colour, rect, *a, **k: squares.append(pygame.Rect(rect)) or real(surf, colour, rect, *a, **k),
    )
    surface = pygame.Surface(size)
    screen._paint_legend(surface, screen.chart_rect)
    assert len(squares) == len(screen.legend_keys())
    size_px = design_for(size).type.small  # the legend is set in the layout class's small size
    assert all(sq.width >= max(8, int(size_px * 0.7)) for sq in squares)
