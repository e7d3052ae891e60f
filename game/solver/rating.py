"""Difficulty bands of the winnable deals: Easy, Medium and Hard, a third of each deal list each.

game/solver/winnable/<kind>.rating has one row per deal of <kind>.txt, in its order:
"<number> <band> <measure...>". The measure (tools/rating.py computes it, and writes the file) is
computed with the solver and is the same on every machine:
  Golf: the wins of 256 random playouts of the deal (a random fitting card, a draw only when none
    fits, numbers from an LCG seeded with the deal number: tools/playout.py), then the tableau cards
    those playouts left, then the exact solver's effort to decide the deal (Result.states).
  Eight Off: the exact solver's effort to its first win (Result.states, under a state budget).
Deals are ordered easiest first by their measure (ties by number) and cut into three bands of
sizes that differ by at most one. The tool's `report` plays a simple greedy player (a policy of its
own, not the rating's) on every band and prints its win rate, to show that the bands mean something.

`band_of` and `listed_in_band` read the file the first time they are asked (the numbers only, in
three compact arrays) and never import a solver; a missing or damaged file is logged and read as
no bands, so New game offers "any" only.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Sequence
from pathlib import Path

from . import deal_data, deals

SUFFIX = "rating"
BANDS = ("easy", "medium", "hard")

#: per (kind, directory): the deal numbers of each band, ascending
_cache: dict[tuple[str, Path], dict[str, array[int]]] = {}


def _parse(number: int, fields: list[str]) -> str:
    if not fields or fields[0] not in BANDS:
        raise ValueError(f"deal {number} has no band")
    for value in fields[1:]:
        int(value)  # a measure is whole numbers; ValueError if not
    return fields[0]


def _load(kind: str) -> dict[str, array[int]]:
    key = (kind, Path(deals.DATA_DIR))
    if key not in _cache:
        bands: dict[str, array[int]] = {band: array("q") for band in BANDS}
        if kind in deals.KINDS:
            for number, band in deal_data.load(kind, SUFFIX, _parse):
                bands[band].append(number)
        _cache[key] = bands
    return _cache[key]


def clear_cache() -> None:
    """Forget the files read so far (after one changed)."""
    _cache.clear()


def band_of(kind: str, number: int) -> str | None:
    """'easy', 'medium' or 'hard' for a rated listed deal of `kind`; None for any other deal, or
    when the kind has no usable rating."""
    for band, numbers in _load(kind).items():
        i = bisect_left(numbers, number)
        if i < len(numbers) and numbers[i] == number:
            return band
    return None


def listed_in_band(kind: str, band: str) -> Sequence[int]:
    """The deal numbers of one band, ascending (empty when the kind has no usable rating);
    ValueError for a band that is not one of BANDS."""
    if band not in BANDS:
        raise ValueError(f"unknown band {band!r} (one of {', '.join(BANDS)})")
    return _load(kind)[band]


def has_bands(kind: str) -> bool:
    """Whether the kind's deals can be chosen by band (its rating file is there and sound)."""
    return any(_load(kind).values())
