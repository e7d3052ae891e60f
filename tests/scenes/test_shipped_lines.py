"""A listed deal's winning line ships with the game: its first hint and its demo need no search.

The solver is held (``app.ctx.jobs.held``): a question put to it is never answered, so whatever
shows at once came from the shipped line, and a question left out shows that it was asked.
"""

from __future__ import annotations

import pygame
import pytest
from conftest import click, key, run_frames, settle
from helpers.assist import button, run_until, table_with

from game.model.moves import GolfMove
from game.solver import deals

KINDS = ["golf-easy", "golf-classic", "eightoff-8", "eightoff-4", "eightoff-2"]


def held_table(make_app, kind: str, index: int = 0):
    number = deals.listed(kind)[index]
    app, scene = table_with(make_app, deals.make_game(kind, number))
    app.ctx.jobs.held = True
    return app, scene, deals.known_line(kind, number)


@pytest.mark.parametrize("kind", KINDS)
def test_the_first_hint_on_a_listed_deal_is_its_shipped_lines_first_move_with_no_question(make_app, kind):
    app, scene, line = held_table(make_app, kind)
    key(app, pygame.K_h)
    settle(app)
    assert not app.ctx.jobs.busy  # nothing was asked
    assert scene.assist.known_line() == line
    assert scene.board.hinted  # the hint is on the table already
    assert app.ctx.progress.hints == 1


def test_a_player_who_follows_the_line_gets_each_next_hint_from_it(make_app):
    app, scene, line = held_table(make_app, "golf-easy", 3)
    for move in line[:4]:
        key(app, pygame.K_h)
        settle(app)
        assert not app.ctx.jobs.busy and scene.board.hinted
        assert scene.make_move(move)  # the player plays the hinted move
        settle(app)
    assert scene.assist.known_line() == line[4:]


def test_a_deal_played_off_its_line_asks_the_solver(make_app):
    app, scene, line = held_table(make_app, "golf-easy", 1)
    other = next(m for m in scene.game.legal_moves() if m != line[0])
    assert scene.make_move(other)
    settle(app)
    key(app, pygame.K_h)
    run_frames(app, 5)
    assert app.ctx.jobs.busy and not scene.board.hinted  # asked, waiting for the (held) answer
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undone back onto the line: the question is dropped
    settle(app)
    key(app, pygame.K_h)
    settle(app)
    assert not app.ctx.jobs.busy and scene.board.hinted
    assert scene.assist.known_line() == line


@pytest.mark.parametrize("kind", ["golf-classic", "eightoff-8"])
def test_watch_on_a_listed_deal_plays_its_shipped_line_to_a_win_with_no_question(make_app, kind):
    app, scene, _line = held_table(make_app, kind, 2)
    run_until(app, lambda: not scene.board.is_animating())
    click(app, button(scene, "Watch").rect.center)
    run_until(app, lambda: scene.game.status == "won", frames=60 * 600)
    assert scene.game.status == "won"
    assert not app.ctx.jobs.busy


def test_a_listed_deal_whose_line_is_unusable_asks_the_solver(make_app, monkeypatch):
    monkeypatch.setattr(deals, "line_of_steps", lambda game: iter(()))  # (known_line logs why, tested there)
    app, scene, _line = held_table(make_app, "golf-easy")
    key(app, pygame.K_h)
    run_frames(app, 5)
    assert app.ctx.jobs.busy and not scene.board.hinted


def test_the_shipped_line_is_checked_a_few_moves_at_a_time_in_spare_time_never_in_a_frame(make_app, monkeypatch):
    """Checking a line through the model is work enough to make, as one piece, the frame after the
    deal the slowest of all: it is done a few moves at a time, in frames' spare time."""
    from game.scenes.assist import SHIPPED_MOVES_PER_PIECE

    made = []
    real = deals.line_of_steps

    def counted(game):
        steps = real(game)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value
            made.append(1)
            yield

    monkeypatch.setattr(deals, "line_of_steps", counted)
    app = make_app(size=(1280, 720))
    app.replace(app.ctx.scenes.table(deals.make_game("golf-easy", deals.listed("golf-easy")[0]), {}))
    scene = app.stack[0]
    run_frames(app, 200)  # the deal and the cards at rest, frames alone
    assert made == [] and scene.assist._shipped is None
    assert scene.board.spare_work()  # (the board's own piece first: the faces to keep, now at rest)
    assert app.stack[-1].spare_work()  # (the table, or an overlay over it, passes it on)
    assert 0 < len(made) <= SHIPPED_MOVES_PER_PIECE
    assert app.use_spare_time(10.0) > 1  # the rest, piece by piece
    assert scene.assist._shipped and not app.stack[-1].spare_work()
    read = len(made)
    app.ctx.jobs.held = True
    key(app, pygame.K_h)
    settle(app)
    key(app, pygame.K_h)
    assert len(made) == read and not app.ctx.jobs.busy  # the hint from it, with no question
    assert isinstance(scene.assist.known_line()[0], GolfMove)


def test_a_question_before_the_spare_time_came_reads_the_shipped_line_at_once(make_app):
    app, scene, line = held_table(make_app, "eightoff-8")
    settle(app)
    assert scene.assist._shipped is None
    assert scene.assist.known_line() == line
