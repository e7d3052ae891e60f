"""A dialog's panel kept in slices (game/ui/panel_image.py) draws the panel's look at any height and
keeps a fraction of its pixels."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.panel_image import PanelImage


def _drawn(panel, size: tuple[int, int], clip: pygame.Rect | None = None) -> pygame.Surface:
    surf = pygame.Surface(size).convert()
    surf.fill((30, 110, 60))
    surf.set_clip(clip)
    if isinstance(panel, PanelImage):
        panel.draw(surf, (0, 0))
    else:
        surf.blit(panel, (0, 0))
    surf.set_clip(None)
    return surf


def _worst(a: pygame.Surface, b: pygame.Surface) -> int:
    x, y = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return max(abs(p - q) for p, q in zip(x, y))


@pytest.mark.parametrize("size,radius", [((1116, 709), 36), ((440, 300), 18), ((900, 431), 30), ((300, 90), 12)])
def test_a_panel_in_slices_looks_as_the_panel_made_whole(app, size, radius):
    whole = theme.panel(size, radius, opacity=238, felt_colour="blue")
    sliced = PanelImage(size, radius, opacity=238, felt_colour="blue")
    assert sliced.get_size() == whole.get_size()
    a, b = _drawn(whole, whole.get_size()), _drawn(sliced, whole.get_size())
    assert _worst(a, b) <= 20  # the shadow made for a shorter panel lies up to a pixel off
    # its body is the same: only the shadow differs, round it and through its corners
    inner = pygame.Rect(radius, radius - radius // 4, size[0], size[1]).inflate(-2 * radius, -2 * radius)
    assert _worst(a.subsurface(inner), b.subsurface(inner)) <= 1


def test_a_tall_panel_keeps_a_third_of_its_pixels_and_draws_the_same_through_any_clip(app):
    size, radius = (1116, 709), 36
    sliced = PanelImage(size, radius)
    w, h = sliced.get_size()
    kept = sum(s.get_width() * s.get_height() for s in (sliced.top, sliced.band, sliced.bottom))
    assert sliced.band is not None and kept <= 0.35 * w * h
    drawn = _drawn(sliced, (w, h))
    for clip in (pygame.Rect(0, 300, w, 7), pygame.Rect(100, 131, 40, 500), pygame.Rect(0, h - 90, w, 90)):
        piece = _drawn(sliced, (w, h), clip)
        assert _worst(piece.subsurface(clip), drawn.subsurface(clip)) == 0


def test_what_is_drawn_on_a_panel_is_drawn_over_its_slices(app):
    sliced = PanelImage((600, 500), 20)
    mark = pygame.Surface((30, 20))
    mark.fill((250, 10, 10))
    sliced.extras.append((mark, (100, 300)))
    surf = _drawn(sliced, sliced.get_size())
    assert surf.get_at((110, 310))[:3] == (250, 10, 10)


@pytest.mark.parametrize(
    "radius,colour,inner",
    [(36, (240, 230, 200, 255), None), (18, (20, 60, 30, 255), (200, 180, 90, 255)), (82, (25, 70, 40, 238), None)],
)
def test_a_rounded_corner_has_no_nearly_opaque_pixel_and_is_otherwise_the_smoothscaled_disc(app, radius, colour, inner):
    # (smoothscale leaves the inside at alpha 251-254: the felt would show through in faint squares)
    theme._disc.cache_clear()
    disc = theme._disc(radius, colour, inner, radius - 2, 3)
    big = pygame.Surface((6 * radius, 6 * radius), pygame.SRCALPHA)
    pygame.draw.circle(big, colour, (3 * radius, 3 * radius), 3 * radius)
    if inner is not None:
        pygame.draw.circle(big, inner, (3 * radius, 3 * radius), 3 * (radius - 2))
    plain = pygame.transform.smoothscale(big, (2 * radius, 2 * radius))
    for y in range(0, 2 * radius):
        for x in range(0, 2 * radius):
            got, was = disc.get_at((x, y)), plain.get_at((x, y))
            assert not 245 <= got.a < 255
            assert (got.r, got.g, got.b) == (was.r, was.g, was.b)
            assert got.a == (255 if 245 <= was.a < 255 else was.a)
    assert any(245 <= plain.get_at((x, radius)).a < 255 for x in range(2 * radius)) or colour[3] < 245


def test_a_dialogs_panel_hides_what_lies_beneath_it(app):
    """The menu's cream buttons do not show through "Start a new game?" (as they did at 238 of 255)."""
    from game.scenes.dialog import PANEL_OPACITY

    drawn = []
    for beneath in ((0, 0, 0), (245, 240, 225)):
        surf = pygame.Surface((120, 120)).convert()
        surf.fill(beneath)
        PanelImage((120, 120), 12, opacity=PANEL_OPACITY).draw(surf, (0, 0))
        drawn.append(surf.get_at((60, 60)))
    assert max(abs(a - b) for a, b in zip(drawn[0][:3], drawn[1][:3])) <= 4
