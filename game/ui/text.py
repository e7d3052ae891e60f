"""Fonts and rendered text, each made once and cached (text rendering is slow on a Pi).

All font loading goes through :func:`get_font`, so bundling other fonts later (Noto for Greek and
Thai) changes one place: :func:`set_font_files`.
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_font_files: dict[bool, str | None] = {False: None, True: None}


def set_font_files(regular: str | Path | None, bold: str | Path | None = None) -> None:
    """Use these font files from now on (None = pygame's default font); clears the font cache."""
    _font_files[False] = str(regular) if regular else None
    _font_files[True] = str(bold) if bold else (str(regular) if regular else None)
    _fonts.clear()


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font for a pixel size, loaded once. The one place fonts are created."""
    size = max(6, int(size))
    key = (size, bold)
    font = _fonts.get(key)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_files[bold]
        # pygame's default font (path None) is already a bold sans: never embolden it further
        font = pygame.font.Font(path, size)
        if bold and path is not None and path == _font_files[False]:
            font.bold = True  # one file for both weights: synthesise the bold
        _fonts[key] = font
    return font


class TextCache:
    """Rendered text surfaces keyed by (text, size, colour, bold), least recently used dropped first.

    The bound keeps memory flat over a long session (a score label changes every move).
    """

    def __init__(self, max_entries: int = 768) -> None:
        self.max_entries = max_entries
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.misses = 0

    def render(self, text: str, size: int, colour: Colour = (255, 255, 255), bold: bool = False) -> pygame.Surface:
        """A surface with the text drawn anti-aliased on transparency. Do not modify it."""
        key = (text, int(size), tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        self.misses += 1
        surf = get_font(size, bold).render(text, True, colour)
        if len(colour) == 4 and colour[3] < 255:
            surf.set_alpha(colour[3])
        self._cache[key] = surf
        if len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)
        return surf

    def fit(self, text: str, max_width: int, size: int, colour: Colour = (255, 255, 255),
            bold: bool = False, min_size: int = 10) -> pygame.Surface:
        """Render at ``size``, shrinking the font until the text is at most ``max_width`` wide."""
        return self.render(text, self.fit_size(text, max_width, size, bold, min_size), colour, bold)

    def fit_size(self, text: str, max_width: int, size: int, bold: bool = False, min_size: int = 10) -> int:
        """The largest font size <= size (and >= min_size) at which the text fits max_width."""
        size = int(size)
        while size > min_size and get_font(size, bold).size(text)[0] > max_width:
            size -= max(1, size // 12)
        return max(size, min_size)

    def clear(self) -> None:
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)
