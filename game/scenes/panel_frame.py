"""What a screen of controls on a centred panel over the felt holds (the menu, settings, statistics):
a PanelFrame, which places the panel, paints it, draws the controls and moves the keyboard focus
over them.

The felt, the panel and the fixed text are painted once per window size into a static surface.
A frame then repaints only the dirty widgets: the static surface under them, then every widget
that overlaps that area, clipped to it. Nothing is redrawn when nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui import theme
from game.ui.design import Design, design_for
from game.ui.key_focus import KeyFocus
from game.ui.pointer import DOWN, UP, pointer
from game.ui.widget import Widget

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.figures_watch import FiguresWatch

    from ..context import Context


class FramedScreen(Protocol):
    """What a panel screen gives its frame (the screen itself: the frame asks it)."""

    #: The controls, in the keyboard focus's order (a screen may make them anew: the frame reads
    #: this list each time).
    widgets: list[Widget]

    def layout(self, size: tuple[int, int]) -> None:
        """Place the panel (PanelFrame.place_panel) and every widget's rect for this window size."""

    def paint_static(self, surface: pygame.Surface) -> None:
        """Paint the fixed text (titles, row labels) onto the static background."""

    def on_key(self, event: pygame.event.Event) -> None:
        """Keyboard and text events the focus did not use (pointer events go to the widgets)."""


class PanelFrame:
    """What a panel scene holds to show itself: it lays the content out on resize, draws the whole
    screen or only the controls that changed, gives pointer events to the controls and moves the
    keyboard focus over them (Tab and the arrows; Enter or Space presses the focused one).

    A screen that shows statistics gives the frame its FiguresWatch (`watch`)."""

    def __init__(self, ctx: Context, content: FramedScreen) -> None:
        self.ctx = ctx
        self.content = content
        w, h = ctx.screen_size
        self.size: tuple[int, int] = (w, h)
        self.scale = theme.scale_for(self.size)
        self.design: Design = design_for(self.size)  #: the window's layout class: its sizes and unit
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.figures_watch: FiguresWatch | None = None
        self._on_figures: Callable[[], None] | None = None
        self._static: pygame.Surface | None = None
        self._full = True
        self.key_focus = KeyFocus()  # Tab and the arrows over the controls, Enter or Space presses

    @property
    def widgets(self) -> list[Widget]:
        return self.content.widgets

    def open(self) -> None:
        """The first layout, once the content has made its widgets."""
        self.content.layout(self.size)

    def watch(self, figures_watch: FiguresWatch, on_figures: Callable[[], None]) -> None:
        """When new figures come from the statistics' reader, `on_figures` is called (from update),
        and the loop draws until the screen has painted them."""
        self.figures_watch, self._on_figures = figures_watch, on_figures

    # --- what the scene passes on --------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.scale = theme.scale_for(self.size)
        self.design = design_for(self.size)
        self.content.layout(self.size)
        for w in self.widgets:
            w.invalidate()
        self.repaint()

    def invalidate(self, rects: list | None = None) -> None:
        self._full = True

    def repaint(self) -> None:
        """The fixed picture changed (its text, its colours): painted anew, and everything drawn,
        at the next draw."""
        self._static = None
        self._full = True

    def relayout(self) -> None:
        """Re-run layout after widgets appear or disappear; the next draw repaints everything."""
        self.resize(self.size)

    def update(self) -> None:
        if self.figures_watch is not None and self.figures_watch.changed() and self._on_figures is not None:
            self._on_figures()

    def is_animating(self) -> bool:
        """True while new figures wait to be painted."""
        return self.figures_watch is not None and self.figures_watch.redraw

    def handle_event(self, event: pygame.event.Event) -> None:
        """A pointer event to the widgets; a key to the keyboard focus, else to the content."""
        p = pointer(event, self.size)
        if p is not None:
            if p[0] == DOWN:
                self.key_focus.hide(self.widgets)  # a mouse or touch player: no keyboard focus
            self._point(*p)
        else:
            used, point = self.key_focus.key(event, self.widgets)
            if point is not None:  # Enter or Space: a tap on the focused control
                self._point(DOWN, point)
                self._point(UP, point)
            elif not used:
                self.content.on_key(event)

    def _point(self, kind: str, pos: tuple[int, int]) -> None:
        """A pointer action (or a key's press) on the widgets (each reaching the window's edges it
        lies by: Widget.hit_rect)."""
        for w in list(self.widgets):
            w.window = self.size
            if w.visible and w.handle(kind, pos) and kind != "move":
                break

    # --- for the content's layout --------------------------------------------------------------
    def place_panel(
        self,
        row: int,
        gap: int,
        pad: int,
        units: float,
        gaps: int,
        width_rows: float,
        slack: int = 12,
        min_row: int = 30,
    ) -> tuple[int, int, int, int]:
        """Centre a panel holding `units` rows and `gaps` gaps; on a short window the rows shrink
        rather than overflow. Sets panel_rect; returns (row, x, y, inner width) to lay out from."""
        w, h = self.size
        needed = int(units * row + gaps * gap + 2 * pad)
        if needed > h - slack:
            row = max(min_row, int((h - slack - gaps * gap - 2 * pad) / units))
            needed = int(units * row + gaps * gap + 2 * pad)
        pw = min(w - 24, int(row * width_rows))
        self.panel_rect = pygame.Rect(0, 0, pw, needed)
        self.panel_rect.center = (w // 2, h // 2)
        return row, self.panel_rect.x + pad, self.panel_rect.y + pad, pw - 2 * pad

    def row_height(self) -> int:
        """The height of a control row: the layout class's, and a kiosk's finger target at least."""
        return max(self.design.row, theme.KIOSK_TOUCH if self.ctx.kiosk else self.design.target)

    # --- drawing -------------------------------------------------------------------------------
    @property
    def static(self) -> pygame.Surface | None:
        """The felt, the panel and the fixed text as last painted (None until the next draw)."""
        return self._static

    def _build_static(self) -> pygame.Surface:
        surf = theme.felt(self.size, self.ctx.settings.table_colour)
        if self.panel_rect.width > 0:
            radius = max(12, self.panel_rect.height // 24)
            panel = theme.panel(self.panel_rect.size, radius, felt_colour=self.ctx.settings.table_colour)
            surf.blit(panel, (self.panel_rect.x - radius, self.panel_rect.y - radius))
        self.content.paint_static(surf)
        return surf

    def draw(self, surface: pygame.Surface) -> list | None:
        if self.figures_watch is not None:
            self.figures_watch.redraw = False
        if self._static is None or self._static.get_size() != surface.get_size():
            self.size = surface.get_size()
            self._static = self._build_static()
            self._full = True
        if self._full:
            self._full = False
            self._draw_whole(surface, self._static)
            return None
        dirty = [w.bounds for w in self.widgets if w.dirty]
        if dirty:
            self._draw_changed(surface, self._static, dirty)
        return dirty

    def _draw_whole(self, surface: pygame.Surface, static: pygame.Surface) -> None:
        """Everything: what does not change, the controls shown and the keyboard focus."""
        surface.blit(static, (0, 0))
        for w in self.widgets:
            if w.visible:
                w.draw(surface)
            else:
                w.dirty = False
        self.key_focus.draw(surface, self.widgets)

    def _draw_changed(self, surface: pygame.Surface, static: pygame.Surface, dirty: list[pygame.Rect]) -> None:
        """The controls that changed, each over what lies under it (and the focus, when on one)."""
        clip = surface.get_clip()
        for area in dirty:
            surface.set_clip(area)
            surface.blit(static, area, area)
            for w in self.widgets:
                if w.visible and w.bounds.colliderect(area):
                    w.draw(surface)
        for w in self.widgets:
            w.dirty = False
        surface.set_clip(clip)
        focused = self.key_focus.focused(self.widgets)
        if focused is not None and focused[0].bounds.collidelist(dirty) != -1:
            self.key_focus.draw(surface, self.widgets)
