"""The kiosk's way out for an administrator: a long press on a corner of the screen.

A kiosk has no Quit button and often no keyboard. Holding a finger (or the mouse button) still on
any corner for HOLD seconds asks the app to leave; a press that moves away, lifts early or starts
elsewhere does nothing. The corner squares are small and the hold long, so a player never leaves by
accident -- and a press there still reaches the scene as usual (the HUD's Menu button lives there).
Plain logic on wall-clock seconds: the app feeds it pointer actions and asks `due`.
"""
from __future__ import annotations

from game.ui.pointer import DOWN, UP

HOLD = 5.0          # s a corner must be held
SHOW_AFTER = 1.0    # s of holding before the countdown shows (a normal tap never sees it)
CORNER_FRACTION = 0.09  # the corner square's side, as a fraction of the screen's shorter side
MIN_CORNER = 48     # px: at least a fingertip


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
    """Watches every pointer for a still press on a corner held for HOLD seconds."""

    def __init__(self, hold: float = HOLD) -> None:
        self.hold = hold
        self._press: tuple[object, str, float] | None = None  # (pointer, corner, since)

    def feed(self, kind: str, pos: tuple[int, int], who: object, now: float, size: tuple[int, int]) -> None:
        """Follow one pointer action ('down', 'move' or 'up' at pos, by pointer `who`)."""
        if kind == DOWN:
            corner = corner_of(pos, size)
            self._press = (who, corner, now) if corner else None
        elif (self._press is not None and who == self._press[0]
              and (kind == UP or corner_of(pos, size) != self._press[1])):
            self._press = None  # lifted, or slid out of the corner: no exit

    def held(self, now: float) -> float:
        """Seconds the current corner press has lasted (0 when there is none)."""
        return 0.0 if self._press is None else max(0.0, now - self._press[2])

    def due(self, now: float) -> bool:
        """Whether a corner has been held long enough to leave."""
        return self._press is not None and self.held(now) >= self.hold
