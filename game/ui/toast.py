"""A message banner that fades in, stays a moment and fades out ("It must be one rank higher or lower").

It advances only in ``update(dt)`` (simulation time) and reports ``active`` while visible, so the
scene can say it is animating. Its surface is rendered once per message; fading only changes
the alpha. The scene repaints its background under :meth:`dirty_rect` before :meth:`draw`.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.text import TextCache


class Toast:
    FADE_IN = 0.15
    FADE_OUT = 0.35

    def __init__(self, text: TextCache, font_size: int = 22) -> None:
        self.text = text
        self.font_size = font_size
        #: When set, the text's widest line: a long message shrinks or goes on two lines to fit.
        self.max_width: int | None = None
        self.message = ""
        self.center = (0, 0)
        self.duration = 0.0
        self.clock = 0.0
        self.active = False
        self._surf: pygame.Surface | None = None
        self._one_line = False
        self._two_lines = False
        self._last_rect: pygame.Rect | None = None
        self._last_alpha = -1

    def show(self, message: str, center: tuple[int, int], duration: float = 1.8, **fmt) -> None:
        """Show a message (an English key, translated here) centred at ``center`` for ``duration`` s."""
        text = tr(message, **fmt)
        if text != self.message or self._surf is None:
            self.message = text
            self._surf = self._render(text)
        if self.active and self.center == center:
            self.clock = min(self.clock, self.FADE_IN)  # already showing: keep it up, no flicker
        else:
            self.clock = 0.0
        self.center = center
        self.duration = duration
        self.active = True

    def hide(self) -> None:
        self.active = False

    def one_line(self, on: bool) -> None:
        """Keep a long message on one line (shrunk to fit, not below 12 px) rather than two."""
        if on != self._one_line:
            self._one_line, self._surf = on, None
            if self.message:
                self._surf = self._render(self.message)

    def dismiss(self) -> None:
        """Fade out now (what it said no longer holds), not at the end of its time."""
        if self.active:
            self.clock = max(self.clock, self.duration)

    def two_lines(self) -> bool:
        """Whether the message shown took two lines."""
        return self._two_lines

    def _render(self, text: str) -> pygame.Surface:
        self._two_lines = False
        if self.max_width and self._one_line:
            label = self.text.fit(text, self.max_width, self.font_size, theme.TEXT, bold=True, min_size=12)
        elif self.max_width:
            line, text_size = self.text.wrapped_choice(text, self.max_width, self.font_size, True, 12)
            label = self.text.render(line, text_size, theme.TEXT, bold=True)  # (what fit_wrapped draws)
            self._two_lines = "\n" in line
        else:
            label = self.text.render(text, self.font_size, theme.TEXT, bold=True)
        pad_x, pad_y = self.font_size, self.font_size // 2
        size = (label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
        radius = min(size[1] // 2, pad_x + pad_y)  # a pill for one line, rounder corners for two
        surf = theme.rounded_rect(size, (12, 20, 14, 225), radius, 2, (255, 255, 255, 70))
        surf.blit(label, (pad_x, pad_y))
        return surf

    def update(self, dt: float) -> None:
        if self.active:
            self.clock += dt
            if self.clock >= self.duration + self.FADE_OUT:
                self.active = False

    @property
    def alpha(self) -> int:
        if not self.active:
            return 0
        c = self.clock
        if c < self.FADE_IN:
            return int(255 * c / self.FADE_IN)
        if c <= self.duration:
            return 255
        return max(0, int(255 * (1.0 - (c - self.duration) / self.FADE_OUT)))

    @property
    def rect(self) -> pygame.Rect:
        if self._surf is None:
            return pygame.Rect(self.center, (0, 0))
        return self._surf.get_rect(center=self.center)

    def dirty_rect(self) -> pygame.Rect | None:
        """The area to repaint this frame (old and new position), or None when nothing changed."""
        alpha = self.alpha
        if alpha == self._last_alpha and (not self.active or self._last_rect == self.rect):
            return None
        rects = [r for r in (self._last_rect, self.rect if self.active else None) if r is not None]
        if not rects:
            return None
        return rects[0].unionall(rects[1:])

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Blit the banner at its current alpha; returns its rect (None when hidden)."""
        alpha = self.alpha
        self._last_alpha = alpha
        if not self.active or self._surf is None or alpha <= 0:
            self._last_rect = None
            return None
        self._surf.set_alpha(alpha)
        self._last_rect = self.rect
        surface.blit(self._surf, self._last_rect)
        return self._last_rect
