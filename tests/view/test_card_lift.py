"""The card lifts, driven by posted mouse and touch events on the simulated clock:
a dragged card or group rises a few pixels over a soft shadow, settles back with an ease when it is
dropped, the hint's arrow and glow are hidden while it is dragged, and a frame of the drag repaints
about what moves."""

from __future__ import annotations

import pygame
import pytest
from conftest import run_frames, settle

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.tables import open_table
from game.view.board import COLUMN
from game.view.lift import LIFT_TIME, SETTLE_TIME

FRAME = 1 / 60


def eightoff() -> EightOffGame:
    cols = [["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C", "AS"], ["5C"], [], [], [], []]
    return EightOffGame.from_layout(cols, [None] * 8)


@pytest.fixture
def table(make_app):
    def make(game, size=(800, 480), **settings):
        app = make_app(size=size)
        for k, v in settings.items():
            setattr(app.settings, k, v)
        scene = open_table(app.ctx, game)
        app.replace(scene)
        settle(app)
        run_frames(app, 30)  # past the table's first 0.3 s, which take no press (animations off too)
        return app, scene

    return make


def sprite(scene, card: str):
    return next(s for c, s in scene.board.sprites.items() if str(c) == card)


def press(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run_frames(app)


def motion(app, pos, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    run_frames(app, frames)


def release(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run_frames(app)


def grab_point(scene, card: str) -> tuple[int, int]:
    rect = scene.board.sprite_rect(sprite(scene, card))
    return rect.centerx, rect.top + 6


def darker(a: pygame.Color, b: pygame.Color) -> bool:
    return a.r + a.g + a.b < b.r + b.g + b.b - 15


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_dragged_run_rises_over_a_shadow_and_settles_back_when_dropped(table, size):
    app, scene = table(eightoff(), size=size)
    board = scene.board
    a = grab_point(scene, "9H")
    press(app, a)
    motion(app, (a[0] + 60, a[1] + 90), frames=round(LIFT_TIME / FRAME) + 2)
    run_cards = ["9H", "8H", "7H"]
    assert sorted(map(str, board.lifted)) == sorted(run_cards)
    lift = board._lift
    for card in run_cards:
        s = sprite(scene, card)
        assert s.lift == 1.0
        assert board.shown_rect(s) == board.sprite_rect(s).move(0, -lift.raise_by)  # raised, a few px
    assert 3 <= lift.raise_by <= 10
    # the shadow: darker felt just below the group and to its right, where there was plain felt
    group = board.shown_rect(sprite(scene, "9H")).union(board.shown_rect(sprite(scene, "7H")))
    below = (group.centerx, group.bottom + lift.offset[1] // 2 + 1)
    right = (group.right + lift.offset[0] // 2 + 1, group.centery)
    for point in (below, right):
        assert darker(app.screen.get_at(point), board.background.get_at(point)), point
    release(app, (a[0] + 60, a[1] + 90))  # over nothing that takes them: they fly home, settling
    s = sprite(scene, "9H")
    assert 0 < s.lift < 1  # on its way down: an ease, not a jump
    heights = []
    for _ in range(round(SETTLE_TIME / FRAME)):
        heights.append(board.sprite_rect(s).top - board.shown_rect(s).top)
        run_frames(app)
    assert heights == sorted(heights, reverse=True) and heights[0] > heights[-1]
    settle(app)
    assert not board.lifted and s.lift == 0 and board._shadow is None
    assert board.shown_rect(s) == board.sprite_rect(s)
    # nothing of the shadow is left on the felt: the screen is what a full repaint gives
    shown = pygame.image.tobytes(app.screen, "RGB")
    scene.invalidate()
    run_frames(app)
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def dealt() -> EightOffGame:
    return EightOffGame.from_code("EO1-C8-AAAAAFA")  # a listed deal: its hint needs no search


def a_top_card_not_hinted(scene) -> str:
    return next(str(col[-1]) for col in scene.game.columns if col and col[-1] not in scene.board.hinted)


def test_the_hint_hides_while_dragging_and_comes_back_if_nothing_moved(table):
    app, scene = table(dealt())
    scene.hint()
    settle(app)
    board = scene.board
    arrow, hinted = board.arrow, board.hinted
    assert arrow is not None and hinted
    a = grab_point(scene, a_top_card_not_hinted(scene))
    press(app, a)
    motion(app, (a[0] + 50, a[1] + 60), frames=3)
    assert board.arrow is None and not board.hinted and not board._hint_marks
    assert all(s.glow != 2 for s in board.sprites.values())  # no light-blue hint glow
    release(app, (a[0] + 50, a[1] + 60))  # back home: nothing moved
    settle(app)
    assert board.arrow == arrow and board.hinted == hinted


def test_a_hint_that_the_drop_made_old_stays_away(table):
    app, scene = table(dealt())
    scene.hint()
    settle(app)
    board = scene.board
    assert board.arrow is not None
    card = a_top_card_not_hinted(scene)
    a = grab_point(scene, card)
    cell = next(r for r, c in zip(scene.layout.cells, scene.game.cells) if c is None)
    rect = board.sprite_rect(sprite(scene, card))
    to = (a[0] + cell.x - rect.x, a[1] + cell.y - rect.y)  # the card's corner onto a free cell's
    press(app, a)
    motion(app, to, frames=3)
    release(app, to)
    settle(app)
    assert scene.game.moves == 1 and board.arrow is None and not board.hinted


def test_a_dragged_golf_card_loses_its_glow_and_gets_it_back_when_it_lands(table):
    game = GolfGame.from_layout([["KS", "6H"], ["9D"]] + [[]] * 5, ["5S"], ["2C"])
    app, scene = table(game, highlight_playable=True)
    s = sprite(scene, "6H")
    assert s.glow  # playable: it glows gold
    rect = scene.board.sprite_rect(s)
    press(app, rect.center)
    motion(app, (rect.centerx + 40, rect.centery - 50), frames=4)
    assert s.lift > 0 and s.drawn_rect == scene.board.shown_rect(s)  # drawn without its glow's margin
    release(app, (rect.centerx + 40, rect.centery - 50))
    settle(app)
    assert s.lift == 0 and s.drawn_rect == scene.board.shown_rect(s).inflate(
        2 * scene.board._glow_pad, 2 * scene.board._glow_pad
    )


def test_a_drop_that_moves_refreshes_the_board_once_and_the_uncovered_card_lights_up_as_it_lands(table):
    """The drop's frame repaints the move only, and works out the playable cards once (a second
    refresh after the move did it all again: the slowest drag frames); they light up as the card
    lands."""
    game = EightOffGame.from_layout([["AS", "5H"], ["6H"]] + [[]] * 6, [None] * 8)
    app, scene = table(game, size=(1280, 720), highlight_playable=True)
    ace = sprite(scene, "AS")
    assert not ace.glow
    a = grab_point(scene, "5H")
    target = scene.board.sprite_rect(sprite(scene, "6H")).move(0, scene.layout.step(2))
    to = (
        a[0] + target.x - scene.board.sprite_rect(sprite(scene, "5H")).x + 15,  # a little off:
        a[1] + target.y - scene.board.sprite_rect(sprite(scene, "5H")).y + 9,
    )  # it has to land
    press(app, a)
    motion(app, to, frames=4)
    refreshes = []
    real = scene.refresh
    scene.refresh = lambda *args, **kw: refreshes.append(1) or real(*args, **kw)
    release(app, to)
    assert [str(c) for c in scene.game.columns[1]] == ["6H", "5H"] and len(refreshes) == 1
    assert not ace.glow and scene.board.is_animating()  # the card is still landing
    settle(app)
    assert ace.glow


def test_with_animations_off_the_lift_is_immediate(table):
    app, scene = table(eightoff(), animation_speed="off")
    a = grab_point(scene, "7H")
    press(app, a)
    motion(app, (a[0] + 40, a[1] + 40))
    assert sprite(scene, "7H").lift == 1.0
    release(app, (a[0] + 40, a[1] + 40))
    assert sprite(scene, "7H").lift == 0.0 and not scene.board.lifted


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_frame_of_a_drag_repaints_about_what_moves(table, size):
    app, scene = table(eightoff(), size=size)
    board = scene.board
    painted: list = []
    draw = board.draw

    def counting(surface):
        rects = draw(surface)
        painted.append(rects)
        return rects

    board.draw = counting
    a = grab_point(scene, "9H")
    press(app, a)
    motion(app, (a[0] + 30, a[1] + 30), frames=round(LIFT_TIME / FRAME) + 2)
    painted.clear()
    motion(app, (a[0] + 36, a[1] + 34))  # one step of the drag, the cards already up
    rects = [r for frame in painted for r in (frame or [])]
    assert painted and all(frame is not None for frame in painted)  # never the whole screen
    lift = board._lift
    group = board.shown_rect(sprite(scene, "9H")).union(board.shown_rect(sprite(scene, "7H")))
    reach = lift.box(group, 1.0).inflate(2 * COLUMN + 12, 12)  # the group, its shadow, a step's travel
    assert sum(r.width * r.height for r in rects) <= 2 * reach.width * reach.height
    release(app, (a[0] + 36, a[1] + 34))


def test_a_hint_asked_for_during_a_drag_waits_for_the_drop(table):
    app, scene = table(dealt())
    board = scene.board
    card = a_top_card_not_hinted(scene)
    a = grab_point(scene, card)
    press(app, a)
    motion(app, (a[0] + 50, a[1] + 60), frames=3)
    scene.assist.hint()  # (as if its answer came now: a listed deal's hint needs no search)
    run_frames(app, 3)
    assert board.arrow is None and not board.hinted  # not while the card is held
    release(app, (a[0] + 50, a[1] + 60))
    settle(app)
    assert board.arrow is not None and board.hinted


def test_a_card_drawn_before_it_has_risen_still_comes_down_when_dropped(table):
    # a frame drawn with no simulation step between the pick-up and the paint still knows the card is
    # held, and the drop lets go of it
    app, scene = table(eightoff())
    board = scene.board
    s = sprite(scene, "7H")
    board.lift([s.card])
    board.draw(app.screen)  # before any update: its lift is still 0
    board.drop_all()
    scene.refresh()
    settle(app)
    assert not s.dragging and s.pos == scene.targets()[s.card].pos and not board.lifted
