"""Golf at the table: tap or drag a free card to the waste, tap the stock to draw. The table itself
(table.py) is every game's; this is what Golf says to it (table_contract.TableRules)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import N_, tr
from ..model import IllegalMove
from ..model.cards import Card
from ..model.golf import GolfGame
from ..model.moves import GolfMove, Hit, Move, Pile, PileKind
from ..view.board import Target
from ..view.golf_layout import GolfLayout
from .base import Scene
from .golf_best_line import BestFound
from .hud import MOVES, SCORE, STOCK, Slot
from .table_contract import GameTable, HintView, Saying
from .table_hooks import RulesDefaults, arrow_between

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


def _as_golf(move: Move) -> GolfMove:
    """A move of this table's game as a GolfMove (the solver's and the demo's are already)."""
    return move if isinstance(move, GolfMove) else GolfMove.coerce(move)


class GolfRules(RulesDefaults):
    """What Golf says to its table."""

    def __init__(self, table: GameTable, game: GolfGame) -> None:
        self.table = table
        self._game = game
        self._layout = GolfLayout.for_game((int(table.ctx.screen_size[0]), int(table.ctx.screen_size[1])), game)
        self._blocked_at: float | None = None  # when the blocked panel began to wait for the verdict
        self._best: BestFound | None = None

    @property
    def game(self) -> GolfGame:
        return self._game

    @property
    def layout(self) -> GolfLayout:
        return self._layout

    @staticmethod
    def counters(game: GolfGame) -> list[str]:  # type: ignore[override]  # (only ever given its own game)
        return [*RulesDefaults.counters(game), tr("Stock: {n}", n=len(game.stock))]

    def relayout(self, size: tuple[int, int]) -> None:
        self._layout = GolfLayout.for_game(size, self._game)

    def targets(self) -> dict[Card, Target]:
        return self._layout.place(self._game)

    def best_found(self) -> BestFound | None:
        """The best score of this deal from its start, searched once when it first ends."""
        if self._best is None:
            self._best = BestFound(self.table)
        return self._best

    def counter_slots(self) -> list[Slot]:
        return [SCORE, MOVES, STOCK]

    def counter_values(self) -> list[str]:
        g = self._game
        return [str(g.score), str(g.moves), str(len(g.stock))]

    # -- the deal ----------------------------------------------------------------------------------
    def deal_start(self) -> dict[Card, Target]:
        """Where the dealt cards wait: hidden under the stock, the first waste card on top. The deal
        (table_deal.start_deal) turns every one face down there, and each turns over on its way."""
        g = self._game
        start = self.targets()
        tableau = [c for col in g.columns for c in col]
        for i, card in enumerate(tableau):
            start[card] = Target(self._layout.stock_pos(0), True, -len(tableau) + i)
        for card in g.waste:
            start[card] = Target(self._layout.stock_pos(len(g.stock)), False, 3000)
        return start

    def deal_order(self) -> list[Card]:
        """Row by row across the columns, as cards are dealt; the waste card turns over last."""
        g = self._game
        rows = max((len(c) for c in g.columns), default=0)
        order = [col[r] for r in range(rows) for col in g.columns if r < len(col)]
        return order + list(g.waste)

    # -- input -------------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> Hit | None:
        return self._layout.hit(pos, self._game.columns, len(self._game.stock))

    def pick(self, hit: Hit) -> list[Card]:
        if hit.pile.kind is PileKind.COLUMN:
            pile = self._game.columns[hit.pile.index]
            if hit.row == len(pile) - 1 and self._game.status == "playing":
                return [pile[-1]]
        return []

    def on_tap(self, hit: Hit | None, double: bool = False) -> None:
        if hit is None:
            return
        if hit.pile.kind is PileKind.STOCK:  # (a refused draw shakes the stock's top card)
            self.table.make_move(GolfMove.DRAW, self._game.stock[-1] if self._game.stock else None)
        elif hit.pile.kind is PileKind.COLUMN:
            self.play(hit.pile.index, hit.row)

    def play(self, column: int, row: int | None = None) -> bool:
        """Play the card at (column, row): only a column's free card moves; a covered one is refused
        without asking the model for a move (there is none)."""
        pile = self._game.columns[column]
        if row is not None and 0 <= row < len(pile) - 1:
            self.table.refuse("blocked", pile[row])
            return False
        return self.table.make_move(GolfMove.play(column), pile[-1] if pile else None)

    def on_drop(self, cards: list[Card]) -> bool:
        board, layout = self.table.board, self._layout
        card_rect = board.sprite_rect(board.sprites[cards[0]])
        if card_rect.colliderect(layout.waste.inflate(layout.gap, layout.gap)):
            column = next((i for i, col in enumerate(self._game.columns) if col and col[-1] == cards[0]), None)
            if column is not None:  # the card is still a free card of a column
                return self.play(column)
        return False

    def reason_message(self, refusal: IllegalMove) -> Saying | None:
        message = MESSAGES.get(refusal.reason)
        return None if message is None else (message, {})

    # -- keyboard play (table_focus.py): the columns left to right, then the stock ------------------
    def focus_piles(self) -> list[Pile]:
        return [Pile.column(i) for i in range(len(self._game.columns))] + [Pile.stock()]

    def focus_anchor(self, pile: Pile) -> pygame.Rect:
        return self._layout.stock if pile.kind is PileKind.STOCK else self._layout.columns[pile.index]

    def focus_cards(self, pile: Pile) -> list[Card]:
        cards = self._game.stock if pile.kind is PileKind.STOCK else self._game.columns[pile.index]
        return list(cards[-1:])

    def key_tap(self, pile: Pile) -> None:
        """A column plays its free card, the stock draws."""
        if pile.kind is PileKind.STOCK:
            self.on_tap(Hit(pile))
        else:
            self.play(pile.index)

    # -- what the table shows ----------------------------------------------------------------------
    def refreshed(self) -> None:
        """Under the strict draw, the stock is dimmed while a card fits the waste (a tap on it then
        says why)."""
        self.table.board.set_dimmed(self.dimmed_stock())

    def resized(self) -> None:
        self.table.board.set_prints(self.felt_title())

    def felt_title(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Where the band has no room for its title slot (800x480 in Greek), the game and rule set are
        printed faintly on the felt at the foot of the free part of the bottom row, as a card table
        prints its game's name."""
        hud = self.table.hud
        title = hud.title
        if not title or hud.shows_title:
            return []
        box = self._layout.message
        size = max(14, int(hud.rect.height * 0.36))  # as the band's own two lines
        img = self.table.ctx.text.fit(title, box.width, size, FELT_PRINT, bold=True)
        return [(img, img.get_rect(midbottom=(box.centerx, box.bottom)))]

    def dimmed_stock(self) -> set[Card]:
        """The stock's cards while the rules forbid drawing them only because a card fits (not
        during the deal, and not once the game is over: then the whole table is finished)."""
        g = self._game
        if self.table.dealing or not g.rules.strict_draw or not g.stock or g.status != "playing" or g.can_draw:
            return set()
        return set(g.stock)

    def glow_cards(self) -> set[Card]:
        g = self._game
        return {g.columns[m.column][-1] for m in g.legal_moves() if m.column is not None}

    # -- the end -----------------------------------------------------------------------------------
    def end_overlay(self, won: Callable[[], Scene], blocked: Callable[[], Scene]) -> Scene | None:
        if self._game.status == "won":
            return won()
        if self._game.status == "blocked":
            return blocked()
        return None

    def end_ready(self) -> bool:
        """A blocked game's panel waits up to ANALYSIS_WAIT for the solver's verdict, so it appears
        once, whole, instead of growing under the player's finger when the verdict comes."""
        table = self.table
        if self._game.status != "blocked" or table.watching:
            return True
        if table.assist.known_analysis() is not None:
            return True
        if self._blocked_at is None or self._blocked_at > table.clock:
            self._blocked_at = table.clock
            table.assist.analyse(lambda _analysis: None)
        return table.clock - self._blocked_at >= ANALYSIS_WAIT

    def on_change(self) -> None:
        self._blocked_at = None

    # -- the solver's moves ------------------------------------------------------------------------
    def hint_view(self, move: Move) -> HintView:
        """A draw lights the stock, a play the free card; an arrow points at the waste."""
        column = _as_golf(move).column
        g = self._game
        card = g.stock[-1] if column is None else g.columns[column][-1]
        cards = {card}
        if g.waste:
            cards.add(g.waste[-1])
        return cards, [], arrow_between(self.table.target_rect(card), self._layout.waste)

    def describe_move(self, index: int, move: Move) -> str:
        column = _as_golf(move).column
        if column is None:
            return tr("a draw from the stock")
        from ..solver.analysis import position_at  # (the analysis' code: read ahead, not at start-up)

        before = position_at(self._game, index)
        return tr("{card} to the waste", card=card_name(before.columns[column][-1]))

    def move_sound(self, move: Move) -> str:
        """A draw turns a card over; a play slides one onto the waste."""
        return "flip" if _as_golf(move).column is None else "slide"
