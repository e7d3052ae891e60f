"""The ranges of the save document (`current-game.json`), in one place: every number and text a save
may hold, the type it must have and the range it must be in before anything uses it.

The save is read as untrusted, and what it holds travels on: a saved game's counts go into its
record when it ends, a journal entry goes straight to the statistics database, whose integers end
at 2^63 (a larger one raises OverflowError on the Recorder's thread). Each field is therefore
checked here, on the frame thread, at the moment the save is read; a value out of its range is
damage, never an exception later:

- a saved game's own field out of range: the save is set aside (`save_doc.game_of` raises);
- a journal entry's field out of range: that entry alone is dropped, with a log line
  (`save_doc.journal_of`), and the game and the other entries are kept.

| Field | Where | Range |
|---|---|---|
| format | the document | 1 |
| kind | the document | a family's id (`registry.FAMILIES`) |
| model | the document | a text the model reads (`SolitaireGame.from_json`, below) |
| uid | the document, each entry | `ID`: 1-64 letters, digits and '-' |
| undos, hints, player_moves, demo_moves | the document | `COUNT` |
| duration | the document | `SECONDS` |
| started | the document | `SHORT` |
| guaranteed | the document | true (anything else: false) |
| daily | the document, a game's entry | a real date 'YYYY-MM-DD' (anything else: none) |
| catch_up | a game's entry | true, or else false (an entry from before it: false) |
| round | the document | a round of golf (`GolfRound.from_json`: deals 1..`MAX_NUMBER`, `HOLE_SCORE`s) |
| unrecorded | the document | a list of at most `JOURNAL_CAP` entries |
| game, option, finished_at, code | a game's entry | `SHORT` (code: or none) |
| result | a game's entry | one of `stats.RESULTS` |
| score | a game's entry | `SCORE` |
| moves, undos, hints | a game's entry | `COUNT` |
| duration_s | each entry | `SECONDS` |
| option, code, finished_at | a round's entry | `SHORT` |
| result | a round's entry | one of `round_stats.ROUND_RESULTS` |
| scores | a round's entry | at most 9, each `HOLE_SCORE` |
| winnable | a round's entry | true or false |
| hints | a round's entry | `COUNT` |

The model's text (`model`) has ranges of its own, checked by the model when it reads it
(game/model/base.py, compact.py, limits.py): the whole text at most `MAX_JSON_TEXT` characters;
in the compact form, the move counter 0..`MAX_MOVES`, the undo depth 0..`UNDO_LIMIT`, at most
`UNDO_LIMIT` redo moves, a line of at most `COMPACT_LINE` moves (`UNDO_LIMIT` when it was cut);
every card, pile and move checked by replaying the moves. The whole save is at most
`savefile.SAVE_LIMIT` bytes, read or written, and its model at most `save_doc.model_limit()`.
The code, score, moves and status the document repeats beside the model are for people reading
the file: the game never reads them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ..model.base import MAX_JSON_TEXT, MAX_MOVES
from ..model.codes import MAX_NUMBER
from ..model.course import HIGHEST_SCORE, LOWEST_SCORE

__all__ = [
    "COUNT",
    "HOLE_SCORE",
    "ID",
    "MAX_JSON_TEXT",
    "MAX_NUMBER",
    "SCORE",
    "SECONDS",
    "SHORT",
    "Real",
    "Text",
    "UID_PATTERN",
    "Whole",
]


@dataclass(frozen=True)
class Whole:
    """A whole number (a JSON integer, not a boolean) from `low` to `high`, both included."""

    low: int
    high: int

    def check(self, value: Any, name: str) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            raise ValueError(f"{name} is not a whole number in {self.low}..{self.high}")
        return value


@dataclass(frozen=True)
class Real:
    """A finite number (integer or not, never a boolean) from `low` up to, not including, `high`."""

    low: float
    high: float

    def check(self, value: Any, name: str) -> float:
        if (
            not isinstance(value, (int, float))
            or isinstance(value, bool)
            or not math.isfinite(value)
            or not self.low <= value < self.high
        ):
            raise ValueError(f"{name} is not a number in [{self.low}, {self.high})")
        return float(value)


@dataclass(frozen=True)
class Text:
    """A text of at most `longest` characters (matching `pattern` when there is one)."""

    longest: int
    pattern: re.Pattern[str] | None = None

    def check(self, value: Any, name: str) -> str:
        if not isinstance(value, str) or len(value) > self.longest:
            raise ValueError(f"{name} is not a text of at most {self.longest} characters")
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise ValueError(f"{name} is not of the form {self.pattern.pattern}")
        return value


#: Counts of actions, undos, hints: a game makes a few hundred. The bound is the model's own
#: (MAX_MOVES), far beyond any game, and low enough that the statistics' sums over a million games
#: stay below SQLite's 2^63.
COUNT = Whole(0, MAX_MOVES)
#: A game's score: 10 a card, so a few hundred at most; a million leaves room for any rule to come.
SCORE = Whole(0, 1_000_000)
#: A hole's score in a round of golf (the model's own bounds).
HOLE_SCORE = Whole(LOWEST_SCORE, HIGHEST_SCORE)
#: Seconds of play: less than thirty years.
SECONDS = Real(0.0, 1e9)
#: A game's id as the save holds it (uid.new_uid makes 32 hex digits; old saves 'old-' and 32).
UID_PATTERN = re.compile(r"[A-Za-z0-9-]{1,64}")
ID = Text(64, UID_PATTERN)
#: A short text: a deal code, a rule set's name, a time stamp.
SHORT = Text(64)
