"""Computer moves computed off the render loop.

A search can take a second of CPU; run in the window's process it would hold the GIL and
freeze the animations. So choices are made in one worker *process* (started with
'spawn', which never copies the SDL state of the window), falling back to a thread where
processes are not available (some sandboxes lack the semaphores multiprocessing needs).

``choose_move`` is a top-level function of picklable arguments: the worker needs nothing
else. Each call builds its player from ``(level, seed)``: the seed carries the match seed
and the move number, so a replay makes the same choices.

The worker process ends with the game even when the game cannot tell it to (killed, or
crashed): ``lifeline.end_with_parent`` watches the game's process from the worker.
"""

from __future__ import annotations

import concurrent.futures as futures
import contextlib
import multiprocessing
import queue
import threading
from collections.abc import Callable
from typing import Any

from scopa.ai import make_player
from scopa.engine import Move, Observation
from scopa.lifeline import end_with_parent

Chooser = Callable[[str, int, Observation], Move]


def choose_move(level: str, seed: int, observation: Observation) -> Move:
    """The move of a computer player of ``level`` (runs in the worker)."""
    return make_player(level, seed).choose(observation)


def warm_up() -> bool:
    """Start the worker (importing this module imports the opponents) so the first real
    question is answered quickly."""
    return True


def first_legal(level: str, seed: int, observation: Observation) -> Move:
    """The simplest legal move: the fallback when a computer player fails."""
    return observation.legal_moves[0]


class ThreadWorker(futures.Executor):
    """One daemon thread that runs what is submitted, in turn: a search still running when
    the game ends does not keep its process alive (the standard pool's threads are joined
    at exit, and a search cannot be stopped from outside)."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[tuple[futures.Future[Any], Callable[[], Any]] | None]
        self._jobs = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> futures.Future[Any]:
        if self._closed:
            raise RuntimeError("cannot submit to a closed worker")
        future: futures.Future[Any] = futures.Future()
        self._jobs.put((future, lambda: fn(*args, **kwargs)))
        return future

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, call = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call())
            except BaseException as error:  # noqa: BLE001 - handed to whoever waits
                future.set_exception(error)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._closed = True
        if cancel_futures:
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    job[0].cancel()
        self._jobs.put(None)
        if wait:
            self._thread.join()


SETTLE_SECONDS = 2.0
"""The longest a closing worker waits for its process pool's own thread to end."""


def shut(executor: futures.Executor) -> None:
    """Shut ``executor`` down without waiting for the search it is making. A process
    pool's manager thread was left to end by itself, and that end raced Python's own at
    exit, which then printed "OSError: [Errno 9] Bad file descriptor" as the game quit
    (Python 3.11): its worker is stopped (the search is of no use now) and the thread
    waited for, a moment at most."""
    thread = getattr(executor, "_executor_manager_thread", None)
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:  # (a thread worker has none, nor a manager thread)
        with contextlib.suppress(Exception):  # (gone already)
            process.terminate()
    if isinstance(thread, threading.Thread) and thread is not threading.current_thread():
        thread.join(SETTLE_SECONDS)


class AiWorker:
    """Asks for moves without blocking; ``poll`` returns the move once it is ready."""

    def __init__(self, chooser: Chooser = choose_move, *, mode: str = "process") -> None:
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"unknown worker mode {mode!r}")
        self.chooser = chooser
        self.mode = mode
        self._executor: futures.Executor | None = None
        self._future: futures.Future[Move] | None = None
        self._inline: Move | BaseException | None = None
        self._request: tuple[str, int, Observation] | None = None

    def _pool(self) -> futures.Executor | None:
        if self._executor is None and self.mode != "inline":
            if self.mode == "process":
                try:
                    context = multiprocessing.get_context("spawn")
                    self._executor = futures.ProcessPoolExecutor(
                        1, mp_context=context, initializer=end_with_parent
                    )
                except (OSError, ImportError, NotImplementedError, ValueError):
                    self.mode = "thread"
            if self._executor is None:
                self.mode = "thread"
                self._executor = ThreadWorker("scopa-ai")
        return self._executor

    def warm(self) -> None:
        """Start the worker now (a process takes a moment to start) without waiting."""
        pool = self._pool()
        if pool is not None and self.chooser is choose_move:
            try:
                pool.submit(warm_up)
            except (RuntimeError, OSError):
                self._restart_as_thread()

    @property
    def pending(self) -> bool:
        return self._request is not None

    def request(self, level: str, seed: int, observation: Observation) -> None:
        """Start thinking about ``observation`` (replacing any earlier question)."""
        self.cancel()
        self._request = (level, seed, observation)
        pool = self._pool()
        if pool is None:
            try:
                self._inline = self.chooser(level, seed, observation)
            except Exception as error:  # noqa: BLE001 - reported by poll()
                self._inline = error
            return
        try:
            self._future = pool.submit(self.chooser, level, seed, observation)
        except (RuntimeError, OSError) as error:
            if self.mode == "process":
                self._restart_as_thread()
                self._future = self._pool().submit(  # type: ignore[union-attr]
                    self.chooser, level, seed, observation
                )
            else:
                self._inline = error

    def _restart_as_thread(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = None
        self.mode = "thread"

    def poll(self) -> Move | BaseException | None:
        """The chosen move, the error the player raised, or None while still thinking."""
        if self._request is None:
            return None
        result: Any
        if self._inline is not None:
            result, self._inline = self._inline, None
        elif self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                result = future.result()
            except futures.process.BrokenProcessPool as error:
                self._restart_as_thread()
                result = error
            except Exception as error:  # noqa: BLE001 - the scene falls back to a simple move
                result = error
        else:
            return None
        self._request = None
        return result

    def wait(self, timeout: float | None = None) -> Move | BaseException | None:
        """Block until the answer is in (tools and tests only; the scene polls)."""
        if self._future is not None:
            futures.wait([self._future], timeout=timeout)
        return self.poll()

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._inline = None
        self._request = None

    def close(self) -> None:
        self.cancel()
        if self._executor is not None:
            shut(self._executor)
            self._executor = None
