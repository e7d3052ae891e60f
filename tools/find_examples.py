"""Finds the real deals of the Help's worked examples (the results are in game/help/examples.json).

    python -m tools.find_examples ace-on-king [--from 1 --to 11167]   # Easy won, Classic lost, move 35
    python -m tools.find_examples block 40 C                          # a game that blocks with 4 left
    python -m tools.find_examples group [--from 1 --to 3000]          # the group limit on a winning line
    python -m tools.find_examples opening --from 32001 --to 1000000   # the Golf page's opening example

Each search uses the model and ``game.solver.solve`` only, and prints what it finds in the examples'
line notation. The opening search needs a deal where the waste is A♣, nothing fits, the first draw
is 8♠ and the free cards of columns 5 and 2 are 9♣ and 8♣ (about one deal in 16 million; with a free
6♥ too, one in 180 million): in Python it is slow, so the shipped deal comes from the same test run
over PySolFC's deal generator rewritten in C (CPython's Mersenne Twister), and is checked here.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from game.help.examples import line_text
from game.model.codes import DealCode
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import GolfMove, PileKind
from game.solver import solve


def _golf(number: int, letter: str) -> GolfGame:
    return GolfGame.from_code(DealCode("golf", letter, number))


def _fits(card, top, easy: bool) -> bool:
    d = abs(card.rank - top.rank)
    return d == 1 or (easy and d == 12)


def ace_on_king_line(number: int, move: int = 35, ace: str = "AH", column: int = 2, king: str = "KC") -> list | None:
    """A winning Easy line of deal `number` whose move `move` plays `ace` from `column` onto `king`,
    with no other Ace on a King anywhere in it; None if there is none."""
    start = _golf(number, "E")
    cols = [list(c) for c in start.columns]
    if not any(str(c) == ace for c in cols[column]):
        return None
    stock = list(reversed(start.stock))
    seen: set = set()
    path: list = []

    def finish() -> list | None:
        game = _golf(number, "E")
        for m in path:
            game.draw() if m == "draw" else game.play(m)
        game.play(column)
        result = solve(game, 200_000)
        if result.verdict != "winnable":
            return None
        for m in result.moves:
            top = game.waste[-1]
            card = game.play(m)  # (a GolfMove: the draw too)
            if card.rank == 1 and top.rank == 13:
                return None
        return [*path, column, *("draw" if m.is_draw else m.column for m in result.moves)]  # the examples' notation

    def dfs(heights: tuple, drawn: int, waste) -> list | None:
        if 35 - sum(heights) + drawn == move - 1:
            h = heights[column]
            return finish() if h and str(cols[column][h - 1]) == ace and str(waste) == king else None
        if (heights, drawn, waste) in seen:
            return None
        seen.add((heights, drawn, waste))
        for c, h in enumerate(heights):
            card = cols[c][h - 1] if h else None
            if card is not None and _fits(card, waste, True) and not (card.rank == 1 and waste.rank == 13):
                path.append(c)
                found = dfs(heights[:c] + (h - 1,) + heights[c + 1 :], drawn, card)
                if found:
                    return found
                path.pop()
        if drawn < len(stock):
            path.append("draw")
            found = dfs(heights, drawn + 1, stock[drawn])
            if found:
                return found
            path.pop()
        return None

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    return dfs(tuple(len(c) for c in cols), 0, start.waste[-1])


def block_line(number: int, letter: str = "C", left: int = 4) -> list | None:
    """A line of deal `number` that ends blocked with `left` cards on the tableau (the first found)."""
    start = _golf(number, letter)
    cols = [list(c) for c in start.columns]
    stock = list(reversed(start.stock))
    easy = letter == "E"
    seen: set = set()
    path: list = []

    def dfs(heights: tuple, drawn: int, waste) -> bool:
        if (heights, drawn, waste) in seen:
            return False
        seen.add((heights, drawn, waste))
        moved = False
        for c, h in enumerate(heights):
            if h and _fits(cols[c][h - 1], waste, easy):
                moved = True
                path.append(c)
                if dfs(heights[:c] + (h - 1,) + heights[c + 1 :], drawn, cols[c][h - 1]):
                    return True
                path.pop()
        if drawn < len(stock):
            moved = True
            path.append("draw")
            if dfs(heights, drawn + 1, stock[drawn]):
                return True
            path.pop()
        return not moved and sum(heights) == left

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    return list(path) if dfs(tuple(len(c) for c in cols), 0, start.waste[-1]) else None


def group_limit(number: int) -> tuple[int, list] | None:
    """(move, line): the solver's winning line of Eight Off deal `number` (8 cells) and the first move
    of it where a King with two cards goes into the only empty column, with 2 free cells, while a King
    with three cards could not; None if the line has no such move."""
    game = EightOffGame.from_code(DealCode("eightoff", "C8", number))
    result = solve(game, 300_000)
    if result.verdict != "winnable":
        return None
    for i, move in enumerate(result.moves, 1):
        src, dst, count = move.src, move.dst, move.count
        empty = [c for c in range(8) if not game.columns[c]]
        if (
            count == 3
            and dst.kind is PileKind.COLUMN
            and empty == [dst.index]
            and game.free_cells() == 2
            and game.columns[src.index][-3].rank == 13
            and any(game.run_length(c) == 4 and game.columns[c][-4].rank == 13 for c in range(8))
        ):
            return i, [(m.src, m.dst, m.count) for m in result.moves]  # the examples' notation
        game.move(src, dst, count)
    return None


def opening(number: int) -> bool:
    """Whether Golf deal `number` opens as the Golf page's example: waste A♣, nothing fits, the first
    draw 8♠, 9♣ free in column 5 and 8♣ free in column 2 (and a free 6♥, a covered 10♠)."""
    game = _golf(number, "E")
    cols = game.columns
    return (
        str(game.waste[-1]) == "AC"
        and game.legal_moves() == [GolfMove.DRAW]
        and str(game.stock[-1]) == "8S"
        and str(cols[4][-1]) == "9C"
        and str(cols[1][-1]) == "8C"
        and any(str(c[-1]) == "6H" for c in cols)
        and any(str(x) == "TS" for c in cols for x in c[:-1])
    )


def _numbers(args: argparse.Namespace) -> Iterator[int]:
    return iter(range(args.start, args.stop + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.find_examples", description="Find the examples' real deals.")
    parser.add_argument("search", choices=["ace-on-king", "block", "group", "opening"])
    parser.add_argument("number", nargs="?", type=int, default=40)
    parser.add_argument("letter", nargs="?", default="C")
    parser.add_argument("--from", dest="start", type=int, default=1)
    parser.add_argument("--to", dest="stop", type=int, default=1000)
    args = parser.parse_args(argv)
    if args.search == "block":
        line = block_line(args.number, args.letter)
        print(line_text("golf", line) if line else "none")
        return 0
    for number in _numbers(args):
        if args.search == "ace-on-king":
            if solve(_golf(number, "C"), 2_000_000).verdict != "unwinnable":
                continue
            found = ace_on_king_line(number)
            if found:
                print(number, line_text("golf", found), flush=True)
        elif args.search == "group":
            hit = group_limit(number)
            if hit:
                print(number, hit[0], line_text("eightoff", hit[1]), flush=True)
        elif opening(number):
            print(number, DealCode("golf", "E", number), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
