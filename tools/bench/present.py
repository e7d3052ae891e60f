"""`python -m tools.bench --games present`: what putting a frame on screen costs, path by path.

The game draws on a software surface and presents the rectangles that changed (game/view/screen.py).
Here each presentation path the driver offers runs in its own process through three patterns of
change: one card sliding, two cards moving at opposite corners (the span enclosing them is nearly
the whole screen), and the whole screen. Also measured: the GPU renderer composing the cards itself
(``gpu-cards``: felt and 52 cards as textures, drawn and presented every frame), the alternative for
a kmsdrm kiosk. Figures: CPU per frame in the game's process, in the X server (when the benchmark
started it), wall time per frame, and peak memory. Run it on the Pi itself (`--drivers kmsdrm`) to
decide there.
"""

from __future__ import annotations

import os
import time
from typing import Any

from .harness import cpu_s, peak_mib, xserver_cpu_s

FRAMES = 240
GPU_CARDS = "gpu-cards"
CARD = (198, 277)  # a Golf card at 1920x1080


def paths_for(driver: str) -> list[str]:
    """The paths worth measuring under a driver (game/view/screen.py's names, and gpu-cards)."""
    if driver in ("kmsdrm", "wayland"):
        return ["sdl-texture", "renderer", GPU_CARDS]
    if driver == "dummy":
        return ["framebuffer", "renderer"]
    return ["framebuffer", "sdl-texture", "renderer", GPU_CARDS]


def _patterns(size: tuple[int, int]) -> dict[str, Any]:
    import pygame  # the parent loads this module (paths_for, present_report): pygame only in the child run

    w, h = size
    cw, ch = min(CARD[0], w // 4), min(CARD[1], h // 3)
    one = [pygame.Rect(w // 2, h // 3, cw + 24, ch + 24)]
    two = [pygame.Rect(8, 8, cw + 24, ch + 24), pygame.Rect(w - cw - 32, h - ch - 32, cw + 24, ch + 24)]
    return {"one card sliding": one, "two cards, opposite corners": two, "whole screen": None}


def _uploaded(path: str, rects: Any, size: tuple[int, int]) -> int:
    """Pixels a frame sends to the screen: each rectangle, or (SDL's texture) the span enclosing them,
    or none at all (gpu-cards: the cards are on the GPU already, and it composes the whole screen)."""
    import pygame  # the parent loads this module (paths_for, present_report): pygame only in the child run

    if path == GPU_CARDS:
        return 0
    if rects is None:
        return size[0] * size[1]
    if path in ("sdl-texture", "sdl"):
        span = rects[0].unionall(rects[1:])
        return span.width * span.height
    return sum(pygame.Rect(r).clip((0, 0), size).width * pygame.Rect(r).clip((0, 0), size).height for r in rects)


def _measure(frame: Any) -> dict:
    for i in range(20):
        frame(i)
    c0, w0, x0 = cpu_s(), time.perf_counter(), xserver_cpu_s()
    for i in range(FRAMES):
        frame(i)
    c1, w1, x1 = cpu_s(), time.perf_counter(), xserver_cpu_s()
    return {
        "cpu_ms": round((c1 - c0) / FRAMES * 1000, 3),
        "wall_ms": round((w1 - w0) / FRAMES * 1000, 3),
        "xserver_ms": None if x0 is None or x1 is None else round((x1 - x0) / FRAMES * 1000, 3),
    }


def run_present(size: tuple[int, int]) -> dict:
    import pygame  # the parent loads this module (paths_for, present_report): pygame only in the child run

    from game.view.screen import PRESENT_ENV, open_screen  # (it brings pygame)

    path = os.environ.get(PRESENT_ENV, "")
    pygame.display.init()
    card = pygame.Surface(CARD)
    card.fill((246, 244, 236))
    results: dict[str, dict] = {}
    if path == GPU_CARDS:
        results = _gpu_cards(size, card)
        name = GPU_CARDS
    else:
        screen = open_screen()
        name = screen.path
        surface = screen.open(size, fullscreen=False, frameless=False)
        surface.fill((18, 102, 52))
        screen.present(None)
        for label, rects in _patterns(size).items():

            def frame(i: int, rects: Any = rects) -> None:
                for r in rects or [surface.get_rect()]:
                    surface.fill((18 + i % 40, 102, 52), r)
                    surface.blit(card, (r.x + 12, r.y + 12))
                screen.present(rects)

            results[label] = {**_measure(frame), "uploaded_px": _uploaded(name, rects, size)}
        screen.close()
    return {
        "size": f"{size[0]}x{size[1]}",
        "driver": pygame.display.get_driver(),
        "present": name,
        "patterns": results,
        "peak_memory_mib": round(peak_mib(), 1),
    }


def _gpu_cards(size: tuple[int, int], card: Any) -> dict[str, dict]:
    """The cards as textures composed by the GPU: every frame draws the felt and all 52 cards."""
    import pygame  # the parent loads this module (paths_for, present_report): pygame only in the child run
    from pygame._sdl2.video import Renderer, Texture  # (pygame: child only)

    window = pygame.Window("present", size)
    renderer = Renderer(window, accelerated=1)
    felt = pygame.Surface(size)
    felt.fill((18, 102, 52))
    felt_tex = Texture.from_surface(renderer, felt)
    cards = [Texture.from_surface(renderer, card) for _ in range(52)]
    w, h = size
    places = [((k % 13) * (w - CARD[0]) // 12, 60 + (k // 13) * (h - CARD[1] - 60) // 3) for k in range(52)]

    def frame(i: int) -> None:
        felt_tex.draw()
        for k, tex in enumerate(cards):
            x, y = places[k]
            tex.draw(dstrect=(x + (i % 8 if k < 2 else 0), y))
        renderer.present()

    result = {**_measure(frame), "uploaded_px": 0}  # the same whatever moved: every frame is composed whole
    window.destroy()
    return {label: result for label in _patterns(size)}


def present_report(result: dict) -> str:
    lines = [
        f"== presenting at {result['size']}, {result['driver']}: {result['present']} "
        f"(peak memory {result['peak_memory_mib']:.1f} MiB) ==",
        f"{'change':<30}{'CPU ms':>9}{'X server ms':>13}{'wall ms':>10}{'px uploaded':>13}",
    ]
    for label, r in result["patterns"].items():
        xserver = "—" if r["xserver_ms"] is None else f"{r['xserver_ms']:.3f}"
        lines.append(f"{label:<30}{r['cpu_ms']:>9.3f}{xserver:>13}{r['wall_ms']:>10.3f}{r['uploaded_px']:>13,}")
    return "\n".join(lines)
