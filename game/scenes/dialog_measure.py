"""How a dialog's panel measures itself: its forms (the whole panel and its shorter ones), the
scales it tries in the window and its text laid out at a width and scale. DialogOverlay places and
draws what this finds (dialog.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from ..i18n import tr
from ..ui import theme
from ..ui.design import design_for
from ..ui.text import get_font, least_legible, wrap_lines
from .base import Action

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from .dialog_content import PanelContent

#: the scales a panel tries, largest first, when the window is smaller than it would like
SHRINKS = (1.0, 0.9, 0.8, 0.72, 0.64, 0.56, 0.5)


def _room(window: pygame.Rect) -> int:
    """The height a panel may take: the window less a margin."""
    return window.height - 20


class PanelMeasure:
    """The measuring half of a dialog (mixed into DialogOverlay, which sets these fields)."""

    ctx: Context
    content: PanelContent
    compact: int
    size: tuple[int, int]
    _worked_out: dict[tuple, list] | None

    def lines(self) -> list[str]:
        """What the panel says below its title, at the compact level."""
        return self.content.lines(self.compact)

    def _said_lines(self) -> list[str]:
        """`lines()` at the compact level, worked out once per resize."""
        return self._once(("lines", self.compact), self.lines)

    def _once(self, key: tuple, work: Callable[[], list]) -> list:
        """`work()`, kept under `key` while resize runs (a new call each time otherwise)."""
        memo = self._worked_out
        if memo is None:
            return work()
        if key not in memo:
            memo[key] = work()
        return memo[key]

    def actions(self) -> list[tuple[str, Action, str]]:
        """The panel's buttons at the compact level: (label, action, style)."""
        return self.content.actions(self.compact)

    def _spot(self, window: pygame.Rect, pw: int, ph: int) -> pygame.Rect:
        """Where a panel pw by ph goes: the window's middle."""
        rect = pygame.Rect(0, 0, pw, min(ph, _room(window)))
        rect.center = window.center
        return rect

    def _fits(self, window: pygame.Rect) -> Iterator[tuple[float, pygame.Rect, tuple, int]]:
        """Each (scale, window, measure, form) the panel fits, best first, with self.compact set to
        it: its text and gaps shrink when they would not fit; its buttons stay touch-sized. The
        whole panel first, then its shorter forms; at each, the largest scale first."""
        for level in range(self.content.compact_levels + 1):
            self.compact = level
            acts = self.actions()
            for shrink in SHRINKS:
                s = theme.scale_for(self.size) * shrink
                if self._least_height(s, acts) > _room(window):  # too low for it whatever its text
                    continue
                measured = self._measure(s, window, acts)
                if measured[1] <= _room(window):
                    yield s, window, measured, level

    def _least_height(self, s: float, acts: list) -> int:
        """A height the panel at scale s cannot be lower than (_measure's, found without laying out
        its text)."""
        bh, gap = self._button_size(s)
        return max(self._height_for_lines(s), gap + bh + gap if acts else 0)

    def _height_for_lines(self, s: float) -> int:
        """The height the panel takes at scale s by its number of lines (before its text is laid
        out: it may need more, never less)."""
        return min(self.size[1] - 20, int((130 + 34 * len(self._said_lines())) * s))

    def _button_size(self, s: float) -> tuple[int, int]:
        """A button's height (the layout class's row, a kiosk's finger at least) and the gap around
        it at scale s."""
        design = design_for(self.size)
        return max(design.row, design.target, theme.KIOSK_TOUCH if self.ctx.kiosk else 0), int(16 * s)

    def _measure(self, s: float, window: pygame.Rect, acts: list) -> tuple[int, int, int, int, int, int]:
        """The panel's width and height, button height, gap, buttons per row and rows at scale s."""
        # (as wide as at full scale, where the window allows: a shrunk panel made narrow as well
        # would wrap its title onto more lines and grow taller than the space it is shrunk for)
        pw, ph = min(window.width - 20, int(440 * max(s, theme.scale_for(self.size)))), self._height_for_lines(s)
        bh, gap = self._button_size(s)
        font = get_font(design_for(self.size).type.label, True)
        # as many buttons side by side as keep every label at its full size (rows of 3, 2 or 1)
        per_row = max(1, len(acts))
        while per_row > 1:
            bw = (pw - gap * (per_row + 1)) // per_row
            if all(font.size(tr(label))[0] <= bw - 2 * max(8, bh // 3) for label, _fn, _st in acts):
                break
            per_row -= 1
        rows = -(-len(acts) // per_row)
        # tall enough for its text in any language (a Thai line is taller than a Latin one)
        ph = max(ph, self._text_bottom(pw, s) + gap + rows * (bh + gap))  # (the caller keeps it inside)
        return pw, ph, bh, gap, per_row, rows

    def _text_plan(self, pw: int, s: float) -> list[tuple[str, int, theme.Colour, bool, int]]:
        """The title and the lines as they will be drawn: text, font size, colour, bold, and the
        space below each."""
        return self._once(("plan", self.compact, pw, s), lambda: self._plan_text(pw, s))

    def _plan_text(self, pw: int, s: float) -> list[tuple[str, int, theme.Colour, bool, int]]:
        """The title at the layout class's heading size and the lines at its body size, each on as
        many lines as it needs (a size never shrinks to fit: the window's class decides it)."""
        inner_w = pw - int(40 * s)
        type_scale = design_for(self.size).type
        title = tr(self.content.title)
        size = least_legible(title, type_scale.heading)
        wrapped = "\n".join(wrap_lines(title, inner_w, size, True))
        out: list[tuple[str, int, theme.Colour, bool, int]] = [(wrapped, size, theme.GOLD, True, int(12 * s))]
        for line in self._said_lines():
            size = least_legible(line, type_scale.body)
            out.append(("\n".join(wrap_lines(line, inner_w, size)), size, theme.TEXT, False, int(6 * s)))
        return out

    def _text_bottom(self, pw: int, s: float) -> int:
        """Where the text ends, from the panel's top: measured, not drawn (a panel weighs several
        sizes and places before it draws one)."""
        plan = self._text_plan(pw, s)
        heights = [self.ctx.text.rendered_size(line, size, bold)[1] + below for line, size, _c, bold, below in plan]
        return int(22 * s) + sum(heights) - (plan[-1][4] if plan else 0)
