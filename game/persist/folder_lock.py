"""One game per data folder: a lock file in the folder, held for as long as the game runs.

Two copies of the game on one folder would both continue the same saved game, and the last to
write would wipe out the other's moves. So the game takes an exclusive `flock` on ``game.lock``
before it reads the save, and writes its process id in the file for the message the second copy
shows. The kernel lets go of a flock when its process ends however it ends (a crash, SIGKILL), and
a power cut leaves no lock at all: a lock file left behind is just a file, taken over by the next
start. Nothing is ever deleted, so no two copies can each hold a lock on a different file.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from pathlib import Path

LOCK_NAME = "game.lock"
PID_LIMIT = 32  # bytes read back from the lock file: a process id, whatever else is in there


class FolderLock:
    """The lock file of one data folder. `acquire()` once; `release()` (or the process's end) frees it."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock: True when it is ours, False while another process holds it. Raises
        OSError when there can be no lock here (a read-only folder without the file, a file system
        without flock): the caller decides whether to play on without one."""
        if self._fd is not None:
            return True
        fd = self._open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        self._fd = fd
        with contextlib.suppress(OSError):  # (the pid is for messages only; a read-only file has none)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return True

    def _open(self) -> int:
        flags = os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT | flags, 0o644)
        except OSError as exc:
            if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise
        return os.open(self.path, os.O_RDONLY | flags)  # a read-only folder: flock needs no write

    def holder(self) -> int | None:
        """The process id the holder wrote in the file, if there is a sensible one."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
        except OSError:
            return None
        try:
            text = os.read(fd, PID_LIMIT)
        except OSError:
            return None
        finally:
            os.close(fd)
        try:
            pid = int(text.decode("ascii").strip())
        except ValueError:
            return None
        return pid if 0 < pid < 2**31 else None

    def release(self) -> None:
        """Let the lock go (the file stays: see the module docstring). Safe to call twice."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)  # (closing the only descriptor releases the flock)
