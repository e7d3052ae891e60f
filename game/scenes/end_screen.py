"""Panels on a finished table: the blocked panel (Undo / New game) and the win screen after its
cascading-cards celebration (New game / Menu); a round's hole says its score and goes on to the
scorecard instead (round_end.py gives the hole). Each is an end panel (end_overlay.EndOverlay: one
place per layout class, every line and button kept, "Show the table") given the panel as its
content and its life."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from .. import registry
from ..i18n import N_, tr
from ..model.cards import Card
from ..ui.pointer import DOWN, UP, pointer
from .analysis_overlay import AnalysisTable
from .analysis_text import analysis_lines, can_go_back
from .base import Action, Pop, Push, Replace, Transition
from .dialog_content import PanelHost
from .end_layout import EndPlace
from .end_lines import assisted_line, daily_line
from .end_overlay import EndOverlay
from .figures_watch import known_figures
from .golf_best_line import golf_scores_line
from .hud import play_time
from .kind_picker import kind_title

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..jobs import JobFailed
    from ..model.base import SolitaireGame
    from ..model.replay import Replay
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


GRAVITY = 2400.0  # px/s² at 1080 px tall, scaled to the window
LAUNCH_EVERY = 0.22
#: the longest the cards take to leave, all of them: a full table's leave closer together
CASCADE_TIME = 5.0
#: the longest the last cards bounce after the last one leaves (most are off the screen by then):
#: then the panel comes, on the table without the cards' trails
LINGER = 3.0
#: the cards next to leave whose faces are loaded ahead (in spare time), of the cascade's queue
LOADED_AHEAD = 2


class EndingHole(Protocol):
    """A round's hole the panel ends (round_end.HoleScore): its score's lines, and its scorecard."""

    def lines(self) -> list[str]: ...
    def show_scorecard(self) -> Transition: ...


class TableEnd:
    """What both end panels do with the finished table: its keys (Esc menu, N new game, Ctrl+Z undo
    where allowed), its way on (a round's hole: its scorecard), and the deal's best result, whose
    line joins the panel when the worker answers."""

    def __init__(self, table: EndTable, hole: EndingHole | None, allows_undo: bool, ctx: Context | None = None) -> None:
        self.table = table
        self.ctx = ctx
        self.copied = False  # the replay code is on the clipboard: its button says so
        self.hole = hole
        self.allows_undo = allows_undo
        #: The deal's best result, where the game searches one (a single Golf deal): a line once known.
        self.best = table.best_found()
        self._best_shown = False

    def ask_best(self) -> None:
        if self.best is not None:
            self.best.ask()

    def update(self, host: PanelHost) -> None:
        """The best result's line joins the panel when the worker answers (the panel is laid out again)."""
        if self.best is not None and not self._best_shown and self.best.answer() is not None:
            self._best_shown = True
            if host.size != (0, 0):
                self.table.invalidate(None)
                host.resize(host.size)

    def awaits_best(self) -> bool:
        """Whether the best result's line is still to come (the panel keeps looking for it)."""
        return self.best is not None and self.best.job is not None and not self._best_shown and not self.best.failed()

    def best_lines(self) -> list[str]:
        """The player's golf score beside the deal's best: 'Your golf score: 3 · best possible for
        this deal: 1' ('…' while the worker searches; the player's alone if it could not answer)."""
        if self.best is None or self.table.game.status == "playing":
            return []
        return [golf_scores_line(self.table.game, self.best.answer(), self.awaits_best())]

    def replay(self) -> Replay | None:
        """The game just finished as a replay, when it is the player's (not the demo's alone, not
        attract mode's) and holds its line from the deal; None otherwise."""
        from ..model.replay import InvalidReplay, Replay

        table = self.table
        progress = table.progress
        if table.in_attract_mode or table.assist.demo_won or progress is None or progress.demo_only:
            return None
        if not table.game.move_stack:
            return None
        try:
            return Replay.of(table.game)  # type: ignore[arg-type]  # (a table's game is Golf or Eight Off)
        except InvalidReplay:
            return None

    def review_actions(self, host: PanelHost | None) -> list[tuple[str, Action, str]]:
        """Review, and off a kiosk (no clipboard there) Copy replay code, for a game the player played."""
        if self.replay() is None:
            return []
        acts: list[tuple[str, Action, str]] = [(N_("Review"), self.do_review, "secondary")]
        if not self.ctx_kiosk():
            label = N_("Copied") if self.copied else N_("Copy replay code")
            acts.append((label, lambda: self.do_copy(host), "secondary"))
        return acts

    def ctx_kiosk(self) -> bool:
        return bool(self.ctx is not None and self.ctx.kiosk)

    def do_review(self) -> Transition:
        """The review of the game just finished."""
        replay = self.replay()
        if replay is None or self.ctx is None:
            return None
        return Push(self.ctx.scenes.review(replay))

    def do_copy(self, host: PanelHost | None) -> Transition:
        """The game's replay code on the clipboard; the button then says "Copied"."""
        replay = self.replay()
        if replay is None or self.ctx is None or self.ctx.kiosk:
            return None
        from ..model.replay_code import replay_code

        self.ctx.clipboard_set(replay_code(replay))
        self.copied = True
        if host is not None and host.size != (0, 0):
            host.resize(host.size)
        return None

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
        """A new game; a round's hole goes on to its scorecard instead."""
        if self.hole is not None:
            return self.do_scorecard()
        return self.table.go_new_game()

    def do_scorecard(self) -> Transition:
        assert self.hole is not None
        return self.hole.show_scorecard()

    def do_menu(self) -> Transition:
        return self.table.go_menu()


class BlockedPanel:
    """No card fits and the stock is empty: Undo or New game, and where the win was lost (a round's
    hole: its score, and on to the scorecard)."""

    title = "No more moves available"
    dim_alpha = 60  # the cards that are left stay readable
    compact_levels = 0  # one form: every line and button, always
    bare = False

    def __init__(self, table: EndTable, hole: EndingHole | None = None, ctx: Context | None = None) -> None:
        self.table = table
        self.end = TableEnd(table, hole, allows_undo=True, ctx=ctx)
        self.analysis: Any = None
        self.host: PanelHost | None = None

    def bind(self, host: PanelHost) -> None:
        self.host = host

    def enter(self) -> None:
        self.table.assist.analyse(self._analysed)  # usually known already: the panel is drawn once
        self.end.ask_best()

    def exit(self) -> None:
        pass

    def update(self, dt: float) -> Transition:
        assert self.host is not None
        self.end.update(self.host)
        return None

    def is_animating(self) -> bool:
        # the answers must be drawn when they come
        return self.analysis is None or self.end.awaits_best()

    def intercept(self, event: pygame.event.Event) -> tuple[bool, Transition]:
        """The table's top band stays live under this panel (it is not covered): its Menu, New game and
        Undo work as on the table, so a touchscreen without a keyboard is never stuck here."""
        assert self.host is not None
        p = pointer(event, self.host.size)
        if p is not None and (p[0] == UP or self.table.hud.rect.collidepoint(p[1])):
            fired, transition = self.table.hud.handle(*p)
            if fired:
                if transition is not None:
                    return True, transition
                if self.table.game.status == "playing":  # undone from the band: the game goes on
                    return True, Pop()
                return True, None
            if p[0] != UP:
                return True, None
        return False, None

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return []

    def on_key(self, event: pygame.event.Event) -> Transition:
        return self.end.on_key(event)

    def _analysed(self, analysis: Any) -> None:
        """The solver's verdict arrived (the table polls it while this panel is up)."""
        self.analysis = analysis
        host = self.host
        if host is not None and host.size != (0, 0):  # on screen already: it changes size, the table is repainted
            self.table.invalidate(None)
            host.resize(host.size)

    def lines(self, compact: int) -> list[str]:
        lines = [self.end.game_title(), *self.score_lines(), *self.end.best_lines()]
        if self.analysis is None:
            return lines + [tr("Checking whether this deal could be won…")]
        return lines + analysis_lines(self.table, self.analysis)

    def score_lines(self) -> list[str]:
        """The score and the cards left (a round's hole says its golf score instead of the deal's
        points; a single Golf deal says it beside the deal's best, best_lines)."""
        g = self.table.game
        left, dealt = (sum(len(c) for c in game.columns) for game in (g, g.root()))
        cleared = tr("Cleared: {cleared} · left: {left}", cleared=dealt - left, left=left)
        if self.end.hole is not None:
            return [*self.end.hole.lines(), cleared]
        if self.end.best is not None:
            return [tr("Final score: {n}", n=g.score), cleared]
        return [tr("Final score: {n} · golf score {left}", n=g.score, left=left), cleared]

    def actions(self, compact: int) -> list[tuple[str, Action, str]]:
        acts: list[tuple[str, Action, str]] = [("Undo", self.end.do_undo, "secondary"), self.next_action()]
        if self.analysis is not None and can_go_back(self.table, self.analysis):
            # (only beside the solver's lines, which say where "there" is)
            acts.insert(1, (N_("Go back there"), self._go_back, "secondary"))
        return acts + self.end.review_actions(self.host)

    def next_action(self) -> tuple[str, Action, str]:
        """The way on from a blocked deal: a new game (a round's hole goes to its scorecard, never
        left out: the band has no scorecard)."""
        if self.end.hole is not None:
            return (N_("Scorecard"), self.end.do_scorecard, "primary")
        return ("New game", self.end.do_new, "primary")

    def _go_back(self) -> Transition:
        """Undo to the last position from which the deal could still be won, each undo animated."""
        self.table.assist.rewind(self.analysis.undos_needed)
        return Pop()


class WinPanel:
    """The win: score, moves, and the cards bouncing off the table leaving trails (a round's hole:
    its score, and on to the scorecard)."""

    dim_alpha = 120
    compact_levels = 0

    def __init__(self, ctx: Context, table: EndTable, hole: EndingHole | None = None) -> None:
        self.ctx = ctx
        self.table = table
        self.end = TableEnd(table, hole, allows_undo=False, ctx=ctx)
        self.title = N_("Hole cleared!") if hole is not None else "You won!"
        self._summary_shown = False  # the statistics' line is in the panel (they are read in the background)
        self.rng = random.Random(table.game.moves)
        self.flying: list[list] = []  # [image, x, y, vx, vy]
        #: each card leaves from its pile: the card and its place (its face is loaded as it leaves)
        self.queue: list[tuple[Card, tuple[int, int]]] = []
        self.launch_clock = 0.0
        #: Attract mode: only the bouncing cards, no panel, no buttons (its banner stays the message).
        self.attract = bool(table.in_attract_mode)
        self.since_last = 0.0  # seconds since the last card left
        self.landed = False  # the cascade is over and its trails wiped
        self.launch_every = LAUNCH_EVERY
        if table.assist.demo_won:
            self.title = N_("The demo won")
        self.host: PanelHost | None = None

    def bind(self, host: PanelHost) -> None:
        self.host = host

    @property
    def bare(self) -> bool:
        """Only the bouncing cards (no dimming, no panel): in attract mode, and while the celebration
        plays, so that it is seen; the panel comes after it."""
        return self.attract or self.before_panel()

    def before_panel(self) -> bool:
        """Whether the cascade is still on, before the panel: cards still to leave or bouncing."""
        return bool(self.queue or self.flying)

    @property
    def size(self) -> tuple[int, int]:
        return (0, 0) if self.host is None else self.host.size

    def on_key(self, event: pygame.event.Event) -> Transition:
        return self.end.on_key(event)

    def lines(self, compact: int) -> list[str]:
        if self.end.hole is not None:
            return self.end.hole.lines() + self.demo_lines()
        g = self.table.game
        progress = self.table.progress
        if progress is None or self.table.assist.demo_won:
            lines = [self.end.game_title(), tr("Score: {n}", n=g.score), tr("Moves: {n}", n=g.moves)]
        else:
            lines = [
                self.end.game_title(),
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
            lines += self.end.best_lines()
            if self.table.daily is not None:
                lines.insert(1, daily_line(self.table.daily))
        lines += self.demo_lines()
        if not self.table.assist.demo_won and progress is not None and progress.clean:
            lines.append(tr("Clean win: no undo, no hint."))
        if not self.table.assist.demo_won and self.table.guaranteed:
            lines.append(tr("This deal was guaranteed winnable."))
        return lines

    def demo_lines(self) -> list[str]:
        """What the demo's part makes of the win: the statistics record a game both the player and
        the demo played as assisted (persist.progress), and a deal the demo alone won not at all."""
        progress = self.table.progress
        if progress is not None and progress.player_moves > 0 and progress.demo_moves > 0:
            return [assisted_line()]
        if self.table.assist.demo_won:
            return [tr("A win by the demo does not count as yours.")]
        return []

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
        if self.attract or self.table.assist.demo_won or self._summary_shown:
            return False
        known = known_figures(self.ctx) if self.table.progress is not None else None
        if known is None:
            return False
        kind = registry.kind_of(self.table.game)
        return known.trouble(("games", kind.family.id, kind.option)) is None

    def actions(self, compact: int) -> list[tuple[str, Action, str]]:
        if self.attract:
            return []
        if self.end.hole is not None:
            acts = [(N_("Scorecard"), self.end.do_scorecard, "primary"), ("Menu", self.end.do_menu, "secondary")]
        else:
            acts = [
                ("New game", self.end.do_new, "primary"),
                (N_("Play this deal again"), self.do_again, "secondary"),
                ("Menu", self.end.do_menu, "secondary"),
            ]
        return acts + self.end.review_actions(self.host)

    def do_again(self) -> Transition:
        """The same deal from its start, as a new game (the same code; a daily stays that day's)."""
        table = self.table
        return Replace(self.ctx.scenes.table(table.game.root(), guaranteed=table.guaranteed, daily=table.daily))

    def enter(self) -> None:
        self.end.ask_best()
        self.ctx.audio.play("win")
        board = self.table.board
        if self.table.speed == 0:  # animations off: no bouncing cards either
            self.queue = []
            return
        sprites = sorted(board.sprites.values(), key=lambda s: -s.z)
        self.queue = [(s.card, board.sprite_rect(s).topleft) for s in sprites]
        self.launch_every = min(LAUNCH_EVERY, CASCADE_TIME / max(1, len(self.queue)))
        self._prefetch()

    def exit(self) -> None:
        pass

    def intercept(self, event: pygame.event.Event) -> tuple[bool, Transition]:
        """Before the panel comes, a press or a key brings it at once (the cards left bounce on
        beneath it); the press is used up, so its release presses no button."""
        if self.attract or not self.before_panel():
            return False, None
        p = pointer(event, self.size)
        if event.type == pygame.KEYDOWN or (p is not None and p[0] == DOWN):
            self.queue.clear()
            self.flying.clear()
        return True, None

    def _prefetch(self) -> None:
        """The next cards to leave: their faces loaded in spare time. Only those: a face is dropped
        again once its card has left the screen (the table keeps those it shows, face_keeping.py)."""
        self.table.board.prefetch([card for card, _pos in self.queue[:LOADED_AHEAD]])

    def update(self, dt: float) -> Transition:
        assert self.host is not None
        size = self.host.size
        h = size[1]
        g = GRAVITY * h / 1080
        self.launch_clock += dt
        self.since_last += dt
        if self.queue and self.launch_clock >= self.launch_every:
            self.launch_clock = 0.0
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(0.12, 0.35) * size[0]
            vy = -self.rng.uniform(0.1, 0.9) * h
            card, origin = self.queue.pop(0)
            board = self.table.board
            img = board.images.face(str(card), board.card_w, board.four_colour)
            self.flying.append([img, float(origin[0]), float(origin[1]), vx, vy])
            self.since_last = 0.0
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
            if -img.width < f[1] < size[0]:
                alive.append(f)
        if len(alive) < len(self.flying):  # cards left the screen: their faces need not stay
            self.table.board.keep_faces(also=[card for card, _pos in self.queue[:LOADED_AHEAD]])
        self.flying = alive if self.queue or self.since_last < LINGER else []
        if not self.landed and not self.before_panel():
            self.landed = True  # the celebration is over: the panel comes on the table, its trails gone
            self.table.board.keep_faces()
            self.table.invalidate(None)
        if self.awaits_summary() and self._summary() is not None and size != (0, 0):
            self.table.invalidate(None)  # the statistics came: the panel is laid out again with them
            self.host.resize(size)
        self.end.update(self.host)
        return None

    def celebrating(self) -> bool:
        """Whether cards are still to bounce off the table or are bouncing."""
        return bool(self.queue or self.flying)

    def is_animating(self) -> bool:
        return self.celebrating() or self.end.awaits_best() or self.awaits_summary()

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The bouncing cards, below the top band (its buttons stay clear and readable), each frame
        over the last, leaving trails; the panel comes when they are gone (see update)."""
        assert self.host is not None
        rects = []
        band = self.table.hud.rect.bottom
        size = self.host.size
        below = pygame.Rect(0, band, size[0], max(0, size[1] - band))
        clip = surface.get_clip()
        surface.set_clip(below)
        for img, x, y, _vx, _vy in self.flying:
            pos = (int(x), int(y))
            rect = img.blit(surface, pos)
            if rect.width and rect.height:
                rects.append(rect)
        surface.set_clip(clip)
        return rects


def BlockedOverlay(ctx: Context, table: EndTable, hole: EndingHole | None = None) -> EndOverlay:
    """The blocked panel over the table, in an end panel's place (end_layout)."""
    panel = BlockedPanel(table, hole, ctx)
    return EndOverlay(ctx, panel, EndPlace(table), life=panel)


def WinOverlay(ctx: Context, table: EndTable, hole: EndingHole | None = None) -> EndOverlay:
    """The win panel, in an end panel's place, after the bouncing cards (which bounce on beneath it)."""
    panel = WinPanel(ctx, table, hole)
    return EndOverlay(ctx, panel, EndPlace(table), life=panel)
