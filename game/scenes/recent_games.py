"""Recent games: the games kept as replays (game/persist/replays.py), the newest first, a few to a
page, each to watch again, to review, and (off a kiosk) to copy as a replay code to share.

Each game says when it finished (the local date and time), its game and rule set, how it ended with
its moves and score, and whether it is the best kept game of its deal. The rows per page follow the
window's layout class, so no page ever scrolls; the page buttons, like every button here, are a
finger's size. A game's buttons stand beside its two lines where they fit at the class's narrowest
window in the language, else under them, for every game alike (Design.row_form).
"""

from __future__ import annotations

import calendar
import datetime
import time
from typing import TYPE_CHECKING

import pygame

from game import i18n, registry
from game.i18n import N_, tr
from game.model.replay_code import replay_code
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.kind_picker import kind_title
from game.scenes.panel_frame import PanelFrame
from game.ui import theme
from game.ui.design import RowForm
from game.ui.text import wrap_lines
from game.ui.widget import Widget
from game.ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.persist.replays import Kept

#: The most games on a page (fewer where the window has not the room for them).
MOST_PER_PAGE = 5
EMPTY = N_("No game is kept yet: every game you finish is kept here, to watch again and to review.")
#: After a game's result: it is the best kept game of its deal.
BEST = N_("Best of its deal")
COPIED_FOR = 2.5  # s the Copy code button says "Copied"
PANEL_UNITS = 96  # the panel's widest, in spacing units
#: The longest lines a game may have (their widths decide the rows' form, whatever the games are).
SAMPLE = ("2026-12-30T23:59:00", "GO1-C+J2-AAAAAAB", 999, 999)
#: The hairline between two games.
SEPARATOR = (64, 96, 76)


def when_text(finished: str) -> str:
    """A kept game's UTC time ('2026-12-07T14:05:00') as the local date and time the language
    writes: '7 Dec 2026 · 14:05', '7 Δεκ 2026 · 14:05', '7 ธ.ค. 2569 · 14:05 น.' (Buddhist Era)."""
    from babel.dates import format_skeleton

    try:
        utc = time.strptime(finished, "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return finished
    local = datetime.datetime.fromtimestamp(calendar.timegm(utc))
    language = i18n.language()
    shown = local.replace(year=local.year + i18n.ERA_YEARS.get(language, 0))
    return f"{format_skeleton('yMMMd', shown, locale=language)} · {format_skeleton('Hm', shown, locale=language)}"


def result_line(result: str, moves: int) -> str:
    """How a kept game ended, with its moves: 'Won in 51 moves', 'Blocked after 30 moves'."""
    if result == "won":
        return tr("Won in {count} move", plural="Won in {count} moves", count=moves)
    if result == "blocked":
        return tr("Blocked after {count} move", plural="Blocked after {count} moves", count=moves)
    if result == "assisted":
        return tr("Assisted, {count} move", plural="Assisted, {count} moves", count=moves)
    return tr("Abandoned after {count} move", plural="Abandoned after {count} moves", count=moves)


def game_lines(kept: Kept) -> tuple[str, str]:
    """A kept game's two lines: when and which game; how it ended, its score, and if it is the best."""
    try:
        name = kind_title(registry.kind_for_code(kept.replay.deal))
    except ValueError:
        name = str(kept.replay.deal)
    parts = [
        result_line(kept.result, kept.moves),
        tr("{count} point", plural="{count} points", count=kept.score),
    ]
    if kept.best:
        parts.append(f"★ {tr(BEST)}")
    return f"{when_text(kept.finished)} · {name}", " · ".join(parts)


class Slot:
    """One game's place on the page: its buttons."""

    def __init__(self, scene: RecentGamesScene, index: int) -> None:
        text, size = scene.ctx.text, scene.frame.design.type.label
        self.index = index
        self.watch = Button((0, 0, 1, 1), N_("Replay"), text, lambda: scene.watch(index), size=size)
        self.review = Button((0, 0, 1, 1), N_("Review"), text, lambda: scene.review(index), style="ghost", size=size)
        self.copy = Button((0, 0, 1, 1), N_("Copy code"), text, lambda: scene.copy(index), style="ghost", size=size)
        self.copy_shown = not scene.ctx.kiosk  # a kiosk's visitor has no clipboard to take it away
        self.lines = pygame.Rect(0, 0, 0, 0)
        self.top = 0  # where its place on the page begins

    @property
    def buttons(self) -> list[Button]:
        return [self.watch, self.review, self.copy] if self.copy_shown else [self.watch, self.review]

    def show(self, on: bool) -> None:
        for button in (self.watch, self.review, self.copy):
            button.visible = on and (button is not self.copy or self.copy_shown)
            button.invalidate()


class RecentGamesScene(Scene):
    """The games kept, a page at a time (see the module's docstring)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.next: Transition = None
        self.frame = PanelFrame(ctx, self)
        progress = ctx.progress
        self.games: list[Kept] = progress.replays.recent() if progress is not None else []
        self.page = 0
        self.per_page = 1
        self.slots: list[Slot] = []
        self.copied: int | None = None  # the game whose code was copied last ...
        self._copied_for = 0.0  # ... said on its button for this long still
        self._redraw = False  # a change no event made (Copied said no more) waits to be drawn
        text, size = ctx.text, self.frame.design.type.label
        self.previous_button = Button(
            (0, 0, 1, 1), N_("Previous"), text, lambda: self.turn(-1), style="ghost", size=size
        )
        self.next_button = Button((0, 0, 1, 1), N_("Next"), text, lambda: self.turn(1), style="ghost", size=size)
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary", size=size)
        self.widgets: list[Widget] = []
        self.frame.open()

    # --- the Scene contract, passed on to the panel's frame ------------------------------------
    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.panel_rect

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.repaint()
        self.frame.invalidate(rects)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def update(self, dt: float) -> Transition:
        if self.copied is not None:
            self._copied_for -= dt
            if self._copied_for <= 0:
                self._say_copied(None)
                self._redraw = True
        return None

    def is_animating(self) -> bool:
        return self._redraw or self.frame.is_animating()

    def draw(self, surface: pygame.Surface) -> list | None:
        self._redraw = False
        return self.frame.draw(surface)

    # --- layout --------------------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return max(1, -(-len(self.games) // self.per_page))

    def _button_width(self, label: str, row: int) -> int:
        size = self.frame.design.type.label
        return max(
            self.frame.design.target, self.ctx.text.rendered_size(tr(label), size, True)[0] + 2 * max(8, row // 3)
        )

    def _width_of(self, button: Button, row: int) -> int:
        """A game's button's width: its label's (Copy code's, or "Copied", the wider)."""
        labels = [N_("Copy code"), N_("Copied")] if button.label in (N_("Copy code"), N_("Copied")) else [button.label]
        return max(self._button_width(label, row) for label in labels)

    def _lines_width(self) -> int:
        """The width of the longest two lines a game may have, in this language."""
        finished, deal, moves, score = SAMPLE
        when = f"{when_text(finished)} · {kind_title(registry.kind_for_code(deal))}"
        longest = max(
            (result_line(r, moves) for r in ("won", "blocked", "abandoned", "assisted")),
            key=lambda t: self.ctx.text.rendered_size(t, self.frame.design.type.body)[0],
        )
        two = " · ".join([longest, tr("{count} point", plural="{count} points", count=score), f"★ {tr(BEST)}"])
        size = self.frame.design.type.body
        return max(self.ctx.text.rendered_size(t, size)[0] for t in (when, two))

    def _panel_width(self, window: tuple[int, int]) -> int:
        return min(window[0] - 2 * self.frame.design.unit, PANEL_UNITS * self.frame.design.unit)

    def layout(self, size: tuple[int, int]) -> None:
        d, text = self.frame.design, self.ctx.text
        row, gap, pad = self.frame.row_height(), d.unit, d.space(2)
        w, h = size
        pw = self._panel_width(size)
        inner = pw - 2 * pad
        self.line_h = max(text.rendered_size(t, d.type.body)[1] for t in ("Ag", tr(BEST), result_line("won", 9)))
        probe = Slot(self, 0)
        widths = [self._width_of(b, row) for b in probe.buttons]
        least_inner = self._panel_width(d.least) - 2 * pad
        self.form = d.row_form([*widths, self._lines_width()], lambda least: least_inner)
        lines_h = 2 * self.line_h
        entry = max(row, lines_h) if self.form is RowForm.FULL else lines_h + gap // 2 + row
        title_h = text.rendered_size("Ag", d.type.heading, True)[1] + gap
        room = h - 2 * d.unit - 2 * pad - title_h - gap - row - gap
        self.per_page = max(1, min(MOST_PER_PAGE, room // (entry + gap)))
        self.page = min(self.page, self.pages - 1)
        list_h = self.per_page * (entry + gap)
        if not self.games:  # the line saying none is kept yet
            list_h = len(wrap_lines(tr(EMPTY), inner, d.type.body)) * self.line_h + gap
        ph = 2 * pad + title_h + gap + list_h + row
        panel = pygame.Rect(0, 0, pw, min(ph, h - 2 * d.unit))
        panel.center = (w // 2, h // 2)
        self.frame.panel_rect = panel
        x, y = panel.x + pad, panel.y + pad
        self.title_rect = pygame.Rect(x, y, inner, title_h - gap)
        y += title_h + gap
        self.list_rect = pygame.Rect(x, y, inner, list_h)
        self.slots = [Slot(self, i) for i in range(self.per_page)]
        for slot in self.slots:
            slot.top = y
            buttons = slot.buttons
            bws = [self._width_of(b, row) for b in buttons]
            if self.form is RowForm.FULL:
                bx = x + inner - sum(bws) - gap * (len(bws) - 1)
                by = y + (entry - row) // 2
                slot.lines = pygame.Rect(x, y + (entry - lines_h) // 2, bx - gap - x, lines_h)
            else:
                bx, by = x, y + lines_h + gap // 2
                slot.lines = pygame.Rect(x, y, inner, lines_h)
            for button, bw in zip(buttons, bws, strict=True):
                button.rect = (bx, by, bw, row)
                bx += bw + gap
            y += entry + gap
        y = panel.bottom - pad - row
        turn_w = max(self._button_width(N_("Previous"), row), self._button_width(N_("Next"), row))
        self.previous_button.rect = (x, y, turn_w, row)
        self.next_button.rect = (x + turn_w + gap, y, turn_w, row)
        back_w = self._button_width(N_("Back"), row)
        self.back.rect = (x + inner - back_w, y, back_w, row)
        self.page_rect = pygame.Rect(x + 2 * (turn_w + gap), y, inner - 2 * (turn_w + gap) - back_w - gap, row)
        self._show_page()

    def _show_page(self) -> None:
        """The page's games on their slots, the page buttons as the pages allow."""
        first = self.page * self.per_page
        for i, slot in enumerate(self.slots):
            slot.show(first + i < len(self.games))
            slot.copy.label = N_("Copied") if self.copied == first + i else N_("Copy code")
        self.previous_button.visible = self.next_button.visible = self.pages > 1
        self.previous_button.enabled = self.page > 0
        self.next_button.enabled = self.page < self.pages - 1
        for button in (self.previous_button, self.next_button):
            button.invalidate()
        self.widgets = [
            *(b for slot in self.slots for b in slot.buttons),
            self.previous_button,
            self.next_button,
            self.back,
        ]
        self.frame.repaint()

    def paint_static(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        img = text.fit(tr("Recent games"), self.title_rect.width, d.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=self.title_rect.center))
        if not self.games:
            self._paint_empty(surface)
            return
        first = self.page * self.per_page
        for i, slot in enumerate(self.slots):
            if first + i >= len(self.games):
                break
            if i:  # a hairline between two games
                y = slot.top - self.frame.design.unit // 2
                pygame.draw.line(surface, SEPARATOR, (self.list_rect.x, y), (self.list_rect.right, y))
            one, two = game_lines(self.games[first + i])
            r = slot.lines
            img = text.fit(one, r.width, d.type.body, theme.TEXT)
            surface.blit(img, (r.x, r.y))
            colour = theme.GOLD if self.games[first + i].best else theme.TEXT_DIM
            img = text.fit(two, r.width, d.type.body, colour)
            surface.blit(img, (r.x, r.y + self.line_h))
        if self.pages > 1:
            page = tr("Page {page} of {pages}", page=self.page + 1, pages=self.pages)
            img = text.fit(page, self.page_rect.width, d.type.body, theme.TEXT)
            surface.blit(img, img.get_rect(center=self.page_rect.center))

    def _paint_empty(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        y = self.list_rect.y
        for line in wrap_lines(tr(EMPTY), self.list_rect.width, d.type.body):
            img = text.render(line, d.type.body, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(self.list_rect.centerx, y)))
            y += self.line_h

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT):
            self.turn(1)
        elif event.key in (pygame.K_PAGEUP, pygame.K_LEFT):
            self.turn(-1)

    # --- actions -------------------------------------------------------------------------------
    def kept(self, index: int) -> Kept | None:
        """The game on the page's slot `index`, or None."""
        at = self.page * self.per_page + index
        return self.games[at] if 0 <= at < len(self.games) else None

    def turn(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self._show_page()

    def watch(self, index: int) -> None:
        kept = self.kept(index)
        if kept is not None:
            self.next = Push(self.ctx.scenes.replay(kept.replay))

    def review(self, index: int) -> None:
        kept = self.kept(index)
        if kept is not None:
            self.next = Push(self.ctx.scenes.review(kept.replay))

    def copy(self, index: int) -> None:
        """The game's replay code to the clipboard; its button says "Copied" for a moment."""
        kept = self.kept(index)
        if kept is None or self.ctx.kiosk:
            return
        self.ctx.clipboard_set(replay_code(kept.replay))
        self._say_copied(self.page * self.per_page + index)

    def _say_copied(self, at: int | None) -> None:
        self.copied, self._copied_for = at, COPIED_FOR
        first = self.page * self.per_page
        for i, slot in enumerate(self.slots):
            slot.copy.label = N_("Copied") if at == first + i else N_("Copy code")
            slot.copy.invalidate()

    def close(self) -> None:
        self.next = Pop()
