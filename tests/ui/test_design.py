"""The design system: three layout classes by window size, one type scale and spacing unit each,
and row forms decided by class and language, never by the window of the moment."""

import pytest

from game.ui.design import LayoutClass, RowForm, design_for, layout_class
from game.ui.text import LADDER


@pytest.mark.parametrize(
    ("window", "kind"),
    [
        ((800, 480), LayoutClass.COMPACT),
        ((900, 540), LayoutClass.COMPACT),
        ((1280, 540), LayoutClass.COMPACT),
        ((901, 541), LayoutClass.REGULAR),
        ((1280, 720), LayoutClass.REGULAR),
        ((1599, 1000), LayoutClass.REGULAR),
        ((1600, 900), LayoutClass.LARGE),
        ((1920, 1080), LayoutClass.LARGE),
        ((3840, 2160), LayoutClass.LARGE),
    ],
)
def test_a_window_has_one_layout_class(window, kind):
    assert layout_class(window) is kind
    assert design_for(window).layout is kind


@pytest.mark.parametrize("window", [(800, 480), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)])
def test_a_class_has_five_growing_sizes_on_the_font_ladder(window):
    sizes = design_for(window).type.sizes()
    assert len(sizes) == 5
    assert list(sizes) == sorted(set(sizes))
    assert all(size in LADDER for size in sizes)


def test_every_window_of_a_class_has_the_same_design():
    assert design_for((800, 480)) == design_for((900, 540)) == design_for((1920, 500))
    assert design_for((1024, 600)) == design_for((1280, 720)) == design_for((1500, 1000))
    assert design_for((1600, 900)) == design_for((1920, 1080)) == design_for((2400, 1300))


def test_larger_classes_have_larger_sizes_and_units():
    small, mid, large = (design_for(w) for w in ((800, 480), (1280, 720), (1920, 1080)))
    for a, b in ((small, mid), (mid, large)):
        assert all(x < y for x, y in zip(a.type.sizes(), b.type.sizes(), strict=True))
        assert a.unit < b.unit and a.band < b.band and a.row < b.row


def test_4k_zooms_the_large_class_as_a_whole():
    base, zoomed = design_for((1920, 1080)), design_for((3840, 2160))
    assert zoomed.layout is LayoutClass.LARGE
    assert zoomed.unit == 2 * base.unit and zoomed.band == 2 * base.band and zoomed.row == 2 * base.row
    assert all(abs(z - 2 * b) <= 0.1 * 2 * b for z, b in zip(zoomed.type.sizes(), base.type.sizes(), strict=True))


def test_a_finger_target_is_at_least_44_px_in_every_class():
    assert all(design_for(w).target >= 44 for w in ((800, 480), (1280, 720), (1920, 1080)))


def test_a_row_form_is_decided_at_the_class_narrowest_window_not_the_current_one():
    design = design_for((1280, 720))
    seen = []

    def room(window):
        seen.append(window)
        return window[0] - 2 * design.unit

    widths = [300, 300, 300]
    # at 1280 wide the row would fit; at the class's narrowest window (901) it does not
    assert design.row_form(widths, room) is RowForm.COMPACT
    assert seen == [design.least]
    assert design.row_form([200, 200, 200], room) is RowForm.FULL


def test_space_counts_whole_and_half_units():
    design = design_for((800, 480))
    assert design.space() == design.unit
    assert design.space(2) == 2 * design.unit
    assert design.space(0.5) == round(design.unit / 2)
    assert design.space(0) == 0
