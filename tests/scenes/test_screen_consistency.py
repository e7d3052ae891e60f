"""Sequences of input like the monkey's (tests/system/test_monkey.py), each on its own: the screen drawn
piece by piece equals a full repaint, and cards at rest lie where the model says."""

from __future__ import annotations

import pygame
from conftest import click, key, run_frames, settle, type_text
from helpers.assist import RESUMED
from helpers.tables import cards_where_the_model_says

from game import i18n
from game.model.golf import GolfGame
from game.scenes.dialog import Confirm, shows
from game.scenes.menu import MenuScene
from game.scenes.tables import open_table


def test_a_draw_undone_in_the_same_frame_leaves_the_card_where_the_model_says(make_app):
    app = make_app(size=(800, 480))
    game = GolfGame.new("easy", number=1)
    scene = open_table(app.ctx, game, dict(RESUMED))  # a continued game: no deal animation
    app.replace(scene)
    run_frames(app, 60)
    card = game.stock[-1]
    stock = scene.layout.stock.center
    for event in (
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stock, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=stock, button=1),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0),
    ):
        pygame.event.post(event)
    run_frames(app)  # the draw and its undo in one frame
    settle(app)
    assert card in game.stock and game.moves >= 0
    sprite = scene.board.sprites[card]
    assert cards_where_the_model_says(scene), (sprite.pos, scene.targets()[card].pos, scene.layout.waste.topleft)


def new_game_question_while_a_card_is_held_at(make_app, where):
    """A Golf table, a free card dragged to `where` (a function of the app), then N: the question comes
    and the card flies home beneath it. Returns (app, piecemeal screen, fully repainted screen)."""
    app = make_app(size=(1280, 720))
    game = GolfGame.new("easy", number=1)
    game.draw()  # a move made: New game asks first
    scene = open_table(app.ctx, game, dict(RESUMED))
    app.replace(scene)
    run_frames(app, 60)
    start = scene.board.sprite_rect(scene.board.sprites[game.columns[0][-1]]).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run_frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where(app), rel=(0, 0), buttons=(1, 0, 0)))
    run_frames(app)
    key(app, pygame.K_n)
    assert shows(app.top, Confirm)
    settle(app)
    piecemeal = app.screen.copy()
    for s in app.visible_scenes():
        s.invalidate(None)
    app.draw()
    return app, piecemeal, app.screen.copy()


def test_a_card_flying_home_under_the_panel_is_not_left_in_it(make_app):
    app, piecemeal, full = new_game_question_while_a_card_is_held_at(
        make_app, lambda app: (app.size[0] // 2, app.size[1] // 2)
    )  # where the panel comes
    assert pygame.image.tobytes(piecemeal, "RGB") == pygame.image.tobytes(full, "RGB")


def test_the_band_under_a_dialog_is_dimmed_once(make_app):
    app, piecemeal, full = new_game_question_while_a_card_is_held_at(make_app, lambda app: (120, 10))  # the band
    band = app.stack[0].hud.rect
    assert piecemeal.subsurface(band).get_at((5, 5)) == full.subsurface(band).get_at((5, 5))


def test_a_code_error_cleared_after_a_full_repaint_leaves_no_trace(make_app):
    app = make_app(size=(1080, 1080))
    app.settings.language = i18n.set_language("el")
    try:
        app.replace(MenuScene(app.ctx))
        run_frames(app)
        menu = app.top
        type_text(app, "XX1-E-AAAAAAB")
        click(app, menu.code_button.rect.center)  # refused: why, under the code box
        assert menu.error.value
        pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED, window=None))
        run_frames(app)  # the whole menu repainted, the message with it
        type_text(app, "Q")  # editing the code clears the message
        assert menu.error.value == ""
        piecemeal = pygame.image.tobytes(app.screen, "RGB")
        menu.invalidate(None)
        app.draw()
        assert pygame.image.tobytes(app.screen, "RGB") == piecemeal
    finally:
        i18n.set_language("en")
