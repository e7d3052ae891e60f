"""A message on the table slid off the cards (game/view/free_space.py)."""

import pygame


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
