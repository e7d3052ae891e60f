"""Which card fits which waste top, at the rank level, under one Golf rule set (shared by the engines).

The solver sees ranks only: 1-13 for the cards, 0 for a joker (in the tableau, the stock or on the
waste) and for an empty waste, since a joker on the waste takes any card exactly as an empty waste
does. Rank 14 stands for "no card" (an empty column) and never fits. Of the rule set's five fields
only three change what fits or when a draw is allowed; jokers and an empty start change the
position, which the model already dealt.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

JOKER = 0  # the rank of a joker, and of an empty waste: anything fits on it
NONE = 14  # the rank of an empty column's free card: fits nothing


class Flags(NamedTuple):
    """The fields of a rule set that the search itself obeys."""

    wrap: bool = False  # King and Ace are consecutive
    dead_king: bool = False  # nothing fits on a King
    strict_draw: bool = False  # a draw only when no free card fits


PRESETS = {"easy": Flags(wrap=True), "classic": Flags(), "strict": Flags(dead_king=True, strict_draw=True)}


@lru_cache(maxsize=64)
def _parse(name: str) -> Flags:
    from ..model.golf_rules import GolfRules  # only for names beyond the presets

    return flags_of(GolfRules.parse(name))


def flags_of(rule: Any) -> Flags:
    """The Flags of a rule name ('easy', 'classic+k', ...) or of a GolfRules (any object with the
    fields); ValueError for a name that is no rule set."""
    if isinstance(rule, Flags):
        return rule
    if isinstance(rule, str):
        return PRESETS.get(rule) or _parse(rule)
    return Flags(bool(rule.wrap), bool(rule.dead_king), bool(rule.strict_draw))


def fits(flags: Flags, w: int, r: int) -> bool:
    """May a card of rank r (0: joker) go on a waste top of rank w (0: empty or a joker)?"""
    if r == NONE or (flags.dead_king and w == 13):
        return False
    if w == JOKER or r == JOKER:
        return True
    d = abs(r - w)
    return d == 1 or (flags.wrap and d == 12)


@lru_cache(maxsize=16)
def fit_table(flags: Flags) -> tuple[tuple[bool, ...], ...]:
    """fit[w][r] for waste ranks 0-13 and card ranks 0-14 (see fits)."""
    return tuple(tuple(fits(flags, w, r) for r in range(15)) for w in range(14))
