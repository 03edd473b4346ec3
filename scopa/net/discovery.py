"""Finding a table on the local network by its join code alone.

A friend who was told only the code ("KPJTF-33ZJM-P38") asks the local network who holds it:
one UDP datagram, ``scopa-find <code>``, broadcast and sent to this computer too. A game
that hosts a table answers ``scopa-here <port>`` if it holds that code, and says nothing
otherwise; the table's address is the answering computer's and the port it named. Datagrams
that are too long or not of this form are ignored: the beacon never answers a stranger with
more than a port number, and only for a code it was asked by name.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Awaitable, Callable

from .codes import AddressError, normalize_code

DISCOVERY_PORT = 8766
ASK = b"scopa-find "
ANSWER = b"scopa-here "
MAX_DATAGRAM = 64
SEARCH_SECONDS = 1.5


class Beacon(asyncio.DatagramProtocol):
    """Answers the network's questions for the tables of one server."""

    def __init__(self, port: int, knows: Callable[[str], Awaitable[bool]]) -> None:
        self.port = port
        self.knows = knows
        self.transport: asyncio.DatagramTransport | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def datagram_received(self, data: bytes, addr: tuple[str | object, int]) -> None:
        if len(data) > MAX_DATAGRAM or not data.startswith(ASK):
            return
        try:
            code = normalize_code(data[len(ASK) :].decode("ascii"))
        except (UnicodeDecodeError, AddressError):
            return
        task = asyncio.ensure_future(self._answer(code, addr))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, code: str, addr: tuple[str | object, int]) -> None:
        try:
            known = await self.knows(code)
        except Exception:  # a store that cannot answer: as if the code were unknown
            return
        if known and self.transport is not None:
            self.transport.sendto(ANSWER + str(self.port).encode("ascii"), addr)


async def start_beacon(
    port: int, knows: Callable[[str], Awaitable[bool]], *, listen: int = DISCOVERY_PORT
) -> asyncio.DatagramTransport | None:
    """Answer on UDP ``listen`` for the server on ``port``; None when that UDP port cannot be
    had (another program holds it): the table is still reached by its whole address."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("0.0.0.0", listen))
        transport, _ = await loop.create_datagram_endpoint(lambda: Beacon(port, knows), sock=sock)
    except OSError:
        sock.close()
        return None
    return transport


def find_table(
    code: str, *, port: int = DISCOVERY_PORT, seconds: float = SEARCH_SECONDS
) -> str | None:
    """The server (``ws://host:port``) of the table ``code`` on the local network, or None
    when nobody answers within ``seconds``."""
    message = ASK + normalize_code(code).encode("ascii")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for target in ("127.0.0.1", "255.255.255.255"):
            with contextlib.suppress(OSError):  # no network, or no broadcast on it
                sock.sendto(message, (target, port))
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, (host, _) = sock.recvfrom(MAX_DATAGRAM)
            except (TimeoutError, OSError):
                return None
            found = _server_in(data, host)
            if found is not None:
                return found
    return None


def _server_in(data: bytes, host: str) -> str | None:
    """The address an answer names, or None for anything that is not an answer."""
    if not data.startswith(ANSWER):
        return None
    text = data[len(ANSWER) :]
    if not text.isdigit() or len(text) > 5:
        return None
    number = int(text)
    if not 0 < number < 65536:
        return None
    return f"ws://{host}:{number}"
