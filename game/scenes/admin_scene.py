"""The administrator's screen: the only way to change a kiosk, reached only through the
administrator's gesture (a corner held, then the opposite corner tapped; or Ctrl+Alt+Q).

While it is open (and until the next visit begins) the settings shown and changed anywhere are the
kiosk's own, and every change is saved (Context.owner_mode). It holds:
- the kiosk's health: when the game last started and why, how long it has run, the games played
  today, the free space on the data folder and the finished games waiting to be recorded;
- the games offered to visitors, and whether visitors may choose another rule set;
- Settings (the kiosk's language, demo when idle, sound and volume, animation, interactive rules,
  tips, appearance), Games and rules (the menu, whose choices become the kiosk's defaults) and
  Statistics (to read or reset);
- Leave the kiosk (asked first), and Done, which opens the kiosk to its next visitor.
"""

from __future__ import annotations

import shutil
import time
from typing import TYPE_CHECKING

import pygame

from game import registry
from game.i18n import N_, tr
from game.persist import run_log
from game.scenes.base import Pop, Push, Replace, Scene, Transition
from game.scenes.dialog import ConfirmDialog
from game.scenes.panel_frame import PanelFrame
from game.ui import theme
from game.ui.text import wrap_lines
from game.ui.widget import Widget
from game.ui.widgets import Button, SegmentedControl, Toggle, grid_size

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context

#: Why the game last started, as the health line says it
STARTED = {
    run_log.FIRST: N_("Started at {time}, for the first time"),
    run_log.CRASH: N_("Started at {time}, after a crash"),
    run_log.POWER: N_("Started at {time}, after a power cut"),
    run_log.ADMINISTRATOR: N_("Started at {time}, after the administrator left the kiosk"),
    run_log.STOPPED: N_("Started at {time}, after the system stopped it"),
    run_log.UNKNOWN: N_("Started at {time}"),
}
OFFERED = [("both", N_("Both games")), *((f.id, f.name) for f in registry.FAMILIES.values())]
BUTTONS_PER_ROW = 3
HEALTH_AGAIN = 30.0  # s between two sayings of the health (the uptime moves on)
HEALTH_SOON = 0.5  # s: ... while the statistics have not said the games played today yet


def duration_text(seconds: float) -> str:
    """'3 h 12 min', '45 min' (whole minutes, counted)."""
    minutes = max(0, int(seconds // 60))
    hours, minutes = divmod(minutes, 60)
    mins = tr("{count} min", plural="{count} min", count=minutes)
    if hours == 0:
        return mins
    return tr("{hours} {minutes}", hours=tr("{count} h", plural="{count} h", count=hours), minutes=mins)


def size_text(free: int) -> str:
    """Bytes as the health line shows them: '12.3 GB', '850 MB'."""
    if free >= 10**9:
        return tr("{size} GB", size=f"{free / 10**9:.1f}")
    return tr("{size} MB", size=str(free // 10**6))


class AdminScene(Scene):
    """The kiosk's administrator's screen (see the module's text)."""

    administrator = True  # (the gesture made again over it opens no second one)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.next: Transition = None
        self.widgets: list[Widget] = []
        self.frame = PanelFrame(ctx, self)
        self.health: list[str] = []
        self._health_at = -1.0  # when the health lines were last said (s of the wall clock)
        self._counted = False  # the games played today were known then
        self.build()
        self.frame.open()

    # --- the Scene contract, passed on to the panel's frame ------------------------------------
    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.panel_rect

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self._show_values()
        self.frame.invalidate(rects)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def update(self, dt: float) -> Transition:
        # the uptime moves on: said again now and then, and soon while the statistics are being read
        again = HEALTH_AGAIN if self._counted else HEALTH_SOON
        if time.monotonic() - self._health_at >= again:
            self._say_health()
            self.frame.repaint()
        return None

    # --- building ------------------------------------------------------------------------------
    def build(self) -> None:
        s, text = self.ctx.settings, self.ctx.text
        size = self.frame.design.type.label
        self.offered = SegmentedControl((0, 0, 1, 1), OFFERED, s.offered_games, text, self._set_offered, size=size)
        self.rules = Toggle(
            (0, 0, 1, 1), N_("Visitors may choose the rules"), s.visitors_choose_rules, text, self._set_rules, size=size
        )
        self.settings_button = Button((0, 0, 1, 1), N_("Settings"), text, self.open_settings, size=size)
        self.games_button = Button((0, 0, 1, 1), N_("Games and rules"), text, self.open_menu, size=size)
        self.stats_button = Button((0, 0, 1, 1), N_("Statistics"), text, self.open_stats, size=size)
        self.leave_button = Button((0, 0, 1, 1), N_("Leave the kiosk"), text, self.ask_leave, style="ghost", size=size)
        self.leaderboard_button = Button(
            (0, 0, 1, 1), N_("Clear today's board"), text, self.ask_clear_leaderboard, style="ghost", size=size
        )
        self.leaderboard_button.visible = self.ctx.leaderboard is not None
        self.done_button = Button((0, 0, 1, 1), N_("Done"), text, self.done, style="primary", size=size)
        self.widgets = [self.offered, self.rules, *self.grid()]
        self._say_health()

    def grid(self) -> list[Button]:
        """The buttons under the choices, in their grid's order."""
        return [
            self.settings_button,
            self.games_button,
            self.stats_button,
            self.leave_button,
            self.leaderboard_button,
            self.done_button,
        ]

    def layout(self, size: tuple[int, int]) -> None:
        d = self.frame.design
        for widget in self.widgets:
            widget.set_size(d.type.label)
        row, gap, pad = self.frame.row_height(), d.unit, d.space(2)
        self.line_h = self.ctx.text.rendered_size("Ag", d.type.body)[1]
        w, h = size
        pw = min(w - 2 * d.unit, 90 * d.unit)
        inner = pw - 2 * pad
        self.health_rows = self._most_health_lines(inner)
        health_h = self.health_rows * self.line_h
        button_rows = 2
        ph = 2 * pad + row + gap + health_h + gap + (2 + button_rows) * (row + gap) - gap
        panel = pygame.Rect(0, 0, pw, min(ph, h - 2 * d.unit))
        panel.center = (w // 2, h // 2)
        self.frame.panel_rect = panel
        x, y = panel.x + pad, panel.y + pad
        self.title_rect = pygame.Rect(x, y, inner, row)
        y += row + gap
        self.health_rect = pygame.Rect(x, y, inner, health_h)
        y += health_h + gap
        label_w = inner * 2 // 5
        self.offered_label_rect = pygame.Rect(x, y, label_w - gap, row)
        self.offered.rect = (x + label_w, y, inner - label_w, row)
        y += row + gap
        self.rules.rect = (x, y, inner, row)
        grid_size([self.rules], (d.type.label, d.type.body))
        self.row_label_size = self.rules.size or d.type.label
        y += row + gap
        bw = (inner - gap * (BUTTONS_PER_ROW - 1)) // BUTTONS_PER_ROW
        places = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (BUTTONS_PER_ROW - 1, 1)]  # Done at the far end
        for button, (col, line) in zip(self.grid(), places, strict=True):
            button.rect = (x + col * (bw + gap), y + line * (row + gap), bw, row)
        self._say_health()

    def paint_static(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        img = text.render(tr("Administrator"), d.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=self.title_rect.center))
        y = self.health_rect.y
        for line in self.health_lines():
            img = text.render(line, d.type.body, theme.TEXT)
            surface.blit(img, (self.health_rect.x, y))
            y += self.line_h
        r = self.offered_label_rect
        img = text.fit(tr("Games offered"), r.width, self.row_label_size, theme.TEXT)
        surface.blit(img, img.get_rect(midleft=(r.x + max(10, r.height // 3), r.centery)))

    def health_lines(self) -> list[str]:
        """The health text, wrapped to the panel's width."""
        return self._wrapped(self.health, self.health_rect.width)

    def _wrapped(self, sentences: list[str], width: int) -> list[str]:
        size = self.frame.design.type.body
        return [line for sentence in sentences for line in wrap_lines(sentence, width, size)]

    def _most_health_lines(self, width: int) -> int:
        """The lines the longest health text takes in this language at this width: its place is
        kept whatever the text of the moment says, so the controls under it never move."""
        longest = [
            tr(
                "{started} · running for {time}",
                started=max((tr(t, time="00:00") for t in STARTED.values()), key=len),
                time=duration_text(23 * 3600 + 59 * 60),
            ),
            tr("{count} game played today", plural="{count} games played today", count=999)
            + " · "
            + tr("{size} free", size=size_text(999 * 10**9)),
            tr(
                "{count} finished game waits to be recorded",
                plural="{count} finished games wait to be recorded",
                count=999,
            ),
        ]
        return len(self._wrapped(longest, width))

    def _say_health(self) -> None:
        self._health_at = time.monotonic()
        self.health = health_sentences(self.ctx)
        self._counted = played_today(self.ctx) is not None or self.ctx.progress is None

    # --- actions -------------------------------------------------------------------------------
    def _show_values(self) -> None:
        s = self.ctx.settings
        self.offered.set_value(s.offered_games)
        self.rules.set_value(s.visitors_choose_rules)

    def _set_offered(self, value: str) -> None:
        s = self.ctx.settings
        s.offered_games = str(value)
        if not s.offers(s.last_game):  # the default game is one offered
            registry.choose(s, registry.chosen(s, str(value)))
        self.ctx.save_settings()

    def _set_rules(self, value: bool) -> None:
        self.ctx.settings.visitors_choose_rules = bool(value)
        self.ctx.save_settings()

    def open_settings(self) -> None:
        self.next = Push(self.ctx.scenes.settings())

    def open_menu(self) -> None:
        """The menu, still the administrator's: its choices of game and rules become the kiosk's."""
        self.next = Replace(self.ctx.scenes.menu())

    def open_stats(self) -> None:
        self.next = Push(self.ctx.scenes.stats())

    def ask_leave(self) -> None:
        self.next = Push(
            ConfirmDialog(
                self.ctx,
                N_("Leave the kiosk?"),
                [tr("The game closes and its service does not start it again until the next boot.")],
                N_("Leave the kiosk"),
                self.ctx.leave_kiosk,
            )
        )

    def ask_clear_leaderboard(self) -> None:
        board = self.ctx.leaderboard
        if board is None:
            return
        self.next = Push(
            ConfirmDialog(
                self.ctx,
                N_("Clear today's board?"),
                [tr("Every game on today's board is taken off it.")],
                N_("Clear"),
                board.clear,
            )
        )

    def done(self) -> None:
        """Open the kiosk to its next visitor: the kiosk's settings, and the menu."""
        self.ctx.begin_visit()
        self.next = Replace(self.ctx.scenes.menu())

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.next = Pop()


def health_sentences(ctx: Context, now: float | None = None) -> list[str]:
    """The kiosk's health for its administrator: when and why the game last started and how long it
    has run; the games played today and the free space on the data folder; the finished games
    waiting to be recorded, when any wait."""
    now = time.time() if now is None else now
    out: list[str] = []
    facts = ctx.run_facts()
    if facts is not None:
        started = time.strftime("%H:%M", time.localtime(facts.started))
        out.append(
            tr(
                "{started} · running for {time}",
                started=tr(STARTED.get(facts.reason, STARTED[run_log.UNKNOWN]), time=started),
                time=duration_text(now - facts.started),
            )
        )
    progress = ctx.progress
    if progress is None:
        out.append(tr("Nothing is saved: the data folder cannot be used."))
        return out
    played = played_today(ctx, now)
    parts = []
    if played is not None:
        parts.append(tr("{count} game played today", plural="{count} games played today", count=played))
    try:
        parts.append(tr("{size} free", size=size_text(shutil.disk_usage(progress.folder).free)))
    except OSError:
        parts.append(tr("free space unknown"))
    out.append(" · ".join(parts))
    health = progress.health()
    if health.waiting:
        out.append(
            tr(
                "{count} finished game waits to be recorded",
                plural="{count} finished games wait to be recorded",
                count=health.waiting,
            )
        )
    return out


def played_today(ctx: Context, now: float | None = None) -> int | None:
    """The games and rounds finished since the local midnight, or None until the statistics say."""
    if ctx.progress is None:
        return None
    now = time.time() if now is None else now
    today = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(_midnight(now)))
    return ctx.progress.stats.known.finished_since(today)


def _midnight(now: float) -> float:
    """The start of the local day of `now`, in seconds since the epoch."""
    local = time.localtime(now)
    return now - (local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec)
