"""No frame waits on the statistics database: a screen asks for figures and gets at once what is
known ("…" before the first answer); the database is read on the reader's own thread, which may
wait for a lock or sum a large database meanwhile. Nothing here is timed: the reader is held
back by a gate the test opens, and its retries follow a clock the test sets."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pygame
import pytest
from conftest import run_frames

from game import registry
from game.persist import reader as reader_module
from game.persist.reader import RETRY_S, Reader
from game.persist.recorder import Recorder
from game.persist.statistics import Statistics
from game.persist.stats import StatsDB
from game.persist.stats_read import open_reader
from game.persist.tally import summarize
from game.scenes.menu import MenuScene
from game.scenes.round_stats_scene import RoundStatsScene
from game.scenes.stats_scene import NOT_KNOWN, StatsScene


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Gate:
    """A reader's connection that waits until the test opens the gate (as a lock would make it)."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.entered = threading.Event()
        self.threads: list[str] = []

    def connect(self, path: Path) -> sqlite3.Connection:
        self.threads.append(threading.current_thread().name)
        self.entered.set()
        assert self.opened.wait(60), "the gate was never opened"
        return open_reader(path)


class Watched:
    """Every SQL statement, with the thread that ran it."""

    def __init__(self, monkeypatch) -> None:
        self.threads: list[str] = []
        real = sqlite3.connect
        watched = self

        class Conn:
            def __init__(self, conn: sqlite3.Connection) -> None:
                self._conn = conn

            def execute(self, *args, **kwargs):
                watched.threads.append(threading.current_thread().name)
                return self._conn.execute(*args, **kwargs)

            def __enter__(self):
                return self._conn.__enter__()

            def __exit__(self, *exc):
                return self._conn.__exit__(*exc)

            def __getattr__(self, name):
                return getattr(self._conn, name)

        monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: Conn(real(*a, **k)))

    def on_frames(self) -> list[str]:
        return [t for t in self.threads if t == threading.main_thread().name]


def games(folder: Path, n: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    db = StatsDB(folder / "statistics.sqlite3")
    for i in range(n):
        db.record("golf", "easy", None, "won" if i % 3 else "blocked", 100 + i, 30 + i, uid=f"g{i}")
    db.close()
    return folder / "statistics.sqlite3"


@pytest.fixture
def threaded(monkeypatch):
    """The game's reads: on the reader's thread (the tests' default is inline)."""
    monkeypatch.setenv("GOLF_EIGHTOFF_STATS_READS", "thread")


def test_the_statistics_screen_shows_what_it_has_until_the_reader_answers(make_app, data_dir, monkeypatch, threaded):
    games(data_dir, 6)
    gate = Gate()
    monkeypatch.setattr(reader_module, "open_reader", gate.connect)
    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    app.replace(StatsScene(app.ctx))
    assert gate.entered.wait(60)  # the reader is held at the gate
    run_frames(app, 5)  # frames go on while the reader waits
    screen = app.top
    assert [value for _label, value in screen.lines()] == [NOT_KNOWN] * 9
    stats.record("golf", "easy", None, "won", 350, 40, uid="new")  # a game finished meanwhile
    gate.opened.set()
    assert stats.reader.settle(60)
    run_frames(app, 2)
    assert screen.figures_watch.seen == stats.known.version  # it noticed the answer ...
    assert dict(screen.lines())["Played"] == "7"  # ... and shows it, the game not written yet too
    assert set(gate.threads) == {"statistics reader"}


def test_the_rounds_statistics_paint_the_figures_when_the_reader_answers(make_app, data_dir, monkeypatch, threaded):
    """The Rounds screen watches the statistics as the Statistics screen does: their answer makes it
    paint itself again, as soon as it comes."""
    games(data_dir, 6)
    gate = Gate()
    monkeypatch.setattr(reader_module, "open_reader", gate.connect)
    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    screen = RoundStatsScene(app.ctx, registry.kind("golf-easy"))
    app.replace(screen)
    assert gate.entered.wait(60)  # the reader is held at the gate
    run_frames(app, 5)
    assert not screen.is_animating()  # nothing new to paint meanwhile
    gate.opened.set()
    assert stats.reader.settle(60)
    screen.update(1 / 120)
    assert screen.is_animating()  # the answer came: the loop draws ...
    assert screen.draw(pygame.display.get_surface()) is None  # ... the whole screen, with the figures
    assert not screen.is_animating()


@pytest.mark.slow
def test_a_locked_database_never_makes_a_frame_wait(make_app, data_dir, monkeypatch, threaded):
    """Another program holds an exclusive lock: every read of the database fails after its wait,
    on the reader's thread; the frames never run a statement, and the screens say what they can."""
    games(data_dir, 3)
    lock = sqlite3.connect(data_dir / "statistics.sqlite3", isolation_level=None)
    lock.execute("PRAGMA locking_mode = EXCLUSIVE")
    lock.execute("BEGIN EXCLUSIVE")
    lock.execute("INSERT INTO dealt (kind, number) VALUES ('golf-easy', 1)")
    watched = Watched(monkeypatch)
    app = make_app(size=(800, 480), scene=MenuScene)
    run_frames(app, 30)  # the menu looks up today's deal
    app.replace(StatsScene(app.ctx))
    run_frames(app, 10)
    progress = app.ctx.progress
    assert progress.dealt("golf-easy") == set()  # dealing goes on without them
    assert progress.stats.reader.settle(60)
    run_frames(app, 3)
    assert app.top.lines() == [("Statistics are not available", "")]
    assert app.top.note() is not None  # the reason is said under the title
    assert watched.on_frames() == []
    assert {"statistics reader"} <= set(watched.threads)
    lock.execute("ROLLBACK")
    lock.close()


def test_a_failed_read_is_tried_again_later_not_at_every_frame(tmp_path):
    path = games(tmp_path, 2)
    tries: list[int] = []

    def locked(path: Path) -> sqlite3.Connection:
        tries.append(1)
        if len(tries) < 3:
            raise sqlite3.OperationalError("database is locked")
        return open_reader(path)

    clock = Clock()
    recorder = Recorder(path)
    reader = Reader(path, recorder, "thread", clock, locked)
    key = ("games", "golf", "easy")
    assert reader.ask(key) is None
    assert reader.settle(60) and reader.ask(key).error == "database is locked"
    for _frame in range(50):
        reader.ask(key)
    assert reader.settle(60) and len(tries) == 1
    clock.now += RETRY_S
    reader.ask(key)
    assert reader.settle(60) and len(tries) == 2 and reader.ask(key).value is None
    clock.now += RETRY_S
    reader.ask(key)
    assert reader.settle(60) and reader.ask(key).value[0].played == 2
    reader.close()
    recorder.close()


def test_a_read_that_fails_in_any_way_is_an_answer_and_the_reader_goes_on(tmp_path):
    """A database of another kind (its tables not the game's) fails the read with an error of the
    statistics' own: an answer that says so, and a later question is still answered."""
    from game.persist.schema import StatsDamaged

    path = games(tmp_path, 2)
    tries: list[int] = []

    def foreign(path: Path) -> sqlite3.Connection:
        tries.append(1)
        if len(tries) == 1:
            raise StatsDamaged("the games table is not the game's")
        return open_reader(path)

    clock = Clock()
    recorder = Recorder(path)
    reader = Reader(path, recorder, "thread", clock, foreign)
    key = ("games", "golf", "easy")
    reader.ask(key)
    assert reader.settle(60) and "not the game's" in reader.ask(key).error
    clock.now += RETRY_S
    reader.ask(key)
    assert reader.settle(60) and reader.ask(key).value[0].played == 2
    reader.close()
    recorder.close()


def test_an_answer_holds_exactly_the_writes_of_its_snapshot(tmp_path):
    """Writes go on while the reader reads: each answer says which it holds, and the figures fold in
    the others, so nothing is counted twice or left out."""
    path = games(tmp_path, 0)
    recorder = Recorder(path)
    stats = Statistics(path, recorder, reads="thread")
    for i in range(40):
        stats.record("golf", "easy", None, "won", 10, 10, uid=f"w{i}")
        summary = stats.known.summary("golf", "easy")
        assert summary is None or summary.played == i + 1
    assert recorder.flush(60) and stats.reader.settle(60)
    stats.known.summary("golf", "easy")  # asks again: the last answer is older than the writes
    assert stats.reader.settle(60) and stats.known.summary("golf", "easy").played == 40
    stats.close()
    recorder.close()


@pytest.mark.slow
def test_a_database_of_300000_games_is_summed_on_the_readers_thread(tmp_path, monkeypatch):
    path = tmp_path / "statistics.sqlite3"
    StatsDB(path).close()
    conn = sqlite3.connect(path, isolation_level=None)
    results = ("won", "won", "blocked", "abandoned", "assisted", "won")
    rows = [
        (results[i % 6 if i % 1000 else 0], 50 + i % 400, 20 + i % 90, i % 3, i % 2, float(i % 500), f"u{i}")
        for i in range(300_000)
    ]
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (game, option, result, score, moves, hints, undos, duration_s, finished_at, uid)"
        " VALUES ('golf', 'easy', ?, ?, ?, ?, ?, ?, 'x', ?)",
        rows,
    )
    conn.execute("COMMIT")
    conn.close()
    expected = summarize((r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows)

    watched = Watched(monkeypatch)
    recorder = Recorder(path)
    stats = Statistics(path, recorder, reads="thread")
    assert stats.known.summary("golf", "easy") is None  # the frame's answer: not known yet ...
    assert stats.reader.settle(600)
    got = stats.known.summary("golf", "easy")  # ... and the reader's, summed by SQLite
    assert got is not None and watched.on_frames() == []
    for field in ("played", "won", "best_score", "current_streak", "longest_streak", "hints", "assisted"):
        assert getattr(got, field) == getattr(expected, field), field
    assert (got.clean_wins, got.best_time) == (expected.clean_wins, expected.best_time)
    assert got.average_moves == pytest.approx(expected.average_moves)
    assert got.average_win_time == pytest.approx(expected.average_win_time)
    stats.close()
    recorder.close()


def test_after_a_write_only_the_rows_added_are_read(tmp_path, monkeypatch):
    """A tally goes on from the last one read; a reset (rows gone) makes it read every row again."""
    from game.persist import stats_read

    path = games(tmp_path, 5)
    recorder = Recorder(path)
    stats = Statistics(path, recorder, reads="inline")
    full: list[int] = []
    real = stats_read.games_tally
    monkeypatch.setattr(stats_read, "games_tally", lambda *a: full.append(1) or real(*a))
    key = ("games", "golf", "easy")
    assert stats.summary("golf", "easy").played == 5 and len(full) == 1
    for i in range(3):
        stats.record("golf", "easy", None, "won", 1, 1, uid=f"more{i}")
    assert recorder.flush(60)
    assert stats.summary("golf", "easy").played == 8 and len(full) == 1  # the three rows only
    assert stats.reader.ask(key).value.upto == 8
    stats.reset("golf", "easy")
    stats.record("golf", "easy", None, "blocked", 2, 2, uid="after")
    assert recorder.flush(60)
    summary = stats.summary("golf", "easy")
    assert (summary.played, summary.won, len(full)) == (1, 0, 2)  # read whole again
    stats.close()
    recorder.close()
