"""End panels that keep their content: each in one place per layout class, with its title, lines and
every button at the class's sizes (covering cards if it must); "Show the table" and a hold outside
the panel fade it to show the cards beneath."""

from __future__ import annotations

import pygame
from conftest import settle

from game import i18n
from game.model.golf import GolfGame
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel
from game.scenes.tables import open_table


def drawn_all_then_played(code: str) -> GolfGame:
    """The deal `code`, its whole stock drawn, then the cards that fit played until it is blocked."""
    game = GolfGame.from_code(code)
    while any(m.is_draw for m in game.legal_moves()):
        game.push(next(m for m in game.legal_moves() if m.is_draw))
    while game.status == "playing":
        game.push(game.legal_moves()[0])
    return game


def blocked_at(make_app, size, game, language: str = "en"):
    """(app, table, panel): `game` opened at a table of `size` in `language`, its blocked panel up."""
    app = make_app(size=size)
    app.ctx.settings.tips = False
    i18n.set_language(language)
    scene = open_table(app.ctx, game, resumed={})
    app.replace(scene)
    settle(app)
    panel = app.top
    assert shows(panel, BlockedPanel)
    return app, scene, panel


def test_an_early_block_at_1920x1080_keeps_its_verdict_and_every_button(make_app):
    """GO1-C-AAAAAXL, all 16 drawn, the one card that fits played: the panel once showed its title and
    two score lines only, with no Undo, no New game and no verdict."""
    app, scene, panel = blocked_at(make_app, (1920, 1080), drawn_all_then_played("GO1-C-AAAAAXL"))
    labels = [b.label for b in panel.buttons]
    assert "Undo" in labels and "New game" in labels and "Show the table" in labels, labels
    lines = panel.lines()
    assert lines[0] == "Golf · Classic"
    assert any("could" in line for line in lines), lines  # the solver's verdict
    window = pygame.Rect((0, 0), (1920, 1080))
    for b in panel.buttons:
        assert panel.panel_rect.contains(b.rect) and window.contains(b.rect)
