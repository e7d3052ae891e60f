"""The "still winnable?" light (a setting, off by default): after every move, a small mark on the
table says whether the position can still be won (a proof found), is lost (proved), or is being
thought about. It turns red at the very move that lost the game, and never says which move wins:
that is what Hint is for.

It asks the solver in the worker (game.jobs) with a small budget, so a frame never waits. Two
answers need no search at all: a position on a known winning line (the deal's shipped line, or a
line found for a hint) is winnable, and a move made from a position proven lost leads to a lost
one (no move can make a lost game winnable again), so only undo brings the search back.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..i18n import N_, tr
from ..jobs import Job, JobFailed
from ..solver.result import Budget

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..model.base import SolitaireGame
    from .assist import Assistant


class LightTable(Protocol):
    """What the winnable light asks of its table: the game, the solver's jobs and the assistant's line."""

    ctx: Context
    game: SolitaireGame

    @property
    def assist(self) -> Assistant: ...
    @property
    def watching(self) -> bool: ...


#: States keep the answer the same on every machine; seconds bound it on a slow one.
BUDGET = Budget(states=300_000, seconds=4.0)


class Verdict(Enum):
    """What the light shows."""

    OFF = "off"
    THINKING = "thinking"
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"  # the budget ran out before a proof either way


#: (colour, glyph, the words a tap or a screen reader gets) per verdict
LOOKS: dict[Verdict, tuple[tuple[int, int, int], str, str]] = {
    Verdict.THINKING: ((150, 160, 150), "…", N_("Checking whether this position can still be won…")),
    Verdict.WINNABLE: ((70, 200, 110), "✓", N_("This position can still be won.")),
    Verdict.LOST: ((225, 70, 60), "✗", N_("This position can no longer be won.")),
    Verdict.UNKNOWN: ((150, 160, 150), "?", N_("The solver could not decide this position in time.")),
}


class WinnableLight:
    """The light of one table: `changed()` after every model change, `update()` every frame."""

    def __init__(self, table: LightTable) -> None:
        self.table = table
        self.verdict = Verdict.OFF
        self.job: Job[tuple[str, tuple]] | None = None
        self.turned_at: int | None = None  # the move count at which it turned red
        self._before = Verdict.OFF  # the verdict of the position before this one
        self._lost_key: str | None = None  # a position proven lost
        self.dirty = True  # the table repaints the mark when its verdict changed

    @property
    def enabled(self) -> bool:
        return bool(getattr(self.table.ctx.settings, "winnable_light", False)) and not self.table.watching

    def changed(self, undo: bool = False) -> None:
        """The position changed (a move, an undo, the deal): find its verdict."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        if not self.enabled:
            self._set(Verdict.OFF)
            return
        game = self.table.game
        # a position left before its answer came is undecided: the red then marks no move
        self._before = Verdict.UNKNOWN if self.verdict is Verdict.THINKING else self.verdict
        if game.status == "won":
            self._set(Verdict.WINNABLE)
            return
        if game.status != "playing" or (self._before is Verdict.LOST and not undo):
            self._set(Verdict.LOST)  # a lost position's every successor is lost
            return
        if self.table.assist.known_line():
            self._set(Verdict.WINNABLE)
            return
        self.job = self.table.ctx.jobs.verdict(game, BUDGET)
        self._set(Verdict.THINKING)

    def update(self) -> None:
        """Take the answer when it is in (the table calls this every frame)."""
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        answer: Any = job.result()
        if isinstance(answer, JobFailed) or job.about != self.table.game.position_key():
            self._set(Verdict.UNKNOWN)
            return
        verdict, moves = answer
        if verdict == "winnable":
            move = self.table.game.MOVE  # the worker sends the solver's raw moves (a column, 'draw')
            self.table.assist.learn_line(tuple(move.coerce(m) for m in moves))  # the next hint needs no search
            self._set(Verdict.WINNABLE)
        elif verdict == "unwinnable":
            self._set(Verdict.LOST)
        else:
            self._set(Verdict.UNKNOWN)

    def _set(self, verdict: Verdict) -> None:
        if verdict is Verdict.LOST:  # this move lost the game if the position before was winnable
            self.turned_at = self.table.game.moves if self._before is Verdict.WINNABLE else None
        elif verdict is not Verdict.THINKING:
            self.turned_at = None
        if verdict is not self.verdict:
            self.verdict = verdict
            self.dirty = True

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    # -- drawing -----------------------------------------------------------------------------------
    def words(self) -> str:
        """What the light says in words (a tap on it shows them)."""
        look = LOOKS.get(self.verdict)
        return tr(look[2]) if look else ""

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A round mark with its glyph, in `rect` (the table gives a small square)."""
        self.dirty = False
        look = LOOKS.get(self.verdict)
        if look is None:
            return
        colour, glyph, _words = look
        radius = max(4, min(rect.width, rect.height) // 2 - 1)
        pygame.draw.circle(surface, (20, 30, 24), rect.center, radius + 1)
        pygame.draw.circle(surface, colour, rect.center, radius)
        img = self.table.ctx.text.render(glyph, max(8, int(radius * 1.3)), (255, 255, 255), bold=True)
        surface.blit(img, img.get_rect(center=rect.center))
