"""Reading ahead, in idle frames' spare time, what a player's first new game of a game reads: its
table scene's and layout's code, its deal list of winnable deals and its pars.

Read in the deal's frame, Eight Off's pars (5,000 rows) and the table scene's imports would take
several frames: a stutter at the start of the first deal's animation (a player's first new game
from the menu, or attract mode's first demo). Only the games the screen can start are read
(App.games_ahead): a table, and a dialog or a tip over it, starts only its own game, so a Golf
table does not hold Eight Off's code (some 1.3 MiB) until the menu shows (unless attract mode's
demos, which take turns between the games, may start).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from typing import Any

#: Code every game's first end reads (the end panels, a round's hole's too), and a table's first
#: hint, blocked deal, described move or "Start a new game?" (the solver's analysis, its panel, the
#: dialog), which the tables import then, not at start-up: read ahead once, after the first game's
#: own pieces, so that none of them stalls the frame that first needs it.
SHARED = (
    "game.scenes.end_screen:WinOverlay",
    "game.scenes.round_end:RoundWinOverlay",
    "game.solver.analysis:current_line",
    "game.scenes.analysis_overlay:AnalysisOverlay",
    "game.scenes.dialog:ConfirmDialog",
)


def import_named(path: str) -> object:
    """'package.module:Name' imported now (SHARED's pieces)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def games_on_screen(stack: Sequence[Any]) -> tuple[str, ...] | None:
    """The kinds of game that can start from a scene stack as it shows (None: any): the top scene's
    (Scene.games_ahead), with an overlay's added to those of the scene beneath it."""
    games: tuple[str, ...] = ()
    for scene in reversed(stack):
        own = scene.games_ahead()
        if own is None:
            return None
        games += own
        if not scene.overlay:
            break
    return games


class ReadAhead:
    """The queue of pieces to read, one per spare-time slot, and the kinds (and SHARED code) queued
    so far."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self._pieces: list[Callable[[], object]] = []
        self._games: set[str] = set()

    @property
    def pending(self) -> int:
        """Pieces queued and not read yet."""
        return len(self._pieces)

    def want(self, kinds: tuple[str, ...] | None) -> None:
        """Queue the pieces of these kinds of game (kind ids; None: each game's kind chosen in the
        settings now) not queued before."""
        from game import registry
        from game.scenes.tables import TABLE_RULES
        from game.solver import deals, par
        from game.view.layouts import LAYOUTS

        if kinds is None:
            kinds = tuple(registry.chosen(self.settings, family).id for family in registry.FAMILIES)
        for kind_id in kinds:
            if kind_id in self._games:
                continue
            self._games.add(kind_id)
            try:
                kind = registry.kind(kind_id)
            except ValueError:  # (a kind this version does not know: nothing to read for it)
                continue
            self._pieces += [TABLE_RULES[kind.family.id], LAYOUTS[kind.family.id]]
            if kind.has_deal_list:
                self._pieces += [
                    functools.partial(deals.listed, kind.deal_list),
                    functools.partial(par.par_entry, kind.deal_list, 0),
                ]
        for path in SHARED:  # (after the first game's own pieces; once)
            if path not in self._games:
                self._games.add(path)
                self._pieces.append(functools.partial(import_named, path))

    def read_next(self) -> bool:
        """Read one piece (a module or a table: it may take longer than a frame); False when none is
        left."""
        if not self._pieces:
            return False
        self._pieces.pop(0)()
        return True
