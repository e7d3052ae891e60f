"""Game ids: unique, in the form a save accepts, and made without loading libcrypto at start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.persist.progress import UID
from game.persist.uid import new_uid

ROOT = Path(__file__).resolve().parents[2]


def test_game_ids_are_32_hex_digits_a_save_accepts_and_never_repeat():
    ids = {new_uid() for _ in range(2000)}
    assert len(ids) == 2000
    assert all(len(i) == 32 and int(i, 16) >= 0 and UID.fullmatch(i) for i in ids)


def test_a_start_to_a_table_loads_neither_hashlib_nor_uuid(tmp_path):
    """They bring libcrypto (about 5 MiB of memory) and the game needs neither for a new game."""
    script = (
        "import sys\n"
        "from tools.bench.harness import new_app, first_frame\n"
        "from game.model.golf import GolfGame\n"
        "from game.scenes.tables import open_table\n"
        "app = new_app((800, 480))\n"
        "app.replace(open_table(app.ctx, GolfGame.from_code('GO1-E-AAAAAAC')))\n"
        "first_frame(app)\n"
        "app.ctx.progress.begin(app.stack[0].game)\n"
        "print(sorted(m for m in ('hashlib', 'uuid', '_hashlib') if m in sys.modules))\n"
    )
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        GOLF_EIGHTOFF_BENCH_SCRATCH=str(tmp_path),
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
