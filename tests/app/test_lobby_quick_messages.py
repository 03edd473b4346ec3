"""Quick messages in the lobby, while the table waits for its players: a friend's "Hello!"
in a bubble on their row, this player's own sent from the button beside Leave or the keys,
the seat's allowance carried on to the table, and none with the setting off."""

from __future__ import annotations

import functools

import pygame
import pytest

from scopa.app.scenes.lobby import LobbyScene
from scopa.app.table.chat import BUBBLE_SECONDS, KEY
from scopa.net.protocol import PHRASES, Limits
from scopa.net.server import GameServer

from .menu_helpers import click, frame, press, type_text
from .test_online import host_for_a_friend, run_until, table_opens
from .test_online_quick_messages import EVERY, heard
from .test_online_shared_screen import host_with_one_here


@pytest.fixture
def waiting(app, monkeypatch):
    """The game hosts a two-seat table from the menus; a friend's client sits there, and
    the lobby waits for its host to start the match."""
    friend, code = host_for_a_friend(app, monkeypatch)
    friend.submit(friend.client.join(code, "Bruno")).result(20)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.startable)
    yield app, lobby, friend
    friend.close()
    app.home()


def gold_in(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of the bubbles' gold edge lie in ``rect``."""
    from scopa.app import style

    area = surface.subsurface(rect.clip(surface.get_rect()))
    return sum(
        1
        for x in range(area.get_width())
        for y in range(area.get_height())
        if area.get_at((x, y))[:3] == style.GOLD_DEEP[:3]
    )


def test_a_friend_s_hello_shows_on_their_row_with_a_chime(waiting, monkeypatch):
    app, lobby, friend = waiting
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", played.append)
    row = lobby.seat_row(1)
    frame(app)
    before, mine = gold_in(app.screen, row), gold_in(app.screen, lobby.seat_row(0))
    friend.submit(friend.client.say("hello")).result(10)
    run_until(app, lambda: 1 in lobby.chat.bubbles)
    frame(app)
    assert lobby.chat.words(lobby.chat.bubbles[1].phrase) == "Hello!"
    assert played.count("message") == 1
    assert gold_in(app.screen, row) > before + 20  # drawn on Bruno's row, not on Anna's
    assert gold_in(app.screen, lobby.seat_row(0)) == mine
    assert lobby.busy  # it fades, and goes, with nobody touching anything
    lobby.chat.update(BUBBLE_SECONDS)
    frame(app)
    assert not lobby.chat.bubbles and gold_in(app.screen, row) == before


def test_the_button_beside_leave_sends_a_phrase_to_the_friend(waiting):
    app, lobby, friend = waiting
    spot = lobby.chat_spot
    assert spot is not None
    leave = lobby.leave_button.rect
    assert spot.button.left > leave.right and spot.button.centery == pytest.approx(leave.centery)
    assert not spot.button.colliderect(lobby.status_box)
    click(app, spot.button.center)
    assert lobby.chat.open
    _, rows = lobby.chat.panel(spot)
    click(app, rows[PHRASES.index("good_luck")].center)
    assert not lobby.chat.open and app.stack.top is lobby  # nothing else was clicked
    assert heard(friend, 1) == [(0, "good_luck")]
    run_until(app, lambda: 0 in lobby.chat.bubbles)  # on this player's own row


def test_q_and_a_digit_send_and_esc_only_puts_the_list_away(waiting):
    app, lobby, friend = waiting
    press(app, KEY)
    press(app, pygame.K_3)
    assert heard(friend, 1) == [(0, "well_played")]
    press(app, KEY)
    press(app, pygame.K_ESCAPE)  # the list closes: the lobby is not left
    assert not lobby.chat.open and app.stack.top is lobby


def test_a_name_typed_here_takes_q_as_a_letter(app, monkeypatch):
    lobby, friend = host_with_one_here(app, monkeypatch, opens=False)
    try:
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda: lobby.chat_on() and 2 in lobby.name_fields)
        field = lobby.name_fields[2]
        click(app, field.rect.center)
        assert field.editing
        type_text(app, "Quinto")
        press(app, KEY)
        assert not lobby.chat.open and field.editing
        assert lobby.names_typed[2].startswith("Quinto")
    finally:
        friend.close()
        app.home()


@pytest.fixture
def slow_allowance(monkeypatch):
    server = functools.partial(GameServer, limits=Limits(say_every=EVERY))
    monkeypatch.setattr("scopa.app.hosting.GameServer", server)


def test_what_was_said_in_the_lobby_counts_at_the_table(slow_allowance, waiting):
    """Three said in the lobby: at the table the phrases wait, greyed, rather than go to be
    refused as too many (the server counts the seat's, not the screen's)."""
    app, lobby, friend = waiting
    for _ in range(3):
        press(app, KEY)
        press(app, pygame.K_1)
    assert heard(friend, 3) == [(0, "hello")] * 3
    allowance = lobby.allowance
    assert not allowance.ready
    table = table_opens(app)
    assert table.coordinator.allowance is allowance and not allowance.ready


def test_a_message_refused_as_too_soon_is_said_on_the_lobby_s_line(slow_allowance, waiting):
    app, lobby, friend = waiting
    seated = lobby.session.seated
    for _ in range(3):  # the seat's three, said by another window of the same player
        seated.link.submit(seated.link.client.say("hello")).result(10)
    heard(friend, 3)
    press(app, KEY)
    press(app, pygame.K_2)
    run_until(app, lambda: lobby.field_note() == app.t("chat.wait"))
    assert not lobby.allowance.ready


def test_with_the_setting_off_no_button_and_nothing_said_shows_later(app, monkeypatch):
    app.settings = app.settings.with_(quick_messages=False)
    friend, code = host_for_a_friend(app, monkeypatch)
    try:
        app.settings = app.settings.with_(quick_messages=False)
        friend.submit(friend.client.join(code, "Bruno")).result(20)
        lobby = app.stack.top
        run_until(app, lambda: lobby.startable)
        assert lobby.chat is None and lobby.chat_spot is None
        press(app, KEY)
        assert friend.client.take_said() == []
        friend.submit(friend.client.say("hello")).result(10)
        for _ in range(30):
            frame(app)
        app.settings = app.settings.with_(quick_messages=True)
        table = table_opens(app)
        for _ in range(10):
            frame(app)
        assert not table.chat.bubbles  # the lobby's "Hello!" does not turn up at the table
    finally:
        friend.close()
        app.home()


def test_a_friend_at_a_screen_of_two_is_heard_once(app, monkeypatch):
    lobby, friend = host_with_one_here(app, monkeypatch, opens=False)
    try:
        run_until(app, lambda: lobby.chat_on())
        played: list[str] = []
        monkeypatch.setattr(app.audio, "play", played.append)
        friend.submit(friend.client.say("thanks")).result(10)
        run_until(app, lambda: 1 in lobby.chat.bubbles)
        for _ in range(20):
            frame(app)
        assert played.count("message") == 1  # heard on both seats' links, told once
        assert list(lobby.chat.bubbles) == [1]
    finally:
        friend.close()
        app.home()


def test_the_table_s_lobby_keeps_the_button_only_while_it_waits(waiting, monkeypatch):
    app, lobby, friend = waiting
    assert lobby.chat_on()
    monkeypatch.setattr(type(lobby.session.seated.link.client), "online", property(lambda s: False))
    assert not lobby.chat_on()
    press(app, KEY)
    assert not lobby.chat.open


def test_a_bubble_goes_with_its_player_from_a_seat_left_free(waiting):
    """A friend's "Hello!" stayed on their row after the host removed them, beside "Free"."""
    app, lobby, friend = waiting
    row = lobby.seat_row(1)
    frame(app)
    before = gold_in(app.screen, row)
    friend.submit(friend.client.say("hello")).result(10)
    run_until(app, lambda: 1 in lobby.chat.bubbles)
    frame(app)
    assert gold_in(app.screen, row) > before + 20
    lobby.session.remove(1)
    run_until(app, lambda: not lobby._seat_info(1).get("taken"))
    frame(app)
    assert gold_in(app.screen, row) <= before
