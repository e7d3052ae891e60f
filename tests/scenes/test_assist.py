"""Hints, winnable-only deals, "where did I lose it" and the demo, played through the scenes.

The solver answers inline (conftest's make_app): each answer is computed in the frame that first
asks for it, so every run sees the same answers in the same frames; a slow solve is played by
holding the answers back (``app.ctx.jobs.held``). The tests at the end run the real worker process
end to end: they wait for its answers with a generous bound and never measure how long they took.
"""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import FRAME, answered, click, key, run_frames, settle, touch_tap
from helpers.assist import RESUMED, blocked_golf, button, run_until, table_with

from game.model.codes import parse_code
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.analysis_overlay import AnalysisPanel
from game.scenes.dealing import FindingDeal, deal_new
from game.scenes.dialog import shows
from game.scenes.end_screen import BlockedPanel, WinPanel
from game.scenes.menu import MenuScene
from game.solver import deals, solve
from game.solver.analysis import analyse, current_line
from game.solver.moves import apply_move, copy_game


@pytest.fixture
def solver_only(monkeypatch):
    """The listed deals' shipped lines are not used (tests/scenes/test_shipped_lines.py tests them):
    every hint and demo asks the solver, whose timing these tests play with."""
    monkeypatch.setattr(deals, "line_of_steps", lambda game: iter(()))  # no line: a generator returning None


def wander(game, rng: random.Random, steps: int) -> None:
    """Random legal moves that keep the game winnable (a move that loses it is taken back)."""
    for _ in range(steps):
        legal = [m for m in game.legal_moves() if not (isinstance(m, tuple) and m[0][0] == "foundation")]
        if not legal or game.status != "playing":
            return
        move = rng.choice(legal)
        apply_move(game, move)
        if solve(game, 300_000).verdict != "winnable":
            game.undo()


def watching_with_a_saved_game(make_app):
    """A Golf game with a move made is saved for Continue; then Watch in the menu. (app, saved game)"""
    app = make_app(scene=MenuScene)
    saved = GolfGame.new("easy", 77)
    saved.draw()
    app.ctx.progress.begin(saved)
    app.ctx.progress.leave()
    app.ctx.progress.save.flush()
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    click(app, app.top.watch_button.rect.center)
    return app, saved


# -- hints ---------------------------------------------------------------------------------------------
POSITIONS = [
    ("golf-easy", 0, 5),
    ("golf-easy", 7, 15),
    ("golf-classic", 3, 8),
    ("eightoff-8", 0, 10),
    ("eightoff-8", 5, 25),
    ("eightoff-4", 1, 6),
]


@pytest.mark.parametrize("kind,index,steps", POSITIONS)
def test_a_hint_from_a_mid_game_position_is_legal_and_on_a_winning_line(make_app, kind, index, steps):
    game = deals.make_game(kind, deals.listed(kind)[index])
    wander(game, random.Random(index), steps)
    app, scene = table_with(make_app, game)
    key(app, pygame.K_h)
    answered(app)
    move = scene.assist.known_line()[0]
    if kind.startswith("golf"):
        assert move in game.legal_moves()
        card = game.stock[-1] if move.is_draw else game.columns[move.column][-1]
    else:
        assert game.why_illegal(move) is None
        card = game.pile(move.src)[-move.count]
    assert card in scene.board.hinted and scene.board.arrow is not None
    after = copy_game(game)
    apply_move(after, move)
    assert solve(after).verdict == "winnable"
    assert app.ctx.progress.hints == 1
    key(app, pygame.K_h)  # the same position again: the same hint, not counted twice
    assert app.ctx.progress.hints == 1


def test_the_hint_button_follows_the_line_and_clears_when_the_cards_move(make_app):
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[2])
    app, scene = table_with(make_app, game)
    click(app, button(scene, "Hint").rect.center)
    answered(app)
    first = scene.assist.known_line()
    assert first and scene.board.hinted
    apply_line = first[0]
    scene.apply(apply_move, game, apply_line)  # the player plays the hinted move
    settle(app)
    assert not scene.board.hinted and scene.board.arrow is None
    assert scene.assist.known_line() == first[1:]  # followed: the next hint needs no solve
    key(app, pygame.K_h)
    assert not app.ctx.jobs.busy and scene.board.hinted
    assert app.ctx.progress.hints == 2


def test_the_frame_loop_keeps_drawing_while_a_slow_solve_runs(make_app, solver_only):
    game = deals.make_game("eightoff-8", deals.listed("eightoff-8")[3])
    app, scene = table_with(make_app, game)
    jobs = app.ctx.jobs
    jobs.held = True  # a slow solve: no answer until released
    key(app, pygame.K_h)
    assert jobs.busy

    def thinking() -> bool:
        return scene.toast.active and scene.toast.message == "Thinking…"

    run_frames(app, 15)
    assert not thinking()  # not at once: a quick answer never flashes it
    drawn = run_frames(app, 60)
    assert drawn == 60  # every frame drawn while the solver thinks
    assert thinking() and not scene.board.hinted
    jobs.held = False
    run_frames(app)
    assert scene.board.hinted and not thinking()  # the hint came


def test_an_answer_about_a_position_that_is_gone_is_dropped(make_app, solver_only):
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[4])
    app, scene = table_with(make_app, game)
    jobs = app.ctx.jobs
    jobs.held = True
    key(app, pygame.K_h)
    job = scene.assist.job
    assert job is not None and job.about == game.position_key()
    scene.apply(game.draw)  # the player draws before the answer comes
    assert job.cancelled and scene.assist.job is None
    jobs.held = False
    answered(app)
    assert not job.done  # the stale answer never comes back
    assert not scene.board.hinted and scene.board.arrow is None
    assert app.ctx.progress.hints == 0


def test_a_hint_on_a_lost_position_offers_to_undo_back_to_the_last_winnable_one(make_app):
    game = blocked_golf()
    game.undo()  # not blocked any more, but lost
    assert game.status == "playing"
    need = analyse(game, 500_000).undos_needed
    app, scene = table_with(make_app, game, size=(800, 480))
    key(app, pygame.K_h)
    answered(app)
    overlay = app.top
    assert shows(overlay, AnalysisPanel)
    assert any("The win was lost" in line for line in overlay.lines())
    undos_before = app.ctx.progress.undos
    click(app, button(overlay, "Undo to the last winnable position").rect.center)
    assert app.top is scene
    run_until(app, lambda: not scene.assist.playing and not scene.board.is_animating())
    assert app.ctx.progress.undos == undos_before + need  # each one a real, animated undo
    assert solve(game).verdict == "winnable"
    assert scene.toast.message == "This position can still be won"


# -- where did I lose it ------------------------------------------------------------------------------
def test_a_blocked_golf_game_says_where_the_win_was_lost_and_goes_back_there(make_app):
    game = blocked_golf()
    expected = analyse(game, 500_000)
    app, scene = table_with(make_app, game, size=(800, 480))
    answered(app)
    overlay = app.top
    assert overlay.content.analysis is not None
    assert shows(overlay, BlockedPanel)
    lines = overlay.lines()
    assert "This deal could be won." in lines
    ago = expected.undos_needed
    assert (f"The win was lost {ago} moves ago:" if ago > 1 else "The win was lost with the last move:") in " ".join(
        lines
    )
    screen = pygame.Rect((0, 0), app.size)
    assert all(screen.contains(b.rect) for b in overlay.buttons)
    assert overlay.panel_bounds.top >= scene.hud.rect.bottom  # beside the cards, clear of the HUD
    click(app, button(overlay, "Go back there").rect.center)
    run_until(app, lambda: not scene.assist.playing and not scene.board.is_animating())
    assert app.top is scene and game.status == "playing"
    assert solve(game).verdict == "winnable"
    assert len(current_line(game)) == expected.last_winnable


def test_an_unwinnable_deal_says_so_when_it_blocks(make_app):
    classic = [n for n in range(1, 60) if not deals.is_listed("golf-classic", n) and n <= deals.scanned("golf-classic")]
    game = GolfGame.new("classic", classic[0])
    while game.status == "playing":
        legal = game.legal_moves()
        apply_move(game, legal[0])
    app, scene = table_with(make_app, game)
    answered(app)
    overlay = app.top
    assert shows(overlay, BlockedPanel)
    assert "This deal could not be won, whatever the moves." in overlay.lines()
    assert [b.label for b in overlay.buttons] == ["Undo", "New game", "Review", "Copy replay code", "Show the table"]


# -- winnable deals only -------------------------------------------------------------------------------
def test_winnable_only_deals_come_from_the_tables_and_are_not_dealt_twice(make_app):
    app = make_app(scene=MenuScene)
    numbers = []
    for _ in range(4):
        click(app, app.top.play_button.rect.center)
        table = app.top
        numbers.append(parse_code(table.game.code).number)
        assert table.guaranteed and table.hud.proven  # the band's title has its tick
        app.replace(MenuScene(app.ctx))
        run_frames(app)
    assert all(deals.is_listed("golf-easy", n) for n in numbers)
    assert app.ctx.progress.dealt("golf-easy") == set(numbers)
    rng = random.Random(5)
    kinds = {deals.kind_of(deal_new(app.ctx, "eightoff", 4, rng=rng).scene.game) for _ in range(3)}
    assert kinds == {"eightoff-4"}


def test_with_the_switch_off_any_deal_may_come(make_app):
    app = make_app(scene=MenuScene)
    menu = app.top
    click(app, menu.winnable_toggle.rect.center)
    assert app.settings.winnable_only["golf-easy"] is False
    assert app.settings.winnable_only["golf-classic"] is True  # per game and option
    numbers = {parse_code(deal_new(app.ctx, "golf", "easy").scene.game.code).number for _ in range(20)}
    assert any(n > deals.scanned("golf-easy") for n in numbers)
    assert app.ctx.progress.dealt("golf-easy") == set()


def test_an_exhausted_table_falls_back_to_solving_random_deals(make_app, monkeypatch):
    app = make_app(scene=MenuScene)
    listed = deals.listed("eightoff-8")
    monkeypatch.setattr(app.ctx.progress, "dealt", lambda kind: set(listed))
    app.settings.last_game = "eightoff"
    app.top._show_options()
    app.ctx.jobs.held = True  # the search takes a while
    click(app, app.top.play_button.rect.center)
    assert shows(app.top, FindingDeal)
    run_frames(app, 30)
    assert shows(app.top, FindingDeal)
    app.ctx.jobs.held = False
    run_frames(app)
    assert not shows(app.top, FindingDeal)
    table = app.top
    number = parse_code(table.game.code).number
    assert number > deals.scanned("eightoff-8") and table.guaranteed
    assert solve(table.game).verdict == "winnable"


def test_a_pasted_code_is_always_honoured(make_app):
    app = make_app(scene=MenuScene)
    unlisted = next(n for n in range(1, 100) if not deals.is_listed("golf-classic", n))
    code = str(GolfGame.new("classic", unlisted).code)
    app.top.code_box.set_value(code)
    click(app, app.top.code_button.rect.center)
    assert app.top.game.code == code and not app.top.guaranteed
    assert not app.top.hud.proven


# -- the demo --------------------------------------------------------------------------------------------
def test_watch_in_the_menu_plays_a_winnable_deal_to_the_win_and_leaves_the_saved_game_alone(make_app):
    app, saved = watching_with_a_saved_game(make_app)
    table = app.top
    assert table.watching and table.guaranteed
    moved_frames = run_until(app, lambda: shows(app.top, WinPanel))
    assert shows(app.top, WinPanel) and app.top.title == "The demo won"
    assert moved_frames > 60 * 0.45 * len(solve(GolfGame.from_code(table.game.code)).moves) * 0.5
    assert "A win by the demo does not count as yours." in app.top.lines()
    assert app.ctx.progress.stats.summary("golf", "easy").played == 0  # a watched deal is not counted
    kept = app.ctx.progress.saved()
    assert kept is not None and kept[0].code == saved.code and kept[0].moves == 1


def test_watch_finishes_the_players_game_and_the_win_is_not_theirs(make_app):
    game = deals.make_game("eightoff-8", deals.listed("eightoff-8")[1])
    app = make_app()
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    scene = app.top
    move = next(m for m in game.legal_moves() if m.dst.kind == "cell")
    scene.apply(game.push, move)  # the player's own move
    settle(app)
    click(app, button(scene, "Watch").rect.center)
    run_until(app, lambda: shows(app.top, WinPanel))
    assert game.status == "won" and app.top.title == "The demo won"
    summary = app.ctx.progress.stats.summary("eightoff", "8")
    assert summary.won == 0 and summary.played == 1 and summary.assisted == 1


def test_a_touch_stops_the_demo_and_hands_the_game_back(make_app):
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[6])
    app, scene = table_with(make_app, game)
    key(app, pygame.K_h)
    answered(app)
    click(app, button(scene, "Watch").rect.center)
    run_until(app, lambda: game.moves >= 3)
    assert scene.assist.demo
    touch_tap(app, (app.size[0] // 2, app.size[1] - 5))
    assert not scene.assist.demo and scene.toast.message == "Your turn"
    moves = game.moves
    settle(app)
    run_frames(app, 120)
    assert game.moves == moves  # nothing moves by itself any more
    assert game.status == "playing"


def test_a_demo_deal_taken_over_becomes_the_players_assisted_game(make_app):
    app = make_app(scene=MenuScene)
    click(app, app.top.watch_button.rect.center)
    table = app.top
    run_until(app, lambda: table.game.moves >= 2)
    touch_tap(app, (app.size[0] // 2, app.size[1] - 5))
    assert not table.watching
    assert app.ctx.progress.game is table.game  # now saved for Continue
    legal = table.game.legal_moves()
    table.apply(apply_move, table.game, legal[0])
    settle(app)
    app.apply(table.go_new_game())
    run_frames(app)
    if not hasattr(app.top, "game"):  # the confirmation: the game has moves
        click(app, app.top.buttons[1].rect.center)
    rows = app.ctx.progress.stats.results("golf", app.settings.golf_rule)
    assert [r[0] for r in rows] == ["assisted"]


def test_the_win_screen_says_a_guaranteed_deal_was_winnable_and_counts_the_players_win(make_app):
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[9])
    app, scene = table_with(make_app, game)
    assert scene.guaranteed and scene.hud.code_button.label.startswith("✓ ")
    for move in solve(game).moves:  # the player plays a winning line
        scene.apply(apply_move, game, move)
    run_until(app, lambda: shows(app.top, WinPanel))
    assert app.top.title == "You won!"
    assert "This deal was guaranteed winnable." in app.top.lines()
    assert app.ctx.progress.stats.summary("golf", "easy").won == 1


# -- more of the hints, the analysis and the demo ------------------------------------------------------
def test_the_blocked_panel_is_drawn_again_the_moment_its_answer_arrives(make_app):
    game = blocked_golf()
    app = make_app(size=(800, 480))
    app.ctx.jobs.held = True  # slower than the panel waits for it
    app.replace(app.ctx.scenes.table(game, dict(RESUMED)))
    run_frames(app, 90)
    overlay = app.top
    assert shows(overlay, BlockedPanel) and overlay.content.analysis is None
    assert "Checking whether this deal could be won…" in overlay.lines()
    run_frames(app, 30)
    app.ctx.jobs.held = False
    drew = app.step_frame(FRAME)  # the frame the answer comes in
    assert overlay.content.analysis is not None and drew  # no input, yet the new panel is on screen
    assert "Go back there" in [b.label for b in overlay.buttons]


def test_a_failed_solve_tells_the_blocked_panel(make_app, monkeypatch):
    from game.solver import worker

    def fails(game, budget):
        raise MemoryError("no room to search")

    monkeypatch.setattr(worker, "analyse_job", fails)  # the job raises where it runs
    app, scene = table_with(make_app, blocked_golf(), size=(800, 480))
    answered(app)
    overlay = app.top
    assert shows(overlay, BlockedPanel)
    assert "The solver could not answer this time" in overlay.lines()
    assert [b.label for b in overlay.buttons] == ["Undo", "New game", "Review", "Copy replay code", "Show the table"]


def test_no_answer_starts_the_demo_under_a_dialog(make_app, solver_only):
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[11])
    app, scene = table_with(make_app, game)
    scene.apply(apply_move, game, solve(game).moves[0])
    settle(app)
    app.ctx.jobs.held = True
    click(app, button(scene, "Watch").rect.center)
    key(app, pygame.K_n)  # New game while the solver thinks: "Start a new game?"
    dialog = app.top
    assert dialog is not scene
    app.ctx.jobs.held = False
    run_frames(app, 120)
    assert app.top is dialog and not scene.assist.demo and game.moves == 1


def test_a_watched_deal_touched_before_the_demo_moves_becomes_the_players(make_app, solver_only):
    app = make_app(scene=MenuScene)
    app.ctx.jobs.held = True
    click(app, app.top.watch_button.rect.center)
    table = app.top
    settle(app)  # the deal lands; the demo waits for the (slow) solver
    assert table.watching and table.game.moves == 0
    touch_tap(app, (5, app.size[1] - 5))
    assert not table.watching and app.ctx.progress.game is table.game
    app.ctx.jobs.held = False
    run_frames(app, 120)
    assert table.game.moves == 0 and not table.assist.demo  # the answer started nothing
    assert app.ctx.progress.demo_moves == 0  # a win would be the player's own


def test_declining_to_take_over_a_watched_deal_lets_the_demo_go_on(make_app):
    app, saved = watching_with_a_saved_game(make_app)
    table = app.top
    run_until(app, lambda: table.game.moves >= 2)
    touch_tap(app, (5, app.size[1] - 5))
    dialog = app.top
    assert dialog.title == "Play this deal?"
    click(app, button(dialog, "Cancel").rect.center)
    assert app.top is table and table.watching
    moves = table.game.moves
    run_until(app, lambda: table.game.moves > moves + 1)
    assert table.assist.demo  # watching again
    assert app.ctx.progress.saved()[0].code == saved.code  # the saved game is still there


def reversible(game: EightOffGame):
    """A move that can be taken straight back by the opposite move (None if there is none)."""
    for move in game.legal_moves():
        if "foundation" in (move.src.kind, move.dst.kind):
            continue
        game.push(move)
        back = game.why_illegal(move.dst, move.src, move.count) is None
        game.undo()
        if back:
            return move
    return None


def lost_eightoff() -> EightOffGame:
    """A deal winnable at the start, played by chance until it is lost (a few moves back)."""
    rng = random.Random(2)
    for number in deals.listed("eightoff-4")[:40]:
        game = EightOffGame.new(cells=4, number=number)
        for _ in range(40):
            legal = [m for m in game.legal_moves() if m.dst.kind != "foundation" and m.src.kind != "foundation"]
            if not legal:
                break
            apply_move(game, rng.choice(legal))
            a = analyse(game, 300_000)
            if a.now == "unwinnable" and a.last_winnable is not None and a.undos_needed <= 10 and reversible(game):
                return game
    raise AssertionError("no lost position found")


def test_the_same_cards_reached_by_a_longer_way_are_analysed_again(make_app):
    game = lost_eightoff()
    app, scene = table_with(make_app, game)
    key(app, pygame.K_h)
    answered(app)
    first = app.top.content.analysis.undos_needed
    said = " ".join(app.top.lines())
    assert any(where in said for where in ("to a cell.", "onto ", "to an empty column.", "to its foundation."))
    click(app, button(app.top, "Close").rect.center)
    move = reversible(game)
    src, dst, count = move.src, move.dst, move.count
    scene.apply(game.move, src, dst, count)  # there and back again: the same cards, 2 moves on
    scene.apply(game.move, dst, src, count)
    assert scene.assist.analysis[0] == game.position_key()  # the very same cards
    settle(app)
    key(app, pygame.K_h)
    answered(app)
    assert shows(app.top, AnalysisPanel) and app.top.content.analysis.undos_needed == first + 2
    click(app, button(app.top, "Undo to the last winnable position").rect.center)
    run_until(app, lambda: not scene.assist.playing and not scene.board.is_animating())
    assert solve(game).verdict == "winnable"


def test_a_hint_is_drawn_again_where_the_cards_are_after_a_resize(make_app):
    game = deals.make_game("eightoff-8", deals.listed("eightoff-8")[0])
    app, scene = table_with(make_app, game)
    key(app, pygame.K_h)
    answered(app)
    move = scene.assist.known_line()[0]
    app._resized((800, 480))
    settle(app)
    cards, marks, arrow = scene.rules.hint_view(move)
    assert scene.board.arrow == arrow and scene.board.hinted == cards
    assert app.ctx.progress.hints == 1
    assert scene.target_rect(game.pile(move.src)[-move.count]).collidepoint(arrow[0])


def test_a_drag_leaves_the_hints_marks_alone(make_app):
    game = deals.make_game("eightoff-8", deals.listed("eightoff-8")[0])
    app, scene = table_with(make_app, game)
    key(app, pygame.K_h)
    answered(app)
    hint_marks = list(scene.board._hint_marks)
    src = scene.layout.card_rect(0, len(game.columns[0]) - 1, len(game.columns[0])).center
    from conftest import drag

    drag(app, src, (src[0] + 3, src[1] + 60))  # picked up and dropped back where it was
    settle(app)
    assert scene.board._hint_marks == hint_marks


def test_the_menu_button_leaves_a_watched_demo_without_asking(make_app):
    app, saved = watching_with_a_saved_game(make_app)
    table = app.top
    run_until(app, lambda: table.game.moves >= 2)
    click(app, button(table, "Menu").rect.center)
    assert isinstance(app.top, MenuScene)
    assert app.top.saved[0].code == saved.code  # Continue still offers the player's game


def test_a_winnable_deal_says_so_in_words_once_dealt(make_app):
    app = make_app(size=(800, 480), scene=MenuScene)
    click(app, app.top.play_button.rect.center)
    table = app.top
    assert table.hud.proven  # the band has a tick, not the words
    run_until(app, lambda: not table.dealing)
    assert table.toast.active and table.toast.message == "Winnable deal"


def test_the_blocked_panel_waits_a_moment_for_the_verdict_and_comes_whole(make_app):
    game = blocked_golf()
    app = make_app(size=(800, 480))
    app.ctx.jobs.held = True  # an answer after 0.3 s, well within the second the panel waits
    app.replace(app.ctx.scenes.table(game, dict(RESUMED)))
    run_frames(app, 18)
    assert app.top is app.stack[0]  # no panel yet: it waits for the verdict
    app.ctx.jobs.held = False
    run_until(app, lambda: app.top is not app.stack[0], frames=300)
    overlay = app.top
    assert shows(overlay, BlockedPanel)
    assert overlay.content.analysis is not None  # its first drawing already says where the win was lost


def test_ctrl_z_during_a_rewind_stops_it_and_undoes_like_the_undo_button(make_app):
    game = blocked_golf()
    app, scene = table_with(make_app, game, size=(800, 480))
    answered(app)
    click(app, button(app.top, "Go back there").rect.center)
    run_until(app, lambda: scene.assist.rewinding and game.undo_depth < 45 and not scene.board.is_animating())
    depth = game.undo_depth
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.assist.playing and game.undo_depth == depth - 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.undo_depth == depth - 2


def test_a_rewind_stopped_short_says_the_position_is_still_lost(make_app):
    game = blocked_golf()
    app, scene = table_with(make_app, game, size=(800, 480))
    answered(app)
    click(app, button(app.top, "Go back there").rect.center)
    run_until(app, lambda: scene.assist.rewinding > 1 and not scene.board.is_animating())
    touch_tap(app, (5, app.size[1] - 5))
    assert not scene.assist.playing
    assert scene.toast.message == "This position still cannot be won"
    assert solve(game).verdict == "unwinnable"


# -- end to end: the real worker process --------------------------------------------------------------
def test_the_real_worker_gives_a_hint_on_a_winning_line(make_app):
    import os

    game = deals.make_game("eightoff-8", deals.listed("eightoff-8")[5])
    wander(game, random.Random(5), 12)
    app = make_app(solver="process")
    app.replace(app.ctx.scenes.table(game, dict(RESUMED)))
    run_frames(app, 30)
    scene = app.top
    key(app, pygame.K_h)
    answered(app)
    assert app.ctx.jobs.pid not in (None, os.getpid())  # answered by another process
    move = scene.assist.known_line()[0]
    assert game.why_illegal(move) is None and game.pile(move.src)[-move.count] in scene.board.hinted
    after = copy_game(game)
    apply_move(after, move)
    assert solve(after).verdict == "winnable"
    assert app.ctx.progress.hints == 1


def test_the_real_worker_drops_a_question_about_a_position_that_is_gone(make_app, solver_only):
    game = deals.make_game("golf-easy", deals.listed("golf-easy")[4])
    app = make_app(solver="process")
    app.replace(app.ctx.scenes.table(game, dict(RESUMED)))
    run_frames(app, 30)
    scene, jobs = app.top, app.ctx.jobs
    scene.assist.hint()
    job = scene.assist.job
    assert job is not None and jobs.pid is not None  # the worker started on the question
    scene.apply(game.draw)  # before any frame could take the answer
    assert job.cancelled and jobs.pid is None  # its worker was stopped
    answered(app)
    assert not job.done and not scene.board.hinted and app.ctx.progress.hints == 0
    key(app, pygame.K_h)  # a new worker for the next question
    answered(app)
    move = scene.assist.known_line()[0]
    assert move in game.legal_moves() and scene.board.hinted and app.ctx.progress.hints == 1


def test_the_real_worker_finds_a_winnable_deal_when_the_table_is_exhausted(make_app, monkeypatch):
    app = make_app(scene=MenuScene, solver="process")
    monkeypatch.setattr(app.ctx.progress, "dealt", lambda kind: set(deals.listed("golf-classic")))
    app.settings.last_game, app.settings.golf_rule = "golf", "classic"
    app.top._show_options()
    click(app, app.top.play_button.rect.center)
    run_until(app, lambda: not (isinstance(app.top, MenuScene) or shows(app.top, FindingDeal)))
    table = app.top
    assert parse_code(table.game.code).number > deals.scanned("golf-classic") and table.guaranteed
    assert solve(table.game).verdict == "winnable"


def test_the_real_worker_plays_the_demo_to_its_win(make_app):
    app = make_app(scene=MenuScene, solver="process")
    click(app, app.top.watch_button.rect.center)
    table = app.top
    run_until(app, lambda: shows(app.top, WinPanel))
    assert shows(app.top, WinPanel) and app.top.title == "The demo won"
    assert table.game.status == "won" and app.ctx.progress.stats.summary("golf", "easy").played == 0
