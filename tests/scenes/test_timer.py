"""The play time counts only time on the table: not under a dialog or Help, not
while the window is hidden, not in the menu (a simulated clock throughout)."""

from __future__ import annotations

import pygame
from conftest import run_frames

from game.model.golf import GolfGame
from game.scenes.base import Pop
from game.scenes.dialog import ConfirmDialog
from game.scenes.tables import open_table


def table(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips_seen = {"golf": True, "eightoff": True}
    scene = open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA"))
    app.replace(scene)
    run_frames(app, 120)  # the deal
    return app, scene


def played(app):
    return app.ctx.progress.duration


def test_time_on_the_table_counts(make_app, data_dir):
    app, _scene = table(make_app)
    before = played(app)
    run_frames(app, 60)
    assert abs(played(app) - before - 1.0) < 0.02


def test_a_dialog_over_the_table_stops_the_clock(make_app, data_dir):
    app, scene = table(make_app)
    app.push(ConfirmDialog(app.ctx, "Start a new game?", [], "New game", lambda: None))
    before = played(app)
    run_frames(app, 120)
    assert played(app) == before
    app.apply(Pop())  # the dialog closes
    assert app.top is scene
    run_frames(app, 30)
    assert abs(played(app) - before - 0.5) < 0.02


def test_a_hidden_window_stops_the_clock(make_app, data_dir):
    app, _scene = table(make_app)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    run_frames(app)
    before = played(app)
    run_frames(app, 120)
    assert played(app) == before
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    run_frames(app)
    run_frames(app, 60)
    assert abs(played(app) - before - 1.0) < 0.05


def test_the_time_is_kept_in_the_save(make_app, data_dir):
    app, scene = table(make_app)
    scene.make_move(scene.game.legal_moves()[0])
    run_frames(app, 60)
    scene.make_move(scene.game.legal_moves()[0])
    _game, meta = app.ctx.progress.saved()
    assert meta["duration"] > 0.9
