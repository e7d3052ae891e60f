"""Par for Eight Off: the length of a short winning line of each listed deal, shipped with the line.

    python -m game.solver.par generate eightoff-8 [--jobs 1] [--count N]
    python -m game.solver.par verify [eightoff-8 ...]
    python -m game.solver.par report [eightoff-8 ...]

game/solver/winnable/<kind>.par has one row per deal of <kind>.txt, in its order:
"<number> <par> <bound> <line>". Par counts moves as the player's move counter does (one per move
of the model, a group move is one, foundation moves count), so a player who matches it has played
as well as the line. The line is in the text form of lines.py and replays through the model to a
win in exactly par moves; bound is a proved lower bound on every win's length, equal to par when
par is the shortest possible. eightoff_short.py finds them: a beam search for a short line, never
longer than the shipped solver line, then A* within a budget to find a shorter one or prove it
shortest. `generate` resumes where it stopped (it skips deals that have a row) and rewrites the
file after every batch. `par_of(kind, number)` reads the file the first time it is asked (numbers
and pars only, 6 bytes a deal) and never imports a solver.
"""

from __future__ import annotations

import operator
import re
import sys
import time
from array import array
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import deals, table_data, tables
from .lines import replay, text_of

SUFFIX = "par"
#: Every Eight Off kind with a table (registry order).
KINDS = tuple(k for k, (family, _) in tables.KINDS.items() if family == "eightoff")
HEADER = (
    "# {kind}: par of each deal of {kind}.txt, in its order (game/solver/par.py): <number> <par> "
    "<bound> <line>; par counts every move of the line (foundation moves too); bound <= par is "
    "proved, equal when par is the shortest; python -m game.solver.par generate {kind}"
)
BATCH = 100


@dataclass(frozen=True)
class Budgets:
    """The search budgets of one kind (positions generated, never time: the same on every machine)."""

    width: int  # the beam's width
    beam: int  # positions the beam search may generate
    astar: int  # positions A* may generate
    retry: int = 0  # the width of a second beam when A* proves nothing (0: none)


#: Chosen on the first 200 deals of each table so that each kind's generation takes minutes of CPU on
#: one core. With 2 and 4 cells A* proves nearly every par shortest, and a beam 400 wide tries again
#: on the others; with 8 cells the positions are too many for A* (a proof takes 50,000-350,000
#: positions) and for the second beam, so par is mostly the first beam's line.
BUDGETS = {
    "eightoff-8": Budgets(40, 50_000, 1_000),
    "eightoff-4": Budgets(50, 50_000, 15_000, 400),
    "eightoff-2": Budgets(50, 50_000, 100_000, 400),
}


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
_cache: dict[tuple[str, Path], tuple[array, array, array]] = {}


def _parse(number: int, fields: list[str]) -> tuple[int, int]:
    """(par, bound) of a row (a plain pair: 5,000 Par objects cost a third of the reading)."""
    if len(fields) != 3:
        raise ValueError(f"deal {number}: a row is <number> <par> <bound> <line>")
    par, bound = int(fields[0]), int(fields[1])
    if not 0 < bound <= par < 1 << 15:
        raise ValueError(f"deal {number}: par {par} and bound {bound} do not fit")
    return par, bound


def _load(kind: str) -> tuple[array, array, array]:
    key = (kind, Path(deals.DATA_DIR))
    if key not in _cache:
        quick = _plain_rows(kind) if kind in KINDS else None
        if quick is not None:
            _cache[key] = quick
        else:
            rows = table_data.load(kind, SUFFIX, _parse) if kind in KINDS else []
            _cache[key] = (
                array("q", (n for n, _ in rows)),
                array("H", (p for _, (p, _) in rows)),
                array("H", (b for _, (_, b) in rows)),
            )
    return _cache[key]


#: A row as `generate` writes it (a row ended otherwise than by a newline matches no such row:
#: \S takes no other line end, and $ comes only before a newline)
_PLAIN_ROW = re.compile(r"^(\d+) (\d+) (\d+) \S+$", re.MULTILINE)


def _plain_rows(kind: str) -> tuple[array, array, array] | None:
    """The numbers, pars and bounds of a file as `generate` writes it (every row "<number> <par>
    <bound> <line>", newline-ended), naming exactly the table's deals with sound pars, read with
    one pattern a block of rows at a time; None for any other file, which table_data.load reads
    row by row (and logs when damaged). Eight Off's pars are read as its table opens (or ahead, in
    spare time): one pattern over a block of rows takes about two thirds of the time of reading
    them row by row."""
    try:
        text = table_data.body(table_data.data_path(kind, SUFFIX))
    except (OSError, ValueError):
        return None
    numbers, pars, bounds = array("q"), array("q"), array("q")
    for block in table_data.blocks(text):  # (a block's rows at a time: 5,000 at once would double the peak)
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


# -- making --------------------------------------------------------------------------------------
def find_par(task: tuple[str, int, Budgets]) -> tuple[int, int, int, str, int]:
    """Worker: (number, par, bound, line text, positions searched) of one listed deal; the line
    replays to a win in exactly par moves (AssertionError if not: a bug to see, never shipped)."""
    from .eightoff_short import shortest_line  # the tool's search; reading a par never needs it

    kind, number, budgets = task
    game = deals.make_game(kind, number)
    short = shortest_line(
        game, budgets.width, budgets.beam, budgets.astar, deals.known_line(kind, number), budgets.retry
    )
    if short is None:
        raise AssertionError(f"{kind} deal {number}: no line found and none shipped")
    text = text_of(game, short.moves)
    replayed = replay(game, text)
    if replayed is None or len(replayed) != short.length:
        raise AssertionError(f"{kind} deal {number}: the line does not replay to a win in {short.length}")
    return number, short.length, short.bound, text, short.searched


def _rows(kind: str, directory: Path) -> dict[int, tuple[int, int, str]]:
    path = table_data.data_path(kind, SUFFIX, directory)
    if not path.exists():
        return {}
    return {n: (int(f[0]), int(f[1]), f[2]) for n, f in table_data.read_rows(path)}


def generate(
    kind: str,
    jobs: int = 1,
    count: int | None = None,
    directory: Path | None = None,
    log: Callable[[str], None] = print,
    again: bool = False,
) -> dict[int, tuple[int, int, str]]:
    """Find the par of every listed deal without one (the first `count` listed deals only, if
    given; every one with `again`, after the search changed), in batches, rewriting the file after
    each."""
    directory = Path(deals.DATA_DIR if directory is None else directory)
    path = table_data.data_path(kind, SUFFIX, directory)
    numbers = list(deals.listed(kind))[:count]
    rows = {} if again else _rows(kind, directory)
    todo = [n for n in numbers if n not in rows]
    started, cpu, searched = time.perf_counter(), time.process_time(), 0
    pool = tables.worker_pool(jobs) if jobs > 1 else None
    try:
        for at in range(0, len(todo), BATCH):
            tasks = [(kind, n, BUDGETS[kind]) for n in todo[at : at + BATCH]]
            results = pool.imap(find_par, tasks) if pool else map(find_par, tasks)
            for number, length, bound, text, work in results:
                rows[number] = (length, bound, text)
                searched += work
            order = [n for n in deals.listed(kind) if n in rows]
            table_data.write(path, HEADER.format(kind=kind), ((n, rows[n]) for n in order))
            done = min(at + BATCH, len(todo))
            log(
                f"{kind}: {len(order)} of {len(deals.listed(kind))} deals have a par; this run {done} in "
                f"{time.perf_counter() - started:.0f} s wall, {time.process_time() - cpu:.0f} s CPU here, "
                f"{searched} positions"
            )
    finally:
        if pool:
            pool.close()
            pool.join()
    clear_cache()
    return rows


def problems(kind: str, directory: Path | None = None, numbers: Sequence[int] | None = None) -> list[tuple[int, str]]:
    """Rows (all, or those of `numbers`) whose line does not replay through the model to a win in
    exactly par moves, or whose par is longer than the shipped line."""
    directory = Path(deals.DATA_DIR if directory is None else directory)
    rows = _rows(kind, directory)
    out = []
    for number in rows if numbers is None else numbers:
        if number not in rows:
            out.append((number, "no-par"))
            continue
        par, bound, text = rows[number]
        game = deals.make_game(kind, number)
        replayed = replay(game, text)
        known = deals.known_line(kind, number)
        if replayed is None or len(replayed) != par:
            out.append((number, "bad-line"))
        elif known is not None and len(known) < par:
            out.append((number, "longer-than-shipped"))
        elif bound > par:
            out.append((number, "bad-bound"))
    return out


def report(kinds: Sequence[str] = KINDS, directory: Path | None = None) -> str:
    """Par against the length of the shipped solver line, per kind (both in moves as counted), and
    the moves par saves on it."""
    import statistics  # (here: a table opening imports this module, and never reports)

    directory = Path(deals.DATA_DIR if directory is None else directory)
    out = [
        "kind        deals  shortest   par: min  p10  median  mean  p90  max   "
        "solver line: min  median  mean  max   saved: median  mean  max"
    ]
    for kind in kinds:
        rows = _rows(kind, directory)
        if not rows:
            out.append(f"{kind:11} no pars")
            continue
        shipped = {n: len(deals.known_line(kind, n) or ()) for n in rows}
        pars = sorted(p for p, _, _ in rows.values())
        lines = sorted(shipped.values())
        saved = sorted(shipped[n] - p for n, (p, _, _) in rows.items())
        proven = sum(p == b for p, b, _ in rows.values())
        out.append(
            f"{kind:11} {len(rows):5}  {proven / len(rows):7.0%}   {pars[0]:8} {_pct(pars, 0.1):4} "
            f"{statistics.median(pars):7} {statistics.mean(pars):5.1f} {_pct(pars, 0.9):4} {pars[-1]:4}"
            f"   {lines[0]:16} {statistics.median(lines):7} {statistics.mean(lines):5.1f} {lines[-1]:4}"
            f"   {statistics.median(saved):13} {statistics.mean(saved):5.1f} {saved[-1]:4}"
        )
    return "\n".join(out)


def _pct(values: list[int], fraction: float) -> int:
    return values[min(len(values) - 1, int(fraction * len(values)))]


def main(argv: list[str] | None = None) -> int:
    import argparse  # (here: a table opening imports this module, never its command line)

    parser = argparse.ArgumentParser(
        prog="python -m game.solver.par", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="find the par of every listed deal that has none")
    gen.add_argument("kind", choices=KINDS)
    gen.add_argument("--jobs", type=int, default=1, help="worker processes")
    gen.add_argument("--count", type=int, default=None, help="only the first N listed deals")
    gen.add_argument("--again", action="store_true", help="find every par anew (the search changed)")
    for name, text in (
        ("verify", "replay every par line to a win in exactly par moves"),
        ("report", "par against the shipped solver line, per kind"),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("kinds", nargs="*", help=f"some of {', '.join(KINDS)} (default: all)")
    args: Any = parser.parse_args(argv)
    unknown = [k for k in getattr(args, "kinds", ()) if k not in KINDS]
    if unknown:
        parser.error(f"no par for {', '.join(unknown)} (one of {', '.join(KINDS)})")
    if args.command == "generate":
        generate(args.kind, args.jobs, args.count, again=args.again)
        return 0
    if args.command == "verify":
        bad = {kind: problems(kind) for kind in args.kinds or KINDS}
        for kind, found in bad.items():
            print(f"{kind}: {len(_rows(kind, Path(deals.DATA_DIR)))} pars, problems: {found[:20] or 'none'}")
        return 1 if any(bad.values()) else 0
    print(report(args.kinds or KINDS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
