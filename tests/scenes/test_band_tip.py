"""An icon in the top band shows its name under it while a mouse rests on it (band_tip.py), so that
Greek's bare ▶ (Watch) is not taken for "play". Fingers have no hover: a touchscreen never shows it."""

from __future__ import annotations

import pygame
import pytest
from conftest import run_frames, touch_tap

from game import i18n
from game.model.golf import GolfGame
from game.scenes.band_tip import DELAY
from game.scenes.tables import open_table
from game.settings import Settings


def table(make_app, size, lang):
    app = make_app(size=size, settings=Settings(language=lang, fullscreen=False, animation_speed="off"))
    i18n.set_language(lang)
    scene = open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA"))
    app.replace(scene)
    run_frames(app, 5)
    return app, scene


def icon_button(scene, name):
    hud = scene.hud
    return next(b for b, a in zip(hud.buttons, hud._actions()) if a[0] == name and b.lines[0].text == a[2])


def move(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    run_frames(app)


@pytest.mark.parametrize("size,lang", [((800, 480), "en"), ((1920, 1080), "el"), ((800, 480), "th")])
def test_a_mouse_resting_on_an_icon_shows_its_name_under_it(make_app, size, lang):
    try:
        app, scene = table(make_app, size, lang)
        watch = icon_button(scene, "Watch")
        move(app, watch.rect.center)
        assert not scene.band_tip.active  # not at once: a pass across the band shows nothing
        run_frames(app, int(DELAY * 60) + 3)
        tip = scene.band_tip
        assert tip.active and scene.hud.hovered_icon()[0] == i18n.tr("Watch")
        assert tip.rect.top >= scene.hud.rect.bottom and pygame.Rect((0, 0), size).contains(tip.rect)
        assert abs(tip.rect.centerx - watch.rect.centerx) <= max(0, tip.rect.width // 2)
        move(app, (size[0] // 2, size[1] // 2))  # off the band: it goes
        run_frames(app, 2)
        assert not scene.band_tip.active
    finally:
        i18n.set_language("en")


def test_a_finger_never_brings_the_name(make_app):
    app, scene = table(make_app, (800, 480), "en")
    touch_tap(app, (400, 300))  # a finger: the arrow hides
    watch = icon_button(scene, "Watch")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=watch.rect.center, rel=(1, 1), buttons=(0, 0, 0), touch=True)
    )  # SDL's mouse copy of a finger
    run_frames(app, int(DELAY * 60) + 6)
    assert not scene.band_tip.active
