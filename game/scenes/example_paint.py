"""Drawing a Help example (example_scene.py): its band with the counters of the game being played,
the mini-table over the same backdrop as a table of that game, and the caption panel with its buttons.
Only what changed is drawn again: the board's own rectangles, the band when its text or a button
changes, the panel when the caption or a button does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import registry
from ..help import content
from ..help.examples import Run
from ..i18n import language, tr
from ..ui import theme
from ..ui.design import Design
from ..ui.key_focus import KeyFocus
from ..ui.text import least_legible
from ..ui.toast import Toast
from ..view.backdrop import Backdrop
from ..view.board import Board
from ..view.layout import margin
from .help_page import Page
from .hud import band_area, paint_band
from .scaled_widgets import ScaledButton
from .table_paint import paint_slots, slot_areas
from .tables import TABLE_RULES

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..view.backdrop import Canvas

PANEL = (10, 36, 22)


class ExamplePainting:
    """The drawing half of ExampleScene: it reads the state the scene keeps (declared here for the
    type checker) and paints it."""

    ctx: Context
    size: tuple[int, int]
    run: Run
    layout: Any
    board: Board
    toast: Toast
    key_focus: KeyFocus
    widgets: list[ScaledButton]
    back: ScaledButton
    deal: ScaledButton
    next: ScaledButton
    replay: ScaledButton
    design: Design
    body: int
    table_rect: pygame.Rect
    band: pygame.Rect
    panel: pygame.Rect
    text_rect: pygame.Rect
    caption_no: int | None
    _counters_right: int
    _caption_page: Page | None
    _shown: tuple | None
    _full: bool

    def resize(self, size: tuple[int, int]) -> None:
        """The scene's: lay everything out for `size`."""
        raise NotImplementedError

    def caption(self) -> str:
        """The scene's: the caption of the step under way."""
        raise NotImplementedError

    def _background(self) -> Backdrop:
        """Felt, the band and the empty-pile outlines, as on a table of this game (and kept as a
        table keeps them: the felt in 8 bits, what is painted on it in patches)."""

        def paint(canvas: Canvas) -> None:
            paint_band(canvas, self.band)
            paint_slots(canvas, self.layout, self.ctx.images, self.ctx.text)

        felt = theme.felt_image(self.table_rect.size, self.ctx.settings.table_colour)
        return Backdrop.painted(felt, [band_area(self.band), *slot_areas(self.layout)], paint)

    def band_text(self) -> str:
        g = self.run.game
        kind = registry.kind_of(g)
        values = TABLE_RULES[kind.family.id]().counters(g)
        return "   ".join([g.code or tr(kind.option_name), *values])

    def draw(self, surface: pygame.Surface) -> list | None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        text = self.band_text()
        caption = (self.caption_no, language())
        full = self._full
        toast_rect = self.toast.dirty_rect()
        band_changed = self._band_changed(text)
        rects = self._draw_table(surface, full, band_changed, toast_rect)
        if full or band_changed or _meets(rects, self.band):
            self._draw_band(surface, text)
            rects.append(self.band)
        self._draw_toast(surface, toast_rect, rects)
        if full or self._panel_changed(caption):
            self._draw_panel(surface)
            rects.append(self.panel)
        if full or _meets(rects, self.band, self.panel):
            self.key_focus.draw(surface, self.widgets)  # (its control was just repainted)
        self._shown = (text, caption)
        if full:
            self._full = False
            return None
        return rects

    def _band_changed(self, text: str) -> bool:
        """Whether the band shows other counters, or one of its buttons changed, since last drawn."""
        shown_text = self._shown[0] if self._shown is not None else None
        return text != shown_text or self.back.dirty or self.deal.dirty

    def _panel_changed(self, caption: tuple) -> bool:
        """Whether the caption (its step or its language) or one of the panel's buttons changed."""
        shown_caption = self._shown[1] if self._shown is not None else None
        return caption != shown_caption or self.next.dirty or self.replay.dirty

    def _draw_table(
        self, surface: pygame.Surface, full: bool, band_changed: bool, toast_rect: pygame.Rect | None
    ) -> list[pygame.Rect]:
        """The mini-table's changed rectangles drawn (all of it when `full`, which returns none:
        the whole screen is new); under a toast that moved, and under the band when it changed."""
        if toast_rect is not None:
            self.board.invalidate(toast_rect)
        if full:
            self.board.invalidate()
        table = surface.subsurface(self.table_rect)
        dirty = self.board.draw(table)
        if full:
            return []
        rects = list(dirty or [])
        if band_changed:
            self.board.invalidate(self.band)
            rects += self.board.draw(table) or []
        return rects

    def _draw_toast(self, surface: pygame.Surface, toast_rect: pygame.Rect | None, rects: list[pygame.Rect]) -> None:
        """The toast drawn again where it moved or where something under it was drawn."""
        if toast_rect is not None or (self.toast.active and self.toast.rect.collidelist(rects) != -1):
            r = self.toast.draw(surface)
            if r is not None:
                rects.append(r)

    def _draw_band(self, surface: pygame.Surface, text: str) -> None:
        """The game's counters at the type scale's label size, as a table's band shows its values."""
        h = self.band.height
        img = self.ctx.text.render(text, least_legible(text, self.design.type.label), theme.TEXT, bold=True)
        surface.blit(img, img.get_rect(midleft=(margin(self.size), h // 2)))
        for b in (self.back, self.deal):
            if b.visible:
                b.draw(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANELS.get(self.ctx.settings.table_colour, PANEL), self.panel)
        pygame.draw.line(surface, (255, 255, 255), self.panel.topleft, self.panel.topright)
        page = self._caption()
        y = self.text_rect.top + max(0, (self.text_rect.height - page.height) // 2)
        for i in range(len(page.lines)):
            surface.blit(page.line_surface(i), (self.text_rect.x + page.line_left(i), y + page.lines[i].y))
        for b in (self.next, self.replay):
            if b.visible:
                b.draw(surface)

    def _caption(self) -> Page:
        """The caption laid out in the panel at the type scale's body size."""
        if self._caption_page is None:
            t = self.design.type
            blocks = [content.Block("para", self.caption())]
            self._caption_page = Page(
                self.ctx, blocks, self.text_rect.width, 1.0, sizes={"para": t.body, "label": t.label}
            )
        return self._caption_page


def _meets(rects: list[pygame.Rect], *areas: pygame.Rect) -> bool:
    """Whether any of `rects` overlaps any of `areas`."""
    return any(r.colliderect(area) for r in rects for area in areas)
