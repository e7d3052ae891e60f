"""`python -m tools.bench`: run each game and size in its own process, under each video driver asked
for, and print the figures with the goals beside them (see tools/bench/__init__.py)."""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..machine_speed import blit_work, median_ms, python_work, speed_line
from . import __doc__ as package_doc
from . import attract as attract_bench
from . import eightoff as eightoff_bench
from . import golf as golf_bench
from . import present as present_bench
from .harness import SCRATCH_ENV, XSERVER_PID, xserver_cpu_s
from .repeat import median_result
from .report import comparison, report

GAMES = ("golf", "eightoff", "attract", "present")
GAME_NAMES = {"golf": "Golf", "eightoff": "Eight Off", "attract": "attract", "present": "present"}
PRESENT_ENV = "GOLF_EIGHTOFF_PRESENT"
#: Start-ups measured for each table run, each in a fresh process: the figure is their median (one
#: start alone varies too much from run to run to stand for them).
START_RUNS = 5
#: One start-up in a fresh process: main.py's path to a table (the app, the table of a deal code,
#: its first frame), without the benchmark's own modules; its figures as JSON.
START_SCRIPT = f"""
import json, os, sys, tempfile
with tempfile.TemporaryDirectory(prefix="golf-bench-", ignore_cleanup_errors=True) as scratch:
    os.environ[{SCRATCH_ENV!r}] = scratch
    from game import registry
    from game.heap import hold_collections
    hold_collections()  # as main.py does
    from tools.bench.harness import first_frame, new_app
    app = new_app((int(sys.argv[1]), int(sys.argv[2])))
    app.replace(app.ctx.scenes.table(registry.game_from_code(sys.argv[3])))
    start = first_frame(app)
    app.close()
print(json.dumps(start))
"""
#: The table runs: each game's benchmark module (its long session's length) and its run.
TABLE_RUNS: dict[str, tuple[Any, Any]] = {
    "golf": (golf_bench, golf_bench.run_golf),
    "eightoff": (eightoff_bench, eightoff_bench.run_eightoff),
}


def _size(text: str) -> tuple[int, int]:
    w, h = (int(v) for v in text.lower().split("x"))
    return w, h


def run_child(game: str, size: tuple[int, int], idle: float, attract: float, session: int | None = None) -> dict:
    """One run, in this process (the child): its figures as a dict. Its data folders (saved games,
    the face cache: some 20 MiB at 1920x1080) go with it."""
    with tempfile.TemporaryDirectory(prefix="golf-bench-", ignore_cleanup_errors=True) as scratch:
        os.environ[SCRATCH_ENV] = scratch
        return _run_here(game, size, idle, attract, session)


def _run_here(game: str, size: tuple[int, int], idle: float, attract: float, session: int | None) -> dict:
    if game == "attract":
        return attract_bench.run_attract(size, attract)
    if game == "present":
        return present_bench.run_present(size)
    table, run = TABLE_RUNS[game]
    table.SESSION_GAMES = session or table.SESSION_GAMES
    return run(size, idle)


#: The virtual X server started for x11 runs when there is no DISPLAY.
XVFB = "Xvfb"


@contextmanager
def xserver(needed: bool, size: tuple[int, int]) -> Iterator[tuple[str, int] | None]:
    """A virtual X screen (Xvfb) for the x11 runs when none is given in DISPLAY: (display, pid)."""
    if not needed or os.environ.get("DISPLAY"):
        pid = os.environ.get(XSERVER_PID)
        yield (os.environ["DISPLAY"], int(pid)) if needed and pid else None
        return
    with tempfile.TemporaryFile() as fd_file:
        try:
            proc = subprocess.Popen(
                [
                    XVFB,
                    "-displayfd",
                    str(fd_file.fileno()),
                    "-screen",
                    "0",
                    f"{size[0]}x{size[1]}x24",
                    "-nolisten",
                    "tcp",
                ],
                pass_fds=(fd_file.fileno(),),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as exc:  # (not installed: a sentence, not a traceback)
            raise SystemExit(
                f"x11 runs need an X server: set DISPLAY, or install Xvfb (apt-get install -y xvfb) ({exc.strerror})"
            ) from None
        try:
            for _ in range(100):
                fd_file.seek(0)
                number = fd_file.read().strip()
                if number:
                    break
                time.sleep(0.05)
            else:
                raise SystemExit("x11 runs need an X server: Xvfb did not start within 5 s")
            yield f":{number.decode()}", proc.pid
        finally:
            proc.terminate()
            proc.wait(5)


#: The modules a run loads on its way to the first frame and after (see _pycache_prefix).
WARM_IMPORTS = (
    "import pygame, game.app, tools.bench.harness, game.scenes.golf_table, game.scenes.eightoff_table, "
    "game.scenes.menu, game.solver.worker, game.persist.stats, multiprocessing.connection"
)


@functools.cache
def _pycache_prefix(scratch: str) -> str:
    """Where the children's compiled bytecode goes: a temporary folder, filled once with the game
    and the bench compiled (compileall). An installed game starts from its bytecode cache, so a
    start-up measured while compiling every module (PYTHONDONTWRITEBYTECODE, or sources just
    changed) would count time a player never waits for. It is a folder of `scratch`, the bench's,
    which goes when the bench ends."""
    prefix = tempfile.mkdtemp(prefix="pyc-", dir=scratch)
    env = dict(os.environ, PYTHONPYCACHEPREFIX=prefix)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    root = Path(__file__).resolve().parents[2]
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(root / "game"), str(root / "main.py"), str(root / "tools")],
        env=env,
        check=False,
        capture_output=True,
    )
    # and what the game imports from the standard library and pygame: with a prefix, Python looks
    # for their bytecode there only, so the first run would compile them where an installed system
    # has them compiled already
    subprocess.run([sys.executable, "-c", WARM_IMPORTS], env=env, cwd=root, check=False, capture_output=True)
    return prefix


def _child_env(driver: str, display: tuple[str, int] | None, t0: float, scratch: str) -> dict[str, str]:
    name, _, path = driver.partition(":")
    env = dict(
        os.environ,
        BENCH_T0=repr(t0),
        SDL_VIDEODRIVER=name,
        PYTHONPYCACHEPREFIX=_pycache_prefix(scratch),
        TMPDIR=scratch,
    )  # a child's own temporary folders too: gone with the bench, even if it crashed
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.pop(PRESENT_ENV, None)
    if path:
        env[PRESENT_ENV] = path
    if name == "x11" and display is not None:
        env["DISPLAY"], env[XSERVER_PID] = display[0], str(display[1])
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench", description=package_doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default="golf,eightoff", help=f"any of {', '.join(GAMES)}")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument(
        "--drivers",
        default="dummy",
        help="SDL video drivers, e.g. dummy,x11; x11:PATH forces a presentation path "
        "(framebuffer, sdl-texture or renderer); x11 without DISPLAY starts an Xvfb",
    )
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle measurement")
    parser.add_argument("--attract", type=float, default=60.0, help="seconds of attract mode measured")
    parser.add_argument("--session", type=int, help="games in each table's long session (Golf 40, Eight Off 30)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="run each game, size and driver this many times, the drivers taking turns, "
        "and report the medians of their figures",
    )
    parser.add_argument("--json", help="also write every run's figures to this file")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        game, size = args.one.split(":")
        print(
            json.dumps(
                {"game": GAME_NAMES[game], **run_child(game, _size(size), args.idle, args.attract, args.session)}
            )
        )
        return 0
    games = args.games.split(",")
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    sizes = [_size(s) for s in args.sizes.split(",")]
    drivers = args.drivers.split(",")
    biggest = (max(max(w for w, _ in sizes), 1920), max(max(h for _, h in sizes), 1080))
    results: list[dict] = []
    speed = {"python_ms": round(median_ms(python_work), 2), "blits_ms": round(median_ms(blit_work), 2)}
    print(speed_line(speed["python_ms"], speed["blits_ms"]))
    print()
    with (
        xserver(any(d.startswith("x11") for d in drivers), biggest) as display,
        tempfile.TemporaryDirectory(prefix="golf-bench-", ignore_cleanup_errors=True) as scratch,
    ):
        for game in games:
            for size in sizes:
                runs: dict[str, list[dict]] = {driver: [] for driver in _specs(game, drivers)}
                for _ in range(max(1, args.repeat)):
                    for driver, got in runs.items():  # (the drivers take turns: a slow spell hits both)
                        one = _run(game, size, driver, display, args, scratch)
                        if one is None:
                            return 1
                        got.append(one)
                for got in runs.values():
                    result = median_result(got)
                    result["repeats"] = len(got)
                    result["machine_speed"] = speed
                    results.append(result)
                    print(report(result) if game != "present" else _present_report(result))
                    print()
                    base = next(
                        (
                            r
                            for r in results
                            if r["game"] == result["game"] and r["size"] == result["size"] and r["driver"] == "dummy"
                        ),
                        None,
                    )
                    if game != "present" and base is not None and result["driver"] != "dummy":
                        print(comparison(base, result))
                        print()
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)
    return 0


def _specs(game: str, drivers: list[str]) -> list[str]:
    """The driver specs to run: `present` measures every path a driver offers unless one is named."""
    if game != "present":
        return drivers
    return [
        d if ":" in d else f"{d}:{path}" for d in drivers for path in ([""] if ":" in d else present_bench.paths_for(d))
    ]


def _run(
    game: str,
    size: tuple[int, int],
    driver: str,
    display: tuple[str, int] | None,
    args: argparse.Namespace,
    scratch: str,
) -> dict | None:
    t0 = time.time()
    x0 = xserver_cpu_s(display[1]) if display else None
    session = ["--session", str(args.session)] if args.session else []
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.bench",
            "--one",
            f"{game}:{size[0]}x{size[1]}",
            "--idle",
            str(args.idle),
            "--attract",
            str(args.attract),
            *session,
        ],
        env=_child_env(driver, display, t0, scratch),
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return None
    result: dict = json.loads(out.stdout.strip().splitlines()[-1])
    x1 = xserver_cpu_s(display[1]) if display else None
    if driver.startswith("x11") and x0 is not None and x1 is not None:
        result["xserver_cpu_s"] = round(x1 - x0, 2)
    if game in TABLE_RUNS:
        starts = [_start(TABLE_RUNS[game][0].FIRST_CODE, size, driver, display, scratch) for _ in range(START_RUNS)]
        if None in starts:
            return None
        result["first_frame_cpu_runs"] = sorted(s["first_frame_cpu_s"] for s in starts if s)
        for key in ("first_frame_cpu_s", "first_frame_s", "first_frame_peak_mib"):
            result[key] = statistics.median(s[key] for s in starts if s)
    return result


def _start(code: str, size: tuple[int, int], driver: str, display: tuple[str, int] | None, scratch: str) -> dict | None:
    """One start-up to the first frame of `code`'s table, in a fresh process (START_SCRIPT)."""
    out = subprocess.run(
        [sys.executable, "-c", START_SCRIPT, str(size[0]), str(size[1]), code],
        env=_child_env(driver, display, time.time(), scratch),
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return None
    start: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return start


def _present_report(result: dict) -> str:
    return present_bench.present_report(result)
