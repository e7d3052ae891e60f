"""A dead end at the table: when no move is left that changes the game (game.model.dead_end), the
band's Undo and Hint draw the eye after a few quiet seconds, with a glow that breathes on them.

Eight Off never says a game is lost (its rules page: the app shows no defeat message), and a table
where nothing can move looks frozen: nothing is said, nothing moves. The glow says nothing either;
it only shows where the way on is. It stops at the first press or key, and when the game changes
(an undo made by the table itself, "Go back there"); the next quiet stretch at a dead end brings it
back. A button pulses only where it would do something: Undo while there is a move to take back,
Hint while the game is in play (a blocked Golf deal has nothing to hint; its panel says so).

Only the player's own table pulses, and only while it is the screen in front (no dialog or panel over
it): a deal dealt to be watched (a demo, attract mode) has nobody at it to be taught. A blocked Golf
deal has its panel, which says so and offers Undo; while "Show the table" fades that panel away, a tap
anywhere (on the band too) brings it back rather than pressing what it lands on, so the band's
buttons do not light up then either.

Cost: the glow is drawn over the two buttons alone, a new look some ten times a second (the app's
wake-ups while nothing else moves), each repainting those two buttons and nothing else; whether the
position is a dead end is asked once per quiet stretch, when the delay is up.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from ..model.dead_end import at_dead_end
from ..services import SceneLike
from ..ui import theme
from .assist import Driver
from .seat import Seat

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from ..ui.widgets import Button
    from ..view.board import Board
    from .assist import Assistant
    from .base import Action, Transition
    from .hud import Hud

#: s without input at a dead end before the glow starts
DELAY = 4.0
#: s of one breath (faint, bright, faint)
PERIOD = 2.4
#: new looks a second: the app's wake-ups while nothing moves, so the glow keeps no frame rate up
RATE = 10
#: the glow's opacity at its faintest and brightest (0-255)
FAINT, BRIGHT = 40, 255
#: the input that ends a quiet stretch: a press, a release, a wheel turn, a key (a mouse passing
#: over the table is no input: it may be on its way to Undo)
INPUT = frozenset(
    {
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
        pygame.KEYDOWN,
    }
)


class PulseTable(SceneLike, Protocol):
    """What the glow asks of its table."""

    ctx: Context
    game: SolitaireGame
    hud: Hud
    board: Board
    clock: float
    seat: Seat
    dealing: bool

    @property
    def assist(self) -> Assistant: ...
    @property
    def press(self) -> object | None: ...
    def undo(self) -> Transition: ...
    def hint(self) -> Transition: ...


class DeadEndPulse:
    """The glow on Undo and Hint at a dead end; a layer over the band (table_paint.Layer)."""

    def __init__(self, table: PulseTable) -> None:
        self.table = table
        self._quiet_from = 0.0  # the table's clock when the quiet stretch began
        self._asked = False  # whether this quiet stretch has asked about a dead end yet
        self._since: float | None = None  # the table's clock when the glow started (None: off)
        self._look = -1  # the look drawn last (its index in time)
        #: where the glow is drawn now (clipped to the window), and the button there as the band drew it
        self._under: dict[Key, pygame.Surface] = {}
        self._pending = False  # a new look (or its end) is not drawn yet
        self._rings: dict[tuple[int, int], pygame.Surface] = {}  # by the button's size

    # -- when ----------------------------------------------------------------------------------------
    def heard(self, event: pygame.event.Event) -> None:
        """An event reached the table: input ends the quiet stretch (and the glow)."""
        if event.type in INPUT:
            self.wake()

    def wake(self) -> None:
        """Input came or the game changed: the glow stops and a new quiet stretch begins."""
        self._quiet_from = self.table.clock
        self._asked = False
        self._stop()

    def _stop(self) -> None:
        if self._since is not None:
            self._since = None
            self._pending = bool(self._under)

    def _watching(self) -> bool:
        """Whether the player sits at this table and nothing else goes on at it: the quiet counts."""
        t = self.table
        return (
            t.seat is Seat.PLAYER  # (not a demo's, attract mode's or a watched deal's table: nobody to teach)
            and t.ctx.in_view(t)
            and not t.dealing
            and t.press is None
            and t.assist.driver is Driver.PLAYER
            and not t.board.is_animating()
        )

    def update(self) -> None:
        """After the table's clock moved: the quiet stretch, the start, the look."""
        now = self.table.clock
        if not self._watching():
            self._quiet_from, self._asked = now, False
            self._stop()
            return
        if self._since is None:
            if not self._asked and now - self._quiet_from >= DELAY:
                self._asked = True
                if at_dead_end(self.table.game) and self._offered():
                    self._since, self._look = now, -1
            if self._since is None:
                return
        look = int((now - self._since) * RATE)
        if look != self._look:
            self._look, self._pending = look, True

    @property
    def pending(self) -> bool:
        """A new look (or the glow's end) waits to be drawn (the table is animating until it is)."""
        return self._pending

    def buttons(self) -> list[Button]:
        """The buttons that pulse now (none while the glow is off)."""
        return self._offered() if self._since is not None else []

    def _offered(self) -> list[Button]:
        """The buttons that would do something now: Undo while a move may be taken back, Hint while
        the game is in play."""
        game = self.table.game
        wanted: list[Action] = []
        if game.can_undo and game.status != "won":
            wanted.append(self.table.undo)
        if game.status == "playing":
            wanted.append(self.table.hint)
        found = (self.table.hud.button_for(a) for a in wanted)
        return [b for b in found if b is not None and b.visible and b.enabled]

    # -- the layer -----------------------------------------------------------------------------------
    # The glow lies on the button's body and keeps a copy of it as the band drew it, put back under
    # each new look: a look asks for no repaint of the board or the band (the band's buttons' bounds
    # overlap, and restoring one whole would restore its neighbours, and theirs: the whole row).
    # Where the band repaints a button for its own reasons, it repaints it whole, and the glow takes
    # a new copy there.
    def changed(self) -> list[pygame.Rect]:
        return []

    def parts(self) -> list[pygame.Rect]:
        return [b.rect for b in self.buttons()]

    def draw(self, surface: pygame.Surface, painted: list[pygame.Rect] | None, changed: bool) -> list[pygame.Rect]:
        pending, self._pending = self._pending, False
        screen = surface.get_rect()
        drawn: list[pygame.Rect] = []
        under, self._under = self._under, {}
        glows = [(b, _key(b.rect.clip(screen))) for b in self.buttons()]
        for key, copy in under.items():  # where the glow was and is no more: the button comes back
            if not _repainted(key, painted) and all(g != key for _b, g in glows):
                drawn.append(surface.blit(copy, key[:2]))
        # (every copy is taken, or put back, before any ring is drawn: none holds another's ring)
        ringed = []
        for button, key in glows:
            kept = under.get(key)
            if kept is None or _repainted(key, painted):  # the button as the band drew it, no glow on it
                kept = surface.subsurface(key).copy()
            elif pending:  # a new look over the button as it was
                surface.blit(kept, key[:2])
            else:  # (nothing changed there)
                self._under[key] = kept
                continue
            self._under[key] = kept
            ringed.append((button, key))
        alpha = self._alpha()
        for button, key in ringed:
            ring = self._ring(button)
            ring.set_alpha(alpha)
            surface.blit(ring, button.rect)
            drawn.append(pygame.Rect(key))
        return drawn

    def _alpha(self) -> int:
        """The opacity of the look drawn now: a breath, faint, bright, faint, from the glow's start."""
        phase = (self._look / RATE) / PERIOD
        k = (1 - math.cos(2 * math.pi * phase)) / 2
        return round(FAINT + (BRIGHT - FAINT) * k)

    def _ring(self, button: Button) -> pygame.Surface:
        """A gold ring on the button's edge (over its own faint border) and a faint gold wash inside,
        the button's size, at full opacity: it stays off its neighbours and off the band's edge."""
        w, h = button.rect.size
        ring = self._rings.get((w, h))
        if ring is None:
            line = max(2, round(h / 16))
            ring = theme.rounded_rect((w, h), (*theme.GOLD, 36), max(6, h // 4), border=line, border_colour=theme.GOLD)
            self._rings[(w, h)] = ring
        return ring


Key = tuple[int, int, int, int]


def _key(rect: pygame.Rect) -> Key:
    return (rect.x, rect.y, rect.width, rect.height)


def _repainted(rect: Key, painted: list[pygame.Rect] | None) -> bool:
    """Whether the board and the band repainted `rect` (a button's body) this frame (None: the whole
    window): a band button touched is repainted whole, bounds and all (table_paint)."""
    return painted is None or pygame.Rect(rect).collidelist(painted) != -1
