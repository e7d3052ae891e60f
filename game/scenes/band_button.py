"""A button of the table's band, drawn at the sizes its band gives it: a word at one size, or an icon
over its short name, or two lines (the deal's marks over its code). Unlike widgets.Button it never
shrinks its text to fit: the band sized it for its widest content in the player's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ..ui import theme
from ..ui.text import TextCache
from ..ui.widgets import Button

#: The centres of a two-line slot's lines, in band heights from its top (a label over its value).
TOP_LINE, BOTTOM_LINE = 0.31, 0.69


@dataclass(frozen=True)
class Line:
    """One line of a band button: its (translated) text, size, weight and whether it is dim."""

    text: str
    size: int
    bold: bool = True
    dim: bool = False


class BandButton(Button):
    """A ghost button whose lines are laid out by the band: one line in its middle, or two lines on
    the band's two text lines (`band_height` gives where they are)."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        lines: Sequence[Line],
        text: TextCache,
        band_height: int,
        on_click: Callable[[], Any] | None = None,
    ) -> None:
        super().__init__(rect, label, text, on_click, style="ghost")
        self.lines = tuple(lines)
        self.band_height = band_height

    def _render(self, state: str) -> pygame.Surface:
        key = (state, self.lines, self.enabled)
        surf = self._surfaces.get(key)
        if surf is not None:
            return surf
        w, h = self._rect.size
        b = self.bounds
        surf = pygame.Surface(b.size, pygame.SRCALPHA)
        ox, oy = self._rect.x - b.x, self._rect.y - b.y
        fill, ink, border = self._colours(state)
        body = theme.rounded_rect((w, h), fill, max(6, h // 4), border=2 if border else 0, border_colour=border)
        dy = 1 if state == "pressed" else 0
        surf.blit(body, (ox, oy + dy))
        lines = [line for line in self.lines if line.text]
        # one line in the middle; two on the band's two text lines (as the counters beside them)
        if len(lines) == 1:
            centres = [oy + h // 2]
        else:
            centres = [round(self.band_height * k) - self._rect.y + oy for k in (TOP_LINE, BOTTOM_LINE)]
        for line, cy in zip(lines, centres):
            img = self.text.render(line.text, line.size, theme.TEXT_DIM if line.dim else ink, bold=line.bold)
            if not self.enabled:
                img = img.copy()
                img.set_alpha(110)
            surf.blit(img, img.get_rect(center=(ox + w // 2, cy + dy)))
        self._surfaces[key] = surf
        return surf
