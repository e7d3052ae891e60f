"""Fonts and rendered text, each made once and cached (text rendering is slow on a Pi).

All font loading goes through :func:`get_font`. The bundled Noto fonts (``game/fonts``, SIL OFL)
cover the three languages between them: Noto Sans for Latin and Greek, Noto Sans Thai for Thai and
Noto Sans Symbols 2 for the card suits ♠♥♦♣. pygame cannot chain fonts, so :func:`get_font` returns
a :class:`FallbackFont`: it splits a text into runs, each drawn with the first font that has its
glyphs (Thai letters with the Thai font, whose digits and punctuation are missing, so "คะแนน: 12"
is two runs), and joins the runs on one baseline. Thai runs are shaped by HarfBuzz with
``Font.set_script("Thai")``, which places tone marks and vowels above and below their consonants.

>>> runs("Score: 10♠")
[('main', 'Score: 10'), ('symbols', '♠')]
>>> [family for family, _ in runs("คะแนน: 12")]
['thai', 'main']
"""

from __future__ import annotations

import contextlib
import errno
import os
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]
K = TypeVar("K")
V = TypeVar("V")

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
#: family -> (regular file, bold file or None for a synthesised bold). Order = fallback order.
FAMILIES: dict[str, tuple[str, str | None]] = {
    "main": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    "thai": ("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf"),
    "symbols": ("NotoSansSymbols2-Regular.ttf", None),
}
#: HarfBuzz script tags for families that need one to shape correctly.
SCRIPTS = {"thai": "Thai"}
_PROBE = 24  # px size at which glyph coverage is probed (coverage does not depend on size)
#: The least size (px) at which a face still reads easily, where it is more than the layouts'
#: own floors: Thai letters stand about as tall as a Latin x-height, so a Thai word at 10 px (as the
#: table band's labels at 800x480 would be) is a smudge where "Score" is still read.
LEAST_LEGIBLE = {"thai": 12}

_fonts: dict[tuple[int, bool], FallbackFont] = {}
#: (size, bold, text) -> (width, height): the recent measurements (FallbackFont.size)
_measured: dict[tuple[int, bool, str], tuple[int, int]] = {}
#: Measurements kept: a screen's layout measures a few dozen; a long session's clocks and scores
#: pass through, so the oldest go.
MAX_MEASURED = 512
#: (family, bold) -> that face's pygame Fonts by size, least recently used first (_raw_font)
_faces: dict[tuple[str, bool], OrderedDict[int, pygame.font.Font]] = {}
#: Fonts kept per face: a screen mixes a few sizes (a heading, a body, a button's label)
FACE_SIZES = 3
_files: dict[str, tuple[str | None, str | None]] = {
    fam: (str(FONT_DIR / reg), str(FONT_DIR / bold) if bold else None) for fam, (reg, bold) in FAMILIES.items()
}


def _raw_font(family: str, size: int, bold: bool) -> pygame.font.Font:
    """The pygame Font of a family and weight, set to `size`: valid until the next call asks
    another size. At most FACE_SIZES Fonts per face, the least recently used one resized when a
    new size is asked: each holds some 170 KiB of FreeType state (one per size would hold 3.4 MiB),
    and the first measure after a resize is slow (SDL_ttf drops the glyphs it had laid out), which
    a layout mixing a heading's size and a body's would pay at every block with one Font a face."""
    key = (family, bold)
    sizes = _faces.get(key)
    if sizes is None:
        sizes = _faces[key] = OrderedDict()
    font = sizes.get(size)
    if font is not None:
        sizes.move_to_end(size)
        return font
    if len(sizes) >= FACE_SIZES:
        _old, font = sizes.popitem(last=False)
        font.point_size = size
        sizes[size] = font
        return font
    if not pygame.font.get_init():
        pygame.font.init()
    regular, bold_file = _files[family]
    path = bold_file if bold and bold_file else regular
    try:
        font = pygame.font.Font(path, size)
    except OSError as exc:
        raise _font_error(path, exc) from None
    if bold and not bold_file and regular is not None:
        font.bold = True  # no bold file: synthesise it (pygame's default font is bold already)
    script = SCRIPTS.get(family)
    if script and hasattr(font, "set_script"):
        with contextlib.suppress(pygame.error):  # SDL_ttf without HarfBuzz: unshaped, still legible
            font.set_script(script)
    sizes[size] = font
    return font


def _font_error(path: str | None, exc: OSError) -> OSError:
    """What stopped a font file opening. pygame calls every failure "No such file", even when the
    file is there and the process has no file descriptor left: opening it again tells which."""
    if path is None:
        return exc
    try:
        os.close(os.open(path, os.O_RDONLY | os.O_CLOEXEC))
    except OSError as again:
        if again.errno in (errno.EMFILE, errno.ENFILE):
            return OSError(again.errno, "too few file descriptors (ulimit -n) to open a font", path)
        return again
    return exc


@lru_cache(maxsize=16)
def _notdef(family: str, bold: bool) -> tuple:
    """How the family's probe font draws a character it does not have (U+0378 is unassigned in Unicode)."""
    font = _raw_font(family, _PROBE, bold)
    return font.metrics("\u0378")[0], pygame.image.tobytes(font.render("\u0378", False, (255, 255, 255)), "RGBA")


@lru_cache(maxsize=4096)
def _has_glyph(family: str, char: str, bold: bool = False) -> bool:
    """Whether the family's font has a glyph for ``char``.

    pygame-ce's ``Font.metrics`` gives None for a missing glyph with old SDL_ttf, but SDL_ttf 2.0.18+
    returns the .notdef box's metrics instead; so a glyph whose metrics and pixels equal the
    .notdef box's counts as missing too.
    """
    font = _raw_font(family, _PROBE, bold)
    metrics = font.metrics(char)
    if not metrics or metrics[0] is None:
        return False
    ref_metrics, ref_pixels = _notdef(family, bold)
    if metrics[0] != ref_metrics:
        return True
    return pygame.image.tobytes(font.render(char, False, (255, 255, 255)), "RGBA") != ref_pixels


def _preferred(char: str) -> str | None:
    """The family a character's script asks for; None for neutral characters (digits, spaces, punctuation)."""
    cp = ord(char)
    if 0x0E00 <= cp <= 0x0E7F:
        return "thai"
    if 0x2600 <= cp <= 0x27BF:  # suits and other symbols
        return "symbols"
    if unicodedata.category(char)[0] in "LM":
        return "main"
    return None


#: By weight: the characters seen in a text that was one run of the main font. A text made of them
#: only is one such run as well (each goes to the main font after any of them), so it is known
#: without looking at each character: a help page measures some 700 words and lines as it lays
#: itself out, and looking at each character would be half of that work.
_main_only: dict[bool, set[str]] = {False: set(), True: set()}


def least_legible(text: str, size: int) -> int:
    """`size`, or more where `text` has letters of a face that needs more to be read (LEAST_LEGIBLE).

    >>> least_legible("Score", 10), least_legible("คะแนน", 10), least_legible("คะแนน", 14)
    (10, 12, 14)
    """
    return max([size, *(LEAST_LEGIBLE.get(family, 0) for family, _run in runs(text))])


@lru_cache(maxsize=MAX_MEASURED)  # the recent texts (a text is split to be measured or drawn), as many as measured
def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """Split text into (family, substring) runs; a neutral character stays in the current run
    when that family has it, so a Thai sentence with spaces is shaped as one run."""
    known = _main_only[bold]
    if text and known.issuperset(text):
        return [("main", text)]
    out: list[list] = []
    for ch in text:
        family = _family_of(ch, out[-1][0] if out else None, bold)
        if out and out[-1][0] == family:
            out[-1][1] += ch
        else:
            out.append([family, ch])
    if len(out) == 1 and out[0][0] == "main":
        known.update(text)
    return [(f, s) for f, s in out]


def _family_of(ch: str, current: str | None, bold: bool) -> str:
    """The family `ch` is drawn in: a neutral character stays in the `current` run's family when
    that has it; else its own script's family first, then the first family that has it."""
    want = _preferred(ch)
    if want is None and current is not None and _has_glyph(current, ch, bold):
        return current
    first = want or "main"
    order = [first] + [f for f in FAMILIES if f != first]
    return next((f for f in order if _has_glyph(f, ch, bold)), first)


class FallbackFont:
    """A font of one size and weight over the bundled families; it has pygame Font's measuring
    and drawing methods (``size``, ``render``, ``metrics``, ``get_height`` ...)."""

    def __init__(self, size: int, bold: bool = False) -> None:
        self.point_size = size
        self.is_bold = bold

    def font(self, family: str) -> pygame.font.Font:
        """The family's Font at this size: use it at once (fonts of other sizes share it)."""
        return _raw_font(family, self.point_size, self.is_bold)

    @property
    def main(self) -> pygame.font.Font:
        return _raw_font("main", self.point_size, self.is_bold)

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        return [(self.font(f), s) for f, s in runs(text, self.is_bold)]

    def _top_pad(self, parts: list) -> int:
        """Extra space above a text whose font reaches deeper below the baseline than the main font
        (Thai): the box grows at both ends alike, so the letters sit where Latin letters do when
        the box is centred."""
        deepest = max(-f.get_descent() for f, _ in parts)
        return max(0, deepest - (-self.main.get_descent()))

    def size(self, text: str) -> tuple[int, int]:
        """(width, height) of the text, remembered: measuring after the shared face was set to
        another size is slow (SDL_ttf drops its glyphs at a size change), and a layout measures the
        same few texts at the same few sizes again and again."""
        return _recent(_measured, (self.point_size, self.is_bold, text), lambda: self._measure(text), MAX_MEASURED)

    def _measure(self, text: str) -> tuple[int, int]:
        parts = self.runs(text)
        if not parts:
            return self.main.size(text)
        ascent = max(f.get_ascent() for f, _ in parts)
        height = max(ascent - f.get_ascent() + f.get_height() for f, _ in parts)
        return sum(f.size(s)[0] for f, s in parts), height + self._top_pad(parts)

    def render(
        self, text: str, antialias: bool = True, colour: Colour = (255, 255, 255), background: Colour | None = None
    ) -> pygame.Surface:
        parts = self.runs(text)
        pad = self._top_pad(parts) if parts else 0
        if len(parts) <= 1 and not pad:
            font = parts[0][0] if parts else self.main
            return font.render(text, antialias, colour, background)
        ascent = max(f.get_ascent() for f, _ in parts) + pad
        imgs = [(f, f.render(s, antialias, colour)) for f, s in parts]
        width = sum(img.get_width() for _, img in imgs)
        height = max(ascent - f.get_ascent() + img.get_height() for f, img in imgs)
        surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        if background is not None:
            surf.fill(background)
        x = 0
        for f, img in imgs:
            surf.blit(img, (x, ascent - f.get_ascent()))
            x += img.get_width()
        return surf

    def metrics(self, text: str) -> list[tuple[int, int, int, int, int] | None]:
        """Per character, the metrics from the font chosen for it; None where that font has no glyph."""
        out: list = []
        for family, part in runs(text, self.is_bold):
            for ch in part:  # (probing a glyph sets the face to the probe's size: the font after it)
                out.append(self.font(family).metrics(ch)[0] if _has_glyph(family, ch, self.is_bold) else None)
        return out

    def get_height(self) -> int:
        return self.main.get_height()

    def get_linesize(self) -> int:
        return self.main.get_linesize()

    def get_ascent(self) -> int:
        return self.main.get_ascent()

    def get_descent(self) -> int:
        return self.main.get_descent()


#: The font sizes used: every pixel up to 18, then steps of about 8 %. Texts are measured and
#: rendered (and cached) per size, so shrinking-to-fit walks this ladder, not every pixel size.
LADDER = tuple(range(6, 19)) + (
    20,
    22,
    24,
    26,
    28,
    30,
    32,
    35,
    38,
    41,
    44,
    48,
    52,
    56,
    60,
    65,
    70,
    76,
    82,
    89,
    96,
    104,
    112,
    121,
    131,
    141,
    152,
    164,
    177,
    191,
    206,
)


def ladder_size(size: float) -> int:
    """The largest ladder size not above `size`."""
    size = int(size)
    if size >= LADDER[-1]:
        return LADDER[-1]
    best = LADDER[0]
    for step in LADDER:
        if step > size:
            break
        best = step
    return best


#: Font sizes kept at once (each a small object now: the faces are shared and resized).
MAX_FONTS = 12


def get_font(size: int, bold: bool = False) -> FallbackFont:
    """The font for a pixel size (on the ladder), loaded once. The one place fonts are created."""
    size = ladder_size(size)
    return _recent(_fonts, (size, bold), lambda: FallbackFont(size, bold), MAX_FONTS)


def _recent(kept: dict[K, V], key: K, make: Callable[[], V], most: int) -> V:
    """`kept[key]`, made by `make()` when it is missing. The dict's order is the order of last use:
    the value is re-inserted, and the least recently used go to keep at most `most`."""
    value = kept.pop(key, None)
    if value is None:
        value = make()
        while len(kept) >= most:
            del kept[next(iter(kept))]
    kept[key] = value
    return value


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    """The characters of ``text`` that no bundled font can draw (tofu), in order of appearance."""
    return [
        ch for family, part in runs(text, bold) for ch in part if not ch.isspace() and not _has_glyph(family, ch, bold)
    ]


def _width(text: str, size: int, bold: bool) -> int:
    """The width of text (the widest line when it has several; each line's measure is remembered)."""
    font = get_font(size, bold)
    return max(font.size(line)[0] for line in text.split("\n"))


def two_lines(text: str, size: int, bold: bool = False) -> str:
    """The text broken at the space that best balances two lines (unchanged if it has no space)."""
    words = text.split(" ")
    if len(words) < 2:
        return text
    best = min(
        range(1, len(words)),
        key=lambda i: max(_width(" ".join(words[:i]), size, bold), _width(" ".join(words[i:]), size, bold)),
    )
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


def _breaks(word: str) -> list[int]:
    """Where a word with no space (a Thai phrase) may be broken: before any letter that is not a
    combining mark (a Thai vowel or tone mark stays with its consonant)."""
    return [
        i for i in range(1, len(word)) if not unicodedata.combining(word[i]) and unicodedata.category(word[i]) != "Mn"
    ]


def _split_long(word: str, fits: Callable[[str], bool]) -> list[str]:
    """A word too wide for the line, in pieces that each fit (broken where _breaks allows)."""
    pieces: list[str] = []
    start = 0
    cuts = [*_breaks(word), len(word)]
    last = start
    for cut in cuts:
        if not fits(word[start:cut]) and last > start:
            pieces.append(word[start:last])
            start = last
        last = cut
    pieces.append(word[start:])
    return pieces


def wrap_lines(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """`text` on as many lines as it needs within `width` at `size` (never smaller): by words, and a
    word too long for a line alone broken between its letters.

    >>> wrap_lines("one two three", 10**4, 15)
    ['one two three']
    """
    font = get_font(size, bold)

    def fits(line: str) -> bool:
        return font.size(line)[0] <= width

    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if fits(candidate):
                line = candidate
                continue
            if line:
                lines.append(line)
            *whole, line = _split_long(word, fits) if not fits(word) else [word]
            lines += whole
        lines.append(line)
    return lines


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class TextCache:
    """Rendered text surfaces keyed by (text, size, colour, bold), least recently used dropped first.

    Two bounds keep memory flat over a long session (a score line changes every move, and at
    1920x1080 one such line is 50 KiB, so the cache is always full): a number of entries and a
    budget of pixel bytes, 1 MiB: a table's band and messages at 1920x1080 (an end panel holds
    its own lines while it is up); a text dropped is rendered again when next shown.
    A text with line breaks (``\n``) is drawn as centred lines.
    """

    def __init__(self, max_entries: int = 768, max_bytes: int = 2**20) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._bytes = 0
        self.misses = 0

    def render(
        self, text: str, size: int, colour: Colour = (255, 255, 255), bold: bool = False, align: str = "center"
    ) -> pygame.Surface:
        """A surface with the text drawn anti-aliased on transparency. Do not modify it. The lines
        of a text on several are centred, or flush left with align="left" (a row's label)."""
        key = (text, ladder_size(size), tuple(colour), bold, align)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        self.misses += 1
        font = get_font(size, bold)
        if "\n" in text:
            lines = [font.render(line, True, colour) for line in text.split("\n")]
            step = font.get_linesize()
            surf = pygame.Surface(
                (max(img.get_width() for img in lines), step * (len(lines) - 1) + lines[-1].get_height()),
                pygame.SRCALPHA,
            )
            for i, img in enumerate(lines):
                x = 0 if align == "left" else (surf.get_width() - img.get_width()) // 2
                surf.blit(img, (x, i * step))
        else:
            surf = font.render(text, True, colour)
        if len(colour) == 4 and colour[3] < 255:
            surf.set_alpha(colour[3])
        self._cache[key] = surf
        self._bytes += _bytes(surf)
        while len(self._cache) > 1 and (len(self._cache) > self.max_entries or self._bytes > self.max_bytes):
            self._bytes -= _bytes(self._cache.popitem(last=False)[1])
        return surf

    def fit(
        self,
        text: str,
        max_width: int,
        size: int,
        colour: Colour = (255, 255, 255),
        bold: bool = False,
        min_size: int = 10,
    ) -> pygame.Surface:
        """Render at ``size``, shrinking the font until the text is at most ``max_width`` wide."""
        return self.render(text, self.fit_size(text, max_width, size, bold, min_size), colour, bold)

    def fit_size(self, text: str, max_width: int, size: int, bold: bool = False, min_size: int = 10) -> int:
        """The largest font size <= size (and >= min_size) at which the text fits max_width.

        A text's width grows about in proportion to its font size, so the size is estimated from the
        width at `size` and then checked, one ladder step either way: walking the whole ladder would
        lay the text out at every step."""
        top, floor = ladder_size(size), ladder_size(min_size)
        width = _width(text, top, bold)
        if width <= max_width or top <= floor:
            return top
        i = LADDER.index(max(floor, min(top, ladder_size(top * max_width / max(1, width)))))
        if _width(text, LADDER[i], bold) <= max_width:  # fits: perhaps one step larger does too
            up = i + 1
            if LADDER[up] < top and _width(text, LADDER[up], bold) <= max_width:
                return LADDER[up]
            return LADDER[i]
        while LADDER[i] > floor and _width(text, LADDER[i], bold) > max_width:
            i -= 1
        return max(LADDER[i], floor)

    def fit_wrapped(
        self,
        text: str,
        max_width: int,
        size: int,
        colour: Colour = (255, 255, 255),
        bold: bool = False,
        min_size: int = 10,
    ) -> pygame.Surface:
        """Like :meth:`fit`, but a text that would shrink below 80 % of ``size`` on one line goes on
        two balanced lines instead (long Greek messages); the larger of the two results wins. A
        text too wide for one line even at ``min_size`` goes on two when they are narrower."""
        return self.render(*self.wrapped_choice(text, max_width, size, bold, min_size), colour, bold)

    def wrapped_choice(
        self, text: str, max_width: int, size: int, bold: bool = False, min_size: int = 10
    ) -> tuple[str, int]:
        """What fit_wrapped draws: the text (on two lines or one) and its font size."""
        one = self.fit_size(text, max_width, size, bold, min_size)
        one_width = _width(text, one, bold)
        too_wide = " " in text and one_width > max_width  # (at min_size, still)
        if one < size * 0.8 or too_wide:
            wrapped = two_lines(text, size, bold)
            two = self.fit_size(wrapped, max_width, size, bold, min_size)
            if two > one or (too_wide and _width(wrapped, two, bold) < one_width):
                return wrapped, two
        return text, one

    def rendered_size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """The size of what render() draws for this text, found without drawing it (a dialog
        weighs several layouts before it draws one)."""
        font = get_font(size, bold)
        if "\n" not in text:
            return font.size(text)
        lines = text.split("\n")
        return (
            max(_width(line, size, bold) for line in lines),
            font.get_linesize() * (len(lines) - 1) + font.size(lines[-1])[1],
        )

    def clear(self) -> None:
        self._cache.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._cache)
