"""A kiosk's board of today's best on screen: a game that earns a place asks for initials before its
end panel; the menu's card and the board; the administrator clears it."""

from __future__ import annotations

import pygame
import pytest
from conftest import run_frames, settle, touch_tap
from helpers.assist import blocked_golf

from game import i18n
from game.model.moves import GolfMove
from game.persist.leaderboard import Entry
from game.scenes.admin_scene import AdminScene
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel
from game.scenes.initials_scene import InitialsScene
from game.scenes.leaderboard_scene import LeaderboardScene
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.settings import Settings


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def kiosk(make_app, size=(800, 480), language="en"):
    settings = Settings(fullscreen=False, tips_off=True, language=language)
    return make_app(size=size, kiosk=True, settings=settings)


def last_move_on_the_table(make_app, **kw):
    """A kiosk's Golf table one move from its blocked end, that move made by a tap."""
    app = kiosk(make_app, **kw)
    game = blocked_golf()
    last = game.move_stack[-1]
    game.pop()
    app.replace(app.ctx.scenes.table(game))
    run_frames(app)
    settle(app)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.game.status == "playing"
    if last == GolfMove.DRAW:
        touch_tap(app, scene.layout.stock.center)
    else:
        touch_tap(app, scene.target_rect(scene.game.columns[last.column][-1]).center)
    for _ in range(200):
        run_frames(app)
        if not isinstance(app.top, TableScene):
            break
    return app, scene


def tap_letters(app, letters: str) -> None:
    scene = app.top
    for letter in letters:
        key = next(b for b in scene.keys if b.label == letter)
        touch_tap(app, key.rect.center)


def test_a_game_that_earns_a_place_asks_for_initials_before_its_end_panel(make_app, data_dir):
    app, table = last_move_on_the_table(make_app)
    assert table.game.status == "blocked"
    initials = app.top
    assert isinstance(initials, InitialsScene) and initials.place == 0
    tap_letters(app, "ZOE")
    tap_letters(app, "Q")  # three letters at most
    touch_tap(app, initials.rubout.rect.center)
    tap_letters(app, "X")
    touch_tap(app, initials.done.rect.center)
    settle(app)
    assert shows(app.top, BlockedPanel)
    [entry] = app.ctx.leaderboard.entries("golf")
    assert entry.initials == "ZOX" and entry.deal == str(table.game.code)
    assert entry.uid == app.ctx.progress.uid


def test_initials_are_optional(make_app, data_dir):
    app, _table = last_move_on_the_table(make_app)
    touch_tap(app, app.top.skip.rect.center)
    settle(app)
    assert shows(app.top, BlockedPanel)
    assert [e.initials for e in app.ctx.leaderboard.entries("golf")] == [""]


def test_a_window_has_no_board(make_app, data_dir):
    app = make_app(size=(800, 480), settings=Settings(fullscreen=False, tips_off=True))
    assert app.ctx.leaderboard is None


def test_an_assisted_game_takes_no_place(make_app, data_dir):
    app = kiosk(make_app)
    game = blocked_golf()
    game.pop()
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    app.ctx.progress.demo_moves = 1  # the demo played part of it
    scene = app.top
    scene.attempt(scene.game.legal_moves()[0]) if scene.game.legal_moves() else None
    for _ in range(200):
        run_frames(app)
    assert not any(isinstance(s, InitialsScene) for s in app.stack)
    assert app.ctx.leaderboard.entries("golf") == []


def put(app, mark=3, initials="ANA", uid="g1") -> Entry:
    entry = Entry(
        "golf", "golf-easy", "GO1-E-AAAAAAB", "GO1-E-AAAAAAB-R5-EY", mark, initials, "2026-12-07T10:00:00", uid
    )
    app.ctx.leaderboard.add(entry)
    return entry


def test_the_menu_shows_the_days_best_and_opens_the_board(make_app, data_dir):
    app = kiosk(make_app)
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    card = app.top.best_card
    assert card.visible and card.state == "Be the first today"
    put(app)
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    card = app.top.best_card
    assert card.state == "ANA · golf score 3"
    touch_tap(app, card.rect.center)
    board = app.top
    assert isinstance(board, LeaderboardScene) and board.game == "golf"
    assert board.beat.visible and board.beat.label == "On this deal, beat a golf score of 3"
    touch_tap(app, board.beat.rect.center)
    settle(app)
    assert isinstance(app.top, TableScene) and str(app.top.game.code) == "GO1-E-AAAAAAB"


def test_an_empty_board_says_so_and_offers_nothing_to_beat(make_app, data_dir):
    app = kiosk(make_app)
    app.push(LeaderboardScene(app.ctx, app.ctx.leaderboard, "eightoff"))
    run_frames(app)
    assert not app.top.beat.visible and not any(w.visible for w in app.top.watch)


def test_the_administrator_clears_the_board(make_app, data_dir):
    app = kiosk(make_app)
    put(app)
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_ALT, unicode="", scancode=0
        )
    )
    run_frames(app)
    admin = app.top
    assert isinstance(admin, AdminScene)
    touch_tap(app, admin.leaderboard_button.rect.center)
    yes = next(b for b in app.top.buttons if b.label == "Clear")
    touch_tap(app, yes.rect.center)
    assert app.ctx.leaderboard.entries("golf") == []


@pytest.mark.parametrize("language", ["en", "el", "th"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_boards_screens_hold_everything_finger_sized(make_app, data_dir, language, size):
    app = kiosk(make_app, size=size, language=language)
    for i in range(5):
        put(app, mark=i, uid=f"g{i}")
    entry = app.ctx.leaderboard.entries("golf")[0]
    for scene in (
        LeaderboardScene(app.ctx, app.ctx.leaderboard, "golf"),
        InitialsScene(app.ctx, app.ctx.leaderboard, entry, 0),
    ):
        app.push(scene)
        run_frames(app)
        panel = scene.panel_rect
        assert app.screen.get_rect().contains(panel)
        shown = [w for w in scene.widgets if w.visible]
        for w in shown:
            assert panel.contains(w.rect), w
            assert w.rect.width >= 48 and w.rect.height >= 48, w
        rects = [w.rect for w in shown]
        assert all(a.collidelist([b for b in rects if b is not a]) == -1 for a in rects)
        app.stack.pop()


def test_attract_mode_replays_the_days_best_after_its_games_demo(make_app, data_dir):
    from helpers.assist import run_until

    from game.model.eightoff import EightOffGame
    from game.model.golf import GolfGame
    from game.persist.leaderboard import entry_for
    from game.scenes.replay_scene import ReplayScene

    settings = Settings(fullscreen=False, tips_off=True, last_game="golf", animation_speed="fast", attract_minutes=1)
    app = make_app(size=(800, 480), kiosk=True, settings=settings)
    best = blocked_golf()
    app.ctx.leaderboard.add(entry_for(best, "golf-easy", "best-1"))
    app.replace(MenuScene(app.ctx))
    app.step_frame(61.0)
    run_frames(app, 3)
    demo = app.stack[0]
    assert isinstance(demo, TableScene) and isinstance(demo.game, GolfGame)
    run_until(app, lambda: app.stack[0] is not demo)
    replay = app.stack[0]
    assert isinstance(replay, ReplayScene) and app.attract.active
    assert str(replay.game.code) == str(best.code) and replay.playing
    run_until(app, lambda: app.stack[0] is not replay)
    assert replay.at_end
    third = app.stack[0]
    assert isinstance(third, TableScene) and isinstance(third.game, EightOffGame)
    assert app.ctx.progress.saved() is None  # nothing of it was recorded or saved
