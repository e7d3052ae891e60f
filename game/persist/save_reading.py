"""Reading the game in progress back: which saved game is the one to continue (Progress's part).

Each look (`saved`, at each visit to the menu) reads the save and the file beside it again
(save_slots): one that cannot be read now is kept as it is, said once in the log, and shown in the
menu (`save_trouble`); one read whole and found wrong in any way is moved aside with one log line;
the journal of finished games each holds is taken up (Progress._adopt); and the file the game in
progress is written to next is chosen (SaveSlots.choose).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .save_doc import SAVE_FORMAT, game_of, journal_of, why
from .save_slots import SaveSlots, Unsaved
from .savefile import SaveFile

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame
    from .statistics import Statistics

log = logging.getLogger(__name__)


class SaveReading:
    """The saved game as Progress reads it back (a part of Progress, apart for its size)."""

    slots: SaveSlots
    stats: Statistics
    _known_recorded: dict[str, bool]
    _offered: str | None  # the id of the game the last look offered to continue
    _has_wait: float  # how long a look may wait to know whether a game is recorded (start-up only)

    def _adopt(self, records: list[dict[str, Any]]) -> int:  # pragma: no cover - Progress's
        raise NotImplementedError

    @property
    def save(self) -> SaveFile | Unsaved:
        """Where the game in progress is written (save_slots: the save, the one beside it, or, with
        both kept, nowhere)."""
        return self.slots.target

    @property
    def save_trouble(self) -> str | None:
        """Why a saved game could not be read at the last look (it is kept, and read again at the
        next), or None."""
        return self.slots.trouble

    def saved(self) -> tuple[SolitaireGame, dict] | None:
        """The unfinished game to continue and its bookkeeping, or None. Each look reads the save
        again (and the file beside it, save_slots): one that cannot be read now is kept as it is;
        whatever is wrong with one read whole (it is untrusted: any exception while checking it),
        it is moved aside with one log line."""
        current: tuple[SaveFile | Unsaved, tuple[SolitaireGame, dict]] | None = None
        free = []
        for file, data in self.slots.look():
            try:
                found = self._saved_in(file, data)
            except MemoryError:  # short of memory this time: the file may be fine, and is kept
                self.slots.trouble = self.slots.trouble or "out of memory"
                continue
            if found is None:
                free.append(file)
            elif current is None:
                current = file, found
        self.slots.choose(None if current is None else current[0], free)
        self._offered = None if current is None else current[1][1]["uid"]
        return None if current is None else current[1]

    def _saved_in(self, file: SaveFile | Unsaved, data: dict[str, Any] | None) -> tuple[SolitaireGame, dict] | None:
        """The unfinished game in one file's document; its journal is taken up."""
        if data is None:
            return None
        records: list[dict[str, Any]] = []
        try:
            records = journal_of(data)
            only_journal = data.get("format") == SAVE_FORMAT and set(data) == {"format", "unrecorded"}
            found = None if only_journal else game_of(data)
        except MemoryError:
            raise
        except Exception as exc:  # any failure to make sense of the file is damage
            self._adopt(records)  # (a sound journal beside a damaged game: its games are recorded all the same)
            file.move_aside(why(exc))
            return None
        kept = self._adopt(records)
        if records:  # the save is this run's to rewrite without them once they are recorded
            file.adopt({k: v for k, v in data.items() if k != "unrecorded"})
        if kept:  # some wait on disk already: the save no longer needs them
            file.rewrite()
        if found is None:  # only a journal: the game it ended is recorded (or about to be)
            file.clear()
            return None
        game, meta = found
        if game.status == "won" and meta.get("round") is None:  # a won hole: its round goes on
            return None
        if self._recorded_already(meta["uid"]):
            log.warning(
                "the saved game %s is already in the statistics (the power went before its save "
                "was replaced); it is not continued",
                game.code,
            )
            file.clear()
            return None
        return game, meta

    def _recorded_already(self, uid: str) -> bool:
        """Whether the statistics have this game; a frame never waits to know (the start-up waits a
        little). Not known: the game is continued, and recording it again is harmless."""
        if uid not in self._known_recorded:
            known = self.stats.has(uid, wait=self._has_wait)
            if known is None:
                return False
            self._known_recorded[uid] = known
        return self._known_recorded[uid]
