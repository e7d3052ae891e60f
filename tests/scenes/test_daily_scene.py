"""The daily deal from the menu, played and counted: the menu's button (with its check mark
once today's deal is done), the daily screen's streaks and calendar, and the share line."""

from __future__ import annotations

import datetime

import pytest
from conftest import click, run_frames, settle

from game import daily
from game.scenes import daily_scene
from game.scenes.daily_scene import DailyScene, share_line
from game.scenes.menu import MenuScene

DAY = datetime.date(2026, 12, 1)


@pytest.fixture
def on_day(monkeypatch):
    monkeypatch.setattr(daily_scene, "today", lambda: DAY)


def open_daily(app):
    click(app, app.top.daily_button.rect.center)
    run_frames(app, 2)
    assert isinstance(app.top, DailyScene)
    return app.top


def test_the_menu_opens_todays_deal_and_plays_it_as_that_days_daily(make_app, data_dir, on_day):
    app = make_app(size=(800, 480), scene=MenuScene)
    screen = open_daily(app)
    assert screen.kind.id == "golf-easy" and screen.lines()[0] == "Today's deal is waiting for you."
    click(app, screen.play_button.rect.center)
    run_frames(app, 3)
    table = app.top
    assert table.game.code == daily.daily_code("golf-easy", DAY)
    assert table.daily == "2026-12-01" and table.guaranteed
    settle(app)
    assert app.ctx.progress.daily == "2026-12-01"


def test_a_won_daily_shows_done_with_its_streak_and_share_line(make_app, data_dir, on_day):
    app = make_app(size=(1280, 720), scene=MenuScene)
    stats = app.ctx.progress.stats
    for day, result in (
        (DAY - datetime.timedelta(days=2), "won"),
        (DAY - datetime.timedelta(days=1), "won"),
        (DAY, "won"),
    ):
        stats.record("golf", "easy", "GO1-E-AAAAAAB", result, 350, 52, daily=day.isoformat())
    run_frames(app, 40)  # the menu looks the check mark up after its first frames
    assert app.top.daily_button.label == "Today's deal ✓"
    screen = open_daily(app)
    assert screen.lines() == ["Today's deal is done: won in 52 moves, 350 points.", "Daily streak: 3 · best: 3"]
    assert screen.play_button.label == "Play again"
    click(app, screen.share_button.rect.center)
    assert app.ctx.clipboard_get() == "Golf Easy · 2026-12-01 · won in 52 moves · 350 · clean"


def test_the_check_mark_follows_the_chosen_game(make_app, data_dir, on_day):
    app = make_app(size=(1280, 720), scene=MenuScene)
    app.ctx.progress.stats.record("eightoff", "8", None, "won", 520, 90, daily=DAY.isoformat())
    run_frames(app, 40)
    assert app.top.daily_button.label == "Today's deal"  # Golf Easy is chosen: not done
    from game import registry

    app.top._set_kind(registry.kind("eightoff-8"))
    assert app.top.daily_button.label == "Today's deal ✓"


def test_the_calendar_goes_back_but_not_past_this_month(make_app, data_dir, on_day):
    app = make_app(size=(1280, 720), scene=MenuScene)
    screen = open_daily(app)
    assert not screen.next_button.enabled
    click(app, screen.prev_button.rect.center)
    assert screen.month == datetime.date(2026, 11, 1) and screen.next_button.enabled
    click(app, screen.next_button.rect.center)
    click(app, screen.next_button.rect.center)
    assert screen.month == datetime.date(2026, 12, 1)


def test_a_kiosk_shows_the_share_line_instead_of_copying_it(make_app, data_dir, on_day):
    app = make_app(size=(800, 480), scene=MenuScene, kiosk=True)
    app.ctx.progress.stats.record("golf", "easy", None, "blocked", 150, 40, daily=DAY.isoformat())
    screen = open_daily(app)
    assert not screen.share_button.visible
    assert screen.note_text == "Golf Easy · 2026-12-01 · not won · 150"
    assert screen.lines()[0] == "Today's deal was played but not won yet."


def test_share_line_names_the_rule_set():
    from game import registry

    kind = registry.kind("golf-classic+j2")
    result = daily.DayResult(DAY, True, 350, 60, 100.0, False)
    assert share_line(kind, result) == "Golf Classic + 2 jokers · 2026-12-01 · won in 60 moves · 350"
