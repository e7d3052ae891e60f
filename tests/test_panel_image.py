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
