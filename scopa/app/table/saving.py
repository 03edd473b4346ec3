"""Saving after every move without stalling a frame.

An atomic save ends with ``fsync``, which can take tens of milliseconds on a busy disk;
done in the render loop it would freeze the card in flight. Saves run in order on one
background thread. A save the store could not write is told by the store itself (its
messages reach the player through ``App.show_store_messages``); what the saver reports in
``problems`` is a job that raised (whatever it raised: the game goes on, the error in its
log), told once while it keeps failing.
"""

from __future__ import annotations

import concurrent.futures as futures
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from scopa.app.toasts import Announcements
from scopa.log import log_exception


class MatchSaver:
    def __init__(self, store: Any) -> None:
        self.store = store
        self._pool: futures.ThreadPoolExecutor | None = None
        self._pending: list[tuple[str, futures.Future[Any]]] = []
        self._told = Announcements()
        self._last: futures.Future[Any] | None = None
        """The last save or finish asked for: whether the match is kept as it is now."""
        self._finishing: futures.Future[Any] | None = None
        """The last finish asked for: the match is forgotten only once it was counted."""
        self._lock = threading.Lock()
        """Jobs come from the render loop and from the coach's thread (a review done)."""

    def _submit(self, key: str, job: Callable[..., Any], *args: Any, keeps: bool = True) -> None:
        """Run ``job`` after those asked before; ``keeps``: it writes the match as it is now
        (a save, its end), whose outcome ``kept`` tells."""
        with self._lock:
            if self._pool is None:
                self._pool = futures.ThreadPoolExecutor(1, thread_name_prefix="scopa-save")
            future = self._pool.submit(job, *args)
            self._pending.append((key, future))
            if keeps:
                self._last = future

    def save(
        self,
        setup: Any,
        record: Any,
        *,
        undone: bool = False,
        hinted: frozenset[int] = frozenset(),
        shared: bool = False,
        settings_rules: Any = None,
        sheet_read: bool = False,
        won_before: tuple[int, ...] = (),
        seating: tuple[Any, ...] = (),
    ) -> None:
        job = partial(
            self.store.save_match,
            undone=undone,
            hinted=hinted,
            shared=shared,
            settings_rules=settings_rules,
            sheet_read=sheet_read,
            won_before=won_before,
            seating=seating,
        )
        self._submit("table.save_failed", job, setup, record)

    def finish(
        self,
        setup: Any,
        match: Any,
        *,
        undone: bool = False,
        hinted: frozenset[int] = frozenset(),
        shared: bool = False,
        settings_rules: Any = None,
        won_before: tuple[int, ...] = (),
        seating: tuple[Any, ...] = (),
    ) -> None:
        """The match is over: counted in the statistics, and kept saved as ended until its
        last sheet is shown (``shown``); the keywords are ``save``'s. One job: a game
        stopped in the middle of it neither loses the result nor counts it twice."""
        job = partial(
            self.store.finish_match,
            undone=undone,
            hinted=hinted,
            shared=shared,
            settings_rules=settings_rules,
            won_before=won_before,
            seating=seating,
        )
        self._submit("table.stats_failed", job, setup, match)
        self._finishing = self._last

    def shown(self) -> None:
        """The ended match's last sheet is on screen: it is no longer offered to continue
        (after its finish, which was asked for first), unless the finish could not be
        written: the match left saved is then counted as it is continued or next loaded
        (a full disk at the last card lost the match from the statistics for good)."""
        finishing = self._finishing

        def clear() -> bool:
            if finishing is not None and not _succeeded(finishing):
                return False
            return bool(self.store.clear_match())

        self._submit("table.save_failed", clear)

    def finish_failed(self) -> bool:
        """The last finish asked for is done and was not written (the statistics or the
        match refused)."""
        finishing = self._finishing
        return finishing is not None and finishing.done() and not _succeeded(finishing)

    def note_accuracy(
        self,
        match_id: str,
        accuracy: float,
        then: Callable[[], None] | None = None,
        decisions: int | None = None,
    ) -> None:
        """The finished match ``match_id`` was reviewed: its accuracy joins its result in
        the statistics (after the result itself, which was asked for first); ``then`` is
        told once it is written (on the saving thread)."""

        def note() -> bool:
            written = self.store.note_accuracy(match_id, accuracy, decisions)
            if then is not None:
                then()
            return written

        self._submit("table.stats_failed", note, keeps=False)

    def problems(self) -> list[tuple[str, str]]:
        """``(message key, reason)`` for each finished job that raised, unless the same kind
        of job was reported already and has not succeeded since; forgets finished jobs."""
        found = []
        still = []
        with self._lock:
            for key, future in self._pending:
                if not future.done():
                    still.append((key, future))
                    continue
                try:
                    result = future.result()
                except Exception as error:  # a save that raised is told, not a closed game
                    if not isinstance(error, (OSError, ValueError)):
                        log_exception(error)
                    if self._told.first(key):
                        found.append((key, getattr(error, "strerror", None) or str(error)[:160]))
                    continue
                if result is not False:
                    self._told.resolve(key)
            self._pending = still
        return found

    def flush(self, timeout: float | None = 30.0) -> None:
        """Wait for every save asked so far (leaving the table, tests)."""
        with self._lock:
            pending = [future for _, future in self._pending]
        futures.wait(pending, timeout=timeout)

    def kept(self, timeout: float | None = 30.0) -> bool:
        """Whether the last save asked for (waited for, ``timeout`` seconds at most) was
        written: False while the store cannot write it (a full disk, a folder in the file's
        place...) or it is still not written."""
        with self._lock:
            last = self._last
        if last is None:
            return True
        futures.wait([last], timeout=timeout)
        return last.done() and _succeeded(last)  # a job that raised is told by ``problems``

    def close(self) -> None:
        self.flush()
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)


def _succeeded(future: futures.Future[Any]) -> bool:
    """Whether a job done wrote what it was asked to (it neither raised nor said False)."""
    try:
        return future.result() is not False
    except Exception:
        return False
