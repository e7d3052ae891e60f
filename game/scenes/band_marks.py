"""What the table's band says about the deal beyond its code, and the widest things it may ever say.

The band's slots are sized once per layout class and language for the widest contents they may
show (hud.py), so this module gives both: what this deal shows (its difficulty band, or that it is a
daily deal; the rule set's name in full or short) and every alternative the same slot may hold in
the family (every listed rule set's name, the widest code, every mark).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from .. import registry
from ..i18n import N_, tr
from ..model.codes import DIGITS, parse_code
from ..model.course import par_text
from ..registry import GameKind
from .kind_picker import rules_title
from .scorecard_paint import shown

#: The mark of a daily deal: today's, or an earlier day's of the month (played from the calendar).
TODAY = N_("Daily")
EARLIER = N_("Earlier daily")
#: The mark of a deal whose difficulty band is known (New game's Gentle / Medium / Hard).
BAND_MARKS = {"easy": N_("Gentle deal"), "medium": N_("Medium deal"), "hard": N_("Hard deal")}
MARKS = (TODAY, EARLIER, *BAND_MARKS.values())

#: A round's score against par when it is even: golf's "E", in words.
EVEN = N_("Even")
#: The most rules a game's rule set may add to its preset (Golf: wrap, dead King, draw only when
#: stuck, jokers, empty start).
MOST_EXTRAS = {"golf": 5}
#: The widest letter of a deal number: the slot of the code holds a code of these.
WIDEST_LETTER = "W"


def deal_marks(
    game: object, guaranteed: bool | None, daily: str | None, today: Callable[[], datetime.date] | None = None
) -> str:
    """The band's mark for this deal, translated: a daily deal's ("Daily", or an earlier day's),
    else its difficulty band where it was dealt from one or is rated; "" for any other deal."""
    if daily:
        now = (today or datetime.date.today)()
        return tr(TODAY if daily == now.isoformat() else EARLIER)
    band = difficulty_of(game) if guaranteed else None
    return tr(BAND_MARKS[band]) if band in BAND_MARKS else ""


def difficulty_of(game: object) -> str | None:
    """'easy', 'medium' or 'hard' for a rated listed deal, else None (the rating file is read the
    first time a rated deal is shown)."""
    code = getattr(game, "code", None)
    if not code:
        return None
    try:
        kind = registry.kind_for_code(code)
        number = parse_code(code).number
    except ValueError:
        return None
    if not kind.has_deal_list:
        return None
    from ..solver import rating  # (a table of an unlisted deal never reads the ratings)

    return rating.band_of(kind.deal_list, number)


def family_rule_names(kind: GameKind) -> list[str]:
    """Every listed rule set's name of the kind's game, translated: the band's title slot holds the
    widest in full (a rule set made in "More rules" is named short where its name is wider)."""
    return [rules_title(k) for k in registry.kinds_of(kind.family.id)]


def short_rule_name(kind: GameKind) -> str:
    """The rule set's name where the band has no room for every rule it adds: 'Classic +2'."""
    if not kind.extras:
        return tr(kind.option_name)
    return tr("{rules} +{extra}", rules=tr(kind.option_name), extra=len(kind.extras))


def family_short_names(kind: GameKind) -> list[str]:
    """Every short rule set's name the kind's game may show: each listed one's and, where the game
    makes rule sets of its own on demand (Golf's "More rules"), each preset's with the most rules."""
    kinds = registry.kinds_of(kind.family.id)
    names = [short_rule_name(k) for k in kinds]
    if registry.has_more_rules(kind.family.id):
        most = MOST_EXTRAS.get(kind.family.id, 1)
        names += [tr("{rules} +{extra}", rules=tr(k.option_name), extra=most) for k in kinds]
    return names


def widest_codes(kind: GameKind) -> list[str]:
    """The widest code of each listed rule set of the kind's game (its number all widest letters)."""
    return [f"{code_prefix(str(k.code(1)))}-{WIDEST_LETTER * DIGITS}" for k in registry.kinds_of(kind.family.id)]


def code_prefix(code: str) -> str:
    """The game and rule set of a code: 'GO1-C' of 'GO1-C-AAAAAXL'."""
    return code.rsplit("-", 1)[0]


def code_number(code: str) -> str:
    """The deal number of a code: 'AAAAAXL' of 'GO1-C-AAAAAXL'."""
    return code.rsplit("-", 1)[-1]


def to_par(strokes: int) -> str:
    """A round's score against par as the band writes it: '+3', 'Even' (golf's E), '–2'."""
    return tr(EVEN) if strokes == 0 else shown(par_text(strokes))
