"""The Statistics screen's "More rules": every rule set of a game beyond its front choices that is
listed or has games recorded (Golf has 48), one button each with its number of games; a page at a
time when they are many. A tap shows that rule set's statistics.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.i18n import N_, tr
from game.scenes.base import Pop, Scene, Transition
from game.scenes.figures_watch import FiguresWatch
from game.scenes.kind_picker import rules_title
from game.scenes.panel_frame import PanelFrame
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button, grid_size

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.registry import GameKind

COLUMNS = 2
PREVIOUS, FOLLOWING = "‹", "›"  # the pages' arrows (signs, not words)


def played_kinds(stats: Any, family_id: str) -> list[tuple[GameKind, int]]:
    """(kind, games recorded) of the family's kinds beyond the front choices: the listed ones, then
    every other one with games recorded, fewest extra rules first, as far as known now (never
    waited for). Until the statistics answer, or while they cannot, the listed ones, at 0."""
    known = getattr(stats, "known", None)
    counts: dict[str, int] = (known.options(family_id) if known is not None else None) or {}
    listed = [k for k in registry.kinds_of(family_id) if not k.front]
    games: dict[str, int] = {}  # by kind id (a rule set written another way counts as itself)
    others: list[GameKind] = []
    for option, n in counts.items():
        try:
            kind = registry.kind_for(family_id, option)
        except ValueError:
            continue  # an option no longer known (a newer version's): not shown
        games[kind.id] = games.get(kind.id, 0) + n
        if not kind.front and kind not in listed and kind not in others:
            others.append(kind)
    others.sort(key=lambda k: (len(k.extras), k.id))
    return [(k, games.get(k.id, 0)) for k in listed + others]


class StatsRulesScene(Scene):
    """Buttons for the rule sets played; `on_choose(kind)` with the one tapped, then back."""

    def __init__(self, ctx: Context, family_id: str, stats: Any, on_choose: Callable[[GameKind], None]) -> None:
        super().__init__(ctx)
        self.stats, self.family_id = stats, family_id
        self.choices = played_kinds(stats, family_id)
        self.on_choose = on_choose
        self.page = 0
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
        self.figures_watch = FiguresWatch(ctx)
        self.frame = PanelFrame(ctx, self)
        self.build()
        self.frame.watch(self.figures_watch, self.figures_came)
        self.frame.open()

    # --- the Scene contract, passed on to the panel's frame ------------------------------------
    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.panel_rect

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.invalidate(rects)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def update(self, dt: float) -> Transition:
        self.frame.update()
        return None

    def is_animating(self) -> bool:
        return self.frame.is_animating()

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def build(self) -> None:
        text = self.ctx.text
        self.buttons = [
            Button((0, 0, 1, 1), "", text, functools.partial(self.choose, kind)) for kind, _n in self.choices
        ]
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary")
        self.previous = Button((0, 0, 1, 1), PREVIOUS, text, lambda: self.turn(-1), style="ghost")
        self.following = Button((0, 0, 1, 1), FOLLOWING, text, lambda: self.turn(1), style="ghost")
        self.widgets = [*self.buttons, self.previous, self.following, self.back]
        self.columns = COLUMNS

    @property
    def per_page(self) -> int:
        return self._rows * self.columns

    def layout(self, size: tuple[int, int]) -> None:
        """Title and Back on top, the rule sets two by two under it, as many rows as fit; where their
        names do not stand two by two at the class's sizes in this language, one under another."""
        page, self.columns = self.page, COLUMNS
        self._place(size)
        design = self.frame.design
        if not all(b.stands(design.type.body) for b in self.buttons):
            self.page, self.columns = page, 1  # (the page as asked: two by two there were fewer pages)
            self._place(size)

    def _place(self, size: tuple[int, int]) -> None:
        design = self.frame.design
        row = self.frame.row_height()
        gap = design.space(0.75)
        pad = design.space(2)
        w, h = size
        fit_rows = max(1, (h - 24 - 2 * pad - 2 * (row + gap)) // (row + gap))
        self._rows = min(fit_rows, max(1, -(-len(self.buttons) // self.columns)))
        paged = len(self.buttons) > self.per_page
        rows = self._rows + 1 + (1 if paged else 0)
        least = theme.KIOSK_TOUCH if self.ctx.kiosk else theme.MIN_TOUCH
        row, x, y, iw = self.frame.place_panel(row, gap, pad, rows, rows - 1, 14, min_row=least)
        bw = min(iw // 3, row * 4)
        self.back.rect = (x + iw - bw, y, bw, row)
        self.title_rect = pygame.Rect(x, y, iw - bw - gap, row)
        y += row + gap
        self.page = min(self.page, max(0, (len(self.buttons) - 1) // self.per_page))
        cw = (iw - gap * (self.columns - 1)) // self.columns
        first = self.page * self.per_page
        for button, (kind, n) in zip(self.buttons, self.choices):
            button.label = tr("{rules} ({n})", rules=rules_title(kind), n=n)  # (in the language of the moment)
        for i, button in enumerate(self.buttons):
            slot = i - first
            button.visible = 0 <= slot < self.per_page
            if button.visible:
                column, line = slot % self.columns, slot // self.columns
                button.rect = (x + column * (cw + gap), y + line * (row + gap), cw, row)
        y += self._rows * (row + gap)
        for arrow, at in ((self.previous, x), (self.following, x + iw - row * 2)):
            arrow.visible = paged
            arrow.rect = (at, y, row * 2, row)
        for button in (self.back, self.previous, self.following):
            button.size = design.type.label
        t = design.type  # the rule sets in one size: two by two, down to the body size; alone, to the small
        grid_size(self.buttons, (t.label, t.body) if self.columns > 1 else (t.label, t.body, t.small))
        self.previous.enabled = self.page > 0
        self.following.enabled = first + self.per_page < len(self.buttons)
        self.page_rect = pygame.Rect(x + row * 2, y, iw - row * 4, row)

    def paint_static(self, surface: pygame.Surface) -> None:
        text, r = self.ctx.text, self.title_rect
        design = self.frame.design
        img = text.fit(tr("More rules"), r.width, design.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(midleft=(r.x + max(4, r.height // 6), r.centery)))
        if not self.buttons:
            img = text.fit(tr("No games yet"), self.panel_rect.width - 40, design.type.body, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=self.panel_rect.center))
        if self.previous.visible:
            pages = -(-len(self.buttons) // self.per_page)
            where = " / ".join((str(self.page + 1), str(pages)))  # numbers only: the same in every language
            img = text.render(where, design.type.label, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=self.page_rect.center))

    def figures_came(self) -> None:
        """The rule sets played come with the statistics' answer: the buttons are made again."""
        choices = played_kinds(self.stats, self.family_id)
        if choices != self.choices:
            self.choices = choices
            self.build()
            self.frame.relayout()

    def turn(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self.frame.relayout()

    def choose(self, kind: GameKind) -> None:
        self.on_choose(kind)
        self.close()

    def close(self) -> None:
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
