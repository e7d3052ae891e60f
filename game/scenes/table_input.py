"""How keys and pointer actions reach a table: the demo hands the game back first, a watched deal
becomes the player's, the top band's buttons act, a press during the deal only finishes it, and the
rest goes to the gesture recogniser (game.ui.gesture), whose gestures land on the board and the
game's hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..ui.gesture import Cancel, Drag, Drop, Gesture, Lift, Tap
from ..ui.pointer import DOWN, MOUSE, MOVE, UP, pointer, pointer_id
from ..view.lift import LIFT_TIME, SETTLE_TIME
from .base import Transition

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


class TableInput:
    """The input of one table scene."""

    def __init__(self, table: InputTable) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> Transition:
        if event.type == pygame.KEYDOWN:
            return self._key_down(event)
        table = self.table
        p = pointer(event, table.size)
        if p is None:
            return None
        kind, pos = p
        if kind == DOWN:
            table.focus.hide()  # a mouse or touch player: the keyboard's focus goes
        who = pointer_id(event)
        on_band = table.hud.rect.collidepoint(pos)
        if kind == DOWN:
            table.finisher.stop()  # a touch stops the Finish cascade where it is
        if kind == DOWN and on_band and table.assist.playing:
            table.assist.stop(quiet=True, take_over=False)  # a button of the band stops the demo and
            # does its own job (Menu leaves, Undo undoes); a watched deal stays a watched one
        elif kind == DOWN:
            stopped, transition = table.assist.stop()
            if stopped:
                table.finisher.refresh()  # the game is the player's again: Finish may be offered
                return transition  # any touch stops the demo (or a rewind) and hands the game back
        if kind == DOWN and table.watching and not on_band:
            return table.taken_over()  # a watched deal touched before the demo moved: it is the player's now
        gestures = table.gestures
        if not gestures.admits(who, table.clock, pressing=kind == DOWN):
            return None  # another finger while one drags
        fired, transition = table.hud.handle(kind, pos)
        if fired or (kind == DOWN and on_band):
            return transition  # the band's buttons, never a press on the table
        finished, on_button = table.finisher.handle(kind, pos)
        if finished or (kind == DOWN and on_button):
            return None  # the Finish button, never a press on the card under it
        if kind == DOWN and (table.dealing or gestures.settling(table.clock)):
            table.skip_deal()  # a tap finishes the deal at once and does nothing else; the second
            return None  # click of a double click that opened this table is lost too
        if kind == DOWN:
            hit = table.rules.hit(pos)
            cards = table.rules.pick(hit) if hit else []
            gestures.down(pos, who, table.clock, hit, cards, [table.board.sprites[c].pos for c in cards])
        elif kind == MOVE:
            held = who != MOUSE or bool(getattr(event, "buttons", (1,))[0])
            gestures.move(pos, table.clock, held)  # not held: the button came up outside the window
        elif kind == UP:
            gestures.up(pos, table.clock)
        return None

    def _key_down(self, event: pygame.event.Event) -> Transition:
        table = self.table
        table.finisher.stop()  # a key stops the Finish cascade where it is
        leaving = event.key == pygame.K_ESCAPE
        ctrl = event.mod & pygame.KMOD_CTRL  # each action below ends a drag in progress first
        redo = bool(ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)))
        acts = leaving or bool(event.key == pygame.K_z and ctrl) or redo
        stopped, transition = table.assist.stop(quiet=acts, take_over=not leaving)
        if stopped and not acts:
            return transition  # a key during the demo only hands the game back
        if transition is not None:
            return transition  # taking over a watched deal asks first
        if table.watching and not leaving:
            return table.taken_over()  # a key on a watched deal before the demo moved: it is the player's
        if not ctrl and table.focus.key(event):
            return None  # arrows, Tab, Enter, Space; Esc puts picked-up cards back (else: the menu)
        if redo:  # Ctrl+Y, Shift+Ctrl+Z
            return table.redo()
        if event.key == pygame.K_z and ctrl:
            return table.undo()
        if event.key == pygame.K_n and not ctrl:
            return table.go_new_game()
        if leaving:
            return table.go_menu()
        if event.key == pygame.K_c and ctrl:
            return table.copy_code()
        if event.key == pygame.K_h and not ctrl:
            return table.hint()
        if not ctrl:
            return self._band_key(event.key)
        return None

    def _band_key(self, key: int) -> Transition:
        """The band's other buttons and the Finish button from the keyboard: W watches the demo,
        F1 opens Help, F finishes (when the button shows), L says what the winnable light says."""
        table = self.table
        if key == pygame.K_w:
            return table.watch()
        if key == pygame.K_F1:
            return table.show_help()
        if key == pygame.K_f and table.finisher.active:
            table.finisher.start()
        elif key == pygame.K_l and table.hud.light is not None and table.hud.on_light is not None:
            return table.hud.on_light()
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
