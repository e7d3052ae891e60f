"""Finding the data and settings folders and making them ready: anything wrong is FolderUnusable
(an OSError naming the folder and the reason), never another exception."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs
import pytest

from game.persist import paths
from game.persist.paths import PATH_LIMIT, FolderUnusable, config_dir, data_dir, prepare


def test_the_override_names_the_folder_and_a_relative_one_is_made_absolute(monkeypatch, tmp_path):
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(paths.CONFIG_ENV, "relative")
    assert config_dir() == tmp_path / "relative"


@pytest.mark.parametrize("find", [data_dir, config_dir])
def test_no_home_is_folder_unusable_not_runtime_error(monkeypatch, find):
    def no_home(name):
        raise RuntimeError("could not determine the home directory")

    monkeypatch.delenv(paths.DATA_ENV, raising=False)
    monkeypatch.delenv(paths.CONFIG_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", no_home)
    monkeypatch.setattr(platformdirs, "user_config_dir", no_home)
    with pytest.raises(FolderUnusable, match="set HOME or GOLF_EIGHTOFF_"):
        find()


def test_a_relative_platform_folder_is_refused(monkeypatch):
    monkeypatch.delenv(paths.DATA_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda name: "~/.local/share/" + name)
    with pytest.raises(FolderUnusable, match="not an absolute path"):
        data_dir()


def test_a_missing_folder_is_made(tmp_path):
    folder = tmp_path / "a" / "b"
    assert prepare(folder) == folder and folder.is_dir()


@pytest.mark.parametrize(
    "name,reason",
    [
        ("/tmp/" + "/".join(["d" * 200] * 25), f"longer than {PATH_LIMIT} bytes"),
        ("/tmp/" + "e" * 300, "too long for the system"),  # (one name over the system's 255)
    ],
)
def test_an_overlong_path_is_unusable(name, reason):
    with pytest.raises(FolderUnusable, match=reason) as caught:
        prepare(Path(name))
    assert len(str(caught.value)) < 300  # the message shows the path shortened


def test_a_file_in_the_way_is_unusable(tmp_path):
    (tmp_path / "f").write_text("x")
    for folder in (tmp_path / "f", tmp_path / "f" / "sub"):
        with pytest.raises(FolderUnusable, match="not a folder"):
            prepare(folder)


@pytest.mark.parametrize("call", ["makedirs", "listdir", "stat"])
def test_a_folder_the_game_may_not_make_read_or_enter_is_unusable(tmp_path, monkeypatch, call):
    folder = tmp_path / "data"
    folder.mkdir()
    real = getattr(os, call)

    def refused(path, *args, **kwargs):
        inside = str(path).startswith(str(folder) + os.sep)  # (entering: a name in it is looked up)
        if inside or (call != "stat" and str(path) == str(folder)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, call, refused)
    with pytest.raises(FolderUnusable, match="Permission denied") as caught:
        prepare(folder)
    assert caught.value.path == folder and isinstance(caught.value, OSError)


def test_a_real_folder_without_permissions_is_unusable_for_a_user_without_override(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root enters any folder (tests/test_data_folder.py runs the game without that power)")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0)
    try:
        with pytest.raises(FolderUnusable, match="Permission denied"):
            prepare(folder)
    finally:
        folder.chmod(0o700)
