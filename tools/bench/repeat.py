"""A run repeated: its figures' medians, so that one run's luck (where the scheduler put the game
and the X server, another process's burst) does not decide a goal (`python -m tools.bench --repeat`)."""

from __future__ import annotations

import statistics
from typing import Any


def median_result(results: list[Any]) -> Any:
    """The repeats of one run as one: each number the median of its repeats', lists of the same
    length number by number, dicts key by key (the keys of the first), anything else the first's."""
    first = results[0]
    if len(results) == 1:
        return first
    if isinstance(first, dict):
        return {k: median_result([r[k] for r in results if isinstance(r, dict) and k in r]) for k in first}
    if isinstance(first, list):
        if all(isinstance(r, list) and len(r) == len(first) for r in results):
            return [median_result(list(values)) for values in zip(*results)]
        return first
    if isinstance(first, bool) or not isinstance(first, (int, float)):
        return first
    numbers = [r for r in results if isinstance(r, (int, float)) and not isinstance(r, bool)]
    if all(isinstance(n, int) for n in numbers):  # counts (frames, pieces) stay whole: one run's
        return statistics.median_low(numbers)
    value = statistics.median(numbers)
    return round(value, 6) if isinstance(value, float) else value
