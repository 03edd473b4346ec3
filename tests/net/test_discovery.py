"""A table found on the local network by its code alone: the hosting game answers for the
codes it holds, and for nothing else; stray datagrams get no answer and harm nothing."""

from __future__ import annotations

import socket
import time

import pytest

from scopa.app.hosting import LocalServer
from scopa.app.online import OnlineSession
from scopa.engine import Rules
from scopa.net.client import BackgroundClient
from scopa.net.codes import new_code
from scopa.net.discovery import ASK, find_table

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
