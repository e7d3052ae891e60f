"""The card table, one for every game: messages, taps and drag-and-drop, moves and sounds, the deal,
the band's counters and buttons.

A table scene holds one model game and that game's rules (table_contract.TableRules: Golf's in
golf_table.py, Eight Off's in eightoff_table.py), chosen by tables.py; a hole of a round of golf
also holds the round (round_table.RoundPlay). Input becomes model calls; after every model change
the board is synced to the layout's targets, so the cards (and undo) animate without special code.
Input is routed by table_input.py and recognised as gestures by game.ui.gesture; the frame is
painted by table_paint.py. Who moves the cards (the player, the demo, a rewind) is the assistant's
`driver`; whose game the table holds is its `seat` (seat.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import registry
from ..context import ANIMATION_SCALE
from ..i18n import N_, tr
from ..model import IllegalMove
from ..model.cards import Card
from ..model.moves import Hit, Move
from ..ui import theme
from ..ui.design import design_for
from ..ui.gesture import SETTLE_TIME, Gestures, Press
from ..ui.pointer import mouse_in_use
from ..ui.toast import Toast
from ..ui.widgets import Button
from ..view.backdrop import Backdrop, Canvas
from ..view.board import Board, Target
from ..view.layout import TableLayout
from .assist import Assistant, Driver
from .band_marks import deal_marks
from .band_tip import BandTip
from .base import Push, Replace, Scene, Transition
from .dead_end import DeadEndPulse
from .finish import Finisher
from .hud import TIME, Hud, Slot, play_time
from .kind_picker import kind_title, rules_title
from .leaderboard_offer import leaderboard_place
from .message_place import place_message
from .seat import Seat, saved_game_at_stake, take_over
from .table_contract import RoundControl, TableRules
from .table_deal import deal_landed, listed, prefetch_faces, skip_deal, start_deal
from .table_focus import TableFocus
from .table_hooks import par_of_game
from .table_input import TableInput
from .table_paint import (
    BandLayer,
    FloatingLayer,
    Layer,
    paint_layers,
    paint_slots,
    shared_background,
    slot_areas,
)
from .tips import first_run_tips
from .winnable_light import WinnableLight

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from ..model.course import GolfRound
    from ..persist.progress import Progress
    from .golf_best_line import BestFound

MOVE_TIME = 0.25
MESSAGE_TIME = 1.8  # s a message stays up (the toast's own default)

#: What makes a game's rules for a table (tables.py registers one per game).
RulesMaker = Callable[["TableScene"], TableRules]


class TableScene(Scene):
    """A table of any game: what the game says is its `rules`, what a round says its `round_play`."""

    def __init__(
        self,
        ctx: Context,
        game: SolitaireGame,
        rules: RulesMaker,
        resumed: dict | None = None,
        guaranteed: bool | None = None,
        demo: bool = False,
        round_play: RoundControl | None = None,
    ) -> None:
        super().__init__(ctx)
        self.game = game
        #: A hole of a round of golf: the round, its counters, its end and its Give up.
        self.round_play = round_play
        self.resumed = resumed
        #: Whether the deal is proven winnable: said by whoever dealt it, else the saved game, else
        #: whether its number is in the shipped deal list.
        self.guaranteed = guaranteed
        #: The date of the daily deal this game is ('2026-12-01'), None for any other deal.
        self.daily: str | None = None
        self.seat = Seat.WATCHED if demo else Seat.PLAYER  # `demo`: dealt to be watched
        self.size: tuple[int, int] = (int(ctx.screen_size[0]), int(ctx.screen_size[1]))
        self.rules: TableRules = rules(self)
        self.board = Board(ctx.images, self.layout.card_size, ctx.settings.four_colour, ctx.settings.card_back)
        self.toast = Toast(ctx.text)
        self.assist = Assistant(self, demo_due=demo)  # a watched deal's demo starts once the cards are down
        self.input = TableInput(self)
        self.gestures = Gestures(self.input.perform, double_tap=self.rules.DOUBLE_TAP)
        self.hud = self.make_band()
        if round_play is not None:  # in a round the band's New game gives the hole up
            self.hud.actions = [(N_("Give up"), *a[1:]) if a[1] == self.go_new_game else a for a in self.hud.actions]
        self.band_tip = BandTip(self.hud, ctx.text)  # an icon's name under it, for a mouse
        self.light = WinnableLight(self)
        if ctx.settings.winnable_light:  # the "still winnable?" mark at the end of the counters
            self.hud.light, self.hud.on_light = self.light, lambda: self.show_message(self.light.words())
        self.finisher = Finisher(self)  # the Finish button, when foundation moves alone end the game
        self.focus = TableFocus(self)  # keyboard play: the focus over the piles, and what Enter picked up
        self.pulse = DeadEndPulse(self)  # Undo and Hint draw the eye when no move is left
        #: What is drawn over the cards, bottom first: the band, then what floats under the message.
        self.layers: list[Layer] = [
            BandLayer(self.hud, lambda: tuple(self.hud_values())),
            self.pulse,
            *(FloatingLayer(piece) for piece in (self.finisher, self.focus.ring, self.band_tip, self.toast)),
        ]
        self.clock = 0.0  # simulation time, for double taps
        self.dealing = False
        self._started = False  # entered once: the deal is laid out
        self._full = True  # the next draw paints everything
        self._end_pending = False  # the game is over: the end overlay comes once the cards land
        self._ended = False  # the end overlay came for this end (until a move undoes it)
        self._placed = False  # a kiosk's leaderboard was offered this end (leaderboard_offer.py)
        #: The playable cards' glow waiting for the moved cards to land: (when, which cards).
        self._glow_due: tuple[float, set[Card]] | None = None
        self._par: tuple[int | None] | None = None  # the deal's par, once asked
        #: The game was taken over from a replay past its deal ("Play from here", replay_scene.py): it
        #: shows as it is, without a deal, and the moves before were not made at this table (they
        #: count as the demo's: a win is an assisted one).
        self.from_replay = False

    def make_band(self) -> Hud:
        """The top band and its buttons (a replay's table has its own: replay_scene.py)."""
        # on a narrow band Hint and Watch become icons first, then Undo and Redo (U+2BAA, U+2BAB)
        return Hud(
            self.ctx,
            [
                ("Menu", self.go_menu),
                ("?", self.show_help),
                ("New game", self.go_new_game),
                ("Redo", self.redo, "⮫", 2),
                ("Undo", self.undo, "⮪", 2),
                ("Hint", self.hint, "☞"),
                ("Watch", self.watch, "▶"),
            ],
            self.game.code,
            self.copy_code,
        )

    def cards_size(self) -> tuple[int, int]:
        """The window the cards are laid out in: the table's (a replay keeps a strip at its foot)."""
        return self.size

    @property
    def layout(self) -> TableLayout:
        """Where the game's cards go at this size (the rules' own layout)."""
        return self.rules.layout

    @property
    def round(self) -> GolfRound | None:
        """The round of golf this table plays a hole of, or None."""
        return None if self.round_play is None else self.round_play.round

    def targets(self) -> dict[Card, Target]:
        """Where every card goes now, from the model (the board's sprites tween there)."""
        return self.rules.targets()

    def slot_rects(self) -> list[pygame.Rect]:
        """The empty-pile outlines painted on the felt."""
        return self.layout.slots()

    def hit(self, pos: tuple[int, int]) -> Hit | None:
        """What a point falls on (the game's own names), or None."""
        return self.rules.hit(pos)

    def felt_marks(self, cards: list[pygame.Rect] | None = None, title: bool = True) -> list[pygame.Rect]:
        """What is printed on the felt and shows: the empty piles' outlines (not one under a card of
        `cards`, the cards where they are unless given), their framed groups, and the title."""
        under = {
            tuple(r)
            for r in (cards if cards is not None else (self.board.sprite_rect(s) for s in self.board.sprites.values()))
        }
        prints = [r for _img, r in self.board.prints] if title else []
        return [m for m in [*self.layout.slots(), *self.layout.slot_groups(), *prints] if tuple(m) not in under]

    def below_band(self) -> pygame.Rect:
        """The table below its top band: where an end panel goes (end_layout), the band's buttons
        left in reach."""
        top = self.hud.rect.bottom
        return pygame.Rect(0, top, self.size[0], self.size[1] - top)

    def target_rect(self, card: Card) -> pygame.Rect:
        """Where a card rests (or is flying to): hints point there, not at a card in mid-air."""
        return pygame.Rect(self.targets()[card].pos, self.layout.card_size)

    @property
    def buttons(self) -> list[Button]:
        return self.hud.buttons

    @property
    def code_button(self) -> Button | None:
        return self.hud.code_button

    @property
    def press(self) -> Press | None:
        """The pointer press in progress (and its drag), if any."""
        return self.gestures.press

    # -- settings and seat -------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return ANIMATION_SCALE.get(self.ctx.settings.animation_speed, 1.0)

    @property
    def interactive(self) -> bool:
        return bool(self.ctx.settings.interactive_rules)

    @property
    def watching(self) -> bool:
        """Whether the deal is one being watched, not the player's game."""
        return self.seat is not Seat.PLAYER

    @property
    def in_attract_mode(self) -> bool:
        return self.seat is Seat.ATTRACT

    @property
    def progress(self) -> Progress | None:
        """The saved game and statistics, or None while this table only shows a watched deal."""
        return None if self.watching else self.ctx.progress

    def taken_over(self) -> Transition:
        """The player takes a watched deal (see game.scenes.seat)."""
        return take_over(self)

    def sound(self, name: str) -> None:
        self.ctx.audio.play(name, self.clock)

    # -- scene life --------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self._started and self.round_play is not None:
            self.round_play.begin(self.progress, self.resumed, self.guaranteed)
        if not self._started:
            self._started = True
            if not self.watching:  # a watched deal (attract mode alternates games) leaves the menu be
                self.ctx.remember_game(self.game)
            if self.guaranteed is None:
                self.guaranteed = bool((self.resumed or {}).get("guaranteed")) or listed(self.game)
            if self.progress is not None:
                self.progress.begin(self.game, self.resumed, guaranteed=self.guaranteed, daily=self.daily)
                if self.from_replay and self.game.moves:
                    self.progress.changed(self.game, by_demo=True)
            self.resize(self.ctx.screen_size)
            if self.resumed is None and not self.from_replay:
                start_deal(self)
            else:  # a continued game (or one from a replay): the cards are where they were
                self.refresh(0)
                self.light.changed()
                if self.game.status != "playing":
                    self._end_pending = True
        self._full = True

    def exit(self) -> None:
        self.cancel_press()
        self.assist.close()
        self.light.close()
        if self.progress is not None:
            self.progress.leave()

    def resize(self, size: tuple[int, int]) -> None:
        self.cancel_press()
        kind = registry.kind_of(self.game)
        self.hud.title = kind_title(kind)  # (again after a language change)
        self.hud.title_lines = (tr(kind.name), rules_title(kind))
        self.hud.kind = kind  # (the band's title slot holds every rule set's name of the game)
        self.hud.marks = deal_marks(self.game, self.guaranteed, self.daily)  # its difficulty, or daily
        self.hud.slots = self.hud_slots()
        self.size = (int(size[0]), int(size[1]))
        self.rules.relayout(self.cards_size())
        self.gestures.card_w = self.layout.card_w
        self.board.set_look(self.ctx.settings.four_colour, self.ctx.settings.card_back)  # (again after Appearance)
        self.board.set_card_size(self.layout.card_size)
        self.hud.proven = bool(self.guaranteed)
        self.hud.layout(self.size)
        self.sync_buttons()
        key = (
            type(self.rules).__name__,
            self.size,
            tuple(map(tuple, self.slot_rects())),
            self.hud.rect.height,
            self.ctx.settings.table_colour,
        )
        self.board.set_background(shared_background(key, self.build_background))
        self.board.finish()
        self.board.sync(self.targets(), duration=0)
        prefetch_faces(self)
        self.assist.relayout()
        self.finisher.refresh()
        self.rules.resized()
        self._full = True

    def spare_work(self) -> bool:
        return self.board.spare_work() or self.assist.spare_work()

    def games_ahead(self) -> tuple[str, ...] | None:
        """A table starts only its own kind of game (N, New game deals its kind): the other game's
        code and deal lists, some 1.3 MiB, are read when the menu shows."""
        return (self.game.kind_id,)

    def invalidate(self, rects: list | None = None) -> None:
        if rects is None:
            self._full = True
        else:
            for r in rects:
                self.board.invalidate(r)

    def build_background(self) -> Backdrop:
        """Felt, the HUD band and the empty-pile outlines: painted once per size, the felt kept in
        8 bits and what is painted on it in patches (view/backdrop.py)."""

        def paint(canvas: Canvas) -> None:
            self.hud.paint_band(canvas)
            paint_slots(canvas, self.layout, self.ctx.images, self.ctx.text)

        areas = [self.hud.band_area(), *slot_areas(self.layout)]
        return Backdrop.painted(theme.felt_image(self.size, self.ctx.settings.table_colour), areas, paint)

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.pulse.heard(event)
        return self.input.handle(event)

    def cancel_press(self) -> None:
        """Forget the press in progress; dragged cards go back where the model says. Called before
        anything else changes the game or the screen (a key, a button, a second finger, a resize)."""
        self.gestures.cancel()
        self.focus.put_back()

    # -- actions -----------------------------------------------------------------------------------
    def attempt(self, move: Move, by_demo: bool = False) -> IllegalMove | None:
        """Push a move (the player's, or the demo's with `by_demo`): None when it was made, with its
        sound, the board and the save following; else the model's refusal, and nothing changed or
        said. The rules are checked once, by the model's push."""
        self.cancel_press()  # e.g. a move by the demo while a finger rests on the table
        try:
            self.game.push(move)
        except IllegalMove as exc:
            return exc
        self.after_change(self.rules.move_sound(move), False, by_demo)
        return None

    def make_move(self, move: Move, card: Card | None = None, by_demo: bool = False) -> bool:
        """Push a move; a refusal is explained (interactive rules on) with a shake of `card`."""
        refused = self.attempt(move, by_demo)
        if refused is not None:
            self.refuse(refused, card)
        return refused is None

    def apply(
        self,
        action: Callable[..., object],
        *args: object,
        sound: str = "place",
        undo: bool = False,
        by_demo: bool = False,
    ) -> bool:
        """Call a model action (undo; tests); on refusal explain it (interactive rules) and return
        False. `undo`: the action takes a move back; `by_demo`: the demo makes it."""
        self.cancel_press()  # e.g. Undo pressed with a second finger during a drag
        try:
            action(*args)
        except IllegalMove as exc:
            self.refuse(exc)
            return False
        self.after_change(sound, undo, by_demo)
        return True

    def refuse(self, refusal: IllegalMove | str, card: Card | None = None) -> None:
        """A refused move (the model's refusal, or a reason of the table's own such as a tap on a
        covered card): with interactive rules on, its message, a shake and a soft sound."""
        if isinstance(refusal, str):
            refusal = IllegalMove(refusal)
        said = self.rules.reason_message(refusal)
        if not self.interactive or said is None:
            return
        if card is not None:
            self.board.shake(card)
        self.sound("refuse")
        message, fields = said
        self.show_message(message, MESSAGE_TIME, **fields)

    def message_rect(self) -> pygame.Rect:
        """Where messages appear: the layout's free area, clear of the cards."""
        return self.layout.message_box(self.game, self.message_size())

    def message_size(self) -> int:
        """The messages' font size: the layout class's heading size (read across the table)."""
        return design_for(self.size).type.heading

    def show_message(self, message: str, duration: float = MESSAGE_TIME, **fmt: str | int) -> None:
        rect = self.message_rect()
        size = self.message_size()
        self.toast.max_width = rect.width - 2 * size  # a long message (Greek) shrinks or takes two lines
        self.toast.font_size = size
        centre = (rect.centerx, rect.centery - self.finisher.toast_lift())  # above the Finish button
        shown, clock = self.toast.center if self.toast.active else None, self.toast.clock
        self.toast.show(message, centre, duration, **fmt)
        w, h = self.layout.card_w, self.layout.card_h
        cards = [pygame.Rect(round(t.pos[0]), round(t.pos[1]), w, h) for t in self.targets().values()]
        # not the felt's title: it is printed where messages go
        place_message(
            self.toast,
            centre,
            pygame.Rect(2, 2, self.size[0] - 4, self.size[1] - 4),
            cards,
            self.felt_marks(cards, title=False),
        )
        if self.toast.center == shown:  # where the message up now is: it stays up, no fade in again
            self.toast.clock = min(clock, self.toast.FADE_IN)

    def sync_buttons(self) -> None:
        """The band's buttons that depend on the game: Redo is dimmed while there is nothing to redo."""
        redo = self.hud.button_for(self.redo)
        can = self.game.can_redo
        if redo is not None and redo.enabled != can:
            redo.enabled = can
            redo.dirty = True

    def after_change(self, sound: str | None = "place", undo: bool = False, by_demo: bool = False) -> None:
        self.rules.on_change()
        self.pulse.wake()
        self.sync_buttons()
        self.finisher.refresh()
        self.gestures.forget_tap()  # the game changed: a tap before it cannot start a double tap
        if sound:
            self.sound(sound)
        self.refresh()
        if self.game.status != "playing":
            self._end_pending = True
        else:
            self._ended = self._placed = False
        self.assist.changed(undo)
        self.light.changed(undo)
        if self.progress is not None:
            self.progress.changed(self.game, undo=undo, by_demo=by_demo)

    def refresh(self, duration: float | None = None) -> None:
        """Send every sprite where the model says it is now. The playable cards light up as the
        moved cards land (the moved ones lose their glow at once: they are repainted anyway), so the
        frame of a move does not also repaint every card whose glow changes."""
        d = MOVE_TIME * self.speed if duration is None else duration
        moved = self.board.sync(self.targets(), duration=d)
        show = self.ctx.settings.highlight_playable and not self.dealing
        glow = self.rules.glow_cards() if show else set()
        if moved and d > 0:
            self.board.set_glow(self.board.glowing - set(moved))
            self._glow_due = (self.clock + d, glow)
        else:
            self.board.set_glow(glow)
            self._glow_due = None
        self.board.set_marks([])
        self.rules.refreshed()

    # -- time and drawing --------------------------------------------------------------------------
    def update(self, dt: float) -> Transition:
        transition = self._advance(dt)
        self.rules.update(dt)
        self.pulse.update()
        if self.round_play is not None:
            self.round_play.update(self.dealing, self.show_message)
        return transition

    def _advance(self, dt: float) -> Transition:
        """A step of the table's own: the clock, the board, the deal, the tips, the assistant, the end."""
        self.clock += dt
        if self.progress is not None and self.ctx.in_view(self):  # not under a dialog or a hidden window
            self.progress.tick(dt)
        self.board.update(dt)
        if self._glow_due is not None and self.clock >= self._glow_due[0]:
            self.board.set_glow(self._glow_due[1])
            self._glow_due = None
        self.toast.update(dt)
        self.band_tip.update(dt, mouse_in_use())
        due = self.assist.driver is Driver.DEMO_DUE
        self.finisher.update(dt)
        if self.dealing and not self.board.is_animating():
            deal_landed(self, due)
        tips = first_run_tips(self)  # the first time this game opens: where to touch
        if tips is not None:
            return tips
        transition = None
        if due and not self.dealing and self.clock >= SETTLE_TIME:
            transition = self.assist.due_demo()
        assisted = self.assist.update(dt)
        self.light.update()
        if assisted is not None or transition is not None:
            return assisted or transition
        return self._end()

    def _end(self) -> Transition:
        """The end panel, once the game is over and its cards have landed (once per end)."""
        if self._end_pending and not self.board.is_animating() and self.press is None and self.rules.end_ready():
            if self.game.status != "playing" and not self._ended and not self._placed:
                self._placed = True  # a place on a kiosk's leaderboard first: the panel comes after
                initials = leaderboard_place(
                    self.ctx, self.game, self.progress, not self.watching and not self.round_play
                )
                if initials is not None:
                    return Push(initials)
            if not self.ctx.in_view(self):
                return None  # (the initials are being given)
            self._end_pending = False
            if self.game.status != "playing" and not self._ended:
                self._ended = True
                overlay = self.end_overlay()
                if overlay is not None:
                    return Push(overlay)
        return None

    def end_overlay(self) -> Scene | None:
        """The panel at the game's end, won or blocked (a round's hole has its own), as the game's
        rules choose. Their code loads ahead in spare time (game.read_ahead), not at start-up nor in
        the frame the game ends."""
        hole = self.round_play
        if hole is not None:
            from .round_end import RoundBlockedOverlay, RoundWinOverlay

            return self.rules.end_overlay(
                lambda: RoundWinOverlay(self.ctx, self, hole), lambda: RoundBlockedOverlay(self.ctx, self, hole)
            )
        from .end_screen import BlockedOverlay, WinOverlay

        return self.rules.end_overlay(lambda: WinOverlay(self.ctx, self), lambda: BlockedOverlay(self.ctx, self))

    def is_animating(self) -> bool:
        # (a verdict of the light that came in a frame with no input is drawn in that frame)
        return (
            self.board.is_animating()
            or self.toast.active
            or self.press is not None
            or self._glow_due is not None
            or self.band_tip.waiting
            or self._end_pending
            or self.assist.busy
            or self.finisher.busy
            or (self.hud.light is not None and self.light.dirty)
            or (self.ctx.in_view(self) and self.hud.stale(tuple(self.hud_values())))  # a new second
            or self.rules.is_animating()
            or self.pulse.pending
        )

    def draw(self, surface: pygame.Surface) -> list | None:
        full, self._full = self._full, False
        return paint_layers(surface, self.board, self.layers, full)

    # -- the band's counters and buttons ---------------------------------------------------------
    def hud_slots(self) -> list[Slot]:
        """The band's counters, left to right: the game's, then the time while the timer is shown."""
        return [*self.counter_slots(), *([TIME] if self.timer_shown else [])]

    def hud_values(self) -> list[str]:
        """What the band's slots show now, in the order of hud_slots."""
        return [*self.counter_values(), *([self.time_shown()] if self.timer_shown else [])]

    def counter_slots(self) -> list[Slot]:
        """The game's counters in the band (the same for every deal of the game; a round's own)."""
        if self.round_play is not None:
            return self.round_play.counter_slots()
        return self.rules.counter_slots()

    def counter_values(self) -> list[str]:
        if self.round_play is not None:
            return self.round_play.counter_values()
        return self.rules.counter_values()

    @property
    def timer_shown(self) -> bool:
        """Whether the band shows the play time: the player's setting, never on a kiosk (its players
        come and go; the time still counts for the statistics and the end screens)."""
        return bool(self.ctx.settings.show_timer) and not self.ctx.kiosk

    def time_shown(self) -> str:
        """The play time as the band shows it (0:42, 1:02:09), '—' while a deal is only watched."""
        return "—" if self.progress is None else play_time(self.progress.duration)

    # (the deal's par and best result, which the band and the end screens show)
    def best_found(self) -> BestFound | None:
        """The search for this deal's best result where the game has one (a round's hole is judged
        against its par, on the scorecard, not against its best)."""
        return None if self.round_play is not None else self.rules.best_found()

    def par(self) -> int | None:
        """The fewest moves known to win this deal from its start (a rated table's), or None."""
        if self._par is None:
            self._par = (par_of_game(self.game),)
        return self._par[0]

    # -- the buttons -------------------------------------------------------------------------------
    def undo(self) -> Transition:
        if self.game.status == "won":
            return None  # a win is final: the win screen offers New game and Menu
        if self.dealing:
            self.skip_deal()
        self.apply(self.game.pop, sound="slide", undo=True)
        return None

    def redo(self) -> Transition:
        """Make again the move the last undo took back: a move like any other (its sound, the move
        counter, the save), pushed through attempt."""
        if not self.game.can_redo:
            return None
        if self.dealing:
            self.skip_deal()
        self.attempt(self.game.redo_moves[0])
        return None

    def hint(self) -> Transition:
        """Light the card to move and where it goes, from the solver's winning line (or, on a lost
        position, the panel that says so)."""
        self.cancel_press()
        if self.dealing:
            self.skip_deal()
        return self.assist.hint()

    def watch(self) -> Transition:
        """The demo plays the rest of the game; any tap hands it back."""
        self.cancel_press()
        if self.dealing:
            self.skip_deal()
        return self.assist.watch()

    def copy_code(self) -> Transition:
        if self.ctx.kiosk:
            return None  # a kiosk has nowhere to paste it
        if self.game.code:
            self.ctx.clipboard_set(self.game.code)
            self.show_message("Deal code copied")
        return None

    def go_new_game(self) -> Transition:
        """A new deal; a game under way is only given up after the player confirms. In a round: give
        the hole up (after asking), or, once it has ended, its scorecard."""
        self.cancel_press()
        if self.round_play is not None:
            self.assist.forget()
            self.assist.stop(quiet=True, take_over=False)
            return self.round_play.give_up_asked()

        def deal() -> Transition:
            from .dealing import deal_new  # a new deal's module loads with the first one, not at start-up

            return deal_new(self.ctx, self.game.kind_id)

        self.assist.forget()  # no answer may start the demo under the dialog
        self.assist.stop(quiet=True, take_over=False)
        if self.watching:  # a watched deal: what is at stake is the saved game waiting for Continue
            at_stake = saved_game_at_stake(self.ctx)
            why = N_("The game you can continue will count as abandoned.")
        else:
            at_stake = self.game.status == "playing" and self.game.moves > 0
            why = N_("This game will count as abandoned.")
        if at_stake:
            from .dialog import ConfirmDialog  # (read ahead: read_ahead.SHARED)

            return Push(ConfirmDialog(self.ctx, N_("Start a new game?"), [why], N_("New game"), deal))
        return deal()

    def show_help(self) -> Transition:
        """The rules and examples of this game; Back returns to this table as it was."""
        self.cancel_press()
        return self.ctx.scenes.help(self)

    def go_menu(self) -> Transition:
        self.cancel_press()
        return Replace(self.ctx.scenes.menu())  # (its code loads when first shown: a --game start has none)

    # -- the deal (table_deal.py) -------------------------------------------------------------------
    def skip_deal(self) -> None:
        """Put every card of a deal in flight where it lands."""
        skip_deal(self)
