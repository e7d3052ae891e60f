"""The free space finder behind the end panels' placement (never over a card)."""

import random

import pygame

from game.view.free_space import free_rects, whole_or_clear


def test_an_empty_table_is_one_free_rectangle():
    rects = free_rects(pygame.Rect(0, 0, 400, 300), [], cell=10)
    assert rects[0] == pygame.Rect(0, 0, 400, 300)


def test_an_empty_table_is_only_that_rectangle():
    assert free_rects(pygame.Rect(0, 0, 400, 300), [], cell=10) == [pygame.Rect(0, 0, 400, 300)]


def test_no_free_rectangle_lies_inside_another():
    # (a panel tries each in turn: ones inside a larger space only repeat it, and with a limit they
    # crowded the other spaces out of the list)
    rng = random.Random(5)
    bounds = pygame.Rect(0, 0, 640, 400)
    for _ in range(30):
        cards = [pygame.Rect(rng.randrange(600), rng.randrange(360), 60, 84) for _ in range(rng.randrange(1, 10))]
        rects = free_rects(bounds, cards, (40, 30), cell=8)
        assert rects
        assert not [(a, b) for a in rects for b in rects if a != b and b.contains(a)]


def test_a_card_in_the_middle_leaves_four_bands():
    card = pygame.Rect(150, 100, 100, 100)
    rects = free_rects(pygame.Rect(0, 0, 400, 300), [card], cell=10)
    assert pygame.Rect(0, 0, 400, 100) in rects and pygame.Rect(0, 200, 400, 100) in rects
    assert pygame.Rect(0, 0, 150, 300) in rects and pygame.Rect(250, 0, 150, 300) in rects
    assert all(not r.colliderect(card) for r in rects)


def test_no_free_rectangle_ever_touches_a_card_and_the_minimum_size_holds():
    rng = random.Random(3)
    bounds = pygame.Rect(0, 40, 1280, 680)
    for _ in range(30):
        cards = [pygame.Rect(rng.randrange(1280), rng.randrange(40, 720), 90, 130) for _ in range(12)]
        for r in free_rects(bounds, cards, (200, 120)):
            assert r.collidelist(cards) == -1 and bounds.contains(r)
            assert r.width >= 200 and r.height >= 120


def test_largest_first():
    rects = free_rects(pygame.Rect(0, 0, 300, 300), [pygame.Rect(0, 100, 300, 10)], cell=10)
    assert rects[0] == pygame.Rect(0, 110, 300, 190)


def test_a_limit_keeps_the_same_first_rectangles_in_the_same_order():
    rng = random.Random(11)
    bounds = pygame.Rect(0, 0, 640, 400)
    for _ in range(20):
        cards = [pygame.Rect(rng.randrange(600), rng.randrange(360), 60, 84) for _ in range(rng.randrange(8))]
        every = free_rects(bounds, cards, (40, 30), cell=8)
        assert free_rects(bounds, cards, (40, 30), cell=8, limit=5) == every[:5]


def test_a_message_over_cards_slides_along_its_row_to_where_it_covers_none():
    from game.view.free_space import slid_off

    screen = pygame.Rect(0, 0, 800, 480)
    columns = [pygame.Rect(20 + 100 * i, 100, 80, 370 if 2 <= i <= 5 else 120) for i in range(8)]  # long ones mid-table
    message = pygame.Rect(0, 0, 200, 40)
    message.center = (400, 440)  # centred at the bottom: over the long columns
    moved = slid_off(message, columns, screen)
    assert moved.collidelist(columns) == -1 and moved.y == message.y and screen.contains(moved)
    assert moved.centerx == 110  # the nearer of the two clear places (the right one is at 700)
    clear = message.move(0, -200)
    clear.y = 20  # above every card: left where it is
    assert slid_off(clear, columns, screen) == clear


def test_a_message_with_no_clear_place_takes_the_one_covering_least():
    from game.view.free_space import slid_off

    screen = pygame.Rect(0, 0, 800, 480)
    columns = [pygame.Rect(20 + 100 * i, 100, 80, 370 if i != 7 else 340) for i in range(8)]
    message = pygame.Rect(0, 0, 100, 40)
    message.center = (400, 450)
    moved = slid_off(message, columns, screen)
    assert moved.collidelist(columns) != -1  # nowhere clear
    assert moved.right == screen.right and moved.y == message.y  # over the shortest column, on screen


def test_a_panel_that_half_covers_a_mark_slides_clear_of_it_within_its_area():
    area, window = pygame.Rect(0, 0, 400, 300), pygame.Rect(0, 0, 800, 480)
    mark = pygame.Rect(150, 250, 60, 90)  # reaches below the area: the panel cannot grow over it there
    panel = pygame.Rect(100, 100, 200, 180)  # its foot covers the mark's top
    placed = whole_or_clear(panel, area, [mark], [pygame.Rect(140, 330, 60, 90)], window)
    assert placed.size == panel.size and area.contains(placed) and not placed.colliderect(mark)
    assert placed == panel.move(0, mark.top - panel.bottom)  # the nearest way off it


def test_a_panel_grows_over_a_mark_whole_where_no_card_is():
    area, window = pygame.Rect(0, 100, 300, 200), pygame.Rect(0, 0, 800, 480)
    mark = pygame.Rect(20, 280, 60, 90)
    panel = pygame.Rect(0, 100, 300, 200)  # fills its area: it cannot slide
    placed = whole_or_clear(panel, area, [mark], [pygame.Rect(400, 300, 60, 90)], window)
    assert placed.contains(panel) and placed.contains(mark) and placed == panel.union(mark)
    # a card beside the mark: grown, it would cover the card; left as it was
    assert whole_or_clear(panel, area, [mark], [pygame.Rect(100, 330, 60, 90)], window) == panel
    # a mark it does not touch, or covers whole, changes nothing
    assert whole_or_clear(panel, area, [pygame.Rect(500, 0, 9, 9), pygame.Rect(10, 110, 9, 9)], [], window) == panel
