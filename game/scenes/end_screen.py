"""Overlays on a finished table: the blocked panel (Undo / New game) and the win screen with its
cascading-cards celebration (New game / Menu)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from .. import registry
from ..i18n import N_, tr
from ..model.cards import Card
from ..ui.pointer import UP, pointer
from ..view.layout import margin
from .analysis_overlay import AnalysisTable
from .analysis_text import analysis_lines, can_go_back
from .base import Action, Pop, Replace, Transition
from .dialog import DialogOverlay
from .figures_watch import known_figures
from .golf_best_line import best_line
from .hud import play_time
from .kind_picker import kind_title
from .over_table import OverTable

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..jobs import JobFailed
    from ..model.base import SolitaireGame
    from ..persist.progress import Progress
    from ..solver.analysis import Analysis
    from ..view.board import Board
    from .golf_best_line import BestFound
    from .hud import Hud


class EndAssist(Protocol):
    """What an end panel asks of the table's assistant: the verdict, the rewind, who won."""

    demo_won: bool

    def analyse(self, listener: Callable[[Analysis | JobFailed], None]) -> None: ...
    def rewind(self, count: int) -> None: ...


class EndTable(AnalysisTable, Protocol):
    """What an end panel asks of the finished table beneath it."""

    game: SolitaireGame
    board: Board
    hud: Hud
    guaranteed: bool | None
    daily: str | None

    @property
    def assist(self) -> EndAssist: ...
    @property
    def progress(self) -> Progress | None: ...
    @property
    def speed(self) -> float: ...
    @property
    def in_attract_mode(self) -> bool: ...
    def best_found(self) -> BestFound | None: ...
    def par(self) -> int | None: ...
    def undo(self) -> Transition: ...
    def go_menu(self) -> Transition: ...
    def invalidate(self, rects: list[pygame.Rect] | None = None) -> None: ...


#: What the table's top band offers as well, so a crowded blocked panel may leave it out
BAND_ACTIONS = ("Undo", "New game")
GRAVITY = 2400.0  # px/s² at 1080 px tall, scaled to the window
LAUNCH_EVERY = 0.22
#: the cards next to leave whose faces are loaded ahead (in spare time), of the cascade's queue
LOADED_AHEAD = 2


class EndOverlay(DialogOverlay):
    """The dialog on a finished table; its keys act on the table (Esc menu, N new game)."""

    allows_undo = False

    def __init__(self, ctx: Context, table: EndTable) -> None:
        self.table = table
        #: The deal's best result, where the game searches one (a single Golf deal): a line once known.
        self.best = table.best_found()
        self._best_shown = False
        super().__init__(ctx)

    def enter(self) -> None:
        if self.best is not None:
            self.best.ask()
        super().enter()

    def update(self, dt: float) -> Transition:
        """The best result's line joins the panel when the worker answers (the panel is laid out again)."""
        if self.best is not None and not self._best_shown and self.best.answer() is not None:
            self._best_shown = True
            if self.size != (0, 0):
                self.table.invalidate(None)
                self.resize(self.size)
        return super().update(dt)

    def awaits_best(self) -> bool:
        """Whether the best result's line is still to come (the panel keeps looking for it)."""
        return self.best is not None and self.best.job is not None and not self._best_shown and not self.best.failed()

    def best_lines(self) -> list[str]:
        """'Best possible for this deal: golf score −7', once known."""
        found = None if self.best is None else self.best.answer()
        return [] if found is None else [best_line(found)]

    def on_key(self, event: pygame.event.Event) -> Transition:
        if event.key == pygame.K_ESCAPE:
            return self.do_menu()
        if event.key == pygame.K_n:
            return self.do_new()
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and self.allows_undo:
            return self.do_undo()
        return None

    def game_title(self) -> str:
        """The game and its rule set, the panel's first line: 'Golf · Strict'."""
        return kind_title(registry.kind_of(self.table.game))

    def do_undo(self) -> Transition:
        """The last move taken back: the game goes on, the panel closes (the table is repainted)."""
        self.table.undo()
        return Pop()

    def do_new(self) -> Transition:
        return self.table.go_new_game()

    def do_menu(self) -> Transition:
        return self.table.go_menu()


class BlockedOverlay(OverTable, EndOverlay):
    """No card fits and the stock is empty: Undo or New game, and where the win was lost."""

    title = "No more moves available"
    allows_undo = True
    table: EndTable
    dim_alpha = 60  # the cards that are left stay readable
    #: between crowded cards: 1 leaves out Undo and New game (the top band has them, live), 2 also
    #: what the solver says, keeping the score and the cards left
    compact_levels = 2

    def __init__(self, ctx: Context, table: EndTable) -> None:
        self.analysis: Any = None
        super().__init__(ctx, table)

    def enter(self) -> None:
        self.table.assist.analyse(self._analysed)  # usually known already: the panel is drawn once
        super().enter()

    def is_animating(self) -> bool:
        # the answers must be drawn when they come
        return self.analysis is None or self.awaits_best() or super().is_animating()

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
        lines = self.score_lines() if self.compact >= 2 else [self.game_title(), *self.score_lines()]
        if self.compact >= 2:
            return lines
        if self.analysis is None:
            return lines + [tr("Checking whether this deal could be won…")]
        return lines + self.best_lines() + analysis_lines(self.table, self.analysis)

    def score_lines(self) -> list[str]:
        """The score and the cards left (a round's hole says its golf score instead)."""
        g = self.table.game
        left, dealt = (sum(len(c) for c in game.columns) for game in (g, g.root()))
        return [
            tr("Final score: {n} · golf score {left}", n=g.score, left=left),
            tr("Cleared: {cleared} · left: {left}", cleared=dealt - left, left=left),
        ]

    def actions(self) -> list[tuple[str, Action, str]]:
        acts: list[tuple[str, Action, str]] = [("Undo", self.do_undo, "secondary"), self.next_action()]
        if self.analysis is not None and can_go_back(self.table, self.analysis) and self.compact < 2:
            # (only beside the solver's lines, which say where "there" is)
            acts.insert(1, (N_("Go back there"), self._go_back, "secondary"))
        if self.compact:  # crowded: what the live top band offers too is left to the band
            acts = [a for a in acts if a[0] not in BAND_ACTIONS]
        return acts

    def next_action(self) -> tuple[str, Action, str]:
        """The way on from a blocked deal: a new game (a round's hole goes to its scorecard)."""
        return ("New game", self.do_new, "primary")

    def _go_back(self) -> Transition:
        """Undo to the last position from which the deal could still be won, each undo animated."""
        self.table.assist.rewind(self.analysis.undos_needed)
        return Pop()


class WinOverlay(EndOverlay):
    """The win: score, moves, and the cards bouncing off the table leaving trails."""

    title = "You won!"

    def __init__(self, ctx: Context, table: EndTable) -> None:
        self._summary_shown = False  # the statistics' line is in the panel (they are read in the background)
        super().__init__(ctx, table)
        self.rng = random.Random(table.game.moves)
        self.flying: list[list] = []  # [image, x, y, vx, vy]
        #: each card leaves from its pile: the card and its place (its face is loaded as it leaves)
        self.queue: list[tuple[Card, tuple[int, int]]] = []
        self.launch_clock = 0.0
        #: Attract mode: only the bouncing cards, no panel, no buttons (its banner stays the message).
        self.bare = bool(table.in_attract_mode)
        if table.assist.demo_won:
            self.title = N_("The demo won")

    def area(self) -> pygame.Rect:
        """Below the table's top band: it stays whole and live, as the bouncing cards keep off it."""
        top = self.table.hud.rect.bottom + margin(self.size) // 2
        return pygame.Rect(0, top, self.size[0], self.size[1] - top)

    def lines(self) -> list[str]:
        g = self.table.game
        progress = self.table.progress
        if progress is None or self.table.assist.demo_won:
            lines = [self.game_title(), tr("Score: {n}", n=g.score), tr("Moves: {n}", n=g.moves)]
        else:
            lines = [
                self.game_title(),
                tr(
                    "Score: {score} · {count} move · {time}",
                    plural="Score: {score} · {count} moves · {time}",
                    count=g.moves,
                    score=g.score,
                    time=play_time(progress.duration),
                ),
            ]
            summary = self._summary()
            self._summary_shown = summary is not None
            if summary is not None and summary.best_score is not None:
                lines.append(
                    tr(
                        "Best score: {best} · winning streak: {streak}",
                        best=summary.best_score,
                        streak=summary.current_streak,
                    )
                )
        par = self.table.par()
        if par is not None and not self.table.assist.demo_won:
            lines.append(
                tr(
                    "Par {par}: you took {count} move",
                    plural="Par {par}: you took {count} moves",
                    count=g.moves,
                    par=par,
                )
            )
        if not self.table.assist.demo_won:
            lines += self.best_lines()
        if self.table.assist.demo_won:
            lines.append(tr("A win by the demo does not count as yours."))
        elif progress is not None and progress.clean:
            lines.append(tr("Clean win: no undo, no hint."))
        if not self.table.assist.demo_won and self.table.guaranteed:
            lines.append(tr("This deal was guaranteed winnable."))
        return lines

    def _summary(self) -> Any:
        """This game and option's statistics with this win in them, as far as known now (None: being
        read, or they cannot be; the win screen then shows less, and more when they come)."""
        known = known_figures(self.ctx) if self.table.progress is not None else None
        if known is None:
            return None
        kind = registry.kind_of(self.table.game)
        return known.summary(kind.family.id, kind.option)

    def awaits_summary(self) -> bool:
        """Whether the statistics' line is still to come (the panel keeps looking for it)."""
        if self.bare or self.table.assist.demo_won or self._summary_shown:
            return False
        known = known_figures(self.ctx) if self.table.progress is not None else None
        if known is None:
            return False
        kind = registry.kind_of(self.table.game)
        return known.trouble(("games", kind.family.id, kind.option)) is None

    def actions(self) -> list[tuple[str, Action, str]]:
        if self.bare:
            return []
        return [
            ("New game", self.do_new, "primary"),
            (N_("Play this deal again"), self.do_again, "secondary"),
            ("Menu", self.do_menu, "secondary"),
        ]

    def do_again(self) -> Transition:
        """The same deal from its start, as a new game (the same code; a daily stays that day's)."""
        table = self.table
        return Replace(self.ctx.make_table_scene(table.game.root(), guaranteed=table.guaranteed, daily=table.daily))

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
        self.queue = [(s.card, board.sprite_rect(s).topleft) for s in sprites]
        self._prefetch()

    def _prefetch(self) -> None:
        """The next cards to leave: their faces loaded in spare time. Only those: a face is dropped
        again once its card has left the screen (the table keeps those it shows, face_keeping.py)."""
        self.table.board.prefetch([card for card, _pos in self.queue[:LOADED_AHEAD]])

    def update(self, dt: float) -> Transition:
        h = self.size[1]
        g = GRAVITY * h / 1080
        self.launch_clock += dt
        if self.queue and self.launch_clock >= LAUNCH_EVERY:
            self.launch_clock = 0.0
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(0.12, 0.35) * self.size[0]
            vy = -self.rng.uniform(0.1, 0.9) * h
            card, origin = self.queue.pop(0)
            board = self.table.board
            img = board.images.face(str(card), board.card_w, board.four_colour)
            self.flying.append([img, float(origin[0]), float(origin[1]), vx, vy])
            self._prefetch()
        alive = []
        for f in self.flying:
            img = f[0]
            f[4] += g * dt
            f[1] += f[3] * dt
            f[2] += f[4] * dt
            floor = h - img.height
            if f[2] > floor:
                f[2] = floor
                f[4] = -f[4] * 0.72
            if -img.width < f[1] < self.size[0]:
                alive.append(f)
        if len(alive) < len(self.flying):  # cards left the screen: their faces need not stay
            self.table.board.keep_faces(also=[card for card, _pos in self.queue[:LOADED_AHEAD]])
        self.flying = alive
        if self.awaits_summary() and self._summary() is not None and self.size != (0, 0):
            self.table.invalidate(None)  # the statistics came: the panel is laid out again with them
            self.resize(self.size)
        return super().update(dt)

    def celebrating(self) -> bool:
        """Whether cards are still to bounce off the table or are bouncing."""
        return bool(self.queue or self.flying)

    def is_animating(self) -> bool:
        return self.celebrating() or self.awaits_best() or self.awaits_summary()

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The bouncing cards, below the top band: its buttons stay clear and readable."""
        rects = []
        band = self.table.hud.rect.bottom
        below = pygame.Rect(0, band, self.size[0], max(0, self.size[1] - band))
        clip = surface.get_clip()
        surface.set_clip(below)
        for img, x, y, _vx, _vy in self.flying:
            pos = (int(x), int(y))
            rect = img.blit(surface, pos) if self.bare else self.draw_beneath(surface, img, pos)
            if rect.width and rect.height:
                rects.append(rect)
        surface.set_clip(clip)
        return rects
