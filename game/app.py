"""The application: the window, the one real clock, the fixed-timestep loop and the scene stack.

Each frame adds the real elapsed time (capped at MAX_FRAME) to an accumulator, hands the
frame's events to the top scene, runs ``update(STEP)`` while the accumulator holds a step, then
draws -- unless nothing happened and nothing animates, in which case it draws nothing and the
loop ticks slowly. Tests drive it without a real clock through :meth:`App.step_frame`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.attract import Attract
from game.context import Context, make_audio, make_images
from game.heap import freeze_long_lived, keep_large_blocks_returnable, release_scene_memory
from game.kiosk import ADMIN_EXIT, KioskDuties
from game.persist import run_log
from game.persist.frame_gate import FrameGate
from game.persist.progress import Progress
from game.read_ahead import ReadAhead, games_on_screen
from game.scenes.base import Pop, Push, Quit, Replace
from game.scenes.notice_banner import Notice
from game.scenes.openers import Openers
from game.services import Audio, SceneLike, Transition
from game.settings import Settings
from game.spare_time import SpareTime
from game.storage import Storage, open_storage
from game.view.dirty_rects import outermost
from game.view.screen import Screen, fit_window, open_screen, open_window, window_icon, window_spot

log = logging.getLogger(__name__)

STEP = 1.0 / 120.0  # the simulation step (s)
MAX_FRAME = 0.25  # longest real frame we catch up on (s): no spiral of death
FPS = 60  # frame rate while something moves
IDLE_FPS = 10  # wake-ups per second while nothing moves (input waits <= 100 ms)
AUDIO_REST = 5.0  # seconds without a drawn frame before the sound device is closed until needed
_EPS = 1e-9  # float slack so 12 frames of 1/120 s give exactly 12 steps
DEFAULT_WINDOW = (1280, 720)
#: Seconds after leaving full screen in which a report of the full-screen size is the window
#: manager's late word on the full-screen window, not a resize of the window come back.
LATE_REPORT = 1.0


class App:
    """Owns pygame's display and the scene stack; performs the transitions scenes return.

    ``size`` is the windowed size (cut to the screen's); ``fullscreen`` None follows the settings (a
    kiosk: always full screen, or a window without decorations when ``fullscreen`` is False).
    ``clock`` is the only source of real time (seconds, monotonic), ``wait(fps)`` the frame pacing
    (pygame's Clock.tick by default); tests pass fakes, or call ``step_frame`` directly.
    ``storage``: what may be kept (game/storage.py; main.py's holds the lock), else made ready here.
    """

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        settings: Settings | None = None,
        settings_path: str | Path | None = None,
        kiosk: bool = False,
        clock: Callable[[], float] = time.perf_counter,
        wait: Callable[[int], Any] | None = None,
        audio: Audio | None = None,
        storage: Storage | None = None,
    ) -> None:
        keep_large_blocks_returnable()
        self.storage = storage if storage is not None else open_storage(settings=settings_path is None)
        self.settings = settings if settings is not None else self.storage.load_settings(settings_path)
        # no language chosen yet (settings.language ''): the system locale's; Settings stores a choice
        i18n.set_language(self.settings.language or i18n.detect_language())
        self.kiosk = bool(kiosk)
        if fullscreen is None:
            fullscreen = True if self.kiosk else self.settings.fullscreen
        self.fullscreen = fullscreen
        self._clock = clock
        pygame.display.init()
        pygame.font.init()
        self.windowed_size = fit_window(size or DEFAULT_WINDOW)
        #: Where the window was when it last went full screen (None: it has not been a window yet).
        self.window_place: tuple[int, int] | None = None
        #: Just back from full screen: (the full-screen size, when, the window's place), for a
        #: late report of that size (see _window_resized); None otherwise.
        self._left_full: tuple[tuple[int, int], float, tuple[int, int] | None] | None = None
        pygame.key.set_repeat(400, 40)
        self.display: Screen = open_screen()
        self._icon = window_icon()
        self.screen = self._open_window()
        self.size: tuple[int, int] = self.screen.get_size()
        self._ticker = pygame.time.Clock()
        self._wait = wait if wait is not None else self._ticker.tick
        if audio is None:
            audio = make_audio(muted=not self.settings.sound, volume=self.settings.volume / 100)
        self.ctx = Context(self.settings, settings_path, audio=audio, kiosk=kiosk, screen_size=self.size)
        self.ctx.settings_kept = self.storage.settings_kept
        self.ctx.images = make_images(self.storage.data)  # (card images need the display: after set_mode)
        if self.ctx.images is not None:  # the faces in the player's design (Appearance)
            from game.view.card_images import use_design  # (loaded already: make_images made them)

            use_design(self.ctx.images, self.settings.face_design)
        #: Closed while a frame is stepped: the save's writer works between frames (frame_gate).
        self.frame_gate = FrameGate()
        if self.storage.data is not None:  # (else nothing is saved: every scene plays without it)
            self.ctx.progress = Progress(self.storage.data, gate=self.frame_gate)
        if self.kiosk:  # today's best at this table (in memory only where nothing is saved)
            from game.persist.leaderboard import FILE_NAME, Leaderboard  # a kiosk's only

            self.ctx.leaderboard = Leaderboard(None if self.storage.data is None else self.storage.data / FILE_NAME)
        self.notice = Notice(self.storage.notice)  # what this run cannot keep, said once on screen
        self.ctx.set_fullscreen = self.set_fullscreen
        self.ctx.is_fullscreen = lambda: self.fullscreen
        self.ctx.language_changed = self.language_changed
        self.ctx.appearance_changed = lambda: self._resized(self.size, force=True)  # each scene reads the look
        self.ctx.in_view = self.in_view
        self.ctx.scenes = Openers(self.ctx)  # how one scene opens another (game/services.py)
        self.hidden = False  # the window is minimised or hidden: a table's clock stops
        self.stack: list[SceneLike] = []
        self.running = True
        self.accumulator = 0.0
        self.frames = 0  # frames stepped
        self.frames_drawn = 0  # frames on which scenes were drawn
        self._force_draw = True
        self._warmed = False  # the solver's code is loaded at the first idle frame
        #: After it, in idle frames' spare time, one at a time: the code and deal lists a new game of
        #: each game the top scene can start reads.
        self.read_ahead = ReadAhead(self.settings)
        self.spare = SpareTime(self._spare_piece)
        self.wall = 0.0  # real seconds since start (uncapped): idle timers, the corner hold
        self.exit_status = 0  # what main() returns (kiosk.ADMIN_EXIT after the administrator's exit)
        self.attract = Attract(self)
        self.duties = KioskDuties(self, self.attract)  # the administrator's screen and exit, the arrow
        self.ctx.leave_kiosk = self.duties.admin_exit
        #: A kiosk's run: when and why it began (the administrator's health line); None elsewhere
        self.run_facts = run_log.begin(self.storage.data) if self.kiosk and self.storage.data is not None else None
        self.ctx.run_facts = lambda: self.run_facts
        self._ending: str | None = None  # how the run ends, when not as exit_status says (a crash)

    # --- window ------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        """Full screen, or a window (a kiosk's has no title bar); SDL's own path if ours fails."""
        caption = i18n.tr("Golf & Eight Off")
        self.display, surface = open_window(
            self.display, self.windowed_size, self.fullscreen, self.kiosk, caption, self._icon
        )
        return surface

    @property
    def present_path(self) -> str:
        """How frames reach the screen (game/view/screen.py): framebuffer, renderer, sdl-texture or sdl."""
        return self.display.path

    def set_fullscreen(self, on: bool) -> None:
        """Switch full screen on or off, remember it in the settings and relayout every scene. Back
        in a window, the window has its last size and place (kept on the desktop: window_spot)."""
        on = bool(on)
        if self.kiosk:
            return  # a kiosk stays as it started
        self.settings.fullscreen = on
        self.ctx.save_settings()
        if on == self.fullscreen:
            return
        if on:
            self.window_place = self.display.place()
        full_size = self.size
        self.fullscreen = on
        place = None
        if not on:
            self.windowed_size, place = window_spot(self.windowed_size, self.window_place, self.display.desktop())
        self.screen = self._open_window()
        if not on:
            if place is not None:
                self.display.move(place)
            self._left_full = (full_size, self.wall, place)
        self._resized(self.screen.get_size(), force=True)

    def _window_resized(self, size: tuple[int, int]) -> None:
        """The system says the window has a new size. Just after leaving full screen, a window
        manager may still report the full-screen window's size: the window is then asked again for
        its own size and place instead of taking the desktop's (half of it off screen)."""
        size = (int(size[0]), int(size[1]))
        left = self._left_full
        if left is not None and not self.fullscreen:
            full_size, since, place = left
            if size == full_size != self.windowed_size and self.wall - since < LATE_REPORT:
                self.screen = self._open_window()
                if place is not None:
                    self.display.move(place)
                self._resized(self.screen.get_size(), force=True)
                return
            self._left_full = None
        self._resized(size)

    def language_changed(self) -> None:
        """The language was switched: retitle the window and let every scene re-render its text."""
        self.display.set_caption(i18n.tr("Golf & Eight Off"))
        self._resized(self.size, force=True)

    def _resized(self, size: tuple[int, int], force: bool = False) -> None:
        size = (int(size[0]), int(size[1]))
        if size == self.size and not force:
            return
        self.size = size
        self.ctx.screen_size = size
        if not self.fullscreen:
            self.windowed_size = size
        self.screen = self.display.resized(size)
        for scene in self.stack:
            scene.resize(size)
            scene.invalidate(None)
        self._force_draw = True

    # --- the scene stack -----------------------------------------------------------------------
    @property
    def top(self) -> SceneLike | None:
        return self.stack[-1] if self.stack else None

    def visible_scenes(self) -> list[SceneLike]:
        """The scenes drawn this frame, bottom first: the top one and everything under overlays."""
        i = len(self.stack) - 1
        while i > 0 and self.stack[i].overlay:
            i -= 1
        return self.stack[max(i, 0) :]

    def apply(self, transition: Transition) -> None:
        """Perform a transition returned by a scene (None does nothing)."""
        if transition is None:
            return
        if isinstance(transition, Push):
            scene = transition.scene
            at = len(self.stack)
            while not scene.passive and at > 0 and self.stack[at - 1].passive:
                at -= 1  # banners stay on top of whatever opens beneath them
            self.stack.insert(at, scene)
            scene.enter()
            scene.invalidate(None)
        elif isinstance(transition, Pop):
            leaving = self.input_scene()  # the scene that closes, never a banner above it
            if leaving is not None:
                self.stack.remove(leaving)
                leaving.exit()
            if not self.stack:
                self.quit()
                return
            for scene in self.visible_scenes():
                scene.invalidate(None)
        elif isinstance(transition, Replace):
            left = bool(self.stack)
            while self.stack:
                self.stack.pop().exit()
            if left:
                release_scene_memory()  # before the next scene allocates its own
            self.stack.append(transition.scene)
            transition.scene.enter()
            transition.scene.invalidate(None)
            self.notice.show(self)  # (over every new screen until its time is up)
        elif isinstance(transition, Quit):
            self.quit()
            return
        else:
            raise TypeError(f"a scene returned {transition!r}, which is not a transition")
        self._force_draw = True

    def settle_long_lived(self) -> None:
        """Set what is alive now out of the cyclic collector's way for good (heap.freeze_long_lived)."""
        if self.stack:
            raise RuntimeError("settle_long_lived before the first scene: a frozen scene would never be freed")
        freeze_long_lived()

    def push(self, scene: SceneLike) -> None:
        self.apply(Push(scene))

    def replace(self, scene: SceneLike) -> None:
        self.apply(Replace(scene))

    def is_animating(self) -> bool:
        return any(scene.is_animating() for scene in self.visible_scenes())

    def in_view(self, scene: SceneLike) -> bool:
        """Whether `scene` is the one the player sees and plays: it takes the input (no dialog over
        it; a passive banner does not count) and the window is not hidden."""
        return not self.hidden and self.input_scene() is scene

    def input_scene(self) -> SceneLike | None:
        """The scene that takes input: the top one that is not a passive banner."""
        for scene in reversed(self.stack):
            if not scene.passive:
                return scene
        return None

    # --- one frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """App-level events first (quit, resize, F11, exposure, the administrator's exit, attract mode),
        then the input scene's."""
        if self.duties.event(event):
            return  # the administrator's exit
        taken = self.attract.event(event, self.wall)  # any input restarts the idle timer
        if self._window_event(event) or taken:
            return  # (attract mode used it, as a touch that ends it: no scene sees it)
        key = event.key if event.type == pygame.KEYDOWN else None
        if key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return
        target = self.input_scene()
        if target is None:
            return
        if key == pygame.K_F1:  # Help from anywhere; Help itself closes on F1
            self.apply(self.ctx.scenes.help(target) or target.handle_event(event))
        else:
            self.apply(target.handle_event(event))

    def _window_event(self, event: pygame.event.Event) -> bool:
        """The window's own events: closed, resized, hidden or shown, exposed. False for any other."""
        t = event.type
        if t == pygame.QUIT:
            self.quit()
        elif t == pygame.VIDEORESIZE:
            self._window_resized(event.size)
        elif t == pygame.WINDOWSIZECHANGED:
            self._window_resized((event.x, event.y))
        elif t in (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED):
            self.hidden = True
        elif t in (pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self.hidden = False
        elif t in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
            for scene in self.visible_scenes():
                scene.invalidate(None)
            self._force_draw = True
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        """One fixed step for every visible scene, bottom first; a stack change ends the step."""
        stack_before = list(self.stack)
        for scene in self.visible_scenes():
            self.apply(scene.update(dt))
            if self.stack != stack_before or not self.running:
                break

    def draw(self) -> None:
        """Draw the visible scenes and put only what changed on screen."""
        self.frames_drawn += 1
        full = False
        rects: list[pygame.Rect] = []
        for i, scene in enumerate(self.visible_scenes()):
            if i and (full or rects):
                scene.invalidate(None if full else list(rects))  # an overlay repaints over what changed beneath
            result = scene.draw(self.screen)
            if result is None:
                full = True
            else:
                rects.extend(result)
        self._force_draw = False
        self.display.present(None if full else outermost(rects))

    def step_frame(self, elapsed: float, events: list[pygame.event.Event] | None = None) -> bool:
        """Run one frame as if ``elapsed`` real seconds had passed; returns whether it drew.

        ``events`` None takes pygame's queue (tests post events and pass None).
        """
        self.frame_gate.frame_begins()
        try:
            return self._step_frame(elapsed, events)
        finally:
            self.frame_gate.frame_ends()

    def _step_frame(self, elapsed: float, events: list[pygame.event.Event] | None) -> bool:
        self.frames += 1
        self.wall += max(0.0, elapsed)
        self.accumulator += min(max(0.0, elapsed), MAX_FRAME)
        if events is None:
            events = pygame.event.get()
        was_animating = self.is_animating()
        for event in events:
            if not self.running:
                break
            self.handle_event(event)
        if self.running:
            self.duties.tick()  # the administrator's corner
        if self.running:
            self.attract.tick(self.wall)
        while self.running and self.accumulator >= STEP - _EPS:
            self.accumulator -= STEP
            self.update(STEP)
        if not self.running or not self.stack:
            return False
        if events or was_animating or self._force_draw or self.is_animating():
            self.draw()
            return True
        if not self._warmed:
            # the first frame with nothing to draw: load the solver's code now, not before the first
            # frame (start-up) nor at the first hint
            self._warmed = True
            self.ctx.jobs.warm()
        self.read_ahead.want(self.games_ahead())
        return False

    def games_ahead(self) -> tuple[str, ...] | None:
        """The kinds of game that can start from the screen as it shows (None: any; see
        read_ahead.games_on_screen). A kiosk with attract mode may start any game's demo from any
        screen, and a demo's frames are never idle: every game's is read ahead before it starts."""
        return None if self.attract.delay is not None else games_on_screen(self.stack)

    def run(self, scene: SceneLike | None = None) -> None:
        """The main loop, until a Quit transition or the window is closed. Scene errors propagate."""
        if scene is not None:
            self.replace(scene)
        try:
            last = self._clock()
            quiet_since = last
            while self.running:
                now = self._clock()
                if self.step_frame(now - last):
                    quiet_since = now
                elif now - quiet_since > AUDIO_REST:
                    self.ctx.audio.suspend()  # the sound device's thread costs CPU even in silence
                last = now
                if self.running:
                    busy = self._force_draw or self.is_animating()
                    self.use_spare_time(1 / (FPS if busy else IDLE_FPS) - (self._clock() - now))
                    self._wait(FPS if busy else IDLE_FPS)
        except Exception:
            self._ending = run_log.CRASH
            raise
        finally:
            self.close()

    def use_spare_time(self, seconds: float) -> int:
        """Do work that can wait in what is left of a frame (game/spare_time.py): the card faces
        that will show soon (CardImages.prefetch), then the scenes' own (Scene.spare_work), then
        what a new game reads (ReadAhead). Returns how many pieces were done."""
        return self.spare.use(seconds)

    def _spare_piece(self) -> bool:
        """One piece of spare-time work, the faces first, then the scenes' from the top down."""
        images = self.ctx.images
        if images is not None and images.pending and images.load_next():
            return True
        if any(scene.spare_work() for scene in reversed(self.stack)):
            return True
        if self.read_ahead.pending and not (self._force_draw or self.is_animating()):
            return self.read_ahead.read_next()  # (it may outlast a frame: only while nothing moves)
        return False

    def _note_end(self) -> None:
        """A kiosk's run log: how this run ended (the next one's health line says why it started)."""
        if self.run_facts is not None and self.storage.data is not None:
            ending = self._ending or (run_log.ADMINISTRATOR if self.exit_status == ADMIN_EXIT else run_log.STOPPED)
            run_log.end(self.storage.data, self.run_facts, ending)
            self.run_facts = None  # (close may be called twice)

    def quit(self) -> None:
        """Stop the loop (settings are saved in close)."""
        self.running = False

    def remove(self, scene: SceneLike) -> None:
        """Take a banner off the stack wherever it lies (overlays may have opened above it)."""
        self.stack.remove(scene)
        scene.exit()
        for visible in self.visible_scenes():
            visible.invalidate(None)
        self._force_draw = True

    def redraw(self) -> None:
        """Draw at the next frame even if nothing moves (a banner changed)."""
        self._force_draw = True

    def close(self) -> None:
        """Leave every scene, save the settings, finish the saved game's write, close the database;
        safe to call twice."""
        try:  # (whatever fails here, the save's last write and the data folder's lock come last)
            while self.stack:
                self.stack.pop().exit()
            self.running = False
            self.ctx.save_settings(closing=True)
            self._note_end()
        finally:
            try:
                if self.ctx.progress is not None:
                    self.ctx.progress.close()
            finally:
                self.ctx.jobs.close()
                self.display.close()
                self.storage.release()  # (after the last write of the save)
