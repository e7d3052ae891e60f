"""The window, and the path a frame takes from the surface the scenes draw on to the screen.

Scenes draw on one software surface and say which rectangles changed; `present(rects)` puts just
those on screen. How, is chosen per SDL video driver, by measuring (`python -m tools.bench --games
present`, docs/performance.md):

- ``framebuffer`` (X11, dummy, offscreen): SDL's window surface on the driver's own framebuffer
  (MIT-SHM on X11), each dirty rectangle sent as it is. SDL's default on Linux is instead a hidden GL
  renderer that uploads the span enclosing all the rectangles and redraws the whole window every frame:
  without hardware GL that is several times the game's own work, and 2.5x the memory.
- ``renderer`` (kmsdrm, wayland): these have no framebuffer of their own, so a GPU texture is the only
  way to the screen. The game keeps its surface, uploads each dirty rectangle into a texture
  (never the span enclosing them: two cards at opposite corners would upload the whole screen), and
  presents once per frame.
- ``sdl-texture`` and ``sdl``: SDL's hidden renderer, or whatever SDL chooses: for measuring, and for
  other drivers. ``renderer`` falls back to ``sdl`` when it cannot be created.

``GOLF_EIGHTOFF_PRESENT`` forces a path (for measuring; an unknown name is ignored).
"""

from __future__ import annotations

import contextlib
import logging
import os
import warnings
from pathlib import Path
from typing import Any

import pygame

log = logging.getLogger(__name__)

#: The window's icon (tools/sprites.py draws it). Set before the window opens, it also spares
#: pygame loading its own, through importlib.resources, at every start.
ICON = Path(__file__).resolve().parents[2] / "sprites" / "icon.png"

PRESENT_ENV = "GOLF_EIGHTOFF_PRESENT"
FRAMEBUFFER, RENDERER, SDL_TEXTURE, SDL_DEFAULT = "framebuffer", "renderer", "sdl-texture", "sdl"
PATHS = (FRAMEBUFFER, RENDERER, SDL_TEXTURE, SDL_DEFAULT)
#: The drivers known to have a framebuffer of their own, and those that have none (SDL 2).
WITH_FRAMEBUFFER = ("x11", "dummy", "offscreen", "windows")
WITHOUT_FRAMEBUFFER = ("kmsdrm", "wayland")
_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
#: Drivers that show nothing (tests, benchmarks): a window there has no screen to fit in.
HEADLESS = ("dummy", "offscreen")
#: The largest window on a headless driver: the game keeps several copies of its window's pixels
#: (4 bytes each), so a window of any size asked for would take any memory. A cap on memory, at
#: the largest screen the game is laid out for (4K).
MAX_WINDOW = (3840, 2160)
#: Of the desktop, the most a window takes when it opens from full screen without a place of its
#: own (the game started full screen): room for a window manager's title bar and panels, which a
#: window as large as the desktop would push off it.
FIRST_WINDOW_SHARE = 0.9


def choose_path(driver: str, asked: str | None = None) -> str:
    """The presentation path for an SDL video driver (`asked`: GOLF_EIGHTOFF_PRESENT, if valid)."""
    if asked in PATHS:
        return asked
    if driver in WITHOUT_FRAMEBUFFER:
        return RENDERER
    return FRAMEBUFFER if driver in WITH_FRAMEBUFFER else SDL_DEFAULT


def open_screen(driver: str | None = None) -> Screen:
    """The screen for the running video driver (pygame.display must be initialised)."""
    driver = driver or pygame.display.get_driver()
    path = choose_path(driver, os.environ.get(PRESENT_ENV))
    if path == RENDERER:
        return RendererScreen()
    return WindowSurfaceScreen(path)


class Screen:
    """Where frames go. `surface` is what the scenes draw on; `present` shows what changed."""

    path = SDL_DEFAULT

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None

    def open(self, size: tuple[int, int], fullscreen: bool, frameless: bool) -> pygame.Surface:
        """Open (or reopen) the window: full screen at the desktop's size, or a window of `size`
        (without decorations when `frameless`, else resizable)."""
        raise NotImplementedError

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        """The window's size changed: the surface to draw on from now on."""
        raise NotImplementedError

    def present(self, rects: list[pygame.Rect] | None) -> None:
        """Put these rectangles of the surface on screen (None: all of it)."""
        raise NotImplementedError

    def set_caption(self, text: str) -> None:
        raise NotImplementedError

    def set_icon(self, image: pygame.Surface) -> None:
        """The window's icon, before the window opens (a window manager's taskbar, alt-tab)."""
        pygame.display.set_icon(image)

    def close(self) -> None:
        """Let the window go (the display itself stays initialised)."""

    def place(self) -> tuple[int, int] | None:
        """Where the window's top left corner is on the desktop (None: not known)."""
        try:
            return tuple(pygame.display.get_window_position())  # type: ignore[return-value]
        except (pygame.error, AttributeError):  # (no window; an older pygame)
            return None

    def move(self, place: tuple[int, int]) -> None:
        """Put the window's top left corner at `place` on the desktop."""
        with contextlib.suppress(pygame.error, AttributeError):  # (no window; an older pygame)
            pygame.display.set_window_position(place)

    def desktop(self) -> tuple[int, int]:
        """The desktop's size ((0, 0): not known)."""
        return _desktop()


def window_spot(
    size: tuple[int, int], place: tuple[int, int] | None, desktop: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The size and place of a window coming back from full screen: its last `size` at its last
    `place`, moved only as far as it takes to lie on the desktop; with no place of its own (never a
    window yet), no larger than FIRST_WINDOW_SHARE of the desktop, centred on it. An unknown desktop
    ((0, 0)) changes nothing.

    >>> window_spot((1280, 720), (900, -20), (1920, 1080))
    ((1280, 720), (640, 0))
    >>> window_spot((1280, 720), None, (1280, 720))
    ((1152, 648), (64, 36))
    """
    dw, dh = desktop
    w, h = size
    if dw <= 0 or dh <= 0:
        return size, place
    if place is None:
        k = min(1.0, FIRST_WINDOW_SHARE * dw / w, FIRST_WINDOW_SHARE * dh / h)
        w, h = round(w * k), round(h * k)
        return (w, h), ((dw - w) // 2, (dh - h) // 2)
    return (w, h), (min(max(0, place[0]), max(0, dw - w)), min(max(0, place[1]), max(0, dh - h)))


def fit_window(size: tuple[int, int], driver: str | None = None) -> tuple[int, int]:
    """A window size cut to fit the desktop (pygame.display initialised), or, on a headless driver
    or when the desktop's size is unknown, to MAX_WINDOW; a cut is logged."""
    driver = driver or pygame.display.get_driver()
    limit = MAX_WINDOW if driver in HEADLESS else _desktop()
    if min(limit) <= 0:
        limit = MAX_WINDOW
    fitted = (min(int(size[0]), limit[0]), min(int(size[1]), limit[1]))
    if fitted != (int(size[0]), int(size[1])):
        log.warning("a %dx%d window does not fit the screen (%dx%d): %dx%d instead", *size, *limit, *fitted)
    return fitted


def open_window(
    display: Screen, size: tuple[int, int], fullscreen: bool, frameless: bool, caption: str, icon: Any
) -> tuple[Screen, pygame.Surface]:
    """Open the window full screen or at `size` (without decorations when `frameless`) through
    `display`, or, if that path fails, through SDL's own; returns the display used and its surface."""
    display.set_caption(caption)
    if icon is not None:
        display.set_icon(icon)
    try:
        return display, display.open(size, fullscreen, frameless=frameless)
    except (pygame.error, RuntimeError) as exc:  # pygame._sdl2's errors are RuntimeErrors
        if isinstance(display, WindowSurfaceScreen):
            raise
        log.warning("presenting through %s failed (%s); SDL's window surface instead", display.path, exc)
        display.close()
        return open_window(WindowSurfaceScreen(SDL_DEFAULT), size, fullscreen, frameless, caption, icon)


def _desktop() -> tuple[int, int]:
    try:
        return pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (0, 0)


class WindowSurfaceScreen(Screen):
    """pygame.display's window surface; `path` says whether SDL may put a GL renderer under it."""

    def __init__(self, path: str = FRAMEBUFFER) -> None:
        super().__init__()
        if path in (FRAMEBUFFER, SDL_TEXTURE):
            # read by SDL when the first window surface is made; a value the user set is left alone
            hint = os.environ.setdefault(_HINT, "0" if path == FRAMEBUFFER else "1")
            path = FRAMEBUFFER if hint.lower() in ("0", "false", "software") else SDL_TEXTURE
        self.path = path

    def open(self, size: tuple[int, int], fullscreen: bool, frameless: bool) -> pygame.Surface:
        if fullscreen:
            self.surface = pygame.display.set_mode(_desktop(), pygame.FULLSCREEN)
            return self.surface
        flags = pygame.NOFRAME if frameless else pygame.RESIZABLE
        with warnings.catch_warnings():  # (pygame's "forcibly resized by the OS": answered here)
            warnings.simplefilter("ignore", RuntimeWarning)
            self.surface = pygame.display.set_mode(size, flags)
            if self.surface.get_size() != tuple(size):
                # back from full screen, X11 may leave the window the full-screen size (partly off
                # the desktop once it is moved back): asked again, SDL sizes the window as it is now
                pygame.event.pump()
                self.surface = pygame.display.set_mode(size, flags)
        return self.surface

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.display.get_surface()
        if surf is not None:
            self.surface = surf
        assert self.surface is not None
        return self.surface

    def present(self, rects: list[pygame.Rect] | None) -> None:
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def set_caption(self, text: str) -> None:
        pygame.display.set_caption(text)


class RendererScreen(Screen):
    """A window with an SDL renderer: the surface's dirty rectangles are uploaded one by one into a
    texture of the same pixel format (no conversion), which is drawn and presented once."""

    path = RENDERER

    def __init__(self) -> None:
        super().__init__()
        self.window: pygame.Window | None = None
        self.renderer: Any = None  # pygame._sdl2.video's Renderer and Texture, imported when needed
        self.texture: Any = None
        self.caption = ""
        self.icon: pygame.Surface | None = None
        self.uploaded = 0  # pixels uploaded since the window opened (the benchmark reads it)

    def open(self, size: tuple[int, int], fullscreen: bool, frameless: bool) -> pygame.Surface:
        from pygame._sdl2.video import Renderer  # only the renderer path loads SDL2's video module

        if self.window is None:
            self.window = pygame.Window(
                self.caption,
                size,
                fullscreen_desktop=fullscreen,
                borderless=frameless and not fullscreen,
                resizable=not frameless and not fullscreen,
            )
            if self.icon is not None:
                self.window.set_icon(self.icon)
            self.renderer = Renderer(self.window)  # the GPU if there is one
        elif fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            self.window.size = size
        return self.resized(self.window.size)

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        from pygame._sdl2.video import Texture  # (as in open)

        assert self.window is not None
        size = self.window.size
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size, 0, 32)  # XRGB8888
            # a static texture made from it has its very format (updates copy pixels, no conversion) and,
            # unlike a streaming one, no second copy of the pixels kept in memory for locking
            self.texture = Texture.from_surface(self.renderer, self.surface)
        set_screen_format(self.surface)
        return self.surface

    def present(self, rects: list[pygame.Rect] | None) -> None:
        surface, texture = self.surface, self.texture
        assert surface is not None and texture is not None and self.renderer is not None
        bounds = surface.get_rect()
        if rects is None:
            rects = [bounds]
        elif not rects:
            return
        for rect in rects:
            part = bounds.clip(rect)
            if part.width and part.height:
                # a tuple: pygame-ce 2.5's Texture.update puts the pixels at (0, 0) when given a Rect
                texture.update(surface.subsurface(part), (part.x, part.y, part.width, part.height))
                self.uploaded += part.width * part.height
        texture.draw()
        self.renderer.present()

    def set_caption(self, text: str) -> None:
        self.caption = text
        if self.window is not None:
            self.window.title = text

    def set_icon(self, image: pygame.Surface) -> None:
        self.icon = image
        if self.window is not None:
            self.window.set_icon(image)

    def place(self) -> tuple[int, int] | None:
        return tuple(self.window.position) if self.window is not None else None  # type: ignore[return-value]

    def move(self, place: tuple[int, int]) -> None:
        if self.window is not None:
            self.window.position = place

    def close(self) -> None:
        self.texture = self.renderer = None
        if self.window is not None:
            self.window.destroy()
            self.window = None
        set_screen_format(None)


_formats: dict[bool, pygame.Surface] = {}


def set_screen_format(surface: pygame.Surface | None) -> None:
    """The format images are converted to when there is no display-module window (the renderer)."""
    _formats.clear()
    if surface is not None:
        _formats[False] = surface
        _formats[True] = pygame.Surface((1, 1), pygame.SRCALPHA, 32)


def to_screen_format(image: pygame.Surface, alpha: bool) -> pygame.Surface:
    """`image` in the screen's pixel format (with per-pixel alpha when `alpha`), so blitting it
    needs no conversion; unchanged when there is no screen yet."""
    if pygame.display.get_surface() is not None:
        return image.convert_alpha() if alpha else image.convert()
    reference = _formats.get(alpha)
    return image.convert(reference) if reference is not None else image


def fast_to_copy(image: pygame.Surface) -> pygame.Surface:
    """`image` as an opaque surface that SDL copies at full speed onto any spot: itself, or the same
    pixels in a surface whose rows are 4 bytes longer. SDL 2 on x86 copies rows a multiple of 16
    bytes apart (a width a multiple of 4 pixels) onto 16-byte-aligned spots with streaming stores,
    then each row's last bytes with a plain copy, which stalls on every row: a 200x300 copy takes
    several times as long (and leaves those pixels out of the cache for the blends that follow). A
    subsurface of a wider surface has its rows as far apart as the wider one's."""
    width, height = image.get_size()
    if (
        image.get_pitch() % 16
        or image.get_flags() & pygame.SRCALPHA
        or not width
        or not height
        or image.get_bitsize() < 24
        or image.get_colorkey() is not None
    ):  # (only plain 32-bit copies)
        return image
    wider = pygame.Surface((width + 1, height), 0, image)
    wider.blit(image, (0, 0))
    return wider.subsurface((0, 0, width, height))


def window_icon(path: Path | None = None) -> pygame.Surface | None:
    """The window's icon (ICON); None (the system's own, and one log line) when its file is unusable."""
    path = ICON if path is None else path
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("window icon %s unusable (%s); the system's own instead", path, exc)
        return None
