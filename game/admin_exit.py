"""The kiosk's door for an administrator: a long press on a corner, then a tap on the opposite one,
opens the administrator's screen (game/scenes/admin_scene.py), where the kiosk is set and left.

A kiosk has no Quit button and often no keyboard. Holding a finger (or the mouse button) still on
any corner for HOLD seconds arms the door; a tap on the diagonally opposite corner within CONFIRM
seconds then opens the administrator's screen. A press that moves away, lifts early or starts
elsewhere does nothing, and any other press disarms it. The screen never says what the second step
is (a passer-by holding a corner would follow any instruction the countdown gave): the
administrator has it from the README and the kiosk guide. A press on a corner still reaches the
scene as usual (the HUD's Menu button lives there). Plain logic on wall-clock seconds: the app
feeds it pointer actions and asks `due`.
"""

from __future__ import annotations

from game.ui.pointer import DOWN, UP

HOLD = 5.0  # s a corner must be held
CONFIRM = 5.0  # s after the hold in which a tap on the opposite corner opens the screen
OPPOSITE = {"tl": "br", "br": "tl", "tr": "bl", "bl": "tr"}
SHOW_AFTER = 1.0  # s of holding before the countdown shows (a normal tap never sees it)
CORNER_FRACTION = 0.09  # the corner square's side, as a fraction of the screen's shorter side
MIN_CORNER = 48  # px: at least a fingertip


def corner_size(size: tuple[int, int]) -> int:
    """The side of each corner square, in pixels."""
    return max(MIN_CORNER, int(min(size) * CORNER_FRACTION))


def corner_of(pos: tuple[int, int], size: tuple[int, int]) -> str | None:
    """Which corner ('tl', 'tr', 'bl', 'br') a point lies in, or None."""
    side = corner_size(size)
    w, h = size
    x, y = pos
    horizontal = "l" if x < side else "r" if x >= w - side else None
    vertical = "t" if y < side else "b" if y >= h - side else None
    if horizontal is None or vertical is None:
        return None
    return vertical + horizontal


class AdminExit:
    """Watches every pointer for a still press on a corner held for HOLD seconds, then for a tap on
    the opposite corner within CONFIRM seconds."""

    def __init__(self, hold: float = HOLD, confirm: float = CONFIRM) -> None:
        self.hold = hold
        self.confirm = confirm
        self._press: tuple[object, str, float] | None = None  # (pointer, corner, since)
        self._armed: tuple[str, float] | None = None  # (the corner to tap, since when)
        self._confirmed = False

    def feed(self, kind: str, pos: tuple[int, int], who: object, now: float, size: tuple[int, int]) -> None:
        """Follow one pointer action ('down', 'move' or 'up' at pos, by pointer `who`)."""
        self._arm(now)  # (a hold that lasted long enough counts, even if no frame came between)
        if kind == DOWN:
            corner = corner_of(pos, size)
            armed = self.armed(now)
            if armed is not None:
                self._armed = None  # any press ends the arming: the right one confirms
                self._confirmed = corner == armed
                return
            self._press = (who, corner, now) if corner else None
        elif (
            self._press is not None and who == self._press[0] and (kind == UP or corner_of(pos, size) != self._press[1])
        ):
            self._press = None  # lifted, or slid out of the corner: nothing

    def _arm(self, now: float) -> None:
        """A press held long enough becomes the arming (its lift is then nothing)."""
        if self._press is not None and now - self._press[2] >= self.hold:
            self._armed = (OPPOSITE[self._press[1]], self._press[2] + self.hold)
            self._press = None

    def held(self, now: float) -> float:
        """Seconds the current corner press has lasted (0 when there is none)."""
        self._arm(now)
        return 0.0 if self._press is None else max(0.0, now - self._press[2])

    def armed(self, now: float) -> str | None:
        """The corner whose tap opens the screen, while the hold's CONFIRM seconds last; else None."""
        self._arm(now)
        if self._armed is not None and now - self._armed[1] > self.confirm:
            self._armed = None
        return None if self._armed is None else self._armed[0]

    def due(self, now: float) -> bool:
        """Whether the administrator has held a corner and then tapped the opposite one."""
        self._arm(now)
        return self._confirmed

    def reset(self) -> None:
        """The gesture was answered: watch for the next one."""
        self._press = self._armed = None
        self._confirmed = False
