"""Hints, the demo ("Watch") and winnable deals in the saved game and the statistics: schema 2,
who moved decides what is recorded, and the Statistics screen shows hints and assisted games."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import click
from helpers.saves import abandoning, act, begun, blocking, winnable

from game.model.golf import GolfGame
from game.persist.progress import Progress
from game.persist.stats import MIGRATIONS, SCHEMA_VERSION, StatsDamaged, StatsDB, migrate
from game.scenes.menu import MenuScene

V1_COLUMNS = "game, option, code, result, score, moves, undos, duration_s, finished_at"
V1_ROWS = [
    ("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 51, 2, 61.5, "2024-05-01T10:00:00"),
    ("golf", "classic", None, "blocked", 120, 40, 0, 30.0, "2024-05-02T10:00:00"),
    ("eightoff", "4", "EO1-C4-AAAAAAB", "abandoned", 80, 12, 1, 9.25, "2024-05-03T10:00:00"),
    ("golf", "easy", None, "won", 300, 44, 0, 50.0, "2024-05-04T10:00:00"),
]


def version_1_database(path) -> None:
    """A database as the first release left it: schema 1 with rows, the last row deleted
    (so the AUTOINCREMENT counter is ahead of the highest id)."""
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.executemany(
        f"INSERT INTO games ({V1_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        V1_ROWS + [("golf", "easy", None, "abandoned", 5, 1, 0, 1.0, "2024-05-05T10:00:00")],
    )
    conn.execute("DELETE FROM games WHERE id = 5")
    conn.commit()
    conn.close()


def results(progress: Progress, kind: str = "golf", option: str = "easy") -> list[str]:
    return [r for r, _score in progress.stats.last(kind, option)]


# --- schema 2 ------------------------------------------------------------------------------------
def test_a_version_1_database_with_rows_is_upgraded_in_place(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    version_1_database(path)
    db = StatsDB(path)
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    rows = db.conn.execute(f"SELECT id, {V1_COLUMNS}, hints, daily FROM games ORDER BY id").fetchall()
    assert [r[1:10] for r in rows] == V1_ROWS  # every row, every value
    assert [r[0] for r in rows] == [1, 2, 3, 4] and all(r[10] == 0 and r[11] is None for r in rows)
    db.record("golf", "easy", None, "assisted", 200, 30, hints=3)
    newest = db.conn.execute("SELECT id, result, hints FROM games ORDER BY id DESC LIMIT 1").fetchone()
    assert newest == (6, "assisted", 3)  # the AUTOINCREMENT counter came along: id 5 is not reused
    db.mark_dealt("golf-easy", 17)
    assert db.dealt("golf-easy") == {17}
    assert db.integrity_ok()
    assert db.conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games_by_option'").fetchone()[0] == 1
    with pytest.raises(sqlite3.IntegrityError):  # the CHECK is still there for unknown results
        db.conn.execute(f"INSERT INTO games ({V1_COLUMNS}) VALUES ('golf', 'easy', NULL, 'lost', 0, 0, 0, 0, 'x')")
    db.close()
    assert StatsDB(path).summary("golf", "easy").played == 3


def test_a_fresh_database_reaches_version_2(tmp_path):
    db = StatsDB(tmp_path / "new.sqlite3")
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.record("eightoff", "8", None, "assisted", 100, 20, hints=1)
    db.mark_dealt("eightoff-8", 3)
    assert db.summary("eightoff", "8").assisted == 1 and db.dealt("eightoff-8") == {3}
    with pytest.raises(ValueError):
        db.record("eightoff", "8", None, "lost", 0, 0)


def test_a_failing_migration_leaves_version_1_and_its_rows_untouched(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    version_1_database(path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE dealt (x)")  # in the way of the last statement of the migration
    with pytest.raises(StatsDamaged):  # a schema its version does not promise: set aside by StatsDB
        migrate(conn)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 4
    assert "'assisted'" not in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games_v2'").fetchone()[0] == 0
    conn.close()


def test_summary_counts_assisted_games_as_played_never_won(tmp_path):
    db = StatsDB(tmp_path / "s.sqlite3")
    for result, score, hints in [
        ("won", 300, 1),
        ("won", 310, 0),
        ("assisted", 900, 4),
        ("won", 320, 2),
        ("blocked", 100, 0),
        ("abandoned", 800, 0),
        ("won", 250, 0),
        ("won", 260, 0),
        ("assisted", 990, 1),
    ]:
        db.record("golf", "classic", None, result, score, 10, hints=hints)
    s = db.summary("golf", "classic")
    assert (s.played, s.won, s.assisted, s.hints) == (9, 5, 2, 8)
    assert s.current_streak == 0 and s.longest_streak == 2  # an assisted game ends a streak
    assert s.best_score == 320  # neither the assisted 990 nor the abandoned 800
    assert s.win_percent == pytest.approx(100 * 5 / 9)
    db.record("golf", "classic", None, "assisted", 50, 10)
    assert db.summary("golf", "classic").best_score == 320


# --- dealt deals -----------------------------------------------------------------------------------
def test_dealt_deals_round_trip_are_idempotent_and_survive_reopen_and_reset(tmp_path):
    path = tmp_path / "s.sqlite3"
    db = StatsDB(path)
    assert db.dealt("golf-easy") == set()
    for number in (4, 9, 4, 9, 4):
        db.mark_dealt("golf-easy", number)
    db.mark_dealt("eightoff-4", 4)
    assert db.dealt("golf-easy") == {4, 9} and db.dealt("eightoff-4") == {4}
    db.record("golf", "easy", None, "won", 100, 10)
    db.reset("golf", "easy")
    db.close()
    again = StatsDB(path)
    assert again.dealt("golf-easy") == {4, 9}  # reset forgets results, not the deals handed out
    again.clear_dealt("golf-easy")
    assert again.dealt("golf-easy") == set() and again.dealt("eightoff-4") == {4}


def test_progress_forwards_dealt_and_is_quiet_without_statistics(data_dir):
    progress = Progress(data_dir)
    progress.mark_dealt("golf-classic", 12)
    progress.mark_dealt("golf-classic", 12)
    assert progress.dealt("golf-classic") == {12}
    progress.close()
    assert Progress(data_dir).dealt("golf-classic") == {12}

    newer = data_dir / "newer"
    newer.mkdir()
    conn = sqlite3.connect(newer / "statistics.sqlite3")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    without = Progress(newer)
    assert without.recorder.wait_open(10) and without.stats.problem == "newer"
    without.mark_dealt("golf-classic", 12)  # nothing raises; the mark waits with the finished games
    assert without.dealt("golf-classic") == {12}


# --- hints ----------------------------------------------------------------------------------------
def test_hints_are_counted_saved_and_restored_from_disk(data_dir):
    progress, game = begun(data_dir)
    act(progress, game)
    progress.hint_used()
    progress.hint_used()
    assert progress.hints == 2
    progress.save.flush()
    assert json.loads((data_dir / "current-game.json").read_text())["hints"] == 2  # saved at once
    progress.close()

    again = Progress(data_dir)
    game, meta = again.saved()
    assert meta["hints"] == 2
    again.begin(game, meta)
    assert again.hints == 2
    again.hint_used()
    again.begin(winnable())  # closes the resumed game out: abandoned, with its three hints
    assert results(again) == ["abandoned"] and again.stats.summary("golf", "easy").hints == 3
    assert again.hints == 0  # the new game starts without any


def test_a_player_win_is_won_with_its_hints(data_dir):
    progress, game = begun(data_dir, winnable)
    progress.hint_used()
    while game.status == "playing":
        act(progress, game)
    assert results(progress) == ["won"]
    s = progress.stats.summary("golf", "easy")
    assert (s.won, s.hints, s.assisted) == (1, 1, 0)
    assert progress.saved() is None


# --- the demo --------------------------------------------------------------------------------------
def test_a_game_only_the_demo_played_is_never_recorded(data_dir):
    progress, game = begun(data_dir, winnable)
    while game.status == "playing":
        act(progress, game, by_demo=True)
    assert game.status == "won" and progress.demo_only
    assert progress.saved() is None  # a watched win is over too: no Continue
    progress.changed(game)  # a late report changes nothing
    for other in (blocking(), abandoning()):  # watched to blocked, watched and left
        progress.begin(other)
        act(progress, other, by_demo=True)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))
    assert progress.stats.summary("golf", "easy").played == 0


@pytest.mark.parametrize("ending", ["won", "blocked", "abandoned"])
def test_a_game_the_player_and_the_demo_played_is_assisted_however_it_ends(data_dir, ending):
    progress = Progress(data_dir)
    game = {"won": winnable, "blocked": blocking, "abandoned": abandoning}[ending]()
    progress.begin(game)
    if ending == "blocked":  # one play blocks it: the player asks the demo, then undoes and replays
        act(progress, game, by_demo=True)
        game.undo()
        progress.changed(game, undo=True)
        act(progress, game)
    else:
        act(progress, game)
        act(progress, game, by_demo=True)
    while ending == "won" and game.status == "playing":
        act(progress, game, by_demo=True)
    assert game.status == {"won": "won", "blocked": "blocked", "abandoned": "playing"}[ending]
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))
    assert results(progress) == ["assisted"]
    s = progress.stats.summary("golf", "easy")
    assert (s.played, s.won, s.assisted, s.best_score) == (1, 0, 1, None)


def test_undos_count_for_whoever_made_them(data_dir):
    progress, game = begun(data_dir)
    act(progress, game, by_demo=True)
    game.undo()
    progress.changed(game, undo=True)  # the player takes back the demo's draw
    assert (progress.player_moves, progress.demo_moves, progress.undos) == (1, 1, 1)
    game.draw()
    progress.changed(game, undo=False, by_demo=True)
    game.undo()
    progress.changed(game, undo=True, by_demo=True)
    assert (progress.player_moves, progress.demo_moves, progress.undos) == (1, 3, 2)


def test_who_moved_survives_a_restart(data_dir):
    progress, game = begun(data_dir)
    act(progress, game, by_demo=True)
    progress.leave()
    progress.close()

    again = Progress(data_dir)
    game, meta = again.saved()
    assert (meta["player_moves"], meta["demo_moves"]) == (0, 1)
    again.begin(game, meta)
    assert again.demo_only
    act(again, game)  # now the player joins in
    again.begin(blocking())
    assert results(again) == ["assisted"]


# --- the guaranteed flag and old saves ------------------------------------------------------------
def test_the_guaranteed_flag_round_trips_through_the_save(data_dir):
    progress, game = begun(data_dir, guaranteed=True)
    assert progress.guaranteed
    act(progress, game)
    progress.close()

    again = Progress(data_dir)
    game, meta = again.saved()
    assert meta["guaranteed"] is True
    again.begin(game, meta)
    assert again.guaranteed
    again.begin(blocking())  # a new deal, not proven: the flag does not carry over
    assert not again.guaranteed
    again.save.flush()
    assert json.loads((data_dir / "current-game.json").read_text())["guaranteed"] is False


def test_an_old_save_without_the_new_keys_still_loads(data_dir):
    progress, game = begun(data_dir)
    act(progress, game)
    progress.close()
    path = data_dir / "current-game.json"
    data = json.loads(path.read_text())
    for name in ("hints", "player_moves", "demo_moves", "guaranteed"):
        del data[name]
    path.write_text(json.dumps(data))

    again = Progress(data_dir)
    game, meta = again.saved()
    assert game.moves == 1
    assert (meta["hints"], meta["player_moves"], meta["demo_moves"], meta["guaranteed"]) == (0, 1, 0, False)
    again.begin(game, meta)
    act(again, game, by_demo=True)  # the old moves were the player's: with the demo's it is assisted
    again.begin(blocking())
    assert results(again) == ["assisted"]


@pytest.mark.parametrize("bad", ['"hints":-1', '"demo_moves":"many"', '"player_moves":Infinity'])
def test_impossible_new_counts_in_a_save_are_refused_not_fatal(data_dir, bad):
    progress, game = begun(data_dir)
    act(progress, game)
    progress.close()
    path = data_dir / "current-game.json"
    text = path.read_text()
    name = bad.split(":")[0]
    start = text.index(name)
    end = text.index(",", start)
    path.write_text(text[:start] + bad + text[end:])
    assert Progress(data_dir).saved() is None
    assert list(data_dir.glob("current-game.json.corrupt-*"))


# --- the Statistics screen --------------------------------------------------------------------------
def test_statistics_screen_shows_hints_and_assisted_games(make_app):
    from game.scenes.stats_scene import RESULT_COLOURS, StatsScene

    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    stats.record("golf", "easy", None, "won", 350, 51, hints=2)
    stats.record("golf", "easy", None, "assisted", 400, 60, hints=5)
    click(app, app.top.stats_button.rect.center)
    screen = app.top
    assert isinstance(screen, StatsScene)
    rows = dict(screen.lines())
    assert rows["Hints used"] == "7" and rows["Played"] == "2" and rows["Won"] == "1 (0 clean)"
    assert rows["Best score"] == "350"
    assert ("assisted", "Assisted") in screen.legend_keys()
    colour = RESULT_COLOURS["assisted"]
    assert colour not in [c for k, c in RESULT_COLOURS.items() if k != "assisted"]
    surface = app.screen
    screen.resize(surface.get_size())
    screen.draw(surface)
    chart = screen.chart_rect
    seen = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(chart.left, chart.right, 2)
        for y in range(chart.top, chart.bottom, 2)
    }
    assert colour in seen  # the assisted bar (and its legend key) in its own colour
    assert screen.panel_rect.bottom <= 480 and screen.panel_rect.top >= 0
