"""A help page laid out for a width: wrapped lines of text, cards shown as small card faces, and
buttons; drawn scrolled in a viewport.

Layout runs once per page, language and width: it measures words and breaks lines (at spaces, and
inside a word only when it is wider than a line, never before a Thai vowel or tone mark). A line
is rendered to a surface the first time it shows and kept while it is near the viewport (within a
byte budget), so scrolling is a fill and a few blits. Buttons are real widgets drawn on small
surfaces of their own, so they keep their look while the page moves under them.
"""

from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ..help.content import Block, spans
from ..i18n import language
from ..ui import theme
from ..ui.text import FallbackFont, get_font
from ..ui.widgets import Button
from .scaled_widgets import ScaledButton

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

MIN_BODY = 18  # px: the smallest body text, at 800x480 (to stay legible: none under about 16 px)
BODY_AT_SCALE_1 = 19  # px of body text at scale 1 (800x480), growing with the UI scale
LINE_CACHE_BYTES = 4 * 2**20
SHEET = (14, 50, 31)  # the page's ground: opaque, so scrolling repaints with a fill
CHIP = (242, 238, 222)
INK = (24, 24, 28)
SUIT_INK = {"♠": INK, "♥": (200, 22, 36), "♦": (200, 22, 36), "♣": INK}
FOUR_COLOUR_INK = {"♦": (22, 72, 190), "♣": (16, 128, 52)}
_THAI_NO_BREAK_BEFORE = set("ะัาำิีึืฺุู็่้๊๋์ํ๎ๅ")
_THAI_NO_BREAK_AFTER = set("เแโใไ")
#: Per block kind: (size, of the body text's), colour, bold, space before and after (in body sizes).
STYLES = {
    "title": (1.55, theme.GOLD, True, 0.0, 0.45),
    "heading": (1.2, theme.GOLD, True, 0.6, 0.3),
    "centre": (1.05, theme.CREAM, True, 0.1, 0.7),
    "para": (1.0, theme.TEXT, False, 0.0, 0.6),
}
#: A word and the spaces after it; a no-break space (U+00A0, as in "45 %") is part of its word.
_WORD = re.compile(r"(?:[^\s]|\u00a0)+[^\S\u00a0]*|[^\S\u00a0]+")
ZWSP = "\u200b"  # a break opportunity that shows nothing
ACTION_KINDS = ("example", "deal", "page")


def body_size(scale: float) -> int:
    return max(MIN_BODY, round(BODY_AT_SCALE_1 * scale))


@dataclass
class Atom:
    """A piece of a line that is drawn as one: text of one style, or a card."""

    kind: str  # 'text', 'bold' or 'card'
    text: str
    width: int = 0
    x: int = 0


@dataclass
class Line:
    y: int
    height: int
    size: int
    colour: tuple
    atoms: list[Atom]
    x: int = 0


@dataclass
class Action:
    """A button on the page: what it does (an example, a deal, a page) and where it sits."""

    kind: str
    arg: str
    label: str
    rect: pygame.Rect  # in page coordinates
    button: Button = field(repr=False)
    surface: pygame.Surface | None = field(default=None, repr=False)


class Page:
    """One page at one width. Coordinates are the page's own: x from the text column's left, y from
    the top of the page."""

    def __init__(
        self,
        ctx: Context,
        blocks: tuple[Block, ...] | list[Block],
        width: int,
        scale: float,
        label: Callable[[Block], tuple[str, str]] | None = None,
        button_height: int = 48,
        body: int | None = None,
        sizes: dict[str, int] | None = None,
    ) -> None:
        self.ctx = ctx
        self.width = width
        #: Each block kind's text size and the page's buttons' ("label"), from a type scale; None:
        #: sizes in proportion to the body text's (STYLES)
        self.sizes = sizes
        self.body = (sizes or {}).get("para") or body or body_size(scale)
        self.four_colour = bool(ctx.settings.four_colour)
        self.thai = language() == "th"  # its lines are as tall as Thai letters need
        self.lines: list[Line] = []
        self.actions: list[Action] = []
        self._cache: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._cache_bytes = 0
        #: Words cut because they were wider than a line (a Thai phrase with no space in it): 0 on
        #: every page the game ships, at every size (tests check), since a cut can fall inside a word
        self.cuts = 0
        self._layout(blocks, label, button_height)

    # -- layout ------------------------------------------------------------------------------------
    def _layout(self, blocks, label, button_height: int) -> None:
        body = self.body
        y = 0
        previous = None
        row: list[Block] = []
        for i, block in enumerate(blocks):
            if block.kind in ACTION_KINDS:  # buttons in a row, while the next block is one too
                row.append(block)
                if i + 1 < len(blocks) and blocks[i + 1].kind in ACTION_KINDS:
                    continue
                above = body // 4 if previous not in (None, "heading") else 0
                y = self._buttons(row, y + above, label, button_height) + int(body * 0.7)
                row, previous = [], "action"
            else:
                y = self._text_block(block, y, previous)
                previous = block.kind
        self.height = max(1, y)

    def _text_block(self, block: Block, y: int, previous: str | None) -> int:
        """Lay out a block of text from page row y; returns where the next block starts."""
        body = self.body
        factor, colour, bold, before, after = STYLES.get(block.kind, STYLES["para"])
        size = self.size_of(block.kind)
        y += int(body * before) if previous is not None else 0
        if block.kind == "bullet" and previous == "bullet":
            y -= int(body * 0.35)  # the items of a list sit closer together
        indent = int(body * 1.3) if block.kind == "bullet" else 0
        runs = spans(block.text)
        if bold:
            runs = [("bold" if k == "text" else k, t) for k, t in runs]
        for j, atoms in enumerate(self._wrap(runs, size, self.width - indent - 2)):  # 2 px: kerning
            height = self._line_height(atoms, size)
            x = (self.width - _extent(atoms)) // 2 if block.kind == "centre" else indent
            if block.kind == "bullet" and j == 0:
                atoms = [Atom("text", "•", 0, -indent + int(body * 0.35))] + atoms
            self.lines.append(Line(y, height, size, colour, atoms, x))
            y += height
        return y + int(body * after)

    def _buttons(self, row: list[Block], y: int, label, height: int) -> int:
        """Lay out consecutive buttons: side by side while they fit, else one under the other."""
        x = 0
        gap = max(8, self.body // 2)
        size = self.sizes["label"] if self.sizes else max(12, int(height * 0.48))
        font = get_font(size, True)
        for block in row:
            text, style = label(block)
            width = min(self.width, font.size(text)[0] + 2 * max(8, height // 3) + height // 2)
            if x and x + width > self.width:
                x, y = 0, y + height + gap
            button: Button = (
                ScaledButton((0, 0, width, height), text, self.ctx.text, style=style, size=size)
                if self.sizes
                else Button((0, 0, width, height), text, self.ctx.text, style=style)
            )
            bounds = button.bounds
            button.rect = pygame.Rect(-bounds.x, -bounds.y, width, height)
            self.actions.append(Action(block.kind, block.text, text, pygame.Rect(x, y, width, height), button))
            x += width + gap
        return y + height

    def size_of(self, kind: str) -> int:
        """The text size of a block kind: the type scale's, or in proportion to the body text's."""
        if self.sizes:
            return self.sizes.get(kind, self.sizes["para"])
        return int(self.body * STYLES.get(kind, STYLES["para"])[0])

    def _font(self, atom_kind: str, size: int):
        return get_font(size, atom_kind == "bold")

    def _wrap(self, runs: list[tuple[str, str]], size: int, width: int) -> list[list[Atom]]:
        """Break runs into lines no wider than `width`."""
        lines = self._fill(self._words(runs, size), size, width)
        return [line for line in self._settle(lines, size, width) if line] or [[]]

    def _words(self, runs: list[tuple[str, str]], size: int) -> list[list[Atom]]:
        """The runs as words: atoms with no break between them (a word may be empty)."""
        words: list[list[Atom]] = [[]]
        for kind, text in runs:
            if kind == "card":
                words[-1].append(Atom("card", text, self._chip_size(text, size)[0]))
                continue
            segments = text.split(ZWSP)  # a zero-width space: a break with nothing to show
            for n, segment in enumerate(segments):
                for piece in _WORD.findall(segment):
                    words[-1].append(Atom(kind, piece, self._font(kind, size).size(piece)[0]))
                    if piece[-1:].isspace():
                        words.append([])
                if n < len(segments) - 1 and words[-1]:
                    words.append([])
        return words

    def _fill(self, words: list[list[Atom]], size: int, width: int) -> list[list[list[Atom]]]:
        """The words in lines, as many on each as fit in `width` by their measures (a trailing
        space may hang over); a word longer than a line is cut where a line may break."""
        lines: list[list[list[Atom]]] = [[]]
        used = 0
        for word in (w for w in words if w):
            w = sum(a.width for a in word)
            trail = _trailing_space(word, self._font, size)
            if used and used + w - trail > width:
                lines.append([])
                used = 0
            if w - trail > width:
                for piece in self._cut(word, size, width - used):
                    pw = sum(a.width for a in piece)
                    if used and used + pw > width:
                        lines.append([])
                        used = 0
                    lines[-1].append(piece)
                    used += pw
                continue
            lines[-1].append(word)
            used += w
        return lines

    def _settle(self, lines: list[list[list[Atom]]], size: int, width: int) -> list[list[Atom]]:
        """Each line set as drawn. Measured whole, a line may come out wider than its words
        measured apart (Thai shaping): then its last word starts the next line."""
        out = []
        i = 0
        while i < len(lines):
            atoms = self._set(lines[i], size)
            while len(lines[i]) > 1 and _extent(atoms) > width:
                if i + 1 == len(lines):
                    lines.append([])
                lines[i + 1].insert(0, lines[i].pop())
                atoms = self._set(lines[i], size)
            out.append(atoms)
            i += 1
        return out

    def _set(self, words: list[list[Atom]], size: int) -> list[Atom]:
        """A line's words as the pieces it is drawn in (a style's run of text, a card), each measured
        as a whole (kerning, Thai shaping) and placed; the trailing space goes."""
        merged: list[Atom] = []
        for a in (a for word in words for a in word):
            if merged and merged[-1].kind == a.kind != "card":
                merged[-1].text += a.text
            else:
                merged.append(Atom(a.kind, a.text))
        if merged and merged[-1].kind != "card":
            merged[-1].text = merged[-1].text.rstrip()
        x = 0
        for a in merged:
            a.width = self._chip_size(a.text, size)[0] if a.kind == "card" else self._font(a.kind, size).size(a.text)[0]
            a.x = x
            x += a.width
        return merged

    def _cut(self, word: list[Atom], size: int, first_room: int) -> list[list[Atom]]:
        """A word too long for a line, in pieces that fit (the first into `first_room`)."""
        self.cuts += 1
        pieces: list[list[Atom]] = [[]]
        room = first_room if first_room > size * 3 else self.width
        used = 0
        for atom in word:
            chars = [atom.text] if atom.kind == "card" else _clusters(atom.text)
            for ch in chars:
                cw = self._chip_size(ch, size)[0] if atom.kind == "card" else self._font(atom.kind, size).size(ch)[0]
                if used and used + cw > room:
                    pieces.append([])
                    used, room = 0, self.width
                pieces[-1].append(Atom(atom.kind, ch, cw))
                used += cw
        return pieces

    def _line_height(self, atoms: list[Atom], size: int) -> int:
        """Every line of a size is one height, whatever glyphs it holds: the height of the language's
        letters (Thai reaches further below the line than Latin and Greek) and a little leading. A
        symbol (▶ ☞ ✓) comes from a font that reaches deeper still; it adds no height to its line."""
        return _letters_box(size, self.thai)[0] + max(2, size // 6)

    def _baseline(self, line: Line) -> int:
        """Where a line's words stand, from its top: the language's letters centred in the line."""
        height, ascent = _letters_box(line.size, self.thai)
        return (line.height - height) // 2 + ascent

    def _chip_size(self, text: str, size: int) -> tuple[int, int]:
        font = get_font(int(size * 0.92), True)
        w, _h = font.size(text)
        return w + max(6, size // 3) + max(2, size // 8), int(size * 1.2)

    # -- drawing -----------------------------------------------------------------------------------
    def line_surface(self, index: int) -> pygame.Surface:
        """Line `index` drawn (cached while it is near the viewport)."""
        surf = self._cache.get(index)
        if surf is not None:
            self._cache.move_to_end(index)
            return surf
        line = self.lines[index]
        width = max(1, max((a.x + a.width for a in line.atoms), default=1) - min((a.x for a in line.atoms), default=0))
        left = min((a.x for a in line.atoms), default=0)
        surf = pygame.Surface((width, line.height), pygame.SRCALPHA)
        baseline = self._baseline(line)
        for a in line.atoms:
            x = a.x - left
            if a.kind == "card":
                chip = self._chip(a.text, line.size)
                surf.blit(chip, (x + max(1, line.size // 16), (line.height - chip.get_height()) // 2))
            else:
                font = self._font(a.kind, line.size)
                img = font.render(a.text, True, line.colour)
                surf.blit(img, (x, baseline - _image_baseline(font, a.text)))
        self._cache[index] = surf
        self._cache_bytes += surf.get_width() * surf.get_height() * 4
        while len(self._cache) > 1 and self._cache_bytes > LINE_CACHE_BYTES:
            _k, old = self._cache.popitem(last=False)
            self._cache_bytes -= old.get_width() * old.get_height() * 4
        return surf

    def line_left(self, index: int) -> int:
        line = self.lines[index]
        return line.x + min((a.x for a in line.atoms), default=0)

    def _chip(self, text: str, size: int) -> pygame.Surface:
        """A card named in the text: a small card face, its suit in the deck's colours."""
        w, h = self._chip_size(text, size)
        w -= max(2, size // 8)
        chip = theme.rounded_rect((w, h), CHIP, max(3, size // 5), border=1, border_colour=(150, 150, 156))
        font = get_font(int(size * 0.92), True)
        rank, suit = text[:-1], text[-1]
        ink = (self.four_colour and FOUR_COLOUR_INK.get(suit)) or SUIT_INK.get(suit, INK)
        r = font.render(rank, True, INK)
        s = font.render(suit, True, ink)
        x = (w - r.get_width() - s.get_width()) // 2
        chip.blit(r, (x, (h - r.get_height()) // 2))
        chip.blit(s, (x + r.get_width(), (h - s.get_height()) // 2))
        return chip

    def visible_lines(self, top: int, bottom: int) -> list[int]:
        """The lines that overlap page rows top..bottom."""
        return [i for i, line in enumerate(self.lines) if line.y < bottom and line.y + line.height > top]

    def forget_far(self, top: int, bottom: int) -> None:
        """Drop rendered lines more than a screen away (a long page never holds all its lines)."""
        span = bottom - top
        for i in [i for i in self._cache if not top - span < self.lines[i].y < bottom + span]:
            old = self._cache.pop(i)
            self._cache_bytes -= old.get_width() * old.get_height() * 4

    def action_surface(self, action: Action) -> pygame.Surface:
        b = action.button
        if action.surface is None or b.dirty:
            bounds = b.bounds
            action.surface = pygame.Surface((bounds.right, bounds.bottom), pygame.SRCALPHA)
            b.draw(action.surface)
        return action.surface


#: Letters that reach as high and as low as a language's letters do: Latin and Greek, or Thai.
LETTERS = {False: "ÁgΨ", True: "ญู่ป้"}


def _letters_box(size: int, thai: bool) -> tuple[int, int]:
    """(height, baseline from the top) of a line of the language's letters at `size`."""
    font = get_font(size)
    sample = LETTERS[thai]
    return font.size(sample)[1], _image_baseline(font, sample)


def _image_baseline(font: FallbackFont, text: str) -> int:
    """Where the baseline is in `font.render(text)`'s image, from its top: the runs of each family
    stand on one baseline, below the highest ascent and the room a deeper font needs above it
    (FallbackFont.render lays them out so)."""
    parts = font.runs(text)
    if not parts:
        return int(font.get_ascent())
    deepest = max(-f.get_descent() for f, _ in parts)
    pad = max(0, deepest + font.get_descent())
    return int(max(f.get_ascent() for f, _ in parts)) + pad


def _extent(atoms: list[Atom]) -> int:
    return max((a.x + a.width for a in atoms), default=0)


def _trailing_space(word: list[Atom], font_for, size: int) -> int:
    last = word[-1]
    if last.kind == "card" or not last.text[-1:].isspace():
        return 0
    stripped = last.text.rstrip()
    return last.width - font_for(last.kind, size).size(stripped)[0] if stripped else last.width


def _clusters(text: str) -> list[str]:
    """Text in pieces a line may break between: never before a combining mark or a Thai following
    vowel, never after a Thai leading vowel."""
    out: list[str] = []
    for ch in text:
        glue = out and (
            unicodedata.category(ch).startswith("M")
            or ch in _THAI_NO_BREAK_BEFORE
            or out[-1][-1] in _THAI_NO_BREAK_AFTER
        )
        if glue:
            out[-1] += ch
        else:
            out.append(ch)
    return out
