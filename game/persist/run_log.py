"""How a kiosk's runs begin and end, for the administrator's health line: when the game last
started, and why (its first start, after a crash, after a power cut, after the administrator left
it, after the system stopped it).

One small file in the data folder, `run.json`: the kernel's boot id, when the run began, and how it
ended (null while it runs). It is written when a run begins and again when it ends. A run that never
wrote its end was cut short: within the same boot the game crashed (or was killed); after another
boot the power went (or the machine was reset). A missing, damaged or unreadable file only makes the
reason unknown: this file never stops the game, and nothing else depends on it.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import Unreadable, read_json, remove_stale_temps, write_atomically

log = logging.getLogger(__name__)

FILE_NAME = "run.json"
LIMIT = 4096  # bytes: the real file is under 200
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")  # Linux: a new id at every boot
#: Why a run began: its first start on this data folder, the last run crashed, the power went, the
#: administrator left the kiosk, the system stopped it (a service stop, a shutdown), or unknown.
FIRST, CRASH, POWER, ADMINISTRATOR, STOPPED, UNKNOWN = "first", "crash", "power", "administrator", "stopped", "unknown"
#: How a run may end, as the file says it
ENDINGS = (CRASH, ADMINISTRATOR, STOPPED)
BOOT_LIMIT = 64  # characters of a boot id (a UUID has 36)


@dataclass(frozen=True)
class RunFacts:
    """This run: when it began (seconds since the epoch) and why (one of the reasons above)."""

    started: float
    reason: str


def boot_id(path: Path = BOOT_ID) -> str:
    """The kernel's id of this boot, or '' where there is none (not Linux, not readable)."""
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()[:BOOT_LIMIT]
    except OSError:
        return ""


def why_started(previous: Any, boot: str) -> str:
    """Why this run began, from the last run's record (the decoded file, or None: no file)."""
    if previous is None:
        return FIRST
    if not isinstance(previous, dict):
        return UNKNOWN
    ended, last_boot = previous.get("ended"), previous.get("boot")
    if ended in ENDINGS:
        return str(ended)
    if ended is not None or not isinstance(last_boot, str) or not boot or not last_boot:
        return UNKNOWN
    return CRASH if last_boot == boot else POWER


def begin(folder: Path, now: float | None = None, boot: str | None = None) -> RunFacts:
    """Read how the last run ended, and write this one's beginning."""
    path = Path(folder) / FILE_NAME
    boot = boot_id() if boot is None else boot
    started = time.time() if now is None else now
    previous: Any
    remove_stale_temps(path)  # (a write a kill or a power cut interrupted)
    try:
        previous = read_json(path, LIMIT)
    except FileNotFoundError:
        previous = None
    except (Unreadable, OSError, ValueError) as exc:
        log.warning("run log: %s cannot be read (%s); the last run's end is unknown", path, exc)
        previous = "unreadable"
    facts = RunFacts(started, why_started(previous, boot))
    _write(path, {"boot": boot, "started": started, "ended": None})
    log.info("run log: started (%s)", facts.reason)
    return facts


def end(folder: Path, facts: RunFacts, ending: str, boot: str | None = None) -> None:
    """Write how this run ended (one of ENDINGS)."""
    boot = boot_id() if boot is None else boot
    _write(Path(folder) / FILE_NAME, {"boot": boot, "started": facts.started, "ended": ending})


def _write(path: Path, record: dict[str, Any]) -> None:
    try:
        write_atomically(path, json.dumps(record) + "\n")
    except OSError as exc:  # a full or read-only disk: the reason is unknown next time, nothing else
        log.warning("run log: cannot write %s (%s)", path, exc)
