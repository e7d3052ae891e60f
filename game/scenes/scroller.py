"""Vertical scrolling by finger or mouse drag, by the wheel and by keys, with a fling that slows.

Plain logic over simulation time (no pygame): the scene feeds it presses, motions and releases with
its own clock, and `update(dt)` moves a fling on. A press becomes a drag only once it has travelled
`threshold` pixels, so a tap on a button inside the scrolled page stays a tap.
"""

from __future__ import annotations

FRICTION = 5.0  # 1/s: how fast a fling slows down
MIN_FLING = 60.0  # px/s: slower than this, a fling stops
MAX_FLING = 6000.0  # px/s
SAMPLE_TIME = 0.1  # s of motion the release velocity is measured over


class Scroller:
    """`offset` is how far the page is scrolled (0 = top, `extent` = bottom)."""

    def __init__(self, threshold: int = 10) -> None:
        self.threshold = threshold
        self.offset = 0.0
        self.extent = 0.0
        self.velocity = 0.0
        self.dragging = False
        self._press: tuple[float, float] | None = None  # (y, offset) where the press began
        self._samples: list[tuple[float, float]] = []  # (time, y) of recent motion

    def set_extent(self, content: float, view: float) -> None:
        """The page's height and the viewport's: how far it can scroll."""
        self.extent = max(0.0, content - view)
        self.offset = min(max(0.0, self.offset), self.extent)

    @property
    def tracking(self) -> bool:
        return self._press is not None

    def press(self, y: float, now: float) -> None:
        self._press = (y, self.offset)
        self.velocity = 0.0  # a touch catches a fling
        self.dragging = False
        self._samples = [(now, y)]

    def move(self, y: float, now: float) -> bool:
        """A motion of the pressed pointer; True when it is (now) a drag."""
        if self._press is None:
            return False
        start_y, start_offset = self._press
        if not self.dragging and abs(y - start_y) < self.threshold:
            return False
        if not self.dragging:
            self.dragging = True
            self._press = (y, start_offset)  # no jump: the page follows from here
            start_y = y
        self.scroll_to(start_offset - (y - start_y))
        self._samples = [s for s in self._samples if now - s[0] <= SAMPLE_TIME] + [(now, y)]
        return True

    def release(self, now: float) -> bool:
        """The pointer lifted; True when it was a drag (then it may fling on)."""
        was = self.dragging
        if was and len(self._samples) >= 2:
            (t0, y0), (t1, y1) = self._samples[0], self._samples[-1]
            if now - t1 <= SAMPLE_TIME and t1 > t0:
                v = -(y1 - y0) / (t1 - t0)
                self.velocity = max(-MAX_FLING, min(MAX_FLING, v))
        self._press = None
        self.dragging = False
        self._samples = []
        return was

    def cancel(self) -> None:
        self._press = None
        self.dragging = False
        self.velocity = 0.0

    def scroll_to(self, offset: float) -> bool:
        new = min(max(0.0, offset), self.extent)
        changed = abs(new - self.offset) >= 0.5
        self.offset = new
        return changed

    def scroll_by(self, delta: float) -> bool:
        self.velocity = 0.0
        return self.scroll_to(self.offset + delta)

    def update(self, dt: float) -> bool:
        """Move a fling on by dt seconds; True when the offset changed."""
        if not self.velocity or self.dragging:
            return False
        changed = self.scroll_to(self.offset + self.velocity * dt)
        self.velocity *= max(0.0, 1.0 - FRICTION * dt)
        if abs(self.velocity) < MIN_FLING or self.offset in (0.0, self.extent):
            self.velocity = 0.0
        return changed

    @property
    def moving(self) -> bool:
        return bool(self.velocity) or self.dragging
