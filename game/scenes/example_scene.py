"""A worked example played on a live mini-table: the real board, cards, layouts and animations.

The example's script runs by itself, a step at a time: the cards it is about are pointed at (the
hint's glow and arrow), then the move is made, or refused with the table's own message, shake and
sound, and its caption shows with it, for as long as it takes to read: a caption tells of the table
as it is once its move is made, so the figures it names ("Score 20 after 3 moves") are the band's.
A step that moves nothing shows its caption at once. Next (or a tap on the table) goes on at once,
a pause waits for Continue, Replay starts again, and Back returns to the Help page. The top band
shows the counters of the game being played, like a table's.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

import pygame

from .. import registry
from ..context import ANIMATION_SCALE
from ..help import examples
from ..help.examples import Plan, Run, message_fields
from ..i18n import N_, language, tr
from ..model.cards import Card
from ..model.moves import PileKind
from ..ui import theme
from ..ui.design import RowForm, design_for
from ..ui.key_focus import KeyFocus
from ..ui.pointer import DOWN, UP, pointer
from ..ui.text import least_legible
from ..ui.toast import Toast
from ..view.board import Board, Target
from ..view.layout import TableLayout, hud_height, margin
from ..view.layouts import layout_for
from .base import Pop, Scene, Transition
from .example_paint import ExamplePainting
from .help_page import Page
from .help_scene import play_deal
from .scaled_widgets import ScaledButton, button_width

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

MOVE_TIME = 0.25
POINT_TIME = 0.8  # s the cards of a step glow before it is made
REPLAY_POINT = 0.2  # ... during a replay of a whole line
LINGER = 0.7  # s after a step before the next one
REPLAY_LINGER = 0.2


def read_time(text: str) -> float:
    """Seconds to read a caption before its step moves: more for a longer one."""
    letters = sum(1 for ch in text if not unicodedata.category(ch).startswith("M"))
    return min(9.0, 1.5 + 0.045 * letters)


class ExampleScene(ExamplePainting, Scene):
    """One example: a band with its counters, the mini-table, and the caption with its buttons."""

    is_help = True

    def __init__(self, ctx: Context, example: examples.Example) -> None:
        super().__init__(ctx)
        self.example = example
        self.size: tuple[int, int] = ctx.screen_size
        self.clock = 0.0
        self.toast = Toast(ctx.text)
        self.run = Run(example)
        self.layout: Any = self._make_layout()  # a TableLayout; _hint also reads its game's own piles
        self.board = Board(ctx.images, self.layout.card_size, ctx.settings.four_colour, ctx.settings.card_back)
        self.phase = "read"
        self.timer = 0.0
        self.caption_no: int | None = None
        self._reading = 0.0  # s to read the caption the step just made brought (0: it brought none)
        self.plan: Plan | None = None
        self._caption_page: Page | None = None
        self._shown: tuple | None = None
        self._full = True
        self._transition: Transition = None
        self.design = design_for(self.size)
        self.back = ScaledButton((0, 0, 1, 1), N_("Back"), ctx.text, self.close, style="ghost")
        self.deal = ScaledButton((0, 0, 1, 1), N_("Play this deal"), ctx.text, self.play_deal, style="ghost")
        # (a kiosk's visitor plays only the games and rule sets its administrator offers)
        self.deal.visible = example.deal is not None and ctx.allows(registry.kind_for_code(example.deal))
        self.next = ScaledButton((0, 0, 1, 1), N_("Next"), ctx.text, self.skip, style="primary")
        self.replay = ScaledButton((0, 0, 1, 1), N_("Replay"), ctx.text, self.restart, style="secondary")
        self.widgets = [self.back, self.deal, self.next, self.replay]
        self.key_focus = KeyFocus()  # Tab over the buttons (then the arrows), Enter presses

    # -- geometry ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self.resize(self.ctx.screen_size)
        self.restart()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        w, h = self.size
        self.design = design_for(self.size)
        self.body = self.design.type.body
        caption_h = max(124, int(h * 0.24))  # as _make_layout
        self.table_rect = pygame.Rect(0, 0, w, h - caption_h)
        self.panel = pygame.Rect(0, self.table_rect.bottom, w, caption_h)
        self.band = pygame.Rect(0, 0, w, hud_height(self.table_rect.size))
        self.layout = self._make_layout()
        self.board.set_look(self.ctx.settings.four_colour, self.ctx.settings.card_back)
        self.board.set_card_size(self.layout.card_size)
        self.board.set_background(self._background())
        self.board.finish()
        self.board.sync(self._targets(), duration=0)
        self._place_buttons()
        self._caption_page = None
        self._shown = None
        self._full = True

    def _make_layout(self) -> TableLayout:
        """The game's own table layout (the registry's), in the part of the window above the caption."""
        w, h = self.size
        table = (w, h - max(124, int(h * 0.24)))
        return layout_for(self.run.game, table)

    def invalidate(self, rects: list | None = None) -> None:
        """Repaint what an overlay (a question) left: all of it, or these parts."""
        if rects is None:
            self._full = True
            return
        for r in rects:
            self.board.invalidate(pygame.Rect(r).clip(self.table_rect))
        if any(pygame.Rect(r).colliderect(self.panel) for r in rects):
            self._shown = None  # the panel and the band are drawn again whole

    def _place_buttons(self) -> None:
        """The band's buttons and the caption's, their labels at the type scale's label size, each
        at least the class's target tall (on a band no taller than that, the whole band)."""
        m = margin(self.size)
        d = self.design
        size = d.type.label
        touch = max(d.target, theme.KIOSK_TOUCH if self.ctx.kiosk else 0)
        bh = max(touch, self.band.height - 2 * max(4, self.band.height // 10))
        y = max(0, (self.band.height - bh) // 2)
        self.band_form = self._band_form(bh)
        self.deal.label = N_("Play this deal") if self.band_form is RowForm.FULL else N_("Play")
        self.deal.invalidate()
        x = self.size[0] - m
        for b in (self.back, self.deal):
            b.set_size(size)
            if b.visible:
                bw = self._button_width(tr(b.label), bh)
                x -= bw
                b.rect = (x, y, bw, bh)
                x -= max(4, m // 2)
        self._counters_right = x - m
        bh = touch
        gap = max(6, self.body // 3)
        self.next.set_size(size)
        self.replay.set_size(size)
        bw = max(self._button_width(tr(label), bh) for label in ("Next", "Continue", "Replay"))
        x = self.panel.right - m - bw
        top = self.panel.centery - bh - gap // 2
        self.next.rect = (x, top, bw, bh)
        self.replay.rect = (x, top + bh + gap, bw, bh)
        self.text_rect = pygame.Rect(m * 2, self.panel.top + m, x - 4 * m, self.panel.height - 2 * m)

    def _band_form(self, height: int) -> RowForm:
        """FULL where the counters (every figure as wide as three digits) and the band's buttons with
        their whole words fit the class's narrowest window in this language; else COMPACT, where
        "Play this deal" is "Play"."""
        size = self.design.type.label
        counters = re.sub(r"\d+", "000", self.band_text())
        text = self.ctx.text.rendered_size(counters, least_legible(counters, size), True)[0]
        full = [text, *(self._button_width(tr(label), height) for label in self._band_labels())]
        return self.design.row_form(full, lambda least: least[0] - 3 * margin(least))

    def _band_labels(self) -> list[str]:
        """The band's buttons' labels in full form."""
        return ["Play this deal", "Back"] if self.deal.visible else ["Back"]

    def _button_width(self, label: str, height: int) -> int:
        """A button's width for its label at the type scale's label size."""
        size = least_legible(label, self.design.type.label)
        return button_width(size, height, self.ctx.text.rendered_size(label, size, True)[0])

    def _targets(self) -> dict[Card, Target]:
        return self.layout.place(self.run.game)

    def _rect(self, card: Card) -> pygame.Rect:
        return pygame.Rect(self._targets()[card].pos, self.layout.card_size)

    # -- the script --------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return ANIMATION_SCALE.get(self.ctx.settings.animation_speed, 1.0)

    def restart(self) -> None:
        """From the first step again, with the cards where the example starts."""
        run = Run(self.example)
        if self.layout is not None and not self.layout.fits(run.game):  # (another cell count)
            self.run = run
            self.resize(self.size)
        self.run = run
        self.caption_no = None
        self.toast.hide()
        self.board.set_hint(set())
        self.board.sync(self._targets(), duration=MOVE_TIME * self.speed)
        self._begin_step()

    def _begin_step(self) -> None:
        """Show the next step's caption and start reading it (or end the example)."""
        self.plan = self.run.plan()
        if self.plan is None and self.run.advance_part():
            self.board.sync(self._targets(), duration=MOVE_TIME * self.speed)
            self.plan = self.run.plan()
        if self.plan is None:
            self.phase, self.timer = "done", 0.0
            self._buttons_for_phase()
            return
        if self.plan.kind == "look":  # nothing moves: its caption at once, to be read
            self.phase = "read"
            self.timer = read_time(self.caption()) if self._show_caption(self.plan.step) else 0.0
        else:  # a move: its cards pointed at first; its caption comes with it (_act)
            self._point()
            self.phase = "point"
            self.timer = REPLAY_POINT if self.replaying else POINT_TIME
        self._buttons_for_phase()

    def _show_caption(self, step: examples.Step) -> bool:
        """Show the step's caption; whether it is a new one (to be read before the script goes on)."""
        if step.say is None or step.say == self.caption_no:
            return False
        self.caption_no = step.say
        self._caption_page = None
        self._reading = read_time(self.caption())
        return True

    def caption(self) -> str:
        if self.caption_no is None:
            return ""
        return examples.caption(self.example.id, self.caption_no, language())

    @property
    def step_plan(self) -> Plan:
        """The plan of the step under way: there is one in every phase but 'done'."""
        assert self.plan is not None, "no step under way"
        return self.plan

    @property
    def replaying(self) -> bool:
        return self.plan is not None and self.plan.step.do == "replay"

    def _point(self) -> None:
        """Light the cards the step is about, with an arrow to where they go."""
        step = self.step_plan.step
        plan: Plan | None = self.step_plan
        if step.do == "look":  # a pause may point at the move it waits for
            plan = self.run.next_line_plan() if step.args.get("point") else None
        if plan is None or plan.kind == "look":
            self.board.set_hint(set())
            return
        cards, marks, arrow = self._hint(plan)
        self.board.set_hint(cards, marks, arrow)

    def _hint(self, plan: Plan) -> tuple[set, list, tuple | None]:
        g = self.run.game
        if plan.kind == "draw":
            cards = {g.stock[-1]} | ({g.waste[-1]} if g.waste else set())
            return cards, [], (self._rect(g.stock[-1]).center, self.layout.waste.center)
        if plan.kind == "play":
            pile = g.columns[plan.column]
            card = pile[plan.row if plan.row is not None else -1]
            cards = {card} | ({g.waste[-1]} if g.waste else set())
            return cards, [], (self._rect(card).center, self.layout.waste.center)
        moving = [c for c in g.pile(plan.src) if c is not None][-plan.count :]
        dest = [c for c in g.pile(plan.dst) if c is not None]
        cards = set(moving) | ({dest[-1]} if dest else set())
        to = self._rect(dest[-1]) if dest else self.layout.slot_rect(plan.dst)
        start = self._rect(moving[0])
        start = pygame.Rect(start.x, start.y, start.width, self.layout.card_h // 3)
        return cards, ([] if dest else [self.layout.slot_rect(plan.dst)]), (start.center, to.center)

    def _act(self) -> None:
        """Make the step's move, or show the table's refusal; then sync the board."""
        plan, g = self.step_plan, self.run.game
        self.board.set_hint(set())
        status = g.status
        if plan.refused is not None:
            card = self._refused_card(plan)
            if card is not None:
                self.board.shake(card)
            self.ctx.audio.play("refuse", self.clock)
            args = plan.step.args
            self._message(args["message"], **message_fields(args))
        self.run.apply(plan)
        if not self._show_caption(plan.step):
            self._reading = 0.0
        if plan.refused is None and plan.kind != "look":
            sound = (
                "flip"
                if plan.kind == "draw"
                else "place"
                if plan.dst and plan.dst.kind is PileKind.FOUNDATION
                else "slide"
            )
            self.ctx.audio.play(sound, self.clock)
            self.board.sync(self._targets(), duration=MOVE_TIME * self.speed)
            if status == "playing" and g.status == "blocked":
                self._message("No more moves available")

    def _refused_card(self, plan: Plan) -> Card | None:
        g = self.run.game
        if plan.kind == "play":
            pile = g.columns[plan.column]
            return pile[plan.row if plan.row is not None else -1] if pile else None
        if plan.kind == "move":
            pile = [c for c in g.pile(plan.src) if c is not None]
            return pile[-plan.count] if pile else None
        return None

    def _message(self, key: str, **fmt: Any) -> None:
        size = self._message_size()
        rect = self.layout.message_box(self.run.game, size)
        self.toast.max_width = rect.width - 2 * size
        self.toast.font_size = size
        self.toast.show(key, rect.center, duration=3.0, **fmt)
        over = self.toast.rect.bottom - (self.table_rect.bottom - 2)
        if over > 0:
            self.toast.center = (rect.centerx, rect.centery - over)

    def _message_size(self) -> int:
        """As the table's: the layout class's heading size."""
        return design_for(self.size).type.heading

    # -- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition:
        self.clock += dt
        self.board.update(dt)
        self.toast.update(dt)
        if self.phase in ("done", "wait"):
            return None
        self.timer -= dt
        if self.timer > 0:
            return None
        if self.phase == "read":
            if self.step_plan.step.do == "look" and self.step_plan.step.args.get("wait"):
                self._point()
                self.phase = "wait"
                self._buttons_for_phase()
                return None
            self._point()
            self.phase, self.timer = "point", 0.0  # (only a step that moves nothing is read first)
        elif self.phase == "point":
            self._act()
            self.phase = "act"
        elif self.phase == "act" and not self.board.is_animating():
            self.phase = "linger"
            self.timer = max(REPLAY_LINGER if self.replaying else LINGER, self._reading)
        elif self.phase == "linger":
            self._begin_step()
        return None

    def skip(self) -> None:
        """Next: go on at once (a replay jumps to its end; a pause goes on)."""
        if self.phase == "done":
            return
        if self.replaying:
            step = self.step_plan.step
            while self.plan is not None and self.plan.step is step:
                self.board.set_hint(set())
                self.run.apply(self.plan)
                self.plan = self.run.plan()
            self.board.sync(self._targets(), duration=MOVE_TIME * self.speed)
            self.phase, self.timer = "act", 0.0
            return
        if self.phase in ("read", "wait"):
            self.phase, self.timer = "point", 0.0  # the step is made at the next update
            self._buttons_for_phase()
        elif self.phase == "point":
            self.timer = 0.0
        elif self.phase == "linger":
            self._begin_step()

    def _buttons_for_phase(self) -> None:
        done = self.phase == "done"
        label = "Continue" if self.phase == "wait" else "Next"
        if self.next.label != label:
            self.next.label = label
            self.next.invalidate()
        if self.next.visible == done:
            self.next.visible = not done
            self._full = True

    def is_animating(self) -> bool:
        return self.phase not in ("done", "wait") or self.board.is_animating() or self.toast.active

    def spare_work(self) -> bool:
        return self.board.spare_work()  # (its faces, once at rest)

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        self._transition = None
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return self._transition
        p = pointer(event, self.size)
        if p is None:
            return None
        self._pointer(*p)
        return self._transition

    def _key(self, event: pygame.event.Event) -> None:
        """Tab (and, once the focus shows, the keys it takes) moves the keyboard focus or presses
        its control; else Esc or Backspace closes, Space, Enter or the right arrow goes on, R
        starts again."""
        if (event.key == pygame.K_TAB or self.key_focus.shown) and self._focus_key(event):
            return
        action = {
            pygame.K_ESCAPE: self.close,
            pygame.K_BACKSPACE: self.close,
            pygame.K_SPACE: self.skip,
            pygame.K_RETURN: self.skip,
            pygame.K_RIGHT: self.skip,
            pygame.K_r: self.restart,
        }.get(event.key)
        if action is not None:
            action()

    def _focus_key(self, event: pygame.event.Event) -> bool:
        """A key for the keyboard focus (until Tab, the keys in _key are the scene's); whether it
        used it. Enter or Space on a control presses it."""
        used, point = self.key_focus.key(event, self.widgets)
        on = self.key_focus.focused(self.widgets)
        if point is not None and on is not None:
            on[0].handle(DOWN, point)
            on[0].handle(UP, point)
        return used

    def _pointer(self, kind: str, pos: tuple[int, int]) -> None:
        """The mouse or a finger: the buttons, else a tap on the table goes on, as Next does."""
        if kind == DOWN:
            self.key_focus.hide(self.widgets)  # a mouse or touch player: no keyboard focus
        for w in self.widgets:
            w.window = self.size  # (a button by the window's edge reaches it: Widget.hit_rect)
            if w.visible and w.handle(kind, pos):
                return
        if kind == DOWN and self.table_rect.collidepoint(pos) and not self.band.collidepoint(pos):
            self.skip()

    def close(self) -> None:
        self._transition = Pop()

    def play_deal(self) -> None:
        if self.example.deal is not None:
            self._transition = play_deal(self.ctx, self.example.deal, over_game=False)
