"""Golf: clear the seven columns onto the waste, one rank up or down (RULES.md, "Golf"), under any
of the rule sets golf_rules.py names (Easy, Classic, the strict rule and the variants)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .base import SolitaireGame, card_list, card_strings
from .cards import JOKERS, Card, check_distinct
from .codes import MAX_NUMBER, DealCode, parse_code
from .core import Position
from .deals import golf_deal
from .errors import IllegalMove
from .golf_rules import BadRules, GolfRules
from .moves import GolfMove

__all__ = ["GolfGame", "GolfRules", "dealt_cards", "fits", "hole_score", "joker_places", "rules_of"]

#: The two rule sets of the New game window's front (RULES.md); the others are in "More rules".
RULES = ("easy", "classic")
POINTS_PER_CARD = 10
COLUMN_COUNT = 7
#: Knuth's MMIX linear congruential generator: where a deal's jokers go in its stock (joker_places).
_LCG_A, _LCG_C, _LCG_M = 6364136223846793005, 1442695040888963407, 2**64


def rules_of(rule: str | GolfRules) -> GolfRules:
    """A rule set from its name ('easy', 'strict', 'classic+j2'), its code form ('C+J2') or itself;
    ValueError for anything else."""
    if isinstance(rule, GolfRules):
        return rule
    try:
        return GolfRules.parse(rule)
    except BadRules as exc:
        raise ValueError(f"not a Golf rule set: {rule!r} ({exc})") from None


def fits(card: Card, top: Card | None, rule: str | GolfRules) -> bool:
    """May `card` go on the waste top `top`? One rank above or below, suit never matters; the rule
    set decides King and Ace, a dead King and jokers (GolfRules.fits)."""
    return rules_of(rule).fits(card, top)


def joker_places(number: int, draws: int, jokers: int) -> list[int]:
    """Where deal `number` puts its jokers: for joker k (1, then 2), the index in the draw order
    (0 = drawn first) it is inserted at, among the cards and jokers placed so far. The stream is
    the MMIX LCG seeded with the deal number; index = (state >> 33) % (length + 1). Reproducible in
    any language, and independent of the 52 cards, which are PySolFC's deal `number` unchanged."""
    state, places = number, []
    for k in range(jokers):
        state = (state * _LCG_A + _LCG_C) % _LCG_M
        places.append((state >> 33) % (draws + k + 1))
    return places


def dealt_cards(number: int, rules: GolfRules) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """(columns, waste, stock with the next draw last) of deal `number` under `rules`: PySolFC's
    deal, then the empty start (the waste card becomes the first card drawn), then the jokers."""
    columns, waste, stock = golf_deal(number)
    draws = list(reversed(stock))  # the order the stock is drawn in
    first: list[Card] = [waste]
    if rules.empty_waste:
        draws.insert(0, waste)
        first = []
    for k, place in enumerate(joker_places(number, len(draws), rules.jokers)):
        draws.insert(place, JOKERS[k])
    return [list(c) for c in columns], first, list(reversed(draws))


@dataclass(frozen=True)
class _Undo:
    """How to take an action back: which action, and the score and status before it."""

    column: int | None  # None for a draw
    score: int
    status: str


class GolfGame(SolitaireGame[GolfMove]):
    """A Golf game: won when the 35 tableau cards are gone; the stock is never recycled. Its rule
    set (`rules`) decides what fits, whether a draw must wait for no move, jokers and the start."""

    GAME_ID = "golf"
    MOVE = GolfMove

    def __init__(
        self,
        columns: Sequence[Sequence[Any]],
        waste: Sequence[Any],
        stock: Sequence[Any],
        rule: str | GolfRules = "easy",
    ) -> None:
        super().__init__()
        self.rules = rules_of(rule)
        #: The rule set's name: 'easy', 'classic', 'strict', or e.g. 'classic+j2'.
        self.rule = self.rules.name
        if isinstance(columns, (str, bytes)) or len(columns) != COLUMN_COUNT:
            raise ValueError(f"Golf has {COLUMN_COUNT} columns")
        self._columns = [card_list(col, f"column {i + 1}") for i, col in enumerate(columns)]
        self._waste = card_list(waste, "waste")
        self._stock = card_list(stock, "stock")
        everything = self.cards()
        check_distinct(everything)
        jokers = sum(c.is_joker for c in everything)
        if jokers > self.rules.jokers:
            raise ValueError(f"the position holds {jokers} joker(s); these rules have {self.rules.jokers}")
        self._start = self._position()
        self._settle()

    # -- constructors ------------------------------------------------------------------------------
    @classmethod
    def from_layout(
        cls,
        columns: Sequence[Sequence[Any]],
        waste: Sequence[Any],
        stock: Sequence[Any],
        rule: str | GolfRules = "easy",
    ) -> GolfGame:
        """Any position (tests, puzzles, the solver); ValueError on duplicate or unknown cards."""
        return cls(columns, waste, stock, rule)

    @classmethod
    def from_code(cls, code: str | DealCode) -> GolfGame:
        """Exactly the deal the code names (InvalidCode if it cannot be read)."""
        deal = parse_code(code) if isinstance(code, str) else code
        if deal.game != "golf" or deal.rules is None:
            raise ValueError(f"{deal} is not a Golf code")
        columns, waste, stock = dealt_cards(deal.number, deal.rules)
        game = cls(columns, waste, stock, deal.rules)
        game.code = str(deal)
        return game

    @classmethod
    def new(
        cls, rule: str | GolfRules = "easy", number: int | None = None, rng: random.Random | None = None
    ) -> GolfGame:
        """A new deal under a rule set (a name such as 'strict', a code form or a GolfRules): the
        given number, or a random valid one."""
        rules = rules_of(rule)
        if number is None:
            number = (rng or random).randint(1, MAX_NUMBER)
        return cls.from_code(DealCode("golf", rules.variant, number))

    # -- read-only state ---------------------------------------------------------------------------
    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """Seven columns; index -1 is the free card."""
        return tuple(tuple(c) for c in self._columns)

    @property
    def waste(self) -> tuple[Card, ...]:
        """Index -1 is the top card."""
        return tuple(self._waste)

    @property
    def stock(self) -> tuple[Card, ...]:
        """Index -1 is the next card drawn."""
        return tuple(self._stock)

    @property
    def waste_top(self) -> Card | None:
        return self._waste[-1] if self._waste else None

    def cards(self) -> list[Card]:
        """Every card: the columns, the waste and the stock."""
        return [c for col in self._columns for c in col] + self._waste + self._stock

    @property
    def tableau_count(self) -> int:
        return sum(len(c) for c in self._columns)

    # -- rules -------------------------------------------------------------------------------------
    @property
    def kind_id(self) -> str:
        return f"golf-{self.rule}"

    def why_illegal(self, column: int | GolfMove, row: int | None = None) -> str | None:
        """None if the move (or the card at (column, row)) can be played now, else the reason code
        the UI explains: 'over', 'empty', 'blocked' (a covered card), 'rank', 'dead-king' (the
        waste top is a King and these rules allow nothing on it), 'stock-empty', and for a draw under
        the strict draw 'move-available'."""
        if isinstance(column, GolfMove):
            refused = self._refusal(column)
            return None if refused is None else refused.reason
        if self._status != "playing":
            return "over"
        if not isinstance(column, int) or not 0 <= column < COLUMN_COUNT:
            return "empty"
        pile = self._columns[column]
        if row is None:
            row = len(pile) - 1
        if not 0 <= row < len(pile):
            return "empty"
        if row != len(pile) - 1:
            return "blocked"
        if not self.rules.fits(pile[row], self.waste_top):
            top = self.waste_top
            return "dead-king" if self.rules.dead_king and top is not None and top.rank == 13 else "rank"
        return None

    def _plays(self) -> list[GolfMove]:
        return [GolfMove(i) for i in range(COLUMN_COUNT) if self.why_illegal(i) is None]

    def _refusal(self, move: GolfMove) -> IllegalMove | None:
        if move.column is None:
            if self._status != "playing":
                return IllegalMove("over")
            if not self._stock:
                return IllegalMove("stock-empty")
            if self.rules.strict_draw and self._plays():
                return IllegalMove("move-available")
            return None
        reason = self.why_illegal(move.column)
        return None if reason is None else IllegalMove(reason)

    @property
    def can_draw(self) -> bool:
        """Whether the stock may be drawn now (it has cards, and the strict draw has no move waiting)."""
        return self._refusal(GolfMove.DRAW) is None

    def legal_moves(self) -> list[GolfMove]:
        """Playable columns, then the draw while the stock has cards (and, under the strict draw,
        only when no column can be played)."""
        if self._status != "playing":
            return []
        moves = self._plays()
        if self._stock and not (moves and self.rules.strict_draw):
            moves.append(GolfMove.DRAW)
        return moves

    def play(self, column: int | GolfMove) -> Card:
        """Move the free card of `column` onto the waste (+10)."""
        if isinstance(column, GolfMove):
            if column.column is None:
                return self.draw()
            column = column.column
        reason = self.why_illegal(column)
        if reason:
            raise IllegalMove(reason)
        card = self._columns[column][-1]
        self._push(GolfMove(column))
        return card

    def draw(self) -> Card:
        """Turn the next stock card onto the waste; scores nothing. Allowed at any time, except under
        the strict draw while a free card fits the waste."""
        self.push(GolfMove.DRAW)
        return self._waste[-1]

    def _apply(self, move: GolfMove) -> _Undo:
        column = move.column
        record = _Undo(column, self._score, self._status)
        if column is None:
            self._waste.append(self._stock.pop())
        else:
            self._waste.append(self._columns[column].pop())
            self._score += POINTS_PER_CARD
        self._settle()
        return record

    def _reverse(self, record: _Undo) -> None:
        card = self._waste.pop()
        if record.column is None:
            self._stock.append(card)
        else:
            self._columns[record.column].append(card)
        self._score, self._status = record.score, record.status

    def _settle(self) -> None:
        """Won when the tableau is empty; blocked (with the penalty) when nothing can move."""
        if self.tableau_count == 0:
            self._status = "won"
        elif not self._stock and not any(self.why_illegal(i) is None for i in range(COLUMN_COUNT)):
            self._status = "blocked"
            self._score = max(0, self._score - POINTS_PER_CARD * self.tableau_count)

    def _score_since(self, start: GolfGame) -> int:
        """10 a card played since `start`, less the block's penalty. Plays and draws only ever take
        the free cards and the stock's next card onto the waste, so each column must be the start
        of its column then, the stock the start of its stock and the waste go on from its waste."""
        if (
            any(col != was[: len(col)] for col, was in zip(self._columns, start._columns))
            or self._stock != start._stock[: len(self._stock)]
            or self._waste[: len(start._waste)] != start._waste
        ):
            raise ValueError("no plays and draws lead from the deal to this position")
        score = POINTS_PER_CARD * (start.tableau_count - self.tableau_count)
        return max(0, score - POINTS_PER_CARD * self.tableau_count) if self._status == "blocked" else score

    # -- persistence -------------------------------------------------------------------------------
    def _position(self) -> Position:
        return {
            "rule": self.rule,
            "columns": [card_strings(c) for c in self._columns],
            "waste": card_strings(self._waste),
            "stock": card_strings(self._stock),
        }

    @classmethod
    def _layout_from_start(cls, start: Position) -> GolfGame:
        rule = start["rule"]
        if not isinstance(rule, str):
            raise ValueError(f"bad rule {rule!r}")
        return cls(start["columns"], start["waste"], start["stock"], rule)

    def __repr__(self) -> str:
        return f"<GolfGame {self.code or 'layout'} {self.rule} score={self._score} status={self._status}>"


def hole_score(game: GolfGame) -> int:
    """The traditional golf score of a finished deal (a "hole" of a round, RULES.md): the cards
    left on the tableau when blocked, minus the cards left in the stock when won (a win with 5
    cards still in the stock scores -5). ValueError while the game is still in play."""
    if game.status == "blocked":
        return game.tableau_count
    if game.status == "won":
        return -len(game.stock)
    raise ValueError("a game still in play has no hole score yet")
