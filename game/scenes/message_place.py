"""Where a table's message goes: at the layout's place for it, inside the window, slid along its row
off the cards (free_space.slid_off), and on one smaller line where its two lines would still cover
cards (a long Greek message at the foot of long Eight Off columns would cover their last cards)."""

from __future__ import annotations

import pygame

from ..ui.toast import Toast
from ..view.free_space import covered, slid_off


def place_message(
    toast: Toast, centre: tuple[int, int], screen: pygame.Rect, cards: list[pygame.Rect], marks: list[pygame.Rect]
) -> None:
    """Move the toast just shown at `centre` to where it covers the least of the cards."""
    toast.one_line(False)
    best = _placed(toast, centre, screen, cards, marks)
    if covered(best, cards) and toast.two_lines():  # two lines over cards: try one
        toast.one_line(True)
        single = _placed(toast, centre, screen, cards, marks)
        if covered(single, cards) >= covered(best, cards):
            toast.one_line(False)
            single = best
        best = single
    toast.center = best.center


def _placed(
    toast: Toast, centre: tuple[int, int], screen: pygame.Rect, cards: list[pygame.Rect], marks: list[pygame.Rect]
) -> pygame.Rect:
    """The toast's rectangle at `centre` kept on screen (two lines near the bottom edge, a long word
    beside the waste), then slid off the cards."""
    toast.center = centre
    inside = toast.rect.clamp(screen)
    return slid_off(inside, cards, screen, marks)
