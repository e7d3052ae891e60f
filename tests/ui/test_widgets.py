"""Widgets, pointer input and the text cache, driven by pointer actions and key events."""

from __future__ import annotations

import pygame
import pytest

from game.ui.pointer import pointer
from game.ui.text import TextCache
from game.ui.widgets import Button, Label, SegmentedControl, TextInput, Toast, Toggle


@pytest.fixture
def text(app):  # the app fixture initialises the (dummy) display and fonts
    return TextCache()


def test_button_fires_on_release_inside_only(text):
    clicks = []
    b = Button((10, 10, 200, 50), "Play", text, lambda: clicks.append(1))
    assert not b.handle("down", (20, 20)) and b.pressed
    assert b.handle("up", (30, 30)) and clicks == [1]
    b.handle("down", (20, 20))
    assert not b.handle("up", (500, 500)) and clicks == [1]  # slid off: cancelled
    assert not b.handle("up", (20, 20))  # no press, no click


def test_button_states_mark_dirty_and_draw(text, app):
    b = Button((10, 10, 200, 50), "A very long label that cannot possibly fit", text)
    b.draw(app.screen)
    assert not b.dirty
    b.handle("move", (15, 15))
    assert b.hover and b.dirty
    assert b.draw(app.screen).contains(b.rect)
    b.handle("move", (15, 15))
    assert not b.dirty  # no change, no repaint


def test_segmented_control_chooses(text):
    changes = []
    s = SegmentedControl((0, 0, 300, 50), [(8, "8"), (4, "4"), (2, "2")], 8, text, changes.append)
    r = s.segment_rect(2)
    s.handle("down", r.center)
    assert s.handle("up", r.center) and s.value == 2 and changes == [2]
    s.handle("down", r.center)
    assert not s.handle("up", r.center) and changes == [2]  # already chosen


def test_toggle_flips(text):
    values = []
    t = Toggle((0, 0, 400, 50), "Sound", True, text, values.append)
    t.handle("down", (390, 25))
    t.handle("up", (390, 25))
    assert t.value is False and values == [False]


def test_text_input_edits_and_pastes(text):
    submitted = []
    box = TextInput(
        (0, 0, 300, 50),
        text,
        allowed="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789- ",
        upper=True,
        paste=lambda: " go1-e-aaaaaab\nsecond line",
        on_submit=submitted.append,
        max_len=20,
    )
    box.handle_key(pygame.event.Event(pygame.TEXTINPUT, text="go1!"))
    assert box.value == "GO1" and box.caret == 3 and box.focused
    box.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert box.value == "GO"
    box.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    box.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0))
    assert box.value == "G" and box.caret == 1
    box.set_value("")
    box.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert box.value == " GO1-E-AAAAAAB SECOND"[:20]
    box.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert submitted == [box.value]


def test_text_input_focus_by_pointer_and_draws_caret(text, app):
    box = TextInput((0, 0, 300, 50), text, placeholder="Deal code")
    assert box.handle("down", (10, 10)) and box.focused
    box.draw(app.screen)
    box.handle("down", (500, 500))
    assert not box.focused


def test_toast_fades_in_and_out(text, app):
    t = Toast(text)
    t.show("It must be one rank higher or lower", (400, 300), duration=1.0)
    assert t.active and t.alpha == 0
    t.update(Toast.FADE_IN)
    assert t.alpha == 255
    assert t.draw(app.screen) is not None
    t.update(1.0)
    assert 0 < t.alpha < 255
    t.update(Toast.FADE_OUT)
    assert not t.active and t.draw(app.screen) is None


def test_label_paints_nothing_when_empty(text, app):
    lab = Label((0, 0, 200, 20), text)
    lab.set_text("Wrong code")
    assert lab.dirty
    lab.draw(app.screen)
    assert not lab.dirty


def test_text_cache_renders_once(text):
    a = text.render("Score 12", 20, (255, 255, 255))
    assert text.render("Score 12", 20, (255, 255, 255)) is a
    assert text.misses == 1
    small = text.fit("x" * 200, 100, 40)
    assert small.get_width() <= 100 or text.fit_size("x" * 200, 100, 40) == 10


def test_pointer_reads_events_not_the_mouse():
    size = (800, 480)
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1)
    assert pointer(ev, size) == ("down", (5, 6))
    synthetic = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1, touch=True)
    assert pointer(synthetic, size) is None
    right = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 6), button=3)
    assert pointer(right, size) is None
    finger = pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.25, touch_id=1, finger_id=0)
    assert pointer(finger, size) == ("up", (400, 120))


def test_text_input_select_all_then_type_or_backspace_replaces_everything():
    from game.ui.text import TextCache
    from game.ui.textinput import TextInput

    box = TextInput((0, 0, 200, 40), TextCache(), upper=True)
    box.set_value("GO1-E-AAAAAAB")

    def keydown(k, mod=0):
        return box.handle_key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))

    assert keydown(pygame.K_a, pygame.KMOD_CTRL) and box.selected
    box.handle_key(pygame.event.Event(pygame.TEXTINPUT, text="e"))
    assert box.value == "E" and not box.selected
    keydown(pygame.K_a, pygame.KMOD_CTRL)
    keydown(pygame.K_BACKSPACE)
    assert box.value == ""
    box.set_value("EO1")
    box.focus(False)
    box.handle("down", (10, 10))  # a tap into the box selects the old text
    assert box.focused and box.selected


def test_text_cache_stays_within_its_byte_budget():
    from game.ui.text import TextCache

    cache = TextCache(max_entries=10_000, max_bytes=200_000)
    for n in range(300):
        cache.render(f"Score: {n}   Moves: {n}   Stock: 3", 40, (255, 255, 255), True)
    total = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in cache._cache.values())
    assert total <= 200_000 and 0 < len(cache) < 300
    assert cache.render("Score: 299   Moves: 299   Stock: 3", 40, (255, 255, 255), True) is cache.render(
        "Score: 299   Moves: 299   Stock: 3", 40, (255, 255, 255), True
    )


def test_a_panel_has_no_darker_squares_in_its_corners():
    """Across the edge of a corner's square (where the smooth corner meets the plain body) the panel
    over the felt changes by no more than its shadow's gentle gradient."""
    from game.ui import theme

    radius = 16
    out = theme.panel((300, 200), radius)
    felt = pygame.Surface(out.get_size())
    felt.fill((20, 100, 40))
    felt.blit(out, (0, 0))
    x0, y0 = radius, radius - radius // 4  # the panel's top-left inside its shadow margin
    y = y0 + radius - 3  # a row through the corner's square, inside the rounded part
    inside, outside = felt.get_at((x0 + radius - 1, y)), felt.get_at((x0 + radius, y))
    assert max(abs(a - b) for a, b in zip(inside[:3], outside[:3])) <= 3, (inside, outside)


@pytest.mark.parametrize(
    "language_text",
    [
        "You won!",
        "Best possible for this deal: golf score \u20131",
        "Το καλύτερο δυνατό σε αυτή τη μοιρασιά: σκορ γκολφ \u20131",
        "คะแนน: 12 · ชนะแล้ว ♠♥",
        "",
    ],
)
def test_a_text_is_measured_as_it_would_be_drawn_without_drawing_it(app, language_text):
    cache = TextCache()
    for size in (12, 24, 41, 70):
        for bold in (False, True):
            for width in (120, 400, 2000):  # one line, shrunk, or on two lines
                line, fitted = cache.wrapped_choice(language_text, width, size, bold)
                expected = cache.render(line, fitted, (255, 255, 255), bold).get_size()
                misses = cache.misses
                assert cache.rendered_size(line, fitted, bold) == expected
                assert cache.misses == misses  # (measured, not drawn)
                assert cache.fit_wrapped(language_text, width, size, (255, 255, 255), bold).get_size() == expected


def test_a_text_too_wide_for_one_line_even_at_the_smallest_size_goes_on_two(app):
    cache = TextCache()
    text = "Η νίκη χάθηκε πριν από 32 κινήσεις: A♣ στη στοίβα απόρριψης."
    width = cache.rendered_size(text, 10)[0] * 2 // 3  # (narrower than the line at 10 px)
    line, size = cache.wrapped_choice(text, width, 10)
    assert "\n" in line and size == 10
    assert cache.rendered_size(line, size)[0] < cache.rendered_size(text, 10)[0]
    word = "Ελεύθερο"  # one word: nothing to break
    assert cache.wrapped_choice(word, 5, 10) == (word, 10)


def test_a_toggle_label_too_long_for_its_row_goes_on_two_lines_inside_it(text):
    t = Toggle((0, 0, 230, 44), "Only the deals that can still be won", False, text)
    one = text.fit_size("Only the deals that can still be won", 120, 20)
    label, size = t.label_layout(120)
    assert "\n" in label and size > one
    assert text.rendered_size(label, size)[1] <= 44 - 4
    assert Toggle((0, 0, 400, 44), "Sound", True, text).label_layout(300) == ("Sound", 20)


def test_two_lines_flush_left_start_at_the_same_x(text):
    img = text.render("Winnable\ndeals only, all of them", 16, align="left")
    centred = text.render("Winnable\ndeals only, all of them", 16)
    columns = [x for x in range(img.get_width()) if any(img.get_at((x, y)).a for y in range(img.get_height() // 2))]
    first_centred = [
        x for x in range(centred.get_width()) if any(centred.get_at((x, y)).a for y in range(centred.get_height() // 2))
    ]
    assert columns[0] <= 2 < first_centred[0]  # the short first line starts at the left, not centred


def test_a_button_label_goes_on_two_lines_only_where_they_are_larger_and_fit(text):
    from game.ui.widgets import fitted_label

    label, size = fitted_label(text, "Deal of the day", 90, 48, 24, bold=True)
    assert label == "Deal of\nthe day" and size > text.fit_size("Deal of the day", 90, 24, True)
    assert text.rendered_size(label, size, True)[1] <= 48
    assert fitted_label(text, "Deal of the day", 400, 48, 24, bold=True) == ("Deal of the day", 24)
    assert "\n" not in fitted_label(text, "Deal of the day", 90, 20, 24, bold=True)[0]  # too low for two
    # a mark is never left alone on a line ("✓" over the deal code)
    assert "\n" not in fitted_label(text, "\u2713 EO1-C8-AAAAAYW", 120, 48, 24, bold=True)[0]


def test_a_sized_label_goes_on_two_lines_at_its_size_before_it_shrinks(text):
    from game.ui.widgets import label_at

    assert label_at(text, "Play", 200, 40, 18) == ("Play", 18)
    line, size = label_at(text, "Show whether the game can still be won", 200, 60, 16)
    assert size == 16 and line.count("\n") == 1
    shrunk, smaller = label_at(text, "Show whether the game can still be won", 120, 20, 16)  # neither fits
    assert smaller < 16 and "\n" not in shrunk


def test_a_grid_of_buttons_takes_one_size_the_size_every_label_stands_at(text):
    from game.ui.widgets import grid_size

    short = Button((0, 0, 300, 44), "Easy", text)
    long = Button((0, 0, 300, 44), "Classic + dead King + 2 jokers + empty start", text)
    assert grid_size([short, long], (26, 18, 13)) == 13
    assert short.size == long.size == 13
    assert grid_size([short], (26, 18, 13)) == 26 and short.size == 26


def test_a_widget_near_a_windows_edge_takes_presses_up_to_that_edge(text):
    """A widget within a spacing unit of an edge (8 px at 800x480) reaches it: a finger against the
    bezel presses it; one further in keeps its rect; one without a window keeps its rect too."""
    window = (800, 480)
    corner = Button((4, 4, 96, 48), "Back", text)
    assert corner.hit_rect(window) == pygame.Rect(0, 0, 100, 52)
    right = Button((700, 200, 92, 48), "Next", text)
    assert right.hit_rect(window) == pygame.Rect(700, 200, 100, 48)
    bottom = Button((300, 428, 100, 48), "Play", text)
    assert bottom.hit_rect(window) == pygame.Rect(300, 428, 100, 52)
    inside = Button((9, 9, 100, 48), "Play", text)
    assert inside.hit_rect(window) == inside.rect
    assert corner.hit_rect() == corner.rect  # (no window known: its rect alone)
    clicks = []
    corner.on_click = lambda: clicks.append(1)
    corner.window = window
    assert not corner.handle("down", (50, 0)) and corner.pressed
    assert corner.handle("up", (0, 1)) and clicks == [1]


def test_a_hit_area_reaches_the_edge_too(text):
    b = Button((744, 2, 48, 44), "Menu", text)
    b.hit_area = pygame.Rect(743, 0, 54, 48)
    assert b.hit_rect((800, 480)) == pygame.Rect(743, 0, 57, 48)
    assert b.hit_rect() == b.hit_area


def test_a_segmented_controls_end_choices_reach_the_edges_they_lie_by(text):
    changes = []
    seg = SegmentedControl((4, 4, 792, 48), [("a", "A"), ("b", "B"), ("c", "C")], "b", text, changes.append)
    seg.window = (800, 480)
    for first, then in (((0, 30), (1, 30)), ((799, 2), (799, 0))):
        seg.handle("down", first)
        seg.handle("up", then)
    assert changes == ["a", "c"]
    seg.handle("down", (400, 0))
    assert seg.handle("up", (400, 1)) and changes == ["a", "c", "b"]
