"""Starting and stopping the programs tests run beside them (an X server, redis-server, the
game itself), so that none is left running when a test fails half-way."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


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


def running(pid: int) -> bool:
    """Whether process ``pid`` runs: an orphan that has ended but that nobody reaps (a
    zombie) does not."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(errors="replace")
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def children_left_by_a_killed_program(script: str, folder: Path, seconds: float = 8) -> list[int]:
    """Run the Python ``script``, which prints the ids of the processes it started and then
    kills itself (SIGKILL); return those still running ``seconds`` later (killing them).

    The script's output goes to files in ``folder``: a pipe would stay open as long as a
    child that inherited it lives."""
    output, errors = folder / "stdout", folder / "stderr"
    with output.open("w") as out, errors.open("w") as err:
        program = subprocess.Popen(
            [sys.executable, "-c", script],
            stdout=out,
            stderr=err,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    pids: list[int] = []
    try:
        assert program.wait(timeout=60) == -signal.SIGKILL, errors.read_text()[-2000:]
        pids = [int(word) for word in output.read_text().split()]
        assert pids, errors.read_text()[-2000:]
        deadline = time.monotonic() + seconds
        while any(running(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        return [pid for pid in pids if running(pid)]
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
        for pid in pids:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
