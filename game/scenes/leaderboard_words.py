"""How a kiosk's board of today's best says its games: a game's mark, the challenge to beat the
day's best, and a place."""

from __future__ import annotations

from game.i18n import tr
from game.persist.leaderboard import Entry
from game.scenes.golf_best_line import signed


def mark_text(entry: Entry) -> str:
    """What ranks the game, in words: 'golf score –3', '34 moves'."""
    if entry.game == "golf":
        return tr("golf score {score}", score=signed(entry.mark))
    return tr("{count} move", plural="{count} moves", count=entry.mark)


def beat_text(entry: Entry) -> str:
    """The challenge of the day's best: 'Beat 34 moves on this deal'."""
    if entry.game == "golf":
        return tr("On this deal, beat a golf score of {score}", score=signed(entry.mark))
    return tr("Beat {count} move on this deal", plural="Beat {count} moves on this deal", count=entry.mark)


def who(entry: Entry) -> str:
    """The player's initials, or a dash when they gave none."""
    return entry.initials or "—"
