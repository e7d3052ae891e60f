"""The daily deal's screen: the deal of a day of the chosen game and rule set, whether it is done,
the current and best daily streaks, a calendar of the month with each day's result, and a share line
(copied on the desktop, shown on a kiosk, which has nowhere to paste it).

Today is chosen when the screen opens; a tap on an earlier day of the calendar chooses that day, and
Play deals its deal, which counts for that day (game/daily.py says how caught-up days count in the
streaks). Days to come cannot be chosen.

The screen has two columns on every window: the choices, the chosen day's lines and the buttons on
the left, the month on the right. Every size comes from the window's design (game/ui/design.py):
the title at the class's heading size, lines at its body size, the confirmation of a copy at its
small size on a line of its own, buttons, choices and the calendar's numbers at its label size; the
calendar's days are at least a finger's target square. Where the buttons or the rule sets do not fit
their row at those sizes, the row takes its compact form (two rows of buttons; a rule set beyond the
menu's first choices by its short name), decided by the class and the language."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import daily, registry
from game.i18n import N_, tr
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.daily_mark import day_name
from game.scenes.dialog import ConfirmDialog
from game.scenes.figures_watch import FiguresWatch, known_figures
from game.scenes.kind_picker import rules_title
from game.scenes.month_calendar import DayCell, MonthGrid, month_title, paint_weekdays, sizes
from game.scenes.panel_frame import PanelFrame
from game.scenes.seat import saved_game_at_stake
from game.scenes.sized_widgets import SizedButton, SizedSegments, label_room, label_width
from game.ui import theme
from game.ui.design import Design, RowForm, design_for
from game.ui.text import get_font, least_legible, wrap_lines
from game.ui.widget import Widget

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context

#: The labels Play takes: today's deal not played yet, an earlier day's not played yet, either played
PLAY_TODAY, PLAY_DAY, PLAY_AGAIN = N_("Play today's deal"), N_("Play this deal"), N_("Play again")
PAD, COLUMN_GAP = 2, 3  # the panel's padding and the room between its columns, in spacing units
LEFT_MOST = 24  # the left column's greatest width, in body sizes: lines stay short enough to read
STATE_LINES, NOTE_LINES = 2, 2
LEADING = 1.3  # a line's pitch, in the font's lines  # lines kept for the chosen day's state, and for the share line


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


def daily_kind(settings: Any, family_id: str | None = None) -> registry.GameKind:
    """The kind the menu has chosen (for `family_id`, else for the last game) if it has a daily
    deal, else its game's first kind."""
    chosen = registry.chosen(settings, family_id)
    if chosen.id in daily.daily_kinds():
        return chosen
    return registry.kinds_of(chosen.family.id)[0]


def rule_sets(family_id: str, menu_kind: registry.GameKind, short: bool = False) -> list[tuple[str, str]]:
    """The rule sets the daily screen offers for a game, as (kind id, label): the menu's first
    choices that have a daily deal, and the menu's own choice when it is another rule set, named in
    full ('Strict', 'Classic + 2 jokers') or, `short`, by its option and how many rules it adds."""
    kinds = daily.daily_kinds()
    out = [(k.id, k.option_name) for k in registry.kinds_of(family_id, front=True) if k.id in kinds]
    if menu_kind.family.id == family_id and not menu_kind.front and menu_kind.id in kinds:
        out.append((menu_kind.id, short_title(menu_kind) if short else rules_title(menu_kind)))
    return out


def short_title(kind: registry.GameKind) -> str:
    """A rule set's compact name: 'Classic + 1 more' for Classic with jokers, the option alone
    ('Strict') when it adds no rule."""
    if not kind.extras:
        return tr(kind.option_name)
    return tr(
        "{rules} + {count} more", plural="{rules} + {count} more", count=len(kind.extras), rules=tr(kind.option_name)
    )


def line_height(size: int) -> int:
    """The pitch of lines of text at `size`: the font's line with a leading that holds a Thai line
    (its marks above and below stand taller), or a line in the player's language if taller still."""
    shown = "Åg 1 " + tr("Daily deal")  # (its letters beside the main font's)
    tallest = get_font(least_legible(shown, size)).render(shown, True, theme.TEXT).get_height()
    return max(round(get_font(size).get_linesize() * LEADING), tallest)


def day_side(design: Design, target: int) -> int:
    """The side of a calendar day's square: a finger's target at least, roomy for its number."""
    return max(target, round(2.5 * design.type.label))


@dataclass(frozen=True)
class Columns:
    """The widths of the panel's two columns in a window."""

    left: int
    calendar: int
    cell: int


def columns(window: tuple[int, int], design: Design, target: int) -> Columns:
    """The left column's width and the calendar's (seven days' squares) in a window of the class."""
    cell = day_side(design, target)
    calendar = 7 * cell
    room = window[0] - 2 * design.space(1) - 2 * design.space(PAD) - design.space(COLUMN_GAP) - calendar
    return Columns(max(0, min(room, LEFT_MOST * design.type.body)), calendar, cell)


@dataclass
class Painted:
    """A text the screen painted: where, what, at what size (the tests look at them)."""

    rect: pygame.Rect
    text: str
    size: int


class DailyScene(Scene):
    """The deal of a day, the streaks and the month, for one kind (the choices change it)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
        self.painted: list[Painted] = []
        self.note_text = ""
        self._note_for: tuple[str, datetime.date] | None = None  # the deal whose line was copied
        self.frame = PanelFrame(ctx, self)
        self.design = design_for(self.frame.size)
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

    @property
    def target(self) -> int:
        """The least side of a control: the class's, and a kiosk's larger one."""
        return max(self.design.target, theme.KIOSK_TOUCH) if self.ctx.kiosk else self.design.target

    def build(self) -> None:
        s, text = self.ctx.settings, self.ctx.text
        #: The games shown: a kiosk's visitor has only those its administrator offers
        self.families = [f for f in registry.FAMILIES.values() if self.ctx.allows(daily_kind(s, f.id))]
        #: The menu's choice for each game: the rule set the screen shows first for it
        self.menu_kinds = {f: daily_kind(s, f) for f in registry.FAMILIES}
        self.kind = daily_kind(s)
        if self.kind.family not in self.families:
            self.kind = self.menu_kinds[self.families[0].id]
        self.today = today()
        self.chosen = self.today
        self.month = self.today.replace(day=1)
        label = self.design.type.label
        self.game_choice = SizedSegments(
            [(f.id, f.name) for f in self.families], self.kind.family.id, text, self._set_family, label
        )
        self.rule_choice = SizedSegments(
            self._rule_sets(self.kind.family.id), self.kind.id, text, self._set_rules, label
        )
        self.figures_watch = FiguresWatch(self.ctx)
        self.play_button = SizedButton(PLAY_TODAY, text, self.play, "primary", label)
        self.share_button = SizedButton(N_("Copy"), text, self.share, "secondary", label)
        self.share_button.visible = not self.ctx.kiosk
        self.prev_button = SizedButton("◀", text, lambda: self._turn(-1), "ghost", label)
        self.next_button = SizedButton("▶", text, lambda: self._turn(1), "ghost", label)
        self.back = SizedButton(N_("Back"), text, self.close, "ghost", label)
        self.days: list[DayCell] = []
        self._make_days()
        self._refresh()

    def _make_days(self) -> None:
        """A control for each day of the month shown, and the screen's controls in focus order."""
        number = sizes(self.design)[0]
        weeks = daily.month_grid(self.month.year, self.month.month)
        self.days = [
            DayCell(day, self.ctx.text, self.today, number, self.choose) for week in weeks for day in week if day
        ]
        self.widgets = [
            self.game_choice,
            self.rule_choice,
            self.play_button,
            self.share_button,
            self.back,
            self.prev_button,
            *self.days,
            self.next_button,
        ]

    # --- what is shown -------------------------------------------------------------------------
    def results(self) -> dict[datetime.date, daily.DayResult] | None:
        """Each date's daily result of this kind; None while being read."""
        return known_results(self.ctx, self.kind)

    def lines(self) -> list[str]:
        """The chosen day's state and the two streaks."""
        if self._known is None:
            return ["…", ""]  # being read: they come with the answer
        results = self._results
        done = results.get(self.chosen)
        streak_days = daily.streak_days(results)
        return [
            self._state(done),
            tr(
                "Daily streak: {now} · best: {best}",
                now=daily.current_streak(streak_days, self.today),
                best=daily.best_streak(streak_days),
            ),
        ]

    def _state(self, done: daily.DayResult | None) -> str:
        """How the chosen day's deal went, in a sentence naming the day when it is not today."""
        fields = {}
        if done is not None and done.won:
            fields = {
                "moves": tr("{count} move", plural="{count} moves", count=done.moves),
                "points": tr("{count} point", plural="{count} points", count=done.score),
            }
        if self.chosen == self.today:
            if done is None:
                return tr("Today's deal is waiting for you.")
            if done.won:
                return tr("Today's deal is done: won in {moves}, {points}.", **fields)
            return tr("Today's deal was played but not won yet.")
        day = day_name(self.chosen)
        if done is None:
            return tr("{day}: the deal is waiting for you.", day=day)
        if done.won and done.caught_up:
            return tr("{day}: won after its day, in {moves}, {points}.", day=day, **fields)
        if done.won:
            return tr("{day}: done, won in {moves}, {points}.", day=day, **fields)
        return tr("{day}: played but not won yet.", day=day)

    def _refresh(self) -> None:
        self._known = self.results()
        self._results = self._known or {}
        self.available = self.kind.id in daily.daily_kinds()
        done = self._results.get(self.chosen)
        label = PLAY_AGAIN if done is not None else PLAY_TODAY if self.chosen == self.today else PLAY_DAY
        if label != self.play_button.label:
            self.play_button.label = label
            self.play_button.invalidate()
        self.play_button.enabled = self.available and daily.playable(self.chosen, self.today)
        self.share_button.enabled = done is not None
        if self.ctx.kiosk:
            self.note_text = share_line(self.kind, done) if done is not None else ""
        elif self._note_for != (self.kind.id, self.chosen):
            self.note_text = ""  # a copy's confirmation stays until another deal is shown
        self.next_button.enabled = self.month < self.today.replace(day=1)
        for cell in self.days:
            cell.show(self._results.get(cell.day), cell.day == self.chosen)
        for w in self.widgets:
            w.invalidate()
        self.frame.repaint()

    # --- the layout ----------------------------------------------------------------------------
    def forms(self) -> tuple[RowForm, RowForm]:
        """The forms of the buttons' row and the rule sets' row: full where they fit the left
        column of the class's narrowest window at the class's sizes, in this language. (Measured in
        the class's own design: a zoomed one, on a 4K screen, is the same layout made larger.)"""
        base, text = design_for(self.design.least), self.ctx.text
        target = max(base.target, theme.KIOSK_TOUCH) if self.ctx.kiosk else base.target
        room = lambda least: columns(least, base, target).left  # noqa: E731

        def button(labels: list[str]) -> int:
            return max(label_width(text, label, base.type.label) for label in labels) + label_room(target)

        buttons = [button([PLAY_TODAY, PLAY_DAY, PLAY_AGAIN])]
        if self.share_button.visible:
            buttons.append(button([self.share_button.label]))
        buttons.append(button([self.back.label]))
        widest = 0
        for family_id in registry.FAMILIES:
            for kind in registry.kinds_of(family_id):
                labels = [label for _id, label in rule_sets(family_id, kind)]
                pad = SizedSegments.LABEL_PAD
                widest = max(widest, sum(label_width(text, label, base.type.label) + pad for label in labels))
        return base.row_form(buttons, room), base.row_form([widest], room)

    def layout(self, size: tuple[int, int]) -> None:
        d = self.design = design_for(size)
        self._resize_text(d)
        target, unit = self.target, d.space
        cols = columns(size, d, target)
        self.button_form, self.rules_form = self.forms()
        self._set_rule_options()
        small, body, heading = d.type.small, d.type.body, d.type.heading
        header = line_height(small) + unit(0.5)
        calendar_h = target + unit(1) + header + 6 * cols.cell
        button_rows = 1 if self.button_form is RowForm.FULL else 2
        left_h = (
            line_height(heading)
            + unit(1)
            + 2 * (target + unit(1))
            + unit(0.5)
            + (STATE_LINES + 1) * line_height(body)
            + unit(1)
            + NOTE_LINES * line_height(small)
            + unit(1)
            + button_rows * target
            + (button_rows - 1) * unit(1)
        )
        inner_h = max(left_h, calendar_h)
        pw = cols.left + unit(COLUMN_GAP) + cols.calendar + 2 * unit(PAD)
        self.frame.panel_rect = pygame.Rect(0, 0, pw, inner_h + 2 * unit(PAD))
        self.frame.panel_rect.center = (size[0] // 2, size[1] // 2)
        x, y = self.frame.panel_rect.x + unit(PAD), self.frame.panel_rect.y + unit(PAD)
        self._place_left(x, y, cols.left, inner_h)
        self._place_calendar(x + cols.left + unit(COLUMN_GAP), y, cols, header)

    def _resize_text(self, d: Design) -> None:
        """The controls' sizes in this class (the window may have changed class)."""
        for w in (self.game_choice, self.rule_choice, self.play_button, self.share_button, self.back):
            w.size = d.type.label
        for w in (self.prev_button, self.next_button):
            w.size = d.type.label
        for cell in self.days:
            cell.size = sizes(d)[0]

    def _rule_sets(self, family_id: str, short: bool = False) -> list[tuple[str, str]]:
        """The game's rule sets this player may play today's deal of (a kiosk's administrator may
        keep the rules: then only the one the menu deals)."""
        menu_kind = self.menu_kinds[family_id]
        sets = rule_sets(family_id, menu_kind, short)
        return [(k, label) for k, label in sets if k == menu_kind.id or self.ctx.allows(registry.kind(k))]

    def _set_rule_options(self) -> None:
        short = self.rules_form is RowForm.COMPACT
        self.rule_choice.set_options(self._rule_sets(self.kind.family.id, short), self.kind.id)

    def _place_left(self, x: int, y: int, width: int, height: int) -> None:
        d, target, unit = self.design, self.target, self.design.space
        self.title_rect = pygame.Rect(x, y, width, line_height(d.type.heading))
        y = self.title_rect.bottom + unit(1)
        self.game_choice.rect = (x, y, width, target)
        y += target + unit(1)
        self.rule_choice.rect = (x, y, width, target)
        y += target + unit(1.5)
        self.lines_rect = pygame.Rect(x, y, width, (STATE_LINES + 1) * line_height(d.type.body))
        y = self.lines_rect.bottom + unit(1)
        self.note_rect = pygame.Rect(x, y, width, NOTE_LINES * line_height(d.type.small))
        bottom = self.title_rect.y + height
        buttons = [self.play_button] + ([self.share_button] if self.share_button.visible else []) + [self.back]
        if self.button_form is RowForm.FULL:
            self._row(buttons, x, bottom - target, width)
        else:  # Play across the column, the others under it
            self.play_button.rect = (x, bottom - 2 * target - unit(1), width, target)
            self._row(buttons[1:], x, bottom - target, width)

    def _row(self, buttons: list[SizedButton], x: int, y: int, width: int) -> None:
        """Buttons side by side across `width`, each as wide as its label asks and the rest shared."""
        gap = self.design.space(1)
        needs = [b.needed([PLAY_TODAY, PLAY_DAY, PLAY_AGAIN] if b is self.play_button else None) for b in buttons]
        spare = max(0, width - sum(needs) - gap * (len(buttons) - 1)) // len(buttons)
        for b, need in zip(buttons, needs, strict=True):
            b.rect = (x, y, need + spare, self.target)
            x += need + spare + gap

    def _place_calendar(self, x: int, y: int, cols: Columns, header: int) -> None:
        target = self.target
        self.prev_button.rect = (x, y, target, target)
        self.next_button.rect = (x + cols.calendar - target, y, target, target)
        gap = self.design.space(1)
        self.month_rect = pygame.Rect(x + target + gap, y, cols.calendar - 2 * (target + gap), target)
        top = y + target + gap
        self.grid = MonthGrid(pygame.Rect(x, top, cols.calendar, header + 6 * cols.cell), self.month, header, cols.cell)
        cells = {day: self.grid.cell(w, i) for day, w, i in self.grid.days()}
        for cell in self.days:
            cell.rect = cells[cell.day]

    # --- painting ------------------------------------------------------------------------------
    def _paint(self, surface: pygame.Surface, line: str, size: int, colour: Any, at: dict, bold: bool = False) -> None:
        """A line of text at a size of the scale, placed by `at` (pygame.Rect keywords)."""
        size = least_legible(line, size)
        img = self.ctx.text.render(line, size, colour, bold=bold)
        r = img.get_rect(**at)
        surface.blit(img, r)
        self.painted.append(Painted(r, line, size))

    def paint_static(self, surface: pygame.Surface) -> None:
        self.painted = []
        d, text = self.design, self.ctx.text
        r = self.title_rect
        self._paint(surface, tr("Daily deal"), d.type.heading, theme.GOLD, {"midleft": r.midleft}, bold=True)
        lines = self.lines() if self.available else [tr("These rules have no daily deal."), ""]
        pitch = line_height(d.type.body)
        y = self.lines_rect.y
        state = wrap_lines(lines[0], self.lines_rect.width, least_legible(lines[0], d.type.body))
        for line in state[:STATE_LINES]:
            self._paint(surface, line, d.type.body, theme.TEXT, {"midleft": (self.lines_rect.x, y + pitch // 2)})
            y += pitch
        if lines[1]:
            self._paint(
                surface, lines[1], d.type.body, theme.TEXT_DIM, {"midleft": (self.lines_rect.x, y + pitch // 2)}
            )
        self._paint_note(surface)
        r = self.month_rect
        self._paint(surface, month_title(self.month), d.type.label, theme.TEXT, {"center": r.center}, bold=True)
        paint_weekdays(surface, self.grid, text, sizes(d)[1])

    def _paint_note(self, surface: pygame.Surface) -> None:
        """The share line on a kiosk, or the confirmation of a copy: on its own lines, under the
        chosen day's, clear of the calendar."""
        if not self.note_text:
            return
        size = least_legible(self.note_text, self.design.type.small)
        pitch, r = line_height(self.design.type.small), self.note_rect
        for i, line in enumerate(wrap_lines(self.note_text, r.width, size)[:NOTE_LINES]):
            self._paint(surface, line, size, theme.TEXT_DIM, {"midleft": (r.x, r.y + pitch * i + pitch // 2)})

    # --- actions -------------------------------------------------------------------------------
    def _set_family(self, family_id: str) -> None:
        self.kind = self.menu_kinds[family_id]
        self._set_rule_options()
        self._refresh()

    def _set_rules(self, kind_id: str) -> None:
        self.kind = registry.kind(kind_id)
        self._refresh()

    def choose(self, day: datetime.date) -> None:
        """Choose a day of the calendar: today or an earlier one (a day to come is refused)."""
        if not daily.playable(day, self.today):
            return
        self.chosen = day
        self._refresh()

    def _turn(self, months: int) -> None:
        year, month = divmod(self.month.year * 12 + self.month.month - 1 + months, 12)
        turned = datetime.date(year, month + 1, 1)
        if turned <= self.today.replace(day=1):
            self.month = turned
            self._make_days()
            self.frame.relayout()
            self._refresh()

    def play(self) -> None:
        """The chosen day's deal of this kind, proven winnable, counting for that day; a game under
        way is only given up after the player confirms, as from the menu."""
        if not self.available or not daily.playable(self.chosen, self.today):
            return
        from game.scenes.dealing import deal_daily  # the deal's module (and the solver's deal lists) load with a deal

        kind_id, day = self.kind.id, self.chosen

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
        done = self._results.get(self.chosen)
        if done is None or self.ctx.kiosk:
            return
        self.ctx.clipboard_set(share_line(self.kind, done))
        self.note_text = tr("Copied: {line}", line=share_line(self.kind, done))
        self._note_for = (self.kind.id, self.chosen)
        self.frame.repaint()

    def figures_came(self) -> None:
        self._refresh()  # new figures from the database: painted again

    def on_key(self, event: pygame.event.Event) -> None:
        """No keys of its own: Back and the rest are controls the focus reaches."""

    def close(self) -> None:
        self.next = Pop()
