"""A golf scorecard drawn on a surface: holes 1–9 and the total across, the rows Hole, Par, Score and
To par down, on cream card with a green header, the way a club's card looks.

A score under par is circled (twice for two or more under), one over par is boxed (twice for two
or more over), as golfers mark their cards; a legend under the card says what each mark means. The
hole being played (or just ended) is tinted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..i18n import N_, tr
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
#: The card's marks, as its legend names them: (a hole's score against par, what the mark means).
LEGEND = (
    (-1, N_("Birdie: 1 under par")),
    (-2, N_("Eagle: 2 under or better")),
    (1, N_("Bogey: 1 over par")),
    (2, N_("Double bogey: 2 over or worse")),
    (0, N_("E: even par")),
)


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


@dataclass(frozen=True)
class CardRow:
    """One row of the card as written: its label, the nine holes' cells and the total; which cells
    are inked red (under par), the holes' scores against par to mark (the Score row's), and whether
    the cells are in bold (all but the Par row)."""

    label: str
    cells: list[str]
    total: str
    red: list[bool] = field(default_factory=lambda: [False] * HOLES)
    against: list[int | None] = field(default_factory=lambda: [None] * HOLES)
    bold: bool = True


def card_rows(card: list[int | None]) -> list[CardRow]:
    """The rows Hole, Par, Score and To par of a card holding each hole's score (None: not played)."""
    played = [s for s in card if s is not None]
    against = [None if s is None else s - PAR_PER_HOLE for s in card]
    to_par = running_to_par(card)
    return [
        CardRow(tr("Hole"), [str(i + 1) for i in range(HOLES)], tr("Total")),
        CardRow(tr("Par"), [str(PAR_PER_HOLE)] * HOLES, str(PAR), bold=False),
        CardRow(
            tr("Score"),
            ["" if s is None else strokes(s) for s in card],
            strokes(sum(played)) if played else "",
            red=[a is not None and a < 0 for a in against],
            against=against,
        ),
        CardRow(
            tr("To par"),
            to_par,
            shown(par_text(sum(played) - PAR_PER_HOLE * len(played))) if played else "",
            red=[value.startswith("\u2013") for value in to_par],
        ),
    ]


def running_to_par(card: list[int | None]) -> list[str]:
    """After each hole played, the round so far against par ("" for a hole not played)."""
    running: list[str] = []
    total = 0
    for i, score in enumerate(card):
        if score is None:
            running.append("")
            continue
        total += score
        running.append(shown(par_text(total - PAR_PER_HOLE * (i + 1))))
    return running


def paint_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: TextCache,
    card: list[int | None],
    current: int | None,
    size: int | None = None,
) -> None:
    """The scorecard in `rect`: `card` holds each hole's score (None: not played yet); `current` is
    the number of the hole to tint (None: none); its text in `size` px (None: half a row)."""
    radius = max(4, rect.height // 14)
    surface.blit(theme.rounded_rect(rect.size, PAPER, radius), rect)
    rows = card_rows(card)
    row_h = rect.height / len(rows)
    cols = column_rects(rect)
    header = pygame.Rect(rect.x, rect.y, rect.width, round(row_h))
    surface.blit(theme.rounded_rect(header.size, HEADER, radius), header)
    surface.fill(HEADER, (header.x, header.centery, header.width, header.bottom - header.centery))  # square below
    if current is not None:
        col = cols[current]
        surface.fill(CURRENT, (col.x, header.bottom, col.width, rect.bottom - header.bottom))
    size = size or max(12, int(row_h * 0.5))
    for r, row in enumerate(rows):
        y = rect.y + row_h * r
        if r:
            pygame.draw.line(surface, RULE, (rect.x + 2, round(y)), (rect.right - 3, round(y)))
        ink = theme.TEXT if r == 0 else INK  # (the header's row, on green)
        _paint_row(surface, text, cols, row, round(y + row_h / 2), row_h, size, ink)
    for col in cols[1:]:  # (inner columns only: the rounded corners stay clear)
        pygame.draw.line(surface, RULE, (col.x, header.bottom), (col.x, rect.bottom - 1))
    pygame.draw.line(surface, HEADER, (cols[-1].x, rect.y), (cols[-1].x, rect.bottom - 1), 2)


def _paint_row(
    surface: pygame.Surface,
    text: TextCache,
    cols: list[pygame.Rect],
    row: CardRow,
    cy: int,
    row_h: float,
    size: int,
    ink: tuple[int, int, int],
) -> None:
    """One row across the card, `row_h` high and centred on `cy`: its label, its marked cells and
    its total, in `size` px."""
    label = text.fit(row.label, cols[0].width - size // 2, size, ink, bold=True)
    surface.blit(label, label.get_rect(midleft=(cols[0].x + size // 3, cy)))
    for col, value, red, against in zip(cols[1:], row.cells, row.red, row.against):
        if against is not None:
            _mark(surface, (col.centerx, cy), int(min(col.width, row_h) * 0.45), against)
        if value:
            img = text.fit(value, col.width - 4, size, INK_RED if red else ink, bold=row.bold)
            surface.blit(img, img.get_rect(center=(col.centerx, cy)))
    if row.total:
        total_col = cols[-1]
        colour = INK_RED if row.total.startswith("\u2013") else ink
        img = text.fit(row.total, total_col.width - 6, size, colour, bold=True)
        surface.blit(img, img.get_rect(center=(total_col.centerx, cy)))


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


def _legend_mark(size: int) -> int:
    """The radius of a mark in the legend, for its text's size."""
    return max(5, int(size * 0.62))


def legend_entry_width(text: TextCache, label: str, size: int, against: int = 1) -> int:
    """How wide one entry of the legend is: its mark (if it has one), a gap and its words."""
    mark = 2 * _legend_mark(size) + size // 2 if against else 0
    return mark + text.rendered_size(label, size)[0]


def paint_legend(surface: pygame.Surface, rect: pygame.Rect, text: TextCache, size: int, rows: int) -> None:
    """The legend of the card's marks on a strip of the card's paper: its entries in one row, or
    shared between two (the row form of the class and the language), spread evenly along each."""
    radius = max(4, rect.height // 6)
    surface.blit(theme.rounded_rect(rect.size, PAPER, radius), rect)
    per_row = -(-len(LEGEND) // rows)
    row_h = rect.height / rows
    r = _legend_mark(size)
    for row in range(rows):
        entries = [(against, tr(label)) for against, label in LEGEND[row * per_row : (row + 1) * per_row]]
        widths = [legend_entry_width(text, words, size, against) for against, words in entries]
        spare = max(0.0, (rect.width - sum(widths)) / (len(entries) + 1))
        cy = round(rect.y + row_h * (row + 0.5))
        x = rect.x + spare
        for (against, words), width in zip(entries, widths):
            left = round(x)
            if against:
                _mark(surface, (left + r, cy), r, against)
                left += 2 * r + size // 2
            img = text.render(words, size, INK)
            surface.blit(img, img.get_rect(midleft=(left, cy)))
            x += width + spare
