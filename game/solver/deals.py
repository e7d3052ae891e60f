"""Winnable-only deals: a random deal from the shipped deal lists, or a freshly proven one beyond them.

The deal lists (game/solver/winnable/<kind>.txt, see deal_lists.py) hold deals the solver proved
winnable. A player who has seen every listed deal still gets a winnable one: find_winnable solves
random deal numbers above the deal list's scanned range, so it never repeats a listed deal. A missing
or corrupt deal list file is logged and treated as empty, so the caller simply falls back.

Each listed deal also has a winning line (<kind>.lines): known_line(kind, number) reads that one
row when asked, replays it through the model and returns its moves, so a first hint or the demo
on a listed deal needs no search. Only the rows' byte offsets stay in memory (4 bytes a deal).
"""

from __future__ import annotations

import logging
import random
import time
from array import array
from bisect import bisect_left
from collections.abc import Generator, Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import registry
from ..model.base import SolitaireGame
from ..model.codes import MAX_NUMBER, InvalidCode, parse_code
from . import deal_lists, lines
from .moves import replays_to_win

log = logging.getLogger(__name__)

KINDS = tuple(deal_lists.KINDS)
DATA_DIR: Path = deal_lists.DATA_DIR  # monkeypatched by tests; read on every (uncached) load
#: (scanned, numbers) per deal list: the numbers ascending in a compact array (a tuple of 5,000 ints and
#: a set beside it would cost the game a few MiB it keeps all run long)
_cache: dict[tuple[str, Path], tuple[int, array[int]]] = {}
#: per deal list: the byte offset of each row of its lines file, read the first time a line is asked
_line_offsets: dict[tuple[str, Path], array[int]] = {}


def kind_of(game: SolitaireGame) -> str:
    """The deal list kind of a model game (its registry kind id, e.g. 'golf-easy')."""
    return registry.kind_of(game).deal_list


def kind_for(game_name: str, option: Any) -> str:
    """('golf', 'easy') -> 'golf-easy'; ('eightoff', 8) or ('eightoff', '8') -> 'eightoff-8'."""
    return registry.kind_for(game_name, option).deal_list


def _check_kind(kind: str) -> bool:
    """Whether the kind has a shipped deal list; ValueError for no kind at all. A Golf rule set made on
    first use (registry.kind('golf-easy+z')) is a kind without one."""
    if kind in deal_lists.KINDS:
        return True
    try:
        registry.kind(kind)
    except ValueError:
        raise ValueError(f"unknown deal kind {kind!r} (one of {', '.join(KINDS)}, or golf-<rules>)") from None
    return False


def _load(kind: str) -> tuple[int, array[int]]:
    """(scanned, numbers) of a deal list, read once per kind and directory; (0, nothing) for a kind
    without one."""
    if not _check_kind(kind):
        return 0, array("q")
    key = (kind, Path(DATA_DIR))
    if key not in _cache:
        path = deal_lists.deal_list_path(kind, key[1])
        try:
            if not path.exists():
                raise ValueError("the file is missing")
            scanned, numbers = deal_lists.read_deal_list(path)
            if deal_lists.format_problems(kind, scanned, numbers):
                raise ValueError("deal numbers out of order or outside the scanned range")
        except (OSError, ValueError) as exc:
            log.warning("deal list %s unusable (%s); treating it as empty", path, exc)
            scanned, numbers = 0, []
        _cache[key] = (scanned, array("q", numbers))
    return _cache[key]


def clear_cache() -> None:
    """Forget the deal lists read so far (after a deal list file changed)."""
    _cache.clear()
    _line_offsets.clear()


def listed(kind: str) -> Sequence[int]:
    """The deal numbers the deal list holds, ascending (empty if the file is missing or corrupt)."""
    return _load(kind)[1]


def scanned(kind: str) -> int:
    """The last deal number the deal list's scan covered (0 if the file is missing or corrupt)."""
    return _load(kind)[0]


def is_listed(kind: str, number: int) -> bool:
    numbers = _load(kind)[1]
    i = bisect_left(numbers, number)
    return i < len(numbers) and numbers[i] == number


def known_line(kind: str, number: int) -> tuple[Any, ...] | None:
    """The shipped winning line of listed deal `number`, from its start, or None.

    The moves are the model's Move values (Eight Off's foundation moves included) and have just been
    replayed to a win through the model on a fresh deal. None when the deal is not listed, or its
    line is missing or damaged (logged): then the caller searches as it would without a deal list.
    """
    return lines.finish(known_line_steps(kind, number))


def known_line_steps(kind: str, number: int) -> Generator[None, None, tuple[Any, ...] | None]:
    """`known_line`, replayed a move at a time (lines.replay_steps): its return value is known_line's."""
    numbers = _load(kind)[1]
    i = bisect_left(numbers, number)
    if i == len(numbers) or numbers[i] != number:
        return None  # also every deal of a kind without a deal list
    key = (kind, Path(DATA_DIR))
    path = deal_lists.lines_path(kind, key[1])
    try:
        if key not in _line_offsets:
            _line_offsets[key] = deal_lists.lines_index(path)
        offsets = _line_offsets[key]
        if i >= len(offsets):
            raise ValueError(f"no row for deal {number}")
        row_number, text = deal_lists.read_line_at(path, offsets[i])
        if row_number != number:
            raise ValueError(f"row {i + 1} is deal {row_number}, not {number}")
    except (OSError, ValueError) as exc:  # UnicodeDecodeError is a ValueError
        log.warning("winning line of %s deal %d unusable (%s)", kind, number, exc)
        return None
    moves = yield from lines.replay_steps(make_game(kind, number), text)
    if moves is None:
        log.warning("winning line of %s deal %d does not win; ignored", kind, number)
    return moves


def line_of(game: SolitaireGame) -> tuple[Any, ...] | None:
    """The shipped winning line of `game`'s deal from its start, when it is a listed deal of its
    kind (its deal code says which), else None."""
    return lines.finish(line_of_steps(game))


def line_of_steps(game: SolitaireGame) -> Generator[None, None, tuple[Any, ...] | None]:
    """`line_of`, replayed a move at a time: its return value is line_of's."""
    if not game.code:
        return None
    try:
        number = parse_code(game.code).number
    except InvalidCode:
        return None
    return (yield from known_line_steps(kind_of(game), number))


def pick_listed(kind: str, rng: random.Random, exclude: set[int] | frozenset[int] = frozenset()) -> int | None:
    """A random listed deal not in `exclude` (e.g. deals already played); None when none is left."""
    return pick_from(listed(kind), rng, exclude)


def pick_from(
    numbers: Sequence[int], rng: random.Random, exclude: set[int] | frozenset[int] = frozenset()
) -> int | None:
    """A random number of `numbers` not in `exclude` (a deal list, or one of its difficulty bands)."""
    for _ in range(8):  # usually most deals are still fresh: a few draws avoid building a list
        if not numbers:
            break
        number = numbers[rng.randrange(len(numbers))]
        if number not in exclude:
            return number
    fresh = [n for n in numbers if n not in exclude]
    return rng.choice(fresh) if fresh else None


def find_winnable(
    kind: str,
    seed: int,
    exclude: Iterable[int] = frozenset(),
    budget_per_deal: Any = 2.0,
    tries: int = 2000,
    max_seconds: float = 30.0,
) -> int | None:
    """A deal number above the deal list's scanned range that the solver proves winnable, or None.

    Random numbers in scanned(kind)+1 .. MAX_NUMBER (so never a listed deal) are solved one by one
    within `budget_per_deal`; the first whose moves replay to a win is returned. With a state
    budget the answer depends only on the seed (unless `max_seconds` of wall time runs out first).
    A kind without a deal list (a Golf rule set made on first use) starts from deal 1: this is how
    "winnable deals only" deals it.
    """
    from . import solve  # looked up at each call: game.solver imports this module (and tests replace solve)

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
