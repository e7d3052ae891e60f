"""Finish: when every card left can go to the foundations with nothing but foundation moves, a
"Finish" button appears on the table; pressing it sends them up in a quick cascade, each card a move
of the player's own (counted, saved, undoable one by one). No card moves unless the player asks:
the button only offers, and a touch or a key during the cascade stops it where it is.

Which games can finish is the model's to say (`finish_line`, empty for Golf); the button floats over
the table in the free area under the columns, painted like the table's messages (a table_paint.FloatingLayer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..i18n import N_, tr
from ..ui import theme
from ..ui.text import get_font
from ..ui.widgets import Button
from ..view.dirty_rects import spanned

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model import IllegalMove
    from ..model.base import SolitaireGame
    from ..model.moves import Move
    from ..view.layout import TableLayout


class Playing(Protocol):
    """Whether the demo (or a rewind) moves the cards (assist.Assistant)."""

    @property
    def playing(self) -> bool: ...


class FinishTable(Protocol):
    """What the Finish button asks of its table: the game's finishing line, the moves, whether the
    player has the cards, and where messages go."""

    ctx: Context
    game: SolitaireGame
    size: tuple[int, int]
    dealing: bool

    @property
    def assist(self) -> Playing: ...
    @property
    def watching(self) -> bool: ...
    def message_size(self) -> int: ...

    @property
    def layout(self) -> TableLayout: ...
    @property
    def speed(self) -> float: ...
    def attempt(self, move: Move, by_demo: bool = False) -> IllegalMove | None: ...


STEP = 0.07  # s between two cards of the cascade (each flies for the table's move time: they overlap)


class Finisher:
    """The Finish button of one table and the cascade it starts."""

    def __init__(self, table: FinishTable) -> None:
        self.table = table
        self.button = Button((0, 0, 1, 1), N_("Finish"), table.ctx.text, style="primary")
        self.button.visible = False
        self._queue: list[Move] = []  # the cascade's moves still to make
        self._wait = 0.0
        self._painted: pygame.Rect | None = None  # where the button was last drawn

    # -- state ---------------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether the button shows."""
        return self.button.visible

    @property
    def busy(self) -> bool:
        """A cascade is under way (the table keeps animating)."""
        return bool(self._queue)

    @property
    def rect(self) -> pygame.Rect:
        return self.button.bounds

    def offered(self) -> bool:
        """Whether the button should show now: the player's own game, at rest from the deal and the
        demo, with a finish line and no cascade under way."""
        t = self.table
        return (
            not t.watching and not t.dealing and not t.assist.playing and not self._queue and bool(t.game.finish_line())
        )

    def refresh(self) -> None:
        """Show or hide the button (after every change of the game), under the longest column."""
        show = self.offered()
        if show:
            rect = self._place()
            if rect != self.button.rect:
                self.button.rect = rect  # (the old place is repainted: dirty_rect)
        if show != self.button.visible:
            self.button.visible = show
            self.button.dirty = True

    def _place(self) -> pygame.Rect:
        t = self.table
        area = t.layout.message_box(t.game, t.message_size())
        least = theme.KIOSK_TOUCH if t.ctx.kiosk else theme.MIN_TOUCH
        h = max(least, int(t.message_size() * 2.2))
        w = max(3 * h, get_font(int(h * 0.48), True).size(tr(self.button.label))[0] + 2 * h)
        rect = pygame.Rect(0, 0, min(w, area.width), h)
        rect.center = area.center
        rect.bottom = min(rect.bottom, t.size[1] - 4)
        return rect

    def toast_lift(self) -> int:
        """How far a message moves up to stay clear of the button (0 while it is hidden)."""
        return self.button.rect.height + self.table.layout.card_h // 10 if self.button.visible else 0

    # -- input and time ------------------------------------------------------------------------------
    def handle(self, kind: str, pos: tuple[int, int]) -> tuple[bool, bool]:
        """A pointer action: (the button fired, the action was on the button and is used up)."""
        if not self.button.visible:
            return False, False
        self.button.window = self.table.size  # (at the screen's foot, it takes a press up to the bezel)
        fired = self.button.handle(kind, pos)
        if fired:
            self.start()
        return fired, self.button.hit_rect().collidepoint(pos)

    def start(self) -> None:
        """Send every card left up, one after another, as the player's moves."""
        self._queue = list(self.table.game.finish_line())
        self._wait = 0.0
        self.refresh()
        self.update(0.0)  # the first card goes at once

    def stop(self) -> None:
        """A touch or a key: the cascade stops where it is (the button comes back if it still may)."""
        if self._queue:
            self._queue.clear()
            self.refresh()

    def update(self, dt: float) -> None:
        if not self._queue:
            return
        self._wait -= dt
        speed = self.table.speed
        while self._queue and self._wait <= 0:
            move = self._queue.pop(0)
            if self.table.attempt(move) is not None:  # (never expected: the line was checked)
                self._queue.clear()
            self._wait += STEP * speed
            if speed > 0:
                break  # one card per step; with animations off, all of them now
        if not self._queue:
            self.refresh()

    # -- painting (a layer over the cards, under the messages: table_paint.FloatingLayer) -----------
    def dirty_rect(self) -> pygame.Rect | None:
        """The area to repaint this frame (where it was and where it is), or None."""
        b = self.button
        now = b.bounds if b.visible else None
        if not b.dirty and now == self._painted:
            return None
        area = spanned(self._painted, now)
        if area is None:
            b.dirty = False
        return area

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        b = self.button
        if not b.visible:
            b.dirty = False
            self._painted = None
            return None
        b.draw(surface)
        self._painted = b.bounds
        return self._painted
