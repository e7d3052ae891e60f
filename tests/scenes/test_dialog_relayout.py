"""A panel laid out again while a button is held (the statistics came, the window changed size)
keeps that press: the release still presses the button."""

from __future__ import annotations

import pygame
from conftest import run_frames

from game.scenes.dialog import ConfirmDialog
from game.scenes.menu import MenuScene


def _post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def test_a_press_held_while_the_panel_is_laid_out_again_still_clicks(make_app):
    app = make_app(size=(800, 480), scene=MenuScene)
    said = []
    dialog = ConfirmDialog(app.ctx, "Start a new game?", [], "New game", lambda: said.append("yes"))
    app.push(dialog)
    run_frames(app)
    yes = next(b for b in dialog.buttons if b.label == "New game")
    pos = yes.rect.center
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    run_frames(app)
    dialog.resize(dialog.size)  # laid out again between the press and the release
    assert next(b for b in dialog.buttons if b.label == "New game").rect.collidepoint(pos)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    run_frames(app)
    assert said == ["yes"]
