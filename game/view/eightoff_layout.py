"""Eight Off's table geometry: the usable cells and the four foundations, and eight columns below.

Two arrangements are tried and the one with the larger cards wins: everything in one top row
(cells, then foundations), or the cells in the top row over the columns with the foundations stacked
at the right (8 cells on a wide screen: twelve slots in one row would make the cards too small).
The cards are the largest for which the piles fit across and a column of LONGEST cards, fanned no
tighter than MIN_FAN, fits under the top row; columns that grow long squeeze their overlap so the
top card always stays whole and on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import N_
from ..model.cards import SUITS, Card
from ..model.moves import Hit, Pile, PileKind
from .board import Target
from .layout import CARD_RATIO, fan_offset, fanned_targets, margin, table_area

if TYPE_CHECKING:  # pragma: no cover
    from ..model.eightoff import EightOffGame

COLUMNS = 8
FOUNDATIONS = 4
FAN = 0.27  # of a card's height between stacked column cards: rank and suit stay readable
GAP_K = 0.14  # gap between piles, of a card's width
ROW_GAP_K = 0.2  # between the top row and the columns, of a card's height
SEP_K = 0.35  # between the cells and the foundations sharing a row, of a card's width
#: The longest column the card size is chosen for: the longest Eight Off can build, six dealt cards
#: under a King and the rest of its suit down to the Ace on it (with 2 cells, columns 3 and 4 are
#: dealt seven cards; with 8 or 4, a column is at most 18).
LONGEST = 19
#: The tightest a column's fan may get (of a card's height): the strip of each card that still
#: shows the top of its rank and suit. The cards are the largest that keep a LONGEST column this
#: readable and on screen; shorter columns fan wider, up to FAN.
MIN_FAN = 0.09
MIN_CARD_W = 24
SIDE_UNITS = COLUMNS + (COLUMNS - 1) * GAP_K + SEP_K + 1  # card widths: the columns and the stack
Z_FOUNDATION = 100


class EightOffLayout:
    """Rectangles for the piles at one window size and cell count."""

    def __init__(self, size: tuple[int, int], cells: int) -> None:
        self.size = size
        self.cell_count = cells
        area = table_area(size)
        self.area = area
        self.m = margin(size)
        self.column_bottom = area.bottom - max(4, self.m // 2)
        row_w, side_w = self.largest(False), self.largest(True)
        self.side = side_w > row_w + 2  # one row unless the side stack is clearly better
        self.card_w = side_w if self.side else row_w
        self.card_h = _height(self.card_w)
        self.gap = _gap(self.card_w)
        self._place(cells)

    def largest(self, side: bool) -> int:
        """The widest card (px) for which this arrangement fits the window (see `fits_card`)."""
        m, area = self.m, self.area
        across = (self.size[0] - 2 * m) / (_row_width_units(self.cell_count) if not side else SIDE_UNITS)
        down = (self.column_bottom - area.top - m) / (1 + ROW_GAP_K + 1 + (LONGEST - 1) * MIN_FAN) / CARD_RATIO
        w = int(min(across, down)) + 8  # (an estimate: the gaps and the fan are whole pixels)
        while w > MIN_CARD_W and not self.fits_card(w, side):
            w -= 1
        return w

    def fits_card(self, w: int, side: bool | None = None) -> bool:
        """Whether cards `w` px wide fit: the piles across the window within its margins, and under
        the top row a column of LONGEST cards, fanned no tighter than MIN_FAN, ending on screen
        (and, in the side arrangement, the four foundations stacked apart beside the columns)."""
        side = self.side if side is None else side
        h, gap, m = _height(w), _gap(w), self.m
        columns_w = COLUMNS * w + (COLUMNS - 1) * gap
        slots = self.cell_count + FOUNDATIONS
        if side:
            wide = columns_w + int(w * SEP_K) + w
        elif slots <= COLUMNS:
            wide = columns_w
        else:
            wide = max(columns_w, slots * w + (slots - 2) * gap + int(w * SEP_K))
        top = self.area.top + m
        room = self.column_bottom - (top + h + int(h * ROW_GAP_K))
        step = fan_offset(h, LONGEST, room, FAN)
        fanned = step >= MIN_FAN * h and h + (LONGEST - 1) * step <= room
        stacked = not side or (self.area.bottom - m - top - h) // (FOUNDATIONS - 1) >= h
        return wide + 2 * m <= self.size[0] and fanned and stacked

    def _place(self, cells: int) -> None:
        w, h, gap, m = self.card_w, self.card_h, self.gap, self.m
        W = self.size[0]
        columns_w = COLUMNS * w + (COLUMNS - 1) * gap
        sep = int(w * SEP_K)
        y0 = self.area.top + m
        if self.side:
            x0 = (W - (columns_w + sep + w)) // 2
            self.cells = [pygame.Rect(x0 + i * (w + gap), y0, w, h) for i in range(cells)]
            fx = x0 + columns_w + sep
            room = self.area.bottom - m - y0
            step = min(h + gap, max(int(h * 0.3), (room - h) // (FOUNDATIONS - 1)))
            self.foundations = [pygame.Rect(fx, y0 + i * step, w, h) for i in range(FOUNDATIONS)]
        else:
            x0 = (W - columns_w) // 2
            if cells + FOUNDATIONS <= COLUMNS:  # aligned over the columns: cells left, foundations right
                slot_x = [x0 + i * (w + gap) for i in range(COLUMNS)]
                self.cells = [pygame.Rect(slot_x[i], y0, w, h) for i in range(cells)]
                self.foundations = [
                    pygame.Rect(slot_x[COLUMNS - FOUNDATIONS + i], y0, w, h) for i in range(FOUNDATIONS)
                ]
            else:
                row_w = (cells + FOUNDATIONS) * w + (cells + FOUNDATIONS - 2) * gap + sep
                rx = (W - row_w) // 2
                self.cells = [pygame.Rect(rx + i * (w + gap), y0, w, h) for i in range(cells)]
                fx = rx + cells * (w + gap) - gap + sep
                self.foundations = [pygame.Rect(fx + i * (w + gap), y0, w, h) for i in range(FOUNDATIONS)]
            x0 = (W - columns_w) // 2
        col_y = y0 + h + int(h * ROW_GAP_K)
        self.columns = [pygame.Rect(x0 + i * (w + gap), col_y, w, h) for i in range(COLUMNS)]

    @classmethod
    def for_game(cls, size: tuple[int, int], game: EightOffGame) -> EightOffLayout:
        return cls(size, game.cell_count)

    @property
    def card_size(self) -> tuple[int, int]:
        return self.card_w, self.card_h

    # -- the TableLayout interface (game/view/layout.py) ---------------------------------------------
    def place(self, game: EightOffGame) -> dict[Card, Target]:
        return self.targets(game.columns, game.cells, game.foundations)

    def slots(self) -> list[pygame.Rect]:
        return [*self.columns, *self.cells, *self.foundations]

    def suit_slots(self) -> list[tuple[str, pygame.Rect]]:
        return list(zip(SUITS, self.foundations))

    def slot_labels(self) -> list[tuple[str, pygame.Rect]]:
        return [(N_("Free cell"), rect) for rect in self.cells]

    def slot_groups(self) -> list[pygame.Rect]:
        """The cells' group and the foundations' group, each framed, when they share the top row."""
        if self.side or not self.cells:
            return []
        pad = max(2, self.gap // 2)
        return [
            self.cells[0].unionall(self.cells).inflate(2 * pad, 2 * pad),
            self.foundations[0].unionall(self.foundations).inflate(2 * pad, 2 * pad),
        ]

    def message_box(self, game: EightOffGame, font_size: int) -> pygame.Rect:
        return self.message_rect(max(len(c) for c in game.columns), font_size)

    def fits(self, game: EightOffGame) -> bool:
        return game.cell_count == self.cell_count

    # -- cards -------------------------------------------------------------------------------------
    def step(self, count: int) -> int:
        """The overlap of a column of `count` cards: squeezed so its top card ends on screen."""
        return fan_offset(self.card_h, count, self.column_bottom - self.columns[0].top, FAN)

    def card_rect(self, column: int, row: int, count: int) -> pygame.Rect:
        return self.columns[column].move(0, row * self.step(count))

    def targets(self, columns, cells, foundations) -> dict[Card, Target]:
        out: dict[Card, Target] = {}
        fanned_targets(out, self.columns, columns, self.step)
        for i, card in enumerate(cells):
            if card is not None:
                out[card] = Target(self.cells[i].topleft, True, 0)
        for f, pile in enumerate(foundations):
            for i, card in enumerate(pile):
                # rank-major: the win cascade (by falling z) sends the Kings first, then the Queens...
                out[card] = Target(self.foundations[f].topleft, True, Z_FOUNDATION + i * FOUNDATIONS + f)
        return out

    def deck_pos(self) -> tuple[int, int]:
        """Where the pack waits before the deal: centred under the columns' heads."""
        mid = (self.columns[3].right + self.columns[4].left) // 2
        return mid - self.card_w // 2, self.columns[0].y + int(self.card_h * FAN) * 3

    def message_rect(self, longest: int, font_size: int) -> pygame.Rect:
        """Where messages go: just under the longest column, or at the bottom when it reaches there."""
        h = int(font_size * 2.8)  # a one-line message with its padding
        bottom = self.card_rect(0, max(0, longest - 1), max(1, longest)).bottom
        y = min(bottom + self.gap, self.size[1] - h - 2)
        return pygame.Rect(self.columns[1].x, y, self.columns[6].right - self.columns[1].x, h)

    # -- hit testing -------------------------------------------------------------------------------
    def column_area(self, column: int, count: int) -> pygame.Rect:
        """The column's slot and all its cards: a drop anywhere on it aims at its top card."""
        top = self.columns[column]
        last = self.card_rect(column, max(0, count - 1), count)
        return top.union(last)

    def hit(self, point: tuple[int, int], columns, cells) -> Hit | None:
        """A column and the row of its topmost card under the point (row -1: the empty column), a
        cell, a foundation, or None."""
        for c, pile in enumerate(columns):
            for r in range(len(pile) - 1, -1, -1):
                if self.card_rect(c, r, len(pile)).collidepoint(point):
                    return Hit(Pile.column(c), r)
            if not pile and self.columns[c].collidepoint(point):
                return Hit(Pile.column(c), -1)
        for i, rect in enumerate(self.cells):
            if rect.collidepoint(point):
                return Hit(Pile.cell(i))
        for i in range(FOUNDATIONS - 1, -1, -1):  # stacked at the side, the lower one is on top
            if self.foundations[i].collidepoint(point):
                return Hit(Pile.foundation(i))
        return None

    def drop_rects(self, columns) -> list[tuple[Pile, pygame.Rect]]:
        """Every pile a dragged group may be dropped on, with the area that counts for it."""
        out = [(Pile.column(c), self.column_area(c, len(pile))) for c, pile in enumerate(columns)]
        out += [(Pile.cell(i), r) for i, r in enumerate(self.cells)]
        out += [(Pile.foundation(i), r) for i, r in enumerate(self.foundations)]
        return out

    def slot_rect(self, pile: Pile) -> pygame.Rect:
        """The place of a pile."""
        slots = {PileKind.COLUMN: self.columns, PileKind.CELL: self.cells, PileKind.FOUNDATION: self.foundations}
        return slots[pile.kind][pile.index]


def _row_width_units(cells: int) -> float:
    """Card widths the one-row arrangement needs: the columns, or the top row when it is wider."""
    slots = cells + FOUNDATIONS
    columns = COLUMNS + (COLUMNS - 1) * GAP_K
    if slots <= COLUMNS:
        return columns
    return max(columns, slots + (slots - 2) * GAP_K + SEP_K)


def _height(w: int) -> int:
    return int(round(w * CARD_RATIO))


def _gap(w: int) -> int:
    return max(3, int(w * GAP_K))
