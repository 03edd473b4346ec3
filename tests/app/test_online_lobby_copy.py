"""The lobby's Copy button shows only where it copies something worth sending: the table's
address, while a friend is still awaited; and the address shown is one the others reach."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from scopa.app import style
from scopa.app.hosting import LocalServer
from scopa.app.online import grouped
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.table import TableScene
from scopa.engine import Rules
from scopa.net.client import BackgroundClient

from .menu_helpers import click, frame
from .test_online import run_until


def join(app, address: str) -> LobbyScene:  # noqa: ANN001
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    online.address = address
    click(app, online.join_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def cut_off(link, stop: Callable[[], None]) -> None:  # noqa: ANN001
    """The line between ``link`` and its server goes down (no word from the server, and
    nothing answers the tries to get back); then the server stops (``stop``), unheard."""
    from scopa.net.client import Disconnected

    async def unreachable() -> None:
        raise Disconnected("the line is down")

    async def abort() -> None:
        link.client._ws.transport.abort()

    link.client._open = unreachable
    link.submit(abort()).result(5)
    stop()


@contextmanager
def annas_table(folder, players: int = 3) -> Iterator[tuple[LocalServer, str]]:  # noqa: ANN001
    """A table of ``players`` seats for people on a server of its own, Anna in the first:
    the server and the table's address (Anna's link and the server closed after)."""
    server = LocalServer(folder, port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}] * players
        rules = Rules(players=players)
        ticket = anna.submit(anna.client.create(rules, seats, "Anna", 0)).result(20)
        yield server, f"{server.local_address}/{grouped(ticket.code)}"
    finally:
        anna.close()
        server.stop()


def test_a_lobby_whose_host_closed_the_game_says_so(app, tmp_path):
    """The game holding the table closed (the server said so as it closed): the lobby said
    "Connection lost: reconnecting…", as if a line had dropped."""
    with annas_table(tmp_path / "host") as (server, address):
        lobby = join(app, address)
        run_until(app, lambda: lobby.awaited == 1)
        server.stop()
        run_until(app, lambda: lobby._status()[0] == app.t("online.host_closed_lobby"))
        app.home()


def test_a_joiner_who_has_no_address_yet_is_not_offered_copy(app):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    lobby = join(app, f"ws://127.0.0.1:{port}/KPJTF-33ZJM-P38")
    assert lobby.copy_button not in lobby.form.widgets
    run_until(app, lambda: lobby.session.error is not None)
    assert lobby.copy_button not in lobby.form.widgets


def test_copy_shows_while_a_friend_is_awaited_and_goes_when_nobody_is(app, tmp_path):
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna, carla = BackgroundClient(server.local_address), BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}] * 3
        ticket = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
        lobby = join(app, f"{server.local_address}/{grouped(ticket.code)}")
        run_until(app, lambda: lobby.awaited == 1)
        assert lobby.copy_button in lobby.form.widgets  # Carla still needs the address
        carla.submit(carla.client.join(ticket.code, "Carla")).result(20)
        run_until(app, lambda: lobby.awaited == 0 or isinstance(app.stack.top, TableScene))
        frame(app)  # the seats arrive between frames: the lobby shows them at the next one
        # The last seat taken starts the match: the table may take over the screen before
        # the lobby hears that no seat is free, and then no Copy is shown anywhere.
        if app.stack.top is lobby:
            assert lobby.copy_button not in lobby.form.widgets
        else:
            assert isinstance(app.stack.top, TableScene)
    finally:
        app.home()
        anna.close()
        carla.close()
        server.stop()


@pytest.mark.parametrize("typed", ["code", "address"])
def test_a_window_on_the_host_s_computer_shows_the_address_the_others_reach(
    app, tmp_path, monkeypatch, typed
):
    """A friend who joined by the code alone, from the computer hosting the table, found it
    at 127.0.0.1, and was told to send ws://127.0.0.1:... to the others, an address that
    takes each of them to their own computer: they reach it at this one's network address."""
    monkeypatch.setattr("scopa.app.online.lan_address", lambda: "192.0.2.7")
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    monkeypatch.setattr(
        "scopa.app.online.find_table", lambda code, port, host=None: server.local_address
    )
    # it listens on every address: the others reach it at this computer's
    monkeypatch.setattr("scopa.app.online.answers", lambda host, port: port == server.port)
    anna = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}] * 3
        ticket = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
        code = grouped(ticket.code)
        lobby = join(app, code if typed == "code" else f"{server.local_address}/{code}")
        run_until(app, lambda: lobby.awaited == 1)
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            app.draw()
        shown = [text.words for text in drawn]
        assert f"ws://192.0.2.7:{server.port}/{code}" in shown
        assert not any("127.0.0.1" in words for words in shown)
        assert lobby.session.seated is not None
        assert lobby.session.seated.address == f"ws://192.0.2.7:{server.port}/{code}"
    finally:
        app.home()
        anna.close()
        server.stop()


def test_a_lobby_cut_off_from_its_table_says_it_is_getting_back(app, tmp_path):
    """A window tries to get back to its table for as long as it stays: its lobby said
    "Waiting for 1 more" all the while, as if the link held."""
    with annas_table(tmp_path / "host") as (server, address):
        lobby = join(app, address)
        run_until(app, lambda: lobby.awaited == 1)
        assert lobby._status()[0] == app.t("online.waiting_1")
        cut_off(lobby.session.seated.link, server.stop)
        run_until(app, lambda: lobby._status()[0] == app.t("online.reconnecting"))
        assert lobby.session.error is None  # nothing given up: Leave is the way out
        click(app, lobby.leave_button)
        assert lobby.session.seated.link.client.lost  # and leaving ends the tries
