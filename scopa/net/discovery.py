"""Finding a table on the local network by its join code alone.

A friend who was told only the code ("KPJTF-33ZJM-P38") asks the local network who holds it:
one UDP datagram, ``scopa-find <code>``, broadcast and sent to this computer too. A game
that hosts a table answers ``scopa-here <port>`` if it holds that code, and says nothing
otherwise; the table's address is the answering computer's and the port it named. Datagrams
that are too long or not of this form are ignored: the beacon never answers a stranger with
more than a port number, and only for a code it was asked by name.

Anyone on the network hears the code asked for, and may answer it: an answer proves
nothing. A seat's token goes only to the computer that held its table, and two computers
answering for one code are both refused (``find_table``).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from .codes import AddressError, normalize_code

DISCOVERY_PORT = 8766
ASK = b"scopa-find "
ANSWER = b"scopa-here "
MAX_DATAGRAM = 64
SEARCH_SECONDS = 1.5
ANSWER_WINDOW = 0.4
"""Seconds a look-up still listens once a computer answered: for a second one."""
HERE = "127.0.0.1"
"""This computer, asked directly: its own answer comes from this address."""


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


class TwoAnswers(Exception):
    """Two computers on the network answered for one code: one of them is not the table's
    (a player who heard the code asked for, answering to sit between a friend and the
    table), and neither is believed."""

    def __init__(self, code: str, servers: list[str]) -> None:
        super().__init__(f"{len(servers)} computers answered for the code {code}: {servers}")
        self.servers = servers


def find_table(
    code: str,
    *,
    port: int = DISCOVERY_PORT,
    seconds: float = SEARCH_SECONDS,
    host: str | None = None,
) -> str | None:
    """The server (``ws://host:port``) of the table ``code`` on the local network, or None
    when nobody answers within ``seconds``. The answers are heard for ``ANSWER_WINDOW``
    after the first: this computer's own answer (asked at ``HERE``) is taken; else the one
    other computer's that answered; two or more: ``TwoAnswers``. ``host``: only that computer's
    answer is heard (the computer that held the table, to which a seat's token may go)."""
    code = normalize_code(code)
    allowed = None if host is None else addresses_of(host)
    if allowed == frozenset():
        return None  # a name that no longer resolves: nothing can be the table's computer
    message = ASK + code.encode("ascii")
    found: set[tuple[str, str]] = set()  # who answered, and the address they named
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for target in (HERE, "255.255.255.255"):
            with contextlib.suppress(OSError):  # no network, or no broadcast on it
                sock.sendto(message, (target, port))
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, (source, _) = sock.recvfrom(MAX_DATAGRAM)
            except (TimeoutError, OSError):
                break
            server = _server_in(data, source)
            if server is None or (allowed is not None and source not in allowed):
                continue
            if not found:
                deadline = min(deadline, time.monotonic() + ANSWER_WINDOW)
            found.add((source, server))
    own = sorted(server for source, server in found if source == HERE)
    if own:  # this computer's, asked directly: it answers the broadcast too, from elsewhere
        return own[0]
    servers = sorted({server for _, server in found})
    if len(servers) > 1:
        raise TwoAnswers(code, servers)
    return servers[0] if servers else None


def addresses_of(server: str) -> frozenset[str]:
    """The IPv4 addresses of ``server``'s computer (a ``ws://host:port`` or a host name);
    none when its name cannot be looked up."""
    try:
        host = urlsplit(server if "://" in server else f"ws://{server}").hostname
        infos = socket.getaddrinfo(host, None, socket.AF_INET) if host else []
    except (OSError, UnicodeError, ValueError):
        return frozenset()
    return frozenset(str(info[4][0]) for info in infos)


def same_computer(server: str, other: str) -> bool:
    """Whether the servers ``server`` and ``other`` (``ws://host:port``) run on one
    computer, whatever their ports: the only one a seat's token may go to (the game that
    hosts a table may serve it again at another port; a server elsewhere with a table of
    the same code is another's, and the token would give it the seat)."""
    try:
        hosts = [urlsplit(address).hostname for address in (server, other)]
    except ValueError:
        return False
    if None in hosts:
        return False
    if hosts[0] == hosts[1]:
        return True
    return bool(addresses_of(server) & addresses_of(other))


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
