"""A kiosk's visitors and its administrator: the administrator's screen is the only way to change
the kiosk; a visitor's choices last the visit; after attract mode has run a while, the next touch
is a new visitor's (the kiosk's language and settings, the walked-away game recorded as abandoned);
the administrator's health line."""

from __future__ import annotations

import json

import pygame
import pytest
from conftest import key, run_frames, settle, touch_tap

from game import i18n
from game.attract import VISIT_ENDS
from game.model.golf import GolfGame
from game.persist import run_log
from game.scenes.admin_scene import AdminScene, duration_text, health_sentences
from game.scenes.menu import MenuScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.stats_scene import StatsScene
from game.scenes.table import TableScene
from game.settings import Settings


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def kiosk(make_app, **settings):
    settings.setdefault("tips_off", True)
    return make_app(size=(800, 480), kiosk=True, settings=Settings(fullscreen=False, **settings))


def menu(make_app, **settings):
    app = kiosk(make_app, **settings)
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    return app


def saved_settings(config_dir) -> dict:
    path = config_dir / "settings.json"
    return json.loads(path.read_text()) if path.exists() else {}


def open_admin(app) -> AdminScene:
    key(app, pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    assert isinstance(app.top, AdminScene)
    return app.top


def idle_until_a_new_visitor(app) -> None:
    """The kiosk left alone: attract mode starts, and runs long enough for its player to have gone."""
    app.step_frame(app.settings.attract_minutes * 60.0 + 1)
    run_frames(app, 3)
    assert app.attract.active
    for _ in range(int(VISIT_ENDS)):
        app.step_frame(1.0)
    touch_tap(app, (400, 240))
    assert not app.attract.active


# -- what a visitor can and cannot change ---------------------------------------------------------
def test_a_visitors_menu_has_no_settings_but_every_language_named_in_itself(make_app):
    app = menu(make_app)
    scene = app.top
    assert not scene.settings_button.visible and scene.language_choice.visible
    assert [label for _code, label in scene.language_choice.options] == ["English", "Ελληνικά", "ไทย"]
    assert scene.language_choice in scene.bottom_row()
    assert all(app.screen.get_rect().contains(w.rect) for w in scene.bottom_row())


def test_a_visitors_language_lasts_the_visit_and_is_never_saved(make_app, config_dir):
    app = menu(make_app, language="en", attract_minutes=1)
    scene = app.top
    touch_tap(app, scene.language_choice.segment_rect(2).center)  # ไทย
    run_frames(app)
    assert i18n.language() == "th" and app.settings.language == "th"
    assert saved_settings(config_dir).get("language", "") != "th"
    idle_until_a_new_visitor(app)
    assert i18n.language() == "en" and isinstance(app.top, MenuScene)
    assert app.top.language_choice.value == "en"


def test_a_visitors_choices_on_the_menu_are_not_saved_and_go_with_the_visit(make_app, config_dir):
    app = menu(make_app, attract_minutes=1, difficulty="any")
    touch_tap(app, app.top.band_choice.segment_rect(3).center)  # Hard
    assert app.settings.difficulty == "hard"
    assert saved_settings(config_dir).get("difficulty", "any") == "any"
    idle_until_a_new_visitor(app)
    assert app.settings.difficulty == "any"


def test_a_visitor_cannot_reset_the_statistics(make_app):
    app = kiosk(make_app)
    app.replace(StatsScene(app.ctx))
    run_frames(app)
    assert not app.top.reset_button.visible
    open_admin(app)
    app.replace(StatsScene(app.ctx))  # the administrator's statistics
    run_frames(app)
    assert app.top.reset_button.visible


def test_the_administrator_chooses_the_games_offered_and_whether_visitors_choose_rules(make_app, config_dir):
    app = menu(make_app, last_game="eightoff")
    admin = open_admin(app)
    admin.offered.on_change("golf")
    admin.rules.on_change(False)
    assert saved_settings(config_dir)["offered_games"] == "golf"
    assert saved_settings(config_dir)["last_game"] == "golf"  # the default game is one offered
    assert saved_settings(config_dir)["visitors_choose_rules"] is False
    touch_tap(app, admin.done_button.rect.center)
    scene = app.top
    assert isinstance(scene, MenuScene) and app.ctx.visitor
    assert [value for value, _label in scene.picker.game_choice.options] == ["golf"]
    assert not scene.picker.option_choices["golf"].enabled
    assert all(not b.enabled for b in scene.picker.more.values())


def test_the_administrators_settings_are_saved_and_become_every_visitors(make_app, config_dir):
    app = menu(make_app, language="en", sound=True)
    admin = open_admin(app)
    touch_tap(app, admin.settings_button.rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene) and settings.attract.visible
    settings._set_language("el")
    settings._changed("sound", False)
    assert saved_settings(config_dir)["language"] == "el" and saved_settings(config_dir)["sound"] is False
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, AdminScene)
    touch_tap(app, app.top.done_button.rect.center)
    assert i18n.language() == "el" and app.ctx.visitor and not app.settings.sound
    assert isinstance(app.top, MenuScene) and not app.top.settings_button.visible


def test_the_administrators_screen_speaks_the_kiosks_language_not_the_visitors(make_app):
    app = menu(make_app, language="en")
    app.top.language_choice.on_change("th")
    assert i18n.language() == "th"
    open_admin(app)
    assert i18n.language() == "en"


def test_games_and_rules_opens_the_administrators_menu_with_its_way_back(make_app, config_dir):
    app = menu(make_app)
    admin = open_admin(app)
    touch_tap(app, admin.games_button.rect.center)
    scene = app.top
    assert isinstance(scene, MenuScene)
    assert scene.settings_button.visible and scene.admin_button.visible and not scene.language_choice.visible
    scene._set_band("hard")  # the kiosk's default from now on
    assert saved_settings(config_dir)["difficulty"] == "hard"
    touch_tap(app, scene.admin_button.rect.center)
    assert isinstance(app.top, AdminScene)


# -- a new visitor -------------------------------------------------------------------------------
def play_and_leave_a_golf_game(app) -> None:
    app.replace(app.ctx.scenes.table(GolfGame.new(rule="easy", number=1)))
    run_frames(app)
    settle(app)
    table = app.top
    touch_tap(app, table.layout.stock.center)
    settle(app)
    assert table.game.moves >= 1


def test_a_touch_after_the_first_demos_is_a_new_visitor_and_the_left_game_is_abandoned(make_app, data_dir):
    app = kiosk(make_app, attract_minutes=1)
    play_and_leave_a_golf_game(app)
    idle_until_a_new_visitor(app)
    assert isinstance(app.top, MenuScene)
    progress = app.ctx.progress
    assert progress.saved() is None and not app.top.continue_button.visible
    assert progress.flush()
    assert [row[1] for row in progress.stats.rows("golf", "easy")] == ["abandoned"]


def test_a_touch_during_the_first_demo_brings_the_game_back(make_app, data_dir):
    app = kiosk(make_app, attract_minutes=1)
    play_and_leave_a_golf_game(app)
    app.top.ctx.settings.language = i18n.set_language("el")  # the visitor's language
    app.step_frame(61.0)
    run_frames(app, 3)
    assert app.attract.active
    touch_tap(app, (400, 240))
    assert isinstance(app.top, TableScene) and not app.top.watching and app.top.game.moves >= 1
    assert i18n.language() == "el"


# -- the health line -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("previous", "boot", "reason"),
    [
        (None, "b1", run_log.FIRST),
        ({"boot": "b1", "started": 1.0, "ended": None}, "b1", run_log.CRASH),
        ({"boot": "b0", "started": 1.0, "ended": None}, "b1", run_log.POWER),
        ({"boot": "b1", "started": 1.0, "ended": "administrator"}, "b1", run_log.ADMINISTRATOR),
        ({"boot": "b0", "started": 1.0, "ended": "stopped"}, "b1", run_log.STOPPED),
        ({"boot": "b1", "started": 1.0, "ended": "crash"}, "b1", run_log.CRASH),
        ({"boot": "b1", "ended": "bogus"}, "b1", run_log.UNKNOWN),
        ([1, 2], "b1", run_log.UNKNOWN),
        ({"boot": "b0", "ended": None}, "", run_log.UNKNOWN),
    ],
)
def test_why_a_run_started(previous, boot, reason):
    assert run_log.why_started(previous, boot) == reason


def test_the_run_log_tells_the_next_run_how_this_one_ended(tmp_path):
    first = run_log.begin(tmp_path, now=100.0, boot="b1")
    assert first.reason == run_log.FIRST
    assert run_log.begin(tmp_path, now=200.0, boot="b1").reason == run_log.CRASH  # never ended: crashed
    facts = run_log.begin(tmp_path, now=300.0, boot="b2")
    assert facts.reason == run_log.POWER  # never ended, another boot: the power went
    run_log.end(tmp_path, facts, run_log.ADMINISTRATOR, boot="b2")
    assert run_log.begin(tmp_path, now=400.0, boot="b2").reason == run_log.ADMINISTRATOR
    (tmp_path / run_log.FILE_NAME).write_bytes(b"\xff" * 10)  # damaged: unknown, and written anew
    assert run_log.begin(tmp_path, now=500.0, boot="b2").reason == run_log.UNKNOWN
    assert run_log.begin(tmp_path, now=600.0, boot="b2").reason == run_log.CRASH


def test_a_kiosk_writes_its_run_log_and_its_end(make_app, data_dir):
    app = kiosk(make_app)
    record = json.loads((data_dir / run_log.FILE_NAME).read_text())
    assert record["ended"] is None and app.run_facts is not None
    app.ctx.leave_kiosk()
    app.close()
    assert json.loads((data_dir / run_log.FILE_NAME).read_text())["ended"] == run_log.ADMINISTRATOR
    app = kiosk(make_app)
    assert app.run_facts.reason == run_log.ADMINISTRATOR
    app.close()
    assert json.loads((data_dir / run_log.FILE_NAME).read_text())["ended"] == run_log.STOPPED


def test_a_window_keeps_no_run_log(make_app, data_dir):
    make_app(size=(800, 480))
    assert not (data_dir / run_log.FILE_NAME).exists()


def test_the_health_line_says_the_start_the_games_today_the_space_and_what_waits(make_app, data_dir):
    app = kiosk(make_app)
    app.run_facts = run_log.RunFacts(started=1_000_000.0, reason=run_log.POWER)
    play_and_leave_a_golf_game(app)
    app.replace(MenuScene(app.ctx))  # the game stays saved: not finished
    app.ctx.progress.give_up_saved()  # now it is: abandoned, today
    assert app.ctx.progress.flush()
    lines = health_sentences(app.ctx, now=1_000_000.0 + 3 * 3600 + 12 * 60)
    assert "after a power cut" in lines[0] and "running for 3 h 12 min" in lines[0]
    assert "1 game played today" in lines[1] and " free" in lines[1]


def test_durations_are_counted_in_hours_and_minutes():
    assert duration_text(59) == "0 min"
    assert duration_text(45 * 60) == "45 min"
    assert duration_text(3 * 3600 + 12 * 60 + 5) == "3 h 12 min"


@pytest.mark.parametrize("language", ["en", "el", "th"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_administrators_screen_holds_everything_finger_sized(make_app, language, size):
    app = make_app(size=size, kiosk=True, settings=Settings(fullscreen=False, language=language))
    admin = open_admin(app)
    run_frames(app)
    panel = admin.panel_rect
    assert app.screen.get_rect().contains(panel)
    for w in admin.widgets:
        assert w.visible and panel.contains(w.rect), w
        assert w.rect.width >= 48 and w.rect.height >= 48, w
    rects = [w.rect for w in admin.widgets]
    assert all(a.collidelist([b for b in rects if b is not a]) == -1 for a in rects)
    assert len(admin.health_lines()) >= 2


# -- the games and rules the administrator offers, everywhere a visitor can start a game -----------
def offering(make_app, config_dir, offered="both", rules=True, **settings):
    app = menu(make_app, **settings)
    admin = open_admin(app)
    admin.offered.on_change(offered)
    admin.rules.on_change(rules)
    touch_tap(app, admin.done_button.rect.center)
    assert app.ctx.visitor
    return app


def test_todays_deal_offers_a_visitor_only_the_games_offered(make_app, config_dir):
    from game.scenes.daily_scene import DailyScene

    app = offering(make_app, config_dir, offered="golf")
    app.push(DailyScene(app.ctx))
    run_frames(app)
    assert [value for value, _label in app.top.game_choice.options] == ["golf"]
    assert app.top.kind.family.id == "golf"


def test_todays_deal_keeps_the_administrators_rule_set_when_visitors_may_not_choose(make_app, config_dir):
    from game.scenes.daily_scene import DailyScene

    app = offering(make_app, config_dir, rules=False, golf_rule="classic", last_game="golf")
    app.push(DailyScene(app.ctx))
    run_frames(app)
    assert [k for k, _label in app.top.rule_choice.options] == ["golf-classic"]
    app.ctx.enter_owner_mode()
    app.push(DailyScene(app.ctx))  # the administrator: every rule set with a daily deal
    run_frames(app)
    assert len(app.top.rule_choice.options) > 1


def test_help_offers_a_visitor_no_deal_of_a_game_not_offered(make_app, config_dir):
    from game.help.examples import load
    from game.scenes.example_scene import ExampleScene
    from game.scenes.help_scene import HelpScene

    app = offering(make_app, config_dir, offered="eightoff")
    deals = [b.text for b in HelpScene(app.ctx, "examples").page_blocks if b.kind == "deal"]
    assert deals and all(code.startswith("EO1") for code in deals)
    golf_example = next(e for e in load().values() if e.deal is not None and e.deal.startswith("GO1"))
    assert not ExampleScene(app.ctx, golf_example).deal.visible
    app.ctx.enter_owner_mode()
    assert ExampleScene(app.ctx, golf_example).deal.visible


def test_the_demos_speak_the_kiosks_language_and_a_returning_visitor_theirs(make_app):
    from game.scenes.attract_banner import AttractBanner

    app = kiosk(make_app, language="en", attract_minutes=1)
    app.replace(app.ctx.scenes.table(GolfGame.new(rule="easy", number=1)))
    settle(app)
    app.settings.language = i18n.set_language("th")  # (a visitor's language)
    app.ctx.language_changed()
    app.step_frame(61.0)
    run_frames(app, 3)
    assert app.attract.active and i18n.language() == "en"
    banner = next(s for s in app.stack if isinstance(s, AttractBanner))
    assert "Touch to play" in " ".join(banner.texts())
    touch_tap(app, (400, 240))  # during the first demo: the visitor is back
    assert i18n.language() == "th"


def test_a_locked_choice_looks_locked(make_app, config_dir):
    app = offering(make_app, config_dir, rules=False)
    control = app.top.picker.option_choices[app.top.picker.family_id]
    assert not control.enabled
    seg = control.segment_rect([v for v, _l in control.options].index(control.value)).inflate(-10, -10)
    probe = (seg.x + 2, seg.y + 2)

    def drawn() -> tuple:
        surface = pygame.Surface(app.size)
        control.draw(surface)
        return tuple(surface.get_at(probe))

    dimmed = drawn()
    control.enabled = True
    assert drawn() != dimmed


def test_a_kiosk_closing_writes_its_administrators_settings_never_a_visitors(make_app, config_dir):
    app = menu(make_app, language="en")
    touch_tap(app, app.top.language_choice.segment_rect(1).center)  # Ελληνικά, for the visit
    assert i18n.language() == "el"
    app.close()
    assert saved_settings(config_dir)["language"] == "en"  # (written: a damaged file would be replaced)


def test_a_run_log_write_a_kill_interrupted_is_cleared_at_the_next_start(tmp_path):
    (tmp_path / f".{run_log.FILE_NAME}-999999999-x.tmp").write_text("{")  # (no such process)
    run_log.begin(tmp_path, now=1.0, boot="b")
    assert [p.name for p in tmp_path.iterdir()] == [run_log.FILE_NAME]
