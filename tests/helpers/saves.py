"""Games and power cuts for the tests of what is saved and recorded (game/persist): small Golf games
that end each way, a Progress begun and played as a table reports it, a power cut in process and
one with the real game in a process of its own (SIGKILL), and another program's write lock."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.persist.progress import Progress
from game.persist.stats import StatsDB

ROOT = Path(__file__).resolve().parents[2]
#: The saved game's file in the data folder.
SAVE = "current-game.json"


def winnable() -> GolfGame:
    """Won in three plays: 6H, 7S, 8D."""
    return GolfGame.from_layout([["7S", "6H"], ["8D"], [], [], [], [], []], ["5S"], ["2C"])


def blocking() -> GolfGame:
    """Blocked after one play."""
    return GolfGame.from_layout([["KD", "6H"], ["9C"], [], [], [], [], []], ["5S"], [])


def abandoning() -> GolfGame:
    """Two draws left in the stock: still playing after one."""
    return GolfGame.from_layout([["KD", "6H"], ["9C"], [], [], [], [], []], ["5S"], ["QC", "2D"])


def begun(folder, make=abandoning, **begin) -> tuple[Progress, GolfGame]:
    """A Progress on `folder` that has begun a new game made by `make`."""
    progress = Progress(folder)
    game = make()
    progress.begin(game, **begin)
    return progress, game


def act(progress: Progress, game: GolfGame, by_demo: bool = False) -> None:
    """One action, as a table reports it: a play if there is one, else a draw."""
    move = next((m for m in game.legal_moves() if not m.is_draw), GolfMove.DRAW)
    game.play(move)  # (a GolfMove: a play, or the draw)
    progress.changed(game, by_demo=by_demo)


def power_cut(progress: Progress) -> None:
    """Stop a Progress as a power cut would: no more writes of any kind, nothing flushed."""
    progress.save._commit = lambda text: None
    progress.recorder.close(timeout=0)


def hold_write_lock(folder: Path) -> sqlite3.Connection:
    """Another program writing to the database (a write lock, as `sqlite3` in a shell would take)."""
    StatsDB(folder / "statistics.sqlite3").close()
    conn = sqlite3.connect(folder / "statistics.sqlite3", isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def killed_child(code: str) -> str:
    """Run `code` (a game that prints a line, then READY, then plays on) in a process of its own and
    SIGKILL it, as a power cut would; the line it printed."""
    env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests'}")
    child = subprocess.Popen(
        [sys.executable, "-c", code.format(root=str(ROOT))],
        env=env,
        cwd=str(ROOT / "tests"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = child.stdout.readline().strip()
        assert child.stdout.readline().strip() == "READY", child.stderr.read()
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL
    return line
