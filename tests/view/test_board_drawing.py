"""The board draws only what changed (game/view/board.py), and what it draws piece by piece is what a
full repaint gives: sprites it moved, flipped, shook, dragged or lit, and nothing else; dirty
rectangles that never grow into the span between cards far apart."""

from __future__ import annotations

import math
import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model.cards import FULL_DECK, Card
from game.view.board import COLUMN, GLOW_COLOURS, HINT, Board, Target
from game.view.board_paint import _visible
from game.view.card_images import CardImages, card_height, corner_radius
from game.view.card_sprite import _glowing
from game.view.dirty_rects import merge
from game.view.hint_arrow import GROW_TIME, arrow_shape, draw_arrow

SIZE = (960, 600)
CARD_W = 70
CARD = (CARD_W, card_height(CARD_W))


@pytest.fixture
def screen(app):
    return pygame.Surface(SIZE)


def make_board(cards=FULL_DECK[:12]) -> tuple[Board, dict]:
    board = Board(CardImages(), CARD)
    background = pygame.Surface(SIZE)
    background.fill((18, 102, 52))
    pygame.draw.line(background, (240, 240, 240), (0, 300), (SIZE[0], 300), 3)
    board.set_background(background)
    targets = {c: Target((20 + 80 * i % 800, 40 + 120 * (i // 10)), i % 3 != 0, i) for i, c in enumerate(cards)}
    board.sync(targets, duration=0)
    return board, targets


def settle(board: Board, surface: pygame.Surface, frames: int = 200) -> list:
    drawn = []
    for _ in range(frames):
        board.update(1 / 120)
        drawn.append(board.draw(surface))
        if not board.is_animating():
            drawn.append(board.draw(surface))
            break
    return drawn


def full_repaint(board: Board, surface: pygame.Surface) -> bytes:
    board.invalidate()
    board.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def painted_whole(board: Board) -> bytes:
    """The painter's algorithm over the whole table: the background, the marks, every card at rest
    from the bottom up, the lifted cards' shadow, the lifted cards raised, the arrow (what the board
    paints rectangle by rectangle must look the same)."""
    surface = pygame.Surface(SIZE)
    board.background.draw(surface, surface.get_rect())
    for mark, kind in board._marks + board._hint_marks:
        g = board._glow_surface(kind)
        surface.blit(g, g.get_rect(center=mark.center))
    shown = _visible(board._ordered())
    lifted = [s for s in shown if s.lift > 0]
    for group in ([s for s in shown if s.lift <= 0], lifted):
        if group is lifted and lifted:
            rects = [board.shown_rect(s) for s in lifted]
            board._lift.paint(surface, rects[0].unionall(rects[1:]), max(s.lift for s in lifted))
        for s in group:
            r = board.shown_rect(s)
            if _glowing(s):
                g = board._glow_surface(s.glow)
                surface.blit(g, g.get_rect(center=r.center))
            img = board._image(s)
            img.blit(surface, (r.centerx - img.width // 2, r.centery - img.height // 2))
    if board._arrow is not None and not board._arrow.due:  # drawn whole (the board: in bands), as far as it grew
        poly, outline, _width = arrow_shape(*board.arrow, board.card_w)
        shown = board._arrow.shown_part()
        surface.blit(draw_arrow(surface.get_rect(), poly, outline, GLOW_COLOURS[HINT]), shown.topleft, shown)
    return pygame.image.tobytes(surface, "RGB")


def test_a_table_at_rest_draws_nothing_and_watches_no_card(screen):
    board, _ = make_board()
    assert board.draw(screen) is None  # the first frame is a full repaint
    assert board.draw(screen) == []
    assert not board._watch


def test_one_card_moving_dirties_its_old_and_new_place_only(screen):
    board, targets = make_board()
    settle(board, screen)
    card = FULL_DECK[5]
    old = board.sprite_rect(board.sprites[card])
    moved = dict(targets)
    moved[card] = Target((old.x + 6, old.y + 4), targets[card].face_up, targets[card].z)
    board.sync(moved, duration=0)
    assert board._watch == {board.sprites[card]}
    rects = board.draw(screen)
    area = old.union(board.sprite_rect(board.sprites[card]))
    assert rects and all(area.inflate(2 * COLUMN, 0).contains(r) for r in rects)
    assert pygame.Rect(rects[0]).unionall(rects).contains(area)
    assert not board._watch  # drawn where it stays: no longer looked at


def test_a_staggered_deal_looks_only_at_the_cards_under_way_and_paints_each_when_its_turn_comes(screen):
    board, targets = make_board()
    settle(board, screen)
    cards = FULL_DECK[:6]
    moved = dict(targets)
    for c in cards:
        moved[c] = Target((targets[c].pos[0] + 40, targets[c].pos[1] + 30), targets[c].face_up, targets[c].z)
    board.sync(moved, duration=0.2, stagger=0.1)
    board.update(1 / 60)
    board.draw(screen)
    assert not board._watch  # drawn; the next update says which cards it moved
    board.update(1 / 60)
    assert board._watch == {board.sprites[cards[0]]}  # the other five still wait for their turn
    board.draw(screen)
    for _ in range(40):
        board.update(1 / 60)
        board.draw(screen)
        assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)
    assert all(board.sprite_rect(board.sprites[c]).topleft == tuple(map(round, moved[c].pos)) for c in cards)


def test_cards_moving_at_opposite_corners_never_repaint_the_span_between(screen):
    board, targets = make_board()
    settle(board, screen)
    a, b = FULL_DECK[0], FULL_DECK[11]
    moved = dict(targets)
    moved[a] = Target((targets[a].pos[0] + 3, targets[a].pos[1]), targets[a].face_up, targets[a].z)
    moved[b] = Target((SIZE[0] - CARD_W - 5, SIZE[1] - CARD[1] - 5), targets[b].face_up, targets[b].z)
    board.sync(moved, duration=0)
    rects = board.draw(screen)
    assert sum(r.width * r.height for r in rects) < 4 * (CARD[0] + 2 * COLUMN) * CARD[1]


def test_dirty_rectangles_span_whole_columns_and_cover_what_they_merge():
    rng = random.Random(3)
    rects = [
        pygame.Rect(rng.randrange(900), rng.randrange(500), rng.randrange(1, 200), rng.randrange(1, 200))
        for _ in range(40)
    ]
    merged = merge(rects)
    for r in merged:
        assert r.x % COLUMN == 0 and r.right % COLUMN == 0
    for r in rects:
        assert any(m.contains(r) for m in merged)
    near = merge([pygame.Rect(100, 100, 80, 110), pygame.Rect(104, 103, 80, 110)])  # a card's slide
    assert len(near) == 1
    far = merge([pygame.Rect(0, 0, 80, 110), pygame.Rect(800, 480, 80, 110)])
    assert len(far) == 2


def test_a_rectangle_inside_another_is_painted_once():
    assert merge([pygame.Rect(0, 0, 320, 320), pygame.Rect(32, 32, 64, 64)]) == [pygame.Rect(0, 0, 320, 320)]


# (the app fixture only provides the display)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["move", "flip", "shake", "glow", "hint", "drag", "drop", "lift"]),
            st.integers(0, 11),
            st.integers(-300, 300),
            st.integers(-200, 200),
            st.integers(1, 30),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_the_board_drawn_piece_by_piece_equals_a_full_repaint(app, steps):
    screen = pygame.Surface(SIZE)
    board, targets = make_board()
    board.draw(screen)
    dragged: list = []
    for kind, i, dx, dy, frames in steps:
        card = FULL_DECK[i]
        t = targets[card]
        if kind == "move":
            targets[card] = Target(
                (min(max(0, t.pos[0] + dx), SIZE[0] - 10), min(max(0, t.pos[1] + dy), SIZE[1] - 10)), t.face_up, t.z
            )
            board.sync(targets, duration=0.2, stagger=0.02)
        elif kind == "flip":
            targets[card] = Target(t.pos, not t.face_up, t.z)
            board.sync(targets, duration=0.2)
        elif kind == "shake":
            board.shake(card)
        elif kind == "glow":
            board.set_glow({c for c in targets if (FULL_DECK.index(c) + dx) % 3 == 0})
        elif kind == "hint":
            board.set_hint({card}, [pygame.Rect(400, 400, *CARD)], ((100, 100), (300 + dx, 300 + dy)))
        elif kind == "lift" and not dragged:
            dragged = [card]
            board.lift(dragged)
        elif kind == "drag" and dragged:
            board.drag_to(dragged, [(200 + dx, 200 + dy)])
        elif kind == "drop" and dragged:
            board.drop_all()
            dragged = []
            board.sync(targets, duration=0.2)
        for _ in range(frames):
            board.update(1 / 60)
            board.draw(screen)
        piecemeal = pygame.image.tobytes(screen, "RGB")
        assert full_repaint(board, screen) == piecemeal
        assert piecemeal == painted_whole(board)
    board.drop_all()
    board.sync(targets, duration=0.1)
    settle(board, screen)
    assert not board._watch and not board.is_animating()


def test_a_hinted_card_keeps_its_hint_glow_when_the_playable_glow_changes(screen):
    board, targets = make_board()
    card = FULL_DECK[1]
    board.set_hint({card})
    board.set_glow(set(targets))
    assert board.sprites[card].glow == HINT
    board.set_hint(set())
    assert board.sprites[card].glow == 0


def column_under_a_flight(screen, places, to, hinted=None) -> tuple[Board, Card]:
    """A board of cards at `places` on plain felt, then a card that flies in to `to` over them."""
    board = Board(CardImages(), CARD)
    background = pygame.Surface(SIZE)
    background.fill((18, 102, 52))
    board.set_background(background)
    targets = {c: Target(place, True, i) for i, (c, place) in enumerate(zip(FULL_DECK, places))}
    board.sync(targets, duration=0)
    if hinted is not None:
        board.set_hint({FULL_DECK[hinted]})
    board.draw(screen)
    flying = FULL_DECK[20]
    targets[flying] = Target((400, 400), True, 50)
    board.sync(targets, duration=0)
    targets[flying] = Target(to, True, 50)
    board.sync(targets, duration=0.3)
    settle(board, screen)
    return board, flying


def test_a_fanned_column_drawn_over_and_over_looks_as_painted_whole(screen):
    board, _ = column_under_a_flight(screen, [(100 + 7 * (i % 2), 60 + 24 * i) for i in range(8)], (90, 100))
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)


@pytest.mark.parametrize("step", [3, corner_radius(CARD_W) - 1, corner_radius(CARD_W), 24, 60])
def test_a_straight_column_under_a_moving_card_looks_as_painted_whole_and_its_hidden_parts_are_not_painted(
    screen, step, monkeypatch
):
    """Cards of a column hide the ones under them but for a strip and the corners: the board paints
    only what shows, and the picture is the painter's, whatever the overlap (a tight one lets the
    bottom corners of a card show the one under it)."""
    from game.view.card_face import CardFace

    cards = FULL_DECK[:10]
    # a glowing card in the middle: its ring shows beside the ones on it
    board, flying = column_under_a_flight(screen, [(100, 40 + step * i) for i in range(10)], (110, 60), hinted=4)
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)
    drawn = []
    real = CardFace.blit
    monkeypatch.setattr(CardFace, "blit", lambda self, surface, pos: drawn.append(pos) or real(self, surface, pos))
    board.invalidate(pygame.Rect(100, 40, CARD[0], CARD[1] + 9 * step))
    board.draw(screen)
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)
    board.invalidate(pygame.Rect(100, 40 + 9 * step + corner_radius(CARD_W), CARD[0], 20))
    drawn.clear()
    board.draw(screen)
    painted = list(drawn)  # (the reference painter below draws faces too)
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)
    top, fly = board.sprite_rect(board.sprites[cards[-1]]).topleft, board.sprite_rect(board.sprites[flying]).topleft
    if step >= corner_radius(CARD_W):  # below the top card's corners: only it (and the card over it)
        assert painted and set(painted) <= {top, fly}
    else:  # the cards under the top one show through its bottom corners there
        assert len(set(painted) - {top, fly}) > 0


def test_a_slanting_hint_arrow_repaints_what_lies_under_it_not_its_whole_bounding_box(screen):
    board, _ = make_board()
    settle(board, screen)
    board.set_hint(set(), [], ((40, 40), (900, 560)))
    assert board.draw(screen) == [] and board.is_animating()  # the arrow comes a frame after the glow
    frames = []
    while board.is_animating():
        board.update(1 / 60)
        frames.append(board.draw(screen))
    area = [sum(r.width * r.height for r in rects) for rects in frames]
    box = pygame.Rect(40, 40, 860, 520)  # the arrow's bounding box, about
    assert sum(area) < box.width * box.height // 2
    assert len(board._arrow.pieces(board.card_w, GLOW_COLOURS[HINT])) > 3
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)
    board.set_hint(set())
    board.draw(screen)
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)  # and it leaves no trace


def test_a_new_arrow_grows_from_its_card_a_slab_a_frame_and_no_frame_draws_it_all(screen):
    board, _ = make_board()
    settle(board, screen)
    before = screen.copy()
    start, end = (700, 80), (60, 420)  # leftwards and down: it grows along x, from the right
    board.set_hint(set(), [], (start, end))
    board.draw(screen)
    board.update(1 / 60)
    first = board.draw(screen)
    assert first and all(r.right > 600 for r in first)  # only near the start
    assert screen.get_at((start[0] - 10, start[1] + 5)) != before.get_at((start[0] - 10, start[1] + 5))
    assert screen.get_at((end[0] + 8, end[1] - 4)) == before.get_at((end[0] + 8, end[1] - 4))  # not yet
    areas = [sum(r.width * r.height for r in first)]
    frames = 1
    while board.is_animating():
        board.update(1 / 60)
        areas.append(sum(r.width * r.height for r in board.draw(screen)))
        frames += 1
    assert frames == math.ceil(GROW_TIME * 60) and max(areas) < sum(areas) / 3
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)  # all of it in the end


def test_a_sliding_card_restores_the_background_only_where_its_body_will_not_cover_it(screen):
    board, targets = make_board()
    settle(board, screen)
    restored: list[pygame.Rect] = []
    draw = board.background.draw
    board.background.draw = lambda surface, rect: (restored.append(pygame.Rect(rect)), draw(surface, rect))
    card = FULL_DECK[4]  # face up, alone in its place
    t = targets[card]
    moved = dict(targets)
    moved[card] = Target((t.pos[0] + 6, t.pos[1] + 4), t.face_up, t.z)
    board.sync(moved, duration=0)
    dirty = board.draw(screen)
    repainted = sum(r.width * r.height for r in dirty)
    assert restored and sum(r.width * r.height for r in restored) < repainted * 0.4
    body = board._opaque_body(board.sprites[card])
    assert not any(r.colliderect(body) for r in restored)
    assert pygame.image.tobytes(screen, "RGB") == painted_whole(board)


def test_a_back_turning_over_is_squeezed_once_per_width_not_again_at_every_later_turn(screen, monkeypatch):
    from game.view.card_face import CardFace

    board, targets = make_board()
    settle(board, screen)
    squeezed: list[int] = []
    scaled = CardFace.scaled
    monkeypatch.setattr(CardFace, "scaled", lambda self, width: squeezed.append(width) or scaled(self, width))
    down = [c for c, t in targets.items() if not t.face_up]
    counts = []
    for card in down[:2]:  # one card turned face up, then another once the first is at rest
        targets[card] = Target(targets[card].pos, True, targets[card].z)
        board.sync(targets, duration=0.2)
        settle(board, screen)
        counts.append(len(squeezed) - sum(counts))
    assert counts[0] > counts[1] > 0  # each turn squeezes its face, the second no longer the back
    board.set_look(True, board.back_style)  # other colours: everything is drawn anew
    assert not board._back_steps


def test_a_layer_over_the_table_repaints_where_it_was_and_is_as_one():
    from game.view.dirty_rects import spanned

    was, now = pygame.Rect(10, 10, 20, 20), pygame.Rect(50, 15, 10, 10)
    assert spanned(was, now) == pygame.Rect(10, 10, 50, 20)
    assert spanned(None, now) == now and spanned(was, None) == was and spanned(None, None) is None
