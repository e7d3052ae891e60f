"""PictureChoice: a row of mutually exclusive choices, each a tile with a picture over its name
(Appearance's card backs and table colours), where a name alone would not show what it means."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.text import TextCache
from game.ui.widgets import SegmentedControl

#: What paints a choice's picture: (value, the box's size) -> a surface that fits in the box.
Painter = Callable[[Any, tuple[int, int]], pygame.Surface]
TILE_FILLS: dict[str, theme.Colour] = {
    "chosen": theme.GOLD,
    "pressed": (255, 255, 255, 70),
    "hover": (255, 255, 255, 35),
    "normal": theme.TRACK,
}


class PictureChoice(SegmentedControl):
    """A SegmentedControl whose segments are separate tiles; the chosen one is framed and filled gold.
    Tap, hover and value work as the SegmentedControl's; each picture is painted once per size."""

    def __init__(
        self,
        rect,
        options: Sequence[tuple[Any, str]],
        value: Any,
        text: TextCache,
        picture: Painter,
        on_change: Callable[[Any], Any] | None = None,
    ) -> None:
        super().__init__(rect, options, value, text, on_change)
        self.picture = picture
        #: The names' font size (None: a fifth of the tiles' height); rows of tiles share one.
        self.label_size: int | None = None

    def tile_rect(self, i: int) -> pygame.Rect:
        """The tile of choice i: its segment less a gap to the next tile."""
        gap = max(4, self._rect.height // 14)
        return self.segment_rect(i).inflate(-gap, 0)

    def label_height(self) -> int:
        return self.label_size or max(12, int(self._rect.height * 0.22))

    def picture_box(self, i: int) -> pygame.Rect:
        """Where choice i's picture goes: the tile above its name, inside a margin."""
        tile = self.tile_rect(i)
        pad = max(4, tile.height // 12)
        height = tile.height - 3 * pad - self.label_height()
        return pygame.Rect(tile.x + pad, tile.y + pad, tile.width - 2 * pad, height)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        label_h = self.label_height()
        # one size for every name, bold or not, so a name does not jump when it is picked
        size = min(
            self.text.fit_size(tr(label), self.tile_rect(i).width - 10, label_h, True)
            for i, (_v, label) in enumerate(self.options)
        )
        for i, (value, label) in enumerate(self.options):
            tile = self.tile_rect(i)
            chosen = value == self.value
            state = (
                "chosen"
                if chosen
                else "pressed"
                if i == self.pressed_index
                else "hover"
                if i == self.hover_index
                else "normal"
            )
            body = self._surfaces.get(("tile", state))
            if body is None:
                fill = TILE_FILLS[state]
                border = theme.GOLD_HOVER if chosen else (255, 255, 255, 60)
                body = self._surfaces[("tile", state)] = theme.rounded_rect(
                    tile.size, fill, max(6, min(tile.size) // 6), 2, border
                )
            surface.blit(body, tile)
            box = self.picture_box(i)
            pic = self._surfaces.get(("picture", value))
            if pic is None:
                pic = self._surfaces[("picture", value)] = self.picture(value, box.size)
            surface.blit(pic, pic.get_rect(center=box.center))
            ink = theme.TEXT_DARK if chosen else theme.TEXT
            img = self.text.render(tr(label), size, ink, bold=chosen)
            pad = max(4, tile.height // 12)
            surface.blit(img, img.get_rect(center=(tile.centerx, tile.bottom - pad - label_h // 2)))
        return self.bounds
