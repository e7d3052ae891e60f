"""The Help screen: the rules of each game, the worked examples, the FAQ and the sources.

Opened from the menu, from the "?" on a table and with F1 (wherever the player is); Back or Esc
returns to where they were, untouched. Everything works by touch alone: the tabs, the page dragged
by a finger (with a fling), the buttons in the page. A mouse wheel and the arrow keys scroll too.
The pages are data (game/help/text) in the current language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import help as help_data
from .. import registry
from ..help import content, examples
from ..i18n import N_, language, tr
from ..model.codes import parse_code
from ..ui import theme
from ..ui.design import RowForm, design_for
from ..ui.key_focus import paint_ring
from ..ui.pointer import DOWN, MOVE, UP, pointer
from ..ui.text import least_legible
from .base import Pop, Push, Replace, Scene, Transition
from .dialog import ConfirmDialog
from .help_page import SHEET, Action, Page
from .scaled_widgets import ScaledButton, ScaledTabs, button_width
from .scroller import Scroller

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..services import SceneLike

#: What a deal button says after "Play this deal": the deal code's option.
OPTION_LABELS = {"E": N_("Easy"), "C": N_("Classic"), "C8": N_("8 cells"), "C4": N_("4 cells"), "C2": N_("2 cells")}
WHEEL_LINES = 3
BAND = (8, 38, 22)


def help_for(ctx: Context, scene: SceneLike | None = None) -> Transition:
    """Open Help over `scene` on the page it names (`help_page`: Golf's More rules sheet names the
    More rules page), else on that game's page (a table's game, else the menu's choice); None when
    Help (or one of its examples) is what the player is looking at already."""
    if isinstance(scene, HelpScene) or getattr(scene, "is_help", False):
        return None
    game = getattr(scene, "game", None)
    page = getattr(scene, "help_page", "") or getattr(game, "GAME_ID", "") or ctx.settings.last_game
    return Push(HelpScene(ctx, page if page in help_data.ALL_PAGE_IDS else "golf", over_game=game is not None))


class HelpScene(Scene):
    """Tabs for the pages, and the current page scrolled in a sheet."""

    is_help = True

    def __init__(self, ctx: Context, page: str = "golf", over_game: bool = False) -> None:
        super().__init__(ctx)
        self.page_id = page
        self.over_game = over_game  # opened from a table: its game is the one a new deal replaces
        w, h = ctx.screen_size
        self.size = (w, h)
        self.scroller = Scroller()
        self.clock = 0.0
        self._language = ""
        self._full = True
        self._view_dirty = False
        self._pressed: Action | None = None
        self._chosen: int | None = None  # the page button Tab chose (keyboard play), None: none shown
        self._transition: Transition = None
        self.back = ScaledButton((0, 0, 1, 1), N_("Back"), ctx.text, self.close, style="primary")
        self.tabs = ScaledTabs(
            (0, 0, 1, 1),
            help_data.PAGES,
            help_data.PAGE_TABS.get(page, page),
            ctx.text,
            self.show_page,
            by_content=True,
        )
        self.layout(self.size)

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The band (Back and the tabs, their labels at the type scale's label size, both at least a
        finger's target tall), and the page's column under it, its text at the scale's sizes. Where
        the tabs do not fit beside Back at the class's narrowest window in this language, they take a
        row of their own under it (the band's compact form)."""
        self.size = (int(size[0]), int(size[1]))
        w, h = self.size
        d = self.design = design_for(self.size)
        t = d.type
        self.button_height = max(d.target, theme.KIOSK_TOUCH if self.ctx.kiosk else 0)
        pad = d.space(0.5)
        self.back.set_size(t.label)
        self.tabs.set_size(t.label)
        back_w = button_width(t.label, self.button_height, self._label_width(tr("Back")))
        tab_widths = [self._label_width(tr(label)) + self.tabs.LABEL_PAD for _page, label in help_data.PAGES]
        self.band_form = d.row_form(tab_widths, lambda least: least[0] - back_w - 3 * pad)
        row = self.button_height + 2 * pad
        if self.band_form is RowForm.FULL:
            self.band = pygame.Rect(0, 0, w, row)
            self.back.rect = (pad, pad, back_w, self.button_height)
            self.tabs.rect = (pad * 2 + back_w, pad, w - back_w - 3 * pad, self.button_height)
        else:
            self.band = pygame.Rect(0, 0, w, 2 * row - pad)
            self.back.rect = (pad, pad, back_w, self.button_height)
            self.tabs.rect = (pad, row, w - 2 * pad, self.button_height)
        self.body = t.body
        self.sizes = {"title": t.display, "heading": t.heading, "centre": t.label, "para": t.body, "label": t.label}
        column = min(w - 2 * max(d.space(1.5), self.body), int(self.body * 40))
        margin = (w - column) // 2
        self.sheet = pygame.Rect(
            max(0, margin - self.body), self.band.bottom, min(w, column + 2 * self.body), h - self.band.bottom
        )
        self.column = pygame.Rect(margin, self.band.bottom + d.space(1), column, 0)
        self._build_page(keep_offset=True)
        self._full = True

    def _label_width(self, label: str) -> int:
        """How wide a label is at the type scale's label size, in bold."""
        size = least_legible(label, self.design.type.label)
        return int(self.ctx.text.rendered_size(label, size, True)[0])

    def _build_page(self, keep_offset: bool = False) -> None:
        lang = language()
        old: Page | None = getattr(self, "page", None)
        share = self.scroller.offset / old.height if keep_offset and old is not None else 0.0
        blocks = self.page_blocks = [b for b in content.page(self.page_id, lang) if self._offered(b)]
        self.page: Page = Page(
            self.ctx,
            blocks,
            self.column.width,
            theme.scale_for(self.size),
            self._label,
            self.button_height,
            sizes=self.sizes,
        )
        self._language = lang
        bottom_pad = int(self.body * 1.5)
        self.scroller.set_extent(self.page.height + bottom_pad, self.view.height - (self.column.top - self.view.top))
        self.scroller.scroll_to(share * self.page.height)
        self._pressed = None
        self._chosen = None

    @property
    def view(self) -> pygame.Rect:
        """Where the page shows: the sheet below the band."""
        return self.sheet

    def _offered(self, block: content.Block) -> bool:
        """Whether a page's block is for this player: a deal to play only where they may play it
        (a kiosk's visitor: the games and rule sets the administrator offers)."""
        return block.kind != "deal" or self.ctx.allows(registry.kind_for_code(block.text))

    def _label(self, block: content.Block) -> tuple[str, str]:
        """A page button's label and style."""
        if block.kind == "example":
            return "▶ " + examples.caption(block.text, "title", language()), "primary"
        if block.kind == "deal":
            option = OPTION_LABELS[parse_code(block.text).variant]
            return tr("Play this deal ({option})", option=tr(option)), "secondary"
        label = help_data.PAGE_LABELS.get(block.text, block.text)
        return "› " + tr(label), "ghost"

    # -- the Scene contract ------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def invalidate(self, rects: list | None = None) -> None:
        if language() != self._language:  # the language changed meanwhile: the page in the new one
            self.back.invalidate()
            self.tabs.invalidate()
            self._build_page(keep_offset=True)
        self._full = True

    def is_animating(self) -> bool:
        return self.scroller.moving

    def update(self, dt: float) -> Transition:
        self.clock += dt
        if self.scroller.update(dt):
            self._view_dirty = True
        return None

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self._transition = None
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return self._transition
        if event.type == pygame.MOUSEWHEEL:
            step = int(self.body * 1.5) * WHEEL_LINES  # a notch: three lines of body text
            if self.scroller.scroll_by(-event.y * step):
                self._view_dirty = True
            return None
        p = pointer(event, self.size)
        if p is None:
            return None
        kind, pos = p
        if kind == DOWN and self._chosen is not None:
            self._chosen, self._view_dirty = None, True  # a mouse or touch player: no keyboard focus
        self.back.window = self.tabs.window = self.size  # (the band's controls reach the window's edges)
        if self.back.handle(kind, pos) or self.tabs.handle(kind, pos):
            return self._transition
        if kind == DOWN and self.band.collidepoint(pos):
            return None
        self._page_pointer(kind, pos)
        return self._transition

    def _page_pointer(self, kind: str, pos: tuple[int, int]) -> None:
        """The page under a finger or the mouse: drag to scroll, tap a button."""
        local = self.to_page(pos)
        if kind == DOWN:
            self.scroller.press(pos[1], self.clock)
            self._pressed = self.action_at(local)
            if self._pressed is not None:
                self._pressed.button.handle(DOWN, self._in_button(self._pressed, local))
        elif kind == MOVE:
            self._page_move(pos, local)
        elif kind == UP:
            dragged = self.scroller.release(self.clock)
            pressed, self._pressed = self._pressed, None
            if not dragged and pressed is not None and pressed.button.handle(UP, self._in_button(pressed, local)):
                self.activate(pressed)
        if self._pressed is not None and self._pressed.button.dirty:
            self._view_dirty = True

    def _page_move(self, pos: tuple[int, int], local: tuple[int, int]) -> None:
        """A drag scrolls the page (and is no tap: the button pressed lets go); a mouse moving over
        the page lights the button under it."""
        if self.scroller.move(pos[1], self.clock):
            self._view_dirty = True
            if self._pressed is not None:  # a drag is no tap: the button lets go
                self._pressed.button.handle(UP, (-(10**6), -(10**6)))
                self._pressed = None
        elif not self.scroller.tracking:
            for action in self.page.actions:
                action.button.handle(MOVE, self._in_button(action, local))
                if action.button.dirty:
                    self._view_dirty = True
        elif self._pressed is not None:
            self._pressed.button.handle(MOVE, self._in_button(self._pressed, local))

    def to_page(self, pos: tuple[int, int]) -> tuple[int, int]:
        return pos[0] - self.column.x, pos[1] - self.column.y + int(self.scroller.offset)

    @staticmethod
    def _in_button(action: Action, local: tuple[int, int]) -> tuple[int, int]:
        """A page point in the coordinates of the button's own surface."""
        b = action.button.rect
        return local[0] - action.rect.x + b.x, local[1] - action.rect.y + b.y

    def action_at(self, local: tuple[int, int]) -> Action | None:
        return next((a for a in self.page.actions if a.rect.collidepoint(local)), None)

    def _key(self, event: pygame.event.Event) -> None:
        if self._choose(event):
            return
        step = self.body * 2
        view = self.view.height
        moves = {
            pygame.K_UP: -step,
            pygame.K_DOWN: step,
            pygame.K_PAGEUP: -view * 0.9,
            pygame.K_PAGEDOWN: view * 0.9,
            pygame.K_SPACE: view * 0.9,
        }
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1):
            self.close()
        elif event.key in moves:
            self._view_dirty |= self.scroller.scroll_by(moves[event.key])
        elif event.key == pygame.K_HOME:
            self._view_dirty |= self.scroller.scroll_to(0)
        elif event.key == pygame.K_END:
            self._view_dirty |= self.scroller.scroll_to(self.scroller.extent)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            tab = help_data.PAGE_TABS.get(self.page_id, self.page_id)
            i = help_data.PAGE_IDS.index(tab) + (1 if event.key == pygame.K_RIGHT else -1)
            self.show_page(help_data.PAGE_IDS[i % len(help_data.PAGE_IDS)])

    def _choose(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab: the page's buttons one by one, scrolled into view; Enter presses the
        chosen one (the arrows, Space and Esc keep scrolling, turning pages and closing)."""
        actions = self.page.actions
        if event.key == pygame.K_TAB and actions:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            start = -1 if step > 0 else 0
            self._chosen = ((start if self._chosen is None else self._chosen) + step) % len(actions)
            rect = actions[self._chosen].rect
            room = self.view.bottom - self.column.top
            if rect.top < self.scroller.offset or rect.bottom > self.scroller.offset + room:
                self.scroller.scroll_to(rect.top - room // 3)
            self._view_dirty = True
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._chosen is not None:
            self.activate(actions[self._chosen])
            return True
        return False

    # -- actions -----------------------------------------------------------------------------------
    def close(self) -> None:
        self._transition = Pop()

    def show_page(self, page_id: str) -> None:
        """Show another page from its top (a page with no tab of its own lights its tab's)."""
        self.page_id = page_id
        self.tabs.set_value(help_data.PAGE_TABS.get(page_id, page_id))
        self.scroller.cancel()
        self._build_page()
        self._full = True

    def activate(self, action: Action) -> None:
        if action.kind == "page":
            self.show_page(action.arg)
        elif action.kind == "example":
            self._transition = Push(self.ctx.scenes.example(examples.load()[action.arg]))
        elif action.kind == "deal":
            self._transition = play_deal(self.ctx, action.arg, self.over_game)

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> list | None:
        if surface.get_size() != self.size:
            self.layout(surface.get_size())
        if self._full:
            self._full = False
            self._view_dirty = False
            # painted and let go: the sheet covers most of it
            surface.blit(theme.felt(self.size, self.ctx.settings.table_colour), (0, 0))
            self._draw_band(surface)
            self._draw_view(surface)
            return None
        rects = []
        if self.back.dirty or self.tabs.dirty:
            self._draw_band(surface)
            rects.append(self.band)
        if self._view_dirty:
            self._view_dirty = False
            self._draw_view(surface)
            rects.append(self.view)
        return rects

    def _draw_band(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANELS.get(self.ctx.settings.table_colour, BAND), self.band)
        # inside the band: a band repainted alone must not draw over the sheet's first row
        pygame.draw.line(surface, (255, 255, 255), (0, self.band.bottom - 1), (self.band.right, self.band.bottom - 1))
        self.back.draw(surface)
        self.tabs.draw(surface)

    def _draw_view(self, surface: pygame.Surface) -> None:
        view = self.view
        clip = surface.get_clip()
        surface.set_clip(view)
        surface.fill(theme.SHEETS.get(self.ctx.settings.table_colour, SHEET), view)
        page = self.page
        offset = int(self.scroller.offset)
        top, bottom = offset - (self.column.top - view.top), offset + view.bottom - self.column.top
        for i in page.visible_lines(top, bottom):
            surface.blit(
                page.line_surface(i), (self.column.x + page.line_left(i), self.column.y + page.lines[i].y - offset)
            )
        for action in page.actions:
            if action.rect.bottom + 8 >= top and action.rect.top - 8 <= bottom:
                img = page.action_surface(action)
                b = action.button.rect
                surface.blit(img, (self.column.x + action.rect.x - b.x, self.column.y + action.rect.y - b.y - offset))
        if self._chosen is not None:
            rect = page.actions[self._chosen].rect.move(self.column.x, self.column.y - offset)
            width = max(3, rect.height // 14)
            paint_ring(surface, rect.inflate(2 * width, 2 * width), width, max(4, rect.height // 5))
        page.forget_far(top, bottom)
        self._draw_scrollbar(surface, view)
        surface.set_clip(clip)

    def _draw_scrollbar(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        s = self.scroller
        if s.extent <= 0:
            return
        track = view.height - 8
        length = max(self.body * 2, int(track * view.height / (view.height + s.extent)))
        y = view.top + 4 + int((track - length) * s.offset / s.extent)
        width = max(4, self.body // 4)
        bar = theme.rounded_rect((width, length), (255, 255, 255, 90), width // 2)
        surface.blit(bar, (view.right - width - 3, y))


def play_deal(ctx: Context, code: str, over_game: bool) -> Transition:
    """Deal this code on a table; a game under way is only given up after the player agrees."""
    game = registry.game_from_code(code)

    def go() -> Transition:
        return Replace(ctx.scenes.table(game))

    saved = ctx.progress.saved() if ctx.progress is not None else None
    if saved is not None and saved[0].status == "playing" and saved[0].moves > 0:
        why = (
            N_("This game will count as abandoned.")
            if over_game
            else N_("The game you can continue will count as abandoned.")
        )
        return Push(ConfirmDialog(ctx, N_("Start a new game?"), [why], N_("New game"), go))
    return go()
