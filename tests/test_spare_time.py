"""Work done in a frame's spare time (App.use_spare_time): the card faces a table will show are
loaded before the frame that first draws them, one at a time, never past the time a frame has left;
and a counter's change repaints its slot of the band, not the band."""

from __future__ import annotations

import pygame
from conftest import run_frames
from helpers.tables import counting_loads

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.tables import open_table
from game.view.card_images import CardImages


def test_prefetched_faces_load_one_at_a_time_and_only_once(app):
    images = CardImages()
    loads = counting_loads(images)
    images.prefetch(["AS", "KD", "AS"], 90, back_style="stars")
    assert images.pending == 4 and loads == []
    assert images.load_next() and loads == ["back-stars"]
    assert images.load_next() and images.load_next() and loads == ["back-stars", "AS", "KD"]
    assert not images.load_next() and images.pending == 0  # the second AS is there already
    images.get("AS", 90)
    images.back(90, "stars")
    assert loads == ["back-stars", "AS", "KD"]  # drawing them reads nothing


def test_a_prefetch_for_a_width_no_longer_shown_is_dropped(app):
    images = CardImages()
    images.get("AS", 90)
    images.prefetch(["KD", "QS"], 90)
    images.get("AS", 120)  # a resize: the table's cards are 120 wide now
    loads = counting_loads(images)
    assert not images.load_next() and loads == []
    assert {width for _code, width, _four in images._scaled} == {120}  # the faces on screen stay


def test_a_new_table_asks_for_the_faces_it_will_show_dealt_first_then_the_stock_top_not_beneath(make_app):
    app = make_app(size=(1280, 720))
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    scene = open_table(app.ctx, game)
    app.replace(scene)
    pending = [code for code, _w, _f in app.ctx.images._pending]
    first_dealt = str(game.columns[0][0])
    assert pending[0].startswith("back")
    assert pending.index(first_dealt) < pending.index(str(game.stock[-1])) < pending.index(str(game.stock[-2]))
    assert {str(c) for col in game.columns for c in col} | {str(game.waste[-1])} <= set(pending)
    assert not {str(c) for c in game.stock[:-2]} & set(pending)  # loaded as they come near the top


def test_spare_time_loads_the_faces_so_the_deal_draws_without_reading_a_png(make_app):
    for scene_type, game in (
        (open_table, GolfGame.from_code("GO1-E-AAAAAFA")),
        (open_table, EightOffGame.new(cells=8, number=5)),
    ):
        app = make_app(size=(1280, 720))
        app.ctx.images.clear()
        scene = scene_type(app.ctx, game)
        app.replace(scene)
        assert app.use_spare_time(0.0) == 0  # no time left in the frame: nothing is done
        assert app.use_spare_time(10.0) > 40 and app.ctx.images.pending == 0
        loads = counting_loads(app.ctx.images)
        run_frames(app, 240)  # the deal, to the end
        assert not scene.board.is_animating() and loads == []


def test_spare_time_never_starts_a_piece_it_has_no_time_for(make_app, monkeypatch):
    app = make_app(size=(1280, 720))
    app.ctx.images.clear()
    app.replace(open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA")))
    now = [100.0]
    monkeypatch.setattr("game.spare_time.time.perf_counter", lambda: now[0])
    images = app.ctx.images
    load_next = images.load_next

    def slow_piece():
        now[0] += 0.004  # each piece costs 4 ms of the (fake) clock
        return load_next()

    images.load_next = slow_piece
    app.spare.costs.clear()
    app.spare.costs.append(0.004)
    assert app.use_spare_time(0.0059) == 0  # 5.9 ms left: under 1.5 pieces' worth, none starts
    assert app.use_spare_time(0.0061) == 1  # 6.1 ms: one, and then 2.1 ms is too little for another
    assert app.use_spare_time(0.0119) == 2  # 11.9 ms: two (7.9 ms left after one)
    app.spare.costs.extend([0.5, 0.5])  # two slow pieces out of five: the median is still 4 ms
    assert app.use_spare_time(0.0061) == 1


def test_a_counter_change_repaints_its_slot_not_the_whole_band(make_app):
    app = make_app(size=(1280, 720))
    scene = open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA"))
    app.replace(scene)
    run_frames(app, 240)
    hud = scene.hud
    values = tuple(scene.hud_values())
    moves = [s.label for s in hud.slots].index("Moves")
    changed = list(values)
    changed[moves] = "999"
    assert hud.changed(tuple(changed)) == [hud.slot_rects[moves]]
    surface = pygame.Surface(app.screen.get_size())
    painted = hud.draw(surface, tuple(changed), [hud.slot_rects[moves]])
    assert painted == [hud.slot_rects[moves]]
    assert hud.changed(tuple(changed)) == []


def record_code_read(monkeypatch, note) -> None:
    """Call `note` with each piece of code read ahead: a family's table ('table:golf') and layout
    ('layout:golf'), and the shared code by its 'module:Name'."""
    from game import read_ahead
    from game.scenes.tables import TABLE_RULES
    from game.view.layouts import LAYOUTS

    for what, loaders in (("table", TABLE_RULES), ("layout", LAYOUTS)):
        for family_id, load in list(loaders.items()):
            tag = f"{what}:{family_id}"
            monkeypatch.setitem(loaders, family_id, lambda tag=tag, load=load: note(tag) or load())
    load_named = read_ahead.import_named
    monkeypatch.setattr(read_ahead, "import_named", lambda path: note(path) or load_named(path))


def test_after_the_first_idle_frame_spare_time_reads_what_a_new_game_of_the_table_reads_and_only_while_nothing_moves(
    make_app, monkeypatch
):
    from game.scenes.base import Scene
    from game.solver import deals, par

    read: list[tuple[str, str]] = []
    listed, par_entry = deals.listed, par.par_entry
    monkeypatch.setattr(deals, "listed", lambda kind: read.append(("deals", kind)) or listed(kind))
    monkeypatch.setattr(par, "par_entry", lambda kind, n: read.append(("par", kind)) or par_entry(kind, n))
    record_code_read(monkeypatch, lambda path: read.append(("code", path)))
    app = make_app(size=(800, 480))
    app.replace(open_table(app.ctx, EightOffGame.new(cells=8, number=5)))
    assert app.is_animating()
    read.clear()
    app.use_spare_time(10.0)
    assert read == []  # the deal moves (and the first idle frame has not come): nothing read
    run_frames(app, 400)  # the deal ends; an idle frame follows
    assert not app.is_animating()
    read.clear()
    app.use_spare_time(10.0)
    assert ("deals", "eightoff-8") in read and ("par", "eightoff-8") in read
    assert ("code", "table:eightoff") in read and ("code", "layout:eightoff") in read
    assert not any("golf" in path for _, path in read)  # a table starts only its own game
    assert ("code", "game.scenes.end_screen:WinOverlay") in read  # the end panels' code, not loaded at start-up
    read.clear()
    app.use_spare_time(10.0)
    assert read == []  # once
    tip = Scene(app.ctx)
    tip.overlay = True  # a dialog or a tip over the table: the table's game only
    app.push(tip)
    run_frames(app, 3)
    app.use_spare_time(10.0)
    assert read == []
    app.push(Scene(app.ctx))  # a screen that can start any game (the menu's kind)
    run_frames(app, 3)
    app.use_spare_time(10.0)
    assert ("code", "table:golf") in read and ("code", "layout:golf") in read
    assert any(kind.startswith("golf") for tag, kind in read if tag == "deals")  # the other game's table
    assert not any("eightoff" in path for _, path in read)  # not a second time


def test_a_kiosk_with_attract_mode_reads_every_games_code_ahead_even_from_a_table(make_app, monkeypatch):
    """Its demos take turns between the games and a demo's frames are never idle, so the other
    game's code is read while the player's table waits, before its first demo deals."""
    from game.settings import Settings

    read: list[str] = []
    record_code_read(monkeypatch, read.append)
    app = make_app(size=(800, 480), kiosk=True, settings=Settings(fullscreen=False, attract_minutes=3))
    app.replace(open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA")))
    run_frames(app, 400)
    assert not app.is_animating()
    app.use_spare_time(10.0)
    assert "table:eightoff" in read and "table:golf" in read
    other = make_app(size=(800, 480), kiosk=True, settings=Settings(fullscreen=False, attract_minutes=0))
    read.clear()
    other.replace(open_table(other.ctx, GolfGame.from_code("GO1-E-AAAAAFA")))
    run_frames(other, 400)
    other.use_spare_time(10.0)
    assert "table:golf" in read and "table:eightoff" not in read


LATER = ("game.solver.analysis", "game.scenes.analysis_overlay", "game.scenes.dialog", "game.scenes.end_screen")
FIRST_FRAME_THEN_SPARE_TIME = f"""
import os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
with tempfile.TemporaryDirectory() as scratch:
    os.environ["GOLF_EIGHTOFF_DATA_DIR"] = scratch
    from tools.bench.harness import first_frame, new_app
    from game import registry
    app = new_app((800, 480))
    app.replace(app.ctx.scenes.table(registry.game_from_code(sys.argv[1])))
    first_frame(app)
    print(sorted(m for m in {LATER!r} if m in sys.modules))
    for _ in range(400):
        app.step_frame(1 / 60)
    app.use_spare_time(10.0)
    print(sorted(m for m in {LATER!r} if m in sys.modules))
    app.close()
"""


def test_the_analysis_its_panel_the_dialog_and_the_end_panels_load_after_the_first_frame_in_spare_time():
    """A table's first frame does not wait for code it does not draw (the analysis, its panel, the
    dialog, the end panels); its spare time reads it before a hint, a blocked deal or a dialog needs it."""
    import subprocess
    import sys
    from pathlib import Path

    for code in ("GO1-E-AAAAAAC", "EO1-C8-AAAAAFA"):
        out = subprocess.run(
            [sys.executable, "-c", FIRST_FRAME_THEN_SPARE_TIME, code],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[1],
        )
        before, after = (eval(line) for line in out.stdout.splitlines()[-2:])
        assert before == [] and after == sorted(LATER), (code, before, after)
