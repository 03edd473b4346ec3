"""A server inside the game, for friends on the same network: "Host a table".

The same server as ``scopa serve`` (``scopa.net.server.GameServer``), on a thread of its own
with its own event loop, its tables kept in the game's data folder. It listens on every
address of this computer; the address to send friends is this computer's address on the
local network.

A table file that is damaged (or not a file at all) is moved aside as a backup, the way the
game keeps its other files (``hosted.sqlite3.bak``, then ``hosted.sqlite3.bak2``, ..., the
newest few kept), and the server starts on a new one; ``take_set_aside`` says where the old
one went.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import threading
from pathlib import Path

from scopa.log import log
from scopa.net.discovery import DISCOVERY_PORT, lan_address, start_beacon
from scopa.net.server import GameServer
from scopa.net.sqlite_store import DamagedStore, SqliteStore
from scopa.net.store import StoreError
from scopa.storage import backup_name, forget_old_backups

DEFAULT_PORT = 8765
START_TIMEOUT = 20.0

Running = tuple[threading.Thread, asyncio.AbstractEventLoop, asyncio.Event]
"""A started server: its thread, the thread's loop, and what tells it to stop."""


JOURNALS = ("-wal", "-shm")
"""The files SQLite keeps beside a table file: they go with it when it is set aside."""


class LocalServer:
    """A ``GameServer`` on a thread of its own: ``start`` returns once it listens, ``stop``
    once it is closed and its thread has ended.

    The server lives in one coroutine that closes whatever it opened on the way out. Start
    and stop hold one lock, so a stop that comes during a start (from another thread) waits
    for it and then undoes it: nothing is left listening, holding the table file, or
    waiting on a loop that no longer runs.
    """

    workers = 1
    """The worker processes of the table's computer seats (0: a thread, which tests may ask
    for: each server started waits for its process to start)."""

    def __init__(
        self,
        folder: Path,
        *,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        discovery: int = DISCOVERY_PORT,
    ) -> None:
        self.store_path = folder / "hosted.sqlite3"
        self.host = host
        self.port = port
        self.discovery = discovery
        """The UDP port where friends who know only a table's code find it."""
        self._lock = threading.Lock()
        self._running: Running | None = None
        self._server: GameServer | None = None
        self._set_aside: Path | None = None

    def start(self) -> int:
        """Listen (on the wanted port, else any free one); the port bound. A damaged table
        file is set aside first (``StoreError`` if it cannot be, or the tables cannot be
        kept in the folder at all)."""
        with self._lock:
            if self._running is not None:
                return self.port
            self.store_path.parent.mkdir(parents=True, exist_ok=True)
            try:
                running = self._launch()
            except DamagedStore as error:
                self._set_aside = self._move_aside(error)
                running = self._launch()
            self._running = running
            return self.port

    def _launch(self) -> Running:
        """The server's thread, once the server listens (whatever it opened is closed, and
        the thread ended, if it cannot)."""
        loop = asyncio.new_event_loop()
        stopping = asyncio.Event()
        listening: concurrent.futures.Future[int] = concurrent.futures.Future()
        thread = threading.Thread(
            target=self._run, args=(loop, listening, stopping), name="scopa-host", daemon=True
        )
        thread.start()
        running = (thread, loop, stopping)
        try:
            self.port = listening.result(START_TIMEOUT)
        except BaseException:
            self._halt(running)
            raise
        return running

    def _move_aside(self, error: DamagedStore) -> Path:
        """Keep the damaged table file (and its journal, if any) under a backup name."""
        path = self.store_path
        backup = backup_name(path, JOURNALS)
        try:
            os.replace(path, backup)
            for suffix in JOURNALS:
                journal = path.with_name(path.name + suffix)
                if journal.exists():
                    os.replace(journal, backup.with_name(backup.name + suffix))
        except OSError as move_error:
            raise StoreError(f"{error}; it cannot be moved aside: {move_error}") from None
        forget_old_backups(path, JOURNALS)
        log(f"scopa: {error}; it was kept as {backup}")
        return backup

    @property
    def setting_aside(self) -> bool:
        """A start moved a damaged table file that ``take_set_aside`` has not told yet: the
        tables it held are gone."""
        return self._set_aside is not None

    def take_set_aside(self) -> Path | None:
        """Where a start moved a damaged table file, once (None: it moved none). Never
        waits (a frame asks it), so not on the lock: a start sets it before it returns."""
        kept, self._set_aside = self._set_aside, None
        return kept

    def _run(
        self,
        loop: asyncio.AbstractEventLoop,
        listening: concurrent.futures.Future[int],
        stopping: asyncio.Event,
    ) -> None:
        try:
            loop.run_until_complete(self._serve(listening, stopping))
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            loop.close()

    async def _serve(
        self, listening: concurrent.futures.Future[int], stopping: asyncio.Event
    ) -> None:
        """Start, say the port, serve until ``stopping``; close everything opened."""
        store = SqliteStore(str(self.store_path))
        server = self._server = GameServer(store, workers=self.workers, own_tables_only=True)
        beacon: asyncio.DatagramTransport | None = None
        try:
            try:
                _, port = await server.start(self.host, self.port)
            except OSError:
                _, port = await server.start(self.host, 0)  # the usual port is taken

            async def knows(code: str) -> bool:
                # a table whose match is over too: joining it by its code says so, where
                # "no table answered" sent the player looking for a whole address
                return await server.store.load(code) is not None

            beacon = await start_beacon(port, knows, listen=self.discovery)
            listening.set_result(port)
            await stopping.wait()
        except Exception as error:  # said to ``start``, which raises it
            if not listening.done():
                listening.set_exception(error)
        finally:
            if beacon is not None:
                beacon.close()
            with contextlib.suppress(Exception):
                await server.close()

    def played_out(self, code: str) -> bool:
        """The match at the table ``code`` ended here since this server started, played to
        its end (by friends and computers while its host was away, too). Never waits."""
        server = self._server
        return server is not None and code in server.played_out

    def end(self, code: str, seat: int) -> bool:
        """End the match at the table ``code`` for good, its host in ``seat`` (the server
        tells the friends); False when no table has that code. Once started; it waits on
        the server, so never in a frame."""
        with self._lock:
            running, server = self._running, self._server
        if running is None or server is None:
            raise RuntimeError("the server is not running")
        ending = asyncio.run_coroutine_threadsafe(server.end(code, seat), running[1])
        return ending.result(START_TIMEOUT)

    @property
    def address(self) -> str:
        return f"ws://{lan_address()}:{self.port}"

    @property
    def local_address(self) -> str:
        """The address this computer itself uses to reach the server."""
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Close the server (after a start in progress); nothing before a start or twice."""
        with self._lock:
            running, self._running = self._running, None
            if running is not None:
                self._halt(running)

    @staticmethod
    def _halt(running: Running) -> None:
        thread, loop, stopping = running
        with contextlib.suppress(RuntimeError):  # the loop has already ended
            loop.call_soon_threadsafe(stopping.set)
        thread.join(START_TIMEOUT)
