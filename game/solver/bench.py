"""Solver benchmark: solve a range of deals for each game and option and print one table row each.

    python -m game.solver.bench [--games golf,eightoff] [--from 1 --to 500] [--budget 60]
                                [--options easy,classic,8,4,2]

Per game and option: median, 95th percentile and maximum wall time per deal, the median and
maximum number of searched states, and how many deals came out winnable / unwinnable /
unknown. Timing is wall time of `solve()` only (dealing the cards is not counted). Every
winnable answer is replayed through the model; a failed replay is counted and reported.
"""
from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time

from .result import Budget
from .tables import make_game, replays_to_win

OPTIONS = {"golf": ("easy", "classic"), "eightoff": ("8", "4", "2")}
KIND = {("golf", "easy"): "golf-easy", ("golf", "classic"): "golf-classic",
        ("eightoff", "8"): "eightoff-8", ("eightoff", "4"): "eightoff-4",
        ("eightoff", "2"): "eightoff-2"}


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (the value at or below which `fraction` of the deals fall)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def run_option(kind: str, first: int, last: int, seconds: float) -> dict:
    """Solve deals first..last of one kind; return the timings, states and verdict counts."""
    from . import solve

    times, states, verdicts, bad = [], [], {"winnable": 0, "unwinnable": 0, "unknown": 0}, 0
    for number in range(first, last + 1):
        game = make_game(kind, number)
        start = time.perf_counter()
        result = solve(game, Budget(seconds=seconds))
        times.append(time.perf_counter() - start)
        states.append(result.states)
        verdicts[result.verdict] += 1
        if result.verdict == "winnable" and not replays_to_win(make_game(kind, number), result.moves):
            bad += 1
    return {"times": times, "states": states, "verdicts": verdicts, "bad": bad}


def solver_available(game: str) -> str | None:
    """None if the game's solver imports, else why not (the other solver may be unfinished)."""
    try:
        importlib.import_module(f"{__package__}.{game}")
    except ImportError as exc:
        return str(exc)
    return None


def row(label: str, stats: dict) -> str:
    t, s, v = stats["times"], stats["states"], stats["verdicts"]
    text = (f"{label:17} {len(t):5} {statistics.median(t) * 1000:9.1f} {percentile(t, 0.95) * 1000:9.1f} "
            f"{max(t):8.2f} {int(statistics.median(s)):9} {max(s):9} "
            f"{v['winnable']:6} {v['unwinnable']:6} {v['unknown']:6}")
    return text + (f"  REPLAY FAILED x{stats['bad']}" if stats["bad"] else "")


HEAD = (f"{'game/option':17} {'deals':>5} {'median ms':>9} {'p95 ms':>9} {'max s':>8} "
        f"{'states med':>9} {'max':>9} {'win':>6} {'lose':>6} {'unkn':>6}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.solver.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="golf,eightoff", help="comma list: golf, eightoff")
    parser.add_argument("--options", default=None, help="comma list among easy,classic,8,4,2")
    parser.add_argument("--from", dest="first", type=int, default=1)
    parser.add_argument("--to", dest="last", type=int, default=500)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per deal")
    args = parser.parse_args(argv)
    wanted = args.options.split(",") if args.options else None
    print(f"deals {args.first}-{args.last}, budget {args.budget:g} s per deal")
    print(HEAD)
    for game in args.games.split(","):
        if game not in OPTIONS:
            parser.error(f"unknown game {game!r}")
        missing = solver_available(game)
        if missing:
            print(f"{game:17} skipped: solver not available ({missing})")
            continue
        for option in OPTIONS[game]:
            if wanted is None or option in wanted:
                kind = KIND[game, option]
                print(row(kind, run_option(kind, args.first, args.last, args.budget)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
