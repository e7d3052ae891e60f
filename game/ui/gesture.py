"""Gesture recognition for the card tables: a pointer's press, motion and release become a tap, a
double tap, or a drag and its drop, for the mouse and for fingers alike.

Pure logic, no pygame and no display: the table feeds it pointer actions with the simulation clock
and what a press would pick up, and it hands each recognised gesture, a small value, to the table's
`perform` callback at once (a tap is remembered as the first half of a possible double tap before
its own move runs, so the move, which forgets older taps, forgets it too). The rules, as docs/play.md and
docs/kiosk.md give them:

- a press becomes a drag once it has travelled DRAG_THRESHOLD px, or a seventh of a card (a
  finger's wobble is no drag); only a press on something that may be picked up drags;
- a lift far from its press is a drop there, even with no motion in between (a single-touch screen
  may send only down and up);
- with double taps on (Eight Off), a second tap within DOUBLE_TIME on the same pile and within half
  a card of the first is one double tap, reported with the first tap's hit; but when the first tap
  changed the game (it sent its card up), the second is a tap of its own on what is there now, so
  fast taps that each move a card are never lost;
- a drag belongs to the pointer that started it: another finger neither steals it nor ends it,
  unless the drag has rested STILL_TIME (its lift may have been lost); a press that is not a drag
  ends as a tap when another finger comes down (overlapping taps of two fingers both count);
- a table takes no press in its first SETTLE_TIME (the second click of a double click that opened it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..model.moves import Hit as TableHit

DRAG_THRESHOLD = 8  # px a press must travel before it becomes a drag
DOUBLE_TIME = 0.4  # s between the taps of a double tap
STILL_TIME = 1.0  # s a dragging finger must rest before another finger may take over
SETTLE_TIME = 0.3  # s after a table appears in which a press is not taken (a double click's second half)

Point = tuple[float, float]
#: What a point hits on the table (a pile and a row, game.model.moves.Hit), or None.
Hit = TableHit | None


class Phase(Enum):
    """Where a press is in its life."""

    IDLE = "idle"  # no press
    PRESSED = "pressed"  # down, not (yet) moved far enough to drag: a tap if it lifts now
    DRAGGING = "dragging"  # the picked-up cards follow the pointer


@dataclass
class Press:
    """The press in progress and what it holds."""

    pos: Point  # where it went down
    who: object  # the pointer ("mouse" or a finger's id)
    hit: Hit  # what it went down on
    cards: list[Any]  # what a drag carries (empty: this press can only tap)
    origin: list[Point]  # where each of those cards was when the press began
    moved: float  # clock of its last motion (or of its press)
    phase: Phase = Phase.PRESSED


@dataclass(frozen=True)
class TapMark:
    """A tap that may be the first half of a double tap."""

    time: float
    pos: Point
    hit: Hit


@dataclass(frozen=True)
class Tap:
    """A press and release without a drag. A double tap comes with the first tap's hit."""

    hit: Hit
    double: bool = False


@dataclass(frozen=True)
class Lift:
    """A drag of these cards has begun."""

    cards: list[Any] = field(hash=False)


@dataclass(frozen=True)
class Drag:
    """The dragged cards move: each one to its point."""

    cards: list[Any] = field(hash=False)
    points: list[Point] = field(hash=False)


@dataclass(frozen=True)
class Drop:
    """The dragged cards were released at pos."""

    cards: list[Any] = field(hash=False)
    pos: Point


@dataclass(frozen=True)
class Cancel:
    """A drag given up without a drop (a key, a button, a resize, another finger): the cards go back."""

    cards: list[Any] = field(hash=False)


Gesture = Tap | Lift | Drag | Drop | Cancel


class Gestures:
    """The recogniser of one table. `perform` is called with each gesture as it is recognised."""

    def __init__(self, perform: Callable[[Gesture], object], double_tap: bool = False, opened: float = 0.0) -> None:
        self.perform = perform
        #: Whether two quick taps on one pile make one double tap (Eight Off); else two taps (Golf).
        self.double_tap = double_tap
        #: The cards' width in px: a finger's wobble and a double tap's reach grow with the cards.
        self.card_w = 0
        self.opened = opened  # the clock when the table appeared
        self.press: Press | None = None
        self.last_tap: TapMark | None = None

    @property
    def phase(self) -> Phase:
        return Phase.IDLE if self.press is None else self.press.phase

    @property
    def threshold(self) -> int:
        """How far a press travels before it is a drag."""
        return max(DRAG_THRESHOLD, self.card_w // 7)

    @property
    def reach(self) -> int:
        """How far apart the two taps of a double tap may be."""
        return max(3 * DRAG_THRESHOLD, self.card_w // 2)

    def settling(self, now: float) -> bool:
        """Whether the table has only just appeared (a press now is the tail of what opened it)."""
        return now - self.opened < SETTLE_TIME

    # -- pointer actions ---------------------------------------------------------------------------
    def admits(self, who: object, now: float, pressing: bool) -> bool:
        """Whether an action of pointer `who` (`pressing`: its press) may go on to the table. Another
        pointer than the one holding the press is kept out while that press drags, unless the drag
        has rested STILL_TIME and this is a press; a press that is not a drag ends as a tap first."""
        press = self.press
        if press is None or who == press.who:
            return True
        if not pressing or (press.phase is Phase.DRAGGING and now - press.moved <= STILL_TIME):
            return False  # another finger while one drags: the drag goes on undisturbed
        if press.phase is Phase.PRESSED:
            self.up(press.pos, now)  # overlapping taps of two fingers: both count
        return True

    def down(
        self, pos: Point, who: object, now: float, hit: Hit, cards: Sequence[Any] = (), origin: Sequence[Point] = ()
    ) -> None:
        """A press at pos on `hit`; `cards` (at `origin`) are what a drag from here would carry."""
        last = self.last_tap
        self.cancel()  # a finger taking over: the press it replaces ends
        self.last_tap = last
        self.press = Press(pos, who, hit, list(cards), list(origin), now)

    def move(self, pos: Point, now: float, held: bool = True) -> None:
        """The pointer moved to pos; `held` False: the mouse button is up (its release was lost
        outside the window), which ends a drag there."""
        press = self.press
        if press is None:
            return
        if not held and press.phase is Phase.DRAGGING:
            self.up(pos, now)
        else:
            self._follow(press, pos, now)

    def up(self, pos: Point, now: float) -> None:
        """The pointer lifted at pos: a drop, or a tap."""
        press = self.press
        if press is None:
            return
        if press.phase is Phase.PRESSED:
            self._follow(press, pos, now)  # a lift far from its press is a drag, even with no motion between
        self.press = None
        if press.phase is Phase.DRAGGING:
            self.perform(Drop(press.cards, pos))
        else:
            self._tap(pos, press.hit, now)

    def cancel(self) -> None:
        """Forget the press in progress (a drag's cards go back). Called before anything else
        changes the game or the screen."""
        press, self.press = self.press, None
        if press is None:
            return
        self.last_tap = None
        if press.phase is Phase.DRAGGING:
            self.perform(Cancel(press.cards))

    def forget_tap(self) -> None:
        """The game changed: a tap before the change cannot begin a double tap."""
        self.last_tap = None

    # -- inside ------------------------------------------------------------------------------------
    def _follow(self, press: Press, pos: Point, now: float) -> None:
        press.moved = now
        dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
        if press.phase is Phase.PRESSED:
            if not press.cards or dx * dx + dy * dy < self.threshold**2:
                return
            press.phase = Phase.DRAGGING
            self.last_tap = None
            self.perform(Lift(press.cards))
        self.perform(Drag(press.cards, [(x + dx, y + dy) for x, y in press.origin]))

    def _tap(self, pos: Point, hit: Hit, now: float) -> None:
        last, self.last_tap = self.last_tap, None
        if (
            self.double_tap
            and last is not None
            and now - last.time <= DOUBLE_TIME
            and same_pile(hit, last.hit)
            and (pos[0] - last.pos[0]) ** 2 + (pos[1] - last.pos[1]) ** 2 <= self.reach**2
        ):
            self.perform(Tap(last.hit, double=True))
            return
        # marked before its own action: a tap that changes the game (the table calls forget_tap)
        # cannot begin a double tap, and the next tap is a single tap on the card now on top
        self.last_tap = TapMark(now, pos, hit)
        self.perform(Tap(hit))


def same_pile(a: Hit, b: Hit) -> bool:
    """Whether two hits fall on the same pile (a column's cards, a cell, a foundation)."""
    return a is not None and b is not None and a.pile == b.pile
