"""The monkey: over 100,000 random mouse, touch, key and window events across every scene.

Nothing may raise or log an error, the app always has a scene while it runs, and a table's model always
holds the 52 distinct cards, with a Golf rule set's jokers (and its board a sprite for each). After each
pause (time passing with no input): the controls that take input lie inside the window, the screen drawn
piece by piece equals a full repaint, and a table at rest shows every card on screen where the model says.

Random input alone would rarely get past the menu, so the run is split into segments, each starting
from a forced scene (a menu, a settings or statistics screen, a Golf or Eight Off table of each
option, a game one move from its win, a blocked Golf game, the "Start a new game?" question, the
analysis of a lost position, the search for a winnable deal, the demo) in a normal or a kiosk app,
forced again every FORCE_EVERY events. From there the monkey goes wherever its input leads; a kiosk is
also left alone long enough for attract mode. An app that quits (the Quit button, the administrator's
exit) is closed and a new one goes on with the segment's events. Every scene that was ever on top is
recorded, and the test checks the whole expected set was visited.

Each segment has its own seed (derived from SEED) and its own settings and data folders, so it can be
replayed alone. A failure says which seed and segment, and shows the last events fed:

    MONKEY_SEED=20240611 MONKEY_SEGMENT=7 .venv/bin/python -m pytest tests/system/test_monkey.py -s

(MONKEY_EVENTS=n changes the events per segment.) The solver answers inline, after a while
(conftest.slow_answers: a few frames, drawn from the segment's seed), within a budget of states alone
(SOLVER_STATES a solve: cheap, and the same on every machine), so a replay follows the same input
and meets the same answers in the same frames; a hard position's answer is "unknown", which the
player's game gives too when a solve runs out of time. A draw undone in the same frame, a dialog's
stale panel and double dimming, and a label's overflow have tests of their own too, in
tests/scenes/test_screen_consistency.py.
"""

from __future__ import annotations

import collections
import functools
import importlib.util
import logging
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from conftest import RecordingAudio, seed_deals, slow_answers
from helpers.assist import RESUMED, blocked_golf
from helpers.tables import cards_where_the_model_says

from game.app import App
from game.jobs import Jobs
from game.model.golf import GolfGame
from game.scenes import assist, dealing
from game.scenes.analysis_overlay import AnalysisOverlay
from game.scenes.dealing import FindingDealOverlay, deal_new
from game.scenes.dialog import Confirm, DialogOverlay, shows
from game.scenes.stats_scene import StatsScene
from game.scenes.table import TableScene
from game.solver import deals, solve
from game.solver.analysis import analyse
from game.solver.moves import apply_move, copy_game
from game.solver.result import Budget
from game.ui.widgets import SegmentedControl

SEED = int(os.environ.get("MONKEY_SEED", "20240611"))
ONLY = {int(s) for s in os.environ.get("MONKEY_SEGMENT", "").split(",") if s.strip()}
EVENTS_PER_SEGMENT = int(os.environ.get("MONKEY_EVENTS", "5000"))
TOTAL_EVENTS = 100_000
FORCE_EVERY = 1_700  # events between two starts from the segment's scene
SOLVER_STATES = 20_000  # a solve's budget (hints, the demo's line, a search for a winnable deal)
ANSWER_FRAMES = 20  # the mean frames an answer takes
CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT

#: What the run must have seen on top (class names, and tables by option, dialogs by title).
EXPECTED = {
    "MenuScene",
    "SettingsScene",
    "StatsScene",
    "TableScene:easy",
    "TableScene:classic",
    "TableScene:8",
    "TableScene:4",
    "TableScene:2",
    "WinPanel",
    "BlockedPanel",
    "Confirm:Start a new game?",
    "AnalysisPanel",
    "FindingDeal",
}
if importlib.util.find_spec("game.scenes.attract_banner") is not None:
    EXPECTED.add("AttractBanner")  # a kiosk left alone: attract mode


# -- positions the segments start from ------------------------------------------------------------------
@functools.cache
def _near_won(kind: str, index: int) -> tuple[Any, Any]:
    """A listed (winnable) deal played along the solver's line to one move before the win: (game, the
    winning move)."""
    game = deals.make_game(kind, deals.listed(kind)[index])
    line = list(solve(game).moves)
    for move in line[:-1]:
        apply_move(game, move)
    return game, line[-1]


@functools.cache
def _blocked_golf() -> Any:
    return blocked_golf()


@functools.cache
def _lost_golf() -> tuple[Any, Any]:
    """The blocked game one move back: still playing, but lost (and its analysis)."""
    game = copy_game(_blocked_golf())
    game.undo()
    return game, analyse(game, 500_000)


def model_cards(game: Any) -> list[str]:
    """Every card the model holds, in every pile."""
    if isinstance(game, GolfGame):
        piles = [*game.columns, game.waste, game.stock]
        return [str(c) for pile in piles for c in pile]
    cards = [str(c) for col in game.columns for c in col]
    cards += [str(c) for c in game.cells if c is not None]
    return cards + [str(c) for f in game.foundations for c in f]


# -- the segments ---------------------------------------------------------------------------------------------
def _menu(m: Monkey) -> None:
    m.app.replace(m.app.ctx.scenes.menu())


def _settings(m: Monkey) -> None:
    _menu(m)
    m.app.push(m.app.ctx.scenes.settings())


def _stats(m: Monkey) -> None:
    _menu(m)
    m.app.push(StatsScene(m.app.ctx))


def _table(m: Monkey, game: Any, resumed: bool = False) -> TableScene:
    scene = m.app.ctx.scenes.table(game, dict(RESUMED) if resumed else None)
    m.app.replace(scene)
    return scene


def _new_deal(kind: str) -> Callable[[Monkey], None]:
    def setup(m: Monkey) -> None:
        number = m.rng.choice(deals.listed(kind)[:200])
        _table(m, deals.make_game(kind, number))

    return setup


def _mid_game(kind: str, moves: int) -> Callable[[Monkey], None]:
    """A deal with some random legal moves made (so New game asks first)."""

    def setup(m: Monkey) -> None:
        game = deals.make_game(kind, m.rng.choice(deals.listed(kind)[:200]))
        for _ in range(moves):
            legal = game.legal_moves()
            if not legal or game.status != "playing":
                break
            apply_move(game, m.rng.choice(legal))
            if game.status != "playing":
                game.undo()
                break
        _table(m, game, resumed=True)

    return setup


def _end_panel(m: Monkey, name: str, what: str) -> None:
    """Frames until the end panel `name` shows (on a kiosk, the initials its place on the day's
    leaderboard asks for first are skipped with Esc)."""

    def came() -> bool:
        if scene_names(m.app.top)[0] == "InitialsScene":
            m.feed([_key(pygame.K_ESCAPE)])
        return scene_names(m.app.top)[0] == name

    m.wait_for(came, what)


def _win(kind: str) -> Callable[[Monkey], None]:
    """One move from the win; the move is made through the table and the win screen comes up."""

    def setup(m: Monkey) -> None:
        near, last = _near_won(kind, m.rng.randrange(5))
        game = copy_game(near)
        scene = _table(m, game, resumed=True)
        m.pause(0.5)
        scene.apply(apply_move, game, last)
        _end_panel(m, "WinPanel", "the win screen")

    return setup


def _blocked(m: Monkey) -> None:
    _table(m, copy_game(_blocked_golf()), resumed=True)
    _end_panel(m, "BlockedPanel", "the blocked panel")


def _confirm(m: Monkey) -> None:
    _mid_game("golf-easy", 6)(m)
    m.pause(0.5)
    m.feed([_key(pygame.K_n)])
    m.wait_for(lambda: shows(m.app.top, Confirm), "the New game question")


def _analysis(m: Monkey) -> None:
    lost, analysis = _lost_golf()
    scene = _table(m, copy_game(lost), resumed=True)
    m.pause(0.5)
    m.app.push(AnalysisOverlay(m.app.ctx, scene, analysis))


def _finding(m: Monkey) -> None:
    _menu(m)
    kind = m.rng.choice(("eightoff-8", "eightoff-4", "eightoff-2"))
    m.app.push(FindingDealOverlay(m.app.ctx, kind, set(), False, m.rng.randrange(1 << 30)))


def _demo(game_name: str, option: Any) -> Callable[[Monkey], None]:
    def setup(m: Monkey) -> None:
        _menu(m)
        m.app.apply(deal_new(m.app.ctx, game_name, option, demo=True, rng=random.Random(m.rng.random())))

    return setup


@dataclass(frozen=True)
class Segment:
    name: str
    kiosk: bool
    size: tuple[int, int]
    setup: Callable[[Monkey], None]


SEGMENTS = [
    Segment("menu", False, (1280, 720), _menu),
    Segment("settings", False, (800, 480), _settings),
    Segment("statistics", True, (1280, 720), _stats),
    Segment("golf easy", False, (1280, 720), _new_deal("golf-easy")),
    Segment("golf classic", True, (800, 480), _new_deal("golf-classic")),
    Segment("eight off 8", False, (1920, 1080), _new_deal("eightoff-8")),
    Segment("eight off 4", True, (1280, 720), _new_deal("eightoff-4")),
    Segment("eight off 2", False, (800, 480), _new_deal("eightoff-2")),
    Segment("golf win", False, (1280, 720), _win("golf-easy")),
    Segment("eight off win", True, (1024, 600), _win("eightoff-8")),
    Segment("golf classic win", False, (800, 480), _win("golf-classic")),
    Segment("golf blocked", True, (800, 480), _blocked),
    Segment("golf blocked, large", False, (1600, 900), _blocked),
    Segment("new game question", False, (1280, 720), _confirm),
    Segment("analysis", True, (1280, 720), _analysis),
    Segment("finding a deal", False, (1280, 720), _finding),
    Segment("demo eight off", True, (1280, 720), _demo("eightoff", 8)),
    Segment("menu kiosk", True, (800, 480), _menu),
    Segment("golf mid-game", True, (1366, 768), _mid_game("golf-classic", 10)),
    Segment("eight off 2 mid-game", False, (1280, 720), _mid_game("eightoff-2", 12)),
]


# -- events -------------------------------------------------------------------------------------------------
def _key(key: int, mod: int = 0, unicode: str = "", up: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


#: (weight, key, mod, unicode) of the keys the monkey presses; letters and digits come on top.
KEYS = [
    (1.5, pygame.K_ESCAPE, 0, "\x1b"),
    (2, pygame.K_h, 0, "h"),
    (2, pygame.K_n, 0, "n"),
    (4, pygame.K_z, CTRL, ""),
    (1, pygame.K_z, 0, "z"),
    (2, pygame.K_c, CTRL, ""),
    (3, pygame.K_v, CTRL, ""),
    (1, pygame.K_a, CTRL, ""),
    (3, pygame.K_RETURN, 0, "\r"),
    (1, pygame.K_KP_ENTER, 0, "\r"),
    (3, pygame.K_BACKSPACE, 0, "\b"),
    (1, pygame.K_BACKSPACE, CTRL, ""),
    (1, pygame.K_DELETE, 0, ""),
    (1, pygame.K_LEFT, 0, ""),
    (1, pygame.K_RIGHT, 0, ""),
    (1, pygame.K_HOME, 0, ""),
    (1, pygame.K_END, 0, ""),
    (1, pygame.K_TAB, 0, "\t"),
    (1, pygame.K_SPACE, 0, " "),
    (0.25, pygame.K_F11, 0, ""),
    (0.5, pygame.K_h, CTRL, ""),
    (1, pygame.K_n, SHIFT, "N"),
    (1, pygame.K_LCTRL, CTRL, ""),
    (1, pygame.K_LSHIFT, SHIFT, ""),
    (1, pygame.K_UNKNOWN, 0, ""),
    (0.1, pygame.K_q, CTRL | pygame.KMOD_LALT, ""),  # the administrator's way out
]
TEXTS = [
    "GO1-E-AAAAAFA",
    "go1-c-aaaaafa",
    "EO1-C8-AAAAAAB",
    "EO1-C2-AAAAAAB",
    "EO1-C4-ZZZZZZZ",
    "GO1-X-AAAAAAB",
    "a",
    "Z",
    "7",
    "-",
    " ",
    "é",
    "ß",
    "日本",
    "😀",
    "\t",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "",
]
#: Window sizes a resize goes to (the app must fit 800x480 up to 1920x1080).
SIZES = [(800, 480), (1024, 600), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (1080, 1080), (1920, 800)]


class Events:
    """Random gestures as lists of events, aimed at what the scene on top shows half the time."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.kinds = [
            (22, self.click),
            (4, self.other_click),
            (5, self.double_click),
            (14, self.drag),
            (6, self.hover),
            (2, self.held_motion),
            (3, self.wheel),
            (5, self.emulated),
            (12, self.tap),
            (9, self.finger_drag),
            (3, self.stray_finger),
            (3, self.fingers),
            (7, self.key),
            (2, self.text),
            (1.5, self.window),
        ]
        self.weights = [w for w, _ in self.kinds]

    def gesture(self, app: App) -> list[pygame.event.Event]:
        kind = self.rng.choices(self.kinds, self.weights)[0][1]
        return kind(app)

    # -- where ---------------------------------------------------------------------------------------
    def hot_rect(self, scene: Any) -> pygame.Rect | None:
        """One of the scene's buttons, choices or cards (the scene that takes input), or None."""
        if isinstance(scene, TableScene) and scene.board is not None and self.rng.random() < 0.9:
            sprites = scene.board.sprites  # the cards and the empty piles; the band's buttons 1 in 10
            slots = list(getattr(scene, "slot_rects", lambda: [])())
            i = self.rng.randrange(len(sprites) + len(slots))
            if i < len(slots):
                return slots[i]
            return scene.board.sprite_rect(self.rng.choice(list(sprites.values())))
        rects: list[pygame.Rect] = []
        for w in list(getattr(scene, "widgets", None) or []) + list(getattr(scene, "buttons", None) or []):
            if not getattr(w, "visible", True):
                continue
            if isinstance(w, SegmentedControl):
                rects += [w.segment_rect(i) for i in range(len(w.options))]
            else:
                rects.append(pygame.Rect(w.rect))
        return self.rng.choice(rects) if rects else None

    def point(self, app: App) -> tuple[int, int]:
        w, h = app.size
        if self.rng.random() < 0.5:
            r = self.hot_rect(_input_scene(app))
            if r is not None:
                return (
                    self.rng.randint(r.left, max(r.left, r.right - 1)),
                    self.rng.randint(r.top, max(r.top, r.bottom - 1)),
                )
        return self.rng.randrange(w), self.rng.randrange(h)

    def near(self, p: tuple[int, int], spread: int) -> tuple[int, int]:
        return p[0] + self.rng.randint(-spread, spread), p[1] + self.rng.randint(-spread, spread)

    def path(self, a, b, steps):
        return [(a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps) for i in range(1, steps + 1)]

    # -- mouse ---------------------------------------------------------------------------------------
    def mouse(self, kind: str, pos, button: int = 1, buttons=(0, 0, 0), rel=(0, 0), touch: bool = False):
        if kind == "move":
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=touch)
        t = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
        return pygame.event.Event(t, pos=pos, button=button, touch=touch)

    def click(self, app, button: int = 1):
        p = self.point(app)
        events = [self.mouse("move", p)] if self.rng.random() < 0.7 else []
        q = p if self.rng.random() < 0.8 else self.near(p, 6)  # a shaky hand
        return events + [self.mouse("down", p, button), self.mouse("up", q, button)]

    def other_click(self, app):
        return self.click(app, self.rng.choice((2, 3, 3)))

    def double_click(self, app):
        p = self.point(app)
        return [self.mouse("down", p), self.mouse("up", p), self.mouse("down", p), self.mouse("up", p)]

    def drag(self, app):
        a, b = self.point(app), self.point(app)
        if self.rng.random() < 0.1:  # dragged out of the window
            b = (self.rng.choice((-30, app.size[0] + 30)), b[1])
        button = 1 if self.rng.random() < 0.9 else 3
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        events = [self.mouse("down", a, button)]
        last = a
        for p in self.path(a, b, self.rng.randint(1, 12)):
            events.append(self.mouse("move", p, buttons=held, rel=(p[0] - last[0], p[1] - last[1])))
            last = p
        roll = self.rng.random()
        if roll < 0.85:
            events.append(self.mouse("up", b, button))
        elif roll < 0.93:  # the release was lost outside the window: the next motion has no button
            events.append(self.mouse("move", self.near(b, 20), buttons=(0, 0, 0)))
        return events  # else: never released

    def hover(self, app):
        a, b = self.point(app), self.point(app)
        return [self.mouse("move", p) for p in self.path(a, b, self.rng.randint(1, 6))]

    def held_motion(self, app):  # motion with a button down that was never pressed here
        buttons = self.rng.choice(((1, 0, 0), (0, 0, 1), (1, 1, 1), (0, 1, 0)))
        return [self.mouse("move", self.point(app), buttons=buttons) for _ in range(self.rng.randint(1, 4))]

    def wheel(self, app):
        y = self.rng.choice((-3, -1, 1, 1, 2))
        events = [
            pygame.event.Event(
                pygame.MOUSEWHEEL,
                x=self.rng.choice((0, 0, 1)),
                y=y,
                flipped=False,
                precise_x=0.0,
                precise_y=float(y),
                touch=False,
                which=0,
            )
        ]
        if self.rng.random() < 0.5:  # SDL's old-style wheel buttons come along
            p = self.point(app)
            b = 4 if y > 0 else 5
            events += [self.mouse("down", p, b), self.mouse("up", p, b)]
        return events

    def emulated(self, app):
        """A touch as SDL reports it: the FINGER events and their mouse copies (touch=True), or only
        the copies (the FINGER events already gone by)."""
        fingers = self.tap(app) if self.rng.random() < 0.6 else self.finger_drag(app)
        events = []
        w, h = app.size
        for e in fingers:
            kind = {pygame.FINGERDOWN: "down", pygame.FINGERUP: "up", pygame.FINGERMOTION: "move"}[e.type]
            pos = (min(w - 1, max(0, int(e.x * w))), min(h - 1, max(0, int(e.y * h))))
            copy = self.mouse(kind, pos, buttons=(1, 0, 0) if kind == "move" else (0, 0, 0), touch=True)
            events += [e, copy] if self.rng.random() < 0.7 else [copy]
        return events

    # -- fingers -------------------------------------------------------------------------------------
    def finger(self, kind: str, pos, fid: int, app, rel=(0, 0), touch_id: int = 1):
        w, h = app.size
        t = {"down": pygame.FINGERDOWN, "up": pygame.FINGERUP, "move": pygame.FINGERMOTION}[kind]
        return pygame.event.Event(
            t,
            touch_id=touch_id,
            finger_id=fid,
            x=(pos[0] + 0.5) / w,
            y=(pos[1] + 0.5) / h,
            dx=rel[0] / w,
            dy=rel[1] / h,
            pressure=1.0,
        )

    def fid(self) -> int:
        return self.rng.choice((0, 0, 0, 1, 2, 5))

    def tap(self, app):
        """Down and up, no motion (a single-touch screen reports nothing else)."""
        p, fid = self.point(app), self.fid()
        q = p if self.rng.random() < 0.7 else self.near(p, 10)
        return [self.finger("down", p, fid, app), self.finger("up", q, fid, app)]

    def finger_drag(self, app):
        a, b, fid = self.point(app), self.point(app), self.fid()
        events = [self.finger("down", a, fid, app)]
        if self.rng.random() < 0.15:  # a touch screen that sends no motion: down here, up there
            return events + [self.finger("up", b, fid, app)]
        last = a
        for p in self.path(a, b, self.rng.randint(1, 12)):
            events.append(self.finger("move", p, fid, app, (p[0] - last[0], p[1] - last[1])))
            last = p
        if self.rng.random() < 0.9:
            events.append(self.finger("up", b, fid, app))
        return events

    def stray_finger(self, app):
        """An up without a down, a down without an up, motion without a down, a position off screen."""
        kind = self.rng.choice(("down", "up", "move"))
        p = self.point(app)
        e = self.finger(kind, p, self.fid(), app)
        if self.rng.random() < 0.2:
            e.x, e.y = self.rng.uniform(-0.05, 1.05), self.rng.uniform(-0.05, 1.05)
        return [e]

    def fingers(self, app):
        """Two or three fingers at once, their events interleaved."""
        streams = []
        for fid in self.rng.sample(range(4), self.rng.randint(2, 3)):
            streams.append(self.finger_drag(app) if self.rng.random() < 0.5 else self.tap(app))
            for e in streams[-1]:
                e.finger_id = fid
        events = []
        while any(streams):
            s = self.rng.choice([s for s in streams if s])
            events.append(s.pop(0))
        return events

    # -- keys and the window ---------------------------------------------------------------------------
    def key(self, app):
        roll = self.rng.random()
        if roll < 0.25:
            c = self.rng.choice("abcdefghijklmnopqrstuvwxyz0123456789")
            key, mod, uni = ord(c), self.rng.choice((0, 0, SHIFT)), c
        else:
            _w, key, mod, uni = self.rng.choices(KEYS, [k[0] for k in KEYS])[0]
        events = [_key(key, mod, uni)]
        if uni and uni.isprintable() and not mod & CTRL and self.rng.random() < 0.7:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=uni.upper() if mod & SHIFT else uni))
        if self.rng.random() < 0.85:
            events.append(_key(key, mod, uni, up=True))
        if self.rng.random() < 0.1:  # auto-repeat
            events[1:1] = [_key(key, mod, uni)] * self.rng.randint(1, 5)
        return events

    def text(self, app):
        return [pygame.event.Event(pygame.TEXTINPUT, text=self.rng.choice(TEXTS))]

    def window(self, app):
        roll = self.rng.random()
        if roll < 0.4:
            return [pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)]
        if roll < 0.5:
            return [pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None)]
        if roll < 0.55:
            return [
                pygame.event.Event(pygame.WINDOWLEAVE, window=None),
                pygame.event.Event(pygame.WINDOWENTER, window=None),
            ]
        if roll < 0.6:
            return [
                pygame.event.Event(pygame.WINDOWMINIMIZED, window=None),
                pygame.event.Event(pygame.WINDOWRESTORED, window=None),
            ]
        if roll < 0.9:
            return [pygame.event.Event(pygame.WINDOWEXPOSED, window=None)]
        return [
            Resize(
                self.rng.choice(SIZES)
                if self.rng.random() < 0.6
                else (self.rng.randint(800, 1920), self.rng.randint(480, 1080)),
                self.rng.randrange(3),
            )
        ]


@dataclass
class Resize:
    """The user resized the window: the display surface changes size, then SDL's events come."""

    size: tuple[int, int]
    style: int  # 0: VIDEORESIZE and WINDOWSIZECHANGED, 1: only VIDEORESIZE, 2: only WINDOWSIZECHANGED

    def events(self) -> list[pygame.event.Event]:
        w, h = self.size
        out = [pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h, window=None)]
        if self.style in (0, 2):
            out.append(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h, window=None))
        if self.style in (0, 1):
            out.append(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        return out


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def _diff_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect:
    """The smallest rectangle holding every pixel where a and b differ."""
    diff, other = b.copy(), a.copy()
    diff.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    diff.set_colorkey((0, 0, 0))
    return diff.get_bounding_rect()


def _input_scene(app: App) -> Any:
    """The scene input goes to: the top one, or the one under a passive banner."""
    for scene in reversed(app.stack):
        if not getattr(scene, "passive", False):
            return scene
    return app.top


def scene_names(scene: Any) -> list[str]:
    """The scene's name (a dialog's: its content's) and, for some, its kind."""
    name = type(scene.content if isinstance(scene, DialogOverlay) else scene).__name__
    names = [name]
    if isinstance(scene, TableScene):
        game = scene.game
        names.append(f"{name}:{game.rule}" if isinstance(game, GolfGame) else f"{name}:{game.cell_count}")
    elif shows(scene, Confirm):
        names.append(f"{name}:{scene.title}")
    return names


# -- the monkey -------------------------------------------------------------------------------------------------
class FakeClock:
    """The app's wall clock: it moves only when the monkey lets time pass."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Monkey:
    """Runs one segment: opens apps, feeds events frame by frame, checks, records what was on top."""

    def __init__(self, index: int, segment: Segment, visited: collections.Counter) -> None:
        self.index = index
        self.segment = segment
        self.seed = SEED * 1000 + index
        self.rng = random.Random(self.seed)
        self.gen = Events(self.rng)
        self.visited = visited  # scene name -> events fed while it was on top
        self.fed = 0
        self.frames = 0
        self.apps = 0
        self.app: App | None = None
        self.clock = FakeClock()
        self.recent: collections.deque = collections.deque(maxlen=40)

    # -- apps ----------------------------------------------------------------------------------------
    def open_app(self) -> None:
        self.clock = FakeClock()
        self.app = App(
            size=self.segment.size,
            fullscreen=False,
            kiosk=self.segment.kiosk,
            clock=self.clock,
            wait=lambda fps: None,
            audio=RecordingAudio(),
        )
        self.app.ctx.jobs.close()  # (it never started)
        self.app.ctx.jobs = Jobs("inline")
        slow_answers(self.app, self.seed + 1000 * self.apps, ANSWER_FRAMES)
        if self.segment.kiosk and hasattr(self.app.settings, "attract_minutes"):
            self.app.settings.attract_minutes = 1  # the shortest a kiosk may be set to
        pygame.event.clear()
        self.apps += 1

    def close_app(self) -> None:
        if self.app is not None:
            app, self.app = self.app, None
            app.close()

    # -- frames --------------------------------------------------------------------------------------
    def step(self, dt: float, events: list) -> None:
        self.clock.now += dt
        self.recent.append((self.frames, round(dt, 4), events))
        flat = []
        for e in events:
            if not isinstance(e, Resize):
                flat.append(e)
            elif not getattr(self.app, "fullscreen", False) and e.size != self.app.screen.get_size():
                # the window really changes size first (SDL resizes the surface), then its events come;
                # a full screen window is not resized, and SDL says nothing when the size stays the same
                self.app.screen = pygame.display.set_mode(e.size, pygame.RESIZABLE)
                flat += e.events()
        for name in scene_names(self.app.top) if self.app.stack else ["(empty)"]:
            self.visited[name] += len(flat)
        self.app.step_frame(dt, flat)
        pygame.event.clear()  # what the dummy driver queued itself (full screen switches) is not input
        self.fed += len(flat)
        self.frames += 1
        self.record()
        self.check()

    def feed(self, events: list) -> None:
        self.step(1 / 60, events)

    def dt(self) -> float:
        roll = self.rng.random()
        if roll < 0.55:
            return 1 / 60 + self.rng.uniform(-0.003, 0.003)
        if roll < 0.7:
            return 0.0
        if roll < 0.93:
            return self.rng.uniform(0.0, 0.1)
        return self.rng.uniform(0.1, 0.3)

    def pause(self, seconds: float, slow: bool = False) -> None:
        """Time passes with no input (animations end, the demo plays, a hint may come); `slow`: at a
        slow frame rate (a long wait costs fewer frames)."""
        t = 0.0
        while t < seconds and self.app.running:
            dt = self.rng.uniform(0.15 if slow else 0.05, 0.3)
            self.step(dt, [])
            t += dt

    def wait_for(self, done: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
        """Frames until done(), within `seconds` of the game's time."""
        for _ in range(int(seconds * 60)):
            if done():
                return
            self.step(1 / 60, [])
        raise AssertionError(f"segment {self.index}: {what} never came (top: {self.app.top})")

    # -- checks ---------------------------------------------------------------------------------------
    def record(self) -> None:
        if self.app.stack:
            for name in scene_names(self.app.top):
                self.visited.setdefault(name, 0)

    def check(self) -> None:
        app = self.app
        if app.running:
            assert app.stack, "the app is running with no scene"
        if self.frames % 5:
            return
        for scene in app.stack:
            if isinstance(scene, TableScene) and scene.board is not None:
                cards = model_cards(scene.game)
                pack = 52 + getattr(getattr(scene.game, "rules", None), "jokers", 0)  # (the More rules sheet's)
                assert len(cards) == pack and len(set(cards)) == pack, f"the model holds {len(cards)} cards: {cards}"
                assert {str(c) for c in scene.board.sprites} == set(cards), "the board's cards are not the model's"

    def check_at_rest(self) -> None:
        """After a pause: what takes input fits in the window, and a table on top with nothing moving
        shows every card where the model says (and on screen)."""
        if not (self.app.running and self.app.stack):
            return
        screen = pygame.Rect((0, 0), self.app.size)
        scene = _input_scene(self.app)
        controls = [
            w
            for w in list(getattr(scene, "widgets", None) or []) + list(getattr(scene, "buttons", None) or [])
            if getattr(w, "visible", True) and getattr(w, "rect", None) is not None and type(w).__name__ != "Label"
        ]  # a label may be empty (no error shown)
        outside = [w for w in controls if not screen.contains(w.rect)]
        assert not outside, f"{type(scene).__name__} at {self.app.size}: controls off screen: " + ", ".join(
            f"{getattr(w, 'label', type(w).__name__)} {w.rect}" for w in outside
        )
        self.check_screen()
        top = self.app.top
        if not (isinstance(top, TableScene) and top.press is None and not top.dealing and not self.app.is_animating()):
            return
        size = top.layout.card_size
        off_screen = [c for c, t in top.targets().items() if not screen.contains(pygame.Rect(t.pos, size))]
        assert not off_screen, f"cards off screen at {self.app.size}: {off_screen}"
        if cards_where_the_model_says(top):
            return
        targets, sprites = top.targets(), top.board.sprites
        off = {
            c
            for c, t in targets.items()
            if abs(sprites[c].pos[0] - t.pos[0]) >= 1 or abs(sprites[c].pos[1] - t.pos[1]) >= 1
        }
        raise AssertionError(
            "cards at rest are not where the model says: "
            + ", ".join(f"{c} at {sprites[c].pos}, model: {targets[c].pos}" for c in sorted(off, key=str))
        )

    def check_screen(self) -> None:
        """Nothing moving: the screen drawn piece by piece equals a full repaint (no dirty rectangle
        forgotten). The win screen is left out: its bouncing cards leave trails on purpose."""
        app = self.app
        if app.is_animating() or any(scene_names(s)[0] == "WinPanel" for s in app.stack):
            return
        if any(isinstance(s, TableScene) and s.press is not None for s in app.stack):
            return
        app.step_frame(0.0, [])  # anything still owed is drawn
        piecemeal = app.screen.copy()
        for scene in app.visible_scenes():
            scene.invalidate(None)
        app.draw()
        full = app.screen.copy()
        if _same(piecemeal, full):
            return
        raise AssertionError(
            f"the screen drawn piecemeal differs from a full repaint in {_diff_box(piecemeal, full)}"
            f": {[type(s).__name__ for s in app.stack]} at {app.size}"
        )

    # -- the run ---------------------------------------------------------------------------------------
    def run(self, budget: int) -> None:
        """Feed `budget` events; the segment's scene is forced again every FORCE_EVERY events."""
        self.open_app()
        pending: list = []
        forced_at = -FORCE_EVERY
        # a kiosk is left alone twice, long enough for attract mode (the next touch or key ends it)
        idle_at = sorted(self.rng.sample(range(budget), 2)) if self.segment.kiosk else []
        while self.fed < budget:
            if not self.app.running:  # Quit, or the administrator's exit: a new app goes on
                self.close_app()
                self.open_app()
                self.app.replace(self.app.ctx.scenes.menu())
                pending = []
            attract = getattr(self.app, "attract", None)
            if self.fed - forced_at >= FORCE_EVERY and not getattr(attract, "active", False):
                forced_at = self.fed
                self.segment.setup(self)
                self.feed([])
                pending = []
                continue
            if idle_at and self.fed >= idle_at[0]:
                idle_at.pop(0)
                minutes = getattr(self.app.settings, "attract_minutes", 0) or 0
                self.pause(minutes * 60 + self.rng.uniform(2, 30), slow=True)
                continue
            if self.rng.random() < 0.006:
                self.pause(self.rng.uniform(2.0, 8.0))
                self.check_at_rest()
                continue
            batch = []
            for _ in range(self.rng.choice((1, 2, 3, 4, 6, 8, 10, 12))):  # gestures may share a frame
                if not pending:
                    pending = self.gen.gesture(self.app)
                batch.append(pending.pop(0))
            self.step(self.dt(), batch)


@pytest.fixture
def monkey_env(tmp_path, monkeypatch):
    """The seeded deals, the solver's budget, and for each segment its own settings and data
    folders (so a segment replays alone): use(index) before a segment."""

    def use(index: int) -> None:
        base = tmp_path / f"segment-{index}"
        monkeypatch.setenv("GOLF_EIGHTOFF_CONFIG_DIR", str(base / "config"))
        monkeypatch.setenv("GOLF_EIGHTOFF_DATA_DIR", str(base / "data"))
        seed_deals(monkeypatch, SEED * 1000 + index + 500)  # a segment replays the same deals

    monkeypatch.setattr(assist, "BUDGET", Budget(states=SOLVER_STATES))
    monkeypatch.setattr(dealing, "FIND_BUDGET", Budget(states=SOLVER_STATES))
    return use


def test_the_monkey_breaks_nothing_in_any_scene(monkey_env, caplog, frozen_heap):
    caplog.set_level(logging.WARNING)
    visited: collections.Counter = collections.Counter()
    total = frames = apps = 0
    started, cpu = time.monotonic(), time.process_time()
    chosen = [i for i in range(len(SEGMENTS)) if not ONLY or i in ONLY]
    for index in chosen:
        segment = SEGMENTS[index]
        monkey_env(index)
        monkey = Monkey(index, segment, visited)
        t0 = time.monotonic()
        try:
            monkey.run(EVENTS_PER_SEGMENT)
        except BaseException as exc:
            recent = "\n".join(f"  frame {f} dt={dt}: {events}" for f, dt, events in monkey.recent)
            top = monkey.app.stack if monkey.app is not None else None
            exc.add_note(
                f"monkey: MONKEY_SEED={SEED} MONKEY_SEGMENT={index} ({segment.name}, "
                f"{'kiosk' if segment.kiosk else 'normal'} app #{monkey.apps}), after {monkey.fed} "
                f"events in {monkey.frames} frames; stack: {top}\nlast frames:\n{recent}"
            )
            raise
        finally:
            monkey.close_app()
        total += monkey.fed
        frames += monkey.frames
        apps += monkey.apps
        print(
            f"segment {index:2} {segment.name:22} {'kiosk ' if segment.kiosk else 'normal'} {monkey.fed:6} events "
            f"{monkey.frames:6} frames {monkey.apps} app(s) {time.monotonic() - t0:5.1f} s"
        )
    print(
        f"monkey: {total} events, {frames} frames, {apps} apps in {time.monotonic() - started:.1f} s "
        f"({time.process_time() - cpu:.1f} s of CPU)"
    )
    logged = collections.Counter((r.levelname, r.name, r.getMessage()[:90]) for r in caplog.records)
    for (level, name, message), count in sorted(logged.items()):
        print(f"logged {count:4}x {level} {name}: {message}")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, f"errors logged: {[r.getMessage() for r in errors]}"
    print("on top (events fed while there):")
    for name, count in sorted(visited.items()):
        print(f"  {name:40} {count}")
    if not ONLY:
        if EVENTS_PER_SEGMENT * len(SEGMENTS) >= TOTAL_EVENTS:
            assert total >= TOTAL_EVENTS
        missing = EXPECTED - set(visited)
        assert not missing, f"never on top: {sorted(missing)}"
