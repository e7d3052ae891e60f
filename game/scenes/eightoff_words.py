"""Eight Off's moves in words, as the table's lost-position panel and the review name them:
'7♠ to a cell', '5♦ onto 6♣', '9♥ to an empty column'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import tr
from ..model.moves import PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..model.eightoff import EightOffGame
    from ..model.moves import EightOffMove


def move_words(before: EightOffGame, move: EightOffMove) -> str:
    """`move`, made from the position `before`, in words."""
    src, dst, count = move.src, move.dst, move.count
    pile = before.pile(src)
    card = pile[-count].label if len(pile) >= count else "?"
    if dst.kind is PileKind.CELL:
        return tr("{card} to a cell", card=card)
    if dst.kind is PileKind.FOUNDATION:
        return tr("{card} to its foundation", card=card)
    if src.kind is PileKind.FOUNDATION:
        return tr("{card} back from its foundation", card=card)
    under = before.pile(dst)
    if not under:
        return tr("{card} to an empty column", card=card)
    return tr("{card} onto {other}", card=card, other=under[-1].label)
