"""Optional, not run by CI: Golf deals as input lines for tools/golf_plain_dfs.c.

python tools/golf_plain_dfs_input.py easy 1 4000 | /tmp/golf_plain_dfs
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.model.golf import GolfGame  # noqa: E402
from game.solver.golf import compact  # noqa: E402


def line(game: GolfGame) -> str:
    columns, stock, waste, rule = compact(game)
    draws = stock[::-1]
    parts = ["E" if rule == "easy" else "C", waste, len(draws), *draws, len(columns)]
    for col in columns:
        parts += [len(col), *col]
    return " ".join(map(str, parts))


if __name__ == "__main__":
    rule, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for number in range(first, last + 1):
        print(line(GolfGame.new(rule, number)))
