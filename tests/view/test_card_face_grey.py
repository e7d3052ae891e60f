"""A card face in grey (CardFace.dimmed: the stock under the strict draw) is the card's own picture in
grey at every width, whether or not its body is kept in a wider surface for fast copies."""

from __future__ import annotations

import pygame
import pytest

from game.view.card_face import CardFace


def striped_card(width: int, height: int) -> pygame.Surface:
    """An opaque card picture whose every column has a colour of its own (a shear shows at once)."""
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    for x in range(width):
        image.fill(((x * 37) % 256, (x * 91) % 256, (255 - x * 13) % 256, 255), (x, 0, 1, height))
    return image


@pytest.mark.parametrize("width", [129, 130, 131, 132, 136, 200])
def test_a_dimmed_face_is_the_picture_in_grey_at_every_width(small_display, width):
    image = striped_card(width, round(width * 1.4))
    face = CardFace.split(image)
    grey = face.dimmed((255, 255, 255))
    r = face.radius
    body = pygame.Rect(0, r, width, image.get_height() - 2 * r)
    expected = pygame.transform.grayscale(image.subsurface(body).copy())
    assert grey.body.get_size() == body.size
    assert pygame.image.tobytes(grey.body, "RGB") == pygame.image.tobytes(expected, "RGB")
    top = pygame.transform.grayscale(image.subsurface((0, 0, width, r)).copy())
    assert pygame.image.tobytes(grey.top, "RGB") == pygame.image.tobytes(top, "RGB")
