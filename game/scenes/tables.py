"""Opening a table: the one table scene (table.py) with the rules of the game's family (Golf's or Eight
Off's, registered here by family id) and, for a hole of a round of golf, the round's controller.

Each family's rules class loads on first use, so a Golf table never reads Eight Off's. A third game
registers its rules class here: a class with table_contract.TableRules' shape, made with the table
(as a table_contract.GameTable) and the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

from .. import registry

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from ..model.course import GolfRound
    from .table import TableScene
    from .table_contract import GameTable, TableRules


class RulesClass(Protocol):
    """A family's rules class: made with the table and one of the family's games; its counters are
    read without a table too (Help's examples show the band's counters)."""

    def __call__(self, table: GameTable, game: SolitaireGame, /) -> TableRules: ...

    def counters(self, game: SolitaireGame, /) -> list[str]: ...


# Each rules class takes only its own family's game (its methods say so: `play(game: GolfGame)`), so
# it is a RulesClass only for them: the cast holds because a table's rules are made for its game.


def _golf_rules() -> RulesClass:
    from .golf_table import GolfRules  # loaded on first use (or read ahead: game.read_ahead)

    return cast(RulesClass, GolfRules)


def _eightoff_rules() -> RulesClass:
    from .eightoff_table import EightOffRules  # (as Golf's)

    return cast(RulesClass, EightOffRules)


#: Each family's rules at the table, by family id (registry.FAMILIES), loaded when first asked for.
TABLE_RULES: dict[str, Callable[[], RulesClass]] = {
    registry.GOLF.id: _golf_rules,
    registry.EIGHT_OFF.id: _eightoff_rules,
}


def rules_for(game: SolitaireGame) -> Callable[[GameTable], TableRules]:
    """What makes the rules of the game's family for a table."""
    make = TABLE_RULES[registry.kind_of(game).family.id]()
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
    from .table import TableScene  # the table's code loads with the first table, not at start-up

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
    from .table import TableScene  # (as open_table's)

    guaranteed = rnd.winnable if guaranteed is None else guaranteed
    play = RoundPlay(ctx, rnd, note)
    return TableScene(ctx, rnd.game, rules_for(rnd.game), resumed, guaranteed, demo, round_play=play)
