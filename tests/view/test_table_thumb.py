"""The small picture of a game's table (game/view/table_thumb.py): the game's own layout and card art
at the picture's size, painted card by card, kept per size, felt, deck and back."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.view import table_thumb
from game.view.layouts import layout_for
from game.view.table_thumb import DEALS, TableThumb, ThumbKey, thumb


@pytest.fixture(autouse=True)
def fresh(app):
    table_thumb.forget()
    yield
    table_thumb.forget()


def _whole(key: ThumbKey) -> TableThumb:
    picture = TableThumb(key)
    while picture.paint(5):
        pass
    return picture


@pytest.mark.parametrize("family", ["golf", "eightoff"])
def test_the_picture_shows_every_card_of_the_table_where_its_layout_puts_it(family):
    key = ThumbKey(family, (240, 120), "green", False, "lattice")
    picture = _whole(key)
    assert picture.done and picture.surface.get_size() == (240, 120)
    game = registry.game_from_code(DEALS[family])
    cards = len(layout_for(game, (1280, 720)).place(game))
    assert picture.version == -(-cards // 5)  # painted five at a time: every card once
    white = sum(1 for x in range(0, 240, 2) for y in range(0, 120, 2) if sum(picture.surface.get_at((x, y))[:3]) > 690)
    assert white > 240 * 120 // 4 // 20  # card faces, not only felt


def test_the_felt_is_the_players_table_colour():
    green = _whole(ThumbKey("golf", (200, 100), "green", False, "lattice")).surface.get_at((2, 2))
    red = _whole(ThumbKey("golf", (200, 100), "red", False, "lattice")).surface.get_at((2, 2))
    assert red[0] > red[1] and green[1] > green[0]


def test_a_picture_is_kept_and_the_oldest_go():
    first = thumb(ThumbKey("golf", (200, 100), "green", False, "lattice"))
    assert thumb(ThumbKey("golf", (200, 100), "green", False, "lattice")) is first
    for w in range(201, 201 + table_thumb.KEEP):
        thumb(ThumbKey("golf", (w, 100), "green", False, "lattice"))
    assert thumb(ThumbKey("golf", (200, 100), "green", False, "lattice")) is not first


def test_the_tables_faces_are_left_alone(app):
    """The picture reads its faces with card images of its own: the table's, kept one width at a
    time, are not evicted for it."""
    images = app.ctx.images
    kept = images.face("AS", 80)
    _whole(ThumbKey("eightoff", (240, 120), "green", False, "lattice"))
    assert images.face("AS", 80) is kept
    assert isinstance(kept.image(), pygame.Surface)
