"""Replay code benchmark: how long writing and reading a replay code takes (game/model/replay_code.py).

    python -m tools.replay_code_bench [--games 5] [--lengths 50,150,300] [--cells 8,4,2] [--seed 1]
                                      [--clock cpu|wall]

A code is written when a game ends (a kiosk's leaderboard entry), when a player copies one (the end
panel, the review, recent games) and read when one is pasted in the menu or attract mode replays the
day's best: each on the frame. For each cell count and line length, `--games` Eight Off games of
random deals are played that many moves by a plain player (a card that may go to its foundation
goes, one time in two; else a random legal move), and three things are timed on each line: making
the Replay (every move checked by the rules), writing its code and reading the code back. Printed:
the median and the maximum of each, in milliseconds, and the code's length. Golf's games, at most
54 moves long, are timed the same way for comparison. The machine-speed line
(tools/machine_speed.py) comes first: compare two days' figures through it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from game.model.codes import MAX_NUMBER
from game.model.eightoff import CELL_OPTIONS, EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, GolfMove, PileKind
from game.model.replay import Replay
from game.model.replay_code import parse_replay_code, replay_code

from .machine_speed import median_ms, python_work, speed_line

Move = EightOffMove | GolfMove


def eightoff_line(cells: int, length: int, rng: random.Random) -> tuple[str, list[Move]]:
    """A deal of `cells` cells and a line of exactly `length` moves from it, played by the plain
    player (a deal whose game ends sooner is passed over for another)."""
    while True:
        game = EightOffGame.new(cells, rng.randint(1, MAX_NUMBER))
        line: list[Move] = []
        while len(line) < length:
            moves = game.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.dst.kind is PileKind.FOUNDATION]
            move = home[0] if home and rng.randrange(2) else rng.choice(moves)
            game.push(move)
            line.append(move)
        if len(line) == length and game.status == "playing":
            assert game.code is not None
            return game.code, line


def golf_line(rng: random.Random) -> tuple[str, list[Move]]:
    """A Golf deal and a line played to its end by random legal moves."""
    game = GolfGame.new(rng.choice(("easy", "classic")), rng.randint(1, MAX_NUMBER))
    line: list[Move] = []
    while moves := game.legal_moves():
        move = rng.choice(moves)
        game.push(move)
        line.append(move)
    assert game.code is not None
    return game.code, line


def timed(lines: Sequence[tuple[str, list[Move]]], clock: Callable[[], float]) -> dict[str, list[float]]:
    """Milliseconds of each line's Replay, code written and code read; and the codes' lengths."""
    out: dict[str, list[float]] = {"replay": [], "encode": [], "decode": [], "length": []}
    for deal, moves in lines:
        t0 = clock()
        replay = Replay(deal, moves)
        t1 = clock()
        code = replay_code(replay)
        t2 = clock()
        read = parse_replay_code(code)
        t3 = clock()
        if read != replay:
            raise AssertionError(f"{code} does not read back as its game")
        out["replay"].append((t1 - t0) * 1000)
        out["encode"].append((t2 - t1) * 1000)
        out["decode"].append((t3 - t2) * 1000)
        out["length"].append(len(code))
    return out


def figure_line(name: str, figures: dict[str, list[float]]) -> str:
    parts = [
        f"{what} median {statistics.median(figures[what]):.1f} max {max(figures[what]):.1f}"
        for what in ("replay", "encode", "decode")
    ]
    return f"{name}: ms {'  '.join(parts)}  code length median {statistics.median(figures['length']):.0f}"


def run(games: int, lengths: Sequence[int], cells: Sequence[int], seed: int, clock: Callable[[], float]) -> list[str]:
    rng = random.Random(seed)
    out = []
    for count in cells:
        for length in lengths:
            lines = [eightoff_line(count, length, rng) for _ in range(games)]
            out.append(figure_line(f"Eight Off {count} cells, {length} moves ({games} games)", timed(lines, clock)))
    golf = [golf_line(rng) for _ in range(games)]
    out.append(figure_line(f"Golf, played to the end ({games} games)", timed(golf, clock)))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games of each cell count and length")
    parser.add_argument("--lengths", default="50,150,300", help="Eight Off line lengths, in moves")
    parser.add_argument("--cells", default="8,4,2", help="Eight Off cell counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        lengths = [int(n) for n in args.lengths.split(",") if n.strip()]
        cells = [int(c) for c in args.cells.split(",") if c.strip()]
    except ValueError:
        parser.error("--lengths and --cells take numbers: 50,150,300 and 8,4,2")
    if any(c not in CELL_OPTIONS for c in cells) or any(not 1 <= n <= 1000 for n in lengths):
        parser.error("--cells takes 8, 4 or 2 and --lengths 1 to 1000 moves")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(speed_line(median_ms(python_work)))
    print("\n".join(run(args.games, lengths, cells, args.seed, clock)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
