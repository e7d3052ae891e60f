"""Golf's table geometry: seven fanned columns, the stock and the waste below them.

Pure geometry from the window size and the model's state: where each card goes, and which card or
pile a point falls on. The same code serves 800x480 up to 3840x2160.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..model.cards import Card
from ..model.moves import Hit, Pile
from .board import Target
from .layout import fan_offset, fanned_targets, fit_card, margin, table_area

if TYPE_CHECKING:  # pragma: no cover
    from ..model.golf import GolfGame

COLUMNS = 7
FAN = 0.30  # of a card's height between stacked column cards: the rank index stays visible
MESSAGE_SHARE, MESSAGE_LEAST = 0.3, 380  # the room beside the waste for messages: of the width, and px
Z_WASTE = 1000
Z_STOCK = 2000


class GolfLayout:
    """Rectangles for the piles at one window size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        area = table_area(size)
        m = margin(size)
        gap_k = 0.16
        width_per_card = (area.width - 2 * m) / (COLUMNS + (COLUMNS - 1) * gap_k)
        # height: a 5-card fan, a gap, and the stock/waste row
        height_per_card = (area.height - 3 * m) / (2 + 4 * FAN + 0.15)
        self.card_w, self.card_h = fit_card(width_per_card, height_per_card)
        self.gap = int(self.card_w * gap_k)
        total_w = COLUMNS * self.card_w + (COLUMNS - 1) * self.gap
        x0 = (size[0] - total_w) // 2
        fan_h = self.card_h + 4 * int(self.card_h * FAN)
        block_h = fan_h + int(self.card_h * 0.15) + m + self.card_h
        y0 = area.top + m + max(0, (area.height - 2 * m - block_h) // 3)
        self.column_room = fan_h
        self.columns = [
            pygame.Rect(x0 + i * (self.card_w + self.gap), y0, self.card_w, self.card_h) for i in range(COLUMNS)
        ]
        row_y = y0 + fan_h + int(self.card_h * 0.15) + m
        # stock and waste side by side, centred under the columns; messages beside the waste, which
        # need room for a long message in two lines: on a narrow window the pair moves left for it
        middle = size[0] // 2
        between = self.gap * 3
        right = size[0] - m
        left_edge = self.columns[0].x + self.card_w + between // 2
        room = max(int(size[0] * MESSAGE_SHARE), MESSAGE_LEAST)
        middle = max(left_edge, min(middle, right - room - 2 * self.gap - self.card_w - (between - between // 2)))
        self.stock = pygame.Rect(middle - between // 2 - self.card_w, row_y, self.card_w, self.card_h)
        self.waste = pygame.Rect(middle + between - between // 2, row_y, self.card_w, self.card_h)
        self.message = pygame.Rect(
            self.waste.right + self.gap * 2, row_y, right - self.waste.right - 2 * self.gap, self.card_h
        )

    @classmethod
    def for_game(cls, size: tuple[int, int], game: GolfGame) -> GolfLayout:
        return cls(size)

    @property
    def card_size(self) -> tuple[int, int]:
        return self.card_w, self.card_h

    # -- the TableLayout interface (game/view/layout.py) ---------------------------------------------
    def place(self, game: GolfGame) -> dict[Card, Target]:
        return self.targets(game.columns, game.waste, game.stock)

    def slots(self) -> list[pygame.Rect]:
        return [*self.columns, self.stock, self.waste]

    def suit_slots(self) -> list[tuple[str, pygame.Rect]]:
        return []

    def slot_labels(self) -> list[tuple[str, pygame.Rect]]:
        return []

    def slot_groups(self) -> list[pygame.Rect]:
        return []

    def message_box(self, game: GolfGame, font_size: int) -> pygame.Rect:
        return self.message  # the bottom row's free part, beside the waste

    def fits(self, game: GolfGame) -> bool:
        return True

    def step(self, count: int) -> int:
        return (
            fan_offset(
                self.card_h, count, max(self.column_room, self.size[1] - self.columns[0].top - self.card_h - 4), FAN
            )
            if count > 5
            else int(self.card_h * FAN)
        )

    def card_rect(self, column: int, row: int, count: int) -> pygame.Rect:
        base = self.columns[column]
        return base.move(0, row * self.step(count))

    def stock_pos(self, index: int) -> tuple[int, int]:
        """Stock cards stack with a slight offset so the pile shows its depth."""
        d = index // 4
        return self.stock.x - d, self.stock.y - d

    def targets(self, columns, waste, stock) -> dict[Card, Target]:
        out: dict[Card, Target] = {}
        fanned_targets(out, self.columns, columns, self.step)
        for i, card in enumerate(waste):
            out[card] = Target(self.waste.topleft, True, Z_WASTE + i)
        for i, card in enumerate(stock):
            out[card] = Target(self.stock_pos(i), False, Z_STOCK + i)
        return out

    def hit(self, point: tuple[int, int], columns, stock_count: int) -> Hit | None:
        """A column and the row of its topmost card under the point, the stock, the waste or None."""
        for c, pile in enumerate(columns):
            for r in range(len(pile) - 1, -1, -1):
                if self.card_rect(c, r, len(pile)).collidepoint(point):
                    return Hit(Pile.column(c), r)
        if self.stock.inflate(8, 8).collidepoint(point) and stock_count:
            return Hit(Pile.stock())
        if self.waste.collidepoint(point):
            return Hit(Pile.waste())
        return None
