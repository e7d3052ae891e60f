"""The game and its option as two segmented controls, built from the registry (menu, statistics).

One control chooses the game (Golf, Eight Off); under it, the chosen game's own options (Easy and
Classic; 8, 4 or 2 cells). A new game or option in the registry shows up here by itself.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from game import registry
from game.registry import GameKind
from game.ui.text import TextCache
from game.ui.widget import Widget
from game.ui.widgets import SegmentedControl


class KindPicker:
    """Choose a kind: its family, then the family's option. `on_change(kind)` after each choice."""

    def __init__(self, text: TextCache, start: GameKind, options: dict[str, Any],
                 on_change: Callable[[GameKind], None]) -> None:
        """`options` holds each family's option value to show first (the last one chosen)."""
        self.on_change = on_change
        self.family_id = start.family.id
        self.game_choice = SegmentedControl((0, 0, 1, 1), [(f.id, f.name) for f in registry.FAMILIES.values()],
                                            self.family_id, text, self._set_family)
        self.option_choices: dict[str, SegmentedControl] = {}
        for family_id in registry.FAMILIES:
            choices = [(k.option_value, k.option_name) for k in registry.kinds_of(family_id, front=True)]
            self.option_choices[family_id] = SegmentedControl(
                (0, 0, 1, 1), choices, options.get(family_id, choices[0][0]), text,
                functools.partial(self._set_option, family_id))
        self._show()

    @property
    def kind(self) -> GameKind:
        """The kind chosen now."""
        return registry.kind_for(self.family_id, self.option_choices[self.family_id].value)

    @property
    def widgets(self) -> list[Widget]:
        return [self.game_choice, *self.option_choices.values()]

    def place(self, x: int, y: int, width: int, row: int, gap: int) -> int:
        """Lay the two rows out from y; returns the y under them."""
        self.game_choice.rect = (x, y, width, row)
        y += row + gap
        for control in self.option_choices.values():
            control.rect = (x, y, width, row)  # only the chosen game's is visible
        return y + row + gap

    def _show(self) -> None:
        for family_id, control in self.option_choices.items():
            control.visible = family_id == self.family_id

    def _set_family(self, family_id: str) -> None:
        self.family_id = family_id
        self._show()
        self.on_change(self.kind)

    def _set_option(self, family_id: str, value: Any) -> None:
        self.on_change(registry.kind_for(family_id, value))
