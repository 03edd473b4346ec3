"""Starting and stopping the programs tests run beside them (an X server, redis-server, the
game itself), so that none is left running when a test fails half-way."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from typing import Any


def ready_in_time(process: subprocess.Popen, ready: Callable[[], bool], seconds: float) -> bool:
    """Whether ``ready()`` came true while ``process`` still ran, within ``seconds``.

    A program that exits at once (its port or display was taken) says so by exiting, so
    the wait ends there instead of running out the clock."""
    deadline = time.monotonic() + seconds
    while process.poll() is None:
        if ready():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return False


def stop(process: subprocess.Popen, seconds: float = 10) -> tuple[Any, Any]:
    """Ask ``process`` to end (SIGTERM), kill it if it has not after ``seconds``, and return
    what it wrote (``(None, None)`` for streams it was not given pipes for).

    Reading its pipes while it ends keeps a process that writes much from blocking on a
    full pipe, as it could while one only waits for it."""
    if process.poll() is None:
        process.terminate()
    try:
        return process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.communicate()
