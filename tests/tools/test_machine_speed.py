"""The machine-speed figures the benchmarks print beside their own: fixed work, timed the same way."""

from __future__ import annotations

import itertools

import pytest

from tools.machine_speed import blit_work, median_ms, python_work, speed_line


def test_the_figure_is_the_median_of_the_runs_in_milliseconds_of_the_given_clock():
    ticks = itertools.chain([0.0, 0.004, 1.0, 1.010, 2.0, 2.002], itertools.repeat(0.0))  # 4, 10, 2 ms
    assert median_ms(lambda: None, clock=lambda: next(ticks), runs=3) == pytest.approx(4.0)


def test_the_work_is_the_same_every_time():
    assert python_work(5000) == python_work(5000)
    assert blit_work(3) == 3


def test_the_python_work_needs_no_pygame(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pygame(name, *args, **kwargs):
        if name.split(".")[0] == "pygame":
            raise ImportError("no pygame in the solver bench")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pygame)
    median_ms(lambda: python_work(100), runs=1)
    with pytest.raises(ImportError):
        blit_work(1)


def test_the_lines_say_both_figures_and_that_they_compare_days():
    assert "12.3 ms" in speed_line(12.34) and "compare days" in speed_line(1.0) and "blits" not in speed_line(1.0)
    line = speed_line(80.04, 9.26)
    assert "80.0 ms" in line and "9.3 ms" in line and "compare days" in line


def test_the_solver_bench_prints_the_machine_speed_first():
    from tools import solver_bench as bench

    lines: list[str] = []
    bench.main(
        ["--games", "golf", "--options", "easy", "--from", "1", "--to", "2", "--positions", "0"], out=lines.append
    )
    assert lines[1].startswith("machine speed: fixed pure-Python work")
