"""Opening a table: the one table scene (table.py) with the rules of the game's family (Golf's or Eight
Off's, registered here by family id) and, for a hole of a round of golf, the round's controller.

A third game registers its rules class here: a class with table_contract.TableRules' shape, made
with the table (as a table_contract.GameTable) and the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import registry
from .eightoff_table import EightOffRules
from .golf_table import GolfRules
from .table import TableScene
from .table_contract import GameTable, TableRules

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from ..model.course import GolfRound

#: Each family's rules at the table, by family id (registry.FAMILIES), made with the table and game.
RULES: dict[str, Callable[[GameTable, SolitaireGame], TableRules]] = {
    # (each is given only its own family's game, which its layout's place() takes)
    "golf": lambda table, game: GolfRules(table, game),  # type: ignore[dict-item, arg-type, return-value]
    "eightoff": lambda table, game: EightOffRules(table, game),  # type: ignore[dict-item, arg-type, return-value]
}


def rules_for(game: SolitaireGame) -> Callable[[GameTable], TableRules]:
    """What makes the rules of the game's family for a table."""
    make = RULES[registry.kind_of(game).family.id]
    return lambda table: make(table, game)


def open_table(
    ctx: Context,
    game_obj: SolitaireGame,
    resumed: dict | None = None,
    guaranteed: bool | None = None,
    demo: bool = False,
    daily: str | None = None,
) -> TableScene:
    """The table for a game object, of its kind (Golf or Eight Off). `resumed` is the saved game's
    bookkeeping when the game continues a saved one (with its round, for a hole of a round of golf);
    `guaranteed` says the deal was proven winnable (None: look it up); `demo` starts the demo after
    the deal; `daily` is the date ('2026-12-01') when the game is that day's daily deal."""
    if resumed is not None and resumed.get("round") is not None:  # a hole of a round of golf
        scene = open_round(ctx, resumed["round"], resumed, guaranteed, demo)
    else:
        scene = TableScene(ctx, game_obj, rules_for(game_obj), resumed, guaranteed, demo)
    scene.daily = daily or (resumed or {}).get("daily")
    return scene


def open_round(
    ctx: Context,
    rnd: GolfRound,
    resumed: dict | None = None,
    guaranteed: bool | None = None,
    demo: bool = False,
    note: str | None = None,
) -> TableScene:
    """The table of the round's hole in play; `note` is said once its cards are down."""
    from .round_table import RoundPlay  # a round's code (its dialog, its scorecard) loads with the first round

    guaranteed = rnd.winnable if guaranteed is None else guaranteed
    play = RoundPlay(ctx, rnd, note)
    return TableScene(ctx, rnd.game, rules_for(rnd.game), resumed, guaranteed, demo, round_play=play)
