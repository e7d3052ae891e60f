"""The attract-mode part of `python -m tools.bench`: a kiosk left alone, in the app's own loop.

A kiosk spends most of its life in attract mode, dealing and playing demo after demo, so what that
costs matters more on a Raspberry Pi than any single game: CPU of one core, frames drawn per second,
demos dealt, memory over the run, and the longest frame.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame

from .harness import FRAME, cpu_s, new_app, peak_mib, rss_mib, slowest_frame, xserver_cpu_s

WARM_UP = 3.0  # s: the first deal and the solver's first answer are not counted
MENU_IDLE = 2.0  # s in the still menu before the first demo: a kiosk sits there for minutes first,
# and its idle frames' spare time reads ahead what a table needs (game.read_ahead)


def run_attract(size: tuple[int, int], seconds: float) -> dict:
    app = new_app(size, kiosk=True)
    app.settings.attract_minutes = 1
    app.replace(app.ctx.scenes.menu())
    app.step_frame(FRAME)
    # as if the kiosk had been left alone for a minute, less MENU_IDLE, already
    app.attract.last_input = app.wall + MENU_IDLE - app.settings.attract_minutes * 60.0
    numbers: dict[str, Any] = {}
    per_demo: list[float] = []
    slowest = slowest_frame(app, lambda: "cpu0" in numbers)  # after the warm-up

    def watch() -> None:
        time.sleep(WARM_UP)
        numbers.update(
            cpu0=cpu_s(),
            wall0=time.perf_counter(),
            drawn0=app.frames_drawn,
            cycles0=app.attract.cycles,
            mem0=rss_mib(),
            x0=xserver_cpu_s(),
        )
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:  # the memory in use as each demo is dealt
            if app.attract.cycles != numbers.get("seen"):
                numbers["seen"] = app.attract.cycles
                per_demo.append(round(rss_mib(), 1))
            time.sleep(0.25)
        wall = time.perf_counter() - numbers["wall0"]
        x1 = xserver_cpu_s()
        numbers.update(
            cpu=(cpu_s() - numbers["cpu0"]) / wall * 100,
            fps=(app.frames_drawn - numbers["drawn0"]) / wall,
            demos=app.attract.cycles - numbers["cycles0"],
            mem1=rss_mib(),
            wall=wall,
            xcpu=None if x1 is None or numbers["x0"] is None else (x1 - numbers["x0"]) / wall * 100,
        )
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    driver = pygame.display.get_driver()
    threading.Thread(target=watch, daemon=True).start()
    app.run()
    peak = peak_mib()
    return {
        "size": f"{app.size[0]}x{app.size[1]}",
        "driver": driver,
        "present": getattr(app, "present_path", "sdl"),
        "seconds": round(numbers["wall"], 1),
        "cpu_percent": round(numbers["cpu"], 2),
        "fps": round(numbers["fps"], 1),
        "demos": int(numbers["demos"]),
        "slowest_frame_ms": round(slowest[0] * 1000, 1),
        "memory_mib": [round(numbers["mem0"], 1), round(numbers["mem1"], 1)],
        "memory_per_demo_mib": per_demo,
        "xserver_cpu_percent": None if numbers["xcpu"] is None else round(numbers["xcpu"], 2),
        "peak_memory_mib": round(peak, 1),
    }
