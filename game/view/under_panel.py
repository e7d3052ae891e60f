"""Drawing a card beneath a translucent panel that is already on the screen, with no copy kept of
what lies under the panel (a window-sized snapshot: 3 MiB for an end panel at 1920x1080).

Where the panel has alpha a and colour P, the screen holds C = a·P + (1 − a)·U over what lies
under it, U. A card of colour K and alpha α drawn under the panel makes the painter's algorithm give
a·P + (1 − a)·(α·K + (1 − α)·U), which is α·(a·P + (1 − a)·K) + (1 − α)·C: the panel over the card
alone, blended by the card's alpha over what is on the screen. Neither term needs U. A card is
opaque but for its corner rows (see card_face), so its body is drawn on the screen and the panel
over it, and only the corner strips are blended.

Where the panel is one colour (its body, away from its edges and its text), the panel over the card
is the same wherever the card is: that card face, tinted, is made once and drawn as a card is, its
body a plain copy (a card under an end panel at 1920x1080: 3 blits instead of about 19).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

import pygame

from .card_face import CardFace
from .dirty_rects import minus


class Panel(Protocol):
    """What draws a panel (game.ui.panel_image.PanelImage): its size, itself onto a surface, and
    where it is one colour. (Its tinted faces are kept beside it by weak reference: it must allow
    one, as any plain class does.)"""

    def get_size(self) -> tuple[int, int]: ...

    def draw(self, surface: pygame.Surface, pos: tuple[int, int]) -> None: ...

    @property
    def plain(self) -> pygame.Rect | None:
        """Where the panel is one colour but for what is drawn on it, from its top left."""

    def plain_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> bool:
        """Whether the panel at `pos` is one colour (`plain_colour`) all over `rect`."""

    @property
    def plain_colour(self) -> tuple[int, ...]: ...


#: Tinted faces kept per panel: about as many as fly under it at once (an end panel's cascade: up
#: to 15), at least KEPT_TINTS and more while their pixels come to under TINT_PIXELS (small cards).
#: The cache holds each tinted face's own face too (a card that has left the screen included).
KEPT_TINTS = 10
TINT_PIXELS = 300_000  # some 1.2 MB of tinted faces: 11 at 1920x1080, about 60 at 800x480


class Tints:
    """Card faces as they look under a panel's one colour, the last few used (made on demand)."""

    def __init__(self, colour: tuple[int, ...]) -> None:
        self.colour = colour
        self.made = 0  # faces tinted so far
        self._faces: OrderedDict[CardFace, CardFace] = OrderedDict()

    def of(self, face: CardFace) -> CardFace:
        tinted = self._faces.get(face)
        if tinted is None:
            tinted = self._faces[face] = self._tint(face)
            self.made += 1
            if len(self._faces) > max(KEPT_TINTS, TINT_PIXELS // max(1, face.width * face.height)):
                self._faces.popitem(last=False)
        else:
            self._faces.move_to_end(face)
        return tinted

    def _tint(self, face: CardFace) -> CardFace:
        """The colour over the body (opaque: it stays a plain copy), and over each strip's colour
        alone with the strip's alpha kept (_covered, as _blend_strip with the panel's rows)."""
        tallest = max(face.body.get_height(), face.top.get_height(), face.bottom.get_height())
        veil = pygame.Surface((face.width, tallest), pygame.SRCALPHA)  # (as much as each piece needs)
        veil.fill(self.colour)
        body = face.body.copy()
        body.blit(veil, (0, 0), ((0, 0), body.get_size()))

        def strip(piece: pygame.Surface) -> pygame.Surface:
            return _covered(piece, lambda over: over.blit(veil, (0, 0), ((0, 0), piece.get_size())), face.body)

        return CardFace(strip(face.top), body, strip(face.bottom))


_tints: weakref.WeakKeyDictionary[Panel, Tints] = weakref.WeakKeyDictionary()  # (go with their panel)


def draw_under(
    surface: pygame.Surface,
    panel: Panel,
    panel_pos: tuple[int, int],
    image: pygame.Surface | CardFace,
    pos: tuple[int, int],
) -> pygame.Rect:
    """Draw `image` at `pos` as if beneath `panel`, which is on `surface` at `panel_pos`, and only
    where the panel is (within the surface's clip); returns the part of the surface drawn on."""
    area = pygame.Rect(pos, image.get_size())
    area = area.clip(surface.get_clip()).clip(pygame.Rect(panel_pos, panel.get_size()))
    if not area.width or not area.height:
        return area
    clip = surface.get_clip()
    plain = area.clip(panel.plain.move(panel_pos)) if panel.plain is not None else area.clip(0, 0, 0, 0)
    if isinstance(image, CardFace) and plain.width and plain.height and panel.plain_at(plain, panel_pos):
        tints = _tints.get(panel)
        if tints is None:
            tints = _tints[panel] = Tints(panel.plain_colour)
        surface.set_clip(plain)
        tints.of(image).blit(surface, pos)
        rest = minus(area, [plain])  # (the panel's edge rows, its shadow: as below)
    else:
        rest = [area]
    for piece in rest:
        surface.set_clip(piece)
        _draw_exactly(surface, panel, panel_pos, image, pos, piece)
    surface.set_clip(clip)
    return area


def _draw_exactly(
    surface: pygame.Surface,
    panel: Panel,
    panel_pos: tuple[int, int],
    image: pygame.Surface | CardFace,
    pos: tuple[int, int],
    area: pygame.Rect,
) -> None:
    """draw_under within `area` (the surface's clip), whatever the panel holds there."""
    if isinstance(image, CardFace):
        # the opaque body hides what the screen holds: the painter's algorithm right there, the
        # body and then the panel over it (no surface made, no copy of the result)
        body = pygame.Rect(pos[0], pos[1] + image.radius, image.width, image.body.get_height()).clip(area)
        if body.width and body.height:
            surface.set_clip(body)
            surface.blit(image.body, (pos[0], pos[1] + image.radius))
            panel.draw(surface, panel_pos)
            surface.set_clip(area)
        strips = [(image.top, pos[1]), (image.bottom, pos[1] + image.height - image.bottom.get_height())]
    else:
        strips = [(image, pos[1])]
    for strip, top in strips:
        rows = pygame.Rect(pos[0], top, strip.get_width(), strip.get_height()).clip(area)
        if rows.width and rows.height:
            _blend_strip(surface, panel, panel_pos, strip, (pos[0], top), rows)


def tints_of(panel: Panel) -> Tints | None:
    """The tinted faces made for a panel so far (None: none yet)."""
    return _tints.get(panel)


def _blend_strip(
    surface: pygame.Surface,
    panel: Panel,
    panel_pos: tuple[int, int],
    strip: pygame.Surface,
    at: tuple[int, int],
    rows: pygame.Rect,
) -> None:
    """The part `rows` (of the surface) of an image with alpha at `at`: the panel over the image's
    colour alone, blended onto the surface by the image's alpha."""
    piece = strip.subsurface((rows.x - at[0], rows.y - at[1], rows.width, rows.height))
    surface.blit(
        _covered(piece, lambda over: panel.draw(over, (panel_pos[0] - rows.x, panel_pos[1] - rows.y)), surface),
        rows.topleft,
    )


def _covered(piece: pygame.Surface, cover: Callable[[pygame.Surface], object], like: pygame.Surface) -> pygame.Surface:
    """`piece` (an image with alpha) with `cover` drawn over its colour alone, its alpha kept: the
    panel over a strip of a card, to be blended by the strip's own alpha. (`like`: the format of
    the opaque surface it is worked out on.)"""
    # the cover over the piece's colour alone (not its alpha): black, then the colour, then the cover
    over = pygame.Surface(piece.get_size(), 0, like)
    over.blit(piece, (0, 0), special_flags=pygame.BLEND_RGB_MAX)
    cover(over)
    # the piece's alpha with that colour: its own colour taken out (times 0), the other added
    out = piece.copy()
    out.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(over, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return out
