"""The Eight Off table: drag runs and cards between columns, cells and foundations; a tap sends a card
to its foundation, a double tap to the best place RULES.md names. No card ever moves by itself."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import N_, tr
from ..model import IllegalMove
from ..model.cards import Card
from ..model.eightoff import EightOffGame
from ..model.moves import EightOffMove, Hit, Move, Pile, PileKind
from ..ui.gesture import DOUBLE_TIME
from ..ui.pointer import mouse_in_use
from ..view.board import Target
from ..view.eightoff_layout import EightOffLayout
from .base import Scene
from .eightoff_words import move_words
from .hud import MOVES, PAR, SCORE, Slot
from .table_contract import GameTable, HintView, Saying
from .table_hooks import RulesDefaults, arrow_between, par_of_game

#: s past DOUBLE_TIME before a lone tap's hint shows: a second tap at the window's very end (its
#: time taken from the event, a frame late) is still a double, and the hint must not come first
HINT_AFTER = 0.1

MESSAGES = {
    "suit": N_("It must be the same suit"),
    "rank": N_("It must be one rank lower"),
    "kings-only": N_("Only a King may go into an empty column"),
    "occupied": N_("This cell is taken"),
    "foundation-order": N_("This foundation needs a different card"),
    "blocked": N_("This card is blocked"),
    "one-at-a-time": N_("Cards go to a foundation one at a time"),
    "cell-holds-one": N_("A cell holds only one card"),
    "at-most-one": N_("You can move only one card now"),
    "tap-hint": N_("Double-tap or drag to move it elsewhere"),
    "click-hint": N_("Double-click or drag to move it elsewhere"),  # (said to a mouse)
    "nowhere": N_("This card has nowhere to go"),
    "key-hint": N_("Enter picks it up; Enter twice sends it where it fits"),
}
MIN_OVERLAP = 0.2  # of the dragged card's area: a pile it barely grazes is not where it was dropped
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class EightOffRules(RulesDefaults):
    """What Eight Off says to its table."""

    DOUBLE_TAP = True
    KEY_PICK = True

    def __init__(self, table: GameTable, game: EightOffGame) -> None:
        self.table = table
        self._game = game
        self._layout = EightOffLayout.for_game((int(table.ctx.screen_size[0]), int(table.ctx.screen_size[1])), game)
        self._hint_at: float | None = None  # a tap's hint waits to see whether a double tap follows
        self._par: int | None = par_of_game(game)

    @property
    def game(self) -> EightOffGame:
        return self._game

    @property
    def layout(self) -> EightOffLayout:
        return self._layout

    def relayout(self, size: tuple[int, int]) -> None:
        self._layout = EightOffLayout.for_game(size, self._game)

    def targets(self) -> dict[Card, Target]:
        return self._layout.place(self._game)

    def counter_slots(self) -> list[Slot]:
        """Score, moves and the deal's par ('—' for a deal without one: the band keeps its place)."""
        return [SCORE, MOVES, PAR]

    def counter_values(self) -> list[str]:
        par = self._par
        return [str(self._game.score), str(self._game.moves), "—" if par is None else str(par)]

    # -- geometry ----------------------------------------------------------------------------------
    def deal_start(self) -> dict[Card, Target]:
        """The whole pack waits face down in one pile and each card turns over as it flies out."""
        pos = self._layout.deck_pos()
        order = self.deal_order()
        return {card: Target(pos, False, 3000 - i) for i, card in enumerate(order)}

    def deal_order(self) -> list[Card]:
        """Row by row across the columns, then the leftover cards: cells 1-4 (with 2 cells, the
        last two land on columns 3 and 4)."""
        g = self._game
        dealt_rows = 6
        order = [col[r] for r in range(dealt_rows) for col in g.columns if r < len(col)]
        order += [c for c in g.cells if c is not None]
        order += [c for col in g.columns for c in col[dealt_rows:]]
        return order

    def hit(self, pos: tuple[int, int]) -> Hit | None:
        return self._layout.hit(pos, self._game.columns, self._game.cells)

    # -- what a press picks up ---------------------------------------------------------------------
    def source(self, hit: Hit | None) -> tuple[Pile, int] | None:
        """The model pile and card count a press on `hit` takes: a card of the run at the top of a
        column with everything on it, a cell's card, or a foundation's top card."""
        if hit is None or self._game.status != "playing":
            return None
        g = self._game
        kind, i = hit.pile.kind, hit.pile.index
        if kind is PileKind.COLUMN:
            pile = g.columns[i]
            row = -1 if hit.row is None else hit.row
            if not len(pile) - g.run_length(i) <= row < len(pile):
                return None
            return hit.pile, len(pile) - row
        if kind is PileKind.CELL:
            return (hit.pile, 1) if g.cells[i] is not None else None
        if kind is PileKind.FOUNDATION:
            return (hit.pile, 1) if g.foundations[i] else None
        return None

    def pick(self, hit: Hit) -> list[Card]:
        src = self.source(hit)
        if src is None:
            return []
        pile, count = src
        return list(self._game.pile(pile)[-count:])

    def locate(self, cards: list[Card]) -> tuple[Pile, int] | None:
        """Where these picked-up cards are in the model now (None if they have moved)."""
        g = self._game
        first = cards[0]
        for c, pile in enumerate(g.columns):
            if first in pile and list(pile[pile.index(first) :]) == cards:
                return Pile.column(c), len(cards)
        if len(cards) == 1:
            for i, card in enumerate(g.cells):
                if card == first:
                    return Pile.cell(i), 1
            for i, pile in enumerate(g.foundations):
                if pile and pile[-1] == first:
                    return Pile.foundation(i), 1
        return None

    # -- taps --------------------------------------------------------------------------------------
    def on_tap(self, hit: Hit | None, double: bool = False) -> None:
        self._hint_at = None
        if double:  # (never after a tap that moved a card: that tap was forgotten with the change)
            if self.table.toast.message in (tr(MESSAGES["tap-hint"]), tr(MESSAGES["click-hint"])):
                self.table.toast.dismiss()  # (it came as the second tap did: it is answered)
            self.double_tap(hit)
            return
        if hit is None or self._game.status != "playing":
            return
        src = self.source(hit)
        if src is None:
            if hit.pile.kind is PileKind.COLUMN and hit.row is not None and hit.row >= 0:
                self.table.refuse("blocked", self._game.columns[hit.pile.index][hit.row])
            return
        loc, count = src
        if loc.kind is PileKind.FOUNDATION:
            return
        target = self._game.tap_target(loc) if count == 1 else None
        if target is not None:
            self.table.make_move(EightOffMove(loc, target, 1))
        elif self.table.interactive:
            self._hint_at = self.table.clock + DOUBLE_TIME + HINT_AFTER  # shown unless the second tap comes

    def double_tap(self, hit: Hit | None) -> None:
        """Foundation, longest accepting column, empty column (Kings), free cell; a run's base card
        takes the run with it."""
        src = self.source(hit)
        if src is None:
            return
        loc, count = src
        if loc.kind is PileKind.FOUNDATION:
            return
        g = self._game
        target = g.auto_target(loc, count)
        if target is None and loc.kind is PileKind.COLUMN and count < g.run_length(loc.index):
            count = g.run_length(loc.index)  # a card inside a run: the whole run, if that fits somewhere
            target = g.auto_target(loc, count)
        if target is not None:
            self.table.make_move(EightOffMove(loc, target, count))
            return
        card = g.pile(loc)[-count]
        refusals = [g.refusal(EightOffMove(loc, Pile.column(i), count)) for i in range(len(g.columns))]
        too_many = [r for r in refusals if r is not None and r.reason == "too-many"]
        # it would fit but for the group formula: say how many may move
        self.table.refuse(too_many[0] if too_many else "nowhere", card)

    # -- drag and drop -----------------------------------------------------------------------------
    def on_change(self) -> None:
        self._hint_at = None  # a hint about a tap from before the change would be about the past

    def on_lift(self, cards: list[Card]) -> None:
        """Light up every pile the dragged cards may legally go to."""
        self._hint_at = None
        src = self.locate(cards)
        if src is None:
            return
        loc, count = src
        glow: set[Card] = set()
        marks = []
        counts = range(1, count + 1) if self.table.focus.held else (count,)  # keys: the part that fits goes
        for dst, _rect in self._layout.drop_rects(self._game.columns):
            if dst == loc or all(self._game.why_illegal(loc, dst, n) is not None for n in counts):
                continue
            pile = self._game.pile(dst)
            if pile and pile[-1] is not None:
                glow.add(pile[-1])
            else:
                marks.append(self._layout.slot_rect(dst))
        self.table.board.set_glow(glow)
        self.table.board.set_marks(marks)

    def on_drop(self, cards: list[Card]) -> bool:
        src = self.locate(cards)
        if src is None:
            return False
        loc, count = src
        card_rect = self.table.board.sprite_rect(self.table.board.sprites[cards[0]])
        floor = card_rect.width * card_rect.height * MIN_OVERLAP
        overlaps = []
        for dst, rect in self._layout.drop_rects(self._game.columns):
            clip = card_rect.clip(rect)
            if clip.width * clip.height >= floor:
                overlaps.append((clip.width * clip.height, dst))
        overlaps.sort(key=lambda o: -o[0])
        if overlaps and overlaps[0][1] == loc:
            return False  # mostly back where it came from: it just goes home, without a word
        # the piles it overlaps, most first: it goes to the first that takes it; if none does, the
        # first one says why (each move is checked once, by the model's push)
        first_refusal = None
        for _area, dst in overlaps:
            if dst == loc:
                continue
            refused = self.table.attempt(EightOffMove(loc, dst, count))
            if refused is None:
                return True
            first_refusal = first_refusal or refused
        if first_refusal is not None:
            self.table.refuse(first_refusal, cards[0])
        return False

    # -- keyboard play (table_focus.py): cells, foundations, then the columns ----------------------

    def focus_piles(self) -> list[Pile]:
        g = self._game
        return (
            [Pile.cell(i) for i in range(len(g.cells))]
            + [Pile.foundation(i) for i in range(len(g.foundations))]
            + [Pile.column(i) for i in range(len(g.columns))]
        )

    def focus_anchor(self, pile: Pile) -> pygame.Rect:
        return pygame.Rect(self._layout.slot_rect(pile))

    def focus_cards(self, pile: Pile) -> list[Card]:
        if pile == self.table.focus.held_from:
            return list(self.table.focus.held)  # the ring goes round all the cards picked up
        return [c for c in self._game.pile(pile) if c is not None][-1:]

    def _top_hit(self, pile: Pile) -> Hit:
        """The hit a click on the pile's top card makes (an empty column: its outline)."""
        if pile.kind is PileKind.COLUMN:
            return Hit(pile, len(self._game.columns[pile.index]) - 1)
        return Hit(pile)

    def key_tap(self, pile: Pile) -> None:
        """A tap on the top card: up to its foundation; if it cannot go, the hint names the keys."""
        self.on_tap(self._top_hit(pile))
        if self._hint_at is not None:
            self._hint_at = None
            self.table.show_message(MESSAGES["key-hint"])

    def key_pick(self, pile: Pile) -> list[Card]:
        """A cell's or a foundation's top card, or a column's whole run at its foot."""
        if pile.kind is not PileKind.COLUMN:
            return self.pick(Hit(pile))
        column = self._game.columns[pile.index]
        return self.pick(Hit(pile, len(column) - self._game.run_length(pile.index)))

    def key_drop(self, cards: list[Card], pile: Pile) -> None:
        """The picked cards onto `pile`: the longest part of them that it takes (a run of which
        only the foot fits a cell moves its foot); if no part fits, the model's reason for the
        whole group, or "at most n cards" when only the group formula forbids it."""
        src = self.locate(cards)
        if src is None:
            return
        loc, count = src
        g = self._game
        fits = [n for n in range(count, 0, -1) if g.why_illegal(loc, pile, n) is None]
        if fits:
            self.table.make_move(EightOffMove(loc, pile, fits[0]), cards[-fits[0]])
            return
        refusals = [g.refusal(EightOffMove(loc, pile, n)) for n in range(count, 0, -1)]
        too_many = [r for r in refusals if r is not None and r.reason == "too-many"]
        refusal = too_many[0] if too_many else refusals[0 if pile.kind is PileKind.COLUMN else -1]
        if refusal is not None:
            self.table.refuse(refusal, cards[0])

    def key_again(self, pile: Pile) -> None:
        self.double_tap(self._top_hit(pile))

    def reason_message(self, refusal: IllegalMove) -> Saying | None:
        """The model's reason in words; too many cards says how many may move now."""
        if refusal.reason == "too-many":
            limit = refusal.details.get("limit", 1)
            if limit == 1:
                return MESSAGES["at-most-one"], {}
            # (tr's fields: a plural entry, its form chosen by the count)
            return N_("You can move at most {count} card now"), {
                "plural": N_("You can move at most {count} cards now"),
                "count": limit,
            }
        message = MESSAGES.get(refusal.reason)
        return None if message is None else (message, {})

    # -- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._hint_at is not None and self.table.clock >= self._hint_at:
            self._hint_at = None
            # a pointer, not a refusal: no shake, no sound
            self.table.show_message(MESSAGES["click-hint" if mouse_in_use() else "tap-hint"])

    def is_animating(self) -> bool:
        return self._hint_at is not None

    # -- the rest of the table ---------------------------------------------------------------------
    def glow_cards(self) -> set[Card]:
        """The cards a single tap sends to a foundation."""
        g = self._game
        out = set()
        for i, pile in enumerate(g.columns):
            if pile and g.tap_target(Pile.column(i)) is not None:
                out.add(pile[-1])
        for i, card in enumerate(g.cells):
            if card is not None and g.tap_target(Pile.cell(i)) is not None:
                out.add(card)
        return out

    def end_overlay(self, won: Callable[[], Scene], blocked: Callable[[], Scene]) -> Scene | None:
        if self._game.status == "won":
            return won()
        return None  # no defeat message in Eight Off: the player undoes or starts again

    # -- the solver's moves ------------------------------------------------------------------------
    def _pile_rect(self, loc: Pile, count: int = 0) -> pygame.Rect:
        """Where a pile shows its top card (or, with count, the first of its top `count` cards)."""
        pile = self._game.pile(loc)
        cards = [c for c in pile if c is not None] if loc.kind is PileKind.CELL else list(pile)
        if cards:
            card = cards[-count] if count else cards[-1]
            return self.table.target_rect(card)
        return pygame.Rect(self._layout.slot_rect(loc))

    def hint_view(self, move: Move) -> HintView:
        move = EightOffMove.coerce(move)
        src, dst, count = move.src, move.dst, move.count
        g = self._game
        cards = set(g.pile(src)[-count:])
        dest = g.pile(dst)
        marks = []
        if dest and dest[-1] is not None:
            cards.add(dest[-1])
        else:
            marks.append(self._layout.slot_rect(dst))
        start = self._pile_rect(src, count)
        if src.kind is PileKind.COLUMN:  # the moved card's visible strip, not the cards over it
            start = pygame.Rect(start.x, start.y, start.width, self._layout.card_h // 2)
        return cards, marks, arrow_between(start, self._pile_rect(dst))

    def describe_move(self, index: int, move: Move) -> str:
        move = EightOffMove.coerce(move)
        from ..solver.analysis import position_at  # (the analysis' code: read ahead, not at start-up)

        return move_words(position_at(self._game, index), move)

    def move_sound(self, move: Move) -> str:
        """Every Eight Off move lays a card down: the same sound for the player and the demo."""
        return "place"
