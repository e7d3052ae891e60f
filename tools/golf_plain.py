"""A plain Golf search, written apart from the fast solver to check it: reference verdicts.

    python -m tools.golf_plain strict 1 2000 > tests/solver/reference/golf-strict.tsv

Nothing here is shared with the solver's search (game/solver/golf_search.py, golf_sweep.py,
golf_hall.py): no cuts, no bounds, no tables. It tries every legal move in the order the model
lists them (columns 1-7, then the draw), depth first, and remembers every (cards left in each
column, cards drawn, waste top rank) it has seen, since those three decide everything that can
still happen (suits never matter). That is quick enough only where the rules leave little choice,
as the strict draw does (a draw only when no free card fits): for the strict preset it decides a
deal in a few thousand states.

The rules at the rank level (a card's fit and a position's ranks) are game/solver/golf_best.py's,
which the solver's search does not use either.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.model.golf import GolfGame
from game.solver.golf_best import fits, rank_position


def winnable(
    columns: Sequence[Sequence[int]],
    stock: Sequence[int],
    top: int | None,
    wrap: bool = False,
    dead_king: bool = False,
    strict_draw: bool = False,
) -> bool:
    """Can this position be won? columns of ranks covered -> free, stock[-1] drawn next."""
    cols = [list(c) for c in columns]
    seen: set[tuple[tuple[int, ...], int, int | None]] = set()

    def search(heights: tuple[int, ...], drawn: int, top: int | None) -> bool:
        if not any(heights):
            return True
        if (heights, drawn, top) in seen:
            return False
        seen.add((heights, drawn, top))
        playable = [j for j, h in enumerate(heights) if h and fits(cols[j][h - 1], top, wrap, dead_king)]
        for j in playable:
            after = heights[:j] + (heights[j] - 1,) + heights[j + 1 :]
            if search(after, drawn, cols[j][heights[j] - 1]):
                return True
        if drawn < len(stock) and not (strict_draw and playable):
            return search(heights, drawn + 1, stock[len(stock) - 1 - drawn])
        return False

    return search(tuple(len(c) for c in cols), 0, top)


def deal_verdict(number: int, rule: str) -> bool:
    """The verdict on deal `number` under a rule set (a name the model reads, e.g. 'strict')."""
    game = GolfGame.new(rule, number)
    rules = game.rules
    return winnable(*rank_position(game), rules.wrap, rules.dead_king, rules.strict_draw)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    rule, first, last = args[0], int(args[1]), int(args[2])
    print(
        f"# Golf {rule}: S winnable, U unwinnable, by tools/golf_plain.py (plain search): "
        f"python -m tools.golf_plain {rule} {first} {last}"
    )
    print(f"deal\t{rule}")
    for number in range(first, last + 1):
        print(f"{number}\t{'S' if deal_verdict(number, rule) else 'U'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
