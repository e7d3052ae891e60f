"""The app frame: fixed timestep, transitions, overlays, idle, resize, quit, full screen."""

from __future__ import annotations

import json
import math
import time

import pygame
import pytest
from conftest import key, run_frames

from game.app import MAX_FRAME, STEP
from game.scenes.base import Pop, Push, Quit, Replace, Scene


class Probe(Scene):
    """A scene that records every call made to it."""

    def __init__(self, ctx, name="probe", log=None, overlay=False, animating=False):
        super().__init__(ctx)
        self.name = name
        self.log = log if log is not None else []
        self.overlay = overlay
        self.animating = animating
        self.updates = 0
        self.on_event = None  # callable(event) -> Transition
        self.on_update = None
        self.sizes = []
        self.invalidated = 0

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def resize(self, size):
        self.sizes.append(tuple(size))

    def invalidate(self, rects=None):
        self.invalidated += 1

    def handle_event(self, event):
        return self.on_event(event) if self.on_event else None

    def update(self, dt):
        assert dt == STEP
        self.updates += 1
        return self.on_update() if self.on_update else None

    def is_animating(self):
        return self.animating

    def draw(self, surface):
        self.log.append(("draw", self.name))
        return []


def test_fixed_timestep_counts_steps_exactly(app):
    scene = Probe(app.ctx)
    app.replace(scene)
    app.step_frame(0.1)
    assert scene.updates == 12
    app.step_frame(1.0)  # capped at 0.25 s: 30 steps, not 120
    assert scene.updates == 12 + math.floor(MAX_FRAME / STEP)
    before = scene.updates
    for _ in range(120):
        app.step_frame(1 / 60)
    assert scene.updates - before == 240
    # leftovers carry over: 0.5 step + 0.5 step = 1 step
    before = scene.updates
    app.step_frame(STEP / 2)
    assert scene.updates == before
    app.step_frame(STEP / 2)
    assert scene.updates == before + 1


def test_same_frames_same_steps(app):
    counts = []
    for _ in range(2):
        scene = Probe(app.ctx)
        app.replace(scene)
        app.accumulator = 0.0
        for dt in (0.013, 0.021, 0.3, 0.0, 0.0167, 0.05):
            app.step_frame(dt)
        counts.append(scene.updates)
    assert counts[0] == counts[1] == math.floor((0.013 + 0.021 + 0.25 + 0.0167 + 0.05) / STEP + 1e-9)


def test_transitions_happen_after_the_call(app):
    log = []
    base, over = Probe(app.ctx, "base", log), Probe(app.ctx, "over", log, overlay=True)
    app.replace(base)
    seen = []

    def push(event):
        if event.type == pygame.KEYDOWN:
            seen.append(list(app.stack))
            return Push(over)

    base.on_event = push
    key(app, pygame.K_a)
    assert seen == [[base]]  # still the old stack while handle_event runs
    assert app.stack == [base, over] and ("enter", "over") in log
    over.on_update = lambda: Pop()
    run_frames(app)
    assert app.stack == [base] and ("exit", "over") in log
    assert ("exit", "base") not in log
    other = Probe(app.ctx, "other", log)
    base.on_update = lambda: Replace(other)
    run_frames(app)
    assert app.stack == [other] and ("exit", "base") in log and ("enter", "other") in log


def test_quit_transition_and_pop_of_last_scene_stop_the_app(app):
    scene = Probe(app.ctx)
    app.replace(scene)
    scene.on_update = lambda: Quit()
    run_frames(app)
    assert not app.running


def test_overlay_draws_the_scene_below_first(app):
    log = []
    base, over = Probe(app.ctx, "base", log), Probe(app.ctx, "over", log, overlay=True)
    app.replace(base)
    app.push(over)
    log.clear()
    run_frames(app)
    assert [e for e in log if e[0] == "draw"] == [("draw", "base"), ("draw", "over")]
    opaque = Probe(app.ctx, "opaque", log)
    app.push(opaque)
    log.clear()
    run_frames(app)
    assert [e for e in log if e[0] == "draw"] == [("draw", "opaque")]
    assert base.updates > 0 and opaque.updates > 0
    frozen = base.updates
    run_frames(app)
    assert base.updates == frozen  # hidden scenes do not update


def test_idle_draws_nothing_and_animation_draws(app):
    log = []
    scene = Probe(app.ctx, "s", log)
    app.replace(scene)
    assert run_frames(app) == 1  # the first frame after a transition draws
    log.clear()
    assert run_frames(app, 10) == 0
    assert log == []
    assert scene.updates > 0  # time still passes
    scene.animating = True
    assert run_frames(app, 3) == 3
    scene.animating = False
    run_frames(app)  # one last frame after the animation stops
    assert run_frames(app, 5) == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert run_frames(app) == 1  # input wakes it up


def test_resize_reaches_every_scene(app):
    a, b = Probe(app.ctx, "a"), Probe(app.ctx, "b", overlay=True)
    app.replace(a)
    app.push(b)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600))
    run_frames(app)
    assert a.sizes == [(1000, 600)] and b.sizes == [(1000, 600)]
    assert app.ctx.screen_size == (1000, 600)


def test_quit_event_saves_settings(app, config_dir):
    app.replace(Probe(app.ctx))
    app.settings.four_colour = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_frames(app)
    assert not app.running
    app.close()
    data = json.loads((config_dir / "settings.json").read_text())
    assert data["four_colour"] is True


def test_f11_toggles_full_screen_and_remembers_it(app, config_dir):
    scene = Probe(app.ctx)
    app.replace(scene)
    assert not app.fullscreen
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    assert json.loads((config_dir / "settings.json").read_text())["fullscreen"] is True
    key(app, pygame.K_F11)
    assert not app.fullscreen and not app.settings.fullscreen
    assert app.size == (1280, 720)
    assert scene.sizes  # the scene was told about the new size


def test_scene_errors_are_not_swallowed(app):
    scene = Probe(app.ctx)
    app.replace(scene)

    def boom():
        raise RuntimeError("bug in a scene")

    scene.on_update = boom
    with pytest.raises(RuntimeError, match="bug in a scene"):
        run_frames(app)


def test_a_scene_that_fails_as_it_leaves_still_lets_the_save_be_written(app, monkeypatch):
    """The last write of the saved game and the data folder's lock come last, whatever fails first."""
    scene = Probe(app.ctx)
    app.replace(scene)
    closed = []
    monkeypatch.setattr(app.ctx.progress, "close", lambda: closed.append("progress"))
    monkeypatch.setattr(app.storage, "release", lambda: closed.append("lock"))

    def boom():
        raise RuntimeError("bug in a scene's exit")

    scene.exit = boom
    with pytest.raises(RuntimeError, match="exit"):
        app.close()
    assert closed == ["progress", "lock"]


def test_run_with_a_fake_clock(make_app):
    t = [0.0]
    waits = []

    def clock():
        t[0] += 1 / 60
        return t[0]

    app = make_app(clock=clock, wait=waits.append)
    scene = Probe(app.ctx, animating=True)
    scene.on_update = lambda: Quit() if scene.updates >= 20 else None
    app.run(scene)
    assert scene.updates == 20
    assert not app.running and app.stack == []
    assert waits and set(waits) <= {60, 10}


def test_headless_app_has_the_requested_size(make_app):
    app = make_app(size=(800, 480))
    assert app.size == (800, 480) == app.ctx.screen_size
    assert pygame.display.get_surface().get_size() == (800, 480)


def test_what_lives_as_long_as_the_process_is_set_aside_before_the_first_scene_and_scenes_still_go(make_app):
    import gc
    import weakref

    app = make_app()
    try:
        from game.heap import hold_collections

        hold_collections()  # as main.py does, before the app exists: collected again once settled
        assert not gc.isenabled()
        app.settle_long_lived()
        assert gc.get_freeze_count() > 0 and gc.isenabled()
        tracked = len(gc.get_objects())
        first = Probe(app.ctx, "first")
        first.cycle = first  # as a scene's buttons hold its own methods
        gone = weakref.ref(first)
        app.replace(first)
        del first
        app.replace(Probe(app.ctx, "second"))  # a scene change collects: the first scene is freed
        for _ in range(100):
            if gone() is None:
                break
            # CPython's gc.collect() does nothing while another thread's collection is under way (a
            # thread of an earlier test's app, or a reader of this one's, may be in one): the scene is
            # then freed by a later one
            time.sleep(0.01)
            gc.collect()
        assert gone() is None
        assert len(gc.get_objects()) < tracked + 200  # what the collector walks: the scenes', not start-up's
        with pytest.raises(RuntimeError):
            app.settle_long_lived()  # a scene exists: it would never be freed
    finally:
        gc.unfreeze()
        gc.enable()


def test_the_window_gets_the_games_icon_before_it_opens(make_app, monkeypatch):
    """Before set_mode: then the taskbar shows it from the start, and pygame does not load its own."""
    calls: list[tuple[str, object]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon", lambda image: calls.append(("icon", image)) or set_icon(image))
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: calls.append(("mode", None)) or set_mode(*a, **k))
    make_app(size=(800, 480))
    assert [name for name, _ in calls][:2] == ["icon", "mode"]
    icon = calls[0][1]
    assert isinstance(icon, pygame.Surface) and icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((32, 32)).a == 255  # a shape on clear ground


def test_an_unusable_icon_file_leaves_the_systems_icon_and_starts_the_game(make_app, monkeypatch, tmp_path, caplog):
    from game.view import screen as screen_module

    bad = tmp_path / "icon.png"
    bad.write_bytes(b"\x89PNG not really")
    monkeypatch.setattr(screen_module, "ICON", bad)
    calls: list[object] = []
    monkeypatch.setattr(pygame.display, "set_icon", calls.append)
    app = make_app(size=(800, 480))
    assert calls == [] and app.screen.get_size() == (800, 480)
    assert "window icon" in caplog.text and "unusable" in caplog.text
