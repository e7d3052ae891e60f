"""The banners kiosk mode lays over whatever is on screen: "Touch to play" in attract mode, and the
countdown of the administrator's corner press. Both are passive: input goes to the scene beneath
(attract mode takes it before any scene does). Each banner scene holds a BannerFrame, which draws
it (the start-up notice's too: notice_banner.py)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game import registry
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import theme
from game.view.layout import hud_height

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

BANNER_BG = (14, 30, 20)


class BannerWords(Protocol):
    """What a banner says and where it goes (a banner scene: the frame asks it)."""

    def texts(self) -> tuple[str, str]: ...
    def place(self, size: tuple[int, int], image_size: tuple[int, int]) -> pygame.Rect: ...


class BannerFrame:
    """What a banner scene holds to show itself: an opaque rounded panel with a big line and a small
    one (or the image its `paint` makes), redrawn only where the scene beneath repainted over it (it
    is opaque, so drawing it again never darkens it)."""

    def __init__(
        self,
        ctx: Context,
        words: BannerWords,
        unit_share: int = 12,
        paint: Callable[[tuple[int, int]], pygame.Surface] | None = None,
    ) -> None:
        self.ctx = ctx
        self.words = words
        #: The big line's size is the window's shorter side divided by this (a kiosk's banner is read
        #: from a few steps away).
        self.unit_share = unit_share
        self._paint = paint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._image: pygame.Surface | None = None
        self._dirty = True
        self._size: tuple[int, int] | None = None
        self._min_width = self._min_height = 0  # a banner never shrinks: what it covered stays covered

    def resize(self, size: tuple[int, int]) -> None:
        if tuple(size) != self._size:
            self._size, self._min_width, self._min_height = (int(size[0]), int(size[1])), 0, 0
        self._image = self._render(size) if self._paint is None else self._paint(size)
        self.rect = self.words.place(size, self._image.get_size())
        self._dirty = True

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        big_text, small_text = self.words.texts()
        unit = max(18, min(size) // self.unit_share)
        text = self.ctx.text
        big = text.fit(big_text, int(size[0] * 0.8), unit, theme.GOLD, bold=True)
        small = text.fit(small_text, int(size[0] * 0.8), max(14, unit // 2), theme.TEXT) if small_text else None
        pad = unit // 2
        w = max(big.get_width(), small.get_width() if small else 0, self._min_width - 4 * pad) + 4 * pad
        self._min_width = w
        inner = big.get_height() + (small.get_height() + pad // 3 if small else 0)
        h = max(inner + 2 * pad, self._min_height)
        self._min_height = h
        surf = theme.rounded_rect((w, h), BANNER_BG, min(h // 2, 3 * pad), 3, theme.GOLD)
        top = (h - inner) // 2  # (the lines stay in the middle of a banner kept taller)
        surf.blit(big, big.get_rect(midtop=(w // 2, top)))
        if small:
            surf.blit(small, small.get_rect(midtop=(w // 2, top + big.get_height() + pad // 3)))
        return surf

    def invalidate(self, rects: list | None = None) -> None:
        if rects is None or self.rect.collidelist(rects) != -1:
            self._dirty = True

    def draw(self, surface: pygame.Surface) -> list | None:
        if not self._dirty or self._image is None:
            return []
        self._dirty = False
        surface.blit(self._image, self.rect)
        return [self.rect]


def top_left(size: tuple[int, int], image_size: tuple[int, int]) -> pygame.Rect:
    """A banner's place at the window's top left."""
    return pygame.Rect((0, 0), image_size)


class AttractBanner(Scene):
    """ "Touch to play" and the game's name, in place of the table's top band: the demo's cards stay in
    full view, and the band's buttons, which mean nothing during a demo, are out of sight."""

    overlay = True
    passive = True

    def __init__(self, ctx: Context, game_name: str = "") -> None:
        super().__init__(ctx)
        self.game_name = game_name
        self.frame = BannerFrame(ctx, self, paint=self._render)

    @property
    def rect(self) -> pygame.Rect:
        return self.frame.rect

    def place(self, size: tuple[int, int], image_size: tuple[int, int]) -> pygame.Rect:
        return top_left(size, image_size)

    def enter(self) -> None:
        self.resize(self.ctx.screen_size)

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.invalidate(rects)

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def games_ahead(self) -> tuple[str, ...] | None:
        return None  # the next demo is the other game's

    def texts(self) -> tuple[str, str]:
        name = registry.FAMILIES[self.game_name].name if self.game_name in registry.FAMILIES else ""
        return tr("Touch to play"), tr(name) if name else ""

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size[0], hud_height(size)
        surf = pygame.Surface((w, h))
        surf.fill(BANNER_BG)
        pygame.draw.line(surf, theme.GOLD, (0, h - 2), (w, h - 2), 2)
        call, name = self.texts()
        text = self.ctx.text
        big = text.fit(call, int(w * 0.6), int(h * 0.62), theme.GOLD, bold=True)
        small = text.fit(name, int(w * 0.3), int(h * 0.42), theme.TEXT) if name else None
        gap = h // 2 if small else 0
        x = (w - big.get_width() - gap - (small.get_width() if small else 0)) // 2
        surf.blit(big, big.get_rect(midleft=(x, (h - 2) // 2)))
        if small:
            surf.blit(small, small.get_rect(midleft=(x + big.get_width() + gap, (h - 2) // 2)))
        return surf


class AdminHold(Scene):
    """The administrator is holding a corner: how many seconds are left before the kiosk exits."""

    overlay = True
    passive = True

    def __init__(self, ctx: Context, left: float) -> None:
        super().__init__(ctx)
        self.left = max(0, math.ceil(left))
        self.frame = BannerFrame(ctx, self)

    @property
    def rect(self) -> pygame.Rect:
        return self.frame.rect

    def enter(self) -> None:
        self.resize(self.ctx.screen_size)

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.invalidate(rects)

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def set_left(self, left: float) -> bool:
        """Update the countdown (a new image only when the whole second changes); True if it did.
        0: the hold is done, and the exit waits for its second step."""
        left = max(0, math.ceil(left))
        if left == self.left:
            return False
        self.left = left
        self.resize(self.ctx.screen_size)
        return True

    def texts(self) -> tuple[str, str]:
        """Whose the countdown is, and the seconds left; never how to leave (the README says it)."""
        return tr("Administrator"), str(self.left) if self.left else ""

    def place(self, size: tuple[int, int], image_size: tuple[int, int]) -> pygame.Rect:
        rect = pygame.Rect((0, 0), image_size)
        rect.center = (size[0] // 2, size[1] // 2)
        return rect
