"""Where the game in progress is saved: the save, and the file beside it while the save is kept.

A save that could not be read (files.Trouble: an I/O error, too many open files, no permission)
is kept as it is: never written over, moved or removed, and read again at each look (each visit
to the menu). The game meanwhile plays and saves as ever: a game started while the save is kept,
or while an older game waits in it, is saved beside it (`current-game.2.json`). So nothing is lost
and nothing is overwritten: the file beside holds the newer game, which is the one to continue; the
older one comes back as Continue once the newer is over. The file written next is the one that
holds the game to continue, or else the first that holds none (the save first). With neither free,
the game is played without being saved (`Unsaved`), and the log says so.

A game found again at a look after one that could not read it is not the game the player was
offered: a new game started meanwhile does not give it up (`pass_over`), it is kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .files import Trouble
from .frame_gate import FrameGate
from .savefile import SaveFile

log = logging.getLogger(__name__)

SAVE_NAME = "current-game.json"
BESIDE_NAME = "current-game.2.json"


class Unsaved:
    """Where the game in progress goes when neither file may be written: this run keeps it (read
    gives it back), nothing reaches the disk. SaveFile's interface."""

    trouble = None

    def __init__(self) -> None:
        self._doc: dict[str, Any] | None = None
        self._told = False

    def read(self) -> dict[str, Any] | None:
        return None if self._doc is None else dict(self._doc)

    def write(self, data: dict[str, Any]) -> None:
        if not self._told:
            log.warning("the game in progress is not saved: the saved games here are kept as they are")
            self._told = True
        self._doc = dict(data)

    def adopt(self, doc: dict[str, Any]) -> None:
        self._doc = dict(doc) if self._doc is None else self._doc

    def clear(self) -> None:
        self._doc = None

    def rewrite(self) -> None:
        pass

    def move_aside(self, why: str) -> None:
        pass

    def flush(self, timeout: float = 5.0) -> bool:
        return self._doc is None

    def close(self, timeout: float = 5.0) -> bool:
        return self.flush(timeout)


class SaveSlots:
    """The two files, the one written now (`target`) and why a saved game cannot be read now."""

    def __init__(
        self, folder: Path, compose: Callable[[dict[str, Any] | None], str], gate: FrameGate | None = None
    ) -> None:
        self.save = SaveFile(folder / SAVE_NAME, compose=compose, gate=gate)
        self.beside = SaveFile(folder / BESIDE_NAME, compose=compose, gate=gate)
        self.unsaved = Unsaved()
        self.target: SaveFile | Unsaved = self.save
        self.current: SaveFile | Unsaved | None = None  # where the game to continue was, at the last look
        self.free: list[SaveFile | Unsaved] = []  # the files that held no game at the last look
        #: Why a saved game could not be read at the last look (it is kept), or None.
        self.trouble: str | None = None

    @property
    def files(self) -> tuple[SaveFile, SaveFile]:
        """Both files, the one that may hold the newer game first."""
        return self.beside, self.save

    def look(self) -> list[tuple[SaveFile | Unsaved, dict[str, Any] | None]]:
        """What each file holds, newer first (SaveFile.read: this run's document for a file it has
        written; first of all the game this run could not save); a file that cannot be read now is
        left out, and `trouble` says why."""
        found: list[tuple[SaveFile | Unsaved, dict[str, Any] | None]] = [(self.unsaved, self.unsaved.read())]
        trouble = None
        for file in self.files:
            try:
                found.append((file, file.read()))
            except Trouble as exc:
                trouble = trouble or exc.strerror or "unreadable"
        self.trouble = trouble
        return found

    def choose(self, current: SaveFile | Unsaved | None, free: list[SaveFile | Unsaved]) -> None:
        """After a look: write to the file of the game to continue (`current`), or else to the first
        free one (holding no game: the save first), or else nowhere."""
        first_free = next((f for f in (self.save, self.beside) if f in free), None)
        doc = self.unsaved.read() if current is self.unsaved else None
        if doc is not None and first_free is not None:  # the game this run could not save: saved at last
            first_free.write(doc)
            self.unsaved.clear()
            current = first_free
        self.current, self.free = current, free
        self.target = current if current is not None else first_free or self.unsaved

    def pass_over(self) -> None:
        """The game found in `current` is kept, not given up: write elsewhere."""
        self.choose(None, [f for f in self.free if f is not self.current])

    def rewrite(self) -> None:
        """Write again what this run wrote or took up in each file (what `compose` adds changed)."""
        for file in self.files:
            file.rewrite()

    def flush(self, timeout: float) -> bool:
        return all([file.flush(timeout) for file in (*self.files, self.unsaved)])

    def close(self) -> None:
        for file in self.files:
            file.close()
