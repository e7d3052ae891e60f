"""A kiosk's board of today's best (game/persist/board.py), for a passer-by: each game's best games
of the day at this table, with their players' initials, each to watch; and the challenge of the
day's best: its deal, to play ("Beat 34 moves on this deal")."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import registry
from game.i18n import N_, tr
from game.model.codes import InvalidCode
from game.model.replay_code import InvalidReplayCode, parse_replay_code
from game.persist.leaderboard import PLACES, Entry, Leaderboard
from game.scenes.base import Pop, Push, Replace, Scene, Transition
from game.scenes.leaderboard_words import beat_text, mark_text, who
from game.scenes.panel_frame import PanelFrame
from game.scenes.round_start import begin_new
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button, SegmentedControl

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context


class LeaderboardScene(Scene):
    """Today's best of one game at a time (a choice of the games the kiosk offers)."""

    def __init__(self, ctx: Context, leaderboard: Leaderboard, game: str) -> None:
        super().__init__(ctx)
        self.leaderboard = leaderboard
        self.next: Transition = None
        self.frame = PanelFrame(ctx, self)
        text, size = ctx.text, self.frame.design.type.label
        games = [(f.id, f.name) for f in registry.FAMILIES.values() if ctx.settings.offers(f.id)]
        self.game = game if any(g == game for g, _ in games) else games[0][0]
        self.games = SegmentedControl((0, 0, 1, 1), games, self.game, text, self._show, size=size)
        self.games.visible = len(games) > 1
        self.watch = [
            Button((0, 0, 1, 1), N_("Watch"), text, partial(self.open_replay, i), style="ghost", size=size)
            for i in range(PLACES)
        ]
        self.beat = Button((0, 0, 1, 1), N_("Play"), text, self.play_best, style="primary", size=size)
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, size=size)
        self.widgets: list[Widget] = [self.back, self.games, *self.watch, self.beat]
        self.entries: list[Entry] = []
        self._show(self.game)
        self.frame.open()

    # --- the Scene contract, passed on to the panel's frame ------------------------------------
    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.panel_rect

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self._show(self.game)
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
        rows = 1 + (1 if self.games.visible else 0) + PLACES + 1
        ph = 2 * pad + rows * row + (rows - 1) * gap - (PLACES - 1) * gap // 2
        pw = min(size[0] - 2 * d.unit, 70 * d.unit)
        panel = pygame.Rect(0, 0, pw, min(ph, size[1] - 2 * d.unit))
        panel.center = (size[0] // 2, size[1] // 2)
        self.frame.panel_rect = panel
        x, y, inner = panel.x + pad, panel.y + pad, pw - 2 * pad
        bw = max(inner // 5, row * 2)
        self.back.rect = (x, y, bw, row)
        self.title_rect = pygame.Rect(x + bw + gap, y, inner - 2 * (bw + gap), row)
        y += row + gap
        if self.games.visible:
            self.games.rect = (x, y, inner, row)
            y += row + gap
        self.row_rects = []
        for i in range(PLACES):
            self.row_rects.append(pygame.Rect(x, y, inner - bw - gap, row))
            self.watch[i].rect = (x + inner - bw, y, bw, row)
            y += row + gap // 2
        y += gap // 2
        self.beat.rect = (x, y, inner, row)

    def paint_static(self, surface: pygame.Surface) -> None:
        d, text = self.frame.design, self.ctx.text
        img = text.fit(tr("Today's best"), self.title_rect.width, d.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=self.title_rect.center))
        if not self.entries:
            r = self.row_rects[0].union(self.row_rects[-1])
            line = tr("No game on today's board yet: be the first!")
            img = text.fit(line, r.width, d.type.body, theme.TEXT)
            surface.blit(img, img.get_rect(center=r.center))
            return
        for i, (entry, r) in enumerate(zip(self.entries, self.row_rects, strict=False)):
            place = text.render(str(i + 1), d.type.heading, theme.GOLD, bold=True)
            surface.blit(place, place.get_rect(midleft=(r.x + d.unit, r.centery)))
            name = text.render(who(entry), d.type.heading, theme.TEXT, bold=True)
            surface.blit(name, name.get_rect(midleft=(r.x + 5 * d.unit, r.centery)))
            mark = text.fit(mark_text(entry), r.width - 14 * d.unit, d.type.body, theme.TEXT)
            surface.blit(mark, mark.get_rect(midleft=(r.x + 13 * d.unit, r.centery)))

    # --- actions -------------------------------------------------------------------------------
    def _show(self, game: str) -> None:
        self.game = str(game)
        self.entries = self.leaderboard.entries(self.game)
        for i, button in enumerate(self.watch):
            button.visible = i < len(self.entries)
        best = self.entries[0] if self.entries else None
        self.beat.visible = best is not None
        if best is not None:
            self.beat.label = beat_text(best)
            self.beat.invalidate()
        self.frame.repaint()

    def open_replay(self, i: int) -> None:
        try:
            replay = parse_replay_code(self.entries[i].replay)
        except (InvalidReplayCode, IndexError):
            return  # (a board entry was checked when read: this never happens)
        self.next = Push(self.ctx.scenes.replay(replay))

    def play_best(self) -> None:
        """A new game of the day's best's deal, for this visitor to beat."""
        if not self.entries:
            return
        try:
            game = registry.game_from_code(self.entries[0].deal)
        except InvalidCode:
            return  # (a board entry was checked when read: this never happens)
        progress = self.ctx.progress
        saved = progress.saved() if progress is not None else None
        self.ctx.remember_game(game)
        self.next = begin_new(self.ctx, saved, lambda: Replace(self.ctx.scenes.table(game)))

    def close(self) -> None:
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
