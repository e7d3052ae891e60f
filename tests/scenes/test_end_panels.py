"""End panels that keep their content: each in one place per layout class, with its title, lines and
every button at the class's sizes (covering cards if it must); "Show the table" and a hold outside
the panel fade it to show the cards beneath."""

from __future__ import annotations

import pygame
from conftest import click, run_frames, settle

from game import i18n
from game.model.golf import GolfGame
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel, WinPanel
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


def table_alone(scene) -> pygame.Surface:
    """The table as it draws itself with nothing over it."""
    surface = pygame.Surface(scene.size)
    scene.invalidate(None)
    scene.draw(surface)
    return surface


def same_area(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


def test_show_the_table_fades_the_panel_away_and_a_press_brings_it_back(make_app):
    app, scene, panel = blocked_at(make_app, (1280, 720), drawn_all_then_played("GO1-C-AAAAAXL"))
    screen = pygame.display.get_surface()
    with_panel = screen.copy()
    show = next(b for b in panel.buttons if b.label == "Show the table")
    click(app, show.rect.center)
    run_frames(app, 30)
    assert panel.peek == 1.0 and app.top is panel
    alone = table_alone(scene)
    assert same_area(screen, alone, panel.panel_bounds)  # the cards beneath, undimmed
    note = pygame.Rect(0, 720 - 60, 1280, 60)  # how to bring the panel back, at the window's bottom
    assert not same_area(screen, alone, note)
    click(app, (20, scene.hud.rect.bottom + 20))  # a press anywhere: the panel comes back
    run_frames(app, 30)
    assert panel.peek == 0.0 and app.top is panel
    assert same_area(screen, with_panel, panel.panel_bounds)
    assert scene.game.status == "blocked"  # (the press did nothing else)


def test_holding_outside_the_panel_shows_the_table_until_released_and_a_tap_does_not(make_app):
    app, scene, panel = blocked_at(make_app, (800, 480), drawn_all_then_played("GO1-C-AAAAAXL"))
    outside = (panel.panel_rect.centerx, (scene.hud.rect.bottom + panel.panel_rect.top) // 2)
    assert not panel.panel_bounds.collidepoint(outside) and not scene.hud.rect.collidepoint(outside)
    click(app, outside)  # a tap
    run_frames(app, 30)
    assert panel.peek == 0.0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=outside, button=1))
    run_frames(app, 40)
    assert panel.peek == 1.0  # held: the table shows
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=outside, button=1))
    run_frames(app, 30)
    assert panel.peek == 0.0 and app.top is panel  # released: the panel is back


def test_the_win_panel_comes_after_the_cascade_and_a_press_brings_it_at_once(make_app):
    from helpers.tables import win, winnable_layout

    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = win(app, GolfGame.from_layout([["5D", "6H"], [], [], [], [], [], []], ["7S"], ["2C"]))
    overlay = app.top
    assert shows(overlay, WinPanel) and scene.game.status == "won"
    assert not overlay.content.bare  # (the win helper settles: the cascade is over)
    scene = win(app, winnable_layout())
    overlay = app.top
    overlay.content.queue = [(s.card, scene.board.sprite_rect(s).topleft) for s in scene.board.sprites.values()]
    run_frames(app, 3)
    assert overlay.content.bare  # the cascade plays on the table alone
    click(app, (10, 700))
    assert not overlay.content.bare and not overlay.content.queue  # the panel, at once
    assert all(not b.pressed for b in overlay.buttons)


def test_the_celebration_is_on_screen_before_the_panel(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = open_table(app.ctx, GolfGame.from_layout([["5D", "6H"], [], [], [], [], [], []], ["7S"], ["2C"]))
    app.replace(scene)
    settle(app)
    for _ in range(2):
        pile = scene.game.columns[0]
        click(app, scene.layout.card_rect(0, len(pile) - 1, len(pile)).center)
        run_frames(app, 40)
    overlay = app.top
    assert shows(overlay, WinPanel)
    flights = 0
    while overlay.content.bare:
        flights += bool(overlay.content.flying)
        run_frames(app)
    assert flights > 30  # frames of bouncing cards with no panel over them
    assert not overlay.content.queue and not overlay.content.flying
    run_frames(app)
    # the panel on the table as it lies, dimmed: the cards' trails are gone
    screen = pygame.display.get_surface()
    dimmed = table_alone(scene)
    overlay._darken(dimmed, dimmed.get_rect())
    below = pygame.Rect(0, scene.hud.rect.bottom, 1280, overlay.panel_bounds.top - scene.hud.rect.bottom)
    assert same_area(screen, dimmed, below)
    assert same_area(
        screen, dimmed, pygame.Rect(0, overlay.panel_bounds.bottom, 1280, 720 - overlay.panel_bounds.bottom)
    )


def test_the_win_panel_says_a_game_the_demo_helped_with_is_recorded_as_assisted(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = open_table(app.ctx, GolfGame.from_layout([["5D", "6H"], [], [], [], [], [], []], ["7S"], ["2C"]))
    app.replace(scene)
    settle(app)
    scene.game.push(scene.game.legal_moves()[0])
    scene.progress.changed(scene.game)  # the player's move
    scene.progress.changed(scene.game, by_demo=True)  # and the demo's
    lines = WinPanel(app.ctx, scene).lines(0)
    assert "The demo played part of this game: it is recorded as assisted." in lines
    assert "Clean win: no undo, no hint." not in lines


def test_the_win_panel_names_a_daily_deal(make_app):
    import datetime

    from game.scenes.end_lines import daily_line

    today = datetime.date(2026, 12, 6)
    assert daily_line("2026-12-06", today) == "Today's deal won"
    assert daily_line("2026-12-03", today) == "Daily deal of December 3, 2026 won"
    i18n.set_language("el")
    try:
        assert "3 Δεκεμβρίου 2026" in daily_line("2026-12-03", today)
    finally:
        i18n.set_language("en")
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = open_table(app.ctx, GolfGame.from_layout([["5D", "6H"], [], [], [], [], [], []], ["7S"], ["2C"]))
    app.replace(scene)
    settle(app)
    scene.daily = datetime.date.today().isoformat()
    assert WinPanel(app.ctx, scene).lines(0)[1] == "Today's deal won"


def test_a_round_at_par_is_spelled_out():
    from types import SimpleNamespace

    from game.scenes.round_end import hole_lines

    assert hole_lines(SimpleNamespace(pending_score=0, hole=3, standing=0))[1] == "Round: even par"
    assert hole_lines(SimpleNamespace(pending_score=2, hole=3, standing=2))[1] == "Round: +2 to par"


def test_a_long_line_wraps_at_its_size_and_a_thai_phrase_breaks_only_between_letters():
    import unicodedata

    from game.ui.text import get_font
    from game.ui.text import wrap_lines as wrap

    english = wrap("The win was lost 15 moves ago: a draw from the stock.", 200, 15)
    assert len(english) > 1 and " ".join(english) == "The win was lost 15 moves ago: a draw from the stock."
    assert all(get_font(15).size(line)[0] <= 200 for line in english)
    thai = "โอกาสชนะหายไปเมื่อสิบห้าตาก่อนการจั่วจากกองจั่ว"
    pieces = wrap(thai, 120, 15)
    assert len(pieces) > 1 and "".join(pieces) == thai
    assert all(unicodedata.category(piece[0]) not in ("Mn", "Mc", "Me") for piece in pieces)  # no mark alone
