"""Nothing lost: autosave and Continue, power cuts (SIGKILL), damaged files, statistics in SQLite."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from conftest import click, key, run_frames, settle
from helpers.saves import abandoning, blocking, killed_child, winnable
from helpers.tables import golf_table, is_golf, play_some

from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.persist.progress import Progress
from game.persist.stats import SCHEMA_VERSION, StatsDB
from game.scenes.dialog import Confirm, shows
from game.scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parents[2]


def test_every_move_is_saved_and_continue_resumes_exactly(make_app, data_dir):
    app = make_app(size=(800, 480))
    scene = golf_table(app)
    play_some(app, scene, 6)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    expected = scene.game.to_json()
    app.ctx.progress.save.flush()
    saved = json.loads((data_dir / "current-game.json").read_text())
    assert saved["model"] == expected and saved["undos"] == 1
    app.close()

    again = make_app(size=(800, 480), scene=MenuScene)
    menu = again.top
    assert menu.continue_button.visible
    click(again, menu.continue_button.rect.center)
    assert is_golf(again.top)
    assert again.top.game.to_json() == expected
    assert again.top.game.can_undo  # the undo history came back too
    run_frames(again, 2)
    card = again.top.game.waste[-1]
    assert again.top.board.sprites[card].pos == again.top.layout.waste.topleft


def test_no_continue_without_a_saved_game(make_app):
    app = make_app(size=(800, 480), scene=MenuScene)
    assert not app.top.continue_button.visible


CHILD = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from game.app import App
    from game.scenes import tips
    from helpers.tables import golf_table, play_some
    tips.ENABLED = False  # as conftest does: the table itself, not its first-run tips
    app = App(size=(800, 480), fullscreen=False)
    scene = golf_table(app, "GO1-C-AAAAAAC")
    game = scene.game
    play_some(app, scene, 9)
    app.ctx.progress.save.flush()
    print(game.to_json(), flush=True)
    print("READY", flush=True)
    while True:
        app.step_frame(1 / 60)
        time.sleep(0.01)
""")


def test_sigkill_mid_game_then_restart_resumes_the_same_position(make_app, data_dir, tmp_path):
    expected = killed_child(CHILD)
    assert json.loads(expected)["log"]  # moves were made

    app = make_app(size=(800, 480), scene=MenuScene)
    click(app, app.top.continue_button.rect.center)
    assert is_golf(app.top)
    assert app.top.game.to_json() == expected


@pytest.mark.slow
def test_a_save_truncated_at_any_byte_never_breaks_start_up(data_dir, caplog):
    progress = Progress(data_dir)
    game = GolfGame.from_code("GO1-E-AAAAAAB")
    progress.begin(game)
    for move in [*game.legal_moves()[:1], GolfMove.DRAW, GolfMove.DRAW]:
        game.play(move)  # (a GolfMove: a play, or the draw)
        progress.changed(game)
    progress.close()
    path = data_dir / "current-game.json"
    whole = path.read_bytes()
    for cut in range(len(whole)):
        path.write_bytes(whole[:cut])
        found = Progress(data_dir)
        assert found.saved() is None
        assert not path.exists()  # moved aside, out of the next start's way
        found.close()
    path.write_bytes(whole)
    found = Progress(data_dir)
    assert found.saved()[0].to_json() == game.to_json()
    found.close()
    assert any("moved to" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xff garbage",
        b'{"format": 1, "kind": "golf", "model": "{}"}',
        b'{"format": 1, "kind": "golf", "model": 5}',
        b"[]",
        b"{}",
    ],
)
def test_a_damaged_save_shows_the_menu_without_continue(make_app, data_dir, content):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "current-game.json").write_bytes(content)
    app = make_app(size=(800, 480), scene=MenuScene)
    assert not app.top.continue_button.visible
    assert list(data_dir.glob("current-game.json.corrupt-*"))


def finish(progress: Progress, game, result: str) -> None:
    """Drive a model game to a result through Progress, as the table does."""
    progress.begin(game)
    if result == "won":
        while game.status == "playing":
            move = next((m for m in game.legal_moves() if not m.is_draw), GolfMove.DRAW)
            game.play(move)
            progress.changed(game)
    elif result == "blocked":
        game.play(0)
        progress.changed(game)
        assert game.status == "blocked"
    else:
        game.draw()
        progress.changed(game)


def test_statistics_after_a_scripted_series(data_dir):
    progress = Progress(data_dir)
    for result in ["won", "blocked", "abandoned", "won", "won"]:
        game = {"won": winnable, "blocked": blocking, "abandoned": abandoning}[result]()
        finish(progress, game, result)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))  # closes out the last open game
    s = progress.stats.summary("golf", "easy")
    assert (s.played, s.won, s.current_streak, s.longest_streak) == (5, 3, 2, 2)
    assert s.win_percent == 60.0 and s.best_score == 30
    # moves: won 3 each, blocked 1 (then penalised), abandoned 1
    assert s.average_moves == pytest.approx((3 + 1 + 1 + 3 + 3) / 5)
    assert [r for r, _score in progress.stats.last("golf", "easy")] == ["won", "blocked", "abandoned", "won", "won"]
    assert progress.stats.summary("golf", "classic").played == 0
    progress.close()


def test_a_game_without_a_move_is_not_counted_and_a_win_counts_once(data_dir):
    progress = Progress(data_dir)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))
    game = winnable()
    finish(progress, game, "won")
    progress.changed(game)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAC"))
    assert progress.stats.summary("golf", "easy").played == 1
    progress.close()


def test_new_game_from_the_table_counts_the_old_one_as_abandoned(make_app):
    app = make_app(size=(800, 480))
    scene = golf_table(app)
    play_some(app, scene, 2)
    key(app, pygame.K_n)
    dialog = app.top
    assert shows(dialog, Confirm) and scene.game.moves == 2
    click(app, dialog.buttons[0].rect.center)  # Cancel: the game goes on
    assert app.top is scene and app.ctx.progress.stats.summary("golf", "easy").played == 0
    key(app, pygame.K_n)
    click(app, app.top.buttons[1].rect.center)  # New game
    assert is_golf(app.top) and app.top is not scene
    s = app.ctx.progress.stats.summary("golf", "easy")
    assert s.played == 1 and s.won == 0


def test_leaving_for_the_menu_and_continuing_is_not_an_abandon(make_app):
    app = make_app(size=(800, 480))
    scene = golf_table(app)
    play_some(app, scene, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    click(app, app.top.continue_button.rect.center)
    assert app.top.game.moves == 2
    assert app.ctx.progress.stats.summary("golf", "easy").played == 0


WRITER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from pathlib import Path
    from game.persist.recorder import Recorder
    from game.persist.records import record_of
    start = float(sys.argv[2])
    while time.time() < start:
        time.sleep(0.001)
    recorder = Recorder(Path(sys.argv[1]))  # as the game records: a lock is waited out, nothing dropped
    for i in range(60):
        recorder.submit(("record", record_of("golf", "easy", None, "won" if i % 2 else "abandoned", i, i)))
    assert recorder.close(timeout=60)
""")


@pytest.mark.slow
def test_two_starts_at_once_do_not_corrupt_the_database(tmp_path):
    import time

    path = tmp_path / "stats.sqlite3"
    start = time.time() + 1.0
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER.format(root=str(ROOT)), str(path), str(start)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for p in procs:
        assert p.wait(timeout=60) == 0, p.stderr.read()
    db = StatsDB(path)
    assert db.integrity_ok()
    assert db.summary("golf", "easy").played == 120
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_an_old_database_is_migrated_and_a_damaged_one_set_aside(tmp_path, caplog):
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).close()  # version 0: no tables yet
    db = StatsDB(old)
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.record("eightoff", "4", "EO1-C4-AAAAAAB", "won", 520, 300)
    db.close()
    assert StatsDB(old).summary("eightoff", "4").won == 1

    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    db = StatsDB(bad)
    assert db.summary("golf", "easy").played == 0 and db.integrity_ok()
    db.close()
    assert list(tmp_path.glob("bad.sqlite3.corrupt-*"))


def test_a_newer_database_leaves_the_game_playable_without_statistics(data_dir):
    data_dir.mkdir(parents=True)
    conn = sqlite3.connect(data_dir / "statistics.sqlite3")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    progress = Progress(data_dir)
    assert progress.recorder.wait_open(10) and progress.stats.problem == "newer"
    with pytest.raises(sqlite3.Error):  # the screen says "Statistics are not available"
        progress.stats.summary("golf", "easy")
    game = abandoning()
    progress.begin(game)
    game.draw()
    progress.changed(game)
    progress.close()
    assert Progress(data_dir).saved()[0].moves == 1


def test_statistics_screen_shows_numbers_and_resets_after_confirmation(make_app):
    from game.scenes.stats_scene import StatsScene

    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    stats.record("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 51)
    stats.record("golf", "easy", "GO1-E-AAAAAAC", "blocked", 120, 40)
    click(app, app.top.stats_button.rect.center)
    screen = app.top
    assert isinstance(screen, StatsScene)
    rows = dict(screen.lines())
    assert (
        rows["Played"] == "2"
        and rows["Won"] == "1 (1 clean)"
        and rows["Win rate"] == "50 %"
        and rows["Best score"] == "350"
    )
    assert rows["Average moves"] == "45.5"
    click(app, screen.reset_button.rect.center)
    dialog = app.top
    assert shows(dialog, Confirm)
    click(app, dialog.buttons[0].rect.center)  # Cancel
    assert app.top is screen and stats.summary("golf", "easy").played == 2
    click(app, screen.reset_button.rect.center)
    click(app, app.top.buttons[1].rect.center)  # Reset
    assert app.top is screen and stats.summary("golf", "easy").played == 0
    rows = dict(screen.lines())
    assert rows["Played"] == "0" and rows["Win rate"] == "—" and rows["Average moves"] == "—"
    assert not screen.reset_button.enabled  # nothing left to reset


def test_the_statistics_screen_writes_an_average_as_the_language_does(make_app):
    from game import i18n
    from game.scenes.stats_scene import StatsScene

    app = make_app(size=(800, 480), scene=MenuScene)
    app.ctx.progress.stats.record("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 51)
    app.ctx.progress.stats.record("golf", "easy", "GO1-E-AAAAAAC", "blocked", 120, 40)
    try:
        i18n.set_language("el")
        click(app, app.top.stats_button.rect.center)
        assert isinstance(app.top, StatsScene)
        assert "45,5" in [value for _label, value in app.top.lines()]  # a decimal comma in Greek
    finally:
        i18n.set_language("en")


def test_best_score_counts_finished_games_only(tmp_path):
    db = StatsDB(tmp_path / "s.sqlite3")
    db.record("golf", "classic", None, "abandoned", 300, 40)
    db.record("golf", "classic", None, "blocked", 120, 51)
    assert db.summary("golf", "classic").best_score == 120
    assert db.summary("golf", "easy").best_score is None  # nothing finished yet


def test_a_deal_left_before_any_move_can_still_be_continued(make_app):
    app = make_app(size=(800, 480))
    golf_table(app, "GO1-C-AAAAAFA")
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert menu.continue_button.visible
    click(app, menu.play_button.rect.center)  # nothing played yet: no question, nothing counted
    assert is_golf(app.top) and app.top.game.code != "GO1-C-AAAAAFA"
    assert app.ctx.progress.stats.summary("golf", "classic").played == 0


def test_new_deal_from_the_menu_asks_before_abandoning_the_saved_game(make_app):
    app = make_app(size=(800, 480))
    scene = golf_table(app)
    play_some(app, scene, 3)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    click(app, menu.play_button.rect.center)
    dialog = app.top
    assert shows(dialog, Confirm)
    click(app, dialog.buttons[0].rect.center)  # Cancel
    assert app.top is menu and menu.continue_button.visible
    assert app.ctx.progress.stats.summary("golf", "easy").played == 0
    click(app, menu.play_button.rect.center)
    click(app, app.top.buttons[1].rect.center)  # New game
    assert is_golf(app.top) and app.top.game.moves == 0
    s = app.ctx.progress.stats.summary("golf", "easy")
    assert s.played == 1 and s.won == 0


def test_two_writers_never_leave_a_torn_save(tmp_path):
    import threading

    from game.persist.files import write_atomically

    path = tmp_path / "current-game.json"
    write_atomically(path, json.dumps({"n": -1}))
    errors = []

    def writer(tag):
        for i in range(150):
            write_atomically(path, json.dumps({"n": i, "tag": tag, "pad": "x" * (i * 37 % 5000)}))

    def reader():
        for _ in range(600):
            try:
                json.loads(path.read_text())
            except (ValueError, OSError) as exc:
                errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in "ab"] + [threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert not list(tmp_path.glob("*.tmp"))


def test_impossible_bookkeeping_numbers_in_a_save_are_refused_not_fatal(data_dir):
    progress = Progress(data_dir)
    game = abandoning()
    progress.begin(game)
    game.draw()
    progress.changed(game)
    progress.close()
    path = data_dir / "current-game.json"
    good = path.read_text()
    assert '"undos":0' in good
    for bad in ("Infinity", "-3", "NaN", '"lots"'):
        path.write_text(good.replace('"undos":0', f'"undos":{bad}'))
        assert Progress(data_dir).saved() is None  # set aside, and the start goes on
    path.write_text(good)
    assert Progress(data_dir).saved()[0].moves == 1


def test_best_score_waits_for_a_finished_game_and_eight_off_has_no_blocked_key(make_app):
    from game import registry
    from game.scenes.stats_scene import StatsScene

    app = make_app(size=(800, 480), scene=MenuScene)
    app.ctx.progress.stats.record("eightoff", "8", "EO1-C8-AAAAAAB", "abandoned", 40, 12)
    app.ctx.settings.last_game, app.ctx.settings.eightoff_cells = "eightoff", 8
    click(app, app.top.stats_button.rect.center)
    screen = app.top
    assert isinstance(screen, StatsScene)
    rows = dict(screen.lines())
    assert rows["Played"] == "1" and rows["Best score"] == "—"
    assert [k for k, _label in screen.legend_keys()] == ["won", "abandoned", "assisted"]
    screen.kind = registry.kind("golf-easy")
    assert [k for k, _label in screen.legend_keys()] == ["won", "blocked", "abandoned", "assisted"]


def test_a_file_set_aside_never_takes_the_place_of_one_set_aside_before(tmp_path):
    """Two damaged databases in the same second (a new one damaged at once): both kept, with their
    -wal, under names of their own."""
    from game.persist.files import move_aside

    db = tmp_path / "statistics.sqlite3"
    kept = []
    for n in (1, 2):
        db.write_text(f"damaged {n}")
        (tmp_path / "statistics.sqlite3-wal").write_text(f"wal {n}")
        kept.append(move_aside(db, "damaged", "statistics", companions=("-wal",)))
    assert kept[0] != kept[1] and kept[0].read_text() == "damaged 1" and kept[1].read_text() == "damaged 2"
    assert Path(f"{kept[0]}-wal").read_text() == "wal 1" and Path(f"{kept[1]}-wal").read_text() == "wal 2"
