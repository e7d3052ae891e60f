"""Solver benchmark: the distribution of solve times per game and option, each goal beside its number.

    python -m tools.solver_bench [--games golf,eightoff] [--options easy,classic,strict,...,8,4,2]
                                 [--from 1] [--to N] [--positions 2000] [--seed 1]
                                 [--clock cpu|wall] [--budget 60]

Options: every listed kind (Golf: easy, classic, strict, classic+j2; Eight Off: 8, 4, 2); for Golf
also any other rule set by name (classic+k, easy+z...). Deals: Golf 1-4000 and Eight Off 1-1000
unless --to says otherwise. Positions: that many Golf mid-game positions, half Easy and half Classic
(see golf_positions), and half as many again for each other Golf rule set measured; none with
--positions 0. For each set:
the median, 95th and 99th percentile and maximum time of `solve()` (dealing is not counted), the
median and maximum states, for all answers and for wins and proofs of a loss apart, then each of
the solver's goals with the measured number and whether it is met. --clock cpu (default) times the
process's CPU, which other work on a shared machine disturbs far less than wall time; --clock
wall times the wall clock. Every 'winnable' answer is replayed through the model; a failed
replay is reported.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import game.solver as game_solver
from game import registry
from game.model.codes import MAX_NUMBER
from game.model.golf import GolfGame, GolfRules
from game.model.moves import GolfMove
from game.solver.deals import make_game
from game.solver.moves import replays_to_win
from game.solver.result import Budget

from .machine_speed import median_ms, python_work, speed_line

#: Each game's options, as the statistics name them (the registry's kinds).
OPTIONS = {f: tuple(k.option for k in registry.kinds_of(f)) for f in registry.FAMILIES}
#: The deals measured by default, per game.
LAST_DEAL = {"golf": 4000, "eightoff": 1000}
#: Eight Off with 4 and 2 cells must be no slower than the earlier, simpler solver was: its figures
#: (median, max) in ms of CPU over deals 1-1000, measured interleaved deal by deal with the present
#: one on the same machine.
BEFORE = {"4": (1.6, 896.0), "2": (0.34, 87.0)}


@dataclass
class Goal:
    """A target on one statistic of one set: 'p99' <= 150 ms, say."""

    stat: str  # 'median', 'p95', 'p99' or 'max'
    limit_ms: float
    why: str = ""


GOALS: dict[str, list[Goal]] = {
    "golf": [Goal("p99", 150.0), Goal("max", 600.0)],
    "eightoff-8": [Goal("median", 2.0), Goal("max", 200.0)],
    "eightoff-4": [Goal("median", BEFORE["4"][0], "before"), Goal("max", BEFORE["4"][1], "before")],
    "eightoff-2": [Goal("median", BEFORE["2"][0], "before"), Goal("max", BEFORE["2"][1], "before")],
}


@dataclass
class Sample:
    """The answers for one set of positions: (seconds, states, verdict) each, and failed replays."""

    times: list[float] = field(default_factory=list)
    states: list[int] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    bad_replays: int = 0

    def where(self, verdict: str | None) -> Sample:
        keep = [i for i, v in enumerate(self.verdicts) if verdict is None or v == verdict]
        return Sample([self.times[i] for i in keep], [self.states[i] for i in keep], [self.verdicts[i] for i in keep])


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (the value at or below which `fraction` of the values fall)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def stat_ms(times: list[float], stat: str) -> float:
    fraction = {"median": 0.5, "p95": 0.95, "p99": 0.99, "max": 1.0}[stat]
    return 1000 * (statistics.median(times) if stat == "median" else percentile(times, fraction))


def measure(games: Iterable[Any], seconds: float, clock: Callable[[], float]) -> Sample:
    """Solve each game and record what it took; a win is then replayed on the game itself."""
    sample = Sample()
    for game in games:
        start = clock()
        result = game_solver.solve(game, Budget(seconds=seconds))  # (looked up at each call: tests replace it)
        sample.times.append(clock() - start)
        sample.states.append(result.states)
        sample.verdicts.append(result.verdict)
        if result.verdict == "winnable" and not replays_to_win(game, result.moves):
            sample.bad_replays += 1
    return sample


def golf_positions(count: int, seed: int = 1, rules: tuple[str, ...] = ("easy", "classic")) -> Iterator[Any]:
    """`count` Golf positions in the middle of a game, the rule sets `rules` in turn (half Easy and
    half Classic by default), always the same.

    Each is a random deal played for 5 to 35 random moves, a play (any playable card) four times
    out of five when one is possible, else a draw; a game that ended before is dealt again.
    """
    rng = random.Random(seed)
    for i in range(count):
        rule = rules[i % len(rules)]
        while True:
            game = GolfGame.new(rule, rng.randint(1, MAX_NUMBER))
            for _ in range(rng.randint(5, 35)):
                moves = game.legal_moves()
                if not moves:
                    break
                plays = [m for m in moves if not m.is_draw]
                if plays and (rng.random() < 0.8 or len(plays) == len(moves)):
                    game.push(rng.choice(plays))
                else:
                    game.push(GolfMove.DRAW)
            if game.status == "playing":
                yield game
                break


def report(title: str, sample: Sample, goals: list[Goal], out: Callable[[str], None]) -> bool:
    """Print the distribution (all, wins, proofs) and the goals; True if every goal is met."""
    out(f"{title}")
    if not sample.times:
        out("  nothing to solve")
        return True
    out(f"  {'':8} {'count':>6} {'median':>8} {'p95':>8} {'p99':>8} {'max':>8}   {'states median':>13} {'max':>8}")
    for label, verdict in (("all", None), ("wins", "winnable"), ("proofs", "unwinnable"), ("unknown", "unknown")):
        part = sample.where(verdict)
        if not part.times:
            continue
        ms = [stat_ms(part.times, s) for s in ("median", "p95", "p99", "max")]
        out(
            f"  {label:8} {len(part.times):6} "
            + " ".join(f"{m:8.1f}" for m in ms)
            + f"   {int(statistics.median(part.states)):13} {max(part.states):8}"
        )
    if sample.bad_replays:
        out(f"  REPLAY FAILED x{sample.bad_replays}")
    met = sample.bad_replays == 0
    for goal in goals:
        value = stat_ms(sample.times, goal.stat)
        ok = value <= goal.limit_ms
        met = met and ok
        why = " (the earlier solver's figure)" if goal.why == "before" else ""
        out(f"  goal: {goal.stat} <= {goal.limit_ms:g} ms{why}: {value:.1f} ms  {'met' if ok else 'MISSED'}")
    return met


def chosen_options(game: str, wanted: list[str] | None) -> list[str]:
    """The game's listed options that `wanted` names (all when None), then for Golf any other
    rule set it names ('easy+z', 'C+K'), by its canonical name."""
    listed = [o for o in OPTIONS[game] if wanted is None or o in wanted]
    if game != "golf" or wanted is None:
        return listed
    others = []
    for word in wanted:
        try:
            name = GolfRules.parse(word).name
        except ValueError:
            continue
        if name not in listed and name not in others:
            others.append(name)
    return listed + others


def solver_available(game: str) -> str | None:
    """None if the game's solver imports, else why not (the other solver may be unfinished)."""
    try:
        importlib.import_module(f"game.solver.{game}")
    except ImportError as exc:
        return str(exc)
    return None


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.solver_bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default="golf,eightoff", help="comma list: golf, eightoff")
    parser.add_argument(
        "--options", default=None, help="comma list among easy,classic,strict,classic+j2,8,4,2 or any Golf rule set"
    )
    parser.add_argument("--from", dest="first", type=int, default=1)
    parser.add_argument(
        "--to", dest="last", type=int, default=None, help="last deal (default: Golf 4000, Eight Off 1000)"
    )
    parser.add_argument("--positions", type=int, default=2000, help="Golf mid-game positions")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mid-game positions")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per position")
    args = parser.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    wanted = args.options.split(",") if args.options else None
    out(
        f"solve() times in ms of {'CPU' if args.clock == 'cpu' else 'wall'} time, budget {args.budget:g} s per position"
    )
    out(speed_line(median_ms(python_work)))
    met = True
    for game in args.games.split(","):
        if game not in OPTIONS:
            parser.error(f"unknown game {game!r}")
        missing = solver_available(game)
        if missing:
            out(f"{game}: skipped, solver not available ({missing})")
            continue
        last = args.last if args.last is not None else LAST_DEAL[game]
        options = chosen_options(game, wanted)
        for option in options:
            kind = f"{game}-{option}"
            deals = (make_game(kind, n) for n in range(args.first, last + 1))
            sample = measure(deals, args.budget, clock)
            met &= report(f"{kind}, deals {args.first}-{last}", sample, GOALS.get(kind, GOALS.get(game, [])), out)
        if game == "golf" and args.positions:
            both = list(golf_positions(args.positions, args.seed))  # Easy and Classic as ever
            for rule in options:
                chosen = (
                    [g for g in both if g.rule == rule]
                    if rule in ("easy", "classic")
                    else list(golf_positions(args.positions // 2, args.seed, (rule,)))
                )
                sample = measure(chosen, args.budget, clock)
                met &= report(
                    f"golf-{rule}, {len(chosen)} mid-game positions (seed {args.seed})", sample, GOALS["golf"], out
                )
    out("every goal met" if met else "some goal MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
