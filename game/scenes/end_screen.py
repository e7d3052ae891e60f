"""Overlays on a finished table: the blocked panel (Undo / New game) and the win screen with its
cascading-cards celebration (New game / Menu)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from ..i18n import N_, tr
from ..ui.pointer import UP, pointer
from .analysis_text import analysis_lines, can_go_back
from .base import Action, Pop, Transition
from .dialog import DialogOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from .table import TableScene

GRAVITY = 2400.0  # px/s² at 1080 px tall, scaled to the window
LAUNCH_EVERY = 0.22


class EndOverlay(DialogOverlay):
    """The dialog on a finished table; its keys act on the table (Esc menu, N new game)."""

    allows_undo = False

    def __init__(self, ctx: Context, table: TableScene) -> None:
        self.table = table
        super().__init__(ctx)

    def on_key(self, event: pygame.event.Event) -> Transition:
        if event.key == pygame.K_ESCAPE:
            return self.do_menu()
        if event.key == pygame.K_n:
            return self.do_new()
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and self.allows_undo:
            return self.do_undo()
        return None

    def do_undo(self) -> Transition:
        """The last move taken back: the game goes on, the panel closes (the table is repainted)."""
        self.table.undo()
        return Pop()

    def do_new(self) -> Transition:
        return self.table.go_new_game()

    def do_menu(self) -> Transition:
        return self.table.go_menu()


class BlockedOverlay(EndOverlay):
    """No card fits and the stock is empty: Undo or New game, and where the win was lost."""

    title = "No more moves available"
    allows_undo = True
    dim_alpha = 60  # the cards that are left stay readable

    def __init__(self, ctx: Context, table: TableScene) -> None:
        self.analysis: Any = None
        super().__init__(ctx, table)

    def enter(self) -> None:
        self.table.assist.analyse(self._analysed)  # usually known already: the panel is drawn once
        super().enter()

    def is_animating(self) -> bool:
        return self.analysis is None or super().is_animating()  # the answer must be drawn when it comes

    def handle_event(self, event: pygame.event.Event) -> Transition:
        """The table's top band stays live under this panel (it is not covered): its Menu, New game and
        Undo work as on the table, so a touchscreen without a keyboard is never stuck here."""
        p = pointer(event, self.size)
        if p is not None and (p[0] == UP or self.table.hud.rect.collidepoint(p[1])):
            fired, transition = self.table.hud.handle(*p)
            if fired:
                if transition is not None:
                    return transition
                if self.table.game.status == "playing":  # undone from the band: the game goes on
                    return Pop()
                return None
            if p[0] != UP:
                return None
        return super().handle_event(event)

    def _analysed(self, analysis: Any) -> None:
        """The solver's verdict arrived (the table polls it while this panel is up)."""
        self.analysis = analysis
        if self.size != (0, 0):  # on screen already: it changes size, the table beneath is repainted
            self.table.invalidate(None)
            self.resize(self.size)

    def lines(self) -> list[str]:
        lines = [tr("Final score: {n}", n=self.table.game.score)]
        if self.analysis is None:
            return lines + [tr("Checking whether this deal could be won…")]
        return lines + analysis_lines(self.table, self.analysis)

    def area(self) -> pygame.Rect:
        """Beside the cards that are left, so the player sees what beat them."""
        area = getattr(self.table, "end_panel_area", lambda: None)()
        return area if area is not None else super().area()

    def actions(self) -> list[tuple[str, Action, str]]:
        acts: list[tuple[str, Action, str]] = [("Undo", self.do_undo, "secondary"),
                                               ("New game", self.do_new, "primary")]
        if self.analysis is not None and can_go_back(self.table, self.analysis):
            acts.insert(1, (N_("Go back there"), self._go_back, "secondary"))
        return acts

    def _go_back(self) -> Transition:
        """Undo to the last position from which the deal could still be won, each undo animated."""
        self.table.assist.rewind(self.analysis.undos_needed)
        return Pop()


class WinOverlay(EndOverlay):
    """The win: score, moves, and the cards bouncing off the table leaving trails."""

    title = "You won!"

    def __init__(self, ctx: Context, table: TableScene) -> None:
        super().__init__(ctx, table)
        self.rng = random.Random(table.game.moves)
        self.flying: list[list] = []  # [image, x, y, vx, vy]
        self.queue: list[tuple[pygame.Surface, tuple[int, int]]] = []  # each card leaves from its pile
        self.launch_clock = 0.0
        #: Attract mode: only the bouncing cards, no panel, no buttons (its banner stays the message).
        self.bare = bool(table.in_attract_mode)
        if table.assist.demo_won:
            self.title = N_("The demo won")

    def lines(self) -> list[str]:
        g = self.table.game
        lines = [tr("Score: {n}", n=g.score), tr("Moves: {n}", n=g.moves)]
        progress = self.table.progress
        if self.table.assist.demo_won:
            lines.append(tr("A win by the demo does not count as yours."))
        elif progress is not None and progress.clean:
            lines.append(tr("Clean win: no undo, no hint."))
        if not self.table.assist.demo_won and self.table.guaranteed:
            lines.append(tr("This deal was guaranteed winnable."))
        return lines

    def actions(self) -> list[tuple[str, Action, str]]:
        if self.bare:
            return []
        return [("New game", self.do_new, "primary"), ("Menu", self.do_menu, "secondary")]

    def draw(self, surface: pygame.Surface) -> list | None:
        if not self.bare:
            return super().draw(surface)
        full, self._full, self._beneath = self._full, False, []
        rects = self.draw_effects(surface)  # the trails stay until the table beneath repaints there
        return None if full else rects

    def enter(self) -> None:
        super().enter()
        self.ctx.audio.play("win")
        board = self.table.board
        if self.table.speed == 0:  # animations off: no bouncing cards either
            self.queue = []
            return
        sprites = sorted(board.sprites.values(), key=lambda s: -s.z)
        self.queue = [(board.images.get(str(s.card), board.card_w, board.four_colour), board.sprite_rect(s).topleft)
                      for s in sprites]

    def update(self, dt: float) -> Transition:
        h = self.size[1]
        g = GRAVITY * h / 1080
        self.launch_clock += dt
        if self.queue and self.launch_clock >= LAUNCH_EVERY:
            self.launch_clock = 0.0
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(0.12, 0.35) * self.size[0]
            vy = -self.rng.uniform(0.1, 0.9) * h
            img, origin = self.queue.pop(0)
            self.flying.append([img, float(origin[0]), float(origin[1]), vx, vy])
        alive = []
        for f in self.flying:
            img = f[0]
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
            pos = (int(x), int(y))
            rect = surface.blit(img, pos)
            if rect.colliderect(self.panel_bounds):
                self.paint_under_panel(img, pos)
            rects.append(rect)
        return rects
