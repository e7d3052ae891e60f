"""The performance goals, each printed as the measured number with its target beside it.

- Frames: the p95 of every animated phase <= 2 ms at 1920x1080 and <= 1 ms at 800x480, the median
  <= 0.25 ms (CPU per drawn frame; a Raspberry Pi 4 core is about 5x slower than a desktop's).
- Memory: peak <= 70 MiB for either table and <= 80 MiB in attract mode at 1920x1080, and flat over a
  long session.
- Start-up: <= 0.25 s of CPU to the first frame (interpreter start included).
- A real screen: in a real window every figure within 20 % of the dummy driver's: the frames back to
  back and at the game's own pace (harness.at_game_pace) alike.
"""

from __future__ import annotations

from dataclasses import dataclass

MEDIAN_MS = 0.25
P95_MS_SMALL = 1.0  # at 800x480 (and below)
P95_MS_LARGE = 2.0  # at 1920x1080 (and anything between)
TABLE_PEAK_MIB = 70.0  # at 1920x1080
ATTRACT_PEAK_MIB = 80.0  # at 1920x1080
FLAT_MIB = 1.0  # growth allowed over a long session once it has settled
STARTUP_CPU_S = 0.25
REAL_SCREEN_SLACK = 0.20  # a real window's figure within 20 % of the dummy driver's
SMALL = 800 * 480
LARGE = 1920 * 1080


@dataclass(frozen=True)
class Goal:
    """One figure against its target."""

    label: str
    value: float
    target: float
    unit: str = ""
    higher_is_better: bool = False

    @property
    def met(self) -> bool:
        return self.value >= self.target if self.higher_is_better else self.value <= self.target

    def line(self) -> str:
        sign = ">=" if self.higher_is_better else "<="
        return (
            f"  {'ok  ' if self.met else 'MISS'} {self.label:<46}{self.value:>9.3f} {self.unit:<4}"
            f" target {sign} {self.target:g} {self.unit}"
        ).rstrip()


def _pixels(size: str) -> int:
    w, h = (int(v) for v in size.split("x"))
    return w * h


def table_peak(result: dict) -> float:
    """A table run's peak memory: the game's, the bench's records of its frames left out (runs
    from before they were: the process's)."""
    return float(result.get("game_peak_mib", result["peak_memory_mib"]))


def table_goals(result: dict) -> list[Goal]:
    """Frames, memory and start-up of one table run."""
    pixels = _pixels(result["size"])
    p95 = P95_MS_SMALL if pixels <= SMALL else P95_MS_LARGE
    goals = []
    for name, phase in result["phases"].items():
        goals.append(Goal(f"p95 of {name}", phase["p95_ms"], p95, "ms"))
        goals.append(Goal(f"median of {name}", phase["median_ms"], MEDIAN_MS, "ms"))
    if pixels >= LARGE:
        goals.append(Goal("peak memory", table_peak(result), TABLE_PEAK_MIB, "MiB"))
    mem = result["session_mem_mib"]
    if len(mem) > 5:
        goals.append(Goal(f"memory growth, games 5 to {len(mem)}", mem[-1] - mem[4], FLAT_MIB, "MiB"))
    goals.append(Goal("CPU to the first frame", result["first_frame_cpu_s"], STARTUP_CPU_S, "s"))
    return goals


def attract_goals(result: dict) -> list[Goal]:
    goals = []
    if _pixels(result["size"]) >= LARGE:
        goals.append(Goal("peak memory", result["peak_memory_mib"], ATTRACT_PEAK_MIB, "MiB"))
    start, end = result["memory_mib"]
    per_demo = result.get("memory_per_demo_mib", [])
    if len(per_demo) >= 3:  # from the second demo on: both games' deals have been seen
        goals.append(
            Goal(f"memory growth, demo 2 to the end ({len(per_demo)} demos)", end - per_demo[1], FLAT_MIB, "MiB")
        )
    else:
        goals.append(Goal(f"memory growth over {result['seconds']:g} s", end - start, FLAT_MIB, "MiB"))
    return goals


def _with_xserver(cpu: float, xserver: float | None) -> float:
    return cpu + (xserver or 0.0)


def real_screen_goals(dummy: dict, real: dict) -> list[Goal]:
    """A real window's figures as a ratio of the dummy driver's (the X server's CPU counted in)."""

    def ratio(a: float, b: float) -> float:
        return a / b if b else (1.0 if a == b else float("inf"))

    if "fps" in real:  # attract mode
        cpu = _with_xserver(real["cpu_percent"], real.get("xserver_cpu_percent"))
        pairs = [
            ("CPU of one core (X server included)", cpu, dummy["cpu_percent"], False),
            ("frames per second", real["fps"], dummy["fps"], True),
            ("slowest frame", real["slowest_frame_ms"], dummy["slowest_frame_ms"], False),
            ("peak memory", real["peak_memory_mib"], dummy["peak_memory_mib"], False),
        ]
    else:
        pairs = [
            ("median frame", real["animated_median_ms"], dummy["animated_median_ms"], False),
            ("p95 frame", real["animated_p95_ms"], dummy["animated_p95_ms"], False),
            (
                "the run's CPU (X server included)",
                _with_xserver(real["total_cpu_s"], real.get("xserver_cpu_s")),
                dummy["total_cpu_s"],
                False,
            ),
            ("CPU to the first frame", real["first_frame_cpu_s"], dummy["first_frame_cpu_s"], False),
            ("peak memory", table_peak(real), table_peak(dummy), False),
        ]
        if real.get("paced") and dummy.get("paced"):  # (harness.at_game_pace: the frames as a player gets them)
            pairs[2:2] = [
                ("median frame at the game's pace", real["paced_median_ms"], dummy["paced_median_ms"], False),
                ("p95 frame at the game's pace", real["paced_p95_ms"], dummy["paced_p95_ms"], False),
            ]
    return [
        Goal(
            f"{label}, {real['driver']} / dummy",
            ratio(a, b),
            1 - REAL_SCREEN_SLACK if up else 1 + REAL_SCREEN_SLACK,
            "x",
            up,
        )
        for label, a, b, up in pairs
    ]


def frame_parts_ratios(dummy: dict, real: dict) -> dict[str, float]:
    """A real window's frames without their present and the other threads' CPU, as a ratio of the
    dummy driver's: {} for runs that did not record the parts (attract mode)."""
    if "bare_median_ms" not in real or "bare_median_ms" not in dummy:
        return {}
    return {
        k: real[f"bare_{k}_ms"] / dummy[f"bare_{k}_ms"] if dummy[f"bare_{k}_ms"] else 1.0 for k in ("median", "p95")
    }
