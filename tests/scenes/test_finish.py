"""Finish at the table, driven by posted taps and keys on the simulated clock: the
button shows exactly when foundation moves alone end the game, and pressing it sends the cards up
in a cascade of the player's own moves (counted, saved, undoable one by one); a touch stops it."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, key, run_frames, settle, touch_tap

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.dialog import shows
from game.scenes.end_screen import WinPanel
from game.scenes.finish import STEP
from game.scenes.tables import open_table

RANKS = "A23456789TJQK"
FRAME = 1 / 60


def up_to(suit: str, rank: int) -> list[str]:
    return [RANKS[r] + suit for r in range(rank)]


def finishable() -> EightOffGame:
    """24 cards left, each column descending so that foundation moves alone clear the table."""
    cols = [
        ["KS", "QS", "JS", "TS", "9S"],
        ["KH", "QH", "JH", "TH"],
        ["KD", "QD", "JD", "TD", "9D", "8D"],
        ["KC", "QC", "JC"],
        ["9H", "8H"],
        ["TC", "9C", "8C"],
        [],
        ["8S"],
    ]
    return EightOffGame.from_layout(cols, [None] * 8, [up_to(s, 7) for s in "SHDC"])


def one_move_short() -> EightOffGame:
    """The 8♠ lies under the 9♠: only a move to a cell (or a column) makes it finish."""
    cols = [
        ["KS", "QS", "JS", "TS", "8S", "9S"],
        ["KH", "QH", "JH", "TH", "9H", "8H"],
        ["KD", "QD", "JD", "TD", "9D", "8D"],
        ["KC", "QC", "JC", "TC", "9C", "8C"],
        [],
        [],
        [],
        [],
    ]
    return EightOffGame.from_layout(cols, [None] * 8, [up_to(s, 7) for s in "SHDC"])


@pytest.fixture
def table(make_app):
    def make(game, size=(800, 480), kiosk=False, **settings):
        app = make_app(size=size, kiosk=kiosk)
        for k, v in settings.items():
            setattr(app.settings, k, v)
        scene = open_table(app.ctx, game)
        app.replace(scene)
        settle(app)
        run_frames(app, 30)
        return app, scene

    return make


def left(scene) -> int:
    return sum(len(c) for c in scene.game.columns) + sum(c is not None for c in scene.game.cells)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_pressing_finish_sends_every_card_up_as_the_players_moves_and_wins(table, size):
    app, scene = table(finishable(), size=size)
    button = scene.finisher.button
    assert button.visible and scene.layout.message_box(scene.game, scene.message_size()).colliderect(button.rect)
    assert not any(button.rect.colliderect(scene.target_rect(c)) for col in scene.game.columns for c in col)
    run_frames(app)
    assert app.screen.get_at(button.rect.center)[:3] != scene.board.background.get_at(button.rect.center)[:3]
    touch_tap(app, button.rect.center)
    cascade = []
    for _ in range(round(24 * STEP / FRAME) + 10):
        cascade.append(scene.game.moves)
        run_frames(app)
    assert cascade[0] <= 2 and len(set(cascade)) > 10  # one card after another, not all at once
    settle(app)
    assert left(scene) == 0 and scene.game.status == "won"
    assert scene.game.moves == 24 and scene.game.score == 240  # the player's moves, scored as such
    assert shows(app.top, WinPanel)
    assert not button.visible


def test_the_button_shows_only_when_foundation_moves_alone_finish(table):
    app, scene = table(one_move_short())
    assert not scene.finisher.button.visible
    nine = scene.game.columns[0][-1]
    rect = scene.target_rect(nine)
    click(app, rect.center)
    click(app, rect.center)  # a double click: the 9♠ goes to a free cell
    settle(app)
    assert scene.game.cells[0] == nine and scene.finisher.button.visible
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undone: it may not finish any more
    settle(app)
    assert not scene.finisher.button.visible


def test_a_touch_stops_the_cascade_and_each_of_its_moves_undoes_alone(table):
    app, scene = table(finishable())
    touch_tap(app, scene.finisher.button.rect.center)
    run_frames(app, round(5 * STEP / FRAME))
    made = scene.game.moves
    assert 2 <= made < 24
    touch_tap(app, (5, scene.size[1] - 5))  # anywhere on the table
    settle(app)
    assert scene.game.moves in (made, made + 1) and scene.game.status == "playing"
    assert scene.finisher.button.visible  # it still may finish: offered again
    home = sum(len(f) for f in scene.game.foundations)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert sum(len(f) for f in scene.game.foundations) == home - 1  # one card back, not the cascade
    assert scene.finisher.button.visible
    touch_tap(app, scene.finisher.button.rect.center)
    settle(app)
    assert scene.game.status == "won"


def test_the_button_waits_for_the_deal_to_land(make_app):
    app = make_app(size=(800, 480))
    scene = open_table(app.ctx, finishable())
    app.replace(scene)
    run_frames(app, 3)
    assert scene.dealing and not scene.finisher.button.visible
    settle(app)
    assert not scene.dealing and scene.finisher.button.visible


def test_with_animations_off_the_cards_go_up_at_once(table):
    app, scene = table(finishable(), animation_speed="off")
    touch_tap(app, scene.finisher.button.rect.center)
    assert scene.game.status == "won" and scene.game.moves == 24


def test_a_message_shows_above_the_button(table):
    app, scene = table(finishable())
    scene.show_message("This cell is taken")
    run_frames(app)
    assert scene.toast.active and not scene.toast.rect.colliderect(scene.finisher.button.rect)


def test_no_button_in_golf_or_on_a_watched_deal(table, make_app):
    golf = GolfGame.from_layout([["6H"]] + [[]] * 6, ["5S"], [])
    app, scene = table(golf)
    assert not scene.finisher.button.visible
    app = make_app(size=(800, 480))
    watched = open_table(app.ctx, finishable(), demo=True)
    app.replace(watched)
    run_frames(app, 5)
    assert not watched.finisher.button.visible


def repaint_changes_nothing(app, scene) -> bool:
    """What the frames painted bit by bit is what a full repaint of the same moment gives."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    scene.invalidate()
    scene.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB") == shown


def test_the_button_leaves_no_trace_when_it_goes_and_comes_back(table):
    app, scene = table(finishable())
    touch_tap(app, scene.finisher.button.rect.center)  # it goes as the cascade begins
    run_frames(app, 2)
    assert not scene.finisher.button.visible and scene.finisher.busy
    assert repaint_changes_nothing(app, scene)
    touch_tap(app, (5, scene.size[1] - 5))  # stopped: it comes back
    settle(app)
    assert scene.finisher.button.visible
    assert repaint_changes_nothing(app, scene)


def test_the_button_by_the_screens_foot_takes_a_press_up_to_the_bezel(table):
    app, scene = table(finishable(), kiosk=True)
    button = scene.finisher.button
    w, h = app.size
    button.rect = button.rect.move(0, h - 4 - button.rect.bottom)  # (where a layout may put it)
    touch_tap(app, (button.rect.centerx, h - 1))
    settle(app)
    assert scene.game.status == "won"
