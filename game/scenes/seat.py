"""Whose game a table holds (its seat), and how a deal dealt to be watched becomes the player's."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Protocol

from ..i18n import N_
from ..persist.progress import at_stake
from .base import Push, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from .assist import Assistant


class SeatTable(Protocol):
    """What taking a watched deal over asks of its table."""

    ctx: Context
    game: SolitaireGame
    seat: Seat
    guaranteed: bool | None

    @property
    def assist(self) -> Assistant: ...
    @property
    def watching(self) -> bool: ...


class Seat(Enum):
    """Whose game a table holds."""

    PLAYER = "player"  # the player's own: saved, counted, continued after a restart
    WATCHED = "watched"  # dealt to be watched (Watch in the menu): neither saved nor counted, and the
    #                      saved game waits untouched for Continue, until the player takes it over
    ATTRACT = "attract"  # attract mode's demo: watched too, silently, under its banner (no message of
    #                      its own, no win panel)
    REPLAY = "replay"  # a replay shown (replay_scene.py): watched, and never taken over but by its
    #                    "Play from here", which opens the player's own table


def take_over(table: SeatTable) -> Transition:
    """The player stopped the demo of a watched deal (or touched it before the demo moved): from now
    on the game is theirs, saved and counted (as assisted if they move: the demo has moved in it). A
    saved game with moves made is only given up for it after the player agrees (the transition
    asks); until then the deal stays a watched one, and "no" lets the demo go on."""
    if table.seat in (Seat.PLAYER, Seat.REPLAY) or table.ctx.progress is None or table.game.status != "playing":
        return None
    table.assist.taken_over()
    if saved_game_at_stake(table.ctx):
        from .dialog import ConfirmDialog  # (read ahead: read_ahead.SHARED)

        return Push(
            ConfirmDialog(
                table.ctx,
                N_("Play this deal?"),
                [N_("The game you can continue will count as abandoned.")],
                N_("Play this deal"),
                lambda: _adopt(table),
                on_no=table.assist.watch,
            )
        )
    return _adopt(table)


def _adopt(table: SeatTable) -> Transition:
    table.seat = Seat.PLAYER
    progress = table.ctx.progress
    if progress is None:  # take_over only offers a table a Progress exists for
        return None
    table.ctx.remember_game(table.game)
    progress.begin(table.game, None, guaranteed=table.guaranteed)
    if table.game.moves > 0:  # the demo has moved in it: a win will be an assisted one
        progress.changed(table.game, by_demo=True)
    return None


def saved_game_at_stake(ctx: Context) -> bool:
    """Whether a saved game with moves made (or a round of golf under way) waits for Continue (a
    watched deal taken over, or a new deal from one, gives it up)."""
    return at_stake(ctx.progress.saved() if ctx.progress is not None else None)
