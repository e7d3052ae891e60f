"""The table's top band: the game's name and its counters on the left, the deal code and buttons on
the right, in one fixed layout per window size.

Shared by both tables. The title slot (the game over its rule set, with a ✓ for a proven-winnable
deal) and each counter's slot (its label over its value) are as wide as the widest value they will
ever show ('888', '8:88:88'), so nothing moves as the values change or between deals. Text is
rendered through the text cache and the band is repainted only when a value or a button changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ..i18n import N_, tr
from ..ui import theme
from ..ui.text import FallbackFont, get_font, least_legible
from ..ui.widgets import Button
from ..view.layout import hud_height, margin
from .base import Action, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..view.backdrop import Canvas

CHECK = "✓"  # on the deal code's button: the deal is proven winnable
TICK_K = 1.0  # the room of the title's tick after the rule set's name, of its font size
LABEL_K = 0.27  # a slot's label, of the band's height
VALUE_K = 0.40  # a slot's value, of the band's height
#: How small the band's text may get before the title gives its room to the counters (and the
#: title is said elsewhere: the Golf table prints it on the felt).
SCALES = (1.0, 0.92, 0.85, 0.78)
LEAST_SCALE = 0.7  # the counters alone, on the narrowest window
LEAST_VALUE = 14  # px: a value's font is never smaller (legible at 800x480)


def play_time(seconds: float) -> str:
    """0:42, 12:05, 1:02:09: the time played, as a clock shows it."""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True)
class Slot:
    """One counter of the band: its label (a msgid) and the widest value it will ever show."""

    label: str
    widest: str


#: The widest values: a score has at most three digits (10 a card: Eight Off 520, Golf 370 with two
#: jokers), and a longer value (1000 moves) shrinks to fit its slot, in place
SCORE = Slot(N_("Score"), "888")
MOVES = Slot(N_("Moves"), "888")
STOCK = Slot(N_("Stock"), "88")
PAR = Slot(N_("Par"), "888")
HOLE = Slot(N_("Hole"), "8/8")
ROUND = Slot(N_("Round"), "+88")
TIME = Slot(N_("Time"), "8:88:88")


def paint_tick(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A gold tick in the right part of `box` (a space before it): drawn, so it needs no glyph."""
    s = box.height
    x, y = box.x + s * 0.3, box.centery
    points = [(x, y), (x + s * 0.22, y + s * 0.24), (x + s * 0.62, y - s * 0.3)]
    pygame.draw.lines(surface, theme.GOLD, False, points, max(2, s // 7))


class BandLight(Protocol):
    """What the band draws of the "still winnable?" light (winnable_light.WinnableLight): its
    verdict, which changes its look, and the mark itself."""

    @property
    def verdict(self) -> object: ...

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...


class Hud:
    """The title, the counters and the buttons; `actions` are (label, action), (label, action, icon)
    or (label, action, icon, stage) from the right edge leftwards; the icon replaces the label when
    the window is too narrow for every label beside the counters: first the icons of stage 1 (the
    default), then those of stage 2 too."""

    def __init__(self, ctx: Context, actions: list[tuple], code: str | None, on_copy: Action) -> None:
        self.ctx = ctx
        self.actions = actions
        self.code = code
        self.on_copy = on_copy
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.code_button: Button | None = None
        self._actions_of: list[Action] = []  # each button's action, in the order of `buttons`
        self._stats_right = 0
        self._shown: tuple | None = None
        #: The game and its rule set ("Golf · Strict"), translated (end screens say it so too).
        self.title = ""
        #: The title slot's two lines: the game ("Golf") over its rule set ("Strict").
        self.title_lines: tuple[str, str] = ("", "")
        #: The counters, left to right (the table says which; set before `layout`).
        self.slots: list[Slot] = []
        #: Where the title and each slot go (the title's is empty when the band has no room for it).
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.slot_rects: list[pygame.Rect] = []
        self._sizes = (12, 16)  # the labels' and the values' font sizes
        self._small_title = False  # the rule set's name at the labels' size (a narrow band)
        #: The deal is proven winnable: the title and the code show a check mark.
        self.proven = False
        #: The "still winnable?" light (winnable_light.py) when the setting is on: a round mark at
        #: the end of the counters; `on_light` is called when it is tapped.
        self.light: BandLight | None = None
        self.on_light: Action | None = None
        self.light_rect = pygame.Rect(0, 0, 0, 0)

    # -- geometry ----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, _ = size
        h = hud_height(size)
        self.rect = pygame.Rect(0, 0, w, h)
        m = margin(size)
        self._margin = m
        bh = h - 2 * max(4, h // 10)
        font = get_font(int(bh * 0.42), True)
        y = (h - bh) // 2
        code_text = font.size("WWW-WW-WWWWWWW")[0] * 4 // 5  # one width for every code
        gap = max(4, m // 2)
        light = int(bh * 0.7) + gap if self.light is not None else 0
        # each button as wide as its label needs, with room around it; on a narrow window (800x480,
        # Greek) tighter buttons, then icons for the buttons that have one, leave the counters room
        finger = theme.KIOSK_TOUCH - gap if self.ctx.kiosk else 0  # with its share of the gaps: 9 mm
        labels, widths, pad, code_share = self._fit(bh, font, (w, h), gap, light, finger, code_text)
        x = self._make_buttons(labels, widths, (y, bh), gap, int(code_text * code_share) + pad)
        self._stats_right = x - m
        if self.light is not None:
            side = int(bh * 0.7)
            self._stats_right -= side + gap
            self.light_rect = pygame.Rect(self._stats_right + gap, (h - side) // 2, side, side)
        self._place(self._stats_right - m, h)
        self._shown = None

    def _fit(
        self, bh: int, font: FallbackFont, size: tuple[int, int], gap: int, light: int, finger: int, code_text: int
    ) -> tuple[list[str], list[int], int, float]:
        """The buttons' labels and widths, their padding and the deal code's share of its width: the
        first of the tries, from the roomiest, that leaves the counters room (else the last).
        A try is (padding, least width in band heights, icon stage, share of the code's width): the
        last, for the narrowest windows, make the icons slimmer and the deal code's text a little
        smaller."""
        (w, h), m = size, self._margin
        tries = [
            (bh, 2.1, 0, 1.0),
            (int(bh * 0.7), 1.5, 0, 1.0),
            (int(bh * 0.7), 1.0, 1, 1.0),
            (int(bh * 0.7), 1.0, 2, 1.0),
            (int(bh * 0.7), 0.8, 2, 0.85),
            (int(bh * 0.7), 0.8, 2, 0.72),
        ]
        for n, (pad, least, icons, code_share) in enumerate(tries):
            labels = [icon if icon and stage <= icons else label for label, _action, icon, stage in self._actions()]
            # a one-glyph label (an icon, Help's "?") needs only a square-ish button
            widths = [
                max(int(bh * (min(least, 1.0) if len(label) == 1 else least)), font.size(tr(label))[0] + pad, finger)
                for label in labels
            ]
            right = w - m - sum(widths) - gap * len(widths) - int(code_text * code_share) - pad - m - light
            # the widest buttons only beside full-size counters; then, until the last two tries, nearly
            if (
                self._arrange(right - m, h, SCALES[:1] if n == 0 else SCALES[:3] if n < len(tries) - 2 else SCALES)
                is not None
            ):
                break
        return labels, widths, pad, code_share

    def _make_buttons(self, labels: list[str], widths: list[int], row: tuple[int, int], gap: int, code_w: int) -> int:
        """The band's buttons from the right edge leftwards, then the deal code's; where they end (x)."""
        (y, bh), (w, h) = row, self.rect.size
        self.buttons = []
        self._actions_of = []
        x = w - self._margin
        for (_label, action, _icon, _stage), label, bw in zip(self._actions(), labels, widths):
            x -= bw
            self.buttons.append(Button((x, y, bw, bh), label, self.ctx.text, style="ghost"))
            self._actions_of.append(action)
            x -= gap
        x -= code_w
        label = f"{CHECK} {self.code}" if self.proven and self.code else self.code or "—"
        self.code_button = Button((x, y, code_w, bh), label, self.ctx.text, style="ghost")
        self.code_button.visible = bool(self.code)
        self.buttons.append(self.code_button)
        self._actions_of.append(self.on_copy)
        # a press anywhere down the band's height counts: a fingertip's target; the rightmost button
        # reaches the screen's edge, where a finger lands easily
        areas = [pygame.Rect(b.rect.x - gap // 2, 0, b.rect.width + gap, h) for b in self.buttons]
        areas[0].width = w - areas[0].x
        for b, area in zip(self.buttons, areas):
            b.hit_area = area
        return x

    def _place(self, room: int, h: int) -> None:
        """The title's and the slots' rectangles in `room` px from the margin: the largest text that
        fits with the title; else the counters alone, as large as they fit (at least LEAST_SCALE)."""
        arranged = None
        # a narrow band: first the rule set's name as small as the game's, then smaller text
        for small, scales in ((False, SCALES[:3]), (True, SCALES[:3]), (False, SCALES[3:]), (True, SCALES[3:])):
            arranged = self._arrange(room, h, scales, small=small)
            if arranged is not None:
                self._small_title = small
                break
        if arranged is None:
            self._small_title = False
            arranged = self._arrange(room, h, (*SCALES, LEAST_SCALE), titled=False)
        if arranged is None:  # the narrowest band (800x480, Greek, the timer on): slots squeezed to fit
            _none, widths, _gap, sizes = self._widths(LEAST_SCALE, h, titled=False)
            gap = max(4, self._margin // 2)
            share = (room - gap * (len(widths) - 1)) / max(1, sum(widths))
            arranged = 0, [int(w * share) for w in widths], gap, sizes
        title_w, widths, gap, sizes = arranged
        self._sizes = sizes
        x = self._margin
        self.title_rect = pygame.Rect(x, 0, title_w, h)
        if title_w:
            x += title_w + gap * 3 // 2
        self.slot_rects = []
        for width in widths:
            self.slot_rects.append(pygame.Rect(x, 0, width, h))
            x += width + gap

    def _arrange(
        self, room: int, h: int, scales: tuple[float, ...], titled: bool = True, small: bool = False
    ) -> tuple | None:
        """(title width, slot widths, gap, (label size, value size)) at the largest scale that fits
        (`small`: the title's rule set at the labels' size)."""
        for scale in scales:
            arranged = self._widths(scale, h, titled, small)
            title_w, widths, gap, _sizes = arranged
            if title_w + (gap * 3 // 2 if title_w else 0) + sum(widths) + gap * max(0, len(widths) - 1) <= room:
                return arranged
        return None

    def _widths(self, scale: float, h: int, titled: bool, small: bool = False) -> tuple:
        game, rules = self.title_lines
        labels = [tr(s.label) for s in self.slots]
        label_size = max(least_legible(text, max(10, int(h * LABEL_K * scale))) for text in (game, *labels))
        value_size = max(LEAST_VALUE, int(h * VALUE_K * scale))
        label_font, value_font = get_font(label_size), get_font(value_size, True)
        widths = [max(label_font.size(label)[0], value_font.size(s.widest)[0]) for label, s in zip(labels, self.slots)]
        rules_size = label_size if small else value_size
        rules_font, tick = get_font(rules_size, True), int(rules_size * TICK_K)
        title_w = max(label_font.size(game)[0], rules_font.size(rules)[0] + tick) if titled and self.title else 0
        return title_w, widths, max(6, int(value_size * 0.7)), (label_size, value_size)

    @property
    def rules_size(self) -> int:
        """The font size of the title's rule set: a value's, or on a narrow band a label's."""
        return self._sizes[0] if self._small_title else self._sizes[1]

    @property
    def shows_title(self) -> bool:
        """Whether the band has room for the title (else the table may say it elsewhere)."""
        return self.title_rect.width > 0

    def _actions(self) -> list[tuple[str, Action, str | None, int]]:
        """(label, callback, icon or None, its stage) for every action."""
        return [(a[0], a[1], a[2] if len(a) > 2 else None, a[3] if len(a) > 3 else 1) for a in self.actions]

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
        for button, (label, _action, icon, _stage) in zip(self.buttons, self._actions()):
            if button.hover and icon and button.label == icon:
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
            and self.light_rect.inflate(self.light_rect.width, self.rect.height).collidepoint(pos)
        ):
            return True, self.on_light()
        return False, None

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
        label_size, value_size = self._sizes
        top, bottom = int(self.rect.height * 0.3), int(self.rect.height * 0.68)  # the two lines' centres
        text = self.ctx.text
        if self.shows_title and wanted(self.title_rect):
            game, rules = self.title_lines
            r = self.title_rect
            img = text.fit(game, r.width, label_size, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(r.x, top)))
            size = self.rules_size
            tick = int(size * TICK_K)
            img = text.fit(rules, r.width - tick, size, theme.TEXT, bold=True)
            at = img.get_rect(midleft=(r.x, bottom))
            surface.blit(img, at)
            if self.proven:
                paint_tick(surface, pygame.Rect(at.right, bottom - size // 2, tick, size))
            painted.append(r)
        for slot, r, value in zip(self.slots, self.slot_rects, values):
            if not wanted(r):
                continue
            img = text.fit(tr(slot.label), r.width, label_size, theme.TEXT_DIM, min_size=8)
            surface.blit(img, img.get_rect(midleft=(r.x, top)))
            img = text.fit(value, r.width, value_size, theme.TEXT, bold=True, min_size=8)
            surface.blit(img, img.get_rect(midleft=(r.x, bottom)))
            painted.append(r)
        for b in self.buttons:
            if wanted(b.bounds):
                painted.append(b.draw(surface))
        return painted


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
