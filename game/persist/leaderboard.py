"""A kiosk's board of today's best: for each game, the best games finished today at this table,
each with the three initials its player gave (arcade style: optional, and nothing else personal).

What ranks a game (lower is better, `mark`):
- Golf: its golf score (game.model.golf.hole_score: the cards left on the tableau when blocked,
  minus the cards left in the stock when won), for a game won or blocked;
- Eight Off: its moves, for a game won.
A game the demo played part of (assisted) never goes on the board: the board is of the players' own
games. Ties keep the earlier game above. Each game's board holds PLACES entries, and only today's
(the local date): the first game of a new day starts a new board.

Every entry keeps its replay code (game.model.replay_code), so the day's best can be watched (attract
mode plays them between its demos) and its deal taken on ("Beat 34 moves on this deal").

One small file in the data folder, `board.json`, written atomically after each change and read
carefully: a size limit, every field typed and in range. A damaged file is set aside with a log line
and the board starts empty; a damaged entry alone is dropped; a write that fails leaves the board in
memory for the day (one log line). Nothing else depends on it.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.codes import InvalidCode
from ..model.golf import GolfGame, hole_score
from ..model.replay import InvalidReplay, Replay
from ..model.replay_code import MAX_CODE_TEXT, replay_code
from .files import Trouble, Unreadable, move_aside, read_json, remove_stale_temps, write_atomically

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame

log = logging.getLogger(__name__)

FILE_NAME = "leaderboard.json"
LIMIT = 256 * 1024  # bytes: a full board of the longest replays is under 50 KiB, a usual one 3 KiB
PLACES = 5  # entries per game
GAMES = ("golf", "eightoff")
INITIALS = 3  # letters at most
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CODE_LIMIT = MAX_CODE_TEXT  # characters of a replay code
MARK_SPAN = (-52, 10_000)  # a golf score (a clearance leaves at most 52 - 35 - 1 in the stock) or moves


@dataclass(frozen=True)
class Entry:
    """One game on the board: its game ('golf', 'eightoff'), its rule set's kind id, the deal code,
    its replay code, its mark (lower is better), the player's initials ('' until given), when it
    finished (UTC, '2026-12-07T14:03:11') and the game's id (game.persist.uid: one entry per game, a
    Golf game ended again after an undo keeps its better end)."""

    game: str
    kind: str
    deal: str
    replay: str
    mark: int
    initials: str
    finished: str
    uid: str


def entry_for(game: SolitaireGame, kind: str, uid: str, finished: str | None = None) -> Entry | None:
    """The board's entry of a finished game of the kind `kind`, or None when it cannot rank: a Golf
    game still in play, an Eight Off game not won, a game with no deal code or whose line no longer
    starts at the deal (a compact save of a line too long to keep whole), or too long to replay."""
    if game.code is None or not game.line_from_deal:
        return None
    if isinstance(game, GolfGame):
        if game.status not in ("won", "blocked"):
            return None
        mark = hole_score(game)
    elif game.status == "won":
        mark = game.moves
    else:
        return None
    try:
        code = replay_code(Replay(str(game.code), list(game.move_stack)))
    except (InvalidReplay, InvalidCode):
        return None
    when = finished or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
    return Entry(game.GAME_ID, kind, str(game.code), code, mark, "", when, uid)


def today() -> str:
    """The local date, 'YYYY-MM-DD'."""
    return time.strftime("%Y-%m-%d")


def valid_initials(text: str) -> str:
    """Initials as the board keeps them: up to three capital letters A-Z (anything else dropped)."""
    return "".join(c for c in text.upper() if c in LETTERS)[:INITIALS]


def _entry(raw: Any) -> Entry:
    """An entry read from the file; ValueError when any field is missing, mistyped or out of range."""
    if not isinstance(raw, dict):
        raise ValueError("not an object")
    game, kind, deal, replay_code = raw.get("game"), raw.get("kind"), raw.get("deal"), raw.get("replay")
    mark, initials, finished, uid = raw.get("mark"), raw.get("initials"), raw.get("finished"), raw.get("uid")
    if game not in GAMES:
        raise ValueError("unknown game")
    for name, value, longest in (("kind", kind, 64), ("deal", deal, 32), ("replay", replay_code, CODE_LIMIT)):
        if not isinstance(value, str) or not 0 < len(value) <= longest:
            raise ValueError(f"bad {name}")
    if type(mark) is not int or not MARK_SPAN[0] <= mark <= MARK_SPAN[1]:
        raise ValueError("bad mark")
    if not isinstance(initials, str) or valid_initials(initials) != initials:
        raise ValueError("bad initials")
    if not isinstance(finished, str) or len(finished) != 19:
        raise ValueError("bad time")
    if not isinstance(uid, str) or not 0 < len(uid) <= 64:
        raise ValueError("bad id")
    return Entry(str(game), str(kind), str(deal), str(replay_code), mark, initials, finished, uid)


class Leaderboard:
    """Today's best games at this kiosk, by game; `path` None keeps it in memory only."""

    def __init__(self, path: Path | None, day: Callable[[], str] = today) -> None:
        self.path = path
        self._day = day
        self.date = day()
        self._entries: dict[str, list[Entry]] = {g: [] for g in GAMES}
        if path is not None:
            self._read(path)

    # -- reading -------------------------------------------------------------------------------------
    def _read(self, path: Path) -> None:
        remove_stale_temps(path)  # (a write a kill or a power cut interrupted)
        try:
            data = read_json(path, LIMIT)
        except FileNotFoundError:
            return
        except Trouble as exc:  # it could not be read this time: kept as it is, the board starts empty
            log.warning("board: %s cannot be read now (%s)", path, exc)
            return
        except (Unreadable, OSError, ValueError) as exc:
            log.warning("board: %s is unusable (%s); set aside", path, exc)
            move_aside(path, str(exc), "board")
            return
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            log.warning("board: %s holds no board; set aside", path)
            move_aside(path, "no board", "board")
            return
        if data.get("date") != self.date:
            return  # another day's board: today's starts empty
        for raw in data["entries"][: PLACES * len(GAMES) * 2]:
            try:
                entry = _entry(raw)
            except ValueError as exc:
                log.warning("board: an entry is dropped (%s)", exc)
                continue
            self._entries[entry.game].append(entry)
        for game in GAMES:
            self._entries[game] = sorted(self._entries[game], key=_rank)[:PLACES]

    # -- what it shows -------------------------------------------------------------------------------
    def _roll(self) -> None:
        """A new day: a new board."""
        day = self._day()
        if day != self.date:
            self.date = day
            self._entries = {g: [] for g in GAMES}

    def entries(self, game: str) -> list[Entry]:
        """Today's best games of `game`, best first."""
        self._roll()
        return list(self._entries.get(game, []))

    def best(self, game: str) -> Entry | None:
        entries = self.entries(game)
        return entries[0] if entries else None

    def place_for(self, game: str, mark: int) -> int | None:
        """The place (0: first) a game of this mark would take today, or None when it would not."""
        entries = self.entries(game)
        place = sum(e.mark <= mark for e in entries)  # (a tie goes under the earlier game)
        return place if place < PLACES else None

    # -- changes -------------------------------------------------------------------------------------
    def add(self, entry: Entry) -> int | None:
        """Put a finished game on today's board if it earns a place; its place, or None. A game on
        the board already (ended again after an undo) keeps its better end."""
        self._roll()
        mine = self._entries[entry.game]
        same = next((e for e in mine if e.uid == entry.uid), None)
        if same is not None:
            if same.mark <= entry.mark:
                return None
            entry = replace(entry, initials=same.initials)
        others = [e for e in mine if e is not same]
        place = sum(e.mark <= entry.mark for e in others)  # (a tie goes under the earlier game)
        if place >= PLACES:
            return None
        self._entries[entry.game] = sorted([*others, entry], key=_rank)[:PLACES]
        self._write()
        return place

    def sign(self, game: str, uid: str, initials: str) -> bool:
        """Give the entry of the game `uid` its initials; False when it is no longer on the board
        (a new day, or pushed off)."""
        self._roll()
        entries = self._entries.get(game, [])
        for i, e in enumerate(entries):
            if e.uid == uid:
                entries[i] = replace(e, initials=valid_initials(initials))
                self._write()
                return True
        return False

    def clear(self) -> None:
        """The administrator clears today's board."""
        self._entries = {g: [] for g in GAMES}
        self._write()

    def _write(self) -> None:
        if self.path is None:
            return
        data = {"date": self.date, "entries": [asdict(e) for g in GAMES for e in self._entries[g]]}
        try:
            write_atomically(self.path, json.dumps(data, ensure_ascii=False) + "\n")
        except OSError as exc:  # a full or read-only disk: the board lasts in memory for the day
            log.warning("board: cannot write %s (%s)", self.path, exc)


def _rank(entry: Entry) -> tuple[int, str]:
    return entry.mark, entry.finished
