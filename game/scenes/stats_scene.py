"""Statistics per game and option: played, won, win %, best score, streaks, average moves, hints used,
the time of wins, and beside them either a bar chart of the last 20 results or the month's calendar of
daily deals with the daily streaks (a tab above them chooses). Reset asks first."""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING, Any

import pygame

from game import daily, registry
from game.i18n import N_, decimal, tr
from game.persist.tally import summarize
from game.scenes import daily_scene
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.dialog import ConfirmDialog
from game.scenes.figures_watch import FiguresWatch, known_figures
from game.scenes.hud import play_time
from game.scenes.kind_picker import KindPicker, kind_title
from game.scenes.month_calendar import month_title, paint_month
from game.scenes.panel_frame import PanelFrame
from game.ui import theme
from game.ui.design import Design, RowForm, row_form
from game.ui.widget import Widget
from game.ui.widgets import Button, SegmentedControl

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.ui.text import TextCache

log = logging.getLogger(__name__)

RESULT_COLOURS = {
    "won": theme.GOLD,
    "blocked": (214, 96, 80),
    "abandoned": (150, 160, 150),
    "assisted": (104, 158, 224),
}  # a calm blue: the demo helped
CHART_GAMES = 20
#: What the right half shows: the last games' chart, or this month's daily deals.
VIEWS = [("chart", N_("Last games")), ("daily", N_("Daily"))]
#: What the screen says while finished games cannot be written (Statistics.problem's reason codes)
NOT_RECORDING = {
    "full": N_("The disk is full: new results are kept and saved when there is room."),
    "readonly": N_("The data folder is read-only: new results are kept but not saved."),
    "locked": N_("Another program is using the statistics: new results are saved later."),
    "io": N_("The statistics cannot be written now: new results are saved later."),
    "newer": N_("A newer version of the game wrote these statistics: new results wait for it."),
}
#: What the screen says when the figures cannot be read now (nothing is lost meanwhile)
NOT_READ = N_("Statistics unavailable: they will be kept when the disk answers")
NOT_KNOWN = "…"  # a figure the database has not given yet (it is read in the background)


class StatsFigures:
    """What a statistics screen reads: the statistics being written, the figures known now, and why
    they cannot be read or written (each asked of the screen's question, its `key`)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    @property
    def stats(self) -> Any:
        progress = self.ctx.progress
        return None if progress is None else progress.stats

    @property
    def known(self) -> Any:
        """The figures as far as known now (game.persist.figures.Known), or None: never waits."""
        return known_figures(self.ctx)

    def unread(self, key: tuple) -> str | None:
        """Why the figures cannot be read now (None: they are known, or coming)."""
        known = self.known
        return None if known is None else known.trouble(key)

    def note(self, key: tuple) -> str | None:
        """Why new results are not being written now, or why the figures cannot be read; None when
        all is well."""
        reason = getattr(self.stats, "problem", None)
        if reason in NOT_RECORDING:
            return tr(NOT_RECORDING[reason])
        return tr(NOT_READ) if self.unread(key) else None

    def with_waiting(self, rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The rows, and how many finished games wait to be recorded while they cannot be."""
        waiting = getattr(self.stats, "waiting", 0) if getattr(self.stats, "problem", None) else 0
        return [*rows, (tr("Waiting to be recorded"), str(waiting))] if waiting else rows


def paint_figures(
    surface: pygame.Surface,
    text: TextCache,
    title: tuple[pygame.Rect, str, str | None],
    numbers: tuple[pygame.Rect, list[tuple[str, str]]],
    design: Design | None = None,
) -> int:
    """A statistics screen's title (its rect, heading and note: why the figures are not as they
    should be, under it) and its numbers (their rect and (label, value) rows); returns the numbers'
    font size. With a `design`, the sizes are its layout class's: the heading's for the title, and
    for the rows the body size, or the small size for all of them where the body's do not fit."""
    r, heading, note = title
    top = r.height * (0.62 if note else 1.0)
    title_size = design.type.heading if design else int(top * 0.7)
    img = text.fit(heading, r.width, title_size, theme.GOLD, bold=True)
    surface.blit(img, img.get_rect(center=(r.centerx, r.y + top / 2)))
    if note:  # under the title, across the panel: the player sees at once why new games don't count yet
        note_size = design.type.small if design else max(12, int(r.height * 0.3))
        img = text.fit(note, r.width, note_size, theme.TEXT)
        surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom)))
    r, rows = numbers
    step = r.height / len(rows)
    size = max(12, int(step * 0.62)) if design is None else figures_size(text, design, r, rows)
    for i, (label, value) in enumerate(rows):
        cy = int(r.y + step * (i + 0.5))
        num = text.render(value, size, theme.TEXT, bold=True)
        surface.blit(num, num.get_rect(midright=(r.right, cy)))
        name = text.fit(label, _label_room(text, r, value, size), size, theme.TEXT_DIM)
        surface.blit(name, name.get_rect(midleft=(r.x, cy)))
    return size


def figures_size(text: TextCache, design: Design, r: pygame.Rect, rows: list[tuple[str, str]]) -> int:
    """The one size of a list of figures in `r`: the class's body size where every row's line fits
    its share of the height and every label its room beside its value; else the small size."""
    step = r.height / max(1, len(rows))
    for size in (design.type.body, design.type.small):
        if text.rendered_size("Ag", size)[1] > step:
            continue
        if all(text.rendered_size(label, size)[0] <= _label_room(text, r, value, size) for label, value in rows):
            return size
    return design.type.small


def _label_room(text: TextCache, r: pygame.Rect, value: str, size: int) -> int:
    """The width a figure's label has beside its value (a long value: the label gives way)."""
    return min(int(r.width * 0.7), r.width - text.rendered_size(value, size, True)[0] - size // 2)


#: The bottom row's labels in full and in short (the short one where the full ones do not fit).
BOTTOM_LABELS = [
    (N_("Reset statistics"), N_("Reset")),
    (N_("Rounds"), N_("Rounds")),
    (N_("Recent games"), N_("Recent")),
    (N_("Back"), N_("Back")),
]


class StatsScene(Scene):
    """Numbers and a small chart for the chosen game and option."""

    def __init__(self, ctx: Context) -> None:
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
        s, text = self.ctx.settings, self.ctx.text
        self.figures = StatsFigures(self.ctx)
        #: The kind shown (the menu's choice at first; this screen's choices leave the menu's alone).
        self.kind = registry.chosen(s)
        self._numbers_size: int | None = None  # the numbers' font size, once painted (the legend's most)
        self.picker = KindPicker(
            text,
            self.kind,
            {f: registry.chosen(s, f).option_value for f in registry.FAMILIES},
            self._set_kind,
            on_more=self.open_rules,
        )
        self.reset_button = Button((0, 0, 1, 1), N_("Reset statistics"), text, self.ask_reset, style="ghost")
        self.reset_button.visible = not self.ctx.visitor  # a kiosk's statistics are reset by its administrator
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary")
        self.rounds_button = Button((0, 0, 1, 1), N_("Rounds"), text, self.open_rounds, style="ghost")  # Golf
        self.recent_button = Button((0, 0, 1, 1), N_("Recent games"), text, self.open_recent, style="ghost")
        self.view = "chart"
        self.view_tabs = SegmentedControl((0, 0, 1, 1), VIEWS, self.view, text, self._set_view)
        self.widgets = [
            *self.picker.widgets,
            self.view_tabs,
            self.reset_button,
            self.rounds_button,
            self.recent_button,
            self.back,
        ]
        self.figures_watch = FiguresWatch(self.ctx)
        self._refresh()

    @property
    def stats(self) -> Any:
        return self.figures.stats

    @property
    def known(self) -> Any:
        """The figures as far as known now (game.persist.figures.Known), or None: never waits."""
        return self.figures.known

    def figures_key(self) -> tuple:
        """The question this screen's numbers answer (for why they cannot be read)."""
        return ("games", self.kind.family.id, self.kind.option)

    def unread(self) -> str | None:
        """Why the figures cannot be read now (None: they are known, or coming)."""
        return self.figures.unread(self.figures_key())

    def layout(self, size: tuple[int, int]) -> None:
        design = self.frame.design
        for widget in self.widgets:  # every control's words at the class's label size
            if isinstance(widget, Button | SegmentedControl):
                widget.size = design.type.label
        row = self.frame.row_height()
        gap = design.space(0.75)
        pad = design.space(2)
        # title, game, option, numbers and chart, buttons; a kiosk keeps its buttons finger-sized at
        # 800x480 and gives the numbers a little less room
        body_units = 3.9 if self.ctx.kiosk else 4.6
        units = 1 + 1 + 1 + body_units + 1
        least = theme.KIOSK_TOUCH if self.ctx.kiosk else 30
        row, x, y, iw = self.frame.place_panel(row, gap, pad, units, 5, 14, min_row=least)
        self.title_rect = pygame.Rect(x, y, iw, row)
        y += row + gap
        y = self.picker.place(x, y, iw, row, gap)
        body = pygame.Rect(x, y, iw, int(row * body_units))
        self.numbers_rect = pygame.Rect(body.x, body.y, int(iw * 0.5), body.height)
        right = pygame.Rect(body.x + int(iw * 0.54), body.y, iw - int(iw * 0.54), body.height)
        tabs = max(theme.MIN_TOUCH, least if self.ctx.kiosk else 0, int(row * 0.8))
        self.view_tabs.rect = (right.x, right.y, right.width, tabs)
        self.chart_rect = pygame.Rect(right.x, right.y + tabs + gap // 2, right.width, right.height - tabs - gap // 2)
        y = body.bottom + gap
        self._word_buttons(design, pygame.Rect(x, y, iw, row), gap)

    def _word_buttons(self, design: Design, place: pygame.Rect, gap: int) -> None:
        """The bottom row (Reset, Rounds for Golf, Recent games, Back) in full ("Reset statistics")
        where every label stands on one line in its button at the class's narrowest window in this
        language, else in short ("Reset") as a whole; each button as wide as its words, and the room
        left shared out among them."""
        pad = 2 * max(8, self.frame.row_height() // 3)
        buttons = [self.reset_button, self.rounds_button, self.recent_button, self.back]
        shown = [
            (b, labels)
            for b, labels in zip(buttons, BOTTOM_LABELS, strict=True)
            if b.visible or b is not self.rounds_button
        ]

        def width(label: str) -> int:
            return self.ctx.text.rendered_size(tr(label), design.type.label, True)[0] + pad

        full = [width(labels[0]) for labels in BOTTOM_LABELS]  # (Rounds too: the same form for both games)
        compact = row_form(full, place.width, gap) is RowForm.COMPACT
        widths = [width(labels[compact]) for _b, labels in shown]
        extra = (place.width - sum(widths) - gap * (len(widths) - 1)) // len(widths)
        x = place.x
        for i, ((button, labels), w) in enumerate(zip(shown, widths, strict=True)):
            button.label = labels[compact]
            right = place.right if i == len(shown) - 1 else x + w + extra  # (Back at the far end)
            button.rect = (x, place.y, right - x, place.height)
            button.invalidate()
            x = right + gap

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) rows for the chosen game and option (for its daily deals in the daily view),
        and the finished games waiting to be recorded, if any."""
        return self.with_waiting(self.daily_lines() if self.view == "daily" else self.game_lines())

    def game_lines(self) -> list[tuple[str, str]]:
        s = self._summary()
        if s is None and (self.known is None or self.unread()):
            return [(tr("Statistics are not available"), "")]
        if s is None:  # being read: the labels, and their numbers when they come
            return [(label, NOT_KNOWN) for label, _v in self.lines_of(summarize([]))]
        return self.lines_of(s)

    def lines_of(self, s: Any) -> list[tuple[str, str]]:
        none = "—"  # nothing to average yet
        won = (
            tr("{won} ({count} clean)", plural="{won} ({count} clean)", count=s.clean_wins, won=s.won) if s.won else "0"
        )
        return [
            (tr("Played"), str(s.played)),
            (tr("Won"), won),
            (tr("Win rate"), f"{s.win_percent:.0f} %" if s.played else none),
            (tr("Best score"), str(s.best_score) if s.best_score is not None else none),
            (tr("Current streak"), str(s.current_streak)),
            (tr("Longest streak"), str(s.longest_streak)),
            (tr("Average moves"), decimal(s.average_moves) if s.played else none),
            (tr("Hints used"), str(s.hints)),
            (
                tr("Win time: best (average)"),
                none if s.best_time is None else f"{play_time(s.best_time)} ({play_time(s.average_win_time or 0)})",
            ),
        ]

    def daily_lines(self) -> list[tuple[str, str]]:
        """The daily deals of the kind shown: days played and won this month, days won in all, clean
        wins and the streaks."""
        results, day = self._daily or {}, daily_scene.today()
        won = [d for d, r in results.items() if r.won]
        month = [r for d, r in results.items() if (d.year, d.month) == (day.year, day.month)]
        lines = [
            (month_title(day), ""),
            (tr("Days played"), str(len(month))),  # (this month's, under its name)
            (tr("Days won"), str(sum(1 for r in month if r.won))),
            (tr("Days won in all"), str(len(won))),
            (tr("Clean wins"), str(sum(1 for r in results.values() if r.clean))),
            (tr("Daily streak"), str(daily.current_streak(daily.streak_days(results), day))),
            (tr("Best daily streak"), str(daily.best_streak(daily.streak_days(results)))),
        ]
        if self._daily is None:  # being read
            return [lines[0], *((label, NOT_KNOWN) for label, _v in lines[1:])]
        return lines

    def note(self) -> str | None:
        """Why new results are not being written now, or why the figures cannot be read; None when
        all is well."""
        return self.figures.note(self.figures_key())

    def with_waiting(self, rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The rows, and how many finished games wait to be recorded while they cannot be."""
        return self.figures.with_waiting(rows)

    def heading(self) -> str:
        """The screen's title (the rounds' screen names its rule set)."""
        return tr("Statistics")

    def paint_static(self, surface: pygame.Surface) -> None:
        self._numbers_size = paint_figures(
            surface,
            self.ctx.text,
            (self.title_rect, self.heading(), self.note()),
            (self.numbers_rect, self.lines()),
            self.frame.design,
        )
        self._paint_chart(surface)

    def _summary(self) -> Any:
        """The numbers as far as known, or None (being read, or the database cannot answer now)."""
        return None if self.known is None else self.known.summary(self.kind.family.id, self.kind.option)

    def _paint_chart(self, surface: pygame.Surface) -> None:
        r = self.chart_rect
        if self.view == "daily":
            self._paint_daily(surface, r)
            return
        legend_h = self._paint_legend(surface, r)
        plot = pygame.Rect(r.x, r.y + 4, r.width, r.height - 8 - legend_h)
        pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright)
        results = None if self.known is None else self.known.last(self.kind.family.id, self.kind.option, CHART_GAMES)
        if results is None and self.known is not None and not self.unread():
            return  # being read: the bars come with the answer
        if not results:
            none = self.ctx.text.fit(tr("No games yet"), plot.width, self.frame.design.type.body, theme.TEXT_DIM)
            surface.blit(none, none.get_rect(center=plot.center))
            return
        top = max(max(score for _r, score in results), 1)
        slot = plot.width / CHART_GAMES
        for i, (result, score) in enumerate(results):
            h = max(3, int((plot.height - 4) * score / top))
            bar = pygame.Rect(int(plot.x + i * slot + slot * 0.15), plot.bottom - h, max(2, int(slot * 0.7)), h)
            pygame.draw.rect(surface, RESULT_COLOURS[result], bar, border_radius=2)

    def _paint_daily(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """This month's calendar of daily deals (or why these rules have none)."""
        if self.kind.id not in daily.daily_kinds():
            img = self.ctx.text.fit(
                tr("These rules have no daily deal."), r.width, self.frame.design.type.body, theme.TEXT_DIM
            )
            surface.blit(img, img.get_rect(center=r.center))
            return
        day = daily_scene.today()
        paint_month(surface, r, self.ctx.text, day.replace(day=1), day, self._daily or {})

    def legend_keys(self) -> list[tuple[str, str]]:
        """The results the chart can show for this game: an Eight Off game never blocks."""
        keys = [
            ("won", N_("Won")),
            ("blocked", N_("Blocked")),
            ("abandoned", N_("Abandoned")),
            ("assisted", N_("Assisted")),
        ]
        return [k for k in keys if self.kind.family.can_block or k[0] != "blocked"]

    def _paint_legend(self, surface: pygame.Surface, r: pygame.Rect) -> int:
        """Colour keys under the chart (a bar's height is its score); returns the height used."""
        size = self.frame.design.type.small
        legend = self._legend(size, r.width)
        line = max(img.get_height() for _c, img in legend.items)
        y = r.bottom - line * len(legend.rows)
        for row in legend.rows:
            legend.paint_row(surface, row, r, y)
            y += line
        return line * len(legend.rows) + 4

    def _legend(self, size: int, width: int) -> Legend:
        """The legend's keys at `size` on one row when they fit in `width`; else on two rows (a long
        language) before the text gets smaller, down to 10 px."""
        keys = self.legend_keys()
        while True:
            items = [(RESULT_COLOURS[k], self.ctx.text.render(tr(label), size, theme.TEXT_DIM)) for k, label in keys]
            legend = Legend(items, size)
            if legend.fits(width) or size <= 10:
                return legend
            size -= 1

    # --- actions -------------------------------------------------------------------------------
    def _refresh(self) -> None:
        self.frame.repaint()
        self._daily: dict[datetime.date, daily.DayResult] | None = {}
        if self.view == "daily":
            self._daily = daily_scene.known_results(self.ctx, self.kind)
        rounds = self.kind.family is registry.GOLF
        if rounds != self.rounds_button.visible:
            self.rounds_button.visible = rounds
            self.layout(self.frame.size)
        summary = self._summary()
        self.reset_button.enabled = bool(summary and summary.played)
        self.reset_button.invalidate()

    def _set_kind(self, kind: registry.GameKind) -> None:
        self.kind = kind
        self.picker.show(kind)  # (chosen in the rule sets' list too)
        self._refresh()

    def _set_view(self, view: str) -> None:
        """The chart of the last games or the month of daily deals, beside numbers to match."""
        self.view = view
        self.view_tabs.value = view
        self.view_tabs.invalidate()
        self._refresh()

    def open_rules(self, family_id: str) -> None:
        """The family's other rule sets, with the number of games of each: every one played."""
        from game.scenes.stats_rules import StatsRulesScene  # (as the dialog: loaded when first shown)

        self.next = Push(StatsRulesScene(self.ctx, family_id, self.stats, self._set_kind))

    def ask_reset(self) -> None:
        name = kind_title(self.kind)
        self.next = Push(
            ConfirmDialog(
                self.ctx,
                N_("Reset statistics?"),
                [tr("All results of {name} will be deleted.", name=name)],
                N_("Reset"),
                self.reset,
            )
        )

    def reset(self) -> None:
        if self.stats is not None:
            self.stats.reset(self.kind.family.id, self.kind.option)  # (queued: it never fails here)
        self._refresh()

    def invalidate(self, rects: list | None = None) -> None:
        self._refresh()

    def figures_came(self) -> None:
        self._refresh()  # new figures from the database: painted again

    def open_rounds(self) -> None:
        """The rounds of golf of the rule set shown."""
        self.next = Push(self.ctx.scenes.round_stats(self.kind))

    def open_recent(self) -> None:
        """The games kept as replays, to watch again or review."""
        self.next = Push(self.ctx.scenes.recent_games())

    def close(self) -> None:
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()


class Legend:
    """The chart's colour keys, each a square and its word, set in one row or two: a key's square
    about a capital's height, a space after it and an em between keys (smaller squares, set closer,
    are lost against their words)."""

    def __init__(self, items: list[tuple[tuple[int, int, int], pygame.Surface]], size: int) -> None:
        self.items = items
        self.box, self.space, self.gap = max(8, int(size * 0.7)), max(5, size // 3), max(8, size)
        self.rows = [items]

    def fits(self, width: int) -> bool:
        """Set in `width`: on one row if it fits, else on two; whether that fits."""
        box, space, gap = self.box, self.space, self.gap
        widths = [box + space + img.get_width() for _c, img in self.items]
        if sum(widths) + gap * (len(self.items) - 1) > width:
            self.rows = [row for row in (self.items[:2], self.items[2:]) if row]
        return len(self.rows) == 1 or max(self._used(row) + gap for row in self.rows) <= width

    def _used(self, row: list[tuple[tuple[int, int, int], pygame.Surface]]) -> int:
        return sum(self.box + self.space + img.get_width() for _c, img in row)

    def paint_row(
        self, surface: pygame.Surface, row: list[tuple[tuple[int, int, int], pygame.Surface]], r: pygame.Rect, y: int
    ) -> None:
        """One row of keys, centred across `r`, from `y` down."""
        box, space, gap = self.box, self.space, self.gap
        total = self._used(row) + gap * (len(row) - 1)
        x = r.x + max(0, (r.width - total) // 2)
        for colour, img in row:
            pygame.draw.rect(
                surface, colour, (x, y + img.get_height() // 2 - box // 2, box, box), border_radius=max(2, box // 5)
            )
            surface.blit(img, (x + box + space, y))
            x += box + space + img.get_width() + gap
