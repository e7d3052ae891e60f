"""The table's static background kept small (game/ui/felt.py, game/view/backdrop.py): the felt in
8 bits, what is painted on it in patches, and restored exactly as a whole painted surface would."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.table_paint import paint_slots
from game.scenes.tables import open_table
from game.ui import felt, theme
from game.view.backdrop import Backdrop, Canvas


def test_the_felt_is_an_8_bit_image_whose_palette_is_its_light_and_fibres(app):
    image = theme.felt_image((320, 180), "blue")
    assert image.get_bitsize() == 8 and image.get_size() == (320, 180)
    centre, edge = theme.FELTS["blue"]
    colours = image.get_palette()
    assert tuple(colours[0])[:3] == centre and tuple(colours[felt.LEVELS - 1])[:3] == edge
    lit, dark = image.get_at_mapped((160, 81)), image.get_at_mapped((1, 1))
    assert lit % felt.LEVELS < dark % felt.LEVELS  # lit in the middle, darker at the edge
    kinds = [image.get_at_mapped((x, y)) // felt.LEVELS for x in range(0, 320, 3) for y in range(0, 180, 3)]
    assert kinds.count(1) > 0 and kinds.count(2) > 0 and kinds.count(0) > 0.7 * len(kinds)  # faint specks
    assert max(kinds) == 2  # no index beyond the three kinds: the specks were added to the rings


def test_a_light_fibre_is_lighter_and_a_dark_one_darker_than_its_ring():
    colours = felt.palette(*theme.FELTS["green"])
    for level in range(felt.LEVELS):
        plain, light, dark = (colours[level + k * felt.LEVELS] for k in range(3))
        assert all(d <= p <= li for p, li, d in zip(plain, light, dark)) and light != dark


def test_the_screens_felt_is_the_8_bit_one_in_the_screens_format(app):
    whole, image = theme.felt((200, 120), "red"), theme.felt_image((200, 120), "red")
    assert whole.get_bitsize() == app.screen.get_bitsize()
    for point in ((0, 0), (100, 54), (199, 119), (37, 80)):
        assert whole.get_at(point) == image.get_at(point)


def painter(canvas: Canvas) -> None:
    """Translucent things over the felt, some over each other, as a table paints its slots."""
    veil = pygame.Surface((90, 60), pygame.SRCALPHA)
    veil.fill((255, 255, 255, 60))
    canvas.blit(veil, (10, 10))
    canvas.blit(veil, pygame.Rect(50, 40, 90, 60))  # over the first, partly
    canvas.blit(veil, (150, 90), pygame.Rect(20, 10, 40, 40))
    canvas.fill((255, 255, 255), (0, 130, 240, 1))


AREAS = [
    pygame.Rect(10, 10, 90, 60),
    pygame.Rect(50, 40, 90, 60),
    pygame.Rect(150, 90, 40, 40),
    pygame.Rect(0, 130, 240, 1),
]


def whole_painted(image):
    surf = pygame.Surface(image.get_size())
    surf.blit(image, (0, 0))
    painter(surf)
    return surf


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(-20, 240), st.integers(-20, 140), st.integers(1, 120), st.integers(1, 90))
def test_a_restored_rectangle_is_what_the_whole_painted_background_holds_there(app, x, y, w, h):
    image = theme.felt_image((240, 140), "green")
    backdrop = Backdrop.painted(image, AREAS, painter)
    reference = whole_painted(image)
    rect = pygame.Rect(x, y, w, h)
    out = pygame.Surface((240, 140))
    out.fill((255, 0, 255))
    backdrop.draw(out, rect)
    expected = pygame.Surface((240, 140))
    expected.fill((255, 0, 255))
    expected.blit(reference, rect.topleft, rect)
    assert pygame.image.tobytes(out, "RGB") == pygame.image.tobytes(expected, "RGB")


class Recording:
    """A surface that keeps the part of itself each blit drew on."""

    def __init__(self, surface):
        self.surface, self.drawn = surface, []

    def blit(self, source, dest, area=None, special_flags=0):
        self.drawn.append(self.surface.blit(source, dest, area, special_flags))
        return self.drawn[-1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(-20, 240), st.integers(-20, 140), st.integers(1, 120), st.integers(1, 90))
def test_a_restore_draws_each_pixel_once_the_felt_only_where_no_patch_lies(app, x, y, w, h):
    backdrop = Backdrop.painted(theme.felt_image((240, 140), "green"), AREAS, painter)
    out = Recording(pygame.Surface((240, 140)))
    rect = pygame.Rect(x, y, w, h)
    backdrop.draw(out, rect)
    drawn = [r for r in out.drawn if r.width and r.height]
    assert (
        sum(r.width * r.height for r in drawn)
        == rect.clip(out.surface.get_rect()).width * rect.clip(out.surface.get_rect()).height
    )
    assert not any(a.colliderect(b) for i, a in enumerate(drawn) for b in drawn[i + 1 :])


def test_overlapping_areas_make_one_patch_and_only_the_painted_areas_are_kept(app):
    backdrop = Backdrop.painted(theme.felt_image((240, 140)), AREAS, painter)
    assert sorted(a for a, _ in backdrop.patches) == sorted(
        [pygame.Rect(10, 10, 130, 90), pygame.Rect(150, 90, 40, 40), pygame.Rect(0, 130, 240, 1)]
    )
    assert backdrop.nbytes() == 240 * 140 + (130 * 90 + 40 * 40 + 240) * app.screen.get_bytesize()


@pytest.mark.parametrize(
    "scene_class, game, share",
    [
        (open_table, lambda: GolfGame.from_code("GO1-E-AAAAAAC"), 0.6),  # 9 empty-pile outlines
        (open_table, lambda: EightOffGame.from_code("EO1-C8-AAAAAAE"), 0.75),
    ],
)  # 20 of them
def test_a_full_hd_table_keeps_a_part_of_a_whole_background_and_restores_it_exactly(make_app, scene_class, game, share):
    app = make_app(size=(1920, 1080), scene=lambda ctx: scene_class(ctx, game()))
    backdrop = app.stack[-1].board.background
    whole = 1920 * 1080 * app.screen.get_bytesize()
    assert backdrop.felt.get_bitsize() == 8
    assert backdrop.nbytes() < whole * share
    table = app.stack[-1]
    painted = pygame.Surface((1920, 1080))  # the background as it was kept: painted whole
    painted.blit(backdrop.felt, (0, 0))
    table.hud.paint_band(painted)
    paint_slots(painted, table.layout, app.ctx.images, app.ctx.text)
    restored = pygame.Surface((1920, 1080))
    backdrop.draw(restored, restored.get_rect())
    assert pygame.image.tobytes(restored, "RGB") == pygame.image.tobytes(painted, "RGB")


def test_a_help_example_keeps_its_mini_table_as_a_table_does_and_restores_it_exactly(make_app):
    from game.help import examples
    from game.scenes.example_scene import ExampleScene
    from game.scenes.hud import paint_band

    app = make_app(size=(1920, 1080))
    scene = ExampleScene(app.ctx, examples.load()["eightoff-takeback"])
    app.push(scene)
    app.step_frame(1 / 60)
    backdrop = scene.board.background
    w, h = scene.table_rect.size
    assert isinstance(backdrop, Backdrop) and backdrop.felt.get_bitsize() == 8
    assert backdrop.nbytes() < w * h * app.screen.get_bytesize() * 0.75  # (a whole one: 4 bytes a pixel)
    painted = pygame.Surface((w, h))
    painted.blit(backdrop.felt, (0, 0))
    paint_band(painted, scene.band)  # the band as a table's, its white edge under it
    paint_slots(painted, scene.layout, app.ctx.images, app.ctx.text)
    restored = pygame.Surface((w, h))
    backdrop.draw(restored, restored.get_rect())
    assert pygame.image.tobytes(restored, "RGB") == pygame.image.tobytes(painted, "RGB")
    assert tuple(restored.get_at((w // 2, scene.band.bottom)))[:3] == (255, 255, 255)


def test_the_fibres_are_where_randrange_puts_them():
    """speck_places draws as randrange does, faster: the felt looks as it always did."""
    import random

    from game.ui.felt import TILE, speck_places

    rng = random.Random(7)
    expected = [(1 if rng.randrange(2) else 2, rng.randrange(TILE), rng.randrange(TILE)) for _ in range(1400)]
    assert speck_places() == expected
