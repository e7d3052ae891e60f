"""How fast this machine is today: the same fixed work timed in every benchmark run.

The benchmarks' figures are CPU time, and the machines they run on are shared: the same work (a
plain Python loop too) can run several times slower one day than the day before, with no other load
to blame. A figure alone cannot say whether the code or the machine changed. So each benchmark prints,
beside its figures, how long two fixed pieces of work took: pure Python of the kind a frame's
bookkeeping is (attribute reads, tuples, dict lookups, small calls), and the blits a frame's pixels
are (an opaque card body copied, an 8-bit felt converted onto the screen). Compare two days' figures
through these. No pygame here unless the blits are asked for (the solver bench has none).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

RUNS = 5  # each piece of work is timed this many times; the median is printed


class _Spot:
    __slots__ = ("x", "y", "up")

    def __init__(self, x: float, y: float) -> None:
        self.x, self.y, self.up = x, y, True


def _near(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2


def python_work(rounds: int = 60_000) -> int:
    """A frame's bookkeeping in miniature, always the same: returns a count so nothing is skipped."""
    spots = [_Spot(i * 1.5, i * 0.5) for i in range(52)]
    seen: dict[tuple[int, int], int] = {}
    hits = 0
    for n in range(rounds):
        s = spots[n % 52]
        place = (round(s.x), round(s.y))
        key = (place, s.up, n & 7)
        if seen.get(place, -1) >= 0 and _near(place, (n % 90, n % 40)):
            hits += 1
        seen[place] = len(key)
        s.x += 0.25
    return hits


def blit_work(repeats: int = 100) -> int:
    """A frame's pixels in miniature: a card body copied and a felt patch converted, each `repeats`
    times onto a 1920x1080 screen-like surface (no window needed)."""
    import pygame  # (only here: the solver bench times python_work alone)

    screen = pygame.Surface((1920, 1080), 0, 32)
    body = pygame.Surface((208, 248), 0, 32)
    body.fill((240, 236, 228))
    felt = pygame.Surface((208, 300), 0, 8)
    felt.set_palette([(20 + i // 4, 90 + i // 3, 40 + i // 5) for i in range(256)])
    for x in range(0, 208, 3):
        felt.fill(x % 256, (x, 0, 3, 300))
    for i in range(repeats):
        x, y = (i * 37) % 1700, (i * 53) % 780
        screen.blit(body, (x, y))
        screen.blit(felt, (x + 5, y))
    return repeats


def median_ms(work: Callable[[], object], clock: Callable[[], float] = time.process_time, runs: int = RUNS) -> float:
    """The median CPU milliseconds of `work` over `runs` calls."""
    times = []
    for _ in range(runs):
        t0 = clock()
        work()
        times.append((clock() - t0) * 1000.0)
    return statistics.median(times)


def speed_line(python: float, blits: float | None = None) -> str:
    """The line a benchmark prints before its figures (the solver bench's has no blits)."""
    parts = f"fixed pure-Python work {python:.1f} ms" + (f", fixed blits {blits:.1f} ms" if blits is not None else "")
    return f"machine speed: {parts} of CPU (the same work every run: compare days by these)"
