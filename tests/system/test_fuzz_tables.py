"""Random mouse, touch and key input on both tables: nothing may crash, no card may be lost, and once
everything settles every card lies where the model says it is."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import run_frames, settle
from helpers.tables import cards_where_the_model_says

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.dialog import Confirm, shows
from game.scenes.end_screen import BlockedPanel
from game.scenes.table import TableScene
from game.scenes.tables import open_table

KEYS = [
    (pygame.K_z, pygame.KMOD_CTRL),
    (pygame.K_z, 0),
    (pygame.K_c, pygame.KMOD_CTRL),
    (pygame.K_a, 0),
    (pygame.K_n, 0),
]


def _random_events(rng: random.Random, size: tuple[int, int], top: int) -> list[pygame.event.Event]:
    """A gesture (a tap, a double tap, a drag, by mouse or finger) or one stray event, anywhere on the
    table below the top band (its Menu button would end the run)."""
    w, h = size

    def point():
        return rng.randrange(w), rng.randrange(top, h)

    finger = rng.random() < 0.5
    fid = rng.choice((0, 0, 0, 1))

    def ev(kind: str, pos):
        if finger:
            t = {"down": pygame.FINGERDOWN, "up": pygame.FINGERUP, "move": pygame.FINGERMOTION}[kind]
            return pygame.event.Event(
                t, touch_id=1, finger_id=fid, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, pressure=1.0
            )
        if kind == "move":
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        t = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
        return pygame.event.Event(t, pos=pos, button=rng.choice((1, 1, 1, 3)))

    roll = rng.random()
    a = point()
    if roll < 0.3:
        return [ev("down", a), ev("up", a)]
    if roll < 0.45:
        return [ev("down", a), ev("up", a), ev("down", a), ev("up", a)]
    if roll < 0.85:
        b = point()
        steps = rng.randrange(1, 8)
        path = [(a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps) for i in range(1, steps + 1)]
        return [ev("down", a)] + [ev("move", p) for p in path] + ([ev("up", b)] if rng.random() < 0.9 else [])
    if roll < 0.97:
        return [ev(rng.choice(("down", "up", "move")), a)]
    key, mod = rng.choice(KEYS)
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("kind", ["golf", "eightoff-8", "eightoff-2"])
def test_random_input_never_breaks_a_table(make_app, kind, seed):
    rng = random.Random(seed)
    app = make_app(size=(800, 480))
    if kind == "golf":
        game = GolfGame.new("easy", number=seed)
        scene = open_table(app.ctx, game)
    else:
        game = EightOffGame.new(cells=int(kind[-1]), number=seed)
        scene = open_table(app.ctx, game)
    app.replace(scene)
    run_frames(app)
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    undo = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    played = 0
    for _ in range(800):
        for event in _random_events(rng, app.size, scene.hud.rect.bottom):
            pygame.event.post(event)
            run_frames(app, rng.choice((1, 1, 2, 8)))
        if shows(app.top, Confirm):  # "Start a new game?" (the N key): no
            app.apply(app.top.handle_event(esc))
        elif shows(app.top, BlockedPanel):  # Golf blocked: undo and play on
            app.apply(app.top.handle_event(undo))
        if isinstance(app.top, TableScene) and app.top is not scene:  # N dealt a new game: play on
            played += scene.game.moves
            scene = app.top
        if app.top is not scene:  # won
            break
    for finger in (0, 1):  # lift whatever is still pressed
        pygame.event.post(
            pygame.event.Event(
                pygame.FINGERUP, touch_id=1, finger_id=finger, x=0.5, y=0.5, dx=0.0, dy=0.0, pressure=1.0
            )
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(400, 240), button=1))
    run_frames(app, 2)
    settle(app)
    assert len(scene.board.sprites) == 52
    assert cards_where_the_model_says(scene)
    if kind != "eightoff-2":  # with two cells, random drops rarely find a legal move
        assert played + scene.game.moves >= 1  # the input did play
