"""The table's top band: the game's name over its rule set, the counters and the "still winnable?"
light on the left; the deal's code (with its difficulty or daily mark) and the buttons on the right.

The band has fixed slots per layout class and language (game/ui/design.py). Its height is the
design's `band`, its text the class's type scale, and every slot is as wide as the widest content it
may ever hold in the player's language: every listed rule set's name of the game, the widest code,
every mark, each counter's widest value ('888', '8:88:88'), the light whether it is on or not. Which
form the band takes (the buttons' words, or icons with short names, or icons alone; the rule set's
name in full or short; the code whole or its number alone) is decided with those widest contents at
the class's narrowest window (Design.row_form), so it never changes with what the band shows now:
nothing moves as the values change, between deals, or when the light turns on. Text is rendered
through the text cache and the band is repainted only when a value or a button changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Protocol

import pygame

from ..i18n import N_, tr
from ..ui import theme
from ..ui.design import Design, RowForm, design_for, row_form
from ..ui.text import get_font, least_legible
from .band_button import BOTTOM_LINE, TOP_LINE, BandButton, Line
from .band_marks import (
    EVEN,
    MARKS,
    code_number,
    family_rule_names,
    family_short_names,
    short_rule_name,
    widest_codes,
)
from .base import Action, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..registry import GameKind
    from ..ui.widgets import Button
    from ..view.backdrop import Canvas

CHECK = "✓"  # before the deal's code: the deal is proven winnable
LIGHT_K = 0.46  # the light's side, of the band's height
ELLIPSIS = "…"


def play_time(seconds: float) -> str:
    """0:42, 12:05, 1:02:09: the time played, as a clock shows it."""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True)
class Slot:
    """One counter of the band: its label (a msgid), the widest value it will ever show, and the
    values in words (msgids) it may show too (a round's "Even")."""

    label: str
    widest: str
    words: tuple[str, ...] = ()


#: The widest values: a score has at most three digits (10 a card: Eight Off 520, Golf 370 with two
#: jokers); a longer value (1000 moves) is drawn smaller in its slot, never below the class's least
SCORE = Slot(N_("Score"), "888")
MOVES = Slot(N_("Moves"), "888")
STOCK = Slot(N_("Stock"), "88")
PAR = Slot(N_("Par"), "888")
HOLE = Slot(N_("Hole"), "8/8")
ROUND = Slot(N_("Round"), "+88", (EVEN,))
TIME = Slot(N_("Time"), "8:88:88")

#: Each button's icon and the short name under it where the band has no room for its words (the
#: table's actions may name their own icon); "?" is Help's word and icon alike.
ICONS = {"Menu": "☰", "?": "?", "New game": "✚", "Give up": "✕"}
SHORT_NAMES = {"?": N_("Help"), "New game": N_("New")}


class Form(IntEnum):
    """The band's forms, roomiest first: the first whose widest contents fit the class's narrowest
    window is the class's form in that language."""

    WORDS = 0  #: buttons in words, rule sets' names in full, the whole code
    NAMED_ICONS = 1  #: icons with their short names under them
    SHORT = 2  #: the same, rule sets' names short, the code's number alone (copied whole)
    ICONS = 3  #: icons alone (a mouse resting on one shows its name: band_tip.py)


@dataclass(frozen=True)
class Sizes:
    """The band's two text sizes: `small` (labels, marks, the code, short names) and `label`
    (values, the rule set's name, the buttons' words and icons)."""

    small: int
    label: int


class BandLight(Protocol):
    """What the band draws of the "still winnable?" light (winnable_light.WinnableLight): its
    verdict, which changes its look, and the mark itself."""

    @property
    def verdict(self) -> object: ...

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...


def _w(text: str, size: int, bold: bool = False) -> int:
    return get_font(size, bold).size(text)[0]


class Hud:
    """The title, the counters, the light's slot, the deal's slot and the buttons; `actions` are
    (label, action) or (label, action, icon[, stage]) from the right edge leftwards."""

    def __init__(self, ctx: Context, actions: list[tuple], code: str | None, on_copy: Action) -> None:
        self.ctx = ctx
        self.actions = actions
        self.code = code
        self.on_copy = on_copy
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.design: Design = design_for((800, 480))
        self.form = Form.WORDS
        self.sizes = Sizes(12, 16)
        self.buttons: list[Button] = []
        self.code_button: BandButton | None = None
        self._actions_of: list[Action] = []  # each button's action, in the order of `buttons`
        self._shown: tuple | None = None
        #: The game of the table and its rule set (the table sets it before `layout`): the title slot
        #: is as wide as every listed rule set's name of its game needs.
        self.kind: GameKind | None = None
        #: The game and its rule set ("Golf · Strict"), translated (end screens say it so too).
        self.title = ""
        #: The title slot's two lines: the game ("Golf") over its rule set ("Strict").
        self.title_lines: tuple[str, str] = ("", "")
        #: The deal's mark over its code: its difficulty band or that it is a daily deal ("" none).
        self.marks = ""
        #: The counters, left to right (the table says which; set before `layout`).
        self.slots: list[Slot] = []
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.slot_rects: list[pygame.Rect] = []
        #: The deal is proven winnable: the code shows a check mark.
        self.proven = False
        #: The "still winnable?" light (winnable_light.py) when the setting is on: a round mark at
        #: the end of the counters, in a slot the band keeps whether it is on or not; `on_light` is
        #: called when it is tapped.
        self.light: BandLight | None = None
        self.on_light: Action | None = None
        self.light_rect = pygame.Rect(0, 0, 0, 0)

    # -- geometry ----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The band's form and every slot's place at this window size (the same for every state)."""
        d = self.design = design_for(size)
        w, h = int(size[0]), d.band
        self.rect = pygame.Rect(0, 0, w, h)
        small = max(least_legible(t, d.type.small) for t in self._texts())
        self.sizes = Sizes(small, d.type.label)
        # the class's narrowest window decides the form (zoomed as the design is on a 4K screen)
        room = round(d.least[0] * d.band / design_for(d.least).band) - 2 * d.space()
        self.form = next((f for f in Form if row_form(self._widths(f), room, self._gap()) is RowForm.FULL), Form.ICONS)
        self._place(w)
        self._shown = None

    def _texts(self) -> list[str]:
        """The texts drawn at the small size: Thai ones may need it larger (text.least_legible)."""
        return [self.title_lines[0], *(tr(s.label) for s in self.slots), *(tr(m) for m in MARKS), self.marks]

    def _widths(self, form: Form) -> list[int]:
        """The band's items in `form`, each as wide as its widest content: the title, the counters,
        the light, the deal's slot and the buttons (one item, their gaps within)."""
        buttons = self._button_widths(form)
        return [
            self._title_width(form) + self._gap(),  # (and a second gap after it)
            *self._counter_widths(),
            self._light_side(),
            self._deal_width(form),
            sum(buttons) + self._button_gap() * (len(buttons) - 1),
        ]

    def _title_width(self, form: Form) -> int:
        s = self.sizes
        game = _w(self.title_lines[0], s.small)
        if self.kind is None:
            return max(game, _w(self.title_lines[1], s.label, True))
        names = family_rule_names(self.kind) if form < Form.SHORT else family_short_names(self.kind)
        return max(game, *(_w(n, s.label, True) for n in names))

    def _counter_widths(self) -> list[int]:
        s = self.sizes
        return [
            max(_w(tr(c.label), s.small), _w(c.widest, s.label, True), *(_w(tr(v), s.label, True) for v in c.words))
            for c in self.slots
        ]

    def _light_side(self) -> int:
        return round(self.design.band * LIGHT_K)

    def _deal_width(self, form: Form) -> int:
        s = self.sizes
        codes = widest_codes(self.kind) if self.kind is not None else [self.code or "—"]
        if form >= Form.SHORT:
            codes = [code_number(c) for c in codes]
        marks = [_w(tr(m), s.small) for m in MARKS]
        return max(*marks, *(_w(f"{CHECK} {c}", s.small, True) for c in codes)) + self._deal_pad()

    def _gap(self) -> int:
        """The gap between the band's items: half a unit in the compact class, where every pixel
        counts, a unit otherwise."""
        d = self.design
        return d.space(0.5 if d.compact else 1)

    def _deal_pad(self) -> int:
        """The room beside the deal slot's text, both sides together."""
        return self.design.space(0.75)

    def _button_gap(self) -> int:
        return self.design.space(0.25)

    def _target(self) -> int:
        return max(self.design.target, theme.KIOSK_TOUCH if self.ctx.kiosk else 0)

    def _button_widths(self, form: Form) -> list[int]:
        words = 2 * self.design.space(0.25) if form is Form.WORDS else 0  # (words want a little more room)
        return [max(self._target(), self._content_width(lines) + words) for lines in self._button_lines(form)]

    def _content_width(self, lines: list[Line]) -> int:
        return max(_w(line.text, line.size, line.bold) for line in lines) + 2 * self.design.space(0.75)

    def _button_lines(self, form: Form) -> list[list[Line]]:
        s, out = self.sizes, []
        for label, _action, icon, _stage in self._actions():
            if form is Form.WORDS or icon is None:
                out.append([Line(tr(label), s.label)])
            elif form is Form.ICONS:
                out.append([Line(icon, s.label)])
            else:
                out.append([Line(icon, s.label), Line(tr(SHORT_NAMES.get(label, label)), s.small, bold=False)])
        return out

    def _place(self, w: int) -> None:
        """The slots from the left edge (title, counters, light) and from the right (the buttons,
        then the deal's slot), in this form."""
        d, h, form = self.design, self.design.band, self.form
        m, widths = d.space(), self._widths(form)
        # the room this window has beyond the form's need widens the gaps, up to a unit each
        slack = w - 2 * m - (sum(widths) + self._gap() * (len(widths) - 1))
        gap = self._gap() + max(0, min(d.space(), slack // len(widths)))
        x = m
        # (no form fits a window below the class's narrowest: the title gives up the room it lacks)
        self.title_rect = pygame.Rect(x, 0, max(0, self._title_width(form) + min(0, slack)), h)
        x = self.title_rect.right + 2 * gap  # the game's name set apart from its counters
        self.slot_rects = []
        for width in self._counter_widths():
            self.slot_rects.append(pygame.Rect(x, 0, width, h))
            x += width + gap
        side = self._light_side()
        self.light_rect = pygame.Rect(x, (h - side) // 2, side, side)
        self._make_buttons(w - m, form, gap)

    def _make_buttons(self, right: int, form: Form, gap: int) -> None:
        """The band's buttons from `right` leftwards, then the deal's slot (a button: a press copies
        the code)."""
        d, h, text = self.design, self.design.band, self.ctx.text
        inset = d.space(0.25)
        top, bh = inset, h - 2 * inset
        self.buttons, self._actions_of = [], []
        x = right
        for (label, action, _icon, _stage), lines, bw in zip(
            self._actions(), self._button_lines(form), self._button_widths(form)
        ):
            x -= bw
            self.buttons.append(BandButton((x, top, bw, bh), label, lines, text, h))  # (named by its action)
            self._actions_of.append(action)
            x -= self._button_gap()
        x -= gap - self._button_gap()
        dw = self._deal_width(form)
        x -= dw
        self.code_button = BandButton((x, top, dw, bh), self._code_label(), self._deal_lines(dw), text, h)
        self.code_button.visible = bool(self.code)
        self.buttons.append(self.code_button)
        self._actions_of.append(self.on_copy)
        # a press anywhere down the band's height counts: a fingertip's target; the rightmost button
        # reaches the screen's edge, where a finger lands easily
        g = self._button_gap()
        for b in self.buttons:
            b.hit_area = pygame.Rect(b.rect.x - g // 2, 0, b.rect.width + g, h)
        first = self.buttons[0].hit_area
        if first is not None:
            first.width = self.rect.width - first.x

    def _code_label(self) -> str:
        return f"{CHECK} {self.code}" if self.proven and self.code else self.code or "—"

    def _deal_lines(self, width: int) -> list[Line]:
        """The deal's mark over its code: the whole code where it fits, else its number alone."""
        s, room = self.sizes, width - self._deal_pad()
        code = self.code or "—"
        shown = code if _w(f"{CHECK} {code}", s.small, True) <= room else code_number(code)
        if self.proven and self.code:
            shown = f"{CHECK} {shown}"
        return [Line(self.marks, s.small, bold=False, dim=True), Line(shown, s.small)]

    def rule_shown(self) -> str:
        """The rule set's name as the title slot shows it: in full where this form has room for the
        game's every rule set's name in full and it fits, else short, else cut with an ellipsis."""
        name = self.title_lines[1]
        width, size = self.title_rect.width, self.sizes.label
        if self.form < Form.SHORT and _w(name, size, True) <= width:
            return name
        if self.kind is not None:
            short = short_rule_name(self.kind)
            if _w(short, size, True) <= width:
                return short
        return clipped(name, width, size, True)

    @property
    def shows_title(self) -> bool:
        """Whether the band names the game (it always has its slot)."""
        return self.title_rect.width > 0

    def _actions(self) -> list[tuple[str, Action, str | None, int]]:
        """(label, callback, icon or None, its stage) for every action."""
        return [(a[0], a[1], a[2] if len(a) > 2 else ICONS.get(a[0]), a[3] if len(a) > 3 else 1) for a in self.actions]

    # -- painting ----------------------------------------------------------------------------------
    def paint_band(self, background: Canvas) -> None:
        """The band itself, part of the table's static background (within `band_area`)."""
        paint_band(background, self.rect)

    def band_area(self) -> pygame.Rect:
        """What paint_band paints: the band and the line under it."""
        return band_area(self.rect)

    def button_for(self, action: Action) -> Button | None:
        """The button that performs `action` (whatever its label shows now), or None."""
        return next((b for b, a in zip(self.buttons, self._actions_of) if a == action), None)

    def hovered_icon(self) -> tuple[str, pygame.Rect] | None:
        """The name, in the player's language, and the button of an icon a mouse is over (band_tip)."""
        if self.form is Form.WORDS:
            return None
        for button, (label, _action, icon, _stage) in zip(self.buttons, self._actions()):
            if button.hover and icon and label != icon:
                return tr(label), button.rect
        return None

    def handle(self, kind: str, pos: tuple[int, int]) -> tuple[bool, Transition]:
        """A pointer action on the band: whether a button fired, and the transition its action returned."""
        for button, action in zip(self.buttons, self._actions_of):
            if button.handle(kind, pos):
                return True, action()
        if (
            self.light is not None
            and self.on_light is not None
            and kind == "up"
            and self.light_hit_rect().collidepoint(pos)
        ):
            return True, self.on_light()
        return False, None

    def light_hit_rect(self) -> pygame.Rect:
        """Where a tap on the light counts: twice its width, a finger's target at least, down the
        band's height, centred on it."""
        r = self.light_rect
        area = pygame.Rect(0, 0, max(2 * r.width, self._target()), self.rect.height)
        area.center = r.center
        return area

    def stale(self, values: tuple) -> bool:
        """Whether the band shows other values than these (a new second of the timer)."""
        return self._key(values) != self._shown

    def changed(self, values: tuple) -> list[pygame.Rect]:
        """The parts of the band to repaint: the slots whose value changed (the light, when its
        verdict did) and the dirty buttons; all of it when it was never drawn at this layout."""
        key, shown = self._key(values), self._shown
        if shown is None or len(shown) != len(key):
            return [self.rect]
        rects = [r for r, new, old in zip(self.slot_rects, key, shown) if new != old]
        if self.light is not None and key[-1] != shown[-1]:
            rects.append(self.light_rect)
        return rects + [b.bounds for b in self.buttons if b.dirty]

    def parts(self) -> list[pygame.Rect]:
        """The band's pieces, each painted whole over the table's background: the title, every
        slot, the light and every button. A repaint that touches one must restore all of it."""
        return [
            self.title_rect,
            *self.slot_rects,
            *([self.light_rect] if self.light is not None else []),
            *(b.bounds for b in self.buttons),
        ]

    def _key(self, values: tuple) -> tuple:
        """What the band shows: the counters, and the light's verdict when it is on."""
        return values if self.light is None else (*values, self.light.verdict)

    def lines_at(self) -> tuple[int, int]:
        """The centres (y) of the band's two text lines: a label's and its value's."""
        h = self.rect.height
        return round(h * TOP_LINE), round(h * BOTTOM_LINE)

    def draw(self, surface: pygame.Surface, values: tuple, areas: list[pygame.Rect] | None = None) -> list[pygame.Rect]:
        """The title, each value under its label in its slot (`values` in the order of `slots`), the
        light and the buttons: those that meet `areas` (restored from the background just before),
        or all of them. Returns the rectangles painted."""
        self._shown = self._key(values)

        def wanted(rect: pygame.Rect) -> bool:
            return areas is None or rect.collidelist(areas) != -1

        painted: list[pygame.Rect] = []
        if self.light is not None and wanted(self.light_rect):
            self.light.paint(surface, self.light_rect)
            painted.append(self.light_rect)
        s = self.sizes
        top, bottom = self.lines_at()
        text = self.ctx.text
        if wanted(self.title_rect):
            r = self.title_rect
            img = text.render(clipped(self.title_lines[0], r.width, s.small), s.small, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(r.x, top)))
            img = text.render(self.rule_shown(), s.label, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midleft=(r.x, bottom)))
            painted.append(r)
        for slot, r, value in zip(self.slots, self.slot_rects, values):
            if not wanted(r):
                continue
            img = text.render(tr(slot.label), s.small, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(r.x, top)))
            img = text.fit(value, r.width, s.label, theme.TEXT, bold=True, min_size=s.small)
            surface.blit(img, img.get_rect(midleft=(r.x, bottom)))
            painted.append(r)
        for b in self.buttons:
            if wanted(b.bounds):
                painted.append(b.draw(surface))
        return painted


def clipped(text: str, width: int, size: int, bold: bool = False) -> str:
    """`text`, or as much of it as fits `width` at `size` with an ellipsis (never a smaller size)."""
    if _w(text, size, bold) <= width:
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + ELLIPSIS
        if _w(cut, size, bold) <= width:
            return cut
    return ELLIPSIS


def paint_band(background: Canvas, rect: pygame.Rect) -> None:
    """A table's top band at `rect` on its background: the felt darkened, a white line under it
    (a table's and a Help example's mini-table's)."""
    if not background.get_rect().colliderect(band_area(rect)):
        return  # (a patch elsewhere on the table)
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    band.fill((0, 0, 0, 70))
    background.blit(band, rect)
    background.fill((255, 255, 255), (rect.left, rect.bottom, rect.width, 1))  # its edge


def band_area(rect: pygame.Rect) -> pygame.Rect:
    """What paint_band paints for a band at `rect`: the band and the line under it."""
    return pygame.Rect(rect.x, rect.y, rect.width, rect.height + 1)
