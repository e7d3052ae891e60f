"""The tables of the game families, and the one way a game is put on its table.

Each family's table scene is registered here by the family's id (the registry, in the model's
layer, names no scene); each loads its module on first use, so a Golf table never reads Eight Off's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import registry

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from .table import TableScene


def _golf_table() -> type[TableScene]:
    from .golf_table import GolfTableScene  # loaded on first use (or read ahead: game.read_ahead)

    return GolfTableScene


def _eightoff_table() -> type[TableScene]:
    from .eightoff_table import EightOffTableScene  # (as Golf's)

    return EightOffTableScene


#: Each family's table scene class, by family id, loaded when first asked for.
TABLE_SCENES: dict[str, Callable[[], type[TableScene]]] = {
    registry.GOLF.id: _golf_table,
    registry.EIGHT_OFF.id: _eightoff_table,
}


def open_table(
    ctx: Context,
    game_obj: SolitaireGame,
    resumed: dict | None = None,
    guaranteed: bool | None = None,
    demo: bool = False,
    daily: str | None = None,
) -> TableScene:
    """The table scene of the game's kind (Golf or Eight Off) for a game object.
    `resumed` is the saved game's bookkeeping when the game continues a saved one; `guaranteed`
    says the deal was proven winnable (None: look it up); `demo` starts the demo after the deal;
    `daily` is the date ('2026-12-01') when the game is that day's daily deal."""
    if resumed is not None and resumed.get("round") is not None:  # a hole of a round of golf
        from .round_table import RoundTableScene  # (loaded on first use, as the tables above)

        scene: TableScene = RoundTableScene(ctx, resumed["round"], resumed, guaranteed, demo)
    else:
        scene = TABLE_SCENES[registry.kind_of(game_obj).family.id]()(ctx, game_obj, resumed, guaranteed, demo)
    scene.daily = daily or (resumed or {}).get("daily")
    return scene
