"""The process's heap between scenes: glibc told to hand large blocks back to the system when they
are freed, and its free pages handed back at a scene change (App.apply). A kiosk runs for weeks, so
memory the game no longer uses must not stay the process's. Elsewhere (no glibc) both do nothing."""
from __future__ import annotations

import ctypes
from typing import Any

_libc: list[Any] = []  # glibc, once found (empty elsewhere)


def keep_large_blocks_returnable() -> None:
    """Make glibc serve every block of 128 KiB or more (surfaces, decoded images) with its own
    mapping, returned to the system when freed. By default glibc raises that threshold after the
    first large free and keeps later surfaces in its heap, so a kiosk's memory crept up by about
    10 MiB over a few games and stayed there. Elsewhere (no glibc) this does nothing."""
    try:
        # the process's own symbols include glibc's (ctypes.util.find_library would run ldconfig)
        libc = ctypes.CDLL(None)
        libc.mallopt(-3, 128 * 1024)  # M_MMAP_THRESHOLD: fixed, not dynamic
        _libc[:] = [libc]
    except (OSError, AttributeError):
        pass


def trim_heap() -> None:
    """Give the heap's free pages back to the system (glibc's malloc_trim: also the pages of free
    blocks between live ones, not only the top of the heap)."""
    if _libc:
        try:
            _libc[0].malloc_trim(0)
        except AttributeError:
            _libc.clear()
