"""The Eight Off table driven as a player would: posted mouse and touch events at the layout's positions."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, drag, key, run_frames, settle, touch_drag, touch_tap
from helpers.tables import card_point, columns, eo, finger, onto, suit_up_to

from game.model.eightoff import EightOffGame
from game.model.moves import Hit, Pile
from game.scenes.dialog import shows
from game.scenes.eightoff_table import HINT_AFTER
from game.scenes.end_screen import WinPanel
from game.scenes.tables import open_table
from game.ui.gesture import DOUBLE_TIME


def top_rect(scene, column: int) -> pygame.Rect:
    pile = scene.game.columns[column]
    return scene.layout.card_rect(column, len(pile) - 1, len(pile))


def double_click(app, pos):
    click(app, pos)
    click(app, pos)


def at_rest(app, scene) -> bool:
    """Every sprite sits where the layout says (nothing strayed after a refused drop)."""
    settle(app)
    targets = scene.targets()
    return all(
        abs(s.pos[0] - targets[c].pos[0]) < 1 and abs(s.pos[1] - targets[c].pos[1]) < 1
        for c, s in scene.board.sprites.items()
    )


# -- drag and drop ---------------------------------------------------------------------------------
def test_dragging_a_run_moves_it_in_one_move_and_one_undo(table):
    app, scene = table(eo([["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C"]]))
    a, b = onto(scene, "9H", top_rect(scene, 1), down=scene.layout.step(5))
    drag(app, a, b)
    assert columns(scene)[:2] == [["2C"], ["3C", "TH", "9H", "8H", "7H"]]
    assert scene.game.moves == 1
    settle(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert columns(scene)[:2] == [["2C", "9H", "8H", "7H"], ["3C", "TH"]]
    assert at_rest(app, scene)


def test_a_group_too_large_is_refused_with_the_formula_number(table):
    # 7 of 8 cells full, no empty column: (1 + 1) x 2^0 = 2 cards at most
    full = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    cols = [["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C"], ["5C"], ["6C"], ["7C"], ["8C"], ["9C"]]
    app, scene = table(eo(cols, full))
    a, b = onto(scene, "9H", top_rect(scene, 1), down=scene.layout.step(5))
    drag(app, a, b)
    assert columns(scene)[:2] == [["2C", "9H", "8H", "7H"], ["3C", "TH"]]
    assert scene.game.moves == 0
    assert scene.toast.message == "You can move at most 2 cards now"
    assert at_rest(app, scene)


def test_with_no_free_cell_and_no_empty_column_only_one_card_moves(table):
    full = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    cols = [["2C", "9H", "8H"], ["3C", "TH"], ["4C"], ["5C"], ["6C"], ["7C"], ["8C"], ["9C"]]
    app, scene = table(eo(cols, full))
    drag(app, *onto(scene, "9H", top_rect(scene, 1), down=20))
    assert scene.toast.message == "You can move only one card now" and scene.game.moves == 0


def test_a_king_run_into_an_empty_column_does_not_count_that_column(table):
    # RULES.md's example: 2 free cells, one empty column (the destination) -> at most 3 cards
    cells = ["AS", "2S", "3S", "4S", "5S", "6S"]
    cols = [["2C", "KH", "QH", "JH", "TH"], ["3C"], ["4C"], ["5C"], ["6C"], ["7C"], ["8C"]]
    app, scene = table(eo(cols, cells))
    drag(app, *onto(scene, "KH", scene.layout.columns[7]))
    assert scene.toast.message == "You can move at most 3 cards now"
    assert columns(scene)[7] == []


@pytest.mark.parametrize(
    "dst_kind, expected",
    [
        ("other-suit", "It must be the same suit"),
        ("not-lower", "It must be one rank lower"),
        ("empty-column", "Only a King may go into an empty column"),
        ("full-cell", "This cell is taken"),
        ("foundation", "This foundation needs a different card"),
    ],
)
def test_an_illegal_drop_flies_back_and_says_why(table, dst_kind, expected):
    game = eo([["2C", "7H"], ["3C", "8D"], ["4C", "9H"], ["5C"], ["6C"], ["7C"], ["8C"]], ["KS"])
    app, scene = table(game)
    lay = scene.layout
    dst = {
        "other-suit": top_rect(scene, 1),
        "not-lower": top_rect(scene, 2),
        "empty-column": lay.columns[7],
        "full-cell": lay.cells[0],
        "foundation": lay.foundations[1],
    }[dst_kind]
    before = columns(scene)
    drag(app, *onto(scene, "7H", dst, down=8 if dst_kind in ("other-suit", "not-lower") else 0))
    assert columns(scene) == before and scene.game.moves == 0
    assert scene.toast.message == expected
    assert "refuse" in app.ctx.audio.played
    assert at_rest(app, scene)


def test_no_explanation_with_interactive_rules_off(table):
    app, scene = table(eo([["2C", "7H"], ["3C", "8D"]]), interactive_rules=False)
    drag(app, *onto(scene, "7H", top_rect(scene, 1), down=8))
    assert not scene.toast.active and scene.game.moves == 0


def test_legal_destinations_light_up_while_dragging(table):
    game = eo([["2C", "7H"], ["3C", "8H"], ["4C", "8D"], ["5C"], ["6C"], ["7C"], ["8C"]], ["KS"], n=4)
    app, scene = table(game)
    a = card_point(scene, "7H")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    run_frames(app)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 40, a[1] + 40), rel=(40, 40), buttons=(1, 0, 0))
    )
    run_frames(app)
    glowing = {str(c) for c, s in scene.board.sprites.items() if s.glow}
    assert glowing == {"8H"}
    assert sorted(tuple(r) for r, _k in scene.board._marks) == sorted(tuple(r) for r in scene.layout.cells[1:])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(a[0] + 40, a[1] + 40), button=1))
    run_frames(app)
    assert scene.board._marks == []


def test_a_card_can_be_taken_back_from_a_foundation(table):
    game = eo([["2C", "9H"], ["3C"]], foundations=[suit_up_to("S", 5), [], [], []])
    app, scene = table(game)
    score = scene.game.score
    drag(app, *onto(scene, "5S", scene.layout.cells[2]))
    assert str(scene.game.cells[2]) == "5S" and len(scene.game.foundations[0]) == 4
    assert scene.game.score == score


def test_touch_drag_moves_a_card_into_a_cell(table):
    app, scene = table(eo([["2C", "9H"], ["3C"]]))
    a, b = onto(scene, "9H", scene.layout.cells[3])
    touch_drag(app, a, b)
    assert str(scene.game.cells[3]) == "9H"


# -- taps --------------------------------------------------------------------------------------------
def test_a_tap_sends_a_top_card_to_its_foundation(table):
    game = eo([["2C", "5S"], ["3C", "4S"]], foundations=[suit_up_to("S", 3), [], [], []])
    app, scene = table(game)
    click(app, card_point(scene, "4S"))
    assert [str(c) for c in scene.game.foundations[0]][-1] == "4S" and scene.game.score == 10
    settle(app)
    assert columns(scene)[0] == ["2C", "5S"]  # no card ever moves by itself


HINTS = ("Double-tap or drag to move it elsewhere", "Double-click or drag to move it elsewhere")


def test_a_finger_is_told_to_double_tap_and_a_mouse_to_double_click(table):
    """A message about moving a card names the gesture of the pointer in use."""
    app, scene = table(eo([["2C", "9H"], ["3C"]]))
    touch_tap(app, card_point(scene, "9H"))  # a finger hides the arrow
    run_frames(app, int((DOUBLE_TIME + HINT_AFTER) * 60) + 3)
    assert scene.toast.message == "Double-tap or drag to move it elsewhere"


def test_a_tap_on_a_cell_card_sends_it_to_its_foundation(table):
    game = eo([["2C"]], ["AH"])
    app, scene = table(game)
    touch_tap(app, scene.layout.cells[0].center)
    assert [str(c) for c in scene.game.foundations[1]] == ["AH"]


def test_a_tap_that_cannot_go_up_hints_after_the_double_tap_time(table):
    app, scene = table(eo([["2C", "9H"], ["3C"]]))
    click(app, card_point(scene, "9H"))
    assert not scene.toast.active  # a second tap may still come
    run_frames(app, int((DOUBLE_TIME + HINT_AFTER) * 60) + 3)
    assert scene.toast.message == "Double-click or drag to move it elsewhere"  # (said to a mouse)
    assert scene.game.moves == 0


def test_no_hint_with_interactive_rules_off(table):
    app, scene = table(eo([["2C", "9H"], ["3C"]]), interactive_rules=False)
    click(app, card_point(scene, "9H"))
    run_frames(app, 60)
    assert not scene.toast.active and scene.game.moves == 0


def test_a_tap_on_a_covered_card_says_it_is_blocked(table):
    app, scene = table(eo([["2C", "9H"], ["3C"]]))
    click(app, card_point(scene, "2C"))
    assert scene.toast.message == "This card is blocked" and scene.game.moves == 0


def test_double_click_goes_to_the_accepting_column_before_a_cell(table):
    app, scene = table(eo([["2C", "7H"], ["3C", "8H"], ["4C"]]))
    double_click(app, card_point(scene, "7H"))
    assert columns(scene)[1] == ["3C", "8H", "7H"] and scene.game.moves == 1
    run_frames(app, 60)
    assert scene.toast.message not in HINTS


def test_double_click_puts_a_lone_card_in_the_first_free_cell(table):
    app, scene = table(eo([["2C", "7H"], ["3C"]], ["KS"]))
    double_click(app, card_point(scene, "7H"))
    assert str(scene.game.cells[1]) == "7H"


def test_double_tap_sends_a_king_to_an_empty_column_before_a_cell(table):
    app, scene = table(eo([["2C", "KD"], ["3C"]]))
    touch_tap(app, card_point(scene, "KD"))
    touch_tap(app, card_point(scene, "KD"))
    assert columns(scene)[2] == ["KD"] and all(c is None for c in scene.game.cells)


def test_double_click_on_a_run_base_moves_the_whole_run(table):
    app, scene = table(eo([["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C"]]))
    double_click(app, card_point(scene, "9H"))
    assert columns(scene)[:2] == [["2C"], ["3C", "TH", "9H", "8H", "7H"]]
    assert scene.game.moves == 1


def test_a_quick_tap_after_a_tap_that_sent_its_card_up_is_a_tap_on_the_next_card(table):
    # 4S goes up on the first click; the second, within the double-tap time, is a tap on the 5S it
    # uncovered (fast taps are never lost), which goes up too
    game = eo([["2C", "5S", "4S"], ["3C"]], foundations=[suit_up_to("S", 3), [], [], []])
    app, scene = table(game)
    double_click(app, card_point(scene, "4S"))
    assert len(scene.game.foundations[0]) == 5 and columns(scene)[0] == ["2C"]
    assert scene.game.moves == 2


def test_two_slow_taps_are_two_taps(table):
    game = eo([["2C", "5S", "4S"], ["3C"]], foundations=[suit_up_to("S", 3), [], [], []])
    app, scene = table(game)
    point = card_point(scene, "4S")
    click(app, point)
    run_frames(app, int(DOUBLE_TIME * 60) + 5)
    click(app, point)
    assert len(scene.game.foundations[0]) == 5


def test_a_double_tap_with_nowhere_to_go_says_so(table):
    full = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    cols = [["2C", "9H"], ["3C"], ["4C"], ["5C"], ["6C"], ["7C"], ["8C"], ["9C"]]
    app, scene = table(eo(cols, full))
    double_click(app, card_point(scene, "9H"))
    assert scene.game.moves == 0 and scene.toast.message == "This card has nowhere to go"


# -- the deal, the layout, the end -------------------------------------------------------------------
@pytest.mark.parametrize("cells", [8, 4, 2])
def test_the_deal_animates_and_a_tap_skips_it(make_app, cells):
    app = make_app(size=(800, 480))
    game = EightOffGame.from_code(f"EO1-C{cells}-AAAAAAB")
    scene = open_table(app.ctx, game)
    app.replace(scene)
    run_frames(app, 5)
    assert scene.dealing and len(scene.layout.cells) == cells
    order = [str(c) for c in scene.rules.deal_order()]
    if cells == 2:  # the last two leftover cards go onto columns 3 and 4
        assert order[-2:] == [str(game.columns[2][-1]), str(game.columns[3][-1])]
        assert [len(c) for c in game.columns] == [6, 6, 7, 7, 6, 6, 6, 6]
    else:
        assert order[-4:] == [str(c) for c in game.cells[:4]]
    touch_tap(app, (400, 300))
    assert not scene.dealing and scene.game.moves == 0
    assert at_rest(app, scene)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("cells", [8, 2])
def test_a_long_column_squeezes_so_its_top_card_stays_on_screen(table, size, cells):
    run = ["K" + "S"] + [r + "S" for r in "QJT98765432A"]  # 13 cards on 6
    base = ["2H", "3H", "4H", "5H", "6H", "7H"]
    app, scene = table(eo([base + run, ["8H"]], n=cells), size=size)
    rect = top_rect(scene, 0)
    assert len(scene.game.columns[0]) == 19
    assert pygame.Rect((0, 0), size).contains(rect)
    assert scene.hit(rect.center) == Hit(Pile.column(0), 18)
    # every card still shows a strip of itself
    assert scene.layout.step(19) >= 8


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("cells", [8, 4, 2])
def test_no_piles_overlap_and_all_fit(make_app, size, cells):
    app = make_app(size=size)
    scene = open_table(app.ctx, EightOffGame.new(cells=cells, number=7))
    app.replace(scene)
    run_frames(app)
    lay = scene.layout
    slots = [*lay.cells, *lay.foundations, *lay.columns]
    screen = pygame.Rect((0, scene.hud.rect.bottom), (size[0], size[1] - scene.hud.rect.bottom))
    assert all(screen.contains(r) for r in slots)
    for i, r in enumerate(slots):
        assert r.collidelist(slots[i + 1 :]) == -1
    assert lay.card_w >= 60  # big enough to read and to touch at 800x480


def test_winning_shows_the_celebration_and_the_win_is_final(table):
    foundations = [suit_up_to(s, 13) for s in "SHD"] + [suit_up_to("C", 12)]
    app, scene = table(eo([["KC"]], foundations=foundations))
    click(app, card_point(scene, "KC"))
    settle(app, 3)
    assert shows(app.top, WinPanel) and scene.game.status == "won"
    assert scene.game.score == 10
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.status == "won"


def test_hud_undo_button_takes_back_a_group_move(table):
    app, scene = table(eo([["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C"]]))
    double_click(app, card_point(scene, "9H"))
    settle(app)
    undo = scene.hud.button_for(scene.undo)  # a word or an icon, as the band has room
    click(app, undo.rect.center)
    assert columns(scene)[:2] == [["2C", "9H", "8H", "7H"], ["3C", "TH"]]
    assert scene.game.moves == 1  # the move counter never decreases


def test_a_move_is_saved_and_continues_after_a_restart(table, make_app):
    app, scene = table(EightOffGame.from_code("EO1-C8-AAAAAFA"))  # free cells: any top card can move
    top = str(scene.game.columns[0][-1])
    double_click(app, card_point(scene, top))
    assert scene.game.moves == 1
    app.ctx.progress.save.flush()
    saved = make_app().ctx.progress.saved()
    assert saved is not None and saved[0].to_json() == scene.game.to_json()


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_four_colour_deck_is_used_when_chosen(table, four_colour):
    app, scene = table(eo([["2C", "9D"]]), four_colour=four_colour)
    rect = scene.board.sprite_rect(next(s for c, s in scene.board.sprites.items() if str(c) == "9D"))
    corner = pygame.display.get_surface().subsurface(
        rect.right - rect.width // 3, rect.top, rect.width // 3, rect.height // 4
    )
    inks = [corner.get_at((x, y)) for x in range(corner.get_width()) for y in range(corner.get_height())]
    blue = sum(1 for c in inks if c.b > 120 and c.r < 80)
    red = sum(1 for c in inks if c.r > 150 and c.g < 80 and c.b < 80)
    assert (blue > 20 and red == 0) if four_colour else (red > 20 and blue == 0)


def test_a_drop_ignores_a_pile_the_card_barely_touches(table):
    # dropped squarely on the taken cell 1, grazing the free cell 2: it flies back and says why
    app, scene = table(eo([["2C", "5D"], ["3C"]], ["KS"]))
    cell1, cell2 = scene.layout.cells[0], scene.layout.cells[1]
    graze = cell2.left - cell1.left - scene.layout.card_w + 6  # 6 px into cell 2
    drag(app, *onto(scene, "5D", cell1.move(graze, 0)))
    assert scene.game.cells[1] is None and str(scene.game.columns[1][-1]) == "3C" and scene.game.moves == 0
    assert scene.toast.message == "This cell is taken"


def test_a_card_dragged_under_the_top_band_leaves_its_buttons_as_they_were(table):
    full = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]  # nowhere to go up there: it flies back
    app, scene = table(eo([["2C", "5D"], ["3C"]], full))
    app.ctx.settings.show_timer = False  # (the timer's second changes the band by itself)
    scene.resize(app.size)
    settle(app)
    surface = pygame.display.get_surface()
    band = scene.hud.rect
    before = surface.subsurface(band).copy()
    a = card_point(scene, "5D")
    for y in (band.bottom + 30, band.centery, band.bottom + 40, band.centery + 5):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        run_frames(app)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0], y), rel=(0, y - a[1]), buttons=(1, 0, 0)))
        run_frames(app)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(a[0], y), button=1))
        settle(app)
    assert scene.game.moves == 0
    after = surface.subsurface(band)
    diff = sum(
        1
        for x in range(0, band.width, 3)
        for y in range(0, band.height, 3)
        if before.get_at((x, y)) != after.get_at((x, y))
    )
    assert diff == 0


def test_the_menu_follows_the_game_being_played(table):
    # started without the menu (--code, Continue): the menu's New deal must deal this game and option
    app, scene = table(EightOffGame.from_code("EO1-C2-AAAAAFA"))
    s = app.ctx.settings
    assert (s.last_game, s.eightoff_cells) == ("eightoff", 2)


# -- taps across a change, neighbouring piles, two fingers, the message's pixels ---------------------
def test_a_tap_then_undo_then_a_tap_is_not_a_double_tap(table):
    app, scene = table(eo([["2C", "9H"], ["3C"], ["4C", "KD"]]))
    double_click(app, card_point(scene, "KD"))  # the King goes to an empty column
    settle(app)
    point = card_point(scene, "KD")
    click(app, point)  # a single tap: it cannot go up
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the King goes back
    click(app, point)  # the same spot, now empty, within the double-tap time
    run_frames(app, 40)
    assert columns(scene)[2] == ["4C", "KD"] and scene.game.moves == 1
    assert scene.toast.message not in HINTS or not scene.toast.active


def test_quick_taps_on_neighbouring_piles_are_two_taps(table):
    app, scene = table(eo([["2C", "8H"], ["3C"]], ["7H", "AS"]))
    c1, c2 = scene.layout.cells[0], scene.layout.cells[1]
    click(app, (c1.right - 3, c1.centery))  # 7H cannot go up
    click(app, (c2.left + 3, c2.centery))  # AS can: a tap, not a double tap of 7H
    assert [str(c) for c in scene.game.foundations[0]] == ["AS"]
    assert str(scene.game.cells[0]) == "7H"


def test_a_hint_pending_from_a_tap_is_dropped_when_the_card_is_dragged(table):
    app, scene = table(eo([["2C", "7H"], ["3C", "8H"]]))
    click(app, card_point(scene, "7H"))
    drag(app, *onto(scene, "7H", top_rect(scene, 1), down=20))
    run_frames(app, 40)
    assert columns(scene)[1] == ["3C", "8H", "7H"]
    assert scene.toast.message not in HINTS or not scene.toast.active


def _finger(app, kind, pos, finger_id):
    """A finger event (helpers.tables.finger), then a frame."""
    finger(app, kind, pos, finger_id)
    run_frames(app)


def test_a_second_finger_does_not_steal_a_drag(table):
    app, scene = table(eo([["2C", "7H"], ["3C", "8H"], ["4C", "KD"], ["5C"], ["6C"], ["7C"]]))
    a, b = onto(scene, "7H", top_rect(scene, 1), down=20)
    _finger(app, pygame.FINGERDOWN, a, 0)
    for i in range(1, 4):
        _finger(app, pygame.FINGERMOTION, (a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8), 0)
    _finger(app, pygame.FINGERDOWN, card_point(scene, "KD"), 1)  # another hand rests on the King
    for i in range(4, 9):
        _finger(app, pygame.FINGERMOTION, (a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8), 0)
    _finger(app, pygame.FINGERUP, b, 0)
    _finger(app, pygame.FINGERUP, card_point(scene, "KD"), 1)
    settle(app)
    assert columns(scene)[:3] == [["2C"], ["3C", "8H", "7H"], ["4C", "KD"]] and scene.game.moves == 1


def test_a_message_keeps_its_look_while_a_card_passes_under_it(table):
    game = eo([["2C", "7H"], ["3C", "8D"], ["4C"], ["5C"], ["6C"], ["7C"], ["8C"], ["9C"]], ["KS"])
    app, scene = table(game)
    surface = pygame.display.get_surface()
    drag(app, *onto(scene, "7H", top_rect(scene, 1), down=8))  # refused: a message shows
    run_frames(app, 12)
    t = scene.toast.rect
    before = surface.subsurface(t).copy()
    a = card_point(scene, "9C")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    run_frames(app)
    x, y = t.right + scene.layout.card_w // 2 - 30, t.centery  # the card's left edge just inside it
    for i in range(1, 11):
        pos = (a[0] + (x - a[0]) * i // 10 + i % 2, a[1] + (y - a[1]) * i // 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run_frames(app)
    card = scene.board.sprite_rect(next(s for c, s in scene.board.sprites.items() if str(c) == "9C"))
    after = surface.subsurface(t)
    changed = [
        (px, py)
        for px in range(0, t.width, 2)
        for py in range(0, t.height, 2)
        if before.get_at((px, py)) != after.get_at((px, py))
        and not card.inflate(12, 12).collidepoint(t.x + px, t.y + py)
    ]
    assert scene.toast.active and not changed


# -- more gestures, drops and messages at the table ----------------------------------------------------
def test_the_second_click_of_a_double_click_that_opened_the_table_is_lost(make_app):
    app = make_app(size=(800, 480))
    game = eo([["2C", "AS"], ["3C"]])
    scene = open_table(app.ctx, game)
    app.replace(scene)
    run_frames(app, 3)
    where = scene.layout.card_rect(0, 1, 2).center  # where the Ace lands, though it is still flying
    click(app, where)  # lands on the new table at once
    assert scene.hit(where) == Hit(Pile.column(0), 1)
    assert not scene.dealing and game.moves == 0
    run_frames(app, 20)  # a moment later, a tap is a tap
    click(app, card_point(scene, "AS"))
    assert game.moves == 1


def test_a_card_dropped_mostly_on_its_own_column_goes_home_quietly(table):
    app, scene = table(eo([["2C", "7H"], ["3C", "8H"]]))
    a = card_point(scene, "7H")
    drag(app, a, (a[0] + scene.layout.card_w * 45 // 100, a[1] + 5))  # nearly half way to the 8H's column
    assert columns(scene)[:2] == [["2C", "7H"], ["3C", "8H"]] and not scene.toast.active
    assert at_rest(app, scene)


def test_overlapping_taps_of_two_fingers_both_count(table):
    app, scene = table(eo([["2C", "AS"], ["3C", "AH"]]))
    _finger(app, pygame.FINGERDOWN, card_point(scene, "AS"), 0)
    _finger(app, pygame.FINGERDOWN, card_point(scene, "AH"), 1)
    _finger(app, pygame.FINGERUP, card_point(scene, "AS"), 0)
    _finger(app, pygame.FINGERUP, card_point(scene, "AH"), 1)
    assert [len(f) for f in scene.game.foundations[:2]] == [1, 1]


def test_a_finger_on_the_deal_code_leaves_the_table_at_rest(table):
    app, scene = table(EightOffGame.from_code("EO1-C8-AAAAAFA"))
    touch_tap(app, scene.code_button.rect.center)
    assert app.ctx.clipboard_get() == "EO1-C8-AAAAAFA"
    settle(app)
    assert scene.press is None and not app.is_animating()


def test_a_double_tap_inside_a_run_moves_the_whole_run_when_only_that_fits(table):
    app, scene = table(eo([["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C"]]))
    double_click(app, card_point(scene, "8H"))
    assert columns(scene)[:2] == [["2C"], ["3C", "TH", "9H", "8H", "7H"]]


def test_a_double_tap_on_a_run_too_large_says_how_many_may_move(table):
    full = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    cols = [["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C"], ["5C"], ["6C"], ["7C"], ["8C"], ["9C"]]
    app, scene = table(eo(cols, full))
    double_click(app, card_point(scene, "9H"))
    assert scene.game.moves == 0 and scene.toast.message == "You can move at most 2 cards now"


def test_a_two_line_message_near_the_bottom_stays_on_screen(table):
    from game import i18n

    base = ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    app, scene = table(eo([base + ["9C"], ["TD"]], n=2))
    i18n.set_language("el")
    try:
        scene.show_message("Double-tap or drag to move it elsewhere")
        run_frames(app, 10)
        assert scene.toast.rect.bottom <= app.size[1] - 2 and scene.toast.rect.top >= 0
    finally:
        i18n.set_language("en")


def test_a_mouse_release_lost_outside_the_window_ends_the_drag_at_the_next_motion(table):
    app, scene = table(eo([["2C", "7H"], ["3C", "8H"]]))
    a, b = onto(scene, "7H", top_rect(scene, 1), down=20)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    run_frames(app)
    for i in range(1, 9):
        pos = (a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        run_frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app)
    assert scene.press is None and columns(scene)[1] == ["3C", "8H", "7H"]


@pytest.mark.parametrize("to", ["foundation", "cell"])
def test_the_player_and_the_demo_make_the_same_sound_for_the_same_move(table, to):
    """One place decides a move's sound (it differed: the demo slid where the player placed)."""
    from game.model.moves import EightOffMove

    dst = Pile.foundation(0) if to == "foundation" else Pile.cell(0)
    sounds = []
    for by_demo in (False, True):
        app, scene = table(eo([["2C", "AS"], ["3C"]]))
        app.ctx.audio.played.clear()
        assert scene.make_move(EightOffMove(Pile.column(0), dst, 1), by_demo=by_demo)
        sounds.append(app.ctx.audio.played)
    assert sounds[0] == sounds[1] and sounds[0]


def test_a_refused_drop_says_what_the_model_says(table, monkeypatch):
    """The model gives the precise reason and its number; the table shows it, rewriting nothing."""
    from game.model import IllegalMove

    app, scene = table(eo([["9S", "8S", "7S"], ["TS"], ["2D"], ["3D"], ["4D"], ["5D"], ["6D"], ["7D"]], ["KH"], n=2))
    real = type(scene.game)._refusal

    def told(game, move):
        refused = real(game, move)
        return IllegalMove("too-many", limit=5) if refused is not None and refused.reason == "too-many" else refused

    monkeypatch.setattr(type(scene.game), "_refusal", told)
    a, b = onto(scene, "9S", top_rect(scene, 1), down=scene.layout.step(19))
    drag(app, a, b)
    assert scene.game.moves == 0
    assert scene.toast.message == "You can move at most 5 cards now"
