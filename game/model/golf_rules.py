"""Golf's rule sets: the app's Easy and Classic, the traditional strict rule, and every variant the
literature describes (RULES.md, end of the Golf part), as one value with a name and a code form.

A rule set is written as a base preset and the fields it turns on beyond it:

>>> GolfRules.parse('S').name, GolfRules.parse('c+j2').variant
('strict', 'C+J2')
>>> GolfRules(wrap=True, empty_waste=True).variant, GolfRules.parse('easy+z') == GolfRules(wrap=True, empty_waste=True)
('E+Z', True)

Base: ``E`` Easy (wrap), ``C`` Classic (nothing), ``S`` Strict (dead King and strict draw).
Modifiers, in this order: ``W`` wrap, ``K`` dead King, ``D`` strict draw, ``J1``/``J2`` jokers,
``Z`` empty waste at the start. The canonical form takes the base S when both K and D are on,
else E when W is on, else C, and writes every other field that is on as a modifier; reading is
lenient (any base, any order, a modifier the base already has, lower case).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from .cards import Card

#: (letter, name) of the three presets, in the order a canonical form prefers them
BASES = (("S", "strict"), ("E", "easy"), ("C", "classic"))
#: A base letter read but never written: N ("normal"), an older name of Easy.
BASE_ALIASES = {"N": "E"}
MODIFIERS = ("W", "K", "D", "J1", "J2", "Z")
MAX_JOKERS = 2


class BadRules(ValueError):
    """A rule-set text that cannot be read (the deal code's middle part, or a saved name)."""


@dataclass(frozen=True)
class GolfRules:
    """Which Golf: what may go on what, when the stock may be drawn, jokers, and the start."""

    wrap: bool = False  # King and Ace are consecutive (Q -> K -> A -> 2)
    dead_king: bool = False  # nothing at all may be played on a King
    strict_draw: bool = False  # the stock may be drawn only when no free card fits the waste
    jokers: int = 0  # 0, 1 or 2 wild jokers in the stock
    empty_waste: bool = False  # the waste starts empty; the deal's waste card is drawn first

    EASY: ClassVar[GolfRules]
    CLASSIC: ClassVar[GolfRules]
    STRICT: ClassVar[GolfRules]

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "jokers":
                if type(value) is not int or not 0 <= value <= MAX_JOKERS:
                    raise BadRules(f"jokers must be 0, 1 or 2, not {value!r}")
            elif type(value) is not bool:
                raise BadRules(f"{f.name} must be True or False, not {value!r}")

    # -- the rule itself -------------------------------------------------------------------------
    def fits(self, card: Card, top: Card | None) -> bool:
        """May `card` go on the waste top `top` (None: the empty waste, where anything goes)?"""
        if top is None:
            return True
        if self.dead_king and top.rank == 13:
            return False
        if card.is_joker or top.is_joker:
            return True
        diff = abs(card.rank - top.rank)
        return diff == 1 or (self.wrap and diff == 12)

    # -- names -----------------------------------------------------------------------------------
    @property
    def base(self) -> str:
        """The preset letter the canonical form starts from: S, E or C."""
        if self.dead_king and self.strict_draw:
            return "S"
        return "E" if self.wrap else "C"

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The fields on beyond the base preset, as modifier letters in canonical order."""
        preset = PRESETS[self.base]
        extra = []
        if self.wrap and not preset.wrap:
            extra.append("W")
        if self.dead_king and not preset.dead_king:
            extra.append("K")
        if self.strict_draw and not preset.strict_draw:
            extra.append("D")
        if self.jokers:
            extra.append(f"J{self.jokers}")
        if self.empty_waste:
            extra.append("Z")
        return tuple(extra)

    @property
    def variant(self) -> str:
        """The deal code's middle part: 'E', 'C', 'S', or e.g. 'C+J2', 'S+W+Z'."""
        return "+".join((self.base, *self.modifiers))

    @property
    def name(self) -> str:
        """What the statistics, the settings and the kind id call it: 'easy', 'classic', 'strict',
        or the preset's name with the modifiers, e.g. 'classic+j2'."""
        return "+".join((dict(BASES)[self.base], *(m.lower() for m in self.modifiers)))

    @property
    def is_preset(self) -> bool:
        return not self.modifiers

    @classmethod
    def parse(cls, text: str) -> GolfRules:
        """Read a variant ('S', 'c+j2') or a name ('strict', 'easy+z'); BadRules says why not."""
        if isinstance(text, GolfRules):
            return text
        if not isinstance(text, str) or not text.strip():
            raise BadRules("no rules were given")
        words = text.strip().upper().split("+")
        names = {name.upper(): letter for letter, name in BASES}
        bases = [BASE_ALIASES.get(w, names.get(w, w)) for w in words if w not in MODIFIERS]
        if len(bases) != 1 or bases[0] not in PRESETS:
            raise BadRules(f"rules {text.strip()[:16]!r} must name one of E, C or S")
        values = dict(PRESETS[bases[0]].__dict__)
        words = [w for w in words if w in MODIFIERS]
        for word in words:
            if word.startswith("J"):
                if values["jokers"] and values["jokers"] != int(word[1]):
                    raise BadRules("J1 and J2 cannot both be given")
                values["jokers"] = int(word[1])
            else:
                values[{"W": "wrap", "K": "dead_king", "D": "strict_draw", "Z": "empty_waste"}[word]] = True
        return cls(**values)

    @classmethod
    def every(cls) -> list[GolfRules]:
        """Every combination of the five fields (48), presets first."""
        out = [cls.EASY, cls.CLASSIC, cls.STRICT]
        for wrap in (False, True):
            for dead_king in (False, True):
                for strict_draw in (False, True):
                    for jokers in range(MAX_JOKERS + 1):
                        for empty_waste in (False, True):
                            rules = cls(wrap, dead_king, strict_draw, jokers, empty_waste)
                            if rules not in out:
                                out.append(rules)
        return out


GolfRules.EASY = GolfRules(wrap=True)
GolfRules.CLASSIC = GolfRules()
GolfRules.STRICT = GolfRules(dead_king=True, strict_draw=True)
PRESETS: dict[str, GolfRules] = {"E": GolfRules.EASY, "C": GolfRules.CLASSIC, "S": GolfRules.STRICT}
