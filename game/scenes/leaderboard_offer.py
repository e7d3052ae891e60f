"""A kiosk's table at a game's end: a game that earns a place on today's board (game/persist/board.py)
goes on it, and its player is asked for initials (initials_scene.py) before the end panel comes.

Only the player's own games count: not a demo's or a watched deal, not an assisted game (the demo
played part of it), not a round's hole (a round is scored on its card)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import registry

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.model.base import SolitaireGame
    from game.persist.progress import Progress
    from game.services import SceneLike


def leaderboard_place(ctx: Context, game: SolitaireGame, progress: Progress | None, own: bool) -> SceneLike | None:
    """The initials' screen when the finished `game` (the player's own: `own`) takes a place on
    today's board, which it is given now; else None."""
    board = ctx.leaderboard
    if board is None or progress is None or not own or progress.demo_moves > 0 or not progress.uid:
        return None
    from game.persist.leaderboard import entry_for  # (a kiosk's: loaded with its board)

    entry = entry_for(game, registry.kind_of(game).id, progress.uid)
    if entry is None:
        return None
    place = board.add(entry)
    if place is None:
        return None
    from game.scenes.initials_scene import InitialsScene  # (a kiosk's, when a game earns a place)

    return InitialsScene(ctx, board, entry, place)
