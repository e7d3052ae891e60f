"""The table's top band: score and counters on the left, the deal code and buttons on the right.

Shared by both tables. Text is rendered through the text cache and the band is repainted only when
its values or a button's state change.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pygame

from ..i18n import tr
from ..ui import theme
from ..ui.text import get_font
from ..ui.widgets import Button
from ..view.layout import hud_height, margin
from .base import Action, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


class Hud:
    """Counters and buttons; `actions` are (label, action), (label, action, icon) or (label, action,
    icon, stage) from the right edge leftwards; the icon replaces the label when the window is too
    narrow for every label: first the icons of stage 1 (the default), then those of stage 2 too."""

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
        #: The game and its rule set ("Golf · Strict"), translated: the band's first line when it
        #: fits (see `shows_title`), else the table shows it elsewhere.
        self.title = ""
        #: The deal is proven winnable: the code shows a check mark (the counters say it in words
        #: too when there is room, see `roomy`).
        self.proven = False
        #: The "still winnable?" light (winnable_light.py) when the setting is on: a round mark at
        #: the end of the counters; `on_light` is called when it is tapped.
        self.light: Any = None
        self.on_light: Action | None = None
        self.light_rect = pygame.Rect(0, 0, 0, 0)

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
        # each button as wide as its label needs, with room around it; on a narrow window (800x480,
        # Greek) tighter buttons, then icons for the buttons that have one, leave the counters room
        finger = theme.KIOSK_TOUCH - gap if self.ctx.kiosk else 0  # with its share of the gaps: 9 mm
        # (padding, least width in band heights, icon stage, share of the code's width): the last, for
        # the narrowest windows, makes the icons slimmer and the deal code's text a little smaller
        tries = [(bh, 2.1, 0, 1.0), (int(bh * 0.7), 1.5, 0, 1.0), (int(bh * 0.7), 1.0, 1, 1.0),
                 (int(bh * 0.7), 1.0, 2, 1.0), (int(bh * 0.7), 0.8, 2, 0.85)]
        for pad, least, icons, code_share in tries:
            labels = [icon if icon and stage <= icons else label for label, _action, icon, stage in self._actions()]
            # a one-glyph label (an icon, Help's "?") needs only a square-ish button
            widths = [max(int(bh * (min(least, 1.0) if len(label) == 1 else least)), font.size(tr(label))[0] + pad,
                          finger) for label in labels]
            if sum(widths) + gap * len(widths) + int(code_text * code_share) + pad <= w * 0.74:
                break
        code_text = int(code_text * code_share)
        self.buttons = []
        self._actions_of = []
        x = w - m
        for (_label, action, _icon, _stage), label, bw in zip(self._actions(), labels, widths):
            x -= bw
            self.buttons.append(Button((x, y, bw, bh), label, self.ctx.text, style="ghost"))
            self._actions_of.append(action)
            x -= gap
        code_w = code_text + pad
        x -= code_w
        label = f"✓ {self.code}" if self.proven and self.code else self.code or "—"
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
        self._stats_right = x - m
        if self.light is not None:
            side = int(bh * 0.7)
            self._stats_right -= side + gap
            self.light_rect = pygame.Rect(self._stats_right + gap, (h - side) // 2, side, side)
        self._shown = None

    @property
    def roomy(self) -> bool:
        """Whether the counters have room for a few words more (not on a narrow window)."""
        return self._stats_right - self._margin >= 300

    def _actions(self) -> list[tuple[str, Action, str | None, int]]:
        """(label, callback, icon or None, its stage) for every action."""
        return [(a[0], a[1], a[2] if len(a) > 2 else None, a[3] if len(a) > 3 else 1) for a in self.actions]

    def paint_band(self, background: pygame.Surface) -> None:
        """The band itself, part of the table's static background."""
        band = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        band.fill((0, 0, 0, 70))
        background.blit(band, self.rect)
        pygame.draw.line(background, (255, 255, 255, 30), self.rect.bottomleft, self.rect.bottomright)

    def button_for(self, action: Action) -> Button | None:
        """The button that performs `action` (whatever its label shows now), or None."""
        return next((b for b, a in zip(self.buttons, self._actions_of) if a == action), None)

    def shows_title(self, values: tuple) -> bool:
        """Whether the title fits the band beside these counters, both legible (title_lines)."""
        return self.title_lines(values) > 0

    def title_lines(self, values: tuple) -> int:
        """How the title goes into the band beside these counters: 1 on one line with them, 2 on a
        line of its own above them, 0 not at all (too narrow for both to stay legible). Judged with
        every number at three digits, so the answer holds for the whole game."""
        if not self.title:
            return 0
        h, room = self.rect.height, self._stats_right - self._margin
        widest = tuple(re.sub(r"\d+", "888", v) for v in values)
        one, two = max(16, int(h * 0.5)), int(h * 0.36)
        fit = self.ctx.text.fit_size
        if fit("   ".join((self.title, *widest)), room, one, True) >= one * 0.7:
            return 1
        if fit("   ".join(widest), room, two, True) >= two * 0.85 and fit(self.title, room, two, True) >= two * 0.85:
            return 2
        return 0

    def handle(self, kind: str, pos: tuple[int, int]) -> tuple[bool, Transition]:
        """A pointer action on the band: whether a button fired, and the transition its action returned."""
        for button, action in zip(self.buttons, self._actions_of):
            if button.handle(kind, pos):
                return True, action()
        if self.light is not None and self.on_light is not None and kind == "up" \
                and self.light_rect.inflate(self.light_rect.width, self.rect.height).collidepoint(pos):
            return True, self.on_light()
        return False, None

    def changed(self, values: tuple) -> list[pygame.Rect]:
        """The parts of the band to repaint: all of it when the values changed, else dirty buttons."""
        if self._key(values) != self._shown:
            return [self.rect]
        return [b.bounds for b in self.buttons if b.dirty]

    def _key(self, values: tuple) -> tuple:
        """What the band shows: the counters, and the light's verdict when it is on."""
        return values if self.light is None else (*values, self.light.verdict)

    def draw(self, surface: pygame.Surface, values: tuple) -> None:
        self._shown = self._key(values)
        if self.light is not None:
            self.light.paint(surface, self.light_rect)
        h = self.rect.height
        x = self._margin
        size = max(16, int(h * 0.5))
        room = self._stats_right - x
        titled = self.title_lines(values)
        lines = ["   ".join((self.title, *values) if titled else values)]
        if titled == 2:
            lines, size = [self.title, "   ".join(values)], int(h * 0.36)  # the title above the counters
        elif not titled and len(values) > 1 and self.ctx.text.fit_size(lines[0], room, size, True) < size * 0.7:
            half = (len(values) + 1) // 2  # too narrow for one legible line (800x480, Greek): two lines
            lines, size = ["   ".join(values[:half]), "   ".join(values[half:])], int(h * 0.36)
        size = min(self.ctx.text.fit_size(line, room, size, True) for line in lines)  # one size for both
        for i, line in enumerate(lines):
            img = self.ctx.text.fit(line, room, size, theme.TEXT, bold=True)
            centre = h // 2 if len(lines) == 1 else int(h * (0.27 if i == 0 else 0.69))  # clear of the edge line
            surface.blit(img, img.get_rect(midleft=(x, centre)))
        for b in self.buttons:
            b.draw(surface)
