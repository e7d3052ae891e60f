"""The daily deal's screen: today's deal of the chosen game, whether it is done, the current and
best daily streaks, a calendar of the month with each day's result, and a share line (copied on the
desktop, shown on a kiosk, which has nowhere to paste it)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import pygame

from game import daily, registry
from game.i18n import N_, tr
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.dialog import ConfirmDialog
from game.scenes.figures_watch import FiguresWatch, known_figures
from game.scenes.kind_picker import KindPicker, rules_title
from game.scenes.month_calendar import month_title, paint_month
from game.scenes.panel_frame import PanelFrame
from game.scenes.seat import saved_game_at_stake
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button, Label

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context


def today() -> datetime.date:
    """The player's local date (tests replace it)."""
    return datetime.date.today()


def kind_title(kind: registry.GameKind) -> str:
    """'Golf Easy', 'Eight Off 4 cells', 'Golf Classic + 2 jokers', in the player's language (the
    share line's form of the rule set's title, which the band writes with a dot)."""
    return f"{tr(kind.name)} {rules_title(kind)}"


def share_line(kind: registry.GameKind, result: daily.DayResult) -> str:
    """'Golf Easy · 2026-12-01 · won in 52 moves · 350 · clean', to paste anywhere."""
    parts = [kind_title(kind), result.day.isoformat()]
    parts.append(
        tr("won in {count} move", plural="won in {count} moves", count=result.moves) if result.won else tr("not won")
    )
    parts.append(str(result.score))
    if result.clean:
        parts.append(tr("clean"))
    return " · ".join(parts)


def known_results(ctx: Any, kind: registry.GameKind) -> dict[datetime.date, daily.DayResult] | None:
    """Each date's daily result of a kind as far as known now: None while the statistics are being
    read (this never waits), empty without statistics or when they cannot be read."""
    known = known_figures(ctx)
    if known is None:
        return {}
    rows = known.day_rows(kind.family.id, kind.option)
    if rows is None:
        return {} if known.trouble(("days", kind.family.id, kind.option)) else None
    return daily.day_results(rows)


def results_of(ctx: Any, kind: registry.GameKind) -> dict[datetime.date, daily.DayResult]:
    """Each date's daily result of a kind, as far as known now (empty until then)."""
    return known_results(ctx, kind) or {}


def daily_kind(settings: Any) -> registry.GameKind:
    """The kind the menu has chosen if it has a daily deal, else its game's first kind."""
    chosen = registry.chosen(settings)
    if chosen.id in daily.daily_kinds():
        return chosen
    return registry.kinds_of(chosen.family.id)[0]


class DailyScene(Scene):
    """Today's deal, the streaks and the month, for one kind (the picker changes it)."""

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
        s, text = self.ctx.settings, self.ctx.text
        self.kind = daily_kind(s)
        self.today = today()
        self.month = self.today.replace(day=1)
        self.picker = KindPicker(
            text,
            self.kind,
            {
                f: daily_kind(s).option_value if f == self.kind.family.id else registry.chosen(s, f).option_value
                for f in registry.FAMILIES
            },
            self._set_kind,
        )
        self.figures_watch = FiguresWatch(self.ctx)
        self.play_button = Button((0, 0, 1, 1), N_("Play today's deal"), text, self.play, style="primary")
        self.share_button = Button((0, 0, 1, 1), N_("Copy"), text, self.share, style="secondary")
        self.share_button.visible = not self.ctx.kiosk
        self.prev_button = Button((0, 0, 1, 1), "◀", text, lambda: self._turn(-1), style="ghost")
        self.next_button = Button((0, 0, 1, 1), "▶", text, lambda: self._turn(1), style="ghost")
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="ghost")
        self.note = Label((0, 0, 1, 1), text, theme.TEXT_DIM)
        self.widgets = [
            *self.picker.widgets,
            self.play_button,
            self.share_button,
            self.prev_button,
            self.next_button,
            self.back,
            self.note,
        ]
        self._refresh()

    # --- what is shown -------------------------------------------------------------------------
    def results(self) -> dict[datetime.date, daily.DayResult] | None:
        """Each date's daily result of this kind; None while being read."""
        return known_results(self.ctx, self.kind)

    def lines(self) -> list[str]:
        """Today's state and the two streaks."""
        if self._known is None:
            return ["…", ""]  # being read: they come with the answer
        results = self._results
        won = [d for d, r in results.items() if r.won]
        done = results.get(self.today)
        if done is None:
            state = tr("Today's deal is waiting for you.")
        elif done.won:
            state = tr(
                "Today's deal is done: won in {moves}, {points}.",
                moves=tr("{count} move", plural="{count} moves", count=done.moves),
                points=tr("{count} point", plural="{count} points", count=done.score),
            )
        else:
            state = tr("Today's deal was played but not won yet.")
        return [
            state,
            tr(
                "Daily streak: {now} · best: {best}",
                now=daily.current_streak(won, self.today),
                best=daily.best_streak(won),
            ),
        ]

    def _refresh(self) -> None:
        self._known = self.results()
        self._results = self._known or {}
        self.available = self.kind.id in daily.daily_kinds()
        done = self._results.get(self.today)
        self.play_button.label = N_("Play again") if done is not None else N_("Play today's deal")
        self.play_button.enabled = self.available
        self.share_button.enabled = done is not None
        self.note.set_text(share_line(self.kind, done) if done is not None and self.ctx.kiosk else "")
        self.next_button.enabled = self.month < self.today.replace(day=1)
        for w in self.widgets:
            w.invalidate()
        self.frame.repaint()

    def layout(self, size: tuple[int, int]) -> None:
        row = self.frame.row_height()
        gap = max(6, row // 5)
        pad = max(12, int(row * 0.4))
        # title, game, option, two lines, the month's title, its calendar, the buttons
        units = 1 + 1 + 1 + 1.2 + 0.8 + 4.2 + 1
        row, x, y, iw = self.frame.place_panel(row, gap, pad, units, 7, 13, min_row=30)
        self.title_rect = pygame.Rect(x, y, iw, row)
        y += row + gap
        y = self.picker.place(x, y, iw, row, gap)
        self.lines_rect = pygame.Rect(x, y, iw, int(row * 1.2))
        y += self.lines_rect.height + gap
        arrow = max(row, int(row * 1.1))
        self.prev_button.rect = (x, y, arrow, int(row * 0.8))
        self.next_button.rect = (x + iw - arrow, y, arrow, int(row * 0.8))
        self.month_rect = pygame.Rect(x + arrow + gap, y, iw - 2 * (arrow + gap), int(row * 0.8))
        y += int(row * 0.8) + gap // 2
        self.calendar_rect = pygame.Rect(x, y, iw, int(row * 4.2))
        self.note.rect = (x, self.calendar_rect.bottom - int(row * 0.5), iw, int(row * 0.5))
        y = self.calendar_rect.bottom + gap
        buttons = [self.play_button] + ([self.share_button] if self.share_button.visible else []) + [self.back]
        bw = (iw - gap * (len(buttons) - 1)) // len(buttons)
        for i, b in enumerate(buttons):
            b.rect = (x + i * (bw + gap), y, bw, row)

    def paint_static(self, surface: pygame.Surface) -> None:
        text = self.ctx.text
        r = self.title_rect
        img = text.fit(tr("Daily deal"), r.width, int(r.height * 0.75), theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=r.center))
        r = self.lines_rect
        lines = self.lines() if self.available else [tr("These rules have no daily deal."), ""]
        for i, line in enumerate(lines):
            img = text.fit(line, r.width, max(12, int(r.height * 0.36)), theme.TEXT if i == 0 else theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=(r.centerx, r.y + r.height * (0.27 + 0.5 * i))))
        r = self.month_rect
        img = text.fit(month_title(self.month), r.width, int(r.height * 0.7), theme.TEXT, bold=True)
        surface.blit(img, img.get_rect(center=r.center))
        self._paint_calendar(surface)

    def _paint_calendar(self, surface: pygame.Surface) -> None:
        """The month's results; a kiosk keeps the calendar's last row for its share line."""
        paint_month(
            surface,
            self.calendar_rect,
            self.ctx.text,
            self.month,
            self.today,
            self._results,
            spare_rows=1 if self.ctx.kiosk else 0,
        )

    # --- actions -------------------------------------------------------------------------------
    def _set_kind(self, kind: registry.GameKind) -> None:
        self.kind = kind
        self._refresh()

    def _turn(self, months: int) -> None:
        year, month = divmod(self.month.year * 12 + self.month.month - 1 + months, 12)
        turned = datetime.date(year, month + 1, 1)
        if turned <= self.today.replace(day=1):
            self.month = turned
            self._refresh()

    def play(self) -> None:
        """Today's deal of this kind, proven winnable; a game under way is only given up after the
        player confirms, as from the menu."""
        if not self.available:
            return
        from game.scenes.dealing import deal_daily  # the deal's module (and the solver's deal lists) load with a deal

        kind_id, day = self.kind.id, self.today

        def deal() -> Transition:
            return deal_daily(self.ctx, kind_id, day)

        if saved_game_at_stake(self.ctx):
            self.next = Push(
                ConfirmDialog(
                    self.ctx,
                    N_("Start a new game?"),
                    [N_("The game you can continue will count as abandoned.")],
                    N_("New game"),
                    deal,
                )
            )
        else:
            self.next = deal()

    def share(self) -> None:
        done = self._results.get(self.today)
        if done is None or self.ctx.kiosk:
            return
        self.ctx.clipboard_set(share_line(self.kind, done))
        self.note.set_text(tr("Copied: {line}", line=share_line(self.kind, done)))

    def figures_came(self) -> None:
        self._refresh()  # new figures from the database: painted again

    def on_key(self, event: pygame.event.Event) -> None:
        """No keys of its own: Back and the rest are controls the focus reaches."""

    def close(self) -> None:
        self.next = Pop()
