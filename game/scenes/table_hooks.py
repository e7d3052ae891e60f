"""The defaults of a game's rules at the table (table_contract.TableRules): what a game that says
nothing about it does. Golf's and Eight Off's rules (golf_table.py, eightoff_table.py) start from
these and say the rest; the table (table.py) is the same for every game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import registry
from ..i18n import tr
from ..model import IllegalMove
from ..model.base import SolitaireGame
from ..model.cards import Card
from ..model.codes import parse_code
from ..model.moves import Hit, Move, Pile
from .hud import MOVES, SCORE, Slot
from .table_contract import Saying

if TYPE_CHECKING:  # pragma: no cover
    from .base import Scene
    from .golf_best_line import BestFound


class RulesDefaults:
    """What a game's rules do where the game says nothing of its own."""

    DOUBLE_TAP = False
    KEY_PICK = False

    @staticmethod
    def counters(game: SolitaireGame) -> list[str]:
        """The game's counters in the top band, in words (Help's examples show the same)."""
        return [tr("Score: {n}", n=game.score), tr("Moves: {n}", n=game.moves)]

    def counter_slots(self) -> list[Slot]:
        return [SCORE, MOVES]

    def pick(self, hit: Hit) -> list[Card]:
        return []

    def on_lift(self, cards: list[Card]) -> None:
        """A drag of these cards has begun (light up where they may go)."""

    def on_drop(self, cards: list[Card]) -> bool:
        return False

    def on_change(self) -> None:
        """The model changed: forget what was about the position before."""

    def glow_cards(self) -> set[Card]:
        return set()

    def reason_message(self, refusal: IllegalMove) -> Saying | None:
        return None

    def focus_cards(self, pile: Pile) -> list[Card]:
        return []

    def key_tap(self, pile: Pile) -> None:
        """Space (and Golf's Enter) on a pile: what a tap on its top card does."""

    def key_pick(self, pile: Pile) -> list[Card]:
        return []

    def key_drop(self, cards: list[Card], pile: Pile) -> None:
        """Enter on another pile with `cards` picked up: move them there, as a drop would."""

    def key_again(self, pile: Pile) -> None:
        """Enter again on the pile the cards were picked up from: what a double tap does."""

    def move_sound(self, move: Move) -> str:
        return "slide"

    def refreshed(self) -> None:
        """The cards were sent where the model says (a game may dim some)."""

    def resized(self) -> None:
        """The table was laid out again (a game may print on the felt)."""

    def update(self, dt: float) -> None:
        """A step of simulation time passed."""

    def is_animating(self) -> bool:
        return False

    def best_found(self) -> BestFound | None:
        return None

    def end_overlay(self, won: Callable[[], Scene], blocked: Callable[[], Scene]) -> Scene | None:
        return None

    def end_ready(self) -> bool:
        return True


def arrow_between(start: pygame.Rect, end: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """A hint's arrow from one card to another: it leaves the first card's middle and stops short of
    the second's, so its head never hides the card it points at."""
    (x0, y0), (x1, y1) = start.center, end.center
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    short = min(length * 0.4, end.height * 0.42)
    return (x0, y0), (int(x1 - dx / length * short), int(y1 - dy / length * short))


def par_of_game(game: SolitaireGame) -> int | None:
    """The par of a dealt game of a kind with a deal list (game/solver/par.py), else None."""
    kind = registry.kind_of(game)
    if not game.code or not kind.has_deal_list:
        return None
    from ..solver.par import par_of  # a table without pars (Golf's) never reads this code

    try:
        return par_of(kind.deal_list, parse_code(game.code).number)
    except ValueError:
        return None
