"""The embedded store: one SQLite file (standard library), for one server process.

The file is in WAL mode with ``synchronous=NORMAL``: a commit is a write into the system's
file cache, never a wait on the disk, and a server killed at any moment restarts with every
move it had confirmed. Such a commit takes tens of microseconds, less than handing it to a
thread and back (and the thread then fights the event loop for the interpreter), so every
call runs on the event loop's own thread, in order: the writes of a table keep their order.
The disk is waited on only when SQLite copies its log into the file (every thousand pages
of log, a few milliseconds), and the moves would wait behind that copy on a thread too.
A file another program holds blocks a call for a few milliseconds at most: the call then
waits with the loop free, and gives up with a clear error if the hold goes on.

The file holds every table's seed, and with it every hand: only its owner may read it
(SQLite gives its log files the file's own permissions).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .store import Presence, SeatRecord, Store, StoreError, TableRecord

T = TypeVar("T")

BUSY_BLOCK_MS = 20
"""How long one call may block the event loop on a file another program holds: SQLite's own
commits are done in far less, so only a foreign hold lasts longer."""
BUSY_PATIENCE = 2.0
"""How long a call waits, in steps that leave the loop free, for such a hold to end before
it fails with a clear error (the move is not recorded; the player plays it again)."""
BUSY_STEP = 0.05
PRIVATE = 0o600
"""The table file's permissions: its owner's alone."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    owner TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_open ON tables (finished, owner);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL,
    at INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (code, at)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (code, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rematches (
    code TEXT PRIMARY KEY,
    next TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS presence (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    server TEXT,
    since REAL NOT NULL,
    PRIMARY KEY (code, seat)
) WITHOUT ROWID;
"""


class DamagedStore(StoreError):
    """The file is not a database, or a damaged one, or not a file at all (a folder in its
    place): nothing in it can be used, and a new file in its place would start afresh."""


DAMAGED = frozenset({sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT})
"""What SQLite says of a file that is not a database, or a damaged one."""


def failure(path: Path, error: sqlite3.Error, doing: str = "") -> StoreError:
    """The ``StoreError`` for ``error`` (a ``DamagedStore`` for a damaged file)."""
    code = getattr(error, "sqlite_errorcode", None)
    kind = DamagedStore if code is not None and code & 0xFF in DAMAGED else StoreError
    return kind(f"{doing}{path}: {error}")


class SqliteStore(Store):
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        self._turn = asyncio.Lock()
        self._worker = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="sqlite")
        """Opens and closes the file (making its folder, the last checkpoint)."""

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the loop's thread; while the file is busy, try again (every call
        waits its turn, so the calls keep their order)."""
        async with self._turn:
            deadline = time.monotonic() + BUSY_PATIENCE
            while True:
                if self._db is None:
                    raise StoreError("the store is closed")
                try:
                    return work(self._db)
                except sqlite3.OperationalError as error:
                    if not is_busy(error):
                        raise failure(self.path, error) from None
                    if time.monotonic() >= deadline:
                        raise StoreError(
                            f"{self.path}: another program has held the file for "
                            f"{BUSY_PATIENCE:g} s ({error})"
                        ) from None
                except sqlite3.Error as error:
                    raise failure(self.path, error) from None
                await asyncio.sleep(BUSY_STEP)

    async def open(self) -> None:
        def connect() -> None:
            doing = "cannot open the table store "
            db: sqlite3.Connection | None = None
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if self.path.exists() and not self.path.is_file():
                    raise DamagedStore(f"{doing}{self.path}: it is not a file")
                _private(self.path)
                db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute("PRAGMA busy_timeout=5000")  # opening is on the worker: it may wait
                db.executescript(SCHEMA)
                # One server per file: whoever was connected went with the last server.
                db.execute("UPDATE presence SET server = NULL, since = ?", (time.time(),))
                db.execute(f"PRAGMA busy_timeout={BUSY_BLOCK_MS}")
            except (OSError, sqlite3.Error) as error:
                if db is not None:
                    db.close()  # the file is let go of: it can be moved aside
                if isinstance(error, sqlite3.Error):
                    raise failure(self.path, error, doing) from None
                raise StoreError(f"{doing}{self.path}: {error}") from None
            self._db = db

        await asyncio.get_running_loop().run_in_executor(self._worker, connect)

    async def close(self) -> None:
        """Close the file once no call is using it; a call made from then on is told the
        store is closed (the connection must never be closed under a call using it: the
        process would crash)."""
        async with self._turn:
            db, self._db = self._db, None
            if db is not None:
                await asyncio.get_running_loop().run_in_executor(self._worker, db.close)
        self._worker.shutdown(wait=True)

    async def create(self, table: TableRecord) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            with db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    db.execute(
                        "INSERT INTO tables (code, header, owner, created, finished) "
                        "VALUES (?, ?, ?, ?, 0)",
                        (table.code, table.header, table.owner, table.created),
                    )
                except sqlite3.IntegrityError:
                    return False
                db.executemany(
                    "INSERT INTO seats (code, seat, data) VALUES (?, ?, ?)",
                    [
                        (table.code, seat, json.dumps(record.to_dict()))
                        for seat, record in enumerate(table.seats)
                    ],
                )
                db.executemany(
                    "INSERT INTO moves (code, at, move) VALUES (?, ?, ?)",
                    [(table.code, at, move) for at, move in enumerate(table.moves)],
                )
            return True

        return await self._run(work)

    async def load(self, code: str) -> TableRecord | None:
        def work(db: sqlite3.Connection) -> TableRecord | None:
            row = db.execute(
                "SELECT header, owner, created, finished FROM tables WHERE code = ?", (code,)
            ).fetchone()
            if row is None:
                return None
            seats = db.execute(
                "SELECT data FROM seats WHERE code = ? ORDER BY seat", (code,)
            ).fetchall()
            moves = db.execute(
                "SELECT move FROM moves WHERE code = ? ORDER BY at", (code,)
            ).fetchall()
            try:
                records = tuple(SeatRecord.from_dict(json.loads(data)) for (data,) in seats)
            except (ValueError, KeyError, TypeError) as error:
                raise StoreError(f"table {code}: damaged seats: {error}") from None
            header, owner, created, finished = row
            after = db.execute("SELECT next FROM rematches WHERE code = ?", (code,)).fetchone()
            return TableRecord(
                code,
                header,
                records,
                owner,
                created,
                tuple(m for (m,) in moves),
                bool(finished),
                None if after is None else str(after[0]),
            )

        return await self._run(work)

    async def unfinished(self) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            rows = db.execute("SELECT code FROM tables WHERE finished = 0 ORDER BY created")
            return [code for (code,) in rows]

        return await self._run(work)

    async def append_move(self, code: str, at: int, move: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "INSERT OR IGNORE INTO moves (code, at, move) SELECT ?, ?, ? "
                "WHERE (SELECT COUNT(*) FROM moves WHERE code = ?) = ?",
                (code, at, move, code, at),
            )
            return cursor.rowcount == 1

        return await self._run(work)

    async def set_next(self, code: str, next_code: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "INSERT OR IGNORE INTO rematches (code, next) VALUES (?, ?)", (code, next_code)
            )
            return cursor.rowcount == 1

        return await self._run(work)

    async def set_seat(self, code: str, seat: int, record: SeatRecord) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE seats SET data = ? WHERE code = ? AND seat = ?",
                (json.dumps(record.to_dict()), code, seat),
            )

        await self._run(work)

    async def claim_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            with db:
                db.execute("BEGIN IMMEDIATE")
                row = db.execute(
                    "SELECT data FROM seats WHERE code = ? AND seat = ?", (code, seat)
                ).fetchone()
                if row is None or SeatRecord.from_dict(json.loads(row[0])).taken:
                    return False
                db.execute(
                    "UPDATE seats SET data = ? WHERE code = ? AND seat = ?",
                    (json.dumps(record.to_dict()), code, seat),
                )
            return True

        return await self._run(work)

    async def finish(self, code: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE tables SET finished = 1 WHERE code = ?", (code,))

        await self._run(work)

    async def open_tables_of(self, owner: str) -> int:
        def work(db: sqlite3.Connection) -> int:
            row = db.execute(
                "SELECT COUNT(*) FROM tables WHERE finished = 0 AND owner = ?", (owner,)
            ).fetchone()
            return int(row[0])

        return await self._run(work)

    async def open_tables(self, owner: str) -> list[tuple[str, float]]:
        def work(db: sqlite3.Connection) -> list[tuple[str, float]]:
            rows = db.execute(
                "SELECT code, created FROM tables WHERE finished = 0 AND owner = ? "
                "ORDER BY created",
                (owner,),
            )
            return [(str(code), float(created)) for code, created in rows]

        return await self._run(work)

    async def set_presence(self, code: str, seat: int, server: str | None) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT OR REPLACE INTO presence (code, seat, server, since) VALUES (?, ?, ?, ?)",
                (code, seat, server, time.time()),
            )

        await self._run(work)

    async def presence(self, code: str) -> dict[int, Presence]:
        def work(db: sqlite3.Connection) -> dict[int, Presence]:
            rows = db.execute("SELECT seat, server, since FROM presence WHERE code = ?", (code,))
            return {seat: Presence(server is not None, since) for seat, server, since in rows}

        return await self._run(work)

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"


def is_busy(error: sqlite3.OperationalError) -> bool:
    """Another connection holds the file (SQLITE_BUSY or SQLITE_LOCKED)."""
    return error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _private(path: Path) -> None:
    """Make the table file (made empty when new) and its logs readable by their owner
    alone: a file kept by an earlier version may have been readable by every user."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE))
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if name.exists() and name.stat().st_mode & 0o777 != PRIVATE:
            # another user's file, shared on purpose: theirs to set
            with contextlib.suppress(PermissionError):
                os.chmod(name, PRIVATE)
