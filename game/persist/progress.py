"""The game in progress and its fate: saved after every move, recorded when it ends.

The table scenes tell Progress about every change; Progress saves the model's JSON (with its undo
history) and records finished games in the statistics. A game counts as finished when it is won, or
when another game replaces it (blocked if it was blocked, else abandoned); a game left for the menu
stays saved and is offered as "Continue", also after a restart or a power cut.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from ..model.eightoff import EightOffGame
from ..model.golf import GolfGame
from .paths import data_dir
from .savefile import SaveFile
from .stats import StatsDB

log = logging.getLogger(__name__)

SAVE_FORMAT = 1
KINDS = {"golf": GolfGame, "eightoff": EightOffGame}


def kind_of(game: Any) -> str:
    return "golf" if isinstance(game, GolfGame) else "eightoff"


def option_of(game: Any) -> str:
    """The statistics' option: Golf's rule, or Eight Off's cell count."""
    return game.rule if isinstance(game, GolfGame) else str(game.cell_count)


class Progress:
    """Autosave and statistics for the current game. One per run; `close()` on exit."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.save = SaveFile(self.folder / "current-game.json")
        try:
            self.stats: StatsDB | None = StatsDB(self.folder / "statistics.sqlite3")
        except Exception as exc:  # statistics are a bonus: the game is still playable
            log.warning("statistics unavailable (%s); games are not recorded", exc)
            self.stats = None
        self.game: Any = None
        self.undos = 0
        self.duration = 0.0
        self.started = ""
        self._closed_out = False

    # -- the saved game ----------------------------------------------------------------------------
    def saved(self) -> tuple[Any, dict] | None:
        """The unfinished game on disk and its bookkeeping, or None (a bad file is moved aside)."""
        data = self.save.read()
        if data is None:
            return None
        try:
            if data.get("format") != SAVE_FORMAT or data.get("kind") not in KINDS:
                raise ValueError("unknown format")
            game = KINDS[data["kind"]].from_json(data["model"])
            undos, duration = int(data.get("undos", 0)), float(data.get("duration", 0.0))
            if undos < 0 or not 0.0 <= duration < 1e9:
                raise ValueError("bad bookkeeping numbers")
            meta = {"undos": undos, "duration": duration, "started": str(data.get("started", ""))}
        except (ValueError, TypeError, KeyError, OverflowError) as exc:
            self.save.move_aside(str(exc))
            return None
        if game.status == "won":
            return None
        return game, meta

    def begin(self, game: Any, meta: dict | None = None) -> None:
        """A table starts playing `game` (new, or resumed with its saved bookkeeping).

        Whatever game was current before and is not this one ends here: recorded as blocked or
        abandoned (a game with no move made is not counted)."""
        if game is self.game:
            return
        if meta is None:
            self._close_out_previous()
        elif self.game is not None:  # resuming the saved game: only an in-memory other game ends
            self._close_out_previous()
        self.game = game
        self.undos = int(meta.get("undos", 0)) if meta else 0
        self.duration = float(meta.get("duration", 0.0)) if meta else 0.0
        self.started = (meta or {}).get("started") or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        self._closed_out = False
        if meta is None:
            self.changed(game)  # saved from the first card: a deal left unplayed is still there

    def _close_out_previous(self) -> None:
        previous = self.game
        if previous is None:
            found = self.saved()
            if found is None:
                return
            previous, meta = found
            self.undos, self.duration = meta["undos"], meta["duration"]
            self._closed_out = False
        if not self._closed_out and previous.status != "won" and previous.moves > 0:
            self._record(previous, "blocked" if previous.status == "blocked" else "abandoned")
        self.save.clear()
        self.game = None

    def leave(self) -> None:
        """The table closes (menu, new game, quit): the game stays saved on disk as it is, to be
        continued, or closed out by the next game that begins."""
        game = self.game
        if game is not None and game.status != "won" and game.moves > 0:
            self.changed(game)  # the playing time since the last move
        self.game = None

    def tick(self, dt: float) -> None:
        """Playing time (simulation time of the table)."""
        if self.game is not None and self.game.status == "playing":
            self.duration += dt

    def changed(self, game: Any, undo: bool = False) -> None:
        """After every move: save it; a win is recorded at once."""
        if game is not self.game:
            self.begin(game)
        if undo:
            self.undos += 1
        if game.status == "won":
            # the save goes first: a power cut in between may lose this win's record, but can
            # never bring the game back one move before the win to be won and counted again
            self.save.clear()
            self.save.flush()
            if not self._closed_out:
                self._record(game, "won")
            return
        self.save.write({"format": SAVE_FORMAT, "kind": kind_of(game), "model": game.to_json(),
                         "undos": self.undos, "duration": round(self.duration, 2), "started": self.started,
                         "code": game.code, "score": game.score, "moves": game.moves, "status": game.status})

    def _record(self, game: Any, result: str) -> None:
        self._closed_out = True
        if self.stats is None:
            return
        try:
            self.stats.record(kind_of(game), option_of(game), game.code, result, game.score, game.moves,
                              self.undos, self.duration)
        except Exception as exc:  # a full disk must not stop the game
            log.warning("could not record the game in the statistics (%s)", exc)

    def close(self) -> None:
        """At exit: everything on disk, the database closed."""
        self.save.flush()
        if self.stats is not None:
            self.stats.close()
            self.stats = None
