"""What waits for the statistics database, on disk: a file beside it that survives restarts.

While the database cannot be written (a newer version's, a lock held for days, a full disk, an I/O
error), the Recorder appends every operation it holds to `statistics-waiting.jsonl`, one JSON line
each, fsynced, and only then lets the save's journal drop the finished games among them. When the
database works again they are written in order, each game once (its id is unique), and the file is
removed. Replaying the whole file again after a power cut changes nothing: its operations are
"insert this id if absent" and "delete all of this kind", and running such a sequence twice leaves
what running it once left.

Each append starts on a new line, so a line torn by a power cut spoils only itself. The file is
read as untrusted: only a regular file, capped in size, each line checked field by field; a line
that fails is skipped with one log line, never raised. Operations wait at most WAIT_DAYS (counted
back from the newest, by the clock of the moment each was made) and at most MAX_WAITING of them;
older ones are dropped with a log line.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import Unreadable, read_regular, sync_folder, write_atomically
from .records import checked_record
from .round_stats import checked_round_record
from .stats_read import MAX_DEAL, MAX_TEXT

log = logging.getLogger(__name__)

WAIT_DAYS = 30
MAX_WAITING = 100_000  # operations: a game every half minute, day and night, for a month
READ_LIMIT = 64 * 1024 * 1024  # bytes: MAX_WAITING lines of a few hundred bytes
UID = re.compile(r"[A-Za-z0-9-]{1,64}")

#: (when it was made, in seconds since the epoch; the operation, as the Recorder queues it)
Entry = tuple[float, tuple]


#: ("record", {uid, game, option, code, result, score, moves, undos, duration_s, hints, finished_at, daily, catch_up}),
#: ("reset", game, option), ("mark_dealt", kind, number), ("record_round", round_stats.round_record_of(...)),
#: ("reset_rounds", option)
Op = tuple


@dataclass
class Queued:
    seq: int
    op: Op
    at: float  # when it was made (the clock's seconds since the epoch): it waits WAIT_DAYS at most
    parked: bool = False  # in the waiting file


def uid_of(op: Op) -> str | None:
    """The id of a finished game or round, or None for other operations."""
    return str(op[1]["uid"]) if op[0] in ("record", "record_round") else None


@dataclass
class Health:
    """What the administrator's line shows: whether the statistics are written, and what waits."""

    problem: str | None  # why nothing is written now (StatsUnavailable's reason), or None
    waiting: int  # finished games and rounds not in the database yet
    on_disk: int  # ... of which wait in the waiting file
    oldest: float | None  # when the oldest of them was made (seconds since the epoch)
    dropped: int  # operations dropped in this run (older than WAIT_DAYS, or refused by the database)
    notes: list[str] = field(default_factory=list)


def waiting_path(database: Path) -> Path:
    return Path(database).with_name("statistics-waiting.jsonl")


def load(path: Path) -> list[Entry]:
    """The entries of the file, oldest first (none when there is no file). A file that is not a
    regular one, or too large, raises Unreadable; an OSError is trouble (the caller tries again)."""
    raw = read_file(path)
    if raw is None:
        return []
    entries, bad = [], 0
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            entries.append(entry_of(json.loads(line.decode("utf-8"))))
        except Exception:  # untrusted: whatever is wrong with a line is damage to that line
            bad += 1
    if bad:
        log.warning("statistics: %d unreadable line(s) of %s skipped", bad, path.name)
    return entries


def read_file(path: Path) -> bytes | None:
    """The file's bytes (None: no file). Unreadable when it is not a regular file (a symlink, a
    FIFO, a folder: not what the game writes) or too large; any OSError is the disk's trouble, and
    the file is then kept as it is until a read of it succeeds (files.read_regular)."""
    return read_regular(path, READ_LIMIT, follow=False)


def append(path: Path, entries: Iterable[Entry]) -> None:
    """Add entries at the end, durably (fsync; the folder too when the file is new)."""
    text = "".join("\n" + json.dumps(line_of(e), separators=(",", ":")) for e in entries) + "\n"
    new = not os.path.lexists(path)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable("not a regular file")
        data = text.encode("utf-8")
        while data:
            data = data[os.write(fd, data) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    if new:
        sync_folder(path.parent)


def rewrite(path: Path, entries: list[Entry]) -> None:
    """The file with exactly these entries (atomically); none: no file."""
    if entries:
        write_atomically(path, "".join("\n" + json.dumps(line_of(e), separators=(",", ":")) for e in entries) + "\n")
    else:
        remove(path)


def remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    sync_folder(path.parent)


def line_of(entry: Entry) -> dict[str, Any]:
    at, op = entry
    return {"at": round(at, 3), "op": list(op)}


def entry_of(data: Any) -> Entry:
    """An entry from a line's JSON, checked field by field (ValueError, or anything, when wrong)."""
    if not isinstance(data, dict) or not isinstance(data.get("op"), list) or not data["op"]:
        raise ValueError("not an entry")
    at, (name, *args) = data.get("at"), data["op"]
    if not isinstance(at, (int, float)) or not _number(at, 0, 1e11):
        raise ValueError("bad time")
    when = float(at)  # (a finite number: checked above)
    check = _OPERATIONS.get(name) if isinstance(name, str) else None
    op = check(args) if check is not None else None
    if op is None:
        raise ValueError(f"bad operation {name!r}"[:80])
    return when, op


def _record(args: list[Any]) -> Op | None:
    return ("record", checked_record(args[0])) if len(args) == 1 else None


def _record_round(args: list[Any]) -> Op | None:
    return ("record_round", checked_round_record(args[0])) if len(args) == 1 else None


def _reset(args: list[Any]) -> Op | None:
    return ("reset", *args) if _texts(args) and len(args) == 2 else None


def _reset_rounds(args: list[Any]) -> Op | None:
    return ("reset_rounds", *args) if _texts(args) and len(args) == 1 else None


def _mark_dealt(args: list[Any]) -> Op | None:
    if len(args) == 2 and _text(args[0]) and _whole(args[1], 0, MAX_DEAL):  # (the kind, the deal's number)
        return ("mark_dealt", args[0], args[1])
    return None


#: Each operation's check of its arguments: the operation as written, or None when they are wrong.
_OPERATIONS: dict[str, Callable[[list[Any]], Op | None]] = {
    "record": _record,
    "record_round": _record_round,
    "reset": _reset,
    "reset_rounds": _reset_rounds,
    "mark_dealt": _mark_dealt,
}


def _texts(args: list[Any]) -> bool:
    """The first two arguments (those there are) are texts."""
    return all(_text(a) for a in args[:2])


def _text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _number(value: Any, low: float, high: float) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value <= high
    )


def too_old(entries: list[Entry]) -> int:
    """How many of the oldest entries fall out: older than WAIT_DAYS before the newest, or beyond
    MAX_WAITING."""
    if not entries:
        return 0
    cutoff = max(at for at, _op in entries) - WAIT_DAYS * 86400
    old = 0
    while old < len(entries) and entries[old][0] < cutoff:
        old += 1
    return max(old, len(entries) - MAX_WAITING)
