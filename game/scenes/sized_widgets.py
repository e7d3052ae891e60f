"""A button and a segmented control whose labels take one size of the type scale (game/ui/design.py)
instead of a size of their own from their height, shrunk label by label to fit.

The screen that uses them decides the row's form (full or compact) with `Design.row_form` so that
every label fits at that size; where one still would not (a window narrower than its class's least),
a label goes on two lines at the same size, never smaller."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import tr
from game.ui.text import TextCache, least_legible
from game.ui.widgets import Button, SegmentedControl

#: A button's label keeps this much room on each side, in its height's thirds (as Button's does)
SIDE = 3


def label_room(height: int) -> int:
    """The room a label leaves within a button `height` px high, both sides together."""
    return 2 * max(8, height // SIDE)


def label_width(text: TextCache, label: str, size: int, bold: bool = True) -> int:
    """The width of a translated label at `size` (at least the script's legible size)."""
    shown = tr(label)
    return text.rendered_size(shown, least_legible(shown, size), bold)[0]


class SizedButton(Button):
    """A Button whose label is drawn at `size` (the class's label size), with the width it needs."""

    size: int  #: always given here

    def __init__(
        self,
        label: str,
        text: TextCache,
        on_click: Callable[[], Any] | None = None,
        style: str = "secondary",
        size: int = 16,
    ) -> None:
        super().__init__((0, 0, 1, 1), label, text, on_click, style, size=size)

    def needed(self, labels: Sequence[str] | None = None) -> int:
        """The width this button needs for the widest of `labels` (None: its own) at its size."""
        h = self._rect.height
        return max(label_width(self.text, label, self.size) for label in (labels or [self.label])) + label_room(h)


class SizedSegments(SegmentedControl):
    """A SegmentedControl whose labels are all drawn at `size` (the class's label size); each
    choice's width follows its label's."""

    size: int  #: always given here

    def __init__(
        self,
        options: Sequence[tuple[Any, str]],
        value: Any,
        text: TextCache,
        on_change: Callable[[Any], Any] | None = None,
        size: int = 16,
    ) -> None:
        super().__init__((0, 0, 1, 1), options, value, text, on_change, by_content=True, size=size)

    def needed(self) -> int:
        """The width the choices need side by side at this size."""
        return sum(label_width(self.text, label, self.size) + self.LABEL_PAD for _v, label in self.options)

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any) -> None:
        """Other choices (and the one chosen among them)."""
        if list(options) != self.options or value != self.value:
            self.options, self.value = list(options), value
            self._edges_for = None
            self.invalidate()

    def fitted_label_size(self) -> int:
        return max(least_legible(tr(label), self.size) for _v, label in self.options)
