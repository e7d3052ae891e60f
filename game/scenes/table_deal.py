"""The deal of a table, as the shared table (game.scenes.table) plays it: the faces it will show
read ahead, the cards flown one after another from the deal's start to their places, a tap that
skips it, and what the table says once they land. TableScene mixes this in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import registry
from ..i18n import N_
from ..model.codes import parse_code
from ..solver import deals
from ..view.face_keeping import worth_keeping
from .table_band import TableBand

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame
    from ..view.board import Board
    from .finish import Finisher
    from .winnable_light import WinnableLight

DEAL_TIME = 1.5
#: Each dealt card's flight, seconds: a quick snap, so that about 4 (Golf) to 6 (Eight Off) cards
#: are in the air at once. Each one in flight repaints the cards under its path every frame: a
#: 0.3 s flight has 9 to 13 in the air at once, and at 1920x1080 a Pi then misses frames.
DEAL_FLIGHT = 0.15


class TableDeal(TableBand):
    """A table's deal (TableScene supplies what it uses)."""

    if TYPE_CHECKING:  # pragma: no cover - what TableScene provides
        board: Board
        finisher: Finisher
        light: WinnableLight
        guaranteed: bool | None

        @property
        def speed(self) -> float: ...
        def refresh(self, duration: float | None = None) -> None: ...
        def sound(self, name: str) -> None: ...

    def prefetch_faces(self) -> None:
        """The faces at this size that the table will show, those the deal shows first, then the
        rest from the top of their piles down (the Golf stock's next draw first): loaded in spare
        time (CardImages.prefetch). Only those worth keeping (face_keeping.py): a card buried in a
        pile or deep in the stock is loaded when it comes near the top. The other faces of its cards
        go now (the last table's: at rest they would go all the same)."""
        targets = self.targets()
        kept = worth_keeping((card, t.pos, t.face_up, t.z) for card, t in targets.items())
        wanted = set(kept)
        order = [c for c in self.deal_order() if c in wanted]
        dealt = set(order)
        self.board.keep_only(order + [c for c in kept if c not in dealt])

    def start_deal(self) -> None:
        """Fly the cards from the deal's start to their places, one after another in deal order
        (at once with animations off)."""
        self.board.sync(self.deal_start(), duration=0)
        if self.speed == 0:
            self.refresh(0)
            return
        self.dealing = True
        self.finisher.refresh()  # (no Finish button over the deal)
        order = self.deal_order()
        stagger = (DEAL_TIME - DEAL_FLIGHT) * self.speed / max(1, len(order))
        self.board.sync(
            self.targets(),
            duration=DEAL_FLIGHT * self.speed,
            stagger=stagger,
            order=order,
            on_land=lambda card: self.sound("deal"),
            flip_time=DEAL_FLIGHT * 0.7 * self.speed,
        )

    def skip_deal(self) -> None:
        """Put every card of a deal in flight where it lands."""
        if not self.dealing:
            return
        self.board.finish()
        self.dealing = False
        self.refresh(0)
        self.finisher.refresh()

    def deal_landed(self, demo_due: bool) -> None:
        """The deal's cards rest: the table plays (its glow, the light's verdict, the Finish
        button), and a proven deal says so in words, unless its demo is about to start."""
        self.dealing = False
        self.refresh()
        self.light.changed()  # the deal's own verdict, once its cards rest
        self.finisher.refresh()
        if self.guaranteed and not demo_due:
            self.show_message(N_("Winnable deal"))  # in words once, where the HUD has only a ✓


def listed(game: SolitaireGame) -> bool:
    """Whether the game's deal is in the shipped deal list of proven-winnable deals."""
    if not game.code or not registry.kind_of(game).has_deal_list:  # (a rule set with no deal list lists none)
        return False
    return deals.is_listed(deals.kind_of(game), parse_code(game.code).number)
