"""Shared fixtures and helpers of the tests, run headless (SDL's dummy video and audio drivers).

Layout: tests/<package>/ holds the tests of game/<package>/ (model, solver, scenes, view, ui,
persist, help); tests/ itself those of game's top-level modules and main.py; tests/system the
whole-game runs and brute-force checks (all marked ``slow``); tests/helpers the functions that
tests in several folders share. pytest's default import mode puts tests/ (the first folder up
without an __init__.py) on sys.path; each subfolder has an __init__.py, so its modules are
``scenes.test_menu`` and the like and two folders may hold files of the same name. Tests import
``from conftest import ...`` (this file) and ``from helpers.tables import ...``, never from
another test module. Fixtures are in the conftest.py files: this one for every folder, a
subfolder's own for that folder.

Hypothesis: HYPOTHESIS_PROFILE picks the profile, "dev" by default, "ci" in .ci/run (see
HYPOTHESIS_PROFILES below).

Fixtures
    config_dir      a fresh settings directory (GOLF_EIGHTOFF_CONFIG_DIR points at it)
    make_app        factory: make_app(size=(1280, 720), scene=None, solver="inline", **App kwargs)
                    -> App (windowed, headless, RecordingAudio, closed after the test). ``scene`` may
                    be a Scene or a callable ctx -> Scene; it is put on the stack and one frame is run.
                    ``solver`` is the mode of the app's solver jobs (game.jobs.Jobs): "inline" by
                    default, a deterministic fake (each answer computed in the test's own thread
                    when first asked for; ``app.ctx.jobs.held = True`` keeps the answers back to play
                    a slow solve); "inline-process" the same in a worker process (the solver's
                    memory is not the test's); "process" for the real worker in end-to-end tests.
    app             make_app() at 1280x720 with nothing on the stack
    make_player     factory: make_player(game, size=(800, 480), **settings) -> Player, a Golf table
                    of `game` in an app of its own, dealt; Player posts presses and releases and
                    runs frames (player.click(pos), .touch, .drag, .key, .frames(n), .scene)
    frozen_heap     gc.freeze() for the test: the collections the app makes at every scene change
                    look only at the objects made after it (long runs: the week, the monkey)
    ui              the helper functions below as attributes (ui.click(app, pos), ...)

Helpers (also importable: ``from conftest import click, run_frames``). Each posts real pygame
events and runs frames through App.step_frame, so scenes see exactly what a player would cause:
    run_frames(app, n=1, dt=1/60)         n frames of dt seconds; returns how many drew
    click(app, pos, button=1)             motion, press, release at pos (one frame each)
    drag(app, a, b, steps=8)              press at a, ``steps`` motions to b, release at b
    touch_tap(app, pos)                   FINGERDOWN/FINGERUP with normalised x/y
    touch_drag(app, a, b, steps=8)        the same with FINGERMOTION
    key(app, key, mod=0)                  KEYDOWN and KEYUP (e.g. key(app, pygame.K_z, pygame.KMOD_CTRL))
    type_text(app, text)                  a TEXTINPUT event, as SDL's text input sends
    settle(app, max_seconds=10, dt=1/60)  run frames until nothing animates; returns frames run
    slow_answers(app, seed, mean_frames)  the inline solver's answers come after a while (seeded)
    seed_deals(monkeypatch, seed)         the deals a run deals come from a seed
    answered(app, frames=100_000)         frames until no solver job is out (the real worker too:
                                          between frames, wait for its answer; the bound is generous,
                                          never a measure), then settle
"""

from __future__ import annotations

import gc
import os
import random
import sys
from pathlib import Path
from types import SimpleNamespace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

FRAME = 1 / 60

#: Hypothesis profiles. "dev", for everyday runs, draws new examples on every run and keeps the
#: failing ones in .hypothesis/ to try first next time; "ci" (Hypothesis's own CI settings) draws
#: the same examples on every run, keeps no database and prints the blob that reproduces a failure.
#: Neither has a deadline: a loaded machine's timing is no behaviour of the game.
HYPOTHESIS_PROFILES = {
    "dev": {"deadline": None},
    "ci": {
        "derandomize": True,
        "database": None,
        "print_blob": True,
        "deadline": None,
        "suppress_health_check": [HealthCheck.too_slow],
    },
}


def load_hypothesis_profile(environ=os.environ) -> str:
    """Register the profiles and load the one HYPOTHESIS_PROFILE names ("dev" if unset); its name.

    Called here, before any test module is imported: a settings object (a test's own @settings)
    takes the fields it does not set from the profile loaded when it is made."""
    for name, fields in HYPOTHESIS_PROFILES.items():  # (over Hypothesis's defaults, not the profile loaded)
        settings.register_profile(name, settings.get_profile("default"), **fields)
    name = environ.get("HYPOTHESIS_PROFILE") or "dev"
    settings.load_profile(name)
    return name


load_hypothesis_profile()


class RecordingAudio:
    """An Audio stand-in that remembers what was played (``played``) and the mute state."""

    available = True

    def __init__(self) -> None:
        self.played: list[str] = []
        self.muted = False
        self.volume = 1.0

    def play(self, name: str, now: float | None = None) -> bool:
        if self.muted:
            return False
        self.played.append(name)
        return True

    def set_muted(self, value: bool) -> None:
        self.muted = bool(value)

    def set_volume(self, value: float) -> None:
        self.volume = float(value)

    def suspend(self) -> None:
        """(No sound device to close.)"""


# --- helpers ---------------------------------------------------------------------------------------
def run_frames(app, n: int = 1, dt: float = FRAME) -> int:
    drawn = 0
    for _ in range(n):
        drawn += bool(app.step_frame(dt))
    return drawn


def _post(type_: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(type_, **attrs))


def click(app, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    run_frames(app)
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    run_frames(app)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    run_frames(app)


def _path(a, b, steps: int):
    for i in range(1, steps + 1):
        yield (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))


def drag(app, a, b, steps: int = 8) -> None:
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    _post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    run_frames(app)
    last = a
    for p in _path(a, b, steps):
        _post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0))
        last = p
        run_frames(app)
    _post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    run_frames(app)


def _finger(app, type_: int, pos, dx: float = 0.0, dy: float = 0.0) -> None:
    w, h = app.size
    _post(
        type_, touch_id=1, finger_id=0, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=dx / w, dy=dy / h, pressure=1.0
    )


def touch_tap(app, pos) -> None:
    _finger(app, pygame.FINGERDOWN, pos)
    run_frames(app)
    _finger(app, pygame.FINGERUP, pos)
    run_frames(app)


def touch_drag(app, a, b, steps: int = 8) -> None:
    _finger(app, pygame.FINGERDOWN, a)
    run_frames(app)
    last = a
    for p in _path(a, b, steps):
        _finger(app, pygame.FINGERMOTION, p, p[0] - last[0], p[1] - last[1])
        last = p
        run_frames(app)
    _finger(app, pygame.FINGERUP, b)
    run_frames(app)


def key(app, key_code: int, mod: int = 0) -> None:
    _post(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    _post(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0)
    run_frames(app)


def type_text(app, text: str) -> None:
    _post(pygame.TEXTINPUT, text=text)
    run_frames(app)


def settle(app, max_seconds: float = 10.0, dt: float = FRAME) -> int:
    n = 0
    while app.is_animating() and n * dt < max_seconds:
        app.step_frame(dt)
        n += 1
    run_frames(app)
    return n + 1


def between_frames(app) -> None:
    """What a test does between two frames while a solver job is out: nothing for the inline solver
    (the answer comes in the next frame); for the real worker, block until its answer may be there
    (at most 50 ms of real time, so the frames go on)."""
    jobs = app.ctx.jobs
    if jobs.busy and not jobs.mode.startswith("inline"):
        jobs.wait(0.05)


def slow_answers(app, seed: int, mean_frames) -> None:
    """The inline solver's answers come after a while, as from a real worker: in each frame the
    answers are held back with a chance that makes them take `mean_frames` frames on average (a
    number, or a function of nothing giving the number for now), drawn from `seed` (so a run
    replays exactly). A question the player makes stale first is cancelled unanswered, as it would
    be in the game."""
    rng = random.Random(seed)
    step_frame = app.step_frame
    mean = mean_frames if callable(mean_frames) else lambda: mean_frames

    def step(elapsed, events=None):
        app.ctx.jobs.held = rng.random() < 1 - 1 / mean()
        return step_frame(elapsed, events)

    app.step_frame = step


class SeededRandom:
    """Stands in for the random module in game.scenes.dealing (see seed_deals)."""

    rng = random.Random(0)

    @classmethod
    def Random(cls, *seed):  # noqa: N802 - the random module's name
        return random.Random(*seed) if seed else random.Random(cls.rng.random())


def seed_deals(monkeypatch, seed: int) -> None:
    """The deals a run's taps deal (New game, attract mode's demos) come from `seed`, so it replays."""
    from game.scenes import dealing

    SeededRandom.rng = random.Random(seed)
    monkeypatch.setattr(dealing, "random", SeededRandom)


def answered(app, frames: int = 100_000) -> None:
    """Frames until no solver job is out, then settle (see the module docstring)."""
    n = 0
    while app.ctx.jobs.busy and n < frames:
        between_frames(app)
        app.step_frame(FRAME)
        n += 1
    settle(app)


class Player:
    """Posts events into a headless app and runs frames with a fake clock (make_player's player of a
    Golf table: a press and its release in one frame, then `settle` frames)."""

    def __init__(self, app) -> None:
        self.app = app

    @property
    def scene(self):
        return self.app.stack[-1]

    def frames(self, n: int = 60) -> None:
        for _ in range(n):
            self.app.step_frame(FRAME)

    def post(self, type_, **kw) -> None:
        pygame.event.post(pygame.event.Event(type_, **kw))

    def click(self, pos, settle: int = 60) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(settle)

    def touch(self, pos, settle: int = 60) -> None:
        w, h = self.app.size
        for t in (pygame.FINGERDOWN, pygame.FINGERUP):
            self.post(t, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=0, touch_id=0, pressure=1.0)
        self.frames(settle)

    def drag(self, a, b, steps: int = 8, settle: int = 60) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frames(1)
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.frames(settle)

    def key(self, key, mod=0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.frames(30)


# --- fixtures ----------------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def english_after_each_test():
    """Every test begins in English: the language is the process's, and a test that shows another
    (a kiosk's visitor's, a screen in Thai) must not leave it to the next test on its worker."""
    yield
    from game import i18n

    i18n.set_language("en")


@pytest.fixture(autouse=True, scope="session")
def no_first_run_tips():
    """A table a test opens is the table itself, not its first-run tips over it
    (tests/scenes/test_help_screen.py turns them on where it tests them)."""
    from game.scenes import tips

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tips, "ENABLED", False)
        yield


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Every test saves games and statistics in its own folder, never the user's."""
    path = tmp_path / "data"
    monkeypatch.setenv("GOLF_EIGHTOFF_DATA_DIR", str(path))
    monkeypatch.setenv("GOLF_EIGHTOFF_STATS_READS", "inline")  # figures at once (the game reads on a thread)
    return path


def database_at(path, version: int):
    """A statistics database as schema `version` left it (its migrations up to there), still open:
    what an older game wrote, for the tests of the migrations that follow."""
    import sqlite3

    from game.persist.stats import MIGRATIONS

    conn = sqlite3.connect(path)
    for step in MIGRATIONS[:version]:
        for statement in step:
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version}")
    return conn


@pytest.fixture(scope="module")
def small_display():
    """A tiny display for the tests of images (convert() needs a mode), closed after the module."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


@pytest.fixture
def config_dir(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "config"
    monkeypatch.setenv("GOLF_EIGHTOFF_CONFIG_DIR", str(path))
    return path


@pytest.fixture
def make_app(config_dir):
    from game.app import App
    from game.jobs import Jobs

    apps = []

    def factory(size=(1280, 720), scene=None, solver="inline", **kwargs):
        kwargs.setdefault("fullscreen", False)
        kwargs.setdefault("audio", RecordingAudio())
        app = App(size=size, **kwargs)
        app.ctx.jobs.close()  # (it never started: the first job starts a worker)
        app.ctx.jobs = Jobs(solver)
        pygame.event.clear()  # start-up window events are not the test's input
        apps.append(app)
        if scene is not None:
            from game.scenes.base import Scene

            if not isinstance(scene, Scene):
                scene = scene(app.ctx)  # a Scene class or any callable ctx -> Scene
            app.replace(scene)
            pygame.event.clear()
            run_frames(app)
        return app

    yield factory
    for app in apps:
        app.close()
    if pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def make_player(tmp_path, monkeypatch):
    from game.app import App
    from game.scenes.tables import open_table
    from game.settings import Settings

    monkeypatch.setenv("GOLF_EIGHTOFF_CONFIG_DIR", str(tmp_path))
    apps = []

    def make(game, size=(800, 480), **settings) -> Player:
        s = Settings()
        for k, v in settings.items():
            setattr(s, k, v)
        app = App(size=size, fullscreen=False, settings=s, settings_path=tmp_path / "settings.json")
        app.replace(open_table(app.ctx, game))
        apps.append(app)
        player = Player(app)
        player.frames(150)  # the deal
        return player

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def frozen_heap():
    """The app collects garbage at every scene change; what exists before the run (pytest, every test
    module imported) is set aside so those collections only look at the app's objects."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture
def ui():
    return SimpleNamespace(
        run_frames=run_frames,
        click=click,
        drag=drag,
        touch_tap=touch_tap,
        touch_drag=touch_drag,
        key=key,
        type_text=type_text,
        settle=settle,
        answered=answered,
    )
