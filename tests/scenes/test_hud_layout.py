"""The table's band has fixed slots per layout class and language (hud.py).

Over a sweep of states (the light on and off, every listed rule set and a long made-up one, short and
long codes, proven or not, a daily deal of today or an earlier day, a watched demo, a round of nine),
at 800x480, 1280x720 and 1920x1080 in English, Greek and Thai: the band's slot rectangles, its form
and its text sizes do not change within a size and language; its height is the design's band; every
text is at least the class's small size and fits its slot; nothing overlaps; every button is at least
a finger's target wide."""

from __future__ import annotations

import datetime
import random

import pygame
import pytest
from conftest import run_frames

from game import i18n, registry
from game.i18n import tr
from game.model.course import GolfRound
from game.scenes.hud import TIME, Form
from game.scenes.tables import open_round, open_table
from game.scenes.winnable_light import Verdict
from game.settings import Settings
from game.ui import theme
from game.ui.design import design_for
from game.ui.text import get_font

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGS = ["en", "el", "th"]
TODAY = datetime.date.today()
EARLIER = (TODAY - datetime.timedelta(days=3)).isoformat()

GOLF_CODES = [
    "GO1-E-AAAAAAB",
    "GO1-C-AAAAAXL",
    "GO1-S-AAAAAAB",
    "GO1-C+J2-AAAAAAB",
    "GO1-C+W+K+D+J2+Z-WWWWWWW",  # the most rules a rule set adds, and the widest number
]
EIGHTOFF_CODES = ["EO1-C8-AAAAAFA", "EO1-C4-AAAAAFA", "EO1-C2-WWWWWWW"]


def width(text: str, size: int, bold: bool = False) -> int:
    return get_font(size, bold).size(text)[0]


def places(table) -> tuple:
    """Everything of the band that must not move: its form, sizes and every slot's rectangle."""
    hud = table.hud
    return (
        hud.form,
        hud.sizes,
        hud.rect.copy(),
        hud.title_rect.copy(),
        [r.copy() for r in hud.slot_rects],
        hud.light_rect.copy(),
        [b.rect.copy() for b in hud.buttons],
    )


def app_for(make_app, size, lang, light=False, kiosk=False):
    settings = Settings(language=lang, fullscreen=False, animation_speed="off", winnable_light=light)
    app = make_app(size=size, kiosk=kiosk, settings=settings)
    i18n.set_language(lang)
    return app


def shown(app, table, light=False):
    app.replace(table)
    run_frames(app)
    if light:  # (the light's verdict changes its look, never its place)
        table.light.verdict = Verdict.LOST
        run_frames(app)
    return table


def golf_states(app):
    for code in GOLF_CODES:
        for guaranteed in (False, True):
            yield open_table(app.ctx, registry.game_from_code(code), guaranteed=guaranteed)
    yield open_table(app.ctx, registry.game_from_code(GOLF_CODES[1]), guaranteed=True, daily=TODAY.isoformat())
    yield open_table(app.ctx, registry.game_from_code(GOLF_CODES[1]), guaranteed=True, daily=EARLIER)
    yield open_table(app.ctx, registry.game_from_code(GOLF_CODES[0]), guaranteed=True, demo=True)


def eightoff_states(app):
    for code in EIGHTOFF_CODES:
        for guaranteed in (False, True):
            yield open_table(app.ctx, registry.game_from_code(code), guaranteed=guaranteed)
    yield open_table(app.ctx, registry.game_from_code(EIGHTOFF_CODES[0]), guaranteed=True, daily=TODAY.isoformat())
    yield open_table(app.ctx, registry.game_from_code(EIGHTOFF_CODES[1]), guaranteed=True, daily=EARLIER)
    yield open_table(app.ctx, registry.game_from_code(EIGHTOFF_CODES[0]), guaranteed=True, demo=True)


def round_states(app):
    for rules in ("easy", "classic", "strict", "classic+j2"):
        yield open_round(app.ctx, GolfRound.new(rules, rng=random.Random(3)))
    yield open_round(app.ctx, GolfRound.new("easy", rng=random.Random(3)), demo=True)


def check_band(table, kiosk=False):
    """The band's text sizes, its room for every text, no overlap, its buttons' size."""
    hud, size = table.hud, table.size
    d = design_for(size)
    s = hud.sizes
    assert hud.rect.height == d.band
    assert s.label == d.type.label and s.small >= d.type.small
    if i18n.language() == "th":
        assert s.small >= 12  # Thai letters stand about as tall as a Latin x-height
    boxes = sorted([hud.title_rect, *hud.slot_rects, hud.light_rect, *(b.rect for b in hud.buttons)], key=lambda r: r.x)
    for a, b in zip(boxes, boxes[1:]):
        assert a.right < b.left, (a, b)  # left to right, apart
    assert boxes[0].left >= 0 and boxes[-1].right <= size[0]
    assert all(hud.rect.contains(r) for r in boxes)
    # the title names the game over its rule set, each whole
    assert hud.shows_title and hud.title_lines[0] == tr(registry.kind_of(table.game).name)
    assert width(hud.title_lines[0], s.small) <= hud.title_rect.width
    assert "…" not in hud.rule_shown() and width(hud.rule_shown(), s.label, True) <= hud.title_rect.width
    for slot, rect in zip(hud.slots, hud.slot_rects):
        assert width(tr(slot.label), s.small) <= rect.width
        for value in (slot.widest, *(tr(v) for v in slot.words)):
            assert width(value, s.label, True) <= rect.width
    least = theme.KIOSK_TOUCH if kiosk else 44
    for b in hud.buttons:
        assert b.rect.width >= least and b.hit_area.height >= least
        for line in b.lines:
            assert line.size >= s.small
            assert width(line.text, line.size, line.bold) <= b.rect.width - 4, (line, b.rect)


GROUPS = {"golf": golf_states, "eightoff": eightoff_states, "round": round_states}


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_bands_slots_never_move_within_a_size_and_language(make_app, size, lang, group):
    try:
        fixed = None
        for light in (False, True):
            app = app_for(make_app, size, lang, light)
            for table in GROUPS[group](app):
                shown(app, table, light)
                check_band(table)
                if fixed is None:
                    fixed = places(table)
                assert places(table) == fixed, (table.game.code, light)
                # drawing any value never moves a slot
                hud = table.hud
                for values in (["5", "1", "24"], ["150", "999", "3"], ["1500", "9999", "0"]):
                    row = (values + ["1:23:45"])[: len(hud.slots)]
                    hud.draw(pygame.display.get_surface(), tuple(row))
                    assert places(table) == fixed
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", ["EO1-C4-AAAAAFA", "EO1-C8-AAAAAFA", "GO1-C-AAAAAXL"])
def test_the_band_names_the_game_at_800x480(make_app, code, lang):
    """(The Eight Off band at 800x480 once gave the game's name up to its counters.)"""
    try:
        app = app_for(make_app, (800, 480), lang)
        table = shown(app, open_table(app.ctx, registry.game_from_code(code)))
        assert TIME in table.hud.slots  # (the timer on: the fullest band)
        hud = table.hud
        assert hud.shows_title and hud.title_lines[0] == tr(registry.kind_of(table.game).name)
        assert hud.title_rect.width >= width(hud.title_lines[0], hud.sizes.small)
    finally:
        i18n.set_language("en")


def test_the_form_is_the_classes_not_the_windows(make_app):
    """Two windows of one class take one form, whatever room the wider one has."""
    forms = []
    for size in ((901, 600), (1280, 720), (1500, 880)):
        app = app_for(make_app, size, "el")
        forms.append(shown(app, open_table(app.ctx, registry.game_from_code(GOLF_CODES[1]))).hud.form)
    i18n.set_language("en")
    assert len(set(forms)) == 1


def test_a_wide_english_band_shows_its_buttons_in_words(make_app):
    app = app_for(make_app, (1920, 1080), "en")
    hud = shown(app, open_table(app.ctx, registry.game_from_code(GOLF_CODES[1]))).hud
    assert hud.form is Form.WORDS
    assert [b.lines[0].text for b in hud.buttons[:-1]] == ["Menu", "?", "New game", "Redo", "Undo", "Hint", "Watch"]


def test_a_4k_band_takes_the_form_of_1080p_zoomed(make_app):
    forms = []
    for size in ((1920, 1080), (3840, 2160)):
        app = app_for(make_app, size, "en")
        table = shown(app, open_table(app.ctx, registry.game_from_code(GOLF_CODES[1])))
        check_band(table)
        forms.append(table.hud.form)
    assert forms == [Form.WORDS, Form.WORDS]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_a_kiosk_band_has_no_timer_and_finger_sized_buttons(make_app, size):
    app = app_for(make_app, size, "el", kiosk=True)
    table = shown(app, open_table(app.ctx, registry.game_from_code("EO1-C4-AAAAAFA")))
    i18n.set_language("en")
    assert app.ctx.settings.show_timer and TIME not in table.hud.slots
    i18n.set_language("el")
    try:
        check_band(table, kiosk=True)
    finally:
        i18n.set_language("en")


def test_the_time_slot_follows_the_setting(make_app):
    app = app_for(make_app, (1280, 720), "en")
    table = shown(app, open_table(app.ctx, registry.game_from_code(GOLF_CODES[0])))
    assert table.hud.slots[-1] == TIME and table.hud_values()[-1] == "0:00"
    app.ctx.settings.show_timer = False
    table.resize(app.size)
    assert TIME not in table.hud.slots and len(table.hud_values()) == len(table.hud.slots) == 3


def test_the_band_names_the_game_and_its_rule_set(make_app):
    app = app_for(make_app, (1280, 720), "en")
    table = shown(app, open_table(app.ctx, registry.game_from_code("EO1-C4-AAAAAFA")))
    assert table.hud.title_lines == ("Eight Off", "4 cells") and table.hud.title == "Eight Off · 4 cells"
    table = shown(app, open_table(app.ctx, registry.game_from_code("GO1-E-AAAAAAB")))
    assert table.hud.title_lines == ("Golf", "Easy")


@pytest.mark.parametrize("size,shown_as", [((1920, 1080), "Classic + 2 jokers"), ((800, 480), "Classic +1")])
def test_a_rule_set_is_named_in_full_where_the_class_has_room_and_short_where_not(make_app, size, shown_as):
    app = app_for(make_app, size, "en")
    table = shown(app, open_table(app.ctx, registry.game_from_code("GO1-C+J2-AAAAAAB")))
    assert table.hud.rule_shown() == shown_as
