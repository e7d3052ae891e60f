"""The Golf table: tap or drag a free card to the waste, tap the stock to draw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..i18n import N_, tr
from ..model import IllegalMove
from ..model.cards import Card
from ..model.golf import GolfGame
from ..model.moves import GolfMove
from ..view.board import Target
from ..view.golf_layout import GolfLayout
from .base import Scene
from .golf_best_line import BestFound
from .hud import MOVES, SCORE, STOCK, Slot
from .table import TableScene
from .table_hooks import arrow_between

FELT_PRINT = (220, 235, 215, 150)  # the rule set's name printed on the felt: light, half there
ANALYSIS_WAIT = 1.0  # s a blocked game's panel waits for the solver's verdict before it shows anyway
MESSAGES = {
    "rank": N_("It must be one rank higher or lower"),
    "blocked": N_("This card is blocked"),
    "dead-king": N_("Nothing may be played on a King"),
    "move-available": N_("Play a card first: you may draw only when no card fits"),
}


def card_name(card: Card) -> str:
    """A card as the table's words name it: '7♠', or 'Joker' in the player's language."""
    return tr("Joker") if card.is_joker else card.label


class GolfTableScene(TableScene):
    """A Golf game in play."""

    game: GolfGame
    layout: GolfLayout
    _blocked_at: float | None = None  # when the blocked panel began to wait for the verdict

    def best_found(self) -> BestFound | None:
        """The best score of this deal from its start, searched once when it first ends."""
        if not hasattr(self, "_best"):
            self._best = BestFound(self)
        return self._best

    def deal_start(self) -> dict[Card, Target]:
        """The tableau cards wait hidden under the stock and leave it face up (no flip to pay for);
        the first waste card waits face down on top and turns over on its way."""
        g = self.game
        start = self.targets()
        tableau = [c for col in g.columns for c in col]
        for i, card in enumerate(tableau):
            start[card] = Target(self.layout.stock_pos(0), True, -len(tableau) + i)
        for card in g.waste:
            start[card] = Target(self.layout.stock_pos(len(g.stock)), False, 3000)
        return start

    def deal_order(self) -> list[Card]:
        """Row by row across the columns, as cards are dealt; the waste card turns over last."""
        g = self.game
        rows = max((len(c) for c in g.columns), default=0)
        order = [col[r] for r in range(rows) for col in g.columns if r < len(col)]
        return order + list(g.waste)

    def hit(self, pos: tuple[int, int]) -> tuple | None:
        return self.layout.hit(pos, self.game.columns, len(self.game.stock))

    def pick(self, hit: tuple) -> list[Card]:
        if hit[0] == "column":
            pile = self.game.columns[hit[1]]
            if hit[2] == len(pile) - 1 and self.game.status == "playing":
                return [pile[-1]]
        return []

    def on_tap(self, hit: tuple | None, double: bool = False) -> None:
        if hit is None:
            return
        if hit[0] == "stock":  # (a refused draw shakes the stock's top card)
            self.make_move(GolfMove.DRAW, self.game.stock[-1] if self.game.stock else None)
        elif hit[0] == "column":
            self.play(hit[1], hit[2])

    def play(self, column: int, row: int | None = None) -> bool:
        """Play the card at (column, row): only a column's free card moves; a covered one is refused
        without asking the model for a move (there is none)."""
        pile = self.game.columns[column]
        if row is not None and 0 <= row < len(pile) - 1:
            self.refuse("blocked", pile[row])
            return False
        return self.make_move(GolfMove.play(column), pile[-1] if pile else None)

    # -- keyboard play (table_focus.py): the columns left to right, then the stock ------------------
    def focus_piles(self) -> list[tuple]:
        return [("column", i) for i in range(len(self.game.columns))] + [("stock",)]

    def focus_anchor(self, pile: tuple) -> pygame.Rect:
        return self.layout.stock if pile[0] == "stock" else self.layout.columns[pile[1]]

    def focus_cards(self, pile: tuple) -> list[Card]:
        cards = self.game.stock if pile[0] == "stock" else self.game.columns[pile[1]]
        return list(cards[-1:])

    def key_tap(self, pile: tuple) -> None:
        """A column plays its free card, the stock draws."""
        if pile[0] == "stock":
            self.on_tap(("stock",))
        else:
            self.play(pile[1])

    def on_drop(self, cards: list[Card]) -> bool:
        card_rect = self.board.sprite_rect(self.board.sprites[cards[0]])
        if card_rect.colliderect(self.layout.waste.inflate(self.layout.gap, self.layout.gap)):
            column = next((i for i, col in enumerate(self.game.columns) if col and col[-1] == cards[0]), None)
            if column is not None:  # the card is still a free card of a column
                return self.play(column)
        return False

    def reason_message(self, refusal: IllegalMove) -> tuple[str, dict[str, Any]] | None:
        message = MESSAGES.get(refusal.reason)
        return None if message is None else (message, {})

    def refresh(self, duration: float | None = None) -> None:
        """The cards go where the model says; under the strict draw, the stock is dimmed while a
        card fits the waste (a tap on it then says why)."""
        super().refresh(duration)
        self.board.set_dimmed(self.dimmed_stock())

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.board.set_prints(self.felt_title())

    def felt_title(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Where the band has no room for its title slot (800x480 in Greek), the game and rule set are
        printed faintly on the felt at the foot of the free part of the bottom row, as a card table
        prints its game's name."""
        title = self.hud.title
        if not title or self.hud.shows_title:
            return []
        box = self.layout.message
        size = max(14, int(self.hud.rect.height * 0.36))  # as the band's own two lines
        img = self.ctx.text.fit(title, box.width, size, FELT_PRINT, bold=True)
        return [(img, img.get_rect(midbottom=(box.centerx, box.bottom)))]

    def dimmed_stock(self) -> set[Card]:
        """The stock's cards while the rules forbid drawing them only because a card fits (not
        during the deal, and not once the game is over: then the whole table is finished)."""
        g = self.game
        if self.dealing or not g.rules.strict_draw or not g.stock or g.status != "playing" or g.can_draw:
            return set()
        return set(g.stock)

    def glow_cards(self) -> set[Card]:
        g = self.game
        return {g.columns[m.column][-1] for m in g.legal_moves() if m.column is not None}

    def counter_slots(self) -> list[Slot]:
        return [SCORE, MOVES, STOCK]

    def counter_values(self) -> list[str]:
        return [*super().counter_values(), str(len(self.game.stock))]

    @staticmethod
    def counters(game: GolfGame) -> list[str]:  # type: ignore[override]  # (only ever given its own game)
        return [*TableScene.counters(game), tr("Stock: {n}", n=len(game.stock))]

    def end_overlays(self) -> tuple[Callable[..., Scene], Callable[..., Scene]]:
        """The panels at a game's end, won and blocked (a round's hole has its own). Their code
        loads ahead in spare time (game.read_ahead), not at start-up nor in the frame the game
        ends."""
        from .end_screen import BlockedOverlay, WinOverlay

        return WinOverlay, BlockedOverlay

    def end_overlay(self) -> Scene | None:
        won, blocked = self.end_overlays()
        if self.game.status == "won":
            return won(self.ctx, self)
        if self.game.status == "blocked":
            return blocked(self.ctx, self)
        return None

    def end_ready(self) -> bool:
        """A blocked game's panel waits up to ANALYSIS_WAIT for the solver's verdict, so it appears
        once, whole, instead of growing under the player's finger when the verdict comes."""
        if self.game.status != "blocked" or self.watching:
            return True
        if self.assist.known_analysis() is not None:
            return True
        if self._blocked_at is None or self._blocked_at > self.clock:
            self._blocked_at = self.clock
            self.assist.analyse(lambda _analysis: None)
        return self.clock - self._blocked_at >= ANALYSIS_WAIT

    def on_change(self) -> None:
        self._blocked_at = None

    # -- the solver's moves ------------------------------------------------------------------------
    def hint_view(self, move: Any) -> tuple[set[Card], list[pygame.Rect], tuple | None]:
        """A draw lights the stock, a play the free card; an arrow points at the waste."""
        g = self.game
        card = g.stock[-1] if move.column is None else g.columns[move.column][-1]
        cards = {card}
        if g.waste:
            cards.add(g.waste[-1])
        return cards, [], arrow_between(self.target_rect(card), self.layout.waste)

    def describe_move(self, index: int, move: Any) -> str:
        if move.column is None:
            return tr("a draw from the stock")
        from ..solver.analysis import position_at  # (the analysis' code: read ahead, not at start-up)

        before = position_at(self.game, index)
        return tr("{card} to the waste", card=card_name(before.columns[move.column][-1]))

    def move_sound(self, move: Any) -> str:
        """A draw turns a card over; a play slides one onto the waste."""
        return "flip" if move.column is None else "slide"
