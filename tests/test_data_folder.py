"""A data or settings folder the game cannot use (it cannot enter or create it, its path is too long,
HOME cannot be read): the game starts and plays without saving, says so once on screen, in the
player's language, and in the log with the path and the reason."""

from __future__ import annotations

import errno
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_frames

from game import i18n
from game.model.golf import GolfGame
from game.persist import paths
from game.scenes.notice_banner import NOTICE_SECONDS, NoticeBanner

ROOT = Path(__file__).resolve().parents[1]
LONG = "/tmp/" + "/".join(["d" * 200] * 25)  # some 5,000 characters


def banners(app) -> list[NoticeBanner]:
    return [scene for scene in app.stack if isinstance(scene, NoticeBanner)]


def play_a_little(app) -> None:
    """The menu, a Golf table with a few moves, the menu again: nothing raises."""
    app.replace(app.ctx.scenes.menu())
    run_frames(app, 5)
    table = app.ctx.scenes.table(GolfGame.new("easy", number=7))
    app.replace(table)
    run_frames(app, 30)
    for _ in range(3):
        table.game.draw()
    run_frames(app, 30)
    app.replace(app.ctx.scenes.menu())
    run_frames(app, 5)


def refuse(monkeypatch, folder: Path, error: int = errno.EACCES) -> None:
    """os.listdir of `folder` fails as it would for a folder the game may not read."""
    real = os.listdir

    def listdir(path="."):
        if Path(path) == folder:
            raise OSError(error, os.strerror(error), str(path))
        return real(path)

    monkeypatch.setattr(os, "listdir", listdir)


def test_an_overlong_data_folder_plays_without_saving_and_says_so(make_app, monkeypatch, caplog):
    monkeypatch.setenv(paths.DATA_ENV, LONG)
    with caplog.at_level(logging.WARNING):
        app = make_app(size=(800, 480))
    assert app.storage.data is None and app.ctx.progress is None and app.storage.lock is None
    assert app.ctx.images._cache is None  # (no face cache either)
    assert "the data folder cannot be used" in caplog.text and "longer than" in caplog.text
    assert "d" * 200 not in caplog.text  # the path shown, not all of it
    play_a_little(app)
    assert [b.texts() for b in banners(app)] == [
        ("Progress cannot be saved", "The data folder cannot be used: games are played but not kept.")
    ]


def test_every_screen_of_the_menu_opens_without_a_data_folder(make_app, monkeypatch):
    from game.registry import kind
    from game.scenes.daily_scene import DailyScene
    from game.scenes.round_stats_scene import RoundStatsScene
    from game.scenes.stats_scene import StatsScene

    monkeypatch.setenv(paths.DATA_ENV, LONG)
    app = make_app(size=(800, 480))
    app.replace(app.ctx.scenes.menu())
    for scene in (StatsScene(app.ctx), RoundStatsScene(app.ctx, kind("golf-easy")), DailyScene(app.ctx)):
        app.push(scene)
        run_frames(app, 3)
        app.remove(scene)
    app.push(app.ctx.scenes.settings())
    run_frames(app, 3)


def test_a_data_folder_the_game_may_not_read(make_app, data_dir, monkeypatch, caplog):
    data_dir.mkdir(parents=True)
    refuse(monkeypatch, data_dir)
    with caplog.at_level(logging.WARNING):
        app = make_app(size=(800, 480))
    assert app.ctx.progress is None
    assert str(data_dir) in caplog.text and "Permission denied" in caplog.text
    play_a_little(app)
    assert not os.path.exists(data_dir / "current-game.json")


def test_a_data_folder_that_cannot_be_made(make_app, tmp_path, monkeypatch, caplog):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "file" / "data"))
    with caplog.at_level(logging.WARNING):
        app = make_app(size=(800, 480))
    assert app.ctx.progress is None and "the data folder cannot be used" in caplog.text
    play_a_little(app)


def test_no_home_means_no_folders_and_one_notice_for_both(make_app, monkeypatch, caplog):
    import platformdirs

    def no_home(name):
        raise RuntimeError("could not determine the home directory")

    monkeypatch.delenv(paths.DATA_ENV)
    monkeypatch.delenv(paths.CONFIG_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", no_home)
    monkeypatch.setattr(platformdirs, "user_config_dir", no_home)
    from game.app import App

    with caplog.at_level(logging.WARNING):
        app = App(size=(800, 480), fullscreen=False)
    try:
        assert app.ctx.progress is None and not app.ctx.settings_kept
        assert "set HOME or GOLF_EIGHTOFF_DATA_DIR" in caplog.text
        app.settings.sound = False
        app.ctx.save_settings()  # nowhere to write: nothing, no warning per change
        play_a_little(app)
        assert [b.texts()[0] for b in banners(app)] == ["Progress and settings cannot be saved"]
    finally:
        app.close()


def test_a_settings_folder_that_cannot_be_used_is_neither_read_nor_written(make_app, config_dir, monkeypatch, caplog):
    config_dir.mkdir(parents=True)
    (config_dir / "settings.json").write_text('{"sound": false}')
    refuse(monkeypatch, config_dir)
    with caplog.at_level(logging.WARNING):
        app = make_app(size=(800, 480), settings_path=None)
    assert app.ctx.progress is not None and not app.ctx.settings_kept and app.settings.sound is True
    assert "the settings folder cannot be used" in caplog.text
    play_a_little(app)
    assert [b.texts()[0] for b in banners(app)] == ["Settings cannot be saved"]


def test_the_notice_shows_once_over_every_screen_until_its_time_is_up(make_app, monkeypatch):
    monkeypatch.setenv(paths.DATA_ENV, LONG)
    app = make_app(size=(800, 480))
    app.replace(app.ctx.scenes.menu())
    assert app.stack[-1] is banners(app)[0] and app.input_scene() is app.stack[0]  # input goes beneath
    run_frames(app, 60)
    app.replace(app.ctx.scenes.table(GolfGame.new("easy", number=7)))  # a new screen: still there
    assert len(banners(app)) == 1 and app.stack[-1] is banners(app)[0]
    run_frames(app, int(NOTICE_SECONDS * 60))
    assert banners(app) == []
    app.replace(app.ctx.scenes.menu())  # never again
    run_frames(app, 3)
    assert banners(app) == []


@pytest.mark.parametrize("lang", ["el", "th"])
def test_the_notice_is_in_the_players_language(make_app, monkeypatch, lang):
    monkeypatch.setenv(paths.DATA_ENV, LONG)
    app = make_app(size=(800, 480))
    try:
        i18n.set_language(lang)
        app.replace(app.ctx.scenes.menu())
        title, detail = banners(app)[0].texts()
        assert title == i18n.tr("Progress cannot be saved") != "Progress cannot be saved"
        assert detail != "The data folder cannot be used: games are played but not kept."
        run_frames(app, 3)
    finally:
        i18n.set_language("en")


def test_a_usable_folder_shows_no_notice(make_app):
    app = make_app(size=(800, 480))
    app.replace(app.ctx.scenes.menu())
    assert app.ctx.progress is not None and banners(app) == []


def test_the_statistics_of_a_folder_lost_while_playing_read_as_unavailable(make_app, data_dir, monkeypatch):
    """The folder goes while the game runs (chmod 000 on it): a read of the statistics answers with
    the trouble instead of raising, and the menu and the daily deal's results show none."""
    app = make_app(size=(800, 480))
    stats = app.ctx.progress.stats
    real = Path.exists

    def exists(self):
        if self == stats.path:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "exists", exists)
    answer = stats.reader.fresh(("games", "golf", "easy"), 1.0)
    assert answer is not None and answer.value is None and "Permission denied" in str(answer.error)
    app.replace(app.ctx.scenes.menu())
    run_frames(app, 5)


def without_permission_override() -> list[str] | None:
    """The command prefix that runs a program without the power to enter any folder (root's
    CAP_DAC_OVERRIDE dropped), or [] for a user who has none; None when neither can be had."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"] if setpriv else None


def kiosk_run(tmp_path, env_changes: dict[str, str | None], prefix: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path / "config"), GOLF_EIGHTOFF_SOLVER="inline")
    for name, value in env_changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    command = [
        *prefix,
        sys.executable,
        str(ROOT / "tests" / "system" / "fault_player.py"),
        "--seed",
        "5",
        "--steps",
        "60",
    ]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, cwd=ROOT)


@pytest.mark.slow
def test_the_real_game_with_a_data_folder_it_cannot_enter_plays_to_the_end(tmp_path):
    prefix = without_permission_override()
    if prefix is None:
        pytest.skip("no way to run without the power to enter any folder")
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0)
    try:
        out = kiosk_run(tmp_path, {paths.DATA_ENV: str(data)}, prefix)
    finally:
        data.chmod(0o700)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines()[-1] == "X" and "Traceback" not in out.stderr
    assert "the data folder cannot be used" in out.stderr and "Permission denied" in out.stderr


@pytest.mark.slow
@pytest.mark.parametrize("case", ["long", "home"])
def test_the_real_game_with_an_overlong_folder_or_an_unreadable_home_plays_to_the_end(tmp_path, case):
    prefix = without_permission_override()
    if case == "long":
        changes: dict[str, str | None] = {paths.DATA_ENV: LONG}
    else:
        if prefix is None:
            pytest.skip("no way to run without the power to enter any folder")
        home = tmp_path / "home"
        home.mkdir()
        home.chmod(0)
        changes = {"HOME": str(home), paths.DATA_ENV: None, paths.CONFIG_ENV: None, "XDG_DATA_HOME": None}
        changes["XDG_CONFIG_HOME"] = None
    try:
        out = kiosk_run(tmp_path, changes, prefix if case == "home" else [])
    finally:
        if case == "home":
            (tmp_path / "home").chmod(0o700)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines()[-1] == "X" and "Traceback" not in out.stderr
    assert "the data folder cannot be used" in out.stderr
