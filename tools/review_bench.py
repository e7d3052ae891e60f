"""Review benchmark: how long a finished Golf game's review takes (game/solver/review.py), over N games.

    python -m tools.review_bench [--games 200] [--rules easy,classic] [--eightoff 8,4,2] [--seed 1]
                                 [--clock cpu|wall] [--check]

Each game is a random deal (the seed decides which) played to its end by a simple greedy player:
the free card of the tallest column that fits, and now and then (one move in ten) any legal move,
a draw among them; a draw when nothing fits. Then the whole review is timed (the playing is not).
Printed per rule set and for all games: the median, 90th, 99th percentile and maximum of the review
time, the searches and states it took, and what it found (strokes lost per game, the moves that lost
any, perfect games, moves left unknown); with --check, every game's bests are held to each position
searched on its own (review.bests_along), and a difference is reported, with the time that takes
(what the review's table and bisection save). The machine-speed line
(tools/machine_speed.py) comes first: compare two days' figures through it.

With --eightoff, as many Eight Off games of each cell count are reviewed too (review_eightoff.py:
the move that lost the win, and the moves each move added to the shortest win, in bands), each a
deal of the game's deal list (the deals the game hands out) played by a player who follows the
solver's win, which is a good line but seldom a shortest one, and now and then (one move in
DETOUR) plays any other legal move instead and then follows the solver's win from there; a detour
that loses the win is followed by at most LOST_MOVES random moves, and then the player gives up.
Printed per cell count: the review time's median, 90th, 99th percentile and maximum, the solves
and shortest-win search states it took, and what it found (the moves added, the bands, perfect
games, games whose win was lost, moves left unknown).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.model.codes import MAX_NUMBER
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import EightOffMove, PileKind
from game.solver.deals import listed
from game.solver.review import Review, bests_along, review_golf
from game.solver.review_eightoff import (
    BLUNDER,
    INACCURACY,
    LOST_THE_WIN,
    MISTAKE,
    EightOffReview,
    review_eightoff,
)

from .machine_speed import median_ms, python_work, speed_line

#: The Eight Off player's longest game, the one move in this many that is a detour, and the random
#: moves it plays once its win is lost.
EIGHTOFF_MOVES = 250
DETOUR = 10
LOST_MOVES = 10
#: States the player's solves may take (a solve that runs out counts as a lost win).
PLAYER_STATES = 100_000
#: One move in this many the greedy player picks at random among the legal moves.
WANDER = 10


def greedy(game: GolfGame, rng: random.Random) -> GolfGame:
    """Play the game to its end: mostly the tallest column's free card that fits, else a draw."""
    while game.status == "playing":
        moves = game.legal_moves()
        plays = [m for m in moves if not m.is_draw]
        if plays and rng.randrange(WANDER):
            game.push(max(plays, key=lambda m: (len(game.columns[m.column or 0]), -(m.column or 0))))
        else:
            game.push(rng.choice(moves))
    return game


def detour_eightoff(game: EightOffGame, rng: random.Random) -> EightOffGame:
    """Play on along the solver's win, with a detour one move in DETOUR (see the module text)."""
    from game.solver import solve

    plan: list[EightOffMove] = []
    lost = 0
    while game.status == "playing" and len(game.move_stack) < EIGHTOFF_MOVES:
        moves = game.legal_moves()
        if not moves:
            break
        if plan and not rng.randrange(DETOUR):
            others = [m for m in moves if m.dst.kind is not PileKind.FOUNDATION and m != plan[0]]
            if others:
                game.push(rng.choice(others))
                plan = []
                continue
        if not plan:
            win = solve(game, PLAYER_STATES)
            if win.verdict != "winnable":
                lost += 1
                if lost > LOST_MOVES:
                    break
                game.push(rng.choice(moves))
                continue
            plan = [EightOffMove.coerce(m) for m in win.moves]
        game.push(plan.pop(0))
    return game


def eightoff_lines(name: str, seconds: list[float], reviews: list[EightOffReview]) -> list[str]:
    """The Eight Off figures: review time, work, and what the reviews found."""
    t = [1000 * s for s in seconds]
    r = reviews
    lost = sum(x.lost_the_win is not None for x in r)
    graded = sum(len(x.grades) for x in r)
    per_game = statistics.median(len(x.grades) for x in r)
    return [
        f"{name}: {len(t)} games, {graded} moves graded (median {per_game:.0f} a game)",
        f"  review time ms: median {statistics.median(t):.1f}  p90 {percentile(t, 0.9):.1f}  "
        f"p99 {percentile(t, 0.99):.1f}  max {max(t):.1f}",
        f"  solves: median {statistics.median(x.solves for x in r):.0f}"
        f"   shortest-win search states: median {statistics.median(x.states for x in r):.0f}"
        f"  max {max(x.states for x in r)}",
        f"  moves added a game: median {statistics.median(x.extra_moves for x in r):.0f}"
        f"  max {max(x.extra_moves for x in r)}"
        f"   {INACCURACY}: {sum(x.count(INACCURACY) for x in r)}  {MISTAKE}: {sum(x.count(MISTAKE) for x in r)}"
        f"  {BLUNDER}: {sum(x.count(BLUNDER) for x in r)}   perfect games: {sum(x.perfect for x in r)}",
        f"  games whose win was lost at a move ({LOST_THE_WIN}): {lost}"
        f"   moves unknown: {sum(x.unknown for x in r)} ({100 * sum(x.unknown for x in r) / max(1, graded):.1f}%)"
        f"   games with any unknown: {sum(x.unknown > 0 for x in r)}",
    ]


def run_eightoff(games: int, cells: Sequence[int], seed: int, clock: Callable[[], float]) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    for count in cells:
        seconds: list[float] = []
        reviews: list[EightOffReview] = []
        numbers = listed(f"eightoff-{count}")
        for _ in range(games):
            number = rng.choice(numbers)
            game = detour_eightoff(EightOffGame.new(count, number), random.Random(number))
            start = clock()
            reviews.append(review_eightoff(game))
            seconds.append(clock() - start)
        out += eightoff_lines(f"Eight Off {count} cells", seconds, reviews)
    return out


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile: the value at or below which `fraction` of the values fall."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


@dataclass
class Sample:
    """The reviews of one set of games: seconds each, and the reviews themselves."""

    seconds: list[float] = field(default_factory=list)
    alone: list[float] = field(default_factory=list)  # with --check: each position searched alone
    reviews: list[Review] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)

    def add(self, seconds: float, review: Review) -> None:
        self.seconds.append(seconds)
        self.reviews.append(review)

    def lines(self, name: str) -> list[str]:
        t = [1000 * s for s in self.seconds]
        r = self.reviews
        if not t:
            return [f"{name}: no games"]
        lost = [x.strokes_lost for x in r]
        return [
            f"{name}: {len(t)} games, {sum(len(x.grades) for x in r)} moves graded",
            f"  review time ms: median {statistics.median(t):.1f}  p90 {percentile(t, 0.9):.1f}  "
            f"p99 {percentile(t, 0.99):.1f}  max {max(t):.1f}",
            f"  searches: median {statistics.median(x.searches for x in r):.0f}  max {max(x.searches for x in r)}"
            f"   states: median {statistics.median(x.states for x in r):.0f}  max {max(x.states for x in r)}",
            f"  strokes lost a game: median {statistics.median(lost):.0f}  max {max(lost)}"
            f"   moves that lost any: median {statistics.median(x.moves_lost for x in r):.0f}"
            f"   perfect games: {sum(x.perfect for x in r)}   moves unknown: {sum(x.unknown for x in r)}",
            *(
                [f"  each position searched alone (--check), ms: median {statistics.median(self.alone) * 1000:.1f}"]
                if self.alone
                else []
            ),
            *(f"  MISMATCH {m}" for m in self.mismatches),
        ]


def run(
    games: int, rules: Sequence[str], seed: int, clock: Callable[[], float], check: bool
) -> tuple[dict[str, Sample], Sample]:
    """Review `games` games of each rule set; (per rule set, all together)."""
    rng = random.Random(seed)
    per: dict[str, Sample] = {rule: Sample() for rule in rules}
    every = Sample()
    for _ in range(games):
        for rule in rules:
            number = rng.randint(1, MAX_NUMBER)
            game = greedy(GolfGame.new(rule, number), random.Random(number))
            start = clock()
            review = review_golf(game)
            seconds = clock() - start
            per[rule].add(seconds, review)
            every.add(seconds, review)
            if check:
                found = [review.best_start, *(g.best_after for g in review.grades)]
                start = clock()
                plain = list(bests_along(game))
                for sample in (per[rule], every):
                    sample.alone.append(clock() - start)
                if found != plain:
                    per[rule].mismatches.append(f"{game.code}: {found}")
    return per, every


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each rule set and cell count")
    parser.add_argument("--rules", default="easy,classic", help="Golf rule sets, by name")
    parser.add_argument("--eightoff", default="", help="Eight Off cell counts to review too: 8,4,2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--check", action="store_true", help="hold the bests to each position searched alone")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    try:
        cells = [int(c) for c in args.eightoff.split(",") if c.strip()]
    except ValueError:
        parser.error("--eightoff takes cell counts: 8,4,2")
    if any(c not in (8, 4, 2) for c in cells):
        parser.error("--eightoff takes cell counts: 8,4,2")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(speed_line(median_ms(python_work)))
    per, every = run(args.games, rules, args.seed, clock, args.check)
    for rule, sample in per.items():
        print("\n".join(sample.lines(f"Golf {rule}")))
    if len(per) > 1:
        print("\n".join(every.lines("all")))
    if cells:
        print("\n".join(run_eightoff(args.games, cells, args.seed, clock)))
    return 1 if any(s.mismatches for s in per.values()) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
