"""The deal of a table: the faces it will show read ahead, the cards flown one after another from the
deal's start to their places, a tap that skips it, and what the table says once they land."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .. import registry
from ..i18n import N_
from ..model.codes import parse_code
from ..solver import deals
from ..view.card_sprite import Target
from ..view.face_keeping import worth_keeping

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame
    from ..model.cards import Card
    from ..view.board import Board
    from .table_contract import TableRules

DEAL_TIME = 1.5
#: Each dealt card's flight, seconds: a quick snap, so that about 4 (Golf) to 6 (Eight Off) cards
#: are in the air at once. Each one in flight repaints the cards under its path every frame: a
#: 0.3 s flight has 9 to 13 in the air at once, and at 1920x1080 a Pi then misses frames.
DEAL_FLIGHT = 0.15


class Refreshing(Protocol):
    """A part of the table that follows the game (the Finish button, the winnable light)."""

    def refresh(self) -> None: ...


class Verdict(Protocol):
    """The winnable light: it judges the position once the cards rest."""

    def changed(self, undo: bool = False) -> None: ...


class DealTable(Protocol):
    """What the deal asks of its table."""

    board: Board
    dealing: bool
    guaranteed: bool | None

    @property
    def rules(self) -> TableRules: ...
    @property
    def speed(self) -> float: ...
    @property
    def finisher(self) -> Refreshing: ...
    @property
    def light(self) -> Verdict: ...
    def targets(self) -> dict[Card, Target]: ...
    def refresh(self, duration: float | None = None) -> None: ...
    def sound(self, name: str) -> None: ...
    def show_message(self, message: str, duration: float = ..., **fmt: str | int) -> None: ...


def prefetch_faces(table: DealTable) -> None:
    """The faces at this size that the table will show, those the deal shows first, then the
    rest from the top of their piles down (the Golf stock's next draw first): loaded in spare
    time (CardImages.prefetch). Only those worth keeping (face_keeping.py): a card buried in a
    pile or deep in the stock is loaded when it comes near the top. The other faces of its cards
    go now (the last table's: at rest they would go all the same)."""
    targets = table.targets()
    kept = worth_keeping((card, t.pos, t.face_up, t.z) for card, t in targets.items())
    wanted = set(kept)
    order = [c for c in table.rules.deal_order() if c in wanted]
    dealt = set(order)
    table.board.keep_only(order + [c for c in kept if c not in dealt])


def start_deal(table: DealTable) -> None:
    """Fly the cards from the deal's start to their places, one after another in deal order
    (at once with animations off). Every card dealt waits face down where the deal starts and turns
    over on its way: waiting, it lies on the stock or the pack, where a face would show before its
    flight."""
    dealt = set(table.rules.deal_order())
    start = {c: Target(t.pos, False, t.z) if c in dealt else t for c, t in table.rules.deal_start().items()}
    table.board.sync(start, duration=0)
    if table.speed == 0:
        table.refresh(0)
        return
    table.dealing = True
    table.finisher.refresh()  # (no Finish button over the deal)
    order = table.rules.deal_order()
    stagger = (DEAL_TIME - DEAL_FLIGHT) * table.speed / max(1, len(order))
    table.board.sync(
        table.targets(),
        duration=DEAL_FLIGHT * table.speed,
        stagger=stagger,
        order=order,
        on_land=lambda card: table.sound("deal"),
        flip_time=DEAL_FLIGHT * 0.7 * table.speed,
    )


def skip_deal(table: DealTable) -> None:
    """Put every card of a deal in flight where it lands."""
    if not table.dealing:
        return
    table.board.finish()
    table.dealing = False
    table.refresh(0)
    table.finisher.refresh()


def deal_landed(table: DealTable, demo_due: bool) -> None:
    """The deal's cards rest: the table plays (its glow, the light's verdict, the Finish
    button), and a proven deal says so in words, unless its demo is about to start."""
    table.dealing = False
    table.refresh()
    table.light.changed()  # the deal's own verdict, once its cards rest
    table.finisher.refresh()
    if table.guaranteed and not demo_due:
        table.show_message(N_("Winnable deal"))  # in words once, where the HUD has only a ✓


def listed(game: SolitaireGame) -> bool:
    """Whether the game's deal is in the shipped deal list of proven-winnable deals."""
    if not game.code or not registry.kind_of(game).has_deal_list:  # (a rule set with no deal list lists none)
        return False
    return deals.is_listed(deals.kind_of(game), parse_code(game.code).number)
