"""Game ids: every game gets one when it starts, kept in its save and held UNIQUE by the statistics,
so a game recorded twice (a power cut between recording and replacing the save) counts once."""

from __future__ import annotations

import os


def new_uid() -> str:
    """128 random bits as 32 hex digits (as uuid4().hex is, without loading the uuid module and
    libcrypto through it: 5 MiB of memory the game has no other use for)."""
    return os.urandom(16).hex()
