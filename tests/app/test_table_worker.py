"""Computer moves come from a worker process (or a thread) without blocking the caller."""

from __future__ import annotations

import concurrent.futures
import os
import threading
from pathlib import Path

import pytest

from scopa.app.ai_worker import AiWorker, choose_move, first_legal
from scopa.engine import Match, Rules
from tests.app.table_helpers import coordinated
from tests.processes import children_left_by_a_killed_program

ROOT = Path(__file__).resolve().parents[2]


def observation():
    match = Match.new(Rules(), 11)
    return match, match.observe(match.turn)


def test_process_worker_answers_a_legal_move():
    match, obs = observation()
    worker = AiWorker(choose_move, mode="process")
    try:
        worker.request("expert", 1, obs)
        assert worker.pending
        answer = worker.wait(timeout=60)
        assert worker.mode == "process"
        assert answer in match.legal_moves()
        assert not worker.pending
    finally:
        worker.close()


def slow_choice(level, seed, obs):  # noqa: ANN001, ANN201
    """A search that takes its time (in the worker's process)."""
    import time

    time.sleep(20)
    return obs.legal_moves[0]


def test_closing_mid_search_leaves_no_thread_of_the_pool_to_race_the_exit():
    """The game quit while a computer thought: the pool, shut down without waiting, left
    its manager thread running, whose end raced Python's own at exit ("OSError: [Errno 9]
    Bad file descriptor" printed as the game closed). Closing stops the search and waits
    for that thread, a moment at most."""
    import time

    _, obs = observation()
    worker = AiWorker(slow_choice, mode="process")
    worker.request("expert", 1, obs)
    pool = worker._executor
    assert isinstance(pool, concurrent.futures.ProcessPoolExecutor)
    deadline = time.monotonic() + 30
    while not getattr(pool, "_processes", None):  # its process up, the search begun
        assert time.monotonic() < deadline, "the worker's process never started"
        time.sleep(0.05)
    time.sleep(0.5)
    thread = pool._executor_manager_thread  # type: ignore[attr-defined]
    processes = list(pool._processes.values())  # type: ignore[attr-defined]
    started = time.monotonic()
    worker.close()
    assert thread is not None and not thread.is_alive()
    assert not any(process.is_alive() for process in processes)
    assert time.monotonic() - started < 5


RELEASE = threading.Event()


def held_choice(level, seed, obs):
    """A player that answers only once the test lets it."""
    if not RELEASE.wait(timeout=30):
        raise TimeoutError("never released")
    return obs.legal_moves[0]


def test_poll_does_not_block_while_thinking():
    """``poll`` returns at once while the player is still thinking: the player here cannot
    answer before the test releases it, so a poll that waited would never come back in
    time to release it."""
    _, obs = observation()
    RELEASE.clear()
    worker = AiWorker(held_choice, mode="thread")
    try:
        worker.request("x", 0, obs)
        for _ in range(5):
            assert worker.poll() is None
        assert worker.pending
        RELEASE.set()
        assert worker.wait(timeout=30) == obs.legal_moves[0]
    finally:
        RELEASE.set()
        worker.close()


def broken_choice(level, seed, obs):
    raise RuntimeError("no move")


def test_a_failing_player_is_reported_not_raised():
    _, obs = observation()
    worker = AiWorker(broken_choice, mode="inline")
    worker.request("x", 0, obs)
    answer = worker.poll()
    assert isinstance(answer, RuntimeError)


def test_table_falls_back_to_a_simple_move_when_the_player_fails(app):
    from scopa.app.table import TableScene
    from scopa.settings import MatchSetup, SeatConfig

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    seats = (SeatConfig("A", False, "beginner"), SeatConfig("B", False, "beginner"))
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, Rules()), Match.new(Rules(), 4)),
        worker=AiWorker(broken_choice, mode="inline"),
    )
    app.stack.push(scene)
    for _ in range(20):
        app.frame(1 / 30, [])
    assert len(scene.match.moves()) >= 2
    assert scene.match.moves()[0] == first_legal(
        "", 0, Match.new(Rules(), 4).observe(Match.new(Rules(), 4).turn)
    )
    assert any("computer" in toast.text for toast in app.toasts)


def gated_choice(level, seed, obs):
    """A player in the worker process that thinks hard (CPU-bound, holding its own GIL)
    until a file appears: it cannot answer before the test creates the file."""
    gate = Path(os.environ["SCOPA_TEST_GATE"])
    total = 0
    for _ in range(600_000):
        if gate.exists():
            return obs.legal_moves[0]
        total += sum(range(200))
    raise TimeoutError("the gate never opened")


def test_frames_keep_coming_while_a_computer_thinks_in_its_process(app, tmp_path, monkeypatch):
    from scopa.app.table import TableScene
    from scopa.settings import MatchSetup, SeatConfig

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    gate = tmp_path / "gate"
    monkeypatch.setenv("SCOPA_TEST_GATE", str(gate))
    seats = (SeatConfig("A", False, "beginner"), SeatConfig("B", False, "beginner"))
    worker = AiWorker(gated_choice, mode="process")
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, Rules()), Match.new(Rules(), 4)), worker=worker
    )
    app.stack.push(scene)
    try:
        app.frame(1 / 60, [])
        assert worker.pending
        for _ in range(20):  # frames come and go while the worker process thinks
            assert app.frame(1 / 60, [], draw=True)
        assert worker.pending and scene.match.moves() == ()  # the move cannot exist yet
        gate.touch()
        concurrent.futures.wait([worker._future], timeout=60)  # the answer is in ...
        for _ in range(5):  # ... and the table plays it
            app.frame(1 / 60, [])
        assert scene.match.moves()  # the move thought of in the worker is played
    finally:
        gate.touch()
        worker.close()


def test_without_processes_the_worker_falls_back_to_a_thread(monkeypatch):
    import concurrent.futures

    def unavailable(*args, **kwargs):
        raise ImportError("This platform lacks a functioning sem_open implementation")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", unavailable)
    match, obs = observation()
    worker = AiWorker(choose_move, mode="process")
    try:
        worker.request("beginner", 1, obs)
        assert worker.mode == "thread"
        assert worker.wait(timeout=30) in match.legal_moves()
    finally:
        worker.close()


KILLED_GAME = """
import multiprocessing
import os
import signal
from multiprocessing import resource_tracker

from scopa.app.ai_worker import AiWorker
from scopa.engine import Match, Rules

match = Match.new(Rules(), 11)
worker = AiWorker()
worker.request("beginner", 1, match.observe(match.turn))
assert worker.wait(timeout=60) in match.legal_moves() and worker.mode == "process"
(process,) = multiprocessing.active_children()
# multiprocessing's resource tracker, started beside the worker, has no public id
print(process.pid, resource_tracker._resource_tracker._pid or "", flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")
def test_the_worker_process_ends_when_the_game_is_killed(tmp_path):
    """After a kill -9 of the game, its computer player's process (and the resource tracker
    multiprocessing started beside it) lived on, idle, for ever: one more pair each crash."""
    pids = children_left_by_a_killed_program(KILLED_GAME, tmp_path)
    assert pids == [], "left running after the game died"


def test_a_search_in_a_thread_does_not_keep_a_closed_game_alive(tmp_path):
    """A hint searched without end (a deal of two dealt every card once was): the window
    closed, the game's process stayed on, kept by the hint's thread, and ignored a plain
    kill. A search left running in the worker's thread ends with the game."""
    import subprocess
    import sys
    import time

    script = tmp_path / "endless.py"
    script.write_text(
        "import time\n"
        "from scopa.app.ai_worker import AiWorker\n"
        "from scopa.engine import Match, Rules\n"
        "def endless(level, seed, obs):\n"
        "    while True:\n"
        "        sum(range(1000))\n"
        "worker = AiWorker(endless, mode='thread')\n"
        "match = Match.new(Rules(), 1)\n"
        "worker.request('master', 1, match.observe(match.round.turn))\n"
        "time.sleep(0.3)\n"
        "worker.close()\n"
        "print('closed', flush=True)\n"
    )
    root = Path(__file__).resolve().parents[2]
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(script)], cwd=root, capture_output=True, text=True, timeout=30,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert "closed" in done.stdout, done.stderr
    assert time.monotonic() - start < 20
