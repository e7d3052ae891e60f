"""Round codes: which nine Golf deals a round of golf plays, under which rule set.

A round code has a deal code's shape: `GR1-E-QXKZMTA` is a round of any nine deals under Easy,
`GR1-C+J2-QXKZMTA` the same round number under Classic with two jokers, and `GW1-E-QXKZMTA` a
round whose nine deals all come from the rule set's deal list (its proven-winnable deals). The middle
part is a rule set exactly as in a deal code (golf_rules.py); the last part, the round number, is
written like a deal number (7 letters, base 26, A = 0).

How the nine deal numbers follow from a round code (reproducible in any language)::

    s_0 = the round number
    s_k = (6364136223846793005 * s_(k-1) + 1442695040888963407) mod 2**64    (Knuth's MMIX LCG)
    c_k = (s_k >> 16) mod SPAN + 1                                            (k = 1, 2, ...)

The round's deals are the first nine distinct candidates c_k that it accepts: a GR1 round accepts
every candidate, with SPAN = 26**7 - 1 (every deal number); a GW1 round accepts only the deals its
rule set's shipped deal list holds, with SPAN = WINNABLE_SPAN = 5000. Every shipped Golf deal list
is scanned beyond 5000 and deal lists only ever grow at their end, so a GW1 code names the same nine
deals in every version that ships the same deal list. A deal number deals the same 52 cards under
every rule set, so GR1-E-X and GR1-C-X play the same nine layouts.

>>> str(parse_round_code(' gr1-n-aaaaaab '))
'GR1-E-AAAAAAB'
>>> round_numbers(1)[:3]
[3014809709, 1572877831, 6186329817]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .codes import MAX_NUMBER, InvalidCode, encode_number, read_number
from .golf_rules import BadRules, GolfRules

HOLES = 9
PREFIXES = {"GR1": False, "GW1": True}  # prefix -> whether the deals are proven winnable
EXAMPLE = "GR1-E-AAAAAAB"
WINNABLE_SPAN = 5000
#: The most candidates a round draws before it gives up (a deal list with too few deals in the span).
MAX_CANDIDATES = 200_000
_LCG_A, _LCG_C, _LCG_M = 6364136223846793005, 1442695040888963407, 2**64


class InvalidRoundCode(InvalidCode):
    """A round code that cannot be read; `reason` is one of InvalidCode's ('empty', 'format',
    'prefix', 'rule', 'length', 'letter', 'zero'), or 'no-deal-list' for a winnable round whose rule
    set has no deal list (said by whoever knows the deal lists, not by the parser)."""


@dataclass(frozen=True)
class RoundCode:
    """Which round: the rule set, the round number and whether its deals are proven winnable."""

    rules: GolfRules
    number: int
    winnable: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.rules, GolfRules):
            raise ValueError(f"not a Golf rule set: {self.rules!r}")
        if type(self.number) is not int or not 1 <= self.number <= MAX_NUMBER:
            raise ValueError(f"round number must be 1 … {MAX_NUMBER}, not {self.number!r}")

    @property
    def prefix(self) -> str:
        return "GW1" if self.winnable else "GR1"

    def __str__(self) -> str:
        return f"{self.prefix}-{self.rules.variant}-{encode_number(self.number)}"


def parse_round_code(text: str) -> RoundCode:
    """Read a pasted or typed round code; InvalidRoundCode says exactly what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidRoundCode("empty", "No round code was given.")
    parts = text.strip().upper().split("-")
    if parts[0] not in PREFIXES:
        raise InvalidRoundCode(
            "prefix", f"A round code starts with GR1 (any deals) or GW1 (winnable deals), like {EXAMPLE}."
        )
    if len(parts) != 3:
        raise InvalidRoundCode("format", f"A round code has three parts separated by '-', like {EXAMPLE}.")
    try:
        rules = GolfRules.parse(parts[1])
    except BadRules:
        raise InvalidRoundCode(
            "rule",
            f"A round code looks like {EXAMPLE}: E (Easy), C (Classic) or S (Strict) "
            f"in the middle, with more rules after + (W, K, D, J1, J2, Z).",
        ) from None
    return RoundCode(rules, read_number(parts[2], "round", InvalidRoundCode), PREFIXES[parts[0]])


def is_round_code(text: str) -> bool:
    """Whether a text is meant as a round code (it starts with a round prefix), readable or not."""
    return isinstance(text, str) and text.strip().upper().split("-")[0] in PREFIXES


def round_numbers(
    number: int, accept: Callable[[int], bool] | None = None, span: int = MAX_NUMBER, holes: int = HOLES
) -> list[int]:
    """The deal numbers of round `number`: the first `holes` distinct candidates of its stream (see
    the module's docstring) that `accept` takes (None: all). Fewer when MAX_CANDIDATES candidates
    did not give enough (a deal list with too few deals in the span)."""
    if not 1 <= span <= MAX_NUMBER:
        raise ValueError(f"span must be 1 … {MAX_NUMBER}")
    state, out = number, []
    for _ in range(MAX_CANDIDATES):
        state = (state * _LCG_A + _LCG_C) % _LCG_M
        candidate = (state >> 16) % span + 1
        if candidate not in out and (accept is None or accept(candidate)):
            out.append(candidate)
            if len(out) == holes:
                break
    return out


def deals_of(code: RoundCode, accept: Callable[[int], bool] | None = None) -> list[int]:
    """The nine deal numbers of a round code. A winnable round needs `accept` (its deal list's
    test); ValueError without one, or when the deal list gives fewer than nine deals in the span."""
    if not code.winnable:
        return round_numbers(code.number)
    if accept is None:
        raise ValueError(f"{code} needs the deal list of its rules")
    numbers = round_numbers(code.number, accept, WINNABLE_SPAN)
    if len(numbers) < HOLES:
        raise ValueError(
            f"the deal list of {code.rules.name} holds {len(numbers)} deals up to {WINNABLE_SPAN}, not {HOLES}"
        )
    return numbers
