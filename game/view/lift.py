"""The lift of dragged cards: raised a few pixels over a soft shadow, settling back on drop.

A lifted card or group is drawn `raise_px` higher than where it is, and one shadow lies under the
whole group, offset down and to the right as from a light at the top left. The shadow is cut once
per card size from a blurred card outline into nine pieces: the four corners as they are, the four
edges stretched to the group's size, and no middle, which always lies under the cards (the offset
is less than the blur). A frame that moves the group repaints the shadow's outline, not an area
as large again as the cards.
"""

from __future__ import annotations

import pygame

from ..ui import theme

LIFT_TIME = 0.08  # s: the cards rise as the drag begins
SETTLE_TIME = 0.16  # s: and settle back (an ease) when they are dropped
LEVELS = 16  # the shadow's strength is drawn at one of this many levels
SHADOW_ALPHA = 120  # the shadow at full lift, under the cards' middle


class LiftShadow:
    """The lift's geometry and shadow at one card size."""

    def __init__(self, card_w: int, card_h: int) -> None:
        self.card_w, self.card_h = card_w, card_h
        self.raise_by = max(3, round(card_h * 0.04))  # px the cards rise at full lift
        self.blur = max(4, card_w // 9)
        # down and to the right of the raised cards, by less than the blur: the shadow's middle
        # (inside its edges, which reach a blur into it) stays under them and is never painted
        self.offset = (self.blur // 3, min(self.blur - 1, self.raise_by + self.blur // 3))
        radius = max(4, card_w // 10)
        self._image = theme.shadow((card_w, card_h), radius, self.blur, SHADOW_ALPHA)
        iw, ih = self._image.get_size()
        self.edge = 2 * self.blur  # an edge's thickness: from a blur outside the cards to a blur inside
        self.corner = min(iw // 2, ih // 2, 2 * self.blur + radius)  # a corner, with its rounding
        self._edges: dict[tuple[str, int], pygame.Surface] = {}

    def raise_px(self, lift: float) -> int:
        """How far a card at this lift (0 to 1) is drawn above its place."""
        return round(self.raise_by * lift)

    @staticmethod
    def level(lift: float) -> int:
        return round(max(0.0, min(1.0, lift)) * LEVELS)

    def box(self, cards: pygame.Rect, lift: float) -> pygame.Rect:
        """Everything the shadow of cards drawn over `cards` (raised already) may paint: it slides
        out from under them as they rise."""
        dx, dy = round(self.offset[0] * lift), round(self.offset[1] * lift)
        return cards.move(dx, dy).inflate(2 * self.blur, 2 * self.blur)

    def paint(self, surface: pygame.Surface, cards: pygame.Rect, lift: float) -> None:
        """The shadow of raised cards covering `cards`, at this lift, within surface's clip."""
        level = self.level(lift)
        if level <= 0:
            return
        box = self.box(cards, lift)
        if not box.colliderect(surface.get_clip()):
            return
        c, t = self.corner, self.edge
        iw, ih = self._image.get_size()
        alpha = 255 * level // LEVELS
        self._image.set_alpha(alpha)
        cw, ch = min(c, box.width // 2), min(c, box.height // 2)
        for sx, sy, dx, dy in (
            (0, 0, box.left, box.top),
            (iw - cw, 0, box.right - cw, box.top),
            (0, ih - ch, box.left, box.bottom - ch),
            (iw - cw, ih - ch, box.right - cw, box.bottom - ch),
        ):
            surface.blit(self._image, (dx, dy), (sx, sy, cw, ch))
        across, down = box.width - 2 * cw, box.height - 2 * ch
        for side, length, pos in (
            ("top", across, (box.left + cw, box.top)),
            ("bottom", across, (box.left + cw, box.bottom - t)),
            ("left", down, (box.left, box.top + ch)),
            ("right", down, (box.right - t, box.top + ch)),
        ):
            if length > 0:
                edge = self._edge(side, length)
                edge.set_alpha(alpha)
                surface.blit(edge, pos)

    def _edge(self, side: str, length: int) -> pygame.Surface:
        """One edge of the shadow stretched to `length` (kept: a dragged group keeps its size)."""
        key = (side, length)
        edge = self._edges.get(key)
        if edge is None:
            if len(self._edges) > 16:
                self._edges.clear()
            t = self.edge
            iw, ih = self._image.get_size()
            self._image.set_alpha(None)
            strip = {
                "top": (iw // 2, 0, 1, t),
                "bottom": (iw // 2, ih - t, 1, t),
                "left": (0, ih // 2, t, 1),
                "right": (iw - t, ih // 2, t, 1),
            }[side]
            piece = self._image.subsurface(strip)
            size = (length, t) if side in ("top", "bottom") else (t, length)
            edge = self._edges[key] = pygame.transform.scale(piece, size)
        return edge
