"""Random input through every scene, with resizes: nothing raises and the engine's
invariants hold after every event (a short run of tools/monkey.py; it runs for an hour by
command)."""

import pytest

from tests.tool_modules import load_tool


def load_monkey():
    return load_tool("monkey", "monkey_tool")


@pytest.mark.parametrize("seed", [4, 5, 11])
def test_monkey_run(tmp_path, seed):
    report = load_monkey().run(frames=1500, seed=seed, home=tmp_path, resize_every=150)
    assert not report.failures, report.failures[0]
    assert report.frames == 1500
    assert report.resizes >= 9
    assert len(report.scenes) >= 3, report.scenes
    assert report.slowest[0] > 0 and report.slowest[1]  # every frame timed
