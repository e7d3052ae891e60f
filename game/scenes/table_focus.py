"""Keyboard play at a table: a focus over the piles, moved by the arrow keys (to the nearest pile
that way on screen) and by Tab / Shift+Tab (through every pile, in the game's reading order); Space
taps the focused pile, and Enter picks its cards up where the game lets a pile's cards be carried
(Eight Off), then drops them on the pile the focus is on when Enter comes again; Esc puts them back.

The focus shows from the first arrow or Tab key, never for a mouse or touch player: a pointer
action hides it and puts picked cards back. Each game says which piles there are, where they
lie and what a key does on them (the focus_* and key_* hooks of table_hooks.py); this module holds
only the state and the ring drawn over the board (FocusRing), repainted only when it moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..model.cards import Card
from ..model.moves import Pile
from ..ui.key_focus import nearest, paint_ring
from ..view.dirty_rects import spanned
from ..view.lift import LIFT_TIME, SETTLE_TIME

if TYPE_CHECKING:  # pragma: no cover
    from ..view.board import Board, Target
    from ..view.layout import TableLayout
    from .table_contract import TableRules


class FocusTable(Protocol):
    """What the keyboard focus asks of its table: the game's piles and keys (its rules), the board
    the picked cards lift on, and where the cards go."""

    board: Board
    dealing: bool

    @property
    def rules(self) -> TableRules: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def speed(self) -> float: ...
    def targets(self) -> dict[Card, Target]: ...
    def refresh(self, duration: float | None = None) -> None: ...
    def skip_deal(self) -> None: ...


ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def ring_width(card_w: int) -> int:
    """The ring's thickness: 4 px on a 100 px card, in step with the cards, never under 3 (a crisp
    line with a dark edge: it reads apart from the soft glow of the playable cards)."""
    return max(3, round(card_w * 0.04))


#: An arrow goes to a pile at most twice as far sideways as ahead (about 63°), else the focus stays.
ARROW_CONE = 2.0


class TableFocus:
    """The keyboard focus of one table and the cards it carries."""

    def __init__(self, table: FocusTable) -> None:
        self.table = table
        self.shown = False
        self.pile: Pile | None = None  # the focused pile (kept while hidden: it shows there again)
        self.held: list[Card] = []  # the cards Enter picked up (lifted)
        self.held_from: Pile | None = None  # the pile they were picked up from
        self.ring = FocusRing(self)

    # -- the piles -----------------------------------------------------------------------------------
    def piles(self) -> list[Pile]:
        return self.table.rules.focus_piles()

    def current(self) -> Pile:
        """The focused pile (the first one when none is yet, or the game no longer has it)."""
        piles = self.piles()
        if self.pile not in piles:
            self.pile = piles[0]
        return self.pile

    def step(self, delta: int) -> None:
        """Tab (+1) and Shift+Tab (-1): the next pile in reading order, round the end."""
        piles = self.piles()
        self.pile = piles[(piles.index(self.current()) + delta) % len(piles)]

    def toward(self, dx: int, dy: int) -> None:
        """An arrow: the nearest pile that way (by where the piles lie), or stay at the edge."""
        piles = self.piles()
        to = nearest(
            self.table.rules.focus_anchor(self.current()),
            [self.table.rules.focus_anchor(p) for p in piles],
            dx,
            dy,
            cone=ARROW_CONE,
        )
        if to is not None:
            self.pile = piles[to]

    # -- keys ----------------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """A key for the focus: whether it was one (used up), else the table's other keys see it."""
        k = event.key
        if k == pygame.K_ESCAPE:
            return self.put_back()
        if k not in ARROWS and k not in ENTER and k not in (pygame.K_TAB, pygame.K_SPACE):
            return False
        table = self.table
        if table.dealing:
            table.skip_deal()  # a key finishes the deal at once, as a tap does
            if k not in ARROWS and k != pygame.K_TAB:
                return True
        if not self.shown:  # the first key only shows where the focus is
            self.shown = True
            self.current()
            return True
        if k in ARROWS or k == pygame.K_TAB:
            self.move(event)
        else:
            self.act(k)
        return True

    def move(self, event: pygame.event.Event) -> None:
        """An arrow or Tab: the focus moves (and the picked-up cards with it)."""
        if event.key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        else:
            self.toward(*ARROWS[event.key])
        self.carry()

    def act(self, key: int) -> None:
        """Space taps the focused pile; Enter picks its cards up where the game carries them, drops
        the cards picked up (Space too), or else taps."""
        rules = self.table.rules
        if key == pygame.K_SPACE and not self.held:
            rules.key_tap(self.current())
        elif self.held:  # Enter (or Space) with cards picked up: they go to the focused pile
            self.drop()
        elif rules.KEY_PICK and key in ENTER:
            self.pick()
        else:
            rules.key_tap(self.current())

    def pick(self) -> None:
        """Enter: lift the focused pile's cards (as a drag lifts them) and light where they may go."""
        table = self.table
        pile = self.current()
        cards = table.rules.key_pick(pile)
        if not cards:
            return
        self.held, self.held_from = cards, pile
        table.board.lift(cards, LIFT_TIME * table.speed)
        table.rules.on_lift(cards)

    def carry(self) -> None:
        """The picked-up cards hover over the focused pile, a little down and to the right of its
        top card, as a drag holds them over where they would go; back on their own pile, they
        hover where they lie."""
        if not self.held:
            return
        table = self.table
        homes = table.targets()
        if self.current() == self.held_from:
            table.board.drag_to(self.held, [homes[c].pos for c in self.held])
            return
        tops = [c for c in table.rules.focus_cards(self.current()) if c in homes]
        under = (
            pygame.Rect(homes[tops[-1]].pos, table.layout.card_size)
            if tops
            else table.rules.focus_anchor(self.current())
        )
        w, h = table.layout.card_size
        x, y = under.x + w // 6, under.y + h // 4
        table.board.drag_to(self.held, [(x, y + i * (h // 4)) for i in range(len(self.held))])

    def drop(self) -> None:
        """Enter on a pile with cards picked up: they settle, then move there through the game's own
        drop (refused with its words and nothing changed); on their own pile, Enter again sends them
        where a double tap would."""
        cards, source = self.held, self.held_from
        self.put_back()
        if source == self.current():
            self.table.rules.key_again(self.current())
        else:
            self.table.rules.key_drop(cards, self.current())

    def put_back(self) -> bool:
        """The picked-up cards go back where they lie (Esc, a pointer, any change of the game);
        whether there were any."""
        if not self.held:
            return False
        self.held, self.held_from = [], None
        table = self.table
        table.board.drop_all(SETTLE_TIME * table.speed)
        table.refresh()
        return True

    def hide(self) -> None:
        """A mouse or touch player: no ring, nothing carried."""
        self.put_back()
        self.shown = False

    # -- where the ring goes ---------------------------------------------------------------------------
    def ring_rect(self) -> pygame.Rect | None:
        """Around the focused pile's cards as they show now (raised when picked up, in flight when
        moving), or its empty outline; None while the focus is hidden."""
        if not self.shown or self.pile is None or self.pile not in self.piles():
            return None
        board = self.table.board
        cards = self.table.rules.focus_cards(self.pile)
        if self.held and self.pile != self.held_from:
            cards = [*cards, *self.held]  # round the pile and the cards hovering over it: no line across them
        rects = [board.shown_rect(board.sprites[c]) for c in cards if c in board.sprites]
        rect = rects[0].unionall(rects[1:]) if rects else pygame.Rect(self.table.rules.focus_anchor(self.pile))
        pad = 2 * ring_width(board.card_w)
        return rect.inflate(2 * pad, 2 * pad)


class FocusRing:
    """The focus drawn over the cards: a table_paint.Floating piece (active, rect, dirty_rect,
    draw). Its outline is cached per size; it is repainted only where it was and is now."""

    def __init__(self, focus: TableFocus) -> None:
        self.focus = focus
        self._painted: pygame.Rect | None = None
        self._images: dict[tuple[int, int, int], pygame.Surface] = {}

    @property
    def active(self) -> bool:
        return self.focus.ring_rect() is not None

    @property
    def rect(self) -> pygame.Rect:
        return self.focus.ring_rect() or pygame.Rect(0, 0, 0, 0)

    def dirty_rect(self) -> pygame.Rect | None:
        now = self.focus.ring_rect()
        return None if now == self._painted else spanned(self._painted, now)

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        now = self.focus.ring_rect()
        self._painted = now
        if now is None:
            return None
        surface.blit(self._image(now.size, self.focus.table.board.card_w), now)
        return now

    def _image(self, size: tuple[int, int], card_w: int) -> pygame.Surface:
        key = (size[0], size[1], card_w)
        img = self._images.get(key)
        if img is None:
            if len(self._images) > 16:
                self._images.clear()
            img = self._images[key] = ring_image(size, card_w)
        return img


def ring_image(size: tuple[int, int], card_w: int) -> pygame.Surface:
    """A gold rounded outline with a dark edge on both sides, transparent inside."""
    w = ring_width(card_w)
    img = pygame.Surface(size, pygame.SRCALPHA)
    paint_ring(img, img.get_rect(), w, max(6, card_w // 8))
    return img
