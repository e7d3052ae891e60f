"""Tweens: exact snapping, latest wins, callbacks, delays, easing endpoints."""
from __future__ import annotations

import pytest

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
    for _ in range(36):   # 36 x 1/120 s = 0.3 s, though the float sum falls short
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
    tw.to(s, 1.0, {"x": 0}, linear)   # takes x over, from where it is now
    tw.update(0.5)
    assert s.x == 25
    tw.update(0.5)
    assert s.x == 0
    assert first_done == []            # the replaced tween never completes
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
    s.x = 4.0                          # moved before the tween starts
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
