"""The name of a band button drawn as an icon (▶ ☞ ⮪ ⮫), shown under it while a mouse rests on it.

Where the band has no room for the words (800x480 in every language, 1920x1080 in Greek) a player
with a mouse can still read what each button does: Greek's bare ▶ reads as "play", yet it starts the
demo over the game. Fingers have no hover, so a touchscreen never shows it. A floating piece over
the cards (table_paint.Floating), repainted only where it was and is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui import theme
from ..ui.text import least_legible
from ..view.dirty_rects import spanned

if TYPE_CHECKING:  # pragma: no cover
    from ..ui.text import TextCache
    from .hud import Hud

DELAY = 0.45  # s a mouse rests on an icon before its name shows (a pass across the band shows none)


class BandTip:
    """The hovered icon's name, under its button, inside the window."""

    def __init__(self, hud: Hud, text: TextCache) -> None:
        self.hud = hud
        self.text = text
        self._over: tuple[str, tuple[int, int, int, int]] | None = None  # the icon under the mouse
        self._rested = 0.0
        self._surface: pygame.Surface | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self._painted: pygame.Rect | None = None

    def update(self, dt: float, mouse: bool) -> None:
        """Follow the mouse over the band (`mouse`: the player points with one)."""
        hovered = self.hud.hovered_icon() if mouse else None
        over = None if hovered is None else (hovered[0], (hovered[1].x, hovered[1].y, hovered[1].w, hovered[1].h))
        if over != self._over:
            self._over, self._rested, self._surface = over, 0.0, None
            return
        self._rested += dt
        if over is not None and self._surface is None and self._rested >= DELAY:
            self._show(over[0], pygame.Rect(over[1]))

    @property
    def waiting(self) -> bool:
        """A mouse rests on an icon whose name is not up yet (the table keeps stepping frames)."""
        return self._over is not None and self._surface is None

    def _show(self, name: str, button: pygame.Rect) -> None:
        band, design = self.hud.rect, self.hud.design
        size = least_legible(name, design.type.body)  # the class's running text
        label = self.text.render(name, size, theme.TEXT)
        pad = design.space()
        w, h = label.get_width() + 2 * pad, label.get_height() + pad
        surface = theme.rounded_rect((w, h), (*theme.PANEL[:3], 240), max(4, h // 4), 1, theme.GOLD)
        surface.blit(label, label.get_rect(center=(w // 2, h // 2)))
        self._surface = surface
        self._rect = surface.get_rect(midtop=(button.centerx, band.bottom + max(3, pad // 2)))
        self._rect.clamp_ip(pygame.Rect(2, band.bottom, band.width - 4, self._rect.height + band.bottom))

    @property
    def active(self) -> bool:
        return self._surface is not None

    @property
    def rect(self) -> pygame.Rect:
        return self._rect if self._surface is not None else pygame.Rect(0, 0, 0, 0)

    def dirty_rect(self) -> pygame.Rect | None:
        now = self.rect if self._surface is not None else None
        return None if now == self._painted else spanned(self._painted, now)

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        if self._surface is None:
            self._painted = None
            return None
        surface.blit(self._surface, self._rect)
        self._painted = self._rect.copy()
        return self._painted
