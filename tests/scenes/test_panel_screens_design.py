"""Settings in the design system: every control's words at the layout class's sizes, the grid of
switches in one size, nothing outside the panel, at each layout class in each language."""

import pytest
from conftest import run_frames

from game import i18n
from game.scenes.settings_scene import SettingsScene
from game.ui.design import design_for
from game.ui.widgets import Button, SegmentedControl, Toggle

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGUAGES = ["en", "el", "th"]


@pytest.fixture(params=LANGUAGES)
def language(request):
    yield request.param
    i18n.set_language("en")


def open_in(make_app, size, language, scene_class):
    """An app at `size` speaking `language`, showing a new `scene_class` screen."""
    app = make_app(size=size)
    app.settings.language = i18n.set_language(language)
    app.replace(scene_class(app.ctx))
    run_frames(app)
    return app


@pytest.mark.parametrize("size", SIZES)
def test_settings_take_their_sizes_from_the_layout_class(make_app, size, language):
    app = open_in(make_app, size, language, SettingsScene)
    scene = app.top
    design = design_for(size)
    switches = [t for t in scene.toggles.values() if t.visible]
    sizes = {t.label_layout(t.label_room())[1] for t in switches}
    assert len(sizes) == 1, f"the switches' labels mix sizes {sizes}"
    assert sizes <= {design.type.label, design.type.body}
    for widget in scene.widgets:
        if not widget.visible:
            continue
        assert scene.panel_rect.contains(widget.rect), widget
        assert widget.rect.height >= design.target
        if isinstance(widget, SegmentedControl):
            assert widget.fitted_label_size() == design.type.label, widget.options
        if isinstance(widget, Button):
            assert widget.label_layout(i18n.tr(widget.label))[1] == design.type.label, widget.label


def test_a_switch_grid_takes_the_body_size_as_a_whole_when_a_label_does_not_stand_on_one_line(make_app):
    try:
        app = open_in(make_app, (800, 480), "el", SettingsScene)
        scene = app.top
        design = design_for((800, 480))
        switches = [t for t in scene.toggles.values() if t.visible]
        assert not all(t.stands(design.type.label) for t in switches)  # the long Greek labels
        assert {t.size for t in switches} == {design.type.body}
        assert all(isinstance(t, Toggle) for t in switches)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_statistics_take_their_sizes_from_the_layout_class(make_app, size, language):
    from game.scenes.stats_scene import StatsScene, figures_size

    app = open_in(make_app, size, language, StatsScene)
    scene = app.top
    design = design_for(size)
    bottom = [scene.reset_button, scene.rounds_button, scene.back]
    for button in bottom:
        line, text_size = button.label_layout(i18n.tr(button.label))
        assert text_size == design.type.label, (button.label, text_size)
        assert "\n" not in line
        assert button.rect.height >= design.target
        assert scene.panel_rect.contains(button.rect)
    figures = figures_size(app.ctx.text, design, scene.numbers_rect, scene.lines())
    assert figures in (design.type.body, design.type.small)
    assert scene.view_tabs.fitted_label_size() == design.type.label


def test_the_statistics_bottom_row_takes_its_short_labels_as_a_whole(make_app):
    from game.scenes.stats_scene import StatsScene

    try:
        app = open_in(make_app, (800, 480), "el", StatsScene)
        assert app.top.reset_button.label == "Reset"  # "Μηδενισμός στατιστικών" would not stand in a third
    finally:
        i18n.set_language("en")
    app = make_app(size=(800, 480), scene=StatsScene)
    assert app.top.reset_button.label == "Reset statistics"


@pytest.mark.parametrize("size", SIZES)
def test_the_rule_sets_played_are_one_size_of_the_layout_class(make_app, size, language):
    from game.model.golf_rules import GolfRules
    from game.scenes.stats_rules import StatsRulesScene

    app = make_app(size=size)
    app.settings.language = i18n.set_language(language)
    stats = app.ctx.progress.stats
    for rules in GolfRules.every()[:12]:
        stats.record("golf", rules.name, None, "abandoned", 0, 1)
    scene = StatsRulesScene(app.ctx, "golf", stats, lambda kind: None)
    app.push(scene)
    run_frames(app)
    design = design_for(size)
    shown = [b for b in scene.buttons if b.visible]
    assert shown
    sizes = {b.label_layout(i18n.tr(b.label))[1] for b in shown}
    assert len(sizes) == 1 and sizes <= {design.type.label, design.type.body, design.type.small}, sizes
    assert all(scene.panel_rect.contains(b.rect) and b.rect.height >= design.target for b in shown)


def test_a_long_list_of_rule_sets_one_under_another_turns_every_page(make_app):
    """One column holds fewer rule sets a page than two: each page is reached all the same."""
    from game.model.golf_rules import GolfRules
    from game.scenes.stats_rules import StatsRulesScene

    app = open_in(make_app, (800, 480), "th", SettingsScene)
    stats = app.ctx.progress.stats
    for rules in GolfRules.every()[:30]:
        stats.record("golf", rules.name, None, "abandoned", 0, 1)
    scene = StatsRulesScene(app.ctx, "golf", stats, lambda kind: None)
    app.push(scene)
    run_frames(app)
    assert scene.columns == 1
    seen: set[str] = set()
    for _page in range(len(scene.buttons)):
        seen |= {b.label for b in scene.buttons if b.visible}
        if not scene.following.enabled:
            break
        scene.turn(1)
    assert len(seen) == len(scene.buttons) == 28


@pytest.mark.parametrize("size", SIZES)
def test_the_rounds_statistics_take_their_sizes_from_the_layout_class(make_app, size, language):
    from game import registry
    from game.scenes.round_stats_scene import RoundStatsScene
    from game.scenes.stats_scene import figures_size

    app = make_app(size=size)
    app.settings.language = i18n.set_language(language)
    scene = RoundStatsScene(app.ctx, registry.kind("golf-easy"))
    app.replace(scene)
    run_frames(app)
    design = design_for(size)
    for button in (scene.reset_button, scene.back):
        assert button.label_layout(i18n.tr(button.label))[1] == design.type.label
        assert scene.panel_rect.contains(button.rect) and button.rect.height >= design.target
    figures = figures_size(app.ctx.text, design, scene.numbers_rect, scene.lines())
    assert figures in (design.type.body, design.type.small)
