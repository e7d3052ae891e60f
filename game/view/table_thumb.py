"""A small picture of a game's table (the menu's game cards): a fixed deal laid out by the game's own
layout and drawn with the real card art at thumbnail size.

The table is laid out at a base window of the picture's shape (the layouts are made for windows,
not for thumbnails), and every position and the card width are scaled down to the picture. The
faces come from a CardImages of the thumbnail's own, so the table's scaled faces (kept one width at
a time) are never evicted for it, and are dropped once the picture is whole.

Decoding a face's PNG costs a little (on a Pi, a third of a frame), and a picture holds some fifty
faces, so a picture is painted a few cards at a time (`TableThumb.paint`), in the frames after the
menu first shows, and kept: the same picture (game, size, felt, deck, back) is never painted twice
while it is kept (`thumb`).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from .. import registry
from ..model.base import SolitaireGame
from ..ui import theme
from ..ui.felt import indexed_felt
from .card_images import CardImages
from .layout import table_area
from .layouts import layout_for

#: The deal each game's picture shows (a deal of the family's first rule set: its first deal).
DEALS = {registry.GOLF.id: "GO1-C-AAAAAAB", registry.EIGHT_OFF.id: "EO1-C8-AAAAAAB"}
#: The width of the window the table is laid out in before it is scaled down to the picture.
BASE_WIDTH = 1280
#: Pictures kept (two games, and a resize's worth of old ones).
KEEP = 4


@dataclass(frozen=True, slots=True)
class ThumbKey:
    """What a picture depends on: the game, its size, the felt, the deck's colours and the back."""

    family: str
    size: tuple[int, int]
    felt: str
    four_colour: bool
    back: str


class TableThumb:
    """The picture of one ThumbKey, painted a few cards at a time (`paint`) until `done`."""

    def __init__(self, key: ThumbKey, game: SolitaireGame | None = None) -> None:
        self.key = key
        w, h = max(8, key.size[0]), max(8, key.size[1])
        game = game if game is not None else registry.game_from_code(DEALS[key.family])
        # laid out in a window of the picture's shape (below the band, which the picture leaves out)
        scale = w / BASE_WIDTH
        base_h = round(h / scale)
        probe = table_area((BASE_WIDTH, base_h + 100))  # the band's height at about this window
        band = probe.top
        layout = layout_for(game, (BASE_WIDTH, base_h + band))
        card_w = max(4, round(layout.card_w * scale))

        def at(pos: tuple[float, float]) -> tuple[int, int]:
            return round(pos[0] * scale), round((pos[1] - band) * scale)

        centre, edge = theme.FELTS.get(key.felt, theme.FELTS["green"])
        self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.surface.blit(indexed_felt((w, h), centre, edge), (0, 0))
        self.images = CardImages()
        for slot in layout.slots():
            self.surface.blit(self.images.slot(card_w), at(slot.topleft))
        targets = sorted(layout.place(game).items(), key=lambda item: item[1].z)
        #: The cards still to paint, bottom first: (where, the face's code or None for a back).
        self._todo = [(at(t.pos), card.code if t.face_up else None) for card, t in targets]
        self._todo.reverse()  # (taken from the end)
        self._card_w = card_w
        #: How many times the picture changed (a widget showing it draws it again when this moves).
        self.version = 0

    @property
    def done(self) -> bool:
        return not self._todo

    def paint(self, cards: int) -> bool:
        """Paint up to `cards` more cards; True when the picture changed."""
        if not self._todo:
            return False
        for _ in range(min(cards, len(self._todo))):
            pos, code = self._todo.pop()
            if code is None:
                face = self.images.back_face(self._card_w, self.key.back)
            else:
                face = self.images.face(code, self._card_w, self.key.four_colour)
            self.surface.blit(face.image(), pos)
        if not self._todo:
            self.images.clear()  # the picture is whole: its faces are not needed again
        self.version += 1
        return True


_kept: OrderedDict[ThumbKey, TableThumb] = OrderedDict()


def thumb(key: ThumbKey) -> TableThumb:
    """The picture of `key`: the one kept, or a new one (its cards still to paint)."""
    found = _kept.get(key)
    if found is None:
        found = _kept[key] = TableThumb(key)
        while len(_kept) > KEEP:
            _kept.popitem(last=False)
    _kept.move_to_end(key)
    return found


def forget() -> None:
    """Drop every picture kept (tests; a change of card art)."""
    _kept.clear()
