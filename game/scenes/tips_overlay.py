"""The first-run tips' overlay (game/scenes/tips.py says when they show): each tip a short text in a
box beside what it points at, the rest of the table dimmed; a tap anywhere shows the next."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from ..help.content import Block
from ..i18n import N_, tr
from ..ui import theme
from ..ui.design import design_for
from ..ui.pointer import UP, mouse_in_use, pointer
from ..view.dirty_rects import minus
from ..view.eightoff_layout import EightOffLayout
from ..view.golf_layout import GolfLayout
from .base import Pop, Scene, Transition
from .help_page import Page, body_size

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from ..ui.toast import Toast
    from ..view.layout import TableLayout
    from .hud import Hud


HELP_TIP = N_("Help shows the rules, examples played on a table, and answers to questions.")


class TipTable(Protocol):
    """What the tips point at on a table: its layout, its game's piles, the band's Help button."""

    game: SolitaireGame
    hud: Hud
    toast: Toast  # the table's message ("Winnable deal" as the cards land): a tip keeps clear of it

    @property
    def layout(self) -> TableLayout: ...
    def show_help(self) -> Transition: ...
    def invalidate(self, rects: list[pygame.Rect] | None = None) -> None: ...


def _golf(table: TipTable) -> GolfLayout:
    """The layout of a Golf table (only Golf's tips ask it)."""
    lay = table.layout
    assert isinstance(lay, GolfLayout)
    return lay


def _eightoff(table: TipTable) -> EightOffLayout:
    """The layout of an Eight Off table (only Eight Off's tips ask it)."""
    lay = table.layout
    assert isinstance(lay, EightOffLayout)
    return lay


def _free_cards(table: TipTable) -> pygame.Rect:
    lay, cols = _golf(table), table.game.columns
    rects = [lay.card_rect(c, len(p) - 1, len(p)) for c, p in enumerate(cols) if p]
    return rects[0].unionall(rects[1:]) if rects else lay.columns[0]


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    return rects[0].unionall(rects[1:])


def _help_button(table: TipTable) -> pygame.Rect:
    button = table.hud.button_for(table.show_help)  # its word or its "?"
    return pygame.Rect(button.rect) if button is not None else table.hud.rect


#: A tip's words for a player with a mouse, where they say "tap" (the footer says "click" then too).
CLICK_WORDS = {
    "Tap a free card, the last of its column, when it is one rank above or below the waste's card.": N_(
        "Click a free card, the last of its column, when it is one rank above or below the waste's card."
    ),
    "No card fits? Tap the stock: its next card goes onto the waste.": N_(
        "No card fits? Click the stock: its next card goes onto the waste."
    ),
}

#: Per game: (text, where it points) for each of its three tips.
TIPS: dict[str, list[tuple[str, Callable[[TipTable], pygame.Rect]]]] = {
    "golf": [
        (
            N_("Tap a free card, the last of its column, when it is one rank above or below the waste's card."),
            _free_cards,
        ),
        (N_("No card fits? Tap the stock: its next card goes onto the waste."), lambda t: _golf(t).stock),
        (HELP_TIP, _help_button),
    ],
    "eightoff": [
        (
            N_(
                "Build each suit here from Ace to King. In the columns a card goes on the next higher card of its suit."
            ),
            lambda t: _union(_eightoff(t).foundations),
        ),
        (
            N_("A free cell holds one card. Free cells and empty columns let you move a run of cards at once."),
            lambda t: _union(_eightoff(t).cells),
        ),
        (HELP_TIP, _help_button),
    ],
}


class TipsOverlay(Scene):
    """The tips of one game in turn: the table dimmed, the place ringed, a bubble with an arrow."""

    overlay = True
    dim_alpha = 90

    def __init__(
        self, ctx: Context, table: TipTable, tips: list[tuple[str, Callable[[TipTable], pygame.Rect]]]
    ) -> None:
        super().__init__(ctx)
        self.table = table
        self.tips = tips
        self.index = 0
        w, h = ctx.screen_size
        self.size = (w, h)
        self._full = True
        self._beneath: list[pygame.Rect] = []
        self._parts: list[tuple[pygame.Surface, pygame.Rect]] = []

    @property
    def text(self) -> str:
        words = self.tips[self.index][0]
        return CLICK_WORDS.get(words, words) if mouse_in_use() else words

    def enter(self) -> None:
        self.resize(self.ctx.screen_size)

    def exit(self) -> None:
        seen = dict(self.ctx.settings.tips_seen)
        seen[self.table.game.GAME_ID] = True  # shown once: never again, however it was left
        self.ctx.settings.tips_seen = seen
        self.ctx.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self._parts = self._render()
        self._full = True

    def target(self) -> pygame.Rect:
        return pygame.Rect(self.tips[self.index][1](self.table))

    def _render(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The ring round the target, the bubble and its arrow, each with where it goes."""
        w, h = self.size
        scale = theme.scale_for(self.size)
        body = body_size(scale)
        target = self.target().inflate(8, 8).clip(pygame.Rect(0, 0, w, h))
        ring = pygame.Surface(target.size, pygame.SRCALPHA)
        pygame.draw.rect(ring, theme.GOLD, ring.get_rect(), width=max(3, body // 6), border_radius=max(6, body // 3))
        pad = body
        gap = max(16, body) if design_for(self.size).compact else max(24, body * 2)
        message = self.message()
        band = self.table.hud.rect.bottom  # the bubble keeps off the band: its figures stay readable
        felt = pygame.Rect(0, band, w, h - band).inflate(-16, -16)
        # the bubble at its reading width; where that stands nowhere beside the target on the felt, as
        # wide as the felt allows, so it is low enough to stand between the band and the target
        for bw in (min(w - 24, int(body * 26)), w - 32):
            bubble, bh = self._bubble(bw, body, scale)
            box, side = _place(pygame.Rect(0, 0, bw, bh), target, gap, felt, message)
            if not box.colliderect(target):
                break
        half = max(8, body // 2)
        if side in ("below", "above"):
            tip = (target.centerx, target.bottom + 4 if side == "below" else target.top - 4)
            base_x = min(max(tip[0], box.left + pad), box.right - pad)
            base_y = box.top if side == "below" else box.bottom
            points = [(base_x - half, base_y), (base_x + half, base_y), tip]
        else:
            tip = (target.left - 4 if side == "left" else target.right + 4, target.centery)
            base_y = min(max(tip[1], box.top + pad), box.bottom - pad)
            base_x = box.right if side == "left" else box.left
            points = [(base_x, base_y - half), (base_x, base_y + half), tip]
        arrow_rect = pygame.Rect(points[0], (0, 0)).unionall([pygame.Rect(pt, (1, 1)) for pt in points[1:]])
        arrow_rect.inflate_ip(4, 4)
        arrow = pygame.Surface(arrow_rect.size, pygame.SRCALPHA)
        pygame.draw.polygon(arrow, theme.GOLD, [(x - arrow_rect.x, y - arrow_rect.y) for x, y in points])
        if message.collidelist([arrow_rect, box]) != -1:  # nowhere beside the place leaves it clear:
            self.table.toast.dismiss()  # the message goes rather than show cut under the tip
        return [(ring, target), (arrow, arrow_rect), (bubble, box)]

    def _bubble(self, bw: int, body: int, scale: float) -> tuple[pygame.Surface, int]:
        """The bubble `bw` wide with the tip's words and the note under them, and its height."""
        pad = body
        text = self.text_page = Page(self.ctx, [_para(tr(self.text))], bw - 2 * pad, scale)
        more = (
            tr(N_("Click to continue") if mouse_in_use() else N_("Tap to continue"))
            + f"   {self.index + 1}/{len(self.tips)}"
        )
        note = self.ctx.text.fit(more, bw - 2 * pad, max(16, int(body * 0.85)), theme.TEXT_DIM)
        bh = pad + text.height + note.get_height() + pad // 2
        shade = theme.PANELS.get(self.ctx.settings.table_colour, theme.PANEL[:3])  # the felt's (Appearance)
        bubble = theme.rounded_rect((bw, bh), (*shade, 245), max(10, body // 2), border=2, border_colour=theme.GOLD)
        for i in range(len(text.lines)):
            bubble.blit(text.line_surface(i), (pad + text.line_left(i), pad + text.lines[i].y))
        bubble.blit(note, (pad, bh - pad // 2 - note.get_height()))
        return bubble, bh

    def message(self) -> pygame.Rect:
        """Where the table's message shows now (an empty rectangle when none does)."""
        toast = self.table.toast
        return pygame.Rect(toast.rect) if toast.active else pygame.Rect(0, 0, 0, 0)

    def invalidate(self, rects: list | None = None) -> None:
        if rects is None:
            self._full = True
        else:
            self._beneath.extend(rects)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        p = pointer(event, self.size)
        tapped = p is not None and p[0] == UP
        if not tapped and not (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE)
        ):
            return None
        self.index += 1
        if self.index >= len(self.tips):
            return Pop()
        self._parts = self._render()
        self.table.invalidate(None)  # the table repaints whole, and so are we, dimmed once
        return None

    def _darken(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        k = 255 - self.dim_alpha
        surface.fill((k, k, k), rect, special_flags=pygame.BLEND_RGB_MULT)

    def draw(self, surface: pygame.Surface) -> list | None:
        if self._full:
            self._full = False
            self._beneath = []
            self._darken(surface, surface.get_rect())
            for img, rect in self._parts:
                surface.blit(img, rect)
            return None
        done: list[pygame.Rect] = []
        for r in map(pygame.Rect, self._beneath):
            for piece in minus(r, done):
                self._darken(surface, piece)
            done.append(r)
        self._beneath = []
        clip = surface.get_clip()
        for r in done:  # the tip again over what the table repainted, and only there
            surface.set_clip(r)
            for img, rect in self._parts:
                if rect.colliderect(r):
                    surface.blit(img, rect)
        surface.set_clip(clip)
        return done


SIDES = ("below", "above", "left", "right")


def _place(
    box: pygame.Rect, target: pygame.Rect, gap: int, screen: pygame.Rect, message: pygame.Rect | None = None
) -> tuple[pygame.Rect, str]:
    """Where the bubble goes: below the target, above it, then left or right of it, the first place
    where it fits on screen without covering the target, nor the table's `message` where one does
    (the arrow, between the bubble and the target, then keeps clear of it too)."""
    clear = message if message is not None and message.width else None
    fits = [(b, side) for side in SIDES if screen.contains(b := _beside(box, target, gap, screen, side))]
    fits = [(b, side) for b, side in fits if not b.colliderect(target)]
    for b, side in fits:
        if clear is None or not b.union(_between(b, target, side)).colliderect(clear):
            return b, side
    if fits:
        return fits[0]
    b = box.copy()
    b.center = screen.center
    return b, "below" if target.centery < screen.centery else "above"


def _beside(box: pygame.Rect, target: pygame.Rect, gap: int, screen: pygame.Rect, side: str) -> pygame.Rect:
    """The bubble on one side of the target, `gap` from it, slid along that side onto the screen."""
    b = box.copy()
    if side in ("below", "above"):
        b.centerx = min(max(target.centerx, screen.left + b.width // 2), screen.right - b.width // 2)
        if side == "below":
            b.top = target.bottom + gap
        else:
            b.bottom = target.top - gap
    else:
        b.centery = min(max(target.centery, screen.top + b.height // 2), screen.bottom - b.height // 2)
        if side == "left":
            b.right = target.left - gap
        else:
            b.left = target.right + gap
    return b


def _between(box: pygame.Rect, target: pygame.Rect, side: str) -> pygame.Rect:
    """The strip between the bubble and the target, where the arrow goes."""
    if side == "below":
        return pygame.Rect(box.left, target.bottom, box.width, box.top - target.bottom)
    if side == "above":
        return pygame.Rect(box.left, box.bottom, box.width, target.top - box.bottom)
    if side == "left":
        return pygame.Rect(box.right, box.top, target.left - box.right, box.height)
    return pygame.Rect(target.right, box.top, box.left - target.right, box.height)


def _para(text: str) -> Block:
    return Block("para", text)
