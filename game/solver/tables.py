"""Winnable-deal tables: deal numbers this solver proved winnable, and a winning line for each.

    python -m game.solver.tables generate golf-easy --count 5000 [--jobs 2] [--budget 10]
    python -m game.solver.tables lines golf-easy [--jobs 2] [--budget 30]
    python -m game.solver.tables verify golf-easy [--sample 50] [--seed 1]
    python -m game.solver.tables status

Kinds: golf-easy, golf-classic, golf-strict, golf-classic+j2, eightoff-8, eightoff-4, eightoff-2
(every registry kind with a table; the other Golf rule sets have none, see deals.find_winnable).
Each table is
game/solver/winnable/<kind>.txt: one header comment line, then one deal number per line,
ascending. The header records the last deal number scanned, so `generate` resumes exactly
where an interrupted run stopped and never solves an unwinnable or unknown deal twice. Beside
it, <kind>.lines holds each listed deal's winning line, one row per deal in the table's order:
"<number> <line>", the line in the text form of lines.py. The game reads one row when a hint or
the demo asks for a table deal's line (deals.known_line), never the whole file.

Both files are rewritten atomically (temporary file, fsync, rename) after every batch, so an
interrupted run loses at most one batch. Only 'winnable' verdicts whose moves replay to a win
through the model are written; 'unknown' (per-deal budget spent) is skipped. `lines` finds the
line of every listed deal that has none (a table made before lines were kept). `verify` checks
that every row of the lines file belongs to its table row and replays to a win through the model,
then re-solves the listed deals (all, or a sample).

golf_share(name) reads golf-shares.json beside the tables (golf_shares.py writes it): the share of
deals winnable under each Golf rule set, for the New game window.
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import sys
import time
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .. import registry
from ..model.base import SolitaireGame
from . import lines as line_text
from .moves import replays_to_win
from .result import Budget

DATA_DIR = Path(__file__).resolve().parent / "winnable"
#: Every registry kind has a table, named by its kind id.
KINDS = {k.table: (k.family.id, k.code_variant) for k in registry.KINDS.values()}
MINIMUM = {k.table: k.table_size for k in registry.KINDS.values()}
HEADER = re.compile(
    r"^# (?P<kind>[\w+-]+): deals proven winnable by game\.solver; "
    r"scanned 1-(?P<scanned>\d+)"
)
BATCH = 100


LINES_HEADER = "# {kind}: a winning line for each deal of {kind}.txt, in its order (game/solver/lines.py)"
LINES_MAX_BYTES = 8 << 20  # the largest lines file read (the shipped ones are under 0.5 MB)
ROW_MAX_BYTES = 4096  # the longest row read (the longest shipped one is 449 bytes)


def table_path(kind: str, directory: Path = DATA_DIR) -> Path:
    return directory / f"{kind}.txt"


def lines_path(kind: str, directory: Path = DATA_DIR) -> Path:
    return directory / f"{kind}.lines"


def make_game(kind: str, number: int) -> SolitaireGame:
    """The model game for deal `number` of this kind (its code in our deal-code numbering)."""
    return registry.kind(kind).deal(number)


def check_deal(task: tuple[str, int, float]) -> tuple[int, str, str | None]:
    """Worker: solve one deal; (number, verdict, its line as text for a win, else None).

    'winnable' only if the moves replay to a win through the model, and so does their text form.
    """
    from . import solve  # looked up at each call: game.solver imports deals, which imports this module

    kind, number, seconds = task
    result = solve(make_game(kind, number), Budget(seconds=seconds))
    if result.verdict != "winnable":
        return number, result.verdict, None
    game = make_game(kind, number)
    text = line_text.text_of(game, result.moves)
    if not replays_to_win(make_game(kind, number), result.moves) or line_text.replay(game, text) is None:
        return number, "bad-replay", None
    return number, result.verdict, text


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
    header = (
        f"# {kind}: deals proven winnable by game.solver; scanned 1-{scanned}; "
        f"{len(numbers)} deals; python -m game.solver.tables generate {kind} --count N"
    )
    write_atomic(path, [header, *map(str, numbers)])


def read_lines(path: Path) -> list[tuple[int, str]]:
    """Every (deal number, line text) row of a lines file; [] when it does not exist."""
    if not path.exists():
        return []
    rows = []
    for row in path.read_text(encoding="ascii").splitlines()[1:]:
        number, _, text = row.partition(" ")
        rows.append((int(number), text.strip()))
    return rows


def lines_index(path: Path) -> array:
    """The byte offset of each row of a lines file (row i is the table's deal i), read once.

    ValueError for anything but a regular file of a plausible size (a damaged card, say)."""
    if not path.is_file() or path.stat().st_size > LINES_MAX_BYTES:
        raise ValueError(f"{path} is not a lines file of at most {LINES_MAX_BYTES} bytes")
    offsets = array("I")
    with open(path, "rb") as lines:
        lines.readline()  # the header
        offset = lines.tell()
        for row in lines:
            offsets.append(offset)
            offset += len(row)
    return offsets


def read_line_at(path: Path, offset: int) -> tuple[int, str]:
    """(deal number, line text) of the row starting at byte `offset`; ValueError if it is no row."""
    with open(path, "rb") as lines:
        lines.seek(offset)
        number, _, text = lines.readline(ROW_MAX_BYTES).decode("ascii").partition(" ")
    return int(number), text.strip()


def write_lines(path: Path, kind: str, rows: Iterable[tuple[int, str]]) -> None:
    """Atomic rewrite, like write_table."""
    write_atomic(path, [LINES_HEADER.format(kind=kind), *(f"{n} {text}" for n, text in rows)])


def write_atomic(path: Path, rows: list[str]) -> None:
    """A table file replaced whole or not at all (written aside, synced, renamed over the old one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="ascii") as out:
        out.write("\n".join(rows) + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def worker_pool(jobs: int) -> Any:
    """A pool of `jobs` processes for the table-making tools."""
    from multiprocessing import Pool  # the tool's workers; the game itself never needs them here

    return Pool(jobs)


def generate(
    kind: str,
    count: int,
    jobs: int = 2,
    seconds: float = 10.0,
    directory: Path = DATA_DIR,
    log: Callable[[str], None] = print,
) -> list[int]:
    """Scan deals upward from where the table stopped until it lists `count` deals, with lines."""
    path = table_path(kind, directory)
    scanned, numbers = read_table(path)
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
            write_table(path, kind, scanned, numbers)
            log(
                f"{kind}: scanned 1-{scanned}, {len(numbers)} winnable "
                f"({time.perf_counter() - started:.0f} s; this run {tally})"
            )
    return numbers


def fill_lines(
    kind: str, jobs: int = 2, seconds: float = 30.0, directory: Path = DATA_DIR, log: Callable[[str], None] = print
) -> list[int]:
    """Find the line of every listed deal that has none; the deals that got none (budget)."""
    _, numbers = read_table(table_path(kind, directory))
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
    """Rows of the lines file that are not the table's deals in its order, or do not win."""
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
    scanned, numbers = read_table(table_path(kind, directory))
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


#: The winnable share of each Golf rule set (golf_shares.py writes it): read on first ask, kept
SHARES_FILE = DATA_DIR / "golf-shares.json"
_shares: dict[Path, dict[str, float]] = {}


def golf_share(rules_name: str, path: Path | None = None) -> float | None:
    """The share (0-1) of deals 1-N proven winnable under a Golf rule set, by its name ('strict',
    'classic+j2'; any spelling GolfRules.parse reads), for "about 26 % of deals can be won"; None
    for a name that is no rule set, or when the file is missing or damaged (logged once)."""
    from ..model.golf_rules import BadRules, GolfRules

    path = path or SHARES_FILE
    if path not in _shares:
        _shares[path] = _read_shares(path)
    try:
        name = GolfRules.parse(rules_name).name
    except (BadRules, AttributeError, TypeError):
        return None
    return _shares[path].get(name)


def _read_shares(path: Path) -> dict[str, float]:
    try:
        if not path.is_file() or path.stat().st_size > 1 << 20:
            raise ValueError("not a file of at most 1 MiB")
        rows = json.loads(path.read_text(encoding="utf-8"))["shares"]
        out = {}
        for name, row in rows.items():
            deals, won = row["deals"], row["winnable"]
            if type(deals) is not int or type(won) is not int or not 0 <= won <= deals or not deals:
                raise ValueError(f"bad row for {name!r}")
            out[str(name)] = won / deals
        return out
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        logging.getLogger(__name__).warning("Golf shares %s unusable (%s)", path, exc)
        return {}


def format_problems(kind: str, scanned: int, numbers: list[int]) -> list[int]:
    """Numbers that break the format: not ascending and unique, or outside 1..scanned."""
    bad = [n for n in numbers if not 1 <= n <= scanned]
    bad += [b for a, b in zip(numbers, numbers[1:]) if b <= a]
    return bad


def main(argv: list[str] | None = None) -> int:
    import argparse  # (here: a table opening imports this module, never its command line)

    parser = argparse.ArgumentParser(
        prog="python -m game.solver.tables", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="scan further deals until the table is long enough")
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
    sub.add_parser("status", help="how far each table got")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.kind, args.count or MINIMUM[args.kind], args.jobs, args.budget)
        return 0
    if args.command == "lines":
        return 1 if fill_lines(args.kind, args.jobs, args.budget) else 0
    if args.command == "verify":
        return 1 if verify(args.kind, args.sample, args.seed, args.budget) else 0
    for kind in KINDS:
        scanned, numbers = read_table(table_path(kind))
        lined = len(read_lines(lines_path(kind)))
        print(f"{kind:15} scanned 1-{scanned:<6} {len(numbers):6} winnable (minimum {MINIMUM[kind]}), {lined} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
