"""Quick messages at a table online, through the real table and score sheet: a friend's
phrase in a bubble by their plate, in this window's language; this player's sent from the
button or the keys, a few at a time; on the sheet, as a toast; none with the setting off."""

from __future__ import annotations

import functools
import time
from types import SimpleNamespace

import pygame
import pytest

from scopa.app.remote import SAY_MARGIN, Allowance, SharedScreen
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table.chat import BUBBLE_SECONDS, KEY, table_spot
from scopa.net.client import BackgroundClient, Said
from scopa.net.protocol import PHRASES, Limits
from scopa.net.server import GameServer

from .menu_helpers import click, frame, press
from .table_helpers import centre_of
from .test_online import (  # noqa: F401 - the fixture
    host_for_a_friend,
    hosted,
    play_the_round_out,
    run_until,
    table_opens,
    this_window_to_play,
)
from .test_online_shared_screen import host_with_one_here, play_on


def heard(friend: BackgroundClient, count: int) -> list[tuple[int, str]]:
    """The quick messages the friend's window hears, once ``count`` have come."""
    got: list[Said] = []
    deadline = time.monotonic() + 10
    while len(got) < count:
        assert time.monotonic() < deadline, f"heard only {got}"
        got += friend.client.take_said()
        time.sleep(0.01)
    return [(said.seat, said.phrase) for said in got]


def bubble_words(table) -> dict[int, str]:  # noqa: ANN001
    return {seat: table.chat.words(b.phrase) for seat, b in table.chat.bubbles.items()}


def drawn(table, kind: str) -> list:  # noqa: ANN001
    return [item for item in table.overlay_items() if item.key[0] == kind]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_friend_s_message_shows_by_their_plate_in_this_window_s_language(hosted, language):  # noqa: F811
    app, table, friend = hosted
    app.set_language(language)
    table = app.stack.top  # (the screens are made again in the language)
    friend.submit(friend.client.say("well_played")).result(10)
    run_until(app, lambda: 1 in table.chat.bubbles)
    assert bubble_words(table) == {1: app.t("chat.well_played")}
    assert app.t("chat.well_played") == {"en": "Well played!", "it": "Ben giocato!"}[language]
    (bubble,) = drawn(table, "chat_bubble")
    rect = table.chat.bubble_rect(table.layout, 1, app.t("chat.well_played"))
    plate = table.layout.place_of(1).name_rect
    assert abs(rect.centerx - plate.centerx) < plate.width  # by the friend's plate...
    assert rect.top >= plate.bottom  # ...under it, at the top of the window
    assert pygame.Rect(0, 0, *app.size).contains(bubble.rect)
    table.chat.update(BUBBLE_SECONDS)  # and gone a few seconds later
    frame(app)
    assert not table.chat.bubbles and not drawn(table, "chat_bubble")


def test_a_phrase_clicked_reaches_the_friend_and_shows_by_this_player_s_plate(hosted):  # noqa: F811
    app, table, friend = hosted
    friend.client.take_said()
    spot = table_spot(table.layout)
    click(app, spot.button.center)
    assert table.chat.open and drawn(table, "chat_panel")
    _, rows = table.chat.panel(spot)
    click(app, rows[PHRASES.index("good_luck")].center)
    assert not table.chat.open
    assert heard(friend, 1) == [(0, "good_luck")]
    run_until(app, lambda: 0 in table.chat.bubbles)
    assert bubble_words(table) == {0: app.t("chat.good_luck")}
    # over this screen's plate (at the bottom), not over the hand
    rect = table.chat.bubble_rect(table.layout, 0, app.t("chat.good_luck"))
    assert rect.bottom <= table.layout.place_of(0).name_rect.top


def test_the_keys_open_the_list_and_send_without_playing_a_card(hosted):  # noqa: F811
    app, table, friend = hosted
    this_window_to_play(app, table, friend)  # (where a digit would choose a card)
    friend.client.take_said()
    line = table.status_text()
    press(app, KEY)
    assert table.chat.open
    # the line under the table did not turn to the keys' ("choose a card with the arrows
    # or its number") while the digits choose phrases
    assert not table.input.keyboard and table.status_text() == line
    press(app, pygame.K_1)  # the first phrase, not the first card of the hand
    assert table.pick.selected is None and not table.chat.open
    press(app, KEY)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert table.pick.selected is None
    assert heard(friend, 2) == [(0, "hello"), (0, "well_played")]
    press(app, KEY)
    press(app, pygame.K_ESCAPE)  # the list closes, and the menu does not open
    assert not table.chat.open and app.stack.top is table


def test_a_click_beside_the_open_list_only_puts_it_away(hosted):  # noqa: F811
    app, table, friend = hosted
    this_window_to_play(app, table, friend)  # (where a click on a card chooses it)
    at = table.match.at
    press(app, KEY)
    click(app, centre_of(table, table.match.round.hand(0)[-1]))
    assert not table.chat.open
    assert table.pick.selected is None and table.match.at == at


EVERY = 30.0
"""Seconds a seat waits for each quick message past its first three (4 in a real game):
long enough that none comes back within a test."""


@pytest.fixture
def quick_allowance(monkeypatch):
    server = functools.partial(GameServer, limits=Limits(say_every=EVERY))
    monkeypatch.setattr("scopa.app.hosting.GameServer", server)


def test_a_seat_sends_a_few_then_waits_as_the_server_does(quick_allowance, hosted):  # noqa: F811
    app, table, friend = hosted
    friend.client.take_said()
    # as the server announced it, a little slower (it counts from when each arrives)
    assert table.coordinator.allowance.every == EVERY * SAY_MARGIN
    for _ in range(4):
        press(app, KEY)
        press(app, pygame.K_8)
    assert heard(friend, 3) == [(0, "good_game")] * 3
    frame(app)
    assert friend.client.take_said() == []  # the fourth was not sent
    assert table.chat.open  # its list stays open...
    (panel,) = drawn(table, "chat_panel")
    assert panel.key[2] == app.t("chat.wait") and panel.key[-1] is False  # ...greyed, said so
    assert table.busy  # drawn on while it waits: it lights up with no key or move


def test_a_message_the_server_refuses_as_too_soon_is_said_and_waited_for(quick_allowance, hosted):  # noqa: F811
    """The server counted more than the window did (the seat taken back on a new link,
    which started afresh): the phrase went, the list closed, and nothing came."""
    app, table, friend = hosted
    for _ in range(3):
        table.coordinator.say("hello")
    heard(friend, 3)
    table.coordinator._allowance = Allowance(3, EVERY)  # a window's full count, anew
    press(app, KEY)
    press(app, pygame.K_2)
    run_until(app, lambda: table.said() is not None)
    assert table.said() == app.t("chat.wait")
    assert not table.coordinator.allowance.ready  # the list greyed, as the server counts
    assert all(said.phrase == "hello" for said in friend.client.take_said())


def test_with_the_setting_off_no_message_shows_and_none_is_sent(hosted):  # noqa: F811
    app, table, friend = hosted
    app.settings = app.settings.with_(quick_messages=False)
    friend.client.take_said()
    frame(app)
    assert not drawn(table, "chat_button")
    press(app, KEY)
    assert not table.chat.open
    friend.submit(friend.client.say("oops")).result(10)
    assert heard(friend, 1) == [(1, "oops")]  # (the friend's own, heard back)
    for _ in range(30):
        frame(app)
    assert not table.chat.bubbles and not drawn(table, "chat_bubble")
    app.settings = app.settings.with_(quick_messages=True)
    frame(app)
    assert drawn(table, "chat_button")


def test_a_message_for_a_seat_the_table_has_not_is_passed_over(hosted):  # noqa: F811
    app, table, _ = hosted
    table.coordinator.link.client.said.append(Said(5, "hello", "x.1"))
    for _ in range(3):
        frame(app)
    assert table.chat.bubbles == {}


def test_no_button_for_a_window_whose_link_is_down(hosted, monkeypatch):  # noqa: F811
    app, table, _ = hosted
    monkeypatch.setattr(type(table.coordinator.link.client), "online", property(lambda s: False))
    frame(app)
    assert not table.chat_on() and not drawn(table, "chat_button")


def test_on_the_score_sheet_a_message_is_a_toast_and_the_button_sends(hosted):  # noqa: F811
    app, table, friend = hosted
    play_the_round_out(
        app, table, friend, lambda obs: next(m for m in obs.legal_moves if m.is_play)
    )
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.chat is not None and sheet.chat_on()
    sheet.age = 10.0
    friend.client.take_said()
    friend.submit(friend.client.say("good_game")).result(10)
    said = app.t("chat.from", name="Bruno", words=app.t("chat.good_game"))
    run_until(app, lambda: said in [toast.text for toast in app.toasts._toasts])
    assert not table.chat.bubbles  # told on the sheet, not kept for the table
    spot = sheet.chat_spot
    assert spot is not None
    for button in sheet.buttons:  # the button clear of the sheet's own
        assert not button.rect.colliderect(spot.button)
    click(app, spot.button.center)
    assert sheet.chat.open
    _, rows = sheet.chat.panel(spot)
    click(app, rows[PHRASES.index("thanks")].center)
    assert (0, "thanks") in heard(friend, 2)
    press(app, KEY)
    assert sheet.chat.open
    link = type(sheet.coordinator.link.client)
    with pytest.MonkeyPatch.context() as patch:  # the link down: the list goes with the button
        patch.setattr(link, "online", property(lambda s: False))
        frame(app)
        assert not sheet.chat.open


def test_a_screen_shared_by_two_seats_hears_each_message_once() -> None:
    """Each seat at one screen has its own link, and each link hears every message."""
    message = Said(2, "hello", "s.1")
    queues = {0: [message], 1: []}

    def part(seat: int) -> SimpleNamespace:
        return SimpleNamespace(seat=seat, rounds=(), here=None, take_said=lambda: _take(seat))

    def _take(seat: int) -> list[Said]:
        taken, queues[seat] = queues[seat], []
        return taken

    screen = SharedScreen([part(0), part(1)])  # type: ignore[list-item]
    assert screen.take_said() == [message]
    queues[1].append(message)  # the other link hears it a moment later
    assert screen.take_said() == []
    queues[0].append(Said(2, "hello", "s.2"))  # the same words again: another message
    assert [said.number for said in screen.take_said()] == ["s.2"]


def test_the_allowance_earns_a_message_back_with_time() -> None:
    now = [0.0]
    allowance = Allowance(2, 5.0, clock=lambda: now[0])
    allowance.spend()
    allowance.spend()
    assert not allowance.ready
    now[0] = 5.0  # the server's own time: this window waits a little longer
    assert not allowance.ready
    now[0] = 5.0 * SAY_MARGIN
    assert allowance.ready
    now[0] = 1000.0
    allowance.spend()
    allowance.spend()
    assert not allowance.ready  # no more than its burst saved up


def test_a_message_heard_just_after_the_table_looked_is_still_the_table_s(hosted):  # noqa: F811
    """The link's thread may hear a message between the table's look and the rest of the
    frame: it was told as a toast over the table, as if the table were covered."""
    app, table, _ = hosted
    table.coordinator.link.client.said.append(Said(1, "oops", "late.1"))
    app.matches.follow()  # the rest of the frame, after the table's update
    assert not [toast for toast in app.toasts._toasts if "Oops" in toast.text]
    frame(app)
    assert bubble_words(table) == {1: app.t("chat.oops")}


def test_a_friend_s_message_chimes_and_this_player_s_own_does_not(hosted, monkeypatch):  # noqa: F811
    """A bubble by a plate far from the hand in play went unseen: a friend's comes with a
    soft sound (this player's own, just sent, needs none)."""
    app, table, friend = hosted
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", played.append)
    friend.submit(friend.client.say("hello")).result(10)
    run_until(app, lambda: 1 in table.chat.bubbles)
    assert played.count("message") == 1
    press(app, KEY)
    press(app, pygame.K_7)
    run_until(app, lambda: 0 in table.chat.bubbles)
    assert played.count("message") == 1


def test_at_a_screen_shared_online_a_message_under_the_cover_waits_for_it_to_lift(app, monkeypatch):
    """The cover between two people here went up as a friend said "Well played!": its
    chime sounded, nothing showed, and it was gone for good before the cover lifted."""
    table, friend = host_with_one_here(app, monkeypatch)
    try:
        latest = None
        for _ in range(4000):
            frame(app)
            if table.cover is not None:
                break
            latest = play_on(table, friend, latest)
        assert table.cover is not None
        played: list[str] = []
        monkeypatch.setattr(app.audio, "play", played.append)
        friend.submit(friend.client.say("well_played")).result(10)
        run_until(app, lambda: 1 in table.chat.bubbles)
        for _ in range(round(2 * BUBBLE_SECONDS * 60)):  # the screen passed slowly
            frame(app)
        assert not drawn(table, "chat_bubble") and "message" not in played
        assert not table.chat.busy  # (held: the covered table is not drawn on for them)
        assert not [toast for toast in app.toasts._toasts if "Well" in toast.text]
        table.clock += 1.0
        table.reveal()
        frame(app)
        assert bubble_words(table) == {1: app.t("chat.well_played")}
        assert drawn(table, "chat_bubble") and played.count("message") == 1
    finally:
        friend.close()
        app.home()


def test_q_opens_no_list_over_the_matta_s_picker(hosted):  # noqa: F811
    """Both the list and Cirulla's picker took every key: the digits named phrases, and
    Esc closed the picker under the list."""
    app, table, _ = hosted
    table.knock.picking = True
    press(app, KEY)
    assert not table.chat.open
    table.knock.picking = False
    press(app, KEY)
    assert table.chat.open


@pytest.mark.parametrize("friend_name", ["You", "Player 2"])
def test_a_toast_names_the_seat_as_the_table_does(app, monkeypatch, friend_name):
    """A friend who kept the game's own name ("You") showed as "Giocatore 2" on the plates
    and the sheet of an Italian window, and as "You" in its toasts: read as one's own."""
    friend, code = host_for_a_friend(app, monkeypatch)
    try:
        friend.submit(friend.client.join(code, friend_name)).result(20)
        table = table_opens(app)
        app.set_language("it")
        plate = [plate.name for plate in table.snapshot().plates][1]
        assert plate == "Giocatore 2"
        app.open("pause")
        friend.submit(friend.client.say("hello")).result(10)
        said = f"{plate}: {app.t('chat.hello')}"
        run_until(app, lambda: said in [toast.text for toast in app.toasts._toasts])
    finally:
        friend.close()
        app.home()


def test_the_toasts_told_over_the_menu_go_once_the_table_is_back(hosted):  # noqa: F811
    """Closed, the menu left its quick messages' toasts on the table's cards for seconds
    more, beside the bubbles that tell the next."""
    app, table, friend = hosted
    app.open("pause")
    friend.submit(friend.client.say("oops")).result(10)
    said = f"Bruno: {app.t('chat.oops')}"
    run_until(app, lambda: said in [toast.text for toast in app.toasts._toasts])
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    frame(app)
    assert said not in [toast.text for toast in app.toasts._toasts]
    friend.submit(friend.client.say("thanks")).result(10)  # the table tells the next
    run_until(app, lambda: 1 in table.chat.bubbles)


def test_a_list_left_open_as_the_round_ends_is_put_away(hosted):  # noqa: F811
    """Open as the last card went, the list came back with the next round: the 1 and
    Enter the line told the player to press sent "Hello!" and played no card."""
    app, table, friend = hosted
    press(app, KEY)
    assert table.chat.open
    app.open("pause")  # (any screen over the table: the round's sheet as much)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table and not table.chat.open


def test_on_the_score_sheet_the_list_opens_over_the_sheet(hosted):  # noqa: F811
    app, table, friend = hosted
    play_the_round_out(
        app, table, friend, lambda obs: next(m for m in obs.legal_moves if m.is_play)
    )
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.chat_spot is not None
    area, _ = sheet.chat.panel(sheet.chat_spot)
    assert sheet.panel.contains(area)  # not out past the sheet's frame
