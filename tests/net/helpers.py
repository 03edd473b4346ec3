"""Servers, raw clients and the no-leak check shared by the network tests.

Everything runs on loopback. A test either starts ``scopa serve`` as a process
(``ServerProcess``) or a ``GameServer`` inside its own event loop (``serving``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from scopa.engine import DECK, Card, Match, Move
from scopa.net.protocol import Limits
from scopa.net.server import GameServer, tls_context
from scopa.net.sqlite_store import SqliteStore
from scopa.net.store import Store, TableRecord, open_store
from tests.processes import stop

ROOT = Path(__file__).resolve().parents[2]
FAST = Limits(rate=1000.0, burst=1000, flood_strikes=1000, bad_messages=100_000)
"""Limits loose enough for tests that send many messages on purpose."""


SCENARIO_SECONDS = float(os.environ.get("NET_TEST_TIMEOUT", 90))


def run_scenario(coroutine: Any) -> Any:
    """Run a test's event loop; fail (never hang) if it takes longer than it may."""

    async def guarded() -> Any:
        task = asyncio.ensure_future(coroutine)
        done, _ = await asyncio.wait({task}, timeout=SCENARIO_SECONDS)
        if not done:
            task.cancel()
            raise AssertionError(f"the scenario did not finish in {SCENARIO_SECONDS:g} s")
        return task.result()

    return asyncio.run(guarded())


def child_env() -> dict[str, str]:
    """The environment of a child process that imports this checkout's ``scopa``."""
    env = dict(os.environ)
    paths = [str(ROOT), *[p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``python -m scopa serve`` in a child process, on a fixed port so it can restart."""

    def __init__(self, store: str, *extra: str, port: int | None = None) -> None:
        self.store = store
        self.extra = extra
        self.port = port or free_port()
        self.process: subprocess.Popen[str] | None = None
        self.first_line = ""

    @property
    def address(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> ServerProcess:
        command = [sys.executable, "-m", "scopa", "serve", "--port", str(self.port),
                   "--store", self.store, "--quiet", *self.extra]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env()
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        line = self.process.stdout.readline()
        if not line or time.monotonic() > deadline:
            _, err = self.process.communicate(timeout=10)
            raise AssertionError(f"scopa serve did not start: {err}")
        self.first_line = line.strip()
        return self

    def kill(self) -> None:
        """SIGKILL: no chance to tidy up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> str:
        """SIGTERM, and what it wrote to stderr."""
        if self.process is None:
            return ""
        _, err = stop(self.process, 15)
        return err or ""


def start_bot(address: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "scopa", "bot", address, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
    )


def make_certificate(folder: Path) -> tuple[str, str]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key (PEM files made
    by ``openssl``; the test is skipped where there is none)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        if os.environ.get("CI"):
            pytest.fail("openssl is not installed (.ci/run installs it)")
        pytest.skip("openssl is not installed")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return str(cert), str(key)


@contextlib.asynccontextmanager
async def serving_tls(folder: Path, certificate: tuple[str, str]) -> AsyncIterator[str]:
    """A server speaking TLS (as ``scopa serve --cert``) on a free loopback port, its tables
    in ``folder``: its wss:// address."""
    server = GameServer(SqliteStore(folder / "tables.sqlite3"), FAST, workers=0)
    _, port = await server.start("127.0.0.1", 0, tls_context(*certificate))
    try:
        yield f"wss://127.0.0.1:{port}"
    finally:
        await server.close()


@contextlib.contextmanager
def serving_tls_on_a_thread(folder: Path, certificate: tuple[str, str]) -> Iterator[str]:
    """``serving_tls`` on a thread of its own, for a test whose own loop is the game's."""
    ready, done = threading.Event(), threading.Event()
    found: list[str] = []

    async def serve() -> None:
        async with serving_tls(folder, certificate) as address:
            found.append(address)
            ready.set()
            while not done.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=lambda: run_scenario(serve()), daemon=True)
    thread.start()
    try:
        if not ready.wait(30):
            raise AssertionError("the TLS server did not start")
        yield found[0]
    finally:
        done.set()
        thread.join(30)


@contextlib.asynccontextmanager
async def serving(store: Store, limits: Limits = FAST, **options: Any) -> AsyncIterator[GameServer]:
    """A ``GameServer`` on a free loopback port for the length of the block."""
    server = GameServer(store, limits, workers=0, **options)
    host, port = await server.start("127.0.0.1", 0)
    server.address = f"ws://{host}:{port}"  # type: ignore[attr-defined]
    try:
        yield server
    finally:
        await server.close()


class Proxy:
    """A TCP relay on loopback that can be cut (every connection dropped, new ones refused)
    and restored, like a network that goes away for a while."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.up = True
        self.silent = False
        """Every byte dropped, no connection closed: a network gone without a word."""
        self.writers: list[asyncio.StreamWriter] = []
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.up:
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self.writers += [writer, up_writer]

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await source.read(65536):
                    if not self.up:
                        break
                    if self.silent:
                        continue
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        self.up = False
        for writer in self.writers:
            writer.transport.abort()
        self.writers.clear()

    async def close(self) -> None:
        self.cut()
        assert self.server is not None
        self.server.close()


@dataclass
class Raw:
    """A bare WebSocket: sends any frame and keeps every frame it gets."""

    ws: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)
    number: int = 0

    @classmethod
    async def open(cls, address: str, **options: Any) -> Raw:
        ws = await connect(address, compression=None, max_size=2**24, **options)
        raw = cls(ws)
        welcome = await raw.receive()
        assert welcome["type"] == "welcome", welcome
        return raw

    async def send(self, kind: str, **fields: Any) -> int:
        self.number += 1
        await self.ws.send(json.dumps({"v": 1, "type": kind, "id": self.number, **fields}))
        return self.number

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        frame = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        return frame

    async def answer(self, number: int, timeout: float = 10) -> dict[str, Any]:
        """Frames up to the one that answers message ``number``."""
        while True:
            frame = await self.receive(timeout)
            if frame.get("re") == number:
                return frame

    async def ask(self, kind: str, **fields: Any) -> dict[str, Any]:
        return await self.answer(await self.send(kind, **fields))

    async def until(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        while True:
            frame = await self.receive(timeout)
            if frame.get("type") == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame

    async def closed(self, timeout: float = 10) -> int | None:
        """Read until the server closes; its close code."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.receive(timeout)
        return self.ws.close_code

    async def close(self) -> None:
        """Close, reading what is still coming meanwhile (unread frames would hold the
        server's answer to the close up)."""

        async def drain() -> None:
            with contextlib.suppress(ConnectionClosed):
                async for _ in self.ws:
                    pass

        reader = asyncio.create_task(drain())
        await self.ws.close()
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader


# --- the no-leak check ---------------------------------------------------------------------

_TEXTS = {str(card): card for card in DECK}


async def stored_table(store_spec: str, code: str) -> TableRecord:
    """The table ``code`` as the store ``store_spec`` keeps it (opened and closed here)."""
    store = open_store(store_spec)
    await store.open()
    try:
        table = await store.load(code)
    finally:
        await store.close()
    assert table is not None
    return table


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a frame: in card strings and in move notation."""
    found: set[Card] = set()
    if isinstance(value, str):
        for part in value.upper().replace("X", "+").split("+"):
            card = _TEXTS.get(part)
            if card is not None:
                found.add(card)
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


def hidden_from(match: Match, seat: int | None) -> set[Card]:
    """The cards ``seat`` may not see in ``match`` (None: a spectator): the other hands, but
    for the cards a Cirulla declaration showed face up, and the stock."""
    state = match.round
    hidden: set[Card] = {DECK[index] for index in state.stock}
    for other in range(match.rules.players):
        if other != seat:
            hidden |= set(state.hand(other)) - set(state.shown_hand(other))
    return hidden


DEALT_TYPES = frozenset({"Dealt", "Declared"})
"""Events that describe the deal after the move, or the hands it showed face up (checked
against the state after it)."""
PUBLIC_BY_RULE = frozenset({"Redealt"})
"""Events whose cards the rules put face up whatever their place now (a misdealt table)."""


def check_frames(
    moves: list[Move], match0: Match, frames: list[dict[str, Any]], seat: int | None
) -> int:
    """Fail if any frame sent to ``seat`` shows a card it may not see; return how many state
    frames were checked. ``match0`` is the match before ``moves``, the moves of its record.

    A state frame's observation may show only what is not hidden after its move; its events
    of the deal only what is not hidden after the move, and every other event only what was
    not hidden before it, besides the card the move played. Table frames show no card at
    all; error frames only repeat what the connection itself sent, and are not checked.
    """
    matches = [match0]
    true_events: list[list[Any]] = [list(match0.opening_events())]
    for move in moves:
        after, events = matches[-1].apply(move)
        matches.append(after)
        true_events.append(events)
    checked = 0
    for frame in frames:
        kind = frame.get("type")
        if kind in ("table", "seated", "watching", "welcome", "ok", "pong"):
            shown = {
                key: value for key, value in frame.items() if key not in ("rules", "token", "code")
            }
            assert not cards_in(shown), f"a {kind} frame names cards: {frame}"
            continue
        if kind != "state":
            continue
        at = frame["at"]
        after = matches[at]
        before = matches[at - 1] if at > 0 else matches[0]
        hidden_after = hidden_from(after, seat)
        played = {moves[at - 1].card} if frame["reason"] == "move" and at > 0 else set()
        hidden_before = hidden_from(before, seat) - played
        for card in cards_in(frame["observation"]):
            assert card not in hidden_after, f"seat {seat} sees {card} at move {at}: {frame}"
        sent = frame["events"]
        if frame["reason"] in ("move", "start"):
            expected = true_events[at]
            assert [e["type"] for e in sent] == [type(e).__name__ for e in expected], frame
        for event in sent:
            if event["type"] in PUBLIC_BY_RULE:
                continue
            hidden = hidden_after if event["type"] in DEALT_TYPES else hidden_before
            leaked = cards_in(event) & hidden
            assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} in {event}"
        checked += 1
    return checked
