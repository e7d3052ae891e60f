"""The play time in the HUD, m:ss (h:mm:ss past an hour), only
while the table is in view, repainted only when the shown second changes, and not at all when the
setting is off or on a kiosk. A simulated clock throughout: frames of 1/60 s, never the wall."""

from __future__ import annotations

import pygame
from conftest import run_frames, settle

from game.model.golf import GolfGame
from game.scenes.base import Pop
from game.scenes.dialog import ConfirmDialog
from game.scenes.hud import TIME
from game.scenes.menu import MenuScene
from game.scenes.seat import Seat
from game.scenes.tables import open_table
from game.settings import Settings


def table(make_app, **settings):
    settings.setdefault("fullscreen", False)
    app = make_app(size=(1280, 720), settings=Settings(**settings))
    scene = open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA"))
    app.replace(scene)
    settle(app)
    return app, scene


def shown(scene) -> str:
    """The time the band shows now (what it drew last)."""
    assert scene.hud.slots[-1] == TIME
    return scene.hud._shown[-1]


def test_the_shown_time_follows_the_time_on_the_table(make_app):
    app, scene = table(make_app)
    start = app.ctx.progress.duration
    run_frames(app, 60 * 5)
    assert abs(app.ctx.progress.duration - start - 5) < 0.05
    assert shown(scene) == f"0:{int(app.ctx.progress.duration):02d}"
    app.ctx.progress.duration = 59 * 60 + 59.5  # (a long game: the clock itself, not an hour of frames)
    run_frames(app, 60)
    assert shown(scene) == "1:00:00"
    app.ctx.progress.duration = 2 * 3600 + 3 * 60 + 4.2
    run_frames(app)
    assert shown(scene) == "2:03:04"


def test_the_band_is_repainted_once_a_second_and_no_more(make_app):
    app, scene = table(make_app)
    draws = []
    original = scene.hud.draw
    scene.hud.draw = lambda surface, values, areas=None: draws.append(values[-1]) or original(surface, values, areas)
    app.ctx.progress.duration = 10.0  # a whole second: the next shown second comes after 60 frames
    drawn = run_frames(app, 60 * 3)
    assert draws == ["0:10", "0:11", "0:12"] and drawn == 3  # nothing else is drawn on a resting table


def test_no_time_passes_under_a_dialog(make_app):
    app, scene = table(make_app)
    run_frames(app, 30)
    before, then = app.ctx.progress.duration, shown(scene)
    app.push(ConfirmDialog(app.ctx, "Start a new game?", [], "New game", lambda: None))
    run_frames(app, 60 * 3)
    assert app.ctx.progress.duration == before
    app.apply(Pop())
    run_frames(app)
    assert shown(scene) == then


def test_no_time_passes_while_the_window_is_hidden(make_app):
    app, scene = table(make_app)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    run_frames(app)
    before, then = app.ctx.progress.duration, shown(scene)
    run_frames(app, 60 * 3)
    assert app.ctx.progress.duration == before and shown(scene) == then
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    run_frames(app, 61)
    assert shown(scene) != then


def test_no_time_passes_in_the_menu(make_app):
    app, scene = table(make_app)
    scene.make_move(scene.game.legal_moves()[0])  # a game under way: the menu's Continue
    run_frames(app, 90)
    before = app.ctx.progress.duration
    app.replace(MenuScene(app.ctx))
    run_frames(app, 60 * 5)
    app.replace(app.ctx.scenes.table(*app.ctx.progress.saved()))  # Continue
    settle(app)
    assert abs(app.ctx.progress.duration - before) < 0.1
    assert app.top.hud._shown[-1] == f"0:{int(before):02d}"  # where it stood


def test_no_time_passes_in_attract_mode(make_app):
    app = make_app(size=(800, 480), kiosk=True, settings=Settings(attract_minutes=1))
    app.replace(app.ctx.scenes.table(GolfGame.new(rule="easy", number=1)))
    settle(app)
    app.top.make_move(app.top.game.legal_moves()[0])
    app.step_frame(61.0)  # left alone a minute: the demos start
    run_frames(app, 3)
    demo = app.stack[0]
    assert app.attract.active and demo.seat is Seat.ATTRACT and demo.time_shown() == "—"
    saved = app.ctx.progress.saved()[1]["duration"]
    run_frames(app, 60 * 5)
    assert app.ctx.progress.saved()[1]["duration"] == saved  # the player's game waits, its clock stopped


def test_the_setting_hides_the_time(make_app):
    app, scene = table(make_app, show_timer=False)
    assert TIME not in scene.hud.slots and len(scene.hud._shown) == 3
    run_frames(app, 60 * 2)
    assert scene.hud_values() == ["0", "0", "16"] and app.ctx.progress.duration > 1.9  # (still counted)


def test_a_kiosk_keeps_the_time_off_its_band():
    assert Settings().show_timer  # the desktop's default; TableScene.timer_shown says no on a kiosk
    assert Settings.from_dict({"show_timer": False}).show_timer is False
    assert Settings.from_dict({"show_timer": "yes"}).show_timer is True  # a bad value: the default
