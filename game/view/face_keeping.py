"""Which card faces a table keeps loaded: those it shows and those it may show next.

A face at 1920x1080 is about 210 KiB. A pile (Golf's waste, an Eight Off foundation) shows only its
top card, and late in a game most of the pack lies buried in piles: keeping every face would cost
11 MiB, a sixth of the game's memory. So a table at rest keeps the faces of the face-up cards that
show, of the card right under each top (what a move away or an undo uncovers at once), and of the
two face-down cards on top (what the Golf stock gives next); the rest are dropped and loaded again
in spare time before they show (CardImages.keep_faces, CardImages.prefetch).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.cards import Card

#: the cards kept at each place: the top and the one a move uncovers
PER_PLACE = 2
#: the face-down cards kept, from the top: the next the stock gives, and the one after
FACE_DOWN = 2


def worth_keeping(cards: Iterable[tuple[Card, tuple[float, float], bool, int]]) -> list[Card]:
    """Of (card, place, face up, stacking order) at rest, the cards whose faces to keep, the top
    ones first. Cards lie at the same place in a pile; a fanned column's cards each have their own."""
    places: dict[tuple[int, int], list[tuple[int, Card]]] = {}
    down: list[tuple[int, Card]] = []
    for card, pos, face_up, z in cards:
        if face_up:
            places.setdefault((round(pos[0]), round(pos[1])), []).append((z, card))
        else:
            down.append((z, card))
    kept: list[tuple[int, Card]] = []
    for pile in places.values():
        pile.sort(key=lambda item: item[0])
        kept += pile[-PER_PLACE:]
    down.sort(key=lambda item: item[0])
    kept += down[-FACE_DOWN:]
    kept.sort(key=lambda item: -item[0])
    return [card for _z, card in kept]
