"""A golf scorecard drawn on a surface: holes 1–9 and the total across, the rows Hole, Par, Score and
To par down, on cream card with a green header, the way a club's card looks.

A score under par is circled (twice for two or more under), one over par is boxed (twice for two
or more over), as golfers mark their cards. The hole being played (or just ended) is tinted.
"""

from __future__ import annotations

import pygame

from ..i18n import tr
from ..model.course import HOLES, PAR, PAR_PER_HOLE, par_text
from ..ui import theme
from ..ui.text import TextCache

PAPER = (250, 246, 232)
HEADER = (22, 84, 46)
RULE = (150, 160, 140)
INK = (28, 36, 30)
INK_RED = (168, 40, 32)  # under par, as cards print it
CURRENT = (244, 226, 160)
#: Width of each column, in hole columns: the row labels, nine holes, the total.
LABEL_COLUMNS, TOTAL_COLUMNS = 2.2, 1.4


def shown(text: str) -> str:
    """A score as the screen draws it: the fonts have no minus sign (U+2212), so an en dash."""
    return text.replace("\u2212", "\u2013")


def strokes(n: int) -> str:
    """A hole's or a round's strokes as drawn: a negative one with the same dash as "to par"
    (str() would give a hyphen, unlike the en dash of "to par" on the same card)."""
    return shown(f"\u2212{-n}") if n < 0 else str(n)


def column_rects(rect: pygame.Rect) -> list[pygame.Rect]:
    """The label column, the nine hole columns and the total column, left to right."""
    unit = rect.width / (LABEL_COLUMNS + HOLES + TOTAL_COLUMNS)
    edges = [rect.x, rect.x + unit * LABEL_COLUMNS]
    edges += [edges[1] + unit * (i + 1) for i in range(HOLES)]
    edges.append(rect.right)
    return [pygame.Rect(round(a), rect.y, round(b) - round(a), rect.height) for a, b in zip(edges, edges[1:])]


def paint_card(
    surface: pygame.Surface, rect: pygame.Rect, text: TextCache, card: list[int | None], current: int | None
) -> None:
    """The scorecard in `rect`: `card` holds each hole's score (None: not played yet); `current` is
    the number of the hole to tint (None: none)."""
    radius = max(4, rect.height // 14)
    surface.blit(theme.rounded_rect(rect.size, PAPER, radius), rect)
    rows = 4
    row_h = rect.height / rows
    cols = column_rects(rect)
    header = pygame.Rect(rect.x, rect.y, rect.width, round(row_h))
    surface.blit(theme.rounded_rect(header.size, HEADER, radius), header)
    surface.fill(HEADER, (header.x, header.centery, header.width, header.bottom - header.centery))  # square below
    if current is not None:
        col = cols[current]
        surface.fill(CURRENT, (col.x, header.bottom, col.width, rect.bottom - header.bottom))
    size = max(12, int(row_h * 0.5))
    played = [s for s in card if s is not None]
    running: list[str] = []
    total = 0
    for i, score in enumerate(card):
        if score is None:
            running.append("")
            continue
        total += score
        running.append(shown(par_text(total - PAR_PER_HOLE * (i + 1))))
    labels = [tr("Hole"), tr("Par"), tr("Score"), tr("To par")]
    totals = [
        tr("Total"),
        str(PAR),
        strokes(sum(played)) if played else "",
        shown(par_text(sum(played) - PAR_PER_HOLE * len(played))) if played else "",
    ]
    for r in range(rows):
        y = rect.y + row_h * r
        cy = round(y + row_h / 2)
        if r:
            pygame.draw.line(surface, RULE, (rect.x + 2, round(y)), (rect.right - 3, round(y)))
        ink = theme.TEXT if r == 0 else INK
        label = text.fit(labels[r], cols[0].width - size // 2, size, ink, bold=True)
        surface.blit(label, label.get_rect(midleft=(cols[0].x + size // 3, cy)))
        cells = (
            [str(i + 1) for i in range(HOLES)]
            if r == 0
            else [str(PAR_PER_HOLE)] * HOLES
            if r == 1
            else ["" if s is None else strokes(s) for s in card]
            if r == 2
            else running
        )
        for i, value in enumerate(cells):
            col = cols[i + 1]
            score = card[i]
            if r == 2 and score is not None:
                _mark(surface, (col.centerx, cy), int(min(col.width, row_h) * 0.45), score - PAR_PER_HOLE)
            under = value.startswith("\u2013") if r == 3 else r == 2 and (score or 0) < PAR_PER_HOLE
            colour = INK_RED if under and value else ink
            if value:
                img = text.fit(value, col.width - 4, size, colour, bold=r != 1)
                surface.blit(img, img.get_rect(center=(col.centerx, cy)))
        total_col = cols[-1]
        if totals[r]:
            colour = INK_RED if totals[r].startswith("\u2013") else ink
            img = text.fit(totals[r], total_col.width - 6, size, colour, bold=True)
            surface.blit(img, img.get_rect(center=(total_col.centerx, cy)))
    for col in cols[1:]:  # (inner columns only: the rounded corners stay clear)
        pygame.draw.line(surface, RULE, (col.x, header.bottom), (col.x, rect.bottom - 1))
    pygame.draw.line(surface, HEADER, (cols[-1].x, rect.y), (cols[-1].x, rect.bottom - 1), 2)


def _mark(surface: pygame.Surface, centre: tuple[int, int], r: int, against: int) -> None:
    """A circle under par (two for two or more under), a square over par (two for two or more)."""
    if against == 0:
        return
    width = max(1, r // 9)
    rings = [r] if abs(against) == 1 else [r, r - width - max(2, r // 8)]
    for ring in rings:
        if against < 0:
            pygame.draw.aacircle(surface, INK_RED, centre, ring, width)
        else:
            box = pygame.Rect(0, 0, ring * 2, ring * 2)
            box.center = centre
            pygame.draw.rect(surface, INK, box, width)
