"""The game in progress and its fate: saved after every move, recorded when it ends.

The table scenes tell Progress about every change; Progress saves the model's JSON (with its undo
history) and records finished games in the statistics. A game counts as finished when it is won, or
when another game replaces it (blocked if it was blocked, else abandoned); a game left for the menu
stays saved and is offered as "Continue", also after a restart or a power cut.

Who moved matters: a deal only the demo ("Watch") played is never recorded (it is not the player's
game), and a game both played is recorded as 'assisted', however it ends.

Every game recorded is also kept as its replay (replays.py: `replays`), and so is each hole of a
round as it ends (its score final: the next hole dealt, the round over or given up).

A round of golf (game.model.course.GolfRound) is saved the same way, the hole being played as the
game and the round beside it, after every move and whenever a hole ends or the next is dealt (a won
hole too: the round goes on). Its holes are never recorded as games; the round is recorded once, as
finished after the ninth hole, or abandoned when another game or round replaces it, and its
bookkeeping (id, time, hints, who moved) runs over all its holes.

Nothing is counted twice and nothing finished is lost. Every game has a unique id from its first
card, kept in its save; the statistics hold each id once, so recording a game again changes
nothing, and a save whose game is already recorded (a power cut between the record and the save's
replacement) is not offered again. Recording runs in the background (Recorder); until a finished
game is in the database it is kept in the save file's journal ("unrecorded"), written in the same
atomic replacement that drops the game from the save, and replayed at the next start.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import registry
from ..daily import caught_up
from ..model.course import GolfRound
from .frame_gate import FrameGate
from .paths import data_dir
from .recorder import Recorder
from .records import record_of
from .replays import REPLAYS_NAME, ReplayStore
from .round_stats import is_round_record, round_record_of
from .save_doc import JOURNAL_CAP, SAVE_FORMAT, model_limit
from .save_doc import UID as UID
from .save_reading import SaveReading
from .save_slots import SaveSlots
from .statistics import HAS_WAIT, Statistics
from .uid import new_uid
from .waiting import Health

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame

log = logging.getLogger(__name__)

EXIT_WAIT = 2.0  # seconds the exit waits for the statistics' queue (the journal keeps the rest)


def kind_of(game: SolitaireGame) -> str:
    """The statistics' game: the game's family ('golf', 'eightoff')."""
    return registry.kind_of(game).family.id


def option_of(game: SolitaireGame) -> str:
    """The statistics' option: Golf's rule, or Eight Off's cell count."""
    return registry.kind_of(game).option


class Progress(SaveReading):
    """Autosave and statistics for the current game. One per run; `close()` on exit."""

    def __init__(self, folder: Path | None = None, gate: FrameGate | None = None) -> None:
        """`gate`: the app's frames, which the save's writer keeps out of (frame_gate)."""
        self.folder = Path(folder) if folder is not None else data_dir()
        self._journal: tuple[dict[str, Any], ...] = ()  # finished games not known to be in the database
        self.slots = SaveSlots(self.folder, compose=self._compose, gate=gate)
        self.recorder = Recorder(self.folder / "statistics.sqlite3", on_recorded=self._recorded)
        self.stats = Statistics(self.folder / "statistics.sqlite3", self.recorder)
        #: Every finished game recorded, kept as its replay (replays.py).
        self.replays = ReplayStore(self.folder / REPLAYS_NAME, gate=gate)
        self.game: SolitaireGame | None = None
        #: The round of golf the current game is a hole of, or None for a single deal.
        self.round: GolfRound | None = None
        self.uid = ""  # the current game's id
        self.undos = 0
        self.duration = 0.0
        self.started = ""
        self.hints = 0  # hints asked for in this game
        self.player_moves = 0  # actions (moves, draws, undos) made by the player ...
        self.demo_moves = 0  # ... and by the demo
        self.guaranteed = False  # the deal was proven winnable when it was dealt
        self.daily: str | None = None  # the date of the daily deal this game is ('2026-12-01'), if it is one
        self._closed_out = False
        self._hole_kept: SolitaireGame | None = None  # the round's hole kept last as a replay
        self._known_recorded: dict[str, bool] = {}
        self._offered: str | None = None  # the id of the game the last look offered to continue
        self._has_wait = HAS_WAIT  # before the first frame: the saved game's record is looked up
        self.saved()  # a journal left by the last run goes to the database now
        self._has_wait = 0.0

    # -- the saved game (the reading: save_reading.SaveReading) --------------------------------------
    def _adopt(self, records: list[dict[str, Any]]) -> int:
        """Finished games from the save's journal: queued again (a repeat changes nothing). Returns
        how many were safe already (recorded, or waiting on disk in the statistics' waiting file)."""
        known = {r["uid"] for r in self._journal} | self.recorder.confirmed()
        for rec in records:
            if rec["uid"] not in known:
                self._journal += (rec,)
                self.recorder.submit(("record_round" if is_round_record(rec) else "record", rec))
        return sum(rec["uid"] in known for rec in records)

    def begin(
        self,
        game: SolitaireGame,
        meta: dict | None = None,
        guaranteed: bool | None = False,
        daily: str | None = None,
        golf_round: GolfRound | None = None,
    ) -> None:
        """A table starts playing `game` (new, or resumed with its saved bookkeeping). `guaranteed`
        says a new deal was proven winnable, `daily` that it is the daily deal of that date; a resumed
        game takes both from `meta`. `golf_round` (or meta's "round"): the round of golf `game` is the
        hole being played of.

        Whatever game was current before and is not this one ends here: recorded as blocked,
        abandoned or assisted (a game with no move made, or with the demo's moves only, is not),
        and so does a round, unless `game` is its next hole."""
        if game is self.game:
            return
        rnd = golf_round if golf_round is not None or meta is None else meta.get("round")
        if rnd is not None and rnd.game is game and rnd is self.round:
            if self.game is not None:
                self._keep_hole(self.game)
            self.game = game  # the next hole of the round being played: its bookkeeping goes on
            self._store(game)
            return
        if meta is None or self.game is not None:
            self._close_out_previous()
        self.game, self.round = game, rnd
        self._restore(meta or {}, game)
        self.uid = self.uid or new_uid()
        self.guaranteed = self.guaranteed or bool(guaranteed)
        self.daily = self.daily or daily
        self.started = self.started or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        self._closed_out = False
        if meta is None:
            self._store(game)  # saved from the first card: a deal left unplayed is still there

    def _restore(self, meta: dict, game: SolitaireGame) -> None:
        """The bookkeeping of a saved game (a new game: all zero)."""
        self.uid = str(meta.get("uid") or "")
        self.undos = int(meta.get("undos", 0))
        self.duration = float(meta.get("duration", 0.0))
        self.started = str(meta.get("started") or "")
        self.hints = int(meta.get("hints", 0))
        self.player_moves = int(meta.get("player_moves", game.moves if meta else 0))
        self.demo_moves = int(meta.get("demo_moves", 0))
        self.guaranteed = bool(meta.get("guaranteed", False))
        self.daily = meta.get("daily")

    @property
    def clean(self) -> bool:
        """The player alone has moved, with no undo and no hint: a win now is a clean win."""
        return self.player_moves > 0 and self.demo_moves == 0 and self.undos == 0 and self.hints == 0

    @property
    def demo_only(self) -> bool:
        """Only the demo has played this game: it is not the player's, and never recorded."""
        return self.player_moves == 0 and self.demo_moves > 0

    def _close_out_previous(self) -> None:
        previous, rnd = self.game, self.round
        self.game = self.round = None
        if previous is None:
            offered = self._offered
            found = self.saved()
            if found is None:
                return
            if found[1]["uid"] not in (offered, self.uid):  # neither offered nor this run's: kept
                self.slots.pass_over()
                return
            previous, meta = found
            self._restore(meta, previous)
            rnd = meta.get("round")
            self._closed_out = False
        if self._closed_out:
            pass
        elif rnd is not None:
            result = self._result(previous, "abandoned", rnd)
            if result is not None and not rnd.finished:
                self._keep_hole(previous)
                self._record_round(rnd, result)
        elif previous.status != "won":
            result = self._result(previous, "blocked" if previous.status == "blocked" else "abandoned")
            if result is not None:
                self._record(previous, result)
        self.save.clear()

    def _result(self, game: SolitaireGame, ending: str, rnd: GolfRound | None = None) -> str | None:
        """What the statistics make of a game (or the round `rnd`) ending as `ending` (won, blocked,
        abandoned; a round: finished, abandoned), or None when it does not count: the demo played it
        alone, or nobody moved."""
        if self.demo_only:
            return None
        if self.player_moves > 0 and self.demo_moves > 0:
            return "assisted"
        return ending if (game.moves > 0 if rnd is None else rnd.started) else None

    def leave(self) -> None:
        """The table closes (menu, new game, quit): the game stays saved on disk as it is, to be
        continued, or closed out by the next game that begins."""
        game = self.game
        if game is not None and (self.round is not None or game.status != "won" and game.moves > 0):
            self._store(game)  # the playing time since the last move
        self.game = None

    def give_up_saved(self) -> None:
        """A kiosk's visitor walked away from their game: it ends here, recorded as a game replaced by
        another would be (abandoned, blocked or assisted; a round abandoned), and is no longer
        offered. Called while no table plays (the game is on disk)."""
        if self.game is not None:
            return  # (a table is playing it: it is not walked away from)
        found = self.saved()
        if found is None:
            return
        self._offered = found[1]["uid"]
        self._close_out_previous()

    def tick(self, dt: float) -> None:
        """Playing time (simulation time of the table)."""
        if self.game is not None and self.game.status == "playing":
            self.duration += dt

    def changed(self, game: SolitaireGame, undo: bool = False, by_demo: bool = False) -> None:
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

    def round_changed(self, rnd: GolfRound) -> None:
        """The round being played dealt its next hole (or gave one up, or ended): saved, or recorded
        once its ninth hole is final."""
        if rnd is self.round:
            if self.game is not None and rnd.game is not self.game:
                self._keep_hole(self.game)  # the hole just ended is final: the next one is dealt
            self._store(rnd.game)

    def _store(self, game: SolitaireGame) -> None:
        """Save the game as it is now; a win is recorded at once instead (the save keeps the record
        in its journal, in the same write that drops the game). A round's hole: the round's game,
        with the round, until its end is recorded."""
        rnd = self.round
        if rnd is not None:
            if not rnd.finished:
                self.save.write({**self._document(rnd.game), "round": json.loads(rnd.to_json(include_game=False))})
                return
            if not self._closed_out:
                result = self._result(rnd.game, "finished", rnd)
                self._closed_out = True
                if result is not None:
                    self._keep_hole(rnd.game)
                    self._record_round(rnd, result)
            self.save.clear()
            return
        if game.status == "won":
            if not self._closed_out:
                result = self._result(game, "won")
                self._closed_out = True  # a watched win is final too, only not the player's
                if result is not None:
                    self._record(game, result)
            self.save.clear()
            return
        self.save.write(self._document(game))

    def _document(self, game: SolitaireGame) -> dict[str, Any]:
        """The save's document for the game and its bookkeeping."""
        return {
            "format": SAVE_FORMAT,
            "kind": kind_of(game),
            "model": game.to_json(limit=model_limit()),
            "uid": self.uid,
            "undos": self.undos,
            "duration": round(self.duration, 2),
            "started": self.started,
            "hints": self.hints,
            "player_moves": self.player_moves,
            "demo_moves": self.demo_moves,
            "guaranteed": self.guaranteed,
            "daily": self.daily,
            "code": game.code,
            "score": game.score,
            "moves": game.moves,
            "status": game.status,
        }

    def _record(self, game: SolitaireGame, result: str) -> None:
        """Queue the game's record and keep it in the journal until the database has it; its
        replay is kept (replays.py)."""
        self._closed_out = True
        self.replays.keep(game, result)
        self._enqueue(
            "record",
            record_of(
                kind_of(game),
                option_of(game),
                game.code,
                result,
                game.score,
                game.moves,
                self.undos,
                self.duration,
                hints=self.hints,
                uid=self.uid,
                daily=self.daily,
                catch_up=caught_up(self.daily, self.started),
            ),
        )

    def _keep_hole(self, hole: SolitaireGame) -> None:
        """A round's hole is over (the next dealt, the round ended or given up): kept as a replay
        (won, blocked, or abandoned when given up or left in play; assisted as the round is)."""
        if hole is self._hole_kept:
            return
        self._hole_kept = hole
        ending = hole.status if hole.status in ("won", "blocked") else "abandoned"
        result = self._result(hole, ending)
        if result is not None:
            self.replays.keep(hole, result)

    def _record_round(self, rnd: GolfRound, result: str) -> None:
        """Queue the round's record (its holes finished so far) and keep it in the journal."""
        self._closed_out = True
        self._enqueue(
            "record_round",
            round_record_of(
                rnd.rules.name,
                rnd.code,
                result,
                rnd.scores,
                winnable=rnd.winnable,
                hints=self.hints,
                duration_s=self.duration,
                uid=self.uid,
            ),
        )

    def _enqueue(self, op: str, rec: dict[str, Any]) -> None:
        confirmed = self.recorder.confirmed()
        journal = tuple(r for r in self._journal if r["uid"] not in confirmed and r["uid"] != rec["uid"])
        if len(journal) >= JOURNAL_CAP:
            log.warning("statistics: %d finished games wait to be recorded; the oldest is dropped", len(journal))
            journal = journal[1 - JOURNAL_CAP :]
        self._journal = (*journal, rec)
        self.recorder.submit((op, rec))

    def _compose(self, doc: dict[str, Any] | None) -> str:
        """The save file's text (on the writer thread): the game, and the finished games not yet in
        the database; nothing at all when there is neither."""
        confirmed = self.recorder.confirmed()
        # (the newest JOURNAL_CAP, as the reader takes them: the others wait in the recorder's file)
        journal = [r for r in self._journal if r["uid"] not in confirmed][-JOURNAL_CAP:]
        if doc is None and not journal:
            return ""
        out: dict[str, Any] = dict(doc) if doc is not None else {"format": SAVE_FORMAT}
        if journal:
            out["unrecorded"] = journal
        return json.dumps(out, separators=(",", ":"))

    def _recorded(self, uid: str) -> None:
        """The Recorder wrote a finished game (its thread): the save's journal can drop it."""
        if any(r["uid"] == uid for r in self._journal):
            self.slots.rewrite()

    # -- the deal lists ----------------------------------------------------------------------------
    def mark_dealt(self, kind: str, number: int) -> None:
        """Deal `number` of the deal list `kind` was handed out (written in the background)."""
        self.stats.mark_dealt(kind, number)

    def dealt(self, kind: str) -> set[int]:
        """The deals of `kind` handed out so far, as far as known now (a frame asks: never waits; at
        least those marked in this run)."""
        return self.stats.known.dealt(kind)

    def health(self) -> Health:
        """The statistics' state for the administrator (kiosk): why they are not written now (a
        reason code, or None), how many finished games wait to be recorded and how many of those
        wait on disk, when the oldest was made, how many were dropped in this run. Never waits."""
        return self.recorder.health()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait (bounded) until the statistics and the save are on disk; True when both are."""
        recorded = self.recorder.flush(timeout)
        kept = self.replays.flush(timeout)
        return self.slots.flush(timeout) and recorded and kept

    def close(self) -> None:
        """At exit: the statistics' queue gets a bounded wait (what is left stays in the save's
        journal), then the save is written; safe to call twice."""
        self.recorder.close(EXIT_WAIT)
        if self._journal:
            self.slots.rewrite()  # without what was written meanwhile
        self.slots.close()
        self.replays.close()
        self.stats.close()


def at_stake(saved: tuple[SolitaireGame, dict] | None) -> bool:
    """Whether giving up a saved game (Progress.saved) would lose something: a game in play with
    moves made, or a round of golf under way."""
    if saved is None:
        return False
    game, meta = saved
    rnd = meta.get("round")
    if rnd is not None:
        return bool(rnd.started and not rnd.finished)
    return game.status == "playing" and game.moves > 0
