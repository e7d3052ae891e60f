"""An end panel on the finished table (won, blocked, a lost position, a round's hole): a dialog laid
out by end_layout (one place per layout class, the class's sizes, never a line or a button left out),
with "Show the table".

"Show the table" fades the panel and the dimming away to show the cards beneath, a small note at the
window's bottom saying how to bring it back; the next press anywhere (or a key) does. Holding a
press anywhere outside the panel does the same for as long as it is held: the panel comes back on
release. A short tap outside does nothing (the panel would blink)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..context import ANIMATION_SCALE
from ..i18n import N_, tr
from ..ui import theme
from ..ui.design import Design, design_for
from ..ui.panel_image import PanelImage
from ..ui.pointer import DOWN, UP, pointer
from ..ui.text import least_legible
from ..view.free_space import slid_off
from .base import Action, Transition
from .dialog import PANEL_OPACITY, DialogOverlay
from .end_layout import (
    EndPlace,
    PanelButton,
    TextLine,
    button_boxes,
    button_height,
    panel_height,
    panel_rect,
    panel_width,
    per_row,
    text_plan,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from .dialog_content import PanelContent, PanelLife

SHOW_TABLE = N_("Show the table")
#: said at the window's bottom while "Show the table" keeps the panel away
BRING_BACK = N_("Tap anywhere to see the panel again")
#: seconds the panel takes to fade out or back (at the normal animation speed)
FADE_TIME = 0.2
#: seconds a press outside the panel is held before the panel fades (a tap leaves it)
HOLD_TIME = 0.25


class EndOverlay(DialogOverlay):
    """A dialog whose panel is an end panel: end_layout's place and sizes, and "Show the table"."""

    def __init__(self, ctx: Context, content: PanelContent, place: EndPlace, life: PanelLife | None = None) -> None:
        self.end_place = place
        self.design: Design = design_for(ctx.screen_size)
        self.plan: list[TextLine] = []
        #: how far the panel is faded: 0 shown, 1 gone (the table shows); and where it is going
        self.peek = 0.0
        self.peek_to = 0.0
        self._held: float | None = None  # seconds a press outside the panel has been held
        self._eat_release = False  # the press that brought the panel back: its release is used up
        self._was_bare = False
        super().__init__(ctx, content, life)
        self._was_bare = self._bare()

    # -- layout ---------------------------------------------------------------------------------------
    def actions(self) -> list[tuple[str, Action, str]]:
        """The content's buttons and "Show the table" (none in attract mode: no panel is shown)."""
        acts = self.content.actions(0)
        return [*acts, (SHOW_TABLE, self.show_table, "ghost")] if acts else []

    def lines(self) -> list[str]:
        return self.content.lines(0)

    def _lay_out(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.compact = 0
        d = self.design = design_for(self.size)
        window = self._window()
        acts = self.actions()
        pw = panel_width(d, self.size)
        self.plan = text_plan(self.ctx.text, d, pw - 2 * d.space(2), tr(self.content.title), self.lines())
        bh = button_height(d, self.ctx.kiosk)
        # (decided at the class's narrowest window: the same rows at every window of the class)
        row = min(per_row([a[0] for a in acts], d, panel_width(d, d.least)), per_row([a[0] for a in acts], d, pw))
        ph = panel_height(self.plan, len(acts), row, d, bh)
        self.panel_rect = panel_rect(self.end_place.felt(window, d), pw, ph, window)
        self._set_buttons(acts, button_boxes(len(acts), row, self.panel_rect, d, bh))
        self._panel = None
        self._button_backs = []
        self._panel = self._render_panel(1.0)
        shadow = (self._panel.get_width() - self.panel_rect.width) // 2
        self.panel_bounds = self.panel_rect.inflate(2 * shadow, 2 * shadow)
        self._full = True

    def _set_buttons(self, acts: list[tuple[str, Action, str]], boxes: list[tuple[int, int, int, int]]) -> None:
        held = {b.label: b for b in getattr(self, "buttons", ())}
        size = self.design.type.label
        self.buttons = [
            PanelButton(box, label, self.ctx.text, size, style) for box, (label, _f, style) in zip(boxes, acts)
        ]
        for button in self.buttons:
            before = held.get(button.label)
            if before is not None:
                button.pressed, button.hover = before.pressed, before.hover
        self._button_actions = [fn for _label, fn, _style in acts]

    def _render_panel(self, s: float) -> PanelImage:
        d = self.design
        panel = PanelImage(
            self.panel_rect.size, d.space(1.5), opacity=PANEL_OPACITY, felt_colour=self.ctx.settings.table_colour
        )
        shadow = (panel.get_width() - self.panel_rect.width) // 2
        y = shadow + d.space(2)
        self.text_sizes = [t.size for t in self.plan]
        for t in self.plan:
            img = self.ctx.text.render(t.text, t.size, t.colour, t.bold)
            panel.extras.append((img, img.get_rect(midtop=(panel.get_width() // 2, y)).topleft))
            y += t.height + t.below
        self.text_bottom = y - shadow - (self.plan[-1].below if self.plan else 0)
        return panel

    def line_rects(self) -> list[pygame.Rect]:
        """Where the title and each line are drawn, on the screen (for tests and the contact sheets)."""
        extras = [] if self._panel is None else self._panel.extras
        return [pygame.Rect(self.panel_bounds.move(dx, dy).topleft, img.get_size()) for img, (dx, dy) in extras]

    # -- "Show the table" ----------------------------------------------------------------------------
    def show_table(self) -> Transition:
        """The panel fades to show the cards beneath; the next press brings it back."""
        self.peek_to = 1.0
        return None

    def _bare(self) -> bool:
        return self.life is not None and self.life.bare

    def handle_event(self, event: pygame.event.Event) -> Transition:
        if self._bare():
            return super().handle_event(event)
        p = pointer(event, self.size)
        if self.peek_to == 1.0 and self._held is None:  # shown by the button: any press or key brings it back
            if event.type == pygame.KEYDOWN or (p is not None and p[0] == DOWN):
                self.peek_to, self._eat_release = 0.0, p is not None
            return None
        if p is not None and p[0] == UP and (self._held is not None or self._eat_release):
            self._held, self._eat_release, self.peek_to = None, False, 0.0
            return None
        transition = super().handle_event(event)
        if p is not None and p[0] == DOWN and not self.panel_bounds.collidepoint(p[1]) and self._outside(p[1]):
            self._held = 0.0
        return transition

    def _outside(self, pos: tuple[int, int]) -> bool:
        """Whether a press at `pos` is on the felt (not on the band, whose buttons stay live)."""
        return bool(self.end_place.table.below_band().collidepoint(pos))

    def update(self, dt: float) -> Transition:
        if self._held is not None:
            self._held += dt
            if self._held >= HOLD_TIME:
                self.peek_to = 1.0
        if self.peek != self.peek_to:
            speed = ANIMATION_SCALE.get(self.ctx.settings.animation_speed, 1.0)
            step = dt / (FADE_TIME * speed) if speed > 0 else 1.0
            self.peek = min(self.peek_to, self.peek + step) if self.peek_to > self.peek else max(0.0, self.peek - step)
            self.end_place.table.invalidate(None)  # the table beneath, drawn again under the fade
        return super().update(dt)

    def is_animating(self) -> bool:
        return super().is_animating() or self.peek != self.peek_to or self._held is not None

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> list | None:
        bare = self._bare()
        if bare != self._was_bare:  # the celebration is over: the panel comes, all of it
            self._was_bare, self._full = bare, True
        if self.peek == 0.0 or bare:
            return super().draw(surface)
        full, self._full, self._beneath = self._full, False, []
        if not full:  # the table shows: what it repainted stays as it drew it
            return []
        shown = 1.0 - self.peek
        if shown > 0:
            k = 255 - int(self.content.dim_alpha * shown)
            surface.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)
            bounds = self.panel_bounds.clip(surface.get_rect())
            under = surface.subsurface(bounds).copy()
            assert self._panel is not None
            self._panel.draw(surface, self.panel_bounds.topleft)
            for b in self.buttons:
                b.draw(surface)
            under.set_alpha(int(255 * self.peek))
            surface.blit(under, bounds)
            self._button_backs = []
        elif self._held is None:  # shown by the button: how to bring the panel back
            self._draw_note(surface)
        return None

    def _draw_note(self, surface: pygame.Surface) -> None:
        """BRING_BACK on a dark pill, centred at the window's bottom (at the class's small size)."""
        d = self.design
        words = tr(BRING_BACK)
        img = self.ctx.text.render(words, least_legible(words, d.type.small), theme.TEXT)
        pill = img.get_rect().inflate(2 * d.space(1.5), 2 * d.space(0.75))
        pill.midbottom = (self.size[0] // 2, self.size[1] - d.space(1))
        table = self.end_place.table  # (slid along the bottom off the cards and the felt's marks)
        cards = [table.board.sprite_rect(s) for s in table.board.sprites.values()]
        pill = slid_off(pill, cards, self._window(), table.felt_marks())
        surface.blit(theme.rounded_rect(pill.size, (0, 0, 0, 170), pill.height // 2), pill)
        surface.blit(img, img.get_rect(center=pill.center))
