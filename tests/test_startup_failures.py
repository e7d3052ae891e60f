"""Every start-up failure ends in one line naming the cause and the fix, and the exit status
documented for it (main.py --help, docs/kiosk.md), never a traceback: no display, an unknown video
driver or solver setting, a copy without its fonts or card pictures, too few file descriptors, out
of memory; and a window asked larger than the screen is cut to it."""

from __future__ import annotations

import errno
import gc
import logging
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main
from game import startup
from game.startup import (
    EXIT_ADMIN,
    EXIT_DISPLAY,
    EXIT_FILES,
    EXIT_IN_USE,
    EXIT_RESOURCES,
    EXIT_USAGE,
    StartupFailure,
)
from game.view.screen import MAX_WINDOW, fit_window

ROOT = Path(__file__).resolve().parents[1]


def start(tmp_path, env_changes: dict[str, str | None], args=("--windowed", "800x480"), cwd=ROOT, **kwargs):
    """main.py in a fresh process, its own folders, the environment changed as given."""
    env = dict(
        os.environ,
        GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path / "config"),
        GOLF_EIGHTOFF_DATA_DIR=str(tmp_path / "data"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    for name, value in env_changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run(
        [sys.executable, str(Path(cwd) / "main.py"), *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


def one_line(out: subprocess.CompletedProcess, status: int, *words: str) -> str:
    """The run failed with `status` and said so in one line of its own that has each of `words`."""
    assert out.returncode == status, out.stderr[-3000:]
    assert "Traceback" not in out.stderr
    lines = [line for line in out.stderr.splitlines() if line.startswith("main.py: ")]
    assert len(lines) == 1, out.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def restore_collections(monkeypatch):
    """main.main in this process: it holds the cyclic collector until the first scene (a test that
    stops it earlier lets it go again), and its pygame.quit() would leave the fonts every other test
    has cached unusable."""
    monkeypatch.setattr(pygame, "quit", lambda: None)
    yield
    gc.enable()


# --- the display ---------------------------------------------------------------------------------
def test_x11_without_a_display_says_to_set_display(tmp_path):
    out = start(tmp_path, {"SDL_VIDEODRIVER": "x11", "DISPLAY": None, "WAYLAND_DISPLAY": None})
    one_line(out, EXIT_DISPLAY, "DISPLAY is not set", "kmsdrm")


def test_an_unknown_video_driver_is_named(tmp_path):
    out = start(tmp_path, {"SDL_VIDEODRIVER": "bogus"})
    one_line(out, EXIT_DISPLAY, "'bogus' is not a video driver", "unset it")


def test_no_display_at_all_is_refused_rather_than_played_unseen(tmp_path):
    """(SDL's last resort, the offscreen driver, would run the game with nothing on any screen.)"""
    out = start(tmp_path, {"SDL_VIDEODRIVER": None, "DISPLAY": None, "WAYLAND_DISPLAY": None})
    one_line(out, EXIT_DISPLAY, "no display can be opened")


@pytest.mark.parametrize(
    "asked,env,words",
    [
        ("kmsdrm", {}, ["kmsdrm", "docs/kiosk.md"]),
        ("wayland", {}, ["WAYLAND_DISPLAY is not set"]),
        ("x11,bogus", {"DISPLAY": ":99"}, ["no display can be opened"]),
        ("", {}, ["no display can be opened"]),
    ],
)
def test_each_display_failure_says_what_to_do(asked, env, words):
    line = startup.display_line("SDL's words", {"SDL_VIDEODRIVER": asked, **env})
    assert all(word in line for word in words), line


# --- the game's own settings and files --------------------------------------------------------------
def test_an_unknown_solver_setting_is_a_bad_setting(tmp_path):
    out = start(tmp_path, {"GOLF_EIGHTOFF_SOLVER": "bogus"})
    one_line(out, EXIT_USAGE, "GOLF_EIGHTOFF_SOLVER='bogus' is not a solver mode", "process, thread")


def test_an_empty_solver_setting_is_the_default():
    startup.check_settings({"GOLF_EIGHTOFF_SOLVER": ""})
    with pytest.raises(StartupFailure):
        startup.check_settings({"GOLF_EIGHTOFF_SOLVER": "x" * 5000})


@pytest.fixture(scope="module")
def copy_of_the_game(tmp_path_factory):
    """A copy of what the game runs (main.py, game/, sprites/, sounds/), to take parts away from."""
    root = tmp_path_factory.mktemp("copy")
    shutil.copy(ROOT / "main.py", root / "main.py")
    for folder in ("game", "sprites", "sounds"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.mark.parametrize(
    "missing,status,words",
    [
        ("game/fonts", EXIT_FILES, ["fonts are missing", "game/fonts/NotoSans-Regular.ttf", "copy"]),
        ("sprites", EXIT_FILES, ["card pictures are missing", "sprites/AC.png and 51 more"]),
        ("sprites/KS.png", EXIT_FILES, ["card pictures are missing (sprites/KS.png)"]),
    ],
)
def test_a_copy_without_its_fonts_or_card_pictures_says_so(copy_of_the_game, tmp_path, missing, status, words):
    target = copy_of_the_game / missing
    aside = tmp_path / "aside"
    shutil.move(target, aside)
    try:
        out = start(tmp_path, {}, cwd=copy_of_the_game)
    finally:
        shutil.move(aside, target)
    one_line(out, status, *words)


def test_without_its_sounds_the_game_plays_silently(monkeypatch, caplog):
    from game import audio, context

    monkeypatch.setattr(audio, "SOUND_DIR", Path("/nonexistent/sounds"))
    with caplog.at_level(logging.WARNING):
        assert isinstance(context.make_audio(muted=False), context.NullAudio)
    assert len(caplog.records) == 1 and "playing without sound" in caplog.text


# --- resources ------------------------------------------------------------------------------------
def limit_descriptors(n: int):
    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))

    return limit


@pytest.mark.parametrize("n", [12, 16, 20])
def test_too_few_file_descriptors_say_so_not_a_missing_font(tmp_path, n):
    out = start(tmp_path, {}, preexec_fn=limit_descriptors(n))
    line = one_line(out, EXIT_RESOURCES, f"too few file descriptors (ulimit -n is {n})", "ulimit -n 1024")
    assert "No such file" not in out.stderr and "font" not in line


def test_a_low_soft_limit_is_raised_to_what_the_game_needs():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < startup.FDS_NEEDED:
        pytest.skip("the hard limit itself is too low here")
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (20, hard))
        startup.check_descriptors()
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (startup.FDS_NEEDED, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_font_that_cannot_open_for_want_of_descriptors_is_named_as_such(monkeypatch):
    from game.ui import text

    real_open = os.open

    def refuse(*args, **kwargs):
        raise FileNotFoundError("No such file or directory: 'NotoSans-Regular.ttf'.")  # (pygame's words)

    def no_descriptor(path, *args, **kwargs):
        if str(path).endswith(".ttf"):
            raise OSError(errno.EMFILE, "Too many open files", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(text, "_faces", {})  # (no font loaded yet: this one is opened)
    monkeypatch.setattr(pygame.font, "Font", refuse)
    monkeypatch.setattr(os, "open", no_descriptor)
    with pytest.raises(OSError) as caught:
        text._raw_font("main", 24, False)
    assert caught.value.errno == errno.EMFILE and "ulimit -n" in str(caught.value)
    failure = startup.failure_of(caught.value, playing=True)
    assert failure is not None and failure.status == EXIT_RESOURCES and "too few file descriptors" in failure.line


@pytest.mark.parametrize(
    "error",
    [
        MemoryError(),
        pygame.error("Out of memory"),
        pygame.error("Not enough resources to create thread"),
        RuntimeError("can't start new thread"),
        ImportError("libSDL2-2.0.so.0: failed to map segment from shared object"),
    ],
)
def test_out_of_memory_is_a_resource_failure_and_other_errors_are_not(error):
    failure = startup.failure_of(error, playing=False)
    assert failure is not None and failure.status == EXIT_RESOURCES and "out of memory at start" in failure.line
    assert startup.failure_of(ValueError("Out of memory"), playing=False) is None  # (not SDL's words)
    assert startup.failure_of(pygame.error("Invalid resolution"), playing=False) is None


def test_a_file_of_the_game_that_cannot_be_read_is_named_in_one_line():
    """A module, a font or a picture of the game's own that the system refuses (a permission, a disk
    error): one line naming it, with the status of missing files; the data folder's trouble is not
    this (the game plays on without it)."""
    own = startup.GAME_FOLDER / "game" / "scenes" / "menu.py"
    for error in (PermissionError(errno.EACCES, "Permission denied", str(own)), OSError(errno.EIO, "I/O", str(own))):
        failure = startup.failure_of(error, playing=False)
        assert failure is not None and failure.status == EXIT_FILES
        assert "game/scenes/menu.py" in failure.line and "readable" in failure.line
    elsewhere = PermissionError(errno.EACCES, "Permission denied", "/var/lib/somewhere/current-game.json")
    assert startup.failure_of(elsewhere, playing=True) is None


#: main.main at 1920x1080 for a few hundred frames, the game's code loaded first, then the address
#: space cut to what the process has and `argv[1]` MiB more.
SHORT_OF_MEMORY = """
import resource, sys
import main
from game.app import App
def run(self, scene=None):
    try:
        self.replace(scene)
        for _ in range(300):
            self.step_frame(1 / 30)
    finally:
        self.close()
App.run = run
size = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + int(sys.argv[1]) * 2**20, resource.RLIM_INFINITY))
sys.exit(main.main(["--windowed", "1920x1080", "--game", "eightoff"]))
"""


@pytest.mark.slow
def test_a_real_start_short_of_memory_ends_in_one_line(tmp_path):
    statuses = []
    for extra in (10, 30, 60, 90):
        out = subprocess.run(
            [sys.executable, "-c", SHORT_OF_MEMORY, str(extra)],
            env=dict(
                os.environ, GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path / "c"), GOLF_EIGHTOFF_DATA_DIR=str(tmp_path / "d")
            ),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        statuses.append(out.returncode)
        if out.returncode:
            one_line(out, EXIT_RESOURCES, "out of memory", "ulimit -v")
    assert statuses[0] == EXIT_RESOURCES  # (10 MiB more: not even SDL's window and threads fit)


def test_out_of_memory_at_start_is_one_line(monkeypatch, capsys, config_dir, restore_collections):
    from game import app as app_module

    def no_memory(*args, **kwargs):
        raise pygame.error("Out of memory")

    monkeypatch.setattr(app_module.App, "__init__", no_memory)
    assert main.main(["--windowed", "800x480"]) == EXIT_RESOURCES
    err = capsys.readouterr().err
    assert err.count("main.py: out of memory at start (Out of memory)") == 1 and "Traceback" not in err


def test_out_of_memory_while_playing_closes_the_game_and_is_one_line(
    monkeypatch, capsys, config_dir, data_dir, restore_collections
):
    from game import app as app_module
    from game.persist.folder_lock import FolderLock

    frames = []
    real_step = app_module.App.step_frame

    def step(self, elapsed, events=None):
        frames.append(self)
        if len(frames) == 5:
            raise pygame.error("Out of memory")
        return real_step(self, elapsed, events)

    monkeypatch.setattr(app_module.App, "step_frame", step)
    assert main.main(["--windowed", "800x480", "--game", "golf"]) == EXIT_RESOURCES
    err = capsys.readouterr().err
    assert "main.py: out of memory while playing" in err and "Traceback" not in err
    app = frames[0]
    assert not app.running and app.stack == [] and app.storage.lock is not None and not app.storage.lock.held
    assert FolderLock(data_dir).acquire()  # (closed: its lock is free)


def test_a_fault_in_the_game_is_still_a_traceback(monkeypatch, config_dir, restore_collections):
    from game import app as app_module

    def fault(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(app_module.App, "__init__", fault)
    with pytest.raises(ZeroDivisionError):
        main.main(["--windowed", "800x480"])


# --- the window's size ------------------------------------------------------------------------------
def test_a_window_larger_than_the_screen_is_cut_to_it(monkeypatch, caplog):
    from game.view import screen

    with caplog.at_level(logging.WARNING, logger="game.view.screen"):
        assert fit_window((10000, 10000), "dummy") == MAX_WINDOW
        assert fit_window((800, 10000), "offscreen") == (800, MAX_WINDOW[1])
        assert fit_window((1920, 1080), "dummy") == (1920, 1080)  # a headless driver keeps what it is asked
    assert len(caplog.records) == 2 and "10000x10000" in caplog.text
    monkeypatch.setattr(screen, "_desktop", lambda: (1024, 600))
    assert fit_window((1280, 720), "x11") == (1024, 600)
    assert fit_window((800, 480), "kmsdrm") == (800, 480)
    monkeypatch.setattr(screen, "_desktop", lambda: (0, 0))  # unknown: the cap
    assert fit_window((10000, 10000), "x11") == MAX_WINDOW


def test_the_app_opens_a_window_cut_to_the_cap(make_app):
    app = make_app(size=(10000, 10000))
    assert app.size == MAX_WINDOW == app.screen.get_size()


# --- the statuses, as documented ----------------------------------------------------------------------
def test_every_status_is_in_the_help_and_in_the_kiosk_guide():
    from game.kiosk import ADMIN_EXIT

    assert EXIT_ADMIN == ADMIN_EXIT
    statuses = dict(main.EXIT_STATUSES)
    assert {EXIT_USAGE, EXIT_ADMIN, EXIT_IN_USE, EXIT_DISPLAY, EXIT_FILES, EXIT_RESOURCES} <= set(statuses)
    assert len(set(statuses)) == len(main.EXIT_STATUSES)
    helped = main.build_parser().format_help()
    guide = (ROOT / "docs" / "kiosk.md").read_text(encoding="utf-8")
    for status in statuses:
        assert re.search(rf"^  {status}  ", helped, re.M), status
        assert re.search(rf"^\| {status} \|", guide, re.M), f"docs/kiosk.md has no row for status {status}"
