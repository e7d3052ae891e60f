"""What every benchmark run shares: the app made for it, the frame recorder, posted input, and the
process figures (CPU, memory, the X server's CPU when there is one).

Everything that needs pygame imports it inside the function, so `python -m tools.bench` starts its
child runs without loading the game in the parent.
"""

from __future__ import annotations

import os
import resource
import statistics
import tempfile
import threading
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App
    from game.scenes.table import TableScene

FRAME = 1 / 60
#: The folder a run's data folders go in (cli.run_child removes it when the run ends).
SCRATCH_ENV = "GOLF_EIGHTOFF_BENCH_SCRATCH"
#: The X server's process id, passed by the parent when it started the server, so a run can count
#: the CPU that putting its frames on screen costs outside its own process.
XSERVER_PID = "BENCH_XSERVER_PID"


def percentile(values: Any, q: float) -> float:
    if not len(values):
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def phase_figures(phases: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each phase's drawn frames: how many, their median, p95 and slowest CPU ms. The slowest is
    the frame a table froze in (a panel laid out, a new table built), which no percentile shows."""
    return {
        name: {
            "median_ms": round(statistics.median(t), 3) if t else 0.0,
            "p95_ms": round(percentile(t, 0.95), 3),
            "max_ms": round(max(t, default=0.0), 3),
            "frames": len(t),
        }
        for name, t in phases.items()
    }


class Recorder:
    """Steps the app one frame at a time and records the CPU time of the frames that drew."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.phases: dict[str, array] = {}
        #: What the app did in the frames' spare time, as its own loop does (App.use_spare_time): the
        #: CPU ms of each frame's share, for the frames that had any, and how many pieces in all.
        self.spare = array("d")
        self.spare_pieces = 0
        #: For each drawn frame, in the order drawn: its CPU ms; the CPU ms this thread spent putting
        #: it on screen (Screen.present); and the CPU ms the process's other threads used meanwhile
        #: (the save's writer, the statistics). What a real window adds to a frame, apart.
        self.drawn = array("d")
        self.present = array("d")
        self.others = array("d")
        self._presenting = 0.0
        #: The frames drawn at the game's own pace (at_game_pace), per phase: apart from the rest.
        self.paced: dict[str, array] = {}
        self._pace = False
        self.clock: Callable[[], float] = time.perf_counter  # (tests: fakes)
        self.sleep: Callable[[float], None] = time.sleep
        #: The process's peak so far, and the game's: the peak less these records as they were
        #: when it was reached (see game_peak_mib).
        self._peak = self.game_peak = peak_mib()
        present = app.display.present

        def timed_present(rects: Any) -> None:
            t = time.thread_time()
            try:
                present(rects)
            finally:
                self._presenting += time.thread_time() - t

        app.display.present = timed_present  # type: ignore[method-assign]  # this app's frames only

    def frames(self, phase: str, n: int) -> None:
        times = self.phases.setdefault(phase, array("d"))  # compact: the session draws tens of thousands
        for _ in range(n):
            self._presenting = 0.0
            own = self.own_mib()  # (what the records held while the frame ran: they grow only after it)
            begun = self.clock()
            t0, h0 = time.process_time(), time.thread_time()
            drew = self.app.step_frame(FRAME)
            t1, h1 = time.process_time(), time.thread_time()
            if drew:
                times.append((t1 - t0) * 1000)
                if not self._pace:  # (the parts are the back-to-back frames')
                    self.drawn.append((t1 - t0) * 1000)
                    self.present.append(self._presenting * 1000)
                    self.others.append(max(0.0, (t1 - t0) - (h1 - h0)) * 1000)
            pieces = self.app.use_spare_time(FRAME - (t1 - t0))
            if pieces:
                self.spare.append((time.process_time() - t1) * 1000)
                self.spare_pieces += pieces
            self._peaked(own)
            if self.app.ctx.jobs.busy:
                time.sleep(FRAME)  # the solver works in real time: a frame's worth of it passes, as in the game
            elif self._pace:
                self.sleep(max(0.0, FRAME - (self.clock() - begun)))

    def _peaked(self, own: float) -> None:
        """A new process peak since the last look was reached with these records at `own` MiB or
        more (they only grow): the game's share of it is at most the peak less `own`."""
        peak = peak_mib()
        if peak > self._peak:
            self._peak = peak
            self.game_peak = max(self.game_peak, peak - own)

    def game_peak_mib(self) -> float:
        """The game's peak memory: the process's, less the records of the frames (about 1.3 MiB
        after Golf's long session) as they stood when it was reached; over, never under, the game's own."""
        self._peaked(self.own_mib())
        return self.game_peak

    @contextmanager
    def at_game_pace(self) -> Iterator[None]:
        """Frames drawn as the game draws them, one every 1/60 s (the rest of the time asleep),
        recorded in `paced`. The other phases run back to back, and a frame after a pause can cost
        several times as much: its memory has gone cold in the caches. A real
        window's frames run back to back slower still, the X server's work for one frame cooling
        them for the next; at the game's pace that work falls in the pause."""
        phases, self.phases, self._pace = self.phases, self.paced, True
        try:
            yield
        finally:
            self.phases, self._pace = phases, False

    def own_mib(self) -> float:
        """The memory its records of the frames take (8 bytes a number, a few per frame): over a
        long session they grow by about a megabyte, which is the bench's, not the game's."""
        arrays = [*self.phases.values(), self.spare, self.drawn, self.present, self.others]
        return sum(a.buffer_info()[1] * a.itemsize for a in arrays) / 2**20

    def game_mib(self) -> float:
        """The memory the game has in use now: the process's, less this recorder's own records."""
        return rss_mib() - self.own_mib()

    def deal(self, table: TableScene, limit: int = 600) -> None:
        """A table's deal: its frames while the cards fly in ("deal"), then those until the table
        is still ("deal's end": the "Winnable deal" message fading, the glow coming), apart: counted
        as one phase, the many cheap frames after a listed deal would hide what its deal frames
        cost. (With animations off there is no "deal" at all.)"""
        for _ in range(limit):
            if not table.dealing:
                break
            self.frames("deal", 1)
        self.until_still("deal's end")

    def until_still(self, phase: str, limit: int = 600) -> None:
        for _ in range(limit):
            self.frames(phase, 1)
            if not self.app.is_animating():
                break
        self.saved()

    def saved(self) -> None:
        """Wait for the game's save to be on disk, as it is by a player's next move (dozens of
        frames later). The bench's frames come back to back, and the save's writer writes the
        newest state whenever it is free, so how many moves one write took depended on how fast
        the frames came: a real window's slower frames would write the save several times as
        often, and that thread's CPU in the frames would make the window look slower than it is."""
        progress = getattr(self.app.ctx, "progress", None)
        if progress is not None:
            progress.save.flush(5.0)


def slowest_frame(app: App, counting: Callable[[], bool] = lambda: True) -> list[float]:
    """Wrap the app's step_frame to keep the longest real time one frame took (while counting()),
    in the returned one-item list."""
    slowest = [0.0]
    step_frame = app.step_frame

    def timed(elapsed: float, events: Any = None) -> bool:
        t0 = time.perf_counter()
        try:
            return step_frame(elapsed, events)
        finally:
            if counting():
                slowest[0] = max(slowest[0], time.perf_counter() - t0)

    app.step_frame = timed  # type: ignore[method-assign]  # this app alone steps through the timer
    return slowest


def post(kind: int, **kw: Any) -> None:
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    pygame.event.post(pygame.event.Event(kind, **kw))


def click(pos: tuple[int, int]) -> None:
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def key(key_code: int, mod: int = 0, text: str = "") -> None:
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode=text, scancode=0)


def undo() -> None:
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    key(pygame.K_z, pygame.KMOD_CTRL)


def drag(rec: Recorder, phase: str, a: tuple[int, int], b: tuple[int, int], steps: int) -> None:
    """Press at a, move to b in `steps` frames, release at b, and let the cards settle."""
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    rec.frames(phase, 1)
    for k in range(1, steps + 1):
        post(
            pygame.MOUSEMOTION,
            pos=(a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps),
            rel=(0, 0),
            buttons=(1, 0, 0),
        )
        rec.frames(phase, 1)
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    rec.until_still(phase)


def rss_mib() -> float:
    """Memory in use now (resident set), MiB."""
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_s() -> float:
    """CPU seconds this process has used since it started (all threads, user and system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def xserver_cpu_s(pid: int | None = None) -> float | None:
    """CPU seconds the X server has used: that process, or the one the parent started and named."""
    if pid is None:
        named = os.environ.get(XSERVER_PID)
        if not named:
            return None
        pid = int(named)
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except (OSError, ValueError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def new_app(size: tuple[int, int], kiosk: bool = False) -> Any:
    # never the player's games; in the run's scratch folder (cli.run_child), which goes with the run
    os.environ["GOLF_EIGHTOFF_DATA_DIR"] = tempfile.mkdtemp(prefix="golf-bench-data-", dir=os.environ.get(SCRATCH_ENV))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App  # in the child, after the environment above: the parent never loads pygame
    from game.settings import Settings  # the parent loads none of the game

    app = App(size=size, fullscreen=False, settings=Settings(), settings_path=os.devnull + ".none", kiosk=kiosk)
    app.ctx.save_settings = lambda closing=False: None  # type: ignore[method-assign]  # a benchmark saves nothing
    app.settle_long_lived()  # as main.py does
    return app


def first_frame(app: App) -> dict:
    """Draw the first frame and say what it cost since the process started: CPU and wall time."""
    app.step_frame(FRAME)
    t_start = float(os.environ.get("BENCH_T0", time.time()))
    return {
        "first_frame_cpu_s": round(cpu_s(), 3),
        "first_frame_s": round(time.time() - t_start, 3),
        "first_frame_peak_mib": round(peak_mib(), 1),
    }


def assist_phases(app: App, rec: Recorder, table: TableScene) -> dict:
    """On a fresh winnable deal: the first hint (the solver process starts and solves while the table
    keeps drawing: real time passes between frames), then the demo playing 20 moves."""
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    app.replace(table)
    rec.deal(table)
    t0 = time.perf_counter()
    key(pygame.K_h, text="h")
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
    return {
        "hint_answer_s": round(answer_s, 3),
        "hint_frames_waiting": waited,
        "hint_frames_drawn": len(rec.phases.get("hint", [])),
        "demo_moves": table.game.moves,
    }


def at_game_pace(app: App, rec: Recorder, table: TableScene, play: Callable[[TableScene], object]) -> None:
    """A fresh table's deal and a few moves (`play`) at the game's own pace (Recorder.at_game_pace)."""
    with rec.at_game_pace():
        app.replace(table)
        rec.deal(table)
        play(table)


def all_phases(phases: dict[str, Any], name: str) -> dict[str, float]:
    """The frames of every phase together: `name`_median_ms and `name`_p95_ms."""
    frames = [x for t in phases.values() for x in t]
    return {
        f"{name}_median_ms": round(statistics.median(frames), 3) if frames else 0.0,
        f"{name}_p95_ms": round(percentile(frames, 0.95), 3),
    }


def paced_figures(rec: Recorder) -> dict:
    """The frames drawn at the game's pace: per phase, and all together."""
    return {"paced": phase_figures(rec.paced), **all_phases(rec.paced, "paced")}


def frame_parts(rec: Recorder) -> dict:
    """The drawn frames' median and p95 without their present and without other threads' CPU, the
    present's own, and the other threads' CPU inside the frames: so a real window's frames can be
    set against the dummy driver's part by part."""
    bare = [f - p - o for f, p, o in zip(rec.drawn, rec.present, rec.others)]
    return {
        "bare_median_ms": round(statistics.median(bare), 3) if bare else 0.0,
        "bare_p95_ms": round(percentile(bare, 0.95), 3),
        "present_median_ms": round(statistics.median(rec.present), 3) if len(rec.present) else 0.0,
        "present_p95_ms": round(percentile(rec.present, 0.95), 3),
        "others_in_frames_s": round(sum(rec.others) / 1000, 3),
    }


def finish(app: App, rec: Recorder, idle_seconds: float, session_mem: list[float], extra: dict) -> dict:
    """Measure idle CPU in the app's own loop, then gather every number of the run."""
    import pygame  # the parent process (cli) loads this module: pygame only in a child run

    from game.app import AUDIO_REST  # (the app brings pygame: child runs only)

    idle: dict[str, float] = {}

    def watch() -> None:
        time.sleep(AUDIO_REST + 1.0)
        idle["drawn0"] = app.frames_drawn
        cpu0, wall0 = time.process_time(), time.perf_counter()
        time.sleep(idle_seconds)
        idle["cpu"] = (time.process_time() - cpu0) / (time.perf_counter() - wall0) * 100
        idle["drawn"] = app.frames_drawn - idle["drawn0"]
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    driver = pygame.display.get_driver()
    threading.Thread(target=watch, daemon=True).start()
    app.run()
    peak = peak_mib()  # before the statistics below: sorting 45,000 frame times is the bench's memory
    game_peak = rec.game_peak_mib()
    phases = phase_figures(rec.phases)
    size = app.size
    return {
        "size": f"{size[0]}x{size[1]}",
        "driver": driver,
        "present": getattr(app, "present_path", "sdl"),
        "phases": phases,
        **all_phases(rec.phases, "animated"),
        "animated_cpu_s": round(sum(sum(t) for t in rec.phases.values()) / 1000, 2),
        "idle_cpu_percent": round(idle["cpu"], 3),
        "idle_frames_drawn": idle["drawn"],
        "spare_pieces": rec.spare_pieces,
        "spare_frames": len(rec.spare),
        "spare_max_ms": round(max(rec.spare, default=0.0), 3),
        "peak_memory_mib": round(peak, 1),
        "game_peak_mib": round(game_peak, 1),
        "total_cpu_s": round(cpu_s(), 2),
        **frame_parts(rec),
        **paced_figures(rec),
        **extra,
        "session_games": len(session_mem),
        "session_mem_mib": [round(m, 1) for m in session_mem],
    }
