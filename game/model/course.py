"""A round of golf: nine Golf deals ("holes") under one rule set, scored the traditional way.

Each hole is an ordinary GolfGame; its score is hole_score (the cards left on the tableau when it
blocks, minus the cards left in the stock when it is won), par is 5 a hole and 45 a round, and the
lowest total wins. Undo works inside a hole as in a single game; a finished hole's score becomes
final when the next hole is dealt (`next_hole`), so until then a blocked hole may still be undone.
A hole may be given up (`give_up`): it scores as if it were blocked now, with the cards still on
the tableau, and the next hole is dealt at once.

The round code (round_code.py) names the rule set and the nine deals; the round's JSON keeps the
code, the deals, the final scores and the hole being played, so a saved round resumes exactly.

>>> r = GolfRound('GR1-E-AAAAAAB')
>>> r.hole, r.deal_codes[0], par_text(r.to_par)
(1, 'GO1-E-JTTHXRP', 'E')
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from .base import _load_json
from .codes import MAX_NUMBER, DealCode
from .errors import IllegalMove
from .golf import GolfGame, hole_score
from .golf_rules import GolfRules
from .round_code import HOLES, WINNABLE_SPAN, RoundCode, deals_of, parse_round_code, round_numbers

__all__ = ["GolfRound", "HOLES", "PAR", "PAR_PER_HOLE", "par_text"]

PAR_PER_HOLE = 5
PAR = PAR_PER_HOLE * HOLES
ROUND_FORMAT = 1
#: The lowest hole score there is: a win with the whole stock left (16 cards, one more with the
#: empty start, two jokers), and the highest: the 35 tableau cards.
LOWEST_SCORE, HIGHEST_SCORE = -19, 35


def par_text(strokes: int) -> str:
    """A score against par as golfers write it: '+3', 'E' (even), '−2' (a true minus sign)."""
    if strokes == 0:
        return "E"
    return f"+{strokes}" if strokes > 0 else f"\u2212{-strokes}"


class GolfRound:
    """Nine holes under one rule set: the deals, the hole being played (`game`), the final scores."""

    def __init__(
        self, code: RoundCode | str, numbers: Sequence[int] | None = None, accept: Callable[[int], bool] | None = None
    ) -> None:
        """The round a code names, at its first hole. A winnable round (GW1) needs `accept`, its
        deal list's test, or the nine `numbers` themselves (a saved round)."""
        self.round_code = parse_round_code(code) if isinstance(code, str) else code
        self._numbers = tuple(deals_of(self.round_code, accept) if numbers is None else numbers)
        self._check_numbers()
        self._scores: list[int] = []
        self._given_up: list[int] = []
        self.game = self._deal(0)

    # -- constructors ------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: str | GolfRules = "easy",
        rng: random.Random | None = None,
        accept: Callable[[int], bool] | None = None,
    ) -> GolfRound:
        """A random round under a rule set; with `accept` (a deal list's test), of winnable deals."""
        number = (rng or random).randint(1, MAX_NUMBER)
        return cls(
            RoundCode(GolfRules.parse(rules) if isinstance(rules, str) else rules, number, accept is not None),
            accept=accept,
        )

    def _check_numbers(self) -> None:
        numbers = self._numbers
        if (
            len(numbers) != HOLES
            or len(set(numbers)) != HOLES
            or not all(type(n) is int and 1 <= n <= MAX_NUMBER for n in numbers)
        ):
            raise ValueError(f"a round has {HOLES} different deal numbers")
        if not self.winnable and list(numbers) != round_numbers(self.round_code.number):
            raise ValueError(f"the deals are not those of {self.code}")
        if self.winnable and max(numbers) > WINNABLE_SPAN:
            raise ValueError(f"a winnable round's deals are at most {WINNABLE_SPAN}")

    def _deal(self, index: int) -> GolfGame:
        return GolfGame.from_code(self.deal_codes[index])

    # -- read-only state ---------------------------------------------------------------------------
    @property
    def code(self) -> str:
        """The round code, e.g. 'GR1-E-QXKZMTA'."""
        return str(self.round_code)

    @property
    def rules(self) -> GolfRules:
        return self.round_code.rules

    @property
    def winnable(self) -> bool:
        """Whether the nine deals come from the deal list (proven-winnable deals)."""
        return self.round_code.winnable

    @property
    def numbers(self) -> tuple[int, ...]:
        return self._numbers

    @property
    def deal_codes(self) -> tuple[str, ...]:
        """The nine deal codes, hole 1 first."""
        return tuple(str(DealCode("golf", self.rules.variant, n)) for n in self._numbers)

    @property
    def scores(self) -> tuple[int, ...]:
        """The final score of each hole finished, hole 1 first."""
        return tuple(self._scores)

    @property
    def given_up(self) -> tuple[int, ...]:
        """The numbers of the holes given up (1-based)."""
        return tuple(self._given_up)

    @property
    def finished(self) -> bool:
        """All nine scores are final."""
        return len(self._scores) == HOLES

    @property
    def hole(self) -> int:
        """The number of the hole being played, 1 … 9 (9 too once the round is finished)."""
        return min(len(self._scores) + 1, HOLES)

    @property
    def hole_over(self) -> bool:
        """The hole being played is won or blocked, and its score not final yet (next_hole)."""
        return not self.finished and self.game.status != "playing"

    @property
    def pending_score(self) -> int | None:
        """The score of the hole just won or blocked, until the next hole makes it final; else None."""
        return hole_score(self.game) if self.hole_over else None

    def card(self) -> list[int | None]:
        """Nine entries for a scorecard: each final score, the pending one, None for a hole to come."""
        pending = self.pending_score
        shown: list[int | None] = [*self._scores, *([] if pending is None else [pending])]
        return shown + [None] * (HOLES - len(shown))

    @property
    def total(self) -> int:
        """The final scores added up."""
        return sum(self._scores)

    @property
    def against_par(self) -> int:
        """The total against the round's par of 45 (what a finished round is judged by)."""
        return self.total - PAR

    @property
    def to_par(self) -> int:
        """The running total against the par of the holes finished so far (golf's 'to par': two
        holes of 4 and 3 are −3), what the table shows while the round is played."""
        return self.total - PAR_PER_HOLE * len(self._scores)

    @property
    def standing(self) -> int:
        """Where the round stands against par now: to_par with the hole just ended counted in."""
        pending = self.pending_score
        return self.to_par + (0 if pending is None else pending - PAR_PER_HOLE)

    @property
    def holes_won(self) -> int:
        """Holes whose tableau was cleared (a won hole scores 0 or less; a blocked one at least 1)."""
        return sum(score <= 0 for score in self._scores)

    @property
    def started(self) -> bool:
        """Whether anything was played: a hole finished, or a move made in this one."""
        return bool(self._scores) or self.game.moves > 0

    # -- the one door for the round's own changes -------------------------------------------------
    def next_hole(self) -> GolfGame | None:
        """The hole just won or blocked is final; the next is dealt (its game returned), or after the
        ninth the round is finished (None). IllegalMove('hole-in-play') while the hole is played,
        'round-over' once the round is finished."""
        if self.finished:
            raise IllegalMove("round-over")
        if self.game.status == "playing":
            raise IllegalMove("hole-in-play")
        return self._advance(hole_score(self.game))

    def give_up(self) -> GolfGame | None:
        """Give up the hole being played: it scores as blocked now, the cards left on its tableau,
        and the next hole is dealt (or the round ends). IllegalMove('hole-over') for a hole already
        won or blocked (next_hole), 'round-over' once the round is finished."""
        if self.finished:
            raise IllegalMove("round-over")
        if self.game.status != "playing":
            raise IllegalMove("hole-over")
        self._given_up.append(self.hole)
        return self._advance(self.game.tableau_count)

    def _advance(self, score: int) -> GolfGame | None:
        self._scores.append(score)
        if self.finished:
            return None
        self.game = self._deal(len(self._scores))
        return self.game

    # -- persistence -------------------------------------------------------------------------------
    def to_json(self, include_game: bool = True) -> str:
        """The round as JSON: code, deals, final scores, holes given up, and (unless the caller keeps
        it itself, as the save file does) the game of the hole being played."""
        doc: dict[str, Any] = {
            "format": ROUND_FORMAT,
            "round": "golf",
            "code": self.code,
            "deals": list(self._numbers),
            "scores": list(self._scores),
            "given_up": list(self._given_up),
            "hole": self.hole,
        }
        if include_game:
            doc["game"] = json.loads(self.game.to_json())
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game: GolfGame | None = None) -> GolfRound:
        """Rebuild a saved round (with `game`, the hole being played, when the JSON leaves it out);
        ValueError with a clear message on anything malformed or inconsistent."""
        data = _load_json(text)
        if not isinstance(data, dict) or data.get("format") != ROUND_FORMAT or data.get("round") != "golf":
            raise ValueError("saved round has an unknown format")
        made = cls._scored_round(data)
        if data.get("hole") != made.hole:
            raise ValueError(f"saved round is inconsistent: hole is {data.get('hole')!r}, its scores give {made.hole}")
        if game is None and "game" in data:
            game = GolfGame.from_json(json.dumps(data["game"]))
        if game is not None:
            made._adopt(game)
        else:  # the hole's deal as dealt (a finished round: its last hole's)
            made.game = made._deal(min(len(made._scores), HOLES - 1))
        return made

    @classmethod
    def _scored_round(cls, data: dict[str, Any]) -> GolfRound:
        """The round a saved round's code, deals, scores and holes given up make, each checked."""
        try:
            made = cls(data["code"], numbers=_int_list(data["deals"], "deals"))
            scores = _int_list(data["scores"], "scores")
            given_up = _int_list(data["given_up"], "given_up")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"saved round is malformed: {type(exc).__name__} {exc}") from None
        except ValueError as exc:
            raise ValueError(f"saved round is inconsistent: {exc}") from None
        if len(scores) > HOLES or not all(LOWEST_SCORE <= s <= HIGHEST_SCORE for s in scores):
            raise ValueError("saved round is inconsistent: impossible scores")
        if given_up != sorted(set(given_up)) or not all(1 <= h <= len(scores) and scores[h - 1] >= 1 for h in given_up):
            raise ValueError("saved round is inconsistent: impossible holes given up")
        made._scores, made._given_up = scores, given_up
        return made

    def _adopt(self, game: GolfGame) -> None:
        """The saved game of the hole being played: it must be that hole's deal."""
        if not isinstance(game, GolfGame):
            raise ValueError("saved round is inconsistent: its game is not a Golf game")
        expected = self.deal_codes[min(len(self._scores), HOLES - 1)]
        if game.code != expected:
            raise ValueError(f"saved round is inconsistent: its game is {game.code}, hole {self.hole} is {expected}")
        self.game = game

    def __repr__(self) -> str:
        return f"<GolfRound {self.code} hole={self.hole} scores={self._scores}>"


def _int_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ValueError(f"{what} must be a list of whole numbers")
    return list(value)
