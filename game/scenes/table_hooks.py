"""What each game's table says to the shared table (game.scenes.table): where the cards go, what a
point hits, what a press picks up, what a tap or a drop means, and how the solver's moves look.

Golf and Eight Off override these; everything else about a table is shared.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..i18n import tr
from ..model import IllegalMove
from ..model.base import SolitaireGame
from ..model.cards import Card
from ..view.board import Target
from ..view.layout import TableLayout
from ..view.layouts import layout_for
from .base import Scene


class TableHooks(Scene):
    """The per-game part of a table scene, with the defaults a game may keep."""

    #: Whether two quick taps on one spot make one double-tap gesture (Eight Off). When False (Golf),
    #: they are two taps: tapping a column twice plays two cards.
    DOUBLE_TAP = False

    game: SolitaireGame  # (set by TableScene)
    layout: TableLayout

    # -- geometry ----------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> Any:
        """The game's layout (the registry names its class) at this size."""
        return layout_for(self.game, size)

    def targets(self) -> dict[Card, Target]:
        """Where every card goes now, from the model (the board's sprites tween there)."""
        return self.layout.place(self.game)

    def slot_rects(self) -> list[pygame.Rect]:
        """The empty-pile outlines painted on the felt."""
        return self.layout.slots()

    @staticmethod
    def counters(game: SolitaireGame) -> list[str]:
        """The game's counters in the top band (Help's examples show the same)."""
        return [tr("Score: {n}", n=game.score), tr("Moves: {n}", n=game.moves)]

    def deal_start(self) -> dict[Card, Target]:
        """Where the cards wait before the deal animation (default: where they end)."""
        return self.targets()

    def deal_order(self) -> list[Card]:
        return list(self.targets())

    # -- input -------------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> tuple | None:  # pragma: no cover - abstract
        """What a point falls on: (pile kind, pile index, ...) or None."""
        raise NotImplementedError

    def pick(self, hit: tuple) -> list[Card]:
        """The cards a press on `hit` may drag (empty: none)."""
        return []

    def on_tap(self, hit: tuple | None, double: bool = False) -> None:
        """A tap (press and release without moving). With DOUBLE_TAP, a second tap on the same spot
        soon after comes as double=True with the FIRST tap's hit, unless the first tap changed the
        game: then it is a tap of its own."""

    def on_lift(self, cards: list[Card]) -> None:
        """A drag of these cards has begun (light up where they may go)."""

    def on_drop(self, cards: list[Card]) -> bool:
        """Dragged cards released where they are now; call the model or let them fly back. True
        when a move was made (the board already follows it)."""
        return False

    def on_change(self) -> None:
        """The model changed: forget what was about the position before."""

    def glow_cards(self) -> set[Card]:
        """The cards to light as playable (with the setting on)."""
        return set()

    def reason_message(self, refusal: IllegalMove) -> tuple[str, dict[str, Any]] | None:
        """What to say about a refusal: a message (its catalogue key) and the values it names, from
        the model's reason and details (None: say nothing)."""
        return None

    # -- keyboard play (table_focus.py) -------------------------------------------------------------
    #: Whether Enter picks a pile's cards up to drop them on another pile (Eight Off); when False
    #: (Golf), Enter taps the focused pile as Space does.
    KEY_PICK = False

    def focus_piles(self) -> list[tuple]:  # pragma: no cover - abstract
        """Every pile the keyboard focus visits, in reading order (Tab's order)."""
        raise NotImplementedError

    def focus_anchor(self, pile: tuple) -> pygame.Rect:  # pragma: no cover - abstract
        """Where a pile lies (its outline): the arrow keys move between these."""
        raise NotImplementedError

    def focus_cards(self, pile: tuple) -> list[Card]:
        """The cards the focus ring goes round on a pile (none: its empty outline)."""
        return []

    def key_tap(self, pile: tuple) -> None:
        """Space (and Golf's Enter) on a pile: what a tap on its top card does."""

    def key_pick(self, pile: tuple) -> list[Card]:
        """Enter on a pile: the cards it picks up (empty: none)."""
        return []

    def key_drop(self, cards: list[Card], pile: tuple) -> None:
        """Enter on another pile with `cards` picked up: move them there, as a drop would."""

    def key_again(self, pile: tuple) -> None:
        """Enter again on the pile the cards were picked up from: what a double tap does."""

    # -- the solver's moves ------------------------------------------------------------------------
    def hint_view(self, move: Any) -> tuple[set[Card], list[pygame.Rect], tuple | None]:
        """How to show a hint for a solver move: the cards to light, the empty piles to mark, and the
        arrow (from, to)."""
        raise NotImplementedError  # pragma: no cover

    def describe_move(self, index: int, move: Any) -> str:
        """The move at line index `index` in words ("7♠"), for "the win was lost at move n"."""
        raise NotImplementedError  # pragma: no cover

    def move_sound(self, move: Any) -> str:
        """The sound of a move, the player's and the demo's alike."""
        return "slide"

    # -- the end -----------------------------------------------------------------------------------
    def end_overlay(self) -> Scene | None:
        """The overlay to show once the game is over (after the cards land), or None."""
        return None

    def end_ready(self) -> bool:
        """Whether the end overlay may come now (Golf waits a moment for "where did I lose it")."""
        return True


def arrow_between(start: pygame.Rect, end: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """A hint's arrow from one card to another: it leaves the first card's middle and stops short of
    the second's, so its head never hides the card it points at."""
    (x0, y0), (x1, y1) = start.center, end.center
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    short = min(length * 0.4, end.height * 0.42)
    return (x0, y0), (int(x1 - dx / length * short), int(y1 - dy / length * short))
