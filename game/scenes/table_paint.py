"""Painting a table: the board's dirty rectangles, then the layers over them (the translucent top
band, the Finish button, the focus ring, a band icon's name, the message), and the static table
background (the empty piles on the felt) shared by every table of the same kind and size and by
Help's examples."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol

import pygame

from ..i18n import language, tr
from ..model.cards import SUIT_SYMBOLS
from ..services import CardArt
from ..ui.text import TextCache
from ..view.backdrop import Backdrop, Canvas
from ..view.board import Board
from ..view.layout import TableLayout
from .hud import Hud

SUIT_MARK, SUIT_MARK_ALPHA = (235, 240, 230), 70  # a foundation's suit, faint until its Ace arrives

_BACKGROUNDS: dict[Hashable, Backdrop] = {}


def shared_background(key: Hashable, build: Callable[[], Backdrop]) -> Backdrop:
    """The static table for `key` (kind, size, slots) in the language in use (it names the free
    cells): a new deal reuses it instead of allocating another full-screen surface (which fragments
    memory on a long run). One size and language at a time."""
    key = (key, language())
    bg = _BACKGROUNDS.get(key)
    if bg is None:
        _BACKGROUNDS.clear()
        bg = _BACKGROUNDS[key] = build()
    return bg


def slot_areas(layout: TableLayout) -> list[pygame.Rect]:
    """Where paint_slots paints: the framed groups and the outlines (the suits and labels lie on
    these)."""
    return [pygame.Rect(r) for r in (*layout.slot_groups(), *layout.slots())]


def paint_slots(bg: Canvas, layout: TableLayout, images: CardArt | None, text: TextCache) -> None:
    """The empty-pile outlines of `layout` on the felt `bg`: each foundation with an A over its
    suit, faint until its Ace covers it; each free cell named; the groups that share a row framed.
    What lies outside `bg` (a patch of the table) is skipped."""
    view = bg.get_rect()
    for group in (g for g in layout.slot_groups() if view.colliderect(g)):
        frame = pygame.Surface(group.size, pygame.SRCALPHA)
        radius = max(4, layout.card_w // 10)
        pygame.draw.rect(frame, (*SUIT_MARK, 26), frame.get_rect(), border_radius=radius)
        pygame.draw.rect(
            frame, (*SUIT_MARK, 60), frame.get_rect(), width=max(1, layout.card_w // 60), border_radius=radius
        )
        bg.blit(frame, group)
    slot = images.slot(layout.card_w) if images is not None else None  # (None: the game is cardless)
    for rect in layout.slots():
        if slot is not None and view.colliderect(rect):
            bg.blit(slot, rect)
    size = int(layout.card_h * 0.42)
    for suit, rect in layout.suit_slots():
        if not view.colliderect(rect):
            continue
        glyph = text.render(SUIT_SYMBOLS[suit], size, SUIT_MARK).copy()
        glyph.set_alpha(SUIT_MARK_ALPHA)
        bg.blit(glyph, glyph.get_rect(center=rect.center))
        ace = text.render("A", int(layout.card_h * 0.2), SUIT_MARK, bold=True).copy()
        ace.set_alpha(SUIT_MARK_ALPHA + 30)
        bg.blit(ace, ace.get_rect(midtop=(rect.centerx, rect.top + int(layout.card_h * 0.06))))
    for label, rect in layout.slot_labels():
        if not view.colliderect(rect):
            continue
        line, label_size = text.wrapped_choice(
            tr(label), int(rect.width * 0.84), max(10, int(layout.card_h * 0.14)), bold=True
        )
        if text.rendered_size(line, label_size, bold=True)[0] > rect.width - 2:
            continue  # cards too small for it (a Help example's): unnamed, not written over its neighbours
        img = text.render(line, label_size, SUIT_MARK, bold=True).copy()
        img.set_alpha(SUIT_MARK_ALPHA + 60)
        bg.blit(img, img.get_rect(center=rect.center))


class Layer(Protocol):
    """Anything drawn over the table's cards (the band, the Finish button, the focus ring, a band
    icon's name, the message), painted in list order over the board."""

    def changed(self) -> list[pygame.Rect]:
        """Where it changed since it was last painted (asked once a frame, before the board draws)."""
        ...

    def parts(self) -> list[pygame.Rect]:
        """Where it shows now: translucent, each is restored whole where a change touches it."""
        ...

    def draw(self, surface: pygame.Surface, painted: list[pygame.Rect] | None, changed: bool) -> list[pygame.Rect]:
        """Paint it where the board repainted (`painted`; None: everywhere) or where it `changed`;
        the rectangles it painted."""
        ...


class Floating(Protocol):
    """One piece over the cards: the Finish button, the focus ring, a band icon's name, the message."""

    @property
    def active(self) -> bool: ...
    @property
    def rect(self) -> pygame.Rect: ...
    def dirty_rect(self) -> pygame.Rect | None: ...
    def draw(self, surface: pygame.Surface) -> pygame.Rect | None: ...


class FloatingLayer:
    """A Floating piece as a layer: painted where it changed, or where it shows and the board repainted
    (also when it has just gone: it forgets its old place)."""

    def __init__(self, piece: Floating) -> None:
        self.piece = piece

    def changed(self) -> list[pygame.Rect]:
        rect = self.piece.dirty_rect()
        return [] if rect is None else [rect]

    def parts(self) -> list[pygame.Rect]:
        return [self.piece.rect] if self.piece.active else []

    def draw(self, surface: pygame.Surface, painted: list[pygame.Rect] | None, changed: bool) -> list[pygame.Rect]:
        piece = self.piece
        shows = piece.active and (painted is None or piece.rect.collidelist(painted) != -1)
        if not (changed or shows):
            return []
        rect = piece.draw(surface)
        return [] if rect is None else [rect]


class BandLayer:
    """The top band as a layer: its counters' changes, its translucent pieces, and its painting."""

    def __init__(self, hud: Hud, values: Callable[[], tuple[str, ...]]) -> None:
        self.hud = hud
        self.values = values
        self._values: tuple[str, ...] = ()  # what the counters show this frame

    def changed(self) -> list[pygame.Rect]:
        self._values = self.values()
        return self.hud.changed(self._values)

    def parts(self) -> list[pygame.Rect]:
        return self.hud.parts()

    def draw(self, surface: pygame.Surface, painted: list[pygame.Rect] | None, changed: bool) -> list[pygame.Rect]:
        if painted is None:
            self.hud.draw(surface, self._values)
            return []
        under = [r for r in painted if r.colliderect(self.hud.rect)]
        return self.hud.draw(surface, self._values, under) if under else []


def paint_layers(
    surface: pygame.Surface, board: Board, layers: Sequence[Layer], everything: bool
) -> list[pygame.Rect] | None:
    """Draw what changed (all of it when `everything`): the board, then the layers over it; returns
    the dirty rectangles, or None for the whole screen."""
    changes = [layer.changed() for layer in layers]
    for rect in (r for rects in changes for r in rects):
        board.invalidate(rect)
    if everything:
        board.invalidate()
    dirty = board.draw(surface)
    rects = None if dirty is None else _restore_whole(board, surface, layers, dirty)
    for layer, change in zip(layers, changes, strict=True):
        drawn = layer.draw(surface, rects, bool(change))  # (each over what those before it painted)
        if rects is not None:
            rects += drawn
    return rects


def _restore_whole(
    board: Board, surface: pygame.Surface, layers: Sequence[Layer], dirty: list[pygame.Rect]
) -> list[pygame.Rect]:
    """The layers are translucent and painted whole: where a change touches one, all of it is
    restored first (with any card under it), or their fills pile up (until none is left half
    restored: restoring one whole may reach into its neighbour)."""
    parts = [part for layer in layers for part in layer.parts()]
    rects = list(dirty)
    while True:
        touched = [
            part for part in parts if part.collidelist(rects) != -1 and not any(r.contains(part) for r in rects)
        ]  # (already restored whole: not twice)
        if not touched:
            return rects
        for part in touched:
            board.invalidate(part)
        rects += board.draw(surface) or []
