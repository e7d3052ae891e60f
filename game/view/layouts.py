"""The layouts of the game families: each family's TableLayout registered here by the family's id
(the registry, in the model's layer, names no layout), each loading its module on first use, so a
Golf table never reads Eight Off's.

`layout_for(game, size)` is what a table, a Help example or a benchmark lays a game out with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from .. import registry
from ..model.base import SolitaireGame
from ..model.eightoff import EightOffGame
from ..model.golf import GolfGame
from .layout import TableLayout

#: A family's layout made for one of its games at a window size.
MakeLayout = Callable[[tuple[int, int], SolitaireGame], TableLayout]

G = TypeVar("G", bound=SolitaireGame)


def _own(game: SolitaireGame, model: type[G]) -> G:
    """`game`, which must be of the family's model (each family lays out only its own games)."""
    if not isinstance(game, model):
        raise TypeError(f"a {type(game).__name__} is not laid out as a {model.__name__}")
    return game


# A family's layout takes only the family's own games (its methods say so: `place(game: GolfGame)`),
# so it is a TableLayout only for them: the cast holds because a table, an example or a benchmark
# lays out and places one game, the one the layout was made for.


def _golf() -> MakeLayout:
    from .golf_layout import GolfLayout  # loaded on first use (or read ahead: game.read_ahead)

    return lambda size, game: cast(TableLayout, GolfLayout.for_game(size, _own(game, GolfGame)))


def _eightoff() -> MakeLayout:
    from .eightoff_layout import EightOffLayout  # (as Golf's)

    return lambda size, game: cast(TableLayout, EightOffLayout.for_game(size, _own(game, EightOffGame)))


#: Each family's layout, by family id, its module loaded when first asked for.
LAYOUTS: dict[str, Callable[[], MakeLayout]] = {registry.GOLF.id: _golf, registry.EIGHT_OFF.id: _eightoff}


def layout_for(game: SolitaireGame, size: tuple[int, int]) -> TableLayout:
    """The game's own table layout at `size`."""
    return LAYOUTS[registry.kind_of(game).family.id]()(size, game)
