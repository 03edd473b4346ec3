"""Choosing a seat in the lobby: seats go in the order people come, so while the table
waits for its players anyone may take a free seat instead of their own, to sit beside a
partner; with several people at one screen, each can be moved. People joining together
from one screen sit on the same side."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from scopa.app import style
from scopa.app.remote import SharedScreen
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.app.toasts import worded
from scopa.engine import Rules
from scopa.net.client import BackgroundClient, ServerError
from scopa.net.codes import parse_address

from .menu_helpers import click, frame, press, type_text
from .test_online import run_until, start_shown, table_opens


def table_address(lobby: LobbyScene):  # noqa: ANN201
    """The address of the lobby's table, and the one this computer reaches its server at."""
    address = parse_address(lobby.session.seated.address)
    return address, f"ws://127.0.0.1:{address.server.rsplit(':', 1)[1]}"


def host_lobby(  # noqa: ANN201
    app,
    monkeypatch,
    players: int,
    friends: int,
    here: int,
    name: str | None = None,  # noqa: ANN001
    *,
    teams: bool = True,
):
    """The game hosts a table of ``players`` from Play online, for ``friends`` and ``here``
    more people at this screen (``name`` typed, else the game's): its lobby."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(
        animation_speed="instant", tutorial_done=True, rules=Rules(players=players, teams=teams)
    )
    online = app.open("online")
    frame(app)
    assert isinstance(online, OnlineScene)
    online.friends, online.here = friends, here
    if name is not None:
        online.name, online.name_given = name, False
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


@contextmanager
def friends_table(  # noqa: ANN201
    tmp_path,
    players: int,
    seat: int = 0,
    rules: Rules | None = None,
    **create: object,  # noqa: ANN001
):
    """Anna's table of ``players`` humans at a server of its own, Anna in ``seat`` (of
    ``rules``, else the classic game's): her client and the table's ticket (closed after)."""
    from scopa.app.hosting import LocalServer

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}] * players
        rules = rules or Rules(players=players)
        job = anna.client.create(rules, seats, "Anna", seat, **create)
        yield anna, anna.submit(job).result(20)
    finally:
        anna.close()
        server.stop()


def join_from_menu(app, ticket, here: int, name: str | None = None) -> LobbyScene:  # noqa: ANN001
    """This window joins the table of ``ticket`` from Play online with ``here`` more
    people (as ``name``, else the game's): its lobby."""
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    online = app.open("online")
    frame(app)
    online.here = here
    if name is not None:
        online.name, online.name_given = name, False
    online.address = f"{ticket.server}/{ticket.code}"
    click(app, online.join_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def rows_of(lobby: LobbyScene) -> list[str]:
    return [lobby.seat_words(info)[0] for info in (lobby.session.table or {}).get("seats", [])]


@contextmanager
def friends_seated(lobby: LobbyScene, names: tuple[str, ...]) -> Iterator[list[BackgroundClient]]:
    """Friends called ``names`` take the free seats of the lobby's table, each on a link of
    its own, let go at the end."""
    address, local = table_address(lobby)
    friends = [BackgroundClient(local) for _ in names]
    try:
        for name, friend in zip(names, friends, strict=True):
            friend.submit(friend.client.join(str(address.code), name)).result(20)
        yield friends
    finally:
        for friend in friends:
            friend.close()


def test_people_here_move_to_the_seats_they_choose_before_the_match_begins(app, monkeypatch):
    """A host and a person beside them at a table of four in teams, two friends awaited:
    the person here moves to seat 4 and the host to seat 2; they play there, their seats
    held where they moved, and nobody is offered a seat once the match has begun."""
    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 4, friends=2, here=1)
    run_until(app, lambda: len((lobby.session.table or {}).get("seats", [])) == 4)
    assert rows_of(lobby) == ["Player 1 (you)", "Free", "Player 3 (here)", "Free"]
    run_until(app, lambda: ("sit", 3) in lobby.seat_buttons)
    assert set(lobby.seat_buttons) == {
        ("sit", 1), ("sit", 3), ("mover", 0), ("mover", 2), ("computer", 1), ("computer", 3)
    }  # fmt: skip
    assert lobby.moving_seat == 0  # the host moves unless another is chosen
    click(app, lobby.seat_buttons[("mover", 2)])
    assert lobby.moving_seat == 2
    click(app, lobby.seat_buttons[("sit", 3)])
    run_until(app, lambda: rows_of(lobby)[3] == "Player 4 (here)")
    assert rows_of(lobby) == ["Player 1 (you)", "Free", "Free", "Player 4 (here)"]
    assert lobby.moving_seat == 3  # the choice went along with the person
    click(app, lobby.seat_buttons[("mover", 0)])
    click(app, lobby.seat_buttons[("sit", 1)])
    run_until(app, lambda: rows_of(lobby)[1] == "Player 2 (you)")
    run_until(app, lambda: lobby.session.moving is None)
    assert rows_of(lobby) == ["Free", "Player 2 (you)", "Free", "Player 4 (here)"]
    code = lobby.session.seated.ticket.code
    held = sorted((h.seat, h.hosted) for h in app.store.load_seats() if h.code == code)
    assert held == [(1, True), (3, True)]
    address, local = table_address(lobby)
    friends = [BackgroundClient(local) for _ in range(2)]
    try:
        for name, friend in zip(("Anna", "Bruno"), friends, strict=True):
            friend.submit(friend.client.join(str(address.code), name)).result(20)
        table_opens(app)
        table = app.stack.top
        coordinator = table.coordinator
        assert isinstance(coordinator, SharedScreen) and coordinator.humans == (1, 3)
        assert [table.seats.seat_name(n) for n in range(4)] == [
            "Anna",
            "Player 2",
            "Bruno",
            "Player 4",
        ]
        assert not lobby.seat_buttons  # the match begun: no seat is offered
    finally:
        for friend in friends:
            friend.close()
        app.home()


def test_a_seat_taken_meanwhile_is_said_and_nothing_moves(app, monkeypatch):
    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0)
    run_until(app, lambda: ("sit", 2) in lobby.seat_buttons)
    assert ("mover", 0) not in lobby.seat_buttons  # alone here: nobody to choose
    address, local = table_address(lobby)
    friend = BackgroundClient(local)
    try:  # seat 2 goes to a friend the moment before the host's click reaches the server
        friend.submit(friend.client.join(str(address.code), "Anna", seat=2)).result(20)
        lobby.sit(2)
        run_until(app, lambda: lobby.session.moving is None)
        # said beside Leave, in the lobby's own words: a toast covered its heading
        assert lobby.field_note() == app.t("online.seat_gone") and not app.toasts
        assert lobby.session.seated.ticket.seat == 0
        assert [h.seat for h in app.store.load_seats()] == [0]
    finally:
        friend.close()
        app.home()


def test_two_people_joining_from_one_screen_sit_on_the_same_side(app, tmp_path):
    """A friend's table of four in teams with the friend at seat 1: this screen joins with
    one more person. They sat at seats 1 and 2, on opposite sides; now at 1 and 3."""
    with friends_table(tmp_path, 4, seat=1) as (_, ticket):
        app.settings = app.settings.with_(online_here_names=("Luca",))  # typed last time
        lobby = join_from_menu(app, ticket, here=1)
        run_until(app, lambda: lobby.session.seated is not None)
        seated = lobby.session.seated
        assert [seated.ticket.seat, *(o.ticket.seat for o in seated.others)] == [0, 2]
        run_until(app, lambda: lobby._table_name(2) == "Luca")  # by the name typed before
        app.home()


def test_the_people_here_are_given_the_names_typed_on_their_rows(app, monkeypatch):
    """The host types the name of the person beside them on that person's row: the table
    names them so (numbered if someone goes by it), and the match calls them by it."""
    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 3, friends=1, here=1, name="Marta")
    run_until(app, lambda: 2 in lobby.name_fields)
    assert set(lobby.name_fields) == {2}  # the host's own name was typed on Play online
    field = lobby.name_fields[2]
    assert field.get() == "Player 3"
    click(app, field)
    type_text(app, "Marta")  # the game's name is replaced, not added to
    assert field.get() == "Marta"
    press(app, pygame.K_RETURN)
    # (the field takes the table's name in the frame after the one that heard it)
    run_until(app, lambda: lobby._table_name(2) == "Marta 2" and field.get() == "Marta 2")
    assert rows_of(lobby)[2] == "Marta 2 (here)"
    # the name was changed by the table: the player is told why
    assert lobby.field_note() == app.t("online.name_numbered", typed="Marta", name="Marta 2")
    click(app, field)
    press(app, pygame.K_a, pygame.KMOD_CTRL)  # a name typed is added to, unless marked
    type_text(app, "Giocatore 2")  # the game's name for the friend's seat, in Italian
    press(app, pygame.K_RETURN)
    assert lobby.field_note() == app.t("online.name_of_a_seat")
    assert lobby._table_name(2) == "Marta 2" and not lobby.names_sent  # not sent
    click(app, field)
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    type_text(app, "Luca")
    press(app, pygame.K_ESCAPE)  # the typing ends: the name is sent, the lobby stays
    assert app.stack.top is lobby
    run_until(app, lambda: lobby._table_name(2) == "Luca")
    address, local = table_address(lobby)
    friend = BackgroundClient(local)
    try:
        friend.submit(friend.client.join(str(address.code), "Bruno")).result(20)
        table_opens(app)
        table = app.stack.top
        assert [table.seats.seat_name(n) for n in range(3)] == ["Marta", "Bruno", "Luca"]
        assert not lobby.name_fields
    finally:
        friend.close()
        app.home()
    # the next evening the same people sit here: the name typed is theirs at once
    assert app.settings.online_here_names == ("Luca",)
    assert app.store.load_settings().online_here_names == ("Luca",)
    online = app.open("online")
    frame(app)
    online.friends, online.here = 1, 1
    assert online.seats_here() == {2: "Luca"}  # the seats the table is asked for
    app.home()


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        (("\ufdfd" * 12, "Ada \ufdfd"), ("Giocatore 2", "Ada")),
        (("李雷", "山田 さくら"), ("李雷", "山田 さくら")),
    ],
    ids=["boxes", "chinese and japanese"],
)
def test_a_friend_s_name_is_shown_as_far_as_this_window_can_draw_it(app, monkeypatch, names, shown):
    """A friend called by letters no font of the game's draws showed as a row of boxes on
    every screen: nobody could tell who they were. Such letters are left out, and a name
    with nothing left of it is the game's name for the seat. Friends named 李雷 and 山田
    were such names once: the game's fonts have their letters now."""
    app.settings = app.settings.with_(language="en")
    app.set_language("it")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0, name="Marta")
    run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
    address, local = table_address(lobby)
    friends = [BackgroundClient(local) for _ in range(2)]
    try:
        friends[0].submit(friends[0].client.join(str(address.code), names[0])).result(20)
        run_until(app, lambda: rows_of(lobby)[1] != "Libero")
        assert rows_of(lobby)[1] == shown[0]
        friends[1].submit(friends[1].client.join(str(address.code), names[1])).result(20)
        table_opens(app)
        table = app.stack.top
        assert [table.seats.seat_name(n) for n in range(3)] == ["Marta", *shown]
    finally:
        for friend in friends:
            friend.close()
        app.home()


def test_a_friend_named_with_an_invisible_mark_leaves_every_window_standing(app, monkeypatch):
    """A friend joined as "Anna❤️", as a phone writes a heart (U+2764, then U+FE0F, a mark
    that draws nothing): the host's window could not make the mark's picture and stopped,
    and the table's server with it. The mark is left out as a letter the fonts lack (the
    heart is DejaVu's)."""
    from scopa.app.online import legible

    app.set_language("en")
    lobby = host_lobby(app, monkeypatch, 2, friends=1, here=0, name="Marta")
    run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
    address, local = table_address(lobby)
    friend = BackgroundClient(local)
    try:
        friend.submit(friend.client.join(str(address.code), "Anna\u2764\ufe0f")).result(20)
        table_opens(app)
        assert app.stack.top.seats.seat_name(1) == "Anna\u2764"
    finally:
        friend.close()
        app.home()
    shown = legible(app.font)
    assert shown("W" * 200_000, 0) == "W" * 24  # a server's name is cut to a name's length


def test_the_last_to_join_with_someone_here_names_them_before_the_host_starts(app, tmp_path):
    """A couple joining the last two seats went straight to the dealt table: the second
    person stayed "Player 4" all match. The host now starts the match once everyone is
    there, and meanwhile the couple names the second person."""
    with friends_table(tmp_path, 3, start=True) as (anna, ticket):
        lobby = join_from_menu(app, ticket, here=1, name="Bruno")
        run_until(app, lambda: lobby.full and 2 in lobby.name_fields)
        assert app.stack.top is lobby and not lobby.startable  # Anna starts it, not Bruno
        assert lobby._status()[0] == "Everyone is here: Anna starts the match"
        click(app, lobby.name_fields[2])
        type_text(app, "Carla")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: lobby._table_name(2) == "Carla")
        # the pointer still over the field, that keeps the focus: the news, not its hint
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            frame(app)
        assert lobby.form.hover is lobby.name_fields[2]
        assert "Everyone is here: Anna starts the match" in [text.words for text in drawn]
        anna.submit(anna.client.begin()).result(20)
        table = table_opens(app)
        assert [table.seats.seat_name(n) for n in range(3)] == ["Anna", "Bruno", "Carla"]
        app.home()


def test_the_host_starts_the_match_once_everyone_is_here(app, monkeypatch):
    """The host's lobby offers Start only when every seat is taken, with the keyboard's
    focus on it; the match is dealt when it is pressed, not as the last friend sits."""
    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0)
    run_until(app, lambda: lobby.session.table and lobby.awaited == 2)
    assert lobby.start_button not in lobby.form.widgets
    with friends_seated(lobby, ("Anna", "Bruno")) as friends:
        run_until(app, lambda: start_shown(lobby))
        frame(app)
        assert lobby.start_button in lobby.form.widgets and lobby.form.focus is lobby.start_button
        friends[1].close()  # Bruno's game closed in the lobby: the host sees he is gone
        seats = lambda: (lobby.session.table or {}).get("seats", [])  # noqa: E731
        run_until(app, lambda: lobby.seat_words(seats()[2])[1] == app.t("table.away"))
        assert lobby.seat_words(seats()[1])[1] == app.t("online.ready")
        # not "Everyone is here" over a seat marked away: the match would wait for him
        words = app.t("online.all_taken_away_start", names="Bruno")
        assert lobby._status()[0] == words

        for size in ((960, 540), (1280, 720)):
            app.resize(size)
            drawn: list[style.Drawn] = []
            with style.watch_text(drawn.append):
                frame(app)
            (said,) = [text for text in drawn if text.words == words]
            assert not said.used.colliderect(lobby.start_button.rect)  # it was written under it
            assert not said.cut and not said.elided, said.lines
        for _ in range(20):  # nobody is dealt a card before the host says so
            frame(app)
        assert app.stack.top is lobby
        press(app, pygame.K_RETURN)
        table = table_opens(app)
        assert table.match.at == 0 and len(table.match.observation.hand) == 3
    app.home()


@pytest.mark.parametrize("shared", [False, True], ids=["own server", "shared server"])
def test_a_host_who_leaves_the_lobby_closes_the_table_for_the_friends_there(
    app, monkeypatch, tmp_path, shared
):
    """The host left the lobby with a friend seated: the table stayed open, the next friend
    filled it, and the match was dealt with the host's seat away and nobody to come back
    to it. The friends waiting are told the host closed it; nobody can sit there after."""
    from scopa.app.hosting import LocalServer

    app.settings = app.settings.with_(language="en")
    running = None
    if shared:  # the game's server runs on after the lobby, for another table hosted here
        running = LocalServer(tmp_path / "served", port=0)
        running.start()
        monkeypatch.setattr(app.matches, "hosted_server", lambda: running)
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0)
    run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
    address, local = table_address(lobby)
    anna, bruno = [BackgroundClient(local) for _ in range(2)]
    try:
        anna.submit(anna.client.join(str(address.code), "Anna")).result(20)
        run_until(app, lambda: lobby.hosts_friends)
        click(app, lobby.leave_button)  # asked first: the friend there loses the table
        confirm = app.stack.top
        assert confirm is not lobby and confirm.question() == app.t("online.close_table_question")
        click(app, confirm.yes_button)
        assert app.stack.top is not lobby and lobby not in app.stack
        deadline = time.monotonic() + 10
        told: list[str] = []
        while not told and time.monotonic() < deadline:
            told = [item.code for item in anna.poll() if isinstance(item, ServerError)]
            frame(app)
            time.sleep(0.01)
        assert told == ["ended"]
        assert not [held for held in app.store.load_seats() if held.code == address.code]
        if shared:  # still served, the table refuses the friend who comes next
            refused = bruno.submit(bruno.client.join(str(address.code), "Bruno"))
            with pytest.raises(ServerError) as error:
                refused.result(20)
            assert error.value.code == "closed"  # before its match began
    finally:
        anna.close()
        bruno.close()
        app.home()
        if running is not None:
            running.stop()


def test_the_host_removes_a_friend_from_the_lobby_and_the_friend_is_told(
    app, monkeypatch, tmp_path
):
    """Nobody could be taken off a table waiting for its players (a stranger with the
    code, a friend in the seat meant for another): the host's lobby has Remove on each
    friend's row; the friend's lobby says the host took them off, and their game keeps no
    seat there to go back to."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0)
    run_until(app, lambda: lobby.session.table and lobby.awaited == 2)
    address, local = table_address(lobby)
    store = Store(tmp_path / "guest")
    guest = App(store, size=(960, 540), scenes=default_scenes())
    guest.settings = guest.settings.with_(
        language="en", animation_speed="instant", tutorial_done=True
    )
    guest.home()
    click(guest, guest.stack.top.online)
    online = guest.stack.top
    online.address = f"{local}/{address.code}"
    click(guest, online.join_button)
    waiting = guest.stack.top
    assert isinstance(waiting, LobbyScene)
    run_until(guest, lambda: waiting.session.seated is not None)
    seat = waiting.session.seated.ticket.seat
    assert [held.code for held in store.load_seats()] == [str(address.code)]
    run_until(app, lambda: ("remove", seat) in lobby.seat_buttons)
    assert [key for key in lobby.seat_buttons if key[0] == "remove"] == [("remove", seat)]
    assert ("remove", 0) not in lobby.seat_buttons  # the host's own row has none
    click(app, lobby.seat_buttons[("remove", seat)])  # asked first: one click is no slip
    confirm = app.stack.top
    assert confirm.question() == "Remove Player 2 from the table?"
    frame(app)
    assert not waiting.session.error_code
    click(app, confirm.yes_button)

    def told() -> bool:
        frame(app)
        return waiting.session.error_code == "removed"

    run_until(guest, told)
    assert waiting._trouble() == guest.t("online.removed_by_host")
    assert store.load_seats() == []  # no seat kept to go back to
    # the old table is gone from the friend's lobby: no seats, no Sit here, no address
    frame(guest)
    assert waiting.nothing_to_show and not waiting.seat_buttons
    assert waiting.copy_button not in waiting.form.widgets
    assert waiting._status()[0] == guest.t("online.removed_by_host")
    run_until(app, lambda: rows_of(lobby)[seat] == app.t("online.empty"))
    assert ("remove", seat) not in lobby.seat_buttons
    guest.home()
    app.home()


def test_a_refused_remove_or_name_is_told_in_its_own_words(app, monkeypatch):
    """A Remove the server refused (the friend moved or left meanwhile) was told as "The
    seat could not be changed", a seat change the host never asked for; so was a name
    refused. A friend who moved while the host was asked is not removed from the seat
    they left, nor from the one they took."""
    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 4, friends=3, here=0, teams=False)
    run_until(app, lambda: lobby.session.table and lobby.awaited == 3)
    address, local = table_address(lobby)
    friends = [BackgroundClient(local) for _ in range(2)]
    try:
        for name, friend in zip(("Anna", "Bruno"), friends, strict=True):
            friend.submit(friend.client.join(str(address.code), name)).result(20)
        run_until(app, lambda: ("remove", 2) in lobby.seat_buttons)
        lobby.session.remove(3)  # nobody sits there: the server refuses
        run_until(app, lambda: lobby.field_note() != "")
        assert lobby.field_note() == "Nobody was removed: the player in that seat had moved or left"
        click(app, lobby.seat_buttons[("remove", 2)])
        confirm = app.stack.top
        assert confirm.question() == "Remove Bruno from the table?"
        friends[1].submit(friends[1].client.sit(3)).result(20)  # Bruno moves meanwhile
        run_until(app, lambda: rows_of(lobby)[3] == "Bruno")
        lobby._field_note = None
        click(app, confirm.yes_button)
        assert lobby.field_note() == app.t("online.not_removed")
        for _ in range(20):
            frame(app)
        assert rows_of(lobby)[1:] == ["Anna", app.t("online.empty"), "Bruno"]
        lobby.session.rename_refused = "bad_message"
        frame(app)
        assert lobby.field_note() == "The name could not be changed: try again"
    finally:
        for friend in friends:
            friend.close()
        app.home()


def test_a_person_here_the_host_removes_leaves_this_screen_s_lobby_too(app, tmp_path):
    """Anna hosts; Carla joins from this screen with one more person, whom Anna removes.
    This window kept that person's row with its name field and, once Bruno took the seat,
    showed Bruno in it as "(here)"; when the match began it stayed in the lobby ("Waiting
    for 0 more"), its seats never let go. Now it says so, lets the seat go, and goes to the
    table with the others."""
    with friends_table(tmp_path, 3, start=True) as (anna, ticket):
        lobby = join_from_menu(app, ticket, here=1, name="Carla")
        run_until(app, lambda: lobby.full and 2 in lobby.name_fields)
        click(app, lobby.name_fields[2])  # the name of the person here, being typed
        type_text(app, "Dario")
        anna.submit(anna.client.remove(2)).result(20)
        run_until(app, lambda: 2 not in lobby.name_fields)
        assert lobby.field_note() == (
            "The host took the person here in seat 3 off the table. To seat them again: Leave,"
            " then Join together"
        )
        assert lobby.session.seated.others == []
        assert [held.seat for held in app.store.load_seats()] == [1]
        assert rows_of(lobby) == ["Anna", "Carla (you)", app.t("online.empty")]
        bruno = BackgroundClient(ticket.server)
        try:
            bruno.submit(bruno.client.join(str(ticket.code), "Bruno")).result(20)
            run_until(app, lambda: lobby.full)
            assert rows_of(lobby) == ["Anna", "Carla (you)", "Bruno"]
            anna.submit(anna.client.begin()).result(20)
            deadline = time.monotonic() + 20  # the news is in before this window looks
            while (lobby.session.table or {}).get("status") == "waiting":
                assert time.monotonic() < deadline
                time.sleep(0.01)
            assert lobby._status()[0] == "The match begins…"  # never "Waiting for 0 more"
            table = table_opens(app)
            assert [table.seats.seat_name(n) for n in range(3)] == ["Anna", "Carla", "Bruno"]
        finally:
            bruno.close()
            app.home()


def test_the_person_beside_a_friend_the_host_removes_goes_too(app, tmp_path):
    """Anna removed Carla, who had joined with Dario at her screen: Dario stayed seated,
    away, a seat no window held; Carla joining again with him got one seat ("no free seat
    left for 1 of the people here"), Dario shown away in her own lobby. His seat is freed
    with hers, and they join again together."""
    with friends_table(tmp_path, 4, start=True) as (anna, ticket):
        lobby = join_from_menu(app, ticket, here=1, name="Carla")
        run_until(app, lambda: lobby.session.seated is not None and lobby.session.seated.others)
        mine = lobby.session.seated.ticket.seat
        anna.submit(anna.client.remove(mine)).result(20)
        run_until(app, lambda: lobby.session.error_code == "removed")

        def freed() -> bool:
            table = anna.client.table or {}
            return [seat["taken"] for seat in table.get("seats", [])] == [True, False, False, False]

        run_until(app, freed)
        assert app.store.load_seats() == []
        app.home()
        lobby = join_from_menu(app, ticket, here=1, name="Carla")
        run_until(app, lambda: lobby.session.seated is not None and lobby.session.seated.others)
        frame(app)
        assert not lobby.session.error
        assert rows_of(lobby)[:3] == ["Anna", "Carla (you)", app.t("online.empty")]
        assert sorted(held.seat for held in app.store.load_seats()) == [1, 3]  # one side
        app.home()


def test_the_person_beside_a_friend_removed_while_away_goes_too(app, tmp_path):
    """Carla left the lobby (her seats kept, hers and Dario's beside her), then Anna removed
    her: Dario's seat stayed taken by a token only Carla's game held, and joining again
    together, Dario found no seat. Her seat refused, the others held with it are freed."""

    def taken(anna) -> list[bool]:  # noqa: ANN001
        return [seat["taken"] for seat in (anna.client.table or {}).get("seats", [])]

    with friends_table(tmp_path, 4, start=True) as (anna, ticket):
        lobby = join_from_menu(app, ticket, here=1, name="Carla")
        run_until(app, lambda: lobby.session.seated is not None and lobby.session.seated.others)
        mine = lobby.session.seated.ticket.seat
        app.home()  # Carla leaves the lobby: her seats are kept, away
        anna.submit(anna.client.remove(mine)).result(20)
        run_until(app, lambda: taken(anna)[mine] is False)
        lobby = join_from_menu(app, ticket, here=1, name="Carla")
        run_until(app, lambda: lobby.session.seated is not None and lobby.session.seated.others)
        frame(app)
        assert lobby.session.short == 0
        assert len(app.store.load_seats()) == 2
        run_until(app, lambda: taken(anna) == [True, True, False, True])
        app.home()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("players", [4, 6])
def test_a_long_notice_in_the_lobby_hides_neither_its_heading_nor_its_seats(
    app, tmp_path, size, language, players
):
    """Joining with someone here, one found no seat: the notice saying so covered the
    lobby's heading ("The table"); then the table's variants, said under its seats."""

    from .menu_helpers import toasts_kept_clear

    app.resize(size)
    rules = Rules(players=players, napola=True, re_bello=True, settebello_coppe=True)
    with friends_table(tmp_path, players, start=True, rules=rules) as (_, ticket):
        lobby = join_from_menu(app, ticket, here=0, name="Carla")
        run_until(app, lambda: lobby.session.seated is not None and lobby.full is not None)
        run_until(app, lambda: len((lobby.session.table or {}).get("seats", ())) == players)
        app.set_language(language)
        frame(app)
        app.toasts._toasts.clear()
        app.notify(worded("online.short_of_seats", n=1), 10.0, everywhere=True)
        box = lobby.heading_box
        width = style.fit(app.t("online.lobby"), lobby.heading_pen(), box.w, box.h).width
        heading = pygame.Rect(0, box.top, width, box.h)
        heading.centerx = box.centerx
        rows = [lobby.seat_row(row) for row in range(players)]
        variants = lobby._played_with()
        assert variants is not None
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            app.draw()
        said = [text for text in drawn if text.words == variants[0]]
        taken = [heading, lobby.address_box, lobby.leave_button.rect, *rows]
        if players == 4:  # room under the variants: clear of them too
            taken.append(said[0].used)
        toasts_kept_clear(app, lobby.toast_band(), taken, 1)
        app.home()


def test_a_seat_taken_back_brings_the_person_now_here_too(app, tmp_path):
    """Bruno left the lobby (his seat kept), then came back with one more person here:
    he took his seat back, and the other person got no seat and no word."""
    with friends_table(tmp_path, 3, start=True) as (_, ticket):
        lobby = join_from_menu(app, ticket, here=0, name="Bruno")
        run_until(app, lambda: lobby.session.seated is not None)
        click(app, lobby.leave_button)  # the seat is kept
        lobby = join_from_menu(app, ticket, here=1, name="Bruno")
        run_until(app, lambda: lobby.session.seated is not None)
        seated = lobby.session.seated
        assert seated.back and seated.ticket.seat == 1
        assert [other.ticket.seat for other in seated.others] == [2]
        assert sorted(held.seat for held in app.store.load_seats()) == [1, 2]
        run_until(app, lambda: lobby.full)
        app.home()


def test_two_people_joining_from_one_screen_are_never_seated_as_opponents(app, tmp_path):
    """Six in three pairs, the host's partner a computer, a friend in seat 4: Dina joined
    with Carl beside her, and they sat in seats 1 and 2, opponents passing one screen
    between them, with no seat left to move to. They sit as partners now."""
    from scopa.app.hosting import LocalServer

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    walter, bob = BackgroundClient(server.local_address), BackgroundClient(server.local_address)
    try:
        rules = Rules(players=6, six_sides=3)
        seats = [{"kind": "human"}] * 6
        seats[3] = {"kind": "computer", "level": "expert"}
        made = walter.client.create(rules, seats, "Walter", 0, start=True)
        ticket = walter.submit(made).result(20)
        bob.submit(bob.client.join(ticket.code, "Bob", seat=4)).result(20)
        lobby = join_from_menu(app, ticket, here=1, name="Dina")
        run_until(app, lambda: lobby.session.seated is not None)
        seated = lobby.session.seated
        mine = [seated.ticket.seat, *(other.ticket.seat for other in seated.others)]
        assert mine == [2, 5] and len({rules.side_of(seat) for seat in mine}) == 1
        app.home()
    finally:
        walter.close()
        bob.close()
        server.stop()


def test_a_person_here_leaves_the_table_before_the_match_begins(app, monkeypatch):
    """A person at this screen who could not stay after all had no way off the table but
    the whole screen leaving it: the button beside their name lets them go, once sure,
    their seat free for a friend, no longer held here, and the match begins without them."""
    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.app.widgets import resolve

    app.settings = app.settings.with_(language="en", online_here=1)
    lobby = host_lobby(app, monkeypatch, 3, friends=1, here=1)
    run_until(app, lambda: len((lobby.session.table or {}).get("seats", [])) == 3)
    assert rows_of(lobby) == ["Player 1 (you)", "Free", "Player 3 (here)"]
    run_until(app, lambda: 2 in lobby.let_go_buttons)
    assert 0 not in lobby.let_go_buttons  # not the host's own row: Leave closes the table
    code = lobby.session.seated.ticket.code
    click(app, lobby.let_go_buttons[2])
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    # the host's Leave would close the table: no "leave, then join together" said there
    assert resolve(confirm.detail) == app.t("online.let_go_detail_host")
    click(app, confirm.yes_button)
    assert app.stack.top is lobby
    run_until(app, lambda: rows_of(lobby) == ["You", "Free", "Free"])  # alone here now
    assert lobby.field_note() == app.t("online.here_let_go", name="Player 3")
    assert not lobby.let_go_buttons and not lobby.name_fields
    assert [h.seat for h in app.store.load_seats() if h.code == code] == [0]
    # one fewer here from now on: a table taken back seats nobody for them, nor says so
    assert app.settings.online_here == 0 and lobby.session.joining_here == 0
    with friends_seated(lobby, ("Anna", "Bruno")):
        run_until(app, lambda: start_shown(lobby))
        click(app, lobby.start_button)
        table_opens(app)
        table = app.stack.top
        assert table.coordinator.humans == (0,)
        assert [table.seats.seat_name(n) for n in range(3)][1:] == ["Anna", "Bruno"]
    app.home()


def test_a_person_let_go_in_the_lobby_stays_gone_on_play_online(app, monkeypatch):
    """A person here let go in the lobby ("one fewer here from then on"): back on Play
    online, under the lobby, Here with you still counted them, and the next Host wrote
    the old count back and sat them again."""
    from scopa.app.scenes.confirm import ConfirmScene

    app.settings = app.settings.with_(language="en", online_here=1)
    lobby = host_lobby(app, monkeypatch, 3, friends=1, here=1)
    online = next(scene for scene in app.stack if isinstance(scene, OnlineScene))
    run_until(app, lambda: 2 in lobby.let_go_buttons)
    click(app, lobby.let_go_buttons[2])
    click(app, app.stack.top.yes_button)
    run_until(app, lambda: rows_of(lobby) == ["You", "Free", "Free"])
    lobby.back()  # Leave: the table closes, once sure
    if isinstance(app.stack.top, ConfirmScene):
        click(app, app.stack.top.yes_button)
    run_until(app, lambda: app.stack.top is online)
    assert online.here == 0
    click(app, online.host_button)  # the next table: nobody here with the host
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and app.settings.online_here == 0
    run_until(app, lambda: len((lobby.session.table or {}).get("seats", [])) == 3)
    assert rows_of(lobby)[2] != "Player 3 (here)"
    app.home()


def test_the_lobby_at_rest_is_drawn_only_when_what_it_shows_changes(app, monkeypatch):
    """The lobby was drawn every frame while it waited (most of a core under software
    drawing at 1920x1080): it is drawn when the table's word or its own state changes, a
    friend sitting down, say."""
    from .menu_helpers import FRAME

    def drawn(frames: int) -> int:
        return sum(bool(app.frame(FRAME, [], draw=None)) for _ in range(frames))

    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0)
    run_until(app, lambda: lobby.session.table and lobby.awaited == 2)
    for _ in range(30):
        frame(app)
    assert drawn(60) == 0
    with friends_seated(lobby, ("Anna",)):
        shown = 0  # frames as the game's loop makes them: drawn only for a change
        deadline = time.monotonic() + 10
        while lobby.awaited != 1:
            assert time.monotonic() < deadline, "Anna never sat down"
            shown += app.frame(FRAME, [], draw=None)
            time.sleep(0.005)
        shown += drawn(5)
        assert shown >= 1 and rows_of(lobby)[1] == "Anna"
        assert drawn(60) == 0
    app.home()


def test_the_seat_picked_to_move_marks_nothing_on_the_row_under_it(app, monkeypatch):
    """The button of the person picked to move ("Pick a seat", chosen) drew the chosen
    tab's mark under it, across the top of the next row's "Sit here": its words say it is
    chosen, and nothing is drawn outside it."""
    from scopa.app.style.scale import Metrics

    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 4, friends=2, here=1)
    run_until(app, lambda: ("mover", 0) in lobby.seat_buttons)
    chosen = lobby.seat_buttons[("mover", 0)]
    assert lobby.moving_seat == 0
    surface = pygame.Surface(app.size)
    surface.fill((240, 232, 212))
    chosen.draw(surface, Metrics(app, app.size), False, False)
    m = Metrics(app, app.size)
    strip = pygame.Rect(chosen.rect.left, chosen.rect.bottom + 1, chosen.rect.w, m.px(0.012))
    darkest = min(
        sum(surface.get_at((x, y))[:3])
        for x in range(strip.left, strip.right)
        for y in range(strip.top, strip.bottom)
    )
    assert darkest > 400  # (the button's shadow is grey; the mark was ink)
    app.home()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_seat_s_button_casts_its_shadow_clear_of_the_next_row_s(app, monkeypatch, size):
    """ "Pick a seat" on one row touched "Sit here" on the next, its shadow across the
    top of it: each seat's button leaves its shadow room in its own row."""

    app.resize(size)
    lobby = host_lobby(app, monkeypatch, 4, friends=2, here=1)
    run_until(app, lambda: ("mover", 0) in lobby.seat_buttons and len(lobby.seat_buttons) > 1)
    rows = sorted({(b.rect.top, b.rect.bottom) for b in lobby.seat_buttons.values()})
    reach = style.button_reach(lobby.m)
    for (_, upper), (lower, _) in zip(rows, rows[1:]):  # (two on a row stand side by side)
        assert upper + reach <= lower
    assert all(bottom - top >= lobby.m.px(0.035) for top, bottom in rows)  # still buttons
    app.home()


def test_the_lobby_s_word_holds_when_the_table_changes_between_its_reads(app, monkeypatch):
    """Everyone seated, the host to start: the table's word came between the lobby's two
    reads of it (who starts, and the seats), the host was not among the seats read, and the
    lobby fell over looking for them (StopIteration, the game closed)."""
    lobby = host_lobby(app, monkeypatch, 2, friends=1, here=0)
    run_until(app, lambda: lobby.session.table and lobby.awaited == 1)
    with friends_seated(lobby, ("Anna",)):
        run_until(app, lambda: lobby.full)
        table = lobby.session.table
        moved = {**table, "seats": [{**info, "starts": False} for info in table["seats"]]}
        reads = iter([table, table, table, moved])  # the word comes as the seats are read
        monkeypatch.setattr(LobbyScene, "startable", property(lambda s: False))  # a friend's
        real = type(lobby.session).table
        monkeypatch.setattr(type(lobby.session), "table", property(lambda s: next(reads, moved)))
        said, _ = lobby._status()
        monkeypatch.setattr(type(lobby.session), "table", real)
        monkeypatch.undo()
        assert said
    app.home()


def test_a_seat_here_the_table_still_calls_free_has_one_button(app, monkeypatch):
    """The table's word can come behind the seats taken at this screen: a seat here, still
    free in it, was given "Sit here" and the button choosing who moves, one drawn over the
    other on its row (caught once on a loaded machine). A seat here is no free seat."""
    lobby = host_lobby(app, monkeypatch, 4, friends=2, here=1)
    run_until(app, lambda: ("mover", 0) in lobby.seat_buttons and len(lobby.seat_buttons) > 1)
    session = lobby.session
    here = sorted(lobby.here_seats)
    assert len(here) == 2
    behind = dict(session.table)
    behind["seats"] = [
        {**info, "taken": False} if int(info["seat"]) == here[1] else info
        for info in session.table["seats"]
    ]
    monkeypatch.setattr(session.seated.link.client, "table", behind)
    lobby._offer_seats()
    buttons = lobby.seat_buttons
    assert [key for key in buttons if key[1] == here[1]] == [("mover", here[1])], sorted(buttons)
    app.home()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_host_seats_a_computer_for_a_friend_who_cannot_come(app, monkeypatch, language):
    """A friend who could not come left the table waiting for ever: no computer could be put
    in a free seat but by leaving and hosting another table, the address sent again. A free
    seat's row has Computer beside Sit here (apart, every word whole), at the level Play
    uses; Remove frees the computer's seat again; with every seat taken the match starts
    with the computers in them."""
    app.settings = app.settings.with_(language=language, opponent_level="beginner")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0, teams=False)
    run_until(app, lambda: lobby.session.table and ("computer", 2) in lobby.seat_buttons)
    frame(app)
    for number in (1, 2):
        beside, sit = lobby.seat_buttons[("computer", number)], lobby.seat_buttons[("sit", number)]
        assert beside.rect.right < sit.rect.left, (beside.rect, sit.rect)
    click(app, lobby.seat_buttons[("computer", 1)])
    run_until(app, lambda: ("free", 1) in lobby.seat_buttons)
    seats = lobby.session.table["seats"]
    assert (seats[1]["kind"], seats[1]["level"]) == ("computer", "beginner")
    assert rows_of(lobby)[1] == seats[1]["name"] and seats[1]["name"] != rows_of(lobby)[0]
    assert ("computer", 1) not in lobby.seat_buttons and ("sit", 1) not in lobby.seat_buttons
    assert not lobby.startable  # one seat still free
    click(app, lobby.seat_buttons[("free", 1)])
    run_until(app, lambda: ("computer", 1) in lobby.seat_buttons)
    assert rows_of(lobby)[1] == app.t("online.empty")
    for number in (1, 2):
        click(app, lobby.seat_buttons[("computer", number)])
        run_until(app, lambda number=number: ("free", number) in lobby.seat_buttons)
    table = table_opens(app)
    assert not table.coordinator.match.over
    kinds = [info["kind"] for info in table.coordinator.link.client.table["seats"]]
    assert kinds == ["human", "computer", "computer"]
    app.home()


def test_a_computer_refused_a_seat_taken_meanwhile_is_told_so(app, monkeypatch):
    """A friend takes the free seat as the host gives it to a computer: said in words of its
    own, not as a seat change or a removal the host never asked for."""
    app.settings = app.settings.with_(language="en")
    lobby = host_lobby(app, monkeypatch, 3, friends=2, here=0, teams=False)
    run_until(app, lambda: lobby.session.table and ("computer", 2) in lobby.seat_buttons)
    with friends_seated(lobby, ("Anna",)):
        run_until(app, lambda: rows_of(lobby)[1] == "Anna")
        lobby._seat_kind(1, True)
        run_until(app, lambda: lobby.field_note() != "")
        assert lobby.field_note() == app.t("online.computer_not_seated")
    app.home()
