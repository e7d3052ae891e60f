"""A panel over a table's cards (the blocked panel, the analysis panel): it goes between the cards,
leaves what is printed on the felt whole or covers it whole, and with nowhere between the cards
goes over them below the band (table.py finds the spaces and the marks)."""

from __future__ import annotations

from typing import Protocol

import pygame


class PanelTable(Protocol):
    """Where a panel may go over a table (table.TableScene finds the spaces and the marks)."""

    def panel_areas(self) -> list[pygame.Rect]: ...
    def place_panel(self, rect: pygame.Rect, area: pygame.Rect) -> pygame.Rect: ...
    def leaves_marks_whole(self, rect: pygame.Rect) -> bool: ...
    def below_band(self) -> pygame.Rect: ...


class OverTable:
    """A dialog's placement (dialog_content.Placement) asked of the table beneath."""

    def __init__(self, table: PanelTable) -> None:
        self.table = table

    def areas(self, window: pygame.Rect) -> list[pygame.Rect]:
        """Between the cards, never over one: the player looks at them while reading."""
        return self.table.panel_areas() or [window]

    def placed(self, rect: pygame.Rect, area: pygame.Rect) -> pygame.Rect:
        return self.table.place_panel(rect, area)

    def clean(self, rect: pygame.Rect) -> bool:
        return self.table.leaves_marks_whole(rect)

    def last_area(self, window: pygame.Rect) -> pygame.Rect:
        return self.table.below_band()
