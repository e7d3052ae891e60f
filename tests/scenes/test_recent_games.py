"""Recent games (game/scenes/recent_games.py): the games kept, newest first, a few to a page with
page buttons, each to watch again, review or (off a kiosk) copy as a replay code; opened from the
Statistics screen; a line when none is kept."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, key, run_frames, touch_tap

from game import i18n
from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.model.replay_code import parse_replay_code
from game.scenes.base import Pop, Scene
from game.scenes.recent_games import EMPTY, RecentGamesScene, game_lines, when_text
from game.scenes.stats_scene import StatsScene
from game.ui import theme
from game.ui.design import RowForm, design_for

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]


class Opened(Scene):
    """The viewer or the review, faked: what it was opened with."""

    def __init__(self, ctx, what, replay):
        super().__init__(ctx)
        self.what, self.replay = what, replay


def keep_games(app, count: int) -> list:
    """`count` finished games kept by the app's store: deals AAAAAAB, AAAAAAC, …, each a draw or two."""
    store = app.ctx.progress.replays
    for i in range(count):
        game = GolfGame.from_code(f"GO1-E-AAAAA{chr(65 + i // 26)}{chr(66 + i % 25)}")
        for _ in range(1 + i % 2):
            game.push(GolfMove.DRAW)
        store.keep(game, "abandoned")
    return store.recent()


@pytest.fixture
def make_recent(make_app, monkeypatch):
    def make(count=7, size=(1280, 720), kiosk=False):
        app = make_app(size=size, kiosk=kiosk)
        games = keep_games(app, count)
        opened = []

        def opener(what):
            def open_(replay, *args, **kwargs):
                opened.append(Opened(app.ctx, what, replay))
                return opened[-1]

            return open_

        for what in ("replay", "review"):
            monkeypatch.setattr(app.ctx.scenes, what, opener(what))
        app.replace(RecentGamesScene(app.ctx))
        run_frames(app)
        app.games, app.opened = games, opened
        return app

    return make


def shown(scene) -> list:
    """The games on the page shown, as the scene holds them."""
    first = scene.page * scene.per_page
    return scene.games[first : first + scene.per_page]


def test_the_games_are_listed_newest_first_a_few_to_a_page(make_recent):
    app = make_recent(7)
    scene = app.top
    assert scene.games == app.games and len(app.games) == 7
    assert [k.finished for k in scene.games] == sorted((k.finished for k in scene.games), reverse=True)
    assert 1 <= scene.per_page <= 5 and scene.pages == -(-7 // scene.per_page)
    seen = []
    for _ in range(scene.pages):
        seen += shown(scene)
        visible = [s for s in scene.slots if s.watch.visible]
        assert len(visible) == len(shown(scene))
        click(app, scene.next_button.rect.center)
    assert seen == app.games  # every game once, in order
    assert not scene.next_button.enabled and scene.page == scene.pages - 1
    click(app, scene.previous_button.rect.center)
    assert scene.page == scene.pages - 2
    key(app, pygame.K_PAGEUP)
    assert scene.page == max(0, scene.pages - 3)


def test_watch_and_review_open_the_games_replay(make_recent):
    app = make_recent(7)
    scene = app.top
    click(app, scene.next_button.rect.center)
    target = shown(scene)[1]
    click(app, scene.slots[1].watch.rect.center)
    assert app.top.what == "replay" and app.top.replay == target.replay
    app.apply(Pop())
    assert app.top is scene
    touch_tap(app, scene.slots[1].review.rect.center)
    assert app.top.what == "review" and app.top.replay == target.replay


def test_copy_code_puts_the_replay_code_on_the_clipboard_and_says_copied(make_recent):
    app = make_recent(3)
    scene = app.top
    click(app, scene.slots[2].copy.rect.center)
    assert parse_replay_code(app.ctx.clipboard_get()) == scene.games[2].replay
    assert scene.slots[2].copy.label == "Copied" and scene.slots[0].copy.label == "Copy code"
    run_frames(app, 200)  # (simulated seconds pass)
    assert scene.slots[2].copy.label == "Copy code"


def test_a_kiosk_has_no_copy_code_and_finger_sized_buttons(make_recent):
    app = make_recent(7, size=(800, 480), kiosk=True)
    scene = app.top
    assert not any(s.copy.visible for s in scene.slots)
    for button in [b for s in scene.slots for b in s.buttons] + [scene.previous_button, scene.next_button, scene.back]:
        if button.visible:
            assert min(button.rect.size) >= theme.KIOSK_TOUCH


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_every_page_fits_its_panel_without_scrolling(make_recent, size, lang):
    i18n.set_language(lang)
    try:
        app = make_recent(12, size=size)
        scene = app.top
        panel = scene.panel_rect
        assert panel.width <= size[0] and panel.height <= size[1]
        d = design_for(size)
        buttons = [b for s in scene.slots for b in s.buttons] + [scene.previous_button, scene.next_button, scene.back]
        for button in buttons:
            assert panel.contains(button.rect), (button.label, button.rect, panel)
            assert min(button.rect.size) >= min(d.target, 30)
        rects = [b.rect for b in buttons]
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        for slot in scene.slots:
            assert panel.contains(slot.lines)
            if scene.form is RowForm.FULL:
                assert slot.lines.right <= slot.watch.rect.left
        # a game's lines fit their room at the body size, as the form was chosen for
        for kept in shown(scene):
            for line in game_lines(kept):
                assert app.ctx.text.rendered_size(line, d.type.body)[0] <= scene.slots[0].lines.width
    finally:
        i18n.set_language("en")


def test_no_game_kept_says_so(make_app):
    app = make_app(scene=RecentGamesScene)
    scene = app.top
    assert scene.games == [] and not any(s.watch.visible for s in scene.slots)
    assert not scene.next_button.visible and tuple(EMPTY)  # the line is painted (shots), the Back button works
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_a_kept_games_lines_say_when_which_game_how_it_ended_and_the_best():
    from game.model.replay import Replay
    from game.persist.replays import Kept

    kept = Kept(Replay("GO1-C+J2-AAAAAAB", []), "2026-12-07T14:05:00", "won", 350, 51, best=True)
    one, two = game_lines(kept)
    assert one.startswith(when_text("2026-12-07T14:05:00")) and "Golf · Classic + 2 jokers" in one
    assert two == "Won in 51 moves · 350 points · ★ Best of its deal"
    i18n.set_language("th")
    try:
        assert "2569" in when_text("2026-12-07T14:05:00")  # the Buddhist Era
    finally:
        i18n.set_language("en")


def test_the_statistics_screen_opens_recent_games(make_app, monkeypatch):
    app = make_app(scene=StatsScene)
    stats = app.top
    assert stats.recent_button.visible and stats.panel_rect.contains(stats.recent_button.rect)
    click(app, stats.recent_button.rect.center)
    assert isinstance(app.top, RecentGamesScene)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_the_statistics_bottom_row_holds_recent_games_at_the_label_size(make_app, size, lang):
    i18n.set_language(lang)
    try:
        app = make_app(size=size, scene=StatsScene)
        scene, design = app.top, design_for(size)
        row = [scene.reset_button, scene.rounds_button, scene.recent_button, scene.back]
        for button in row:
            line, text_size = button.label_layout(i18n.tr(button.label))
            assert text_size == design.type.label and "\n" not in line, (button.label, text_size)
            assert scene.panel_rect.contains(button.rect)
        rects = [b.rect for b in row]
        assert all(a.right < b.left for a, b in zip(rects, rects[1:]))
        assert scene.back.rect.right == scene.chart_rect.right  # (Back at the far end, as ever)
        compact = {b.label for b in row} & {"Reset", "Recent"}
        assert compact in (set(), {"Reset", "Recent"})  # all in full, or all in short
    finally:
        i18n.set_language("en")
