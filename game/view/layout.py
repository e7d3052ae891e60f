"""Geometry both tables share: the HUD band, margins and card sizes, computed from the window size."""
from __future__ import annotations

import pygame

CARD_RATIO = 1.4  # height / width, the sprites' 5:7
MIN_HUD = 48      # px: touch-sized buttons even at 800x480


def hud_height(size: tuple[int, int]) -> int:
    w, h = size
    return max(MIN_HUD, int(min(h * 0.085, w * 0.05)))


def margin(size: tuple[int, int]) -> int:
    return max(6, int(min(size) * 0.018))


def fit_card(width_per_card: float, height_per_card: float) -> tuple[int, int]:
    """The largest card (w, h) at CARD_RATIO that fits both budgets."""
    w = int(min(width_per_card, height_per_card / CARD_RATIO))
    w = max(24, w)
    return w, int(round(w * CARD_RATIO))


def fan_offset(card_h: int, count: int, room: int, preferred: float) -> int:
    """Vertical step between stacked cards: `preferred`·card_h, squeezed so `count` cards fit in `room`."""
    step = int(card_h * preferred)
    if count > 1 and card_h + (count - 1) * step > room:
        step = max(2, (room - card_h) // (count - 1))
    return step


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """The part of the window below the HUD."""
    hud = hud_height(size)
    return pygame.Rect(0, hud, size[0], size[1] - hud)
