"""Where saved games and statistics live: the user data directory (platformdirs).

Set GOLF_EIGHTOFF_DATA_DIR to use another directory (tests, kiosks).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "golf-eightoff"
DATA_ENV = "GOLF_EIGHTOFF_DATA_DIR"


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs  # only without the override (tests and kiosks set it)

    return Path(platformdirs.user_data_dir(APP_NAME))
