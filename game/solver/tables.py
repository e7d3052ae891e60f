"""Winnable-deal tables: deal numbers this solver proved winnable, shipped as data.

    python -m game.solver.tables generate golf-easy --count 5000 [--jobs 2] [--budget 10]
    python -m game.solver.tables verify golf-easy [--sample 50] [--seed 1]
    python -m game.solver.tables status

Kinds: golf-easy, golf-classic, eightoff-8, eightoff-4, eightoff-2. Each table is
game/solver/winnable/<kind>.txt: one header comment line, then one deal number per line,
ascending. The header records the last deal number scanned, so `generate` resumes exactly
where an interrupted run stopped and never solves an unwinnable or unknown deal twice. The
file is rewritten atomically (temporary file, fsync, rename) after every batch, so an
interrupted run loses at most one batch. Only 'winnable' verdicts whose moves replay to a
win through the model are written; 'unknown' (per-deal budget spent) is skipped.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from pathlib import Path

from .. import registry
from ..model.base import SolitaireGame
from .moves import replays_to_win
from .result import Budget

DATA_DIR = Path(__file__).resolve().parent / "winnable"
#: Every registry kind has a table, named by its kind id.
KINDS = {k.table: (k.family.id, k.code_variant) for k in registry.KINDS.values()}
MINIMUM = {"golf-easy": 5000, "golf-classic": 5000, "eightoff-8": 5000, "eightoff-4": 2000,
           "eightoff-2": 500}
HEADER = re.compile(r"^# (?P<kind>[\w-]+): deals proven winnable by game\.solver; "
                    r"scanned 1-(?P<scanned>\d+)")
BATCH = 100


def table_path(kind: str, directory: Path = DATA_DIR) -> Path:
    return directory / f"{kind}.txt"


def make_game(kind: str, number: int) -> SolitaireGame:
    """The model game for deal `number` of this kind (its code in our deal-code numbering)."""
    return registry.kind(kind).deal(number)


def check_deal(task: tuple[str, int, float]) -> tuple[int, str]:
    """Worker: solve one deal and return (number, verdict); 'winnable' only if it replays."""
    from . import solve

    kind, number, seconds = task
    result = solve(make_game(kind, number), Budget(seconds=seconds))
    if result.verdict == "winnable" and not replays_to_win(make_game(kind, number), result.moves):
        return number, "bad-replay"
    return number, result.verdict


def read_table(path: Path) -> tuple[int, list[int]]:
    """(last deal scanned, deal numbers) of a table file; (0, []) when it does not exist."""
    if not path.exists():
        return 0, []
    lines = path.read_text(encoding="utf-8").splitlines()
    match = HEADER.match(lines[0]) if lines else None
    if not match:
        raise ValueError(f"{path}: first line is not a table header")
    return int(match["scanned"]), [int(line) for line in lines[1:] if line.strip()]


def write_table(path: Path, kind: str, scanned: int, numbers: list[int]) -> None:
    """Atomic rewrite: a crash leaves either the old file or the new one, never half of one."""
    header = (f"# {kind}: deals proven winnable by game.solver; scanned 1-{scanned}; "
              f"{len(numbers)} deals; python -m game.solver.tables generate {kind} --count N")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as out:
        out.write("\n".join([header, *map(str, numbers)]) + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def generate(kind: str, count: int, jobs: int = 2, seconds: float = 10.0,
             directory: Path = DATA_DIR, log=print) -> list[int]:
    """Scan deals upward from where the table stopped until it lists `count` deals."""
    path = table_path(kind, directory)
    scanned, numbers = read_table(path)
    started = time.perf_counter()
    tally: dict[str, int] = {}
    from multiprocessing import Pool  # the tool's workers; the game itself never needs them here

    with Pool(jobs) as pool:
        while len(numbers) < count:
            tasks = [(kind, n, seconds) for n in range(scanned + 1, scanned + 1 + BATCH)]
            for number, verdict in pool.imap(check_deal, tasks):
                tally[verdict] = tally.get(verdict, 0) + 1
                if verdict == "winnable":
                    numbers.append(number)
                scanned = number
                if len(numbers) >= count:
                    break
            write_table(path, kind, scanned, numbers)
            log(f"{kind}: scanned 1-{scanned}, {len(numbers)} winnable "
                f"({time.perf_counter() - started:.0f} s; this run {tally})")
    return numbers


def verify(kind: str, sample: int | None = None, seed: int = 1, seconds: float = 30.0,
           directory: Path = DATA_DIR, log=print) -> list[tuple[int, str]]:
    """Re-solve listed deals (all, or a seeded random sample) and return the failures."""
    scanned, numbers = read_table(table_path(kind, directory))
    problems = [(n, "format") for n in format_problems(kind, scanned, numbers)]
    chosen = numbers if sample is None or sample >= len(numbers) else \
        sorted(random.Random(seed).sample(numbers, sample))
    for number in chosen:
        _, verdict = check_deal((kind, number, seconds))
        if verdict != "winnable":
            problems.append((number, verdict))
    log(f"{kind}: {len(numbers)} listed, {len(chosen)} re-solved, {len(problems)} problems")
    return problems


def format_problems(kind: str, scanned: int, numbers: list[int]) -> list[int]:
    """Numbers that break the format: not ascending and unique, or outside 1..scanned."""
    bad = [n for n in numbers if not 1 <= n <= scanned]
    bad += [b for a, b in zip(numbers, numbers[1:]) if b <= a]
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.solver.tables", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="scan further deals until the table is long enough")
    gen.add_argument("kind", choices=sorted(KINDS))
    gen.add_argument("--count", type=int, default=None, help="entries wanted (default: the minimum)")
    gen.add_argument("--jobs", type=int, default=2, help="worker processes")
    gen.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    ver = sub.add_parser("verify", help="re-solve listed deals and replay each to a win")
    ver.add_argument("kind", choices=sorted(KINDS))
    ver.add_argument("--sample", type=int, default=None, help="re-solve this many, chosen at random")
    ver.add_argument("--seed", type=int, default=1)
    ver.add_argument("--budget", type=float, default=30.0, help="seconds per deal")
    sub.add_parser("status", help="how far each table got")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.kind, args.count or MINIMUM[args.kind], args.jobs, args.budget)
        return 0
    if args.command == "verify":
        return 1 if verify(args.kind, args.sample, args.seed, args.budget) else 0
    for kind in KINDS:
        scanned, numbers = read_table(table_path(kind))
        print(f"{kind:13} scanned 1-{scanned:<6} {len(numbers):6} winnable (minimum {MINIMUM[kind]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
