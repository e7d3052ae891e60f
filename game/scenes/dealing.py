"""New deals: proven winnable ones when the player wants them (the default, per game and option).

A winnable deal comes at random from the shipped deal list (the deals the solver proved winnable),
never one already dealt from it. When every deal of the list has been dealt, random deal numbers are
solved in the solver worker until one is proven winnable, while a small panel says so; the frame
loop never waits. A watched deal (the demo) comes from the deal list too, but is not marked as dealt:
it was not the player's.
"""

from __future__ import annotations

import datetime
import logging
import random
from typing import TYPE_CHECKING

import pygame

from .. import daily, registry
from ..i18n import N_
from ..jobs import JobFailed
from ..model.base import SolitaireGame
from ..solver import deals, rating
from .base import Action, Pop, Push, Replace, Transition
from .dialog import DialogOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from .dialog_content import PanelHost

log = logging.getLogger(__name__)

FIND_BUDGET = 2.0  # s per candidate deal when the table is exhausted


def make_game(kind_id: str, number: int | None = None, rng: random.Random | None = None) -> SolitaireGame:
    """A model game of this kind: deal `number`, or a random one."""
    return registry.kind(kind_id).new_game(number, rng)


def deal_new(
    ctx: Context, kind_id: str, option: str | int | None = None, demo: bool = False, rng: random.Random | None = None
) -> Transition:
    """The transition to a new table of this kind (or to the panel that finds one). The kind may
    also be given as a game and its option: ('eightoff', 4)."""
    if option is not None:
        kind_id = registry.kind_for(kind_id, option).id
    rng = rng or random.Random()
    kind = registry.kind(kind_id).deal_list
    if not ctx.settings.winnable(kind) and not demo:
        return Replace(ctx.scenes.table(make_game(kind_id, rng=rng)))
    progress = ctx.progress
    dealt = set() if demo or progress is None else progress.dealt(kind)
    number = None
    if registry.kind(kind_id).has_deal_list:
        band = ctx.settings.difficulty
        if band != "any" and not demo and rating.has_bands(kind):  # "Winnable: easy / medium / hard"
            number = deals.pick_from(rating.listed_in_band(kind, band), rng, dealt)
        if number is None:
            number = deals.pick_listed(kind, rng, dealt)
    if number is None:
        return Push(FindingDealOverlay(ctx, kind_id, dealt, demo, rng.randrange(1 << 30)))
    if not demo and progress is not None:
        progress.mark_dealt(kind, number)
    return Replace(ctx.scenes.table(make_game(kind_id, number), guaranteed=True, demo=demo))


def deal_daily(ctx: Context, kind_id: str, day: datetime.date) -> Transition:
    """The transition to the table of `day`'s daily deal of this kind (proven winnable: it is
    taken from the kind's table, game/daily.py)."""
    return Replace(
        ctx.scenes.table(
            registry.game_from_code(daily.daily_code(kind_id, day)), guaranteed=True, daily=day.isoformat()
        )
    )


class FindingDeal:
    """Every listed deal has been dealt: the solver looks for a new winnable one meanwhile (the
    panel's content and its life: it polls the worker every frame)."""

    title = N_("Finding a winnable deal…")
    dim_alpha = 120
    compact_levels = 0
    bare = False

    def __init__(self, ctx: Context, kind_id: str, dealt: set[int], demo: bool, seed: int) -> None:
        self.ctx = ctx
        self.kind_id, self.demo = kind_id, demo
        self.kind = registry.kind(kind_id).deal_list
        self.job = ctx.jobs.find_deal(self.kind, seed, dealt, FIND_BUDGET)

    def lines(self, compact: int) -> list[str]:
        return []

    def actions(self, compact: int) -> list[tuple[str, Action, str]]:
        return [(N_("Cancel"), self.cancel, "secondary")]

    def cancel(self) -> Transition:
        self.job.cancel()
        return Pop()

    def on_key(self, event: pygame.event.Event) -> Transition:
        if event.key == pygame.K_ESCAPE:
            return self.cancel()
        return None

    def bind(self, host: PanelHost) -> None:
        pass

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        self.job.cancel()  # (nothing happens if it was answered)

    def update(self, dt: float) -> Transition:
        if not self.job.done:
            return None
        answer = self.job.result()
        if isinstance(answer, JobFailed) or answer is None:
            log.warning("no winnable deal found (%s); dealing any deal", getattr(answer, "error", "none"))
            game = make_game(self.kind_id)
            return Replace(self.ctx.scenes.table(game, demo=self.demo))
        if not self.demo and self.ctx.progress is not None:
            self.ctx.progress.mark_dealt(self.kind, answer)
        game = make_game(self.kind_id, answer)
        return Replace(self.ctx.scenes.table(game, guaranteed=True, demo=self.demo))

    def is_animating(self) -> bool:
        return True  # waiting for the worker: keep polling every frame

    def intercept(self, event: pygame.event.Event) -> tuple[bool, Transition]:
        return False, None

    def draw_effects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return []


def FindingDealOverlay(ctx: Context, kind_id: str, dealt: set[int], demo: bool, seed: int) -> DialogOverlay:
    """The panel that waits for the solver to find a winnable deal."""
    finding = FindingDeal(ctx, kind_id, dealt, demo, seed)
    return DialogOverlay(ctx, finding, life=finding)
