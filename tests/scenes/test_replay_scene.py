"""The replay viewer: a replay played back on a table, paused at its start, stepped, played at each
speed, taken over ("Play from here"), and never recorded."""

from __future__ import annotations

import pygame
import pytest
from conftest import FRAME, click, key, run_frames, settle, touch_drag, touch_tap
from helpers.replays import play_random

from game.model.codes import DealCode
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.golf_rules import GolfRules
from game.model.replay import Replay
from game.scenes.base import Push
from game.scenes.dialog import DialogOverlay
from game.scenes.menu import MenuScene
from game.scenes.replay_scene import BEAT, END_LINE, SPEEDS, ReplayScene
from game.scenes.seat import Seat
from game.scenes.table import TableScene
from game.solver import deals, solve


def golf_won(index: int = 0) -> Replay:
    """A winning line of a listed Golf deal, as a replay."""
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[index])
    return Replay(game.code, solve(game).moves)


def random_replay(game, seed: int = 5, moves: int = 40) -> Replay:
    """Some legal moves from the deal (a replay of a game left or blocked on the way)."""
    played = play_random(game, [(seed * 7 + i * 13) % 97 for i in range(moves)])
    return Replay(played.code, played.move_stack)


def state(game) -> tuple:
    """What a position is: its cards, score, move count, status and the moves in its history."""
    return game.position_key(), game.score, game.moves, game.status, tuple(game.move_stack)


def at(scene: ReplayScene, index: int) -> bool:
    return state(scene.game) == state(scene.replay.position(index))


def button(scene: TableScene, action):
    return scene.hud.button_for(action)


def press(app, scene: TableScene, action) -> None:
    click(app, button(scene, action).rect.center)


def viewer(make_app, replay, start=0, note=None, better=None, size=(800, 480), **settings):
    """An app showing the menu, with the replay viewer opened over it; (app, scene)."""
    app = make_app(size=size, scene=MenuScene)
    for name, value in settings.items():
        setattr(app.settings, name, value)
    scene = ReplayScene(app.ctx, replay, start, note, better)
    app.apply(Push(scene))
    settle(app)
    return app, scene


# -- opening ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("start", [0, 7, "end"])
def test_it_opens_paused_at_the_position_before_move_start(make_app, start):
    replay = golf_won()
    start = len(replay) if start == "end" else start
    app, scene = viewer(make_app, replay, start)
    assert at(scene, start) and scene.index == start and not scene.playing
    run_frames(app, 240)
    assert at(scene, start)  # nothing moves by itself
    assert scene.seat is Seat.REPLAY and scene.progress is None and not scene.dealing


def test_the_band_counts_the_move_shown_of_the_replays_moves(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, 12)
    assert f"12 of {len(replay)}" in scene.hud_values()
    press(app, scene, scene.step_forward)
    assert f"13 of {len(replay)}" in scene.hud_values()


# -- playing ----------------------------------------------------------------------------------------
def move_times(app, scene, count: int) -> list[float]:
    """Play, and the simulated times at which the next `count` moves came; every position the right one."""
    times, clock, last = [], 0.0, scene.index
    while len(times) < count:
        app.step_frame(FRAME)
        clock += FRAME
        assert scene.index - last in (0, 1)  # one move at a time
        if scene.index != last:
            last = scene.index
            times.append(clock)
            assert at(scene, last)
        assert clock < 60
    return times


def test_play_makes_the_moves_one_by_one_and_each_speed_is_quicker(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay)
    gaps = {}
    for speed in SPEEDS:
        while scene.rate != speed:
            press(app, scene, scene.faster)
        scene.seek(0)
        settle(app)
        press(app, scene, scene.toggle)
        assert scene.playing
        times = move_times(app, scene, 6)
        press(app, scene, scene.toggle)
        assert not scene.playing
        gaps[speed] = (times[-1] - times[0]) / (len(times) - 1)
        moved = scene.index
        run_frames(app, 120)
        assert scene.index == moved  # paused
    assert gaps[1] > gaps[2] > gaps[4]
    assert gaps[1] >= BEAT  # a watchable pace: the move's flight and a rest
    assert gaps[1] / gaps[4] == pytest.approx(4, rel=0.1)


def test_a_replay_played_to_its_end_stops_there_and_says_so_without_a_win_panel(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, len(replay) - 3)
    audio = app.ctx.audio
    press(app, scene, scene.toggle)
    run_frames(app, int(10 * BEAT / FRAME))
    settle(app)
    assert scene.at_end and not scene.playing and scene.game.status == "won"
    assert app.top is scene and scene.caption.active and scene.caption.message == END_LINE
    assert "win" not in audio.played
    assert not button(scene, scene.step_forward).enabled and not button(scene, scene.play_from_here).enabled
    press(app, scene, scene.toggle)  # play again: from the deal
    assert scene.playing and scene.index <= 1


# -- stepping ---------------------------------------------------------------------------------------
def test_previous_and_next_move_land_exactly_on_the_replays_positions(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, 4)
    press(app, scene, scene.step_forward)
    assert at(scene, 5)
    press(app, scene, scene.step_back)
    press(app, scene, scene.step_back)
    assert at(scene, 3)
    key(app, pygame.K_RIGHT)
    assert at(scene, 4)
    key(app, pygame.K_LEFT)
    assert at(scene, 3)
    key(app, pygame.K_END)
    assert at(scene, len(replay))
    key(app, pygame.K_HOME)
    assert at(scene, 0) and not button(scene, scene.step_back).enabled
    press(app, scene, scene.step_back)  # nothing before the deal
    assert at(scene, 0)
    settle(app)
    for card, target in scene.targets().items():  # the cards rest where the position puts them
        assert scene.board.sprites[card].pos == pytest.approx(target.pos, abs=1)


def test_the_cards_are_not_the_players(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, 3)
    for col in range(7):
        pile = scene.game.columns[col]
        if pile:
            click(app, scene.layout.card_rect(col, len(pile) - 1, len(pile)).center)
    touch_tap(app, scene.layout.stock.center)
    settle(app)
    assert at(scene, 3) and app.top is scene


# -- the note and the better move ---------------------------------------------------------------------
def test_the_note_and_the_better_move_show_at_their_position(make_app):
    replay = golf_won()
    start = 6
    before = replay.position(start)
    better = next(m for m in before.legal_moves() if m != replay.moves[start])
    card = before.stock[-1] if better.column is None else before.columns[better.column][-1]
    app, scene = viewer(make_app, replay, start, note="You drew too soon", better=better)
    assert scene.caption.active and scene.caption.message == "You drew too soon"
    assert card in scene.board.hinted and scene.board.arrow is not None
    assert not app.is_animating()  # the line stands: the frames rest
    press(app, scene, scene.step_forward)
    settle(app)
    assert not scene.board.hinted
    assert not (scene.caption.active and scene.caption.message == "You drew too soon")
    press(app, scene, scene.step_back)
    settle(app)
    assert card in scene.board.hinted and scene.caption.active and scene.caption.message == "You drew too soon"


def test_a_better_move_that_is_not_legal_there_is_not_marked(make_app):
    replay = golf_won()
    legal = replay.position(2).legal_moves()
    refused = next(m for m in replay.moves if m not in legal)
    app, scene = viewer(make_app, replay, 2, better=refused)
    assert not scene.board.hinted and scene.board.arrow is None


# -- leaving, and taking over -------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["button", "esc"])
def test_back_returns_where_the_replay_was_opened_from(make_app, how):
    app, scene = viewer(make_app, golf_won(), 5)
    if how == "button":
        press(app, scene, scene.close)
    else:
        key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1


def test_watching_records_nothing(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, animation_speed="off")
    progress = app.ctx.progress
    press(app, scene, scene.toggle)
    run_frames(app, int((len(replay) + 2) * BEAT / FRAME))
    assert scene.at_end and scene.game.status == "won"
    press(app, scene, scene.close)
    assert progress.game is None and progress.saved() is None
    assert progress.stats.summary("golf", "easy").played == 0 and progress.stats.options("golf") == {}


def test_play_from_here_gives_the_player_a_new_game_of_the_deal_at_that_position(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, 9)
    press(app, scene, scene.play_from_here)
    settle(app)
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, ReplayScene) and len(app.stack) == 1
    assert table.seat is Seat.PLAYER and state(table.game) == state(replay.position(9))
    progress = app.ctx.progress
    assert progress.game is table.game and progress.saved()[0].code == str(replay.deal)
    assert progress.demo_moves == 1 and progress.player_moves == 0  # the replay's moves: a win is assisted
    assert table.game.can_undo
    table.undo()
    settle(app)
    assert state(table.game)[0] == replay.position(8).position_key()
    move = next(iter(table.game.legal_moves()))
    table.attempt(move)
    settle(app)
    app.apply(table.go_new_game())
    run_frames(app)
    if isinstance(app.top, DialogOverlay):  # the game has moves: the question first
        click(app, app.top.buttons[1].rect.center)
    rows = progress.stats.results("golf", "easy")
    assert [r[0] for r in rows] == ["assisted"]  # one new game of the deal, never the replay's own


def test_play_from_the_deal_is_a_game_of_the_deal_dealt(make_app):
    replay = golf_won()
    app, scene = viewer(make_app, replay, 0)
    press(app, scene, scene.play_from_here)
    table = app.top
    assert isinstance(table, TableScene) and table.dealing and not table.from_replay
    settle(app)
    assert app.ctx.progress.demo_moves == 0 and state(table.game) == state(replay.position(0))


def test_play_from_here_asks_first_when_a_saved_game_would_be_given_up(make_app):
    app = make_app(size=(800, 480))
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    app.top.attempt(next(iter(game.legal_moves())))
    settle(app)
    replay = golf_won()
    scene = ReplayScene(app.ctx, replay, 5)
    app.apply(Push(scene))
    settle(app)
    press(app, scene, scene.play_from_here)
    assert isinstance(app.top, DialogOverlay)
    key(app, pygame.K_ESCAPE)  # no: the replay stays
    assert app.top is scene
    press(app, scene, scene.play_from_here)
    click(app, app.top.buttons[1].rect.center)  # yes
    settle(app)
    assert isinstance(app.top, TableScene) and state(app.top.game) == state(replay.position(5))
    assert [r[0] for r in app.ctx.progress.stats.results("golf", "easy")] == ["abandoned"]


# -- every rule set and cell count, at both sizes ----------------------------------------------------
EVERY = [GolfGame.from_code(DealCode("golf", rules.variant, 40)) for rules in GolfRules.every()] + [
    EightOffGame.new(cells, 40) for cells in (8, 4, 2)
]
#: A few of them for the fast tier: Golf's three rule families (a joker, a wrap), each cell count.
SAMPLE = ("golf-easy", "golf-strict+w", "golf-classic+j2+z", "golf-easy+d", "eightoff-8", "eightoff-4", "eightoff-2")
SOME = [g for g in EVERY if g.kind_id in SAMPLE]


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("game", SOME, ids=lambda g: g.kind_id)
def test_golf_and_eightoff_play_back_exactly_at_both_sizes(make_app, game, size):
    plays_back_exactly(make_app, game, size)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("game", EVERY, ids=lambda g: g.kind_id)
def test_every_rule_set_and_cell_count_plays_back_exactly(make_app, game, size):
    plays_back_exactly(make_app, game, size)


def plays_back_exactly(make_app, game, size) -> None:
    replay = random_replay(game.root())
    app, scene = viewer(make_app, replay, 2, size=size, animation_speed="fast")
    assert at(scene, 2)
    press(app, scene, scene.toggle)
    while scene.playing:
        run_frames(app, 30)
        assert at(scene, scene.index)
    settle(app)
    assert at(scene, len(replay)) and app.top is scene
    press(app, scene, scene.step_back)
    assert at(scene, len(replay) - 1)
    buttons = [b for b in scene.hud.buttons if b.visible]
    least = scene.hud.design.target
    assert all(b.hit_area.height >= least and b.rect.width >= least for b in buttons)  # finger-sized
    assert all(b.rect.right <= size[0] and b.rect.left >= 0 for b in buttons)
    top = scene.timeline.rect.top if scene.timeline.active else size[1]
    assert all(scene.target_rect(c).bottom <= top for c in scene.targets())  # every card above the timeline


# -- the timeline ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_timeline_shows_the_move_pressed_or_dragged_to_and_the_cards_rest_above_it(make_app, size):
    replay = golf_won()
    app, scene = viewer(make_app, replay, 0, size=size)
    strip = scene.timeline.rect
    assert strip.height >= scene.hud.design.target and strip.bottom == size[1]
    track = scene.timeline.track()
    press(app, scene, scene.toggle)
    click(app, (track.x + track.width // 2, strip.centery))  # a press pauses there
    assert not scene.playing and at(scene, round(len(replay) / 2))
    touch_drag(app, (track.x + track.width // 2, strip.centery), (track.right, strip.centery))
    settle(app)
    assert at(scene, len(replay)) and scene.caption.message == END_LINE
    touch_drag(app, (track.right, strip.centery), (track.x - 20, strip.centery))
    settle(app)
    assert at(scene, 0)
    assert all(r.bottom <= strip.top for r in (scene.target_rect(c) for c in scene.targets()))
