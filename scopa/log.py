"""The game's log: its standard error, where the details of what went wrong are written for
whoever looks (the player is told in their own words, on screen).

A log that cannot be written loses the line, never the game: the disk full that stops a save
from being written usually fills the log's disk too, and a window started from a desktop may
have its log closed, or none at all.
"""

from __future__ import annotations

import contextlib
import sys
import traceback


def log(*parts: object) -> None:
    """Write ``parts`` on a line of the log, as ``print`` would, if it can be written; an
    error that has no words of its own (a timeout's) by its kind, not as nothing ("the
    name typed was not sent to the table: " said nothing of why)."""
    said = [
        type(part).__name__ if isinstance(part, BaseException) and not str(part) else part
        for part in parts
    ]
    with contextlib.suppress(OSError, ValueError):  # a full disk, a closed or missing stream
        print(*said, file=sys.stderr, flush=True)


def log_exception(error: BaseException) -> None:
    """Write ``error`` and where it was raised in the log, if it can be written."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no stream at all, too
        traceback.print_exception(error, file=sys.stderr)
        sys.stderr.flush()


__all__ = ["log", "log_exception"]
