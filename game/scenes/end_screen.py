"""Overlays on a finished table: the blocked panel (Undo / New game) and the win screen with its
cascading-cards celebration (New game / Menu)."""
from __future__ import annotations

import random
from typing import Any

import pygame

from ..i18n import tr
from ..ui import theme
from ..ui.pointer import pointer
from ..ui.widgets import Button
from .base import Pop, Scene, Transition

GRAVITY = 2400.0  # px/s² at 1080 px tall, scaled to the window
LAUNCH_EVERY = 0.22


class EndOverlay(Scene):
    """A dimmed table with a centred panel: a title, lines of text and buttons."""

    overlay = True
    title = ""
    allows_undo = False
    dim_alpha = 120

    def __init__(self, ctx: Any, table: Any) -> None:
        super().__init__(ctx)
        self.table = table
        self.buttons: list[Button] = []
        self.size = (0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._panel: pygame.Surface | None = None
        self._full = True
        self._under: pygame.Surface | None = None
        self._beneath: list[pygame.Rect] = []
        self._dim: pygame.Surface | None = None
        self._transition: Transition = None

    def lines(self) -> list[str]:
        return []

    def area(self) -> pygame.Rect:
        """Where the panel goes: the whole window (centred)."""
        return pygame.Rect((0, 0), self.size)

    def actions(self) -> list[tuple[str, Any, str]]:
        return []

    def enter(self) -> None:
        self.resize(self.ctx.screen_size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = tuple(size)
        w, h = self.size
        s = theme.scale_for(self.size)
        pw, ph = min(w - 20, int(440 * s)), min(h - 20, int((130 + 34 * len(self.lines())) * s))
        area = self.area()
        pw = min(pw, area.width)
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = area.center
        if area.height < h:
            self.panel_rect.bottom = area.bottom
        bh = max(theme.MIN_TOUCH + 4, int(52 * s))
        acts = self.actions()
        gap = int(16 * s)
        bw = (pw - gap * (len(acts) + 1)) // max(1, len(acts))
        y = self.panel_rect.bottom - gap - bh
        self.buttons = [Button((self.panel_rect.x + gap + i * (bw + gap), y, bw, bh), label, self.ctx.text,
                               on_click=fn, style=style) for i, (label, fn, style) in enumerate(acts)]
        self._panel = self._render_panel(s)
        self._dim = pygame.Surface(self.size, pygame.SRCALPHA)
        self._dim.fill((0, 0, 0, self.dim_alpha))
        self._full = True

    def invalidate(self, rects: list | None = None) -> None:
        """The table repainted beneath us: dim those parts again (None: all of it)."""
        if rects is None:
            self._full = True
        else:
            self._beneath.extend(rects)

    def _render_panel(self, s: float) -> pygame.Surface:
        radius = int(18 * s)
        surf = theme.panel(self.panel_rect.size, radius)
        inner_w = self.panel_rect.width - int(40 * s)
        title = self.ctx.text.fit(tr(self.title), inner_w, int(34 * s), theme.GOLD, bold=True)
        y = radius + int(22 * s)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, y)))
        y += title.get_height() + int(12 * s)
        for line in self.lines():
            img = self.ctx.text.fit(line, inner_w, int(24 * s), theme.TEXT)
            surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, y)))
            y += img.get_height() + int(6 * s)
        return surf

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self._transition = None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.table.go_menu()
                return self.table._transition
            if event.key == pygame.K_n:
                self.table.go_new_game()
                return self.table._transition
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and self.allows_undo:
                return self.do_undo()
            return None
        p = pointer(event, self.size)
        if p is not None:
            for b in self.buttons:
                if b.handle(*p):
                    break
        return self._transition

    def do_undo(self) -> Transition:
        self.table._transition = None
        self.table.undo()
        self.table._full = True
        return Pop()

    def do_new(self) -> None:
        self.table._transition = None
        self.table.go_new_game()
        self._transition = self.table._transition

    def do_menu(self) -> None:
        self.table._transition = None
        self.table.go_menu()
        self._transition = self.table._transition

    def _undo_clicked(self) -> None:
        self._transition = self.do_undo()

    def draw(self, surface: pygame.Surface) -> list | None:
        rects: list[pygame.Rect] = []
        radius = (self._panel.get_width() - self.panel_rect.width) // 2
        panel_bounds = self.panel_rect.inflate(2 * radius, 2 * radius)
        if self._full:
            surface.blit(self._dim, (0, 0))
            # what lies under the translucent panel, so repainting it never darkens it further
            self._under = surface.subsurface(panel_bounds.clip(surface.get_rect())).copy()
        else:
            for r in self._beneath:
                surface.blit(self._dim, r.topleft, r)
            rects += self._beneath
        self._beneath = []
        rects += self.draw_effects(surface)
        if self._full or rects or any(b.dirty for b in self.buttons):
            surface.blit(self._under, panel_bounds.clip(surface.get_rect()))
            surface.blit(self._panel, panel_bounds)
            for b in self.buttons:
                b.draw(surface)
            rects.append(panel_bounds)
        if self._full:
            self._full = False
            return None
        return rects

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return []


class BlockedOverlay(EndOverlay):
    """No card fits and the stock is empty: Undo or New game."""

    title = "No more moves available"
    allows_undo = True
    dim_alpha = 60  # the cards that are left stay readable

    def lines(self) -> list[str]:
        return [tr("Final score: {n}", n=self.table.game.score)]

    def area(self) -> pygame.Rect:
        """Beside the cards that are left, so the player sees what beat them."""
        area = getattr(self.table, "end_panel_area", lambda: None)()
        return area if area is not None else super().area()

    def actions(self) -> list[tuple[str, Any, str]]:
        return [("Undo", self._undo_clicked, "secondary"), ("New game", self.do_new, "primary")]


class WinOverlay(EndOverlay):
    """The win: score, moves, and the cards bouncing off the table leaving trails."""

    title = "You won!"

    def __init__(self, ctx: Any, table: Any) -> None:
        super().__init__(ctx, table)
        self.rng = random.Random(table.game.moves)
        self.flying: list[list] = []  # [image, x, y, vx, vy]
        self.queue: list[pygame.Surface] = []
        self.launch_clock = 0.0

    def lines(self) -> list[str]:
        g = self.table.game
        return [tr("Score: {n}", n=g.score), tr("Moves: {n}", n=g.moves)]

    def actions(self) -> list[tuple[str, Any, str]]:
        return [("New game", self.do_new, "primary"), ("Menu", self.do_menu, "secondary")]

    def enter(self) -> None:
        super().enter()
        self.ctx.audio.play("win")
        board = self.table.board
        if self.table.speed == 0:  # animations off: no bouncing cards either
            self.queue = []
            return
        sprites = sorted(board.sprites.values(), key=lambda s: -s.z)
        self.queue = [board.images.get(str(s.card), board.card_w, board.four_colour) for s in sprites]
        self.origin = board.sprite_rect(sprites[0]).topleft if sprites else (0, 0)

    def update(self, dt: float) -> Transition:
        h = self.size[1]
        g = GRAVITY * h / 1080
        self.launch_clock += dt
        if self.queue and self.launch_clock >= LAUNCH_EVERY:
            self.launch_clock = 0.0
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(0.12, 0.35) * self.size[0]
            vy = -self.rng.uniform(0.1, 0.9) * h
            self.flying.append([self.queue.pop(0), float(self.origin[0]), float(self.origin[1]), vx, vy])
        alive = []
        for f in self.flying:
            img = f[0]
            f[3] = f[3]
            f[4] += g * dt
            f[1] += f[3] * dt
            f[2] += f[4] * dt
            floor = h - img.get_height()
            if f[2] > floor:
                f[2] = floor
                f[4] = -f[4] * 0.72
            if -img.get_width() < f[1] < self.size[0]:
                alive.append(f)
        self.flying = alive
        return None

    def is_animating(self) -> bool:
        return bool(self.queue or self.flying)

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects = []
        for img, x, y, _vx, _vy in self.flying:
            rects.append(surface.blit(img, (int(x), int(y))))
        return rects
