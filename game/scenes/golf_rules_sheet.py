"""Golf's "More rules" sheet in the New game window: the three presets and every rule of the
literature as a switch, a line under each saying what it changes, and how many deals of the chosen
combination can be won.

Each change is the New game window's choice at once (and saved, as a setting is): the menu, New
game on the table, the demo and attract mode deal that rule set. Done returns to the menu.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.i18n import N_, tr
from game.model.golf_rules import MAX_JOKERS, PRESETS, GolfRules
from game.scenes.base import Pop, Scene, Transition
from game.scenes.kind_picker import rules_title
from game.scenes.panel_frame import PanelFrame
from game.ui import text as text_mod
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button, SegmentedControl, Toggle, grid_size

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.registry import GameKind

log = logging.getLogger(__name__)

#: The presets, in the order the sheet offers them, with what each one is.
PRESET_ORDER = ("E", "C", "S")
PRESET_LINES = {
    "E": N_("King and Ace join (Q, K, A, 2); the stock may be drawn at any time."),
    "C": N_("No wrap: on a King only a Queen, on an Ace only a 2; draw at any time."),
    "S": N_("The traditional rule: nothing on a King, and draw only when no card fits."),
}
#: (GolfRules field, switch label, what it changes) for every on/off rule, in display order.
SWITCHES = (
    ("wrap", N_("King and Ace join"), N_("King and Ace are neighbours: a run may go Q, K, A, 2.")),
    ("dead_king", N_("Nothing on a King"), N_("A King on the waste takes no card, not even a Queen.")),
    ("strict_draw", N_("Draw only when stuck"), N_("The stock may be drawn only when no free card fits.")),
    ("empty_waste", N_("Empty start"), N_("The waste starts empty: the first card may be any free card.")),
)
#: None, one or two jokers: "1 joker" and "2 jokers" are the names the titles use too.
JOKER_CHOICES = [(0, N_("No jokers")), *((n, registry.GOLF_MODIFIER_NAMES[f"J{n}"]) for n in range(1, MAX_JOKERS + 1))]
JOKER_LINE = N_("A joker goes on any card, and any card goes on a joker.")


def winnable_share(rules: GolfRules) -> float | None:
    """The share of deals 1-2000 that can be won under these rules (0..1), as the solver measured
    it (game/solver/winnable/golf-shares.json), or None when it is not known."""
    from game.solver.deal_lists import golf_share  # the shares' reader loads with the sheet, not at start-up

    try:
        share = golf_share(rules.name)
    except Exception as exc:  # a damaged file must not take the sheet down with it
        log.warning("winnable shares unavailable: %s", exc)
        return None
    if not isinstance(share, (int, float)) or isinstance(share, bool) or not 0 <= share <= 100:
        return None
    return share / 100 if share > 1 else float(share)  # (a percentage is read as one)


def share_line(rules: GolfRules) -> str:
    """'About 26 % of deals can be won', or '' when the share is not known."""
    share = winnable_share(rules)
    if share is None:
        return ""
    if 0 < share < 0.005:
        return tr("Fewer than 1 % of deals can be won")
    return tr("About {n} % of deals can be won", n=round(share * 100))


class GolfRulesSheet(Scene):
    """Presets and switches for Golf's rules; `on_change(kind)` after each change (the menu's own
    choice callback, so the menu shows it when the sheet closes). Its "?" (and F1) opens Help on the
    More rules page, which tells what each rule changes and how many deals it leaves winnable."""

    help_page = "golf-rules"

    def __init__(self, ctx: Context, on_change: Callable[[GameKind], None] | None = None) -> None:
        self.on_change = on_change
        self.rules = _rules_of(registry.chosen(ctx.settings, registry.GOLF.id))
        super().__init__(ctx)
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
        self.frame = PanelFrame(ctx, self)
        self.build()
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

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def build(self) -> None:
        text = self.ctx.text
        self.presets = SegmentedControl(
            (0, 0, 1, 1), [(b, registry.GOLF_PRESET_NAMES[b]) for b in PRESET_ORDER], None, text, self._set_preset
        )
        self.switches: dict[str, Toggle] = {}
        for name, label, _line in SWITCHES:
            self.switches[name] = Toggle((0, 0, 1, 1), label, False, text, functools.partial(self._switch, name))
        self.jokers = SegmentedControl(
            (0, 0, 1, 1), JOKER_CHOICES, 0, text, lambda n: self._set(jokers=int(n)), by_content=True
        )
        self.done = Button((0, 0, 1, 1), N_("Done"), text, self.close, style="primary")
        self.help = Button((0, 0, 1, 1), "?", text, self.open_help, style="ghost")
        self.widgets = [self.presets, *self.switches.values(), self.jokers, self.help, self.done]
        self._show()

    # --- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Title and Done on one row, the presets, then the rules two by two, each over its line,
        and the share of winnable deals beside the jokers: it fits 800x480 with finger-sized rows."""
        design = self.frame.design
        for widget in (self.presets, self.jokers, self.done, self.help):  # the class's label size
            widget.size = design.type.label
        row = self.frame.row_height()
        gap = design.space(0.75)
        pad = design.space(1.5)
        line = 1.0  # a rule's explanation (up to two short lines), in rows
        units = 1 + 1 + 0.55 + 3 * (1 + line)
        least = theme.KIOSK_TOUCH if self.ctx.kiosk else theme.MIN_TOUCH
        row, x, y, iw = self.frame.place_panel(row, gap, pad, units, 5, 16, min_row=least)
        self._gap = gap // 2
        line_h = int(row * line)
        bw = min(iw // 3, row * 4)
        self.done.rect = (x + iw - bw, y, bw, row)
        self.help.rect = (x + iw - bw - gap - row, y, row, row)
        self.title_rect = pygame.Rect(x, y, iw - bw - 2 * gap - row, row)
        y += row + gap
        self.presets.rect = (x, y, iw, row)
        self.preset_line_rect = pygame.Rect(x, y + row, iw, int(row * 0.55))
        y += row + int(row * 0.55) + gap
        cw = (iw - gap) // 2
        cells = [pygame.Rect(x + (i % 2) * (cw + gap), y + (i // 2) * (row + line_h + gap), cw, row) for i in range(6)]
        self.line_rects: dict[str, pygame.Rect] = {}
        for (name, _label, _line), cell in zip(SWITCHES, cells):
            self.switches[name].rect = cell
            self.line_rects[name] = pygame.Rect(cell.x, cell.bottom, cell.width, line_h)
        self.jokers.rect = cells[4]
        self.line_rects["jokers"] = pygame.Rect(cells[4].x, cells[4].bottom, cw, line_h)
        self.share_rect = cells[5].union(pygame.Rect(cells[5].x, cells[5].bottom, cw, line_h))
        grid_size(list(self.switches.values()), (design.type.label, design.type.body))  # the grid in one size

    def line_size(self) -> int:
        """One type size for every rule's explanation: the layout class's small size (each on one
        line or two balanced ones)."""
        return self.frame.design.type.small

    @staticmethod
    def _wrapped(line: str, width: int, height: int, size: int) -> str | None:
        """The line as it fits width x height at this size (broken in two if need be), or None."""
        font = text_mod.get_font(size)
        for form, rows in ((line, 1), (text_mod.two_lines(line, size), 2)):
            if max(font.size(part)[0] for part in form.split("\n")) <= width and font.get_linesize() * rows <= height:
                return form
        return None

    def _line_pad(self) -> int:
        return max(10, self.done.rect.height // 3)  # in line with the switch's label

    def paint_static(self, surface: pygame.Surface) -> None:
        text = self.ctx.text
        r = self.title_rect
        img = text.fit(tr("More rules"), r.width, self.frame.design.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(midleft=(r.x + max(4, r.height // 6), r.centery)))
        size = self.line_size()
        self._paint_line(surface, self.preset_line_rect, self.preset_line(), theme.TEXT, size)
        for name, _label, line in SWITCHES:
            self._paint_line(surface, self.line_rects[name], tr(line), theme.TEXT_DIM, size)
        self._paint_line(surface, self.line_rects["jokers"], tr(JOKER_LINE), theme.TEXT_DIM, size)
        share = share_line(self.rules)
        if share:
            r = self.share_rect
            lines = "\n".join(text_mod.wrap_lines(share, r.width - 16, self.frame.design.type.body, True))
            img = text.render(lines, self.frame.design.type.body, theme.GOLD, bold=True)
            surface.blit(img, img.get_rect(center=r.center))

    def _paint_line(self, surface: pygame.Surface, r: pygame.Rect, line: str, colour: theme.Colour, size: int) -> None:
        """A rule's explanation under it, on one line or on two balanced ones."""
        if not line:
            return
        room = r.width - 2 * self._line_pad()
        line = self._wrapped(line, room, r.height, size) or line
        img = self.ctx.text.fit(line, room, size, colour)
        box = img.get_rect(center=r.center)  # (a descender may reach into the gap below, no further)
        shown = box.clip(r.inflate(0, 2 * self._gap))
        surface.blit(img, shown, shown.move(-box.x, -box.y))

    def preset_line(self) -> str:
        """What the preset is, or, for a combination of one's own, its name."""
        if self.rules.is_preset:
            return tr(PRESET_LINES[self.rules.base])
        return tr("Your rules: {rules}", rules=rules_title(registry.golf_rules_kind(self.rules)))

    # --- choices -------------------------------------------------------------------------------
    def _show(self) -> None:
        """Every control shows self.rules."""
        self.presets.set_value(next((b for b in PRESET_ORDER if PRESETS[b] == self.rules), None))
        for name, toggle in self.switches.items():
            toggle.set_value(getattr(self.rules, name))
        self.jokers.set_value(self.rules.jokers)
        self.frame.repaint()  # the lines under the presets and the share change with the rules

    def _set_preset(self, base: str) -> None:
        """A preset replaces every rule (jokers and the empty start too)."""
        self.choose(PRESETS[base])

    def _switch(self, name: str, value: bool) -> None:
        self._set(**{name: bool(value)})

    def _set(self, **change: Any) -> None:
        self.choose(replace(self.rules, **change))

    def choose(self, rules: GolfRules) -> None:
        """Make `rules` the New game window's choice, saved at once."""
        self.rules = rules
        kind = registry.golf_rules_kind(rules)
        registry.choose(self.ctx.settings, kind)
        self.ctx.save_settings()
        self._show()
        if self.on_change is not None:
            self.on_change(kind)

    def close(self) -> None:
        self.next = Pop()

    def open_help(self) -> None:
        """Help on the More rules page, over the sheet (Back returns here)."""
        self.next = self.ctx.scenes.help(self)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()


def _rules_of(kind: GameKind) -> GolfRules:
    """The rule set of a Golf kind (its option is the rule set's name)."""
    return GolfRules.parse(kind.option)
