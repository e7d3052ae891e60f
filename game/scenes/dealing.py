"""New deals: proven winnable ones when the player wants them (the default, per game and option).

A winnable deal comes at random from the shipped table of deals the solver proved winnable, never
one already dealt from it. When every deal of the table has been dealt, random deal numbers are
solved in the solver worker until one is proven winnable, while a small panel says so; the frame
loop never waits. A watched deal (the demo) comes from the table too, but is not marked as dealt:
it was not the player's.
"""
from __future__ import annotations

import logging
import random
from typing import Any

from ..i18n import N_
from ..jobs import JobFailed
from ..solver import deals
from .base import Pop, Push, Replace, Transition
from .dialog import DialogOverlay

log = logging.getLogger(__name__)

FIND_BUDGET = 2.0  # s per candidate deal when the table is exhausted


def make_game(game_name: str, option: Any, number: int | None = None, rng: random.Random | None = None) -> Any:
    """A model game of this game and option: deal `number`, or a random one."""
    if game_name == "eightoff":
        from ..model.eightoff import EightOffGame

        return EightOffGame.new(cells=int(option), number=number, rng=rng)
    from ..model.golf import GolfGame

    return GolfGame.new(rule=str(option), number=number, rng=rng)


def deal_new(ctx: Any, game_name: str, option: Any, demo: bool = False,
             rng: random.Random | None = None) -> Transition:
    """The transition to a new table of this game and option (or to the panel that finds one)."""
    rng = rng or random.Random()
    kind = deals.kind_for(game_name, option)
    if not ctx.settings.winnable(kind) and not demo:
        return Replace(ctx.make_table_scene(make_game(game_name, option, rng=rng)))
    progress = ctx.progress
    dealt = set() if demo or progress is None else progress.dealt(kind)
    number = deals.pick_listed(kind, rng, dealt)
    if number is None:
        return Push(FindingDealOverlay(ctx, game_name, option, dealt, demo, rng.randrange(1 << 30)))
    if not demo and progress is not None:
        progress.mark_dealt(kind, number)
    return Replace(ctx.make_table_scene(make_game(game_name, option, number), guaranteed=True, demo=demo))


class FindingDealOverlay(DialogOverlay):
    """Every listed deal has been dealt: the solver looks for a new winnable one meanwhile."""

    title = N_("Finding a winnable deal…")

    def __init__(self, ctx: Any, game_name: str, option: Any, dealt: set[int], demo: bool, seed: int) -> None:
        self.game_name, self.option, self.demo = game_name, option, demo
        self.kind = deals.kind_for(game_name, option)
        super().__init__(ctx)
        self.job = ctx.jobs.find_deal(self.kind, seed, dealt, FIND_BUDGET)

    def lines(self) -> list[str]:
        return []

    def actions(self) -> list[tuple[str, Any, str]]:
        return [(N_("Cancel"), self.cancel, "secondary")]

    def cancel(self) -> None:
        self.job.cancel()
        self._transition = Pop()

    def exit(self) -> None:
        self.job.cancel()  # (nothing happens if it was answered)

    def update(self, dt: float) -> Transition:
        if not self.job.done:
            return None
        answer = self.job.result()
        if isinstance(answer, JobFailed) or answer is None:
            log.warning("no winnable deal found (%s); dealing any deal", getattr(answer, "error", "none"))
            game = make_game(self.game_name, self.option)
            return Replace(self.ctx.make_table_scene(game, demo=self.demo))
        if not self.demo and self.ctx.progress is not None:
            self.ctx.progress.mark_dealt(self.kind, answer)
        game = make_game(self.game_name, self.option, answer)
        return Replace(self.ctx.make_table_scene(game, guaranteed=True, demo=self.demo))

    def is_animating(self) -> bool:
        return True  # waiting for the worker: keep polling every frame

    def on_key(self, event) -> Transition:
        import pygame

        if event.key == pygame.K_ESCAPE:
            self.cancel()
        return self._transition
