"""A kiosk's visitor presses everything with a finger: every target on every screen a kiosk reaches
is at least theme.KIOSK_TOUCH on each side at 800x480 in every language, and a target that lies
within a spacing unit of the window's edge takes a press up to that edge (a finger against the
bezel).

The screens are reached as the contact sheets reach them (tools/sheet_screens.py), in a kiosk app.
A target is whatever takes a press there: every widget the top scene holds that takes one (its
`widgets`, a dialog's `buttons`, Help's Back and tabs: each alone or in a list), each choice of a
segmented control, each day of a calendar, Help's page buttons, and on a table or under the blocked
panel the band's buttons and light, and the Finish button. A press counts where the widget's
hit_rect says (its hit_area, and its reach to a near edge), so that is what is measured.

The whole walk (every screen in every language) is `slow`; a few screens in every language are not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from conftest import run_frames

from game import registry
from game.scenes import tips
from game.settings import Settings
from game.ui import theme
from game.ui.design import design_for
from game.ui.widget import Widget
from game.ui.widgets import SegmentedControl
from tools import sheet_screens
from tools.sheet_screens import Screen, press, seed_statistics

SIZE = (800, 480)
LANGUAGES = ("en", "el", "th")
#: A kiosk's menu has no deal code box: the screen of a refused code is no kiosk's.
NOT_IN_KIOSK = {"menu-refused-code"}


# -- the kiosk's screens that the contact sheets do not show ----------------------------------------
def daily_over_a_game(app: Any) -> None:
    """Today's deal's Play with a game to continue: the question before it is given up."""
    sheet_screens.menu_continue(app)
    sheet_screens.over(app, app.ctx.scenes.daily())
    press(app, sheet_screens.top(app).play_button.label)
    sheet_screens.expect_top(app, "the confirmation", sheet_screens.is_dialog)


def eightoff_finish(app: Any) -> None:
    """Eight Off with every card home but the Kings: the Finish button offered."""
    from tools import table_shots as shots

    sheet_screens.table(app, shots.near_win())
    if not sheet_screens.top(app).finisher.button.visible:
        raise RuntimeError("no Finish button")


def golf_light(app: Any) -> None:
    """The Golf table with the winnable light on (a setting of the kiosk's owner)."""
    app.settings.winnable_light = True
    sheet_screens.golf_fresh(app)


def menu_of(family_id: str) -> Callable[[Any], None]:
    def reach(app: Any) -> None:
        sheet_screens.choose_family(app, family_id)
        sheet_screens.menu(app)

    return reach


def daily_of(family_id: str) -> Callable[[Any], None]:
    def reach(app: Any) -> None:
        sheet_screens.daily(app)
        sheet_screens.pick(app, family_id)

    return reach


def many_rule_sets(app: Any) -> None:
    """Statistics' More rules after thirty of Golf's rule sets were played: the pages' arrows."""
    from game.model.golf_rules import GolfRules

    stats = app.ctx.progress.stats
    for rules in GolfRules.every()[:30]:
        stats.record("golf", rules.name, None, "abandoned", 0, 1)
    sheet_screens.stats_rules(app)
    if not sheet_screens.top(app).following.visible:
        raise RuntimeError("one page holds every rule set")


def kiosk_screens() -> list[Screen]:
    extra = [
        Screen("menu-eightoff", "The menu with Eight Off chosen", menu_of("eightoff")),
        Screen("daily-eightoff", "Today's deal of Eight Off", daily_of("eightoff"), statistics=True),
        Screen("daily-over-a-game", "Today's deal's Play over a game under way", daily_over_a_game),
        Screen("stats-many-rules", "Statistics' More rules, a page of many", many_rule_sets, statistics=True),
        Screen("eightoff-finish", "Eight Off's Finish button", eightoff_finish),
        Screen("golf-light", "The Golf table with its winnable light", golf_light),
    ]
    return [s for s in sheet_screens.all_screens() if s.name not in NOT_IN_KIOSK] + extra


SCREENS = {s.name: s for s in kiosk_screens()}
#: The end panels under which the band stays live (end_screen.BlockedPanel.intercept): its buttons
#: are targets there too. (The win panel's are not: its own buttons do what they would.)
BAND_LIVE = ("BlockedPanel",)
#: The screens of the fast tier: one of each kind of target (a panel's controls and segments, the
#: calendar, Help's band, tabs and page buttons, an example's buttons, a dialog, an end panel with
#: the band live under it, the scorecard).
FAST = ("daily", "help-examples", "example", "stats-golf", "confirm-new-game", "golf-blocked", "scorecard")


# -- the targets ----------------------------------------------------------------------------------
@dataclass
class Target:
    """Something a press acts on: its name, where a press counts (window coordinates, or the
    scrolled page's for Help's page buttons: `on_page`), and whether a press is held on it now."""

    name: str
    rect: pygame.Rect  #: where it is drawn
    area: pygame.Rect  #: where a press counts
    held: Callable[[], bool]
    on_page: bool = False
    enabled: bool = True


def widget_targets(widgets: list[Any], scene_name: str) -> Iterator[Target]:
    for w in widgets:
        if not isinstance(w, Widget) or not w.visible or type(w).handle is Widget.handle:
            continue  # (a Label takes no press)
        name = f"{scene_name}: {type(w).__name__} {getattr(w, 'label', '') or getattr(w, 'day', '')}"
        if isinstance(w, SegmentedControl):
            area = w.hit_rect()
            for i, (value, _label) in enumerate(w.options):
                seg = w.segment_rect(i)
                # a choice takes its column of the control's area (the control's reach to an edge too)
                cut = pygame.Rect(seg.x, area.y, seg.width, area.height)
                if i == 0:
                    cut.union_ip(pygame.Rect(area.x, area.y, 1, area.height))
                if i == len(w.options) - 1:
                    cut.union_ip(pygame.Rect(area.right - 1, area.y, 1, area.height))
                yield Target(f"{name}[{value}]", seg, cut, lambda w=w, i=i: w.pressed_index == i, enabled=w.enabled)
        else:
            yield Target(name, w.rect, w.hit_rect(), lambda w=w: bool(w.pressed), enabled=w.enabled)


def targets(app: Any) -> list[Target]:
    """Every target of what is on screen (see the module's docstring)."""
    scene = app.stack[-1]
    name = type(scene).__name__
    found: list[Any] = []
    for value in vars(scene).values():  # (its widgets and buttons, and any widget it holds apart)
        for w in value if isinstance(value, list) else [value]:
            if isinstance(w, Widget) and all(w is not f for f in found):
                found.append(w)
    out = list(widget_targets(found, name))
    page = getattr(scene, "page", None)
    for action in getattr(page, "actions", ()):
        out.append(Target(f"{name}: page {action.button.label}", action.rect, action.rect, lambda: False, on_page=True))
    table = app.stack[0]
    hud = getattr(table, "hud", None)
    if hud is not None and (scene is table or type(getattr(scene, "life", None)).__name__ in BAND_LIVE):
        band = [b for b in hud.buttons if all(b is not f for f in found)]
        out += widget_targets(band, "band")
        if hud.light is not None and hud.on_light is not None:
            area = hud.light_hit_rect()
            out.append(Target("band: the winnable light", hud.light_rect, area, lambda: False))
    finisher = getattr(table, "finisher", None)
    if scene is table and finisher is not None:
        out += widget_targets([finisher.button], "table")
    return out


# -- reaching a screen ------------------------------------------------------------------------------
def kiosk_app(make_app, config_dir, data_dir, screen: Screen, language: str, size=SIZE, kiosk: bool = True):
    """A kiosk app (or, not `kiosk`, a player's) at `size` in `language` (first-run tips seen),
    brought to the screen."""
    settings = Settings()
    settings.language = language
    settings.tips_seen = dict.fromkeys(registry.FAMILIES, True)
    if screen.statistics:
        seed_statistics(data_dir)
    app = make_app(size=size, kiosk=kiosk, settings=settings, settings_path=config_dir / "settings.json")
    screen.reach(app)
    return app


def small(targets_: list[Target], least: int) -> list[tuple[str, tuple[int, int, int, int]]]:
    return [(t.name, tuple(t.area)) for t in targets_ if t.area.width < least or t.area.height < least]


def measure(make_app, config_dir, data_dir, name: str, language: str) -> None:
    app = kiosk_app(make_app, config_dir, data_dir, SCREENS[name], language)
    found = targets(app)
    assert found or name.startswith(("tips", "attract", "finding")), f"{name}: no target found"
    assert small(found, theme.KIOSK_TOUCH) == [], (name, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", FAST)
def test_a_kiosks_targets_are_finger_sized(make_app, config_dir, data_dir, name, language):
    measure(make_app, config_dir, data_dir, name, language)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", [n for n in SCREENS if n not in FAST])
def test_every_screen_a_kiosk_reaches_has_finger_sized_targets(
    make_app, config_dir, data_dir, monkeypatch, name, language
):
    monkeypatch.setattr(tips, "ENABLED", True)  # (the first-run tips are screens of their own here)
    measure(make_app, config_dir, data_dir, name, language)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_outside_a_kiosk_the_targets_are_the_layout_classs(make_app, config_dir, data_dir, monkeypatch, language):
    """A player's own 800x480 window keeps the compact class's target (design.target, 44 px): the
    kiosk's larger one is for a public screen's passers-by."""
    monkeypatch.setattr(tips, "ENABLED", True)
    least = design_for(SIZE).target
    for name, screen in SCREENS.items():
        app = kiosk_app(make_app, config_dir, data_dir, screen, language, kiosk=False)
        assert small(targets(app), least) == [], (name, language)
        app.close()


def test_the_daily_calendars_days_are_targets_with_readable_numbers(make_app, config_dir, data_dir):
    app = kiosk_app(make_app, config_dir, data_dir, SCREENS["daily"], "th")
    scene = app.stack[-1]
    body = design_for(SIZE).type.body
    assert len(scene.days) >= 28
    for cell in scene.days:
        assert cell.rect.width >= theme.KIOSK_TOUCH and cell.rect.height >= theme.KIOSK_TOUCH, cell.day
        assert cell.size >= body, cell.day


# -- the edges -----------------------------------------------------------------------------------
def edge_points(rect: pygame.Rect, size: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """Points between a target drawn at `rect` and each window edge it lies within a spacing unit
    of, the edge's own row or column of pixels and the two next to it."""
    reach, (w, h) = design_for(size).unit, size
    if rect.top <= reach:
        yield from ((rect.centerx, y) for y in (0, 1, 2))
    if rect.left <= reach:
        yield from ((x, rect.centery) for x in (0, 1, 2))
    if w - rect.right <= reach:
        yield from ((w - 1 - x, rect.centery) for x in (0, 1, 2))
    if h - rect.bottom <= reach:
        yield from ((rect.centerx, h - 1 - y) for y in (0, 1, 2))


def finger(app: Any, kind: int, pos: tuple[int, int]) -> None:
    w, h = app.size
    pygame.event.post(
        pygame.event.Event(
            kind, touch_id=1, finger_id=0, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, pressure=1.0
        )
    )
    run_frames(app)


def let_go(app: Any) -> None:
    """The press let go off every target (off the window: a mouse's release there, which no target
    takes for its own)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(-1000, -1000), button=1))
    run_frames(app)


def edges_taken(app: Any, size: tuple[int, int]) -> tuple[int, list[tuple[str, tuple[int, int]]]]:
    """How many presses at an edge were tried, and those that did not hold the target beside them."""
    tried, missed = 0, []
    for t in targets(app):
        if t.on_page or not t.enabled or t.name.startswith("band: the winnable light"):
            continue  # (a scrolled page's buttons are never at the window's edge; the light holds no press)
        for point in edge_points(t.rect, size):
            tried += 1
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
            run_frames(app)
            if not t.held():
                missed.append((t.name, point))
            let_go(app)
    return tried, missed


#: The screens whose targets by an edge are pressed at the edge: Help's band, an example's buttons,
#: the table's band (also under the blocked panel), and the screens whose targets lie inside the
#: window at 800x480 and 1920x1080 (Daily, Statistics, the scorecard, Finish): pressed at the edge
#: wherever a layout brings one there.
EDGE_SCREENS = (
    "help-golf",
    "example",
    "golf",
    "golf-blocked",
    "daily",
    "stats-golf",
    "round-stats",
    "scorecard",
    "eightoff-finish",
)


@pytest.mark.parametrize("size", [SIZE, (1920, 1080)])
@pytest.mark.parametrize("name", EDGE_SCREENS)
def test_a_target_at_the_windows_edge_takes_a_press_up_to_it(make_app, config_dir, data_dir, name, size):
    app = kiosk_app(make_app, config_dir, data_dir, SCREENS[name], "el", size)
    tried, missed = edges_taken(app, size)
    assert missed == []
    if name.startswith(("help", "example", "golf")):
        assert tried > 0, f"{name} has targets at the window's edge"


def test_help_closes_by_a_tap_on_back_against_the_bezel(make_app, config_dir, data_dir):
    for y in (0, 1, 2):
        app = kiosk_app(make_app, config_dir, data_dir, SCREENS["help-golf"], "en")
        help_scene = app.stack[-1]
        back = help_scene.back.rect
        finger(app, pygame.FINGERDOWN, (back.centerx, y))
        finger(app, pygame.FINGERUP, (back.centerx, y))
        assert help_scene not in app.stack, y
    app = kiosk_app(make_app, config_dir, data_dir, SCREENS["help-golf"], "en")
    help_scene = app.stack[-1]
    finger(app, pygame.FINGERDOWN, (0, help_scene.back.rect.centery))
    finger(app, pygame.FINGERUP, (0, help_scene.back.rect.centery))
    assert help_scene not in app.stack


def test_helps_tabs_turn_by_a_tap_at_the_top_and_right_edges(make_app, config_dir, data_dir):
    app = kiosk_app(make_app, config_dir, data_dir, SCREENS["help-golf"], "th")
    scene = app.stack[-1]
    tabs = scene.tabs
    values = [v for v, _label in tabs.options]
    faq = tabs.segment_rect(values.index("faq"))
    finger(app, pygame.FINGERDOWN, (faq.centerx, 0))
    finger(app, pygame.FINGERUP, (faq.centerx, 0))
    assert scene.page_id == "faq"
    last = tabs.segment_rect(len(values) - 1)
    w = app.size[0]
    assert w - last.right <= design_for(app.size).unit
    finger(app, pygame.FINGERDOWN, (w - 1, last.centery))
    finger(app, pygame.FINGERUP, (w - 1, last.centery))
    assert scene.page_id == values[-1]


def test_an_examples_next_takes_a_tap_at_the_right_edge(make_app, config_dir, data_dir):
    app = kiosk_app(make_app, config_dir, data_dir, SCREENS["example"], "en")
    scene = app.stack[-1]
    taken: list[int] = []
    on_click = scene.next.on_click
    scene.next.on_click = lambda: (taken.append(1), on_click())
    nxt = scene.next.rect
    assert app.size[0] - nxt.right <= design_for(app.size).unit
    finger(app, pygame.FINGERDOWN, (app.size[0] - 1, nxt.centery))
    finger(app, pygame.FINGERUP, (app.size[0] - 1, nxt.centery))
    assert taken == [1]
