"""Card images at run time: the PNGs in `sprites/` loaded once, smoothscaled once per width, and
kept as `CardFace`s (the body opaque, the corner rows with alpha: drawing one is mostly a copy).

Create a `CardImages` after the display mode is set (so `convert_alpha` works); call `clear()`
when the window is resized so the scaled copies for the old size are dropped.
"""

from __future__ import annotations

import functools
import logging
from collections import deque
from collections.abc import Iterable
from pathlib import Path

import pygame

from .card_face import CardFace, corner_radius
from .face_cache import FaceCache
from .screen import to_screen_format

__all__ = [
    "BACK_STYLES",
    "CARD_RATIO",
    "FACE_DESIGNS",
    "CardFace",
    "CardImages",
    "card_height",
    "corner_radius",
    "fallback",
    "use_design",
]

log = logging.getLogger(__name__)

CARD_RATIO = 7 / 5  # height / width of every card image
SPRITE_DIR = Path(__file__).resolve().parents[2] / "sprites"
FOUR_COLOUR_DIR = "4c"
#: The card back designs, first the default: `back(width, style)` reads ``sprites/back-<style>.png``;
#: an unknown style draws the default, and a style whose file is missing draws ``back.png``.
BACK_STYLES = ("lattice", "diamonds", "waves", "stars")
#: The designs of the card faces, the default first (settings.FACE_DESIGNS): the standard faces in
#: ``sprites/``, and the large-index deck in ``sprites/large/`` (tools/large_index.py: the rank and
#: suit fill the strip a fanned column shows of a covered card). A card a design has no picture of
#: (the jokers in the large deck) shows its standard face; an unknown design is the standard one.
FACE_DESIGNS = ("standard", "large")
DESIGN_DIRS = {"standard": "", "large": "large"}

_FALLBACK_INK = {"S": (24, 24, 28), "H": (200, 22, 36), "D": (200, 22, 36), "C": (24, 24, 28)}
_SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def use_design(images: object, design: str) -> None:
    """Draw the faces of `images` (the game's CardImages; a stand-in is left alone) in `design`."""
    if isinstance(images, CardImages):
        images.design = design


def card_height(width: int) -> int:
    """The card height that goes with `width`.

    >>> card_height(250), card_height(56)
    (350, 78)
    """
    return round(width * CARD_RATIO)


class CardImages:
    """Loads card sprites lazily and keeps each scaled copy once per width.

    The full-size masters are not kept (18 MiB that a Pi does not need): a new width reads the PNG
    again. Only the most recent width stays cached: Golf and Eight Off have different card sizes, and
    keeping both (18 MiB at 1920x1080) would cost attract mode, which alternates them, more memory
    than its budget; each game's first deal after the other loads its faces again as they first
    show, and repeated resizes never grow memory.
    """

    KEEP_WIDTHS = 1

    def __init__(self, sprite_dir: Path | str = SPRITE_DIR, cache_dir: Path | None = None) -> None:
        self._dir = Path(sprite_dir)
        folders = [self._dir / DESIGN_DIRS[d] for d in FACE_DESIGNS]
        #: the scaled faces kept on disk between runs (face_cache.py), or none
        self._cache = (
            FaceCache(cache_dir, tuple(p for f in folders for p in (f, f / FOUR_COLOUR_DIR)))
            if cache_dir is not None
            else None
        )
        self._design = FACE_DESIGNS[0]  # what face() draws the cards in (the backs are the same in all)
        self._scaled: dict[tuple[str, int, bool], CardFace | pygame.Surface] = {}  # faces; the slot whole
        self._widths: list[int] = []
        self._missing: set[Path] = set()  # pictures found damaged: a stand-in for the run
        self._troubled: set[Path] = set()  # pictures that could not be read now: tried again later
        self._back_codes: dict[str, str] = {}
        self._pending: deque[tuple[str, int, bool]] = deque()  # prefetched, not loaded yet

    # ------------------------------------------------------------ public

    @property
    def design(self) -> str:
        """The faces' design (one of FACE_DESIGNS): face() draws every card in it."""
        return self._design

    @design.setter
    def design(self, design: str) -> None:
        design = design if design in FACE_DESIGNS else FACE_DESIGNS[0]
        if design != self._design:
            self._design = design
            # the faces kept go (they are loaded again in the new design); the backs and the
            # empty pile's outline stay: no design changes them
            self._scaled = {k: v for k, v in self._scaled.items() if _undesigned(k[0])}

    def face(self, card_code: str, width: int, four_colour: bool = False) -> CardFace:
        """The face of `card_code` (e.g. ``"TS"``) scaled to `width` pixels wide in the faces'
        design, kept."""
        width = max(1, int(width))
        key = (card_code, width, four_colour)
        face = self._scaled.get(key)
        if not isinstance(face, CardFace):
            face = self._scaled[key] = CardFace.split(self._scaled_image(card_code, width, four_colour))
        return face

    def back_face(self, width: int, style: str = BACK_STYLES[0]) -> CardFace:
        """The card back of design `style` (one of BACK_STYLES) scaled to `width` pixels wide, kept."""
        return self.face(self._back_code(style), width, False)

    def get(self, card_code: str, width: int, four_colour: bool = False) -> pygame.Surface:
        """`face()` as one surface with alpha, made anew each call (to draw it often, use face())."""
        return self.face(card_code, width, four_colour).image()

    def back(self, width: int, style: str = BACK_STYLES[0]) -> pygame.Surface:
        """`back_face()` as one surface with alpha, made anew each call."""
        return self.back_face(width, style).image()

    def prefetch(
        self, codes: Iterable[str], width: int, four_colour: bool = False, back_style: str | None = None
    ) -> None:
        """The faces (and back) that will show soon at `width`, in the order they will: `load_next`
        loads them one at a time in a frame's spare time, so that the frame that first draws a card
        does not decode its PNG (on a Pi, about a third of a frame a face). Replaces what was asked
        before."""
        width = max(1, int(width))
        wanted = [(code, width, four_colour) for code in codes]
        if back_style is not None:
            wanted.insert(0, (self._back_code(back_style), width, False))
        self._pending = deque(k for k in wanted if k not in self._scaled)

    @property
    def pending(self) -> int:
        """How many prefetched images are still to load (and scaled faces to write to the disk's
        cache)."""
        return len(self._pending) + (self._cache.pending if self._cache is not None else 0)

    def load_next(self) -> bool:
        """Load one prefetched image that is not cached yet, else write one scaled face to the
        disk's cache; False when neither is left. An image for another width than the one in use is
        dropped (a resize came since): loading it would evict the faces on screen."""
        while self._pending:
            key = self._pending.popleft()
            if key in self._scaled or (self._widths and key[1] not in self._widths):
                continue
            self.face(*key)
            return True
        return self._cache is not None and self._cache.write_next()

    def keep_faces(self, codes: set[str], width: int, among: set[str]) -> int:
        """Drop the faces at `width` of the cards `among` (a board's) not named in `codes`: a table
        keeps those it shows and may show next (face_keeping.py); another board's faces (a help
        page's example) are not its to drop. Returns how many went."""
        width = max(1, int(width))
        gone = [
            k
            for k, v in self._scaled.items()
            if k[1] == width and isinstance(v, CardFace) and k[0] in among and k[0] not in codes
        ]
        for k in gone:
            del self._scaled[k]
        return len(gone)

    def slot(self, width: int) -> pygame.Surface:
        """An empty-pile outline (mostly see-through: kept whole)."""
        width = max(1, int(width))
        key = ("slot", width, False)
        img = self._scaled.get(key)
        if not isinstance(img, pygame.Surface):
            img = self._scaled[key] = self._scaled_image("slot", width, False)
        return img

    def clear(self) -> None:
        """Drop the scaled copies (after a window resize)."""
        self._scaled.clear()
        self._widths.clear()
        self._pending.clear()

    # ------------------------------------------------------------ internals

    def _back_code(self, style: str) -> str:
        code = self._back_codes.get(style)
        if code is None:  # looked up once per style: back() is asked for every face-down card drawn
            code = f"back-{style}" if style in BACK_STYLES else f"back-{BACK_STYLES[0]}"
            if not (self._dir / f"{code}.png").exists():
                code = "back"
            self._back_codes[style] = code
        return code

    def _scaled_image(self, code: str, width: int, four_colour: bool) -> pygame.Surface:
        self._use_width(width)
        design = self._design
        path = self._master_path(code, four_colour, design)
        size = (width, card_height(width))
        cache = self._cache
        kept = cache.load(path, size) if cache is not None else None
        if kept is not None:
            return kept
        master = self._load(path, code)
        if master.get_size() == size:
            return master
        scaled = _opaque_inside(pygame.transform.smoothscale(master, size))
        if cache is not None and path not in self._missing and path not in self._troubled:  # (a stand-in: never kept)
            cache.store(path, size, functools.partial(self._kept_image, (code, width, four_colour), design))
        return scaled

    def _kept_image(self, key: tuple[str, int, bool], design: str) -> pygame.Surface | None:
        """A face still kept, whole (for the disk's cache to write); None once it has gone (or
        is kept in another design now)."""
        if design != self._design and not _undesigned(key[0]):
            return None
        held = self._scaled.get(key)
        return held.image() if isinstance(held, CardFace) else held

    def _use_width(self, width: int) -> None:
        if width in self._widths:
            return
        self._widths.append(width)
        while len(self._widths) > self.KEEP_WIDTHS:
            old = self._widths.pop(0)
            self._scaled = {k: v for k, v in self._scaled.items() if k[1] != old}

    def _master_path(self, code: str, four_colour: bool, design: str = FACE_DESIGNS[0]) -> Path:
        """The picture of `code`: the design's own (its four-colour one first, if asked for), else
        the standard design's (its four-colour one first)."""
        folders = [self._dir / DESIGN_DIRS[design]] if DESIGN_DIRS.get(design) else []
        for folder in (*folders, self._dir):
            if four_colour and (folder / FOUR_COLOUR_DIR / f"{code}.png").exists():
                return folder / FOUR_COLOUR_DIR / f"{code}.png"
            if folder != self._dir and (folder / f"{code}.png").exists():
                return folder / f"{code}.png"
        return self._dir / f"{code}.png"

    def _load(self, path: Path, code: str) -> pygame.Surface:
        """The picture, or a plain stand-in for one that is damaged (for the run) or cannot be read
        now (a disk error: read again at the next layout, `clear`, or the next start; the stand-in is
        never kept on disk). Running out of memory is no damage of the file's: MemoryError."""
        try:
            img = pygame.image.load(str(path))
            self._troubled.discard(path)
        except (pygame.error, OSError, ValueError) as exc:
            if "out of memory" in str(exc).lower():
                raise MemoryError(str(exc)) from None
            trouble = isinstance(exc, OSError) and not isinstance(exc, FileNotFoundError)
            if path not in self._missing and path not in self._troubled:  # once, however often it is scaled
                log.warning("card sprite %s unusable (%s); drawing a plain fallback", path, exc)
            (self._troubled if trouble else self._missing).add(path)
            img = fallback(code)
        try:
            return to_screen_format(img, alpha=True)
        except pygame.error:  # no display mode yet: keep the unconverted surface
            return img


def _undesigned(code: str) -> bool:
    """Whether a picture is the same in every face design: a back, the empty pile's outline."""
    return code == "slot" or code.startswith("back")


def _opaque_inside(img: pygame.Surface) -> pygame.Surface:
    """smoothscale leaves a card's inside at alpha 251-253, so a covered card would show through;
    make everything inside the rounded corners fully opaque again."""
    if img.get_flags() & pygame.SRCALPHA:
        w, h = img.get_size()
        r = corner_radius(w)
        for area in (pygame.Rect(r, 1, w - 2 * r, h - 2), pygame.Rect(1, r, w - 2, h - 2 * r)):
            img.fill((0, 0, 0, 8), area, special_flags=pygame.BLEND_RGBA_ADD)
    return img


def fallback(code: str, width: int = 250) -> pygame.Surface:
    """A plain stand-in card: white rounded face with the code as text (or an outline for 'slot')."""
    size = (width, card_height(width))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(2, width // 16)
    if code == "slot":
        pygame.draw.rect(surf, (255, 255, 255, 150), rect, width=max(1, width // 60), border_radius=radius)
        return surf
    if code.startswith("back"):
        pygame.draw.rect(surf, (22, 52, 116), rect, border_radius=radius)
        pygame.draw.rect(surf, (255, 255, 255), rect, width=max(2, width // 25), border_radius=radius)
        return surf
    pygame.draw.rect(surf, (255, 255, 255), rect, border_radius=radius)
    pygame.draw.rect(surf, (150, 150, 156), rect, width=max(1, width // 80), border_radius=radius)
    ink = _FALLBACK_INK.get(code[1:2], (24, 24, 28))
    rank = "10" if code[:1] == "T" else code[:1]
    if not pygame.font.get_init():
        pygame.font.init()
    big, small = pygame.font.Font(None, width // 2), pygame.font.Font(None, width // 6)
    surf.blit(big.render(rank, True, ink), (width // 20, width // 25))
    label = small.render(_SUIT_NAME.get(code[1:2], code), True, ink)
    surf.blit(label, label.get_rect(center=rect.center))
    return surf
