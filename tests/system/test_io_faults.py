"""One failed call at a time, at every call: a short scripted session of the game's persistence (a
game won and recorded, another played and left for Continue; then a new start that continues it),
with the N-th `os.open`, `os.read`, `os.write`, `os.fsync` or `os.replace` on the data folder's
files failing (a disk error, a full disk, a refusal), for every N the session makes, as SQLite's
own tests sweep their I/O faults.

After each run, started again with nothing failing: no file has been set aside, the won game is in
the statistics exactly once, the game left unfinished continues exactly where it was left, and no
error was logged. (SQLite's own reads and writes do not go through these calls: the statistics'
I/O errors are swept in tests/persist/test_stats_trouble.py.)"""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.saves import act, winnable

from game.model.golf import GolfGame
from game.persist.progress import Progress

CALLS = ("open", "read", "write", "fsync", "replace")
#: A disk that fails, a full disk, a file the game may not touch.
ERRORS = (errno.EIO, errno.ENOSPC, errno.EACCES)


def unfinished() -> GolfGame:
    """Three draws in the stock and a card to play: playing after the session's four actions."""
    return GolfGame.from_layout([["KD", "6H"], ["9C"], [], [], [], [], []], ["5S"], ["QC", "2D", "JH", "3S"])


class Faults:
    """os.<call> failing with `error` at its `at`-th use on a file of `folder`; counts the uses."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path, call: str, at: int, error: int) -> None:
        self.folder, self.call, self.at, self.count, self.error = str(folder), call, at, 0, error
        self.fds: set[int] = set()
        self.real_open = os.open
        monkeypatch.setattr(os, "open", self._open)
        if call != "open":
            monkeypatch.setattr(os, call, self._wrap(getattr(os, call)))
        if call == "write":  # a file object's writes too (the save's temporary file is one)
            real_fdopen = os.fdopen
            monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: self._file(real_fdopen(fd, *a, **k), fd))

    def _ours(self, path: Any) -> bool:
        return isinstance(path, (str, os.PathLike)) and os.fspath(path).startswith(self.folder)

    def _fail_now(self) -> bool:
        self.count += 1
        return self.count == self.at

    def _open(self, path: Any, *args: Any, **kwargs: Any) -> int:
        if self.call == "open" and self._ours(path) and self._fail_now():
            raise OSError(self.error, os.strerror(self.error), os.fspath(path))
        fd = self.real_open(path, *args, **kwargs)
        if self._ours(path):
            self.fds.add(fd)
        return fd

    def _file(self, file: Any, fd: int) -> Any:
        return _FailingWrites(file, self) if fd in self.fds else file

    def _wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            first = args[0] if args else None
            ours = first in self.fds if isinstance(first, int) else self._ours(first) or self._ours(args[1])
            if ours and self._fail_now():
                raise OSError(self.error, os.strerror(self.error))
            return real(*args, **kwargs)

        return call


class _FailingWrites:
    """A file object whose writes count as the fault's calls."""

    def __init__(self, file: Any, faults: Faults) -> None:
        self.file, self.faults = file, faults

    def write(self, data: Any) -> int:
        if self.faults._fail_now():
            raise OSError(self.faults.error, os.strerror(self.faults.error))
        return int(self.file.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.file, name)

    def __enter__(self) -> _FailingWrites:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


def session(folder: Path) -> tuple[str, str, str]:
    """Two runs: in the first, a game won (recorded) and another played two actions and left; in
    the second, that game read back from the save and played two more. The won game's id, and the
    unfinished game's id and position."""
    progress = Progress(folder)
    try:
        won = winnable()
        progress.begin(won)
        while won.status == "playing":
            act(progress, won)
        won_uid = progress.uid
        left = unfinished()
        progress.begin(left)
        for _ in range(2):
            act(progress, left)
        left_uid = progress.uid
    finally:
        progress.close()
    progress = Progress(folder)
    try:
        saved = progress.saved()
        if saved is None:  # could not be read this time: kept, and read again at the next start
            return won_uid, left_uid, left.to_json()
        left, meta = saved
        progress.begin(left, meta)
        for _ in range(2):
            act(progress, left)
        return won_uid, progress.uid, left.to_json()
    finally:
        progress.close()


def check(folder: Path, won_uid: str, left_uid: str, position: str, where: str) -> None:
    """A new start on `folder`, nothing failing: all is there and nothing was set aside."""
    assert not [p.name for p in folder.iterdir() if ".corrupt" in p.name], where
    again = Progress(folder)
    try:
        saved = again.saved()
        assert saved is not None, f"{where}: the unfinished game is not offered"
        game, meta = saved
        assert meta["uid"] == left_uid and game.to_json() == position, where
        assert again.recorder.flush(10.0), where
        assert again.stats.has(won_uid, wait=10.0), f"{where}: the won game is not recorded"
        count = again.stats.conn.execute("SELECT COUNT(*) FROM games WHERE uid = ?", (won_uid,)).fetchone()[0]
        assert count == 1, f"{where}: the won game is recorded {count} times"
    finally:
        again.close()


@pytest.mark.parametrize("error", ERRORS, ids=errno.errorcode.get)
@pytest.mark.parametrize("call", CALLS)
def test_one_failed_call_at_every_step_of_a_session_loses_nothing(tmp_path, monkeypatch, caplog, call, error):
    """(The session's number of calls varies a little from run to run: the save's writer skips a
    state a newer one replaced. The sweep goes on until a run makes fewer calls than its N.)"""
    n = 0
    while True:
        n += 1
        folder = tmp_path / f"{call}-{n}"
        caplog.clear()
        with caplog.at_level(logging.WARNING), monkeypatch.context() as patch:
            faults = Faults(patch, folder, call, at=n, error=error)
            won_uid, left_uid, position = session(folder)
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, f"{call} #{n}: {errors}"
        check(folder, won_uid, left_uid, position, f"{call} #{n}")
        if faults.count < n:  # the run ended before its N-th call: every N has been tried
            break
    assert n > 3, f"the session makes only {n - 1} {call} calls on its files"
