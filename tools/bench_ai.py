"""Master's decision time, from seeded random positions (for tools/bench.py).

    python tools/bench_ai.py [--quick]

Positions come from rounds advanced by random legal moves to a random point; each is
decided once by a fresh master, with its default time limit, on one core; then again
through the app's worker process, timed from the question to the answer as the table polls
for it, with the longest a poll ever held a frame.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scopa.ai import make_player  # noqa: E402
from scopa.engine import PRESETS, Round, Rules, observe  # noqa: E402


def positions(rules: Rules, count: int, seed: int) -> list[Round]:
    """``count`` positions at random points of random rounds."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = Round.deal_random(rules, rng, dealer=rng.randrange(rules.players))
        stop = rng.randrange(40 - rules.table_size)
        for _ in range(stop):
            if state.over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.over and len(state.legal_moves()) > 1:
            out.append(state)
    return out


def decision_times(rules: Rules, count: int, seed: int) -> list[float]:
    """Milliseconds per master decision, sorted."""
    times = []
    for index, state in enumerate(positions(rules, count, seed)):
        player = make_player("master", index)
        obs = observe(state, state.turn)
        start = time.perf_counter()
        player.choose(obs)
        times.append(1000 * (time.perf_counter() - start))
    return sorted(times)


def worker_times(rules: Rules, count: int, seed: int) -> tuple[list[float], float]:
    """Milliseconds from asking the app's worker process for a master's move to the move
    arriving (sorted), as the table asks it: a frame polls, then rests a millisecond; and
    the longest a poll held its frame, in milliseconds."""
    from scopa.app.ai_worker import AiWorker

    worker = AiWorker()
    worker.warm()
    warming = positions(rules, 1, seed + 1)[0]
    worker.request("master", 0, observe(warming, warming.turn))
    worker.wait(60)  # started, its imports and caches warm
    times = []
    held = 0.0
    try:
        for index, state in enumerate(positions(rules, count, seed)):
            obs = observe(state, state.turn)
            start = time.perf_counter()
            worker.request("master", index, obs)
            while True:
                before = time.perf_counter()
                answer = worker.poll()
                held = max(held, time.perf_counter() - before)
                if answer is not None:
                    break
                time.sleep(0.001)
            if isinstance(answer, BaseException):
                raise answer
            times.append(1000 * (time.perf_counter() - start))
    finally:
        worker.close()
    return sorted(times), 1000 * held


def percentile(sorted_values: list[float], share: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(share * (len(sorted_values) - 1))))
    return sorted_values[index]


def run(quick: bool = False) -> dict[str, float]:
    """Master p50/p95 decision times in ms, 2 players (classic) and 4 (teams, scopa deal)."""
    count = 60 if quick else 300
    figures: dict[str, float] = {}
    for label, rules in (("2p", PRESETS["classic"]), ("4p", Rules(players=4))):
        times = decision_times(rules, count, seed=11)
        figures[f"Master p50 ms ({label})"] = percentile(times, 0.5)
        figures[f"Master p95 ms ({label})"] = percentile(times, 0.95)
    times = decision_times(PRESETS["scopone"], count // 3, seed=12)
    figures["Master p95 ms (scopone)"] = percentile(times, 0.95)
    held = 0.0
    for label, rules in (("2p", PRESETS["classic"]), ("4p", Rules(players=4))):
        times, longest = worker_times(rules, count // 2, seed=13)
        figures[f"Master p95 ms via the worker ({label})"] = percentile(times, 0.95)
        held = max(held, longest)
    figures["worker poll: longest ms a frame waited"] = held
    return figures


if __name__ == "__main__":
    for key, value in run(quick="--quick" in sys.argv[1:]).items():
        print(f"{key:28s} {value:8.1f}")
