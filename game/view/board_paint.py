"""Drawing a board (board.py): the sprites that may have changed are compared with how they were
last drawn, and only those rectangles are painted again, over the table's backdrop: its background
where no card's body will cover it, the marks, the cards that reach in, the hint's arrow."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from ..model.cards import Card
from ..ui.tween import Tweener
from .backdrop import Backdrop
from .card_face import CardFace, corner_radius
from .card_sprite import FLIP_STEPS, CardSprite, _flip_step, _glowing
from .dirty_rects import merge, minus
from .glow import GLOW_COLOURS, HINT, PLAYABLE, glow_image, glow_ring
from .hint_arrow import HintArrow
from .lift import LiftShadow

DIM_SHADE = (190, 190, 190)  # a dimmed card is drawn in greys, a little darker: clearly "off" on the felt


class BoardPainting:
    """The drawing half of Board: it reads the state Board keeps (declared here for the type
    checker) and paints it."""

    images: Any
    card_w: int
    card_h: int
    four_colour: bool
    back_style: str
    sprites: dict[Card, CardSprite]
    tweener: Tweener
    background: Backdrop | None
    _glow_pad: int
    _order: list[CardSprite]
    _order_dirty: bool
    _full_redraw: bool
    _extra_dirty: list[pygame.Rect]
    _watch: set[CardSprite]
    _shaking: set[CardSprite]
    _turning: dict[int, tuple]
    _back_steps: dict[tuple[int, bool], CardFace]
    _dimmed: dict[tuple[str, bool], CardFace]
    _prints: list[tuple[pygame.Surface, pygame.Rect]]
    _marks: list[tuple[pygame.Rect, int]]
    _hint_marks: list[tuple[pygame.Rect, int]]
    _arrow: HintArrow | None
    _lift: LiftShadow
    _lifted: set[CardSprite]
    _shadow: tuple[pygame.Rect, int, pygame.Rect, float] | None

    def is_animating(self) -> bool:
        return self.tweener.active or bool(self._shaking) or (self._arrow is not None and self._arrow.growing)

    def sprite_rect(self, s: CardSprite) -> pygame.Rect:
        """Where the card is (a lifted card is drawn higher: shown_rect)."""
        x, y = s.pos
        return pygame.Rect(
            round(x) + (s.offset_x(self.card_w) if s.shake > 0 else 0), round(y), self.card_w, self.card_h
        )

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
            img = self.images.face(s.card.code, self.card_w, self.four_colour)
        else:
            img = self.images.back_face(self.card_w, self.back_style)
        if s.dim:
            img = self._dim_image(img, s.card.code if showing_face else "back")
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
        order = self._ordered()
        dirty: list[pygame.Rect] = self._extra_dirty
        self._extra_dirty = []
        full = self._full_redraw
        self._restamp(order if full else self._watch, full, dirty)
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

    def _restamp(self, sprites: Iterable[CardSprite], full: bool, dirty: list[pygame.Rect]) -> None:
        """Each sprite's place and look now: where they changed since it was drawn, both where it
        was and where it goes are dirty (`full`: everything is painted, nothing is added)."""
        pad = 2 * self._glow_pad
        for s in sprites:
            rect = self.shown_rect(s)
            # all that its painting depends on (flying or dragged: drawn above the rest; landing puts
            # it back in its place among them; a shake's end may hide it under a card at the same
            # place, see _visible)
            key = (
                rect.x,
                rect.y,
                s.face_up,
                _flip_step(s),
                _glowing(s),
                s.glow,
                s.dim,
                s.turn >= 0.5,
                s.flying or s.dragging,
                s.shake > 0,
            )
            if full or key != s.drawn_key:
                if s.drawn_rect is not None and not full:
                    dirty.append(s.drawn_rect)
                s.drawn_rect = rect.inflate(pad, pad) if _glowing(s) else rect  # what painting it covers
                s.drawn_at, s.drawn_key = rect, key
                if not full:
                    dirty.append(s.drawn_rect)

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
        """Stop watching the sprites just drawn: until something changes one again (Board's update
        watches the sprites that a tween moved, turned or lifted; its other methods, those they
        change), it looks as drawn. A deal's cards waiting for their turn are not looked at each
        frame. A shake is stepped by Board itself: its sprites stay watched while it lasts."""
        if self._turning:  # (a turning card's tween runs: it was watched, and will be again)
            turning = {id(s) for s in self._watch if 0.0 < s.turn < 1.0}
            self._turning = {k: v for k, v in self._turning.items() if k in turning}
        self._watch = set(self._shaking)  # (Board's update steps a shake: watched while it lasts)
        # (the back's narrow steps stay: every draw from the stock turns a back again, and they
        # are about five cards' worth; a new card size or back drops them)

    def _paint(
        self, surface: pygame.Surface, rect: pygame.Rect, order: list[CardSprite], boxes: list[pygame.Rect]
    ) -> None:
        """Repaint one rectangle: the background, the marks, the cards that reach into it, the arrow."""
        surface.set_clip(rect)
        shown = _visible([order[i] for i in rect.collidelistall(boxes)])
        self._paint_ground(surface, rect, shown)
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

    def _paint_ground(self, surface: pygame.Surface, rect: pygame.Rect, shown: list[CardSprite]) -> None:
        """What lies under the cards in `rect`: the background (but where the top card of `shown`
        covers it), what is printed on the felt, the empty piles' and the hint's marks."""
        if self.background is not None:
            hole = self._opaque_body(shown[-1]) if shown else None  # (the top card's body will cover it)
            for part in minus(rect, [hole] if hole is not None else []):
                self.background.draw(surface, part)
        for img, box in self._prints:
            if box.colliderect(rect):
                surface.blit(img, box)
        for mark, kind in self._marks + self._hint_marks:
            g = self._glow_surface(kind)
            box = g.get_rect(center=mark.center)
            if box.colliderect(rect):
                surface.blit(g, box)

    def _opaque_body(self, s: CardSprite) -> pygame.Rect | None:
        """Where the top card of a repaint will cover everything under it: its body between the
        corner strips (a CardFace's body has no alpha), unless it turns (drawn narrower)."""
        if _flip_step(s) >= 0:
            return None
        img = self._image(s)
        if not isinstance(img, CardFace):
            return None
        r = s.drawn_at or self.shown_rect(s)
        (w, h), radius = img.size, img.radius
        return pygame.Rect(r.centerx - w // 2, r.centery - h // 2 + radius, w, h - 2 * radius)

    def _paint_sprites(self, surface: pygame.Surface, sprites: list[CardSprite]) -> None:
        """Paint these sprites, bottom first. A card under another of its column (the same x and
        width, at least a corner's height lower down, reaching as far, not turning) shows only above
        that card and through its top corners: it is painted there only. Painted card over card, a
        fanned column under a moving card would cost ten times the area. (Closer than a corner's
        height, the card above's bottom corners may show this one: it is painted whole.)"""
        # (where draw() found them this frame: every sprite that changed was keyed again there)
        rects = [s.drawn_at or self.shown_rect(s) for s in sprites]
        clip = surface.get_clip()
        corner = corner_radius(self.card_w)
        covers = _covers(sprites, rects, corner)
        for n, s in enumerate(sprites):
            r = rects[n]
            if _glowing(s):
                x, y = r.x - self._glow_pad, r.y - self._glow_pad
                for piece, (dx, dy) in self._glow_ring(s.glow):
                    surface.blit(piece, (x + dx, y + dy))
            cover = covers[n]
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


def _covers(sprites: list[CardSprite], rects: list[pygame.Rect], corner: int) -> list[int | None]:
    """For each sprite (bottom first), the top of the card of its column that covers all of it but
    its top (see _paint_sprites), or None. The first card above it in its column (the same x and
    width, lower down) decides: it covers if it lies a corner's height lower or more, reaches as far
    down and is not turning. One pass from the top down, each column's cards kept apart: comparing
    every card with every one above it would take about 6 % of a deal frame."""
    covers: list[int | None] = [None] * len(sprites)
    above: dict[tuple[int, int], list[tuple[pygame.Rect, bool]]] = {}  # column -> its cards, lowest z first
    for n in range(len(sprites) - 1, -1, -1):
        r = rects[n]
        column = above.setdefault((r.x, r.width), [])
        for o, flat in column:
            if o.top > r.top:
                if o.top - r.top >= corner and o.bottom >= r.bottom and flat:
                    covers[n] = o.top
                break
        column.insert(0, (r, _flip_step(sprites[n]) < 0))
    return covers


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
    return [s for i, (s, place) in enumerate(zip(order, places)) if s.glow or place is None or top_at[place] <= i]
