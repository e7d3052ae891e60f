"""The game in progress and its fate: saved after every move, recorded when it ends.

The table scenes tell Progress about every change; Progress saves the model's JSON (with its undo
history) and records finished games in the statistics. A game counts as finished when it is won, or
when another game replaces it (blocked if it was blocked, else abandoned); a game left for the menu
stays saved and is offered as "Continue", also after a restart or a power cut.

Who moved matters: a deal only the demo ("Watch") played is never recorded (it is not the player's
game), and a game both played is recorded as 'assisted', however it ends.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from .. import registry
from .paths import data_dir
from .savefile import SaveFile
from .stats import StatsDB

log = logging.getLogger(__name__)

SAVE_FORMAT = 1
#: The games a save may hold, by the name the save gives them (each family's model class).
KINDS = {family_id: fam.model for family_id, fam in registry.FAMILIES.items()}


def kind_of(game: Any) -> str:
    """The statistics' game: the game's family ('golf', 'eightoff')."""
    return registry.kind_of(game).family.id


def option_of(game: Any) -> str:
    """The statistics' option: Golf's rule, or Eight Off's cell count."""
    return registry.kind_of(game).option


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
        self.hints = 0  # hints asked for in this game
        self.player_moves = 0  # actions (moves, draws, undos) made by the player ...
        self.demo_moves = 0  # ... and by the demo
        self.guaranteed = False  # the deal was proven winnable when it was dealt
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
            # a save from before hints and the demo: every move in it was the player's
            counts = {"hints": int(data.get("hints", 0)), "demo_moves": int(data.get("demo_moves", 0)),
                      "player_moves": int(data.get("player_moves", game.moves))}
            if min(undos, *counts.values()) < 0 or not 0.0 <= duration < 1e9:
                raise ValueError("bad bookkeeping numbers")
            meta = {"undos": undos, "duration": duration, "started": str(data.get("started", "")), **counts,
                    "guaranteed": data.get("guaranteed", False) is True}
        except (ValueError, TypeError, KeyError, OverflowError) as exc:
            self.save.move_aside(str(exc))
            return None
        if game.status == "won":
            return None
        return game, meta

    def begin(self, game: Any, meta: dict | None = None, guaranteed: bool = False) -> None:
        """A table starts playing `game` (new, or resumed with its saved bookkeeping). `guaranteed`
        says a new deal was proven winnable; a resumed game takes it from `meta`.

        Whatever game was current before and is not this one ends here: recorded as blocked,
        abandoned or assisted (a game with no move made, or with the demo's moves only, is not)."""
        if game is self.game:
            return
        if meta is None or self.game is not None:
            self._close_out_previous()
        self.game = game
        self._restore(meta or {}, game)
        self.guaranteed = self.guaranteed or bool(guaranteed)
        self.started = self.started or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        self._closed_out = False
        if meta is None:
            self._store(game)  # saved from the first card: a deal left unplayed is still there

    def _restore(self, meta: dict, game: Any) -> None:
        """The bookkeeping of a saved game (a new game: all zero)."""
        self.undos = int(meta.get("undos", 0))
        self.duration = float(meta.get("duration", 0.0))
        self.started = str(meta.get("started") or "")
        self.hints = int(meta.get("hints", 0))
        self.player_moves = int(meta.get("player_moves", game.moves if meta else 0))
        self.demo_moves = int(meta.get("demo_moves", 0))
        self.guaranteed = bool(meta.get("guaranteed", False))

    @property
    def demo_only(self) -> bool:
        """Only the demo has played this game: it is not the player's, and never recorded."""
        return self.player_moves == 0 and self.demo_moves > 0

    def _close_out_previous(self) -> None:
        previous = self.game
        if previous is None:
            found = self.saved()
            if found is None:
                return
            previous, meta = found
            self._restore(meta, previous)
            self._closed_out = False
        if not self._closed_out and previous.status != "won":
            result = self._result(previous, "blocked" if previous.status == "blocked" else "abandoned")
            if result is not None:
                self._record(previous, result)
        self.save.clear()
        self.game = None

    def _result(self, game: Any, ending: str) -> str | None:
        """What the statistics make of a game ending as `ending` (won, blocked, abandoned), or None
        when it does not count: the demo played it alone, or nobody moved."""
        if self.demo_only:
            return None
        if self.player_moves > 0 and self.demo_moves > 0:
            return "assisted"
        return ending if game.moves > 0 else None

    def leave(self) -> None:
        """The table closes (menu, new game, quit): the game stays saved on disk as it is, to be
        continued, or closed out by the next game that begins."""
        game = self.game
        if game is not None and game.status != "won" and game.moves > 0:
            self._store(game)  # the playing time since the last move
        self.game = None

    def tick(self, dt: float) -> None:
        """Playing time (simulation time of the table)."""
        if self.game is not None and self.game.status == "playing":
            self.duration += dt

    def changed(self, game: Any, undo: bool = False, by_demo: bool = False) -> None:
        """After every move or undo (`by_demo`: the demo made it): save it; a win is recorded at once."""
        if game is not self.game:
            self.begin(game)
        if not self._closed_out:
            if by_demo:
                self.demo_moves += 1
            else:
                self.player_moves += 1
            if undo:
                self.undos += 1
        self._store(game)

    def hint_used(self) -> None:
        """The player asked for a hint in the current game: counted, and saved with it."""
        if self.game is None or self._closed_out:
            return
        self.hints += 1
        self._store(self.game)

    def _store(self, game: Any) -> None:
        """Save the game as it is now; a win is recorded at once instead."""
        if game.status == "won":
            # the save goes first: a power cut in between may lose this win's record, but can
            # never bring the game back one move before the win to be won and counted again
            self.save.clear()
            self.save.flush()
            if not self._closed_out:
                result = self._result(game, "won")
                self._closed_out = True  # a watched win is final too, only not the player's
                if result is not None:
                    self._record(game, result)
            return
        self.save.write({"format": SAVE_FORMAT, "kind": kind_of(game), "model": game.to_json(),
                         "undos": self.undos, "duration": round(self.duration, 2), "started": self.started,
                         "hints": self.hints, "player_moves": self.player_moves, "demo_moves": self.demo_moves,
                         "guaranteed": self.guaranteed,
                         "code": game.code, "score": game.score, "moves": game.moves, "status": game.status})

    def _record(self, game: Any, result: str) -> None:
        self._closed_out = True
        if self.stats is None:
            return
        try:
            self.stats.record(kind_of(game), option_of(game), game.code, result, game.score, game.moves,
                              self.undos, self.duration, hints=self.hints)
        except Exception as exc:  # a full disk must not stop the game
            log.warning("could not record the game in the statistics (%s)", exc)

    # -- the winnable-deal tables ------------------------------------------------------------------
    def mark_dealt(self, kind: str, number: int) -> None:
        """Deal `number` of the winnable table `kind` was handed out (nothing without statistics)."""
        self._dealt_call("mark_dealt", None, kind, number)

    def dealt(self, kind: str) -> set[int]:
        """The deals of `kind` handed out so far; an empty set without statistics."""
        return self._dealt_call("dealt", set(), kind)

    def clear_dealt(self, kind: str) -> None:
        """The table `kind` is exhausted: every deal may be dealt again."""
        self._dealt_call("clear_dealt", None, kind)

    def _dealt_call(self, name: str, fallback: Any, *args: Any) -> Any:
        if self.stats is None:
            return fallback
        try:
            return getattr(self.stats, name)(*args)
        except Exception as exc:  # statistics are a bonus: dealing goes on without them
            log.warning("the dealt deals are unavailable (%s)", exc)
            return fallback

    def close(self) -> None:
        """At exit: everything on disk, the database closed."""
        self.save.flush()
        if self.stats is not None:
            self.stats.close()
            self.stats = None
