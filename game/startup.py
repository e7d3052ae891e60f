"""What main.py checks before the game's window opens, and what it says when the game cannot start
or must stop: one line naming the cause and the fix, and an exit status of its own; never a
traceback (a traceback is for a fault in the game itself).

The statuses, also in main.py's --help and docs/kiosk.md:
  0 the game was closed; 1 a fault in the game (a traceback); 2 a bad command line or setting;
  3 the administrator left the kiosk; 4 another copy of the game uses the data folder;
  5 no display can be opened; 6 the game's own files are missing (a copy of it is incomplete);
  7 out of memory or of file descriptors.
"""

from __future__ import annotations

import errno
import os
import resource
from collections.abc import Mapping
from pathlib import Path

from game.jobs import mode_from_environment

EXIT_USAGE = 2  # (argparse's own status for a bad command line)
EXIT_ADMIN = 3  # (game.kiosk.ADMIN_EXIT: the kiosk's service is not started again)
EXIT_IN_USE = 4
EXIT_DISPLAY = 5
EXIT_FILES = 6
EXIT_RESOURCES = 7

#: The game's own folder: its code, fonts, card pictures and sounds.
GAME_FOLDER = Path(__file__).resolve().parents[1]

#: File descriptors the game may hold at once: three sizes of each of five font faces (SDL_ttf
#: keeps each file open), the database's writer and reader (file, -wal, -shm each), the save's
#: temporary file, the face cache, the solver worker's pipes, the lock, the window system's and the
#: sound device's, with room to spare. A lower limit is raised to this when the hard limit allows.
FDS_NEEDED = 64
#: Memory errors as SDL, threads and the loader word them (pygame.error's, RuntimeError's and
#: ImportError's text: a library that cannot be mapped), besides Python's MemoryError.
OUT_OF_MEMORY = (
    "out of memory",
    "not enough resources",
    "can't start new thread",
    "cannot allocate memory",
    "failed to map segment",
)
#: SDL 2's video drivers (SDL_VIDEODRIVER may list several, comma-separated).
SDL_DRIVERS = {
    "x11", "wayland", "kmsdrm", "kmsdrm_legacy", "rpi", "vivante", "offscreen", "dummy", "evdev", "windows",
    "winrt", "cocoa", "uikit", "android", "haiku", "emscripten", "directfb", "qnx", "os2", "riscos",
    "ngage", "n3ds", "ps2", "psp", "vita", "pandora", "nacl",
}  # fmt: skip


class StartupFailure(Exception):
    """The game cannot start (or go on): `line` says why and what to do, `status` is the exit status."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status, self.line = status, line


def check_settings(environ: Mapping[str, str] | None = None) -> None:
    """The game's own environment settings: GOLF_EIGHTOFF_SOLVER."""
    try:
        mode_from_environment(environ)
    except ValueError as exc:
        raise StartupFailure(EXIT_USAGE, str(exc)) from None


def check_files() -> None:
    """The fonts and the card pictures are there (a copy of the game without its sounds plays
    silently; one without its fonts or cards has nothing to show)."""
    from game.ui.text import FAMILIES, FONT_DIR
    from game.view.card_images import SPRITE_DIR

    fonts = [FONT_DIR / name for pair in FAMILIES.values() for name in pair if name]
    cards = [SPRITE_DIR / f"{rank}{suit}.png" for rank in "A23456789TJQK" for suit in "CDHS"]
    for what, files in (("fonts", fonts), ("card pictures", cards)):
        missing = [path for path in files if not path.is_file()]
        if missing:
            more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
            raise StartupFailure(
                EXIT_FILES,
                f"the game's {what} are missing ({_near(missing[0])}{more}): this copy of the game is "
                "incomplete; copy or clone the whole folder again",
            )


def _near(path: Path) -> str:
    """A path of the game's own, from the game's folder."""
    try:
        return str(path.relative_to(GAME_FOLDER))
    except ValueError:
        return str(path)


def check_descriptors(needed: int = FDS_NEEDED) -> None:
    """Enough file descriptors: a low soft limit is raised (up to the hard one); too low a hard
    limit stops the start, before a font fails to open with a misleading "No such file"."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return
    if hard == resource.RLIM_INFINITY or hard >= needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
        return
    raise StartupFailure(EXIT_RESOURCES, _descriptors_line(hard, needed))


def _descriptors_line(limit: int | None, needed: int = FDS_NEEDED) -> str:
    now = f" (ulimit -n is {limit})" if limit is not None else " (ulimit -n)"
    return (
        f"too few file descriptors{now}: the game needs {needed}; raise the limit "
        "(ulimit -n 1024, or LimitNOFILE=1024 in its systemd service)"
    )


def open_display(environ: Mapping[str, str] | None = None) -> None:
    """pygame's display, initialised; StartupFailure naming what is wrong when it cannot be."""
    import pygame

    from game.view.screen import HEADLESS

    environ = os.environ if environ is None else environ
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise StartupFailure(EXIT_DISPLAY, display_line(str(exc), environ)) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS and not environ.get("SDL_VIDEODRIVER"):  # SDL's last resort shows nothing
        pygame.display.quit()
        raise StartupFailure(EXIT_DISPLAY, display_line(f"only its {driver} driver, which shows nothing", environ))


def display_line(error: str, environ: Mapping[str, str]) -> str:
    """What to say when SDL cannot open a display (`error`: SDL's words)."""
    asked = environ.get("SDL_VIDEODRIVER", "").strip()
    names = [name.strip().lower() for name in asked.split(",") if name.strip()]
    if names and not any(name in SDL_DRIVERS for name in names):
        return f"SDL_VIDEODRIVER={asked[:40]!r} is not a video driver: unset it, or set it to x11, wayland or kmsdrm"
    if names == ["x11"] and not environ.get("DISPLAY"):
        return (
            "SDL_VIDEODRIVER is x11 but DISPLAY is not set: run the game in a desktop session, set "
            "DISPLAY, or on a console without a desktop use SDL_VIDEODRIVER=kmsdrm (docs/kiosk.md)"
        )
    if names == ["wayland"] and not environ.get("WAYLAND_DISPLAY"):
        return (
            "SDL_VIDEODRIVER is wayland but WAYLAND_DISPLAY is not set: run the game in a Wayland "
            "session, or on a console without a desktop use SDL_VIDEODRIVER=kmsdrm (docs/kiosk.md)"
        )
    if names and names[0].startswith("kmsdrm"):
        return (
            f"the screen cannot be opened with kmsdrm (SDL: {error}): check /dev/dri, the video and "
            "render groups and that nothing else holds the screen (docs/kiosk.md, Troubleshooting)"
        )
    return (
        f"no display can be opened (SDL: {error}): run the game in a desktop session, or set "
        "SDL_VIDEODRIVER (kmsdrm on a console without a desktop: docs/kiosk.md)"
    )


def failure_of(exc: BaseException, playing: bool) -> StartupFailure | None:
    """The failure an exception raised while the game starts (or, `playing`, while it runs) stands
    for, when it is the machine's and not the game's: out of memory, out of file descriptors, a file
    of the game's own that the system will not read. None for anything else (a fault in the game:
    its traceback is what helps)."""
    if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        return StartupFailure(EXIT_RESOURCES, _descriptors_line(None if soft == resource.RLIM_INFINITY else soft))
    if _out_of_memory(exc):
        return _memory_failure(str(exc), playing)
    if isinstance(exc, OSError) and exc.errno == errno.ENOMEM:
        return _memory_failure(exc.strerror or "", playing)
    if isinstance(exc, OSError) and _own_file(exc.filename):  # the game's code, fonts or pictures
        return StartupFailure(
            EXIT_FILES,
            f"the game's file {_near(Path(exc.filename))} cannot be read ({exc.strerror or exc}): check that the "
            "game's whole folder is readable by its user and that the disk answers",
        )
    return None


def _out_of_memory(exc: BaseException) -> bool:
    """Whether `exc` is running out of memory: a MemoryError, or an error of pygame's or of a
    library's loading whose words say so."""
    worded = isinstance(exc, (RuntimeError, ImportError))  # (pygame.error is a RuntimeError)
    return isinstance(exc, MemoryError) or (worded and any(words in str(exc).lower() for words in OUT_OF_MEMORY))


def _memory_failure(error: str, playing: bool) -> StartupFailure:
    """Out of memory at start or (`playing`) while playing; `error` the words of the error, if any."""
    notes = [error] if error else []
    if playing:  # (the save is written after every move: nothing but the move in hand is lost)
        notes.append("the game is saved up to its last move")
    said = f" ({'; '.join(notes)})" if notes else ""
    return StartupFailure(
        EXIT_RESOURCES,
        f"out of memory {'while playing' if playing else 'at start'}{said}: close other programs, use a "
        "smaller window, or raise the limit (ulimit -v, or MemoryMax= in its systemd service)",
    )


def _own_file(name: object) -> bool:
    """Whether `name` is a path inside the game's own folder (its code, fonts, card pictures and
    sounds: not the data or settings folders, which the game plays on without)."""
    if not isinstance(name, (str, os.PathLike)):
        return False
    try:
        return Path(name).resolve().is_relative_to(GAME_FOLDER)
    except (OSError, ValueError, RuntimeError):
        return False
