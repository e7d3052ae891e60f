"""How keys and pointer actions reach a table: the demo hands the game back first, a watched deal
becomes the player's, the top band's buttons act, a press during the deal only finishes it, and the
rest goes to the gesture recogniser (game.ui.gesture), whose gestures land on the board and the
game's hooks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from ..ui.gesture import Cancel, Drag, Drop, Gesture, Lift, Tap
from ..ui.pointer import DOWN, MOUSE, MOVE, UP, pointer, pointer_id
from ..view.lift import LIFT_TIME, SETTLE_TIME
from .base import Transition

T = TypeVar("T")

if TYPE_CHECKING:  # pragma: no cover
    from ..ui.gesture import Gestures
    from ..view.board import Board
    from .assist import Assistant
    from .finish import Finisher
    from .hud import Hud
    from .table_contract import TableRules
    from .table_focus import TableFocus


class InputTable(Protocol):
    """What input reaches at a table: the band, the Finish button, the assistant, the keyboard focus,
    the gestures and the game's rules they end in, and the band's actions the keys call."""

    size: tuple[int, int]
    clock: float
    dealing: bool
    board: Board
    hud: Hud
    finisher: Finisher
    assist: Assistant
    focus: TableFocus
    gestures: Gestures

    @property
    def rules(self) -> TableRules: ...
    @property
    def watching(self) -> bool: ...
    @property
    def speed(self) -> float: ...
    def taken_over(self) -> Transition: ...
    def skip_deal(self) -> None: ...
    def refresh(self, duration: float | None = None) -> None: ...
    def undo(self) -> Transition: ...
    def redo(self) -> Transition: ...
    def hint(self) -> Transition: ...
    def watch(self) -> Transition: ...
    def copy_code(self) -> Transition: ...
    def go_new_game(self) -> Transition: ...
    def go_menu(self) -> Transition: ...
    def show_help(self) -> Transition: ...


class NotMine(Enum):
    """A handler's answer when the input is not its own: the next handler in the list is asked."""

    NOT_MINE = "not mine"


NOT_MINE = NotMine.NOT_MINE
#: What a handler answers: NOT_MINE, or the input is handled (its transition, None for none).
Outcome = Transition | NotMine


@dataclass(frozen=True)
class PointerAction:
    """A pointer's press, motion or release on the table (game.ui.pointer)."""

    kind: str  # DOWN, MOVE, UP
    pos: tuple[int, int]
    who: object  # which finger (or the mouse): game.ui.pointer.pointer_id
    event: pygame.event.Event
    on_band: bool  # over the top band

    @property
    def down(self) -> bool:
        return self.kind == DOWN


class TableInput:
    """The input of one table scene: each key and pointer action goes down an ordered list of
    handlers until one takes it (the demo and the watched deal first, then the band, the Finish
    button, the deal, and the gestures or the keyboard focus and the shortcuts)."""

    def __init__(self, table: InputTable) -> None:
        self.table = table
        self.pointer_handlers: list[Callable[[PointerAction], Outcome]] = [
            self._demo,
            self._watched,
            self._second_finger,
            self._band,
            self._finish,
            self._deal,
            self._gesture,
        ]
        self.key_handlers: list[Callable[[pygame.event.Event], Outcome]] = [
            self._demo_key,
            self._watched_key,
            self._focus_key,
            self._shortcut,
        ]

    def handle(self, event: pygame.event.Event) -> Transition:
        if event.type == pygame.KEYDOWN:
            self.table.finisher.stop()  # a key stops the Finish cascade where it is
            return _first(self.key_handlers, event)
        p = pointer(event, self.table.size)
        if p is None:
            return None
        kind, pos = p
        action = PointerAction(kind, pos, pointer_id(event), event, self.table.hud.rect.collidepoint(pos))
        if action.down:
            self.table.focus.hide()  # a mouse or touch player: the keyboard's focus goes
            self.table.finisher.stop()  # a touch stops the Finish cascade where it is
        return _first(self.pointer_handlers, action)

    # -- the pointer, in the order asked ----------------------------------------------------------
    def _demo(self, p: PointerAction) -> Outcome:
        """A press stops the demo (or a rewind) and hands the game back, and does nothing else; a
        button of the band stops it too and does its own job (Menu leaves, Undo undoes), and a
        watched deal stays a watched one."""
        table = self.table
        if not p.down:
            return NOT_MINE
        if p.on_band and table.assist.playing:
            table.assist.stop(quiet=True, take_over=False)
            return NOT_MINE
        stopped, transition = table.assist.stop()
        if stopped:
            table.finisher.refresh()  # the game is the player's again: Finish may be offered
            return transition
        return NOT_MINE

    def _watched(self, p: PointerAction) -> Outcome:
        """A watched deal touched before the demo moved: it is the player's now."""
        if p.down and self.table.watching and not p.on_band:
            return self.table.taken_over()
        return NOT_MINE

    def _second_finger(self, p: PointerAction) -> Outcome:
        """Another finger while one drags does nothing."""
        table = self.table
        return NOT_MINE if table.gestures.admits(p.who, table.clock, pressing=p.down) else None

    def _band(self, p: PointerAction) -> Outcome:
        """The band's buttons; a press on the band never reaches the table."""
        fired, transition = self.table.hud.handle(p.kind, p.pos)
        return transition if fired or (p.down and p.on_band) else NOT_MINE

    def _finish(self, p: PointerAction) -> Outcome:
        """The Finish button; a press on it never reaches the card under it."""
        finished, on_button = self.table.finisher.handle(p.kind, p.pos)
        return None if finished or (p.down and on_button) else NOT_MINE

    def _deal(self, p: PointerAction) -> Outcome:
        """A press during the deal finishes it at once and does nothing else; the second click of a
        double click that opened this table is lost too."""
        table = self.table
        if p.down and (table.dealing or table.gestures.settling(table.clock)):
            table.skip_deal()
            return None
        return NOT_MINE

    def _gesture(self, p: PointerAction) -> Outcome:
        """The rest goes to the gesture recogniser, whose gestures come back to perform."""
        table, gestures = self.table, self.table.gestures
        if p.kind == DOWN:
            hit = table.rules.hit(p.pos)
            cards = table.rules.pick(hit) if hit else []
            gestures.down(p.pos, p.who, table.clock, hit, cards, [table.board.sprites[c].pos for c in cards])
        elif p.kind == MOVE:
            held = p.who != MOUSE or bool(getattr(p.event, "buttons", (1,))[0])
            gestures.move(p.pos, table.clock, held)  # not held: the button came up outside the window
        elif p.kind == UP:
            gestures.up(p.pos, table.clock)
        return None

    # -- keys, in the order asked -------------------------------------------------------------------
    def _demo_key(self, event: pygame.event.Event) -> Outcome:
        """A key during the demo only hands the game back, unless it acts (Esc, undo, redo): then the
        demo stops quietly and the key does its job; taking over a watched deal asks first."""
        leaving = event.key == pygame.K_ESCAPE
        acts = leaving or event.key == pygame.K_z and bool(event.mod & pygame.KMOD_CTRL) or _is_redo(event)
        stopped, transition = self.table.assist.stop(quiet=acts, take_over=not leaving)
        if (stopped and not acts) or transition is not None:
            return transition
        return NOT_MINE

    def _watched_key(self, event: pygame.event.Event) -> Outcome:
        """A key on a watched deal before the demo moved: it is the player's (Esc leaves)."""
        if self.table.watching and event.key != pygame.K_ESCAPE:
            return self.table.taken_over()
        return NOT_MINE

    def _focus_key(self, event: pygame.event.Event) -> Outcome:
        """Arrows, Tab, Enter, Space; Esc puts picked-up cards back (else: the menu)."""
        if not event.mod & pygame.KMOD_CTRL and self.table.focus.key(event):
            return None
        return NOT_MINE

    def _shortcut(self, event: pygame.event.Event) -> Outcome:
        """The band's buttons and the Finish button from the keyboard: Ctrl+Z undoes, Ctrl+Y and
        Shift+Ctrl+Z redo, N deals anew, Esc leaves, Ctrl+C copies the code, H hints, W watches the
        demo, F1 opens Help, F finishes (when the button shows), L says what the winnable light says."""
        table = self.table
        if _is_redo(event):
            return table.redo()
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        keys: dict[int, Callable[[], Transition]] = (
            {pygame.K_z: table.undo, pygame.K_ESCAPE: table.go_menu, pygame.K_c: table.copy_code}
            if ctrl
            else {
                pygame.K_n: table.go_new_game,
                pygame.K_ESCAPE: table.go_menu,
                pygame.K_h: table.hint,
                pygame.K_w: table.watch,
                pygame.K_F1: table.show_help,
                pygame.K_f: self._finish_key,
                pygame.K_l: self._light_key,
            }
        )
        action = keys.get(event.key)
        return None if action is None else action()

    def _finish_key(self) -> Transition:
        if self.table.finisher.active:
            self.table.finisher.start()
        return None

    def _light_key(self) -> Transition:
        hud = self.table.hud
        if hud.light is not None and hud.on_light is not None:
            return hud.on_light()
        return None

    def perform(self, gesture: Gesture) -> None:
        """What a recognised gesture does on the board and in the game."""
        table = self.table
        if isinstance(gesture, Tap):
            table.rules.on_tap(gesture.hit, gesture.double)
        elif isinstance(gesture, Lift):
            table.board.lift(gesture.cards, LIFT_TIME * table.speed)
            table.rules.on_lift(gesture.cards)
        elif isinstance(gesture, Drag):
            table.board.drag_to(gesture.cards, gesture.points)
        elif isinstance(gesture, Drop | Cancel):
            table.board.drop_all(SETTLE_TIME * table.speed)  # they settle back with a small ease
            # judged by where the dragged cards are, not the pointer; a move made refreshed the
            # board already (a second refresh would light the new playable cards in this frame,
            # not as the cards land)
            if not (isinstance(gesture, Drop) and table.rules.on_drop(gesture.cards)):
                table.refresh()


def _is_redo(event: pygame.event.Event) -> bool:
    """Ctrl+Y, or Shift+Ctrl+Z."""
    ctrl = event.mod & pygame.KMOD_CTRL
    return bool(ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)))


def _first(handlers: Sequence[Callable[[T], Outcome]], item: T) -> Transition:
    """The answer of the first handler that takes `item` (None when none does)."""
    for handler in handlers:
        outcome = handler(item)
        if outcome is not NOT_MINE:
            return outcome
    return None
