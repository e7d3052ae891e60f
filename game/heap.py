"""The process's memory over a long run: glibc told to hand large blocks back to the system when
they are freed, a scene's cycles collected and the heap's free pages handed back at a scene change
(App.apply), and what lives as long as the process kept out of the cyclic collector's way. A kiosk
runs for weeks, so memory the game no longer uses must not stay the process's. Elsewhere (no glibc)
the glibc calls do nothing."""

from __future__ import annotations

import ctypes
import gc
from typing import Any

_libc: list[Any] = []  # glibc, once found (empty elsewhere)


def keep_large_blocks_returnable() -> None:
    """Make glibc serve every block of 128 KiB or more (surfaces, decoded images) with its own
    mapping, returned to the system when freed. By default glibc raises that threshold after the
    first large free and keeps later surfaces in its heap, so a kiosk's memory would creep up by
    about 10 MiB over a few games and stay there. Elsewhere (no glibc) this does nothing."""
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


def release_scene_memory() -> None:
    """After a scene change: scenes hold reference cycles (buttons call their methods) and large
    surfaces, and the cyclic collector runs too rarely to notice a few objects holding megabytes, so
    collect now; then hand the heap's free pages back, which a long run's small surfaces (text)
    would otherwise leave scattered. (While another thread's collection is under way, CPython's
    gc.collect() does nothing: that collection, or the next, frees the scene instead.)"""
    gc.collect()
    trim_heap()


def hold_collections() -> None:
    """At start-up, before the game's modules and the app are made: no cyclic collection until
    freeze_long_lived. Some 40 collections would run meanwhile, walking objects that all live as long
    as the process, to free some 400 small ones (a few tens of KiB, kept for good instead)."""
    gc.disable()


def freeze_long_lived() -> None:
    """Set what is alive now (the modules, the app and its services: some 19,000 objects) out of the
    cyclic collector's way for good, and let it collect from now on (hold_collections). It all lives
    as long as the process, and a full collection (at each scene change, and now and then by itself
    in a frame) would walk it every time: some three times the work of collecting what is left, and
    on a Pi more than a frame. Anything frozen is never collected, so call it before the first scene
    exists. (No collection first: at this point there is nothing for one to free, and it would
    only lengthen the start.)"""
    gc.freeze()
    gc.enable()
