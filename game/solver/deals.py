"""Winnable-only deals: a random deal from the shipped tables, or a freshly proven one beyond them.

The tables (game/solver/winnable/<kind>.txt, see tables.py) list deals the solver proved
winnable. A player who has seen every listed deal still gets a winnable one: find_winnable solves
random deal numbers above the table's scanned range, so it never repeats a listed deal. A missing
or corrupt table file is logged and treated as empty, so the caller simply falls back.
"""
from __future__ import annotations

import logging
import random
import time
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import registry
from ..model.codes import MAX_NUMBER
from . import tables
from .moves import replays_to_win

log = logging.getLogger(__name__)

KINDS = tuple(tables.KINDS)
DATA_DIR: Path = tables.DATA_DIR  # monkeypatched by tests; read on every (uncached) load
#: (scanned, numbers) per table: the numbers ascending in a compact array (a tuple of 5,000 ints and
#: a set beside it cost the game a few MiB it keeps all run long)
_cache: dict[tuple[str, Path], tuple[int, array]] = {}


def kind_of(game: Any) -> str:
    """The table kind of a model game (its registry kind id, e.g. 'golf-easy')."""
    return registry.kind_of(game).table


def kind_for(game_name: str, option: Any) -> str:
    """('golf', 'easy') -> 'golf-easy'; ('eightoff', 8) or ('eightoff', '8') -> 'eightoff-8'."""
    return registry.kind_for(game_name, option).table


def _check_kind(kind: str) -> None:
    if kind not in tables.KINDS:
        raise ValueError(f"unknown deal kind {kind!r} (one of {', '.join(KINDS)})")


def _load(kind: str) -> tuple[int, array]:
    """(scanned, numbers) of a table, read once per kind and directory."""
    _check_kind(kind)
    key = (kind, Path(DATA_DIR))
    if key not in _cache:
        path = tables.table_path(kind, key[1])
        try:
            if not path.exists():
                raise ValueError("the file is missing")
            scanned, numbers = tables.read_table(path)
            if tables.format_problems(kind, scanned, numbers):
                raise ValueError("deal numbers out of order or outside the scanned range")
        except (OSError, ValueError) as exc:
            log.warning("winnable-deal table %s unusable (%s); treating it as empty", path, exc)
            scanned, numbers = 0, []
        _cache[key] = (scanned, array("q", numbers))
    return _cache[key]


def clear_cache() -> None:
    """Forget the tables read so far (after a table file changed)."""
    _cache.clear()


def listed(kind: str) -> Sequence[int]:
    """The deal numbers the table lists, ascending (empty if the file is missing or corrupt)."""
    return _load(kind)[1]


def scanned(kind: str) -> int:
    """The last deal number the table's scan covered (0 if the file is missing or corrupt)."""
    return _load(kind)[0]


def is_listed(kind: str, number: int) -> bool:
    numbers = _load(kind)[1]
    i = bisect_left(numbers, number)
    return i < len(numbers) and numbers[i] == number


def pick_listed(kind: str, rng: random.Random,
                exclude: set[int] | frozenset[int] = frozenset()) -> int | None:
    """A random listed deal not in `exclude` (e.g. deals already played); None when none is left."""
    numbers = listed(kind)
    for _ in range(8):  # usually most deals are still fresh: a few draws avoid building a list
        if not numbers:
            break
        number = numbers[rng.randrange(len(numbers))]
        if number not in exclude:
            return number
    fresh = [n for n in numbers if n not in exclude]
    return rng.choice(fresh) if fresh else None


def find_winnable(kind: str, seed: int, exclude: Iterable[int] = frozenset(),
                  budget_per_deal: Any = 2.0, tries: int = 2000,
                  max_seconds: float = 30.0) -> int | None:
    """A deal number above the table's scanned range that the solver proves winnable, or None.

    Random numbers in scanned(kind)+1 .. MAX_NUMBER (so never a listed deal) are solved one by one
    within `budget_per_deal`; the first whose moves replay to a win is returned. With a state
    budget the answer depends only on the seed (unless `max_seconds` of wall time runs out first).
    """
    from . import solve

    _check_kind(kind)
    rng = random.Random(seed)
    skip = set(exclude)
    low = scanned(kind) + 1
    deadline = time.monotonic() + max_seconds
    for _ in range(tries):
        if time.monotonic() > deadline:
            break
        number = rng.randint(low, MAX_NUMBER)
        if number in skip:
            continue
        skip.add(number)
        result = solve(make_game(kind, number), budget_per_deal)
        if result.verdict == "winnable" and replays_to_win(make_game(kind, number), result.moves):
            return number
    return None


def make_game(kind: str, number: int) -> Any:
    """The model game for deal `number` of this kind (ValueError for an unknown kind)."""
    return registry.kind(kind).deal(number)
