"""How a screen that shows statistics learns that new figures came.

The statistics are read on a thread of their own (game/persist/reader.py): a screen paints what is
known now ("…" before the first answer) and paints again when an answer comes. `changed()`, asked
in the screen's update, says so once per new answer; `redraw` keeps the loop drawing until the
screen has painted it (`is_animating`).
"""

from __future__ import annotations

from typing import Any


def known_figures(ctx: Any) -> Any:
    """The figures as far as known (game.persist.figures.Known), or None without statistics."""
    return getattr(getattr(getattr(ctx, "progress", None), "stats", None), "known", None)


class FiguresWatch:
    """Notices new answers from the statistics' reader."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.seen = self._version()
        self.redraw = False  # a new answer is to be painted

    def _version(self) -> int | None:
        known = known_figures(self.ctx)
        return None if known is None else known.version

    def changed(self) -> bool:
        """Whether an answer came since the last time it was asked (the screen paints again)."""
        now = self._version()
        if now == self.seen:
            return False
        self.seen = now
        self.redraw = True
        return True
