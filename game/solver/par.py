"""Par for Eight Off: the length of a short winning line of each listed deal, shipped with the line.

game/solver/winnable/<kind>.par has one row per deal of <kind>.txt, in its order:
"<number> <par> <bound> <line>". Par counts moves as the player's move counter does (one per move
of the model, a group move is one, foundation moves count), so a player who matches it has played
as well as the line. The line is in the text form of lines.py and replays through the model to a
win in exactly par moves; bound is a proved lower bound on every win's length, equal to par when
par is the shortest possible. tools/par.py finds and checks them. `par_of(kind, number)` reads the
file the first time it is asked (numbers and pars only, 6 bytes a deal) and never imports a solver.
"""

from __future__ import annotations

import operator
import re
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from . import deal_data, deal_lists, deals

SUFFIX = "par"
#: Every Eight Off kind with a deal list (registry order).
KINDS = tuple(k for k, (family, _) in deal_lists.KINDS.items() if family == "eightoff")


@dataclass(frozen=True)
class Par:
    par: int
    bound: int

    @property
    def shortest(self) -> bool:
        """Whether no win of the deal is shorter than par (proved)."""
        return self.bound == self.par


# -- reading -------------------------------------------------------------------------------------
#: per (kind, directory): the deal numbers with a par, ascending, and their pars and bounds
_cache: dict[tuple[str, Path], tuple[array[int], array[int], array[int]]] = {}


def _parse(number: int, fields: list[str]) -> tuple[int, int]:
    """(par, bound) of a row (a plain pair: 5,000 Par objects cost a third of the reading)."""
    if len(fields) != 3:
        raise ValueError(f"deal {number}: a row is <number> <par> <bound> <line>")
    par, bound = int(fields[0]), int(fields[1])
    if not 0 < bound <= par < 1 << 15:
        raise ValueError(f"deal {number}: par {par} and bound {bound} do not fit")
    return par, bound


def _load(kind: str) -> tuple[array[int], array[int], array[int]]:
    key = (kind, Path(deals.DATA_DIR))
    if key not in _cache:
        quick = _plain_rows(kind) if kind in KINDS else None
        if quick is not None:
            _cache[key] = quick
        else:
            rows = deal_data.load(kind, SUFFIX, _parse) if kind in KINDS else []
            _cache[key] = (
                array("q", (n for n, _ in rows)),
                array("H", (p for _, (p, _) in rows)),
                array("H", (b for _, (_, b) in rows)),
            )
    return _cache[key]


#: A row as tools/par.py writes it (a row ended otherwise than by a newline matches no such row:
#: \S takes no other line end, and $ comes only before a newline)
_PLAIN_ROW = re.compile(r"^(\d+) (\d+) (\d+) \S+$", re.MULTILINE)


def _plain_rows(kind: str) -> tuple[array[int], array[int], array[int]] | None:
    """The numbers, pars and bounds of a file as tools/par.py writes it (every row "<number> <par>
    <bound> <line>", newline-ended), naming exactly the deal list's deals with sound pars, read with
    one pattern a block of rows at a time; None for any other file, which deal_data.load reads
    row by row (and logs when damaged). Eight Off's pars are read as its table opens (or ahead, in
    spare time): one pattern over a block of rows takes about two thirds of the time of reading
    them row by row."""
    try:
        text = deal_data.body(deal_data.data_path(kind, SUFFIX))
    except (OSError, ValueError):
        return None
    numbers, pars, bounds = array("q"), array("q"), array("q")
    for block in deal_data.blocks(text):  # (a block's rows at a time: 5,000 at once would double the peak)
        rows = _PLAIN_ROW.findall(block)
        if len(rows) != block.count("\n") + (not block.endswith("\n")):  # a row that is not plain
            return None
        try:
            for column, values in zip((numbers, pars, bounds), zip(*rows)):
                column.extend(map(int, values))
        except OverflowError:  # a number of 19 digits or more: not a sound row
            return None
    if (
        not numbers
        or numbers != array("q", deals.listed(kind))
        or min(bounds) <= 0
        or max(pars) >= 1 << 15
        or not all(map(operator.le, bounds, pars))
    ):
        return None
    return numbers, array("H", pars), array("H", bounds)


def clear_cache() -> None:
    """Forget the files read so far (after one changed)."""
    _cache.clear()


def par_entry(kind: str, number: int) -> Par | None:
    """The par of listed deal `number` and its proved bound, or None (no par for this kind or
    deal, or the file is missing or damaged: logged)."""
    numbers, pars, bounds = _load(kind)
    i = bisect_left(numbers, number)
    if i == len(numbers) or numbers[i] != number:
        return None
    return Par(pars[i], bounds[i])


def par_of(kind: str, number: int) -> int | None:
    """The par of listed deal `number` of an Eight Off kind ('eightoff-8'), or None."""
    entry = par_entry(kind, number)
    return None if entry is None else entry.par


def with_par(kind: str) -> Sequence[int]:
    """The deal numbers that have a par, ascending."""
    return _load(kind)[0]
