"""The small files the game keeps (settings, the saved game): read with caps, written atomically,
set aside when unusable.

Everything read from disk is untrusted: a file may be truncated, huge, deeply nested, not UTF-8,
or not a file at all (a FIFO, a device, a symlink to /dev/zero). `read_json` turns every such
case into one exception, `Unreadable`: damage, for content that was read whole and is provably
no good, or a file that is not a file.

Trouble is not damage. An error while examining, opening or reading a file (an I/O error, too many
open files, no permission, no memory, ...) says nothing about its content: it raises `Trouble`,
and the file must stay where it is, untouched. So that no caller can get this wrong, a file whose
last read was trouble is never written over or removed here (`write_atomically`, `remove`) until
a later read of it succeeds or finds it gone.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class Unreadable(Exception):
    """A file that exists but cannot be used; the message says why (for the log line)."""


class Trouble(OSError):
    """A file that could not be read this time; nothing is known to be wrong with it. It is kept:
    not written over nor removed until it has been read (`kept`)."""


#: The files whose last read was trouble (by absolute path), and why.
_kept: dict[str, str] = {}


def _key(path: Path) -> str:
    return os.path.abspath(path)


def kept(path: Path) -> str | None:
    """Why `path` is kept as it is (its last read was trouble), or None."""
    return _kept.get(_key(path))


def _refuse_if_kept(path: Path) -> None:
    why = kept(path)
    if why is not None:
        raise Trouble(errno.EBUSY, f"not written over: it could not be read ({why})", str(path))


def write_atomically(path: Path, text: str) -> None:
    """A uniquely named temporary file beside the target, fsync, rename, fsync of the folder: the
    file is always whole, even with two copies of the game writing at once or a power cut.

    The temporary file's name carries the writer's process id, so that a later start can tell the
    leftovers of a killed writer from the file a running copy is writing (`remove_stale_temps`)."""
    path = Path(path)
    _refuse_if_kept(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-{os.getpid()}-", suffix=".tmp", dir=path.parent)
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
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename or a new or removed file in `folder` durable (some file systems cannot fsync a
    folder: what was done there is still atomic)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove(path: Path) -> None:
    """Delete `path` (gone already is fine); Trouble when it is kept as it is."""
    path = Path(path)
    _refuse_if_kept(path)
    path.unlink(missing_ok=True)


def remove_stale_temps(path: Path) -> int:
    """Delete the temporary files a killed writer of `path` left beside it; returns how many.

    A temporary file whose writer still runs (its process id is alive) is left alone: a second
    copy of the game may be in the middle of writing it. Names without a process id come from
    older versions and are always stale."""
    path = Path(path)
    removed = 0
    try:
        names = os.listdir(path.parent)
    except OSError:
        return 0
    prefix = f".{path.name}-"
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid = name[len(prefix) :].split("-", 1)[0]
        if pid.isdigit() and (int(pid) == os.getpid() or _alive(int(pid))):
            continue  # a write in flight, ours or another copy's
        with contextlib.suppress(OSError):
            os.unlink(path.parent / name)
            removed += 1
    if removed:
        log.info("removed %d temporary file(s) left beside %s by an interrupted write", removed, path.name)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it exists, it is someone else's
        return True
    return True


def read_regular(path: Path, limit: int, follow: bool = True) -> bytes | None:
    """The bytes of `path`, or None when there is no such file. Only a regular file (or a symlink
    to one, unless `follow` is False) is read, and never more than `limit` bytes; anything else
    raises Unreadable. An error
    while examining, opening or reading it raises Trouble, and the file is kept from then on until a
    read of it succeeds (see the module's docstring).

    The file is opened without blocking (a FIFO would wait for a writer forever) and checked again
    once open (it may have been swapped between the two looks)."""
    path, key = Path(path), _key(path)
    try:
        raw = _read(path, limit, follow)
    except Unreadable:  # read and found damaged: it goes aside, nothing to keep it for
        _kept.pop(key, None)
        raise
    except OSError as exc:
        _kept[key] = exc.strerror or str(exc)
        raise Trouble(exc.errno, _kept[key], str(path)) from None
    except MemoryError:
        _kept[key] = "out of memory"
        raise Trouble(errno.ENOMEM, _kept[key], str(path)) from None
    _kept.pop(key, None)  # read whole, or found gone
    return raw


def _read(path: Path, limit: int, follow: bool) -> bytes | None:
    """read_regular's work: OSError (but FileNotFoundError) for trouble, Unreadable for damage."""
    try:
        info = os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        return None
    _check_regular(info, limit)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags if follow else flags | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    try:
        _check_regular(os.fstat(fd), limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise Unreadable(f"larger than {limit} bytes")
    return b"".join(chunks)


def _check_regular(info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(f"not a regular file ({_kind(info.st_mode)})")
    if info.st_size > limit:
        raise Unreadable(f"larger than {limit} bytes ({info.st_size})")


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symlink"),
    ):
        if test(mode):
            return name
    return "not a file"


def read_json(path: Path, limit: int) -> Any:
    """The decoded JSON document in `path`; FileNotFoundError when there is no file, Unreadable for
    any file that cannot give one: not regular, too large, not UTF-8, not JSON, nested too deeply;
    Trouble when it could not be read this time."""
    raw = read_regular(path, limit)
    if raw is None:
        raise FileNotFoundError(path)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Unreadable("not UTF-8 text") from None
    except ValueError as exc:
        raise Unreadable(f"not valid JSON ({exc})") from None
    except RecursionError:
        raise Unreadable("JSON nested too deeply") from None
    except MemoryError:  # at most `limit` bytes: memory was short this time, the file may be fine
        _kept[_key(path)] = "out of memory"
        raise Trouble(errno.ENOMEM, "out of memory", str(path)) from None


def _free_name(path: Path, name: str, companions: tuple[str, ...]) -> Path:
    """`name` beside `path`, or it with -2, -3, ... where a file set aside before (in the same
    second) has it: one set aside never takes the place of another."""
    n = 1
    while True:
        aside = path.with_name(name if n == 1 else f"{name}-{n}")
        if not any(os.path.lexists(f"{aside}{suffix}") for suffix in ("", *companions)):
            return aside
        n += 1


def move_aside(path: Path, why: str, what: str = "file", companions: tuple[str, ...] = ()) -> Path | None:
    """Keep a damaged file for inspection, out of the way of the next start, with one log line.

    `companions` are suffixes of files that belong to it (a database's "-wal" and "-shm"): they go
    aside under the same new name, never deleted, so nothing the file held is thrown away."""
    path = Path(path)
    aside = _free_name(path, f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}", companions)
    try:
        os.replace(path, aside)
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("%s %s is unusable: %s; could not move it aside (%s)", what, path, why, exc.strerror or exc)
        return None
    for suffix in companions:
        try:
            os.replace(f"{path}{suffix}", f"{aside}{suffix}")
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("could not move %s%s aside (%s)", path.name, suffix, exc.strerror or exc)
    log.warning("%s %s is unusable: %s; moved to %s", what, path, why, aside.name)
    return aside
