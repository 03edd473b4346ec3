"""Computer moves come from a worker process (or a thread) without blocking the caller."""

from __future__ import annotations

import time

from scopa.app.ai_worker import AiWorker, choose_move, first_legal
from scopa.engine import Match, Rules
from tests.app.table_helpers import coordinated


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


def test_poll_does_not_block_while_thinking():
    _, obs = observation()

    worker = AiWorker(slow_choice, mode="thread")
    try:
        worker.request("x", 0, obs)
        started = time.perf_counter()
        assert worker.poll() is None
        assert time.perf_counter() - started < 0.2  # the choice itself takes 0.3 s
        assert worker.wait(timeout=5) == obs.legal_moves[0]
    finally:
        worker.close()


def slow_choice(level, seed, obs):
    time.sleep(0.3)
    return obs.legal_moves[0]


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


def busy_choice(level, seed, obs):
    """A player that thinks hard for two seconds (CPU-bound, holding its own GIL)."""
    deadline = time.perf_counter() + 2.0
    total = 0
    while time.perf_counter() < deadline:
        total += sum(range(1000))
    return obs.legal_moves[0]


def test_frames_keep_coming_while_a_computer_thinks_in_its_process(app):
    from scopa.app.table import TableScene
    from scopa.settings import MatchSetup, SeatConfig

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    seats = (SeatConfig("A", False, "beginner"), SeatConfig("B", False, "beginner"))
    worker = AiWorker(busy_choice, mode="process")
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, Rules()), Match.new(Rules(), 4)), worker=worker
    )
    app.stack.push(scene)
    try:
        app.frame(1 / 60, [])
        assert worker.pending
        frames, slowest = 0, 0.0
        deadline = time.perf_counter() + 30
        while worker.pending and time.perf_counter() < deadline:
            started = time.perf_counter()
            app.frame(1 / 60, [])
            slowest = max(slowest, time.perf_counter() - started)
            frames += 1
        assert frames >= 10  # the window kept drawing while the move was being chosen
        assert slowest < 1.5  # a frame waiting for the move would take the whole 2 s
        assert not worker.pending, "no answer from the worker process"
        app.frame(1 / 60, [])
        assert len(scene.match.moves()) == 1
    finally:
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
