"""The Eight Off table until its own issue lands: says so, shows the deal code, returns to the menu."""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, tr
from game.scenes.base import Replace
from game.scenes.panel_scene import PanelScene
from game.ui import theme
from game.ui.widgets import Button


class EightOffPlaceholderScene(PanelScene):
    """Holds the EightOffGame it was given (``game``) so the deal is not lost."""

    def __init__(self, ctx: Any, game: Any = None) -> None:
        self.game = game
        super().__init__(ctx)

    def build(self) -> None:
        self.menu_button = Button((0, 0, 1, 1), N_("Menu"), self.ctx.text, self.to_menu, style="primary")
        self.widgets = [self.menu_button]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        row = self.row_height()
        pw, ph = min(w - 24, row * 12), int(row * 5)
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = (w // 2, h // 2)
        pad = int(row * 0.5)
        self.title_rect = pygame.Rect(self.panel_rect.x + pad, self.panel_rect.y + pad, pw - 2 * pad, int(row * 1.2))
        self.code_rect = self.title_rect.move(0, int(row * 1.4)).inflate(0, -int(row * 0.4))
        bw = row * 4
        self.menu_button.rect = (self.panel_rect.centerx - bw // 2, self.panel_rect.bottom - pad - row, bw, row)

    def paint_static(self, surface: pygame.Surface) -> None:
        text = self.ctx.text
        r = self.title_rect
        img = text.fit(tr("Eight Off is coming soon"), r.width, int(r.height * 0.6), theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=r.center))
        code = getattr(self.game, "code", None)
        if code:
            r = self.code_rect
            img = text.fit(tr("Deal {code}", code=code), r.width, int(r.height * 0.6), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=r.center))

    def to_menu(self) -> None:
        self.next = Replace(self.ctx.make_menu_scene())

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
