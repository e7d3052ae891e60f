"""Card sprites on a table: where each card is, how it moves there, and drawing only what changed.

The board knows nothing of the rules. A scene asks the layout where every card should be and calls
`sync(targets)`; sprites that are elsewhere tween there (deal, play, undo, demo all reuse it). Drawing
looks only at the sprites that may have changed (the board watches every sprite it moves, flips,
shakes, drags or lights, until it rests), compares each with how it was last drawn and repaints only
those rectangles over a cached static background: a still table costs nothing, and a sliding card
costs two small rectangles and a few sprites' bookkeeping, not the whole pack's.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ..model.cards import Card
from ..ui.tween import Tweener, out_cubic
from .backdrop import Backdrop
from .card_face import CardFace, corner_radius
from .dirty_rects import COLUMN, merge
from .face_keeping import worth_keeping
from .glow import GLOW_COLOURS, HINT, PLAYABLE, glow_image, glow_pad, glow_ring
from .hint_arrow import HintArrow
from .lift import LIFT_TIME, SETTLE_TIME, LiftShadow

__all__ = ["COLUMN", "GLOW_COLOURS", "HINT", "PLAYABLE", "Board", "CardSprite", "Target"]

SHAKE_TIME = 0.35
FLIP_STEPS = 10  # a flipping card is drawn at one of this many widths
DIM_SHADE = (190, 190, 190)  # a dimmed card is drawn in greys, a little darker: clearly "off" on the felt


@dataclass(frozen=True)
class Target:
    """Where the layout wants a card: top-left corner, face up or down, stacking order."""
    pos: tuple[float, float]
    face_up: bool
    z: int


class CardSprite:
    """One card on the table. `pos` is tweened; `turn` runs 0 → 1 while it flips over; `lift` runs
    0 → 1 as a drag picks it up and back to 0 as it settles (drawn raised, over a shadow)."""

    __slots__ = ("card", "pos", "face_up", "z", "turn", "shake", "glow", "dim", "dragging", "flying", "lift",
                 "drawn_key", "drawn_rect")

    def __init__(self, card: Card, pos: tuple[float, float], face_up: bool, z: int) -> None:
        self.card = card
        self.pos = pos
        self.face_up = face_up
        self.z = z
        self.turn = 1.0
        self.shake = 0.0  # seconds of shaking left
        self.glow = 0
        self.dim = False  # drawn darker: a pile that cannot be used now (the strict draw's stock)
        self.dragging = False
        self.flying = False
        self.lift = 0.0
        self.drawn_key: tuple | None = None
        self.drawn_rect: pygame.Rect | None = None

    def offset_x(self, card_w: int) -> int:
        if self.shake <= 0:
            return 0
        t = SHAKE_TIME - self.shake
        return int(round(card_w * 0.07 * math.sin(t * 40.0) * (self.shake / SHAKE_TIME)))


class Board:
    """All card sprites of a table, their tweens, and dirty-rectangle drawing."""

    def __init__(self, images: Any, card_size: tuple[int, int], four_colour: bool = False,
                 back_style: str = "lattice") -> None:
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
        keep = getattr(self.images, "keep_faces", None)
        if keep is None:  # (a test's stand-in images may have none)
            return
        cards = worth_keeping((s.card, s.pos, s.face_up, s.z) for s in self.sprites.values())
        cards += [c for c in also if c not in cards]
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
    def sync(self, targets: dict[Card, Target], duration: float = 0.25, stagger: float = 0.0,
             order: Iterable[Card] | None = None, on_land: Callable[[Card], None] | None = None,
             flip_time: float = 0.18) -> list[Card]:
        """Send every card to its target; returns the cards that had to move (in start order)."""
        self._faces_due = True
        moved: list[Card] = []
        if order is None:
            seq = list(targets)
        else:
            seq = list(order)
            listed = set(seq)
            seq += [c for c in targets if c not in listed]
        watch = self._watch
        for card in seq:
            t = targets[card]
            sprite = self.sprites.get(card)
            if sprite is None:
                sprite = self.sprites[card] = CardSprite(card, t.pos, t.face_up, t.z)
                self._order_dirty = True
                watch.add(sprite)
                continue
            if sprite.z != t.z:
                sprite.z = t.z
                self._order_dirty = True
                watch.add(sprite)
            if sprite.face_up != t.face_up:
                sprite.face_up = t.face_up
                watch.add(sprite)
                if duration > 0:
                    sprite.turn = 0.0
                    self.tweener.to(sprite, flip_time, {"turn": 1.0}, out_cubic,
                                    delay=len(moved) * stagger + duration * 0.3)
            if sprite.flying and not sprite.dragging and (duration <= 0 or _close(sprite.pos, t.pos)):
                # a flight not yet under way (a draw undone in the same frame) must not carry the card
                # off after it is back where the model says
                self.tweener.to(sprite, 0, {"pos": t.pos})
                sprite.flying = False
                self._order_dirty = True
                watch.add(sprite)
            if sprite.dragging or _close(sprite.pos, t.pos):
                if not sprite.dragging and sprite.pos != t.pos:
                    sprite.pos = t.pos
                    watch.add(sprite)
                continue
            delay = len(moved) * stagger
            moved.append(card)
            watch.add(sprite)
            if duration <= 0:
                sprite.pos = t.pos
                if on_land:
                    on_land(card)
                continue
            sprite.flying = True
            self._order_dirty = True
            self.tweener.to(sprite, duration, {"pos": t.pos}, out_cubic,
                            on_complete=self._lander(sprite, on_land), delay=delay)
        if len(self.sprites) != len(targets) or any(c not in targets for c in self.sprites):
            for card in [c for c in self.sprites if c not in targets]:
                self._drop(card)
        return moved

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

    def set_hint(self, cards: set[Card], marks: Sequence[pygame.Rect] = (),
                 arrow: tuple[tuple[int, int], tuple[int, int]] | None = None) -> None:
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
        if self._shaking:
            for s in list(self._shaking):
                s.shake = max(0.0, s.shake - dt)
                if s.shake <= 0:
                    self._shaking.discard(s)

    def is_animating(self) -> bool:
        return self.tweener.active or bool(self._shaking) or (self._arrow is not None and self._arrow.growing)

    # -- drawing -----------------------------------------------------------------------------------
    def sprite_rect(self, s: CardSprite) -> pygame.Rect:
        """Where the card is (a lifted card is drawn higher: shown_rect)."""
        x, y = s.pos
        return pygame.Rect(round(x) + (s.offset_x(self.card_w) if s.shake > 0 else 0), round(y),
                           self.card_w, self.card_h)

    def shown_rect(self, s: CardSprite) -> pygame.Rect:
        """Where the card is drawn: raised by its lift."""
        rect = self.sprite_rect(s)
        return rect.move(0, -self._lift.raise_px(s.lift)) if s.lift > 0 else rect

    @property
    def lifted(self) -> list[Card]:
        """The cards drawn raised now (a drag's, or settling after it)."""
        return [s.card for s in self._lifted]

    def _glow_surface(self, kind: int = PLAYABLE) -> pygame.Surface:
        return glow_image(kind, self.card_w, self.card_h)

    def _glow_ring(self, kind: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        return glow_ring(kind, self.card_w, self.card_h)

    def _image(self, s: CardSprite) -> CardFace:
        showing_face = s.face_up if s.turn >= 0.5 else not s.face_up
        if showing_face:
            img = self.images.face(str(s.card), self.card_w, self.four_colour)
        else:
            img = self.images.back_face(self.card_w, self.back_style)
        if s.dim:
            img = self._dim_image(img, str(s.card) if showing_face else "back")
        step = _flip_step(s)
        if step < 0:
            return img
        # a turning card is scaled once per frame, however many dirty rectangles it touches; a back
        # at each width once for all the cards turning meanwhile (the deal turns several at a time)
        memo = self._turning.get(id(s))
        if memo is None or memo[0] != (step, showing_face):
            narrow = None if showing_face else self._back_steps.get((step, s.dim))
            if narrow is None:
                narrow = img.scaled(int(self.card_w * (step + 0.5) / FLIP_STEPS))
                if not showing_face:
                    self._back_steps[(step, s.dim)] = narrow
            memo = self._turning[id(s)] = ((step, showing_face), narrow)
        return memo[1]

    def _dim_image(self, img: CardFace, name: str) -> CardFace:
        """The greyed copy of a card's image, made once per card size (a face-down stock: one)."""
        key = (name, self.four_colour)
        dimmed = self._dimmed.get(key)
        if dimmed is None or dimmed.size != img.size:
            dimmed = self._dimmed[key] = img.dimmed(DIM_SHADE)
        return dimmed

    def _ordered(self) -> list[CardSprite]:
        if self._order_dirty:
            self._order = sorted(self.sprites.values(), key=lambda s: (s.dragging, s.flying, s.z))
            self._order_dirty = False
        return self._order

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint what changed since the last call; returns the dirty rectangles (None: everything)."""
        if self._arrow is not None:
            self._arrow.hint_drawn()
        if self._faces_due and not self.is_animating():  # at rest after a change: drop the hidden faces
            self._faces_due = False
            self.keep_faces()
        order = self._ordered()
        pad = 2 * self._glow_pad
        dirty: list[pygame.Rect] = self._extra_dirty
        self._extra_dirty = []
        full = self._full_redraw
        for s in order if full else self._watch:
            rect = self.shown_rect(s)
            # (flying or dragged: drawn above the rest; landing puts it back in its place among them;
            # a shake's end may hide it under a card at the same place, see _visible)
            key = (rect.x, rect.y, s.face_up, _flip_step(s), _glowing(s), s.glow, s.dim, s.turn >= 0.5,
                   s.flying or s.dragging, s.shake > 0)
            if full or key != s.drawn_key:
                if s.drawn_rect is not None and not full:
                    dirty.append(s.drawn_rect)
                s.drawn_rect = rect.inflate(pad, pad) if _glowing(s) else rect  # what painting it covers
                s.drawn_key = key
                if not full:
                    dirty.append(s.drawn_rect)
        self._shadow_dirty(dirty)
        self._rest()
        if not full and not dirty:
            return []
        boxes = [s.drawn_rect or _NOWHERE for s in order]
        if full:
            self._full_redraw = False
            self._paint(surface, surface.get_rect(), order, boxes)
            return None
        merged = merge(dirty)
        for rect in merged:
            self._paint(surface, rect, order, boxes)
        return merged

    def _shadow_dirty(self, dirty: list[pygame.Rect]) -> None:
        """The lift's shadow: where it was and where it goes, when it moved or changed strength."""
        if self._lifted:  # (a card just picked up may not have risen yet: it is held all the same)
            self._lifted = {s for s in self._lifted if s.lift > 0 or s.dragging}
        shadow = None
        if self._lifted:
            cards = [s.drawn_rect or self.shown_rect(s) for s in self._lifted]
            lift = max(s.lift for s in self._lifted)
            union = cards[0].unionall(cards[1:])
            shadow = (self._lift.box(union, lift), self._lift.level(lift), union, lift)
        if (shadow and shadow[:2]) != (self._shadow and self._shadow[:2]):
            dirty += [r[0] for r in (self._shadow, shadow) if r is not None]
        self._shadow = shadow

    def _rest(self) -> None:
        """Stop watching the sprites that were drawn where they stay: no tween, shake or flip left."""
        tweening = self.tweener.subject_ids()
        self._watch = {s for s in self._watch if id(s) in tweening or s.shake > 0}
        self._turning = {k: v for k, v in self._turning.items() if k in tweening}
        if not self._turning:
            self._back_steps.clear()

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, order: list[CardSprite],
               boxes: list[pygame.Rect]) -> None:
        """Repaint one rectangle: the background, the marks, the cards that reach into it, the arrow."""
        surface.set_clip(rect)
        shown = _visible([order[i] for i in rect.collidelistall(boxes)])
        if self.background is not None:
            for part in _uncovered(rect, self._opaque_body(shown[-1]) if shown else None):
                self.background.draw(surface, part)
        for img, box in self._prints:
            if box.colliderect(rect):
                surface.blit(img, box)
        for mark, kind in self._marks + self._hint_marks:
            g = self._glow_surface(kind)
            box = g.get_rect(center=mark.center)
            if box.colliderect(rect):
                surface.blit(g, box)
        shadow = self._shadow
        if shadow is not None and shadow[0].colliderect(rect):  # under the lifted cards, over the rest
            self._paint_sprites(surface, [s for s in shown if s.lift <= 0])
            self._lift.paint(surface, shadow[2], shadow[3])
            self._paint_sprites(surface, [s for s in shown if s.lift > 0])
        else:
            self._paint_sprites(surface, shown)
        if self._arrow is not None:
            self._arrow.paint(surface, rect, self.card_w, GLOW_COLOURS[HINT])
        surface.set_clip(None)

    def _opaque_body(self, s: CardSprite) -> pygame.Rect | None:
        """Where the top card of a repaint will cover everything under it: its body between the
        corner strips (a CardFace's body has no alpha), unless it turns (drawn narrower)."""
        if _flip_step(s) >= 0:
            return None
        img = self._image(s)
        if not isinstance(img, CardFace):
            return None
        r = self.shown_rect(s)
        (w, h), radius = img.size, img.radius
        return pygame.Rect(r.centerx - w // 2, r.centery - h // 2 + radius, w, h - 2 * radius)

    def _paint_sprites(self, surface: pygame.Surface, sprites: list[CardSprite]) -> None:
        """Paint these sprites, bottom first. A card under another of its column (the same x and
        width, at least a corner's height lower down, reaching as far, not turning) shows only above
        that card and through its top corners: it is painted there only. A fanned column under a
        moving card was painted card over card, ten times the area. (Closer than a corner's height,
        the card above's bottom corners may show this one: it is painted whole.)"""
        rects = [self.shown_rect(s) for s in sprites]
        clip = surface.get_clip()
        corner = corner_radius(self.card_w)
        for n, s in enumerate(sprites):
            r = rects[n]
            if _glowing(s):
                x, y = r.x - self._glow_pad, r.y - self._glow_pad
                for piece, (dx, dy) in self._glow_ring(s.glow):
                    surface.blit(piece, (x + dx, y + dy))
            cover = next((o.top if o.top - r.top >= corner and o.bottom >= r.bottom and _flip_step(above) < 0
                          else None for o, above in zip(rects[n + 1:], sprites[n + 1:])
                          if o.x == r.x and o.width == r.width and o.top > r.top), None)
            if cover is not None:
                shows = clip.clip(r.x, r.y, r.width, cover + corner - r.y)
                if not shows:
                    continue
                surface.set_clip(shows)
            img = self._image(s)
            w, h = img.size
            img.blit(surface, (r.centerx - w // 2, r.centery - h // 2))
            if cover is not None:
                surface.set_clip(clip)


_NOWHERE = pygame.Rect(0, 0, 0, 0)


def _uncovered(rect: pygame.Rect, hole: pygame.Rect | None) -> list[pygame.Rect]:
    """`rect` less `hole`, in up to four pieces: where the background must be restored when the
    top card's body will cover the hole (most of a sliding card's repaint)."""
    if hole is None or not hole.colliderect(rect):
        return [rect]
    h = hole.clip(rect)
    pieces = [pygame.Rect(rect.x, rect.y, rect.width, h.y - rect.y),
              pygame.Rect(rect.x, h.bottom, rect.width, rect.bottom - h.bottom),
              pygame.Rect(rect.x, h.y, h.x - rect.x, h.height),
              pygame.Rect(h.right, h.y, rect.right - h.right, h.height)]
    return [p for p in pieces if p.width > 0 and p.height > 0]


def _glowing(s: CardSprite) -> bool:
    """Whether the sprite's glow is painted (not while it turns or is lifted; a face-down card only
    for a hint)."""
    return bool(s.glow) and s.turn >= 1.0 and s.lift <= 0 and (s.face_up or s.glow == HINT)


def _visible(order: list[CardSprite]) -> list[CardSprite]:
    """The sprites worth painting: a card lying exactly under a settled card (a pack, a foundation)
    cannot be seen, so a dirty rectangle over a pile costs one blit, not thirteen."""
    places: list[tuple[int, int] | None] = []  # a settled card's place (None: turning or shaking)
    top_at: dict[tuple[int, int], int] = {}
    for i, s in enumerate(order):
        if (s.turn >= 1.0 or s.turn <= 0.0) and s.shake <= 0:
            place = (round(s.pos[0]), round(s.pos[1]))
            top_at[place] = i
            places.append(place)
        else:
            places.append(None)
    return [s for i, (s, place) in enumerate(zip(order, places))
            if s.glow or place is None or top_at[place] <= i]


def _flip_step(s: CardSprite) -> int:
    """Which of the FLIP_STEPS widths a turning card shows now; -1 when it is not turning (also
    while it waits, at turn 0, for its flip to begin: it shows its old side at full width)."""
    if s.turn >= 1.0 or s.turn <= 0.0:
        return -1
    return min(FLIP_STEPS - 1, int(abs(math.cos(math.pi * s.turn)) * FLIP_STEPS))


def _close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.5 and abs(a[1] - b[1]) < 0.5
