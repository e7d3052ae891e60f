"""Painting a table: the board's dirty rectangles, then the translucent top band and message over
them, and the static table background (the empty piles on the felt) shared by every table of the
same kind and size and by Help's examples."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from ..i18n import tr
from ..model.cards import SUIT_SYMBOLS
from ..services import CardArt
from ..ui.text import TextCache
from ..ui.toast import Toast
from ..view.backdrop import Backdrop, Canvas
from ..view.board import Board
from ..view.free_space import free_rects
from ..view.layout import TableLayout, margin
from .hud import Hud

SUIT_MARK, SUIT_MARK_ALPHA = (235, 240, 230), 70  # a foundation's suit, faint until its Ace arrives

_BACKGROUNDS: dict[Hashable, Backdrop] = {}


def shared_background(key: Hashable, build: Callable[[], Backdrop]) -> Backdrop:
    """The static table for `key` (kind, size, slots): a new deal reuses it instead of allocating
    another full-screen surface (which fragments memory on a long run). One size at a time."""
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


def panel_areas(board: Board, hud: Hud, size: tuple[int, int], marks: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """The free spaces of a table for a panel over it, largest first: between and around every
    card (and below the top band), each at least a small panel's size. Empty if there is none.
    `marks`: what is printed on the felt (empty piles' outlines, its title), kept clear as well."""
    m = margin(size)
    bounds = pygame.Rect(m // 2, hud.rect.bottom + m // 2, size[0] - m, size[1] - hud.rect.bottom - m)
    cards = [r.inflate(m // 2, m // 2) for r in [*(board.sprite_rect(s) for s in board.sprites.values()), *marks]]
    least = (max(200, size[0] // 5), max(110, size[1] // 6))
    cell = max(3, min(size) // 120)
    return [r.inflate(-(m // 2), -(m // 2)) for r in free_rects(bounds, cards, least, cell, limit=24)]


def paint_table(
    surface: pygame.Surface,
    board: Board,
    hud: Hud,
    toast: Toast,
    values: tuple,
    everything: bool,
    floating: Sequence[Any] = (),
) -> list[pygame.Rect] | None:
    """Draw what changed (all of it when `everything`); returns the dirty rectangles, or None for
    the whole screen. `floating`: what shows over the cards and under the message (the Finish
    button), each with the toast's interface: active, rect, dirty_rect(), draw(surface)."""
    for rect in hud.changed(values):
        board.invalidate(rect)
    moved = [r for r in (layer.dirty_rect() for layer in floating) if r is not None]
    for rect in moved:
        board.invalidate(rect)
    toast_rect = toast.dirty_rect()
    if toast_rect is not None:
        board.invalidate(toast_rect)
    if everything:
        board.invalidate()
    dirty = board.draw(surface)
    full = dirty is None
    rects: list[pygame.Rect] = [] if dirty is None else dirty
    # the band's pieces, its buttons and the message are translucent and painted whole: where a
    # change touches one, restore all of it first (with any card under it), or their fills pile up
    # (until none is left half restored: restoring one whole may reach into its neighbour)
    layers = hud.parts() + [layer.rect for layer in floating if layer.active] + ([toast.rect] if toast.active else [])
    while not full:
        touched = [
            layer for layer in layers if layer.collidelist(rects) != -1 and not any(r.contains(layer) for r in rects)
        ]  # (already restored whole: not twice)
        if not touched:
            break
        for layer in touched:
            board.invalidate(layer)
        rects += board.draw(surface) or []
    if full:
        hud.draw(surface, values)
    elif any(r.colliderect(hud.rect) for r in rects):
        rects += hud.draw(surface, values, [r for r in rects if r.colliderect(hud.rect)])
    for layer in floating:
        if (layer.active and (full or layer.rect.collidelist(rects) != -1)) or (not layer.active and moved):
            r = layer.draw(surface)  # (also when it has just gone: it forgets its old place)
            if r is not None and not full:
                rects.append(r)
    if toast_rect is not None or (toast.active and (full or toast.rect.collidelist(rects) != -1)):
        r = toast.draw(surface)  # also when it has just faded out: it forgets its old place
        if r is not None and not full:
            rects.append(r)
    return None if full else rects
