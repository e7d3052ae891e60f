"""One game per data folder: a second copy of the game on the folder another copy uses says so and
exits with its own status; a second kiosk waits for the first to end, then continues its game."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.persist.folder_lock import LOCK_NAME, FolderLock
from game.startup import EXIT_IN_USE

ROOT = Path(__file__).resolve().parents[1]
#: A copy of the game, as far as the lock goes: it holds the folder in argv[1] until its stdin closes.
HOLDER = (
    "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[2]);"
    "from game.persist.folder_lock import FolderLock;"
    "lock = FolderLock(Path(sys.argv[1])); print('held' if lock.acquire() else 'busy', flush=True);"
    "sys.stdin.read()"
)


def env_for(tmp_path) -> dict[str, str]:
    return dict(
        os.environ,
        GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path / "config"),
        GOLF_EIGHTOFF_DATA_DIR=str(tmp_path / "data"),
        GOLF_EIGHTOFF_SOLVER="inline",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )


def hold(folder: Path) -> subprocess.Popen:
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder), str(ROOT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_a_second_copy_on_the_same_folder_exits_with_its_status_and_one_line(tmp_path):
    holder = hold(tmp_path / "data")
    try:
        out = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--windowed", "800x480", "--game", "golf"],
            env=env_for(tmp_path),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        holder.stdin.close()
        holder.wait()
    assert out.returncode == EXIT_IN_USE and "Traceback" not in out.stderr
    lines = [line for line in out.stderr.splitlines() if line.startswith("main.py: ")]
    assert len(lines) == 1
    assert f"another copy of the game (process {holder.pid}) is using the data folder" in lines[0]
    assert "GOLF_EIGHTOFF_DATA_DIR" in lines[0]
    assert not (tmp_path / "data" / "current-game.json").exists()  # it touched nothing


def test_the_game_holds_its_folder_while_it_runs_and_lets_it_go_at_the_end(make_app, data_dir):
    from main import take_data_folder

    storage = take_data_folder(kiosk=False)
    app = make_app(size=(800, 480), storage=storage)
    assert not FolderLock(data_dir).acquire() and FolderLock(data_dir).holder() == os.getpid()
    app.close()
    assert FolderLock(data_dir).acquire()


@pytest.mark.slow
def test_a_second_kiosk_waits_for_the_first_to_end_then_continues(tmp_path):
    holder = hold(tmp_path / "data")
    kiosk = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--kiosk", "--windowed", "800x480"],
        env=env_for(tmp_path),
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert kiosk.stderr is not None
        # (it waits for the lock: the one line it says meanwhile; a kiosk that said nothing at all
        # would be playing on the other's folder)
        said, _, _ = select.select([kiosk.stderr], [], [], 60)
        assert said, "the second kiosk neither waited nor said anything"
        line = kiosk.stderr.readline()
        assert f"process {holder.pid}) is using the data folder" in line and "waiting for it to end" in line
        assert kiosk.poll() is None
        holder.stdin.close()  # the first copy ends
        holder.wait()
        lock = tmp_path / "data" / LOCK_NAME
        for _ in range(2400):  # (until the kiosk holds the folder, its pid in the lock file, or ends)
            if lock.read_text().strip() == str(kiosk.pid):
                break
            try:
                kiosk.wait(timeout=0.05)
                break
            except subprocess.TimeoutExpired:
                pass
        assert kiosk.poll() is None and FolderLock(tmp_path / "data").holder() == kiosk.pid
    finally:
        # (once SDL is up it makes SIGTERM a quit, and the game exits 0; before, SIGTERM ends it)
        kiosk.send_signal(signal.SIGTERM)
        rest = kiosk.communicate(timeout=120)[1]
        if holder.poll() is None:
            holder.kill()
    assert kiosk.returncode in (0, -signal.SIGTERM), rest
    assert "Traceback" not in rest
