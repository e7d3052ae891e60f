"""Tweens in the manner of kikito's tween.lua and rxi's flux.

A tween moves some numeric fields of a subject (an object's attributes, or a dict's keys) from
their values when the tween starts to target values over ``duration`` seconds of *simulation*
time. ``update(dt)`` clamps at the end and sets every field exactly to its target, so a card
never stops a fraction of a pixel short. Values may be numbers or tuples of numbers (positions).

>>> class P: x = 0.0
>>> p = P(); tw = Tweener()
>>> _ = tw.to(p, 1.0, {'x': 10}, linear)
>>> _ = tw.update(0.5); p.x
5.0
>>> _ = tw.update(9.0); p.x
10
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from typing import Any

Easing = Callable[[float], float]


# --- easing functions: pure t -> t, with f(0) == 0 and f(1) == 1 -------------------------------


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def out_back(t: float) -> float:
    """Overshoots a little and settles: good for a card landing."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


# --- reading and writing the subject ------------------------------------------------------------


def _get(subject: Any, key: str) -> Any:
    return subject[key] if isinstance(subject, dict) else getattr(subject, key)


def _set(subject: Any, key: str, value: Any) -> None:
    if isinstance(subject, dict):
        subject[key] = value
    else:
        setattr(subject, key, value)


def _lerp(a: Any, b: Any, k: float) -> Any:
    if type(b) is tuple and len(b) == 2:  # a position: every card's tween, every frame
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
    if isinstance(b, (tuple, list)):
        return type(b)(x + (y - x) * k for x, y in zip(a, b))
    return a + (b - a) * k


class Tween:
    """One tween. Usually made through :meth:`Tweener.to`, which also enforces "latest wins".

    ``delay`` seconds pass before the tween starts; the start values are read at that moment.
    A duration of 0 (animations off) sets the targets at once; ``on_complete`` still fires from the
    next ``update``, so callbacks never run inside the code that created the tween.
    """

    __slots__ = (
        "subject",
        "duration",
        "target",
        "easing",
        "on_complete",
        "delay",
        "clock",
        "start",
        "done",
        "_fired",
        "seq",
    )

    def __init__(
        self,
        subject: Any,
        duration: float,
        target: dict[str, Any],
        easing: Easing = linear,
        on_complete: Callable[[], None] | None = None,
        delay: float = 0.0,
    ) -> None:
        self.subject = subject
        self.duration = max(0.0, float(duration))
        self.target = dict(target)
        self.easing = easing
        self.on_complete = on_complete
        self.delay = max(0.0, float(delay))
        self.clock = 0.0
        self.start: dict[str, Any] | None = None
        self.done = False
        self._fired = False
        self.seq = 0  # (its place among a Tweener's tweens: they are updated in the order made)
        if self.duration == 0.0 and self.delay == 0.0:
            self._snap()

    def _snap(self) -> None:
        for key, value in self.target.items():
            _set(self.subject, key, value)
        self.done = True

    def update(self, dt: float) -> bool:
        """Advance by dt seconds; returns True once complete (and fires on_complete exactly once)."""
        if not self.done:
            self.clock += dt
            t_run = self.clock - self.delay
            if t_run >= 0.0:
                if self.start is None:
                    self.start = {k: _get(self.subject, k) for k in self.target}
                if t_run >= self.duration - 1e-9:  # float steps: 36 x 1/120 s is 0.3 s
                    self._snap()
                else:
                    k = self.easing(t_run / self.duration)
                    for key, value in self.target.items():
                        _set(self.subject, key, _lerp(self.start[key], value, k))
        if self.done and not self._fired:
            self._fired = True
            if self.on_complete is not None:
                self.on_complete()
        return self.done

    def drop(self, keys: Iterable[str]) -> None:
        """Stop animating these fields (a newer tween took them over)."""
        for key in keys:
            self.target.pop(key, None)
            if self.start is not None:
                self.start.pop(key, None)


def _latest_first(tween: Tween) -> tuple[float, int]:
    return -tween.delay, -tween.seq


class _Cohort:
    """Tweens made between the same two updates and still waiting out their delays. They have all
    been through the same steps, so one clock, added up as each tween's own would be, says exactly
    when each starts; until then no update looks at them. (A deal's later cards wait for up to a
    second and a half: visiting each at every step would be most of a deal frame's tween work.)"""

    __slots__ = ("clock", "waiting")

    def __init__(self) -> None:
        self.clock = 0.0
        self.waiting: list[Tween] = []  # the longest delay first: the next to start is the last

    def add(self, tween: Tween) -> None:
        bisect.insort(self.waiting, tween, key=_latest_first)

    def drop(self, subject: Any, keys: set[str]) -> None:
        """A newer tween takes these fields of `subject` over; a tween left with none goes."""
        emptied = False
        for old in self.waiting:
            if old.subject is subject:
                old.drop(keys)
                emptied = emptied or not old.target
        if emptied:
            self.waiting = [t for t in self.waiting if t.target]

    def due(self, dt: float) -> list[Tween]:
        """Advance by `dt`; the tweens whose delay has passed, set as if they had been updated at
        every step (their next update, with `dt`, starts them)."""
        before = self.clock
        self.clock += dt
        waiting, out = self.waiting, []
        while waiting and self.clock - waiting[-1].delay >= 0.0:
            tween = waiting.pop()
            tween.clock = before
            out.append(tween)
        return out


def _advance(tweens: list[Tween], dt: float, changed: list[Any]) -> list[Tween]:
    """Each tween advanced by `dt` (but one whose every field a newer tween took over); returns
    those still running, and adds to `changed` the subjects of those that moved or ended."""
    alive = []
    for tween in tweens:
        if not tween.target and not tween.done:
            continue  # every field was taken over by a newer tween
        if not tween.update(dt):
            alive.append(tween)
        if tween.start is not None or tween.done:  # (one still waiting out its delay: not)
            changed.append(tween.subject)
    return alive


class Tweener:
    """Runs many tweens. A new tween on a field another tween animates takes that field over.

    A tween whose fields were all taken over is removed without calling its on_complete. Tweens
    still waiting out a delay are kept apart (`_Cohort`) and cost an update nothing.
    """

    def __init__(self) -> None:
        self._tweens: list[Tween] = []  # started (or about to), in the order made
        self._running: list[Tween] = []  # the tweens being updated right now
        self._cohorts: list[_Cohort] = []  # the tweens waiting out a delay, by when they were made
        self._fresh: _Cohort | None = None  # the cohort of tweens made since the last update
        self._made = 0
        #: the subjects whose fields the last update changed, or whose tween it ended (repeats
        #: possible): a board looks again at these sprites only, not at the ones still waiting for
        #: their turn in a deal
        self.changed: list[Any] = []

    def _waiting(self) -> list[Tween]:
        return [t for c in self._cohorts for t in c.waiting]

    def to(
        self,
        subject: Any,
        duration: float,
        target: dict[str, Any],
        easing: Easing = out_cubic,
        on_complete: Callable[[], None] | None = None,
        delay: float = 0.0,
    ) -> Tween:
        """Start a tween of ``subject``'s fields towards ``target`` (latest wins per field)."""
        keys = set(target)
        for old in (*self._tweens, *self._running):
            if old.subject is subject and not old.done:
                old.drop(keys)
        self._tweens = [t for t in self._tweens if t.target or t.done]
        for cohort in self._cohorts:
            cohort.drop(subject, keys)
        tween = Tween(subject, duration, target, easing, on_complete, delay)
        self._made += 1
        tween.seq = self._made
        if tween.done or tween.delay <= 0.0:
            self._tweens.append(tween)
        else:
            if self._fresh is None:
                self._fresh = _Cohort()
                self._cohorts.append(self._fresh)
            self._fresh.add(tween)
        return tween

    def update(self, dt: float) -> bool:
        """Advance every tween; returns True while any tween is still running."""
        changed: list[Any] = []
        self.changed = changed
        self._fresh = None  # (tweens made from here on have not been through this step)
        if self._cohorts:
            self._start_due(dt)
        if not self._tweens:
            return bool(self._cohorts)
        self._running = tweens = self._tweens
        self._tweens = []
        try:
            alive = _advance(tweens, dt, changed)
        finally:
            self._running = []
        # callbacks may have started new tweens: keep them after the survivors
        alive.extend(t for t in self._tweens if not t.done or not t._fired)
        self._tweens = alive
        return self.active

    def _start_due(self, dt: float) -> None:
        """The cohorts advanced by `dt`: the tweens whose delay passed join the others, in the
        order made, and the cohorts left empty go."""
        due: list[Tween] = []
        for cohort in self._cohorts:
            due += cohort.due(dt)
        self._cohorts = [c for c in self._cohorts if c.waiting]
        if due:
            self._tweens = sorted([*self._tweens, *due], key=lambda t: t.seq)

    def cancel(self, subject: Any = None) -> None:
        """Stop the tweens of one subject (or all), leaving fields where they are, without callbacks."""
        if subject is None:
            self._tweens.clear()
            self._cohorts.clear()
            self._fresh = None
        else:
            self._tweens = [t for t in self._tweens if t.subject is not subject]
            for cohort in self._cohorts:
                cohort.waiting = [t for t in cohort.waiting if t.subject is not subject]

    def finish(self, subject: Any = None) -> None:
        """Jump the tweens of one subject (or all) to their targets and fire their callbacks."""
        waiting = [t for t in self._waiting() if subject is None or t.subject is subject]
        if waiting:  # (they join the others, in the order made)
            for cohort in self._cohorts:
                cohort.waiting = [t for t in cohort.waiting if not (subject is None or t.subject is subject)]
            self._tweens = sorted([*self._tweens, *waiting], key=lambda t: t.seq)
        for tween in list(self._tweens):
            if (subject is None or tween.subject is subject) and (tween.target or tween.done):
                # (one whose fields a callback's tween took over in the last update goes unfinished,
                # as it would at the next update: its on_complete is not called)
                tween.delay = 0.0
                tween.start = tween.start or {}
                tween._snap()
        self.update(0.0)

    def is_tweening(self, subject: Any = None) -> bool:
        if subject is None:
            return self.active
        return any(t.subject is subject for t in (*self._tweens, *self._waiting()))

    def __len__(self) -> int:
        return len(self._tweens) + sum(len(c.waiting) for c in self._cohorts)

    @property
    def active(self) -> bool:
        return bool(self._tweens) or any(c.waiting for c in self._cohorts)
