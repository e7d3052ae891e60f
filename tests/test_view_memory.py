"""What the view keeps in memory (game/view/card_images.py, game/ui/theme.py): one card width at a
time, and panels made a band at a time that look exactly as when made whole."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.view.card_images import CardImages


def test_card_images_keep_only_the_latest_width(app):
    images = CardImages()
    images.get("AS", 90)
    images.back(90)
    images.get("AS", 120)  # the other game's size (attract mode alternates them)
    assert {width for _code, width, _four in images._scaled} == {120}
    images.get("KD", 120)
    assert len(images._scaled) == 2


def whole_panel(size, radius, opacity=theme.PANEL[3]):
    """theme.panel as it was made before: the body as one surface of the panel's size."""
    out = theme.shadow(size, radius, radius, 120)
    body = theme.rounded_rect(size, (*theme.PANEL[:3], opacity), radius, border=2, border_colour=theme.PANEL_BORDER)
    out.blit(body, (radius, radius - radius // 4))
    return out


def test_a_panel_made_band_by_band_equals_one_made_whole(app):
    for size, radius in (((808, 832), 25), ((300, 100), 12), ((500, theme.PANEL_BAND + 1), 20), ((40, 40), 30)):
        banded = theme.panel(size, radius, 238)
        assert pygame.image.tobytes(banded, "RGBA") == pygame.image.tobytes(whole_panel(size, radius, 238), "RGBA")


def test_the_felt_is_made_in_the_screens_format(app):
    felt = theme.felt((320, 200))
    assert felt.get_size() == (320, 200) and felt.get_bitsize() == app.screen.get_bitsize()
    assert felt.get_masks() == app.screen.get_masks()
    assert felt.get_at((160, 90)) != felt.get_at((2, 2))  # lit in the middle, darker at the edge
