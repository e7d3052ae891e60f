"""The daily deal from the menu, played and counted: the menu's button (with its check mark
once today's deal is done), the daily screen's streaks and calendar, the earlier days of the month
chosen and played, the rule set named whatever the menu chose, and the share line; the screen at the
window's type scale in every language."""

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


MID = datetime.date(2026, 12, 9)  # a day with earlier days in its month


@pytest.fixture
def mid_month(monkeypatch):
    monkeypatch.setattr(daily_scene, "today", lambda: MID)


def open_on(make_app, size=(1280, 720), kind="golf-easy", **kwargs):
    """The daily screen opened from the menu with `kind` chosen there."""
    from game import registry

    app = make_app(size=size, scene=MenuScene, **kwargs)
    registry.choose(app.ctx.settings, registry.kind(kind))
    return app, open_daily(app)


def cell_of(screen, day):
    return next(c for c in screen.days if c.day == day)


@pytest.mark.parametrize("kind", ["golf-strict", "golf-classic+j2", "golf-classic", "eightoff-4", "eightoff-2"])
def test_the_screen_names_and_lights_the_rule_set_the_menu_chose(make_app, data_dir, on_day, kind):
    from game import registry
    from game.scenes.kind_picker import rules_title

    app, screen = open_on(make_app, kind=kind)
    chosen = registry.kind(kind)
    assert screen.kind.id == kind
    choice = screen.rule_choice
    assert choice.value == kind  # lit: the segment of this very rule set
    label = dict(choice.options)[kind]
    assert label in (chosen.option_name, rules_title(chosen))
    assert screen.game_choice.value == chosen.family.id


def test_the_menus_rule_set_stays_offered_beside_the_first_choices(make_app, data_dir, on_day):
    app, screen = open_on(make_app, kind="golf-strict")
    assert [k for k, _label in screen.rule_choice.options] == ["golf-easy", "golf-classic", "golf-strict"]
    click(app, screen.rule_choice.segment_rect(0).center)
    assert screen.kind.id == "golf-easy" and screen.rule_choice.value == "golf-easy"
    click(app, screen.game_choice.segment_rect(1).center)  # Eight Off: the menu's cells
    assert screen.kind.family.id == "eightoff" and screen.rule_choice.value == screen.kind.id
    click(app, screen.game_choice.segment_rect(0).center)  # back to Golf: the menu's Strict again
    assert screen.kind.id == "golf-strict" and screen.rule_choice.value == "golf-strict"


def test_an_earlier_day_is_chosen_in_the_calendar_and_its_deal_played_for_that_day(make_app, data_dir, mid_month):
    app, screen = open_on(make_app, size=(800, 480))
    earlier = datetime.date(2026, 12, 3)
    assert screen.chosen == MID and screen.play_button.label == "Play today's deal"
    click(app, cell_of(screen, earlier).rect.center)
    assert screen.chosen == earlier and screen.play_button.label == "Play this deal"
    assert screen.lines()[0] == "December 3: the deal is waiting for you."
    click(app, screen.play_button.rect.center)
    run_frames(app, 3)
    table = app.top
    assert table.game.code == daily.daily_code("golf-easy", earlier)
    assert table.daily == earlier.isoformat() and table.guaranteed
    settle(app)
    assert app.ctx.progress.daily == earlier.isoformat()


def test_a_day_won_later_shows_its_disc_and_leaves_the_streak_alone(make_app, data_dir, mid_month):
    yesterday = MID - datetime.timedelta(days=1)
    app, screen = open_on(make_app)
    stats = app.ctx.progress.stats
    stats.record("golf", "easy", None, "won", 350, 52, daily=MID.isoformat(), uid="t")
    stats.record("golf", "easy", None, "won", 340, 60, daily=yesterday.isoformat(), uid="y", catch_up=True)
    run_frames(app, 30)
    screen._refresh()
    assert screen.lines() == ["Today's deal is done: won in 52 moves, 350 points.", "Daily streak: 1 · best: 1"]
    click(app, cell_of(screen, yesterday).rect.center)
    assert screen.lines()[0] == "December 8: won after its day, in 60 moves, 340 points."
    assert screen.play_button.label == "Play again" and cell_of(screen, yesterday).result.won
    assert cell_of(screen, yesterday).chosen and not cell_of(screen, MID).chosen


def test_a_day_to_come_cannot_be_chosen_nor_played(make_app, data_dir, mid_month):
    app, screen = open_on(make_app)
    later = [c for c in screen.days if c.day > MID]
    assert later and all(not c.enabled for c in later)
    click(app, later[0].rect.center)
    assert screen.chosen == MID
    screen.choose(later[0].day)
    assert screen.chosen == MID


def test_turning_the_month_keeps_the_chosen_day_and_shows_that_months_days(make_app, data_dir, on_day):
    app, screen = open_on(make_app)
    click(app, screen.prev_button.rect.center)
    assert {c.day.month for c in screen.days} == {11} and len(screen.days) == 30
    click(app, cell_of(screen, datetime.date(2026, 11, 20)).rect.center)
    assert screen.chosen == datetime.date(2026, 11, 20)
    click(app, screen.next_button.rect.center)
    assert screen.chosen == datetime.date(2026, 11, 20) and screen.play_button.label == "Play this deal"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_the_copied_line_has_a_place_of_its_own(make_app, data_dir, on_day, size):
    app, screen = open_on(make_app, size=size, kind="golf-classic+j2")
    app.ctx.progress.stats.record("golf", "classic+j2", None, "won", 350, 152, daily=DAY.isoformat(), uid="w")
    run_frames(app, 30)
    screen._refresh()
    click(app, screen.share_button.rect.center)
    run_frames(app, 2)
    assert screen.note_text.startswith("Copied: Golf Classic + 2 jokers")
    note = [p for p in screen.painted if p.rect.colliderect(screen.note_rect)]
    assert note and "".join(p.text for p in note).replace(" ", "") == screen.note_text.replace(" ", "")
    for p in note:
        assert not p.rect.colliderect(screen.grid.rect)
        assert all(not p.rect.colliderect(w.rect) for w in screen.widgets if w.visible)
