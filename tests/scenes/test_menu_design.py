"""The menu at the design system's sizes: at 800x480, 1280x720 and 1920x1080, in English, Greek and
Thai, every text is one of its class's five sizes (or the least a Thai text is legible at), a row's
labels share one size, every control is at least the class's finger target, and nothing overlaps
or leaves the window."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, run_frames, type_text

from game import i18n
from game.scenes.menu import MenuScene
from game.scenes.menu_cards import DailyCard, GameCards, TypeButton, TypeInput, TypeSegments, TypeToggle
from game.settings import Settings
from game.ui.design import design_for
from game.ui.text import least_legible
from game.ui.widget import Widget

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGS = ["en", "el", "th"]


def _menu(make_app, size, lang, **settings):
    app = make_app(size=size, scene=MenuScene, settings=Settings(language=lang, fullscreen=False, **settings))
    i18n.set_language(lang)
    app.replace(MenuScene(app.ctx))
    run_frames(app, 30)
    return app, app.top


@pytest.fixture
def rendered(monkeypatch):
    """Every text drawn, with its size: (text, size) in the order drawn."""
    from game.ui.text import TextCache

    drawn: list[tuple[str, int]] = []
    real = TextCache.render

    def render(self, text, size, *args, **kwargs):
        drawn.append((text, size))
        return real(self, text, size, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", render)
    return drawn


def _draw_all(menu, size) -> None:
    """The whole menu drawn afresh: the panel's fixed text and every control."""
    for w in menu.widgets:
        w.invalidate()
    menu.frame.repaint()
    menu.draw(pygame.Surface(size))


def _allowed(text: str, scale: tuple[int, ...]) -> set[int]:
    return {*scale, *(least_legible(line, s) for line in text.split("\n") for s in scale)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_text_is_of_the_type_scale(make_app, rendered, size, lang):
    app, menu = _menu(make_app, size, lang, winnable_only={"golf-easy": True})
    type_text(app, "GO1-X-AAAAAAB")
    click(app, menu.code_button.rect.center)  # a refused code's reason shows too
    rendered.clear()
    _draw_all(menu, size)
    scale = design_for(size).type.sizes()
    texts = [(t, s) for t, s in rendered if t.strip()]
    assert menu.error.value and any(menu.error.value.split(" ")[0] in t for t, _s in texts)
    for text, s in texts:
        assert s in _allowed(text, scale), (text, s, scale)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_rows_labels_share_one_size(make_app, size, lang):
    """Within a row (the bottom row, the option row, the code row) every label has one size."""
    _app, menu = _menu(make_app, size, lang, winnable_only={"golf-easy": True})
    rows: dict[int, set[int]] = {}
    for w in menu.widgets:
        if w.visible and isinstance(w, (TypeButton, TypeSegments, TypeInput, GameCards)):
            rows.setdefault(w.rect.centery, set()).add(w.size)
    assert rows
    for y, sizes in rows.items():
        assert len(sizes) == 1, (y, sizes)
    t = menu.design.type
    assert {b.size for b in menu.bottom_row()} == {t.label}


def _controls(menu) -> list[Widget]:
    return [w for w in menu.widgets if w.visible and type(w).handle is not Widget.handle]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("family", ["golf", "eightoff"])
def test_targets_fit_and_nothing_overlaps(make_app, size, lang, family):
    app, menu = _menu(make_app, size, lang, last_game=family, winnable_only={"golf-easy": True, "eightoff-8": True})
    d = menu.design
    screen = pygame.Rect((0, 0), size)
    shown = [w for w in menu.widgets if w.visible and w is not menu.error]
    for w in shown:
        assert screen.contains(w.rect) and menu.panel_rect.contains(w.rect), (w, w.rect)
    for w in _controls(menu):
        assert w.rect.height >= d.target, (w, w.rect)
        if isinstance(w, TypeSegments):
            assert all(w.segment_rect(i).width >= d.target for i in range(len(w.options))), w
        else:
            assert w.rect.width >= d.target, (w, w.rect)
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a, a.rect, b, b.rect)
    assert menu.panel_rect.contains(menu.error.rect)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_labels_stand_whole_in_their_controls(make_app, size, lang):
    """No label is wider than its control (one line, or the row's compact form's two)."""
    from game.i18n import tr
    from game.scenes.menu_cards import BUTTON_PAD
    from game.ui.widgets import label_lines

    _app, menu = _menu(make_app, size, lang, winnable_only={"golf-easy": True})
    text = menu.ctx.text
    for w in menu.widgets:
        if not w.visible:
            continue
        if isinstance(w, TypeButton):
            room = w.rect.width - int(w.rect.height * BUTTON_PAD)
            line = label_lines(text, tr(w.label), room, w.size, True)
            assert text.rendered_size(line, least_legible(tr(w.label), w.size), True)[0] <= room, (w.label, room)
            assert text.rendered_size(line, least_legible(tr(w.label), w.size), True)[1] <= w.rect.height, w.label
        elif isinstance(w, TypeSegments):
            for i, (_v, label) in enumerate(w.options):
                seg = w.segment_rect(i).inflate(-6, -6)
                room = seg.width - w.LABEL_PAD + 6
                line = label_lines(text, tr(label), room, w.size, True)
                assert text.rendered_size(line, least_legible(tr(label), w.size), True)[0] <= room + 6, (label, room)
        elif isinstance(w, TypeToggle):
            sw = w.switch_rect()
            pad = max(10, w.rect.height // 3)
            label, s = w.label_layout(sw.left - w.rect.left - 2 * pad)
            assert text.rendered_size(label, s)[0] <= sw.left - w.rect.left - 2 * pad, label
        elif isinstance(w, DailyCard):
            assert w.content_height() <= w.rect.height


def test_a_kiosks_targets_are_its_finger_size(make_app):
    from game.ui import theme

    app = make_app(size=(800, 480), scene=MenuScene, kiosk=True)
    run_frames(app, 30)
    menu = app.top
    screen = pygame.Rect(0, 0, 800, 480)
    for w in _controls(menu):
        assert w.rect.height >= theme.KIOSK_TOUCH and screen.contains(w.rect), (w, w.rect)
    assert not menu.quit_button.visible and not menu.code_box.visible


def test_a_zoomed_window_keeps_the_forms_of_its_class(make_app):
    """At 3840x2160 (the large class zoomed) every row takes the form it takes at 1920x1080."""
    from game.scenes.menu import MenuPlaces

    forms = []
    for size in ((1920, 1080), (3840, 2160)):
        _app, menu = _menu(make_app, size, "el")
        place = MenuPlaces(menu, menu.design, size, menu.play_button.rect.height)
        forms.append((place.code_split, place.bottom_h > place.row, place.band_h > place.row, place.mode_h > place.row))
    assert forms[0] == forms[1]
