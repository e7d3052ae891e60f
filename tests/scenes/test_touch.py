"""Touch as a kiosk's screen sends it: fingers, SDL's mouse copies of them, single-touch screens that
send only down and up, and double taps judged by time and distance."""

from __future__ import annotations

import pygame
from conftest import run_frames, settle
from helpers.tables import card_point, columns, eo, finger, onto, suit_up_to, with_mouse_copy

from game.ui.gesture import DOUBLE_TIME


def test_a_single_touch_screen_drags_with_only_down_and_up(table):
    app, scene = table(eo([["2C", "9H"], ["3C"]]))
    a, b = onto(scene, "9H", scene.layout.cells[3])
    finger(app, pygame.FINGERDOWN, a)
    run_frames(app, 3)
    finger(app, pygame.FINGERUP, b)  # no FINGERMOTION in between
    run_frames(app)
    assert str(scene.game.cells[3]) == "9H"
    settle(app)


def test_a_mouse_that_jumps_between_press_and_release_drags_too(table):
    app, scene = table(eo([["2C", "9H"], ["3C"]]))
    a, b = onto(scene, "9H", scene.layout.cells[2])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    run_frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    run_frames(app)
    assert str(scene.game.cells[2]) == "9H"


def test_a_finger_and_its_mouse_copy_act_once(table):
    game = eo([["2C", "5S", "4S"], ["3C"]], foundations=[suit_up_to("S", 3), [], [], []])
    app, scene = table(game)
    point = card_point(scene, "4S")
    with_mouse_copy(app, pygame.FINGERDOWN, point)
    with_mouse_copy(app, pygame.FINGERUP, point)
    run_frames(app)
    run_frames(app, int(DOUBLE_TIME * 60) + 5)
    assert scene.game.moves == 1 and columns(scene)[0] == ["2C", "5S"]


def double_tap(app, first, second, gap_frames=6):
    for pos in (first, second):
        finger(app, pygame.FINGERDOWN, pos)
        run_frames(app)
        finger(app, pygame.FINGERUP, pos)
        run_frames(app, gap_frames if pos is first else 1)


def test_a_finger_double_tap_within_time_and_distance_is_one_gesture(table):
    app, scene = table(eo([["2C", "9H"], ["3C", "TH"]]))
    p = card_point(scene, "9H")
    double_tap(app, p, (p[0] + 6, p[1] + 4))  # a finger never lands twice on the same pixel
    assert columns(scene)[1] == ["3C", "TH", "9H"]  # onto the accepting column


def test_two_taps_too_far_apart_are_not_a_double_tap(table):
    app, scene = table(eo([["2C", "9H"], ["3C", "TH"], ["4D"]]))
    far = card_point(scene, "4D")
    double_tap(app, card_point(scene, "9H"), far)
    settle(app)
    assert columns(scene)[:3] == [["2C", "9H"], ["3C", "TH"], ["4D"]]


def test_two_taps_too_slow_are_not_a_double_tap(table):
    app, scene = table(eo([["2C", "9H"], ["3C", "TH"]]))
    p = card_point(scene, "9H")
    double_tap(app, p, p, gap_frames=int(DOUBLE_TIME * 60) + 4)
    settle(app)
    assert columns(scene)[1] == ["3C", "TH"]


def test_a_double_tap_after_the_tap_hint_came_takes_the_hint_away(table):
    """The move a double tap makes takes away the hint "Double-tap or drag to move it elsewhere" that
    came as its second tap did, rather than leave it up over the card just moved."""
    from game.i18n import tr
    from game.scenes.eightoff_table import MESSAGES
    from game.ui.toast import Toast

    app, scene = table(eo([["2C", "9H"], ["3C", "TH"]]))
    hit = scene.hit(card_point(scene, "9H"))
    scene.rules.on_tap(hit)
    run_frames(app, int(DOUBLE_TIME * 60) + 12)
    assert scene.toast.active and scene.toast.message in (tr(MESSAGES["tap-hint"]), tr(MESSAGES["click-hint"]))
    scene.rules.on_tap(hit, double=True)
    assert columns(scene)[1] == ["3C", "TH", "9H"]
    run_frames(app, int(Toast.FADE_OUT * 60) + 2)
    assert not scene.toast.active  # faded out at once, not after its 1.8 s


def test_the_tap_hint_waits_until_no_second_tap_can_come(table):
    app, scene = table(eo([["2C", "9H"], ["3C", "TH"]]))
    scene.rules.on_tap(scene.hit(card_point(scene, "9H")))
    run_frames(app, int(DOUBLE_TIME * 60) + 1)  # a second tap at DOUBLE_TIME still counts as a double
    assert not scene.toast.active
