"""Golf: clear the seven columns onto the waste, one rank up or down (RULES.md, "Golf")."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .base import SolitaireGame, card_list, card_strings
from .cards import Card, check_distinct
from .codes import MAX_NUMBER, DealCode, parse_code
from .deals import golf_deal
from .errors import IllegalMove
from .moves import GolfMove

RULES = ("easy", "classic")
RULE_LETTER = {"easy": "E", "classic": "C"}
POINTS_PER_CARD = 10
COLUMN_COUNT = 7


def fits(card: Card, top: Card | None, rule: str) -> bool:
    """One rank above or below the waste top; Easy also joins King and Ace. Suit never matters."""
    if top is None:
        return True
    diff = abs(card.rank - top.rank)
    return diff == 1 or (rule == "easy" and diff == 12)


@dataclass(frozen=True)
class _Undo:
    """How to take an action back: which action, and the score and status before it."""
    column: int | None  # None for a draw
    score: int
    status: str


class GolfGame(SolitaireGame):
    """A Golf game. Draw at any time, no recycling, won when the 35 tableau cards are gone."""

    GAME_ID = "golf"
    MOVE = GolfMove

    def __init__(self, columns: Sequence[Sequence[Any]], waste: Sequence[Any], stock: Sequence[Any],
                 rule: str = "easy") -> None:
        super().__init__()
        if rule not in RULES:
            raise ValueError(f"rule must be 'easy' or 'classic', not {rule!r}")
        if isinstance(columns, (str, bytes)) or len(columns) != COLUMN_COUNT:
            raise ValueError(f"Golf has {COLUMN_COUNT} columns")
        self.rule = rule
        self._columns = [card_list(col, f"column {i + 1}") for i, col in enumerate(columns)]
        self._waste = card_list(waste, "waste")
        self._stock = card_list(stock, "stock")
        everything = self.cards()
        check_distinct(everything)
        if len(everything) > 52:  # pragma: no cover - impossible after check_distinct
            raise ValueError("more than 52 cards")
        self._start = self._position()
        self._settle()

    # -- constructors ------------------------------------------------------------------------------
    @classmethod
    def from_layout(cls, columns: Sequence[Sequence[Any]], waste: Sequence[Any], stock: Sequence[Any],
                    rule: str = "easy") -> GolfGame:
        """Any position (tests, puzzles, the solver); ValueError on duplicate or unknown cards."""
        return cls(columns, waste, stock, rule)

    @classmethod
    def from_code(cls, code: str | DealCode) -> GolfGame:
        """Exactly the deal the code names (InvalidCode if it cannot be read)."""
        deal = parse_code(code) if isinstance(code, str) else code
        if deal.game != "golf":
            raise ValueError(f"{deal} is not a Golf code")
        columns, waste, stock = golf_deal(deal.number)
        game = cls(columns, [waste], stock, deal.rule or "")
        game.code = str(deal)
        return game

    @classmethod
    def new(cls, rule: str = "easy", number: int | None = None, rng: random.Random | None = None) -> GolfGame:
        """A new deal: the given number, or a random valid one."""
        if rule not in RULES:
            raise ValueError(f"rule must be 'easy' or 'classic', not {rule!r}")
        if number is None:
            number = (rng or random).randint(1, MAX_NUMBER)
        return cls.from_code(DealCode("golf", RULE_LETTER[rule], number))

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
        the UI explains: 'over', 'empty', 'blocked' (a covered card), 'rank', 'stock-empty'."""
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
        if not fits(pile[row], self.waste_top, self.rule):
            return "rank"
        return None

    def _refusal(self, move: GolfMove) -> IllegalMove | None:
        if move.column is None:
            if self._status != "playing":
                return IllegalMove("over")
            return None if self._stock else IllegalMove("stock-empty")
        reason = self.why_illegal(move.column)
        return None if reason is None else IllegalMove(reason)

    def legal_moves(self) -> list[GolfMove]:
        """Playable columns, then the draw while the stock has cards."""
        if self._status != "playing":
            return []
        moves = [GolfMove(i) for i in range(COLUMN_COUNT) if self.why_illegal(i) is None]
        if self._stock:
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
        """Turn the next stock card onto the waste; allowed at any time, scores nothing."""
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

    # -- persistence -------------------------------------------------------------------------------
    def _position(self) -> dict:
        return {"rule": self.rule, "columns": [card_strings(c) for c in self._columns],
                "waste": card_strings(self._waste), "stock": card_strings(self._stock)}

    @classmethod
    def _layout_from_start(cls, start: dict) -> GolfGame:
        return cls(start["columns"], start["waste"], start["stock"], start["rule"])

    def __repr__(self) -> str:
        return f"<GolfGame {self.code or 'layout'} {self.rule} score={self._score} status={self._status}>"
