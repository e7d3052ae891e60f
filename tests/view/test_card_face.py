"""A card face in three pieces (game/view/card_face.py) draws what the whole image with alpha draws,
with its body copied rather than blended."""

from __future__ import annotations

import pygame
import pytest

from game.view.card_face import CardFace, corner_radius, draw_image
from game.view.card_images import CardImages


@pytest.fixture
def screen(app):
    return pygame.display.get_surface()


def _checkered(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size).convert()
    surf.fill((20, 110, 60))
    for x in range(0, size[0], 7):
        surf.fill((200, 40, 160), (x, 0, 3, size[1]))
    return surf


def _rgb(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("code,width", [("AD", 56), ("KH", 120), ("X1", 198)])
def test_a_face_drawn_in_pieces_looks_as_the_whole_image_blended(screen, code, width):
    images = CardImages()
    face, whole = images.face(code, width), images.get(code, width)
    w, h = face.size
    assert whole.get_size() == (w, h)
    ground = _checkered((w + 20, h + 20))
    blended, pieces = ground.copy(), ground.copy()
    blended.blit(whole, (10, 10))
    assert face.blit(pieces, (10, 10)) == pygame.Rect(10, 10, w, h)
    a, b = _rgb(blended, blended.get_rect()), _rgb(pieces, pieces.get_rect())
    assert max(abs(x - y) for x, y in zip(a, b)) <= 3  # the edges were alpha 252-253, now 255
    clear = [(x, y) for y in range(face.radius) for x in range(w) if whole.get_at((x, y)).a == 0]
    assert clear  # outside the rounded corners the ground shows, as through the whole image
    assert all(pieces.get_at((x + 10, y + 10)) == ground.get_at((x + 10, y + 10)) for x, y in clear)


def test_the_body_is_opaque_and_the_pieces_hold_the_whole_card(screen):
    face = CardImages().face("QS", 100)
    r = face.radius
    assert r == corner_radius(100)
    assert not face.body.get_flags() & pygame.SRCALPHA  # a plain copy to draw, not a blend
    assert face.top.get_flags() & pygame.SRCALPHA and face.bottom.get_flags() & pygame.SRCALPHA
    assert face.body.get_height() + 2 * r == face.height
    assert face.top.get_at((0, 0)).a < 40 and face.bottom.get_at((face.width - 1, r - 1)).a < 40


def test_image_puts_the_pieces_back_together(screen):
    images = CardImages()
    whole = images._scaled_image("7C", 90, False)
    face = CardFace.split(whole)
    again = face.image()
    assert again.get_size() == whole.get_size()
    w, h = whole.get_size()
    r = face.radius
    for y in list(range(r)) + list(range(h - r, h)):  # the corner rows: exactly as they were
        for x in range(w):
            assert again.get_at((x, y)) == whole.get_at((x, y))
    for y in range(r, h - r, 5):
        for x in range(0, w, 3):
            got, was = again.get_at((x, y)), whole.get_at((x, y))
            assert got.a == 255 and got[:3] == was[:3]


def test_blit_clips_and_draw_image_takes_either_kind(screen):
    face = CardImages().face("2H", 80)
    target = _checkered((100, 60))
    assert face.blit(target, (50, 20)) == pygame.Rect(50, 20, 50, 40)
    target.set_clip(pygame.Rect(0, 0, 10, 10))
    assert face.blit(target, (50, 20)).size == (0, 0)
    target.set_clip(None)
    plain = pygame.Surface((5, 5))
    assert draw_image(target, plain, (3, 4)) == pygame.Rect(3, 4, 5, 5)
    assert draw_image(target, face, (0, 0)) == pygame.Rect(0, 0, 80, 60)


def test_a_face_squeezed_or_dimmed_keeps_its_corners_clear_and_its_body_solid(screen):
    face = CardImages().face("9D", 120)
    for narrow in (face.scaled(37), face.dimmed((190, 190, 190))):
        assert narrow.height == face.height and narrow.radius == face.radius
        assert narrow.top.get_at((0, 0)).a < 40
        assert not narrow.body.get_flags() & pygame.SRCALPHA
    assert face.scaled(37).width == 37 and face.scaled(0).width == 1
    grey = face.dimmed((190, 190, 190)).body.get_at((60, 40))
    assert grey.r == grey.g == grey.b
