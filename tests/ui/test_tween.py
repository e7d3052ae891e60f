"""Tweens: exact snapping, latest wins, callbacks, delays, easing endpoints."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.ui.tween import Tween, Tweener, in_out_cubic, linear, out_back, out_cubic


class Sprite:
    def __init__(self):
        self.x = 0.0
        self.pos = (0.0, 0.0)
        self.alpha = 0


@pytest.mark.parametrize("f", [linear, out_cubic, in_out_cubic, out_back])
def test_easings_start_at_0_and_end_at_1(f):
    assert f(0.0) == pytest.approx(0.0, abs=1e-12)
    assert f(1.0) == pytest.approx(1.0, abs=1e-12)


def test_easing_shapes():
    assert out_cubic(0.5) > 0.5 > in_out_cubic(0.4)
    assert max(out_back(t / 100) for t in range(101)) > 1.0  # overshoots


def test_snaps_exactly_to_the_target():
    s = Sprite()
    tw = Tweener()
    tw.to(s, 0.3, {"x": 100.0, "pos": (10, 20)}, out_cubic)
    for _ in range(36):  # 36 x 1/120 s = 0.3 s, though the float sum falls short
        tw.update(1 / 120)
    assert s.x == 100.0 and s.pos == (10, 20)
    assert not tw.active


def test_progress_is_clamped():
    s = Sprite()
    t = Tween(s, 1.0, {"x": 10}, linear)
    assert not t.update(0.25) and s.x == 2.5
    assert t.update(100.0) and s.x == 10


def test_latest_wins_per_field():
    s = Sprite()
    tw = Tweener()
    first_done = []
    tw.to(s, 1.0, {"x": 100}, linear, on_complete=lambda: first_done.append(1))
    tw.update(0.5)
    assert s.x == 50
    tw.to(s, 1.0, {"x": 0}, linear)  # takes x over, from where it is now
    tw.update(0.5)
    assert s.x == 25
    tw.update(0.5)
    assert s.x == 0
    assert first_done == []  # the replaced tween never completes
    assert not tw.active


def test_other_fields_keep_running():
    s = Sprite()
    tw = Tweener()
    tw.to(s, 1.0, {"x": 100, "alpha": 255}, linear)
    tw.update(0.5)
    tw.to(s, 0.5, {"x": 0}, linear)
    tw.update(0.5)
    assert s.x == 0 and s.alpha == 255


def test_callbacks_fire_once_on_completion():
    s = Sprite()
    tw = Tweener()
    calls = []
    tw.to(s, 0.1, {"x": 1}, on_complete=lambda: calls.append(s.x))
    tw.update(0.05)
    assert calls == []
    tw.update(0.05)
    tw.update(0.05)
    assert calls == [1]


def test_callback_can_chain_a_new_tween():
    s = Sprite()
    tw = Tweener()
    tw.to(s, 0.1, {"x": 10}, linear, on_complete=lambda: tw.to(s, 0.1, {"x": 0}, linear))
    tw.update(0.1)
    assert s.x == 10 and tw.active
    tw.update(0.1)
    assert s.x == 0 and not tw.active


def test_delay_and_start_values_read_when_starting():
    s = Sprite()
    tw = Tweener()
    tw.to(s, 1.0, {"x": 10}, linear, delay=0.5)
    s.x = 4.0  # moved before the tween starts
    tw.update(0.5)
    assert s.x == 4.0
    tw.update(0.5)
    assert s.x == 7.0


def test_zero_duration_sets_at_once_and_calls_back_on_update():
    s = Sprite()
    tw = Tweener()
    calls = []
    tw.to(s, 0.0, {"x": 5}, on_complete=lambda: calls.append(True))
    assert s.x == 5 and calls == []
    tw.update(0.0)
    assert calls == [True] and not tw.active


def test_dict_subjects_and_finish_and_cancel():
    d = {"y": 0.0}
    tw = Tweener()
    calls = []
    tw.to(d, 1.0, {"y": 8.0}, on_complete=lambda: calls.append(1))
    tw.finish()
    assert d["y"] == 8.0 and calls == [1]
    tw.to(d, 1.0, {"y": 0.0}, on_complete=lambda: calls.append(2))
    tw.update(0.5)
    tw.cancel(d)
    assert not tw.is_tweening(d) and calls == [1]


def test_changed_names_the_subjects_an_update_moved_or_finished_not_those_still_waiting():
    running, waiting, idle = Sprite(), Sprite(), Sprite()
    tw = Tweener()
    tw.to(running, 1.0, {"x": 1.0}, linear)
    tw.to(waiting, 1.0, {"x": 1.0}, linear, delay=1.0)
    tw.update(0.5)
    assert tw.changed == [running] and waiting.x == 0.0
    tw.update(0.6)  # running ends; waiting starts (0.1 s into its run)
    assert set(map(id, tw.changed)) == {id(running), id(waiting)} and running.x == 1.0 and waiting.x > 0
    tw.update(2.0)
    assert tw.changed == [waiting] and waiting.x == 1.0
    tw.update(0.1)  # nothing left: nothing changed
    assert tw.changed == [] and idle not in tw.changed


def test_finish_reports_every_snapped_subject_as_changed():
    a, b = Sprite(), Sprite()
    tw = Tweener()
    tw.to(a, 1.0, {"x": 1.0})
    tw.to(b, 1.0, {"x": 2.0}, delay=5.0)
    tw.finish()
    assert {id(s) for s in tw.changed} == {id(a), id(b)} and (a.x, b.x) == (1.0, 2.0)


def test_tweens_waiting_out_their_delay_cost_an_update_nothing(monkeypatch):
    """A deal's later cards wait for their turn: no update looks at them until it comes."""
    calls = []
    real = Tween.update
    monkeypatch.setattr(Tween, "update", lambda self, dt: calls.append(self) or real(self, dt))
    sprites = [Sprite() for _ in range(50)]
    tw = Tweener()
    for n, s in enumerate(sprites):
        tw.to(s, 0.2, {"x": 1.0}, linear, delay=1.0 + n / 10)
    for _ in range(119):  # just under a second of 1/120 s steps
        tw.update(1 / 120)
    assert calls == [] and tw.active and len(tw) == 50 and tw.is_tweening(sprites[-1])
    tw.update(1 / 120)
    tw.update(1 / 120)
    assert calls and {id(t.subject) for t in calls} == {id(sprites[0])} and sprites[0].x > 0.0


class _EveryStep:
    """The plain way, as Tweener worked before it kept the waiting tweens apart: every tween in one
    list, each updated at every step. The property below holds Tweener to it exactly."""

    def __init__(self):
        self.tweens, self.running, self.changed = [], [], []

    def to(self, subject, duration, target, easing, on_complete=None, delay=0.0):
        # (a callback's new tween takes its fields over from the tweens of the update under way too)
        for old in (*self.tweens, *self.running):
            if old.subject is subject and not old.done:
                old.drop(set(target))
        self.tweens = [t for t in self.tweens if t.target or t.done]
        self.tweens.append(Tween(subject, duration, target, easing, on_complete, delay))

    def update(self, dt):
        self.changed, tweens, self.tweens, alive = [], self.tweens, [], []
        self.running = tweens
        for t in tweens:
            if not t.target and not t.done:
                continue
            if not t.update(dt):
                alive.append(t)
            if t.start is not None or t.done:
                self.changed.append(t.subject)
        self.running = []
        self.tweens = alive + [t for t in self.tweens if not t.done or not t._fired]
        return bool(self.tweens)

    def cancel(self, subject):
        self.tweens = [t for t in self.tweens if t.subject is not subject]

    def finish(self, subject):
        for t in list(self.tweens):
            if (subject is None or t.subject is subject) and (t.target or t.done):  # (all taken over: gone)
                t.delay, t.start = 0.0, t.start or {}
                t._snap()
        self.update(0.0)


_step = st.sampled_from([1 / 120, 1 / 60, 0.05, 0.0])
_action = st.one_of(
    st.tuples(
        st.just("to"),
        st.integers(0, 3),
        st.sampled_from(["x", "pos", "both"]),
        st.sampled_from([0.0, 0.1, 0.25, 1 / 120 * 7]),
        st.sampled_from([0.0, 0.05, 0.1, 1 / 120 * 3, 0.3]),
        st.booleans(),
    ),
    st.tuples(st.just("update"), _step),
    st.tuples(st.just("cancel"), st.integers(0, 3)),
    st.tuples(st.just("finish"), st.one_of(st.none(), st.integers(0, 3))),
)


@example(
    [
        ("to", 0, "x", 0.0, 0.0, False),
        ("to", 0, "x", 0.0, 0.0, True),
        ("to", 0, "x", 0.0, 0.05, False),
        ("update", 0.05),
    ]
)  # a callback's tween takes over a field from a tween starting in the same update
@example(
    [
        ("to", 0, "x", 0.0, 0.0, False),
        ("to", 0, "x", 0.0, 0.05, False),
        ("to", 0, "pos", 0.0, 0.0, True),
        ("update", 1 / 120),
        ("finish", None),
    ]
)  # ... from a waiting one, which finish() then does not call back
@settings(max_examples=300, deadline=None)
@given(st.lists(_action, max_size=40))
def test_tweener_moves_every_field_and_calls_back_exactly_as_updating_every_tween_would(actions):
    worlds = []
    for kind in (Tweener, _EveryStep):
        sprites, log = [Sprite() for _ in range(4)], []
        worlds.append((kind(), sprites, log))

    def state(world):
        tw, sprites, log = world
        return [(s.x, s.pos) for s in sprites], list(log), sorted(sprites.index(c) for c in tw.changed)

    for n, action in enumerate(actions):
        for tw, sprites, log in worlds:
            if action[0] == "to":
                _, i, fields, duration, delay, chain = action
                target = (
                    {"x": float(n), "pos": (n, -n)}
                    if fields == "both"
                    else {fields: float(n) if fields == "x" else (n, n)}
                )
                s = sprites[i]

                def done(n=n, i=i, chain=chain, tw=tw, s=s, log=log):
                    log.append((n, i))
                    if chain:  # a callback that starts another tween, with a delay
                        tw.to(s, 0.1, {"x": -1.0}, linear, delay=0.05)

                tw.to(s, duration, target, linear, on_complete=done, delay=delay)
            elif action[0] == "update":
                tw.update(action[1])
            elif action[0] == "cancel":
                tw.cancel(sprites[action[1]])
            else:
                tw.finish(None if action[1] is None else sprites[action[1]])
        assert state(worlds[0]) == state(worlds[1])
    assert worlds[0][0].active == bool(worlds[1][0].tweens)


def test_callbacks_of_one_update_fire_in_the_order_their_tweens_were_made():
    a, b = Sprite(), Sprite()
    tw = Tweener()
    calls = []
    tw.to(a, 0.0, {"x": 1.0}, on_complete=lambda: calls.append("waited"), delay=0.05)
    tw.to(b, 0.0, {"x": 1.0}, on_complete=lambda: calls.append("at once"))
    tw.update(0.05)
    assert calls == ["waited", "at once"]
