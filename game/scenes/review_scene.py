"""A game's review, after it ends: every move graded by the exact solver, on one panel.

The review runs as one job in the solver's worker (game.solver.worker.review_job): the frame never
waits for it. The review has no progress to report across processes, so while it runs the panel shows
an honest indeterminate bar (a band sliding along its track) and the number of moves being graded.
Then it shows:
- the summary a player remembers ("3 strokes lost in 2 moves", "Perfect game", "The win was lost at
  move 31", "You kept the win all the way"), and the scores or the bands' counts under it;
- a timeline, one mark per move, coloured (and sized) by its grade, with a legend of the marks shown;
- the worst moves (up to three), each with a sentence from the review's reasons and a **Show** button
  that opens the replay at that move with the sentence as its note and the better move marked;
  as many as the panel holds, the rest on a next page (never scrolled);
- Back, Watch (the whole game from its deal) and, off a kiosk, Copy replay code.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.i18n import N_, tr
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.kind_picker import kind_title
from game.scenes.panel_frame import PanelFrame
from game.scenes.review_text import (
    LOST,
    MARK_WORDS,
    PERFECT,
    PLAYED_LOST,
    UNKNOWN,
    Mark,
    Worst,
    legend,
    marks,
    summary_lines,
    worst_moves,
)
from game.ui import theme
from game.ui.text import least_legible, wrap_lines
from game.ui.widget import Widget
from game.ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.jobs import Job
    from game.model.replay import Replay

#: Each search's budget (a Golf position's best, an Eight Off solve); None: the reviews' own.
SEARCH_STATES: int | None = None
#: The colours of the timeline's marks (a lost move is also drawn taller: the grade reads without colour).
MARK_COLOURS: dict[str, tuple[int, int, int]] = {
    PERFECT: (126, 214, 146),
    "kept": (126, 214, 146),
    LOST: (236, 96, 72),
    "lost-the-win": (236, 96, 72),
    "inaccuracy": (236, 206, 92),
    "mistake": (240, 150, 64),
    "blunder": (236, 96, 72),
    PLAYED_LOST: (128, 112, 108),
    UNKNOWN: (150, 156, 150),
}
#: The seconds the indeterminate bar's band takes to cross its track.
BAR_PERIOD = 1.6
#: The most sentence lines a worst move shows (a longer one is cut with an ellipsis).
SENTENCE_LINES = 3


class ReviewBar(Widget):
    """An indeterminate progress bar: a band sliding along a track while the review runs."""

    def __init__(self, text: Any) -> None:
        super().__init__((0, 0, 1, 1), text)
        self.phase = 0.0

    @property
    def bounds(self) -> pygame.Rect:
        return self._rect

    def advance(self, dt: float) -> None:
        self.phase = (self.phase + dt / BAR_PERIOD) % 1.0
        self.dirty = True

    def band(self) -> pygame.Rect:
        """Where the sliding band is now: a third of the track, entering at the left, leaving at the right."""
        r = self._rect
        width = max(1, r.width // 3)
        x = r.x - width + int(self.phase * (r.width + width))
        return pygame.Rect(x, r.y, width, r.height).clip(r)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if self.visible and self._rect.width > 2:
            radius = self._rect.height // 2
            surface.blit(theme.rounded_rect(self._rect.size, theme.TRACK, radius), self._rect)
            band = self.band()
            if band.width > 0:
                pygame.draw.rect(surface, theme.GOLD, band, border_radius=radius)
        return self._rect


class ReviewScene(Scene):
    """The review of one game's replay (see the module's text)."""

    def __init__(self, ctx: Context, replay: Replay) -> None:
        super().__init__(ctx)
        self.replay = replay
        self.job: Job[Any] | None = None
        self.review: Any = None
        self.failed = False
        self.next: Transition = None
        self.page = 0
        self.pages: list[list[int]] = [[]]  # the worst moves' indices (in self.worst) on each page
        self.worst: list[Worst] = []
        self.copied = False
        self.kind = registry.kind_of(replay.position(0))
        self.frame = PanelFrame(ctx, self)
        text = ctx.text
        self.bar = ReviewBar(text)
        self.back_button = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary")
        self.watch_button = Button((0, 0, 1, 1), N_("Watch the game"), text, self.watch)
        self.copy_button = Button((0, 0, 1, 1), N_("Copy replay code"), text, self.copy_code)
        self.copy_button.visible = not ctx.kiosk  # (a kiosk has no clipboard)
        self.more_button = Button((0, 0, 1, 1), N_("More moves"), text, self.next_page)
        self.show_buttons: list[Button] = []
        self.widgets: list[Widget] = []
        self.frame.open()

    # --- the Scene contract, passed on to the panel's frame ------------------------------------------
    def enter(self) -> None:
        if self.job is None and self.review is None and not self.failed:
            from game.solver import worker  # (loaded with the first job, not at start-up)

            game = self.replay.position(len(self.replay))
            self.job = self.ctx.jobs.submit(worker.review_job, worker.wire_game(game), SEARCH_STATES)

    def exit(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.invalidate(rects)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def update(self, dt: float) -> Transition:
        if self.job is not None:
            if self.job.done:
                result, self.job = self.job.result(), None
                if hasattr(result, "grades"):
                    self.review = result
                else:  # (a JobFailed: the worker could not answer)
                    self.failed = True
                self.page = 0
                self.frame.relayout()
            else:
                self.bar.advance(dt)
        self.frame.update()
        transition, self.next = self.next, None
        return transition

    def is_animating(self) -> bool:
        return self.job is not None or self.frame.is_animating()

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    @property
    def running(self) -> bool:
        """Whether the review is still being worked out."""
        return self.review is None and not self.failed

    # --- layout ----------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The panel as tall as the window allows, then no taller than what it shows needs."""
        d = self.frame.design
        if self.review is not None:  # (said anew: the language may have changed)
            self.worst = worst_moves(self.review, self.replay)
        tallest = size[1] - 2 * d.unit
        needed = self._place(size, tallest)
        if needed < tallest:
            self._place(size, needed)

    def _place(self, size: tuple[int, int], height: int) -> int:
        """Lay the panel out `height` tall; the height it needs to show all it holds on one page."""
        d = self.frame.design
        w, h = size
        row, gap, pad = self.frame.row_height(), d.unit, d.space(2)
        text = self.ctx.text
        self.body_h = text.rendered_size("Ag", d.type.body)[1]
        pw = min(w - 2 * d.unit, 90 * d.unit)
        panel = pygame.Rect(0, 0, pw, height)
        panel.center = (w // 2, h // 2)
        self.frame.panel_rect = panel
        inner = pw - 2 * pad
        x, y = panel.x + pad, panel.y + pad
        heading_h = text.rendered_size("Ag", least_legible(tr("Game review"), d.type.heading), True)[1]
        self.title_rect = pygame.Rect(x, y, inner, heading_h)
        y += heading_h + d.space(0.5)
        self.sub_rect = pygame.Rect(x, y, inner, self.body_h)
        y += self.body_h + gap
        # the summary (or, while it runs, what is being done and the bar)
        self.summary = self._summary_plan(inner)
        summary_h = sum(hgt for _t, _s, _c, _b, hgt in self.summary) + d.space(0.5) * max(0, len(self.summary) - 1)
        if self.running:
            summary_h += d.space(0.5) + d.space(1.5)
        self.summary_rect = pygame.Rect(x, y, inner, summary_h)
        bar_h = d.space(1.5)
        self.bar.rect = (x, y + summary_h - bar_h, inner, bar_h)
        self.bar.visible = self.running
        y += summary_h + gap
        # the timeline and its legend
        strip_h = max(d.space(2.5), row // 2)
        self.strip_rect = pygame.Rect(x, y, inner, strip_h)
        small_h = text.rendered_size("Ag", least_legible(tr(MARK_WORDS[PERFECT]), d.type.small))[1]
        self.legend_rect = pygame.Rect(x, y + strip_h + d.space(0.5), inner, small_h)
        if self.review is not None:  # (no timeline before the grades, nor when the review failed)
            y += strip_h + d.space(0.5) + small_h + gap
        # the buttons' row at the bottom
        self.bottom = [self.back_button, self.watch_button] + ([] if self.ctx.kiosk else [self.copy_button])
        buttons_y = panel.bottom - pad - row
        below = d.space(1.5)  # (between the worst moves and the buttons' row)
        bw = (inner - gap * (len(self.bottom) - 1)) // len(self.bottom)
        for i, button in enumerate(self.bottom):
            button.rect = (x + i * (bw + gap), buttons_y, bw, row)
            button.set_size(d.type.label)
        self.copy_button.label = N_("Copied") if self.copied else N_("Copy replay code")
        self.copy_button.invalidate()
        # the worst moves, paged in the room between
        self.worst_rect = pygame.Rect(x, y, inner, buttons_y - below - y)
        held = self._lay_out_worst(row, gap)
        return (y - panel.y) + held + below + row + pad

    def _summary_plan(self, width: int) -> list[tuple[str, int, tuple[int, int, int], bool, int]]:
        """The summary's lines as drawn: (text, size, colour, bold, height), wrapped to `width`."""
        d = self.frame.design
        if self.running:
            said = [tr("Reviewing {count} move…", plural="Reviewing {count} moves…", count=len(self.replay))]
        elif self.failed:
            said = [tr("The solver could not review this game this time.")]
        else:
            said = summary_lines(self.review, self.replay.status)
        out = []
        for i, line in enumerate(said):
            size, colour, bold = (
                (d.type.heading, theme.GOLD, True) if i == 0 and not self.running else (d.type.body, theme.TEXT, False)
            )
            size = least_legible(line, size)
            joined = "\n".join(wrap_lines(line, width, size, bold))
            out.append((joined, size, colour, bold, self.ctx.text.rendered_size(joined, size, bold)[1]))
        return out

    def _lay_out_worst(self, row: int, gap: int) -> int:
        """Each worst move a block (its heading, its sentence, and its Show button at the right); the
        pages hold as many blocks as the room does, a More moves button leads on when there are more."""
        d = self.frame.design
        text = self.ctx.text
        area = self.worst_rect
        label = d.type.label
        show_w = max(
            text.rendered_size(tr("Show"), least_legible(tr("Show"), label), True)[0] + 2 * d.space(1.5), 2 * row
        )
        self.text_w = area.width - show_w - gap
        self.blocks: list[tuple[str, str, int]] = []  # (heading, sentence lines joined, height)
        for w in self.worst:
            size = least_legible(w.sentence, d.type.body)
            lines = wrap_lines(w.sentence, self.text_w, size)
            if len(lines) > SENTENCE_LINES:
                lines = lines[: SENTENCE_LINES - 1] + [lines[SENTENCE_LINES - 1].rstrip() + "…"]
            joined = "\n".join(lines)
            head_h = text.rendered_size(w.heading, least_legible(w.heading, label), True)[1]
            height = max(row, head_h + d.space(0.25) + text.rendered_size(joined, size)[1])
            self.blocks.append((w.heading, joined, height))
        more_h = row + gap
        self.pages = []
        page: list[int] = []
        used = 0
        for i, (_h, _s, height) in enumerate(self.blocks):
            room = area.height - (0 if i == len(self.blocks) - 1 and not self.pages else more_h)
            if page and used + height > room:
                self.pages.append(page)
                page, used = [], 0
            page.append(i)
            used += height + gap
        self.pages.append(page)
        self.page = min(self.page, len(self.pages) - 1)
        self.block_rects: dict[int, pygame.Rect] = {}
        self.show_buttons = []
        y = area.y
        for i in self.pages[self.page]:
            height = self.blocks[i][2]
            self.block_rects[i] = pygame.Rect(area.x, y, self.text_w, height)
            button = Button(
                (area.right - show_w, y + (height - row) // 2, show_w, row),
                N_("Show"),
                text,
                functools.partial(self.show, i),
                size=label,
            )
            self.show_buttons.append(button)
            y += height + gap
        self.more_button.visible = len(self.pages) > 1
        more_w = max(text.rendered_size(tr("More moves"), label, True)[0] + 2 * d.space(1.5), 3 * row)
        self.more_button.rect = (area.right - more_w, area.bottom - row, more_w, row)
        self.more_button.set_size(label)
        self.page_rect = pygame.Rect(area.x, area.bottom - row, area.width - more_w - gap, row)
        self.widgets = [
            self.bar,
            *self.show_buttons,
            *([self.more_button] if self.more_button.visible else []),
            *self.bottom,
        ]
        if not self.worst:  # (a line says there is nothing to go over, once the review is in)
            return 0 if self.running else self.body_h * 2 + gap
        if len(self.pages) > 1:
            return area.height
        return sum(self.blocks[i][2] + gap for i in self.pages[0]) - gap

    # --- painting --------------------------------------------------------------------------------------
    def paint_static(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        title = tr("Game review")
        img = text.render(title, least_legible(title, d.type.heading), theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(midtop=self.title_rect.midtop))
        sub = tr(
            "{game} · {moves}",
            game=kind_title(self.kind),
            moves=tr("{count} move", plural="{count} moves", count=len(self.replay)),
        )
        img = text.fit(sub, self.sub_rect.width, least_legible(sub, d.type.body), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=self.sub_rect.midtop))
        y = self.summary_rect.y
        for joined, size, colour, bold, height in self.summary:
            img = text.render(joined, size, colour, bold)
            surface.blit(img, img.get_rect(midtop=(self.summary_rect.centerx, y)))
            y += height + d.space(0.5)
        self._paint_timeline(surface)
        self._paint_worst(surface)

    def _paint_timeline(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        strip = self.strip_rect
        if self.review is None:
            return
        surface.blit(theme.rounded_rect(strip.size, theme.TRACK, max(2, d.space(0.5))), strip)
        shown = marks(self.review)
        n = len(shown)
        inner = strip.inflate(-2 * d.space(0.5), -2 * d.space(0.5))
        for i, mark in enumerate(shown):
            left = inner.x + inner.width * i // n
            right = inner.x + inner.width * (i + 1) // n
            width = max(1, right - left - (1 if right - left > 3 else 0))
            # (a heavier loss stands taller: three strokes or more, the whole strip)
            height = inner.height * (3 + min(mark.weight, 3)) // 6 if mark.weight else max(2, inner.height * 2 // 5)
            if mark.kind == UNKNOWN:
                height = max(2, inner.height * 3 // 5)
            rect = pygame.Rect(left, inner.bottom - height, width, height)
            pygame.draw.rect(surface, MARK_COLOURS.get(mark.kind, MARK_COLOURS[UNKNOWN]), rect)
        size = least_legible(tr(MARK_WORDS[PERFECT]), d.type.small)
        x, cy = self.legend_rect.x, self.legend_rect.centery
        swatch = max(6, size * 2 // 3)
        for kind in legend(self.review):
            words = tr(MARK_WORDS[kind])
            img = text.render(words, least_legible(words, size), theme.TEXT_DIM)
            if x + swatch + d.space(0.5) + img.get_width() > self.legend_rect.right:
                break
            pygame.draw.rect(surface, MARK_COLOURS[kind], (x, cy - swatch // 2, swatch, swatch))
            x += swatch + d.space(0.5)
            surface.blit(img, img.get_rect(midleft=(x, cy)))
            x += img.get_width() + d.space(1.5)

    def _paint_worst(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        if self.review is not None and not self.worst:
            words = tr("Nothing to go over: no move cost you anything.") if self.review_clean() else ""
            if words:
                size = least_legible(words, d.type.body)
                joined = "\n".join(wrap_lines(words, self.worst_rect.width, size))
                img = text.render(joined, size, theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(self.worst_rect.centerx, self.worst_rect.y + d.space(0.5))))
            return
        for i, rect in self.block_rects.items():
            heading, joined, _height = self.blocks[i]
            mark = marks(self.review)[self.worst[i].index] if self.review is not None else Mark(UNKNOWN)
            colour = MARK_COLOURS.get(mark.kind, theme.GOLD)
            img = text.render(heading, least_legible(heading, d.type.label), colour, bold=True)
            surface.blit(img, rect.topleft)
            body = text.render(joined, least_legible(joined, d.type.body), theme.TEXT, align="left")
            surface.blit(body, (rect.x, rect.y + img.get_height() + d.space(0.25)))
        if len(self.pages) > 1:
            words = tr("Page {page} of {pages}", page=self.page + 1, pages=len(self.pages))
            img = text.render(words, least_legible(words, d.type.small), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=self.page_rect.midleft))

    def review_clean(self) -> bool:
        """Whether every move was graded and none lost anything."""
        return self.review is not None and bool(self.review.perfect)

    # --- actions ---------------------------------------------------------------------------------------
    def close(self) -> None:
        self.next = Pop()

    def watch(self) -> None:
        """The whole game, from its deal, in the replay viewer."""
        self.next = Push(self.ctx.scenes.replay(self.replay))

    def show(self, k: int) -> None:
        """One of the worst moves on the table: the position before it, its sentence, the better move."""
        worst = self.worst[k]
        self.next = Push(
            self.ctx.scenes.replay(self.replay, start=worst.index, note=worst.sentence, better=worst.better)
        )

    def next_page(self) -> None:
        self.page = (self.page + 1) % len(self.pages)
        self.frame.relayout()

    def copy_code(self) -> None:
        """The replay's code on the clipboard (a kiosk has none: no button there), and "Copied" said."""
        if self.ctx.kiosk:
            return
        from game.model.replay_code import replay_code

        self.ctx.clipboard_set(replay_code(self.replay))
        self.copied = True
        self.frame.relayout()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.next = Pop()
