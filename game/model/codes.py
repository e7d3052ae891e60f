"""Deal codes: `GO1-E-AAAAAAB` (Golf) and `EO1-C8-AAAAAFA` (Eight Off), read leniently, written canonically.

>>> str(parse_code(' go1-n-aaaaaab '))
'GO1-E-AAAAAAB'
>>> parse_code('EO1-C4-AAAAAFA').number
130
>>> str(parse_code('go1-j2+c-aaaaaab')), parse_code('GO1-S-AAAAAAB').rule
('GO1-C+J2-AAAAAAB', 'strict')

A Golf code's middle part is a rule set (golf_rules.py): E, C, S, or a preset with modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .golf_rules import BadRules, GolfRules

DIGITS = 7
MAX_NUMBER = 26**DIGITS - 1
PREFIXES = {"GO1": "golf", "EO1": "eightoff"}
GAME_PREFIX = {v: k for k, v in PREFIXES.items()}
#: The variants each game's codes list first (Golf also takes every rule set, see golf_rules.py).
VARIANTS = {"golf": ("E", "C", "S"), "eightoff": ("C8", "C4", "C2")}
EXAMPLES = {"golf": "GO1-E-AAAAAAB", "eightoff": "EO1-C8-AAAAAAB"}
EIGHTOFF_CELLS = {"C8": 8, "C4": 4, "C2": 2}


class InvalidCode(ValueError):
    """A deal code that cannot be read. `reason` is one of:
    'empty', 'format', 'prefix', 'rule', 'length', 'letter', 'zero'."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


def encode_number(number: int) -> str:
    """Base 26, A=0 … Z=25, most significant first, 7 letters."""
    if not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"deal number must be 1 … {MAX_NUMBER}, not {number}")
    letters = []
    for _ in range(DIGITS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def decode_number(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 26 + ord(ch) - ord("A")
    return value


@dataclass(frozen=True)
class DealCode:
    """Which deal: the game, its option letter(s) and the deal number."""

    game: str
    variant: str
    number: int

    def __post_init__(self) -> None:
        if self.game not in VARIANTS:
            raise ValueError(f"unknown game {self.game!r}")
        if self.game == "golf":
            try:
                canonical = GolfRules.parse(self.variant).variant
            except BadRules as exc:
                raise ValueError(str(exc)) from None
            object.__setattr__(self, "variant", canonical)
        elif self.variant not in VARIANTS[self.game]:
            raise ValueError(f"unknown option {self.variant!r} for {self.game}")
        if not isinstance(self.number, int) or not 1 <= self.number <= MAX_NUMBER:
            raise ValueError(f"deal number must be 1 … {MAX_NUMBER}, not {self.number!r}")

    def __str__(self) -> str:
        return f"{GAME_PREFIX[self.game]}-{self.variant}-{encode_number(self.number)}"

    @property
    def rules(self) -> GolfRules | None:
        """Golf's rule set, None for Eight Off."""
        return GolfRules.parse(self.variant) if self.game == "golf" else None

    @property
    def rule(self) -> str | None:
        """Golf's rule-set name ('easy', 'classic', 'strict', 'classic+j2' …), None for Eight Off."""
        rules = self.rules
        return None if rules is None else rules.name

    @property
    def cells(self) -> int | None:
        """Eight Off's cell count (8/4/2), None for Golf."""
        return EIGHTOFF_CELLS.get(self.variant)


def parse_code(text: str) -> DealCode:
    """Read a pasted or typed code; InvalidCode says exactly what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidCode("empty", "No deal code was given.")
    clean = text.strip().upper()
    parts = clean.split("-")
    if parts[0] not in PREFIXES:
        raise InvalidCode(
            "prefix",
            f"A deal code starts with GO1 (Golf) or EO1 (Eight Off), like "
            f"{EXAMPLES['golf']} or {EXAMPLES['eightoff']}.",
        )
    game = PREFIXES[parts[0]]
    if len(parts) != 3:
        raise InvalidCode("format", f"A code has three parts separated by '-', like {EXAMPLES[game]}.")
    variant = _variant(game, parts[1])
    return DealCode(game, variant, read_number(parts[2]))


def read_number(digits: str, noun: str = "deal", error: type[InvalidCode] = InvalidCode) -> int:
    """A code's last part as its number (a deal's, or a round's with noun 'round'); `error` with
    the reason 'length', 'letter' or 'zero' when it is not one."""
    if len(digits) != DIGITS:
        raise error("length", f"The {noun} number must be {DIGITS} letters, not {len(digits)}.")
    bad = [ch for ch in digits if not "A" <= ch <= "Z"]
    if bad:
        raise error("letter", f"The {noun} number may only use the letters A to Z, not {bad[0]!r}.")
    number = decode_number(digits)
    if number == 0:
        raise error("zero", f"{noun.capitalize()} number 0 (AAAAAAA) does not exist; the first {noun} is AAAAAAB.")
    return number


def _variant(game: str, text: str) -> str:
    """The code's middle part, canonical; InvalidCode('rule') with what it may be."""
    if game == "golf":
        try:
            return GolfRules.parse(text).variant
        except BadRules:
            raise InvalidCode(
                "rule",
                f"A Golf code looks like {EXAMPLES['golf']}: E (Easy), C (Classic) "
                f"or S (Strict) in the middle, with more rules after + "
                f"(W, K, D, J1, J2, Z).",
            ) from None
    if text not in VARIANTS[game]:
        raise InvalidCode(
            "rule",
            f"An Eight Off code looks like {EXAMPLES['eightoff']}: C8, C4 or C2 "
            f"(the number of free cells) in the middle.",
        )
    return text
