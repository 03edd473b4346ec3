"""A friend's lobby whose seat is lost for good: the host closed the table, or the seat was
taken up from another window. The lobby says which, and keeps nothing to come back to."""

from __future__ import annotations

import time

from scopa.app import style
from scopa.app.hosting import LocalServer
from scopa.app.online import grouped
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.engine import Rules
from scopa.net.client import BackgroundClient, SeatTicket
from scopa.storage import Store

from .menu_helpers import click, frame
from .test_online import run_until
from .test_online_rejoin import join_at, open_game


def waiting_in_a_lobby(tmp_path, server: LocalServer) -> tuple:  # noqa: ANN001
    """Anna's table of three at ``server``; Bruno's game joined it and waits in the lobby.
    Returns Anna's link, the table's code and address, and Bruno's game."""
    anna = BackgroundClient(server.local_address)
    seats = [{"kind": "human"}] * 3
    ticket = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
    address = f"{server.local_address}/{grouped(ticket.code)}"
    game = open_game(Store(tmp_path / "bruno"))
    join_at(game, address)
    lobby = game.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(game, lambda: lobby.session.seated is not None)  # waiting for a third
    return anna, ticket.code, address, game


def test_a_seat_at_a_table_its_host_ended_in_the_lobby_is_not_offered_again(tmp_path):
    """The host closed the table while Bruno waited in its lobby: the lobby said so, but
    the seat stayed held, and the title and Play online went on saying his seat waited at
    a friend's table that was gone."""
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna, code, _, game = waiting_in_a_lobby(tmp_path, server)
    try:
        lobby = game.stack.top
        assert server.end(code, 0)
        run_until(game, lambda: lobby.session.error is not None)
        # no match had begun: not "the host ended the match"; nor the table's address and its
        # seats "ready" left on show, as if it were still there
        assert lobby._trouble() == game.t("online.closed_by_host")
        assert lobby.session.seated is None and lobby.nothing_to_show
        assert [held.code for held in game.store.load_seats()] == []
        click(game, lobby.leave_button)
        frame(game)
        title = game.home()
        frame(game)
        assert not title.seat_waits
        click(game, title.online)
        again = game.stack.top
        assert isinstance(again, OnlineScene)
        assert (again.rejoining, again.address_note()) == (False, "online.address_hint")
    finally:
        anna.close()
        game.close()
        server.stop()


def test_joining_a_table_its_host_closed_in_the_lobby_says_it_was_closed(tmp_path, table_of_three):
    """A friend who came to the table after its host closed it, before any match began,
    read "The host ended the match at this table", as if a match had been played there."""
    server, _, ticket, address = table_of_three
    carla = open_game(Store(tmp_path / "carla"))
    try:
        assert server.end(ticket.code, 0)
        join_at(carla, address)
        lobby = carla.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(carla, lambda: lobby.session.error is not None)
        assert lobby._trouble() == carla.t("online.closed_by_host")
    finally:
        carla.close()


def test_a_lobby_whose_seat_another_window_took_says_so(tmp_path):
    """The game open twice at the same table's lobby, the seat taken up from the other
    window: the link gave up for good, yet the lobby said "reconnecting…" for ever."""
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna, code, _, game = waiting_in_a_lobby(tmp_path, server)
    other = BackgroundClient(server.local_address)
    try:
        lobby = game.stack.top
        link = lobby.session.seated.link
        held = next(h for h in game.store.load_seats() if h.code == code)
        again = SeatTicket(server.local_address, held.code, held.seat, held.token)
        other.submit(other.client.rejoin(again)).result(20)
        run_until(game, lambda: link.client.lost)
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            frame(game)
            time.sleep(0.01)
        words = game.t("online.seat_taken_elsewhere")
        assert lobby._status()[0] == words
        assert not lobby.retry_useful
        for size in ((960, 540), (1920, 1080)):
            game.resize(size)
            drawn: list[style.Drawn] = []
            with style.watch_text(drawn.append):
                frame(game)
            (said,) = [text for text in drawn if text.words == words]
            assert not said.cut and not said.elided, said.lines
    finally:
        anna.close()
        other.close()
        game.close()
        server.stop()


def test_a_seat_moved_to_as_the_link_drops_is_kept(tmp_path, monkeypatch):
    """Sit here, and the network dropped after the server moved the seat but before its
    answer came: the link took back the seat left, whose token had gone to the new one,
    was refused and gave up; the lobby said the table could not be reached, and Try again
    began the match with nobody in the seat moved to. The seat moved to is taken back,
    and held."""
    from scopa.net.server import GameServer

    monkeypatch.setattr("scopa.net.client.RETRY_EVERY", 0.05)
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna, code, _, game = waiting_in_a_lobby(tmp_path, server)
    try:
        lobby = game.stack.top
        seated = lobby.session.seated
        free = next(seat for seat in range(3) if seat not in (0, seated.ticket.seat))
        original = GameServer._sit

        async def sit_then_drop(self, conn, message):  # noqa: ANN001, ANN202
            await original(self, conn, message)
            conn.ws.transport.abort()  # the network drops before the answer is sent

        monkeypatch.setattr(GameServer, "_sit", sit_then_drop)
        lobby.sit(free)
        run_until(game, lambda: lobby.session.moving is None, 30)
        monkeypatch.setattr(GameServer, "_sit", original)
        run_until(game, lambda: seated.link.client.online or lobby.session.error, 15)
        held = [h.seat for h in game.store.load_seats() if h.code == code]
        assert (seated.link.client.online, lobby.session.error_kind, held) == (True, "", [free])
        assert seated.ticket.seat == free and not lobby.session.move_refused
    finally:
        anna.close()
        game.close()
        server.stop()
