"""The large-index deck (sprites/large, tools/large_index.py): in a fanned column, the strip of a
covered card holds its rank and its suit, each nearly as tall as the strip, and nothing else, at
every window size
of both games; the art on disk is what the generator draws; the loader picks the design and falls
back to the standard faces for what the deck lacks."""

from __future__ import annotations

import logging

import pygame
import pytest

from game.view.card_images import FACE_DESIGNS, CardImages, use_design
from game.view.eightoff_layout import EightOffLayout
from game.view.golf_layout import GolfLayout

pytestmark = pytest.mark.usefixtures("small_display")  # images converted need a display mode

CODES = [r + s for s in "SHDC" for r in "A23456789TJQK"]
SIZES = [(800, 480), (1280, 720), (1920, 1080)]
#: Of the strip, how tall the rank and the suit each are at least ("fill the strip"; the standard
#: faces' corner suit is about 0.6 of it).
FILL = 0.7


def strips(size: tuple[int, int]) -> list[tuple[str, int, int]]:
    """(what, card width, strip height) of each fanned column at `size`: Golf's five dealt cards,
    Eight Off's six or seven (the deal) for every number of cells."""
    golf = GolfLayout(size)
    out = [("golf", golf.card_w, golf.step(5))]
    for cells in (8, 4, 2):
        eight = EightOffLayout(size, cells)
        out += [(f"eightoff {cells} cells", eight.card_w, eight.step(n)) for n in (6, 7)]
    return out


def is_ink(pixel: pygame.Color) -> bool:
    """A pixel of the index's ink: black, red, blue or green, not the white face or the grey edge
    (blended edges count from about half way)."""
    r, g, b, a = pixel
    return a > 200 and (r + g + b < 420 or max(r, g, b) - min(r, g, b) > 90)


def first_run(image: pygame.Surface, x0: int, x1: int, top: int) -> range:
    """The rows, from `top` down, of the first unbroken run of rows with ink between columns x0
    and x1."""
    rows = [y for y in range(top, image.get_height() // 2) if any(is_ink(image.get_at((x, y))) for x in range(x0, x1))]
    assert rows, "no ink"
    end = rows[0]
    while end + 1 in rows:
        end += 1
    return range(rows[0], end + 1)


def index_runs(image: pygame.Surface) -> tuple[range, range]:
    """The rows of the rank (the card's left half) and of the suit (its right half) at the top."""
    w = image.get_width()
    edge = max(2, w // 25)  # (the grey border)
    return first_run(image, edge, w // 2, edge), first_run(image, w // 2 + w // 20, w - edge, edge)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_covered_cards_strip_holds_its_rank_and_suit_filling_it(size):
    images = CardImages()
    images.design = "large"
    for what, width, step in strips(size):
        for code in CODES:
            face = images.get(code, width)
            runs = index_runs(face)
            for part, run in zip(("rank", "suit"), runs):
                assert run.stop <= step, (what, code, part, run, step)  # all of it shows
                assert len(run) >= FILL * step, (what, code, part, len(run), step)  # and fills the strip
            edge = max(2, width // 25)
            below = range(max(r.stop for r in runs), step)  # the rest of the strip: nothing of the centre
            assert not any(is_ink(face.get_at((x, y))) for y in below for x in range(edge, width - edge)), (what, code)


def test_the_standard_faces_do_not_fill_the_strip():
    """(What the large deck is for: the test above tells the two apart.)"""
    images = CardImages()
    _what, width, step = strips((800, 480))[1]
    suit = index_runs(images.get("7C", width))[1]
    assert len(suit) < FILL * step


def test_the_committed_large_faces_match_the_generator():
    from tools import large_index, sprites

    cases = (("TH", sprites.STANDARD, ""), ("KS", sprites.STANDARD, ""), ("5D", sprites.FOUR_COLOUR, "4c"))
    for code, palette, folder in cases:
        made = large_index.large_face(code, palette)
        path = sprites.OUT_DIR / large_index.FOLDER / folder / f"{code}.png"
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(pygame.image.load(str(path)), "RGBA")


def test_the_design_picks_the_pictures_and_falls_back_to_the_standard_ones(caplog):
    images = CardImages()
    standard = pygame.image.tobytes(images.get("9D", 90), "RGBA")
    standard_four = pygame.image.tobytes(images.get("9D", 90, four_colour=True), "RGBA")
    joker = pygame.image.tobytes(images.get("X1", 90), "RGBA")
    images.design = "large"
    with caplog.at_level(logging.WARNING):
        large = pygame.image.tobytes(images.get("9D", 90), "RGBA")
        large_four = pygame.image.tobytes(images.get("9D", 90, four_colour=True), "RGBA")
        assert pygame.image.tobytes(images.get("X1", 90), "RGBA") == joker  # no large joker: the standard one
    assert "unusable" not in caplog.text
    assert len({standard, standard_four, large, large_four}) == 4
    images.design = "tartan"  # unknown: the standard faces
    assert images.design == FACE_DESIGNS[0]
    assert pygame.image.tobytes(images.get("9D", 90), "RGBA") == standard


def test_a_change_of_design_drops_the_faces_kept_but_not_the_backs():
    images = CardImages()
    face, back = images.face("AS", 80), images.back_face(80)
    images.design = "large"
    assert images.back_face(80) is back
    assert images.face("AS", 80) is not face
    use_design(images, "standard")
    assert images.design == "standard"
    use_design(object(), "large")  # (a stand-in for the images: left alone)
