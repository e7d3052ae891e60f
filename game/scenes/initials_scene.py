"""A kiosk's player whose game earned a place on today's board gives three initials, arcade style:
letters tapped on a grid, optional (Skip leaves the place without them), and nothing else
personal. The table's end panel comes when it closes."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import registry
from game.i18n import N_, tr
from game.persist.leaderboard import INITIALS, LETTERS, Entry, Leaderboard
from game.scenes.base import Pop, Scene, Transition
from game.scenes.kind_picker import kind_title
from game.scenes.leaderboard_words import mark_text
from game.scenes.panel_frame import PanelFrame
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context

KEY_COLUMNS = 9  # the letters' grid: 26 letters and the rubout in 3 rows
RUBOUT = "⌫"  # (erase to the left: the symbols font has it)


class InitialsScene(Scene):
    """Three letters for the board entry `entry` (on the board already, at `place`, 0 first)."""

    def __init__(self, ctx: Context, leaderboard: Leaderboard, entry: Entry, place: int) -> None:
        super().__init__(ctx)
        self.leaderboard, self.entry, self.place = leaderboard, entry, place
        self.initials = ""
        self.next: Transition = None
        self.frame = PanelFrame(ctx, self)
        text = ctx.text
        size = self.frame.design.type.label
        self.keys = [Button((0, 0, 1, 1), letter, text, partial(self.type, letter), size=size) for letter in LETTERS]
        self.rubout = Button((0, 0, 1, 1), RUBOUT, text, self.rub_out, style="ghost", size=size)
        self.skip = Button((0, 0, 1, 1), N_("Skip"), text, self.close, style="ghost", size=size)
        self.done = Button((0, 0, 1, 1), N_("Done"), text, self.sign, style="primary", size=size)
        self.widgets: list[Widget] = [*self.keys, self.rubout, self.skip, self.done]
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

    # --- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        d = self.frame.design
        for w in self.widgets:
            w.set_size(d.type.label)
        row, gap, pad = self.frame.row_height(), d.unit, d.space(2)
        key = row
        rows = (len(LETTERS) + 1 + KEY_COLUMNS - 1) // KEY_COLUMNS
        text = self.ctx.text
        self.title_h = text.rendered_size("Ag", d.type.heading, True)[1]
        self.line_h = text.rendered_size("Ag", d.type.body)[1]
        grid_w = KEY_COLUMNS * key + (KEY_COLUMNS - 1) * (gap // 2)
        pw = min(size[0] - 2 * d.unit, max(grid_w + 2 * pad, 60 * d.unit))
        ph = 2 * pad + self.title_h + gap + self.line_h + gap + row + gap + rows * (key + gap // 2) + gap + row
        panel = pygame.Rect(0, 0, pw, min(ph, size[1] - 2 * d.unit))
        panel.center = (size[0] // 2, size[1] // 2)
        self.frame.panel_rect = panel
        x, y, inner = panel.x + pad, panel.y + pad, pw - 2 * pad
        self.title_rect = pygame.Rect(x, y, inner, self.title_h)
        y += self.title_h + gap
        self.line_rect = pygame.Rect(x, y, inner, self.line_h)
        y += self.line_h + gap
        self.slots_rect = pygame.Rect(x, y, inner, row)
        y += row + gap
        left = x + (inner - grid_w) // 2
        for i, button in enumerate([*self.keys, self.rubout]):
            col, line = i % KEY_COLUMNS, i // KEY_COLUMNS
            button.rect = (left + col * (key + gap // 2), y + line * (key + gap // 2), key, key)
        y += rows * (key + gap // 2) + gap
        bw = (inner - gap) // 2
        self.skip.rect = (x, y, bw, row)
        self.done.rect = (x + inner - bw, y, bw, row)

    def paint_static(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        title = tr("Place {place} on today's board!", place=self.place + 1)
        img = text.fit(title, self.title_rect.width, d.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=self.title_rect.center))
        kind = registry.kind(self.entry.kind)
        line = tr("{game}: {mark}", game=kind_title(kind), mark=mark_text(self.entry))
        img = text.fit(line, self.line_rect.width, d.type.body, theme.TEXT)
        surface.blit(img, img.get_rect(center=self.line_rect.center))
        self._paint_slots(surface)

    def _paint_slots(self, surface: pygame.Surface) -> None:
        """The three letters so far, each in its box, under 'Your initials'."""
        d, text, r = self.frame.design, self.ctx.text, self.slots_rect
        label = text.render(tr("Your initials"), d.type.body, theme.TEXT)
        box = r.height
        width = label.get_width() + d.unit * 2 + INITIALS * box + (INITIALS - 1) * d.unit
        x = r.x + (r.width - width) // 2
        surface.blit(label, label.get_rect(midleft=(x, r.centery)))
        x += label.get_width() + 2 * d.unit
        for i in range(INITIALS):
            slot = pygame.Rect(x + i * (box + d.unit), r.y, box, box)
            pygame.draw.rect(surface, theme.TEXT_DIM, slot, width=2, border_radius=d.unit // 2)
            if i < len(self.initials):
                img = text.render(self.initials[i], d.type.heading, theme.GOLD, bold=True)
                surface.blit(img, img.get_rect(center=slot.center))

    # --- actions -------------------------------------------------------------------------------
    def type(self, letter: str) -> None:
        if len(self.initials) < INITIALS:
            self.initials += letter
            self.frame.repaint()

    def rub_out(self) -> None:
        if self.initials:
            self.initials = self.initials[:-1]
            self.frame.repaint()

    def sign(self) -> None:
        """The initials go on the board (none given: the place stays without them)."""
        if self.initials:
            self.leaderboard.sign(self.entry.game, self.entry.uid, self.initials)
        self.close()

    def close(self) -> None:
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_BACKSPACE:
            self.rub_out()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.sign()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif event.unicode and event.unicode.upper() in LETTERS:
            self.type(event.unicode.upper())
