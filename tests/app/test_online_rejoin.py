"""A seat at a table online stays its player's: one who closed the game (or left the table)
and joins the same table again takes their own seat back, as the leave dialog promises,
rather than being refused for want of a free seat."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import pygame
import pytest

from scopa.app import style
from scopa.app.app import App
from scopa.app.registry import default_scenes
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.app.widgets import resolve
from scopa.engine import Move, Rules
from scopa.net.client import BackgroundClient, Update
from scopa.storage import HeldSeat, Store

from .menu_helpers import click, frame
from .test_online import hosted, run_until, table_opens  # noqa: F401 - the fixture

SIZE = (960, 540)


def join_at(game: App, address: str) -> None:
    """Play online, the table's ``address`` given, Join: as a player does from the title."""
    click(game, game.stack.top.online)
    online = game.stack.top
    online.address = address
    click(game, online.join_button)


def open_game(store: Store) -> App:
    game = App(store, size=SIZE, scenes=default_scenes())
    game.settings = game.settings.with_(
        language="en", animation_speed="instant", tutorial_done=True
    )
    game.home()
    return game


def resting_words(game: App, title) -> list[str]:  # noqa: ANN001
    """The words the title draws under its buttons with none pointed at or focused."""
    from scopa.app import style

    drawn: list[style.Drawn] = []
    title.form.hover = title.form.focus = None
    with style.watch_text(drawn.append):
        title.draw_overlay(game.screen)
    return [text.words for text in drawn]


def host_from_the_menus(game: App, *, closing: bool = False) -> LobbyScene:
    """The lobby of a table hosted from the title's menus, its host seated (``closing``:
    the match at a table hosted before is closed for good first, when asked)."""
    click(game, game.stack.top.online)
    click(game, game.stack.top.host_button)
    if closing:
        question = game.stack.top
        assert isinstance(question, ConfirmScene)
        click(game, question.other_button)
    lobby = game.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(game, lambda: lobby.session.seated is not None)
    return lobby


def host_with_a_friend(game: App, *, closing: bool = False) -> tuple[str, BackgroundClient]:
    """A table hosted from the menus with Bruno seated from another client, its match
    begun: the table's address, and Bruno's client."""
    lobby = host_from_the_menus(game, closing=closing)
    address = lobby.session.seated.address
    friend = BackgroundClient(lobby.session.server.local_address)
    friend.submit(friend.client.join(address.rsplit("/", 1)[1], "Bruno")).result(20)
    table_opens(game)
    return address, friend


def join_from_the_menus(game: App, address: str) -> TableScene:
    join_at(game, address)
    lobby = game.stack.top
    if isinstance(lobby, TableScene):  # the seat came back within the click's own frame
        return lobby
    assert isinstance(lobby, LobbyScene)
    run_until(game, lambda: isinstance(game.stack.top, TableScene) or lobby.session.error)
    assert lobby.session.error is None, lobby._status()[0]
    return game.stack.top


def test_a_friend_who_closed_the_game_takes_their_seat_back(tmp_path, friends_table):
    _, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    game = open_game(store)
    try:
        table = join_from_the_menus(game, address)
        seat, at = table.coordinator.seat, table.match.at
        game.close()  # the window closed mid-round

        game = open_game(Store(tmp_path / "bruno"))
        table = join_from_the_menus(game, address)
        assert table.coordinator.seat == seat
        assert table.match.at == at
        run_until(game, lambda: anna.client.table["seats"][seat]["connected"])
    finally:
        game.close()
        pygame.display.quit()


def test_a_friend_back_after_closing_the_game_is_shown_the_way_back_to_the_table(
    tmp_path, friends_table
):
    """A friend whose game was closed mid-match found a title like any other: nothing said
    a seat waited, and Play started a match alone while the table waited for them. The
    title says so, Play online stands out, and Join alone takes the seat back. On the
    screen of Play online, Host a table stood out, not Join: a friend who clicked it
    opened a table of their own while the match waited for them. Join stands out, has
    the keys' focus and says it takes the seat back."""
    _, _, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        fresh = game.stack.top
        assert not fresh.seat_waits and not fresh.online.primary
        table = join_from_the_menus(game, address)
        seat = table.coordinator.seat
        game.close()  # the window closed mid-round

        game = open_game(Store(tmp_path / "bruno"))
        title = game.stack.top
        assert title.seat_waits and not title.table_waits and title.online.primary
        frame(game)
        told = game.t("online.seat_waits_title")
        assert title.online.hint() == told
        assert told in resting_words(game, title)  # said under the buttons, once
        assert told not in [toast.text for toast in game.toasts.shown()]
        click(game, title.online)
        online = game.stack.top
        assert online.address.rsplit("/", 1)[1] == address.rsplit("/", 1)[1]  # the table's
        assert online.join_button.primary and not online.host_button.primary
        assert online.form.focus is online.join_button
        assert online.rejoining
        assert online.address_note() == "online.your_seat_waits"
        assert resolve(online.join_button.hint) == game.t("online.join_hint_seat")
        kept, online.address = online.address, ""  # cleared: the green note stayed over it
        assert online.address_note() == "online.address_hint"
        assert resolve(online.join_button.hint) == game.t("online.join_hint")
        online.address = kept
        click(game, online.join_button)
        table_opens(game)
        assert game.stack.top.coordinator.seat == seat
    finally:
        game.close()
        pygame.display.quit()


def test_a_friend_at_the_table_keeps_trying_until_the_host_s_game_is_back(
    tmp_path, friends_table, monkeypatch
):
    """The host closed its game: the friend still at the table said it kept trying, but
    gave up after a while and never tried again, though the host opened the table again
    later and waited for it. It tries for as long as it stays at the table."""
    from scopa.app.hosting import LocalServer
    from scopa.net.client import RECONNECT_FOR

    server, _, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        coordinator = table.coordinator
        monkeypatch.setattr("scopa.net.client.RETRY_EVERY", 0.05)
        monkeypatch.setattr("scopa.net.client.RETRY_MOST", 0.05)
        server.stop()  # the host's game closed
        run_until(game, lambda: not coordinator.online)
        later = time.monotonic() + RECONNECT_FOR * 4  # and opened again an hour later
        monkeypatch.setattr("scopa.net.client._clock", lambda: later + time.monotonic())
        for _ in range(40):
            frame(game)
            time.sleep(0.01)
        assert not coordinator.lost
        back = LocalServer(tmp_path / "host", port=server.port)
        back.start()
        try:
            run_until(game, lambda: coordinator.online)
            assert not coordinator.lost and not table.lost
        finally:
            back.stop()
    finally:
        game.close()


def hosted_then_closed(tmp_path):  # noqa: ANN001, ANN201
    """Anna's game hosted a table of two, Bruno sat at it, then Anna's game closed: her
    store (holding her seat), the server that was hers, her ticket and Bruno's client."""
    from scopa.app.hosting import LocalServer

    store = Store(tmp_path / "anna")
    before = LocalServer(store.data_dir, port=0)
    before.start()
    anna = BackgroundClient(before.local_address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    ticket = anna.submit(anna.client.create(Rules(), seats, "Anna", 0)).result(20)
    store.hold_seat(HeldSeat(ticket.server, ticket.code, 0, ticket.token, hosted=True))
    bruno = BackgroundClient(before.local_address, reconnect_for=None)
    bruno.submit(bruno.client.join(ticket.code, "Bruno")).result(20)
    anna.close()
    before.stop()
    return store, before, ticket, bruno


def test_the_host_back_after_closing_the_game_serves_the_table_where_friends_look(tmp_path):
    """The host's game, opened again, served the table on its usual port, or any free one:
    not where it was before (the usual one was taken then), so the friends still at the
    table, trying to get back there, never found it, and the host waited for them."""
    from scopa.app.online import grouped

    store, before, ticket, bruno = hosted_then_closed(tmp_path)
    game = open_game(store)
    try:
        table = join_from_the_menus(game, f"{before.local_address}/{grouped(ticket.code)}")
        assert table.coordinator.seat == 0
        assert game.matches.hosted_server().port == before.port
        run_until(game, lambda: bruno.client.online)
    finally:
        bruno.close()
        game.close()


def test_a_host_whose_port_was_taken_meanwhile_is_told_the_table_s_new_address(tmp_path):
    """Another program took the host's port while the game was closed: the table came back
    on another port without a word, and nothing showed the host the address to send the
    friends. The host is told, with the new address."""
    import socket

    from scopa.app.online import grouped

    store, before, ticket, bruno = hosted_then_closed(tmp_path)
    squatter = socket.socket()  # another program took the port meanwhile
    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    squatter.bind(("0.0.0.0", before.port))
    squatter.listen()
    game = open_game(store)
    try:
        join_from_the_menus(game, f"{before.local_address}/{grouped(ticket.code)}")
        server = game.matches.hosted_server()
        assert server.port != before.port
        told = game.t("online.hosted_moved", asked=str(before.port), found=server.address)
        assert told in [toast.text for toast in game.toasts.shown()]
    finally:
        squatter.close()
        bruno.close()
        game.close()


def test_the_host_who_left_the_table_sits_again_at_the_same_server(hosted):  # noqa: F811
    app, table, friend = hosted
    address = app.matches.current.address
    servers = [session.server for session in app.matches.sessions if session.server]
    app.matches.leave()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.on_yes()
    run_until(app, lambda: not friend.client.table["seats"][0]["connected"])

    table = join_from_the_menus(app, address)
    assert table.coordinator.seat == 0
    assert [session.server for session in app.matches.sessions if session.server] == servers
    run_until(app, lambda: friend.client.table["seats"][0]["connected"])


def test_a_host_who_left_the_table_is_told_the_friends_are_still_there(hosted):  # noqa: F811
    """The host left the table (the game, and its server, still open): the title said
    "your friends can come back once you are there", the words for a game closed, as if
    they had been thrown out; they are still at the table and wait."""
    app, table, friend = hosted
    app.matches.leave()
    app.stack.top.on_yes()
    title = app.stack.top
    frame(app)
    assert title.table_waits
    words = resting_words(app, title)
    assert app.t("online.table_waits_title_served") in words
    assert app.t("online.table_waits_title") not in words
    assert friend.client.table["seats"][1]["connected"]
    click(app, title.online)  # and Play online says so beside Join
    online = app.stack.top
    assert online.address_note() == "online.your_table_waits_served"


def test_the_host_who_closed_the_game_serves_the_table_again(tmp_path, monkeypatch):
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    game = open_game(Store(tmp_path / "anna"))
    friend = None
    try:
        address, friend = host_with_a_friend(game)
        at = game.stack.top.match.at
        game.close()  # the host's game ends, and its server with it

        game = open_game(Store(tmp_path / "anna"))
        table = join_from_the_menus(game, address)
        assert table.coordinator.seat == 0 and table.match.at == at
        assert table.seats.seat_name(1) == "Bruno"
    finally:
        if friend is not None:
            friend.close()
        game.close()


def test_a_damaged_list_of_seats_is_set_aside_and_a_free_seat_is_taken(tmp_path, friends_table):
    _, _, address = friends_table
    store = Store(tmp_path / "bruno")
    store.seats_path.parent.mkdir(parents=True)
    store.seats_path.write_text('{"schema": 1, "seats": [{"seat": "one"}]}', encoding="utf-8")
    game = open_game(store)
    try:
        table = join_from_the_menus(game, address)
        assert table.coordinator.seat == 1
        told = game.t("files.seats_set_aside", cause="", backup="", folder="")
        assert any(toast.text.startswith(told[:40]) for toast in game.toasts)
        assert [held.seat for held in store.load_seats()] == [1]
    finally:
        game.close()


def play_out(*players: BackgroundClient, seconds: float = 60.0) -> None:
    """Both seats play their first legal move until the match is over."""
    play_until(players, lambda number, update: update.status == "over", seconds)


def play_until(
    players: Sequence[BackgroundClient],
    done: Callable[[int, Update], bool],
    seconds: float = 60.0,
    choose: Callable[[tuple[Move, ...]], Move] = lambda moves: moves[0],
) -> None:
    """Each seat plays its first legal move (or the one ``choose`` picks) at its turn
    until ``done`` says so of an update (by the number of the seat told it)."""
    deadline = time.monotonic() + seconds
    latest: dict[int, Update] = {}
    while time.monotonic() < deadline:
        for number, player in enumerate(players):
            for item in player.poll():
                if isinstance(item, Update):
                    latest[number] = item
                    if done(number, item):
                        return
            update = latest.get(number)
            if update is not None and update.my_turn:
                del latest[number]
                move = choose(update.observation.legal_moves)
                player.submit(player.client.play(move, update.at)).result(10)
        time.sleep(0.001)
    raise AssertionError(f"nothing came to an end in {seconds} s")


def seat_held(server, address: str, store: Store) -> BackgroundClient:  # noqa: ANN001
    """Bruno takes the free seat at ``address`` from another window, which ``store``
    remembers as his (the game, opened on it, takes it back); his link."""
    bruno = BackgroundClient(server.local_address)
    code = address.rsplit("/", 1)[1].replace("-", "").lower()
    ticket = bruno.submit(bruno.client.join(code, "Bruno")).result(20)
    store.hold_seat(HeldSeat(ticket.server, ticket.code, ticket.seat, ticket.token))
    return bruno


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_seat_kept_at_a_match_now_over_is_said_over_and_forgotten(
    tmp_path, friends_table, language
):
    """Bruno's seat is remembered; the match ended while he was away, and nobody is left
    at the table: joining again says the match is over (in his language) instead of
    opening its last position."""
    server, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    bruno = seat_held(server, address, store)
    try:
        play_out(anna, bruno)
    finally:
        bruno.close()
        anna.close()  # Anna left the table too: no rematch to come back for
    game = open_game(store)
    try:
        game.settings = game.settings.with_(language=language)
        game.set_language(language)
        join_at(game, address)
        lobby = game.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(game, lambda: lobby.session.error is not None or game.stack.top is not lobby)
        assert game.stack.top is lobby  # no table opened on the final position
        assert lobby._status()[0] == game.t("online.match_over")
        assert store.load_seats() == []
    finally:
        game.close()


@pytest.mark.parametrize("held", [True, False], ids=["seat_kept", "address_typed"])
def test_the_address_of_a_match_over_is_not_offered_again(tmp_path, friends_table, held):
    """Told that the match at an address is over (his seat kept there, or a friend's
    address typed), the player found it offered again under Play online, to be told the
    same again: it is forgotten, and the field is empty once back there."""
    server, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    bruno = seat_held(server, address, store if held else Store(tmp_path / "elsewhere"))
    try:
        play_out(anna, bruno)
    finally:
        bruno.close()
        anna.close()  # nobody is left at the table for a rematch
    game = open_game(store)
    try:
        click(game, game.stack.top.online)
        online = game.stack.top
        online.address = address
        click(game, online.join_button)
        lobby = game.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(game, lambda: lobby.session.error is not None)
        assert lobby._status()[0] == game.t("online.match_over")
        assert game.settings.online_address == store.load_settings().online_address == ""
        click(game, lobby.leave_button)
        assert game.stack.top is online and online.address == ""
        game.home()
        click(game, game.stack.top.online)
        assert game.stack.top.address == ""
    finally:
        game.close()


def test_a_host_back_after_closing_the_game_is_shown_the_way_back_to_its_table(
    tmp_path, monkeypatch
):
    """The host who closed the game mid-match found only Play on the title: nothing said
    the table could be opened again. The title says so, Play online stands out, and its
    address is the table's, so Join alone takes the host back."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    game = open_game(Store(tmp_path / "anna"))
    friend = None
    try:
        address, friend = host_with_a_friend(game)
        told = game.t("online.table_waits_title")
        frame(game)
        assert told not in [toast.text for toast in game.toasts.shown()]  # at the table
        game.close()

        game = open_game(Store(tmp_path / "anna"))
        title = game.stack.top
        assert title.table_waits and title.online.primary
        frame(game)
        assert told in resting_words(game, title)
        click(game, title.online)
        online = game.stack.top
        assert online.waiting and online.address == address
        assert online.join_button.primary and not online.host_button.primary
        assert online.form.focus is online.join_button
        click(game, online.join_button)
        table_opens(game)
        assert game.stack.top.coordinator.seat == 0
    finally:
        if friend is not None:
            friend.close()
        game.close()


def test_the_title_says_the_table_waits_though_the_pointer_rests_on_play(tmp_path, monkeypatch):
    """The host opened the game again, the pointer left where Play comes: the line under
    the buttons explained Play, and nothing said the friends' table waited. A pointer
    resting where it was as the title came is not the player's question yet."""
    from scopa.net.codes import new_code

    from .table_helpers import mouse

    store = Store(tmp_path / "anna")
    store.hold_seat(HeldSeat("ws://127.0.0.1:9", new_code(), 0, "token", hosted=True))
    game = open_game(store)
    try:
        play = game.stack.top.play.rect.center
    finally:
        game.close()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: play)
    game = open_game(store)
    try:
        title = game.stack.top
        game.frame(1 / 60, [mouse(pygame.MOUSEMOTION, play)])  # the window come under it
        assert title.form.hover is title.play
        told = game.t("online.table_waits_title")
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            game.draw()
        assert told in [text.words for text in drawn]
        nearby = (play[0] + 20, play[1])  # moved over Play: now it is asked about
        game.frame(1 / 60, [mouse(pygame.MOUSEMOTION, nearby)])
        drawn.clear()
        with style.watch_text(drawn.append):
            game.draw()
        assert resolve(title.play.hint) in [text.words for text in drawn]
    finally:
        game.close()


@pytest.mark.parametrize("how", ["host", "play"])
def test_the_title_s_word_of_a_table_waiting_never_shows_over_a_table_opened(
    tmp_path, monkeypatch, how
):
    """The title says a match at a table hosted here waits; a player who went on at once to
    a match (Play, or a new table hosted) found those words over the table: the title under
    the table is a new one, and the notice of the title closed fell to the table."""
    from scopa.net.codes import new_code

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    store = Store(tmp_path / "anna")
    store.hold_seat(HeldSeat("ws://127.0.0.1:9", new_code(), 0, "token", hosted=True))
    game = open_game(store)
    game.settings = game.settings.with_(opponent_level="expert")
    friend = None
    try:
        told = game.t("online.table_waits_title")
        frame(game)
        assert told in resting_words(game, game.stack.top)  # on the title
        if how == "host":
            _, friend = host_with_a_friend(game, closing=True)
        else:
            click(game, game.stack.top.play)
        assert isinstance(game.stack.top, TableScene)
        for _ in range(30):
            frame(game)
            assert told not in [toast.text for toast in game.toasts.shown()]
    finally:
        if friend is not None:
            friend.close()
        game.close()


def test_a_hosted_table_left_in_the_lobby_or_played_out_is_not_said_to_wait(tmp_path, monkeypatch):
    """Only a match under way is worth going back to: a table left before a friend came,
    or whose match is over, is forgotten, and the title says nothing of it."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    store = Store(tmp_path / "anna")
    game = open_game(store)
    friend = None
    try:
        lobby = host_from_the_menus(game)
        assert [held.hosted for held in store.load_seats()] == [True]
        click(game, lobby.leave_button)
        assert store.load_seats() == []
        game.home()
        assert not game.stack.top.table_waits

        address, friend = host_with_a_friend(game)
        table = game.stack.top
        assert [held.hosted for held in store.load_seats()] == [True]
        assert game.settings.online_address == address
        table.coordinator.match.status = "over"  # as the server's last update says
        table.coordinator.arrivals()
        assert store.load_seats() == []
        # the address of a match played out is no longer offered under Play online
        assert game.settings.online_address == store.load_settings().online_address == ""
        game.home()
        assert not game.stack.top.table_waits
    finally:
        if friend is not None:
            friend.close()
        game.close()


@pytest.mark.parametrize(("status", "kept"), [("playing", True), ("waiting", False)])
def test_leaving_the_lobby_keeps_a_seat_at_a_match_begun(tmp_path, status, kept):
    """Leaving the lobby gives up a hosted table still waiting for friends, never the seat
    at one whose match has begun (a host on the way back to it who changed their mind)."""
    from types import SimpleNamespace

    from scopa.net.codes import new_code

    code = new_code()
    store = Store(tmp_path)
    store.hold_seat(HeldSeat("ws://127.0.0.1:9", code, 0, "token", hosted=True))
    game = open_game(store)
    try:
        lobby = game.open("lobby", mode="join", address=f"ws://127.0.0.1:9/{code}", player="A")
        lobby.session.close()
        client = SimpleNamespace(table={"status": status})
        link = SimpleNamespace(close=lambda: None, client=client)
        lobby.session.seated = SimpleNamespace(
            ticket=SimpleNamespace(code=code, seat=0), link=link, others=[], close=link.close
        )
        lobby.back()
        assert bool(store.load_seats()) is kept
    finally:
        game.close()


def test_a_damaged_list_of_seats_is_told_when_the_title_opens(tmp_path):
    """The title reads the seats held (a match at a table hosted here may wait): a list
    that cannot be read is kept aside and said at once, not first under Play online."""
    store = Store(tmp_path)
    store.seats_path.parent.mkdir(parents=True, exist_ok=True)
    store.seats_path.write_text("not a list of seats")
    game = open_game(store)
    try:
        game.frame(1 / 30, [])
        shown = [toast.text for toast in game.toasts.shown()]
        assert any("seats.json.bak" in text for text in shown), shown
        assert not game.stack.top.table_waits
        assert store.seats_path.with_name("seats.json.bak").exists()
    finally:
        game.close()


def test_a_hosted_match_the_friends_finished_with_the_computer_is_not_said_to_wait(
    tmp_path, monkeypatch
):
    """Anna left the table she hosts; Bruno let the computer play her seat and finished
    the match. Her title still said the match waited for her, until Join said it was over."""
    import functools

    from scopa.net.protocol import Limits
    from scopa.net.server import GameServer

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    server = functools.partial(GameServer, limits=Limits(away_grace=0.2))
    monkeypatch.setattr("scopa.app.hosting.GameServer", server)
    store = Store(tmp_path / "anna")
    game = open_game(store)
    friend = None
    try:
        _, friend = host_with_a_friend(game)
        game.home()  # Anna leaves the table
        assert game.stack.top.table_waits
        deadline = time.monotonic() + 20
        while True:
            try:
                friend.submit(friend.client.hand_over(0)).result(10)
                break
            except Exception:  # not away long enough yet
                assert time.monotonic() < deadline
                time.sleep(0.1)
        play_out(friend)
        frame(game)
        assert not game.stack.top.table_waits
        game.home()
        assert not game.stack.top.table_waits
        assert store.load_seats() == []
        assert game.t("online.table_waits_title") not in [t.text for t in game.toasts.shown()]
    finally:
        if friend is not None:
            friend.close()
        game.close()


def test_a_player_back_at_the_table_mid_match_is_not_told_a_round_began_without_them(
    tmp_path, friends_table
):
    """Back at the table after the game closed in round 2, the player was told "The next
    round has begun at your table: Next round takes you back to it", over the table itself:
    the rounds before were taken for score sheets left unread."""
    server, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    bruno = seat_held(server, address, store)
    try:  # round 1 played out, round 2 begun, then Bruno's window closes
        play_until([anna, bruno], lambda number, update: update.observation.round_no == 2)
    finally:
        bruno.close()
    game = open_game(store)
    try:
        table = join_from_the_menus(game, address)
        assert len(table.coordinator.rounds) == 1
        for _ in range(30):
            frame(game)
        assert not table.coordinator.round_began_without_me()
        began = game.t("online.round_began")
        assert began not in [toast.text for toast in game.toasts._toasts]
    finally:
        game.close()


@pytest.mark.parametrize("squatted", [False, True], ids=["nothing_there", "another_server"])
def test_a_table_the_host_moved_is_found_by_its_code_and_the_seat_taken_back(
    tmp_path, monkeypatch, squatted
):
    """The host's game came back on another port (its own was taken meanwhile): the
    friends' windows kept trying the old address,
    "Connection lost" for ever. They now look for the table by its code on the network,
    and take the seat back where it is."""
    from scopa.app.hosting import LocalServer
    from scopa.app.online import grouped

    from ..net.helpers import free_port
    from ..net.test_discovery import free_udp_port

    monkeypatch.setattr("scopa.net.client.LOOK_AFTER", 0.3)
    monkeypatch.setattr("scopa.net.client.LOOK_EVERY", 0.3)
    udp = free_udp_port()
    before = LocalServer(tmp_path / "anna", port=free_port(), discovery=udp)
    before.start()
    anna = BackgroundClient(before.local_address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    code = anna.submit(anna.client.create(Rules(), seats, "Anna", 0)).result(20).code
    store = Store(tmp_path / "bruno")
    game = open_game(store)
    after = squatter = None
    try:
        table = join_from_the_menus(game, f"{before.local_address}/{grouped(code)}")
        coordinator = table.coordinator
        coordinator.link.client.discovery = udp
        anna.close()
        before.stop()
        run_until(game, lambda: not coordinator.online)
        if squatted:  # another game's server took the old port: it holds no such table
            squatter = LocalServer(tmp_path / "other", port=before.port, discovery=free_udp_port())
            squatter.start()
        after = LocalServer(tmp_path / "anna", port=free_port(), discovery=udp)
        after.start()
        run_until(game, lambda: coordinator.online and coordinator.ticket.server.endswith(
            f":{after.port}"))  # fmt: skip
        assert coordinator.seat == 1
        told = game.t("online.found_elsewhere", asked=before.local_address,
                      found=coordinator.ticket.server)  # fmt: skip
        run_until(game, lambda: told in [toast.text for toast in game.toasts.shown()])
        (held,) = store.load_seats()
        assert held.server == coordinator.ticket.server and held.code == code
        assert game.settings.online_address.endswith(f":{after.port}/{grouped(code)}")
    finally:
        game.close()
        for server in (after, squatter):
            if server is not None:
                server.stop()


def back_after_the_match(friends_table, store: Store) -> App:  # noqa: ANN001
    """Bruno plays the match out with Anna, his game closing on the final sheet (his
    seat kept in ``store``); his game opened again and back on that sheet by Join."""
    server, anna, address = friends_table
    bruno = seat_held(server, address, store)
    try:
        play_out(anna, bruno)
    finally:
        bruno.close()
    game = open_game(store)
    back_to_the_final_sheet(game, address)
    return game


def back_to_the_final_sheet(game: App, address: str) -> None:
    join_at(game, address)
    run_until(game, lambda: isinstance(game.stack.top, ScoringScene))
    game.stack.top.age = 10.0  # read: it takes clicks


def test_a_friend_whose_game_closed_on_the_final_sheet_comes_back_to_it_for_the_rematch(
    tmp_path, friends_table
):
    """Bruno's game closed on the final sheet while Anna was still there: the rematch
    was off for good, his seat forgotten, and joining again said only that the match was
    over. His seat is kept, the final sheet comes back, and the rematch can start."""
    _, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    game = back_after_the_match(friends_table, store)
    try:
        sheet = game.stack.top
        assert sheet.match.over and game.matches.current.seat == 1
        # no review of plays this game never saw: the sheet says why there is none
        assert sheet.review_button is None and sheet.review_missed
        drawn: list[str] = []
        sheet.form.hover = sheet.form.focus = None  # no button's hint in its place
        with style.watch_text(lambda text: drawn.append(text.words)):
            sheet.draw(game.screen)
        assert game.t("sheet_review_missed") in drawn, drawn
        rematch = sheet.buttons[-1]
        assert rematch.text() == game.t("rematch") and rematch.enabled
        anna.submit(anna.client.rematch()).result(10)
        click(game, rematch)
        run_until(game, lambda: anna.client.table and anna.client.table.get("next"))
        anna.submit(anna.client.rejoin(anna.client.ticket)).result(10)
        table_opens(game)
        again = game.stack.top
        code = anna.client.ticket.code
        assert again.coordinator.ticket.code == code and again.match.totals == (0, 0)
        assert [held.code for held in store.load_seats()] == [code]
    finally:
        game.close()


def test_a_friend_who_leaves_the_final_sheet_forgets_the_table(tmp_path, friends_table):
    """Main menu from the final sheet: the seat kept there for a rematch is forgotten, and
    the table's address no longer offered."""
    _, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    game = back_after_the_match(friends_table, store)
    try:
        assert store.load_seats()
        click(game, game.stack.top.buttons[0])  # Main menu
        assert store.load_seats() == [] and game.settings.online_address == ""
        # Anna is told he plays no rematch, rather than wait for him to come back
        run_until(game, lambda: anna.client.table["seats"][1].get("declined") is True)
    finally:
        game.close()


def test_leaving_the_final_sheet_with_the_host_gone_does_not_freeze_the_window(
    tmp_path, friends_table
):
    """The host's game closed once the match was over: Main menu from the final sheet
    waited on the dead link for its timeout, the window frozen two seconds (per person
    at a shared screen). It goes to the title at once, the seat forgotten."""
    server, _, _ = friends_table
    store = Store(tmp_path / "bruno")
    game = back_after_the_match(friends_table, store)
    try:
        current = game.matches.current
        assert current.match.over
        server.stop()
        run_until(game, lambda: not current.online)
        started = time.monotonic()
        click(game, game.stack.top.buttons[0])  # Main menu
        took = time.monotonic() - started
        assert game.stack.top.__class__.__name__ == "TitleScene"
        assert took < 0.5, f"one frame took {took:.2f} s"
        assert store.load_seats() == []
    finally:
        game.close()


def test_two_people_whose_game_closed_on_the_final_sheet_come_back_to_it(tmp_path):
    """Two people at one screen, their game closed on the final sheet: Join left them in
    the lobby, every seat ready and nothing to wait for (the second seat's final position
    was never taken as one to open)."""
    from scopa.app.hosting import LocalServer
    from scopa.app.remote import SharedScreen

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    store = Store(tmp_path / "couple")
    here: list[BackgroundClient] = []
    try:
        seats = [{"kind": "human"}] * 3
        ticket = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
        for name in ("Bruno", "You"):
            link = BackgroundClient(server.local_address)
            taken = link.submit(link.client.join(ticket.code, name)).result(20)
            store.hold_seat(HeldSeat(taken.server, taken.code, taken.seat, taken.token))
            here.append(link)
        play_out(anna, *here, seconds=120)
    finally:
        for link in here:
            link.close()
    game = open_game(store)
    try:
        back_to_the_final_sheet(game, f"{server.local_address}/{ticket.code}")
        coordinator = game.matches.current
        assert isinstance(coordinator, SharedScreen) and coordinator.humans == (1, 2)
        assert game.stack.top.match.over and game.stack.top.buttons[-1].enabled
    finally:
        game.close()
        anna.close()
        server.stop()


def named_at(game: App, address: str, name: str) -> None:
    """Play online (from the title, or on it already) with ``name`` typed, the table's
    ``address`` given, Join."""
    if hasattr(game.stack.top, "online"):
        click(game, game.stack.top.online)
    online = game.stack.top
    online.name, online.name_given = name, False
    online.address = address
    click(game, online.join_button)


def seat_names(client: BackgroundClient) -> list[str]:
    return [info.get("name") for info in (client.client.table or {}).get("seats", [])]


def test_a_name_put_right_after_leaving_the_lobby_is_taken_back_with_the_seat(
    tmp_path, table_of_three
):
    """A friend joined as "Niccol", left the waiting room, put the name right and joined
    again: the seat came back under "Niccol" in every window, the new name dropped with
    no word. While the table waits for its players, the seat takes the name typed."""
    _, anna, _, address = table_of_three
    game = open_game(Store(tmp_path / "niccolo"))
    try:
        named_at(game, address, "Niccol")
        lobby = game.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(game, lambda: "Niccol" in seat_names(anna))
        lobby.back()  # Leave: the seat stays held for the way back
        named_at(game, address, "Niccolò")
        lobby = game.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(game, lambda: "Niccolò" in seat_names(anna))
        assert "Niccol" not in seat_names(anna)
        assert len([name for name in seat_names(anna) if name]) == 2  # the same seat
    finally:
        game.close()


def test_a_name_typed_anew_past_the_match_s_start_is_said_kept(tmp_path, friends_table):
    """Back at a match begun under another name than the one typed: the table keeps the
    name the players know, and the player is told so (it was dropped with no word)."""
    _, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    game = open_game(store)
    try:
        table = join_from_the_menus(game, address)
        seat = table.coordinator.seat
        name = seat_names(anna)[seat]
        game.close()

        game = open_game(Store(tmp_path / "bruno"))
        named_at(game, address, "Lucia")
        run_until(game, lambda: isinstance(game.stack.top, TableScene))
        assert seat_names(anna)[seat] == name
        told = [toast.text for toast in game.toasts.shown()]
        assert game.t("online.name_kept", name=name) in told
    finally:
        game.close()
        pygame.display.quit()


def test_a_friend_closing_the_window_mid_match_is_asked_first(tmp_path, friends_table):
    """A friend's window closed by mistake in the middle of a match ended the game with no
    question (its host was asked): the others waited for them at their turn. The window's
    close button asks; No keeps the table; asked again, it quits."""
    from .test_online import closing_asks

    _, _, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        closing_asks(game, "online.quit_seated_question", table)
        frame(game, pygame.event.Event(pygame.WINDOWCLOSE))
        click(game, game.stack.top.yes_button)
        assert not game.running
    finally:
        game.close()
        pygame.display.quit()


def test_a_name_refused_before_the_table_is_heard_is_told_all_the_same():
    """The server answers the rename before its table frame names the seat: the name kept
    was looked for in a table not yet heard, and the player was told nothing (seen in a
    real window). The name typed is kept as refused; the table says the seat's name later."""
    import concurrent.futures
    from types import SimpleNamespace

    from scopa.app.online import OnlineSession, Seated
    from scopa.net.client import ServerError

    async def refused(name: str) -> str:
        raise ServerError("begun", "the match has begun")

    def submit(job):  # noqa: ANN001, ANN202
        future: concurrent.futures.Future[str] = concurrent.futures.Future()
        try:
            job.send(None)
        except ServerError as error:
            future.set_exception(error)
        return future

    client = SimpleNamespace(table=None, rename=refused)  # no table frame heard yet
    link = SimpleNamespace(client=client, submit=submit)
    seated = Seated(link, SimpleNamespace(seat=1), "", "")  # type: ignore[arg-type]
    session = OnlineSession()
    try:
        session._take_name(seated, "Annalisa")
        assert session.name_refused == "Annalisa"
    finally:
        session.close()


def test_a_friend_whom_nobody_waits_for_quits_without_a_question(tmp_path, friends_table):
    """The question of a window closed mid-match says the friends wait: asked once the
    host had ended the match (or the computer played the seat), it said what was not so."""
    _, _, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        coordinator = table.coordinator
        coordinator.stood_in_for_me = lambda: True  # the friends handed the seat over
        assert not game.matches.seat_left_on_quit()
        del coordinator.stood_in_for_me
        assert game.matches.seat_left_on_quit()
        coordinator.ended = True  # the host ended it for good
        frame(game, pygame.event.Event(pygame.WINDOWCLOSE))
        assert not game.running
    finally:
        game.close()
        pygame.display.quit()


def test_a_name_the_table_numbered_is_the_name_typed():
    """A second "Luca" at a table is "Luca 2" there: taking the seat back typed "Luca"
    was told the name was kept as "Luca 2", as if another had been typed."""
    from scopa.app.online import same_name

    assert same_name("Luca", "Luca") and same_name("Luca 2", "Luca")
    assert same_name("Bartolomeo Colleoni V 2", "Bartolomeo Colleoni Vene")  # cut for it
    assert not same_name("Lucia", "Luca") and not same_name("Anna", "Annalisa")
    assert not same_name("Luca 2", "Lucia")


def test_the_players_are_told_when_someone_comes_to_watch_their_table(
    tmp_path, friends_table
) -> None:
    """Anyone with a table's code may watch it (public cards only): a stranger on the
    network followed a friends' match for a whole round, and no window said anybody
    watched. The players are told as someone comes, and how many watch."""
    _, anna, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    watcher = BackgroundClient(address.rsplit("/", 1)[0])
    try:
        table = join_from_the_menus(game, address)
        told = game.t("table.watched", n=1)
        assert told not in [toast.text for toast in game.toasts.shown()]
        watcher.submit(watcher.client.watch(address.rsplit("/", 1)[1])).result(20)
        run_until(game, lambda: table.words.watching() == 1)
        game.frame(1 / 30, [])
        assert told in [toast.text for toast in game.toasts.shown()]
        watcher.close()
        run_until(game, lambda: table.words.watching() == 0)
    finally:
        watcher.close()
        game.close()
