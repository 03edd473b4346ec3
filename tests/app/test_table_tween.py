"""Tweens advance only with the time they are given: no clock, exact values."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scopa.app.tween import EASINGS, Tweener


@dataclass
class Thing:
    x: float = 0.0
    y: float = 0.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_zero_and_end_at_one(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_moves_linearly_with_dt_and_finishes_once():
    thing, done = Thing(), []
    tweens = Tweener()
    tweens.animate(thing, duration=1.0, easing="linear", x=10.0, on_finished=lambda: done.append(1))
    tweens.update(0.25)
    assert thing.x == pytest.approx(2.5)
    tweens.update(0.5)
    assert thing.x == pytest.approx(7.5)
    tweens.update(1.0)
    assert thing.x == 10.0 and done == [1] and not tweens.busy
    tweens.update(1.0)
    assert done == [1]


def test_delay_holds_the_start_value_until_it_runs():
    thing = Thing(x=5.0)
    tweens = Tweener()
    tweens.animate(thing, duration=1.0, delay=0.5, easing="linear", x=15.0)
    tweens.update(0.4)
    thing.x = 6.0  # changed meanwhile: the tween starts from where the thing is at its start
    tweens.update(0.6)
    assert thing.x == pytest.approx(6.0 + 9.0 * 0.5)


def test_a_new_tween_on_the_same_attribute_takes_over():
    thing = Thing()
    tweens = Tweener()
    tweens.animate(thing, duration=1.0, easing="linear", x=10.0, y=10.0)
    tweens.update(0.5)
    tweens.animate(thing, duration=1.0, easing="linear", x=0.0)
    tweens.update(1.0)
    assert thing.x == pytest.approx(0.0)
    assert thing.y == pytest.approx(10.0)


def test_zero_duration_applies_at_once_and_finish_all_completes_everything():
    thing, done = Thing(), []
    tweens = Tweener()
    tweens.animate(thing, duration=0.0, x=3.0)
    assert thing.x == 3.0 and not tweens.busy
    tweens.animate(thing, duration=2.0, delay=1.0, y=4.0, on_finished=lambda: done.append(1))
    tweens.finish_all()
    assert thing.y == 4.0 and done == [1] and not tweens.busy
