"""The menu's code box takes replay codes: a good one opens the replay viewer, a bad or tampered
one is refused under the box with its reason, translated, and nothing else changes."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import click, key, type_text

from game import i18n
from game.model.eightoff import EightOffGame
from game.model.replay import MAX_REPLAY_MOVES, Replay
from game.model.replay_code import MAX_CODE_TEXT, InvalidReplayCode, parse_replay_code, replay_code
from game.scenes.base import Scene
from game.scenes.menu import CODE_CHARS, REPLAY_CODE_REASONS, MenuScene

REASONS = ("empty", "length", "format", "version", "checksum", "deal", "move")
GOOD = "GO1-C-AAAAAAB-R5-EY"  # (replay_code's doctest: a draw, then column 4)


class Watched(Scene):
    """The replay viewer, faked: what it was opened with."""

    def __init__(self, ctx, replay, start=0, note=None, better=None):
        super().__init__(ctx)
        self.replay, self.start = replay, start


@pytest.fixture
def menu_app(make_app, monkeypatch):
    app = make_app(scene=MenuScene)
    opened = []

    def replay(replay, start=0, note=None, better=None):
        opened.append(Watched(app.ctx, replay, start, note, better))
        return opened[-1]

    monkeypatch.setattr(app.ctx.scenes, "replay", replay)
    app.opened = opened
    return app


def enter(app, code: str) -> None:
    menu = app.top
    click(app, menu.code_box.rect.center)
    type_text(app, code)
    key(app, pygame.K_RETURN)


def test_a_good_replay_code_opens_the_replay_viewer(menu_app):
    menu = menu_app.top
    enter(menu_app, GOOD.lower())
    assert menu_app.top is menu_app.opened[0] and menu_app.top.replay == parse_replay_code(GOOD)
    assert menu_app.top.start == 0 and menu.error.value == ""


def test_the_play_button_opens_it_too(menu_app):
    menu = menu_app.top
    menu.code_box.set_value(GOOD)
    click(menu_app, menu.code_button.rect.center)
    assert menu_app.top is menu_app.opened[0]


def tampered() -> list[tuple[str, str]]:
    """(a code, the reason it is refused), one per reason a typed code can have."""
    return [
        ("GO1-C-AAAAAAB-R5-EZ", "checksum"),
        ("GO1-C-AAAAAAB-R6-EY", "checksum"),
        ("GO1-C-AAAAAAB-R5", "format"),
        ("GO1-C-AAAAAAB-R5-EY-7", "format"),
        ("GO1-C-AAAAAAB-S5-" + _check("GO1-C-AAAAAAB-S5"), "version"),
        ("GO1-Q-AAAAAAB-R5-" + _check("GO1-Q-AAAAAAB-R5"), "deal"),
        ("GO1-C-AAAAAAB-RZZZZ-" + _check("GO1-C-AAAAAAB-RZZZZ"), "move"),
    ]


def _check(head: str) -> str:
    from game.model import replay_code as module

    return module._digits(module._check(head)).rjust(2, "0")


@pytest.mark.parametrize(("code", "reason"), tampered())
def test_a_bad_code_is_refused_with_its_reason_and_nothing_changes(menu_app, code, reason):
    with pytest.raises(InvalidReplayCode) as refused:
        parse_replay_code(code)
    assert refused.value.reason == reason
    menu = menu_app.top
    settings = menu_app.ctx.settings.to_dict() if hasattr(menu_app.ctx.settings, "to_dict") else None
    menu.code_box.set_value(code)
    assert menu.code_box.value == code  # (the box admits it whole)
    click(menu_app, menu.code_button.rect.center)
    assert menu_app.top is menu and menu_app.opened == []
    assert menu.error.value == REPLAY_CODE_REASONS[reason]
    assert "refuse" in menu_app.ctx.audio.played
    if settings is not None:
        assert menu_app.ctx.settings.to_dict() == settings


@pytest.mark.parametrize("reason", REASONS)
def test_each_reason_has_its_own_line(menu_app, monkeypatch, reason):
    """(A too long line, for one, cannot be typed: each reason the reader may give is said.)"""
    from game.scenes import menu as menu_module

    def refuse(text):
        raise InvalidReplayCode(reason, "refused")

    monkeypatch.setattr(menu_module, "parse_replay_code", refuse)
    menu = menu_app.top
    menu.code_box.set_value(GOOD)
    click(menu_app, menu.code_button.rect.center)
    assert menu_app.top is menu and menu.error.value == REPLAY_CODE_REASONS[reason]
    assert len(set(REPLAY_CODE_REASONS.values())) == len(REASONS)


def test_every_reason_has_a_translated_line(menu_app):
    assert set(REPLAY_CODE_REASONS) == set(REASONS)
    for lang in ("el", "th"):
        i18n.set_language(lang)
        try:
            for text in REPLAY_CODE_REASONS.values():
                assert i18n.has_translation(text), (lang, text)
        finally:
            i18n.set_language("en")


def test_a_refused_code_says_why_in_greek(menu_app):
    i18n.set_language("el")
    try:
        menu = menu_app.top
        menu.code_box.set_value("GO1-C-AAAAAAB-R5-EZ")
        click(menu_app, menu.code_button.rect.center)
        assert menu.error.value == i18n.tr(REPLAY_CODE_REASONS["checksum"]) != REPLAY_CODE_REASONS["checksum"]
    finally:
        i18n.set_language("en")


def test_the_box_admits_the_longest_eightoff_code():
    """A long Eight Off game's code fits the box's length and characters (the box reads it whole)."""
    rng = random.Random(9)
    game = EightOffGame.new(8, 77)
    while len(game.move_stack) < 300 and game.legal_moves():
        game.push(rng.choice(game.legal_moves()))
    code = replay_code(Replay.of(game))
    assert set(code) <= set(CODE_CHARS) and len(code) <= MAX_CODE_TEXT
    # the longest line a replay holds, each move at most 4 digits: within the box's length
    assert 64 + 4 * MAX_REPLAY_MOVES <= MAX_CODE_TEXT


def test_a_deal_code_still_starts_its_deal(menu_app, monkeypatch):
    started = []
    monkeypatch.setattr(
        menu_app.ctx.scenes, "table", lambda game, *a, **k: started.append(game) or Watched(menu_app.ctx, None)
    )
    enter(menu_app, "GO1-C-AAAAAFA")
    assert [g.code for g in started] == ["GO1-C-AAAAAFA"] and menu_app.opened == []


def test_a_kiosk_hides_the_code_box(make_app):
    app = make_app(scene=MenuScene, kiosk=True)
    assert not app.top.code_box.visible
