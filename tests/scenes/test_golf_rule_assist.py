"""Hints, the demo, "where did I lose it" and attract mode under Golf rule sets that are no preset
and have no deal list of their own: Classic with two jokers, and the strict rule with the empty
start. Played with posted events and the inline solver, as tests/scenes/test_assist.py."""

from __future__ import annotations

import functools

import pytest
from conftest import answered, click, run_frames, touch_tap
from helpers.assist import button, run_until, table_with
from helpers.tables import is_golf

from game import registry
from game.model import IllegalMove
from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.scenes.attract_banner import AttractBanner
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel
from game.scenes.menu import MenuScene
from game.scenes.seat import Seat
from game.settings import Settings
from game.solver import deals, solve
from game.solver.analysis import analyse, current_line
from game.solver.moves import apply_move, copy_game, replays_to_win

RULE_SETS = ["classic+j2", "strict+z"]


@functools.cache
def solver_knows(rule: str) -> bool:
    """Whether the Golf solver's lines obey this rule set (a solver that knows nothing of the strict
    draw or the dead King gives lines the model refuses)."""
    for number in range(1, 40):
        game = registry.kind(f"golf-{rule}").deal(number)
        result = solve(game, 300_000)
        if result.verdict == "winnable":
            try:
                return replays_to_win(game, result.moves)
            except IllegalMove:
                return False
    return False


def deals_know(rule: str) -> bool:
    """Whether game/solver/deals.py takes a rule set with no deal list of its own as an empty one (its
    search for a winnable deal refuses such a kind until it does)."""
    try:
        deals.scanned(f"golf-{rule}")
    except ValueError:
        return False
    return True


def rule_sets(search: bool = False):
    """The rule sets to play, each skipped while the solver cannot serve it yet (`search`: the demo
    also needs a search for a winnable deal of a kind with no deal list)."""
    out = []
    for rule in RULE_SETS:
        why = None
        if not solver_knows(rule):
            why = f"the Golf solver's lines do not obey {rule}"
        elif search and not deals_know(rule):
            why = f"game/solver/deals.py does not search golf-{rule}, which has no deal list"
        out.append(pytest.param(rule, marks=pytest.mark.skipif(why is not None, reason=why or "")))
    return out


def winnable_deal(rule: str, skip: int = 0) -> GolfGame:
    """A deal of this rule set that the solver proves winnable (the `skip`-th such)."""
    for number in range(1, 400):
        game = GolfGame.new(rule, number)
        if solve(game, 500_000).verdict == "winnable":
            if skip == 0:
                return game
            skip -= 1
    raise AssertionError(f"no winnable deal of {rule}")


@pytest.mark.parametrize("rule", rule_sets())
def test_a_hint_under_the_rule_set_is_legal_and_keeps_the_deal_winnable(make_app, rule):
    game = winnable_deal(rule, 1)
    for move in list(solve(game).moves)[:4]:
        apply_move(game, move)
    app, scene = table_with(make_app, game, size=(800, 480))
    touch_tap(app, scene.hud.button_for(scene.hint).rect.center)  # (at 800x480 it shows an icon)
    answered(app)
    move = scene.assist.known_line()[0]
    assert move in game.legal_moves() and scene.board.hinted and scene.board.arrow is not None
    after = copy_game(game)
    apply_move(after, move)
    assert solve(after).verdict == "winnable"


@pytest.mark.parametrize("rule", rule_sets(search=True))
def test_watch_in_the_menu_finds_a_deal_of_the_rule_set_and_plays_it_to_the_win(make_app, rule):
    app = make_app(size=(800, 480), scene=MenuScene, settings=Settings(fullscreen=False, golf_rule=rule))
    touch_tap(app, app.top.watch_button.rect.center)
    run_until(app, lambda: is_golf(app.stack[0]))
    demo = app.stack[0]
    assert demo.game.rule == rule and demo.watching and demo.guaranteed
    run_until(app, lambda: demo.game.status != "playing")
    assert demo.game.status == "won" and demo.assist.demo_won
    assert app.ctx.progress.stats.options("golf") == {}  # a watched demo is nobody's game


@pytest.mark.parametrize("rule", rule_sets())
def test_a_blocked_game_under_the_rule_set_says_where_the_win_was_lost_and_goes_back(make_app, rule):
    game = lost_game(rule)
    expected = analyse(game, 500_000)
    app, scene = table_with(make_app, game, size=(800, 480))
    answered(app)
    overlay = app.top
    assert shows(overlay, BlockedPanel) and overlay.lines()[0] == scene.hud.title
    said = " ".join(overlay.lines())
    assert "This deal could be won." in said and "The win was lost" in said
    click(app, button(overlay, "Go back there").rect.center)
    run_until(app, lambda: not scene.assist.playing and not scene.board.is_animating())
    assert app.top is scene and game.status == "playing" and solve(game).verdict == "winnable"
    assert len(current_line(game)) == expected.last_winnable


def lost_game(rule: str) -> GolfGame:
    """A winnable deal played half along a winning line, then carelessly until it blocks, lost
    somewhere on the way."""
    for skip in range(20):
        game = winnable_deal(rule, skip)
        line = list(solve(game).moves)
        for move in line[: len(line) // 2]:
            apply_move(game, move)
        while game.status == "playing":
            legal = game.legal_moves()
            apply_move(game, GolfMove.DRAW if GolfMove.DRAW in legal else legal[-1])
        if game.status == "blocked" and analyse(game, 500_000).last_winnable is not None:
            return game
    raise AssertionError(f"no lost game of {rule}")


@pytest.mark.parametrize("rule", rule_sets(search=True))
def test_attract_mode_plays_the_rule_set_chosen_though_it_has_no_deal_list(make_app, rule):
    assert not registry.kind(f"golf-{rule}").has_deal_list or rule == "classic+j2"
    app = make_app(
        size=(800, 480),
        kiosk=True,
        settings=Settings(fullscreen=False, golf_rule=rule, last_game="golf", animation_speed="fast"),
    )
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    app.step_frame(3.1 * 60)  # left alone for the idle minutes
    run_frames(app, 3)
    assert app.attract.active
    run_until(app, lambda: app.attract.table is not None)
    demo = app.attract.table
    assert demo is app.stack[0] and demo.seat is Seat.ATTRACT and demo.game.rule == rule
    banner = next(s for s in app.stack if isinstance(s, AttractBanner))
    assert banner.rect == demo.hud.rect
    run_until(app, lambda: demo.game.status != "playing" or app.stack[0] is not demo)
    assert demo.game.status == "won"  # the demo won it; then the next demo comes
    run_until(app, lambda: app.stack[0] is not demo)
    assert type(app.stack[0].game).__name__ == "EightOffGame" and app.attract.cycles == 2
    assert app.settings.golf_rule == rule and app.ctx.progress.stats.options("golf") == {}
    touch_tap(app, (400, 240))
    assert isinstance(app.top, MenuScene) and not app.attract.active


def test_the_guard_knows_the_presets():
    """The skip above is only for a solver that does not know a rule set yet: Easy it always knows."""
    assert solver_knows("easy") and solver_knows("classic")
