"""The attract-mode part of `python -m game.bench`: a kiosk left alone, in the app's own loop.

A kiosk spends most of its life in attract mode, dealing and playing demo after demo, so what that
costs matters more on a Raspberry Pi than any single game: CPU of one core, frames drawn per second,
demos dealt, memory over the run, and the longest frame.
"""
from __future__ import annotations

import resource
import threading
import time

from .bench import FRAME, _new_app, _rss_mib, slowest_frame

WARM_UP = 3.0  # s: the first deal and the solver's first answer are not counted


def run_attract(size: tuple[int, int], seconds: float) -> dict:
    import pygame

    app = _new_app(size, kiosk=True)
    app.settings.attract_minutes = 1
    app.replace(app.ctx.make_menu_scene())
    app.step_frame(FRAME)
    app.attract.last_input = -60.0  # as if the kiosk had been left alone for a minute already
    numbers: dict[str, float] = {}
    slowest = slowest_frame(app, lambda: "cpu0" in numbers)  # after the warm-up

    def watch() -> None:
        time.sleep(WARM_UP)
        numbers.update(cpu0=time.process_time(), wall0=time.perf_counter(), drawn0=app.frames_drawn,
                       cycles0=app.attract.cycles, mem0=_rss_mib())
        time.sleep(seconds)
        wall = time.perf_counter() - numbers["wall0"]
        numbers.update(cpu=(time.process_time() - numbers["cpu0"]) / wall * 100,
                       fps=(app.frames_drawn - numbers["drawn0"]) / wall,
                       demos=app.attract.cycles - numbers["cycles0"], mem1=_rss_mib(), wall=wall)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=watch, daemon=True).start()
    app.run()
    return {"size": f"{app.size[0]}x{app.size[1]}", "seconds": round(numbers["wall"], 1),
            "cpu_percent": round(numbers["cpu"], 2), "fps": round(numbers["fps"], 1),
            "demos": int(numbers["demos"]), "slowest_frame_ms": round(slowest[0] * 1000, 1),
            "memory_mib": [round(numbers["mem0"], 1), round(numbers["mem1"], 1)],
            "peak_memory_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def report_attract(result: dict) -> str:
    return "\n".join([
        f"== attract mode at {result['size']}, {result['seconds']} s ==",
        f"CPU: {result['cpu_percent']:.1f} % of one core (the main process; the solver's one answer per "
        f"deal runs in its own process), {result['fps']:.1f} frames drawn per second",
        f"demos dealt: {result['demos']}, slowest frame {result['slowest_frame_ms']:.1f} ms",
        f"memory in use: {result['memory_mib'][0]:.1f} MiB after the first deal, "
        f"{result['memory_mib'][1]:.1f} MiB at the end; peak {result['peak_memory_mib']:.1f} MiB"])
