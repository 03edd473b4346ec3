"""Tweens: numeric attributes that move towards a value over seconds, with easing.

A tween holds its own elapsed time, so it advances only when ``update(dt)`` is called:
tests step it with a fixed ``dt``, no clock involved. ``Tweener`` owns the running tweens
of a scene; starting a tween on an attribute that is already tweening replaces the old one
(the newer intent wins, the way a card dropped mid-flight takes its new course).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Overshoots a little then settles: a card snapping into place."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "out_elastic": out_elastic,
    "in_out_sine": in_out_sine,
}


@dataclass
class Tween:
    """Moves ``target.<attr>`` from their values at start to ``values`` in ``duration`` s."""

    target: Any
    values: dict[str, float]
    duration: float
    easing: Easing = out_cubic
    delay: float = 0.0
    on_finished: Callable[[], None] | None = None
    elapsed: float = 0.0
    start: dict[str, float] = field(default_factory=dict)
    done: bool = False

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the time left over once finished."""
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay:
            return 0.0
        if not self.start:
            self.start = {name: float(getattr(self.target, name)) for name in self.values}
        run = self.elapsed - self.delay
        t = 1.0 if self.duration <= 0 else min(1.0, run / self.duration)
        k = self.easing(t)
        for name, end in self.values.items():
            begin = self.start[name]
            setattr(self.target, name, begin + (end - begin) * k)
        if t >= 1.0:
            self.finish()
            return max(0.0, run - self.duration)
        return 0.0

    def finish(self) -> None:
        """Jump to the end values and fire the callback once."""
        if self.done:
            return
        for name, end in self.values.items():
            setattr(self.target, name, end)
        self.done = True
        if self.on_finished is not None:
            self.on_finished()


class Tweener:
    """The running tweens of one scene."""

    def __init__(self) -> None:
        self._tweens: list[Tween] = []

    def __len__(self) -> int:
        return len(self._tweens)

    @property
    def busy(self) -> bool:
        return bool(self._tweens)

    def animate(
        self,
        target: Any,
        *,
        duration: float,
        easing: str | Easing = "out_cubic",
        delay: float = 0.0,
        on_finished: Callable[[], None] | None = None,
        **values: float,
    ) -> Tween:
        """Start a tween (pgzero's ``animate``); a zero duration and delay applies at once."""
        ease = EASINGS[easing] if isinstance(easing, str) else easing
        for tween in self._tweens:
            if tween.target is target and not tween.done:
                for name in values:
                    tween.values.pop(name, None)
                    tween.start.pop(name, None)
        self._tweens = [t for t in self._tweens if t.values or t.on_finished]
        tween = Tween(target, dict(values), max(0.0, duration), ease, max(0.0, delay), on_finished)
        if tween.duration == 0 and tween.delay == 0:
            tween.finish()
        else:
            self._tweens.append(tween)
        return tween

    def targets(self) -> set[int]:
        """``id()`` of every object with a running tween (one pass, for drawing)."""
        return {id(t.target) for t in self._tweens if not t.done}

    def moving(self, target: Any) -> bool:
        return any(t.target is target and not t.done for t in self._tweens)

    def heading(self, target: Any, name: str) -> float | None:
        """The value a running tween is taking ``target.<name>`` to (None: none is)."""
        for tween in self._tweens:
            if tween.target is target and not tween.done and name in tween.values:
                return tween.values[name]
        return None

    def update(self, dt: float) -> None:
        for tween in list(self._tweens):
            tween.update(dt)
        self._tweens = [t for t in self._tweens if not t.done]

    def finish_all(self, keep: Callable[[Any], bool] | None = None) -> None:
        """Complete every tween now (the player skipped an animation), but those whose
        target ``keep`` says go on."""
        kept: list[Tween] = []
        while self._tweens:
            tweens, self._tweens = self._tweens, []
            for tween in tweens:
                if keep is not None and keep(tween.target):
                    kept.append(tween)
                else:
                    tween.finish()
        self._tweens = kept
