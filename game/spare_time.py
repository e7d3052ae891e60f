"""Work that can wait (card faces that will show soon, a scene's own, code read ahead), done in what
is left of a frame one piece at a time, and only while the time left is well over what a piece has
been costing: a slower machine does fewer pieces a frame, and no frame is late for them."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

#: A piece starts only when the time left in the frame is this many times what a piece has been
#: costing (the median of the last few).
SPARE_MARGIN = 1.5
FIRST_GUESS = 0.004  # seconds a piece is taken to cost before any has been timed


class SpareTime:
    """Paces `piece` (one piece of work; False when there is none) into frames' spare time."""

    def __init__(self, piece: Callable[[], bool]) -> None:
        self.piece = piece
        #: What the last pieces cost, seconds: their median, so that one slow piece (a collection
        #: of garbage in the middle of it) does not stop the rest for good.
        self.costs: deque[float] = deque([FIRST_GUESS], maxlen=5)

    def use(self, seconds: float) -> int:
        """Do pieces while `seconds` from now leaves room for one more; returns how many were done."""
        done = 0
        deadline = time.perf_counter() + seconds
        costs = self.costs
        while time.perf_counter() + SPARE_MARGIN * sorted(costs)[len(costs) // 2] < deadline:
            t0 = time.perf_counter()
            if not self.piece():
                break
            done += 1
            costs.append(time.perf_counter() - t0)
        return done
