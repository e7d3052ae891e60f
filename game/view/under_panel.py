"""Drawing a card beneath a translucent panel that is already on the screen, with no copy kept of
what lies under the panel (a window-sized snapshot: 3 MiB for an end panel at 1920x1080).

Where the panel has alpha a and colour P, the screen holds C = a·P + (1 − a)·U over what lies
under it, U. A card of colour K and alpha α drawn under the panel makes the painter's algorithm give
a·P + (1 − a)·(α·K + (1 − α)·U), which is α·(a·P + (1 − a)·K) + (1 − α)·C: the panel over the card
alone, blended by the card's alpha over what is on the screen. Neither term needs U. A card is
opaque but for its corner rows (see card_face), so its body is the panel over the body, copied
onto the screen, and only the corner strips are blended.
"""
from __future__ import annotations

from typing import Protocol

import pygame

from .card_face import CardFace


class Panel(Protocol):
    """What draws a panel (game.ui.panel_image.PanelImage): its size, and itself onto a surface."""

    def get_size(self) -> tuple[int, int]: ...

    def draw(self, surface: pygame.Surface, pos: tuple[int, int]) -> None: ...


def draw_under(surface: pygame.Surface, panel: Panel, panel_pos: tuple[int, int],
               image: pygame.Surface | CardFace, pos: tuple[int, int]) -> pygame.Rect:
    """Draw `image` at `pos` as if beneath `panel`, which is on `surface` at `panel_pos`, and only
    where the panel is (within the surface's clip); returns the part of the surface drawn on."""
    area = pygame.Rect(pos, image.get_size() if isinstance(image, pygame.Surface) else image.size)
    area = area.clip(surface.get_clip()).clip(pygame.Rect(panel_pos, panel.get_size()))
    if not area.width or not area.height:
        return area
    if isinstance(image, CardFace):
        x, y = pos
        _blended(surface, panel, panel_pos, image.top, (x, y), area)
        _opaque(surface, panel, panel_pos, image.body, (x, y + image.radius), area)
        _blended(surface, panel, panel_pos, image.bottom, (x, y + image.height - image.bottom.get_height()), area)
    else:
        _blended(surface, panel, panel_pos, image, pos, area)
    return area


def _part(piece: pygame.Surface, pos: tuple[int, int], area: pygame.Rect) -> pygame.Rect:
    """The part of `area` (screen coordinates) that `piece` at `pos` covers."""
    return pygame.Rect(pos, piece.get_size()).clip(area)


def _opaque(surface: pygame.Surface, panel: Panel, panel_pos: tuple[int, int],
            piece: pygame.Surface, pos: tuple[int, int], area: pygame.Rect) -> None:
    """An opaque piece: the panel over it, copied onto the screen."""
    part = _part(piece, pos, area)
    if not part.width or not part.height:
        return
    out = pygame.Surface(part.size, 0, surface)
    out.blit(piece, (pos[0] - part.x, pos[1] - part.y))
    panel.draw(out, (panel_pos[0] - part.x, panel_pos[1] - part.y))
    surface.blit(out, part)


def _blended(surface: pygame.Surface, panel: Panel, panel_pos: tuple[int, int],
             piece: pygame.Surface, pos: tuple[int, int], area: pygame.Rect) -> None:
    """A piece with per-pixel alpha: the panel over its colour alone, blended onto the screen by
    the piece's alpha."""
    part = _part(piece, pos, area)
    if not part.width or not part.height:
        return
    at = (pos[0] - part.x, pos[1] - part.y)
    colour = pygame.Surface(part.size, 0, surface)  # black, then the piece's colour (not its alpha)
    colour.blit(piece, at, special_flags=pygame.BLEND_RGB_MAX)
    panel.draw(colour, (panel_pos[0] - part.x, panel_pos[1] - part.y))
    out = pygame.Surface(part.size, pygame.SRCALPHA)
    out.blit(colour, (0, 0))  # opaque, with its colour
    weight = pygame.Surface(part.size, pygame.SRCALPHA)  # white with the piece's alpha
    weight.blit(piece, at, special_flags=pygame.BLEND_RGBA_MAX)
    weight.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    out.blit(weight, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(out, part)
