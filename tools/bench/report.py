"""The benchmark's printed report: one block per run, its goals, and a real window against the dummy driver."""

from __future__ import annotations

from .goals import Goal, attract_goals, frame_parts_ratios, real_screen_goals, table_goals


def _where(result: dict) -> str:
    repeats = result.get("repeats", 1)
    return f"{result['size']}, {result['driver']} ({result['present']})" + (
        f", the medians of {repeats} runs" if repeats > 1 else ""
    )


def _goals(goals: list[Goal]) -> list[str]:
    missed = sum(not g.met for g in goals)
    return ["goals:" + (f" {missed} missed" if missed else " all met"), *(g.line() for g in goals)]


def _session_line(result: dict) -> str:
    """Memory in use over the long session (the game's: the bench's own records of the frames left
    out), after game 5 (the first games still warm the caches) and after the last; a session that
    short says only the last."""
    mem = result["session_mem_mib"]
    head = f"long session ({result['session_games']} games): memory in use "
    if len(mem) > 5:
        return head + f"after game 5 {mem[4]:.1f} MiB, after the last {mem[-1]:.1f} MiB"
    return head + (f"after the last {mem[-1]:.1f} MiB" if mem else "not measured")


def table_report(result: dict) -> str:
    lines = [
        f"== {result['game']} table at {_where(result)} ==",
        f"{'phase':<12}{'frames':>8}{'median ms':>12}{'p95 ms':>10}{'slowest ms':>12}",
    ]
    for name, p in result["phases"].items():
        lines.append(
            f"{name:<12}{p['frames']:>8}{p['median_ms']:>12.3f}{p['p95_ms']:>10.3f}{p.get('max_ms', 0.0):>12.1f}"
        )
    lines += [
        f"all animated frames: median {result['animated_median_ms']:.3f} ms, p95 {result['animated_p95_ms']:.3f} ms",
        f"spare-time work (faces loaded before they show): {result.get('spare_pieces', 0)} pieces in "
        f"{result.get('spare_frames', 0)} frames, at most {result.get('spare_max_ms', 0.0):.3f} ms in one",
        f"idle CPU: {result['idle_cpu_percent']:.2f} % of one core "
        f"({result['idle_frames_drawn']} frames drawn while idle)",
        _start_line(result),
        _peak_line(result),
        _session_line(result),
    ]
    if "present_median_ms" in result:
        lines.append(
            f"of which putting frames on screen: median {result['present_median_ms']:.3f} ms, "
            f"p95 {result['present_p95_ms']:.3f} ms; other threads: {result['others_in_frames_s']:.3f} s "
            f"in all; the rest: median {result['bare_median_ms']:.3f} ms, p95 {result['bare_p95_ms']:.3f} ms"
        )
    if result.get("paced"):
        lines.append(_paced_line(result))
    if result.get("xserver_cpu_s") is not None:
        lines.append(
            f"CPU over the run: {result['total_cpu_s']:.2f} s in the game, "
            f"{result['xserver_cpu_s']:.2f} s in the X server"
        )
    if "hint_answer_s" in result:
        lines.append(
            f"first hint (solver process start included): answered in {result['hint_answer_s']:.2f} s, "
            f"{result['hint_frames_drawn']} frames drawn meanwhile"
        )
    return "\n".join(lines + _goals(table_goals(result)))


def attract_report(result: dict) -> str:
    xserver = result.get("xserver_cpu_percent")
    lines = [
        f"== attract mode at {_where(result)}, {result['seconds']} s ==",
        f"CPU: {result['cpu_percent']:.1f} % of one core (the main process; the solver's one answer per "
        f"deal runs in its own process), {result['fps']:.1f} frames drawn per second",
        *([f"X server: {xserver:.1f} % of one core"] if xserver is not None else []),
        f"demos dealt: {result['demos']}, slowest frame {result['slowest_frame_ms']:.1f} ms",
        f"memory in use: {result['memory_mib'][0]:.1f} MiB after the first deal, "
        f"{result['memory_mib'][1]:.1f} MiB at the end; peak {result['peak_memory_mib']:.1f} MiB",
        *(
            [f"memory in use as each demo was dealt: {_mibs(result['memory_per_demo_mib'])} MiB"]
            if result.get("memory_per_demo_mib")
            else []
        ),
    ]
    return "\n".join(lines + _goals(attract_goals(result)))


def report(result: dict) -> str:
    return attract_report(result) if result["game"] == "attract" else table_report(result)


def comparison(dummy: dict, real: dict) -> str:
    """A real window's run against the dummy driver's, same game and size."""
    return "\n".join(
        [
            f"== {real['game']} at {real['size']}: {real['driver']} ({real['present']}) against dummy ==",
            *_goals(real_screen_goals(dummy, real)),
            *_parts_lines(dummy, real),
        ]
    )


def _parts_lines(dummy: dict, real: dict) -> list[str]:
    """Where a real window's frames differ: its present, the other threads, or the rest (not goals:
    the goal is the whole frame)."""
    parts = frame_parts_ratios(dummy, real)
    if not parts:
        return []
    return [
        "the frames apart (not goals): the present "
        f"{real['present_median_ms']:.3f} ms a frame (median) against {dummy['present_median_ms']:.3f}; "
        f"other threads {real['others_in_frames_s']:.2f} s against {dummy['others_in_frames_s']:.2f}; "
        f"the rest, {real['driver']} / dummy: median {parts['median']:.3f} x, p95 {parts['p95']:.3f} x"
    ]


def _start_line(result: dict) -> str:
    """The start-up: the median of the fresh starts measured (cli.START_RUNS), with their range."""
    runs = result.get("first_frame_cpu_runs")
    line = f"start-up to first frame: {result['first_frame_cpu_s']:.3f} s of CPU, {result['first_frame_s']:.3f} s"
    if runs:
        line += f" (the median of {len(runs)} fresh starts: {runs[0]:.3f}-{runs[-1]:.3f} s of CPU)"
    return line


def _paced_line(result: dict) -> str:
    """The frames drawn at the game's own pace (Recorder.at_game_pace): not goals, which are
    set on frames back to back, but what a player's frames cost."""
    phases = ", ".join(f"{name} {p['median_ms']:.3f} / {p['p95_ms']:.3f}" for name, p in result["paced"].items())
    return (
        f"at the game's pace (a frame every 1/60 s; median / p95 ms, not goals): {phases}; "
        f"all {result['paced_median_ms']:.3f} / {result['paced_p95_ms']:.3f}"
    )


def _peak_line(result: dict) -> str:
    line = f"peak memory: {result['peak_memory_mib']:.1f} MiB"
    if "game_peak_mib" in result:
        line += f" (the game's, without the bench's records of the frames: {result['game_peak_mib']:.1f} MiB)"
    return line


def _mibs(values: list[float]) -> str:
    """Memory figures in MiB, one decimal each, comma-separated."""
    return ", ".join(f"{m:.1f}" for m in values)
