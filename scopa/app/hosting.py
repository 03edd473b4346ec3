"""A server inside the game, for friends on the same network: "Host a table".

The same server as ``scopa serve`` (``scopa.net.server.GameServer``), on a thread of its own
with its own event loop, its tables kept in the game's data folder. It listens on every
address of this computer; the address to send friends is this computer's address on the
local network.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from pathlib import Path

from scopa.net.discovery import DISCOVERY_PORT, start_beacon
from scopa.net.server import GameServer
from scopa.net.sqlite_store import SqliteStore

DEFAULT_PORT = 8765
START_TIMEOUT = 20.0


def lan_address() -> str:
    """This computer's address on its local network (127.0.0.1 when it has none)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # nothing is sent: it only picks the way out
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


class LocalServer:
    """A ``GameServer`` running on a thread; ``start`` returns once it listens."""

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
        self._beacon: asyncio.DatagramTransport | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: GameServer | None = None

    def start(self) -> int:
        """Listen (on the wanted port, else any free one); the port bound."""
        self.store_path.parent.mkdir(parents=True, exist_ok=True)
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name="scopa-host", daemon=True)
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._start(), loop)
        self.port = future.result(START_TIMEOUT)
        return self.port

    async def _start(self) -> int:
        server = GameServer(SqliteStore(str(self.store_path)), workers=1)
        try:
            _, port = await server.start(self.host, self.port)
        except OSError:
            _, port = await server.start(self.host, 0)  # the usual port is taken
        self._server = server

        async def knows(code: str) -> bool:
            table = await server.store.load(code)
            return table is not None and not table.finished

        self._beacon = await start_beacon(port, knows, listen=self.discovery)
        return port

    @property
    def address(self) -> str:
        return f"ws://{lan_address()}:{self.port}"

    @property
    def local_address(self) -> str:
        """The address this computer itself uses to reach the server."""
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        loop, server = self._loop, self._server
        if loop is None:
            return
        if self._beacon is not None:
            loop.call_soon_threadsafe(self._beacon.close)
            self._beacon = None
        if server is not None:
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(server.close(), loop).result(START_TIMEOUT)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None and self._thread.is_alive():  # it may not have begun yet
            self._thread.join(START_TIMEOUT)
        self._loop = None
        self._server = None
