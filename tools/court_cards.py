"""The court figures of the Jacks, Queens and Kings, drawn like a printed double-headed pack.

Each figure is drawn once as the upper half (head, headdress, hair, collar, a patterned robe and
the rank's traditional attribute), clipped to a frame between the corner indices, and then turned
180 degrees for the lower half, with a dividing line between.  All twelve designs differ in
attribute, robe pattern, colours and the hand that holds the attribute (`DESIGNS`).  The suit's ink
(which the four-colour deck changes) draws the frame, the divider and the pip beside the figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import pygame

from .sprites import GOLD, Color, H, Point, S, W, draw_pip

RED: Color = (196, 32, 42)
BLUE: Color = (34, 72, 170)
YELLOW: Color = (240, 190, 52)
BLACK: Color = (34, 34, 40)
SKIN: Color = (248, 218, 186)
WHITE: Color = (252, 250, 244)
STEEL: Color = (206, 212, 222)
WOOD: Color = (128, 84, 44)
LEAF: Color = (46, 140, 62)
LINE: Color = (30, 26, 30)  # the outline round every shape, as on a printed court card

HAIR_GREY: Color = (176, 172, 168)
HAIR_BROWN: Color = (112, 66, 34)
HAIR_BLOND: Color = (226, 182, 88)
HAIR_AUBURN: Color = (168, 72, 32)
HAIR_BLACK: Color = (44, 36, 34)

#: The frame the figure lives in: between the corner indices, symmetric about the card's centre.
FRAME = pygame.Rect(77, 18, W - 2 * 77, H - 2 * 18)
CX, MID = W / 2, H / 2
PIP_SIZE = 21


class Design(NamedTuple):
    """One court card: robe and front-panel colours, hair, what the figure holds, the robe's pattern
    and the side (-1 the viewer's left, 1 the right) of the hand that holds it."""

    robe: Color
    panel: Color
    hair: Color
    attribute: str
    pattern: str
    side: int


DESIGNS: dict[str, Design] = {
    "KS": Design(BLUE, RED, HAIR_GREY, "sword", "stripes", 1),
    "KH": Design(RED, YELLOW, HAIR_BROWN, "sword_behind", "diamonds", -1),
    "KD": Design(YELLOW, BLUE, HAIR_AUBURN, "axe", "checks", 1),
    "KC": Design(BLACK, RED, WHITE, "orb_sceptre", "dots", -1),
    "QS": Design(BLACK, BLUE, HAIR_BLOND, "sceptre", "diamonds", 1),
    "QH": Design(RED, BLUE, HAIR_AUBURN, "rose", "dots", -1),
    "QD": Design(BLUE, YELLOW, HAIR_BLACK, "tulip", "stripes", 1),
    "QC": Design(YELLOW, RED, HAIR_BROWN, "daisy", "checks", -1),
    "JS": Design(BLUE, YELLOW, HAIR_BROWN, "halberd", "checks", 1),
    "JH": Design(RED, BLACK, HAIR_BLOND, "leaf", "stripes", -1),
    "JD": Design(YELLOW, RED, HAIR_BLACK, "torch", "dots", 1),
    "JC": Design(BLACK, YELLOW, HAIR_AUBURN, "pike", "diamonds", -1),
}


def _pts(points: Sequence[Point]) -> list[tuple[int, int]]:
    return [(S(x), S(y)) for x, y in points]


def poly(surf: pygame.Surface, color: Color, points: Sequence[Point], outline: float = 1.0) -> None:
    """A filled polygon (master coordinates) with a dark outline."""
    pts = _pts(points)
    pygame.draw.polygon(surf, color, pts)
    if outline:
        pygame.draw.polygon(surf, LINE, pts, width=S(outline))


def oval(surf: pygame.Surface, color: Color, centre: Point, rx: float, ry: float, outline: float = 1.0) -> None:
    rect = pygame.Rect(S(centre[0] - rx), S(centre[1] - ry), S(2 * rx), S(2 * ry))
    pygame.draw.ellipse(surf, color, rect)
    if outline:
        pygame.draw.ellipse(surf, LINE, rect, width=S(outline))


def bar(surf: pygame.Surface, color: Color, a: Point, b: Point, width: float, outline: float = 0.8) -> None:
    """A straight rod of `width` from a to b (a shaft, a blade, a stem)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    poly(
        surf,
        color,
        [(a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), (b[0] - ox, b[1] - oy), (a[0] - ox, a[1] - oy)],
        outline,
    )


def shade(color: Color, k: float) -> Color:
    """`color` darkened (k < 1) or lightened towards white (k > 1)."""
    if k <= 1:
        return (round(color[0] * k), round(color[1] * k), round(color[2] * k))
    t = min(1.0, k - 1)
    return (
        round(color[0] + (255 - color[0]) * t),
        round(color[1] + (255 - color[1]) * t),
        round(color[2] + (255 - color[2]) * t),
    )


# ---------------------------------------------------------------- robe patterns


def _pattern(kind: str, size: tuple[int, int], color: Color) -> pygame.Surface:
    """A robe pattern in `color` on a transparent surface of `size` (supersampled pixels)."""
    pat = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    if kind == "stripes":
        for x in range(S(3), w, S(9)):
            pygame.draw.rect(pat, color, (x, 0, S(3), h))
    elif kind == "checks":
        step = S(8)
        for i, x in enumerate(range(0, w, step)):
            for j, y in enumerate(range(0, h, step)):
                if (i + j) % 2:
                    pygame.draw.rect(pat, color, (x, y, step, step))
    elif kind == "diamonds":
        step = S(10)
        for x in range(-h, w + h, step):
            pygame.draw.line(pat, color, (x, 0), (x + h, h), S(1.4))
            pygame.draw.line(pat, color, (x, 0), (x - h, h), S(1.4))
    else:  # dots
        step = S(9)
        for j, y in enumerate(range(S(4), h, step)):
            for x in range(S(4) + (step // 2 if j % 2 else 0), w, step):
                pygame.draw.circle(pat, color, (x, y), S(2))
    return pat


def _patterned(surf: pygame.Surface, points: Sequence[Point], base: Color, kind: str, ink: Color) -> None:
    """Fill a polygon with `base` and the pattern `kind` in `ink`, clipped to the polygon."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (255, 255, 255, 255), _pts(points))
    pat = _pattern(kind, surf.get_size(), ink)
    bg = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    bg.fill((*base, 255))
    bg.blit(pat, (0, 0))
    bg.blit(layer, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(bg, (0, 0))
    pygame.draw.polygon(surf, LINE, _pts(points), width=S(1))


def _trim_for(robe: Color) -> Color:
    """The pattern colour that shows on a robe: gold on dark robes, dark red on the yellow one."""
    return (170, 40, 36) if robe == YELLOW else GOLD


# ---------------------------------------------------------------- the figure, upper half


def _robe(surf: pygame.Surface, d: Design) -> None:
    body = [
        (CX - 22, 100),
        (CX - 44, 114),
        (CX - 50, 132),
        (CX - 50, 180),
        (CX + 50, 180),
        (CX + 50, 132),
        (CX + 44, 114),
        (CX + 22, 100),
    ]
    _patterned(surf, body, d.robe, d.pattern, _trim_for(d.robe))
    panel = [(CX - 11, 102), (CX + 11, 102), (CX + 15, 180), (CX - 15, 180)]
    poly(surf, d.panel, panel)
    for y in range(120, 176, 13):  # jewels down the panel
        oval(surf, GOLD, (CX, y), 2.6, 2.6, 0.6)


def _collar(surf: pygame.Surface, rank: str, d: Design) -> None:
    if rank == "Q":  # a lace ruff and a necklace
        for i in range(-5, 6):
            oval(surf, WHITE, (CX + i * 5.4, 103 + abs(i) * 0.8), 4.4, 5.2, 0.6)
        pts = [
            (CX + 19 * math.sin(a / 10 * math.pi - math.pi / 2), 109 + 9 * math.cos(a / 10 * math.pi - math.pi / 2))
            for a in range(11)
        ]
        for p in pts[1:-1]:
            oval(surf, GOLD if p[0] != CX else RED, p, 1.9, 1.9, 0.4)
    elif rank == "K":  # an ermine collar: white with black tails
        poly(surf, WHITE, [(CX - 32, 100), (CX + 32, 100), (CX + 28, 111), (CX - 28, 111)])
        for x in (-21, -9, 3, 15):
            poly(surf, LINE, [(CX + x, 103), (CX + x + 3.4, 103), (CX + x + 1.7, 109)], 0)
    else:  # a plain white turned-down collar
        poly(surf, WHITE, [(CX - 26, 99), (CX, 111), (CX + 26, 99), (CX + 22, 108), (CX, 118), (CX - 22, 108)])


def _head(surf: pygame.Surface, rank: str, d: Design) -> None:
    hy = DRAWN_HEAD_Y
    if rank == "Q":  # long hair behind, down to the shoulders
        poly(surf, d.hair, [(CX - 17, 56), (CX - 21, 96), (CX - 8, 92), (CX + 8, 92), (CX + 21, 96), (CX + 17, 56)])
    bar(surf, SKIN, (CX, 78), (CX, 94), 12, 0.8)  # neck
    oval(surf, SKIN, (CX, hy), 13.5, 16.5)
    # eyes, brows, nose and mouth
    for s in (-1, 1):
        oval(surf, WHITE, (CX + s * 5.5, hy - 3), 2.6, 1.7, 0.4)
        oval(surf, (40, 60, 110), (CX + s * 5.5, hy - 3), 1.2, 1.4, 0)
        pygame.draw.arc(surf, LINE, pygame.Rect(S(CX + s * 5.5 - 3.5), S(hy - 8.5), S(7), S(4)), 0.3, 2.8, S(0.9))
    pygame.draw.lines(surf, LINE, False, _pts([(CX, hy - 2), (CX - 1.6, hy + 4), (CX + 0.6, hy + 4.6)]), S(0.8))
    oval(surf, (236, 170, 160), (CX - 8, hy + 4), 2.6, 1.8, 0)  # cheeks
    oval(surf, (236, 170, 160), (CX + 8, hy + 4), 2.6, 1.8, 0)
    if rank == "K":  # moustache and a forked beard
        poly(
            surf,
            d.hair,
            [
                (CX - 12, hy + 5),
                (CX - 13, hy + 14),
                (CX - 5, hy + 24),
                (CX, hy + 20),
                (CX + 5, hy + 24),
                (CX + 13, hy + 14),
                (CX + 12, hy + 5),
                (CX + 5, hy + 10),
                (CX, hy + 8),
                (CX - 5, hy + 10),
            ],
            0.7,
        )
        poly(surf, d.hair, [(CX - 9, hy + 8), (CX, hy + 5.5), (CX + 9, hy + 8), (CX, hy + 9.5)], 0.5)
        oval(surf, (180, 40, 40), (CX, hy + 11), 2.6, 1.2, 0)
    else:
        oval(surf, (196, 52, 56), (CX, hy + 9), 3.2, 1.5, 0)
    if rank == "J":  # short curls at the sides
        for s in (-1, 1):
            for y in (58, 66, 74):
                oval(surf, d.hair, (CX + s * 14, y), 4.2, 4.6, 0.6)
    elif rank == "Q":  # hair parted over the brow
        poly(
            surf,
            d.hair,
            [
                (CX - 14, hy - 2),
                (CX - 12, hy - 14),
                (CX, hy - 17),
                (CX + 12, hy - 14),
                (CX + 14, hy - 2),
                (CX + 8, hy - 11),
                (CX, hy - 12),
                (CX - 8, hy - 11),
            ],
            0.6,
        )
    else:
        for s in (-1, 1):
            poly(
                surf,
                d.hair,
                [(CX + s * 13, hy - 8), (CX + s * 17, hy + 2), (CX + s * 14, hy + 8), (CX + s * 12, hy)],
                0.6,
            )


def _headdress(surf: pygame.Surface, rank: str, d: Design) -> None:
    base = 52.0
    if rank == "K":  # a tall crown over a cap of the panel's colour, a cross on top
        oval(surf, d.panel, (CX, base - 9), 14, 10)
        poly(
            surf,
            GOLD,
            [
                (CX - 17, base),
                (CX - 19, base - 20),
                (CX - 10, base - 12),
                (CX, base - 25),
                (CX + 10, base - 12),
                (CX + 19, base - 20),
                (CX + 17, base),
            ],
        )
        bar(surf, GOLD, (CX, base - 23), (CX, base - 31), 3)
        bar(surf, GOLD, (CX - 4.5, base - 28), (CX + 4.5, base - 28), 3)
        for x, y in ((-19, -21), (19, -21)):
            oval(surf, GOLD, (CX + x, base + y), 2.5, 2.5, 0.6)
        poly(surf, GOLD, [(CX - 18, base + 1), (CX + 18, base + 1), (CX + 18, base - 6), (CX - 18, base - 6)], 0.8)
        for x, col in ((-10, RED), (0, BLUE), (10, RED)):
            oval(surf, col, (CX + x, base - 2.5), 2.3, 2.3, 0.5)
    elif rank == "Q":  # a smaller crown of five points with pearls, a veil behind
        poly(surf, d.panel, [(CX - 15, base - 4), (CX - 24, base + 24), (CX - 16, base + 22), (CX - 12, base + 2)])
        poly(surf, d.panel, [(CX + 15, base - 4), (CX + 24, base + 24), (CX + 16, base + 22), (CX + 12, base + 2)])
        pts = [(CX - 15, base)]
        for i in range(5):
            px = -15 + i * 7.5
            pts += [(CX + px, base - 8), (CX + px + 3.75, base - 16 + abs(i - 2) * 1.5)]
        pts += [(CX + 15, base - 8), (CX + 15, base)]
        poly(surf, GOLD, pts)
        for i in range(5):
            oval(surf, WHITE, (CX - 11.25 + i * 7.5, base - 17 + abs(i - 2) * 1.5), 1.9, 1.9, 0.5)
        oval(surf, RED, (CX, base - 4), 2.2, 2.2, 0.5)
    else:  # a soft cap of the robe's colour, a turned-up brim and a long feather
        s = d.side
        poly(
            surf,
            shade(d.robe, 0.9),
            [(CX - 18, base), (CX - 14, base - 14), (CX + 2, base - 20), (CX + 16, base - 14), (CX + 19, base)],
        )
        poly(surf, GOLD, [(CX - 20, base + 2), (CX + 20, base + 2), (CX + 18, base - 5), (CX - 18, base - 5)], 0.8)
        feather = [(CX - s * 12, base - 6)]
        feather += [(CX - s * (14 + 12 * t), base - 8 - 22 * t + 8 * t * t) for t in (0.25, 0.5, 0.75, 1.0)]
        feather += [(CX - s * (10 + 10 * t), base - 10 - 14 * t) for t in (0.75, 0.5, 0.25)]
        poly(surf, WHITE if d.panel != WHITE else RED, feather, 0.7)


HEAD_SCALE = 1.12
HEAD_AREA = pygame.Rect(round(CX) - 31, 20, 62, 80)  # where _head and _headdress draw (unscaled)
DRAWN_HEAD_Y = 66.0  # the head's centre as _head draws it
HEAD_Y = 72.0  # where the enlarged head's centre goes


def _portrait(surf: pygame.Surface, rank: str, d: Design) -> None:
    """Head, hair and headdress, drawn at the unscaled size and enlarged by HEAD_SCALE: the face is
    what tells the cards apart at a glance, so it gets the room."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    _head(layer, rank, d)
    _headdress(layer, rank, d)
    area = pygame.Rect(S(HEAD_AREA.x), S(HEAD_AREA.y), S(HEAD_AREA.w), S(HEAD_AREA.h))
    big = pygame.transform.smoothscale(layer.subsurface(area), (round(area.w * HEAD_SCALE), round(area.h * HEAD_SCALE)))
    top = HEAD_Y - (DRAWN_HEAD_Y - HEAD_AREA.y) * HEAD_SCALE
    surf.blit(big, (S(CX) - big.get_width() // 2, S(top)))


def _hand(surf: pygame.Surface, d: Design, hand: Point, robe_side: int) -> None:
    """A sleeve from the shoulder on `robe_side` to `hand`, with a gold cuff and the hand."""
    sx, sy = CX + robe_side * 42, 114.0
    wx, wy = hand[0], hand[1] + 5
    dx, dy = wx - sx, wy - sy
    n = math.hypot(dx, dy)
    ox, oy = -dy / n, dx / n
    sleeve = [
        (sx + ox * 10, sy + oy * 10),
        (wx + ox * 7, wy + oy * 7),
        (wx - ox * 7, wy - oy * 7),
        (sx - ox * 10, sy - oy * 10),
    ]
    poly(surf, shade(d.panel, 0.88), sleeve)
    bar(surf, GOLD, (wx - dx / n * 2, wy - dy / n * 2), (wx + dx / n * 1.5, wy + dy / n * 1.5), 14.5, 0.6)
    oval(surf, SKIN, hand, 5.4, 5, 0.8)


# ---------------------------------------------------------------- attributes


def _sword(surf: pygame.Surface, grip: Point, tip: Point) -> None:
    dx, dy = tip[0] - grip[0], tip[1] - grip[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    guard = (grip[0] + ux * 7, grip[1] + uy * 7)
    bar(surf, STEEL, guard, tip, 6.5)
    poly(
        surf,
        STEEL,
        [
            (tip[0] - uy * 3.25, tip[1] + ux * 3.25),
            (tip[0] + ux * 6, tip[1] + uy * 6),
            (tip[0] + uy * 3.25, tip[1] - ux * 3.25),
        ],
        0.8,
    )
    bar(surf, shade(STEEL, 0.75), guard, tip, 1.2, 0)
    bar(surf, GOLD, (guard[0] - uy * 10, guard[1] + ux * 10), (guard[0] + uy * 10, guard[1] - ux * 10), 3.4)
    bar(surf, WOOD, (grip[0] - ux * 8, grip[1] - uy * 8), guard, 3.4)
    oval(surf, GOLD, (grip[0] - ux * 9, grip[1] - uy * 9), 2.8, 2.8, 0.6)


#: The drawing pass of the attributes that are not simply held in front: a long shaft stands behind
#: the figure, the raised sword passes over the shoulder and behind the head.
PASS = {"halberd": "behind", "pike": "behind", "sword_behind": "middle"}


def _attribute(surf: pygame.Surface, d: Design, hand: Point, stage: str) -> None:
    """Draw the attribute held in `hand` if it belongs to this `stage` of the drawing."""
    hx, hy = hand
    s, a = d.side, d.attribute
    if PASS.get(a, "front") != stage:
        return
    if a == "sword":
        _sword(surf, hand, (hx + s * 4, 26))
    elif a == "sword_behind":  # raised across, behind the head
        _sword(surf, hand, (CX - s * 38, 30))
    elif a == "axe":
        bar(surf, WOOD, (hx, hy + 14), (hx, 34), 3.6)
        poly(
            surf,
            STEEL,
            [
                (hx, 36),
                (hx + s * 8, 32),
                (hx + s * 16, 26),
                (hx + s * 18, 40),
                (hx + s * 16, 54),
                (hx + s * 8, 48),
                (hx, 46),
            ],
        )
        oval(surf, GOLD, (hx, 33), 2.6, 2.6, 0.6)
    elif a == "orb_sceptre":
        bar(surf, GOLD, (hx, hy + 12), (hx, 44), 3.2)
        oval(surf, BLUE, (hx, 40), 6, 6)
        bar(surf, GOLD, (hx - 6, 40), (hx + 6, 40), 1.6, 0.4)
        bar(surf, GOLD, (hx, 34), (hx, 26), 2.4, 0.5)
        bar(surf, GOLD, (hx - 3.5, 29), (hx + 3.5, 29), 2.4, 0.5)
    elif a == "sceptre":
        bar(surf, GOLD, (hx, hy + 12), (hx - s * 2, 40), 3.2)
        for ang in (-0.7, 0, 0.7):  # a fleur-de-lis head
            tip = (hx - s * 2 + 9 * math.sin(ang), 40 - 9 * math.cos(ang))
            poly(surf, GOLD, [(hx - s * 2 - 2, 41), tip, (hx - s * 2 + 2, 41)], 0.6)
        oval(surf, RED, (hx - s * 2, 41), 2.4, 2.4, 0.5)
    elif a in ("rose", "tulip", "daisy"):
        head = (hx - s * 3, hy - 46)
        pygame.draw.lines(surf, LEAF, False, _pts([hand, (hx - s * 2, hy - 20), head]), S(2))
        poly(surf, LEAF, [(hx - s * 4, hy - 18), (hx + s * 6, hy - 28), (hx + s * 1, hy - 16)], 0.6)
        if a == "rose":
            for ang in range(0, 360, 72):
                r = math.radians(ang)
                oval(surf, (200, 34, 52), (head[0] + 5 * math.cos(r), head[1] + 5 * math.sin(r)), 5, 5, 0.6)
            oval(surf, (150, 20, 40), head, 3.6, 3.6, 0.6)
        elif a == "tulip":
            x, y = head
            poly(
                surf,
                RED,
                [
                    (x - 8, y - 10),
                    (x - 4, y - 4),
                    (x, y - 12),
                    (x + 4, y - 4),
                    (x + 8, y - 10),
                    (x + 8, y),
                    (x + 4, y + 6),
                    (x - 4, y + 6),
                    (x - 8, y),
                ],
            )
        else:
            for ang in range(0, 360, 40):
                r = math.radians(ang)
                oval(surf, WHITE, (head[0] + 6.5 * math.cos(r), head[1] + 6.5 * math.sin(r)), 3.4, 3.4, 0.5)
            oval(surf, YELLOW, head, 3.8, 3.8, 0.6)
    elif a == "halberd":
        top = (hx + s * 2, 22)
        bar(surf, WOOD, (hx - s * 1, 178), top, 3.6)
        poly(surf, STEEL, [(top[0], 20), (top[0] - 2.5, 30), (top[0] + 2.5, 30)], 0.8)
        poly(surf, STEEL, [(top[0], 32), (top[0] + s * 14, 26), (top[0] + s * 12, 46), (top[0], 42)])
        poly(surf, STEEL, [(top[0], 34), (top[0] - s * 8, 38), (top[0], 40)], 0.7)
    elif a == "leaf":
        base, tip = (hx, hy - 4), (hx + s * 8, hy - 58)
        mid = ((base[0] + tip[0]) / 2, (base[1] + tip[1]) / 2)
        pts = [
            base,
            (mid[0] - 11, mid[1] + 6),
            (mid[0] - 9, mid[1] - 10),
            tip,
            (mid[0] + 9, mid[1] - 10),
            (mid[0] + 11, mid[1] + 6),
        ]
        poly(surf, LEAF, pts)
        pygame.draw.line(surf, shade(LEAF, 0.6), _pts([base])[0], _pts([tip])[0], S(1.2))
    elif a == "torch":
        bar(surf, WOOD, (hx, hy + 12), (hx + s * 3, 46), 4)
        bar(surf, GOLD, (hx + s * 3, 48), (hx + s * 3.4, 42), 7, 0.7)
        x = hx + s * 3.4
        flame = [(x - 6, 42), (x - 7, 32), (x - 2, 35), (x, 22), (x + 3, 33), (x + 7, 30), (x + 6, 42)]
        poly(surf, (240, 110, 30), flame)
        poly(surf, (252, 214, 70), [(x - 3, 42), (x - 3, 35), (x, 30), (x + 3, 36), (x + 3, 42)], 0)
    elif a == "pike":
        top = (hx + s * 3, 24)
        bar(surf, WOOD, (hx - s * 1, 178), top, 3.2)
        poly(surf, STEEL, [(top[0], 16), (top[0] - 3.5, 28), (top[0] + 3.5, 28)], 0.8)
        poly(surf, RED, [(top[0], 30), (top[0] + s * 18, 35), (top[0], 42)], 0.8)


def _figure(surf: pygame.Surface, rank: str, d: Design) -> None:
    """The upper half: everything above the divider, in drawing order (back to front)."""
    hand = (CX + d.side * 25, 132.0)
    _attribute(surf, d, hand, "behind")
    _robe(surf, d)
    _attribute(surf, d, hand, "middle")
    _portrait(surf, rank, d)
    _collar(surf, rank, d)
    _hand(surf, d, (CX - d.side * 21, 152.0), -d.side)  # the other hand rests on the robe
    _attribute(surf, d, hand, "front")
    _hand(surf, d, hand, d.side)


def draw_court(surf: pygame.Surface, rank: str, suit: str, ink: Color) -> None:
    """A double-headed court figure in its frame on the supersampled card `surf`."""
    d = DESIGNS[rank + suit]
    frame = pygame.Rect(S(FRAME.x), S(FRAME.y), S(FRAME.w), S(FRAME.h))
    pygame.draw.rect(surf, (250, 246, 234), frame, border_radius=S(5))
    half = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    half.set_clip(pygame.Rect(frame.x, frame.y, frame.w, S(MID) - frame.y))
    _figure(half, rank, d)
    pip_x = CX - d.side * 35
    draw_pip(half, suit, (pip_x, FRAME.y + 5 + PIP_SIZE / 2), PIP_SIZE, ink)
    surf.blit(half, (0, 0))
    surf.blit(pygame.transform.rotate(half, 180), (0, 0))
    divider = pygame.Rect(frame.x, S(MID) - S(2), frame.w, S(4))
    pygame.draw.rect(surf, GOLD, divider)
    pygame.draw.rect(surf, ink, divider.inflate(0, -S(2.4)))
    pygame.draw.rect(surf, ink, frame, width=S(2.5), border_radius=S(5))
    pygame.draw.rect(surf, GOLD, frame.inflate(-S(6), -S(6)), width=S(1.2), border_radius=S(3))
