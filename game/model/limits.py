"""The limits of a game and of its saved form, in one place (the save's schema lists them too)."""

from __future__ import annotations

#: Actions undo takes back (RULES.md).
UNDO_LIMIT = 100
#: The full saved form: the deal and the whole action log.
JSON_FORMAT = 1
#: The compact saved form (compact.py): the position and the moves undo and redo need.
COMPACT_FORMAT = 2
#: The longest text from_json reads: a real saved game is a few KiB; a hostile one must not cost
#: the start-up its memory.
MAX_JSON_TEXT = 4 * 1024 * 1024
#: The most actions a game counts: far beyond any game (a thousand a second for thirty years), and
#: low enough that sums over a million games stay below the 2^63 where a database's integers end.
MAX_MOVES = 10**12
#: The longest line (the moves from the deal to now) a compact save keeps whole: about 100 KiB. A
#: Golf line is never longer than its 35 plays and the stock's draws; only an Eight Off game moving
#: cards to and fro for hours goes past it, and then the save keeps the last moves only (compact.py).
COMPACT_LINE = 10_000
