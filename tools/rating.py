"""The difficulty rating of the listed deals, made and checked: the measure of each deal, the bands
it gives, and the greedy report.

    python -m tools.rating generate golf-easy [--jobs 1]
    python -m tools.rating report [golf-easy ...] [--sample N]
    python -m tools.rating verify golf-easy [--sample 50]
    python -m tools.rating status

The measure, easiest first (see game/solver/rating.py for the file and how the game reads it):
Golf (wins of PLAYOUTS random playouts, descending; the tableau cards they left, ascending; the
solver's states, ascending), Eight Off (the solver's states to its first win, ascending); ties by
deal number. The solver's effort is
Result.states under a state budget, never time, so the rating is the same on every machine; it
changes only when the solver or the playouts change, and then `generate` must be run again (the
tests regenerate a sample and compare).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import game.solver as game_solver
from game import registry
from game.solver import deal_data, deals, rating
from game.solver.result import Budget

from .deal_lists import worker_pool, write_rows
from .eightoff_greedy import greedy_home
from .playout import RankPosition, greedy_cards_left, random_playouts

PLAYOUTS = 256
#: solver states: enough for every listed deal so far; a deal that needs more is rated at the cap
BUDGET = {"golf": 2_000_000, "eightoff": 1_000_000}
Measure = tuple[int, ...]
#: what the measure fields of a row are, per game family
FIELDS = {
    "golf": "<wins of 256 random playouts> <cards they left> <solver states>",
    "eightoff": "<solver states to the first win>",
}
HEADER = (
    "# {kind}: difficulty band of each deal of {kind}.txt, in its order (tools/rating.py): "
    "<number> <band> {fields}; easiest first, a third each; python -m tools.rating generate {kind}"
)


def family(kind: str) -> str:
    return registry.kind(kind).family.id


def effort(game: Any, budget: int) -> int:
    """The solver's states to decide the game (its first win), at most `budget`."""
    return min(game_solver.solve(game, Budget(states=budget)).states, budget)


def measure(kind: str, number: int) -> Measure:
    """The measure of deal `number` of `kind` (the fields of its row after the band)."""
    game = deals.make_game(kind, number)
    if family(kind) == "golf":
        wins, left = random_playouts(RankPosition.of(game), PLAYOUTS, number)
        return wins, left, effort(game, BUDGET["golf"])
    return (effort(game, BUDGET["eightoff"]),)


def order_key(kind: str) -> Callable[[tuple[int, Measure]], tuple[int, ...]]:
    """The sort key of a (number, measure) pair, easiest first."""
    if family(kind) == "golf":
        return lambda row: (-row[1][0], row[1][1], row[1][2], row[0])
    return lambda row: (row[1][0], row[0])


def split(ordered: Sequence[int]) -> dict[int, str]:
    """Deal numbers ordered easiest first -> their band: three parts whose sizes differ by at most
    one (the first parts take the remainder)."""
    n = len(ordered)
    sizes = [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    bands: dict[int, str] = {}
    at = 0
    for band, size in zip(rating.BANDS, sizes):
        bands.update((number, band) for number in ordered[at : at + size])
        at += size
    return bands


def _measure_task(task: tuple[str, int]) -> tuple[int, Measure]:
    return task[1], measure(*task)


def generate(
    kind: str, jobs: int = 1, directory: Path | None = None, log: Callable[[str], None] = print
) -> dict[int, str]:
    """Measure every listed deal of `kind`, cut the bands and write <kind>.rating."""
    numbers = list(deals.listed(kind))
    if not numbers:
        raise SystemExit(f"{kind} has no deal list to rate")
    started, cpu = time.perf_counter(), time.process_time()
    measures: dict[int, Measure] = {}
    pool = worker_pool(jobs) if jobs > 1 else None
    try:
        tasks = [(kind, n) for n in numbers]
        for number, value in pool.imap(_measure_task, tasks, 20) if pool else map(_measure_task, tasks):
            measures[number] = value
            if len(measures) % 500 == 0 or len(measures) == len(numbers):
                log(
                    f"{kind}: {len(measures)} of {len(numbers)} rated ({time.perf_counter() - started:.0f} s wall, "
                    f"{time.process_time() - cpu:.0f} s CPU here)"
                )
    finally:
        if pool:
            pool.close()
            pool.join()
    ordered = [n for n, _ in sorted(measures.items(), key=order_key(kind))]
    bands = split(ordered)
    header = HEADER.format(kind=kind, fields=FIELDS[family(kind)])
    write_rows(
        deal_data.data_path(kind, rating.SUFFIX, directory), header, ((n, (bands[n], *measures[n])) for n in numbers)
    )
    rating.clear_cache()
    return bands


def rows(kind: str, directory: Path | None = None) -> dict[int, tuple[str, Measure]]:
    """The file's rows, number -> (band, measure); {} when there is none."""
    path = deal_data.data_path(kind, rating.SUFFIX, directory)
    if not path.exists():
        return {}
    return {n: (f[0], tuple(map(int, f[1:]))) for n, f in deal_data.read_rows(path)}


def mismatches(kind: str, numbers: Iterable[int], directory: Path | None = None) -> list[int]:
    """The deals among `numbers` whose measure, computed again now, is not the file's."""
    stored = rows(kind, directory)
    return [n for n in numbers if n not in stored or stored[n][1] != measure(kind, n)]


def greedy_result(kind: str, number: int) -> tuple[bool, int]:
    """(whether the greedy player wins, the cards it leaves (Golf) or brings home (Eight Off))."""
    game = deals.make_game(kind, number)
    if family(kind) == "golf":
        left = greedy_cards_left(game)
        return left == 0, left
    home = greedy_home(game)
    return home == 52, home


def report(kinds: Sequence[str], sample: int | None = None, directory: Path | None = None) -> str:
    """Per kind and band: the deals, the greedy player's win rate, and its mean cards left (Golf) or
    brought home (Eight Off). With `sample`, that many deals of each band, evenly spread."""
    out = ["kind            band    deals  played  greedy wins  win rate  mean cards"]
    for kind in kinds:
        stored = rows(kind, directory)
        if not stored:
            out.append(f"{kind:15} no rating")
            continue
        what = "left" if family(kind) == "golf" else "home"
        for band in rating.BANDS:
            numbers = [n for n, (b, _) in stored.items() if b == band]
            chosen = (
                numbers
                if sample is None or sample >= len(numbers)
                else [numbers[i * len(numbers) // sample] for i in range(sample)]
            )
            results = [greedy_result(kind, n) for n in chosen]
            if not results:
                continue
            wins = sum(won for won, _ in results)
            out.append(
                f"{kind:15} {band:7} {len(numbers):5}  {len(chosen):6}  {wins:11}  "
                f"{wins / max(1, len(chosen)):8.1%}  {statistics.mean(c for _, c in results):6.1f} {what}"
            )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.rating",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="rate every listed deal and write its band")
    gen.add_argument("kind", choices=sorted(deals.KINDS))
    gen.add_argument("--jobs", type=int, default=1, help="worker processes")
    rep = sub.add_parser("report", help="the greedy player's win rate on each band")
    rep.add_argument("kinds", nargs="*", help="default: every kind with a rating")
    rep.add_argument("--sample", type=int, default=None, help="deals played per band (default: all)")
    ver = sub.add_parser("verify", help="measure a sample of deals again and compare with the file")
    ver.add_argument("kind", choices=sorted(deals.KINDS))
    ver.add_argument("--sample", type=int, default=50)
    sub.add_parser("status", help="the bands of each kind")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.kind, args.jobs)
        return 0
    if args.command == "report":
        unknown = [k for k in args.kinds if k not in deals.KINDS]
        if unknown:
            parser.error(f"no deal list for {', '.join(unknown)}")
        print(report(args.kinds or [k for k in deals.KINDS if rating.has_bands(k)], args.sample))
        return 0
    if args.command == "verify":
        numbers = sorted(rows(args.kind))
        chosen = numbers[:: max(1, len(numbers) // max(1, args.sample))][: args.sample]
        bad = mismatches(args.kind, chosen)
        print(f"{args.kind}: {len(chosen)} deals measured again, {len(bad)} differ {bad[:20]}")
        return 1 if bad or not chosen else 0
    for kind in deals.KINDS:
        sizes = [len(rating.listed_in_band(kind, b)) for b in rating.BANDS]
        print(
            f"{kind:15} " + ("  ".join(f"{b} {s}" for b, s in zip(rating.BANDS, sizes)) if any(sizes) else "no rating")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
