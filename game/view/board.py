"""Card sprites on a table: where each card is, how it moves there, and drawing only what changed.

The board knows nothing of the rules. A scene asks the layout where every card should be and calls
`sync(targets)`; sprites that are elsewhere tween there (deal, play, undo, demo all reuse it). Drawing
looks only at the sprites that may have changed (the board watches every sprite it moves, flips,
shakes, drags or lights, until it rests), compares each with how it was last drawn and repaints only
those rectangles over a cached static background: a still table costs nothing, and a sliding card
costs two small rectangles and a few sprites' bookkeeping, not the whole pack's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from ..model.cards import Card
from ..ui.tween import Tweener, out_cubic
from .backdrop import Backdrop
from .board_paint import BoardPainting
from .card_face import CardFace
from .card_sprite import SHAKE_TIME, CardSprite, Target
from .dirty_rects import COLUMN
from .face_keeping import worth_keeping
from .glow import GLOW_COLOURS, HINT, PLAYABLE, glow_pad
from .hint_arrow import HintArrow
from .lift import LIFT_TIME, SETTLE_TIME, LiftShadow

__all__ = ["COLUMN", "GLOW_COLOURS", "HINT", "PLAYABLE", "Board", "CardSprite", "Target"]


class Board(BoardPainting):
    """All card sprites of a table, their tweens, and dirty-rectangle drawing (board_paint.py)."""

    def __init__(
        self, images: Any, card_size: tuple[int, int], four_colour: bool = False, back_style: str = "lattice"
    ) -> None:
        self.images = images
        self.card_w, self.card_h = card_size
        self._glow_pad = glow_pad(self.card_w)
        self.four_colour = four_colour
        self.back_style = back_style  # the design of the face-down cards (card_images.BACK_STYLES)
        self.sprites: dict[Card, CardSprite] = {}
        self.tweener = Tweener()
        self.background: Backdrop | None = None
        self._order: list[CardSprite] = []
        self._order_dirty = True
        self._full_redraw = True
        self._extra_dirty: list[pygame.Rect] = []
        #: The sprites that may look different from how they were last drawn: draw() looks at these only.
        self._watch: set[CardSprite] = set()
        self._shaking: set[CardSprite] = set()
        self._turning: dict[int, tuple] = {}  # id(sprite) -> ((step, face), image) for this frame
        #: (step, dimmed) -> the back at that width, kept while any card is turning
        self._back_steps: dict[tuple[int, bool], CardFace] = {}
        self._dimmed: dict[tuple[str, bool], CardFace] = {}  # (card or 'back', four-colour) -> darker
        self._prints: list[tuple[pygame.Surface, pygame.Rect]] = []  # printed on the felt: under everything
        self._marks: list[tuple[pygame.Rect, int]] = []
        self._hint_marks: list[tuple[pygame.Rect, int]] = []
        self._hinted: set[Card] = set()
        self._arrow: HintArrow | None = None  # the hint's arrow (hint_arrow.py)
        self._lift = LiftShadow(self.card_w, self.card_h)
        self._lifted: set[CardSprite] = set()  # the sprites drawn raised (lift above 0)
        #: The lift's shadow as last drawn: (its box, its level, the raised cards it lies under, the lift).
        self._shadow: tuple[pygame.Rect, int, pygame.Rect, float] | None = None
        #: While cards are dragged, the hint hidden meanwhile (None: no drag): the one shown when the
        #: drag began, or one asked for since.
        self._hidden_hint: tuple[set[Card], list[pygame.Rect], tuple | None] | None = None
        self._faces_due = False  # cards were synced: once at rest, keep only the faces worth it

    # -- configuration -----------------------------------------------------------------------------
    def set_card_size(self, card_size: tuple[int, int]) -> None:
        self.card_w, self.card_h = card_size
        self._glow_pad = glow_pad(self.card_w)
        self._turning.clear()
        self._back_steps.clear()
        self._dimmed.clear()
        self._lift = LiftShadow(self.card_w, self.card_h)
        self.invalidate()

    def set_look(self, four_colour: bool, back_style: str) -> None:
        """The player chose other deck colours or another card back: every card is drawn anew."""
        if (four_colour, back_style) != (self.four_colour, self.back_style):
            self.four_colour, self.back_style = four_colour, back_style
            self._turning.clear()
            self._back_steps.clear()
            self._dimmed.clear()
            self.invalidate()

    def keep_faces(self, also: Sequence[Card] = ()) -> None:
        """Keep loaded only the faces the table shows or may show next (face_keeping.py), and
        `also` (the win's next bouncing cards); have the missing ones loaded in spare time."""
        cards = worth_keeping((s.card, s.pos, s.face_up, s.z) for s in self.sprites.values())
        self.keep_only(cards + [c for c in also if c not in cards])

    def spare_work(self) -> bool:
        """At rest after a change (a frame's spare time, App.use_spare_time): keep only the faces
        worth it, and have the missing ones loaded. Done in the frame the cards land in, it would
        lengthen that frame, already among the slowest of a move's."""
        if not self._faces_due or self.is_animating():
            return False
        self._faces_due = False
        self.keep_faces()
        return True

    def keep_only(self, cards: Sequence[Card]) -> None:
        """Of this board's cards, keep loaded only the faces of `cards`, and have the missing ones
        loaded in spare time in this order. A new table says so before its deal: the faces the last
        table showed and this one will not go before this one's are loaded (else a Golf deal at
        1920x1080 holds 5-13 faces too many, 1-2.7 MiB, until it is at rest)."""
        keep = getattr(self.images, "keep_faces", None)
        if keep is not None:  # (a test's stand-in images may have none)
            keep({str(c) for c in cards}, self.card_w, {str(c) for c in self.sprites})
        self.prefetch(cards)

    def prefetch(self, cards: Iterable[Card]) -> None:
        """These cards' faces (and the back) will show soon, in this order: have them loaded in the
        frames' spare time rather than in the frame that first draws each."""
        prefetch = getattr(self.images, "prefetch", None)
        if prefetch is not None:  # (a test's stand-in images may have none)
            prefetch([str(c) for c in cards], self.card_w, self.four_colour, self.back_style)

    def set_background(self, background: Backdrop | pygame.Surface) -> None:
        """The static table (felt, slots, labels) that dirty rectangles are restored from: a
        table's Backdrop, or a whole surface."""
        self.background = background if isinstance(background, Backdrop) else Backdrop(background)
        self.invalidate()

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        """Repaint everything next frame, or just this rectangle."""
        if rect is None:
            self._full_redraw = True
        else:
            self._extra_dirty.append(pygame.Rect(rect))

    # -- moving cards --------------------------------------------------------------------------------
    def sync(
        self,
        targets: dict[Card, Target],
        duration: float = 0.25,
        stagger: float = 0.0,
        order: Iterable[Card] | None = None,
        on_land: Callable[[Card], None] | None = None,
        flip_time: float = 0.18,
    ) -> list[Card]:
        """Send every card to its target; returns the cards that had to move (in start order)."""
        self._faces_due = True
        moved: list[Card] = []
        for card in _in_order(targets, order):
            t = targets[card]
            sprite = self.sprites.get(card)
            if sprite is None:
                self._add(card, t)
                continue
            if sprite.z != t.z:
                sprite.z = t.z
                self._order_dirty = True
                self._watch.add(sprite)
            delay = len(moved) * stagger  # (the cards start one after another)
            if sprite.face_up != t.face_up:
                self._turn_over(sprite, t.face_up, duration, delay, flip_time)
            if self._send(sprite, t.pos, duration, delay, on_land):
                moved.append(card)
        if len(self.sprites) != len(targets) or any(c not in targets for c in self.sprites):
            for card in [c for c in self.sprites if c not in targets]:
                self._drop(card)
        return moved

    def _add(self, card: Card, t: Target) -> None:
        """A card new to the board: at its target at once."""
        sprite = self.sprites[card] = CardSprite(card, t.pos, t.face_up, t.z)
        self._order_dirty = True
        self._watch.add(sprite)

    def _turn_over(self, sprite: CardSprite, face_up: bool, duration: float, delay: float, flip_time: float) -> None:
        """The card turned face up or down: animated (after `delay` and a part of its move's
        `duration`) unless the move is instant."""
        sprite.face_up = face_up
        self._watch.add(sprite)
        if duration > 0:
            sprite.turn = 0.0
            self.tweener.to(sprite, flip_time, {"turn": 1.0}, out_cubic, delay=delay + duration * 0.3)

    def _send(
        self,
        sprite: CardSprite,
        pos: tuple[float, float],
        duration: float,
        delay: float,
        on_land: Callable[[Card], None] | None,
    ) -> bool:
        """The card sent to `pos`: set there if it is (nearly) there already or while it is dragged,
        else it flies (or jumps, when `duration` is 0); returns whether it had to move."""
        if sprite.flying and not sprite.dragging and (duration <= 0 or _close(sprite.pos, pos)):
            # a flight not yet under way (a draw undone in the same frame) must not carry the card
            # off after it is back where the model says
            self.tweener.to(sprite, 0, {"pos": pos})
            sprite.flying = False
            self._order_dirty = True
            self._watch.add(sprite)
        if sprite.dragging or _close(sprite.pos, pos):
            if not sprite.dragging and sprite.pos != pos:
                sprite.pos = pos
                self._watch.add(sprite)
            return False
        self._watch.add(sprite)
        if duration <= 0:
            sprite.pos = pos
            if on_land:
                on_land(sprite.card)
            return True
        sprite.flying = True
        self._order_dirty = True
        self.tweener.to(
            sprite, duration, {"pos": pos}, out_cubic, on_complete=self._lander(sprite, on_land), delay=delay
        )
        return True

    def _lander(self, sprite: CardSprite, on_land: Callable[[Card], None] | None) -> Callable[[], None]:
        def land() -> None:
            sprite.flying = False
            self._order_dirty = True
            if on_land:
                on_land(sprite.card)

        return land

    def _drop(self, card: Card) -> None:
        sprite = self.sprites.pop(card)
        self.tweener.cancel(sprite)
        if sprite.drawn_rect:
            self._extra_dirty.append(sprite.drawn_rect)
        self._watch.discard(sprite)
        self._shaking.discard(sprite)
        self._lifted.discard(sprite)
        self._turning.pop(id(sprite), None)
        self._order_dirty = True

    def finish(self) -> None:
        """Jump every animation to its end (a tap skips the deal)."""
        self.tweener.finish()
        for s in self.sprites.values():
            s.shake = 0.0
            s.turn = 1.0
        self._shaking.clear()
        self._watch.update(self.sprites.values())

    def shake(self, card: Card) -> None:
        sprite = self.sprites.get(card)
        if sprite:
            sprite.shake = SHAKE_TIME
            self._shaking.add(sprite)
            self._watch.add(sprite)

    def lift(self, cards: list[Card], duration: float = LIFT_TIME) -> None:
        """Start dragging these cards: they stop tweening, draw above everything and rise over their
        shadow; the hint (its glow, marks and arrow) hides until the drag ends."""
        if self._hidden_hint is None:  # (a second lift while one drag is on keeps what it hid)
            hint = (set(self._hinted), [r for r, _k in self._hint_marks], self.arrow)
            self.set_hint(set())
            self._hidden_hint = hint
        for c in cards:
            s = self.sprites[c]
            self.tweener.cancel(s)
            s.dragging = True
            s.flying = False  # its flight was cancelled with its tween
            s.turn = 1.0
            self._watch.add(s)
            self._lifted.add(s)
            self.tweener.to(s, duration, {"lift": 1.0}, out_cubic)
        self._order_dirty = True

    def drag_to(self, cards: list[Card], positions: Sequence[tuple[float, float]]) -> None:
        for c, p in zip(cards, positions):
            sprite = self.sprites[c]
            sprite.pos = p
            self._watch.add(sprite)

    def drop_all(self, duration: float = SETTLE_TIME) -> None:
        """Dragging ended: the cards settle back onto the table (the next sync sends them where the
        model says) and the hint comes back, unless the move that follows makes it old."""
        for s in self._lifted:
            if s.dragging:
                s.dragging = False
                self._watch.add(s)
                self.tweener.to(s, duration, {"lift": 0.0}, out_cubic)
        self._order_dirty = True
        hint, self._hidden_hint = self._hidden_hint, None
        if hint is not None and (hint[0] or hint[1] or hint[2] is not None):
            self.set_hint(*hint)

    def set_glow(self, cards: set[Card]) -> None:
        """The playable cards' gold glow (a hinted card keeps its hint glow)."""
        for card, s in self.sprites.items():
            glow = HINT if card in self._hinted else PLAYABLE if card in cards else 0
            if s.glow != glow:
                s.glow = glow
                self._watch.add(s)

    @property
    def glowing(self) -> set[Card]:
        """The cards with the playable cards' gold glow now."""
        return {card for card, s in self.sprites.items() if s.glow == PLAYABLE}

    def set_prints(self, prints: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        """Images printed on the felt (the rule set's name on a narrow table), painted over the
        background and under every card; repainted where they were and where they are."""
        if [(id(img), r) for img, r in prints] == [(id(img), r) for img, r in self._prints]:
            return
        self._extra_dirty += [pygame.Rect(r) for _img, r in self._prints + prints]
        self._prints = [(img, pygame.Rect(r)) for img, r in prints]

    @property
    def prints(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        return list(self._prints)

    def set_dimmed(self, cards: set[Card]) -> None:
        """These cards are drawn darker (a pile that may not be used now); the others as they are."""
        for card, s in self.sprites.items():
            dim = card in cards
            if s.dim != dim:
                s.dim = dim
                self._watch.add(s)

    def set_marks(self, rects: list[pygame.Rect], kind: int = PLAYABLE) -> None:
        """Glow around these empty piles (where a dragged card may go), under any card. The hint's
        marks are kept apart: a drag's marks coming and going leave them be."""
        attr = "_hint_marks" if kind == HINT else "_marks"
        marks = [(pygame.Rect(r), kind) for r in rects]
        old = getattr(self, attr)
        if marks == old:
            return
        pad = self._glow_pad
        self._extra_dirty += [r.inflate(2 * pad, 2 * pad) for r, _k in old + marks]
        setattr(self, attr, marks)

    def set_hint(
        self,
        cards: set[Card],
        marks: Sequence[pygame.Rect] = (),
        arrow: tuple[tuple[int, int], tuple[int, int]] | None = None,
    ) -> None:
        """Show a hint: these cards glow light blue (face down too: the Golf stock), these empty
        piles are marked, and an arrow points from the card to where it goes. Empty: no hint. While
        cards are dragged it waits, hidden, for the drag to end."""
        if self._hidden_hint is not None:
            self._hidden_hint = (set(cards), list(marks), arrow)
            return
        self._hinted = set(cards)
        for card, s in self.sprites.items():
            if card in self._hinted and s.glow != HINT:
                s.glow = HINT
                self._watch.add(s)
            elif card not in self._hinted and s.glow == HINT:
                s.glow = 0
                self._watch.add(s)
        self.set_marks(list(marks), HINT)
        if arrow is not None:
            (x0, y0), (x1, y1) = arrow
            arrow = ((x0, y0), (x1, y1))
        if arrow != self.arrow:
            if self._arrow is not None:
                self._extra_dirty += self._arrow.tiles()
            self._arrow = HintArrow(*arrow) if arrow is not None else None

    @property
    def hinted(self) -> set[Card]:
        """The cards the hint lights (none while a drag hides it)."""
        return set(self._hinted)

    @property
    def arrow(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        return self._arrow.ends if self._arrow is not None else None

    # -- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._arrow is not None:
            self._extra_dirty += self._arrow.update(dt, self.card_w, GLOW_COLOURS[HINT])
        self.tweener.update(dt)
        self._watch.update(self.tweener.changed)
        if self._shaking:
            for s in list(self._shaking):
                s.shake = max(0.0, s.shake - dt)
                if s.shake <= 0:
                    self._shaking.discard(s)


def _close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.5 and abs(a[1] - b[1]) < 0.5


def _in_order(targets: dict[Card, Target], order: Iterable[Card] | None) -> list[Card]:
    """The cards of `targets` in the order they start: `order`'s first, then the rest."""
    if order is None:
        return list(targets)
    seq = list(order)
    listed = set(seq)
    seq += [c for c in targets if c not in listed]
    return seq
