"""Where saved games and statistics live (the data folder) and settings (the config folder), and
whether the game can use them.

Each folder is the environment's override when it is set (GOLF_EIGHTOFF_DATA_DIR,
GOLF_EIGHTOFF_CONFIG_DIR: tests, kiosks), else the platform's (platformdirs). Finding a folder or
making it ready never raises anything but `FolderUnusable`, an OSError naming the folder and the
reason: a HOME the game cannot read, a folder it cannot enter or create, a path too long for the
system or for SQLite. The game then plays without what that folder keeps, and says so.
"""

from __future__ import annotations

import errno
import os
import reprlib
from collections.abc import Callable
from pathlib import Path

APP_NAME = "golf-eightoff"
DATA_ENV = "GOLF_EIGHTOFF_DATA_DIR"
CONFIG_ENV = "GOLF_EIGHTOFF_CONFIG_DIR"
#: The longest folder path used, in bytes: SQLite's Unix layer opens no path over 512 bytes, and the
#: database's own names (statistics.sqlite3-journal) take 28 of them after the folder's.
PATH_LIMIT = 400
_short = reprlib.Repr()  # a path in a message: its start and end, never 5,000 characters of it
_short.maxstring = 120


class FolderUnusable(OSError):
    """A folder the game cannot use; `path` is it (None when it could not even be found), `reason`
    says why, for the log and for the one line a start-up failure prints."""

    def __init__(self, path: Path | str | None, reason: str) -> None:
        super().__init__(reason)
        self.path = None if path is None else Path(path)
        self.reason = reason

    def __str__(self) -> str:
        return f"{shown(self.path)}: {self.reason}" if self.path is not None else self.reason


def shown(path: Path | str | None) -> str:
    """A path as a message shows it: quoted, with the middle of a very long one left out."""
    return _short.repr(str(path))


def data_dir() -> Path:
    """The data folder (not checked: see `prepare`). Raises FolderUnusable when there is none."""
    return _folder(DATA_ENV, "user_data_dir")


def config_dir() -> Path:
    """The settings' folder (not checked: see `prepare`). Raises FolderUnusable when there is none."""
    return _folder(CONFIG_ENV, "user_config_dir")


def _folder(env: str, platform_function: str) -> Path:
    override = os.environ.get(env)
    if override:
        try:
            return Path(os.path.abspath(override))
        except OSError as exc:  # a relative override, and the working folder is gone
            raise FolderUnusable(override, _reason(exc)) from None
    import platformdirs  # only without the override (tests and kiosks set it)

    find: Callable[[str], str] = getattr(platformdirs, platform_function)
    try:  # platformdirs raises when it cannot tell the home folder (no HOME, no passwd entry)
        found = find(APP_NAME)
    except Exception as exc:
        raise FolderUnusable(None, f"no folder for the game's files ({exc}); set HOME or {env}") from None
    if not os.path.isabs(found):  # a relative answer would put the files wherever the game is started
        raise FolderUnusable(found, f"not an absolute path; set HOME or {env}")
    return Path(found)


def prepare(folder: Path) -> Path:
    """Make the folder if it is missing and check the game can list it and enter it; returns it.
    Raises FolderUnusable with the reason otherwise. (Whether it can be written to is learnt by
    writing: a read-only folder still gives the saved game and the statistics to read.)"""
    if len(os.fsencode(folder)) > PATH_LIMIT:
        raise FolderUnusable(folder, f"the path is longer than {PATH_LIMIT} bytes")
    try:
        os.makedirs(folder, exist_ok=True)
        os.listdir(folder)  # (reading the folder)
        os.stat(os.path.join(folder, "."))  # (entering it)
    except OSError as exc:
        raise FolderUnusable(folder, _reason(exc)) from None
    return folder


def _reason(exc: OSError) -> str:
    """An OSError as the end of a log line: what the system said, without the path again."""
    if exc.errno == errno.ENAMETOOLONG:
        return "the path is too long for the system"
    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        return "a file is in the way (not a folder)"
    return exc.strerror or type(exc).__name__
