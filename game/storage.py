"""The folders the game keeps its files in, made ready once at start, and the data folder's lock.

A folder the game cannot use (it cannot be entered or created, its path is too long, HOME cannot be
read) never stops the game: it plays without what that folder keeps, says so in the log (the path
and the reason) and once on screen (`Storage.notice`). A data folder that cannot be used has no
lock either. A data folder that another copy of the game holds is refused (`FolderInUse`), or, in
a kiosk, waited for: systemd would otherwise start the game again and again while the other runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.i18n import N_
from game.persist.folder_lock import FolderLock
from game.persist.paths import FolderUnusable, config_dir, data_dir, prepare, shown
from game.settings import Settings

log = logging.getLogger(__name__)

LOCK_POLL = 1.0  # seconds between two looks at a held lock while a kiosk waits for it

#: (title, detail) of the notice for what cannot be kept: the data, the settings, or both.
NOTICES = {
    (False, True): (
        N_("Progress cannot be saved"),
        N_("The data folder cannot be used: games are played but not kept."),
    ),
    (True, False): (
        N_("Settings cannot be saved"),
        N_("The settings folder cannot be used: changes last until the game closes."),
    ),
    (False, False): (
        N_("Progress and settings cannot be saved"),
        N_("Their folders cannot be used: nothing is kept after the game closes."),
    ),
}


class FolderInUse(Exception):
    """Another copy of the game holds the data folder's lock."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder, self.pid = folder, pid
        who = f"another copy of the game (process {pid})" if pid else "another copy of the game"
        super().__init__(f"{who} is using the data folder {shown(folder)}")


@dataclass
class Storage:
    """What the game may keep this run. `data` None: nothing is saved (no game, no statistics, no
    face cache); `settings_kept` False: the settings are neither read nor written."""

    data: Path | None
    settings_kept: bool = True
    lock: FolderLock | None = None

    @property
    def notice(self) -> tuple[str, str] | None:
        """The English (title, detail) to show once, or None when everything can be kept."""
        return NOTICES.get((self.data is not None, self.settings_kept))

    def load_settings(self, path: Path | str | None = None) -> Settings:
        """The settings to play with: read when they can be kept, else the defaults (not read: a
        folder that cannot be used gives no second warning)."""
        return Settings.load(path) if self.settings_kept else Settings()

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()


def open_storage(
    settings: bool = True,
    lock: bool = False,
    wait: bool = False,
    sleep: Callable[[float], object] = time.sleep,
) -> Storage:
    """Find and make ready the data folder and (with `settings`) the settings' folder. With `lock`,
    take the data folder's lock: a held lock raises FolderInUse, or with `wait` is waited for."""
    data = _usable(data_dir, "the data folder", "games are played but not saved")
    kept = settings and _usable(config_dir, "the settings folder", "settings are not kept") is not None
    storage = Storage(data, kept or not settings)
    if data is not None and lock:
        storage.lock = take_lock(data, wait, sleep)
    return storage


def _usable(find: Callable[[], Path], name: str, consequence: str) -> Path | None:
    try:
        return prepare(find())
    except FolderUnusable as exc:
        log.warning("%s cannot be used (%s); %s", name, exc, consequence)
        return None


def take_lock(folder: Path, wait: bool, sleep: Callable[[float], object] = time.sleep) -> FolderLock | None:
    """The folder's lock, taken; None when the folder can have none (a read-only folder: nothing is
    written there, so no copy can undo another's game). A lock held by another copy raises
    FolderInUse, or with `wait` is looked at every LOCK_POLL seconds until it is free."""
    lock = FolderLock(folder)
    said = False
    while True:
        try:
            if lock.acquire():
                return lock
        except OSError as exc:
            log.warning("the data folder %s cannot be locked (%s); playing on without a lock", shown(folder), exc)
            return None
        if not wait:
            raise FolderInUse(folder, lock.holder())
        if not said:
            log.warning("%s; waiting for it to end", FolderInUse(folder, lock.holder()))
            said = True
        sleep(LOCK_POLL)
