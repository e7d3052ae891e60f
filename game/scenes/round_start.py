"""Starting a round of golf: a new round of the chosen rule set, or the round a code names.

With "winnable deals only" on, the nine deals come from the rule set's deal list (its
proven-winnable deals; round_code.py says how the round number picks them). `winnable_test` is the
one place that asks the solver's deal lists which deals those are: a rule set without a usable deal
list gets a round of any deals, and the table says so when it opens.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..i18n import N_, tr
from ..model.course import GolfRound
from ..model.golf_rules import GolfRules
from ..model.round_code import HOLES, WINNABLE_SPAN, InvalidRoundCode, parse_round_code
from ..registry import GameKind, golf_rules_kind
from .base import Replace, Transition

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

#: Translatable explanations per InvalidRoundCode.reason (the model's own messages are English).
ROUND_CODE_REASONS = {
    "empty": N_("Type or paste a round code first."),
    "format": N_("A round code has three parts separated by '-', like GR1-E-AAAAAAB."),
    "prefix": N_("A round code starts with GR1 (any deals) or GW1 (winnable deals), like GR1-E-AAAAAAB."),
    "rule": N_("A round code looks like GR1-E-AAAAAAB: E, C or S in the middle."),
    "length": N_("The round number must be 7 letters."),
    "letter": N_("The round number may only use the letters A to Z."),
    "zero": N_("Round AAAAAAA does not exist; the first round is AAAAAAB."),
    "no-deal-list": N_("These rules have no list of winnable deals: use GR1 for a round of any deals."),
}
NO_DEAL_LIST = N_("These rules have no list of winnable deals: this round deals any deals.")


def winnable_test(rules: GolfRules) -> Callable[[int], bool] | None:
    """Which deals a winnable round of these rules may deal: its shipped deal list's (None when the rule
    set has none, or too few deals in the round's span for nine holes)."""
    from ..solver import deals  # when a round is dealt, not when the menu opens (it reads the deal lists)

    kind = golf_rules_kind(rules).deal_list
    try:
        listed = deals.listed(kind)
    except ValueError:  # a rule set the deal lists do not know
        return None
    if bisect_right(listed, WINNABLE_SPAN) < HOLES:  # (the deal list is ascending)
        return None
    return lambda number: deals.is_listed(kind, number)


def new_round(ctx: Context, kind: GameKind, rng: random.Random | None = None) -> tuple[GolfRound, str | None]:
    """A new round of the kind's rule set, of winnable deals when the player wants them, and what
    the table should say about it (None: nothing)."""
    rules = GolfRules.parse(kind.option)
    if not ctx.settings.winnable(kind.deal_list):
        return GolfRound.new(rules, rng), None
    test = winnable_test(rules)
    if test is None:
        return GolfRound.new(rules, rng), NO_DEAL_LIST
    return GolfRound.new(rules, rng, accept=test), None


def round_from_code(text: str) -> GolfRound:
    """The round a code names; InvalidRoundCode (reason 'no-deal-list' for a winnable round of rules
    with no deal list) says why not."""
    code = parse_round_code(text)
    if not code.winnable:
        return GolfRound(code)
    test = winnable_test(code.rules)
    if test is None:
        raise InvalidRoundCode("no-deal-list", f"{code.rules.name} has no deal list of winnable deals.")
    return GolfRound(code, accept=test)


def explain_round_code_error(exc: Exception) -> str:
    """The reason a round code was refused, in the player's language."""
    message = str(exc)
    reason = getattr(exc, "reason", "")
    if reason != "no-deal-list" and (i18n.language() == "en" or i18n.has_translation(message)):
        return tr(message)
    return tr(ROUND_CODE_REASONS.get(reason, message))


def start_round(ctx: Context, rnd: GolfRound, note: str | None = None) -> Transition:
    """The table of the round's hole being played (its first, for a new round)."""
    return Replace(ctx.scenes.round_table(rnd, note))


def play_new_round(ctx: Context, kind: GameKind) -> Transition:
    """A new round of the kind, at its first hole."""
    rnd, note = new_round(ctx, kind)
    return start_round(ctx, rnd, note)


def abandon_line(saved: tuple[Any, dict] | None) -> str:
    """What the confirmation says a new game gives up: the saved game or the saved round."""
    if saved is not None and saved[1].get("round") is not None:
        return N_("The round you can continue will count as abandoned.")
    return N_("The game you can continue will count as abandoned.")


def begin_new(ctx: Context, saved: tuple[Any, dict] | None, deal: Callable[[], Transition]) -> Transition:
    """The new game `deal()` leads to, once the player agrees to give up the saved one (`saved`,
    Progress.saved) where that would lose something; else at once."""
    from ..persist.progress import at_stake  # (the persistence layer: not at this module's load)

    if not at_stake(saved):
        return deal()
    from .base import Push
    from .dialog import ConfirmDialog  # scenes load when first shown, not at start-up

    return Push(ConfirmDialog(ctx, N_("Start a new game?"), [abandon_line(saved)], N_("New game"), deal))
