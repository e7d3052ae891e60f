"""What a dialog is given (dialog.DialogOverlay): what its panel says and does (`PanelContent`),
and, for a panel that lives on after it is drawn, what it does over time (`PanelLife`: the win's
cascade, the solver's verdict coming in)."""

from __future__ import annotations

from typing import Protocol

import pygame

from .base import Action, Transition


class PanelContent(Protocol):
    """A panel's words and buttons. `compact` is the form asked for: 0 the whole panel, 1, 2 … the
    shorter forms it has for a small space (`compact_levels` of them)."""

    @property
    def title(self) -> str: ...
    @property
    def dim_alpha(self) -> int: ...
    @property
    def compact_levels(self) -> int: ...
    def lines(self, compact: int) -> list[str]: ...
    def actions(self, compact: int) -> list[tuple[str, Action, str]]: ...
    def on_key(self, event: pygame.event.Event) -> Transition: ...


class PanelHost(Protocol):
    """What a panel's life asks of the dialog showing it."""

    size: tuple[int, int]

    def resize(self, size: tuple[int, int]) -> None: ...


class PanelLife(Protocol):
    """What a panel does besides being read and pressed: on the stack, over time, with input before
    its buttons see it, and drawn between the dimmed scene and the panel. A `bare` one draws only
    that, with no dimming and no panel."""

    @property
    def bare(self) -> bool: ...
    def bind(self, host: PanelHost) -> None: ...
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def update(self, dt: float) -> Transition: ...
    def is_animating(self) -> bool: ...
    def intercept(self, event: pygame.event.Event) -> tuple[bool, Transition]:
        """(whether the event was used, its transition) before the panel's buttons see it."""
        ...

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]: ...
