"""The real game, started by main.main() as a kiosk, played by a scripted player and watched, for
the fault-injection tests (test_faults.py). Not a test module itself: run as a subprocess.

    python tests/system/fault_player.py --seed 3 --steps 40 [--pace] [--kill POINT:N] [--slow-fsync 10-80]
                                 [--fsize BYTES] [--free-at STEP] [--freeze-save-after-record]
                                 [--new-game P]
    python tests/system/fault_player.py --serve     (the tests' start-up server, see serve())

Only the loop is scripted: main() parses the command line, App() loads the settings, Progress
opens the save and the statistics, first_scene() resumes a saved game. Instead of pygame's clock
and event queue, App.run plays `--steps` gestures (taps on cards and buttons, as the endurance
test's player makes them), each a few frames of 1/30 s, and then closes the App as a quit would.

What the game does is reported on stdout, one line per event, written with os.write (a SIGKILL
loses nothing already written; lines from two threads never mix):
    R <digest> <uid> <moves>   at start: the game resumed (digest of its model's JSON; "none": the menu)
    S <digest> <uid> <moves>   the table submits a state to the save ("none": the save is cleared)
    B <digest>, D <digest>   the save writer begins and has done writing one (its thread)
    F <digest>          --pace: the state is on disk (flush) before the next gesture
    E <uid> <result> <code>   a finished game is handed to the statistics
    T <reason>          the statistics cannot be written now (locked, full, ...)
    K <point>           a kill point is reached: the process SIGKILLs itself right after
    QUIT                SIGTERM came: the run stops as the game's loop would
    X                   the run ended normally (App closed)

Faults: --kill POINT:N SIGKILLs at the N-th pass of POINT: save-before-rename (the temporary file
is written and fsynced, not yet renamed), save-after-rename, stats-before-commit (the INSERT is
done, the COMMIT not), stats-after-record (the record is committed; with
--freeze-save-after-record the save writer is stuck from the first finished game on, so the
power goes before the save is replaced). --slow-fsync A-B makes each of the save's fsyncs take
A..B ms (an SD card); --fsize sets RLIMIT_FSIZE (a full disk for every file this process writes),
lifted again at gesture --free-at.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import signal
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAME = 1 / 30


def emit(*words: object) -> None:
    os.write(1, (" ".join(str(w) for w in words) + "\n").encode())


def digest(model: str | None) -> str:
    return "none" if model is None else hashlib.sha1(model.encode()).hexdigest()[:12]


def text_digest(text: str) -> str:
    """The state a save file's text holds (a journal alone holds none)."""
    return digest(json.loads(text).get("model")) if text else "none"


class Kills:
    """Counts passes of each kill point; SIGKILLs the process at the chosen one."""

    def __init__(self, spec: str | None) -> None:
        self.point, self.at = (spec.split(":")[0], int(spec.split(":")[1])) if spec else (None, 0)
        self.seen: dict[str, int] = {}

    def passing(self, point: str) -> None:
        self.seen[point] = self.seen.get(point, 0) + 1
        if point == self.point and self.seen[point] == self.at:
            emit("K", point)
            os.kill(os.getpid(), signal.SIGKILL)


def instrument(args: argparse.Namespace, kills: Kills) -> None:
    """Watch (and break) the game's persistence from outside: only this process is patched."""
    import sqlite3

    from game.persist import files, progress, savefile, stats

    rng = random.Random(args.seed * 7919)
    real_submit, real_commit = savefile.SaveFile._submit, savefile.SaveFile._commit
    frozen = threading.Event()

    def submit(self, doc):
        if not self.path.name.startswith("current-game"):  # (the replays' file is no save)
            return real_submit(self, doc)
        if doc is None:
            emit("S", "none", "-", 0)
        else:
            emit("S", digest(doc.get("model")), doc.get("uid"), doc.get("moves"))
        real_submit(self, doc)

    def commit(self, text):
        if not self.path.name.startswith("current-game"):
            return real_commit(self, text)
        if frozen.is_set():
            threading.Event().wait()  # the save writer never gets to the disk again
        emit("B", text_digest(text))
        real_commit(self, text)
        emit("D", text_digest(text))

    savefile.SaveFile._submit, savefile.SaveFile._commit = submit, commit

    real_replace = os.replace

    def replace(src, dst, *a, **k):
        if str(dst).endswith("current-game.json"):
            kills.passing("save-before-rename")
            real_replace(src, dst, *a, **k)
            kills.passing("save-after-rename")
            return None
        return real_replace(src, dst, *a, **k)

    files.os.replace = replace  # (the os module itself: only Python callers, never SQLite)

    if args.slow_fsync:
        low, high = (int(v) for v in args.slow_fsync.split("-"))
        real_fsync = os.fsync

        def fsync(fd):
            real_fsync(fd)
            time.sleep(rng.uniform(low, high) / 1000)

        files.os.fsync = fsync

    real_connect = sqlite3.connect

    def connect(*a, **k):
        conn = real_connect(*a, **k)
        if not k.get("uri"):  # the writer's connection, not the screen's reader
            conn.set_trace_callback(lambda sql: kills.passing("stats-before-commit") if sql == "COMMIT" else None)
        return conn

    stats.sqlite3.connect = connect
    real_insert = stats.StatsDB.insert  # (every finished game's row is written through it)

    def insert(self, *a, **k):
        added = real_insert(self, *a, **k)
        kills.passing("stats-after-record")
        return added

    stats.StatsDB.insert = insert
    real_recorded = progress.Progress._record

    def recorded(self, game, result):
        emit("E", self.uid, result, game.code)
        if args.freeze_save_after_record:
            frozen.set()
        real_recorded(self, game, result)

    progress.Progress._record = recorded
    from game.persist import recorder

    real_trouble = recorder.Recorder._trouble

    def trouble(self, exc):
        emit("T", exc.reason)
        real_trouble(self, exc)

    recorder.Recorder._trouble = trouble


class Player:
    """Taps and drags on what the screen shows: cards, the stock, the HUD, dialogs, the menu."""

    def __init__(self, app, rng: random.Random, new_game: float = 0.05) -> None:
        self.app, self.rng, self.new_game = app, rng, new_game

    def frames(self, n: int, events=None) -> None:
        self.app.step_frame(FRAME, events or [])
        for _ in range(n - 1):
            self.app.step_frame(FRAME, [])

    def wait(self) -> None:
        """A moment (0.5 s in two frames): a new table ignores presses in its first 0.3 s."""
        self.app.step_frame(0.25, [])
        self.app.step_frame(0.25, [])

    def tap(self, pos, times: int = 1) -> None:
        import pygame

        pos = (int(pos[0]), int(pos[1]))
        for _ in range(times):
            self.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
            self.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.frames(2)

    def step(self) -> None:
        from game.scenes.dialog import DialogOverlay
        from game.scenes.menu import MenuScene
        from game.scenes.table import TableScene

        scene, rng = self.app.input_scene(), self.rng
        if isinstance(scene, MenuScene):
            visible = scene.continue_button.visible and rng.random() < 0.7
            self.tap((scene.continue_button if visible else scene.play_button).rect.center)
            self.wait()
        elif isinstance(scene, TableScene):
            self.at_table(scene)
        elif isinstance(scene, DialogOverlay) and scene.buttons:
            self.tap(scene.buttons[-1 if rng.random() < 0.8 else 0].rect.center)
            self.wait()
        else:
            import pygame

            self.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])

    def at_table(self, table) -> None:
        rng, game = self.rng, table.game
        hud = {b.label: b for b in table.hud.buttons}
        roll = rng.random()
        if roll < 0.05:
            self.tap(table.hud.button_for(table.undo).rect.center)  # a word or an icon
        elif roll < 0.05 + self.new_game:
            self.tap(hud["New game"].rect.center)
            self.wait()
        elif roll < 0.07 + self.new_game:
            self.tap(hud["Menu"].rect.center)
        elif hasattr(game, "stock"):  # Golf: a playable card if there is one, else the stock
            plays = [m.column for m in game.legal_moves() if not m.is_draw]
            if plays and rng.random() < 0.85:
                col = rng.choice(plays)
                pile = game.columns[col]
                self.tap(table.layout.card_rect(col, len(pile) - 1, len(pile)).center)
            else:
                self.tap(table.layout.stock.center)
        else:  # Eight Off: a double tap sends a column's top card where it fits best
            tops = [col[-1] for col in game.columns if col]
            card = rng.choice(tops)
            self.tap(table.board.sprite_rect(table.board.sprites[card]).center, times=2)


def play(args: argparse.Namespace) -> None:
    """App.run for this process: the resumed game reported, then the gestures, then a normal close."""
    from game.app import App
    from game.scenes.table import TableScene

    def run(self, scene=None) -> None:
        try:
            if isinstance(scene, TableScene) and scene.resumed is not None:
                emit("R", digest(scene.game.to_json()), scene.resumed["uid"], scene.game.moves)
            else:
                emit("R", "none", "-", 0)
            self.replace(scene)
            player = Player(self, random.Random(args.seed), args.new_game)
            progress = self.ctx.progress
            import pygame

            for step in range(args.steps):
                if pygame.event.peek(pygame.QUIT):  # SIGTERM (systemctl stop): SDL turns it into QUIT
                    emit("QUIT")
                    break
                if step == args.free_at:
                    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
                    emit("FREE")
                player.step()
                if args.pace and progress.save.flush():
                    saved = progress.save.read()
                    emit("F", digest(None if saved is None else saved.get("model")))
        finally:
            self.close()
        emit("X")

    App.run = run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--pace", action="store_true", help="each state on disk before the next gesture")
    parser.add_argument("--kill")
    parser.add_argument("--slow-fsync")
    parser.add_argument("--fsize", type=int)
    parser.add_argument("--free-at", type=int, default=-1)
    parser.add_argument("--freeze-save-after-record", action="store_true")
    parser.add_argument("--new-game", type=float, default=0.05, help="chance of New game per gesture at a table")
    args = parser.parse_args(argv)
    random.seed(args.seed)  # the deals too: a run is the same run every time, up to thread timing
    if args.fsize is not None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (args.fsize, resource.RLIM_INFINITY))
    instrument(args, Kills(args.kill))
    play(args)
    import main as game_main

    return game_main.main(["--kiosk", "--windowed", "800x480"])


def serve() -> None:
    """A start-up server: import everything once, then fork one game per request, so that a loop
    of restarts does not pay for Python's start and the imports each time. A request is a JSON line
    {"argv", "env", "out", "err"} (out and err: FIFOs the test reads); the answers are the lines
    "PID <pid>" and, when the game has ended, "EXIT <pid> <wait status>"."""
    import atexit

    import pygame  # noqa: F401

    import main as _main  # noqa: F401 - imported before forking, with all the game's modules
    from game import app  # noqa: F401
    from game.persist import progress  # noqa: F401
    from game.scenes import eightoff_table, end_screen, golf_table, menu, stats_scene  # noqa: F401

    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:  # the game
            code = 1
            try:
                os.environ.update(request["env"])
                null = os.open(os.devnull, os.O_RDONLY)
                os.dup2(null, 0)
                os.dup2(os.open(request["out"], os.O_WRONLY), 1)
                os.dup2(os.open(request["err"], os.O_WRONLY), 2)
                code = main(request["argv"])
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException:
                import traceback

                traceback.print_exc()
            finally:
                atexit._run_exitfuncs()
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        print("PID", pid, flush=True)
        _, status = os.waitpid(pid, 0)
        print("EXIT", pid, status, flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        sys.exit(main())
