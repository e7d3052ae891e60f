"""Writing and setting aside the small files the game keeps (settings, the saved game)."""
from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)


def write_atomically(path: Path, text: str) -> None:
    """A uniquely named temporary file beside the target, fsync, rename, fsync of the folder: the
    file is always whole, even with two copies of the game writing at once or a power cut."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError:  # some file systems cannot fsync a folder; the rename is still atomic
        pass


def move_aside(path: Path, why: str, what: str = "file") -> Path | None:
    """Keep a damaged file for inspection, out of the way of the next start, with a log line."""
    path = Path(path)
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
    try:
        os.replace(path, aside)
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("%s %s is unusable: %s; could not move it (%s)", what, path, why, exc)
        return None
    log.warning("%s %s is unusable: %s; moved to %s", what, path, why, aside.name)
    return aside
