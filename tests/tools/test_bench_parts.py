"""The benchmark sets a real window's frames against the dummy driver's part by part: the present
(putting the frame on screen), the other threads' CPU inside a frame, and the rest
(tools/bench/harness.py, goals.py, report.py). Numbers are made up here: tests never time anything."""

from __future__ import annotations

from array import array
from types import SimpleNamespace

import pytest

from game.model.moves import EightOffMove, Pile
from tools.bench.goals import frame_parts_ratios
from tools.bench.harness import Recorder, frame_parts, phase_figures
from tools.bench.report import comparison, table_report


class FakeApp:
    """Draws on every other frame and presents once per drawn frame."""

    def __init__(self) -> None:
        self.presented: list[object] = []
        self.display = SimpleNamespace(present=self.presented.append)
        self.ctx = SimpleNamespace(jobs=SimpleNamespace(busy=False))
        self.frame = 0

    def step_frame(self, elapsed: float) -> bool:
        self.frame += 1
        if self.frame % 2:
            self.display.present([self.frame])
            return True
        return False

    def use_spare_time(self, seconds: float) -> int:
        return 0


def test_the_recorder_keeps_one_present_and_one_other_threads_figure_per_drawn_frame():
    app = FakeApp()
    rec = Recorder(app)  # type: ignore[arg-type]
    rec.frames("deal", 6)
    assert app.presented == [[1], [3], [5]]  # the wrapped present still puts every frame on screen
    assert len(rec.phases["deal"]) == len(rec.drawn) == len(rec.present) == len(rec.others) == 3
    assert all(p >= 0.0 and o >= 0.0 for p, o in zip(rec.present, rec.others))


class FakeTable:
    """Deals for `flying` frames, then stays busy (a message fading) for `after` more."""

    def __init__(self, app: FakeApp, flying: int, after: int) -> None:
        self.app, self.flying, self.after = app, flying, after

    @property
    def dealing(self) -> bool:
        return self.app.frame < self.flying

    def is_animating(self) -> bool:
        return self.app.frame < self.flying + self.after


def test_a_deal_counts_only_the_frames_while_its_cards_fly_and_what_follows_is_a_phase_of_its_own():
    app = FakeApp()
    table = FakeTable(app, flying=8, after=12)
    app.is_animating = table.is_animating  # type: ignore[attr-defined]
    rec = Recorder(app)  # type: ignore[arg-type]
    rec.deal(table)  # type: ignore[arg-type]
    assert len(rec.phases["deal"]) == 4  # frames 1-8, every other one drawn
    assert len(rec.phases["deal's end"]) == 6  # frames 9-20
    assert not table.dealing and not table.is_animating()


def test_the_rest_of_a_frame_is_what_neither_the_present_nor_another_thread_took():
    rec = SimpleNamespace(
        drawn=array("d", [1.0, 2.0, 3.0]), present=array("d", [0.25, 0.5, 0.5]), others=array("d", [0.0, 0.5, 1.5])
    )
    parts = frame_parts(rec)  # type: ignore[arg-type]
    assert parts["bare_median_ms"] == 1.0  # 0.75, 1.0, 1.0
    assert parts["present_median_ms"] == 0.5
    assert parts["others_in_frames_s"] == 0.002


def _run(driver: str, bare: float, present: float) -> dict:
    return {
        "game": "Golf",
        "size": "1920x1080",
        "driver": driver,
        "present": "framebuffer",
        "animated_median_ms": bare + present,
        "animated_p95_ms": 4 * (bare + present),
        "total_cpu_s": 10.0,
        "first_frame_cpu_s": 0.2,
        "peak_memory_mib": 60.0,
        "bare_median_ms": bare,
        "bare_p95_ms": 4 * bare,
        "present_median_ms": present,
        "present_p95_ms": 2 * present,
        "others_in_frames_s": 0.0,
    }


def test_a_real_window_whose_only_extra_is_its_present_is_level_with_the_dummy_driver_apart_from_it():
    dummy, real = _run("dummy", 0.14, 0.01), _run("x11", 0.14, 0.06)
    assert frame_parts_ratios(dummy, real) == {"median": 1.0, "p95": 1.0}
    text = comparison(dummy, real)
    assert "MISS median frame, x11 / dummy" in text  # the goal stays the whole frame
    assert "the present 0.060 ms a frame (median) against 0.010" in text
    assert "the rest, x11 / dummy: median 1.000 x, p95 1.000 x" in text


def test_runs_without_the_parts_compare_the_whole_frames_only():
    dummy, real = _run("dummy", 0.1, 0.0), _run("x11", 0.1, 0.0)
    del real["bare_median_ms"]
    assert frame_parts_ratios(dummy, real) == {}
    assert "the frames apart" not in comparison(dummy, real)


@pytest.mark.slow
def test_the_game_s_memory_leaves_out_the_recorder_s_own_growing_records(monkeypatch):
    from tools.bench import harness

    app = FakeApp()
    rec = Recorder(app)  # type: ignore[arg-type]
    monkeypatch.setattr(harness, "rss_mib", lambda: 50.0)
    before = rec.game_mib()
    rec.frames("session", 2 * 2**17)  # 131,072 drawn frames: four numbers each, 4 MiB of records
    assert 3.9 < rec.own_mib() < 4.5
    assert rec.game_mib() == 50.0 - rec.own_mib() and rec.game_mib() < before - 3.9


def test_the_bench_lets_the_save_be_written_after_each_move_as_a_player_s_pace_would():
    app = FakeApp()
    flushed: list[int] = []
    app.ctx.progress = SimpleNamespace(save=SimpleNamespace(flush=lambda timeout: flushed.append(app.frame)))
    app.is_animating = lambda: app.frame < 5  # type: ignore[attr-defined]
    rec = Recorder(app)  # type: ignore[arg-type]
    rec.until_still("plays")
    assert flushed == [5]  # once, when the table is still: not in the middle of the move's frames


def test_a_phase_says_its_slowest_frame_which_its_median_and_p95_do_not_show():
    frames = array("d", [0.3] * 99 + [80.0])  # one frame froze: a panel laid out
    figures = phase_figures({"session": frames})["session"]
    assert figures == {"median_ms": 0.3, "p95_ms": 0.3, "max_ms": 80.0, "frames": 100}
    result = {
        "game": "Golf",
        "size": "800x480",
        "driver": "dummy",
        "present": "framebuffer",
        "phases": {"session": figures},
        "animated_median_ms": 0.3,
        "animated_p95_ms": 0.3,
        "idle_cpu_percent": 0.5,
        "idle_frames_drawn": 0,
        "first_frame_cpu_s": 0.2,
        "first_frame_s": 0.2,
        "peak_memory_mib": 50.0,
        "session_games": 0,
        "session_mem_mib": [],
    }
    head, row = table_report(result).splitlines()[1:3]
    assert head.split()[-2:] == ["slowest", "ms"] and row.split() == ["session", "100", "0.300", "0.300", "80.0"]


def test_the_start_up_is_the_median_of_fresh_starts_and_the_report_gives_their_range():
    from tools.bench.report import _start_line

    result = {"first_frame_cpu_s": 0.21, "first_frame_s": 0.23, "first_frame_cpu_runs": [0.2, 0.21, 0.3]}
    line = _start_line(result)
    assert "0.210 s of CPU" in line and "the median of 3 fresh starts: 0.200-0.300 s" in line
    assert "fresh starts" not in _start_line({"first_frame_cpu_s": 0.21, "first_frame_s": 0.23})


def test_one_fresh_start_draws_the_table_of_its_code_and_leaves_no_folder_behind(monkeypatch, tmp_path):
    """A real start in a child process (its figures are not looked at: tests never time anything)."""
    from tools.bench import cli, golf

    monkeypatch.setattr(cli, "_pycache_prefix", lambda scratch: str(tmp_path / "pyc"))
    start = cli._start(golf.FIRST_CODE, (320, 240), "dummy", None, str(tmp_path))  # its TMPDIR: tmp_path
    assert start is not None
    assert set(start) == {"first_frame_cpu_s", "first_frame_s", "first_frame_peak_mib"}
    assert start["first_frame_cpu_s"] > 0 and start["first_frame_peak_mib"] > 0
    left = [p.name for p in tmp_path.iterdir() if p.name != "pyc"]  # (its compiled bytecode: the bench's)
    assert left == []  # the data folder (saved game, face cache) went with the child


def test_the_eight_off_benchs_group_drag_moves_a_run_of_four_and_only_as_one_group():
    """The group drag's position: one legal move of more than a card, the run of four onto the ten
    (the bench checks that its drag landed there)."""
    from tools.bench.eightoff import _run_to_move

    game = _run_to_move()
    groups = [m for m in game.legal_moves() if m.count > 1]
    assert groups == [EightOffMove(Pile.column(0), Pile.column(6), 4)]
    assert [str(c) for c in game.columns[0][-4:]] == ["9S", "8S", "7S", "6S"]


def test_repeated_runs_are_reported_as_the_medians_of_their_figures():
    from tools.bench.repeat import median_result

    def run(peak, frames, median, session, starts, ok):
        return {
            "game": "Golf",
            "driver": "x11",
            "peak_memory_mib": peak,
            "ok": ok,
            "phases": {"plays": {"frames": frames, "median_ms": median}},
            "session_mem_mib": session,
            "first_frame_cpu_runs": starts,
        }

    runs = [
        run(70.1, 423, 0.2, [44.0, 45.0], [0.1, 0.2], True),
        run(69.0, 423, 0.9, [43.0, 44.5], [0.3], False),
        run(69.5, 421, 0.3, [45.0, 46.0], [0.2, 0.4], True),
    ]
    merged = median_result(runs)
    assert merged["peak_memory_mib"] == 69.5 and merged["phases"]["plays"] == {"frames": 423, "median_ms": 0.3}
    assert merged["session_mem_mib"] == [44.0, 45.0]  # number by number
    assert merged["first_frame_cpu_runs"] == [0.1, 0.2]  # lists of another length: the first's
    assert merged["game"] == "Golf" and merged["ok"] is True
    assert median_result(runs[:1]) is runs[0]
    two = median_result([runs[0], runs[2]])  # an even number of runs: a count stays whole, one run's
    assert two["phases"]["plays"]["frames"] == 421 and two["peak_memory_mib"] == 69.8


def test_x11_runs_without_an_x_server_to_start_end_with_a_sentence_saying_what_to_install(monkeypatch, tmp_path):
    import pytest

    from tools.bench import cli

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr(cli, "XVFB", str(tmp_path / "no-such-Xvfb"))
    with pytest.raises(SystemExit) as stop, cli.xserver(True, (800, 480)):
        raise AssertionError("no X server, yet the runs went ahead")
    assert "install Xvfb" in str(stop.value.code)
    with cli.xserver(False, (800, 480)) as display:  # dummy runs alone need none
        assert display is None


class FakeClock:
    """Real time for the Recorder's pacing: each frame takes `frame_s`, a sleep passes as asked."""

    def __init__(self, app: FakeApp, frame_s: float) -> None:
        self.now, self.slept = 0.0, []
        step = app.step_frame

        def timed(elapsed: float) -> bool:
            self.now += frame_s
            return step(elapsed)

        app.step_frame = timed  # type: ignore[method-assign]

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 9))
        self.now += seconds


def test_at_the_game_s_pace_each_frame_starts_a_sixtieth_after_the_last_and_is_recorded_apart():
    from tools.bench.harness import FRAME

    app = FakeApp()
    clock = FakeClock(app, frame_s=0.004)
    rec = Recorder(app)  # type: ignore[arg-type]
    rec.clock, rec.sleep = (lambda: clock.now), clock.sleep
    rec.frames("deal", 2)
    assert clock.slept == []  # back to back
    with rec.at_game_pace():
        rec.frames("deal", 4)
    assert clock.slept == [round(FRAME - 0.004, 9)] * 4  # the rest of each 1/60 s asleep
    assert abs(clock.now - (6 * 0.004 + 4 * (FRAME - 0.004))) < 1e-9
    assert len(rec.paced["deal"]) == 2 and len(rec.phases["deal"]) == 1  # every other frame draws
    assert len(rec.drawn) == len(rec.present) == 1  # the parts are the back-to-back frames'
    rec.frames("plays", 2)
    assert "plays" in rec.phases and "plays" not in rec.paced and len(clock.slept) == 4


def test_a_frame_longer_than_a_sixtieth_is_followed_by_the_next_at_once():
    app = FakeApp()
    clock = FakeClock(app, frame_s=0.030)
    rec = Recorder(app)  # type: ignore[arg-type]
    rec.clock, rec.sleep = (lambda: clock.now), clock.sleep
    with rec.at_game_pace():
        rec.frames("deal", 2)
    assert clock.slept == [0.0, 0.0]


def test_the_frames_at_the_game_s_pace_are_reported_and_set_against_the_dummy_driver_s():
    dummy, real = _run("dummy", 0.14, 0.01), _run("x11", 0.14, 0.06)
    for run, median in ((dummy, 0.4), (real, 0.44)):
        run.update(
            paced={"deal": {"median_ms": median, "p95_ms": 1.0, "max_ms": 2.0, "frames": 9}},
            paced_median_ms=median,
            paced_p95_ms=1.0,
        )
    text = comparison(dummy, real)
    assert "ok   median frame at the game's pace, x11 / dummy      1.100 x" in text
    assert "ok   p95 frame at the game's pace, x11 / dummy         1.000 x" in text
    assert "at the game's pace" not in comparison(_run("dummy", 0.1, 0.0), _run("x11", 0.1, 0.0))
    result = {
        "game": "Golf",
        "size": "800x480",
        "driver": "dummy",
        "present": "framebuffer",
        "phases": {},
        "animated_median_ms": 0.3,
        "animated_p95_ms": 0.3,
        "idle_cpu_percent": 0.5,
        "idle_frames_drawn": 0,
        "first_frame_cpu_s": 0.2,
        "first_frame_s": 0.2,
        "peak_memory_mib": 50.0,
        "session_games": 0,
        "session_mem_mib": [],
        "paced": real["paced"],
        "paced_median_ms": 0.44,
        "paced_p95_ms": 1.0,
    }
    assert (
        "at the game's pace (a frame every 1/60 s; median / p95 ms, not goals): deal 0.440 / 1.000; "
        "all 0.440 / 1.000" in table_report(result)
    )


def test_the_game_s_peak_memory_leaves_out_the_records_as_they_stood_when_the_peak_was_reached(monkeypatch):
    from tools.bench import harness

    app = FakeApp()
    process = {"peak": 50.0}
    monkeypatch.setattr(harness, "peak_mib", lambda: process["peak"])
    rec = Recorder(app)  # type: ignore[arg-type]
    own = {"mib": 0.0}
    rec.own_mib = lambda: own["mib"]  # type: ignore[method-assign]
    step = app.step_frame

    def frame(elapsed: float, peak_in_frame: list[float] = [60.0, 55.0, 61.5, 61.0]) -> bool:  # noqa: B006 (one list for every call: the peaks frame by frame)
        process["peak"] = max(process["peak"], peak_in_frame.pop(0) if peak_in_frame else 0.0)
        return step(elapsed)

    app.step_frame = frame  # type: ignore[method-assign]
    rec.frames("session", 1)  # the game reached 60 MiB with no records yet
    assert rec.game_peak == 60.0
    own["mib"] = 1.0  # the records grew by 1 MiB since
    rec.frames("session", 2)  # 55 (no new peak), then 61.5: 60.5 of it the game's
    assert rec.game_peak == 60.5
    own["mib"] = 1.5
    rec.frames("session", 1)  # 61 is no new peak of the process
    assert rec.game_peak == 60.5
    process["peak"] = 63.0  # after the last frame (the idle minute): the records at their last size
    assert rec.game_peak_mib() == 61.5
    result = {
        "game": "Golf",
        "size": "1920x1080",
        "driver": "dummy",
        "present": "framebuffer",
        "phases": {},
        "animated_median_ms": 0.3,
        "animated_p95_ms": 0.3,
        "idle_cpu_percent": 0.5,
        "idle_frames_drawn": 0,
        "first_frame_cpu_s": 0.2,
        "first_frame_s": 0.2,
        "peak_memory_mib": 70.4,
        "game_peak_mib": 69.2,
        "session_games": 0,
        "session_mem_mib": [],
    }
    text = table_report(result)
    assert "peak memory: 70.4 MiB (the game's, without the bench's records of the frames: 69.2 MiB)" in text
    assert "ok   peak memory" in text and "69.200 MiB" in text
    del result["game_peak_mib"]  # a run from before: its process peak
    assert "MISS peak memory" in table_report(result)


def test_every_phase_s_frames_together_give_one_median_and_p95():
    from tools.bench.harness import all_phases

    phases = {"deal": array("d", [1.0, 9.0]), "plays": array("d", [2.0, 3.0, 4.0])}
    assert all_phases(phases, "paced") == {"paced_median_ms": 3.0, "paced_p95_ms": 9.0}
    assert all_phases({}, "animated") == {"animated_median_ms": 0.0, "animated_p95_ms": 0.0}


def test_the_golf_benchs_player_draws_when_no_card_can_be_played(monkeypatch):
    from game.model.golf import GolfGame
    from tools.bench import golf

    columns = [["5S"], ["5H"], ["5D"], ["5C"], ["6S"], ["6H"], ["6D"]]
    game = GolfGame.from_layout(columns, waste=["KS"], stock=["2C"], rule="classic")  # nothing fits a King
    assert all(m.is_draw for m in game.legal_moves())
    clicks: list[tuple[int, int]] = []

    class Table:
        def __init__(self) -> None:
            self.game = game

    class Stock:
        center = (5, 5)

    monkeypatch.setattr(golf, "_layout", lambda scene: SimpleNamespace(stock=Stock()))

    def clicked(pos: tuple[int, int]) -> None:
        clicks.append(pos)
        game.draw()

    monkeypatch.setattr(golf, "click", clicked)
    rec = SimpleNamespace(until_still=lambda phase: None)
    plays, draws = golf.play(Table(), rec, limit=1)
    assert draws >= 1 and clicks[0] == (5, 5)
