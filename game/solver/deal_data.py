"""Per-deal data files beside the deal lists (ratings, pars): one header line, then one row per
listed deal, "<number> <fields...>", in the deal list's order.

The game reads such a file the first time it is asked about its kind and keeps only what the caller
makes of each row. A file that is missing, too large, not ASCII, out of order, or names a deal its
deal list does not hold is logged and read as no rows: the caller then simply has nothing to show.
tools/deal_lists.py writes them (write_rows), atomically like the deal lists.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from . import deals

log = logging.getLogger(__name__)

T = TypeVar("T")
MAX_BYTES = 4 << 20  # the largest file read (the shipped ones are under 0.3 MB)


def data_path(kind: str, suffix: str, directory: Path | None = None) -> Path:
    """game/solver/winnable/<kind>.<suffix> (in deals.DATA_DIR unless `directory` says)."""
    return Path(deals.DATA_DIR if directory is None else directory) / f"{kind}.{suffix}"


def read_rows(path: Path) -> list[tuple[int, list[str]]]:
    """Every (deal number, the row's other fields) of a file; OSError or ValueError if it cannot
    be read or a row has no deal number."""
    return list(iter_rows(path))


def body(path: Path) -> str:
    """The file's text after its header line ('' when it has no row); ValueError when it is
    missing, too large or not ASCII."""
    if not path.exists():
        raise ValueError("the file is missing")
    if not path.is_file() or path.stat().st_size > MAX_BYTES:
        raise ValueError(f"{path} is not a file of at most {MAX_BYTES} bytes")
    data = path.read_bytes()
    if not data.isascii():
        raise ValueError(f"{path} is not ASCII text")
    header = _LINE_END.search(data)
    return "" if header is None else data[header.end() :].decode("ascii")  # (none: a header alone, or nothing)


def iter_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    """read_rows one row at a time: a row's fields are made only as it is reached, so reading a
    file does not hold all its rows' small objects at once (thousands of rows' worth would stay
    behind in the heap). The text is split into lines a block at a time, which is much quicker than
    splitting it row by row with a pattern: Eight Off's pars are read in the first frame of its
    table."""
    for block in blocks(body(path)):
        for row in block.splitlines():
            if row.strip():
                number, *fields = row.split()
                yield int(number), fields


def blocks(text: str) -> Iterator[str]:
    """`text` in blocks of some _BLOCK characters, each ending where a line does (after a newline)
    or with the text: what is made of one block at a time is all a reader holds at once."""
    start = 0
    while start < len(text):
        cut = text.find("\n", start + _BLOCK)
        end = len(text) if cut < 0 else cut + 1
        yield text[start:end]
        start = end


#: where the header line ends: as str.splitlines() splits ASCII text (\r\n, \r and \n alike, a
#: file written on any system), which splits the rows
_LINE_END = re.compile(rb"\r\n|[\n\r\v\f\x1c-\x1e]")
_BLOCK = 16_384  # characters of rows split into lines at a time (some 250 rows)


def load(kind: str, suffix: str, parse: Callable[[int, list[str]], T]) -> list[tuple[int, T]]:
    """The rows of <kind>.<suffix> as (number, parse(number, fields)), or [] (logged) when the file
    is missing or damaged: `parse` raises ValueError for a row it refuses."""
    path = data_path(kind, suffix)
    listed = deals.listed(kind)
    if not listed:  # no deal list (deals logged why): nothing to describe
        return []
    try:
        out, at = [], 0
        for number, fields in iter_rows(path):
            while at < len(listed) and listed[at] < number:
                at += 1  # the deal list may hold deals the file does not have yet
            if at == len(listed) or listed[at] != number:
                raise ValueError(f"deal {number} is not in the deal list's order or not in the deal list")
            out.append((number, parse(number, fields)))
            at += 1
    except (OSError, ValueError) as exc:  # UnicodeDecodeError is a ValueError
        log.warning("%s unusable (%s); treating it as empty", path, exc)
        return []
    return out
