"""Attract mode: a kiosk left alone plays demos until someone touches it.

After the settings' `attract_minutes` without input (kiosk only), the player's game is saved and
the screen shows the demo playing a winnable deal, dealt and moved with the normal animations,
under a "Touch to play" banner; Golf and Eight Off take turns, and after each game's demo comes
the replay of that game's best game of the day at this kiosk (its leaderboard's first), when there
is one. The first touch or key is used up ending it. During the first demo (and its first
VISIT_ENDS seconds at most) the player is likely still there: the touch brings back their saved
game (when they had left one on the table) or the menu, as they were. Later, the player has walked
away and the touch is the next visitor's: the game left on the table is recorded as abandoned, and
the menu opens in the kiosk's language with the administrator's settings (Context.begin_visit).
Attract mode is silent: a kiosk dealing cards all day long should not click all day long.

The App feeds it wall-clock time and the events it sees; it changes scenes through the App.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game import registry
from game.scene_host import SceneHost
from game.ui.pointer import is_mouse_copy

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.table import TableScene

log = logging.getLogger(__name__)

WIN_SHOW = 6.0  # s the demo's win (the bouncing cards) stays before the next deal
STALL = 45.0  # s without a demo move (the solver failed, say) before the next deal
MAX_CYCLE = 900.0  # s: no single demo runs longer than this
#: s of demos after which a touch is a new visitor's, even while the first demo still plays
VISIT_ENDS = 180.0
#: The events that end attract mode: a press or a key (motion alone does not: a bumped mouse).
WAKE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN)
#: The events attract mode keeps from the scenes (everything a player does).
INPUT_EVENTS = WAKE_EVENTS + (
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
    pygame.KEYUP,
    pygame.TEXTINPUT,
    pygame.TEXTEDITING,
)


class Attract:
    """The idle timer and the demo cycle. `app` is the App (its stack, settings and context)."""

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.active = False
        self.last_input = 0.0
        self.cycles = 0  # demos dealt since the app started
        self._started_at = 0.0  # when attract mode last started
        self._cycles_at_start = 0  # self.cycles then
        self.table: TableScene | None = None  # the demo's table scene
        self._return_to_game = False  # the player left a game on the table: bring it back
        self._next: str | None = None  # the game of the next demo (they take turns, spell after spell)
        self._cycle_start = 0.0
        self._moved_at = 0.0
        self._moves_seen = -1
        self._won_at: float | None = None
        self._best_next: str | None = None  # the game whose day's best is replayed next, if it has one

    @property
    def delay(self) -> float | None:
        """Seconds of no input before attract mode starts; None when it never does."""
        minutes = self.app.settings.attract_minutes
        if not self.app.kiosk or minutes <= 0:
            return None
        return minutes * 60.0

    # -- input -------------------------------------------------------------------------------------
    def event(self, event: pygame.event.Event, now: float) -> bool:
        """Note an input event; True when attract mode takes it (the scenes must not see it). The press
        that ends it is taken too, so the scene that comes back never sees it: its motion and its lift
        alone do nothing anywhere."""
        if event.type not in INPUT_EVENTS:
            return False
        if is_mouse_copy(event):
            return self.active  # SDL sends it just before the finger's own event, which is the one that counts
        self.last_input = now
        if not self.active:
            return False
        if event.type in WAKE_EVENTS:
            self.stop(now)
        return True

    # -- time --------------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Start attract mode when the kiosk has been left alone; move the demo cycle on."""
        if not self.active:
            delay = self.delay
            if delay is not None and now - self.last_input >= delay and self.app.stack:
                self.start(now)
            return
        table = self.table
        if table is None or table not in self.app.stack:
            if self._adopt():  # a rule set with no deal list: a winnable deal was found meanwhile
                return
            if now - self._cycle_start >= (STALL if self._finding() else 1.0):  # (it went away: never should)
                self._deal(now)
            return
        if self._demo_over(table, now):
            self._deal(now)

    def _demo_over(self, table: TableScene, now: float) -> bool:
        """Whether the demo on `table` has shown its win long enough, or stopped short of one (no move
        for too long, too long a demo, a blocked deal): then the next deal comes."""
        game = table.game
        if game.moves != self._moves_seen:
            self._moves_seen, self._moved_at = game.moves, now
        if game.status == "won" or getattr(table, "at_end", False):  # (a replay's end shows as a win)
            if self._won_at is None:
                self._won_at = now  # (the win shows from now)
                return False
            return now - self._won_at >= WIN_SHOW
        if now - self._moved_at >= STALL or now - self._cycle_start >= MAX_CYCLE or game.status != "playing":
            log.info("attract: the demo stopped short of a win (%s); next deal", game.status)
            return True
        return False

    # -- starting and stopping ---------------------------------------------------------------------
    def start(self, now: float) -> None:
        """Save the player's game and start the demos."""
        from game.scenes.table import TableScene  # scenes load with the first demo, not at start-up

        bottom = self.app.stack[0]
        self._return_to_game = (
            isinstance(bottom, TableScene) and not bottom.watching and bottom.game.status != "won"
        )  # a blocked game comes back blocked
        self.active = True
        self._started_at, self._cycles_at_start = now, self.cycles
        owner = self.app.ctx.owner_settings
        if owner is not None:  # the demos invite the next passer-by in the kiosk's language
            self.app.ctx.speak(owner.language)
        if self._next is None:
            self._next = self.app.settings.last_game
        self._mute(True)
        self._deal(now)  # replacing the stack leaves the table: its game is written to disk
        progress = self.app.ctx.progress
        if progress is not None:
            progress.save.flush()

    def visit_over(self, now: float) -> bool:
        """Whether the player who left the kiosk has gone: the first demo has ended, or the demos
        have played VISIT_ENDS seconds (or the administrator's screen was left open)."""
        first_over = self.cycles - self._cycles_at_start >= 2
        return first_over or now - self._started_at >= VISIT_ENDS or self.app.ctx.owner_mode

    def stop(self, now: float) -> None:
        """Back to the player's saved game, or to the menu; after a while, a new visitor's menu."""
        new_visitor = self.app.kiosk and self.visit_over(now)
        self.active = False
        self.table = None
        self.last_input = now
        ctx = self.app.ctx
        if new_visitor:
            log.info("attract: a new visitor")
            if ctx.progress is not None:
                ctx.progress.give_up_saved()
            ctx.begin_visit()  # (the kiosk's language and sound: before the menu is made)
            self._return_to_game = False
        else:
            ctx.speak(ctx.settings.language)  # the visitor is back: their language again
        self._mute(False)
        saved = ctx.progress.saved() if self._return_to_game and ctx.progress is not None else None
        if saved is not None:
            self.app.replace(ctx.scenes.table(*saved))
        else:
            self.app.replace(ctx.scenes.menu())

    def _deal(self, now: float) -> None:
        """The next demo: the day's best of the game just demonstrated, if it has one, else a winnable
        deal of the other game, under the banner."""
        from game.scenes.dealing import deal_new  # scenes load with the first demo, not at start-up
        from game.scenes.seat import Seat  # (as above)
        from game.scenes.table import TableScene  # (as above)

        best, self._best_next = self._best_next, None
        if best is not None and self._replay_best(best, now):
            return
        owner = self.app.ctx.owner_settings or self.app.settings  # (the games the kiosk offers)
        families = [f for f in registry.FAMILIES if owner.offers(f)] or list(registry.FAMILIES)
        name = self._next if self._next in families else families[0]
        self._next = families[(families.index(name) + 1) % len(families)]
        self.app.apply(deal_new(self.app.ctx, registry.chosen(self.app.settings, name).id, demo=True))
        bottom = self.app.stack[0] if self.app.stack else None
        self.table = bottom if isinstance(bottom, TableScene) and bottom.watching else None
        if self.table is not None:
            self.table.seat = Seat.ATTRACT  # the demo plays it silently, under the banner
        self._best_next = name  # after this demo, the replay of its game's best of the day
        self._begin_cycle(name, now)

    def _begin_cycle(self, name: str, now: float) -> None:
        """Under the banner, a demo or a replay of game `name` begins."""
        from game.scenes.attract_banner import AttractBanner  # (as in _deal)

        self.app.push(AttractBanner(self.app.ctx, name))
        self.cycles += 1
        self._cycle_start = self._moved_at = now
        self._moves_seen = -1
        self._won_at = None

    def _replay_best(self, name: str, now: float) -> bool:
        """The replay of game `name`'s best of the day at this kiosk, played under the banner; False
        when there is none (then the next demo comes)."""
        from game.model.replay_code import InvalidReplayCode, parse_replay_code  # (a kiosk's)
        from game.scenes.replay_scene import ReplayScene  # (as in _deal)

        board = self.app.ctx.leaderboard
        best = board.best(name) if board is not None else None
        if best is None:
            return False
        try:
            replay = parse_replay_code(best.replay)
        except InvalidReplayCode:  # (an entry is checked when read: never)
            return False
        scene = ReplayScene(self.app.ctx, replay)
        self.app.replace(scene)
        scene.play()
        self.table = scene
        self._begin_cycle(name, now)
        return True

    def _finding(self) -> bool:
        """Whether a winnable deal is being looked for (a rule set without a deal list)."""
        from game.scenes.dealing import FindingDeal  # (loaded with the first demo)
        from game.scenes.dialog import shows

        return any(shows(scene, FindingDeal) for scene in self.app.stack)

    def _adopt(self) -> bool:
        """The demo's deal came after a search: take its table as the demo's, under the banner."""
        from game.scenes.attract_banner import AttractBanner  # (as in _deal)
        from game.scenes.seat import Seat  # (as above)
        from game.scenes.table import TableScene  # (as above)

        bottom = self.app.stack[0] if self.app.stack else None
        if not (isinstance(bottom, TableScene) and bottom.watching) or self._finding():
            return False
        self.table = bottom
        bottom.seat = Seat.ATTRACT
        if not any(isinstance(scene, AttractBanner) for scene in self.app.stack):
            self.app.push(AttractBanner(self.app.ctx, bottom.game.GAME_ID))
        return True

    def _mute(self, quiet: bool) -> None:
        """Silence during attract mode; afterwards the player's own sound setting again."""
        audio = self.app.ctx.audio
        audio.set_muted(quiet or not self.app.settings.sound)
        if quiet:
            audio.suspend()  # no mixer thread for hours of silence; the next sound reopens the device
