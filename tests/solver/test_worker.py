"""game.jobs and game.solver.worker: solver jobs as handles, run in a spawned process (or a thread,
or inline), never blocking the caller.

The jobs here that are not the game's are plain functions of the standard library (time.sleep for
one that runs until it is stopped, os.getpid, str): a process gets them by name, nothing in the
game exists for these tests. Waiting for an answer has a generous bound and is never a measure.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import time

import pytest

from game.jobs import Job, JobFailed, Jobs
from game.solver import solve
from game.solver import worker as worker_module
from game.solver.analysis import Analysis
from game.solver.deals import make_game
from game.solver.moves import apply_move, replays_to_win

WAIT = 60.0  # generous: a spawned child boots and imports the solver first
LONG = 3600  # seconds of time.sleep: a job that runs until it is stopped
MODES = ["process", "thread", "inline", "inline-process"]


@pytest.fixture
def make_jobs():
    made = []

    def make(mode="process"):
        made.append(Jobs(mode))
        return made[-1]

    yield make
    for jobs in made:
        jobs.close()


def answer(jobs: Jobs, job: Job):
    """The job's result, waiting for it (within WAIT seconds; the bound is not a measure)."""
    deadline = time.monotonic() + WAIT
    while not job.done:
        assert time.monotonic() < deadline and not job.cancelled, f"{job} never answered"
        jobs.wait(0.05)
    return job.result()


def settled(jobs: Jobs) -> None:
    """Wait until nothing is queued or running."""
    deadline = time.monotonic() + WAIT
    while jobs._queue or jobs._running is not None:
        assert time.monotonic() < deadline
        jobs.wait(0.05)


@pytest.mark.parametrize("mode", MODES)
def test_an_analysis_gives_moves_that_win(make_jobs, mode):
    jobs = make_jobs(mode)
    game = make_game("golf-classic", 2)
    job = jobs.analyse(game, 100_000)
    assert jobs.busy and job.about == game.position_key()
    result = answer(jobs, job)
    assert isinstance(result, Analysis) and result.now == "winnable"
    assert replays_to_win(make_game("golf-classic", 2), result.moves)
    assert not jobs.busy and job.done and job.result() is result  # it may be read again


@pytest.mark.parametrize("mode", ["process", "inline-process"])
def test_the_child_is_another_process_without_pygame(make_jobs, mode):
    import pygame  # noqa: F401 - the parent has it (conftest), the child must not

    jobs = make_jobs(mode)
    pid = answer(jobs, jobs.submit(os.getpid))
    assert pid == jobs.pid != os.getpid()
    answer(jobs, jobs.analyse(make_game("golf-easy", 1), 10_000))  # the solver is imported now
    with open(f"/proc/{pid}/maps") as maps:
        assert "pygame" not in maps.read()  # no part of pygame was ever loaded there


def test_jobs_see_the_game_as_it_was_when_asked(make_jobs):
    jobs = make_jobs()
    game = make_game("eightoff-8", 1)
    apply_move(game, (("column", 0), ("cell", 4), 1))
    first = jobs.analyse(game, 100_000)
    apply_move(game, (("column", 1), ("cell", 5), 1))
    second = jobs.analyse(game, 100_000)
    assert first.about != second.about == game.position_key()
    report = answer(jobs, first)
    assert isinstance(report, Analysis) and report.line_length == 1 and report.now == "winnable"
    later = answer(jobs, second)
    assert later.line_length == 2 and replays_to_win(game, later.moves)


def test_find_deal_is_find_winnable_in_the_worker(make_jobs):
    jobs = make_jobs()
    job = jobs.find_deal("golf-classic", 11, {1, 2}, 50_000)
    assert job.about is None
    from game.solver.deals import find_winnable

    assert answer(jobs, job) == find_winnable("golf-classic", 11, {1, 2}, 50_000)


def test_the_jobs_run_one_at_a_time_oldest_first(make_jobs):
    jobs = make_jobs()
    a, b, c = (jobs.submit(str, name) for name in "abc")
    assert jobs._running is a and list(jobs._queue) == [b, c]
    assert answer(jobs, c) == "c" and a.done and b.done  # c ran last
    assert [a.result(), b.result()] == ["a", "b"]


@pytest.mark.parametrize("mode", MODES)
def test_looking_at_a_job_never_waits_for_it(make_jobs, mode):
    jobs = make_jobs(mode)
    if mode.startswith("inline"):
        jobs.held = True  # inline, a job runs when first looked at: held, it does not
    job = jobs.submit(time.sleep, LONG)
    assert not job.done and jobs.busy  # (were it waited for, this would take an hour)
    with pytest.raises(RuntimeError):
        job.result()
    job.cancel()
    assert not jobs.busy and not job.done


@pytest.mark.parametrize("mode", MODES)
def test_a_cancelled_job_never_comes_back(make_jobs, mode):
    jobs = make_jobs(mode)
    jobs.held = True  # (inline: so that it is still running when cancelled)
    running = jobs.submit(time.sleep, LONG)
    old = jobs._runner
    running.cancel()
    running.cancel()  # twice is the same
    assert not jobs.busy
    if mode.startswith("inline"):
        assert jobs._runner is old  # it never started: the worker stays
    else:
        assert jobs._runner is None  # the running job's worker was let go
    jobs.held = False
    after = jobs.submit(str, "after")
    assert after.ident > running.ident and (jobs._runner is old) == mode.startswith("inline")
    assert answer(jobs, after) == "after"
    assert not running.done and running.cancelled and not jobs.busy
    with pytest.raises(RuntimeError):
        running.result()
    if mode == "process":
        old.process.join(WAIT)
        assert old.process.exitcode == -signal.SIGTERM  # stopped, not left to finish


def test_cancelling_a_queued_job_skips_it_and_an_answered_one_drops_its_answer(make_jobs):
    jobs = make_jobs()
    a, b, c = (jobs.submit(str, name) for name in "abc")
    b.cancel()
    assert answer(jobs, c) == "c" and answer(jobs, a) == "a"
    assert not b.done
    d = jobs.submit(str, "d")
    settled(jobs)
    assert jobs.busy  # d's answer is in, unread
    d.cancel()
    assert not jobs.busy and not d.done


def test_a_killed_worker_fails_its_jobs_and_the_next_job_restarts_it(make_jobs, caplog):
    jobs = make_jobs()
    a = jobs.submit(time.sleep, LONG)
    b = jobs.submit(str, "queued")
    first_pid = jobs.pid
    os.kill(first_pid, signal.SIGKILL)
    with caplog.at_level(logging.WARNING, logger="game.jobs"):
        assert answer(jobs, a) == JobFailed("worker stopped")
    assert b.done and b.result() == JobFailed("worker stopped")
    assert "stopped" in caplog.text and not jobs.busy
    c = jobs.analyse(make_game("golf-easy", 1), 100_000)
    assert answer(jobs, c).now == "winnable" and jobs.pid != first_pid


def test_a_worker_killed_while_idle_is_replaced_quietly(make_jobs):
    jobs = make_jobs()
    answer(jobs, jobs.submit(str, "warm"))
    os.kill(jobs.pid, signal.SIGKILL)
    jobs._runner.process.join(WAIT)  # surely gone before the next job (not mid-way dying)
    assert answer(jobs, jobs.submit(str, "again")) == "again"


@pytest.mark.parametrize("mode", MODES)
def test_a_failing_job_is_a_value(make_jobs, mode):
    jobs = make_jobs(mode)
    bad = jobs.analyse(make_game("golf-easy", 1), "lots")  # not a budget
    good = jobs.submit(str, "fine")
    failed = answer(jobs, bad)
    assert isinstance(failed, JobFailed) and "budget" in failed.error
    assert answer(jobs, good) == "fine"


def test_an_unknown_mode_is_a_programming_error():
    with pytest.raises(ValueError):
        Jobs("fork")


def test_no_process_falls_back_to_a_thread(make_jobs, monkeypatch, caplog):
    def refuse():
        raise OSError("no processes here")

    monkeypatch.setattr(worker_module, "ProcessRunner", refuse)
    jobs = make_jobs("process")
    with caplog.at_level(logging.WARNING, logger="game.solver.worker"):
        job = jobs.analyse(make_game("golf-classic", 4), 100_000)
    assert jobs.mode == "thread" and "thread" in caplog.text
    assert answer(jobs, job).now == solve(make_game("golf-classic", 4), 100_000).verdict


def test_close_is_safe_twice_and_closed_jobs_can_start_again(make_jobs):
    jobs = make_jobs()
    dropped = jobs.submit(time.sleep, LONG)
    jobs.close()
    jobs.close()
    assert not jobs.busy and jobs.pid is None and dropped.cancelled and not dropped.done
    assert answer(jobs, jobs.submit(str, "back")) == "back"


def test_a_job_the_worker_could_not_take_goes_to_a_new_one(make_jobs):
    jobs = make_jobs()
    jobs.start()
    old = jobs.pid
    jobs._runner.send = lambda task: False  # as a pipe to a child that died unnoticed
    assert answer(jobs, jobs.submit(str, "taken")) == "taken" and jobs.pid != old


def pipe_fds() -> list[str]:
    """This process's open pipes and sockets (what a worker's connection holds; the files other
    threads of the test run may open meanwhile are not counted)."""
    out = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # (closed since it was listed)
            continue
        if target.startswith(("pipe:", "socket:")):
            out.append(target)
    return out


@pytest.mark.slow
def test_stopped_workers_leave_no_processes_or_pipes_behind(make_jobs):
    """A kiosk cancels running solves all day (a touch ends attract mode mid-solve): each one stops
    a process, and none of them may leave a process or a file descriptor behind."""
    import multiprocessing

    jobs = make_jobs()
    answer(jobs, jobs.submit(str, "warm"))
    jobs.submit(time.sleep, LONG).cancel()
    answer(jobs, jobs.submit(str, "warm again"))
    pipes = len(pipe_fds())
    for _ in range(12):
        jobs.submit(time.sleep, LONG).cancel()
        answer(jobs, jobs.submit(str, "next"))
    jobs.submit(time.sleep, LONG).cancel()
    deadline = time.monotonic() + 10  # the last one is told to stop, not waited for: let it end
    while len(multiprocessing.active_children()) > 1 and time.monotonic() < deadline:  # (reaps)
        time.sleep(0.01)
    gc.collect()  # a reaped process's object closes its sentinel pipe when it goes
    assert len(pipe_fds()) <= pipes
    assert len(multiprocessing.active_children()) <= 1  # (active_children reaps the stopped ones)


def test_inline_jobs_run_when_first_looked_at_and_wait_while_held(make_jobs):
    jobs = make_jobs("inline")
    calls = []

    a = jobs.submit(calls.append, "a")
    assert calls == []  # not when asked
    jobs.held = True
    assert not a.done and calls == []
    jobs.held = False
    assert a.done and calls == ["a"] and a.result() is None
    b, c = jobs.submit(calls.append, "b"), jobs.submit(calls.append, "c")
    assert c.done is False and calls == ["a", "b"]  # one job per look, oldest first
    assert c.done and calls == ["a", "b", "c"] and b.done


def test_the_child_never_reruns_the_parents_main_module(tmp_path):
    """A main module that imports pygame at the top (and has no __main__ guard) stays in the parent."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "game_main.py"
    script.write_text(
        f"import os, sys, time\nsys.path.insert(0, {str(root)!r})\nimport pygame\n"
        "from game.jobs import Jobs\n"
        "jobs = Jobs()\njob = jobs.submit(os.getpid)\ndeadline = time.monotonic() + 60\n"
        "while not job.done and time.monotonic() < deadline:\n    jobs.wait(0.05)\n"
        "maps = open(f'/proc/{job.result()}/maps').read() if job.done else None\njobs.close()\n"
        "print('ANSWER', None if maps is None else 'pygame' in maps)\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ANSWER", "False"], done.stdout + done.stderr


def test_inline_process_jobs_run_in_one_child_that_cancels_never_stop(make_jobs):
    jobs = make_jobs("inline-process")
    first = answer(jobs, jobs.submit(os.getpid))
    assert first == jobs.pid != os.getpid()
    for _ in range(3):
        jobs.submit(time.sleep, LONG).cancel()  # never started: nothing to stop
    assert answer(jobs, jobs.submit(os.getpid)) == first
    os.kill(first, signal.SIGKILL)
    jobs._runner.child.process.join(WAIT)  # surely gone before the next job
    assert answer(jobs, jobs.submit(os.getpid)) not in (first, os.getpid())  # a new child
