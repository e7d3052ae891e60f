"""Nothing lost, for real: the real game in subprocesses (tests/system/fault_player.py runs
main.main() as a kiosk with a scripted player), broken as an adversary would break it.

- a loop of power cuts (SIGKILL) at random instants and at the instants that matter: after a
  statistics record, between a temporary file's write and its rename, right before the database's
  commit, right after a rename; some runs with an SD card's fsync (10-80 ms);
- hostile files at start: deeply nested JSON, a symlink to /dev/zero, a FIFO, for the save and the
  settings;
- a game recorded and the power cut before its save is replaced, three times;
- a full disk (RLIMIT_FSIZE) that clears in the middle of the run; a database locked by another
  program, during play and through the exit.

After every restart: the resumed position is the one the last completed write left (or the write
under way, if its rename happened), every finished game is in the statistics exactly once,
`PRAGMA integrity_check` says ok, no traceback in the log, no pile of temporary files.
Kill instants come from events in the game (its own report lines, or a kill point it reaches), never
from sleeping. FAULTS_KILLS sets the loop's number of kills (default 50); FAULTS_LONG=1 runs 300
and prints the measured loss bound.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAYER = Path(__file__).resolve().parent / "fault_player.py"
LONG = os.environ.get("FAULTS_LONG") == "1"
KILLS = int(os.environ.get("FAULTS_KILLS", "300" if LONG else "50"))
POINTS = ("save-before-rename", "save-after-rename", "stats-before-commit", "stats-after-record")
SETTINGS = {"animation_speed": "off", "attract_minutes": 0, "language": "en", "sound": False, "fullscreen": False}
HANG = 120.0  # seconds: a run that takes longer has hung (a failure, not a speed limit)


@dataclass
class Run:
    """One start of the game: what it reported, how it ended, what it logged."""

    lines: list[list[str]]
    returncode: int
    log: str
    killed_at: float | None = None  # time.monotonic() when the test killed it
    times: list[float] = field(default_factory=list)  # when each line was read

    @property
    def killed(self) -> bool:
        return self.returncode == -signal.SIGKILL

    def of(self, kind: str) -> list[list[str]]:
        return [w for w in self.lines if w[0] == kind]

    @property
    def resumed(self) -> str | None:
        """The state the start resumed ("none": the menu), None if killed before it got there."""
        found = self.of("R")
        return found[0][1] if found else None


class Starter:
    """Starts the game in a fresh process: forked from a server that has imported the game once
    (fault_player.py --serve), so a loop of restarts pays for the game's own start-up only."""

    def __init__(self, folder: Path, pycache: Path) -> None:
        self.folder = folder
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(pycache), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.server = subprocess.Popen(
            [sys.executable, str(PLAYER), "--serve"],
            env=env,
            cwd=str(ROOT),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.count = 0

    def start(self, argv: list[str], env: dict[str, str], kill_after: int | None, until) -> Run:
        self.count += 1
        out, err = self.folder / f"out-{self.count}", self.folder / f"err-{self.count}"
        os.mkfifo(out)
        os.mkfifo(err)
        logged: list[bytes] = []

        def read_log() -> None:
            with open(err, "rb") as fh:
                logged.append(fh.read())

        reader = threading.Thread(target=read_log, daemon=True)
        reader.start()
        self.server.stdin.write(json.dumps({"argv": argv, "env": env, "out": str(out), "err": str(err)}) + "\n")
        self.server.stdin.flush()
        pid = int(self.server.stdout.readline().split()[1])
        hung = threading.Event()
        timer = threading.Timer(HANG, lambda: (hung.set(), os.kill(pid, signal.SIGKILL)))
        timer.start()
        lines, times, killed_at = [], [], None
        try:
            with open(out, "rb") as fh:
                for raw in fh:
                    words = raw.decode().split()
                    lines.append(words)
                    times.append(time.monotonic())
                    verdict = until(words) if until is not None else None
                    if verdict == "term":  # systemctl stop
                        os.kill(pid, signal.SIGTERM)
                    elif killed_at is None and (len(lines) == kill_after or verdict):
                        killed_at = time.monotonic()
                        os.kill(pid, signal.SIGKILL)
            status = int(self.server.stdout.readline().split()[2])
        finally:
            timer.cancel()
            reader.join()
            out.unlink()
            err.unlink()
        assert not hung.is_set(), f"the game hung: {lines[-5:]}"
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        return Run(lines, code, b"".join(logged).decode(errors="replace"), killed_at, times)

    def close(self) -> None:
        self.server.stdin.close()
        self.server.wait(timeout=60)


class Kiosk:
    """A data folder and a config folder, and the game started on them again and again."""

    def __init__(self, tmp: Path, starter: Starter) -> None:
        self.data, self.config = tmp / "data", tmp / "config"
        self.data.mkdir(parents=True, exist_ok=True)
        self.config.mkdir(parents=True, exist_ok=True)
        (self.config / "settings.json").write_text(json.dumps(SETTINGS))
        self.env = {"GOLF_EIGHTOFF_DATA_DIR": str(self.data), "GOLF_EIGHTOFF_CONFIG_DIR": str(self.config)}
        self.starter = starter
        self.runs: list[Run] = []
        self.states: dict[str, str] = {}  # state digest -> game id, from every run
        self.moved: set[str] = set()  # the digests of states with moves made (a game that counts)
        self.on_disk = {"none"}  # the states the save may hold now (check_restart follows it)

    def start(self, *args: str, kill_after: int | None = None, until=None) -> Run:
        """Run the game; SIGKILL it after `kill_after` report lines, or when `until(words)`, called on
        each line (it may act, e.g. release a lock), returns True; SIGTERM it when it returns "term"."""
        run = self.starter.start(list(args), self.env, kill_after, until)
        for w in run.of("S"):
            self.states[w[1]] = w[2]
            if int(w[3]) > 0:
                self.moved.add(w[1])
        self.runs.append(run)
        return run

    def database(self) -> sqlite3.Connection:
        return sqlite3.connect(f"{(self.data / 'statistics.sqlite3').as_uri()}?mode=ro", uri=True)

    def recorded(self) -> dict[str, str]:
        """uid -> result of every game in the statistics."""
        if not (self.data / "statistics.sqlite3").exists():
            return {}
        conn = self.database()
        try:
            return dict(conn.execute("SELECT uid, result FROM games"))
        finally:
            conn.close()

    def integrity(self) -> str:
        conn = self.database()
        try:
            return conn.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            conn.close()

    def save(self) -> dict | None:
        path = self.data / "current-game.json"
        return json.loads(path.read_text()) if path.exists() else None

    def temps(self) -> list[str]:
        return [p.name for p in self.data.iterdir() if p.name.endswith(".tmp")]

    def settle(self) -> None:
        """Clean starts (no gesture) until the save's journal is empty: what was finished is then
        in the database (each start records it; a start on a slow machine may leave some for the next)."""
        for _ in range(5):
            run = self.start("--steps", "0")
            assert run.returncode == 0, run.log
            if "unrecorded" not in (self.save() or {}):
                return
        raise AssertionError("the journal never emptied")


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    """One start-up server for the module; compiled code shared by every start (the environment
    turns .pyc writing off)."""
    server = Starter(tmp_path_factory.mktemp("fifos"), tmp_path_factory.mktemp("pycache"))
    yield server
    server.close()


@pytest.fixture
def kiosk(tmp_path, starter) -> Kiosk:
    return Kiosk(tmp_path, starter)


def clean_log(run: Run) -> None:
    assert "Traceback" not in run.log and "Logging error" not in run.log, run.log


def expected_after(run: Run, before: set[str]) -> set[str]:
    """The states the save on disk may hold after `run`, given those it may have held at its start:
    what the last completed write left, or the write under way if the kill came after its rename."""
    done, under_way = set(before), None
    for w in run.lines:
        if w[0] == "R":
            done = {w[1]}  # what the start found on disk (after setting aside what was over)
        elif w[0] == "B":
            under_way = w[1]
        elif w[0] == "D":
            done, under_way = {w[1]}, None
    return done | ({under_way} if run.killed and under_way else set())


def check_restart(kiosk: Kiosk, run: Run) -> None:
    """The resumed position is one the runs before left on disk; a game the statistics already hold
    is not resumed (the menu opens: "none"). Then: what this run leaves on disk."""
    clean_log(run)
    got = run.resumed
    if got is not None and got not in kiosk.on_disk:
        assert got == "none" and any(kiosk.states.get(s) in kiosk.recorded() for s in kiosk.on_disk - {"none"}), (
            got,
            kiosk.on_disk,
            run.lines[:6],
        )
    kiosk.on_disk = expected_after(run, kiosk.on_disk)
    if (kiosk.data / "statistics.sqlite3").exists():
        assert kiosk.integrity() == "ok"
    # at most one per file the game writes (the save, the replays), all of the run just killed: the
    # next start removes them
    left = [name.rsplit("-", 2) for name in kiosk.temps()]
    assert len({file for file, _pid, _rest in left}) == len(left) and len({pid for _f, pid, _r in left}) <= 1, left


def check_paced(kiosk: Kiosk, run: Run) -> None:
    """At a person's pace (each state written before the next gesture), a kill loses at most the
    gesture under way: the disk holds the newest state written, or one the gesture made."""
    flushed = [i for i, w in enumerate(run.lines) if w[0] == "F"]
    if not flushed:
        return
    since = {w[1] for w in run.lines[flushed[-1] :] if w[0] in ("F", "S")}
    assert kiosk.on_disk <= since, (kiosk.on_disk, run.lines[flushed[-1] :])


def check_statistics(kiosk: Kiosk, history: dict[str, str] | None = None) -> None:
    """Every finished game exactly once: each id handed to the statistics (E) is in the database,
    unless it is the game still saved (a kill before its record was kept; it is played on) or a
    game the disk never saw; the database holds nothing else, and each result is one the game
    reported for that id."""
    kiosk.settle()
    ended: dict[str, set[str]] = {}
    for run in kiosk.runs:
        for w in run.of("E"):
            ended.setdefault(w[1], set()).add(w[2])
    saved = kiosk.save()
    current = saved.get("uid") if saved else None
    recorded = kiosk.recorded()
    history = history or {}
    assert history.items() <= recorded.items()  # rows from before are kept as they were
    recorded = {uid: result for uid, result in recorded.items() if uid not in history}
    assert set(recorded) <= set(ended), set(recorded) - set(ended)
    # a game of which no state with a move made ever reached the disk was lost whole to a kill, end
    # and all (the moves of the last few ms); any other must be counted, or be the game still saved
    durable = {kiosk.states.get(w[1]) for run in kiosk.runs for w in run.of("D") if w[1] in kiosk.moved}
    durable |= {w[2] for run in kiosk.runs for w in run.of("R") if int(w[3]) > 0}
    missing = (set(ended) & durable) - set(recorded) - {current}
    assert not missing, story(kiosk, missing)
    assert all(recorded[uid] in ended[uid] for uid in recorded)
    assert kiosk.integrity() == "ok" and not kiosk.temps()


# --- the kill loop -----------------------------------------------------------------------------------
def test_power_cuts_at_random_and_exact_instants_lose_nothing(kiosk):
    rng = random.Random(15)
    kills = faults = 0
    exact: dict[str, int] = {}
    losses: list[tuple[float, bool]] = []  # (ms of moves lost, slow fsync) per random kill
    first = kiosk.start("--seed", "0", "--steps", "12")
    assert first.returncode == 0, first.log
    check_restart(kiosk, first)
    while kills < KILLS:  # each start is the restart after the one before: it is checked against it
        assert len(kiosk.runs) < KILLS * 3, "kill points are not being reached"
        seed, steps = rng.randrange(10**6), rng.randrange(3, 16)
        args = ["--seed", str(seed), "--steps", str(steps)]
        slow, paced = rng.random() < 0.3, rng.random() < 0.25
        if slow:
            args += ["--slow-fsync", "10-80"]
        if paced:
            args += ["--pace"]
        if rng.random() < 0.5:
            point = rng.choice(POINTS)
            at = 1 if point.startswith("stats") else rng.randrange(1, steps - 1)
            run = kiosk.start(*args, "--new-game", "0.2", "--kill", f"{point}:{at}")
            if run.killed:
                exact[point] = exact.get(point, 0) + 1
        else:
            run = kiosk.start(*args, kill_after=rng.randrange(1, 3 * steps))
            if run.killed:
                losses.append((lost_ms(run), slow))
        check_restart(kiosk, run)
        if paced and run.killed:
            check_paced(kiosk, run)
        faults += 1
        kills += run.killed
        if not run.killed:
            assert run.returncode == 0, run.log
    last = len(kiosk.runs)
    check_statistics(kiosk)
    check_restart(kiosk, kiosk.runs[last])
    assert set(exact) == set(POINTS), exact  # every exact instant was hit
    worst = max((ms for ms, slow in losses if not slow), default=0.0)
    worst_slow = max((ms for ms, slow in losses if slow), default=0.0)
    print(
        f"\nfaults: {faults} runs, {kills} SIGKILLs survived ({sum(exact.values())} at exact points {exact}, "
        f"{len(losses)} at random instants); play lost at a random kill: at most {worst:.0f} ms "
        f"({worst_slow:.0f} ms with an SD card's fsync of 10-80 ms); {len(kiosk.runs)} starts"
    )


def story(kiosk: Kiosk, uids: set[str]) -> str:
    """The runs that saw these games, for a failure's message."""
    out = []
    for i, run in enumerate(kiosk.runs):
        mine = [
            w
            for w in run.lines
            if any(u in w for u in uids) or kiosk.states.get(w[1] if len(w) > 1 else "") in uids or w[0] in ("R", "K")
        ]
        if any(w[0] != "R" and w[0] != "K" for w in mine):
            out.append(f"run {i} (rc {run.returncode}): {mine[:40]}")
    return "\n".join(out)


def lost_ms(run: Run) -> float:
    """How much play a kill lost: from the first state submitted after the one left on disk to the
    kill (0 when the newest state was on disk)."""
    on_disk = expected_after(run, set())
    states = [(t, w[1]) for t, w in zip(run.times, run.lines) if w[0] == "S"]
    newest_kept = max((i for i, (_t, s) in enumerate(states) if s in on_disk), default=-1)
    lost = states[newest_kept + 1 :]
    return (run.killed_at - lost[0][0]) * 1000 if lost and run.killed_at else 0.0


# --- hostile files at start --------------------------------------------------------------------------
def _hostile(path: Path, kind: str) -> None:
    if kind == "nested-list":
        path.write_bytes(b"[" * 200_000)
    elif kind == "nested-object":
        path.write_bytes(b'{"a":' * 200_000)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)


@pytest.mark.parametrize(
    ("save", "settings"),
    [("nested-list", "nested-object"), ("nested-object", "nested-list"), ("dev-zero", "fifo"), ("fifo", "dev-zero")],
)
def test_hostile_save_and_settings_files_never_stop_the_start(kiosk, save, settings):
    (kiosk.config / "settings.json").unlink()
    _hostile(kiosk.data / "current-game.json", save)
    _hostile(kiosk.config / "settings.json", settings)
    run = kiosk.start("--seed", "1", "--steps", "6")
    assert run.returncode == 0 and run.of("X"), run.log
    clean_log(run)
    lines = [line for line in run.log.splitlines() if line.startswith("WARNING")]
    assert len([m for m in lines if "saved game" in m]) == 1, lines
    assert len([m for m in lines if m.startswith("WARNING game.settings")]) == 1, lines
    assert list(kiosk.data.glob("current-game.json.corrupt-*"))  # kept aside for inspection
    assert (kiosk.data / "current-game.json").is_file()  # and the game is saved again
    assert json.loads((kiosk.config / "settings.json").read_text())["language"] == ""  # the defaults, written


# --- a game recorded, then the power goes before its save is replaced ---------------------------------
def test_a_game_recorded_and_cut_off_three_times_is_counted_once(kiosk):
    first = kiosk.start("--seed", "2", "--steps", "8")
    assert first.returncode == 0, first.log
    ended = []
    for seed in (3, 4, 5):
        run = kiosk.start(
            "--seed",
            str(seed),
            "--steps",
            "200",
            "--new-game",
            "0.3",
            "--freeze-save-after-record",
            "--kill",
            "stats-after-record:1",
        )
        assert run.killed and run.of("E"), run.log
        ended.append(run.of("E")[0][1])  # the game cut off right after its record
        clean_log(run)
    assert len(set(ended)) == 3  # each cut game stayed over: the next start did not resume it
    check_statistics(kiosk)
    conn = kiosk.database()
    codes = [c for (c,) in conn.execute("SELECT code FROM games")]
    conn.close()
    assert len(codes) == len(set(codes)) >= 3  # no deal counted twice


# --- a full disk, a locked database -------------------------------------------------------------------
def _seed_statistics(kiosk: Kiosk) -> dict[str, str]:
    conn = sqlite3.connect(kiosk.data / "statistics.sqlite3")
    conn.close()
    run = kiosk.start("--seed", "6", "--steps", "0")  # creates it at the current schema
    assert run.returncode == 0, run.log
    conn = sqlite3.connect(kiosk.data / "statistics.sqlite3")
    with conn:
        conn.executemany(
            "INSERT INTO games (game, option, code, result, score, moves, finished_at, uid) VALUES "
            "('golf', 'easy', ?, 'won', 350, 40, '2025-01-01T00:00:00', ?)",
            [(f"GO1-E-AAAAAA{c}", f"history-{c}") for c in "BCD"],
        )
    conn.close()
    return kiosk.recorded()


def test_a_full_disk_keeps_the_history_and_records_the_games_once_it_clears(kiosk):
    history = _seed_statistics(kiosk)
    run = kiosk.start("--seed", "7", "--steps", "80", "--new-game", "0.2", "--fsize", "1", "--free-at", "50")
    assert run.returncode == 0 and run.of("FREE") and run.of("X"), run.log
    clean_log(run)
    before_free = run.lines.index(["FREE"])
    assert [w for w in run.lines[:before_free] if w[0] == "E"], "no game ended while the disk was full"
    assert not list(kiosk.data.glob("*.corrupt-*"))  # a healthy database is never set aside
    said = [line for line in run.log.splitlines() if "statistics" in line]
    assert len([m for m in said if "cannot write" in m]) == 1 and any("works again" in m for m in said), said
    check_statistics(kiosk, history)  # the games finished on the full disk too


def test_a_locked_database_neither_stalls_play_nor_loses_a_game(kiosk):
    history = _seed_statistics(kiosk)
    lock = sqlite3.connect(kiosk.data / "statistics.sqlite3", isolation_level=None, check_same_thread=False)
    lock.execute("BEGIN IMMEDIATE")
    seen = {"ended": False, "trouble": False, "locked": 0, "free": 0}

    def watch(words: list[str]) -> str | None:
        """Once a game has ended and its record met the lock: 40 more states, then the lock goes;
        20 states later, the game is stopped as systemd stops it (SIGTERM)."""
        seen["ended"] = seen["ended"] or words[0] == "E"
        seen["trouble"] = seen["trouble"] or words[0] == "T"
        if not (seen["ended"] and seen["trouble"] and words[0] == "S"):
            return None
        if seen["locked"] < 40:
            seen["locked"] += 1
            if seen["locked"] == 40:
                lock.execute("ROLLBACK")
            return None
        seen["free"] += 1
        return "term" if seen["free"] == 20 else None

    run = kiosk.start("--seed", "8", "--steps", "5000", "--new-game", "0.2", until=watch)
    assert run.returncode == 0 and run.of("QUIT") and seen["locked"] == 40, run.log
    clean_log(run)
    assert {w[1] for w in run.of("T")} == {"locked"} and "dropped" not in run.log
    assert len([line for line in run.log.splitlines() if "cannot write" in line]) == 1  # said once
    check_statistics(kiosk, history)

    lock.execute("BEGIN IMMEDIATE")  # held through a whole run and its exit
    run = kiosk.start("--seed", "9", "--steps", "30", "--new-game", "0.3")
    assert run.returncode == 0 and run.of("E"), run.log
    assert (kiosk.data / "statistics-waiting.jsonl").read_text().strip()  # kept for later, on disk
    lock.execute("ROLLBACK")
    lock.close()
    check_statistics(kiosk, history)
