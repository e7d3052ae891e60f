"""The gesture recogniser on its own, without a display or a table: presses, motions and releases of
the mouse and of fingers become taps, double taps, drags and drops by the rules docs/play.md gives."""

from __future__ import annotations

import pytest

from game.model.moves import Hit, Pile
from game.ui.gesture import (
    DOUBLE_TIME,
    DRAG_THRESHOLD,
    SETTLE_TIME,
    STILL_TIME,
    Cancel,
    Drag,
    Drop,
    Gestures,
    Lift,
    Phase,
    Tap,
)

COLUMN_2 = Hit(Pile.column(2), 4)  # a hit: a pile and a row
CARDS = ["9H", "8H"]
ORIGIN = [(100.0, 200.0), (100.0, 230.0)]
FINGER_A, FINGER_B = (1, 0), (1, 1)


def recogniser(double_tap: bool = False, card_w: int = 70, on_gesture=None):
    """(recogniser, the gestures it performed)."""
    seen: list = []

    def perform(gesture):
        seen.append(gesture)
        if on_gesture is not None:
            on_gesture(gesture)

    g = Gestures(perform, double_tap=double_tap)
    g.card_w = card_w
    return g, seen


def tap(g: Gestures, pos, now: float, hit=COLUMN_2, who="mouse") -> None:
    g.down(pos, who, now, hit)
    g.up(pos, now + 0.05)


# -- taps --------------------------------------------------------------------------------------------
def test_a_press_and_release_in_place_is_a_tap_on_what_it_went_down_on():
    g, seen = recogniser()
    g.down((10, 10), "mouse", 1.0, COLUMN_2, CARDS, ORIGIN)
    assert g.phase is Phase.PRESSED and g.press is not None and g.press.hit == COLUMN_2
    g.up((10, 10), 1.1)
    assert seen == [Tap(COLUMN_2)] and g.phase is Phase.IDLE and g.press is None


def test_a_fingers_wobble_is_no_drag_and_the_allowance_grows_with_the_cards():
    g, seen = recogniser(card_w=140)  # a seventh of a card: 20 px
    g.down((0, 0), FINGER_A, 1.0, COLUMN_2, CARDS, ORIGIN)
    g.move((12, 15), 1.05)  # 19.2 px
    assert g.phase is Phase.PRESSED and seen == []
    g.up((12, 15), 1.1)
    assert seen == [Tap(COLUMN_2)]
    g.down((0, 0), FINGER_A, 2.0, COLUMN_2, CARDS, ORIGIN)
    g.move((0, 21), 2.05)  # past a seventh of the card: a drag
    assert g.phase is Phase.DRAGGING and seen[1] == Lift(CARDS)
    small, seen = recogniser(card_w=35)  # small cards: the fixed threshold
    assert small.threshold == DRAG_THRESHOLD
    small.down((0, 0), "mouse", 1.0, COLUMN_2, CARDS, ORIGIN)
    small.move((DRAG_THRESHOLD, 0), 1.05)
    assert small.phase is Phase.DRAGGING and isinstance(seen[0], Lift)


def test_a_press_on_nothing_that_may_be_picked_up_never_drags():
    g, seen = recogniser()
    g.down((0, 0), "mouse", 1.0, COLUMN_2, [], [])
    g.move((300, 300), 1.1)
    g.up((300, 300), 1.2)
    assert seen == [Tap(COLUMN_2)]


# -- drag and drop -----------------------------------------------------------------------------------
def test_a_drag_lifts_the_cards_moves_them_with_the_pointer_and_drops_them_where_it_lifts():
    g, seen = recogniser()
    g.down((100, 100), "mouse", 1.0, COLUMN_2, CARDS, ORIGIN)
    g.move((130, 90), 1.1)
    assert g.phase is Phase.DRAGGING
    g.move((150, 120), 1.2)
    g.up((160, 125), 1.3)
    assert seen == [
        Lift(CARDS),
        Drag(CARDS, [(130.0, 190.0), (130.0, 220.0)]),
        Drag(CARDS, [(150.0, 220.0), (150.0, 250.0)]),
        Drop(CARDS, (160, 125)),
    ]
    assert g.press is None


def test_a_lift_far_from_its_press_is_a_drop_there_with_no_motion_between():
    g, seen = recogniser()  # a single-touch screen that sends only down and up
    g.down((100, 100), FINGER_A, 1.0, COLUMN_2, CARDS, ORIGIN)
    g.up((400, 100), 1.2)
    assert seen == [Lift(CARDS), Drag(CARDS, [(400.0, 200.0), (400.0, 230.0)]), Drop(CARDS, (400, 100))]


def test_a_mouse_button_released_outside_the_window_drops_at_the_next_motion():
    g, seen = recogniser()
    g.down((100, 100), "mouse", 1.0, COLUMN_2, CARDS, ORIGIN)
    g.move((150, 100), 1.1)
    g.move((170, 100), 1.2, held=False)
    assert seen[-1] == Drop(CARDS, (170, 100)) and g.press is None


def test_a_motion_without_the_button_before_a_drag_is_only_motion():
    g, seen = recogniser()
    g.down((100, 100), "mouse", 1.0, COLUMN_2, CARDS, ORIGIN)
    g.move((101, 100), 1.1, held=False)
    assert g.phase is Phase.PRESSED and seen == []


def test_cancelling_a_drag_sends_its_cards_back_and_a_mere_press_just_ends():
    g, seen = recogniser()
    g.down((100, 100), "mouse", 1.0, COLUMN_2, CARDS, ORIGIN)
    g.cancel()
    assert seen == [] and g.press is None
    g.down((100, 100), "mouse", 2.0, COLUMN_2, CARDS, ORIGIN)
    g.move((200, 100), 2.1)
    g.cancel()
    assert seen[-1] == Cancel(CARDS) and g.phase is Phase.IDLE
    g.up((200, 100), 2.2)  # the release of a cancelled press does nothing
    assert seen[-1] == Cancel(CARDS)


# -- double taps -------------------------------------------------------------------------------------
def test_two_quick_taps_on_one_pile_are_one_double_tap_with_the_first_taps_hit():
    g, seen = recogniser(double_tap=True)
    tap(g, (100, 100), 1.0, hit=Hit(Pile.column(2), 4))
    tap(g, (106, 104), 1.0 + DOUBLE_TIME - 0.06, hit=Hit(Pile.column(2), 3))  # a finger never lands twice alike
    assert seen == [Tap(Hit(Pile.column(2), 4)), Tap(Hit(Pile.column(2), 4), double=True)]
    tap(g, (106, 104), 1.5)  # a third tap starts over
    assert seen[-1] == Tap(COLUMN_2)


@pytest.mark.parametrize(
    "second_at,second_pos,second_hit",
    [
        (1.0 + DOUBLE_TIME + 0.01, (100, 100), COLUMN_2),  # too slow
        (1.2, (100 + 36, 100), COLUMN_2),  # more than half a card away
        (1.2, (104, 100), Hit(Pile.column(3), 0)),  # the next pile
        (1.2, (104, 100), None),  # the felt
    ],
)
def test_taps_too_slow_too_far_or_on_another_pile_are_two_taps(second_at, second_pos, second_hit):
    g, seen = recogniser(double_tap=True, card_w=70)
    tap(g, (100, 100), 1.0)
    tap(g, second_pos, second_at, hit=second_hit)
    assert seen == [Tap(COLUMN_2), Tap(second_hit)]


def test_without_double_taps_two_quick_taps_are_two_taps():
    g, seen = recogniser(double_tap=False)  # Golf: tapping a column twice plays two cards
    tap(g, (100, 100), 1.0)
    tap(g, (100, 100), 1.1)
    assert seen == [Tap(COLUMN_2), Tap(COLUMN_2)]


def test_a_change_between_two_taps_forgets_the_first_and_so_does_the_taps_own_move():
    g, seen = recogniser(double_tap=True)
    tap(g, (100, 100), 1.0)
    g.forget_tap()  # e.g. an undo
    tap(g, (100, 100), 1.1)
    assert seen[-1] == Tap(COLUMN_2)
    moved, seen = recogniser(double_tap=True, on_gesture=lambda gesture: moved.forget_tap())
    tap(moved, (100, 100), 2.0)  # the tap sent its card up: the game changed
    tap(moved, (100, 100), 2.1)  # a tap of its own on the card now on top, not half of a double tap
    assert seen == [Tap(COLUMN_2), Tap(COLUMN_2)]


def test_a_tap_that_changed_nothing_still_begins_a_double_tap():
    g, seen = recogniser(double_tap=True)
    tap(g, (100, 100), 1.0)  # e.g. a card that cannot go up
    tap(g, (100, 100), 1.2)
    assert seen == [Tap(COLUMN_2), Tap(COLUMN_2, double=True)]


def test_a_drag_between_two_taps_forgets_the_first():
    g, seen = recogniser(double_tap=True)
    tap(g, (100, 100), 1.0)
    g.down((100, 100), "mouse", 1.1, COLUMN_2, CARDS, ORIGIN)
    g.up((100, 200), 1.15)
    tap(g, (100, 100), 1.2)
    assert seen[-1] == Tap(COLUMN_2)


# -- two fingers -------------------------------------------------------------------------------------
def test_a_second_finger_never_steals_a_drag_nor_ends_it():
    g, seen = recogniser()
    g.down((100, 100), FINGER_A, 1.0, COLUMN_2, CARDS, ORIGIN)
    g.move((150, 100), 1.1)
    for pressing, now in ((True, 1.2), (False, 1.3), (False, 1.4)):  # its press, motion and lift
        assert not g.admits(FINGER_B, now, pressing)
    assert g.admits(FINGER_A, 1.5, pressing=False)
    g.up((160, 100), 1.5)
    assert seen[-1] == Drop(CARDS, (160, 100))


def test_a_drag_resting_a_second_may_be_taken_over_by_another_finger():
    g, seen = recogniser()
    g.down((100, 100), FINGER_A, 1.0, COLUMN_2, CARDS, ORIGIN)
    g.move((150, 100), 1.1)
    assert not g.admits(FINGER_B, 1.1 + STILL_TIME, pressing=True)
    assert not g.admits(FINGER_B, 1.2 + STILL_TIME, pressing=False)  # only a press takes over
    assert g.admits(FINGER_B, 1.2 + STILL_TIME, pressing=True)
    g.down((300, 300), FINGER_B, 1.2 + STILL_TIME, Hit(Pile.cell(0)), [], [])
    assert seen[-1] == Cancel(CARDS)  # its lift was lost: the cards go back
    assert g.press is not None and g.press.who == FINGER_B


def test_overlapping_taps_of_two_fingers_both_count():
    g, seen = recogniser(double_tap=True)
    g.down((100, 100), FINGER_A, 1.0, COLUMN_2)
    assert not g.admits(FINGER_B, 1.05, pressing=False)
    assert g.admits(FINGER_B, 1.05, pressing=True)
    assert seen == [Tap(COLUMN_2)]  # the first finger's press ends as a tap where it went down
    g.down((400, 100), FINGER_B, 1.05, Hit(Pile.column(5), 0))
    g.up((400, 100), 1.1)
    assert seen == [Tap(COLUMN_2), Tap(Hit(Pile.column(5), 0))]


def test_a_press_replacing_one_whose_lift_was_lost_keeps_the_tap_before_it():
    g, seen = recogniser(double_tap=True)
    tap(g, (100, 100), 1.0)
    g.down((100, 100), "mouse", 1.1, COLUMN_2)  # pressed again, and its release never comes
    g.down((102, 100), "mouse", 1.15, COLUMN_2)
    g.up((102, 100), 1.2)
    assert seen == [Tap(COLUMN_2), Tap(COLUMN_2, double=True)]


# -- the table's first moment ------------------------------------------------------------------------
def test_a_table_settles_before_it_takes_a_press():
    g, _seen = recogniser()
    assert g.settling(0.0) and g.settling(SETTLE_TIME - 0.01)
    assert not g.settling(SETTLE_TIME)
    later = Gestures(lambda gesture: None, opened=10.0)
    assert later.settling(10.1) and not later.settling(10.0 + SETTLE_TIME)
