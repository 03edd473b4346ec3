"""Quick messages in the lobby, while the table waits for its players: a friend's "Hello!"
in a bubble on their row, this player's own sent from the button beside Leave or the keys,
the seat's allowance carried on to the table, and none with the setting off."""

from __future__ import annotations

import functools
import time

import pygame
import pytest

from scopa.app import style
from scopa.app.online import OnlineSession
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.table.chat import AGAIN_SECONDS, BUBBLE_SECONDS, KEY
from scopa.engine import Rules
from scopa.net.client import BackgroundClient
from scopa.net.protocol import PHRASES, Limits
from scopa.net.server import GameServer

from .menu_helpers import click, frame, press, type_text
from .test_online import host_for_a_friend, run_until, start_shown, table_opens
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
    run_until(app, lambda: start_shown(lobby))
    for _ in range(30):  # the rows as they stay (Bruno's Remove came a few frames on)
        frame(app)
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
        run_until(app, lambda: start_shown(lobby))
        assert lobby.chat is None and lobby.chat_spot is None
        press(app, KEY)
        assert friend.client.take_said() == []
        friend.submit(friend.client.say("hello")).result(10)
        run_until(app, lambda: len(lobby._heard) == 1)  # come, and taken off the link
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
    row.w //= 2  # where the bubble lies: not the row's buttons, which change as it is freed
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


def key(app, code: int, text: str = "") -> None:  # noqa: ANN001
    """A key pressed as a keyboard sends it: the key, and for a letter or a digit the text
    that comes with it."""
    app._last_answer = None
    events = [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frame(app, *events)


@pytest.fixture
def one_here(app, monkeypatch):
    """A lobby of three: this screen's player, a person beside them (a name field on their
    row) and a friend's client; the match not yet started."""
    lobby, friend = host_with_one_here(app, monkeypatch, opens=False)
    run_until(app, lambda: lobby.chat_on() and 2 in lobby.name_fields)
    yield app, lobby, friend
    friend.close()
    app.home()


def test_q_and_a_digit_after_a_name_typed_leave_the_name_as_it_was(one_here):
    """The name typed for the person here, Enter, then Q and 1 to say hello: the name
    became "Lucaq1" (the keys' text went on to the field, still focused)."""
    app, lobby, friend = one_here
    field = lobby.name_fields[2]
    click(app, field.rect.center)
    type_text(app, "Luca")
    key(app, pygame.K_RETURN)
    run_until(app, lambda: lobby._table_name(2) == "Luca")
    key(app, KEY, "q")
    assert lobby.chat.open and not field.editing
    key(app, pygame.K_1, "1")
    assert heard(friend, 1) == [(0, "hello")]
    for _ in range(10):
        frame(app)
    assert lobby.name_shown(2) == "Luca" and 2 not in lobby.names_typed


def test_q_on_a_name_field_reached_with_tab_opens_the_list_and_types_nothing(one_here):
    app, lobby, friend = one_here
    field = lobby.name_fields[2]
    for _ in range(10):
        if lobby.form.focus is field:
            break
        key(app, pygame.K_TAB)
    assert lobby.form.focus is field and not field.editing
    key(app, KEY, "q")
    assert lobby.chat.open and not field.editing and 2 not in lobby.names_typed


def test_a_digit_chosen_after_the_button_cut_a_name_short_is_not_typed(one_here):
    app, lobby, friend = one_here
    field = lobby.name_fields[2]
    click(app, field.rect.center)
    type_text(app, "Luca")
    click(app, lobby.chat_spot.button.center)  # mid-typing: the name goes, the list opens
    assert lobby.chat.open and not field.editing
    key(app, pygame.K_2, "2")
    assert heard(friend, 1) == [(0, "good_luck")]
    run_until(app, lambda: lobby._table_name(2) == "Luca")
    for _ in range(10):
        frame(app)
    assert lobby.name_shown(2) == "Luca"


def test_a_bubble_is_not_shown_on_the_row_of_one_who_takes_the_seat_next(waiting):
    """Bruno said "Good game!" and was removed; Carla, taking the seat at once, was shown
    saying it."""
    app, lobby, friend = waiting
    friend.submit(friend.client.say("good_game")).result(10)
    run_until(app, lambda: 1 in lobby.chat.bubbles)
    code = lobby.session.seated.ticket.code
    lobby.session.remove(1)
    run_until(app, lambda: not lobby._seat_info(1).get("taken"))
    port = lobby.session.seated.ticket.server.rsplit(":", 1)[1]
    carla = BackgroundClient(f"ws://127.0.0.1:{port}")
    try:
        carla.submit(carla.client.join(code, "Carla")).result(20)
        run_until(app, lambda: lobby._seat_info(1).get("name") == "Carla")
        frame(app)
        assert not lobby._said_here(1)
    finally:
        carla.close()


def test_a_bubble_follows_its_player_to_the_seat_they_move_to(app, monkeypatch):
    """This player said "Hello!", then took another seat (Sit here): the bubble stayed on
    the seat left."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(
        language="en", animation_speed="instant", tutorial_done=True, rules=Rules(players=3)
    )
    online = app.open("online")
    frame(app)
    online.friends = 2
    click(app, online.host_button)
    lobby = app.stack.top
    try:
        run_until(app, lambda: lobby.chat_on() and ("sit", 1) in lobby.seat_buttons)
        press(app, KEY)
        press(app, pygame.K_1)
        run_until(app, lambda: lobby._said_here(0))
        lobby.sit(1)
        run_until(app, lambda: lobby.session.seated.ticket.seat == 1)
        run_until(app, lambda: lobby._said_here(1))
        assert list(lobby.chat.bubbles) == [1]
    finally:
        app.home()


def test_a_message_heard_as_the_match_is_dealt_is_left_for_the_table(waiting, monkeypatch):
    """Said between the deal and the table's opening (a slow link, a screen of several
    seats waiting for each one's first state): it chimed in the lobby, and showed nowhere."""
    app, lobby, friend = waiting
    monkeypatch.setattr(OnlineSession, "all_first", property(lambda session: False))
    click(app, lobby.start_button)
    run_until(app, lambda: (lobby.session.table or {}).get("status") == "playing")
    friend.submit(friend.client.say("good_luck")).result(10)
    link = lobby.session.seated.link
    run_until(app, lambda: bool(lobby.chat.bubbles or link.client.said))  # come, and...
    frame(app)
    assert not lobby.chat.bubbles and link.client.said  # ...left on the link for the table
    monkeypatch.undo()
    table = table_opens(app)
    run_until(app, lambda: 1 in table.chat.bubbles)


def test_leave_makes_room_for_the_button_only_while_it_shows(waiting, monkeypatch):
    """Leave was shorter with no button beside it (the link down, the table not found)."""
    app, lobby, friend = waiting
    short = lobby.leave_button.rect.w
    monkeypatch.setattr(type(lobby.session.seated.link.client), "online", property(lambda s: False))
    frame(app)
    assert lobby.leave_button.rect.w > short
    monkeypatch.undo()
    frame(app)
    assert lobby.leave_button.rect.w == short and lobby.chat_on()


def test_the_button_s_words_stand_beside_it_clear_of_start(waiting):
    """Pointed at, the button says what it is on the line beside it: that line ends where
    Start begins (the words were centred on a line that ran on under Start)."""
    app, lobby, friend = waiting
    frame(app)
    before = app.screen.copy()
    point = lobby.chat_spot.button.center
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    frame(app, move)
    line = lobby.status_box
    changed = [
        x
        for x in range(line.left, line.right)
        for y in range(line.top, line.bottom)
        if app.screen.get_at((x, y)) != before.get_at((x, y))
    ]
    assert changed  # the words came
    start = lobby.start_button.rect
    middle = (lobby.status_box.left + start.left - lobby.m.px(style.SPACE_S)) / 2
    assert max(changed) < start.left
    assert abs((min(changed) + max(changed)) / 2 - middle) < lobby.m.px(0.02)


def test_a_name_typed_as_the_last_friend_sits_is_still_typed_and_enter_ends_it(app, monkeypatch):
    """The host typing the name of the person beside them as the last friend sat: Start
    took the keys, the letters went nowhere, Q opened the list and the Enter meant to end
    the name started the match."""
    lobby, friend, code = host_with_one_here(app, monkeypatch, joined=False)
    try:
        run_until(app, lambda: 2 in lobby.name_fields)
        field = lobby.name_fields[2]
        click(app, field.rect.center)
        type_text(app, "Lu")
        friend.submit(friend.client.join(code, "Bruno")).result(20)
        run_until(app, lambda: start_shown(lobby))
        assert field.editing and lobby.form.focus is field
        key(app, KEY, "q")  # a letter of the name
        type_text(app, "ca")
        assert not lobby.chat.open and lobby.names_typed[2] == "Luqca"
        key(app, pygame.K_RETURN)
        assert app.stack.top is lobby and not field.editing
        run_until(app, lambda: lobby._table_name(2) == "Luqca")
    finally:
        friend.close()
        app.home()


def test_enter_pressed_again_after_a_phrase_sent_with_enter_starts_nothing(waiting):
    """Q, Enter, Enter: "Hello!" went, and the second Enter started the match (Start had
    the keys; a friend's Leave left the table)."""
    app, lobby, friend = waiting
    assert lobby.form.focus is lobby.start_button
    key(app, KEY, "q")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert heard(friend, 1) == [(0, "hello")]
    for _ in range(20):
        frame(app)
    assert app.stack.top is lobby and lobby.session.table["status"] == "waiting"
    time.sleep(AGAIN_SECONDS + 0.05)  # a moment later, Enter is Enter again
    key(app, pygame.K_RETURN)
    run_until(app, lambda: app.stack.top is not lobby)


def test_a_friend_s_bubble_shows_clear_of_the_open_list(waiting):
    app, lobby, friend = waiting
    key(app, KEY, "q")
    friend.submit(friend.client.say("thanks")).result(10)
    run_until(app, lambda: 1 in lobby.bubbles_drawn)
    area, _ = lobby.chat.panel(lobby.chat_spot)
    assert not lobby.bubbles_drawn[1].colliderect(area)


def test_a_bubble_beside_a_long_name_at_six_shows_its_words_whole(app, monkeypatch):
    """Six at 960x540 in Italian, a friend of 24 letters: "Buona fortuna!" was cut to
    "Buona…" between the name and the seat's state."""
    app.settings = app.settings.with_(rules=Rules(players=6, six_sides=6))
    friend, code = host_for_a_friend(app, monkeypatch)
    try:
        app.settings = app.settings.with_(rules=Rules(players=6, six_sides=6))
        app.set_language("it")
        friend.submit(friend.client.join(code, "Massimiliano Bartolomeo")).result(20)
        lobby = app.stack.top
        run_until(app, lambda: lobby._seat_info(1).get("taken"))
        friend.submit(friend.client.say("good_luck")).result(10)
        run_until(app, lambda: 1 in lobby.bubbles_drawn)
        pen = lobby.m.pen("ui_bold", style.SMALL, style.INK)
        words = style.natural_width(app.t("chat.good_luck"), pen)
        assert lobby.bubbles_drawn[1].width >= words
    finally:
        friend.close()
        app.home()
