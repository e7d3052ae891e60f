"""The large-index deck (Appearance's "Large index" faces): `sprites/large/`, drawn for low vision and
for small screens.

In a fanned column only a strip across the top of each covered card shows: FAN of a card's height
in Golf, EIGHTOFF_FAN in Eight Off (game/view/golf_layout.py, eightoff_layout.py). This deck puts
nothing in that strip but the rank and the suit, each as tall as the strip holds: a heavy rank at
the left, a big suit at the right, and nothing of the centre reaching in. The same index turned 180
degrees sits at the bottom, and the centre holds one large suit (a pip card, an Ace) or the court
figure's upper half (a Jack, Queen, King), so an uncovered card reads as large as a covered one.

Drawn with tools/sprites.py's primitives (its card blank, pips, supersampling and rank glyphs) by
``python -m tools.sprites``, which writes every sprite. The jokers have no large design: the loader
shows the standard two (they carry a large star where the index is).
"""

from __future__ import annotations

import pygame

from .sprites import RANKS, SS, Color, W, blank, draw_pip, finish, rank_image

FOLDER = "large"  # under sprites/, with a "4c" folder of its own for the four-colour deck
#: The index's ink, in master pixels: from INK_TOP to INK_BOTTOM, inside the tightest strip a
#: column shows (Eight Off's fan, 0.27 of the card: 94 px) with a margin for the scaling's blur.
INK_TOP, INK_BOTTOM = 6.0, 88.0
INDEX_LEFT = 11.0  # the rank's left edge
RANK_WIDTH = 124.0  # the widest rank ("10"), condensed to it
SUIT_RIGHT = 239.0  # the suit's right edge
#: How much heavier than the font the rank is drawn (master pixels added round each stroke).
WEIGHT = 2.5
CENTRE_TOP, CENTRE_BOTTOM = 114.0, 236.0  # the centre's room, clear of the strip Golf shows (0.30: 105)
CENTRE_PIP = 118.0
#: The court figure's head and shoulders, on the standard card (within court_cards.FRAME)
COURT_BOX = pygame.Rect(79, 20, W - 2 * 79, 104)


def heavy(img: pygame.Surface, weight: float) -> pygame.Surface:
    """`img` (ink on transparent ground) with each stroke `weight` master pixels thicker all round:
    the image stamped at every offset within that radius."""
    r = max(1, round(weight * SS))
    out = pygame.Surface((img.get_width() + 2 * r, img.get_height() + 2 * r), pygame.SRCALPHA)
    for dx in range(-r, r + 1, max(1, r // 3)):
        for dy in range(-r, r + 1, max(1, r // 3)):
            if dx * dx + dy * dy <= r * r:
                out.blit(img, (r + dx, r + dy))
    return out


def big_rank(rank: str, colour: Color) -> pygame.Surface:
    """The rank's glyph, heavy, with its ink exactly the index's height (supersampled)."""
    height = INK_BOTTOM - INK_TOP
    img = heavy(rank_image(rank, colour, height, RANK_WIDTH * 2), WEIGHT)
    h = round(height * SS)
    w = min(round(RANK_WIDTH * SS), round(img.get_width() * h / img.get_height()))
    return pygame.transform.smoothscale(img, (w, h))


def draw_large_index(surf: pygame.Surface, rank: str, suit: str, colour: Color) -> None:
    """The rank at the top left and the suit at the top right, both the index's height, and the two
    turned 180 degrees at the bottom right."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    glyph = big_rank(rank, colour)
    layer.blit(glyph, (round(INDEX_LEFT * SS), round(INK_TOP * SS)))
    size = INK_BOTTOM - INK_TOP
    draw_pip(layer, suit, (SUIT_RIGHT - size * 0.56, INK_TOP + size / 2), size, colour)
    surf.blit(layer, (0, 0))
    surf.blit(pygame.transform.flip(layer, True, True), (0, 0))


def draw_centre(surf: pygame.Surface, rank: str, suit: str, colour: Color) -> None:
    """A court card's figure (the upper half of the standard card's, scaled to the room), or one
    large suit."""
    middle = (W / 2, (CENTRE_TOP + CENTRE_BOTTOM) / 2)
    if rank in "JQK":
        from .sprites import face as standard_face  # the standard card's figure, drawn at master size

        figure = standard_face(rank + suit, {suit: colour}).subsurface(COURT_BOX)
        room = CENTRE_BOTTOM - CENTRE_TOP
        scale = room / COURT_BOX.height
        size = (round(COURT_BOX.width * scale * SS), round(room * SS))
        picture = pygame.transform.smoothscale(figure, size)
        box = picture.get_rect(center=(round(middle[0] * SS), round(middle[1] * SS)))
        surf.blit(picture, box)
        pygame.draw.rect(surf, colour, box.inflate(SS, SS), width=round(2.5 * SS), border_radius=round(5 * SS))
        return
    draw_pip(surf, suit, middle, CENTRE_PIP, colour)


def large_face(code: str, palette: dict[str, Color]) -> pygame.Surface:
    """One large-index card face at the master size."""
    rank, suit = code[0], code[1]
    colour = palette[suit]
    surf = blank()
    draw_large_index(surf, rank, suit, colour)
    draw_centre(surf, rank, suit, colour)
    return finish(surf)


def codes() -> list[str]:
    """The cards this deck draws: the 52 (no jokers)."""
    return [r + s for s in "SHDC" for r in RANKS]
