"""Par for Eight Off, made and checked: the length of a short winning line of each listed deal.

    python -m tools.par generate eightoff-8 [--jobs 1] [--count N] [--again]
    python -m tools.par verify [eightoff-8 ...]
    python -m tools.par report [eightoff-8 ...]

The file (game/solver/winnable/<kind>.par) and how the game reads it: game/solver/par.py.
tools/eightoff_short.py finds each par: a beam search for a short line, never longer than the
shipped solver line, then A* within a budget to find a shorter one or prove it shortest. `generate`
resumes where it stopped (it skips deals that have a row) and rewrites the file after every batch.
`verify` replays every row's line to a win in exactly par moves; `report` sets the pars against
the shipped solver lines.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.solver import deal_data, deals
from game.solver.lines import replay, text_of
from game.solver.par import KINDS, SUFFIX, clear_cache

from .deal_lists import worker_pool, write_rows
from .eightoff_short import shortest_line

HEADER = (
    "# {kind}: par of each deal of {kind}.txt, in its order (tools/par.py): <number> <par> "
    "<bound> <line>; par counts every move of the line (foundation moves too); bound <= par is "
    "proved, equal when par is the shortest; python -m tools.par generate {kind}"
)
BATCH = 100


@dataclass(frozen=True)
class Budgets:
    """The search budgets of one kind (positions generated, never time: the same on every machine)."""

    width: int  # the beam's width
    beam: int  # positions the beam search may generate
    astar: int  # positions A* may generate
    retry: int = 0  # the width of a second beam when A* proves nothing (0: none)


#: Chosen on the first 200 deals of each list so that each kind's generation takes minutes of CPU on
#: one core. With 2 and 4 cells A* proves nearly every par shortest, and a beam 400 wide tries again
#: on the others; with 8 cells the positions are too many for A* (a proof takes 50,000-350,000
#: positions) and for the second beam, so par is mostly the first beam's line.
BUDGETS = {
    "eightoff-8": Budgets(40, 50_000, 1_000),
    "eightoff-4": Budgets(50, 50_000, 15_000, 400),
    "eightoff-2": Budgets(50, 50_000, 100_000, 400),
}


def find_par(task: tuple[str, int, Budgets]) -> tuple[int, int, int, str, int]:
    """Worker: (number, par, bound, line text, positions searched) of one listed deal; the line
    replays to a win in exactly par moves (AssertionError if not: a bug to see, never shipped)."""
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


def rows_of(kind: str, directory: Path) -> dict[int, tuple[int, int, str]]:
    """The file's rows, number -> (par, bound, line text); {} when there is none."""
    path = deal_data.data_path(kind, SUFFIX, directory)
    if not path.exists():
        return {}
    return {n: (int(f[0]), int(f[1]), f[2]) for n, f in deal_data.read_rows(path)}


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
    path = deal_data.data_path(kind, SUFFIX, directory)
    numbers = list(deals.listed(kind))[:count]
    rows = {} if again else rows_of(kind, directory)
    todo = [n for n in numbers if n not in rows]
    started, cpu, searched = time.perf_counter(), time.process_time(), 0
    pool = worker_pool(jobs) if jobs > 1 else None
    try:
        for at in range(0, len(todo), BATCH):
            tasks = [(kind, n, BUDGETS[kind]) for n in todo[at : at + BATCH]]
            results = pool.imap(find_par, tasks) if pool else map(find_par, tasks)
            for number, length, bound, text, work in results:
                rows[number] = (length, bound, text)
                searched += work
            order = [n for n in deals.listed(kind) if n in rows]
            write_rows(path, HEADER.format(kind=kind), ((n, rows[n]) for n in order))
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
    rows = rows_of(kind, directory)
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
    directory = Path(deals.DATA_DIR if directory is None else directory)
    out = [
        "kind        deals  shortest   par: min  p10  median  mean  p90  max   "
        "solver line: min  median  mean  max   saved: median  mean  max"
    ]
    for kind in kinds:
        rows = rows_of(kind, directory)
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
    parser = argparse.ArgumentParser(
        prog="python -m tools.par", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
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
            print(f"{kind}: {len(rows_of(kind, Path(deals.DATA_DIR)))} pars, problems: {found[:20] or 'none'}")
        return 1 if any(bad.values()) else 0
    print(report(args.kinds or KINDS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
