"""Random input through every scene, with resizes: nothing raises and the engine's
invariants hold after every event (a short run of tools/monkey.py; it runs for an hour by
command)."""

import importlib.util
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "monkey.py"


def load_monkey():
    spec = importlib.util.spec_from_file_location("monkey_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [4, 5, 11])
def test_monkey_run(tmp_path, seed):
    report = load_monkey().run(frames=1500, seed=seed, home=tmp_path, resize_every=150)
    assert not report.failures, report.failures[0]
    assert report.frames == 1500
    assert report.resizes >= 9
    assert len(report.scenes) >= 3, report.scenes
