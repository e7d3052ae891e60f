"""`python -m game.bench`: see game/bench/__init__.py."""

import sys

from .cli import main

sys.exit(main())
