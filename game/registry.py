"""The games and their options, as data: one registry entry per kind, so a new game or variant is
an entry here, not a branch in the code that uses it.

A *kind* is a game with its options (`golf-easy`, `eightoff-4`): it has a model class and the
options that class takes, a deal-code variant, a solver, a layout, a table scene and a table of
proven-winnable deals. A *family* groups the kinds of one game for the menu and the statistics
(`golf`: Easy and Classic). The solver, layout and scene are named by import path and loaded on
first use, so importing the registry costs nothing and never imports pygame.

>>> kind('golf-classic').option, kind('eightoff-4').model_options
('classic', {'cells': 4})
>>> kind_for_code('EO1-C2-AAAAAAB').id
'eightoff-2'
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .i18n import N_
from .model.base import SolitaireGame
from .model.codes import DealCode, parse_code
from .model.eightoff import EightOffGame
from .model.golf import GolfGame

if TYPE_CHECKING:  # pragma: no cover
    from .solver.result import Budget, Result


def _load(path: str) -> Any:
    """'package.module:Name' imported now (solvers, layouts and scenes load on first use)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameFamily:
    """One game (Golf, Eight Off): what its kinds share."""

    id: str                  # 'golf': the model's GAME_ID, the statistics' game, the settings' last game
    name: str                # display name (translate with tr)
    model: type[SolitaireGame]
    solver: str              # import path of solve(game, budget) -> Result
    layout: str              # import path of the layout class
    scene: str               # import path of the table scene class
    setting: str             # the Settings field that holds the option last chosen
    can_block: bool          # whether a game can end blocked (Golf) or only won (Eight Off)


@dataclass(frozen=True)
class GameKind:
    """A game with its options: everything the app needs to deal, show, solve and count it."""

    id: str                             # 'golf-easy'
    family: GameFamily
    option: str                         # as the statistics name it: 'easy', '8'
    option_value: Any                   # as the settings and the menu hold it: 'easy', 8
    option_name: str                    # display name of the option (translate with tr)
    code_variant: str                   # the deal code's middle part: 'E', 'C8'
    table_size: int                     # deals its shipped table of proven-winnable deals lists, at least
    model_options: Mapping[str, Any] = field(default_factory=dict)  # keyword arguments of model.new

    @property
    def name(self) -> str:
        """The family's display name (translate with tr)."""
        return self.family.name

    @property
    def model(self) -> type[SolitaireGame]:
        return self.family.model

    @property
    def table(self) -> str:
        """The name of its table of proven-winnable deals (game/solver/winnable/<table>.txt)."""
        return self.id

    # -- games of this kind ------------------------------------------------------------------------
    def new_game(self, number: int | None = None, rng: random.Random | None = None) -> SolitaireGame:
        """Deal `number` of this kind, or a random deal."""
        return self.model.new(number=number, rng=rng, **self.model_options)  # type: ignore[attr-defined]

    def code(self, number: int) -> DealCode:
        return DealCode(self.family.id, self.code_variant, number)

    def deal(self, number: int) -> SolitaireGame:
        """Exactly deal `number` of this kind, by its deal code."""
        return self.model.from_code(self.code(number))

    # -- what loads on first use -------------------------------------------------------------------
    @cached_property
    def solve(self) -> Any:
        """solve(game, budget) -> Result for a game of this kind."""
        return _load(self.family.solver)

    def layout_class(self) -> Any:
        return _load(self.family.layout)

    def scene_class(self) -> Any:
        return _load(self.family.scene)


GOLF = GameFamily("golf", N_("Golf"), GolfGame, "game.solver.golf:solve_golf",
                  "game.view.golf_layout:GolfLayout", "game.scenes.golf_table:GolfTableScene",
                  setting="golf_rule", can_block=True)
EIGHT_OFF = GameFamily("eightoff", N_("Eight Off"), EightOffGame, "game.solver.eightoff:solve_eightoff",
                       "game.view.eightoff_layout:EightOffLayout",
                       "game.scenes.eightoff_table:EightOffTableScene",
                       setting="eightoff_cells", can_block=False)

#: Every kind, in menu order: the first kind of a family is its default.
KINDS: dict[str, GameKind] = {k.id: k for k in (
    GameKind("golf-easy", GOLF, "easy", "easy", N_("Easy"), "E", 5000, {"rule": "easy"}),
    GameKind("golf-classic", GOLF, "classic", "classic", N_("Classic"), "C", 5000, {"rule": "classic"}),
    GameKind("eightoff-8", EIGHT_OFF, "8", 8, N_("8 cells"), "C8", 5000, {"cells": 8}),
    GameKind("eightoff-4", EIGHT_OFF, "4", 4, N_("4 cells"), "C4", 2000, {"cells": 4}),
    GameKind("eightoff-2", EIGHT_OFF, "2", 2, N_("2 cells"), "C2", 500, {"cells": 2}),
)}
FAMILIES: dict[str, GameFamily] = {k.family.id: k.family for k in KINDS.values()}


def kind(kind_id: str) -> GameKind:
    """The entry for a kind id; ValueError for an unknown one."""
    try:
        return KINDS[kind_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game kind {kind_id!r} (one of {', '.join(KINDS)})") from None


def kinds_of(family_id: str) -> list[GameKind]:
    """The kinds of one family, in menu order."""
    return [k for k in KINDS.values() if k.family.id == family_id]


def family(family_id: str) -> GameFamily:
    try:
        return FAMILIES[family_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {family_id!r} (one of {', '.join(FAMILIES)})") from None


def kind_of(game: SolitaireGame) -> GameKind:
    """The kind of a model game (its game and options); TypeError for anything else."""
    if not isinstance(game, SolitaireGame):
        raise TypeError(f"not a game: {type(game).__name__}")
    return kind(game.kind_id)


def layout_for(game: SolitaireGame, size: tuple[int, int]) -> Any:
    """The game's own table layout (a game/view TableLayout) at `size`: what a table, a Help
    example or a benchmark lays the game out with."""
    return kind_of(game).layout_class().for_game(size, game)


def kind_for(family_id: str, option: Any) -> GameKind:
    """('golf', 'easy') or ('eightoff', 8) or ('eightoff', '8') -> its kind."""
    for k in kinds_of(family_id):
        if str(k.option_value).lower() == str(option).lower():
            return k
    raise ValueError(f"no game kind for {family_id!r} with option {option!r}")


def kind_for_code(code: str | DealCode) -> GameKind:
    """The kind a deal code names (InvalidCode if the text cannot be read)."""
    deal = parse_code(code) if isinstance(code, str) else code
    for k in KINDS.values():
        if k.family.id == deal.game and k.code_variant == deal.variant:
            return k
    raise ValueError(f"no game kind for the code {deal}")  # pragma: no cover - codes only name kinds


def game_from_code(code: str | DealCode) -> SolitaireGame:
    """Exactly the deal a code names, of its game and options."""
    deal = parse_code(code) if isinstance(code, str) else code
    return kind_for_code(deal).model.from_code(deal)


def model_for(family_id: str) -> type[SolitaireGame]:
    """The model class of a game (e.g. to read a saved game's JSON, which names its game)."""
    return family(family_id).model


def chosen(settings: Any, family_id: str | None = None) -> GameKind:
    """The kind the settings have chosen: for the last game played (or `family_id`), the option
    last chosen for it; the family's first kind when the settings hold nothing valid."""
    fam = family(family_id or settings.last_game)
    try:
        return kind_for(fam.id, getattr(settings, fam.setting))
    except (ValueError, AttributeError):
        return kinds_of(fam.id)[0]


def choose(settings: Any, chosen_kind: GameKind) -> bool:
    """Make the settings' choice this kind (game and option); True if that changed anything."""
    fam = chosen_kind.family
    before = (settings.last_game, getattr(settings, fam.setting))
    settings.last_game = fam.id
    setattr(settings, fam.setting, chosen_kind.option_value)
    return before != (settings.last_game, getattr(settings, fam.setting))


def solve(game: SolitaireGame, budget: Budget | None = None) -> Result:
    """The solver of the game's kind, on its current position."""
    return kind_of(game).solve(game, budget)
