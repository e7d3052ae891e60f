"""Nothing lost, in process: hostile save and settings files, game ids that make recording
idempotent, the statistics written in the background (locks, damage told from trouble), the save
writer that always writes the newest state, and the leftovers of interrupted writes.

The same faults with the real game in subprocesses, killed at exact instants, are in tests/system/test_faults.py.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import click, database_at
from helpers.saves import SAVE, hold_write_lock, power_cut, winnable

from game.model.golf import GolfGame
from game.persist.files import Unreadable, read_json
from game.persist.frame_gate import FrameGate
from game.persist.progress import Progress
from game.persist.recorder import Recorder
from game.persist.savefile import SaveFile
from game.persist.stats import SCHEMA_VERSION, StatsDB, StatsUnavailable, check_schema
from game.scenes.menu import MenuScene
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "saves"
NESTED = [b"[" * 200_000, b'{"a":' * 200_000 + b"1" + b"}" * 200_000]


def warnings(caplog, logger: str = "game") -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith(logger)]


def start(progress: Progress, code: str = "GO1-E-AAAAAFA", draws: int = 2) -> GolfGame:
    """A new game begun and moved in, as a table does it."""
    game = GolfGame.from_code(code)
    progress.begin(game)
    for _ in range(draws):
        game.draw()
        progress.changed(game)
    return game


def rows(folder: Path, code: str | None = None) -> list[tuple]:
    conn = sqlite3.connect(folder / "statistics.sqlite3")
    try:
        query = "SELECT uid, code, result FROM games" + (" WHERE code = ?" if code else "")
        return conn.execute(query, (code,) if code else ()).fetchall()
    finally:
        conn.close()


def wait_until(condition, seconds: float = 30.0) -> None:
    """Wait for something the background threads do (a bound for a hang, not a speed limit)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.01)


# --- 1. nested JSON, 2. files that are not files ---------------------------------------------------------
@pytest.mark.parametrize("content", NESTED, ids=["list", "object"])
def test_a_deeply_nested_save_is_set_aside_with_one_line_and_the_game_starts(data_dir, caplog, content):
    data_dir.mkdir(parents=True)
    (data_dir / SAVE).write_bytes(content)
    progress = Progress(data_dir)  # reads the save at once (its journal), so a crash would be here
    assert progress.saved() is None and not (data_dir / SAVE).exists()
    assert len(list(data_dir.glob(f"{SAVE}.corrupt-*"))) == 1
    assert len([m for m in warnings(caplog) if "saved game" in m]) == 1
    progress.close()


def test_a_nested_model_inside_a_good_save_is_set_aside(data_dir, caplog):
    data_dir.mkdir(parents=True)
    doc = {"format": 1, "kind": "golf", "model": "[" * 100_000, "undos": 0}
    (data_dir / SAVE).write_text(json.dumps(doc))
    progress = Progress(data_dir)
    assert progress.saved() is None and list(data_dir.glob(f"{SAVE}.corrupt-*"))
    progress.close()


@pytest.mark.parametrize("content", NESTED, ids=["list", "object"])
def test_deeply_nested_settings_give_the_defaults_with_one_line(tmp_path, caplog, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert Settings.load(path) == Settings()
    assert len(warnings(caplog)) == 1


def test_a_deep_value_in_one_setting_is_logged_short(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text('{"sound": false, "language": ' + "[" * 500 + "]" * 500 + "}")
    with caplog.at_level(logging.WARNING):
        s = Settings.load(path)
    assert s.sound is False and s.language == ""
    assert [len(m) < 200 for m in warnings(caplog)] == [True]


def _not_files(folder: Path) -> dict[str, Path]:
    """A symlink to /dev/zero, a FIFO, a device, a folder, a file over the cap: none may be read."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {}
    for kind in ("zero", "fifo", "device", "folder", "huge"):
        path = folder / kind
        if kind == "zero":
            path.symlink_to("/dev/zero")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "device":
            path.symlink_to("/dev/null")
        elif kind == "folder":
            path.mkdir()
        else:
            path.write_bytes(b" " * (4 * 1024 * 1024 + 1))
        made[kind] = path
    return made


def _in_time(action, seconds: float = 30.0):
    """Run `action` on a thread: a hang (the old FIFO read) fails the test instead of stopping it."""
    out: list = []
    thread = threading.Thread(target=lambda: out.append(action()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "hung"
    return out[0]


@pytest.mark.parametrize("kind", ["zero", "fifo", "device", "folder", "huge"])
def test_a_save_that_is_not_a_regular_file_is_set_aside_without_reading_it(data_dir, tmp_path, kind, caplog):
    source = _not_files(tmp_path / "odd")[kind]
    data_dir.mkdir(parents=True)
    os.replace(source, data_dir / SAVE)
    progress = _in_time(lambda: Progress(data_dir))
    assert _in_time(progress.saved) is None
    assert not os.path.lexists(data_dir / SAVE) and list(data_dir.glob(f"{SAVE}.corrupt-*"))
    assert [m for m in warnings(caplog) if "saved game" in m]
    start(progress)
    assert progress.flush() and json.loads((data_dir / SAVE).read_text())["kind"] == "golf"
    progress.close()


@pytest.mark.parametrize("kind", ["zero", "fifo", "device", "folder", "huge"])
def test_settings_that_are_not_a_regular_file_give_the_defaults(tmp_path, kind, caplog):
    path = _not_files(tmp_path / "odd")[kind]
    with caplog.at_level(logging.WARNING):
        assert _in_time(lambda: Settings.load(path)) == Settings()
    assert len(warnings(caplog)) == 1


def test_read_json_reads_a_regular_file_through_a_symlink(tmp_path):
    (tmp_path / "real.json").write_text('{"a": 1}')
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    assert read_json(tmp_path / "link.json", 100) == {"a": 1}
    with pytest.raises(Unreadable):
        read_json(tmp_path / "real.json", 5)
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "none.json", 5)


# --- 3. a unique id per game: never counted twice ---------------------------------------------------------
def test_a_game_recorded_before_a_power_cut_is_never_recorded_again(data_dir):
    """Three power cuts right after the statistics record of an abandoned game, before its save is
    replaced: the game is counted once, and its save is not offered again."""
    first = Progress(data_dir)
    start(first, "GO1-E-AAAAAFA")
    assert first.flush()
    for _ in range(3):
        progress = Progress(data_dir)
        saved = progress.saved()
        if saved is not None:  # (without ids, the old game came back every time)
            progress.begin(*saved)
        progress.save._commit = lambda text: None  # the power goes before the save is replaced ...
        progress.begin(GolfGame.from_code("GO1-E-AAAAAFB"))  # ... New game: the old one is recorded
        assert progress.recorder.flush(10)
        power_cut(progress)
    first.recorder.close(0)
    after = Progress(data_dir)
    assert after.saved() is None  # it is over: recorded, not continued
    assert [r[2] for r in rows(data_dir, "GO1-E-AAAAAFA")] == ["abandoned"]
    after.close()


def test_recording_the_same_id_again_changes_nothing(tmp_path):
    db = StatsDB(tmp_path / "s.sqlite3")
    assert db.record("golf", "easy", "GO1-E-AAAAAAB", "abandoned", 10, 3, uid="game-1")
    assert not db.record("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 40, uid="game-1")
    assert db.results("golf", "easy") == [("abandoned", 10, 3)]
    with pytest.raises(sqlite3.IntegrityError):  # the UNIQUE constraint itself
        db.conn.execute(
            "INSERT INTO games (game, option, result, score, moves, finished_at, uid) "
            "VALUES ('golf', 'easy', 'won', 1, 1, 'x', 'game-1')"
        )
    db.close()


def test_a_version_2_database_gets_ids_keeping_its_rows(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    conn = database_at(path, 2)
    conn.executemany(
        "INSERT INTO games (game, option, code, result, score, moves, finished_at, hints) "
        "VALUES ('golf', 'easy', ?, ?, ?, 5, 'x', 1)",
        [("A", "won", 350), ("B", "blocked", 40)],
    )
    conn.commit()
    conn.close()
    db = StatsDB(path)
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert db.conn.execute("SELECT id, code, result, hints, uid FROM games ORDER BY id").fetchall() == [
        (1, "A", "won", 1, "row-1"),
        (2, "B", "blocked", 1, "row-2"),
    ]
    check_schema(db.conn)
    db.record("golf", "easy", "C", "won", 300, 30, uid="new")
    assert db.conn.execute("SELECT id FROM games WHERE uid = 'new'").fetchone()[0] == 3
    db.close()


def test_each_game_gets_its_own_id_kept_in_its_save(data_dir):
    progress = Progress(data_dir)
    game = start(progress)
    uid = progress.uid
    assert progress.flush() and json.loads((data_dir / SAVE).read_text())["uid"] == uid
    progress.close()
    again = Progress(data_dir)
    resumed, meta = again.saved()
    again.begin(resumed, meta)
    assert again.uid == uid and resumed.to_json() == game.to_json()
    again.begin(GolfGame.from_code("GO1-E-AAAAAFB"))
    assert again.uid != uid
    again.close()


@pytest.mark.parametrize("kind", ["golf-easy", "eightoff-4"])
def test_a_save_from_before_ids_gets_one_from_its_content_and_counts_once(data_dir, kind):
    data_dir.mkdir(parents=True)
    shutil.copy(FIXTURES / f"{kind}.json", data_dir / SAVE)
    code = json.loads((FIXTURES / f"{kind}.json").read_text())["code"]
    uids = set()
    for _ in range(2):  # recorded, then the power goes before the save is replaced: twice
        progress = Progress(data_dir)
        game, meta = progress.saved() or (None, None)
        if game is not None:
            uids.add(meta["uid"])
        progress.save._commit = lambda text: None
        progress.begin(GolfGame.from_code("GO1-E-AAAAAFB"))
        assert progress.recorder.flush(10)
        power_cut(progress)
    assert len(uids) == 1 and next(iter(uids)).startswith("old-")
    assert len(rows(data_dir, code)) == 1
    assert Progress(data_dir).saved() is None  # the same file read afresh: the same id, recorded


# --- the journal: a finished game is kept in the save until the database has it -------------------------


@pytest.mark.slow
def test_a_locked_database_never_stalls_the_frame_loop_and_gets_the_record_later(data_dir, monkeypatch, caplog):
    data_dir.mkdir(parents=True)
    lock = hold_write_lock(data_dir)
    threads = []
    real = StatsDB.insert  # (every finished game's row is written through it)

    def spy(self, *args, **kwargs):
        threads.append(threading.current_thread().name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(StatsDB, "insert", spy)
    progress = Progress(data_dir)
    start(progress)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAFB"))  # the first game is recorded: it must not block
    assert progress.stats.summary("golf", "easy").played == 1  # counted on the screen already
    wait_until(lambda: progress.stats.problem == "locked")
    assert progress.recorder.pending()
    assert progress.save.flush()
    on_disk = json.loads((data_dir / SAVE).read_text())
    assert [r["result"] for r in on_disk["unrecorded"]] == ["abandoned"]  # kept with the save meanwhile
    lock.execute("ROLLBACK")
    lock.close()
    assert progress.recorder.flush(30) and progress.stats.problem is None
    assert [r[2] for r in rows(data_dir)] == ["abandoned"]
    assert set(threads) == {"statistics"}  # the frame loop's thread never wrote
    assert progress.save.flush() and "unrecorded" not in json.loads((data_dir / SAVE).read_text())
    said = warnings(caplog, "game.persist")
    assert len([m for m in said if "cannot write" in m]) == 1 and any("works again" in m for m in said)
    progress.close()


@pytest.mark.slow
def test_an_exit_while_locked_waits_a_bounded_time_and_the_next_start_records(data_dir, monkeypatch):
    monkeypatch.setattr("game.persist.progress.EXIT_WAIT", 0.2)
    data_dir.mkdir(parents=True)
    lock = hold_write_lock(data_dir)
    progress = Progress(data_dir)
    start(progress)
    progress.begin(GolfGame.from_code("GO1-E-AAAAAFB"))
    progress.close()  # returns although the lock is still held
    assert '"abandoned"' in (data_dir / "statistics-waiting.jsonl").read_text()  # it waits on disk
    lock.execute("ROLLBACK")
    lock.close()
    again = Progress(data_dir)
    assert again.recorder.flush(30)
    assert [r[2] for r in rows(data_dir)] == ["abandoned"]
    again.close()
    assert "unrecorded" not in json.loads((data_dir / SAVE).read_text())


@pytest.mark.slow
def test_a_win_is_kept_in_the_journal_when_the_power_goes_before_the_database_has_it(data_dir):

    data_dir.mkdir(parents=True)
    lock = hold_write_lock(data_dir)
    progress = Progress(data_dir)
    game = winnable()
    progress.begin(game)
    while game.status == "playing":
        game.play(next(m for m in game.legal_moves() if not m.is_draw))
        progress.changed(game)
    assert progress.save.flush()
    assert set(json.loads((data_dir / SAVE).read_text())) == {"format", "unrecorded"}  # no game, one record
    power_cut(progress)
    lock.execute("ROLLBACK")
    lock.close()
    after = Progress(data_dir)
    assert after.saved() is None and after.flush(30)
    assert [r[2] for r in rows(data_dir)] == ["won"] and not (data_dir / SAVE).exists()
    after.close()


def test_back_off_grows_and_stops_at_its_cap(tmp_path):
    lock = hold_write_lock(tmp_path)
    pauses: list[float] = []
    recorder = Recorder(tmp_path / "statistics.sqlite3", backoff=(0.01, 0.08), busy_seconds=0.0, pause=pauses.append)
    recorder.submit(("mark_dealt", "golf-easy", 3))
    while len(pauses) < 6:
        recorder.flush(0.05)
    lock.execute("ROLLBACK")
    lock.close()
    assert recorder.flush(30)
    recorder.close()
    assert pauses[:6] == [0.01, 0.02, 0.04, 0.08, 0.08, 0.08]


# --- 4. damage told from trouble ----------------------------------------------------------------------
def _failing_connect(monkeypatch, code: int, name: str) -> None:
    """Make the writer's first statement fail with SQLite's error `code` (as a full disk would)."""
    real = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real(*args, **kwargs)
        if kwargs.get("uri"):
            return conn  # readers are not the point here

        def fail(statement, *rest):
            exc = sqlite3.OperationalError(f"simulated {name}")
            exc.sqlite_errorcode, exc.sqlite_errorname = code, name
            raise exc

        return _Wrapped(conn, fail)

    monkeypatch.setattr("game.persist.stats.sqlite3.connect", connect)


class _Wrapped:
    def __init__(self, conn, fail):
        self.conn, self.fail = conn, fail

    def execute(self, statement, *args):
        if "quick_check" in statement:
            return self.conn.execute(statement, *args)
        self.fail(statement)

    def __getattr__(self, name):
        return getattr(self.conn, name)


def healthy_database(folder: Path) -> dict[str, bytes]:
    """A good database with committed rows still in its -wal, as a killed game leaves it."""
    folder.mkdir(parents=True, exist_ok=True)
    work = folder.parent / "work"
    work.mkdir()
    db = StatsDB(work / "statistics.sqlite3")
    db.record("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 40, uid="kept")
    db.close()
    conn = sqlite3.connect(work / "statistics.sqlite3")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(
        "INSERT INTO games (game, option, result, score, moves, finished_at, uid) "
        "VALUES ('golf', 'easy', 'won', 300, 30, 'x', 'in-the-wal')"
    )
    conn.commit()
    for suffix in ("", "-wal"):
        shutil.copy(work / f"statistics.sqlite3{suffix}", folder / f"statistics.sqlite3{suffix}")
    conn.close()
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize(
    ("code", "name"),
    [
        (13, "SQLITE_FULL"),
        (10 | (4 << 8), "SQLITE_IOERR_READ"),
        (8, "SQLITE_READONLY"),
        (5, "SQLITE_BUSY"),
        (11, "SQLITE_CORRUPT"),
    ],
)
def test_a_healthy_database_is_never_set_aside_for_trouble(tmp_path, monkeypatch, caplog, code, name):
    """A full disk, an I/O error, a read-only folder, a lock, even SQLITE_CORRUPT that quick_check
    does not confirm: the files stay as they are, and the game runs without recording."""
    folder = tmp_path / "data"
    before = healthy_database(folder)
    _failing_connect(monkeypatch, code, name)
    with pytest.raises(StatsUnavailable):
        StatsDB(folder / "statistics.sqlite3")
    assert sorted(p.name for p in folder.iterdir() if "corrupt" in p.name) == []
    if (folder / "statistics.sqlite3-wal").exists():  # (or SQLite has checkpointed it on a close)
        assert (folder / "statistics.sqlite3-wal").read_bytes() == before["statistics.sqlite3-wal"]
    monkeypatch.undo()
    db = StatsDB(folder / "statistics.sqlite3")
    assert db.has("kept") and db.has("in-the-wal")


def test_a_file_that_is_not_a_database_goes_aside_with_its_wal_never_deleted(tmp_path, caplog):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    Path(f"{path}-wal").write_bytes(b"some journal")
    db = StatsDB(path)
    assert db.summary("golf", "easy").played == 0 and db.integrity_ok()
    db.close()
    aside = {p.name.rsplit("-", 1)[-1]: p for p in tmp_path.glob("statistics.sqlite3.corrupt-*")}
    assert set(aside) - {"wal", "shm"} == {str(os.getpid())}  # the file, and its -wal under the same name
    assert aside["wal"].read_bytes() == b"some journal"


def test_a_malformed_database_confirmed_by_quick_check_goes_aside(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    db = StatsDB(path)
    with db.conn:
        db.conn.execute("BEGIN")
        db.conn.executemany(
            "INSERT INTO games (game, option, code, result, score, moves, finished_at, uid) "
            "VALUES ('golf', 'easy', ?, 'won', 1, 1, 'x', ?)",
            [(f"c{i}", f"u{i}") for i in range(300)],
        )
    db.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 2 : page * 2 + 200] = b"\xff" * 200  # scribble over an interior page
    path.write_bytes(bytes(data))
    db = StatsDB(path)
    assert db.summary("golf", "easy").played == 0
    db.close()
    assert list(tmp_path.glob("statistics.sqlite3.corrupt-*"))


@pytest.mark.parametrize("version", [2, 3])
def test_a_games_table_with_the_wrong_columns_is_treated_as_damage(tmp_path, version):
    path = tmp_path / "statistics.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT, result TEXT)")
    conn.execute("CREATE TABLE dealt (kind TEXT NOT NULL, number INTEGER NOT NULL, PRIMARY KEY (kind, number))")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()
    db = StatsDB(path)
    assert db.record("golf", "easy", "GO1-E-AAAAAAB", "won", 350, 40, uid="x")  # records work again
    db.close()
    assert list(tmp_path.glob("statistics.sqlite3.corrupt-*"))


@pytest.mark.slow
def test_the_statistics_screen_says_when_results_are_not_written(make_app, data_dir):
    from game.scenes.stats_scene import StatsScene

    data_dir.mkdir(parents=True)
    lock = hold_write_lock(data_dir)
    app = make_app(size=(800, 480), scene=MenuScene)
    start(app.ctx.progress)
    app.ctx.progress.leave()
    app.ctx.progress.begin(GolfGame.from_code("GO1-E-AAAAAFB"))
    app.ctx.progress.leave()
    app.replace(MenuScene(app.ctx))
    click(app, app.top.stats_button.rect.center)
    screen = app.top
    assert isinstance(screen, StatsScene)
    assert dict(screen.lines())["Played"] == "1"
    wait_until(lambda: screen.note() is not None)
    assert screen.note() == "Another program is using the statistics: new results are saved later."
    assert dict(screen.lines())["Waiting to be recorded"] == "1"
    lock.execute("ROLLBACK")
    lock.close()
    assert app.ctx.progress.recorder.flush(30)
    assert screen.note() is None


# --- 6. the save writer writes the newest state, never a queue of old ones -------------------------------
def test_the_writer_skips_states_that_a_newer_one_replaced(tmp_path):
    written: list[str] = []
    inside, release = threading.Event(), threading.Event()
    save = SaveFile(tmp_path / SAVE)

    def slow_commit(text: str) -> None:  # an SD card's fsync: the first write takes "long"
        written.append(json.loads(text)["n"])
        inside.set()
        release.wait()

    save._commit = slow_commit
    save.write({"n": 0})
    inside.wait()
    for n in range(1, 10):
        save.write({"n": n})
        assert save.read() == {"n": n}  # the game sees its newest state without waiting
    release.set()
    assert save.flush()
    assert written == [0, 9]


def test_a_rewrite_never_brings_back_a_state_older_than_one_written_meanwhile(tmp_path):
    """The recorder's thread writes the newest document again while the frame's thread writes a
    newer one: the newer stays the newest, and is what the file holds."""
    save = SaveFile(tmp_path / SAVE)
    save.write({"n": 1})
    assert save.flush()
    real_submit, meanwhile = save._submit, []

    def submit(doc):  # a thread switch right where the rewrite hands its document over
        if doc == {"n": 1} and not meanwhile:
            meanwhile.append(threading.Thread(target=save.write, args=({"n": 2},)))
            meanwhile[0].start()
            meanwhile[0].join(0.2)  # (it waits for the rewrite when the rewrite holds the lock)
        real_submit(doc)

    save._submit = submit
    save.rewrite()
    meanwhile[0].join(5)
    assert save.flush()
    assert save.read() == {"n": 2} and json.loads((tmp_path / SAVE).read_text())["n"] == 2


def test_a_flush_begun_while_a_write_fails_waits_for_the_write_tried_again(tmp_path):
    """The exit's flush begins while the newest state's write is failing: it waits for the write
    tried again after it, so the newest state is on disk."""
    save = SaveFile(tmp_path / SAVE, backoff=(0.01, 0.01))
    real, calls = save._commit, []
    entered, go = threading.Event(), threading.Event()

    def commit(text: str) -> None:
        calls.append(text)
        if len(calls) == 1:  # the first write fails, once the flush has begun
            entered.set()
            go.wait(10)
            raise OSError(5, "Input/output error")
        real(text)

    save._commit = commit
    save.write({"n": 4})
    assert entered.wait(10)
    flushed: list[bool] = []
    flusher = threading.Thread(target=lambda: flushed.append(save.flush(10)))
    flusher.start()
    while not save._hurried:  # the flush has begun (and counted the writes begun so far)
        time.sleep(0.001)
    go.set()
    flusher.join(20)
    assert flushed == [True] and json.loads((tmp_path / SAVE).read_text()) == {"n": 4}


def test_the_exits_flush_tries_again_a_write_that_fails_once(tmp_path):
    """The newest state's write, begun after the exit's flush, fails once: the flush waits for it to
    be tried again, and the state is on disk."""
    gate = FrameGate()
    save = SaveFile(tmp_path / SAVE, backoff=(0.01, 0.01), gate=gate)
    real, calls = save._commit, []

    def commit(text: str) -> None:
        calls.append(text)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        real(text)

    save._commit = commit
    gate.frame_begins()  # the writer waits for the frame to end, or for a flush
    save.write({"n": 4})
    assert save.flush(10)  # (it hurries the writer: the write begins after it)
    gate.frame_ends()
    assert len(calls) == 2 and json.loads((tmp_path / SAVE).read_text()) == {"n": 4}


def test_one_writer_thread_serves_every_write_until_close(tmp_path, monkeypatch):
    """Starting a thread for a move held the frame that made it: the writer stays between writes,
    however long the player thinks, and ends at close (a write after that starts it again)."""
    made = []
    real_thread = threading.Thread
    monkeypatch.setattr(threading, "Thread", lambda *a, **k: made.append(1) or real_thread(*a, **k))
    save = SaveFile(tmp_path / SAVE)
    real_wait = save._lock.wait
    save._lock.wait = lambda timeout=None: real_wait(None if timeout is None else min(timeout, 0.001))  # (time flies)
    for n in range(3):
        save.write({"n": n})
        assert save.flush()
        save._thread.join(timeout=0.05)  # a long think between two moves (waits for nothing now)
    assert made == [1] and save._thread.is_alive()
    thread = save._thread
    assert save.close() and not thread.is_alive() and save.close()
    save.write({"n": 9})
    assert save.flush() and json.loads((tmp_path / SAVE).read_text()) == {"n": 9} and len(made) == 2
    save.close()


def _held_save(tmp_path, monkeypatch, hold_s: float = 60.0):
    """A save whose writer keeps out of the app's frames, with one frame under way; (save, gate,
    the documents composed so far)."""
    from game.persist import savefile
    from game.persist.frame_gate import FrameGate

    monkeypatch.setattr(savefile, "HOLD_S", hold_s)
    gate = FrameGate()
    composed: list[dict] = []
    save = SaveFile(tmp_path / SAVE, compose=lambda doc: composed.append(doc) or json.dumps(doc), gate=gate)
    gate.frame_begins()
    return save, gate, composed


def test_the_writer_composes_the_save_once_the_frame_that_made_the_move_has_ended(tmp_path, monkeypatch):
    """Composing takes the interpreter's lock: inside a frame it held the frame up (frame_gate)."""
    save, gate, composed = _held_save(tmp_path, monkeypatch)
    save.write({"n": 1})
    wait_until(lambda: save._held)  # the writer is awake, and waits for the frame
    save.write({"n": 2})  # the same frame moves again
    assert composed == [] and not (tmp_path / SAVE).exists() and save.read() == {"n": 2}
    gate.frame_ends()
    wait_until(lambda: (tmp_path / SAVE).exists() and not save._busy)
    assert composed == [{"n": 2}] and json.loads((tmp_path / SAVE).read_text()) == {"n": 2}
    gate.frame_begins()  # the next frame: nothing to write, nothing waits
    gate.frame_ends()
    assert composed == [{"n": 2}]
    save.close()


def test_the_end_of_the_frame_wakes_the_writer_waiting_for_it(tmp_path, monkeypatch):
    save, gate, composed = _held_save(tmp_path, monkeypatch)  # (held for a minute, else)
    waiting = []
    real_wait = save._lock.wait
    save._lock.wait = lambda timeout=None: (waiting.append(save._held), real_wait(timeout))[1]
    save.write({"n": 1})
    wait_until(lambda: any(waiting))  # the writer is inside its wait for the frame's end
    gate.frame_ends()  # nothing else happens: no write, no flush
    wait_until(lambda: (tmp_path / SAVE).exists() and not save._busy)
    assert composed == [{"n": 1}]
    save.close()


def test_closing_inside_a_frame_does_not_wait_for_it_even_for_a_write_submitted_meanwhile(tmp_path, monkeypatch):
    save, gate, composed = _held_save(tmp_path, monkeypatch)
    save.write({"n": 1})
    flush = save.flush

    def flush_then_submit(timeout: float = 5.0) -> bool:  # (the statistics' thread rewrites the save then)
        done = flush(timeout)
        save.write({"n": 2})
        return done

    save.flush = flush_then_submit
    assert save.close(30) and gate.in_frame
    wait_until(lambda: save._thread is None or not save._thread.is_alive())
    assert json.loads((tmp_path / SAVE).read_text()) == {"n": 2} and composed[-1] == {"n": 2}


def test_a_flush_inside_a_frame_does_not_wait_for_it_to_end(tmp_path, monkeypatch):
    save, gate, composed = _held_save(tmp_path, monkeypatch)
    save.write({"n": 1})
    assert save.flush(30) and composed == [{"n": 1}] and gate.in_frame  # (attract mode's start flushes so)
    save.write({"n": 2})
    assert save.close(30) and json.loads((tmp_path / SAVE).read_text()) == {"n": 2}


def test_a_frame_that_never_ends_keeps_the_save_off_the_disk_no_longer_than_the_hold(tmp_path, monkeypatch):
    save, gate, composed = _held_save(tmp_path, monkeypatch, hold_s=0.01)
    save.write({"n": 1})
    wait_until(lambda: (tmp_path / SAVE).exists())
    assert gate.in_frame and composed == [{"n": 1}]
    save.close()


def test_the_app_closes_the_gate_while_it_steps_a_frame_and_its_save_keeps_out(app):
    seen = []
    app.update = lambda dt: seen.append(app.frame_gate.in_frame)
    app.step_frame(1 / 30)
    assert seen and all(seen) and not app.frame_gate.in_frame
    assert app.ctx.progress.save.gate is app.frame_gate


def test_a_failed_save_is_tried_again_until_it_is_written(tmp_path, caplog):
    attempts = []
    save = SaveFile(tmp_path / SAVE, backoff=(0.001, 0.002))
    real = save._commit

    def full_disk(text: str) -> None:
        attempts.append(text)
        if len(attempts) < 4:
            raise OSError(28, "No space left on device")
        real(text)

    save._commit = full_disk
    save.write({"n": 1})
    while len(attempts) < 4:
        save.flush(0.05)
    assert save.flush(10) and json.loads((tmp_path / SAVE).read_text()) == {"n": 1}
    said = warnings(caplog)
    assert len([m for m in said if "No space left" in m]) == 1 and any("saved again" in m for m in said)


# --- 7. leftovers and the command line --------------------------------------------------------------
def test_temporary_files_of_killed_writers_are_removed_at_start(data_dir, tmp_path):
    data_dir.mkdir(parents=True)
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    alive = str(os.getppid())
    names = [f".{SAVE}-{dead}-x1.tmp", f".{SAVE}-abc123.tmp", f".{SAVE}-{alive}-x2.tmp", ".settings.json-9.tmp"]
    for name in names:
        (data_dir / name).write_text("{")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / f".settings.json-{dead}-y.tmp").write_text("{")
    Progress(data_dir).close()
    Settings.load(tmp_path / "config" / "settings.json")
    left = sorted(p.name for p in data_dir.iterdir() if p.name.endswith(".tmp"))
    assert left == sorted([f".{SAVE}-{alive}-x2.tmp", ".settings.json-9.tmp"])  # a live writer's, another file's
    assert not list((tmp_path / "config").glob("*.tmp"))


def _main(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path), GOLF_EIGHTOFF_DATA_DIR=str(tmp_path))
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], env=env, capture_output=True, text=True, timeout=60
    )


def test_an_empty_code_is_refused_with_status_2(tmp_path):
    out = _main("--code", "", tmp_path=tmp_path)
    assert out.returncode == 2 and "No deal code was given" in out.stderr and "Traceback" not in out.stderr


def test_a_long_bad_code_is_not_echoed_in_full(tmp_path):
    out = _main("--code", "GO1-E-" + "A" * 100_000, tmp_path=tmp_path)
    assert out.returncode == 2 and len(out.stderr) < 400 and "100006 characters" in out.stderr


def test_a_version_3_database_gets_the_daily_column_keeping_its_rows(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    conn = database_at(path, 3)
    conn.execute(
        "INSERT INTO games (game, option, code, result, score, moves, finished_at, hints, uid) "
        "VALUES ('golf', 'easy', 'A', 'won', 350, 5, 'x', 0, 'u1')"
    )
    conn.commit()
    conn.close()
    db = StatsDB(path)
    assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.conn.execute("SELECT uid, code, daily FROM games").fetchall() == [("u1", "A", None)]
    db.record("golf", "easy", "B", "won", 300, 30, uid="u2", daily="2026-12-01")
    assert db.rows("golf", "easy")[-1][7] == "2026-12-01"
    db.close()
