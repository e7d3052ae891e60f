"""The scene contract: the app owns a stack of scenes and performs the transitions they return."""

from __future__ import annotations

from typing import TYPE_CHECKING

# The transitions are the services' (game/services.py), which name no scene: a scene's action
# returns one, and the App performs it.
from game.services import Action, Pop, Push, Quit, Replace, Transition

__all__ = ["Action", "Pop", "Push", "Quit", "Replace", "Scene", "Transition"]

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from game.context import Context


class Scene:
    """Base class. `ctx` is the app's shared context (settings, audio, images, text, clock-free services).

    handle_event and update may return a Transition; draw never mutates state and returns the list of
    dirty rectangles it painted (an empty list when nothing changed) or None for "the whole screen".
    An action (a button's, a key's, an overlay's call on the scene beneath) returns the transition
    it causes, and its caller passes it on: no scene writes another's fields to hand one back.

    How the App (game/app.py) drives scenes:
    - enter() once when the scene is put on the stack (Push/Replace), exit() once when it leaves it
      (Pop/Replace/Quit). A scene uncovered by a Pop gets invalidate(None), not enter().
    - Events go to the top scene only. update(STEP) runs at a fixed 1/120 s for every *visible*
      scene (the top one and, under an overlay, the scenes drawn beneath it), bottom first.
    - draw() is skipped entirely on idle frames (no input, nothing animating). Anything that
      changes over time (tweens, toasts, timers) must make is_animating() return True meanwhile.
    - invalidate(rects) says "the screen no longer shows you there (None: anywhere); repaint it at
      the next draw": after enter, resize, full-screen switches, window exposure, an overlay closing,
      or (for an overlay) when the scene beneath repainted those rects.
    """

    #: True when the scene below should be drawn first (overlays).
    overlay: bool = False
    #: True for an overlay that only shows something (a banner): input goes to the scene beneath.
    passive: bool = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout and caches."""

    def invalidate(self, rects: list[pygame.Rect] | None = None) -> None:
        """The screen under ``rects`` (None = everywhere) must be repainted at the next draw."""

    def handle_event(self, event: pygame.event.Event) -> Transition:
        return None

    def update(self, dt: float) -> Transition:
        return None

    def is_animating(self) -> bool:
        """True while anything moves, so the app keeps its frame rate up; False lets the loop sleep."""
        return False

    def spare_work(self) -> bool:
        """Do one small piece of work that can wait for a frame with time left (App.use_spare_time)
        and return True; False when there is none."""
        return False

    def games_ahead(self) -> tuple[str, ...] | None:
        """The kinds of game (kind ids) a player can start from here, whose code and deal lists the app
        reads ahead in spare time (game.read_ahead); None: any game, as the settings have chosen
        each (the menu, most screens). An overlay adds none of its own: what the scene beneath can
        start (App.games_ahead)."""
        return () if self.overlay else None

    def draw(self, surface: pygame.Surface) -> list | None:
        return None
