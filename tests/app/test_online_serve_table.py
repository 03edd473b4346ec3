"""A table opened from the game at a stand-alone server (``scopa serve``) none of the players
runs: its address typed without a table's code opens a new table there, hosted from the
lobby as at the game's own server."""

from __future__ import annotations

import pytest

from scopa.app.hosting import LocalServer
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.app.table import TableScene
from scopa.net.client import BackgroundClient
from scopa.net.codes import parse_address

from .menu_helpers import click, frame
from .test_online import run_until, table_opens


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_server_s_address_opens_a_new_table_there(app, tmp_path, language):
    """Typed "ws://127.0.0.1:8790" (a `scopa serve`), Join said "This is neither a table's
    address nor its code": no table could be opened at a server none of the friends runs,
    which the README offers to friends who want no one at the table to hold it. Join says
    it opens a new table there, and does: the host's lobby, a friend joining by its code,
    Start, the match."""
    server = LocalServer(tmp_path / "served", port=0)  # as `scopa serve` would hold tables
    server.start()
    friend = None
    try:
        app.settings = app.settings.with_(language=language, tutorial_done=True)
        online = app.open("online")
        frame(app)
        assert isinstance(online, OnlineScene)
        online.address = server.local_address
        hint = online._join_hint()
        assert hint == app.t("online.join_hint_server", server=server.local_address)
        click(app, online.join_button)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.mode == "host"
        run_until(app, lambda: lobby.session.seated is not None)
        address = parse_address(lobby.session.seated.address)
        assert address.server == server.local_address and address.code
        assert app.matches.hosted_server() is None  # the game serves no table of its own
        friend = BackgroundClient(server.local_address)
        friend.submit(friend.client.join(str(address.code), "Bruno")).result(20)
        table = table_opens(app)
        assert isinstance(table, TableScene) and table.remote
        assert table.coordinator.seat == 0
    finally:
        if friend is not None:
            friend.close()
        app.home()
        server.stop()
