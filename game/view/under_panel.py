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
    area = pygame.Rect(pos, image.get_size())
    area = area.clip(surface.get_clip()).clip(pygame.Rect(panel_pos, panel.get_size()))
    if not area.width or not area.height:
        return area
    x, y = pos[0] - area.x, pos[1] - area.y  # the image's place on the pieces made here
    # the panel over the image's colour alone (not its alpha): black, then the colour, then the panel
    over = pygame.Surface(area.size, 0, surface)
    if isinstance(image, CardFace):
        over.blit(image.body, (x, y + image.radius))
        strips = [(image.top, y), (image.bottom, y + image.height - image.bottom.get_height())]
    else:
        strips = [(image, y)]
    for strip, top in strips:
        over.blit(strip, (x, top), special_flags=pygame.BLEND_RGB_MAX)
    panel.draw(over, (panel_pos[0] - area.x, panel_pos[1] - area.y))
    # where the image is opaque that is the result; where it has alpha, blended by it
    if isinstance(image, CardFace):
        body = pygame.Rect(0, y + image.radius, area.width, image.body.get_height()).clip(over.get_rect())
        if body.height:
            surface.blit(over, (area.x, area.y + body.y), body)
    for strip, top in strips:
        rows = pygame.Rect(0, top, area.width, strip.get_height()).clip(over.get_rect())
        if not rows.height:
            continue
        # the strip's alpha with that colour: its own colour taken out (times 0), the other added
        out = strip.subsurface((-x, rows.y - top, rows.width, rows.height)).copy()
        out.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
        out.blit(over, (0, 0), rows, special_flags=pygame.BLEND_RGB_ADD)
        surface.blit(out, (area.x, area.y + rows.y))
    return area
