"""The deal lists: the deal numbers the solver proved winnable for each kind, a winning line for each,
made and checked.

    python -m tools.deal_lists generate golf-easy --count 5000 [--jobs 2] [--budget 10]
    python -m tools.deal_lists lines golf-easy [--jobs 2] [--budget 30]
    python -m tools.deal_lists verify golf-easy [--sample 50] [--seed 1]
    python -m tools.deal_lists status

Kinds: golf-easy, golf-classic, golf-strict, golf-classic+j2, eightoff-8, eightoff-4, eightoff-2
(every registry kind with a list; the other Golf rule sets have none, see deals.find_winnable). The
files and how the game reads them: game/solver/deal_lists.py. The list's header records the last deal
number scanned, so `generate` resumes exactly where an interrupted run stopped and never solves an
unwinnable or unknown deal twice.

Both files are rewritten atomically (temporary file, fsync, rename) after every batch, so an
interrupted run loses at most one batch. Only 'winnable' verdicts whose moves replay to a win
through the model are written; 'unknown' (per-deal budget spent) is skipped. `lines` finds the
line of every listed deal that has none (a list made before lines were kept). `verify` checks that
every row of the lines file belongs to its list's row and replays to a win through the model, then
re-solves the listed deals (all, or a sample).

The per-deal data beside the lists (ratings: tools/rating.py, pars: tools/par.py) is written here
too (write_rows).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import game.solver as game_solver
from game import registry
from game.solver import lines as line_text
from game.solver.deal_lists import (
    DATA_DIR,
    KINDS,
    deal_list_path,
    format_problems,
    lines_path,
    read_deal_list,
    read_lines,
)
from game.solver.deals import make_game
from game.solver.moves import replays_to_win
from game.solver.result import Budget

#: The deals each kind's list holds at least (the registry's), what `generate` makes by default.
MINIMUM = {k.deal_list: k.deal_list_size for k in registry.KINDS.values()}
BATCH = 100
LINES_HEADER = "# {kind}: a winning line for each deal of {kind}.txt, in its order (game/solver/lines.py)"


def check_deal(task: tuple[str, int, float]) -> tuple[int, str, str | None]:
    """Worker: solve one deal; (number, verdict, its line as text for a win, else None).

    'winnable' only if the moves replay to a win through the model, and so does their text form.
    """
    kind, number, seconds = task
    result = game_solver.solve(make_game(kind, number), Budget(seconds=seconds))  # (looked up at each call)
    if result.verdict != "winnable":
        return number, result.verdict, None
    game = make_game(kind, number)
    text = line_text.text_of(game, result.moves)
    if not replays_to_win(make_game(kind, number), result.moves) or line_text.replay(game, text) is None:
        return number, "bad-replay", None
    return number, result.verdict, text


def write_deal_list(path: Path, kind: str, scanned: int, numbers: list[int]) -> None:
    """Atomic rewrite: a crash leaves either the old file or the new one, never half of one."""
    header = (
        f"# {kind}: deals proven winnable by game.solver; scanned 1-{scanned}; "
        f"{len(numbers)} deals; python -m tools.deal_lists generate {kind} --count N"
    )
    write_atomic(path, [header, *map(str, numbers)])


def write_lines(path: Path, kind: str, rows: Iterable[tuple[int, str]]) -> None:
    """Atomic rewrite, like write_deal_list."""
    write_atomic(path, [LINES_HEADER.format(kind=kind), *(f"{n} {text}" for n, text in rows)])


def write_rows(path: Path, header: str, rows: Iterable[tuple[int, Iterable[object]]]) -> None:
    """A per-deal data file (game/solver/deal_data.py reads it), written atomically: the header,
    then "<number> <fields...>" per row."""
    write_atomic(path, [header, *(" ".join([str(n), *map(str, fields)]) for n, fields in rows)])


def write_atomic(path: Path, rows: list[str]) -> None:
    """A data file replaced whole or not at all (written aside, synced, renamed over the old one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="ascii") as out:
        out.write("\n".join(rows) + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def worker_pool(jobs: int) -> Any:
    """A pool of `jobs` processes for the tools' solving, spawned: a child forked while another of
    the parent's threads holds a lock would wait for that lock forever."""
    import multiprocessing

    return multiprocessing.get_context("spawn").Pool(jobs)


def generate(
    kind: str,
    count: int,
    jobs: int = 2,
    seconds: float = 10.0,
    directory: Path = DATA_DIR,
    log: Callable[[str], None] = print,
) -> list[int]:
    """Scan deals upward from where the list stopped until it holds `count` deals, with lines."""
    path = deal_list_path(kind, directory)
    scanned, numbers = read_deal_list(path)
    texts = dict(read_lines(lines_path(kind, directory)))
    started, tally = time.perf_counter(), dict[str, int]()
    with worker_pool(jobs) as pool:
        while len(numbers) < count:
            tasks = [(kind, n, seconds) for n in range(scanned + 1, scanned + 1 + BATCH)]
            for number, verdict, text in pool.imap(check_deal, tasks):
                tally[verdict] = tally.get(verdict, 0) + 1
                if verdict == "winnable" and text is not None:
                    numbers.append(number)
                    texts[number] = text
                scanned = number
                if len(numbers) >= count:
                    break
            write_lines(lines_path(kind, directory), kind, [(n, texts[n]) for n in numbers if n in texts])
            write_deal_list(path, kind, scanned, numbers)
            log(
                f"{kind}: scanned 1-{scanned}, {len(numbers)} winnable "
                f"({time.perf_counter() - started:.0f} s; this run {tally})"
            )
    return numbers


def fill_lines(
    kind: str, jobs: int = 2, seconds: float = 30.0, directory: Path = DATA_DIR, log: Callable[[str], None] = print
) -> list[int]:
    """Find the line of every listed deal that has none; the deals that got none (budget)."""
    _, numbers = read_deal_list(deal_list_path(kind, directory))
    texts = dict(read_lines(lines_path(kind, directory)))
    missing = [n for n in numbers if n not in texts]
    failed, started = [], time.perf_counter()
    with worker_pool(jobs) as pool:
        for at in range(0, len(missing), BATCH * 5):
            tasks = [(kind, n, seconds) for n in missing[at : at + BATCH * 5]]
            for number, _, text in pool.imap(check_deal, tasks):
                if text is None:
                    failed.append(number)
                else:
                    texts[number] = text
            write_lines(lines_path(kind, directory), kind, [(n, texts[n]) for n in numbers if n in texts])
            log(
                f"{kind}: {sum(n in texts for n in numbers)} of {len(numbers)} deals have a line "
                f"({time.perf_counter() - started:.0f} s; no line for {len(failed)})"
            )
    return failed


def line_problems(kind: str, numbers: list[int], directory: Path = DATA_DIR) -> list[tuple[int, str]]:
    """Rows of the lines file that are not the list's deals in its order, or do not win."""
    rows = read_lines(lines_path(kind, directory))
    problems = [(n, "no-line") for n in numbers[len(rows) :]]
    for (number, text), listed_number in zip(rows, numbers):
        if number != listed_number:
            problems.append((listed_number, "line-order"))
        elif line_text.replay(make_game(kind, number), text) is None:
            problems.append((number, "bad-line"))
    problems += [(n, "extra-line") for n, _ in rows[len(numbers) :]]
    return problems


def verify(
    kind: str,
    sample: int | None = None,
    seed: int = 1,
    seconds: float = 30.0,
    directory: Path = DATA_DIR,
    log: Callable[[str], None] = print,
) -> list[tuple[int, str]]:
    """Replay every shipped line, re-solve listed deals (all, or a seeded random sample), and
    return the failures."""
    scanned, numbers = read_deal_list(deal_list_path(kind, directory))
    problems = [(n, "format") for n in format_problems(kind, scanned, numbers)]
    problems += line_problems(kind, numbers, directory)
    chosen = (
        numbers if sample is None or sample >= len(numbers) else sorted(random.Random(seed).sample(numbers, sample))
    )
    for number in chosen:
        _, verdict, _ = check_deal((kind, number, seconds))
        if verdict != "winnable":
            problems.append((number, verdict))
    log(f"{kind}: {len(numbers)} listed, every line replayed, {len(chosen)} re-solved, {len(problems)} problems")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.deal_lists", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="scan further deals until the list is long enough")
    gen.add_argument("kind", choices=sorted(KINDS))
    gen.add_argument("--count", type=int, default=None, help="entries wanted (default: the minimum)")
    gen.add_argument("--jobs", type=int, default=2, help="worker processes")
    gen.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    fill = sub.add_parser("lines", help="find the line of every listed deal that has none")
    fill.add_argument("kind", choices=sorted(KINDS))
    fill.add_argument("--jobs", type=int, default=2, help="worker processes")
    fill.add_argument("--budget", type=float, default=30.0, help="seconds per deal")
    ver = sub.add_parser("verify", help="replay every line, re-solve listed deals, replay each to a win")
    ver.add_argument("kind", choices=sorted(KINDS))
    ver.add_argument("--sample", type=int, default=None, help="re-solve this many, chosen at random")
    ver.add_argument("--seed", type=int, default=1)
    ver.add_argument("--budget", type=float, default=30.0, help="seconds per deal")
    sub.add_parser("status", help="how far each list got")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.kind, args.count or MINIMUM[args.kind], args.jobs, args.budget)
        return 0
    if args.command == "lines":
        return 1 if fill_lines(args.kind, args.jobs, args.budget) else 0
    if args.command == "verify":
        return 1 if verify(args.kind, args.sample, args.seed, args.budget) else 0
    for kind in KINDS:
        scanned, numbers = read_deal_list(deal_list_path(kind))
        lined = len(read_lines(lines_path(kind)))
        print(f"{kind:15} scanned 1-{scanned:<6} {len(numbers):6} winnable (minimum {MINIMUM[kind]}), {lined} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
