"""What every card table shares: the HUD, messages, the deal, taps and drag-and-drop, undo and sounds.

A table scene holds one model game. Input becomes model calls; after every model change the board
is synced to the layout's targets, so the cards (and undo) animate without special code. Subclasses
(Golf, Eight Off) say where cards go, what a point hits, what may be picked up, and what a tap or a
drop means.
"""
from __future__ import annotations

from typing import Any

import pygame

from ..context import ANIMATION_SCALE
from ..i18n import N_, tr
from ..model import IllegalMove
from ..model.cards import Card
from ..ui import theme
from ..ui.pointer import DOWN, MOVE, UP, pointer, pointer_id
from ..ui.toast import Toast
from ..ui.widgets import Button
from ..view.board import Board, Target
from .assist import Assistant
from .base import Push, Replace, Scene, Transition
from .hud import Hud

DRAG_THRESHOLD = 8  # px a press must travel before it becomes a drag
DOUBLE_TIME = 0.4   # s between the taps of a double tap
STILL_TIME = 1.0    # s a dragging finger must rest before another finger may take over
SETTLE_TIME = 0.3   # s after a table appears in which a press is not taken (a double click's second half)
MOVE_TIME = 0.25
_BACKGROUNDS: dict[tuple, pygame.Surface] = {}
DEAL_TIME = 1.5


class TableScene(Scene):
    """Base for the Golf and Eight Off tables."""

    #: Whether two quick taps on one spot make one double-tap gesture (Eight Off). When False (Golf),
    #: they are two taps: tapping a column twice plays two cards.
    DOUBLE_TAP = False
    #: Set by attract mode: the demo plays here under its banner (no message of its own, no win panel).
    attract = False

    def __init__(self, ctx: Any, game: Any, resumed: dict | None = None, guaranteed: bool | None = None,
                 demo: bool = False) -> None:
        super().__init__(ctx)
        self.game = game
        self.resumed = resumed
        #: Whether the deal is proven winnable: said by whoever dealt it, else the saved game, else
        #: whether its number is in the shipped table of winnable deals.
        self.guaranteed = guaranteed
        self.demo_deal = demo  # a deal dealt to be watched: the demo starts once the cards are down
        #: A watched deal is not the player's game: it is neither saved nor counted (and the saved game
        #: waits untouched for Continue) until the player takes it over.
        self.watching = demo
        self.layout: Any = None
        self.board: Board | None = None
        self.toast = Toast(ctx.text)
        self.assist = Assistant(self)
        self.hud = Hud(ctx, [("Menu", self.go_menu), ("New game", self.go_new_game), ("Undo", self.undo),
                             ("Hint", self.hint, "?"), ("Watch", self.watch, "▶")],
                       game.code, self.copy_code)
        self.size = (0, 0)
        self._full = True
        self.dealing = False
        self.press: dict | None = None  # the pointer press in progress (and its drag)
        self.clock = 0.0  # simulation time, for double taps
        self._end_pending = False
        self._ended = False
        self._undoing = False
        self._last_tap: tuple | None = None  # (clock, pos, hit) of a tap that may become a double
        self._transition: Transition = None  # what the event being handled leads to

    # -- what subclasses provide -------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def targets(self) -> dict[Card, Target]:  # pragma: no cover - abstract
        raise NotImplementedError

    def hit(self, pos: tuple[int, int]) -> tuple | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def pick(self, hit: tuple) -> list[Card]:
        """The cards a press on `hit` may drag (empty: none)."""
        return []

    def on_tap(self, hit: tuple | None, double: bool = False) -> None:
        """A tap (press and release without moving). With DOUBLE_TAP, a second tap on the same spot
        soon after comes as double=True with the FIRST tap's hit, whatever the first tap did."""

    def on_lift(self, cards: list[Card]) -> None:
        """A drag of these cards has begun (light up where they may go)."""

    def on_drop(self, cards: list[Card], pos: tuple[int, int]) -> None:
        """Dragged cards released at pos; call the model or let them fly back."""

    def deal_start(self) -> dict[Card, Target]:
        """Where the cards wait before the deal animation (default: where they end)."""
        return self.targets()

    def deal_order(self) -> list[Card]:
        return list(self.targets())

    def glow_cards(self) -> set[Card]:
        return set()

    def hud_values(self) -> list[str]:
        return [tr("Score: {n}", n=self.game.score), tr("Moves: {n}", n=self.game.moves)] + self.deal_note()

    def deal_note(self) -> list[str]:
        """The HUD's word on the deal: proven winnable, or none."""
        return [tr("Winnable deal")] if self.guaranteed and self.hud.roomy else []

    def target_rect(self, card: Card) -> pygame.Rect:
        """Where a card rests (or is flying to): hints point there, not at a card in mid-air."""
        return pygame.Rect(self.targets()[card].pos, self.layout.card_size)

    def hint_view(self, move: Any) -> tuple[set[Card], list[pygame.Rect], tuple | None]:
        """How to show a hint for a solver move: the cards to light, the empty piles to mark, and the
        arrow (from, to)."""
        raise NotImplementedError  # pragma: no cover

    def describe_move(self, index: int, move: Any) -> str:
        """The move at line index `index` in words ("7♠"), for "the win was lost at move n"."""
        raise NotImplementedError  # pragma: no cover

    def move_sound(self, move: Any) -> str:
        return "slide"

    def end_overlay(self) -> Scene | None:
        """The overlay to show once the game is over (after the cards land), or None."""
        return None

    def end_ready(self) -> bool:
        """Whether the end overlay may come now (Golf waits a moment for "where did I lose it")."""
        return True

    def deal_kind(self) -> tuple[str, Any]:
        """(game, option) for a new deal like this one."""
        raise NotImplementedError  # pragma: no cover

    @property
    def buttons(self) -> list[Button]:
        return self.hud.buttons

    @property
    def code_button(self) -> Button | None:
        return self.hud.code_button

    # -- settings ----------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return ANIMATION_SCALE.get(self.ctx.settings.animation_speed, 1.0)

    @property
    def interactive(self) -> bool:
        return bool(self.ctx.settings.interactive_rules)

    @property
    def progress(self) -> Any:
        """The saved game and statistics, or None while this table only shows a watched deal."""
        return None if self.watching else self.ctx.progress

    def taken_over(self) -> None:
        """The player stopped the demo of a watched deal: from now on the game is theirs, saved and
        counted (as assisted if they move: the demo has moved in it). A saved game with moves made is
        only given up for it after the player agrees; until then this deal stays a watched one."""
        if not self.watching or self.ctx.progress is None or self.game.status != "playing":
            return
        self.demo_deal = False
        self.assist.forget()
        saved = self.ctx.progress.saved()
        if saved is not None and saved[0].status == "playing" and saved[0].moves > 0:
            from .dialog import ConfirmDialog
            self._transition = Push(ConfirmDialog(
                self.ctx, N_("Play this deal?"), [N_("The game you can continue will count as abandoned.")],
                N_("Play this deal"), self._adopt, on_no=self.assist.watch))  # no: the demo goes on
        else:
            self._adopt()

    def _adopt(self) -> None:
        self.watching = False
        self.ctx.remember_game(self.game)
        self.ctx.progress.begin(self.game, None, guaranteed=self.guaranteed)
        if self.game.moves > 0:  # the demo has moved in it: a win will be an assisted one
            self.ctx.progress.changed(self.game, by_demo=True)

    def sound(self, name: str) -> None:
        self.ctx.audio.play(name, self.clock)

    # -- scene life --------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.board is None:
            if not self.watching:  # a watched deal (attract mode alternates games) leaves the menu be
                self.ctx.remember_game(self.game)
            if self.guaranteed is None:
                self.guaranteed = bool((self.resumed or {}).get("guaranteed")) or _listed(self.game)
            if self.progress is not None:
                self.progress.begin(self.game, self.resumed, guaranteed=self.guaranteed)
            self.resize(self.ctx.screen_size)
            if self.resumed is None:
                self.start_deal()
            else:  # a continued game: the cards are where they were
                self.refresh(0)
                if self.game.status != "playing":
                    self._end_pending = True
        self._full = True

    def exit(self) -> None:
        self.cancel_press()
        self.assist.close()
        if self.progress is not None:
            self.progress.leave()

    def resize(self, size: tuple[int, int]) -> None:
        self.cancel_press()
        self.size = tuple(size)
        self.layout = self.make_layout(self.size)
        card_size = self.layout.card_size
        if self.board is None:
            self.board = Board(self.ctx.images, card_size, self.ctx.settings.four_colour)
        else:
            self.board.set_card_size(card_size)
        self.hud.proven = bool(self.guaranteed)
        self.hud.layout(self.size)
        self.board.set_background(self._background())
        self.board.finish()
        self.board.sync(self.targets(), duration=0)
        self.assist.relayout()
        self._full = True

    def invalidate(self, rects: list | None = None) -> None:
        if rects is None:
            self._full = True
        elif self.board is not None:
            for r in rects:
                self.board.invalidate(r)

    def _background(self) -> pygame.Surface:
        """The static table, shared by every table of the same kind and size: a new deal reuses it
        instead of allocating another full-screen surface (which fragments memory on a long run)."""
        key = (type(self).__name__, self.size, tuple(map(tuple, self.slot_rects())), self.hud.rect.height)
        bg = _BACKGROUNDS.get(key)
        if bg is None:
            _BACKGROUNDS.clear()  # one size at a time
            bg = _BACKGROUNDS[key] = self.build_background()
        return bg

    def build_background(self) -> pygame.Surface:
        """Felt, the HUD band and the empty-pile outlines: painted once per size."""
        bg = theme.felt(self.size)
        self.hud.paint_band(bg)
        for rect in self.slot_rects():
            bg.blit(self.ctx.images.slot(self.layout.card_w), rect)
        return bg

    def slot_rects(self) -> list[pygame.Rect]:
        return []

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        self._transition: Transition = None
        if event.type == pygame.KEYDOWN:
            leaving = event.key == pygame.K_ESCAPE
            acts = leaving or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
            if self.assist.stop(quiet=acts, take_over=not leaving) and not acts:
                return self._transition  # a key during the demo only hands the game back
            if self._transition is not None:
                return self._transition  # taking over a watched deal asks first
            if self.watching and not leaving:
                self.taken_over()  # a key on a watched deal before the demo moved: it is the player's
                return self._transition
            self._key(event)
            return self._transition
        p = pointer(event, self.size)
        if p is None:
            return None
        kind, pos = p
        who = pointer_id(event)
        on_band = self.hud.rect.collidepoint(pos)
        if kind == DOWN and on_band and self.assist.playing:
            self.assist.stop(quiet=True, take_over=False)  # a button of the band stops the demo and
            # does its own job (Menu leaves, Undo undoes); a watched deal stays a watched one
        elif kind == DOWN and self.assist.stop():
            return self._transition  # any touch stops the demo (or a rewind) and hands the game back
        if kind == DOWN and self.watching and not on_band:
            self.taken_over()  # a watched deal touched before the demo moved: it is the player's now
            return self._transition
        if self.press is not None and who != self.press["who"]:
            if not self._may_take_over(kind):
                return None  # another finger while one drags: the drag goes on undisturbed
            if not self.press["dragging"]:
                self._release(self.press["pos"])  # overlapping taps of two fingers: both count
        if self.hud.handle(kind, pos) or (kind == DOWN and self.hud.rect.collidepoint(pos)):
            return self._transition  # the band's buttons, never a press on the table
        if kind == DOWN and (self.dealing or self.clock < SETTLE_TIME):
            self.skip_deal()  # a tap finishes the deal at once and does nothing else; the second
            return self._transition  # click of a double click that opened this table is lost too
        if kind == DOWN:
            self._press(pos, who)
        elif kind == MOVE and self.press:
            if who == "mouse" and self.press["dragging"] and not getattr(event, "buttons", (1,))[0]:
                self._release(pos)  # the button came up outside the window: SDL lost the release
            else:
                self._move(pos)
        elif kind == UP and self.press:
            self._release(pos)
        return self._transition

    def _may_take_over(self, kind: str) -> bool:
        """A new finger replaces a press that is not a drag, or a drag whose finger has rested long
        (its lift may have been lost); it never steers someone else's drag."""
        press = self.press
        return kind == DOWN and (not press["dragging"] or self.clock - press["moved"] > STILL_TIME)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL  # each action below ends a drag in progress first
        if event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_n and not ctrl:
            self.go_new_game()
        elif event.key == pygame.K_ESCAPE:
            self.go_menu()
        elif event.key == pygame.K_c and ctrl:
            self.copy_code()
        elif event.key == pygame.K_h and not ctrl:
            self.hint()

    def cancel_press(self) -> None:
        """Forget the press in progress; dragged cards go back where the model says. Called before
        anything else changes the game or the screen (a key, a button, a second finger, a resize)."""
        if self.press is None:
            return
        dragging = self.press["dragging"]
        self.press = None
        self._last_tap = None
        if dragging and self.board is not None:
            self.board.drop_all()
            self.refresh()

    def _press(self, pos: tuple[int, int], who: object = "mouse") -> None:
        last = self._last_tap
        self.cancel_press()  # a finger taking over: the press it replaces ends
        self._last_tap = last
        hit = self.hit(pos)
        cards = self.pick(hit) if hit else []
        origin = [self.board.sprites[c].pos for c in cards]
        self.press = {"pos": pos, "hit": hit, "cards": cards, "origin": origin, "dragging": False,
                      "who": who, "moved": self.clock}

    def _move(self, pos: tuple[int, int]) -> None:
        press = self.press
        press["moved"] = self.clock
        dx, dy = pos[0] - press["pos"][0], pos[1] - press["pos"][1]
        if not press["dragging"]:
            threshold = max(DRAG_THRESHOLD, self.layout.card_w // 7)  # a finger's wobble is no drag
            if not press["cards"] or dx * dx + dy * dy < threshold ** 2:
                return
            press["dragging"] = True
            self._last_tap = None
            self.board.lift(press["cards"])
            self.on_lift(press["cards"])
        self.board.drag_to(press["cards"], [(x + dx, y + dy) for x, y in press["origin"]])

    def _release(self, pos: tuple[int, int]) -> None:
        if not self.press["dragging"]:
            self._move(pos)  # a lift far from its press is a drag, even with no motion in between
            # (a single-touch screen may send only down and up)
        press, self.press = self.press, None
        if press["dragging"]:
            self.board.drop_all()
            self.on_drop(press["cards"], self.drop_point(press["cards"]))
            self.refresh()
        else:
            self._tap(pos, press["hit"])

    def _tap(self, pos: tuple[int, int], hit: tuple | None) -> None:
        last, self._last_tap = self._last_tap, None
        if self.DOUBLE_TAP and last is not None and self.clock - last[0] <= DOUBLE_TIME \
                and _same_pile(hit, last[2]):
            reach = max(3 * DRAG_THRESHOLD, self.layout.card_w // 2)
            if (pos[0] - last[1][0]) ** 2 + (pos[1] - last[1][1]) ** 2 <= reach ** 2:
                self.on_tap(last[2], double=True)
                return
        self.on_tap(hit)
        self._last_tap = (self.clock, pos, hit)  # after the tap's own move, which forgets older taps

    def drop_point(self, cards: list[Card]) -> tuple[int, int]:
        """Where a dragged group counts as dropped: the centre of its first card."""
        return self.board.sprite_rect(self.board.sprites[cards[0]]).center

    # -- actions -----------------------------------------------------------------------------------
    def apply(self, action, *args, sound: str = "place") -> bool:
        """Call a model action; on refusal explain it (interactive rules) and return False."""
        self.cancel_press()  # e.g. Undo pressed with a second finger during a drag
        try:
            action(*args)
        except IllegalMove as exc:
            self.refuse(exc.reason)
            return False
        self.after_change(sound)
        return True

    def refuse(self, reason: str, card: Card | None = None, **fmt: Any) -> None:
        """A refused move: with interactive rules on, the reason, a shake and a soft sound."""
        message = self.reason_message(reason)
        if not self.interactive or message is None:
            return
        if card is not None:
            self.board.shake(card)
        self.sound("refuse")
        self.show_message(message, **fmt)

    def reason_message(self, reason: str) -> str | None:
        return None

    def message_rect(self) -> pygame.Rect:
        """Where messages appear: the layout's free area, else low in the middle."""
        rect = getattr(self.layout, "message", None)
        if rect is not None:
            return rect
        w, h = self.size
        return pygame.Rect(w // 4, h - max(60, h // 6), w // 2, max(40, h // 10))

    def message_size(self) -> int:
        """The messages' font size: in step with the cards."""
        return max(18, int(self.layout.card_h * 0.2))

    def show_message(self, message: str, **fmt: Any) -> None:
        rect = self.message_rect()
        size = self.message_size()
        self.toast.max_width = rect.width - 2 * size  # a long message (Greek) shrinks or takes two lines
        self.toast.font_size = size
        self.toast.show(message, rect.center, **fmt)
        over = self.toast.rect.bottom - (self.size[1] - 2)
        if over > 0:  # two lines near the bottom edge: lift it so all of it shows
            self.toast.center = (rect.centerx, rect.centery - over)

    def after_change(self, sound: str | None = "place") -> None:
        self._last_tap = None  # the game changed: a tap before it cannot start a double tap
        if sound:
            self.sound(sound)
        self.refresh()
        if self.game.status != "playing":
            self._end_pending = True
        else:
            self._ended = False
        self.assist.changed(self._undoing)
        if self.progress is not None:
            self.progress.changed(self.game, undo=self._undoing, by_demo=self.assist.acting)

    def refresh(self, duration: float | None = None) -> None:
        """Send every sprite where the model says it is now."""
        d = MOVE_TIME * self.speed if duration is None else duration
        self.board.sync(self.targets(), duration=d)
        show = self.ctx.settings.highlight_playable and not self.dealing
        self.board.set_glow(self.glow_cards() if show else set())
        self.board.set_marks([])

    def undo(self) -> None:
        if self.game.status == "won":
            return  # a win is final: the win screen offers New game and Menu
        if self.dealing:
            self.skip_deal()
        self._undoing = True
        try:
            if self.apply(self.game.undo, sound="slide"):
                self._ended = False
        finally:
            self._undoing = False

    def hint(self) -> None:
        """Light the card to move and where it goes, from the solver's winning line."""
        self.cancel_press()
        if self.dealing:
            self.skip_deal()
        self.assist.hint()

    def watch(self) -> None:
        """The demo plays the rest of the game; any tap hands it back."""
        self.cancel_press()
        if self.dealing:
            self.skip_deal()
        self.assist.watch()

    def copy_code(self) -> None:
        if self.ctx.kiosk:
            return  # a kiosk has nowhere to paste it
        if self.game.code:
            self.ctx.clipboard_set(self.game.code)
            self.show_message("Deal code copied")

    def go_new_game(self) -> None:
        """A new deal; a game under way is only given up after the player confirms."""
        self.cancel_press()
        def deal() -> Transition:
            from .dealing import deal_new
            return deal_new(self.ctx, *self.deal_kind())

        self.assist.forget()  # no answer may start the demo under the dialog
        self.assist.stop(quiet=True, take_over=False)
        if self.watching:  # a watched deal: what is at stake is the saved game waiting for Continue
            saved = self.ctx.progress.saved() if self.ctx.progress is not None else None
            at_stake = saved is not None and saved[0].status == "playing" and saved[0].moves > 0
            why = N_("The game you can continue will count as abandoned.")
        else:
            at_stake = self.game.status == "playing" and self.game.moves > 0
            why = N_("This game will count as abandoned.")
        if at_stake:
            from .dialog import ConfirmDialog
            self._transition = Push(ConfirmDialog(self.ctx, N_("Start a new game?"), [why], N_("New game"), deal))
        else:
            self._transition = deal()

    def go_menu(self) -> None:
        self.cancel_press()
        from .menu import MenuScene
        self._transition = Replace(MenuScene(self.ctx))

    # -- the deal ----------------------------------------------------------------------------------
    def start_deal(self) -> None:
        self.board.sync(self.deal_start(), duration=0)
        if self.speed == 0:
            self.refresh(0)
            return
        self.dealing = True
        order = self.deal_order()
        stagger = (DEAL_TIME - 0.3) * self.speed / max(1, len(order))
        self.board.sync(self.targets(), duration=0.3 * self.speed, stagger=stagger, order=order,
                        on_land=lambda card: self.sound("deal"))

    def skip_deal(self) -> None:
        if not self.dealing:
            return
        self.board.finish()
        self.dealing = False
        self.refresh(0)

    # -- time and drawing --------------------------------------------------------------------------
    def update(self, dt: float) -> Transition:
        self.clock += dt
        if self.progress is not None:
            self.progress.tick(dt)
        self.board.update(dt)
        self.toast.update(dt)
        if self.dealing and not self.board.is_animating():
            self.dealing = False
            self.refresh()
            if self.guaranteed and not self.demo_deal:
                self.show_message(N_("Winnable deal"))  # in words once, where the HUD has only a ✓
        if self.demo_deal and not self.dealing and self.clock >= SETTLE_TIME:
            self.demo_deal = False
            self.assist.watch()
        assisted = self.assist.update(dt)
        if assisted is not None:
            return assisted
        if self._end_pending and not self.board.is_animating() and self.press is None and self.end_ready():
            self._end_pending = False
            if self.game.status != "playing" and not self._ended:
                self._ended = True
                overlay = self.end_overlay()
                if overlay is not None:
                    return Push(overlay)
        return None

    def is_animating(self) -> bool:
        return (self.board.is_animating() or self.toast.active or self.press is not None
                or self._end_pending or self.assist.busy or self.demo_deal)

    def draw(self, surface: pygame.Surface) -> list | None:
        values = tuple(self.hud_values())
        for rect in self.hud.changed(values):
            self.board.invalidate(rect)
        toast_rect = self.toast.dirty_rect()
        if toast_rect is not None:
            self.board.invalidate(toast_rect)
        if self._full:
            self.board.invalidate()
        dirty = self.board.draw(surface)
        full = dirty is None
        self._full = False
        rects = [] if full else dirty
        # the band's buttons and the message are translucent and painted whole: where a change
        # touches one, restore all of it first (with any card under it), or their fills pile up
        layers = [self.hud.rect] + ([self.toast.rect] if self.toast.active else [])
        touched = [layer for layer in layers if not full and layer.collidelist(rects) != -1
                   and not any(r.contains(layer) for r in rects)]  # (already restored whole: not twice)
        if touched:
            for layer in touched:
                self.board.invalidate(layer)
            rects += self.board.draw(surface) or []
        if full or any(r.colliderect(self.hud.rect) for r in rects):
            self.hud.draw(surface, values)
            if not full:
                rects.append(self.hud.rect)
        if toast_rect is not None or (self.toast.active and (full or self.toast.rect.collidelist(rects) != -1)):
            r = self.toast.draw(surface)  # also when it has just faded out: it forgets its old place
            if r is not None and not full:
                rects.append(r)
        return None if full else rects


def arrow_between(start: pygame.Rect, end: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """A hint's arrow from one card to another: it leaves the first card's middle and stops short of
    the second's, so its head never hides the card it points at."""
    (x0, y0), (x1, y1) = start.center, end.center
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    short = min(length * 0.4, end.height * 0.42)
    return (x0, y0), (int(x1 - dx / length * short), int(y1 - dy / length * short))


def _listed(game: Any) -> bool:
    """Whether the game's deal is in the shipped table of proven-winnable deals."""
    if not game.code:
        return False
    from ..model.codes import parse_code
    from ..solver import deals

    return deals.is_listed(deals.kind_of(game), parse_code(game.code).number)


def _same_pile(a: tuple | None, b: tuple | None) -> bool:
    """Whether two hits fall on the same pile (a column's cards, a cell, a foundation)."""
    return a is not None and b is not None and a[:2] == b[:2]
