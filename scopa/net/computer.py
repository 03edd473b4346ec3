"""Computer seats on the server: a decision in a worker process, off the event loop.

A search can take a tenth of a second of processor; run on the event loop it would hold
every other table up. ``choose_move`` is a top-level function of picklable values, so a
process pool can run it; where processes cannot be started (some sandboxes lack the
semaphores multiprocessing needs) a thread pool stands in. The workers end with the
server or the game that hosts the table, killed or not (``lifeline``).
"""

from __future__ import annotations

import concurrent.futures as futures
import logging
import multiprocessing
import os

from scopa.engine import Move, Observation
from scopa.lifeline import end_with_parent

log = logging.getLogger("scopa.net")


def choose_move(level: str, seed: int, observation: Observation) -> Move:
    from scopa.ai import make_player

    return make_player(level, seed).choose(observation)


def warm_up() -> bool:
    import scopa.ai  # noqa: F401 - loads the players before the first decision

    return True


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def make_pool(workers: int) -> futures.Executor:
    """``workers`` processes (0: one thread, for tests that count processes)."""
    if workers <= 0:
        return futures.ThreadPoolExecutor(1, thread_name_prefix="computer")
    try:
        context = multiprocessing.get_context("spawn")
        pool = futures.ProcessPoolExecutor(workers, mp_context=context, initializer=end_with_parent)
        for job in [pool.submit(warm_up) for _ in range(workers)]:
            job.result(timeout=60)
        return pool
    except (OSError, ImportError, futures.process.BrokenProcessPool, TimeoutError) as error:
        log.warning("computer players run in a thread: no worker process (%s)", error)
        return futures.ThreadPoolExecutor(workers, thread_name_prefix="computer")
