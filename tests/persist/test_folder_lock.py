"""One game per data folder: the lock file, its holder's process id, a lock left by a process that
died (taken over), and what the game does with a lock another copy holds."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.persist.folder_lock import LOCK_NAME, FolderLock
from game.storage import FolderInUse, take_lock

ROOT = Path(__file__).resolve().parents[2]
#: A process that takes the lock of the folder in argv[1], says "held" and waits for its stdin to close.
HOLDER = (
    "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[2]);"
    "from game.persist.folder_lock import FolderLock;"
    "lock = FolderLock(Path(sys.argv[1])); print('held' if lock.acquire() else 'busy', flush=True);"
    "sys.stdin.read()"
)


def holder(folder: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder), str(ROOT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_the_lock_is_one_holders_at_a_time_and_names_its_pid(tmp_path):
    first, second = FolderLock(tmp_path), FolderLock(tmp_path)
    assert first.acquire() and first.held
    assert (tmp_path / LOCK_NAME).read_text() == f"{os.getpid()}\n"
    assert not second.acquire() and not second.held
    assert second.holder() == os.getpid()
    first.release()
    first.release()  # (twice is harmless)
    assert second.acquire()
    second.release()
    assert (tmp_path / LOCK_NAME).exists()  # never deleted


def test_a_lock_file_left_by_a_process_that_died_is_taken_over(tmp_path):
    (tmp_path / LOCK_NAME).write_text("4194304999\nsomething else")  # no such process, no flock: a power cut
    lock = FolderLock(tmp_path)
    assert lock.acquire()
    assert (tmp_path / LOCK_NAME).read_text() == f"{os.getpid()}\n"
    lock.release()


def test_another_process_holds_it_until_it_is_killed(tmp_path):
    proc = holder(tmp_path)
    try:
        lock = FolderLock(tmp_path)
        assert not lock.acquire() and lock.holder() == proc.pid
        with pytest.raises(FolderInUse, match=f"process {proc.pid}"):
            take_lock(tmp_path, wait=False)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert lock.acquire()  # the kernel let go of the dead holder's lock
    lock.release()


@pytest.mark.parametrize("content", [b"", b"not a pid", b"-5", b"9" * 40, b"\xff\xfe"])
def test_a_holder_that_wrote_nothing_sensible_is_not_named(tmp_path, content):
    (tmp_path / LOCK_NAME).write_bytes(content)
    assert FolderLock(tmp_path).holder() is None


def test_a_kiosk_waits_for_the_lock_and_says_so_once(tmp_path, caplog):
    first = FolderLock(tmp_path)
    assert first.acquire()
    polls = []

    def sleep(seconds):
        polls.append(seconds)
        if len(polls) == 3:
            first.release()  # the other copy ends

    with caplog.at_level(logging.WARNING, logger="game.storage"):
        lock = take_lock(tmp_path, wait=True, sleep=sleep)
    assert lock is not None and lock.held and len(polls) == 3
    assert [r.getMessage() for r in caplog.records] == [
        f"another copy of the game (process {os.getpid()}) is using the data folder '{tmp_path}'; waiting for it to end"
    ]
    lock.release()


def test_a_folder_that_can_have_no_lock_plays_on_without_one(tmp_path, monkeypatch, caplog):
    """A read-only folder (no lock file can be made there, nothing can be written there either)."""
    real = os.open

    def read_only(path, flags, *args):
        if str(path).endswith(LOCK_NAME):
            if flags & os.O_CREAT:
                raise PermissionError(13, "Permission denied", str(path))
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    with caplog.at_level(logging.WARNING, logger="game.storage"):
        assert take_lock(tmp_path, wait=False) is None
    assert "cannot be locked" in caplog.text


def test_an_existing_lock_file_in_a_read_only_folder_still_locks(tmp_path, monkeypatch):
    (tmp_path / LOCK_NAME).write_text("")
    real = os.open

    def read_only(path, flags, *args):
        if str(path).endswith(LOCK_NAME) and flags & (os.O_CREAT | os.O_RDWR):
            raise OSError(30, "Read-only file system", str(path))
        return real(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    first, second = FolderLock(tmp_path), FolderLock(tmp_path)
    assert first.acquire() and not second.acquire()
    first.release()
