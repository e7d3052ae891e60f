"""Benchmark: each table headless through a scripted session, per phase.

    python -m game.bench [--games golf,eightoff,attract] [--sizes 1280x720,1920x1080] [--idle SECONDS]

Prints, for each game and window size: CPU ms per drawn frame (median and 95th percentile) and frames
drawn for each phase (Golf: deal, plays, draws, undos, drag; Eight Off: deal, taps, drags, double
taps, undos, group drag, win), idle CPU % of one core with no input (after the sound device rests),
start-up time to the first frame, peak memory, and the memory in use over a long session of games.
`attract` runs a kiosk in attract mode in the app's own loop (see game/bench_attract.py). Each run is
its own process so start-up and peak memory are honest. Numbers, not assertions: tests
never time anything.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from array import array

FRAME = 1 / 60
SESSION_GAMES = 40


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


class Recorder:
    """Steps the app one frame at a time and records the CPU time of the frames that drew."""

    def __init__(self, app) -> None:
        self.app = app
        self.phases: dict[str, list[float]] = {}

    def frames(self, phase: str, n: int) -> None:
        times = self.phases.setdefault(phase, array("d"))  # compact: the session draws tens of thousands
        for _ in range(n):
            t0 = time.process_time()
            drew = self.app.step_frame(FRAME)
            if drew:
                times.append((time.process_time() - t0) * 1000)
            if self.app.ctx.jobs.busy:
                time.sleep(FRAME)  # the solver works in real time: a frame's worth of it passes, as in the game

    def until_still(self, phase: str, limit: int = 600) -> None:
        for _ in range(limit):
            self.frames(phase, 1)
            if not self.app.is_animating():
                break


def slowest_frame(app, counting=lambda: True) -> list[float]:
    """Wrap the app's step_frame to keep the longest real time one frame took (while counting()),
    in the returned one-item list."""
    slowest = [0.0]
    step_frame = app.step_frame

    def timed(elapsed, events=None):
        t0 = time.perf_counter()
        try:
            return step_frame(elapsed, events)
        finally:
            if counting():
                slowest[0] = max(slowest[0], time.perf_counter() - t0)

    app.step_frame = timed
    return slowest


def _post(kind, **kw) -> None:
    import pygame
    pygame.event.post(pygame.event.Event(kind, **kw))


def _click(pos) -> None:
    import pygame
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def play(scene, rec: Recorder, limit: int, phase_plays: str = "plays", phase_draws: str = "draws") -> tuple[int, int]:
    """Tap playable cards (else the stock) like a player, up to `limit` plays; (plays, draws)."""
    game = scene.game
    plays = draws = 0
    while plays < limit and game.status == "playing":
        moves = game.legal_moves()
        col = next((m for m in moves if m != "draw"), None)
        if col is not None:
            pile = game.columns[col]
            _click(scene.layout.card_rect(col, len(pile) - 1, len(pile)).center)
            plays += 1
            rec.until_still(phase_plays)
        elif "draw" in moves:
            _click(scene.layout.stock.center)
            draws += 1
            rec.until_still(phase_draws)
        else:
            break
    return plays, draws


def assist_phases(app, rec: Recorder, table) -> dict:
    """On a fresh winnable deal: the first hint (the solver process starts and solves while the table
    keeps drawing: real time passes between frames), then the demo playing 20 moves."""
    import pygame

    app.replace(table)
    rec.until_still("deal")
    t0 = time.perf_counter()
    _post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    rec.frames("hint", 1)
    waited = 0
    while app.ctx.jobs.busy and waited < 3000:
        rec.frames("hint", 1)  # (real time passes while the solver works)
        waited += 1
    answer_s = time.perf_counter() - t0
    rec.until_still("hint")
    target = table.game.moves + 20
    table.watch()
    for _ in range(6000):
        if table.game.moves >= target or table.game.status != "playing":
            break
        rec.frames("demo", 1)
    table.assist.stop(quiet=True, take_over=False)
    return {"hint_answer_s": round(answer_s, 3), "hint_frames_waiting": waited,
            "hint_frames_drawn": len(rec.phases.get("hint", [])), "demo_moves": table.game.moves}


def _rss_mib() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def _new_app(size: tuple[int, int], kiosk: bool = False):
    import tempfile
    os.environ["GOLF_EIGHTOFF_DATA_DIR"] = tempfile.mkdtemp(prefix="golf-bench-")  # never the player's games
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings(), settings_path=os.devnull + ".none", kiosk=kiosk)
    app.ctx.save_settings = lambda: None
    return app


def run_one(size: tuple[int, int], idle_seconds: float, t_start: float) -> dict:
    import pygame

    from game.model.golf import GolfGame
    from game.scenes.golf_table import GolfTableScene

    app = _new_app(size)
    game = GolfGame.from_code("GO1-E-AAAAAAC")
    scene = GolfTableScene(app.ctx, game)
    app.replace(scene)
    app.step_frame(FRAME)
    first_frame = time.time() - t_start
    rec = Recorder(app)
    rec.until_still("deal")
    plays, draws = play(scene, rec, 30)
    for _ in range(3):
        if game.stock and game.status == "playing":
            _click(scene.layout.stock.center)
            draws += 1
            rec.until_still("draws")
    while app.stack[-1] is not scene:  # a blocked or won panel: close it with its undo
        _post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        rec.until_still("undos")
    for _ in range(10):
        _post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        rec.until_still("undos")
    col = next((i for i, c in enumerate(game.columns) if c), 0)
    pile = game.columns[col]
    a = scene.layout.card_rect(col, len(pile) - 1, len(pile)).center
    b = scene.layout.waste.center
    _post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    rec.frames("drag", 1)
    for i in range(1, 31):
        _post(pygame.MOUSEMOTION, pos=(a[0] + (b[0] - a[0]) * i // 30, a[1] + (b[1] - a[1]) * i // 30),
              rel=(0, 0), buttons=(1, 0, 0))
        rec.frames("drag", 1)
    _post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    rec.until_still("drag")
    from .solver import deals
    deal = deals.make_game("golf-classic", deals.listed("golf-classic")[3])
    assist = assist_phases(app, rec, GolfTableScene(app.ctx, deal))
    # a long session: game after game; the memory in use must not grow
    import random
    rng = random.Random(7)
    session_mem = []
    for _ in range(SESSION_GAMES):
        table = GolfTableScene(app.ctx, GolfGame.new("easy", rng=rng))
        app.replace(table)
        rec.until_still("session")
        play(table, rec, 35, "session", "session")
        if app.stack[-1] is not table:  # the end panel: N leaves it for the next game
            app.apply(app.stack[-1].handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0,
                                                                          unicode="n", scancode=0)))
            rec.until_still("session")
        session_mem.append(_rss_mib())
    return finish(app, rec, idle_seconds, first_frame, session_mem, {"plays": plays, "draws": draws, **assist})


def finish(app, rec: Recorder, idle_seconds: float, first_frame: float, session_mem: list[float],
           extra: dict) -> dict:
    """Measure idle CPU in the app's own loop, then gather every number of the run."""
    import pygame

    from game.app import AUDIO_REST
    idle: dict[str, float] = {}

    def watch() -> None:
        time.sleep(AUDIO_REST + 1.0)
        idle["drawn0"] = app.frames_drawn
        cpu0, wall0 = time.process_time(), time.perf_counter()
        time.sleep(idle_seconds)
        idle["cpu"] = (time.process_time() - cpu0) / (time.perf_counter() - wall0) * 100
        idle["drawn"] = app.frames_drawn - idle["drawn0"]
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=watch, daemon=True).start()
    app.run()
    phases = {name: {"median_ms": round(statistics.median(t), 3) if t else 0.0,
                     "p95_ms": round(_percentile(t, 0.95), 3), "frames": len(t)}
              for name, t in rec.phases.items()}
    all_frames = [x for t in rec.phases.values() for x in t]
    size = app.size
    return {"size": f"{size[0]}x{size[1]}", "phases": phases,
            "animated_median_ms": round(statistics.median(all_frames), 3) if all_frames else 0.0,
            "animated_p95_ms": round(_percentile(all_frames, 0.95), 3),
            "idle_cpu_percent": round(idle["cpu"], 3), "idle_frames_drawn": idle["drawn"],
            "first_frame_s": round(first_frame, 3),
            "peak_memory_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            **extra, "session_games": len(session_mem), "session_mem_mib": [round(m, 1) for m in session_mem]}


def report(result: dict) -> str:
    lines = [f"== {result['game']} table at {result['size']} ==",
             f"{'phase':<12}{'frames':>8}{'median ms':>12}{'p95 ms':>10}"]
    for name, p in result["phases"].items():
        lines.append(f"{name:<12}{p['frames']:>8}{p['median_ms']:>12.3f}{p['p95_ms']:>10.3f}")
    lines += [f"all animated frames: median {result['animated_median_ms']:.3f} ms, "
              f"p95 {result['animated_p95_ms']:.3f} ms",
              f"idle CPU: {result['idle_cpu_percent']:.2f} % of one core "
              f"({result['idle_frames_drawn']} frames drawn while idle)",
              f"start-up to first frame: {result['first_frame_s']:.3f} s",
              f"peak memory: {result['peak_memory_mib']:.1f} MiB",
              f"long session ({result['session_games']} games): memory in use after game 5 "
              f"{result['session_mem_mib'][4]:.1f} MiB, after the last {result['session_mem_mib'][-1]:.1f} MiB"]
    if "hint_answer_s" in result:
        lines.append(f"first hint (solver process start included): answered in {result['hint_answer_s']:.2f} s, "
                     f"{result['hint_frames_drawn']} frames drawn meanwhile")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="golf,eightoff")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle measurement")
    parser.add_argument("--attract", type=float, default=60.0, help="seconds of attract mode measured")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        game, size = args.one.split(":")
        w, h = (int(v) for v in size.split("x"))
        t_start = float(os.environ.get("BENCH_T0", time.time()))
        if game == "attract":
            from .bench_attract import run_attract
            print(json.dumps(run_attract((w, h), args.attract)))
            return 0
        if game == "eightoff":
            from .bench_eightoff import run_eightoff
            result = run_eightoff((w, h), args.idle, t_start)
        else:
            result = run_one((w, h), args.idle, t_start)
        print(json.dumps({"game": {"golf": "Golf", "eightoff": "Eight Off"}[game], **result}))
        return 0
    runs = [(g, s) for g in args.games.split(",") for s in args.sizes.split(",")]
    for game, size in runs:
        t0 = time.time()
        env = dict(os.environ, BENCH_T0=repr(t0))
        out = subprocess.run([sys.executable, "-m", "game.bench", "--one", f"{game}:{size}", "--idle",
                              str(args.idle), "--attract", str(args.attract)], env=env, capture_output=True, text=True)
        if out.returncode != 0:
            print(out.stderr, file=sys.stderr)
            return 1
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if game == "attract":
            from .bench_attract import report_attract
            print(report_attract(result))
        else:
            print(report(result))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
