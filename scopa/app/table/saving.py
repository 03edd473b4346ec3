"""Saving after every move without stalling a frame.

An atomic save ends with ``fsync``, which can take tens of milliseconds on a busy disk;
done in the render loop it would freeze the card in flight. Saves run in order on one
background thread; failures come back to the scene (on its own thread) as messages.
"""

from __future__ import annotations

import concurrent.futures as futures
from collections.abc import Callable
from functools import partial
from typing import Any


class MatchSaver:
    def __init__(self, store: Any) -> None:
        self.store = store
        self._pool: futures.ThreadPoolExecutor | None = None
        self._pending: list[tuple[str, futures.Future[Any]]] = []

    def _submit(self, key: str, job: Callable[..., Any], *args: Any) -> None:
        if self._pool is None:
            self._pool = futures.ThreadPoolExecutor(1, thread_name_prefix="scopa-save")
        self._pending.append((key, self._pool.submit(job, *args)))

    def save(self, setup: Any, record: Any) -> None:
        self._submit("table.save_failed", self.store.save_match, setup, record)

    def finish(self, setup: Any, match: Any, *, undone: bool = False) -> None:
        """The match is over: no longer offered to resume, and counted in the statistics
        (``undone``: a play was taken back, which the statistics note)."""
        self._submit("table.save_failed", self.store.clear_match)
        self._submit(
            "table.stats_failed", partial(self.store.record_result, undone=undone), setup, match
        )

    def problems(self) -> list[tuple[str, str]]:
        """``(message key, reason)`` for each finished job that failed; forgets finished jobs."""
        found = []
        still = []
        for key, future in self._pending:
            if not future.done():
                still.append((key, future))
                continue
            try:
                result = future.result()
            except (OSError, ValueError) as error:
                found.append((key, getattr(error, "strerror", None) or str(error)))
                continue
            if result is False:
                messages = list(getattr(self.store, "messages", []))
                if messages:
                    self.store.messages.clear()
                found.extend((key, message) for message in messages or ["?"])
        self._pending = still
        return found

    def flush(self, timeout: float | None = 30.0) -> None:
        """Wait for every save asked so far (leaving the table, tests)."""
        futures.wait([future for _, future in self._pending], timeout=timeout)

    def close(self) -> None:
        self.flush()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
