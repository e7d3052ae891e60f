"""One fixed band per window size. The title and every counter keep their places
for a plain and a winnable deal, as the values grow, in both games and in a round; nothing reaches
the buttons; the text fits its slot in Greek and Thai (the widest values sized each slot)."""

from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.i18n import tr
from game.model.course import GolfRound
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.hud import TICK_K, TIME
from game.scenes.tables import open_round, open_table
from game.settings import Settings

SIZES = [(800, 480), (1280, 720), (1920, 1080)]


def golf(ctx, proven):
    return open_table(ctx, GolfGame.from_code("GO1-E-AAAAAFA"), guaranteed=proven)


def eightoff(ctx, proven):
    return open_table(ctx, EightOffGame.from_code("EO1-C4-AAAAAFA"), guaranteed=proven)


def golf_round(ctx, proven):
    return open_round(ctx, GolfRound.new("easy", rng=random.Random(3)), guaranteed=proven)


def places(table):
    hud = table.hud
    return (hud.title_rect.copy(), [r.copy() for r in hud.slot_rects], hud._sizes, [b.rect.copy() for b in hud.buttons])


def shown(make_app, size, make, proven, lang="en"):
    app = make_app(size=size, settings=Settings(language=lang, fullscreen=False, animation_speed="off"))
    i18n.set_language(lang)
    table = make(app.ctx, proven)
    app.replace(table)
    return app, table


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", [golf, eightoff, golf_round])
def test_every_slot_keeps_its_place_for_any_deal_and_value(make_app, size, make):
    app, plain = shown(make_app, size, make, False)
    fixed = places(plain)
    _app, winnable = shown(make_app, size, make, True)
    assert winnable.hud.proven and not plain.hud.proven
    assert places(winnable) == fixed  # the ✓ has its room in the title slot and on the code
    hud = winnable.hud
    for values in (["5", "1", "24", "0:07"], ["150", "999", "3", "12:34"], ["1500", "9999", "0", "1:23:45"]):
        values = values[: len(hud.slots) - 1] + values[-1:]
        hud.draw(pygame.display.get_surface(), tuple(values))
        assert places(winnable) == fixed  # drawing never moves a slot
    assert len(hud.slots) == len(winnable.hud_values())


@pytest.mark.parametrize("size", SIZES)
def test_the_band_names_the_game_and_its_rule_set(make_app, size):
    _app, table = shown(make_app, size, eightoff, True)
    assert table.hud.title_lines == ("Eight Off", "4 cells") and table.hud.title == "Eight Off · 4 cells"
    _app, table = shown(make_app, size, golf, False)
    assert table.hud.title_lines == ("Golf", "Easy")
    if size != (800, 480):  # the widest band has room for the title beside every counter
        assert table.hud.shows_title


@pytest.mark.parametrize("lang", ["en", "el", "th"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", [golf, eightoff, golf_round])
def test_nothing_overlaps_and_every_widest_value_fits(make_app, size, make, lang):
    _app, table = shown(make_app, size, make, True, lang)
    hud, text = table.hud, table.ctx.text
    label_size, value_size = hud._sizes
    boxes = ([hud.title_rect] if hud.shows_title else []) + hud.slot_rects
    right = min(b.rect.left for b in hud.buttons)
    for a, b in zip(boxes, boxes[1:]):
        assert a.right < b.left  # left to right, apart
    assert boxes[0].left >= 0 and boxes[-1].right < right
    if hud.light is not None:
        assert boxes[-1].right < hud.light_rect.left
    for slot, rect in zip(hud.slots, hud.slot_rects):
        label = tr(slot.label)
        assert text.fit_size(label, rect.width, label_size) == text.fit_size(label, 10**4, label_size)
        assert text.fit_size(slot.widest, rect.width, value_size, True) == text.fit_size("8", 10**4, value_size, True)
    assert value_size >= 12 and label_size >= 10  # legible on the narrowest window too
    if lang == "th":  # Thai letters stand about as tall as a Latin x-height: at 10 px a smudge
        assert label_size >= 12
    if hud.shows_title:
        game, rules = hud.title_lines
        size = hud.rules_size
        room = hud.title_rect.width - int(size * TICK_K)  # the tick after the rule set's name
        assert text.fit_size(rules, room, size, True) == text.fit_size(rules, 10**4, size, True)
        assert text.fit_size(game, hud.title_rect.width, label_size) == text.fit_size(game, 10**4, label_size)


def test_the_time_slot_follows_the_setting(make_app):
    app, table = shown(make_app, (1280, 720), golf, False)
    assert table.hud.slots[-1] == TIME and table.hud_values()[-1] == "0:00"
    app.ctx.settings.show_timer = False
    table.resize(app.size)
    assert TIME not in table.hud.slots and len(table.hud_values()) == len(table.hud.slots) == 3


def test_a_kiosk_band_has_no_timer(make_app):
    app = make_app(size=(800, 480), kiosk=True)
    table = golf(app.ctx, False)
    app.replace(table)
    assert app.ctx.settings.show_timer and TIME not in table.hud.slots
    assert table.hud.shows_title  # (without the timer even a kiosk's 800x480 band names the game)
