"""What a solve returns, and the budget it runs under (shared by both solvers)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

VERDICTS = ("winnable", "unwinnable", "unknown")


@dataclass(frozen=True)
class Budget:
    """A search limit: searched states and/or seconds of wall time; None means no limit."""

    states: int | None = None
    seconds: float | None = None

    def deadline(self) -> float | None:
        return None if self.seconds is None else time.perf_counter() + self.seconds


def as_budget(budget: Budget | int | float | None) -> Budget:
    if budget is None:
        return Budget()
    if isinstance(budget, Budget):
        return budget
    if isinstance(budget, bool):
        raise TypeError("budget must be a Budget, an int (states) or a float (seconds)")
    if isinstance(budget, int):
        return Budget(states=budget)
    if isinstance(budget, float):
        return Budget(seconds=budget)
    raise TypeError("budget must be a Budget, an int (states) or a float (seconds)")


@dataclass(frozen=True)
class Result:
    """verdict is 'winnable' (moves replay to a win), 'unwinnable' (exhaustive proof) or 'unknown'.

    moves: from `game.solver.solve`, the game's Move values. The searches inside keep plain values
    for speed (Golf: a column index or 'draw'; Eight Off: the model's moves, made once at the end by
    eightoff_check), and a kind's own solver may hand those back; solve() and apply_move turn them
    into Moves at that boundary (Move.coerce).
    """

    verdict: str
    moves: tuple[Any, ...] = ()
    states: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r}")
