"""A simulated week on a kiosk, on an accelerated clock: scripted players come and go, attract mode
deals demo after demo in between, the language changes now and then. Nothing may escape as an
exception, memory must stay flat, the statistics must hold exactly the players' games, and the loop
must keep going (every attract spell shows the demo moving; every solver question is answered).

Each simulated hour: a player may come (a touch ends attract mode), plays a few dozen gestures and
leaves; three idle minutes later attract mode starts and is watched until its demo has moved; the
rest of the hour passes in one jump of the clock (the loop sleeps while idle; attract mode sees the
time and deals its next demo). ENDURANCE_DAYS sets the length (default 7).

The solver answers inline (the frame that looks for an answer waits for it) in a worker process
(its memory is not the game's), after a while (conftest.slow_answers: a second or five of the game's
time, drawn from the seed), so the week replays exactly: the same gestures meet the same answers in
the same frames. The frames that waited for an answer are left out of the slowest frame.
"""

from __future__ import annotations

import gc
import logging
import os
import random

import pygame
from conftest import seed_deals, slow_answers

from game import i18n
from game.context import NullAudio
from game.jobs import Job
from game.scenes.dialog import DialogOverlay
from game.scenes.menu import MenuScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.table import TableScene
from game.settings import Settings
from tools.bench import slowest_frame

DAYS = float(os.environ.get("ENDURANCE_DAYS", "7"))
HOUR = 3600.0
FRAME = 1 / 30
LANGUAGES = ["el", "th", "en"]
MEMORY_SLACK_MIB = 6.0


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


class Player:
    """Plays the way people do at a kiosk: taps and double taps on cards, drags now and then, an undo,
    a hint, a new game, a trip to the menu; answers dialogs; mouse or finger at random."""

    def __init__(self, app, rng: random.Random) -> None:
        self.app, self.rng = app, rng
        self.games: set[str] = set()  # codes of the games a player has moved in

    def _events(self, kind: str, pos, finger: bool):
        w, h = self.app.size
        if finger:
            t = {"down": pygame.FINGERDOWN, "up": pygame.FINGERUP, "move": pygame.FINGERMOTION}[kind]
            return pygame.event.Event(
                t, touch_id=1, finger_id=0, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, pressure=1.0
            )
        if kind == "move":
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        t = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
        return pygame.event.Event(t, pos=pos, button=1)

    def frames(self, n: int, events=None) -> None:
        self.app.step_frame(FRAME, events or [])
        for _ in range(n - 1):
            self.app.step_frame(FRAME, [])

    def tap(self, pos, times: int = 1) -> None:
        finger = self.rng.random() < 0.6
        for _ in range(times):
            self.frames(1, [self._events("down", pos, finger)])
            self.frames(2, [self._events("up", pos, finger)])
        self.frames(12)

    def drag(self, a, b) -> None:
        finger = self.rng.random() < 0.6
        self.frames(1, [self._events("down", a, finger)])
        for i in range(1, 5):
            p = (a[0] + (b[0] - a[0]) * i // 4, a[1] + (b[1] - a[1]) * i // 4)
            self.frames(1, [self._events("move", p, finger)])
        self.frames(14, [self._events("up", b, finger)])

    def key(self, key: int, mod: int = 0) -> None:
        self.frames(12, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])

    def step(self) -> None:
        """One gesture, chosen for the scene taking input."""
        scene = self.app.input_scene()
        rng = self.rng
        if isinstance(scene, MenuScene):
            button = (
                scene.continue_button if scene.continue_button.visible and rng.random() < 0.8 else scene.play_button
            )
            self.tap(button.rect.center)
        elif isinstance(scene, TableScene):
            self.at_table(scene)
        elif isinstance(scene, DialogOverlay) and scene.buttons:
            self.tap(rng.choice(scene.buttons).rect.center)
        else:
            self.key(pygame.K_ESCAPE)

    def at_table(self, table: TableScene) -> None:
        rng = self.rng
        roll = rng.random()
        hud = {b.label: b for b in table.hud.buttons}
        if roll < 0.06:
            self.tap(table.hud.button_for(table.undo).rect.center)  # a word or an icon
        elif roll < 0.09:
            self.key(pygame.K_h)
        elif roll < 0.11:
            self.tap(hud["New game"].rect.center)
        elif roll < 0.12:
            self.tap(hud["Menu"].rect.center)
        else:
            game, board = table.game, table.board
            tops = [col[-1] for col in game.columns if col]
            if not tops:
                self.frames(5)
                return
            card = rng.choice(tops)
            rect = board.sprite_rect(board.sprites[card])
            if hasattr(game, "stock"):  # Golf: a card or the stock, one tap each
                if rng.random() < 0.35:
                    self.tap(table.layout.stock.center)
                else:
                    self.tap(rect.center)
            elif rng.random() < 0.7:  # Eight Off: a double tap sends a card where it fits best
                self.tap(rect.center, times=2)
            else:
                cell = rng.choice(table.layout.cells)
                self.drag(rect.center, cell.center)
        if not table.watching and table.game.moves > 0 and table in self.app.stack:
            self.games.add(table.game.code)

    def switch_language(self, code: str) -> None:
        """Menu, Settings, the language's segment, Back: as a player would."""
        for _ in range(6):
            scene = self.app.input_scene()
            if isinstance(scene, MenuScene):
                break
            if isinstance(scene, TableScene):
                self.tap({b.label: b for b in scene.hud.buttons}["Menu"].rect.center)
            else:
                self.key(pygame.K_ESCAPE)
        menu = self.app.input_scene()
        assert isinstance(menu, MenuScene), menu
        self.tap(menu.settings_button.rect.center)
        settings = self.app.input_scene()
        assert isinstance(settings, SettingsScene)
        index = [c for c, _name in i18n.LANGUAGES].index(code)
        self.tap(settings.language.segment_rect(index).center)
        self.tap(settings.back.rect.center)
        assert i18n.language() == code and self.app.settings.language == code


def watch_attract(app, seconds: float = 60.0) -> None:
    """Frames until the demo has dealt and made three moves (within `seconds` of the game's time)."""
    table = app.attract.table
    for _ in range(int(seconds / FRAME)):
        app.step_frame(FRAME, [])
        table = app.attract.table
        if table is not None and table.game.moves >= 3:
            return
    raise AssertionError(f"attract mode stalled: demo {table and table.game.code} never moved")


def watch_a_demo_win(app, seconds: float = 600.0) -> None:
    """Frames of a tenth of a second until attract mode deals its next demo (within `seconds` of the
    game's time): the one before must have been won, not given up."""
    table = app.attract.table
    for _ in range(int(seconds / 0.1)):
        if app.attract.table is not table:
            break
        app.step_frame(0.1, [])
    assert table.game.status == "won", f"the demo of {table.game.code} stopped short of its win"
    assert app.attract.table is not None and app.attract.table is not table


def counted_answers(monkeypatch) -> list[int]:
    """How many solver answers came in, in a one-item list."""
    count = [0]
    finish = Job.finish

    def counted(job, answer):
        count[0] += 1
        finish(job, answer)

    monkeypatch.setattr(Job, "finish", counted)
    return count


def test_a_week_unattended(frozen_heap, make_app, caplog, monkeypatch):
    seed = 20261129
    rng = random.Random(seed)
    seed_deals(monkeypatch, seed + 1)
    caplog.set_level(logging.ERROR)
    app = make_app(
        size=(800, 480),
        kiosk=True,
        audio=NullAudio(),
        solver="inline-process",
        settings=Settings(language="en", fullscreen=False),
    )
    app.replace(app.ctx.scenes.menu())
    app.step_frame(FRAME, [])
    answers, seen = counted_answers(monkeypatch), [0]

    def no_answer_came() -> bool:
        came, seen[0] = answers[0] != seen[0], answers[0]
        return not came

    # the longest real time one frame took, but a frame that waited for the solver (reported, not
    # asserted)
    slowest = slowest_frame(app, counting=no_answer_came)
    # a demo's question (a fresh deal from the table) takes about a second; a player's (a position in
    # play, often lost: the solver proves it and looks for where) about five
    slow_answers(app, seed, mean_frames=lambda: 30 if app.attract.active else 150)
    player = Player(app, rng)
    hours = int(DAYS * 24)
    memory: list[float] = []
    attract_spells = wins = 0
    for hour in range(hours):
        if hour % 3 != 2:  # two hours in three, someone plays
            player.tap((app.size[0] // 2, 12))  # wakes attract mode (and is used up; on the first
            # hour's menu it lands on the title, not on a choice)
            assert not app.attract.active
            if hour % 24 == 5:
                player.switch_language(LANGUAGES[(hour // 24) % len(LANGUAGES)])
            for _ in range(rng.randrange(15, 40)):
                player.step()
                assert app.running and app.stack
        cycles = app.attract.cycles
        app.step_frame(200.0, [])  # walked away: three idle minutes and more
        app.step_frame(FRAME, [])
        assert app.attract.active and app.attract.cycles == cycles + 1
        watch_attract(app)
        if hour % 6 == 0:  # four times a day, a demo is watched to its win and the next deal
            watch_a_demo_win(app)
            wins += 1
        attract_spells += 1
        app.step_frame(HOUR - 260.0, [])  # the rest of the hour: the demos go on (one jump)
        app.step_frame(FRAME, [])
        if hour % 24 == 23:
            gc.collect()
            memory.append(rss_mib())
            assert app.ctx.progress.stats.integrity_ok()
    assert app.attract.cycles >= attract_spells * 2  # each hour: its demo and at least one more
    # memory: flat after the first day (caches, the fonts, the worker's pipes settle in on day 1)
    print(
        f"\nendurance: {hours} h simulated, RSS per day (MiB): {[round(m, 1) for m in memory]}, "
        f"{app.attract.cycles} demos dealt, {wins} watched to their win, {len(player.games)} player games, "
        f"slowest frame {slowest[0] * 1000:.1f} ms, {answers[0]} solver answers"
    )
    if len(memory) >= 2:
        assert max(memory[1:]) - memory[0] <= MEMORY_SLACK_MIB, memory
    # statistics: exactly the players' finished games; no demo ever recorded
    stats = app.ctx.progress.stats
    rows = stats.conn.execute("SELECT code, result, moves FROM games").fetchall()
    assert {code for code, _r, _m in rows} <= player.games
    assert all(moves > 0 and result != "assisted" for _c, result, moves in rows)
    saved = app.ctx.progress.saved()
    waiting = 1 if saved is not None and saved[0].code in player.games else 0
    assert len(rows) == len(player.games) - waiting
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
