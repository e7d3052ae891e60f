"""Trouble is not damage, for the statistics database: a read that fails while the database is
examined (an I/O error inside `PRAGMA quick_check`'s report, or raised) leaves every file where it
is; only damage seen on a clean read, twice, sets the database aside."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.persist import stats
from game.persist.recorder import Recorder
from game.persist.schema import check_verdict
from game.persist.stats import StatsDB, StatsUnavailable

ROOT = Path(__file__).resolve().parents[2]
#: What quick_check says when a page could not be read (8458 is SQLITE_IOERR_READ)
IO_ROWS = ["*** in database main ***\nPage 9: unable to get the page. error code=8458"]


def good_database(folder: Path, games: int = 9) -> Path:
    path = folder / "statistics.sqlite3"
    folder.mkdir(parents=True, exist_ok=True)
    db = StatsDB(path)
    for i in range(games):
        db.record("golf", "easy", "GO1-E-AAAAAAB", "won", 300 + i, 40, uid=f"g{i}")
    db.close()
    return path


class Reports:
    """`PRAGMA quick_check` answers the given rows, one answer per check, then the truth."""

    def __init__(self, monkeypatch, *answers: list[str]) -> None:
        self.answers = list(answers)
        self.checks = 0
        real = sqlite3.connect

        def connect(*args, **kwargs):
            return _Checked(real(*args, **kwargs), self)

        monkeypatch.setattr(stats.sqlite3, "connect", connect)


class _Checked:
    def __init__(self, conn: sqlite3.Connection, reports: Reports) -> None:
        self.conn, self.reports = conn, reports

    def execute(self, statement: str, *args):
        if "quick_check" in statement or "integrity_check" in statement:
            self.reports.checks += 1
            if self.reports.answers:
                rows = self.reports.answers.pop(0)
                return _Rows([(r,) for r in rows])
        return self.conn.execute(statement, *args)

    def __enter__(self):
        return self.conn.__enter__()

    def __exit__(self, *exc):
        return self.conn.__exit__(*exc)

    def __getattr__(self, name):
        return getattr(self.conn, name)


class _Rows:
    def __init__(self, rows):
        self.rows = rows

    def fetchall(self):
        return list(self.rows)

    def fetchone(self):
        return self.rows[0] if self.rows else None


def aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


@pytest.mark.parametrize(
    "rows",
    [
        IO_ROWS,
        ["*** in database main ***\nOn tree page 3 cell 0: failed to get page 12"],
        ["Page 4: unable to get the page. error code=266"],  # SQLITE_IOERR_READ's base form
        ["Page 4: unable to get the page. error code=7"],  # out of memory
        ["Page 4: unable to get the page. error code=5"],  # busy
    ],
)
def test_a_read_error_inside_quick_check_is_trouble_and_the_files_stay(tmp_path, monkeypatch, caplog, rows):
    path = good_database(tmp_path)
    before = path.read_bytes()
    Reports(monkeypatch, rows)
    with pytest.raises(StatsUnavailable) as raised:
        StatsDB(path)
    assert raised.value.reason == "io" and not raised.value.permanent
    assert aside(tmp_path) == [] and path.read_bytes() == before
    monkeypatch.undo()
    db = StatsDB(path)  # the disk answers again: every game is there
    assert db.summary("golf", "easy").played == 9
    db.close()


def test_damage_reported_once_but_not_again_is_trouble(tmp_path, monkeypatch):
    """A check that reports damage and a second check on a fresh connection that does not: the first
    read was not clean, so nothing is set aside."""
    path = good_database(tmp_path)
    Reports(monkeypatch, ["Page 5: btreeInitPage() returns error code 11"])
    with pytest.raises(StatsUnavailable):
        StatsDB(path)
    assert aside(tmp_path) == []


def test_damage_reported_twice_on_clean_reads_sets_the_database_aside(tmp_path, monkeypatch, caplog):
    path = good_database(tmp_path)
    damage = ["*** in database main ***\nPage 5: btreeInitPage() returns error code 11"]
    reports = Reports(monkeypatch, damage, damage)
    db = StatsDB(path)  # started anew
    assert db.summary("golf", "easy").played == 0
    db.close()
    assert reports.checks >= 2
    assert [n for n in aside(tmp_path) if not n.endswith(("-wal", "-shm"))]


def test_the_verdict_of_a_check():
    assert check_verdict(["ok"]) == "ok"
    assert check_verdict(IO_ROWS) == "trouble"
    assert check_verdict(["Page 9: unable to get the page. error code=11"]) == "damage"  # corrupt, read fine
    assert check_verdict(["row 3 missing from index games_by_option"]) == "damage"
    assert check_verdict(["row 3 missing from index x", "Page 2: unable to get the page. error code=10"]) == "trouble"
    assert check_verdict([]) == "trouble"  # no answer at all proves nothing
    # a row breaking its constraints is damage for that row, which reads skip, not for the file
    assert check_verdict(["CHECK constraint failed in games", "NULL value in games.uid"]) == "ok"
    assert check_verdict(["CHECK constraint failed in games", "row 3 missing from index x"]) == "damage"


def test_the_recorder_waits_out_a_read_error_and_records_later(tmp_path, monkeypatch, caplog):
    path = good_database(tmp_path)
    Reports(monkeypatch, IO_ROWS, IO_ROWS)
    pauses: list[float] = []
    recorder = Recorder(path, pause=pauses.append, backoff=(0.01, 0.01))
    recorder.submit(("mark_dealt", "golf-easy", 7))
    assert recorder.flush(5.0)
    recorder.close()
    assert aside(tmp_path) == [] and pauses  # it waited, then wrote
    db = StatsDB(path)
    assert db.summary("golf", "easy").played == 9 and db.dealt("golf-easy") == {7}
    db.close()


# --- the real thing: an I/O error at each read in turn ----------------------------------------------
OPEN = """
import sys
from pathlib import Path
from game.persist.stats import StatsDB, StatsUnavailable
try:
    db = StatsDB(Path(sys.argv[1]), busy_seconds=0.1)
    print("rows", db.summary("golf", "easy").played)
except StatsUnavailable as exc:
    print("unavailable", exc.reason)
"""


def _strace_works() -> bool:
    if shutil.which("strace") is None:
        return False
    try:
        run = subprocess.run(["strace", "-o", "/dev/null", "true"], capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return run.returncode == 0


@pytest.mark.slow
@pytest.mark.skipif(not _strace_works(), reason="strace cannot trace here")
def test_an_io_error_at_any_read_never_sets_a_healthy_database_aside(tmp_path):
    """SQLite's own way: fail the N-th read (pread64) of the process, for every N that reaches the
    database, and look at what is left. A healthy database is never set aside, whatever read fails."""
    source = good_database(tmp_path / "source")
    logging.getLogger().info("database made")
    outcomes = {}
    for n in range(1, 40):
        folder = tmp_path / f"run{n}"
        shutil.copytree(source.parent, folder)
        run = subprocess.run(
            ["strace", "-f", "-o", "/dev/null", "-e", "trace=pread64", "-e", f"inject=pread64:error=EIO:when={n}"]
            + [sys.executable, "-c", OPEN, str(folder / "statistics.sqlite3")],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        outcomes[n] = run.stdout.strip() or run.stderr.strip()[-80:]
        assert aside(folder) == [], (n, outcomes[n])
        shutil.rmtree(folder)
    assert any(o == "rows 9" for o in outcomes.values())  # reads past the examination: all there
    assert any(o.startswith("unavailable") for o in outcomes.values())  # the faults did land
