"""The replay viewer's timeline: a strip at the table's foot with the replay's moves as a track and the
move shown as a knob on it; a press on the strip, or a drag along it, shows that move.

The strip is as tall as a fingertip's target (a kiosk's larger one), and the table lays its cards out
above it (TableScene.cards_size). Where keeping it would change the window's layout class (and so
the band's height the cards are laid out under), there is no strip: the band's buttons and the keys
still step through the replay.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..ui import theme
from ..ui.design import design_for
from ..ui.pointer import DOWN, MOVE, UP

STRIP_FILL = (0, 0, 0, 70)  # as the top band's: the felt darkened
TRACK = (255, 255, 255, 70)


def foot_height(size: tuple[int, int], kiosk: bool) -> int:
    """The strip's height at this window size: a target and a quarter unit each side, or 0 when the
    window less the strip would be of another layout class."""
    d = design_for(size)
    height = max(d.target, theme.KIOSK_TOUCH if kiosk else 0) + 2 * d.space(0.25)
    rest = (int(size[0]), int(size[1]) - height)
    return height if design_for(rest).band == d.band else 0


class Timeline:
    """The strip (a floating piece of the table: table_paint.Floating), told the move shown and the
    moves' count by `where`, and showing a move with `seek` (which pauses the playback)."""

    def __init__(self, where: Callable[[], tuple[int, int]], seek: Callable[[int], None]) -> None:
        self.where = where
        self.seek = seek
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 8
        self.held = False  # a press on the strip drags the knob
        self._drawn: tuple | None = None  # what the strip shows as last painted

    @property
    def active(self) -> bool:
        return self.rect.height > 0

    def place(self, size: tuple[int, int], height: int) -> None:
        self.rect = pygame.Rect(0, int(size[1]) - height, int(size[0]), height)
        self.unit = design_for(size).unit
        self.held = False
        self._drawn = None

    def track(self) -> pygame.Rect:
        """The track: the strip's width within its margins, the knob's travel."""
        r = self.rect
        m = max(self.unit, r.height // 2)
        return pygame.Rect(r.x + m, r.centery, max(1, r.width - 2 * m), 1)

    def x_of(self, index: int, count: int) -> int:
        t = self.track()
        return t.x + round(t.width * index / max(1, count))

    def index_at(self, x: int) -> int:
        t = self.track()
        _index, count = self.where()
        return min(count, max(0, round((x - t.x) / t.width * count)))

    # -- input -------------------------------------------------------------------------------------
    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        """A pointer action: True when the strip takes it (a press on it, the drag and release after)."""
        if kind == DOWN:
            if not (self.active and self.rect.collidepoint(pos)):
                return False
            self.held = True
        elif not self.held:
            return False
        elif kind == UP:
            self.held = False
        if kind in (DOWN, MOVE, UP):
            self.seek(self.index_at(pos[0]))
        return True

    # -- painting (table_paint.FloatingLayer) -------------------------------------------------------
    def _key(self) -> tuple:
        return (tuple(self.rect), *self.where(), self.held)

    def dirty_rect(self) -> pygame.Rect | None:
        return None if not self.active or self._key() == self._drawn else self.rect

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        if not self.active:
            return None
        self._drawn = self._key()
        r = self.rect
        index, count = self.where()
        strip = pygame.Surface(r.size, pygame.SRCALPHA)
        strip.fill(STRIP_FILL)
        surface.blit(strip, r)
        surface.fill((255, 255, 255), (r.left, r.top, r.width, 1))  # its edge, as the band's
        t = self.track()
        thick = max(2, self.unit // 3)
        line = pygame.Surface((t.width, thick), pygame.SRCALPHA)
        line.fill(TRACK)
        surface.blit(line, (t.x, t.y - thick // 2))
        x = self.x_of(index, count)
        surface.fill(theme.GOLD, (t.x, t.y - thick // 2, x - t.x, thick))  # the moves shown
        radius = max(6, r.height // 4) + (2 if self.held else 0)
        pygame.draw.circle(surface, theme.GOLD_PRESSED if self.held else theme.GOLD, (x, t.y), radius)
        pygame.draw.circle(surface, theme.TEXT, (x, t.y), radius, max(1, thick // 2))
        return r
