"""A round of golf saved and counted: saved after every move, resumed at the same hole and
move after a power cut, recorded once per round (finished, abandoned, assisted), statistics per rule
set, the schema migration that adds rounds keeping every row, and the journal for rounds."""

from __future__ import annotations

import json
import random

import pytest
from conftest import database_at
from helpers.saves import SAVE, hold_write_lock, power_cut

from game.model.course import GolfRound
from game.model.golf import GolfGame, hole_score
from game.persist.progress import Progress, at_stake
from game.persist.round_stats import round_record_of, summarize_rounds
from game.persist.stats import SCHEMA_VERSION, StatsDB, check_schema
from game.solver import solve


def act(progress: Progress, game: GolfGame, rng: random.Random | None = None, by_demo: bool = False) -> None:
    """One move as a table reports it (a random legal one with `rng`, else the first)."""
    moves = game.legal_moves()
    game.push(rng.choice(moves) if rng else moves[0])
    progress.changed(game, by_demo=by_demo)


def play_hole(progress: Progress, rnd: GolfRound, rng: random.Random | None = None) -> int:
    """Play the hole being played to its end; its score."""
    while rnd.game.status == "playing":
        act(progress, rnd.game, rng)
    return hole_score(rnd.game)


def next_hole(progress: Progress, rnd: GolfRound) -> None:
    """As the scorecard does: the hole is final, the next one dealt, and its table begins."""
    rnd.next_hole()
    progress.round_changed(rnd)
    progress.leave()  # the old table closes ...
    if not rnd.finished:
        progress.begin(rnd.game, None, guaranteed=rnd.winnable, golf_round=rnd)  # ... and the next one opens


def begin_round(progress: Progress, code: str = "GR1-E-QXKZMTA") -> GolfRound:
    rnd = GolfRound(code)
    progress.begin(rnd.game, None, golf_round=rnd)
    return rnd


def query(folder, sql: str) -> list[tuple]:
    """Raw SQL on the statistics database (created first, as the game would, if it is not yet)."""
    db = StatsDB(folder / "statistics.sqlite3")
    try:
        return db.conn.execute(sql).fetchall()
    finally:
        db.close()


def round_rows(folder) -> list[tuple]:
    return query(folder, "SELECT uid, option, code, result, holes, total, holes_won, scores FROM rounds")


def game_count(folder) -> int:
    return query(folder, "SELECT count(*) FROM games")[0][0]


def test_statistics_after_a_scripted_round(data_dir):
    progress = Progress(data_dir)
    rnd = begin_round(progress)
    uid, scores = progress.uid, []
    for hole in range(1, 10):
        assert progress.uid == uid and progress.round is rnd and rnd.hole == hole
        scores.append(play_hole(progress, rnd))
        next_hole(progress, rnd)
    assert rnd.finished and progress.flush()
    assert round_rows(data_dir) == [
        (uid, "easy", rnd.code, "finished", 9, sum(scores), sum(s <= 0 for s in scores), ",".join(map(str, scores)))
    ]
    assert game_count(data_dir) == 0  # a hole is not a single game
    assert not (data_dir / SAVE).exists()  # nothing left to continue
    summary = progress.stats.round_summary("easy")
    assert (summary.played, summary.finished, summary.abandoned, summary.best_total, summary.best_code) == (
        1,
        1,
        0,
        sum(scores),
        rnd.code,
    )
    assert summary.average_total == sum(scores) and summary.holes_won == sum(s <= 0 for s in scores)
    assert progress.stats.round_summary("classic").played == 0
    # a second, worse round: the best stays, the average moves
    second = begin_round(progress, "GR1-E-AAAAAAB")
    for _ in range(9):
        second.give_up()  # 35 cards left on each tableau, nothing played
        progress.round_changed(second)
    summary = progress.stats.round_summary("easy")
    assert summary.best_total == sum(scores) and summary.best_code == rnd.code
    assert summary.average_total == pytest.approx((sum(scores) + 9 * 35) / 2) and summary.finished == 2
    progress.close()


def test_a_round_replaced_by_another_game_is_recorded_as_abandoned_once(data_dir):
    progress = Progress(data_dir)
    rnd = begin_round(progress)
    first = play_hole(progress, rnd)
    next_hole(progress, rnd)
    act(progress, rnd.game)
    progress.leave()  # to the menu: saved, nothing counted
    assert progress.flush() and round_rows(data_dir) == []
    assert at_stake(progress.saved())
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))  # a single deal in its place
    assert progress.flush()
    assert [r[3:6] for r in round_rows(data_dir)] == [("abandoned", 1, first)]
    assert progress.round is None and game_count(data_dir) == 0
    progress.close()


def test_an_untouched_round_is_never_counted(data_dir):
    progress = Progress(data_dir)
    begin_round(progress)
    assert not at_stake(progress.saved())
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))
    assert progress.flush() and round_rows(data_dir) == []
    progress.close()


def test_a_round_the_demo_helped_with_is_assisted(data_dir):
    progress = Progress(data_dir)
    rnd = begin_round(progress)
    act(progress, rnd.game)
    act(progress, rnd.game, by_demo=True)
    for _ in range(9):
        if rnd.game.status == "playing":
            rnd.give_up()
        else:
            rnd.next_hole()
        progress.round_changed(rnd)
    assert progress.flush() and [r[3] for r in round_rows(data_dir)] == ["assisted"]
    assert progress.stats.round_summary("easy").best_total is None  # never the best
    progress.close()


def test_a_power_cut_in_the_middle_of_hole_5_resumes_exactly(data_dir):
    progress = Progress(data_dir)
    rnd = begin_round(progress, "GR1-C-FIVEHOL")
    rng = random.Random(5)
    for _ in range(4):
        play_hole(progress, rnd, rng)
        next_hole(progress, rnd)
    rnd.game.draw()
    progress.changed(rnd.game)
    act(progress, rnd.game, rng)
    rnd.game.pop()
    progress.changed(rnd.game, undo=True)
    act(progress, rnd.game, rng)
    assert rnd.hole == 5 and progress.save.flush()
    expected_round, expected_game, uid = rnd.to_json(), rnd.game.to_json(), progress.uid
    power_cut(progress)

    after = Progress(data_dir)
    game, meta = after.saved()
    back = meta["round"]
    assert back.hole == 5 and back.to_json() == expected_round and game.to_json() == expected_game
    assert back.game is game and game.can_undo and meta["uid"] == uid and meta["undos"] == 1
    after.begin(game, meta)
    assert after.round is back and after.uid == uid
    play_hole(after, back, rng)  # the round goes on from there, under the same id
    for _ in range(5):
        next_hole(after, back)
        if not back.finished:
            play_hole(after, back, rng)
    assert back.finished and after.flush()
    assert [(r[0], r[3], r[4]) for r in round_rows(data_dir)] == [(uid, "finished", 9)]
    after.close()


def test_a_won_hole_keeps_the_round_saved(data_dir):
    progress = Progress(data_dir)
    rnd = begin_round(progress, "GR1-E-AAAAAAB")
    while True:
        game = rnd.game
        for move in solve(game).moves:  # a winning line, when the deal has one
            game.push(move)
            progress.changed(game)
        if game.status == "won":
            break
        rnd.next_hole()  # (a deal the solver cannot win: try the next hole)
        progress.round_changed(rnd)
        progress.begin(rnd.game, None, golf_round=rnd)
    assert progress.save.flush()
    saved = json.loads((data_dir / SAVE).read_text())
    assert "round" in saved and json.loads(saved["model"])["state"]["status"] == "won"
    game, meta = Progress(data_dir).saved()
    assert game.status == "won" and meta["round"].pending_score == hole_score(game)
    progress.close()


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["round"].update(code="GR1-E-QXKZMTB"),
        lambda d: d["round"].update(scores=[50]),
        lambda d: d.update(round=[1, 2]),
        lambda d: d.update(kind="eightoff"),
    ],
)
def test_a_damaged_round_in_the_save_is_moved_aside(data_dir, change):
    progress = Progress(data_dir)
    rnd = begin_round(progress)
    act(progress, rnd.game)
    assert progress.save.flush()
    progress.close()
    doc = json.loads((data_dir / SAVE).read_text())
    change(doc)
    (data_dir / SAVE).write_text(json.dumps(doc))
    again = Progress(data_dir)
    assert again.saved() is None and list(data_dir.glob(f"{SAVE}.corrupt-*"))
    again.close()


@pytest.mark.slow
def test_a_finished_round_waits_in_the_journal_through_a_power_cut(data_dir):
    data_dir.mkdir(parents=True)
    lock = hold_write_lock(data_dir)
    progress = Progress(data_dir)
    rnd = begin_round(progress)
    act(progress, rnd.game)
    for _ in range(9):
        rnd.give_up()
        progress.round_changed(rnd)
    assert progress.save.flush()
    on_disk = json.loads((data_dir / SAVE).read_text())
    assert set(on_disk) == {"format", "unrecorded"} and on_disk["unrecorded"][0]["type"] == "round"
    assert progress.stats.round_summary("easy").finished == 1  # counted on the screen meanwhile
    power_cut(progress)
    lock.execute("ROLLBACK")
    lock.close()
    after = Progress(data_dir)
    assert after.saved() is None and after.flush(30)
    assert [r[3] for r in round_rows(data_dir)] == ["finished"] and not (data_dir / SAVE).exists()
    after.close()
    again = Progress(data_dir)  # and only once
    assert again.flush(30) and len(round_rows(data_dir)) == 1
    again.close()


def test_a_round_recorded_before_its_save_was_replaced_is_not_continued(data_dir):
    progress = Progress(data_dir)
    rnd = begin_round(progress)
    act(progress, rnd.game)
    assert progress.save.flush()
    kept = (data_dir / SAVE).read_bytes()  # the save as it was when the power went ...
    progress.begin(GolfGame.from_code("GO1-E-AAAAAAB"))  # ... after the round was recorded
    assert progress.flush()
    progress.close()
    (data_dir / SAVE).write_bytes(kept)
    again = Progress(data_dir)
    assert again.saved() is None and len(round_rows(data_dir)) == 1
    again.close()


# -- the schema -----------------------------------------------------------------------------------------
def test_a_version_3_database_gets_the_rounds_table_keeping_every_row(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    conn = database_at(path, 3)
    conn.executemany(
        "INSERT INTO games (game, option, code, result, score, moves, finished_at, hints, uid) "
        "VALUES ('golf', 'easy', ?, ?, ?, 5, 'x', 1, ?)",
        [("A", "won", 350, "a"), ("B", "blocked", 40, "b")],
    )
    conn.execute("INSERT INTO dealt (kind, number) VALUES ('golf-easy', 7)")
    conn.commit()
    conn.close()
    db = StatsDB(path)
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert db.conn.execute("SELECT id, code, result, uid FROM games ORDER BY id").fetchall() == [
        (1, "A", "won", "a"),
        (2, "B", "blocked", "b"),
    ]
    assert db.dealt("golf-easy") == {7}
    check_schema(db.conn)
    assert db.record_round(round_record_of("easy", "GR1-E-AAAAAAB", "finished", [3] * 9, uid="r1"))
    assert not db.record_round(round_record_of("easy", "GR1-E-AAAAAAB", "finished", [1] * 9, uid="r1"))
    assert db.round_summary("easy").best_total == 27 and db.has("r1") and db.has("a")
    db.close()


def test_a_rounds_table_with_the_wrong_columns_is_damage(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    db = StatsDB(path)
    db.record("golf", "easy", "X", "won", 350, 30, uid="kept")
    db.conn.execute("DROP TABLE rounds")
    db.conn.execute("CREATE TABLE rounds (id INTEGER PRIMARY KEY, uid TEXT)")
    db.close()
    again = StatsDB(path)  # set aside, a new one started (as for a wrong games table)
    assert again.round_summary("easy").played == 0
    again.close()
    assert list(tmp_path.glob("statistics.sqlite3.corrupt-*"))


def test_the_round_summary_counts_per_result():
    rows = [
        ("a", "finished", 40, 9, 2, "GR1-E-AAAAAAB"),
        ("b", "abandoned", 12, 3, 1, "GR1-E-AAAAAAC"),
        ("c", "finished", 38, 9, 3, "GR1-E-AAAAAAD"),
        ("d", "assisted", 10, 9, 7, "GR1-E-AAAAAAE"),
        ("e", "finished", 38, 9, 0, "GR1-E-AAAAAAF"),
    ]
    s = summarize_rounds(rows)
    assert (s.played, s.finished, s.abandoned, s.assisted) == (5, 3, 1, 1)
    assert (s.best_total, s.best_code) == (38, "GR1-E-AAAAAAD")  # the first to reach it
    assert s.average_total == pytest.approx((40 + 38 + 38) / 3) and s.holes_won == 6
    empty = summarize_rounds([])
    assert empty.best_total is None and empty.average_total is None and empty.played == 0
