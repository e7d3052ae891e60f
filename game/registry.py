"""The games and their options, as data: one registry entry per kind, so a new game or variant is
an entry here, not a branch in the code that uses it.

A *kind* is a game with its options (`golf-easy`, `eightoff-4`): it has a model class and the
options that class takes, a deal-code variant and a deal list (its proven-winnable deals). A
*family* groups the kinds of one game for the menu and the statistics (`golf`: Easy, Classic,
Strict …). This is the model's layer: each layer above registers its own part of a family by the
family's id (the solver in game/solver/solvers.py, the layout in game/view/layouts.py, the table
scene in game/scenes/tables.py, the "More rules" sheet in game/scenes/openers.py), so importing
the registry costs little and never imports pygame.

Golf has 48 rule sets (golf_rules.py). The presets and the ones with a deal list of winnable deals are
listed in KINDS; every other rule set is a kind made on first use (`kind('golf-easy+z')`), with no
deal list, so it deals by a budgeted solve when only winnable deals are wanted.

>>> kind('golf-classic').option, kind('eightoff-4').model_options
('classic', {'cells': 4})
>>> kind_for_code('EO1-C2-AAAAAAB').id, kind_for_code('GO1-Z+E-AAAAAAB').id
('eightoff-2', 'golf-easy+z')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from .i18n import N_
from .model.base import SolitaireGame
from .model.codes import DealCode, parse_code
from .model.eightoff import EightOffGame
from .model.golf import GolfGame
from .model.golf_rules import BadRules, GolfRules


@dataclass(frozen=True)
class GameFamily:
    """One game (Golf, Eight Off): what its kinds share."""

    id: str  # 'golf': the model's GAME_ID, the statistics' game, the settings' last game
    name: str  # display name (translate with tr)
    model: type[SolitaireGame]
    setting: str  # the Settings field that holds the option last chosen
    can_block: bool  # whether a game can end blocked (Golf) or only won (Eight Off)


@dataclass(frozen=True)
class GameKind:
    """A game with its options: everything the app needs to deal, show, solve and count it."""

    id: str  # 'golf-easy'
    family: GameFamily
    option: str  # as the statistics name it: 'easy', '8'
    option_value: str | int  # as the settings and the menu hold it: 'easy', 8
    option_name: str  # display name of the option (translate with tr)
    code_variant: str  # the deal code's middle part: 'E', 'C8'
    deal_list_size: int  # proven-winnable deals its shipped deal list holds, at least
    model_options: Mapping[str, str | int] = field(default_factory=dict)  # keyword arguments of model.new
    front: bool = True  # one of the New game window's first choices
    extras: tuple[str, ...] = ()  # display names of the rules beyond the option (translate each)

    @property
    def option_names(self) -> tuple[str, ...]:
        """The option's display name and those of its extra rules, each to translate with tr:
        ('Classic', '2 jokers'). A title joins them: 'Golf · Classic + 2 jokers'."""
        return (self.option_name, *self.extras)

    @property
    def has_deal_list(self) -> bool:
        """Whether a deal list of proven-winnable deals ships for this kind."""
        return self.deal_list_size > 0

    @property
    def name(self) -> str:
        """The family's display name (translate with tr)."""
        return self.family.name

    @property
    def model(self) -> type[SolitaireGame]:
        return self.family.model

    @property
    def deal_list(self) -> str:
        """The name of its deal list of proven-winnable deals (game/solver/winnable/<deal_list>.txt)."""
        return self.id

    # -- games of this kind ------------------------------------------------------------------------
    def new_game(self, number: int | None = None, rng: random.Random | None = None) -> SolitaireGame:
        """Deal `number` of this kind, or a random deal."""
        game: SolitaireGame = self.model.new(number=number, rng=rng, **self.model_options)  # type: ignore[attr-defined]
        return game

    def code(self, number: int) -> DealCode:
        return DealCode(self.family.id, self.code_variant, number)

    def deal(self, number: int) -> SolitaireGame:
        """Exactly deal `number` of this kind, by its deal code."""
        return self.model.from_code(self.code(number))


GOLF = GameFamily(
    "golf",
    N_("Golf"),
    GolfGame,
    setting="golf_rule",
    can_block=True,
)
EIGHT_OFF = GameFamily(
    "eightoff",
    N_("Eight Off"),
    EightOffGame,
    setting="eightoff_cells",
    can_block=False,
)

#: Display names of Golf's presets and of the rules beyond them (golf_rules.MODIFIERS).
GOLF_PRESET_NAMES = {"E": N_("Easy"), "C": N_("Classic"), "S": N_("Strict")}
GOLF_MODIFIER_NAMES = {
    "W": N_("King–Ace wrap"),
    "K": N_("dead King"),
    "D": N_("draw only when stuck"),
    "J1": N_("1 joker"),
    "J2": N_("2 jokers"),
    "Z": N_("empty start"),
}


def golf_kind(rules: GolfRules, deal_list_size: int = 0, front: bool = False) -> GameKind:
    """The kind of a Golf rule set: id 'golf-<name>', its code variant, and its display names."""
    return GameKind(
        f"golf-{rules.name}",
        GOLF,
        rules.name,
        rules.name,
        GOLF_PRESET_NAMES[rules.base],
        rules.variant,
        deal_list_size,
        {"rule": rules.name},
        front=front,
        extras=tuple(GOLF_MODIFIER_NAMES[m] for m in rules.modifiers),
    )


#: Every listed kind, in menu order: the first kind of a family is its default. The rest of Golf's
#: rule sets are made on first use (golf_kind).
KINDS: dict[str, GameKind] = {
    k.id: k
    for k in (
        golf_kind(GolfRules.EASY, 5000, front=True),
        golf_kind(GolfRules.CLASSIC, 5000, front=True),
        golf_kind(GolfRules.STRICT, 1000),
        golf_kind(GolfRules(jokers=2), 1000),
        GameKind("eightoff-8", EIGHT_OFF, "8", 8, N_("8 cells"), "C8", 5000, {"cells": 8}),
        GameKind("eightoff-4", EIGHT_OFF, "4", 4, N_("4 cells"), "C4", 2000, {"cells": 4}),
        GameKind("eightoff-2", EIGHT_OFF, "2", 2, N_("2 cells"), "C2", 500, {"cells": 2}),
    )
}
FAMILIES: dict[str, GameFamily] = {k.family.id: k.family for k in KINDS.values()}
#: Golf kinds made on first use, by id
_MADE: dict[str, GameKind] = {}


def kind(kind_id: str) -> GameKind:
    """The entry for a kind id (a Golf rule set's too); ValueError for an unknown one."""
    try:
        return KINDS[kind_id]
    except (KeyError, TypeError):
        pass
    made = _golf_rule_kind(kind_id)
    if made is None:
        raise ValueError(f"unknown game kind {kind_id!r} (one of {', '.join(KINDS)}, or golf-<rules>)")
    return made


def _golf_rule_kind(kind_id: object) -> GameKind | None:
    """The on-demand kind of 'golf-<rule-set name>', if the name is one (in its canonical form)."""
    if not isinstance(kind_id, str) or not kind_id.startswith("golf-"):
        return None
    if kind_id not in _MADE:
        try:
            rules = GolfRules.parse(kind_id[len("golf-") :])
        except BadRules:
            return None
        if f"golf-{rules.name}" != kind_id:
            return None
        _MADE[kind_id] = KINDS.get(kind_id) or golf_kind(rules)
    return _MADE[kind_id]


def golf_rules_kind(rules: GolfRules) -> GameKind:
    """The kind of a Golf rule set (listed or made on first use)."""
    return kind(f"golf-{rules.name}")


def kinds_of(family_id: str, front: bool = False) -> list[GameKind]:
    """The listed kinds of one family, in menu order (only the New game window's first choices
    with `front`)."""
    return [k for k in KINDS.values() if k.family.id == family_id and (k.front or not front)]


def has_more_rules(family_id: str) -> bool:
    """Whether a family has kinds beyond the New game window's front (Golf's other rule sets),
    which its "More rules" sheet chooses."""
    return any(not k.front for k in kinds_of(family_id))


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


def kind_for(family_id: str, option: object) -> GameKind:
    """('golf', 'easy'), ('golf', 'classic+j2') or ('eightoff', 8) or ('eightoff', '8') -> its kind."""
    for k in kinds_of(family_id):
        if str(k.option_value).lower() == str(option).lower():
            return k
    if family_id == GOLF.id:
        try:
            return golf_rules_kind(GolfRules.parse(str(option)))
        except BadRules:
            pass
    raise ValueError(f"no game kind for {family_id!r} with option {option!r}")


def kind_for_code(code: str | DealCode) -> GameKind:
    """The kind a deal code names (InvalidCode if the text cannot be read)."""
    deal = parse_code(code) if isinstance(code, str) else code
    if deal.rules is not None:
        return golf_rules_kind(deal.rules)
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


class GameChoice(Protocol):
    """What the registry reads and writes of the settings: the game last played, and each family's
    option last chosen (a field named by GameFamily.setting: `golf_rule`, `eightoff_cells`)."""

    last_game: str
    golf_rule: str
    eightoff_cells: int


def chosen(settings: GameChoice, family_id: str | None = None) -> GameKind:
    """The kind the settings have chosen: for the last game played (or `family_id`), the option
    last chosen for it; the family's first kind when the settings hold nothing valid."""
    fam = family(family_id or settings.last_game)
    try:
        return kind_for(fam.id, getattr(settings, fam.setting))
    except (ValueError, AttributeError):
        return kinds_of(fam.id)[0]


def choose(settings: GameChoice, chosen_kind: GameKind) -> bool:
    """Make the settings' choice this kind (game and option); True if that changed anything."""
    fam = chosen_kind.family
    before = (settings.last_game, getattr(settings, fam.setting))
    settings.last_game = fam.id
    setattr(settings, fam.setting, chosen_kind.option_value)
    return before != (settings.last_game, getattr(settings, fam.setting))
