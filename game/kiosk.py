"""The App's kiosk duties besides attract mode: the administrator's gesture (a corner held, with
its countdown, then the opposite corner tapped; or Ctrl+Alt+Q), which opens the administrator's
screen, the administrator's exit from there, and the mouse arrow, hidden while fingers play (on any
screen; a kiosk starts without it). Outside a kiosk, Ctrl+Alt+Q quits."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.admin_exit import SHOW_AFTER, AdminExit
from game.scene_host import SceneHost
from game.ui.pointer import is_finger, is_mouse_copy, pointer, pointer_id

log = logging.getLogger(__name__)

ADMIN_EXIT = 3  # exit status when the administrator leaves a kiosk: its service does not restart

if TYPE_CHECKING:  # pragma: no cover
    from game.attract import Attract
    from game.scenes.attract_banner import AdminHold


class KioskDuties:
    """Fed every event and every frame by the App; changes scenes only through the App."""

    def __init__(self, app: SceneHost, attract: Attract) -> None:
        self.app = app
        self.attract = attract  # (a demo playing ends when the administrator's screen opens)
        self.admin = AdminExit()
        self._banner: AdminHold | None = None  # the countdown on screen, if any
        # a kiosk's touchscreen shows no arrow until a mouse moves (set outright: the arrow is the
        # display's, and an earlier window may have hidden it)
        self.cursor_visible = not app.kiosk
        pygame.mouse.set_visible(self.cursor_visible)

    def event(self, event: pygame.event.Event) -> bool:
        """Follow the arrow and, on a kiosk, any press on a corner; True when the event was the
        administrator's key (Ctrl+Alt+Q): a kiosk opens the administrator's screen, a window quits."""
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_q
            and event.mod & pygame.KMOD_CTRL
            and event.mod & pygame.KMOD_ALT
        ):
            if self.app.kiosk:
                self.open_admin()
            else:
                self.admin_exit()
            return True
        if is_finger(event):
            self.show_cursor(False)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and not is_mouse_copy(event):
            self.show_cursor(True)
        if self.app.kiosk:
            p = pointer(event, self.app.size)
            if p is not None:
                self.admin.feed(p[0], p[1], pointer_id(event), self.app.wall, self.app.size)
        return False

    def open_admin(self) -> None:
        """The administrator's gesture: a demo ends, and the administrator's screen opens over what
        shows (once: the gesture made again on it changes nothing)."""
        app = self.app
        self.admin.reset()
        if any(getattr(scene, "administrator", False) for scene in app.stack):
            return
        log.warning("administrator's screen opened")
        if self.attract.active:
            self.attract.stop(app.wall)
        app.ctx.enter_owner_mode()
        app.push(app.ctx.scenes.admin())

    def admin_exit(self) -> None:
        """The administrator leaves. A kiosk exits with ADMIN_EXIT so its service knows not to start
        the game again."""
        log.warning("administrator exit")
        self.app.exit_status = ADMIN_EXIT if self.app.kiosk else 0
        self.app.quit()

    def tick(self) -> None:
        """Leave when a corner has been held long enough; count down on screen meanwhile."""
        app = self.app
        if not app.kiosk:
            return
        if self.admin.due(app.wall):
            self.open_admin()
            return
        from game.scenes.attract_banner import AdminHold  # the banner loads when first held, not at start-up

        held = self.admin.held(app.wall)
        banner = self._banner if self._banner in app.stack else None
        armed = self.admin.armed(app.wall) is not None
        left = 0.0 if armed else self.admin.hold - held
        if held >= SHOW_AFTER or armed:
            if banner is None:
                self._banner = AdminHold(app.ctx, left)
                app.push(self._banner)
            elif banner.set_left(left):
                app.redraw()
        elif banner is not None:
            app.remove(banner)  # it may lie under an overlay pushed since
            self._banner = None
        else:
            self._banner = None

    def show_cursor(self, visible: bool) -> None:
        if visible != self.cursor_visible:
            self.cursor_visible = visible
            pygame.mouse.set_visible(visible)
