"""A button and a row of tabs whose labels take one size of the window's type scale (game/ui/design.py)
instead of a size of their own: Help, its examples and the scorecard draw every label at
`design.type.label`, so no label is shrunk alone to fit its button.

A screen that uses them decides its rows' forms beforehand (Design.row_form, by class and language):
a label that would not fit its button at the scale's size goes on two lines at that same size.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.text import least_legible
from game.ui.widgets import Button, SegmentedControl, label_lines


def button_width(size: int, height: int, text_width: int) -> int:
    """A button's width for a label `text_width` wide at its size: the label, its margins, and at
    least twice the button's height."""
    return max(2 * height, text_width + 2 * max(8, height // 3) + size)


class ScaledButton(Button):
    """A Button whose label is drawn at `size` px (the type scale's label size), on two lines at that
    size where one is too wide, never smaller."""

    size: int  #: always given here

    def __init__(self, *args, size: int = 18, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.size = size

    def label_form(self) -> tuple[str, int]:
        """The label as drawn (with a line break where it needs two lines) and its size."""
        label = tr(self.label)
        room = self._rect.width - 2 * max(8, self._rect.height // 3)
        return label_lines(self.text, label, room, self.size, True), least_legible(label, self.size)

    def label_image(self, ink: theme.Colour) -> pygame.Surface:
        line, size = self.label_form()
        return self.text.render(line, size, ink, bold=True)


class ScaledTabs(SegmentedControl):
    """A SegmentedControl whose labels are all drawn at `size` px (the type scale's label size)."""

    size: int  #: always given here

    def __init__(self, *args, size: int = 18, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.size = size

    def fitted_label_size(self) -> int:
        return max(least_legible(tr(label), self.size) for _value, label in self.options)
