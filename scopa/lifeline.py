"""Worker processes that end with the program that started them.

The game and the server start worker processes ('spawn') for the computer players and the
coach. When the program is killed or crashes it cannot tell them to stop, and each would
then wait for work for ever: one more idle process per crash. ``end_with_parent``, run in a
worker as it starts (a pool's ``initializer``), watches the program from a thread and ends
the worker once it is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading

PARENT_CHECK_SECONDS = 2.0
"""How often a worker looks again whether the program is still running, should the end of
the program's process somehow not wake it at once."""


def end_with_parent() -> None:
    """In a worker process: end it as soon as the process that started it is gone."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_end_with, args=(parent,), name="scopa-parent-watch", daemon=True
        ).start()


def _end_with(parent: multiprocessing.process.BaseProcess) -> None:
    # ``join`` returns the moment the parent's process ends (its sentinel becomes ready).
    # The worker is also given to another parent then (on POSIX), which the timeout lets
    # this loop see should the sentinel ever fail to wake it.
    first_parent = os.getppid()
    while parent.is_alive() and os.getppid() == first_parent:
        parent.join(PARENT_CHECK_SECONDS)
    os._exit(0)
