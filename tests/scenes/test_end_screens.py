"""Honest end screens. The blocked panel says how many cards were cleared and are left;
the win screen shows the time, the best score and the streak and offers the same deal again, with
its cascade kept off the top band; "cannot be won" at the deal is said as such."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import click, run_frames, settle
from helpers.tables import is_golf, win, winnable_layout

from game import i18n
from game.model.golf import GolfGame
from game.scenes.analysis_overlay import AnalysisOverlay
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel, WinOverlay, WinPanel
from game.scenes.hud import play_time
from game.scenes.tables import open_round, open_table
from game.ui.text import missing_glyphs


def blocked_game(rng: random.Random) -> GolfGame:
    """A random deal played to a block by a random player (mostly plays, sometimes draws)."""
    game = GolfGame.new(rule=rng.choice(["easy", "classic"]), number=rng.randint(1, 10**6))
    while game.status == "playing":
        moves = game.legal_moves()
        plays = [m for m in moves if not m.is_draw]
        game.push(rng.choice(plays) if plays and rng.random() < 0.7 else moves[-1])
    return game


@pytest.mark.slow
def test_laying_out_the_blocked_panel_says_its_lines_once_for_each_shorter_form(make_app, monkeypatch):
    # (its lines replay the game to say where the deal was lost; the layout weighs up to some 300
    # sizes and places: saying them each time froze the table for 0.7 s when a deal ended)
    app = make_app(size=(800, 480))
    app.ctx.settings.tips = False
    rng = random.Random(2)
    for _ in range(6):
        game = blocked_game(rng)
        app.replace(open_table(app.ctx, game, resumed={}))
        run_frames(app, 5)
        panel = app.top
        assert shows(panel, BlockedPanel)
        said: list[int] = []

        def lines(self, compact, said=said, say=BlockedPanel.lines):
            said.append(compact)
            return say(self, compact)

        monkeypatch.setattr(BlockedPanel, "lines", lines)
        before = panel.panel_rect.copy()
        panel.resize(panel.size)
        assert panel.panel_rect == before  # laid out as before
        assert sorted(said) == sorted(set(said)) and len(said) <= BlockedPanel.compact_levels + 1
        assert said  # (and they are said)
        monkeypatch.undo()


def test_the_blocked_panel_says_cards_cleared_and_left_with_the_golf_score(make_app):
    app = make_app(size=(1280, 720))
    game = GolfGame.from_layout([["KS", "9D"], ["QC"], [], [], [], [], []], ["4H"], [])
    assert game.status == "blocked"
    app.replace(open_table(app.ctx, game, resumed={}))
    run_frames(app, 5)
    lines = app.top.lines()
    assert lines[0] == "Golf · Easy"  # the rule set first
    assert lines[1] == "Final score: 0"
    assert lines[2] == "Cleared: 0 · left: 3"  # (no plural to get wrong: "1 cards")
    assert lines[3].startswith("Your golf score: 3 · ")  # beside the deal's best


def test_the_win_screen_shows_time_best_score_streak_and_clean(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = win(app, winnable_layout())
    overlay = app.top
    assert shows(overlay, WinPanel) and scene.game.status == "won"
    lines = overlay.lines()
    assert lines[0] == "Golf · Easy" and lines[1].startswith("Score: 20 · 2 moves · 0:0")
    assert lines[2] == "Best score: 20 · winning streak: 1"
    assert "Clean win: no undo, no hint." in lines


def test_play_this_deal_again_deals_the_same_start(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    scene = open_table(app.ctx, game)
    app.replace(scene)
    settle(app)
    scene.game.push(scene.game.legal_moves()[0])
    overlay = WinOverlay(app.ctx, scene)
    app.push(overlay)
    settle(app)  # (the panel comes after the cascade)
    again = next(b for b in overlay.buttons if b.label == "Play this deal again")
    click(app, again.rect.center)
    run_frames(app, 3)
    table = app.top
    assert is_golf(table) and table is not scene
    assert table.game.code == "GO1-E-AAAAAFA" and table.game.moves == 0
    assert table.game.position_key() == GolfGame.from_code("GO1-E-AAAAAFA").position_key()


def test_the_cascade_stays_below_the_top_band(make_app):
    app = make_app(size=(800, 480))
    app.ctx.settings.tips = False
    scene = win(app, winnable_layout())
    overlay = app.top
    band = scene.hud.rect
    before = pygame.display.get_surface().subsurface(band).copy()
    for _ in range(90):
        run_frames(app)
        for rect in overlay.draw_effects(pygame.display.get_surface()):
            assert rect.top >= band.bottom
    after = pygame.display.get_surface().subsurface(band)
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")


def test_a_deal_lost_from_the_start_says_it_cannot_be_won(make_app):
    class Lost:
        now = start = "unwinnable"
        last_winnable = lost_move = None
        undos_needed = None
        line_length = 0

    app = make_app(size=(1280, 720))
    scene = open_table(app.ctx, GolfGame.from_code("GO1-C-AAAAAAB"))
    app.replace(scene)
    settle(app)
    overlay = AnalysisOverlay(app.ctx, scene, Lost())
    assert overlay.title == "This deal cannot be won"
    Lost.start = "winnable"
    assert AnalysisOverlay(app.ctx, scene, Lost()).title == "This position can no longer be won"


def test_play_time_reads_like_a_clock():
    assert play_time(42.7) == "0:42" and play_time(725) == "12:05" and play_time(3729) == "1:02:09"
    assert play_time(-3) == "0:00"


def test_a_single_golf_deal_ends_with_the_best_result_found_for_it(make_app):
    """The blocked panel and the win screen say the deal's best golf score from its start."""
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    game = GolfGame.from_layout([["KS", "9D"], ["QC"], ["8H"], [], [], [], []], ["4H"], ["7C", "JD"], "classic")
    while game.status == "playing":
        game.push(game.legal_moves()[-1])  # the last move listed, a draw before a play
    app.replace(open_table(app.ctx, game, resumed={}))
    settle(app)
    panel = app.top
    assert shows(panel, BlockedPanel)
    # JD, QC; 7C, 8H, 9D: the KS left
    assert "Your golf score: 2 · best possible for this deal: 1" in panel.lines()
    scene = win(app, winnable_layout())  # 7S: 6H, 5D, and the 2C is never drawn
    assert "Your golf score: \u20131 · best possible for this deal: \u20131" in app.top.lines()
    assert scene.game.status == "won"
    assert not missing_glyphs(app.top.content.end.best_lines()[0])  # an en dash: the fonts have no U+2212


def test_a_hole_of_a_round_has_its_par_and_no_best_line(make_app):
    from game.model.course import GolfRound

    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = open_round(app.ctx, GolfRound.new("classic", random.Random(5)))
    assert scene.best_found() is None


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "el", "th"])
def test_the_win_panel_leaves_the_top_band_whole(make_app, size, language):
    app = make_app(size=size)
    app.ctx.settings.tips = False
    i18n.set_language(language)
    try:
        scene = win(app, winnable_layout())
        overlay = app.top
        assert shows(overlay, WinPanel)
        assert overlay.panel_rect.top >= scene.hud.rect.bottom  # its buttons and counters stay readable
        assert overlay.panel_rect.bottom <= size[1]
    finally:
        i18n.set_language("en")


def blocked_panels(make_app, language: str):
    """(table, panel) for 8 random deals played to a block at 800x480 in `language` (seed 1)."""
    app = make_app(size=(800, 480))
    app.ctx.settings.tips = False
    i18n.set_language(language)
    try:
        rng = random.Random(1)
        for _ in range(8):
            scene = open_table(app.ctx, blocked_game(rng), resumed={})
            app.replace(scene)
            settle(app)
            panel = app.top
            assert shows(panel, BlockedPanel)
            yield scene, panel
    finally:
        i18n.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "el", "th"])
def test_the_blocked_panel_at_800x480_never_prints_a_line_too_small_to_read(make_app, language):
    """No verdict is printed at about 9 px beside two buttons (as a Greek one was): the panel takes the
    first of its forms whose every line is 12 px or more (the live top band has its buttons)."""
    smallest = []
    for _scene, panel in blocked_panels(make_app, language):
        assert panel.content.analysis is not None
        smallest.append(min(panel.text_sizes))
        title, *body = panel.text_sizes
        assert title >= max(body, default=0), panel.text_sizes  # a narrow panel's title stays its head
    assert len(smallest) == 8 and min(smallest) >= 12, smallest
