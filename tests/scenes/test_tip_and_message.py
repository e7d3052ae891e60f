"""The first-run tips and the table's message never lie over each other: a proven deal's "Winnable
deal" comes as the cards land, and the first tip comes a moment later; the tip's bubble and arrow
keep clear of the message while it shows (else it read "nnable deal" beside the bubble)."""

from __future__ import annotations

import pytest
from conftest import click, run_frames

from game import i18n
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes import tips, tips_overlay
from game.scenes.tables import open_table
from game.settings import Settings

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
CODES = ["GO1-C-AAAAAXL", "GO1-E-AAAAAAB", "EO1-C8-AAAAAFA", "EO1-C4-AAAAAFA"]


@pytest.fixture
def tips_on(monkeypatch):
    monkeypatch.setattr(tips, "ENABLED", True)


@pytest.mark.parametrize("lang", ["en", "el", "th"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", CODES)
def test_no_tip_lies_over_the_winnable_message(make_app, tips_on, size, lang, code):
    app = make_app(size=size, settings=Settings(language=lang, fullscreen=False, animation_speed="fast"))
    i18n.set_language(lang)
    try:
        game = (GolfGame if code.startswith("GO") else EightOffGame).from_code(code)
        table = open_table(app.ctx, game, guaranteed=True)
        app.replace(table)
        for _ in range(600):  # (frames of a 60 Hz display) until the first tip comes
            if app.top is not table:
                break
            run_frames(app)
        overlay = app.top
        assert isinstance(overlay, tips_overlay.TipsOverlay)
        said = 0
        for n in range(3):
            assert app.top is overlay and overlay.index == n
            if table.toast.active and table.toast.message == i18n.tr("Winnable deal"):
                said += 1
                message = table.toast.rect
                for _img, rect in overlay._parts[1:]:  # the arrow and the bubble
                    assert not rect.colliderect(message), (n, rect, message)
            click(app, (size[0] // 2, size[1] - 5))
        assert said, "the message shows while the first tip does"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "el", "th"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", ["GO1-E-AAAAAAB", "EO1-C8-AAAAAFA"])
def test_no_tip_lies_over_the_band_unless_it_points_at_it(make_app, tips_on, size, lang, code):
    """A tip's bubble keeps off the band (its counters and buttons stay readable); only the tip
    about the band's Help button points into it, from below."""
    app = make_app(size=size, settings=Settings(language=lang, fullscreen=False, animation_speed="fast"))
    i18n.set_language(lang)
    try:
        game = (GolfGame if code.startswith("GO") else EightOffGame).from_code(code)
        table = open_table(app.ctx, game)
        app.replace(table)
        for _ in range(600):
            if app.top is not table:
                break
            run_frames(app)
        overlay = app.top
        assert isinstance(overlay, tips_overlay.TipsOverlay)
        band = table.hud.rect
        for n in range(3):
            assert app.top is overlay and overlay.index == n
            bubble = overlay._parts[-1][1]
            assert not bubble.colliderect(band), (n, bubble, band)
            click(app, (size[0] // 2, size[1] - 5))
    finally:
        i18n.set_language("en")
