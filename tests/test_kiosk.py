"""Kiosk mode (`--kiosk`): full screen and touch-sized, a cursor only for a mouse, the
administrator's corner gesture, attract mode, and touch input from single-touch screens."""

from __future__ import annotations

import pygame
import pytest
from conftest import _finger, answered, click, key, run_frames, settle, touch_tap
from helpers.assist import RESUMED, blocked_golf, run_until
from helpers.tables import with_mouse_copy

import main
from game.admin_exit import CONFIRM, HOLD, SHOW_AFTER, corner_of, corner_size
from game.attract import VISIT_ENDS
from game.kiosk import ADMIN_EXIT
from game.model.golf import GolfGame
from game.scenes.admin_scene import AdminScene
from game.scenes.assist import Driver
from game.scenes.attract_banner import AdminHold, AttractBanner
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel, WinPanel
from game.scenes.initials_scene import InitialsScene
from game.scenes.menu import MenuScene
from game.scenes.seat import Seat
from game.scenes.settings_scene import SettingsScene
from game.scenes.stats_scene import StatsScene
from game.scenes.table import TableScene
from game.settings import DEAL_KINDS, Settings

FINGER = 48  # px: about 9 mm on the 7" 800x480 display


def kiosk(make_app, size=(800, 480), language="en", **settings):
    app = make_app(size=size, kiosk=True, settings=Settings(language=language, fullscreen=False, **settings))
    return app


def menu(make_app, **kw):
    app = kiosk(make_app, **kw)
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    return app


def golf_table(make_app, **kw):
    app = kiosk(make_app, **kw)
    app.replace(app.ctx.scenes.table(GolfGame.new(rule="easy", number=1)))
    run_frames(app)
    settle(app)
    return app


def play_a_golf_move(app) -> None:
    """Tap the stock: a draw, a move the player made."""
    scene = app.top
    touch_tap(app, scene.layout.stock.center)
    settle(app)
    assert scene.game.moves >= 1


def press(app, pos, finger=True) -> None:
    if finger:
        _finger(app, pygame.FINGERDOWN, pos)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def release(app, pos, finger=True) -> None:
    if finger:
        _finger(app, pygame.FINGERUP, pos)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def leave_the_kiosk(app) -> None:
    """On the administrator's screen: Leave the kiosk, and yes."""
    assert isinstance(app.top, AdminScene)
    touch_tap(app, app.top.leave_button.rect.center)
    yes = next(b for b in app.top.buttons if b.label == "Leave the kiosk")
    touch_tap(app, yes.rect.center)


def wait(app, seconds: float, dt: float = 0.1) -> None:
    """Frames over `seconds` of real time with no input."""
    for _ in range(int(round(seconds / dt))):
        app.step_frame(dt)


# -- the window ------------------------------------------------------------------------------------
def test_a_kiosk_is_full_screen_whatever_the_settings_say(config_dir):
    from game.app import App

    app = App(kiosk=True, settings=Settings(fullscreen=False))
    try:
        assert app.fullscreen
        app.set_fullscreen(False)
        key(app, pygame.K_F11)
        assert app.fullscreen and app.running
    finally:
        app.close()


def test_the_settings_offer_no_full_screen_switch_but_the_idle_demo_in_a_kiosk(make_app):
    app = kiosk(make_app)
    scene = SettingsScene(app.ctx)
    assert not scene.toggles["fullscreen"].visible and scene.attract.visible
    desk = make_app(size=(800, 480))
    scene = SettingsScene(desk.ctx)
    assert scene.toggles["fullscreen"].visible and not scene.attract.visible


@pytest.mark.parametrize("language", ["en", "el", "th"])
@pytest.mark.parametrize("scene", [MenuScene, SettingsScene, StatsScene])
def test_every_target_of_the_menu_and_settings_is_finger_sized_at_800x480(make_app, language, scene):
    app = kiosk(make_app, language=language)
    app.replace(scene(app.ctx))
    run_frames(app)
    shown = [w for w in app.top.widgets if w.visible and type(w).__name__ != "Label"]
    assert len(shown) >= 4
    for w in shown:
        assert w.rect.height >= FINGER and w.rect.width >= FINGER, (type(w).__name__, w.rect)
        assert w.rect.bottom <= 480 and w.rect.right <= 800
    if scene is MenuScene:  # no keyboard: no code box, and no Quit
        assert not app.top.code_box.visible and not app.top.quit_button.visible


@pytest.mark.parametrize("language", ["en", "el"])
def test_the_table_buttons_take_a_fingertip_at_800x480(make_app, language):
    app = golf_table(make_app, language=language)
    for b in app.top.hud.buttons:
        if b.visible:
            area = b.hit_area
            assert area.height >= FINGER and area.width >= FINGER, (b.label, area)
    areas = [b.hit_area for b in app.top.hud.buttons if b.visible]
    assert all(a.collidelist([o for o in areas if o is not a]) == -1 for a in areas)  # no overlaps


def test_a_tap_at_the_bands_edge_above_a_button_still_presses_it(make_app):
    app = golf_table(make_app)
    undo = app.top.hud.button_for(app.top.undo)
    play_a_golf_move(app)
    assert app.top.game.undo_depth == 1
    touch_tap(app, (undo.rect.centerx, 0))  # above the drawn button, inside the band
    assert app.top.game.undo_depth == 0


def test_main_resumes_the_saved_game_at_a_kiosk_start(make_app):
    app = golf_table(make_app)
    play_a_golf_move(app)
    code, moves = app.top.game.code, app.top.game.moves
    app.close()
    again = kiosk(make_app)
    scene = main.first_scene(main.build_parser().parse_args(["--kiosk"]), again)
    assert isinstance(scene, TableScene) and scene.game.code == code and scene.game.moves == moves
    desk = make_app(size=(800, 480))
    assert isinstance(main.first_scene(main.build_parser().parse_args([]), desk), MenuScene)


# -- the cursor ----------------------------------------------------------------------------------------
def test_the_cursor_hides_for_fingers_and_comes_back_for_a_mouse(make_app):
    app = menu(make_app)
    assert not app.duties.cursor_visible  # a kiosk starts without an arrow
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    run_frames(app)
    assert app.duties.cursor_visible and pygame.mouse.get_visible()
    touch_tap(app, (5, 400))
    # SDL's mouse copy of a touch does not bring the arrow back
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 400), rel=(1, 1), buttons=(0, 0, 0), touch=True))
    run_frames(app)
    assert not app.duties.cursor_visible and not pygame.mouse.get_visible()


# -- the administrator's exit -----------------------------------------------------------------------
OPPOSITE_POINT = {(2, 2): (797, 477), (797, 2): (2, 477), (2, 477): (797, 2), (797, 477): (2, 2)}


@pytest.mark.parametrize("corner", [(2, 2), (797, 2), (2, 477), (797, 477)])
def test_a_corner_held_five_seconds_then_the_opposite_one_tapped_opens_the_administrators_screen(make_app, corner):
    app = golf_table(make_app)
    press(app, corner)
    wait(app, HOLD - 0.2)
    assert app.running
    assert any(isinstance(s, AdminHold) for s in app.stack)  # the countdown shows
    wait(app, 0.5)
    release(app, corner)
    wait(app, 1.0)
    assert app.running  # the hold alone does not leave (a passer-by holding on does not shut it down)
    banner = next(s for s in app.stack if isinstance(s, AdminHold))
    assert banner.left == 0 and "corner" not in " ".join(banner.texts())  # the second step is not told
    touch_tap(app, OPPOSITE_POINT[corner])
    wait(app, 0.2)
    assert app.running and isinstance(app.top, AdminScene)
    assert not any(isinstance(s, AdminHold) for s in app.stack)
    leave_the_kiosk(app)
    assert not app.running and app.exit_status == ADMIN_EXIT


@pytest.mark.parametrize("then", ["same corner", "middle", "too late"])
def test_after_the_hold_any_other_press_or_none_in_time_disarms_it(make_app, then):
    app = menu(make_app)
    press(app, (2, 2))
    wait(app, HOLD + 0.3)
    release(app, (2, 2))
    if then == "too late":
        wait(app, CONFIRM + 0.5)
    else:
        touch_tap(app, (2, 2) if then == "same corner" else (400, 240))
        wait(app, 0.2)
    touch_tap(app, (797, 477))  # the right corner, now too late or after a wrong press
    wait(app, 1.0)
    assert app.running and app.exit_status == 0
    assert not any(isinstance(s, AdminHold) for s in app.stack)


def test_the_countdown_shows_only_after_a_second_and_goes_with_the_finger(make_app):
    app = menu(make_app)
    press(app, (797, 2), finger=False)
    wait(app, SHOW_AFTER - 0.2)
    assert not any(isinstance(s, AdminHold) for s in app.stack)
    wait(app, 1.0)
    banner = next(s for s in app.stack if isinstance(s, AdminHold))
    assert banner.left == 4
    release(app, (797, 2), finger=False)
    wait(app, HOLD)
    assert app.running and banner not in app.stack and isinstance(app.top, MenuScene)


@pytest.mark.parametrize("how", ["early", "slid", "middle", "desktop"])
def test_no_exit_without_a_still_corner_press_on_a_kiosk(make_app, how):
    app = menu(make_app) if how != "desktop" else make_app(size=(800, 480), scene=MenuScene)
    start = (400, 240) if how == "middle" else (3, 3)
    press(app, start)
    if how == "early":
        wait(app, HOLD - 1)
        release(app, start)
    elif how == "slid":
        wait(app, 1.5)
        _finger(app, pygame.FINGERMOTION, (200, 200))
    wait(app, HOLD + 1)
    touch_tap(app, (797, 477))  # the opposite corner: without a hold before it, nothing
    wait(app, 0.5)
    assert app.running and app.exit_status == 0


def test_a_press_on_the_corner_button_still_works_when_released_in_time(make_app):
    app = golf_table(make_app)
    menu_button = next(b for b in app.top.hud.buttons if b.label == "Menu")
    corner = (799, 0)
    assert menu_button.hit_area.collidepoint(corner) and corner_of(corner, app.size) == "tr"
    press(app, corner)
    wait(app, 2.0)
    release(app, corner)
    run_frames(app)
    assert app.running and isinstance(app.top, MenuScene)


def test_ctrl_alt_q_opens_a_kiosks_administrators_screen(make_app):
    app = menu(make_app)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert app.running and isinstance(app.top, MenuScene)
    key(app, pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    assert app.running and isinstance(app.top, AdminScene)
    key(app, pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_ALT)  # once: no second screen over it
    assert sum(isinstance(s, AdminScene) for s in app.stack) == 1
    leave_the_kiosk(app)
    assert not app.running and app.exit_status == ADMIN_EXIT


def test_corners_are_at_least_a_fingertip():
    assert corner_size((800, 480)) >= FINGER and corner_size((1920, 1080)) >= FINGER
    assert corner_of((400, 2), (800, 480)) is None and corner_of((2, 240), (800, 480)) is None


# -- attract mode ----------------------------------------------------------------------------------------
def idle(app, minutes: float) -> None:
    """The kiosk left alone: one long frame (the loop sleeps while nothing moves), then a few short."""
    app.step_frame(minutes * 60.0)
    run_frames(app, 3)


def demo_table(app) -> TableScene:
    assert app.attract.active
    table = app.stack[0]
    assert isinstance(table, TableScene) and table.watching and table.seat is Seat.ATTRACT
    return table


def test_attract_mode_starts_after_the_idle_minutes_and_plays_a_winnable_deal(make_app):
    app = golf_table(make_app)
    play_a_golf_move(app)
    idle(app, 2.9)
    assert not app.attract.active
    idle(app, 0.2)
    table = demo_table(app)
    banner = next(s for s in app.stack if isinstance(s, AttractBanner))
    assert table.guaranteed and banner.rect == table.hud.rect  # in place of the band: no card hidden
    size = table.layout.card_size
    assert not any(banner.rect.colliderect(pygame.Rect(t.pos, size)) for t in table.targets().values())
    assert table.toast.message == ""  # the banner says it, not the demo's own message
    assert table.dealing and table.assist.driver is Driver.DEMO_DUE  # the demo takes the cards once down
    run_until(app, lambda: table.game.moves >= 3)  # the deal, then the demo's moves
    assert table.game.moves >= 3 and app.attract.active and table.assist.driver is Driver.DEMO


def test_a_touch_in_attract_mode_brings_back_the_saved_game_untouched(make_app, data_dir):
    app = golf_table(make_app)
    play_a_golf_move(app)
    game = app.top.game
    position, moves = game.position_key(), game.moves
    idle(app, 3.1)
    assert (data_dir / "current-game.json").exists()  # saved before the demo began
    demo = demo_table(app)
    run_until(app, lambda: demo.game.moves >= 1)
    touch_tap(app, app.stack[0].layout.stock.center)  # on the demo's stock: it must not draw there
    assert not app.attract.active
    table = app.top
    assert isinstance(table, TableScene) and not table.watching
    assert table.game.code == game.code and table.game.position_key() == position and table.game.moves == moves
    run_frames(app, 30)
    assert table.game.moves == moves  # the waking touch did nothing on the table
    assert not app.ctx.audio.muted  # the player's sound is back


def sdl_touch(app, pos) -> None:
    """A tap as SDL 2 sends it from a touchscreen: each finger event after its mouse copy."""
    with_mouse_copy(app, pygame.FINGERDOWN, pos)
    run_frames(app)
    with_mouse_copy(app, pygame.FINGERUP, pos)
    run_frames(app)


def test_the_touch_that_ends_attract_mode_does_nothing_else(make_app):
    app = golf_table(make_app)
    play_a_golf_move(app)
    idle(app, 3.1)
    run_frames(app, 30)
    undo = app.stack[0].hud.button_for(app.stack[0].undo)
    sdl_touch(app, undo.rect.center)  # where the restored table has its Undo button
    run_frames(app, 30)
    assert isinstance(app.top, TableScene) and not app.top.watching and app.top.game.undo_depth == 1
    sdl_touch(app, undo.rect.center)  # the next touch is the player's again
    assert app.top.game.undo_depth == 0


def test_a_click_that_ends_attract_mode_over_the_menus_play_button_only_wakes_it(make_app):
    app = menu(make_app)
    play = app.top.play_button.rect.center
    idle(app, 3.1)
    click(app, play)
    run_frames(app, 10)
    assert isinstance(app.top, MenuScene) and app.ctx.progress.saved() is None


def test_the_demos_take_turns_from_one_spell_to_the_next(make_app):
    from game.model.eightoff import EightOffGame

    app = menu(make_app, last_game="golf")
    idle(app, 3.1)
    assert isinstance(demo_table(app).game, GolfGame)
    touch_tap(app, (400, 240))
    idle(app, 3.1)
    assert isinstance(demo_table(app).game, EightOffGame)


def test_attract_mode_closes_the_sound_device(make_app):
    class Audio:
        muted, suspended = False, 0

        def play(self, name, now=None):
            return False

        def set_muted(self, value):
            self.muted = value

        def suspend(self):
            self.suspended += 1

    app = make_app(size=(800, 480), kiosk=True, audio=Audio(), settings=Settings(fullscreen=False))
    app.replace(MenuScene(app.ctx))
    idle(app, 3.1)
    assert app.ctx.audio.muted and app.ctx.audio.suspended >= 1
    touch_tap(app, (400, 240))
    assert not app.ctx.audio.muted


def test_a_demo_win_in_attract_mode_shows_the_bouncing_cards_under_the_banner_only(make_app):

    app = menu(make_app, last_game="golf", animation_speed="fast")
    idle(app, 3.1)
    table = demo_table(app)
    run_until(app, lambda: shows(app.input_scene(), WinPanel))
    win = app.input_scene()
    assert shows(win, WinPanel) and win.content.bare and win.buttons == []
    assert isinstance(app.stack[-1], AttractBanner)  # the banner stays on top of the celebration
    run_frames(app, 60)
    assert win.content.flying and table.game.status == "won"


def test_a_panel_closing_under_the_countdown_closes_itself_not_the_countdown(make_app):
    app = menu(make_app)
    click(app, app.top.stats_button.rect.center)
    assert isinstance(app.top, StatsScene)
    press(app, (2, 477))
    wait(app, 2.0)
    assert isinstance(app.stack[-1], AdminHold)
    key(app, pygame.K_ESCAPE)
    assert [type(s) for s in app.stack] == [MenuScene, AdminHold]
    release(app, (2, 477))
    wait(app, 0.2)
    assert app.stack == [app.input_scene()]


def test_ctrl_alt_q_during_attract_mode_ends_it_and_opens_the_administrators_screen(make_app):
    app = menu(make_app)
    idle(app, 3.1)
    key(app, pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    assert app.running and not app.attract.active and isinstance(app.top, AdminScene)
    assert not any(isinstance(s, AttractBanner) for s in app.stack)


def test_main_exits_with_the_admin_status(tmp_path):
    import subprocess
    import sys

    script = (
        "import sys, pygame, main\n"
        "from game.app import App\n"
        "run = App.run\n"
        "def leave(self, scene=None):\n"
        "    if self.kiosk:\n"
        "        self.ctx.leave_kiosk()  # (the administrator's screen's Leave the kiosk)\n"
        "    else:\n"
        "        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q,\n"
        "                          mod=pygame.KMOD_CTRL | pygame.KMOD_ALT, unicode='', scancode=0))\n"
        "    return run(self, scene)\n"
        "App.run = leave\n"
        "sys.exit(main.main(sys.argv[1:]))\n"
    )
    env = dict(
        __import__("os").environ,
        GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path),
        GOLF_EIGHTOFF_DATA_DIR=str(tmp_path),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    kiosk_run = subprocess.run(
        [sys.executable, "-c", script, "--kiosk"], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    desk_run = subprocess.run(
        [sys.executable, "-c", script, "--windowed"], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    assert kiosk_run.returncode == ADMIN_EXIT, kiosk_run.stderr
    assert desk_run.returncode == 0, desk_run.stderr


def test_a_touch_in_attract_mode_from_the_menu_goes_back_to_the_menu(make_app):
    app = menu(make_app)
    idle(app, 3.1)
    demo_table(app)
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, MenuScene) and not app.attract.active


def test_attract_mode_is_silent_and_changes_neither_settings_nor_statistics(make_app, data_dir):
    app = menu(make_app, last_game="golf")
    idle(app, 3.1)
    assert app.ctx.audio.muted
    demo = demo_table(app)
    run_until(app, lambda: demo.game.moves >= 3)
    assert demo.game.moves >= 3 and app.ctx.audio.played == []
    assert app.settings.last_game == "golf"
    assert app.ctx.progress.saved() is None  # a demo is never the saved game
    stats = app.ctx.progress.stats
    assert all(stats.results(g, o) == [] for g, o in [("golf", "easy"), ("eightoff", "8")])
    assert all(stats.dealt(kind) == set() for kind in DEAL_KINDS)  # the player's deals stay theirs
    touch_tap(app, (400, 240))
    assert isinstance(app.top, MenuScene) and app.ctx.audio.muted is False


def test_attract_mode_alternates_golf_and_eight_off_after_each_win(make_app):
    from game.model.eightoff import EightOffGame

    app = menu(make_app, last_game="golf", animation_speed="fast")
    idle(app, 3.1)
    first = demo_table(app)
    assert isinstance(first.game, GolfGame)
    # the demo plays to the win, which shows a while, then the next deal
    run_until(app, lambda: app.stack[0] is not first)
    assert first.game.status == "won"
    second = demo_table(app)
    assert isinstance(second.game, EightOffGame) and second.game.status == "playing"
    assert app.attract.cycles == 2


@pytest.mark.parametrize("how", ["off", "desktop"])
def test_no_attract_mode_when_off_or_on_a_desktop(make_app, how):
    app = menu(make_app, attract_minutes=0) if how == "off" else make_app(size=(800, 480), scene=MenuScene)
    idle(app, 60)
    assert not app.attract.active and isinstance(app.top, MenuScene)


def test_input_restarts_the_idle_time(make_app):
    app = menu(make_app)
    idle(app, 2.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    run_frames(app)
    idle(app, 2.5)
    assert not app.attract.active
    idle(app, 0.6)
    assert app.attract.active


def test_a_power_cut_during_attract_mode_resumes_the_players_game(make_app):
    app = golf_table(make_app)
    play_a_golf_move(app)
    code, position = app.top.game.code, app.top.game.position_key()
    idle(app, 3.1)
    demo = demo_table(app)
    run_until(app, lambda: demo.game.moves >= 2)  # the demo moves
    # the power goes: no close(), a new process starts from what is on disk
    again = kiosk(make_app)
    scene = main.first_scene(main.build_parser().parse_args(["--kiosk"]), again)
    assert scene.game.code == code and scene.game.position_key() == position


# -- more of the kiosk: the band under a blocked panel, attract mode, the statistics, the exit ---------
def blocked_table(make_app):

    app = kiosk(make_app)
    app.replace(app.ctx.scenes.table(blocked_golf(), dict(RESUMED)))
    answered(app)
    assert isinstance(app.top, InitialsScene)  # the day's first game takes a place on its leaderboard
    touch_tap(app, app.top.skip.rect.center)
    answered(app)
    assert shows(app.top, BlockedPanel)
    return app


@pytest.mark.parametrize("label", ["Menu", "Undo"])
def test_the_band_works_under_the_blocked_panel_without_a_keyboard(make_app, label):
    app = blocked_table(make_app)
    table = app.stack[0]
    depth = table.game.undo_depth
    touch_tap(app, table.hud.button_for(getattr(table, {"Menu": "go_menu", "Undo": "undo"}[label])).rect.center)
    settle(app)
    if label == "Menu":
        assert isinstance(app.top, MenuScene)
    else:
        assert app.top is table and table.game.status == "playing" and table.game.undo_depth == depth - 1


def test_a_blocked_game_comes_back_blocked_after_attract_mode(make_app):
    app = blocked_table(make_app)
    code = app.stack[0].game.code
    idle(app, 3.1)
    assert app.attract.active
    touch_tap(app, (400, 240))
    settle(app)
    assert isinstance(app.stack[0], TableScene) and app.stack[0].game.code == code
    assert app.stack[0].game.status == "blocked"


def test_the_deal_code_is_not_copied_on_a_kiosk(make_app):
    app = golf_table(make_app)
    app.ctx._clipboard = ""
    touch_tap(app, app.top.hud.code_button.rect.center)
    assert app.ctx._clipboard == "" and not app.top.toast.active


def test_the_statistics_fit_a_kiosk_screen(make_app):
    from game.scenes.stats_scene import StatsScene

    app = kiosk(make_app)
    app.replace(StatsScene(app.ctx))
    run_frames(app)
    assert pygame.Rect(0, 0, 800, 480).contains(app.top.panel_rect)


def test_the_admin_banner_never_shrinks_when_its_countdown_ends(make_app):
    """It lost its line of seconds when the hold was done and left the old, taller outline around it."""
    app = menu(make_app)
    press(app, (2, 2))
    wait(app, 2.0)
    banner = next(s for s in app.stack if isinstance(s, AdminHold))
    before = banner.rect.copy()
    wait(app, HOLD - 1.5)
    assert banner.left == 0 and banner in app.stack
    assert banner.rect.contains(before)


@pytest.mark.parametrize("switch", ["left on", "turned off"])
def test_the_touch_that_ends_attract_mode_brings_the_first_run_tips_back_for_a_new_player(make_app, switch):
    """Not only the first visitor sees the tips: the next player after a demo is probably someone new;
    an administrator who turned the tips off keeps them off."""
    from game.scenes import tips

    app = menu(make_app)
    app.ctx.enter_owner_mode()  # (the administrator's choice, kept for every visitor)
    if switch == "turned off":
        tips.set_pending(app.settings, False)
        app.ctx.save_settings()
    app.ctx.begin_visit()
    app.settings.tips_seen = {game: True for game in tips.GAMES}  # a visitor saw them all
    assert not tips.pending(app.settings)
    idle(app, 3.1)
    demo_table(app)
    wait(app, VISIT_ENDS)  # the visitor has gone
    touch_tap(app, (400, 240))
    assert not app.attract.active
    assert tips.pending(app.settings) is (switch == "left on")


def test_a_hold_lifted_before_any_frame_saw_it_complete_still_arms_the_exit():
    from game.admin_exit import AdminExit

    admin, size = AdminExit(), (800, 480)
    admin.feed("down", (2, 2), 1, 0.0, size)
    admin.feed("up", (2, 2), 1, HOLD + 0.01, size)  # no frame between: the lift came first
    admin.feed("down", (797, 477), 1, HOLD + 1.0, size)
    assert admin.due(HOLD + 1.0)
