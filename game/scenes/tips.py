"""First-run tips: the first time each game opens, three short tips point at what to touch.

They come once the deal has landed, over the table: the cards (Golf's free cards, Eight Off's
foundations), the stock or the cells, and the Help button. A tap anywhere dismisses each. Once
shown they never come back, unless Settings' "First-run tips" switch is turned on again (the
settings remember which games have shown them), or, on a kiosk, a touch ends the attract demo:
the next player is probably someone new. Never during a demo or attract mode.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Protocol

from .. import registry
from .base import Push, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..settings import Settings
    from .tips_overlay import TipTable

    # (for the type checker only: the tips' code loads when they first show)
    class TipsTable(TipTable, Protocol):
        """What the first-run tips ask of a table: its game, and whether its deal has landed."""

        ctx: Context
        clock: float
        dealing: bool

        @property
        def watching(self) -> bool: ...


#: Tests of other scenes turn the tips off (conftest), so a table they open is the table itself.
ENABLED = True
GAMES = tuple(registry.FAMILIES)  # each game shows its own tips once (tips_overlay.TIPS)
_offered: weakref.WeakSet = weakref.WeakSet()  # the tables that have had their chance


def pending(settings: Settings) -> bool:
    """Whether some game still has its tips to show (the settings' switch shows this)."""
    return any(not settings.tips_seen.get(game, False) for game in GAMES)


def set_pending(settings: Settings, on: bool) -> None:
    """The settings' switch: on shows every game's tips again, off never shows them."""
    settings.tips_seen = {game: not on for game in GAMES}
    settings.tips_off = not on


def first_run_tips(table: TipsTable) -> Transition:
    """The tips over this table, the first time its game opens; else None. Asked at every step of
    a table's update: it answers once per table, when the deal has landed."""
    if table in _offered or not ENABLED:
        return None
    if table.dealing or table.clock < 0.3 or getattr(table, "watching", False) or getattr(table, "attract", False):
        return None
    _offered.add(table)
    game = table.game
    kind = getattr(game, "GAME_ID", "")
    settings = table.ctx.settings
    if kind not in GAMES or settings.tips_seen.get(kind, False) or game.status != "playing":
        return None
    if table.ctx.kiosk and getattr(table, "resumed", None) and game.moves > 0:
        return None  # a kiosk's game continued (after a power cut): its player has had the tips
    from .tips_overlay import TIPS, TipsOverlay  # (the help's page code: loaded only for the tips)

    return Push(TipsOverlay(table.ctx, table, TIPS[kind]))
