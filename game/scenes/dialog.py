"""A dialog over a scene: the scene beneath dimmed, a panel with a title, lines and buttons.

One scene for every panel: the end screens of the tables, the analysis, the deal finder and the
confirmations (reset statistics, abandon a game) are each a content it is given
(dialog_content.py). Each content's module offers the maker of its dialog, a function named as
the scene it makes (ConfirmDialog, WinOverlay, AnalysisOverlay …). Each button's action returns the
transition it causes (None: none).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..i18n import tr
from ..ui import theme
from ..ui.design import design_for
from ..ui.key_focus import KeyFocus
from ..ui.panel_image import PanelImage
from ..ui.pointer import DOWN, UP, pointer
from ..ui.widgets import Button
from ..view.dirty_rects import minus
from .base import Action, Pop, Scene, Transition
from .dialog_content import PanelContent, PanelLife
from .dialog_measure import SHRINKS, PanelMeasure

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


log = logging.getLogger(__name__)
#: all but opaque: at 238 the menu's cream buttons show through a dialog's words;
#: under 255 the panel keeps the blended path its drawing and the cards beneath it rely on
PANEL_OPACITY = 252


class DialogOverlay(PanelMeasure, Scene):
    """A dimmed scene beneath, and a panel on it in the window's middle: a title, lines of text and
    buttons, as its `content` says; a `life` (an end panel's, the deal finder's) acts over time and
    draws under it. A button's action returns its transition. (End panels are laid out by their
    class's design instead: end_overlay.EndOverlay.)"""

    overlay = True

    def __init__(self, ctx: Context, content: PanelContent, life: PanelLife | None = None) -> None:
        super().__init__(ctx)
        self.content = content
        self.life = life
        self.buttons: list[Button] = []
        self._button_actions: list[Action] = []
        self.size = (0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._text_width = 0  # (the text's width in the panel: _lay_out)
        self._panel: PanelImage | None = None
        self._full = True
        self._button_backs: list[pygame.Surface] = []  # the panel under each button (see draw)
        self._beneath: list[pygame.Rect] = []
        self.key_focus = KeyFocus()  # Tab and the arrows over the buttons, Enter or Space presses
        #: 0: the whole panel; 1, 2 …: the shorter forms the content gives for small spaces
        self.compact = 0
        #: While resize weighs its sizes and places: each compact level's lines, and the text's plan
        #: at each width and scale, worked out once. A finished Golf deal's lines replay the game to
        #: say where it was lost, and resize measures the panel up to some 300 times, over a few
        #: widths: working them out each time would freeze the table for a moment (seconds on a Pi).
        self._worked_out: dict[tuple, list] | None = None
        if life is not None:
            life.bind(self)

    @property
    def title(self) -> str:
        return self.content.title

    def _window(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def enter(self) -> None:
        if self.life is not None:
            self.life.enter()
        self.resize(self.ctx.screen_size)

    def exit(self) -> None:
        if self.life is not None:
            self.life.exit()

    def update(self, dt: float) -> Transition:
        return None if self.life is None else self.life.update(dt)

    def is_animating(self) -> bool:
        return self.life is not None and self.life.is_animating()

    def resize(self, size: tuple[int, int]) -> None:
        self._worked_out = {}
        try:
            self._lay_out(size)
        finally:
            self._worked_out = None  # (what the lines say may change before the next resize)

    def _lay_out(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        window = self._window()
        chosen = self._best_fit(window)
        if chosen is not None:
            self.compact = chosen[3]
        acts = self.actions()
        if chosen is None:  # nothing holds it: the smallest panel (said in the log)
            log.info("dialog: %s does not fit the window", type(self.content).__name__)
            s = theme.scale_for(self.size) * SHRINKS[-1]
            chosen = (s, window, self._measure(s, window, acts), self.compact)
        s, area, (pw, ph, bh, gap, per_row, rows) = chosen[:3]
        self.panel_rect = self._spot(area, pw, ph)
        self._text_width = pw
        self._set_buttons(acts, self._button_boxes(len(acts), per_row, rows, bh, gap))
        self._panel = None  # (the old panel goes before the new one is made: one at a time in memory)
        self._button_backs = []
        self._panel = self._render_panel(s)
        radius = (self._panel.get_width() - self.panel_rect.width) // 2
        self.panel_bounds = self.panel_rect.inflate(2 * radius, 2 * radius)
        self._full = True

    def _best_fit(self, window: pygame.Rect) -> tuple | None:
        """The fit of the panel in the window to take: the first, its whole form at the largest
        scale that holds it (None: none holds it). Its text is at the class's sizes at every scale,
        so every fit is legible."""
        return next(self._fits(window), None)

    def _button_boxes(self, count: int, per_row: int, rows: int, bh: int, gap: int) -> list[tuple[int, int, int, int]]:
        """Where `count` buttons go, `per_row` to a row in `rows` rows at the panel's bottom; a last,
        shorter row spreads out."""
        pw = self.panel_rect.width
        boxes = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            bw = (pw - gap * (in_row + 1)) // in_row
            boxes.append(
                (self.panel_rect.x + gap + col * (bw + gap), self.panel_rect.bottom - (rows - row) * (bh + gap), bw, bh)
            )
        return boxes

    def _set_buttons(self, acts: list[tuple[str, Action, str]], boxes: list[tuple[int, int, int, int]]) -> None:
        """The buttons made anew in `boxes`; a press or hover across a new layout stays (its
        release still clicks)."""
        held = {b.label: b for b in getattr(self, "buttons", ())}
        size = design_for(self.size).type.label  # the layout class's label size, never shrunk alone
        self.buttons = [
            Button(box, label, self.ctx.text, style=style, size=size) for box, (label, _fn, style) in zip(boxes, acts)
        ]
        for button in self.buttons:
            before = held.get(button.label)
            if before is not None:
                button.pressed, button.hover = before.pressed, before.hover
        self._button_actions = [fn for _label, fn, _style in acts]

    def _darken(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Black at dim_alpha over the scene beneath, as a multiply: no full-screen surface kept."""
        k = 255 - self.content.dim_alpha
        surface.fill((k, k, k), rect, special_flags=pygame.BLEND_RGB_MULT)

    def invalidate(self, rects: list | None = None) -> None:
        """The table repainted beneath us: dim those parts again (None: all of it)."""
        if rects is None:
            self._full = True
        else:
            self._beneath.extend(rects)

    def _text_images(self, pw: int, s: float) -> list[tuple[pygame.Surface, int]]:
        """The title and the lines drawn, each with the space below it (cached by the TextCache)."""
        return [
            (self.ctx.text.render(line, size, colour, bold), below)
            for line, size, colour, bold, below in self._text_plan(pw, s)
        ]

    def _render_panel(self, s: float) -> PanelImage:
        radius = int(18 * s)
        # text stays clear over any table
        panel = PanelImage(
            self.panel_rect.size, radius, opacity=PANEL_OPACITY, felt_colour=self.ctx.settings.table_colour
        )
        y = radius + int(22 * s)
        last_below = 0
        #: the font size of the title and of each line, as drawn
        self.text_sizes = [size for _line, size, *_rest in self._text_plan(self._text_width, s)]
        for img, below in self._text_images(self._text_width, s):
            panel.extras.append((img, img.get_rect(midtop=(panel.get_width() // 2, y)).topleft))
            y += img.get_height() + below
            last_below = below
        #: where the text ends, from the panel's top (the buttons start below it): as _text_bottom
        #: measured it, the drawn lines being as tall as measured
        self.text_bottom = y - radius - last_below
        return panel

    def handle_event(self, event: pygame.event.Event) -> Transition:
        if self.life is not None:
            used, transition = self.life.intercept(event)
            if used:
                return transition
        if event.type == pygame.KEYDOWN:
            used, point = self.key_focus.key(event, self.buttons)
            if point is not None:  # Enter or Space: a tap on the focused button
                self._point(DOWN, point)
                return self._point(UP, point)
            return None if used else self.content.on_key(event)
        p = pointer(event, self.size)
        if p is not None:
            if p[0] == DOWN:
                self.key_focus.hide(self.buttons)  # a mouse or touch player: no keyboard focus
            return self._point(*p)
        return None

    def _point(self, kind: str, pos: tuple[int, int]) -> Transition:
        """A pointer action (or a key's press) on the buttons: the transition of one that fired."""
        for button, action in zip(self.buttons, self._button_actions):
            button.window = self.size  # (a button by the window's edge reaches it: Widget.hit_rect)
            if button.handle(kind, pos):
                return action()
        return None

    def draw(self, surface: pygame.Surface) -> list | None:
        """The dimmed scene and the panel over it, repainted only where something changed.

        No copy of what lies under the panel is kept: where the scene beneath repainted, the
        screen holds it again, dimmed here, and the panel is blended over it there. A button's
        change repaints it over the copy kept of the panel under its own bounds. A bare life
        draws only its own part."""
        if self.life is not None and self.life.bare:
            full, self._full, self._beneath = self._full, False, []
            drawn = self.draw_effects(surface)  # (they stay until the scene beneath repaints there)
            return None if full else drawn
        rects: list[pygame.Rect] = []
        bounds = self.panel_bounds.clip(surface.get_rect())
        # (drawing a button clears its flag: which changed is read before anything is drawn)
        changed = [b for b in self.buttons if b.dirty] if not self._full and self._button_backs else []
        if self._full:
            self._darken(surface, surface.get_rect())
            fresh = [bounds]
        else:
            darkened: list[pygame.Rect] = []
            for r in map(pygame.Rect, self._beneath):
                for piece in minus(r, darkened):  # the scene's rects overlap: dim each pixel once
                    self._darken(surface, piece)
                darkened.append(r)
            rects += darkened
            fresh = []  # the parts of the panel's area the scene repainted, each pixel once
            for r in darkened:
                part = r.clip(bounds)
                if part.width and part.height:
                    fresh += minus(part, fresh)
        self._beneath = []
        if self._panel is not None:
            for piece in fresh:
                self._blend_panel(surface, piece)
        rects += self.draw_effects(surface)
        for b in changed:
            self._restore_backs(surface, b.bounds)
            self._draw_buttons(surface, b.bounds)
            rects.append(b.bounds)
        if self._full:
            self._full = False
            return None
        return rects

    def _blend_panel(self, surface: pygame.Surface, piece: pygame.Rect) -> None:
        """The panel over what the screen holds in `piece` (the dimmed scene), then the buttons."""
        assert self._panel is not None
        clip = surface.get_clip()
        surface.set_clip(piece.clip(clip))
        self._panel.draw(surface, self.panel_bounds.topleft)
        surface.set_clip(clip)
        self._draw_buttons(surface, piece)

    def _restore_backs(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The panel as it is under the buttons, without them, within `area` (from the copies
        _draw_buttons keeps)."""
        for b, back in zip(self.buttons, self._button_backs):
            bounds = b.bounds
            part = bounds.clip(area)
            if part.width and part.height:
                surface.blit(back, part, part.move(-bounds.x, -bounds.y))

    def _draw_buttons(self, surface: pygame.Surface, piece: pygame.Rect) -> None:
        """The buttons and the focus ring within `piece`, where the panel was just made anew: what
        lies under each button is kept first (to repaint it alone when it changes)."""
        if len(self._button_backs) != len(self.buttons):
            self._button_backs = [pygame.Surface(b.bounds.size, 0, surface) for b in self.buttons]
        touched = [
            (b, bounds, back)
            for b, back in zip(self.buttons, self._button_backs)
            if (bounds := b.bounds).colliderect(piece)
        ]
        if not touched:
            return
        clip = surface.get_clip()
        for _b, bounds, back in touched:
            part = bounds.clip(piece).clip(surface.get_rect())
            back.blit(surface, (part.x - bounds.x, part.y - bounds.y), part)
        surface.set_clip(piece.clip(clip))
        for b, _bounds, _back in touched:
            b.draw(surface)
        self.key_focus.draw(surface, self.buttons)
        surface.set_clip(clip)

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Animated things between the dimmed scene and the panel (the win cascade)."""
        return [] if self.life is None else self.life.draw_effects(surface)


class Confirm:
    """The question before something that cannot be taken back: No first (and focused), then Yes.
    `on_yes` may return a transition; what `on_no` returns is not followed (the dialog closes)."""

    dim_alpha = 120
    compact_levels = 0

    def __init__(
        self,
        title: str,
        lines: list[str],
        yes_label: str,
        on_yes: Action,
        no_label: str = "Cancel",
        on_no: Callable[[], object] | None = None,
    ) -> None:
        self.title = title
        self._lines = lines
        self._yes = (yes_label, on_yes)
        self._no_label = no_label
        self._on_no = on_no

    def lines(self, compact: int) -> list[str]:
        return [tr(line) for line in self._lines]

    def actions(self, compact: int) -> list[tuple[str, Action, str]]:
        return [(self._no_label, self._cancel, "primary"), (self._yes[0], self._confirm, "secondary")]

    def on_key(self, event: pygame.event.Event) -> Transition:
        return close_on_escape(event)

    def _cancel(self) -> Transition:
        if self._on_no is not None:
            self._on_no()
        return Pop()

    def _confirm(self) -> Transition:
        return self._yes[1]() or Pop()


def close_on_escape(event: pygame.event.Event) -> Transition:
    """A dialog's keys: Esc closes it."""
    if event.key == pygame.K_ESCAPE:
        return Pop()
    return None


def ConfirmDialog(
    ctx: Context,
    title: str,
    lines: list[str],
    yes_label: str,
    on_yes: Action,
    no_label: str = "Cancel",
    on_no: Callable[[], object] | None = None,
) -> DialogOverlay:
    """Ask before something that cannot be taken back (a dialog of `Confirm`)."""
    return DialogOverlay(ctx, Confirm(title, lines, yes_label, on_yes, no_label, on_no))


def shows(scene: object, content_type: type) -> bool:
    """Whether `scene` is a dialog showing content of `content_type`."""
    return isinstance(scene, DialogOverlay) and isinstance(scene.content, content_type)
