"""The "still winnable?" light. Off by default; with it on, after every move the table
shows winnable, lost or thinking, from the solver worker (never blocking a frame), turning red at
the move that lost the game, and never naming the winning move."""

from __future__ import annotations

import pygame
from conftest import click, key, run_frames, settle

from game.model.golf import GolfGame
from game.scenes.tables import open_table
from game.scenes.winnable_light import Verdict


def one_wrong_move():
    """Waste 5: playing the 4 first wins (then the 7 drawn takes the 6); playing the 6 loses."""
    return GolfGame.from_layout([["6H"], ["4D"], [], [], [], [], []], ["5S"], ["7C"], rule="classic")


def table(make_app, game, on=True, held=False):
    app = make_app(size=(1280, 720))
    app.ctx.settings.winnable_light = on
    app.ctx.jobs.held = held
    scene = open_table(app.ctx, game)
    app.replace(scene)
    settle(app)
    return app, scene


def free_card(scene, column):
    pile = scene.game.columns[column]
    return scene.layout.card_rect(column, len(pile) - 1, len(pile)).center


def test_the_light_is_off_by_default(make_app):
    from game.settings import Settings

    assert Settings().winnable_light is False
    app, scene = table(make_app, one_wrong_move(), on=False)
    assert scene.light.verdict is Verdict.OFF and scene.hud.light is None
    click(app, free_card(scene, 0))
    settle(app)
    assert scene.light.verdict is Verdict.OFF


def test_the_light_turns_red_at_the_move_that_lost_the_game(make_app):
    app, scene = table(make_app, one_wrong_move())
    assert scene.light.verdict is Verdict.WINNABLE and scene.hud.light is scene.light
    click(app, free_card(scene, 0))  # the 6: now the 4 can never go
    settle(app)
    assert scene.light.verdict is Verdict.LOST and scene.light.turned_at == scene.game.moves == 1
    click(app, scene.layout.stock.center)  # a move from a lost position stays lost, with no search
    run_frames(app)
    assert scene.light.verdict is Verdict.LOST and scene.light.job is None
    assert scene.light.turned_at is None  # red since the move before, not turning now
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # both undone: winnable again
    settle(app)
    assert scene.game.moves == 2 and scene.light.verdict is Verdict.WINNABLE


def test_the_light_thinks_without_blocking_and_answers_later(make_app):
    app, scene = table(make_app, one_wrong_move(), held=True)
    scene.light.verdict = Verdict.UNKNOWN
    scene.assist.line = None
    scene.light.changed()
    assert scene.light.verdict is Verdict.THINKING
    run_frames(app, 5)  # frames go on while the answer is held back
    assert scene.light.verdict is Verdict.THINKING
    app.ctx.jobs.held = False
    settle(app)
    assert scene.light.verdict is Verdict.WINNABLE


def test_an_answer_that_comes_with_no_input_is_drawn_at_once(make_app):
    """The verdict comes in a frame with no event and nothing moving: that frame still draws it
    (the monkey found a screen showing "thinking" after the answer)."""
    app, scene = table(make_app, one_wrong_move(), held=True)
    scene.light.verdict = Verdict.UNKNOWN
    scene.assist.line = None
    scene.light.changed()
    settle(app)
    rect = scene.hud.light_rect
    thinking = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    app.ctx.jobs.held = False
    for _ in range(100_000):  # frames with no event, until the answer is in
        if scene.light.verdict is not Verdict.THINKING:
            break
        app.step_frame(1 / 60, [])
    assert scene.light.verdict is Verdict.WINNABLE
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") != thinking


def test_the_light_never_shows_a_hint(make_app):
    app, scene = table(make_app, one_wrong_move())
    click(app, free_card(scene, 1))  # the right move: still winnable, and no card is pointed at
    settle(app)
    assert scene.light.verdict is Verdict.WINNABLE and not scene.board._hinted
    words = scene.light.words()
    assert "4" not in words and "6" not in words and words == "This position can still be won."
    assert scene.progress is None or scene.progress.hints == 0


def test_a_tap_on_the_light_says_it_in_words(make_app):
    app, scene = table(make_app, one_wrong_move())
    click(app, scene.hud.light_rect.center)
    run_frames(app, 3)
    assert scene.toast.active and scene.toast.message == "This position can still be won."


def test_a_hint_after_the_lights_verdict_follows_its_line(make_app):
    """The light's line comes from the worker as the game's moves, not the solver's raw ones ('draw',
    a column number), so a hint that follows it works."""
    app, scene = table(make_app, one_wrong_move())  # a layout: no shipped line, the light asked the solver
    assert scene.light.verdict is Verdict.WINNABLE
    line = scene.assist.known_line()
    assert line and all(isinstance(m, type(scene.game.legal_moves()[0])) for m in line)
    scene.hint()
    settle(app)
    assert scene.assist.hint_key == scene.assist.key
