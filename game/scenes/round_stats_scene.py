"""The statistics of rounds of golf under one rule set: rounds played, finished and abandoned, the best
and average total, holes won and the best round's code, with a chart of the last rounds against
par. Opened from the Statistics screen (its Rounds button, for Golf), whose screen it is with the
rounds' numbers in place of the single deals' (and no choice of game: Back returns to that one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, decimal, tr
from game.model.course import PAR, PAR_PER_HOLE, par_text
from game.persist.round_stats import summarize_rounds
from game.registry import GameKind
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.dialog import ConfirmDialog
from game.scenes.figures_watch import FiguresWatch
from game.scenes.panel_frame import PanelFrame
from game.scenes.scorecard_paint import shown
from game.scenes.stats_scene import NOT_KNOWN, StatsFigures, paint_figures
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context

CHART_ROUNDS = 20
COLOURS = {"under": theme.GOLD, "over": (214, 96, 80), "abandoned": (150, 160, 150), "assisted": (104, 158, 224)}


class RoundStatsScene(Scene):
    """Numbers and a chart for the rounds of one Golf rule set, painted as the Statistics screen
    paints its own (stats_scene: StatsFigures and paint_figures)."""

    def __init__(self, ctx: Context, kind: GameKind) -> None:
        self.shown_kind = kind
        super().__init__(ctx)
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
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
        self.figures = StatsFigures(self.ctx)
        self.kind = self.shown_kind
        self.reset_button = Button((0, 0, 1, 1), N_("Reset rounds"), text, self.ask_reset, style="ghost")
        self.reset_button.visible = not self.ctx.visitor  # a kiosk's statistics are reset by its administrator
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary")
        self.widgets = [self.reset_button, self.back]
        self.figures_watch = FiguresWatch(self.ctx)
        self._refresh()

    def layout(self, size: tuple[int, int]) -> None:
        design = self.frame.design
        for button in (self.reset_button, self.back):  # the class's label size, never shrunk alone
            button.size = design.type.label
        row = self.frame.row_height()
        gap = design.space(0.75)
        pad = design.space(2)
        least = theme.KIOSK_TOUCH if self.ctx.kiosk else 30
        row, x, y, iw = self.frame.place_panel(row, gap, pad, 1 + 5.6 + 1, 3, 14, min_row=least)
        self.title_rect = pygame.Rect(x, y, iw, row)
        body = pygame.Rect(x, y + row + gap, iw, int(row * 5.6))
        self.numbers_rect = pygame.Rect(body.x, body.y, int(iw * 0.52), body.height)
        self.chart_rect = pygame.Rect(body.x + int(iw * 0.56), body.y, iw - int(iw * 0.56), body.height)
        y = body.bottom + gap
        half = (iw - gap) // 2
        self.reset_button.rect = (x, y, half, row)
        self.back.rect = (x + iw - half, y, half, row)

    def heading(self) -> str:
        return " · ".join([tr("Rounds of 9"), tr(self.kind.name), *(tr(n) for n in self.kind.option_names)])

    @property
    def stats(self) -> Any:
        return self.figures.stats

    @property
    def known(self) -> Any:
        """The figures as far as known now (game.persist.figures.Known), or None: never waits."""
        return self.figures.known

    def figures_key(self) -> tuple:
        return ("rounds", self.kind.option)

    def unread(self) -> str | None:
        """Why the figures cannot be read now (None: they are known, or coming)."""
        return self.figures.unread(self.figures_key())

    def note(self) -> str | None:
        """Why new results are not being written now, or why the figures cannot be read."""
        return self.figures.note(self.figures_key())

    def paint_static(self, surface: pygame.Surface) -> None:
        paint_figures(
            surface,
            self.ctx.text,
            (self.title_rect, self.heading(), self.note()),
            (self.numbers_rect, self.lines()),
            self.frame.design,
        )
        self._paint_chart(surface)

    def _round_summary(self) -> Any:
        """The rounds' numbers as far as known, or None (being read, or the database cannot answer)."""
        return None if self.known is None else self.known.round_summary(self.kind.option)

    def lines(self) -> list[tuple[str, str]]:
        return self.figures.with_waiting(self.rounds_lines())

    def rounds_lines(self) -> list[tuple[str, str]]:
        s = self._round_summary()
        if s is None and (self.known is None or self.unread()):
            return [(tr("Statistics are not available"), "")]
        if s is None:  # being read
            return [(label, NOT_KNOWN) for label, _v in self.round_lines(summarize_rounds([]))]
        return self.round_lines(s)

    def round_lines(self, s: Any) -> list[tuple[str, str]]:
        none = "—"
        best = none if s.best_total is None else f"{s.best_total} ({shown(par_text(s.best_total - PAR))})"
        average = none if s.average_total is None else decimal(s.average_total)
        return [
            (tr("Rounds played"), str(s.played)),
            (tr("Finished"), str(s.finished)),
            (tr("Abandoned"), str(s.abandoned)),
            (tr("Best total"), best),
            (tr("Average total"), average),
            (tr("Holes won"), str(s.holes_won)),
            (tr("Best round"), s.best_code or none),
        ]

    def _paint_chart(self, surface: pygame.Surface) -> None:
        """One bar per round against par: up for under par, down for over par, from the par line."""
        r = self.chart_rect
        caption = self.ctx.text.fit(
            tr("Last {count} round", plural="Last {count} rounds", count=CHART_ROUNDS),
            r.width,
            self.frame.design.type.small,
            theme.TEXT_DIM,
        )
        surface.blit(caption, caption.get_rect(midtop=(r.centerx, r.y)))
        plot = pygame.Rect(r.x, r.y + caption.get_height() + 6, r.width, r.height - caption.get_height() - 12)
        rows = None if self.known is None else self.known.last_rounds(self.kind.option, CHART_ROUNDS)
        if rows is None and self.known is not None and not self.unread():
            return  # being read: the bars come with the answer
        if not rows:
            none = self.ctx.text.fit(tr("No rounds yet"), plot.width, self.frame.design.type.body, theme.TEXT_DIM)
            surface.blit(none, none.get_rect(center=plot.center))
            return
        scores = [total - PAR_PER_HOLE * holes for _u, _r, total, holes, _w, _c in rows]
        top = max(max(abs(s) for s in scores), 1)
        mid = plot.centery
        label = self.ctx.text.render(tr("Par"), max(11, plot.height // 14), theme.TEXT_DIM)
        plot.width -= label.get_width() + 6  # the par line's name at its right end, clear of the bars
        pygame.draw.line(surface, theme.TEXT_DIM, (plot.x, mid), (plot.right, mid))
        surface.blit(label, label.get_rect(midleft=(plot.right + 6, mid)))
        slot = plot.width / CHART_ROUNDS
        for i, ((_u, result, *_rest), score) in enumerate(zip(rows, scores)):
            h = max(3, int((plot.height / 2 - 4) * abs(score) / top))
            x = int(plot.x + i * slot + slot * 0.15)
            bar = pygame.Rect(x, mid - h if score < 0 else mid, max(2, int(slot * 0.7)), h)
            key = result if result != "finished" else "under" if score < 0 else "over"
            if score == 0:  # even par: a mark on the line
                bar = pygame.Rect(x, mid - 2, bar.width, 4)
            pygame.draw.rect(surface, COLOURS[key], bar, border_radius=2)

    # --- actions -------------------------------------------------------------------------------
    def _refresh(self) -> None:
        self.frame.repaint()
        summary = self._round_summary()
        self.reset_button.enabled = bool(summary and summary.played)
        self.reset_button.invalidate()

    def ask_reset(self) -> None:
        self.next = Push(
            ConfirmDialog(
                self.ctx,
                N_("Reset round statistics?"),
                [tr("All rounds of {name} will be deleted.", name=self.heading())],
                N_("Reset"),
                self.reset,
            )
        )

    def reset(self) -> None:
        if self.stats is not None:
            self.stats.reset_rounds(self.kind.option)
        self._refresh()

    def invalidate(self, rects: list | None = None) -> None:
        self._refresh()

    def figures_came(self) -> None:
        self._refresh()  # new figures from the database: painted again

    def close(self) -> None:
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
