"""Fast taps are never lost: 100 scripted taps, 0.2 s apart on the simulated clock, each on the card
on top of a pile that can go to its foundation, move 100 cards. A second tap within the double-tap
time on the same pile is not taken as a double tap when the first has already sent its card up."""

from __future__ import annotations

import pygame
import pytest
from conftest import run_frames, settle

from game.model.eightoff import EightOffGame
from game.scenes.table import TableScene
from game.scenes.tables import open_table
from game.ui.gesture import DOUBLE_TIME

RANKS = "A23456789TJQK"
FRAME = 1 / 60
INTERVAL = 0.2  # s from one tap to the next: half the double-tap time
TAPS_PER_TABLE = 50  # two tables of 50: a pack has 52 cards and a tap sends each up once


def suits_in_columns() -> EightOffGame:
    """Each of four columns holds one suit, King at the bottom and Ace on top: every tap on a
    column sends its top card to the foundation."""
    cols = [[r + s for r in reversed(RANKS)] for s in "SHDC"] + [[] for _ in range(4)]
    return EightOffGame.from_layout(cols, [None] * 8)


def top_point(scene: TableScene, column: int) -> tuple[int, int]:
    pile = scene.game.columns[column]
    rect = scene.layout.card_rect(column, len(pile) - 1, len(pile))
    return rect.centerx, rect.centery


def post_tap(app, pos, finger: bool) -> None:
    """A press, one frame, a release, then frames until INTERVAL has passed since the press."""
    w, h = app.size
    if finger:
        attrs = dict(touch_id=1, finger_id=0, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, pressure=1.0)
        down, up = pygame.event.Event(pygame.FINGERDOWN, **attrs), pygame.event.Event(pygame.FINGERUP, **attrs)
    else:
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    pygame.event.post(down)
    run_frames(app)
    pygame.event.post(up)
    run_frames(app, round(INTERVAL / FRAME) - 1)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_100_taps_at_a_fifth_of_a_second_move_100_cards(make_app, size):
    assert INTERVAL < DOUBLE_TIME  # every second tap would have been a double tap
    moved = 0
    for finger in (False, True):  # the mouse on the first table, a finger on the second
        app = make_app(size=size)
        scene = open_table(app.ctx, suits_in_columns())
        app.replace(scene)
        settle(app)
        for tap in range(TAPS_PER_TABLE):
            column = tap // 13  # the same pile 13 times running, then the next
            before = scene.game.moves
            post_tap(app, top_point(scene, column), finger)
            assert scene.game.moves == before + 1, f"tap {tap + 1} on column {column + 1} was lost"
            moved += 1
        settle(app)
        assert sum(len(f) for f in scene.game.foundations) == TAPS_PER_TABLE
        assert scene.game.status == "playing"
    assert moved == 100


def test_a_quick_second_tap_on_a_card_that_cannot_go_up_is_still_a_double_tap(make_app):
    # 7♥ has nowhere to go up; two quick taps on it are one double tap: it goes onto the 8♥
    cols = [["2C", "7H"], ["3C", "8H"]] + [[] for _ in range(6)]
    app = make_app(size=(800, 480))
    scene = open_table(app.ctx, EightOffGame.from_layout(cols, [None] * 8))
    app.replace(scene)
    settle(app)
    point = top_point(scene, 0)
    post_tap(app, point, finger=True)
    post_tap(app, point, finger=True)
    settle(app)
    assert [str(c) for c in scene.game.columns[1]] == ["3C", "8H", "7H"] and scene.game.moves == 1
