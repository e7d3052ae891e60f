"""The deal lists: for each kind, the deal numbers this solver proved winnable, and a winning line
for each.

Kinds: golf-easy, golf-classic, golf-strict, golf-classic+j2, eightoff-8, eightoff-4, eightoff-2
(every registry kind with a deal list; the other Golf rule sets have none, see
deals.find_winnable). Each deal list is game/solver/winnable/<kind>.txt: one header comment line,
then one deal number per line, ascending; the header records the last deal number scanned. Beside
it, <kind>.lines holds each listed deal's winning line, one row per deal in the deal list's order:
"<number> <line>", the line in the text form of lines.py. The game reads one row when a hint or the
demo asks for a listed deal's line (deals.known_line), never the whole file. tools/deal_lists.py
makes and checks both.

golf_share(name) reads golf-shares.json beside the deal lists (tools/golf_shares.py writes it):
the share of deals winnable under each Golf rule set, for the New game window.
"""

from __future__ import annotations

import json
import logging
import re
from array import array
from pathlib import Path

from .. import registry

DATA_DIR = Path(__file__).resolve().parent / "winnable"
#: Every registry kind has a deal list, named by its kind id.
KINDS = {k.deal_list: (k.family.id, k.code_variant) for k in registry.KINDS.values()}
HEADER = re.compile(
    r"^# (?P<kind>[\w+-]+): deals proven winnable by game\.solver; "
    r"scanned 1-(?P<scanned>\d+)"
)
LINES_MAX_BYTES = 8 << 20  # the largest lines file read (the shipped ones are under 0.5 MB)
ROW_MAX_BYTES = 4096  # the longest row read (the longest shipped one is 449 bytes)


def deal_list_path(kind: str, directory: Path = DATA_DIR) -> Path:
    return directory / f"{kind}.txt"


def lines_path(kind: str, directory: Path = DATA_DIR) -> Path:
    return directory / f"{kind}.lines"


def read_deal_list(path: Path) -> tuple[int, list[int]]:
    """(last deal scanned, deal numbers) of a deal list file; (0, []) when it does not exist."""
    if not path.exists():
        return 0, []
    lines = path.read_text(encoding="utf-8").splitlines()
    match = HEADER.match(lines[0]) if lines else None
    if not match:
        raise ValueError(f"{path}: first line is not a deal list header")
    return int(match["scanned"]), [int(line) for line in lines[1:] if line.strip()]


def read_lines(path: Path) -> list[tuple[int, str]]:
    """Every (deal number, line text) row of a lines file; [] when it does not exist."""
    if not path.exists():
        return []
    rows = []
    for row in path.read_text(encoding="ascii").splitlines()[1:]:
        number, _, text = row.partition(" ")
        rows.append((int(number), text.strip()))
    return rows


def lines_index(path: Path) -> array[int]:
    """The byte offset of each row of a lines file (row i is the deal list's deal i), read once.

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


#: The winnable share of each Golf rule set (tools/golf_shares.py writes it): read on first ask, kept
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
