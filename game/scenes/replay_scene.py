"""The replay viewer: a replay's game played back on a table with the normal card animations, under a
band of its own: the previous and the next move, play and pause, the speed (1×, 2×, 4×), the move
shown ("12 of 40"), "Play from here" and Back; and a timeline at its foot (replay_timeline.py).

The table is the one table scene (table.py) in the REPLAY seat (seat.py): it records nothing (no
Progress), takes no card of the player's, and shows no end panel (the end of the replay says so in a
line over the table). Its game is always exactly `replay.position(i)`: a step forward pushes the
line's next moves (the cards fly as those moves' do at a table), a step back builds the position
again from the deal, and the cards fly back to it. Opened at `start`, the viewer shows the position
before that move, paused, with `note` over the table and `better` marked as a hint is; both show
whenever that position does. "Play from here" opens the player's own table at the position shown, a
new game of the deal (table.py: `from_replay`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ..context import ANIMATION_SCALE
from ..i18n import N_, tr
from ..model.replay import Replay
from ..ui.pointer import pointer
from ..ui.toast import Toast
from .assist import FOREVER
from .band_button import Line
from .base import Pop, Push, Replace, Transition
from .hud import MOVES, Hud, Slot
from .replay_timeline import Timeline, foot_height
from .seat import Seat, saved_game_at_stake
from .table import MOVE_TIME, TableScene
from .table_deal import listed
from .table_paint import FloatingLayer
from .tables import open_table, rules_for

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.replay import Game, Move
    from .base import Action
    from .hud import Form

#: The speeds of the playback, slowest first (the speed button goes round them).
SPEEDS = (1, 2, 4)
#: s a move rests at 1× once its cards have landed, before the next one (the demo's pace).
BEAT = 0.45
END_LINE = N_("End of the replay")
#: The move shown, in the band's slot: "12 of 40".
MOVE_OF = N_("{index} of {count}")

# the play button's two faces, and the speed button's three (each a label and its icon)
PLAY_FACES = ((N_("Play moves"), "▶"), (N_("Pause"), "⏸"))
SPEED_FACES = tuple((f"{n}×", f"{n}×") for n in SPEEDS)
SPEED = N_("Speed")  # (the speed button's name under its icon)


class ReplayBand(Hud):
    """The table's band with the replay's buttons, where a button may have several faces (label and
    icon) of one width, the widest's: the play button (Play, Pause) and the speed (1×, 2×, 4×). Turning
    a face changes that button's lines only; nothing on the band moves."""

    def __init__(
        self,
        ctx: Context,
        actions: list[tuple],
        code: str | None,
        on_copy: Action,
        faces: dict[Callable[[], Transition], Sequence[tuple[str, str]]],
    ) -> None:
        super().__init__(ctx, actions, code, on_copy)
        self.faces = faces
        self.face: dict[Callable[[], Transition], int] = dict.fromkeys(faces, 0)
        #: The short names under icons that are not their labels (label: short name, a msgid).
        self.short = dict.fromkeys((label for label, _icon in SPEED_FACES), SPEED)

    def _actions(self) -> list[tuple[str, Action, str | None, int]]:
        out = []
        for label, action, icon, stage in super()._actions():
            if action in self.faces:
                label, icon = self.faces[action][self.face[action]]
            out.append((label, action, icon, stage))
        return out

    def _button_lines(self, form: Form) -> list[list[Line]]:
        """The band's lines, where an icon's short name under it is its own (the speed's: "Speed")."""
        out = super()._button_lines(form)
        for lines, (label, _action, _icon, _stage) in zip(out, self._actions()):
            if len(lines) == 2 and label in self.short:
                lines[1] = replace(lines[1], text=tr(self.short[label]))
        return out

    def _button_widths(self, form: Form) -> list[int]:
        shown = dict(self.face)
        widths = []
        for k in range(max((len(f) for f in self.faces.values()), default=1)):
            self.face = {a: min(k, len(f) - 1) for a, f in self.faces.items()}
            widths.append(super()._button_widths(form))
        self.face = shown
        return [max(column) for column in zip(*widths)]

    def turn(self, action: Callable[[], Transition], face: int) -> None:
        """Show the button of `action` with its face number `face`."""
        if self.face.get(action) == face:
            return
        self.face[action] = face
        button = self.button_for(action)
        if button is not None and hasattr(button, "lines"):
            index = self.buttons.index(button)
            button.lines = tuple(self._button_lines(self.form)[index])
            button.label = self.faces[action][face][0]
            button.dirty = True


class ReplayScene(TableScene):
    """A replay shown on a table, from the position before move `start` (0: the deal), paused; `note`
    (a line, translated) shows over the table and `better` (a move from there) is marked on it while
    that position shows."""

    def __init__(
        self, ctx: Context, replay: Replay, start: int = 0, note: str | None = None, better: Move | None = None
    ) -> None:
        self.replay = replay
        self.start = min(max(0, int(start)), len(replay))
        self.note = note
        self.better = better
        self.playing = False
        self.rate = SPEEDS[0]
        self.wait = 0.0  # s until the next move while playing (it waits for the cards to rest too)
        game = replay.position(self.start)
        super().__init__(ctx, game, rules_for(game))
        self.seat = Seat.REPLAY
        self.hud.light = self.hud.on_light = None  # (the light judges a player's game)
        #: The standing line over the table (the note, the end of the replay): a message placed as the
        #: table places one, in a toast of its own that, once shown, stands still (the table's toast
        #: keeps the frames coming while it shows).
        self.caption = Toast(ctx.text)
        #: The timeline at the table's foot (none where the window has no room for it).
        self.timeline = Timeline(lambda: (self.index, len(self.replay)), self.scrub)
        self.layers += [FloatingLayer(self.timeline), FloatingLayer(self.caption)]

    # -- the band ----------------------------------------------------------------------------------
    def make_band(self) -> Hud:
        """Back, Play from here, the speed, the next move, play or pause and the previous move, from
        the right edge leftwards (the player reads them left to right as a player of media does)."""
        return ReplayBand(
            self.ctx,
            [
                ("Back", self.close, "⮌"),
                (N_("Play from here"), self.play_from_here, "✋"),
                (SPEED_FACES[0][0], self.faster),
                (N_("Next move"), self.step_forward, "⏭"),
                (PLAY_FACES[0][0], self.toggle),
                (N_("Previous move"), self.step_back, "⏮"),
            ],
            self.game.code,
            self.copy_code,
            {self.toggle: PLAY_FACES, self.faster: SPEED_FACES},
        )

    @property
    def band(self) -> ReplayBand:
        assert isinstance(self.hud, ReplayBand)
        return self.hud

    def hud_slots(self) -> list[Slot]:
        """The game's counters, its move counter the move shown of the replay's ("12 of 40"); no time."""
        digits = "8" * len(str(len(self.replay)))
        shown = Slot(N_("Move"), tr(MOVE_OF, index=digits, count=digits))
        return [shown if slot == MOVES else slot for slot in self.counter_slots()]

    def hud_values(self) -> list[str]:
        moved = tr(MOVE_OF, index=self.index, count=len(self.replay))
        return [moved if slot == MOVES else value for slot, value in zip(self.counter_slots(), self.counter_values())]

    def sync_buttons(self) -> None:
        """Previous and next move where there is one; Play from here while the game is still playing."""
        for action, can in (
            (self.step_back, self.index > 0),
            (self.step_forward, not self.at_end),
            (self.play_from_here, self.game.status == "playing"),
        ):
            button = self.hud.button_for(action)
            if button is not None and button.enabled != can:
                button.enabled = can
                button.dirty = True
        self.band.turn(self.toggle, int(self.playing))
        self.band.turn(self.faster, SPEEDS.index(self.rate))

    # -- where the replay is -----------------------------------------------------------------------
    @property
    def index(self) -> int:
        """The moves of the replay made on the table (the position shown is `replay.position(index)`)."""
        return len(self.game.move_stack)

    @property
    def at_end(self) -> bool:
        return self.index >= len(self.replay)

    @property
    def speed(self) -> float:
        """The animations' time scale: the player's setting, quicker at a higher playback speed."""
        return ANIMATION_SCALE.get(self.ctx.settings.animation_speed, 1.0) / self.rate

    @property
    def progress(self) -> None:
        """A replay is never the player's game: nothing is saved or counted."""
        return None

    def taken_over(self) -> Transition:
        return None  # (only Play from here gives the player the game)

    def end_overlay(self) -> None:
        return None  # the end of a replay: a line over the table, never a game's end panel

    def sound(self, name: str) -> None:
        """The cards' own sounds as the moves are shown; never a refusal or a win, which are a player's."""
        if name not in ("refuse", "win"):
            super().sound(name)

    # -- scene life --------------------------------------------------------------------------------
    def enter(self) -> None:
        """The position shows at once, as it is (no deal), paused."""
        if not self._started:
            self._started = True
            self.guaranteed = listed(self.game)  # (the ✓ of a listed deal on its code, as at a table)
            self.resize(self.ctx.screen_size)
            self.refresh(0)
            self._shown()
        self._full = True

    def cards_size(self) -> tuple[int, int]:
        """The window above the timeline."""
        return (self.size[0], self.size[1] - self.timeline.rect.height)

    def resize(self, size: tuple[int, int]) -> None:
        self.timeline.place(size, foot_height(size, bool(self.ctx.kiosk)) if len(self.replay) else 0)
        super().resize(size)
        self._mark()
        if self.caption.active:
            self._say()  # (placed again, in the language now chosen)

    def update(self, dt: float) -> Transition:
        transition = super().update(dt)
        self.caption.update(dt)
        if self.playing:
            self.wait -= dt
            if self.wait <= 0 and not self.board.is_animating():
                self._go(self.index + 1)
                self.wait = self.pace()
                if self.at_end:
                    self.pause()
        return transition

    def pace(self) -> float:
        """s from one move to the next while playing: its flight and a rest, quicker at each speed."""
        return (MOVE_TIME * ANIMATION_SCALE.get(self.ctx.settings.animation_speed, 1.0) + BEAT) / self.rate

    def is_animating(self) -> bool:
        caption = self.caption
        fading = caption.active and caption.clock < caption.FADE_IN or caption.dirty_rect() is not None
        return self.playing or fading or super().is_animating()

    # -- the buttons and keys ----------------------------------------------------------------------
    def play(self) -> None:
        """Play the moves one after another (from the deal again when the end shows)."""
        if self.at_end:
            self.seek(0)
        self.playing = not self.at_end
        self.wait = self.pace()
        self.sync_buttons()

    def pause(self) -> None:
        self.playing = False
        self.sync_buttons()

    def toggle(self) -> Transition:
        if self.playing:
            self.pause()
        else:
            self.play()
        return None

    def faster(self) -> Transition:
        """The next speed (after the fastest, the slowest again)."""
        self.rate = SPEEDS[(SPEEDS.index(self.rate) + 1) % len(SPEEDS)]
        self.sync_buttons()
        return None

    def step_forward(self) -> Transition:
        self.pause()
        self._go(self.index + 1)
        return None

    def step_back(self) -> Transition:
        self.pause()
        self._go(self.index - 1)
        return None

    def seek(self, index: int) -> None:
        """Show the position after `index` moves (kept within the replay)."""
        self._go(index)

    def scrub(self, index: int) -> None:
        """The timeline shows a move: paused there."""
        if self.playing:
            self.pause()
        self._go(index)

    def close(self) -> Transition:
        """Back where the replay was opened from."""
        self.pause()
        return Pop()

    def play_from_here(self) -> Transition:
        """A new game of the deal on the player's own table, at the position shown, with the moves so
        far to undo; a saved game with moves made is given up for it only after the player agrees."""
        self.pause()
        if self.game.status != "playing":
            return None
        index = self.index

        def take() -> Transition:
            game = self.replay.position(index)
            table = open_table(self.ctx, game, guaranteed=None if index == 0 else False)
            table.from_replay = index > 0
            return Replace(table)

        if saved_game_at_stake(self.ctx):
            from .dialog import ConfirmDialog  # (read ahead: read_ahead.SHARED)

            why = N_("The game you can continue will count as abandoned.")
            return Push(ConfirmDialog(self.ctx, N_("Play from here?"), [why], N_("Play from here"), take))
        return take()

    KEYS: dict[int, str] = {
        pygame.K_ESCAPE: "close",
        pygame.K_AC_BACK: "close",
        pygame.K_BACKSPACE: "close",
        pygame.K_SPACE: "toggle",
        pygame.K_k: "toggle",
        pygame.K_LEFT: "step_back",
        pygame.K_RIGHT: "step_forward",
        pygame.K_s: "faster",
        pygame.K_p: "play_from_here",
    }

    def handle_event(self, event: pygame.event.Event) -> Transition:
        """The band's buttons, and their keys (Esc, Space, arrows, Home and End, S for the speed, P to
        play from here); the cards are not the player's."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.pause()
                self.seek(0 if event.key == pygame.K_HOME else len(self.replay))
                return None
            name = self.KEYS.get(event.key)
            return None if name is None else getattr(self, name)()
        p = pointer(event, self.size)
        if p is None:
            return None
        if self.timeline.handle(*p):
            return None
        _fired, transition = self.hud.handle(*p)
        return transition

    # -- moving the cards --------------------------------------------------------------------------
    def _go(self, index: int) -> None:
        """Show the position after `index` moves: the line's next moves pushed, a position before this
        one rebuilt from the deal (either way exactly `replay.position(index)`; the cards fly there)."""
        index = min(max(0, index), len(self.replay))
        if index == self.index:
            return
        self.cancel_press()
        if index > self.index:
            moves = self.replay.moves[self.index : index]
            for move in moves:
                self.game.push(move)
            self.after_change(self.rules.move_sound(moves[0]) if len(moves) == 1 else None)
        else:
            one_back = index == self.index - 1
            self._set_game(self.replay.position(index))
            self.after_change("slide" if one_back else None, undo=True)
        self._shown()

    def _set_game(self, game: Game) -> None:
        """The table's game becomes `game` (a position of the same deal), with rules made for it."""
        self.game = game
        self.rules = rules_for(game)(self)
        self.rules.relayout(self.cards_size())
        self.rules.resized()

    def _shown(self) -> None:
        """What goes with the position shown: the buttons, the note and the better move at `start`, the
        end's line at the end."""
        self.sync_buttons()
        self._mark()
        self._say()

    def _say(self) -> None:
        """The note at `start`, the end's line at the end, else no line."""
        line = self.note if self.index == self.start and self.note else END_LINE if self.at_end else None
        if line is None:
            self.caption.hide()
            return
        shown, self.toast = self.toast, self.caption  # (show_message places the table's toast)
        try:
            self.show_message(line, FOREVER)
        finally:
            self.toast = shown

    def _mark(self) -> None:
        """The better move marked as a hint is, while the position it is for shows."""
        move = self.better
        if move is not None and self.index == self.start and self.game.status == "playing":
            legal: list = list(self.game.legal_moves())
            if move in legal:
                self.board.set_hint(*self.rules.hint_view(move))
                return
        self.board.set_hint(set())
