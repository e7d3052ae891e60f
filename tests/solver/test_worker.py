"""worker.py: solver jobs in a spawned process (or a thread) that never block the caller."""
from __future__ import annotations

import logging
import os
import signal

import pytest

from game.solver import Result, solve
from game.solver import worker as worker_module
from game.solver.analysis import Analysis
from game.solver.moves import apply_move, replays_to_win
from game.solver.tables import make_game
from game.solver.worker import JobFailed, SolverWorker

WAIT = 60.0  # generous: a spawned child boots and imports the solver first


@pytest.fixture
def make_worker():
    made = []

    def make(mode="process"):
        made.append(SolverWorker(mode))
        return made[-1]

    yield make
    for w in made:
        w.close()


def collect(w, count):
    """Wait for `count` answers (or until the worker has nothing left)."""
    got = []
    while len(got) < count and w.busy:
        got += w.wait(WAIT)
    return got


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_solve_gives_a_result_whose_moves_win(make_worker, mode):
    w = make_worker(mode)
    game = make_game("golf-classic", 2)
    ticket = w.submit("solve", game, 100_000)
    assert w.busy
    [(got, result)] = collect(w, 1)
    assert got == ticket and isinstance(result, Result) and result.verdict == "winnable"
    assert replays_to_win(make_game("golf-classic", 2), result.moves)
    assert not w.busy and w.poll() == []


def test_the_child_is_another_process_without_pygame(make_worker):
    import pygame  # noqa: F401 - the parent has it (conftest), the child must not
    w = make_worker()
    w.submit("info")
    [(_, info)] = collect(w, 1)
    assert info["pid"] == w.pid != os.getpid()
    assert info["pygame"] is False


def test_jobs_see_the_game_as_it_was_when_submitted(make_worker):
    w = make_worker()
    game = make_game("eightoff-8", 1)
    apply_move(game, (("column", 0), ("cell", 4), 1))
    first = w.submit("analyse", game, 100_000)
    apply_move(game, (("column", 1), ("cell", 5), 1))
    second = w.submit("solve", game, 100_000)
    answers = dict(collect(w, 2))
    assert list(answers) == [first, second]
    report = answers[first]
    assert isinstance(report, Analysis) and report.line_length == 1 and report.now == "winnable"
    assert answers[second].verdict == "winnable"
    assert replays_to_win(game, answers[second].moves)


def test_find_deal_and_sleep_jobs(make_worker):
    w = make_worker()
    a = w.submit("find_deal", "golf-classic", 11, {1, 2}, 50_000)
    b = w.submit("sleep", 0.01, "slept")
    answers = collect(w, 2)
    assert [t for t, _ in answers] == [a, b] and answers[1][1] == "slept"
    number = answers[0][1]
    from game.solver.deals import find_winnable
    assert number == find_winnable("golf-classic", 11, {1, 2}, 50_000)


def test_poll_never_waits_for_a_running_job(make_worker):
    w = make_worker()
    w.submit("sleep", 5, "late")
    assert w.poll() == [] and w.busy
    w.cancel()
    assert not w.busy and w.poll() == []


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_a_cancelled_job_never_comes_back(make_worker, mode):
    w = make_worker(mode)
    running = w.submit("sleep", 5, "cancelled")
    old = w._runner
    w.cancel(running)
    assert not w.busy and w._runner is None  # the running job's worker was let go
    after = w.submit("sleep", 0, "after")
    assert after > running and w._runner is not old
    assert collect(w, 5) == [(after, "after")]
    assert w.poll() == [] and not w.busy
    if mode == "process":
        old.process.join(WAIT)
        assert old.process.exitcode == -signal.SIGTERM  # stopped, not left to finish


def test_cancelling_a_queued_job_skips_it(make_worker):
    w = make_worker()
    a = w.submit("sleep", 0.2, "a")
    b = w.submit("sleep", 0, "b")
    c = w.submit("sleep", 0, "c")
    w.cancel(b)
    assert collect(w, 5) == [(a, "a"), (c, "c")]


def test_a_killed_worker_fails_its_jobs_and_the_next_submit_restarts_it(make_worker, caplog):
    w = make_worker()
    w.submit("sleep", 0, "warm")
    assert collect(w, 1)[0][1] == "warm"
    first_pid = w.pid
    a = w.submit("sleep", 5, "never")
    b = w.submit("sleep", 0, "queued")
    os.kill(first_pid, signal.SIGKILL)
    with caplog.at_level(logging.WARNING, logger="game.solver.worker"):
        answers = collect(w, 2)
    assert answers == [(a, JobFailed("worker stopped")), (b, JobFailed("worker stopped"))]
    assert "stopped" in caplog.text and not w.busy
    c = w.submit("solve", make_game("golf-easy", 1), 100_000)
    [(got, result)] = collect(w, 1)
    assert got == c and result.verdict == "winnable" and w.pid != first_pid


def test_a_worker_killed_while_idle_is_replaced_quietly(make_worker):
    w = make_worker()
    w.submit("sleep", 0, "warm")
    collect(w, 1)
    os.kill(w.pid, signal.SIGKILL)
    w._runner.process.join(WAIT)  # surely gone before the next submit (not mid-way dying)
    t = w.submit("sleep", 0, "again")
    assert collect(w, 1) == [(t, "again")]


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_a_failing_job_is_a_value(make_worker, mode):
    w = make_worker(mode)
    bad = w.submit("solve", make_game("golf-easy", 1), "lots")  # not a budget
    good = w.submit("sleep", 0, "fine")
    answers = collect(w, 2)
    assert answers[0][0] == bad and isinstance(answers[0][1], JobFailed)
    assert "budget" in answers[0][1].error
    assert answers[1] == (good, "fine")


def test_an_unknown_job_is_a_programming_error(make_worker):
    w = make_worker()
    with pytest.raises(ValueError):
        w.submit("guess", 1)
    assert not w.busy and w.pid is None  # nothing was started
    with pytest.raises(ValueError):
        SolverWorker("fork")


def test_no_process_falls_back_to_a_thread(make_worker, monkeypatch, caplog):
    def refuse():
        raise OSError("no processes here")

    monkeypatch.setattr(worker_module, "_ProcessRunner", refuse)
    w = make_worker("process")
    with caplog.at_level(logging.WARNING, logger="game.solver.worker"):
        t = w.submit("solve", make_game("golf-classic", 4), 100_000)
    assert w.mode == "thread" and "thread" in caplog.text
    [(got, result)] = collect(w, 1)
    assert got == t and result.verdict == solve(make_game("golf-classic", 4), 100_000).verdict


def test_close_is_safe_twice_and_a_closed_worker_can_start_again(make_worker):
    w = make_worker()
    w.submit("sleep", 5, "dropped")
    w.close()
    w.close()
    assert not w.busy and w.pid is None and w.poll() == []
    t = w.submit("sleep", 0, "back")
    assert collect(w, 1) == [(t, "back")]


def test_a_job_the_worker_could_not_take_goes_to_a_new_one(make_worker):
    w = make_worker()
    w.start()
    old = w.pid
    w._runner.send = lambda task: False  # as a pipe to a child that died unnoticed
    t = w.submit("sleep", 0, "taken")
    assert collect(w, 1) == [(t, "taken")] and w.pid != old


def test_the_child_never_reruns_the_parents_main_module(tmp_path):
    """A main module that imports pygame at the top (and has no __main__ guard) stays in the parent."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "game_main.py"
    script.write_text(
        f"import sys\nsys.path.insert(0, {str(root)!r})\nimport pygame\n"
        "from game.solver.worker import SolverWorker\n"
        "w = SolverWorker()\nw.submit('info')\nanswers = w.wait(60)\nw.close()\n"
        "print('ANSWER', answers[0][1]['pygame'] if answers else None)\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ANSWER", "False"], done.stdout + done.stderr
