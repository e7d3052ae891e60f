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


def test_a_measured_text_is_remembered_per_size_and_the_memory_is_bounded(app, monkeypatch):
    from game.ui import text

    font, other = text.get_font(20), text.get_font(24)
    measured: list[tuple[int, str]] = []
    measure = text.FallbackFont._measure

    def counting(self: text.FallbackFont, s: str) -> tuple[int, int]:
        measured.append((self.point_size, s))
        return measure(self, s)

    monkeypatch.setattr(text.FallbackFont, "_measure", counting)
    monkeypatch.setattr(text, "_measured", {})
    wide = font.size("Score 1234")
    assert other.size("Score 1234") != wide  # another size: measured, not taken from the first
    assert font.size("Score 1234") == wide and other.size("Score 1234") == measure(other, "Score 1234")
    assert measured == [(20, "Score 1234"), (24, "Score 1234")]
    assert font.size("Scores") == measure(font, "Scores")  # another text: measured
    monkeypatch.setattr(text, "MAX_MEASURED", 8)
    for i in range(30):
        font.size(f"clock 0:{i:02}")
    assert len(text._measured) == 8 and (20, False, "clock 0:29") in text._measured


def test_the_felt_is_made_once_for_a_size_and_colour_and_made_again_for_another(app):
    first = theme.felt_image((300, 200), "green")
    assert theme.felt_image((300, 200), "green") is first  # the next table takes it
    assert theme.felt_image((300, 200), "no such colour") is first  # (the green)
    red = theme.felt_image((300, 200), "red")
    assert red is not first and tuple(red.get_palette()[0])[:3] == theme.FELTS["red"][0]
    assert theme.felt_image((320, 200), "red").get_size() == (320, 200)


def test_a_long_session_keeps_a_bounded_number_of_split_texts_and_of_deals():
    """Clocks, scores and deals pass through a kiosk's weeks: their caches stay small."""
    from game.model import deals
    from game.ui import text

    for i in range(3 * text.MAX_MEASURED):
        text.runs(f"Time 0:{i:04}")
    assert text.runs.cache_info().currsize <= text.MAX_MEASURED
    for number in range(1, 41):
        deals.golf_deal(number)
    assert deals.golf_deal.cache_info().currsize <= deals.KEPT_DEALS < 40
