"""The game and its option as two segmented controls, built from the registry (menu, statistics).

One control chooses the game (Golf, Eight Off); under it, the chosen game's own options (Easy and
Classic; 8, 4 or 2 cells). A family with more rule sets than its front choices (Golf's "More rules")
gets a button beside them; it shows the rule set in force when that is not a front one. A new game
or option in the registry shows up here by itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from game import registry
from game.i18n import N_, tr
from game.registry import GameKind
from game.scenes.menu_cards import BUTTON_PAD, GameCards, Thumbs, TypeButton, TypeSegments
from game.ui.text import TextCache, least_legible
from game.ui.widget import Widget
from game.ui.widgets import Button, SegmentedControl

MORE_SHARE = 0.36  # of the option row's width: the "More rules" button


def rules_title(kind: GameKind) -> str:
    """The kind's option and extra rules in the player's language: 'Classic + 2 jokers'."""
    title = tr(kind.option_name)
    for name in kind.extras:
        title = tr("{rules} + {rule}", rules=title, rule=tr(name))
    return title


def kind_title(kind: GameKind) -> str:
    """The game and its rule set, as the table's band and the end screens name them:
    'Golf · Strict', 'Golf · Classic + 2 jokers', 'Eight Off · 4 cells'."""
    return tr("{game} · {rules}", game=tr(kind.name), rules=rules_title(kind))


def short_rules_title(kind: GameKind, text: TextCache, width: int, size: int) -> str:
    """rules_title when it fits `width` at 80 % of `size` or more, else the option's name and how
    many rules it adds ('Classic + 3 more'): a button stays legible."""
    full = rules_title(kind)
    if not kind.extras or text.fit_size(full, width, size, True) >= size * 0.8:
        return full
    return short_rules(kind)


def short_rules(kind: GameKind) -> str:
    """The option's name and how many rules it adds: 'Classic + 3 more'."""
    return tr(
        "{rules} + {count} more", plural="{rules} + {count} more", count=len(kind.extras), rules=tr(kind.option_name)
    )


class KindPicker:
    """Choose a kind: its family, then the family's option. `on_change(kind)` after each choice;
    `on_more(family_id)` when a family's "More rules" button is pressed (None: no such button)."""

    def __init__(
        self,
        text: TextCache,
        start: GameKind,
        options: dict[str, Any],
        on_change: Callable[[GameKind], None],
        on_more: Callable[[str], None] | None = None,
        size: int | None = None,
        thumbs: Thumbs | None = None,
        families: list[str] | None = None,
    ) -> None:
        """`options` holds each family's option value to show first (the last one chosen). With a
        `size` (a type scale's, game/ui/design.py), every label is drawn at it (TypeSegments,
        TypeButton); with `thumbs` too, the games are cards with a picture of their table.
        `families`: the games offered (a kiosk's administrator may offer one); None: every one."""
        self.on_change = on_change
        self.text = text
        self.family_id = start.family.id
        self.size = size
        offered = families if families is not None else list(registry.FAMILIES)
        games = [(f.id, f.name) for f in registry.FAMILIES.values() if f.id in offered]
        self.game_choice: SegmentedControl
        if size is None:
            self.game_choice = SegmentedControl((0, 0, 1, 1), games, self.family_id, text, self._set_family)
        elif thumbs is None:
            self.game_choice = TypeSegments((0, 0, 1, 1), games, self.family_id, text, self._set_family, size=size)
        else:
            self.game_choice = GameCards((0, 0, 1, 1), games, self.family_id, text, thumbs, self._set_family, size)
        self.option_choices: dict[str, SegmentedControl] = {}
        #: Each family's "More rules" button (the families with rule sets beyond the front ones).
        self.more: dict[str, Button] = {}
        for family_id in registry.FAMILIES:
            choices = [(k.option_value, k.option_name) for k in registry.kinds_of(family_id, front=True)]
            first = options.get(family_id, choices[0][0])
            chosen = functools.partial(self._set_option, family_id)
            self.option_choices[family_id] = (
                SegmentedControl((0, 0, 1, 1), choices, first, text, chosen)
                if size is None
                else TypeSegments((0, 0, 1, 1), choices, first, text, chosen, size=size)
            )
            if on_more is not None and registry.has_more_rules(family_id):
                more = functools.partial(on_more, family_id)
                self.more[family_id] = (
                    Button((0, 0, 1, 1), N_("More rules"), text, more)
                    if size is None
                    else TypeButton((0, 0, 1, 1), N_("More rules"), text, more, size=size)
                )
        self._show()

    @property
    def kind(self) -> GameKind:
        """The kind chosen now."""
        return registry.kind_for(self.family_id, self.option_choices[self.family_id].value)

    @property
    def widgets(self) -> list[Widget]:
        return [self.game_choice, *self.option_choices.values(), *self.more.values()]

    def set_enabled(self, on: bool) -> None:
        """Whether the options (and "More rules") may be changed: a kiosk's administrator may keep
        them; they still show the rule set in force."""
        for w in (*self.option_choices.values(), *self.more.values()):
            if w.enabled != on:
                w.enabled = on
                w.invalidate()

    def set_size(self, size: int) -> None:
        """Draw every label at `size` from now on (a new layout class: its type scale)."""
        self.size = size
        for w in self.widgets:
            if isinstance(w, (TypeSegments, TypeButton, GameCards)) and w.size != size:
                w.size = size
                w.invalidate()

    def place(self, x: int, y: int, width: int, row: int, gap: int) -> int:
        """Lay the two rows out from y; returns the y under them."""
        self.game_choice.rect = (x, y, width, row)
        y += row + gap
        for family_id, control in self.option_choices.items():  # only the chosen game's is visible
            more = self.more.get(family_id)
            if more is None:
                control.rect = (x, y, width, row)
                continue
            bw = int(width * MORE_SHARE)
            control.rect = (x, y, width - bw - gap, row)
            more.rect = (x + width - bw, y, bw, row)
        self._label_more()
        return y + row + gap

    def show(self, kind: GameKind) -> None:
        """Show this kind as the choice (chosen elsewhere: the "More rules" sheet)."""
        self.family_id = kind.family.id
        self.game_choice.set_value(self.family_id)
        self.option_choices[self.family_id].set_value(kind.option_value)
        self._show()

    def _show(self) -> None:
        for family_id, control in self.option_choices.items():
            control.visible = family_id == self.family_id
            if family_id in self.more:
                self.more[family_id].visible = control.visible
        self._label_more()

    def _label_more(self) -> None:
        """ "More rules" while a front option is chosen; else, in gold, the rule set in force."""
        for family_id, button in self.more.items():
            kind = registry.kind_for(family_id, self.option_choices[family_id].value)
            h = button.rect.height
            label, style = N_("More rules"), "secondary"
            if not kind.front:
                style = "primary"
                if self.size is None:
                    width, size = button.rect.width - 2 * max(8, h // 3), max(12, int(h * 0.48))
                    label = short_rules_title(kind, self.text, width, size)
                else:  # at the type scale's size, whole on one line, or the short form
                    full = rules_title(kind)
                    room = button.rect.width - int(h * BUTTON_PAD)
                    wide = self.text.rendered_size(full, least_legible(full, self.size), True)[0] > room
                    label = short_rules(kind) if kind.extras and wide else full
            if (label, style) != (button.label, button.style):
                button.label, button.style = label, style
                button.invalidate()

    def _set_family(self, family_id: str) -> None:
        self.family_id = family_id
        self._show()
        self.on_change(self.kind)

    def _set_option(self, family_id: str, value: Any) -> None:
        self._label_more()
        self.on_change(registry.kind_for(family_id, value))
