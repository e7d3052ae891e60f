"""The generated card art: court figures, the pip layout's clearance of the corner indices, and the
card backs."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.view.card_images import BACK_STYLES, CardImages  # noqa: E402
from tools import card_backs as backs  # noqa: E402
from tools import court_cards as court  # noqa: E402
from tools import sprites as gen  # noqa: E402

SPRITES = Path(__file__).resolve().parents[2] / "sprites"
COURTS = [r + s for r in "JQK" for s in "SHDC"]


pytestmark = pytest.mark.usefixtures("small_display")  # images converted need a display mode


@pytest.fixture(scope="module")
def faces() -> dict[str, pygame.Surface]:
    return {c: gen.face(c, gen.STANDARD) for c in COURTS}


def _differing_pixels(a: pygame.Surface, b: pygame.Surface, threshold: int = 24) -> int:
    """How many pixels of two same-size images differ by more than `threshold` in some channel."""
    a, b = a.convert_alpha(), b.convert_alpha()
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)  # max(a - b, 0) per channel
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # |a - b|
    t = threshold + 1
    same = pygame.mask.from_threshold(diff, (0, 0, 0, 0), (t, t, t, t)).count()
    return a.get_width() * a.get_height() - same


def _frame(img: pygame.Surface) -> pygame.Surface:
    f = court.FRAME
    return img.subsurface(pygame.Rect(f.x, f.y, f.w, f.h))


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def _load(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path))


# ---------------------------------------------------------------- court figures


def test_each_court_figure_is_turned_symmetric_like_a_double_headed_card(faces):
    """The lower half is the upper half turned 180 degrees (and so are the corner indices)."""
    for code in COURTS:
        turned = pygame.transform.rotate(faces[code], 180)
        assert _differing_pixels(faces[code], turned) <= gen.W * gen.H // 1000, code


def test_a_pip_card_is_not_turned_symmetric_so_the_symmetry_test_can_fail():
    img = gen.face("7C", gen.STANDARD)
    assert _differing_pixels(img, pygame.transform.rotate(img, 180)) > 1000


def test_the_twelve_court_figures_are_pairwise_different_pictures(faces):
    """Any two court cards differ in a sizeable part of the figure, not in a few pixels."""
    frames = {c: _frame(faces[c]) for c in COURTS}
    area = court.FRAME.w * court.FRAME.h
    for a, b in combinations(COURTS, 2):
        assert _differing_pixels(frames[a], frames[b]) > area // 20, (a, b)


def test_the_designs_differ_by_more_than_colour():
    """Within a rank every card holds a different attribute and wears a different pattern, and
    within a suit the three robes have three patterns: no card is another recoloured."""
    assert sorted(court.DESIGNS) == sorted(COURTS)
    for rank in "JQK":
        designs = [court.DESIGNS[rank + s] for s in "SHDC"]
        assert len({d.attribute for d in designs}) == 4, rank
        assert len({d.pattern for d in designs}) == 4, rank
    for suit in "SHDC":
        assert len({court.DESIGNS[r + suit].pattern for r in "JQK"}) == 3, suit
    assert len({(d.robe, d.panel, d.hair) for d in court.DESIGNS.values()}) == 12


def test_the_traditional_attributes_by_rank():
    attributes = {r: {court.DESIGNS[r + s].attribute for s in "SHDC"} for r in "JQK"}
    assert attributes["K"] <= {"sword", "sword_behind", "axe", "orb_sceptre"}
    assert attributes["Q"] <= {"sceptre", "rose", "tulip", "daisy"}
    assert attributes["J"] <= {"halberd", "leaf", "torch", "pike"}


def test_the_four_colour_courts_take_the_suit_ink():
    """Diamonds and clubs courts change with the four-colour deck (frame, divider, pip), and keep
    their figure; spades and hearts have one version."""
    for code in ("JD", "QD", "KD", "JC", "QC", "KC"):
        diff = _differing_pixels(gen.face(code, gen.STANDARD), gen.face(code, gen.FOUR_COLOUR))
        assert 500 < diff < gen.W * gen.H // 3, code
        assert (SPRITES / "4c" / f"{code}.png").exists()
    assert not (SPRITES / "4c" / "KS.png").exists()


def test_committed_court_and_back_sprites_match_the_generator():
    for code in ("JS", "KH", "QC"):
        assert _same(gen.face(code, gen.STANDARD), _load(SPRITES / f"{code}.png")), code
    assert _same(gen.face("KD", gen.FOUR_COLOUR), _load(SPRITES / "4c" / "KD.png"))
    for style in BACK_STYLES:
        assert _same(backs.back(style), _load(SPRITES / f"back-{style}.png")), style


# ---------------------------------------------------------------- pip clearance


def _ink_boxes(draw) -> list[pygame.Rect]:
    """The bounding boxes (supersampled pixels) of the separate blobs of ink `draw` puts down."""
    surf = pygame.Surface((gen.S(gen.W), gen.S(gen.H)), pygame.SRCALPHA)
    draw(surf)
    boxes = pygame.mask.from_surface(surf, 1).get_bounding_rects()
    return [r for r in boxes if r.w * r.h > gen.SS * gen.SS]  # not a stray anti-aliasing speck


def _gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The distance between two boxes along the axis that separates them (negative: overlap)."""
    return max(a.x - b.right, b.x - a.right, a.y - b.bottom, b.y - a.bottom)


@pytest.mark.parametrize("suit", "SHDC")
@pytest.mark.parametrize("n", range(2, 11))
def test_centre_pips_keep_clear_of_the_corner_indices(n, suit):
    """No centre pip comes within PIP_CLEARANCE of a corner rank, corner pip or the big corner suit
    (the 7 of clubs' top pips crowded the big suit before), and the pips do not touch each other."""
    rank = gen.RANKS[n - 1]
    index = _ink_boxes(lambda s: gen.draw_index(s, rank, suit, gen.INK))
    pips = _ink_boxes(lambda s: gen.draw_pips(s, n, suit, gen.INK))
    assert len(index) >= 6 and len(pips) == n
    margin = gen.S(gen.PIP_CLEARANCE)
    for pip in pips:
        for glyph in index:
            assert _gap(pip, glyph) >= margin, (pip, glyph)
    for a, b in combinations(pips, 2):
        assert _gap(a, b) > 0, (a, b)


def test_the_clearance_check_sees_a_crowded_layout(monkeypatch):
    """The old columns (98/152, pips 37 high) put a heart within 5 pixels of the big corner suit."""
    monkeypatch.setattr(gen, "COLS", (98.0, 125.0, 152.0))
    monkeypatch.setattr(gen, "PIP", 37)
    index = _ink_boxes(lambda s: gen.draw_index(s, "7", "H", gen.INK))
    pips = _ink_boxes(lambda s: gen.draw_pips(s, 7, "H", gen.INK))
    assert min(_gap(p, g) for p in pips for g in index) < gen.S(gen.PIP_CLEARANCE)


# ---------------------------------------------------------------- backs


def test_there_is_a_back_for_every_style_each_its_own_design():
    assert tuple(backs.SCHEMES) == BACK_STYLES
    images = {s: _load(SPRITES / f"back-{s}.png") for s in BACK_STYLES}
    for a, b in combinations(BACK_STYLES, 2):
        assert _differing_pixels(images[a], images[b]) > gen.W * gen.H // 3, (a, b)
    assert len({backs.SCHEMES[s].fill for s in BACK_STYLES}) == 4
    for img in images.values():  # the same card shape: transparent corners, white rim
        w, h = img.get_size()
        assert (w, h) == (gen.W, gen.H)
        assert img.get_at((0, 0)).a == 0 and img.get_at((w - 1, h - 1)).a == 0
        assert tuple(img.get_at((w // 2, 4)))[:3] == gen.FACE
    assert _same(_load(SPRITES / "back.png"), images["lattice"])  # back.png stays for older loaders


def test_the_loader_shows_each_back_style():
    images = CardImages()
    shown = {s: pygame.image.tobytes(images.back(90, s), "RGBA") for s in BACK_STYLES}
    assert len(set(shown.values())) == len(BACK_STYLES)  # each read from its own file, none a fallback
    assert pygame.image.tobytes(images.back(90, "no-such-style"), "RGBA") == shown["lattice"]
