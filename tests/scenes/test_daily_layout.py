"""The daily deal's screen at the window's type scale (game/ui/design.py), at 800x480, 1280x720 and
1920x1080 in English, Greek and Thai (and on a kiosk): every text at one of the class's sizes, the
buttons', choices' and calendar's at its label size, every control at least a finger's target, and
nothing overlapping or outside the panel and the window, with the longest lines the screen shows."""

from __future__ import annotations

import datetime
import itertools

import pygame
import pytest
from conftest import run_frames

from game import i18n, registry
from game.scenes import daily_scene
from game.scenes.daily_scene import DailyScene
from game.scenes.sized_widgets import SizedButton, SizedSegments, label_room
from game.settings import Settings
from game.ui import theme
from game.ui.design import design_for
from game.ui.text import least_legible

TODAY = datetime.date(2026, 12, 9)
SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGUAGES = ["en", "el", "th"]


@pytest.fixture
def on_today(monkeypatch):
    monkeypatch.setattr(daily_scene, "today", lambda: TODAY)


def daily_screen(make_app, size, lang, kiosk=False, kind="golf-classic+j2"):
    """The screen with the longest things it shows: a rule set with an added rule, an earlier day won
    after its day chosen, and the share line (copied, or shown on a kiosk)."""
    app = make_app(size=size, kiosk=kiosk, settings=Settings(language=lang, fullscreen=False))
    i18n.set_language(lang)
    chosen = registry.kind(kind)
    registry.choose(app.ctx.settings, chosen)
    day = TODAY - datetime.timedelta(days=6)
    stats = app.ctx.progress.stats
    stats.record(chosen.family.id, chosen.option, None, "won", 350, 152, daily=day.isoformat(), uid="a", catch_up=True)
    app.push(DailyScene(app.ctx))
    run_frames(app, 40)
    screen = app.top
    screen._refresh()
    screen.choose(day)
    screen.share()
    screen.draw(pygame.display.get_surface())  # (as the click on Copy would have it drawn)
    return app, screen


def drawn_texts(app, screen, monkeypatch) -> list[tuple[str, int]]:
    """(text, size) of everything the screen draws on a full repaint."""
    seen: list[tuple[str, int]] = []
    real = app.ctx.text.render

    def render(text, size, *args, **kwargs):
        seen.append((text, size))
        return real(text, size, *args, **kwargs)

    monkeypatch.setattr(app.ctx.text, "render", render)
    screen.resize(app.ctx.screen_size)
    screen.draw(pygame.display.get_surface())
    return seen


def at_scale(text: str, size: int, sizes: tuple[int, ...]) -> bool:
    return any(size == least_legible(text, s) for s in sizes)


@pytest.mark.parametrize(("size", "lang"), list(itertools.product(SIZES, LANGUAGES)))
def test_every_text_is_at_a_size_of_the_class(make_app, data_dir, on_today, monkeypatch, size, lang):
    try:
        app, screen = daily_screen(make_app, size, lang)
        d = design_for(size)
        assert screen.note_text  # (the copy's confirmation is drawn too)
        seen = drawn_texts(app, screen, monkeypatch)
        assert seen
        off = [(t, s) for t, s in seen if not at_scale(t, s, d.type.sizes())]
        assert not off, off
        for w in screen.widgets:
            if isinstance(w, SizedButton | SizedSegments):
                assert w.size == d.type.label
        assert all(c.size == d.type.label for c in screen.days)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("size", "lang", "kiosk"),
    [(s, lang, False) for s, lang in itertools.product(SIZES, LANGUAGES)]
    + [((800, 480), lang, True) for lang in LANGUAGES],
)
@pytest.mark.parametrize("kind", ["golf-classic+j2", "eightoff-2"])
def test_nothing_overlaps_and_all_is_inside_with_finger_sized_targets(
    make_app, data_dir, on_today, size, lang, kiosk, kind
):
    try:
        app, screen = daily_screen(make_app, size, lang, kiosk, kind)
        d = design_for(size)
        target = max(d.target, theme.KIOSK_TOUCH) if kiosk else d.target
        window = pygame.Rect((0, 0), size)
        panel = screen.panel_rect
        assert window.contains(panel)
        shown = [w for w in screen.widgets if w.visible]
        for i, w in enumerate(shown):
            assert panel.contains(w.rect), (w, w.rect)
            assert w.rect.height >= target and w.rect.width >= target, (w, w.rect)
            assert all(not w.rect.colliderect(o.rect) for o in shown[i + 1 :]), (w, w.rect)
        for control in (screen.game_choice, screen.rule_choice):
            for i in range(len(control.options)):
                assert control.segment_rect(i).width >= target
        texts = [p.rect for p in screen.painted]
        assert len(screen.painted) >= 5  # title, the day's state, the streak, the note, the month
        for i, r in enumerate(texts):
            assert panel.contains(r), (screen.painted[i], panel)
            assert all(not r.colliderect(w.rect) for w in shown), screen.painted[i]
            assert all(not r.colliderect(o) for o in texts[i + 1 :]), screen.painted[i]
            assert not r.colliderect(screen.grid.rect), screen.painted[i]
        assert screen.grid.rect.bottom <= panel.bottom and screen.month_rect.bottom <= screen.grid.rect.top
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("size", "lang"), list(itertools.product(SIZES, LANGUAGES)))
def test_every_label_fits_its_control_at_the_label_size(make_app, data_dir, on_today, size, lang):
    """The row forms give every label its room: a button's label on one line, each choice's within
    its segment."""
    try:
        app, screen = daily_screen(make_app, size, lang)
        text = app.ctx.text
        for b in (screen.play_button, screen.share_button, screen.back):
            for label in (daily_scene.PLAY_TODAY, daily_scene.PLAY_DAY, daily_scene.PLAY_AGAIN, b.label):
                if b is not screen.play_button and label != b.label:
                    continue
                shown = i18n.tr(label)
                width = text.rendered_size(shown, least_legible(shown, b.size), True)[0]
                assert width <= b.rect.width - label_room(b.rect.height), (label, b.rect)
        for control in (screen.game_choice, screen.rule_choice):
            for i, (_v, label) in enumerate(control.options):
                shown = i18n.tr(label)
                width = text.rendered_size(shown, least_legible(shown, control.size), True)[0]
                assert width <= control.segment_rect(i).width - 6, (label, control.segment_rect(i))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rows_forms_depend_on_class_and_language_only(make_app, data_dir, on_today, lang):
    """Within a class, the buttons' and the rule sets' forms are the same whatever the window or the
    rule set shown."""
    try:
        for windows in (((800, 480), (900, 540)), ((1920, 1080), (3840, 2160))):  # (4K: the large class zoomed)
            forms = set()
            for size, kind in zip(windows, ("golf-easy", "golf-classic+j2"), strict=True):
                app, screen = daily_screen(make_app, size, lang, kind=kind)
                forms.add((screen.button_form, screen.rules_form))
            assert len(forms) == 1, windows
    finally:
        i18n.set_language("en")
