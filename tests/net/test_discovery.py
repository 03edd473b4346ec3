"""A table found on the local network by its code alone: the hosting game answers for the
codes it holds, and for nothing else; stray datagrams get no answer and harm nothing."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest

from scopa.app.hosting import LocalServer
from scopa.app.online import OnlineSession
from scopa.engine import Rules
from scopa.net.client import BackgroundClient
from scopa.net.codes import new_code
from scopa.net.discovery import ASK, TwoAnswers, find_table

from .helpers import free_port


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def hosted(tmp_path):
    """A game hosting a two-seat table; its beacon on a UDP port of its own."""
    udp = free_udp_port()
    server = LocalServer(tmp_path, port=free_port(), discovery=udp)
    server.start()
    link = BackgroundClient(server.local_address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    ticket = link.submit(link.client.create(Rules(), seats, "Anna", 0)).result(20)
    yield server, ticket.code, udp
    link.close()
    server.stop()


def test_the_code_alone_finds_the_table(hosted):
    server, code, udp = hosted
    assert find_table(code.upper(), port=udp) == f"ws://127.0.0.1:{server.port}"


def test_the_code_of_a_table_whose_match_is_over_still_finds_it(hosted):
    """A friend who knew only the code was told no table answered it once the match was
    over (or its host ended it), and went looking for a whole address that would only say
    the match is over: the table answers, and joining it says so."""
    server, code, udp = hosted
    assert server.end(code, 0)
    assert find_table(code, port=udp) == f"ws://127.0.0.1:{server.port}"


def test_a_code_no_table_holds_gets_no_answer(hosted):
    _, code, udp = hosted
    other = new_code()
    assert other != code
    assert find_table(other, port=udp, seconds=0.5) is None


def test_stray_datagrams_are_ignored_and_the_beacon_still_answers(hosted):
    server, code, udp = hosted
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(0.4)
        for junk in (b"", b"\xff" * 60, ASK + b"\xff\xfe", ASK + b"x" * 5000, ASK + b"not-a-code",
                     b"scopa-here 1", ASK + code.encode() + b"!" * 50):  # fmt: skip
            sock.sendto(junk[:60000], ("127.0.0.1", udp))
            with pytest.raises(TimeoutError):
                sock.recvfrom(512)
    assert find_table(code, port=udp) == f"ws://127.0.0.1:{server.port}"


def test_a_stopped_game_answers_no_more(hosted):
    server, code, udp = hosted
    server.stop()
    assert find_table(code, port=udp, seconds=0.5) is None


def test_an_address_where_the_table_no_longer_is_finds_it_by_its_code(hosted):
    """The host's game was started again on another port: the address a friend kept (and
    the game offers again) reaches nobody, and the table is looked for by its code."""
    server, code, udp = hosted
    gone = f"ws://127.0.0.1:{free_port()}/{code}"
    session = OnlineSession()
    try:
        session.join(gone, "Bruno", discovery=udp)
        deadline = time.monotonic() + 30
        while session.seated is None and session.error is None and time.monotonic() < deadline:
            session.check()
            time.sleep(0.05)
        assert session.error is None, session.error
        assert session.seated is not None
        assert session.seated.ticket.server == f"ws://127.0.0.1:{server.port}"
        assert session.seated.ticket.seat == 1
        assert session.moved == (gone.rsplit("/", 1)[0], f"ws://127.0.0.1:{server.port}")
    finally:
        session.close()


def test_an_address_no_table_answers_for_is_still_said_out_of_reach(tmp_path):
    udp = free_udp_port()
    session = OnlineSession()
    try:
        session.join(f"ws://127.0.0.1:{free_port()}/{new_code()}", "Bruno", discovery=udp)
        deadline = time.monotonic() + 30
        while session.error is None and time.monotonic() < deadline:
            session.check()
            time.sleep(0.05)
        assert session.seated is None and session.error_kind == "reach"
    finally:
        session.close()


class Answering:
    """Another program answering every look-up on ``udp`` with ``ports``, each from the
    address it is given (127.0.0.2 stands for another computer on the network)."""

    def __init__(self, udp: int, answers: list[tuple[str, int]]) -> None:
        self.ask = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.ask.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.ask.bind(("127.0.0.1", udp))
        self.ask.settimeout(5)
        self.answers = answers
        self.heard: list[bytes] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        with contextlib.suppress(OSError):
            data, asker = self.ask.recvfrom(64)
            self.heard.append(data)
            for source, port in self.answers:
                with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as out:
                    out.bind((source, 0))
                    out.sendto(b"scopa-here %d" % port, asker)

    def close(self) -> None:
        self.ask.close()
        self.thread.join(5)


@pytest.mark.parametrize(
    ("answers", "host", "found"),
    [
        ([("127.0.0.2", 4001)], None, "ws://127.0.0.2:4001"),  # a friend's computer
        ([("127.0.0.2", 4001), ("127.0.0.1", 4002)], None, "ws://127.0.0.1:4002"),  # this one
        # the seat's own table was at 127.0.0.1: another computer's answer goes unheard
        ([("127.0.0.2", 4001)], "ws://127.0.0.1:4000", None),
        ([("127.0.0.2", 4001), ("127.0.0.1", 4002)], "ws://127.0.0.1:4000", "ws://127.0.0.1:4002"),
    ],
)
def test_a_seat_s_table_is_looked_for_on_its_own_computer_alone(answers, host, found) -> None:
    """Anyone on the network hears a code asked for: a player answering it got the seat's
    token from a friend whose link dropped, sat between them and the table, and read their
    hand at every move. A seat's table is taken only from the computer that held it."""
    udp = free_udp_port()
    others = Answering(udp, answers)
    try:
        assert find_table(new_code(), port=udp, seconds=1.0, host=host) == found
    finally:
        others.close()
    assert others.heard  # asked, and answered


def test_two_computers_answering_for_a_code_are_neither_believed() -> None:
    """A friend joining by the code alone took the first answer: whoever answered first
    (a player who heard the code asked for) sat between them and the table."""
    udp = free_udp_port()
    others = Answering(udp, [("127.0.0.2", 4001), ("127.0.0.3", 4002)])
    try:
        with pytest.raises(TwoAnswers) as raised:
            find_table(new_code(), port=udp, seconds=1.0)
    finally:
        others.close()
    assert raised.value.servers == ["ws://127.0.0.2:4001", "ws://127.0.0.3:4002"]


@pytest.mark.parametrize(
    ("server", "looked"), [("wss://127.0.0.1:9", False), ("ws://127.0.0.1:9", True)]
)
def test_a_seat_on_a_server_on_the_internet_is_not_looked_for_on_the_network(
    monkeypatch, server, looked
) -> None:
    """A seat at a ``wss://`` table, its link lost, was looked for on the local network:
    any answer, of a player or not, turned it into a ``ws://`` address its secure
    connection could not open, the reader ended and the window waited for ever."""
    import asyncio

    from scopa.net.client import Client, SeatTicket

    asked: list[tuple[str, str | None]] = []

    def find(code: str, *, port: int, host: str | None = None) -> str:
        asked.append((code, host))
        return "ws://127.0.0.2:4001"

    monkeypatch.setattr("scopa.net.client.find_table", find)
    client = Client(server)
    client.ticket = SeatTicket(server, "abcdefghijklm", 1, "token")
    asyncio.run(client._look_now_and_then(-1000.0))
    assert asked == ([("abcdefghijklm", server)] if looked else [])
    assert client.server == ("ws://127.0.0.2:4001" if looked else server)


def test_a_server_with_no_table_at_the_seat_s_old_address_is_let_go_each_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another program took the table's port: each try to take the seat back there got
    "no table" and left its connection open (six at once, until that server closed them
    for idleness), each holding a connection of the few an address may open. Each is
    closed before the next try."""
    import asyncio
    import json

    from websockets.asyncio.server import serve

    from scopa.net.client import Client, SeatTicket

    monkeypatch.setattr("scopa.net.client.find_table", lambda *_, **__: None)  # found nowhere
    open_now: list[int] = [0]
    most: list[int] = [0]
    tries: list[int] = [0]

    async def squatter(ws) -> None:  # noqa: ANN001
        open_now[0] += 1
        most[0] = max(most[0], open_now[0])
        try:
            await ws.send(json.dumps({"v": 1, "type": "welcome", "server": "scopa",
                                      "versions": [1], "limits": {}}))  # fmt: skip
            async for text in ws:
                message = json.loads(text)
                tries[0] += 1
                refusal = {"v": 1, "type": "error", "re": message["id"], "code": "no_table"}
                await ws.send(json.dumps({**refusal, "message": "no such table"}))
        finally:
            open_now[0] -= 1

    async def main() -> None:
        async with serve(squatter, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            address = f"ws://127.0.0.1:{port}"
            client = Client(address, reconnect_for=4.0)
            client.ticket = SeatTicket(address, "abcdefghijklm", 1, "token")
            await client._come_back()
            await asyncio.sleep(0.3)
            assert tries[0] >= 3, tries
            assert most[0] == 1 and open_now[0] == 0, (most, open_now)

    asyncio.run(main())
