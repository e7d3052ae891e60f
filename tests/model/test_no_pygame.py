"""The model package never imports pygame."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = "game.model, game.model.golf, game.model.eightoff, game.model.codes, game.model.cards"


def run(code):
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_importing_the_model_does_not_import_pygame():
    result = run(
        f"import sys\nimport {MODULES}\nassert 'pygame' not in sys.modules, "
        "sorted(m for m in sys.modules if 'pygame' in m)"
    )
    assert result.returncode == 0, result.stderr


def test_the_model_works_when_pygame_is_not_installed():
    blocker = (
        "import sys\n"
        "class NoPygame:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pygame' or name.startswith('pygame.'):\n"
        "            raise ImportError('pygame is not installed')\n"
        "sys.meta_path.insert(0, NoPygame())\n"
        f"import {MODULES}\n"
        "from game.model.golf import GolfGame\n"
        "from game.model.eightoff import EightOffGame\n"
        "GolfGame.from_code('GO1-E-AAAAAAB').draw()\n"
        "EightOffGame.from_code('EO1-C8-AAAAAAB').legal_moves()\n"
    )
    result = run(blocker)
    assert result.returncode == 0, result.stderr
