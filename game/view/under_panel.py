"""Drawing a card beneath a translucent panel that is already on the screen, with no copy kept of
what lies under the panel (a window-sized snapshot: 3 MiB for an end panel at 1920x1080).

Where the panel has alpha a and colour P, the screen holds C = a·P + (1 − a)·U over what lies
under it, U. A card of colour K and alpha α drawn under the panel makes the painter's algorithm give
a·P + (1 − a)·(α·K + (1 − α)·U), which is α·(a·P + (1 − a)·K) + (1 − α)·C: the panel over the card
alone, blended by the card's alpha over what is on the screen. Neither term needs U. A card is
opaque but for its corner rows (see card_face), so its body is drawn on the screen and the panel
over it, and only the corner strips are blended.
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
    if isinstance(image, CardFace):
        # the opaque body hides what the screen holds: the painter's algorithm right there, the
        # body and then the panel over it (no surface made, no copy of the result)
        body = pygame.Rect(pos[0], pos[1] + image.radius, image.width, image.body.get_height()).clip(area)
        if body.width and body.height:
            clip = surface.get_clip()
            surface.set_clip(body)
            surface.blit(image.body, (pos[0], pos[1] + image.radius))
            panel.draw(surface, panel_pos)
            surface.set_clip(clip)
        strips = [(image.top, pos[1]), (image.bottom, pos[1] + image.height - image.bottom.get_height())]
    else:
        strips = [(image, pos[1])]
    for strip, top in strips:
        rows = pygame.Rect(pos[0], top, strip.get_width(), strip.get_height()).clip(area)
        if rows.width and rows.height:
            _blend_strip(surface, panel, panel_pos, strip, (pos[0], top), rows)
    return area


def _blend_strip(surface: pygame.Surface, panel: Panel, panel_pos: tuple[int, int], strip: pygame.Surface,
                 at: tuple[int, int], rows: pygame.Rect) -> None:
    """The part `rows` (of the surface) of an image with alpha at `at`: the panel over the image's
    colour alone, blended onto the surface by the image's alpha."""
    x, y = at[0] - rows.x, at[1] - rows.y  # the strip's place on the pieces made here
    # the panel over the strip's colour alone (not its alpha): black, then the colour, then the panel
    over = pygame.Surface(rows.size, 0, surface)
    over.blit(strip, (x, y), special_flags=pygame.BLEND_RGB_MAX)
    panel.draw(over, (panel_pos[0] - rows.x, panel_pos[1] - rows.y))
    # the strip's alpha with that colour: its own colour taken out (times 0), the other added
    out = strip.subsurface((-x, -y, rows.width, rows.height)).copy()
    out.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(over, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(out, rows.topleft)
