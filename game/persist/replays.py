"""Every finished game kept as its replay: the last RECENT games, and each deal's best.

When Progress records a finished game (won, blocked, abandoned or assisted: a game the demo played
alone is never recorded, so never kept) it hands the game here too, and the store keeps its replay
(its deal code and its line, `move_stack`: without what was undone) with when it finished, its
result, score and moves (the game's count of actions, as the statistics show it). A round of golf's
holes are kept one by one, as each hole's score becomes final (the next hole dealt, or the round's
end), or as abandoned when the round is given up during it.

What is kept: the newest RECENT games, plus each deal's best game when it is older than those
(at most OLDER_BESTS of them: the won ones first, then the newest). The best game of a deal is the
won one first, then the player's own over an assisted one, then the higher score (Golf: the more
cards played; Eight Off: the more cards home), then the fewer moves (a Golf win with more of the
stock left, a shorter Eight Off win); of equals, the earlier.

One JSON file in the data folder, `replays.json`, replaced atomically by a background writer after
each game kept (savefile.SaveFile: it waits for the frame under way to end, and a write that fails,
a full disk, is tried again with back-off, said once in the log; the game goes on). A line is its
moves' text forms joined by spaces ('d p3 p4', 'c0l3x1 c1f0x1'): a few bytes a move, so at RECENT
games of Eight Off of 150 moves each the file is about 230 KB (1.2 KB a game), and about 50 KB
for Golf; with as many older bests, at most twice that.

The file is read as untrusted, in the background from the start (a frame never waits for it; the
first look at the games does, if it has not ended): only a regular file of at most READ_LIMIT
bytes, JSON nested no deeper than the schema, every field typed and in range, and each line played
again from its deal by Replay itself. A damaged file is set aside with a log line and the store
starts empty (nothing else is lost); a damaged game alone is dropped with a log line. A file that
could not be read this time (files.Trouble) is kept as it is and not written over: this run's games
are kept in memory only.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.codes import InvalidCode, parse_code
from ..model.replay import GAMES, MAX_REPLAY_MOVES, InvalidReplay, Replay
from .files import Trouble, Unreadable, move_aside, read_json, write_atomically
from .frame_gate import HOLD_S, FrameGate
from .savefile import SaveFile

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame

log = logging.getLogger(__name__)

REPLAYS_NAME = "replays.json"
FORMAT = 1
#: The newest games kept, whatever they were.
RECENT = 200
#: The most older games kept as their deal's best.
OLDER_BESTS = 200
#: The largest file read or written (bytes): RECENT + OLDER_BESTS games of MAX_REPLAY_MOVES moves.
READ_LIMIT = 4 * 1024 * 1024
RESULTS = ("won", "blocked", "abandoned", "assisted")
MAX_SCORE = 100_000
MAX_ACTIONS = 10_000_000
MAX_DEAL_TEXT = 64
#: A move's text form is at most 7 characters ('c0l3x13'), and a space between.
MAX_LINE_TEXT = 8 * MAX_REPLAY_MOVES
TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")
FIELDS = ("deal", "line", "finished", "result", "score", "moves")


@dataclass(frozen=True)
class Kept:
    """A game kept: its replay, when it finished (UTC, 'YYYY-MM-DDTHH:MM:SS'), its result ('won',
    'blocked', 'abandoned', 'assisted'), score and moves, and whether it is its deal's best game."""

    replay: Replay
    finished: str
    result: str
    score: int
    moves: int
    best: bool = False


def rank(kept: Kept) -> tuple[bool, bool, int, int]:
    """How good a game is, the best highest (see the module's docstring)."""
    return (kept.replay.status == "won", kept.result != "assisted", kept.score, -kept.moves)


def chosen(games: list[Kept]) -> list[Kept]:
    """What is kept of `games` (oldest first), oldest first, each marked whether it is its deal's
    best: the newest RECENT, and the best of each deal among the older ones, at most OLDER_BESTS."""
    split = max(0, len(games) - RECENT)
    winners = _bests(games)
    older = [k for k in games[:split] if id(k) in winners]
    if len(older) > OLDER_BESTS:
        keep = {id(k) for k in sorted(older, key=lambda k: (k.replay.status == "won", k.finished))[-OLDER_BESTS:]}
        older = [k for k in older if id(k) in keep]
    out = [*older, *games[split:]]
    winners = _bests(out)
    return [k if k.best == (id(k) in winners) else replace(k, best=id(k) in winners) for k in out]


def _bests(games: list[Kept]) -> set[int]:
    """The ids of the best game of each deal among `games` (oldest first: of equals, the earlier)."""
    best: dict[str, Kept] = {}
    for kept in games:
        key = str(kept.replay.deal)
        if key not in best or rank(kept) > rank(best[key]):
            best[key] = kept
    return {id(k) for k in best.values()}


def entry_of(kept: Kept) -> dict[str, Any]:
    """A kept game as the file holds it."""
    return {
        "deal": str(kept.replay.deal),
        "line": " ".join(str(m) for m in kept.replay.moves),
        "finished": kept.finished,
        "result": kept.result,
        "score": kept.score,
        "moves": kept.moves,
    }


def kept_of(entry: Any) -> Kept:
    """A kept game from the file's entry, every field checked and the line played again from its
    deal (ValueError saying what is wrong)."""
    if not isinstance(entry, dict):
        raise ValueError("not an object")
    deal, line, finished, result, score, moves = (entry.get(name) for name in FIELDS)
    if not isinstance(deal, str) or len(deal) > MAX_DEAL_TEXT:
        raise ValueError("no deal code")
    if not isinstance(line, str) or len(line) > MAX_LINE_TEXT:
        raise ValueError("no line")
    if not isinstance(finished, str) or not TIME.fullmatch(finished):
        raise ValueError("no time")
    if result not in RESULTS:
        raise ValueError("no result")
    if type(score) is not int or not -MAX_SCORE <= score <= MAX_SCORE:
        raise ValueError("bad score")
    if type(moves) is not int or not 0 <= moves <= MAX_ACTIONS:
        raise ValueError("bad moves")
    try:
        code = parse_code(deal)
        model = GAMES[code.game].MOVE
        replay = Replay(code, [model.parse(text) for text in line.split()])
    except (InvalidCode, InvalidReplay, ValueError) as exc:
        raise ValueError(f"its line does not play: {exc}"[:200]) from None
    if result in ("won", "blocked") and replay.status != result or moves < len(replay):
        raise ValueError("its result or moves do not match its line")
    return Kept(replay, finished, str(result), score, moves)


class ReplayFile(SaveFile):
    """The store's file: a SaveFile whose log lines and limit are the replays'."""

    def move_aside(self, why: str) -> None:
        move_aside(self.path, why, "replays file")

    def _commit(self, text: str) -> None:
        if len(text.encode("utf-8")) > READ_LIMIT:
            raise OSError(f"larger than the {READ_LIMIT} bytes the replays are read up to")
        write_atomically(self.path, text)

    def _failed(self, exc: OSError) -> None:
        why = exc.strerror or str(exc)
        if why != self._failing:
            log.warning("could not keep the finished games' replays in %s (%s); trying again", self.path, why)
            self._failing = why


class ReplayStore:
    """The games kept (see the module's docstring): `keep` a finished game, `recent()`, `last()`."""

    def __init__(
        self,
        path: Path,
        gate: FrameGate | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.gate = gate
        self.clock = clock
        self._lock = threading.RLock()
        self._games: list[Kept] = []  # oldest first, as chosen()
        self._pending: list[Kept] = []  # kept before the file was read
        self._last: Kept | None = None
        self._writable = True  # False: the file could not be read this time (it is not written over)
        self._file = ReplayFile(self.path, compose=self._compose, gate=gate)
        self._loaded = threading.Event()
        self._loader = threading.Thread(target=self._load, name="replays-load", daemon=True)
        self._loader.start()

    # -- reading -----------------------------------------------------------------------------------
    def _load(self) -> None:
        try:
            games = self._read()
        except Exception:  # (never the game's end: the store starts empty)
            log.exception("the replays file %s could not be read; this run keeps its games in memory", self.path)
            games, self._writable = [], False
        with self._lock:
            self._games = chosen([*games, *self._pending])
            self._pending = []
            self._loaded.set()
            if self._last is not None:
                self._last = self._find(self._last)

    def _read(self) -> list[Kept]:
        """The games in the file, oldest first (none when there is none, or it is damaged: then set
        aside)."""
        try:
            data = read_json(self.path, READ_LIMIT)
        except FileNotFoundError:
            return []
        except Unreadable as exc:
            self._file.move_aside(str(exc))
            return []
        except Trouble as exc:
            log.warning(
                "the replays file %s cannot be read now (%s); it is kept as it is, and this run's games not written",
                self.path,
                exc.strerror,
            )
            self._writable = False
            return []
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), list):
            self._file.move_aside("not a replays file of this version")
            return []
        games, dropped, why = [], 0, ""
        for entry in data["games"][: RECENT + OLDER_BESTS]:
            self._yield_to_frame()
            try:
                games.append(kept_of(entry))
            except ValueError as exc:
                dropped, why = dropped + 1, why or str(exc)
        if dropped:
            log.warning("%d damaged game(s) in %s dropped (the first: %s)", dropped, self.path.name, why)
        return games

    def _yield_to_frame(self) -> None:
        """Wait (at most HOLD_S) for the frame under way to end: a frame never waits for the reading."""
        gate = self.gate
        if gate is None:
            return
        waited = 0.0
        while gate.in_frame and waited < HOLD_S:
            time.sleep(0.002)
            waited += 0.002

    def _ready(self) -> None:
        self._loaded.wait()

    # -- what the game asks ------------------------------------------------------------------------
    def recent(self) -> list[Kept]:
        """The games kept, the newest first (once the file has been read: the first look waits for
        the reading begun at the start, if it has not ended yet)."""
        self._ready()
        with self._lock:
            return list(reversed(self._games))

    def last(self) -> Kept | None:
        """The game kept last in this run (the game just finished), or None. Never waits: until the
        file has been read (the first moments of a run), it is not yet known to be its deal's best."""
        with self._lock:
            return self._last

    def _find(self, kept: Kept) -> Kept | None:
        """(The lock held.) `kept` as the store holds it now (with its best mark), or None."""
        for k in reversed(self._games):
            if k.replay == kept.replay and k.finished == kept.finished:
                return k
        return None

    # -- keeping -----------------------------------------------------------------------------------
    def keep(self, game: SolitaireGame, result: str) -> Kept | None:
        """Keep a finished game (Progress: when it is recorded, with its result); the game kept, or
        None when it has no replay (a position not dealt from a code, or a line too long)."""
        try:
            replay = Replay.of(game)  # type: ignore[arg-type]  # (both games are SolitaireGames)
        except InvalidReplay as exc:
            log.info("a finished game is not kept as a replay: %s", exc)
            return None
        finished = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(self.clock()))
        kept = Kept(replay, finished, result, int(game.score), max(int(game.moves), len(replay)))
        with self._lock:
            if self._loaded.is_set():
                self._games = chosen([*self._games, kept])
                self._last = self._find(kept)
            else:
                self._pending.append(kept)
                self._last = kept
        if self._writable:
            self._file.write({})
        return kept

    def _compose(self, _doc: Any) -> str:
        """The file's text (on the writer thread, once the file has been read)."""
        self._ready()
        with self._lock:
            games = [entry_of(k) for k in self._games]
        return json.dumps({"format": FORMAT, "games": games}, separators=(",", ":"))

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait (bounded) until the games kept are on disk; True when they are."""
        return self._file.flush(timeout)

    def close(self, timeout: float = 2.0) -> None:
        self._loaded.wait(timeout)
        self._file.close(timeout)
