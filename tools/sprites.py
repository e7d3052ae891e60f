"""Draw the card faces, the back and the empty-slot outline into `sprites/` as PNG files.

Run ``python -m tools.sprites`` (headless; no window opens).  Everything is drawn with
pygame primitives at ``SS`` times the master size and smoothscaled down, which gives clean
anti-aliased edges.  Pips are vector shapes, not font glyphs; only the rank letters use
pygame's bundled default font.  The output is deterministic.  The court figures are drawn by
`tools.court_cards`, the card backs (one ``back-<style>.png`` per style) by `tools.card_backs`, the
large-index deck (``large/``) by `tools.large_index`.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Literal

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

W, H = 250, 350  # master size of a card, ratio 5:7
SS = 4  # supersampling factor
RANKS = "A23456789TJQK"
SUITS = "SHDC"
RADIUS = 16  # corner radius in master pixels
OUT_DIR = Path(__file__).resolve().parents[1] / "sprites"

Color = tuple[int, int, int]
Point = tuple[float, float]
INK: Color = (24, 24, 28)
RED: Color = (200, 22, 36)
BLUE: Color = (22, 72, 190)
GREEN: Color = (16, 128, 52)
GOLD: Color = (214, 168, 44)
BORDER: Color = (150, 150, 156)
FACE: Color = (255, 255, 255)
STANDARD = {"S": INK, "H": RED, "D": RED, "C": INK}
FOUR_COLOUR = {"S": INK, "H": RED, "D": BLUE, "C": GREEN}

# Layout in master pixels.
INDEX_X, INDEX_Y = 10, 11  # top-left of the corner rank
INDEX_W, INDEX_H = 58, 78  # rank box (cap height ~23% of the card)
INDEX_PIP = 44  # corner pip height
CORNER_PIP = 58  # the big suit at the top right: readable in a fanned column's strip
PIP = 34  # centre pip height
COLS = (101.0, 125.0, 149.0)  # x of the left, centre and right pip columns
ROW_TOP, ROW_BOTTOM = 59.0, 291.0
#: the least gap (master pixels) between a centre pip's ink and a corner index's: the widest pip (a
#: heart) in the right column stays this far from the big corner suit beside the top row
PIP_CLEARANCE = 8


def S(v: float) -> int:
    """Master pixels to supersampled pixels."""
    return round(v * SS)


# ---------------------------------------------------------------- pip shapes (unit box, height 1)

Poly = tuple[Literal["poly"], list[Point]]
Circle = tuple[Literal["circle"], tuple[Point, float]]  # (centre, radius)
Prim = Poly | Circle


def _heart_points(n: int = 96) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    return _fit(pts, 1.0)


def _fit(pts: Sequence[Point], height: float) -> list[Point]:
    """Scale and centre points so they span `height` vertically around the origin."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    k = height / (max(ys) - min(ys))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [((x - cx) * k, (y - cy) * k) for x, y in pts]


def _quad(a: Point, c: Point, b: Point, n: int = 16) -> list[Point]:
    """Points of a quadratic Bezier from a to b with control c (b excluded)."""
    out = []
    for i in range(n):
        t = i / n
        u = 1 - t
        out.append((u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]))
    return out


def _stem(top: float, bottom: float, half: float) -> list[Point]:
    """A flared stem: narrow at `top`, `half` wide at `bottom`, concave sides."""
    return _quad((0.03, top), (0.05, bottom - 0.02), (half, bottom)) + _quad(
        (-half, bottom), (-0.05, bottom - 0.02), (-0.03, top)
    )


def heart() -> list[Prim]:
    return [("poly", [(x * 0.96, y) for x, y in _heart_points()])]


def spade() -> list[Prim]:
    body = [(x * 0.86, -y * 0.78 - 0.11) for x, y in _heart_points()]
    return [("poly", body), ("poly", _stem(0.05, 0.5, 0.2))]


def diamond() -> list[Prim]:
    t, r, b, left = (0, -0.5), (0.37, 0), (0, 0.5), (-0.37, 0)
    pts = (
        _quad(t, (0.14, -0.2), r)
        + _quad(r, (0.14, 0.2), b)
        + _quad(b, (-0.14, 0.2), left)
        + _quad(left, (-0.14, -0.2), t)
    )
    return [("poly", pts)]


def club() -> list[Prim]:
    r = 0.215
    return [
        ("circle", ((0.0, -0.27), r)),
        ("circle", ((-0.24, 0.09), r)),
        ("circle", ((0.24, 0.09), r)),
        ("circle", ((0.0, 0.02), 0.12)),
        ("poly", _stem(0.0, 0.5, 0.19)),
    ]


SHAPES: dict[str, Callable[[], list[Prim]]] = {"S": spade, "H": heart, "D": diamond, "C": club}


def draw_pip(surf: pygame.Surface, suit: str, centre: Point, height: float, color: Color, flip: bool = False) -> None:
    """Draw a suit pip (master coordinates) of the given height; `flip` turns it upside down."""
    cx, cy = centre
    sy = -1.0 if flip else 1.0
    for prim in SHAPES[suit]():
        if prim[0] == "poly":
            pts = [(S(cx + x * height), S(cy + sy * y * height)) for x, y in prim[1]]
            pygame.draw.polygon(surf, color, pts)
        else:
            (x, y), r = prim[1]
            pygame.draw.circle(surf, color, (S(cx + x * height), S(cy + sy * y * height)), S(r * height))


# ---------------------------------------------------------------- text


def _glyph(font: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """Render `text`, cropped to its ink."""
    img = font.render(text, True, color)
    return img.subsurface(img.get_bounding_rect()).copy()


def rank_image(rank: str, color: Color, height: float, max_width: float) -> pygame.Surface:
    """The rank as a bold image whose ink is `height` tall (supersampled), condensed to fit."""
    font = pygame.font.Font(None, S(height) * 2)
    if rank == "T":
        one, zero = _glyph(font, "1", color), _glyph(font, "0", color)
        gap = zero.get_width() // 12
        img = pygame.Surface((one.get_width() + gap + zero.get_width(), zero.get_height()), pygame.SRCALPHA)
        img.blit(one, (0, (zero.get_height() - one.get_height()) // 2))
        img.blit(zero, (one.get_width() + gap, 0))
    else:
        img = _glyph(font, rank, color)
    h = S(height)
    w = min(S(max_width), round(img.get_width() * h / img.get_height()))
    return pygame.transform.smoothscale(img, (w, h))


# ---------------------------------------------------------------- card parts


def blank(fill: Color = FACE) -> pygame.Surface:
    """A supersampled card: transparent outside the rounded corners, thin grey border."""
    surf = pygame.Surface((S(W), S(H)), pygame.SRCALPHA)
    surf.fill((*BORDER, 0))
    rect = surf.get_rect()
    pygame.draw.rect(surf, BORDER, rect, border_radius=S(RADIUS))
    pygame.draw.rect(surf, fill, rect.inflate(-S(3), -S(3)), border_radius=S(RADIUS) - S(1.5))
    return surf


def draw_index(surf: pygame.Surface, rank: str, suit: str, color: Color) -> None:
    """Corner index (rank over pip) at the top left and a big suit at the top right, both turned
    180 degrees at the bottom: when cards overlap in a column, the strip that shows says rank AND suit
    (Eight Off builds by suit)."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    img = rank_image(rank, color, INDEX_H, INDEX_W)
    cx = INDEX_X + INDEX_W / 2
    layer.blit(img, (S(cx) - img.get_width() // 2, S(INDEX_Y)))
    draw_pip(layer, suit, (cx, INDEX_Y + INDEX_H + 6 + INDEX_PIP / 2), INDEX_PIP, color)
    draw_pip(layer, suit, (W - INDEX_X - 4 - CORNER_PIP / 2, INDEX_Y + 4 + CORNER_PIP / 2), CORNER_PIP, color)
    surf.blit(layer, (0, 0))
    surf.blit(pygame.transform.flip(layer, True, True), (0, 0))


def pip_positions(n: int) -> list[tuple[float, float]]:
    """Traditional layout for 2..10 as (column x, row fraction 0..1 from top to bottom)."""
    left, c, r = COLS
    sides = {
        4: (0, 1),
        5: (0, 1),
        6: (0, 0.5, 1),
        7: (0, 0.5, 1),
        8: (0, 0.5, 1),
        9: (0, 1 / 3, 2 / 3, 1),
        10: (0, 1 / 3, 2 / 3, 1),
    }
    middle = {2: (0, 1), 3: (0, 0.5, 1), 5: (0.5,), 7: (0.25,), 8: (0.25, 0.75), 9: (0.5,), 10: (1 / 6, 5 / 6)}
    out = [(x, f) for f in sides.get(n, ()) for x in (left, r)]
    out += [(c, f) for f in middle.get(n, ())]
    return out


def draw_pips(surf: pygame.Surface, n: int, suit: str, color: Color) -> None:
    for x, f in pip_positions(n):
        y = ROW_TOP + f * (ROW_BOTTOM - ROW_TOP)
        draw_pip(surf, suit, (x, y), PIP, color, flip=f > 0.5)


def face(code: str, palette: dict[str, Color]) -> pygame.Surface:
    """One card face at the master size."""
    rank, suit = code[0], code[1]
    color = palette[suit]
    surf = blank()
    draw_index(surf, rank, suit, color)
    if rank == "A":
        draw_pip(surf, suit, (W / 2, H / 2), 104 if suit in "SC" else 96, color)
    elif rank in "JQK":
        from .court_cards import draw_court  # imports this module: drawn with its primitives

        draw_court(surf, rank, suit, color)
    else:
        draw_pips(surf, RANKS.index(rank) + 1, suit, color)
    return finish(surf)


def finish(surf: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (W, H))


# ---------------------------------------------------------------- jokers

#: The two jokers (Golf's `jokers` rule): X1 red, X2 black, as in a printed pack, both with gold.
JOKER_INK: dict[str, Color] = {"1": RED, "2": INK}


def star(centre: Point, outer: float, inner_share: float = 0.45) -> list[tuple[int, int]]:
    """A five-pointed star (master coordinates, supersampled points), one point up."""
    cx, cy = centre
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else outer * inner_share
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((S(cx + r * math.cos(a)), S(cy + r * math.sin(a))))
    return pts


def _jester_cap(surf: pygame.Surface, cx: float, base: float, color: Color) -> None:
    """A three-pointed jester's cap on a gold band, a bell at each tip: the joker's picture."""

    def p(x: float, y: float) -> tuple[int, int]:
        return S(cx + x), S(base - y)

    tips = [(-62.0, 96.0), (0.0, 124.0), (62.0, 96.0)]
    feet = [(-46.0, -14.0), (-15.0, 15.0), (15.0, 46.0)]
    shade = tuple(round(c * 0.72) for c in color)
    for i, ((tx, ty), (left, right)) in enumerate(zip(tips, feet)):
        bend = 18.0 if tx < 0 else -18.0 if tx > 0 else 0.0
        side_a = _quad((left, 0.0), (left + bend, ty * 0.55), (tx, ty))
        side_b = _quad((tx, ty), (right + bend, ty * 0.55), (right, 0.0))
        pygame.draw.polygon(surf, shade if i == 1 else color, [p(x, y) for x, y in side_a + side_b])
    for tx, ty in tips:
        pygame.draw.circle(surf, GOLD, p(tx, ty + 3), S(9))
        pygame.draw.circle(surf, INK, p(tx, ty + 3), S(9), width=S(1.2))
    band = pygame.Rect(0, 0, S(104), S(18))
    band.midtop = p(0, 2)
    pygame.draw.rect(surf, GOLD, band, border_radius=S(6))
    for x in (-34, 0, 34):
        pygame.draw.circle(surf, color, p(x, -7), S(4))


def joker_face(number: str) -> pygame.Surface:
    """A joker: a star where a card's rank and suit are (so a fanned column's strip says "joker" at
    800x480 as clearly as "7♠"), a jester's cap in the middle and the word JOKER under it."""
    color = JOKER_INK[number]
    surf = blank()
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    cx = INDEX_X + INDEX_W / 2
    pygame.draw.polygon(layer, color, star((cx, INDEX_Y + INDEX_H / 2 + 4), INDEX_H / 2 + 6))
    pygame.draw.polygon(
        layer, GOLD, star((W - INDEX_X - 4 - CORNER_PIP / 2, INDEX_Y + 4 + CORNER_PIP / 2), CORNER_PIP / 2 + 4)
    )
    surf.blit(layer, (0, 0))
    surf.blit(pygame.transform.flip(layer, True, True), (0, 0))
    _jester_cap(surf, W / 2, 190, color)
    word = rank_image("JOKER", color, 30, 150)
    surf.blit(word, word.get_rect(center=(S(W / 2), S(232))))
    return finish(surf)


# ---------------------------------------------------------------- slot


def slot() -> pygame.Surface:
    """An empty-pile outline: translucent white rounded frame on transparent ground."""
    surf = pygame.Surface((S(W), S(H)), pygame.SRCALPHA)
    surf.fill((255, 255, 255, 0))
    rect = surf.get_rect().inflate(-S(4), -S(4))
    pygame.draw.rect(surf, (255, 255, 255, 40), rect, border_radius=S(RADIUS))
    pygame.draw.rect(surf, (255, 255, 255, 150), rect, width=S(4), border_radius=S(RADIUS))
    return finish(surf)


# ---------------------------------------------------------------- icon

ICON = 64  # the window's icon, pixels a side (a window manager scales it to its own sizes)


def icon(ace: pygame.Surface, back: pygame.Surface) -> pygame.Surface:
    """The game's window icon: the Ace of spades fanned over a card back, on transparent ground.
    Set before the window opens (game/app.py), it also spares pygame loading its own icon."""
    big = pygame.Surface((S(ICON * 2), S(ICON * 2)), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    height = big.get_height() * 0.72
    for card, angle, dx in ((back, 14, -0.12), (ace, -10, 0.1)):
        scaled = pygame.transform.smoothscale(card, (round(height * W / H), round(height)))
        turned = pygame.transform.rotozoom(scaled, angle, 1.0)
        big.blit(turned, turned.get_rect(center=(big.get_width() * (0.5 + dx), big.get_height() / 2)))
    return pygame.transform.smoothscale(big, (ICON, ICON))


# ---------------------------------------------------------------- output


def all_codes() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


JOKER_CODES = tuple(f"X{n}" for n in JOKER_INK)  # the model's text form of the jokers


def generate(out_dir: Path = OUT_DIR) -> list[Path]:
    """Write every sprite; returns the paths written."""
    pygame.font.init()
    (out_dir / "4c").mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[Path, Callable[[], pygame.Surface]]] = []
    for code in all_codes():
        jobs.append((out_dir / f"{code}.png", partial(face, code, STANDARD)))
        if code[1] in "DC":
            jobs.append((out_dir / "4c" / f"{code}.png", partial(face, code, FOUR_COLOUR)))
    # a joker has no suit: the four-colour deck shows the same two (the loader falls back to them)
    jobs += [(out_dir / f"{code}.png", partial(joker_face, code[1])) for code in JOKER_CODES]
    from . import card_backs as backs  # imports this module: drawn with its card blank and supersampling

    jobs += [(out_dir / f"back-{style}.png", partial(backs.back, style)) for style in backs.SCHEMES]
    jobs += [(out_dir / "back.png", backs.back), (out_dir / "slot.png", slot)]  # back.png: older loaders
    from . import large_index as large  # imports this module: drawn with its primitives

    (out_dir / large.FOLDER / "4c").mkdir(parents=True, exist_ok=True)
    for code in large.codes():
        jobs.append((out_dir / large.FOLDER / f"{code}.png", partial(large.large_face, code, STANDARD)))
        if code[1] in "DC":
            jobs.append((out_dir / large.FOLDER / "4c" / f"{code}.png", partial(large.large_face, code, FOUR_COLOUR)))
    jobs.append((out_dir / "icon.png", lambda: icon(face("AS", STANDARD), backs.back("lattice"))))
    for path, make in jobs:
        pygame.image.save(make(), str(path))
    return [p for p, _ in jobs]


def main(argv: Iterable[str] = ()) -> int:
    paths = generate()
    print(f"wrote {len(paths)} sprites to {OUT_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
