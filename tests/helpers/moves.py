"""Lines of moves written short in tests: the model's Move values from the plain forms the solvers
search with (a move equals only a move, never its plain form)."""

from __future__ import annotations

from typing import Any

from game.model.moves import EightOffMove, GolfMove


def golf_line(*plain: int | str) -> tuple[GolfMove, ...]:
    """GolfMoves from column indexes and 'draw': golf_line(0, 'draw', 1)."""
    return tuple(GolfMove.coerce(p) for p in plain)


def eightoff_line(*plain: Any) -> tuple[EightOffMove, ...]:
    """EightOffMoves from (src, dst, count) tuples of (kind name, index) piles."""
    return tuple(EightOffMove.coerce(p) for p in plain)
