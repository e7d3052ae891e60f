"""Eight Off's cards are the largest that keep a 19-card column whole on
screen, fanned no tighter than MIN_FAN, under the band, with the piles across the window; at least
as large as before (when the layout kept room for 8 cards at the full fan), and larger at 1920x1080
with 4 cells, where the board used to leave its lower third empty."""

from __future__ import annotations

import pygame
import pytest

from game.view.eightoff_layout import LONGEST, MIN_FAN, EightOffLayout
from game.view.layout import hud_height

SIZES = [(800, 480), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]
#: The card widths of the layout that kept room for 8 cards at the full fan (the same for 8, 4 and 2
#: cells: the height decided them).
BEFORE = {(800, 480): 71, (1024, 600): 90, (1280, 720): 108, (1366, 768): 115, (1920, 1080): 162, (3840, 2160): 325}


@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize("size", SIZES)
def test_a_long_column_stays_whole_under_the_band_with_the_largest_cards(size, cells):
    lay = EightOffLayout(size, cells)
    screen = pygame.Rect(0, hud_height(size), *size).clip(pygame.Rect((0, 0), size))
    last = lay.card_rect(7, LONGEST - 1, LONGEST)
    assert screen.contains(last)  # the 19th card wholly on screen, below the band
    assert lay.step(LONGEST) >= MIN_FAN * lay.card_h  # and each card's strip still shows its corner
    piles = [*lay.cells, *lay.foundations, *lay.columns]
    assert all(screen.contains(r) for r in piles)
    assert lay.card_w >= BEFORE[size]
    assert lay.fits_card(lay.card_w) and not lay.fits_card(lay.card_w + 1)  # the largest that fits


@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize("size", SIZES)
def test_one_card_width_more_breaks_a_constraint(size, cells):
    """`fits_card` is what decides; here each constraint is checked on its own at width + 1."""
    lay = EightOffLayout(size, cells)
    w = lay.card_w + 1
    h, gap, m = round(w * 1.4), max(3, int(w * 0.14)), lay.m
    across = 8 * w + 7 * gap + 2 * m
    if lay.side:
        across += int(w * 0.35) + w
    elif cells + 4 > 8:
        across = max(across, (cells + 4) * w + (cells + 2) * gap + int(w * 0.35) + 2 * m)
    col_y = hud_height(size) + m + h + int(h * 0.2)
    room = lay.column_bottom - col_y
    down = h + (LONGEST - 1) * int(MIN_FAN * h + 0.999) > room
    stack = lay.side and (lay.area.bottom - m - (hud_height(size) + m) - h) // 3 < h
    assert across > size[0] or down or stack


def test_the_cards_grow_at_1920x1080_with_4_cells():
    lay = EightOffLayout((1920, 1080), 4)
    assert lay.card_w >= BEFORE[(1920, 1080)] * 1.08
    six = lay.card_rect(0, 5, 6)  # a dealt column reaches further down the screen than before
    assert six.bottom > 1080 * 0.6


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_demos_message_slides_off_long_columns_that_reach_the_bottom(make_app, size):
    """Messages go under the longest column, or at the bottom once it reaches there; "Demo: tap to
    play" stays up the whole demo, and at 800x480 it hid the foot of a long column."""
    from conftest import run_frames, settle

    from game.model.cards import FULL_DECK
    from game.model.eightoff import EightOffGame
    from game.scenes.tables import open_table

    cards = [str(c) for c in FULL_DECK]
    columns = [[], [], cards[:17], cards[17:34], cards[34:51], [], [], cards[51:]]  # long ones mid-table
    app = make_app(size=size)
    scene = open_table(app.ctx, EightOffGame.from_layout(columns, [None] * 8))
    app.replace(scene)
    settle(app)
    w, h = scene.layout.card_w, scene.layout.card_h
    placed = [pygame.Rect(round(t.pos[0]), round(t.pos[1]), w, h) for t in scene.targets().values()]
    default = scene.message_rect()
    assert any(default.colliderect(r) for r in placed)  # where messages go: over the long columns
    scene.show_message("Demo: tap to play")
    toast = scene.toast.rect
    assert toast.collidelist(placed) == -1 and app.screen.get_rect().contains(toast)
    assert toast.centery == default.centery - scene.finisher.toast_lift()  # slid along its row only
    run_frames(app, 30)
    scene.show_message("Demo: tap to play")  # again, where it is up: it stays up, no fade in anew
    assert scene.toast.rect == toast and scene.toast.alpha == 255


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_a_slid_message_keeps_off_the_foundations_outlines_too(make_app, lang):
    """A message slid off the columns does not land on the empty foundations at the side (the Thai
    "Winnable deal" at 800x480): what is printed on the felt counts as covered too, after the cards."""
    from conftest import settle

    from game import i18n
    from game.model.eightoff import EightOffGame
    from game.scenes.tables import open_table
    from game.settings import Settings

    app = make_app(size=(800, 480), settings=Settings(language=lang, fullscreen=False))
    i18n.set_language(lang)
    try:
        scene = open_table(app.ctx, EightOffGame.from_code("EO1-C8-AAAACEH"))
        app.replace(scene)
        settle(app)
        scene.show_message("Winnable deal")
        toast = scene.toast.rect
        w, h = scene.layout.card_w, scene.layout.card_h
        placed = [pygame.Rect(round(t.pos[0]), round(t.pos[1]), w, h) for t in scene.targets().values()]
        assert all(toast.clip(r).height <= 4 for r in placed), toast  # a card's foot at most, its edge
        assert toast.collidelist(scene.layout.foundations) == -1, (toast, scene.layout.foundations)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_long_message_that_would_cover_cards_on_two_lines_takes_one(make_app, size):
    """A message on two lines at the foot of long columns that would lie over their last cards and an
    empty foundation (the Greek "double-click or drag" hint) takes one smaller line, clear of them."""
    from conftest import settle

    from game import i18n
    from game.model.eightoff import EightOffGame
    from game.scenes.eightoff_table import MESSAGES
    from game.scenes.tables import open_table
    from game.settings import Settings

    app = make_app(size=size, settings=Settings(language="el", fullscreen=False))
    i18n.set_language("el")
    try:
        scene = open_table(app.ctx, EightOffGame.from_code("EO1-C8-AAAAAYW"))
        app.replace(scene)
        settle(app)
        scene.show_message(MESSAGES["click-hint"])
        w, h = scene.layout.card_w, scene.layout.card_h
        placed = [pygame.Rect(round(t.pos[0]), round(t.pos[1]), w, h) for t in scene.targets().values()]
        toast = scene.toast.rect
        assert toast.collidelist(placed) == -1 and toast.collidelist(scene.layout.foundations) == -1, toast
        assert app.screen.get_rect().contains(toast)
    finally:
        i18n.set_language("en")
