"""The screens of Golf's rule sets, driven with posted events: the More rules sheet in the
New game window, the strict draw's greyed stock and its refusals, the rule set named in the band, on
the felt and on the end screens, a joker named in words, and the statistics of every rule set."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, run_frames, settle, touch_tap

from game import i18n, registry
from game.i18n import tr
from game.model.golf import GolfGame
from game.model.golf_rules import GolfRules
from game.model.moves import GolfMove
from game.scenes import golf_rules_sheet as sheet_mod
from game.scenes.dialog import Confirm, shows
from game.scenes.end_screen import BlockedPanel, WinPanel
from game.scenes.golf_rules_sheet import SWITCHES, GolfRulesSheet, share_line, winnable_share
from game.scenes.menu import MenuScene
from game.scenes.stats_rules import StatsRulesScene
from game.scenes.stats_scene import StatsScene
from game.settings import Settings
from game.ui.design import design_for

FINGER = 48


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def no_tables(monkeypatch):
    """Every table a menu deals is captured (scene.game) instead of built."""
    from game.scenes.base import Scene

    class Captured(Scene):
        def __init__(self, ctx, game, guaranteed=None, demo=False):
            super().__init__(ctx)
            self.game = game

    def install(app):
        monkeypatch.setattr(
            app.ctx.scenes,
            "table",
            lambda game, resumed=None, guaranteed=None, demo=False: Captured(app.ctx, game, guaranteed, demo),
        )

    return install


def open_sheet(app) -> GolfRulesSheet:
    touch_tap(app, app.top.picker.more["golf"].rect.center)
    assert isinstance(app.top, GolfRulesSheet)
    return app.top


def table(make_app, game, size=(800, 480), **settings):
    app = make_app(size=size, settings=Settings(fullscreen=False, **settings))
    app.replace(app.ctx.scenes.table(game))
    run_frames(app)
    settle(app)
    run_frames(app, 30)  # past the first 0.3 s in which a table takes no press
    return app, app.top


def strict_position(rule="strict") -> GolfGame:
    """Column 1's 6♥ fits the 5♠ on the waste; no other free card fits it, nor the 6♥ after it."""
    cols = [["KD", "6H"], ["2D", "9C"], ["QS"], ["TD"], ["JC"], ["3H"], ["8S"]]
    return GolfGame.from_layout(cols, ["5S"], ["AH", "4C"], rule)


# -- the More rules sheet ----------------------------------------------------------------------------
def test_a_preset_chosen_on_the_sheet_is_the_new_game_windows_choice_and_is_saved(make_app, config_dir, no_tables):
    app = make_app(size=(800, 480), scene=MenuScene)
    no_tables(app)
    menu = app.top
    more = menu.picker.more["golf"]
    assert more.visible and more.label == "More rules" and not menu.picker.more.get("eightoff")
    sheet = open_sheet(app)
    touch_tap(app, sheet.presets.segment_rect(2).center)  # Strict
    assert app.settings.golf_rule == "strict" and Settings.load().golf_rule == "strict"
    assert {name: t.value for name, t in sheet.switches.items()} == {
        "wrap": False,
        "dead_king": True,
        "strict_draw": True,
        "empty_waste": False,
    }
    assert sheet.jokers.value == 0 and sheet.preset_line().startswith("The traditional rule")
    touch_tap(app, sheet.done.rect.center)
    assert app.top is menu
    assert menu.picker.option_choices["golf"].value == "strict"  # neither Easy nor Classic is lit
    assert more.style == "primary" and more.label == "Strict"
    touch_tap(app, menu.play_button.rect.center)
    assert app.top.game.rules == GolfRules.STRICT and app.top.game.code.startswith("GO1-S-")


def test_each_switch_changes_its_own_rule_and_a_front_choice_undoes_them(make_app, no_tables):
    app = make_app(size=(800, 480), scene=MenuScene, settings=Settings(fullscreen=False, golf_rule="classic"))
    no_tables(app)
    menu = app.top
    sheet = open_sheet(app)
    assert sheet.presets.value == "C"
    touch_tap(app, sheet.jokers.segment_rect(2).center)
    assert app.settings.golf_rule == "classic+j2" and sheet.presets.value is None
    touch_tap(app, sheet.switches["empty_waste"].rect.center)
    assert app.settings.golf_rule == "classic+j2+z"
    assert sheet.preset_line() == "Your rules: Classic + 2 jokers + empty start"
    for name, _label, _line in SWITCHES[:3]:  # wrap, then a dead King, then the strict draw
        touch_tap(app, sheet.switches[name].rect.center)
    assert GolfRules.parse(app.settings.golf_rule) == GolfRules(True, True, True, 2, True)
    touch_tap(app, sheet.done.rect.center)
    label = menu.picker.more["golf"].label
    assert label in ("Strict + King–Ace wrap + 2 jokers + empty start", "Strict + 3 more")
    touch_tap(app, menu.picker.option_choices["golf"].segment_rect(0).center)  # Easy, at the front
    assert app.settings.golf_rule == "easy" and menu.picker.more["golf"].label == "More rules"
    assert menu.picker.more["golf"].style == "secondary"


def test_the_sheet_says_how_many_deals_can_be_won_when_the_share_is_known(make_app, monkeypatch):
    shares = {"strict": 0.264, "easy": 0.93}
    monkeypatch.setattr(sheet_mod, "winnable_share", lambda rules: shares.get(rules.name))
    assert share_line(GolfRules.STRICT) == "About 26 % of deals can be won"
    assert share_line(GolfRules(jokers=1)) == ""  # not measured: no line at all
    shares["classic"] = 0.001
    assert share_line(GolfRules.CLASSIC) == "Fewer than 1 % of deals can be won"
    app = make_app(size=(800, 480), scene=MenuScene, settings=Settings(fullscreen=False, golf_rule="strict"))
    shown = []
    original = app.ctx.text.render
    monkeypatch.setattr(
        app.ctx.text, "render", lambda text, *a, **k: shown.append(text.replace("\n", " ")) or original(text, *a, **k)
    )
    sheet = open_sheet(app)
    run_frames(app)
    assert "About 26 % of deals can be won" in shown
    touch_tap(app, sheet.presets.segment_rect(0).center)  # Easy: the line follows
    run_frames(app)
    assert "About 93 % of deals can be won" in shown


def test_the_share_comes_from_the_solvers_reader_whatever_it_gives(monkeypatch):
    from game.solver import deal_lists

    assert winnable_share(GolfRules.STRICT) == 0.13  # the shipped file: 260 of deals 1-2000
    for given, expected in [(0.26, 0.26), (26.0, 0.26), (None, None), ("26", None), (True, None), (250, None)]:
        monkeypatch.setattr(deal_lists, "golf_share", lambda name, given=given: given, raising=False)
        assert winnable_share(GolfRules.STRICT) == expected, given

    def broken(name):
        raise OSError("damaged")

    monkeypatch.setattr(deal_lists, "golf_share", broken, raising=False)
    assert winnable_share(GolfRules.STRICT) is None


@pytest.mark.parametrize("language", ["en", "el", "th"])
def test_the_sheet_is_finger_sized_and_its_words_fit_at_800x480(make_app, language):
    app = make_app(
        size=(800, 480), kiosk=True, settings=Settings(language=language, fullscreen=False, golf_rule="classic+j2")
    )
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    sheet = open_sheet(app)
    screen = pygame.Rect(0, 0, 800, 480)
    shown = [w for w in sheet.widgets if w.visible]
    for w in shown:
        assert w.rect.height >= FINGER and w.rect.width >= FINGER, w
        assert screen.contains(w.rect), w
    assert all(a.rect.collidelist([b.rect for b in shown if b is not a]) == -1 for a in shown)
    size = sheet.line_size()
    assert size >= 13
    for name, _label, line in (*SWITCHES, ("jokers", "", sheet_mod.JOKER_LINE)):
        r = sheet.line_rects[name]
        assert sheet._wrapped(tr(line), r.width - 2 * sheet._line_pad(), r.height, size) is not None, line
        assert screen.contains(r) and r.collidelist([w.rect for w in shown]) == -1
    menu = app.stack[0]
    assert menu.picker.more["golf"].rect.width >= FINGER


def test_the_sheet_fits_a_large_screen_too(make_app):
    app = make_app(size=(1920, 1080), scene=MenuScene)
    sheet = open_sheet(app)
    screen = pygame.Rect(0, 0, 1920, 1080)
    assert all(screen.contains(w.rect) for w in sheet.widgets)
    assert sheet.line_size() == design_for((1920, 1080)).type.small  # the explanations at the class's size


# -- the strict draw and the dead King on the table ------------------------------------------------------
def test_under_the_strict_draw_the_stock_is_greyed_while_a_card_fits_and_a_tap_says_why(make_app):
    game = strict_position()
    app, scene = table(make_app, game)
    stock = scene.board.sprites[game.stock[-1]]
    assert all(scene.board.sprites[c].dim for c in game.stock)
    touch_tap(app, scene.layout.stock.center)
    assert game.moves == 0 and len(game.stock) == 2
    assert scene.toast.message == "Play a card first: you may draw only when no card fits"
    assert stock.shake > 0 and app.ctx.audio.played[-1] == "refuse"
    settle(app)
    touch_tap(app, scene.layout.card_rect(0, 1, 2).center)  # the 6♥: nothing fits after it
    settle(app)
    assert game.waste_top.label == "6♥" and not any(scene.board.sprites[c].dim for c in game.stock)
    touch_tap(app, scene.layout.stock.center)
    assert str(game.waste_top) == "4C" and game.moves == 2


def test_with_interactive_rules_off_the_refused_draw_is_silent_but_the_stock_stays_greyed(make_app):
    game = strict_position()
    app, scene = table(make_app, game, interactive_rules=False)
    touch_tap(app, scene.layout.stock.center)
    assert game.moves == 0 and scene.toast.message == "" and "refuse" not in app.ctx.audio.played
    assert scene.board.sprites[game.stock[-1]].dim


def test_without_the_strict_draw_the_stock_is_never_greyed(make_app):
    game = strict_position("classic+k")
    app, scene = table(make_app, game)
    assert not scene.rules.dimmed_stock() and not any(s.dim for s in scene.board.sprites.values())
    touch_tap(app, scene.layout.stock.center)
    assert str(game.waste_top) == "4C"


def test_a_greyed_stock_is_drawn_in_greys(make_app):
    game = strict_position()
    app, scene = table(make_app, game)
    surface = pygame.display.get_surface()
    scene.invalidate(None)
    app.top.draw(surface)
    r = scene.board.sprite_rect(scene.board.sprites[game.stock[-1]])
    pixels = [surface.get_at((r.x + dx, r.y + dy)) for dx in range(4, r.width - 4, 5) for dy in (r.height // 3,)]
    assert all(abs(p.r - p.g) <= 2 and abs(p.g - p.b) <= 2 for p in pixels)  # no blue left in the back


@pytest.mark.parametrize(
    "language,said",
    [("en", "Nothing may be played on a King"), ("el", "Τίποτα δεν μπαίνει πάνω σε Ρήγα"), ("th", "ห้ามวางไพ่ใด ๆ บนคิง")],
)
def test_a_card_on_a_dead_king_is_refused_in_words(make_app, language, said):
    cols = [["QH"], ["2D"], ["3S"], ["4D"], ["5C"], ["6H"], ["7S"]]
    game = GolfGame.from_layout(cols, ["KS"], ["9C"], "strict")
    app, scene = table(make_app, game, language=language)
    touch_tap(app, scene.layout.card_rect(0, 0, 1).center)
    assert game.moves == 0 and scene.toast.message == said


# -- the rule set named: the band, the felt, the end screens ----------------------------------------------
def test_the_band_names_the_rule_set_at_every_size(make_app):
    app, scene = table(make_app, GolfGame.new("strict", number=7), size=(1920, 1080))
    assert scene.hud.title == "Golf · Strict" and scene.hud.shows_title
    assert scene.board.prints == []
    app, scene = table(make_app, GolfGame.new("strict", number=7), size=(800, 480), language="el")
    assert scene.hud.shows_title and scene.hud.rule_shown() == "Αυστηρό"  # (Greek, with the timer)
    assert scene.board.prints == []  # the band has its room: nothing printed on the felt


def test_the_bands_title_is_drawn_above_the_counters(make_app, monkeypatch):
    from game.ui.text import TextCache

    drawn = []
    original = TextCache.render
    monkeypatch.setattr(
        TextCache, "render", lambda self, text, *a, **k: drawn.append(text) or original(self, text, *a, **k)
    )
    app, scene = table(make_app, GolfGame.new("classic+j2", number=7), size=(1920, 1080))
    scene.invalidate(None)
    run_frames(app)
    assert "Golf" in drawn and "Classic + 2 jokers" in drawn  # the game over its rule set


def test_the_title_follows_a_language_change(make_app):
    app, scene = table(make_app, GolfGame.new("strict", number=7), size=(1920, 1080))
    i18n.set_language("el")
    app.ctx.language_changed()
    run_frames(app)
    assert scene.hud.title == "Golf · Αυστηρό"


def test_the_end_screens_name_the_rule_set(make_app):
    won = GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["X1"], "classic+j2")
    app, scene = table(make_app, won)
    scene.rules.play(0)
    settle(app, max_seconds=3)
    assert shows(app.top, WinPanel) and app.top.lines()[0] == "Golf · Classic + 2 jokers"
    blocked = GolfGame.from_layout([["9H", "6H"], [], [], [], [], [], []], ["5S"], [], "strict+z")
    app, scene = table(make_app, blocked)
    scene.rules.play(0)
    settle(app, max_seconds=5)
    assert shows(app.top, BlockedPanel) and app.top.lines()[0] == "Golf · Strict + empty start"


# -- a joker in words --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "language,said", [("en", "Joker to the waste"), ("el", "Τζόκερ στη στοίβα απόρριψης"), ("th", "โจ๊กเกอร์ ลงกองทิ้ง")]
)
def test_a_joker_played_is_named_in_words(make_app, language, said):
    cols = [["X1"], ["2D"], ["3S"], ["4D"], ["5C"], ["6H"], ["7S"]]
    game = GolfGame.from_layout(cols, ["KS"], ["9C"], "classic+j1")
    app, scene = table(make_app, game, language=language)
    touch_tap(app, scene.layout.card_rect(0, 0, 1).center)
    assert game.moves == 1 and game.waste_top.is_joker
    assert scene.rules.describe_move(0, GolfMove(0)) == said


# -- statistics of every rule set ------------------------------------------------------------------------
def test_the_statistics_show_every_rule_set_played(make_app):
    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    stats.record("golf", "strict+z", "GO1-S+Z-AAAAAAB", "won", 350, 40)
    stats.record("golf", "strict+z", "GO1-S+Z-AAAAAAC", "blocked", 100, 30)
    stats.record("golf", "classic+j2", "GO1-C+J2-AAAAAAB", "blocked", 50, 20)
    stats.record("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 45)
    touch_tap(app, app.top.stats_button.rect.center)
    screen = app.top
    assert isinstance(screen, StatsScene)
    touch_tap(app, screen.picker.more["golf"].rect.center)
    rules = app.top
    assert isinstance(rules, StatsRulesScene)
    labels = [b.label for b in rules.buttons]
    assert labels == ["Strict (0)", "Classic + 2 jokers (1)", "Strict + empty start (2)"]
    assert all(b.rect.height >= 44 for b in rules.buttons)
    touch_tap(app, rules.buttons[2].rect.center)
    assert app.top is screen and screen.kind.id == "golf-strict+z"
    rows = dict(screen.lines())
    assert rows["Played"] == "2" and rows["Best score"] == "350"
    assert screen.picker.more["golf"].label == "Strict + empty start"
    assert app.settings.golf_rule == "easy"  # the statistics leave the New game window's choice alone
    touch_tap(app, screen.reset_button.rect.center)
    assert shows(app.top, Confirm)
    assert "Golf · Strict + empty start" in " ".join(app.top.lines())


def test_a_long_list_of_rule_sets_goes_a_page_at_a_time(make_app):
    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    for rules in GolfRules.every()[:30]:
        stats.record("golf", rules.name, None, "abandoned", 0, 1)
    scene = StatsRulesScene(app.ctx, "golf", stats, lambda kind: None)
    app.push(scene)
    run_frames(app)
    assert len(scene.buttons) == 28  # all but Easy and Classic, which have their own choices
    seen = set()
    while True:
        shown = [b for b in scene.buttons if b.visible]
        assert shown and all(pygame.Rect(0, 0, 800, 480).contains(b.rect) for b in shown)
        seen |= {b.label for b in shown}
        if not scene.following.enabled:
            break
        click(app, scene.following.rect.center)
    assert len(seen) == 28


def test_the_rule_sets_counted_include_the_games_not_written_yet(make_app):
    app = make_app()
    stats = app.ctx.progress.stats
    stats.record("golf", "classic+k", None, "won", 350, 40)
    assert stats.options("golf") == {"classic+k": 1}
    stats.flush()
    stats.record("golf", "classic+k", None, "blocked", 0, 40)
    stats.reset("golf", "easy")
    assert stats.options("golf") == {"classic+k": 2}
    stats.reset("golf", "classic+k")
    assert stats.options("golf") == {}


# -- settings ----------------------------------------------------------------------------------------------
def test_winnable_deals_only_is_kept_for_every_rule_set(tmp_path):
    s = Settings(golf_rule="strict+w")
    s.winnable_only["golf-strict+w"] = False
    path = tmp_path / "s.json"
    s.save(path)
    back = Settings.load(path)
    assert back.golf_rule == "strict+w" and not back.winnable("golf-strict+w")
    assert registry.chosen(back).id == "golf-strict+w"
    s.winnable_only["golf-nonsense"] = False
    s.save(path)
    assert "golf-nonsense" not in Settings.load(path).winnable_only


@pytest.mark.parametrize("how", ["button", "F1"])
def test_the_sheets_help_opens_the_more_rules_page_and_back_returns_to_the_sheet(make_app, how):
    from conftest import key

    from game.scenes.help_scene import HelpScene

    app = make_app(size=(800, 480), scene=MenuScene)
    sheet = open_sheet(app)
    assert sheet.help.rect.height >= FINGER - 4 and not sheet.help.rect.colliderect(sheet.done.rect)
    if how == "button":
        touch_tap(app, sheet.help.rect.center)
    else:
        key(app, pygame.K_F1)
    help_scene = app.top
    assert isinstance(help_scene, HelpScene) and help_scene.page_id == "golf-rules"
    assert help_scene.tabs.value == "golf"
    touch_tap(app, help_scene.back.rect.center)
    assert app.top is sheet
