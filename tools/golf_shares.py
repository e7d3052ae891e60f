"""How many Golf deals can be won under each rule set: the shares the "More rules" sheet shows.

    python -m tools.golf_shares [--to 500] [--rules all|easy,strict,...] [--jobs 2]

solves deals 1 to N (PySolFC's numbering, as every deal code) under each rule set asked (all 48 by
default) and writes game/solver/winnable/golf-shares.json: per rule set name, how many deals were
solved, how many of them are winnable and how many the budget left undecided (none so far: the
solver is exact and its sweep bounds the cost). A rule set already in the file keeps the longer of
the two runs, so a longer run for a few rule sets (say --to 2000 for the presets) adds to a shorter
one for all. The game reads the file with game.solver.deal_lists.golf_share(name), which imports no solver.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import game.solver as game_solver
from game.model.golf import GolfGame, GolfRules
from game.solver.deal_lists import SHARES_FILE
from game.solver.result import Budget

from .deal_lists import worker_pool

SHARES_PATH = SHARES_FILE
ABOUT = (
    "Golf deals 1-N solved under each rule set by game.solver: N ('deals'), winnable, unknown. "
    "python -m tools.golf_shares --to N [--rules ...]"
)
SECONDS = 120.0  # per deal: far above the slowest solve (under a second)


def verdict(task: tuple[str, int]) -> tuple[str, int, str]:
    """Worker: (rule set name, deal number, verdict)."""
    name, number = task
    return name, number, game_solver.solve(GolfGame.new(name, number), Budget(seconds=SECONDS)).verdict


def read_shares(path: Path = SHARES_PATH) -> dict[str, dict[str, int]]:
    """The file's rule sets; {} when there is none yet."""
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8"))["shares"])


def write_shares(shares: dict[str, dict[str, int]], path: Path = SHARES_PATH) -> None:
    """Atomic rewrite, in the order GolfRules.every() lists the rule sets."""
    order = [r.name for r in GolfRules.every()]
    ordered = {n: shares[n] for n in sorted(shares, key=lambda n: order.index(n) if n in order else 99)}
    rows = ",\n".join(f"  {json.dumps(n)}: {json.dumps(r)}" for n, r in ordered.items())
    text = f'{{"about": {json.dumps(ABOUT)},\n "shares": {{\n{rows}\n }}}}\n'  # a rule set a line
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def measure(names: list[str], last: int, jobs: int = 2, log: Any = print) -> dict[str, dict[str, int]]:
    """{name: {'deals', 'winnable', 'unknown'}} over deals 1..last for each rule set name."""
    out = {n: {"deals": last, "winnable": 0, "unknown": 0} for n in names}
    tasks = [(n, d) for n in names for d in range(1, last + 1)]
    started = time.perf_counter()
    with worker_pool(jobs) as pool:
        for done, (name, _, answer) in enumerate(pool.imap_unordered(verdict, tasks, chunksize=20), 1):
            out[name]["winnable"] += answer == "winnable"
            out[name]["unknown"] += answer == "unknown"
            if not done % 2000:
                log(f"{done} of {len(tasks)} solved ({time.perf_counter() - started:.0f} s)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.golf_shares",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--to", dest="last", type=int, default=500, help="last deal (from 1)")
    parser.add_argument("--rules", default="all", help="comma list of rule set names, or all")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    args = parser.parse_args(argv)
    every = [r.name for r in GolfRules.every()]
    names = every if args.rules == "all" else [GolfRules.parse(n).name for n in args.rules.split(",")]
    measured = measure(names, args.last, args.jobs)
    shares = read_shares()
    for name, row in measured.items():
        if shares.get(name, {}).get("deals", 0) <= row["deals"]:
            shares[name] = row
        print(
            f"{name:20} {row['winnable']:5} of {row['deals']} = {100 * row['winnable'] / row['deals']:5.1f} %"
            + (f"  ({row['unknown']} unknown)" if row["unknown"] else "")
        )
    if not args.dry_run:
        write_shares(shares)
    return 0


if __name__ == "__main__":
    sys.exit(main())
