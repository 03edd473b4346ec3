"""Play over the network from the game: host a table from the menus, a friend joins, the
table plays with the friend's moves arriving from the server; nothing of the friend's hand
is ever drawn; a lost connection shows; leaving asks first."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from pathlib import Path

import pygame
import pytest

from scopa.app import style
from scopa.app.cardart import CardArt
from scopa.app.hosting import LocalServer
from scopa.app.online import OnlineSession, grouped
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.flow import SEPARATOR
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.app.scenes.title import TitleScene
from scopa.app.table import TableScene
from scopa.engine import Card, Rules
from scopa.net.client import BackgroundClient, ServerError, Update
from scopa.net.codes import parse_address
from scopa.net.server import GameServer

from .menu_helpers import click, frame, press, type_text

pytestmark = pytest.mark.processes  # a hosted table's computer seats in a process, as in the game


def run_until(app, condition, seconds: float = 30.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        frame(app)
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("it never happened")


def start_shown(lobby) -> bool:  # noqa: ANN001
    """Start can be clicked: the table is full (its frame comes in on the link's thread,
    between two frames) and a frame since offered the button."""
    return lobby.startable and lobby.start_button in lobby.form.widgets


def table_opens(app, seconds: float = 30.0):  # noqa: ANN001, ANN201
    """Run frames until the table opens; a host's lobby, once every seat is taken,
    starts the match as its player does (Start)."""

    def opened() -> bool:
        top = app.stack.top
        if isinstance(top, LobbyScene) and top.startable and top.start_button.enabled:
            click(app, top.start_button)
        return isinstance(app.stack.top, TableScene)

    run_until(app, opened, seconds)
    return app.stack.top


def host_for_a_friend(app, monkeypatch) -> tuple[BackgroundClient, str]:  # noqa: ANN001
    """The game hosts a two-seat table from the menus: a friend's client, not yet seated,
    and the table's code."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(language="en", animation_speed="instant", tutorial_done=True)
    title = app.home()
    frame(app)
    click(app, title.online)
    online = app.stack.top
    assert isinstance(online, OnlineScene)
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.session.seated is not None)
    address = parse_address(lobby.session.seated.address)
    local = address.server.split("//")[1].rsplit(":", 1)[1]
    return BackgroundClient(f"ws://127.0.0.1:{local}"), str(address.code)


def test_the_number_of_friends_is_kept_for_the_next_table(app, monkeypatch):
    """A host who set Friends to 2 found it at 1 again after the match: it is kept, as far
    as the rules seat that many."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    rules = Rules(players=4, teams=False)
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=rules)
    online = app.open("online")
    frame(app)
    assert online.friends == 1
    online.friends = 2
    click(app, online.host_button)
    assert isinstance(app.stack.top, LobbyScene)
    app.home()
    assert app.settings.online_friends == 2
    assert app.open("online").friends == 2
    app.home()
    app.settings = app.settings.with_(rules=Rules())  # two players: one friend at most
    assert app.open("online").friends == 1
    app.home()


def test_the_players_of_a_table_hosted_are_changed_from_play_online(app):
    """A table's number of players is the Settings': a host who wanted four had to find
    that out and go there. Change opens the Settings over Play online; back, the friends
    are as many as the new table seats, each way they may sit offered."""
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=Rules(players=6))
    online = app.open("online")
    frame(app)
    online.friends_row.control.set((5, 2))
    click(app, online.rules_button)
    settings = app.stack.top
    assert settings.__class__.__name__ == "SettingsScene"
    app.settings = app.settings.with_(rules=Rules(players=4))  # as its Players row does
    settings.back()
    frame(app)
    assert app.stack.top is online
    assert online.friends == 3 and online.partners == 1
    assert (online.friends, online.partners) in [v for v, _ in online._friend_choices()]
    app.home()


@pytest.fixture
def hosted(app, monkeypatch):
    """The game hosts a two-seat table from the menus; a friend's client joins it."""
    friend, code = host_for_a_friend(app, monkeypatch)
    friend.submit(friend.client.join(code, "Bruno")).result(20)
    table_opens(app)
    table = app.stack.top
    yield app, table, friend
    friend.close()
    app.home()


def friend_update(friend: BackgroundClient) -> Update | None:
    found = None
    for item in friend.poll():
        if isinstance(item, Update):
            found = item
    return found


def test_a_hosted_table_plays_with_a_friend(hosted):
    app, table, friend = hosted
    assert table.remote and table.coordinator.seat == 0
    latest: Update | None = None
    played_at = -1

    def someone_to_play() -> bool:
        nonlocal latest
        update = friend_update(friend)
        if update is not None and update.at > played_at:  # none from before its last play
            latest = update
        return table.human_to_play is not None or (latest is not None and latest.my_turn)

    plays = {"here": 0, "friend": 0}
    for _ in range(6):  # a few plays each way
        run_until(app, someone_to_play)
        at = table.match.at
        if table.human_to_play is not None:
            move = next(m for m in table.match.legal_moves() if m.is_play)
            table.play(move)
            run_until(app, lambda at=at: table.match.at > at)
            run_until(app, lambda card=move.card: table.view.places[card][0] != "hand")
            plays["here"] += 1
        else:
            assert latest is not None
            move, at = latest.observation.legal_moves[0], latest.at
            latest, played_at = None, at
            friend.submit(friend.client.play(move, at)).result(10)
            # the friend's card reaches the table, a pile or (a scopa) the pile's marker here
            run_until(
                app,
                lambda card=move.card: table.view.places[card][0] in ("table", "pile", "marker"),
            )
            plays["friend"] += 1
    assert plays["here"] >= 2 and plays["friend"] >= 2


def test_nothing_of_the_friends_hand_is_drawn(hosted, monkeypatch):
    app, table, friend = hosted
    drawn: list = []
    original = CardArt.face
    monkeypatch.setattr(
        CardArt, "face", lambda self, card, width: drawn.append(card) or original(self, card, width)
    )
    for _ in range(120):
        frame(app)
        time.sleep(0.002)
        for card in drawn:
            place = table.view.places[card]
            assert not (place[0] == "hand" and place[1] == 1), card
        drawn.clear()
    assert table.match.round.hand(1) == ()  # the friend's cards are not known here at all
    assert len(table.view.hands[1]) == 3  # the table shows three stand-ins, face down


def test_leaving_the_table_asks_first(hosted):
    app, table, _ = hosted
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    pause = app.stack.top
    click(app, pause.buttons[-1])  # leave
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    click(app, question.no_button)
    assert app.stack.top is pause


def test_leaving_a_seat_taken_up_in_another_window_asks_nothing(hosted, monkeypatch):
    """The seat taken up from another window, this one's Leave asked whether to let the
    computer play and said "your seat stays yours": it is played there now. It leaves."""
    app, table, _ = hosted
    monkeypatch.setattr(type(table.coordinator), "taken_elsewhere", property(lambda s: True))
    app.matches.leave()
    assert isinstance(app.stack.top, TitleScene)


def test_the_menu_over_a_match_online_gives_the_table_s_address(hosted, monkeypatch):
    """Mid-match nothing showed the table's address: a friend who lost it (or whose host's
    game came back on another port) could not be sent it. The menu copies it, and its hint
    shows it."""
    app, table, _ = hosted
    copied: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", copied.append)
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    pause = app.stack.top
    (copy,) = [b for b in pause.buttons if b.text() == app.t("online.copy_address")]
    address = table.coordinator.address
    assert address and copy.hint() == app.t("online.copy_address_hint", address=address)
    click(app, copy)
    assert copied == [address]
    assert copy.hint() == app.t("online.copied")


def test_a_server_gone_shows_a_clear_banner(hosted):
    from scopa.app.table.absence import LONG_DOWN

    from .test_online_lobby_copy import cut_off

    app, table, _ = hosted
    for session in app.matches.sessions:
        cut_off(table.coordinator.link, session.stop_server)
    run_until(app, lambda: not table.coordinator.online, 20)
    words = [item.key for item in table.overlay_items() if item.key[0] == "connection"]
    assert words and words[0][1] == app.t("online.reconnecting")
    # Still down a while later (the game holding the table closed): it said "reconnecting"
    # for ever; it says how the table comes back.
    down = table.coordinator.offline_for()
    table.coordinator.clock = lambda: time.monotonic() + LONG_DOWN - down
    words = [item.key for item in table.overlay_items() if item.key[0] == "connection"]
    assert words and words[0][1] == app.t("online.reconnecting_long")


def test_a_friend_whose_host_closed_the_game_is_told_so(app, tmp_path):
    """The host's game closed mid-match: the friend was told "Connection lost:
    reconnecting…", then that it was still trying, as for a line dropped; the server said
    it was closing, and the banner says the host closed the game, and that the match waits
    for it."""
    from scopa.app.table.absence import LONG_DOWN

    from .test_online_lobby_copy import annas_table, join

    with annas_table(tmp_path / "host", players=2) as (server, address):
        join(app, address)
        table = table_opens(app)
        server.stop()
        run_until(app, lambda: not table.coordinator.online, 20)
        for later in (0.0, LONG_DOWN):  # at once, and a long while after
            down = table.coordinator.offline_for()
            table.coordinator.clock = lambda later=later, down=down: time.monotonic() + later - down
            words = [item.key for item in table.overlay_items() if item.key[0] == "connection"]
            assert words and words[0][1] == app.t("online.host_closed")
        app.home()


def test_a_window_cut_off_a_while_offers_to_leave_under_the_banner(hosted):
    """It keeps trying for as long as it stays at the table, so a way to stop is on the
    table itself, not only behind Esc: Leave the table, which asks first."""
    from scopa.app.table.absence import LONG_DOWN

    app, table, _ = hosted
    for session in app.matches.sessions:
        session.stop_server()
    run_until(app, lambda: not table.coordinator.online, 20)
    frame(app)
    assert table.absence.button is None  # a moment's drop: only "reconnecting"
    down = table.coordinator.offline_for()
    table.coordinator.clock = lambda: time.monotonic() + LONG_DOWN - down
    run_until(app, lambda: table.absence.button is not None)
    labels = [item.key[1] for item in table.overlay_items() if item.key[0] == "banner button"]
    assert labels == [app.t("online.leave_table")]
    click(app, table.absence.button.center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    click(app, question.yes_button)
    assert not isinstance(app.stack.top, TableScene)
    assert table.coordinator.lost  # the link closed with the table: no more tries


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_banner_s_button_never_hides_a_card_on_the_table(hosted, language):
    """At 960x540 in Italian the banner takes two lines, and its "Lascia il tavolo" lay
    over the tops of the table's cards. The button goes under the cards when it would."""
    from scopa.app.table.absence import LONG_DOWN

    app, table, _ = hosted
    app.set_language(language)
    app.resize((960, 540))
    frame(app)
    for session in app.matches.sessions:
        session.stop_server()
    run_until(app, lambda: not table.coordinator.online, 20)
    down = table.coordinator.offline_for()
    table.coordinator.clock = lambda: time.monotonic() + LONG_DOWN - down
    run_until(app, lambda: table.absence.button is not None)
    cards = table.table_cards()
    assert cards
    button = table.absence.button
    assert button.collidelist(cards) < 0, (button, cards)
    assert button.bottom <= table.layout.status_top


def this_window_to_play(app, table, friend) -> None:  # noqa: ANN001
    """Run the hosted table until it is this window's turn (the friend, if it leads,
    plays first)."""
    latest: Update | None = None

    def someone_to_play() -> bool:
        nonlocal latest
        latest = friend_update(friend) or latest
        return table.human_to_play is not None or (latest is not None and latest.my_turn)

    run_until(app, someone_to_play)
    if table.human_to_play is None:  # the friend leads: it plays, then it is this window's turn
        assert latest is not None
        friend.submit(friend.client.play(latest.observation.legal_moves[0], latest.at)).result(10)
        run_until(app, lambda: table.human_to_play is not None)


def test_a_card_that_takes_two_ways_online_asks_which(app, monkeypatch):
    """At a table held by a server, a card that could take two sets closed the game: the
    capture choice asks the round which set sweeps, and the round known here had no
    answer. The shuffle makes the host lead with 4C 7D 8B on 1D 2S 5D 6B: the 8 of batons
    takes 1D+2S+5D or 2S+6B; dropped on the open cloth it asks, and Enter takes the set
    lit."""
    from .table_helpers import centre_of, drag, empty_felt

    monkeypatch.setattr("scopa.net.table.new_seed", lambda: 6)
    friend, code = host_for_a_friend(app, monkeypatch)
    try:
        friend.submit(friend.client.join(code, "Bruno")).result(20)
        table = table_opens(app)
        run_until(app, lambda: table.human_to_play is not None and not table.director.busy)
        card = Card.parse("8B")
        drag(app, centre_of(table, card), empty_felt(table))
        choice = table.pick.choice
        assert choice is not None and len(choice.options) == 2
        assert not choice.sweeps  # neither set leaves the table bare
        press(app, pygame.K_RETURN)
        run_until(app, lambda: table.match.at > 0)
        assert table.pick.choice is None
        assert table.view.places[card][0] != "hand"
    finally:
        friend.close()
        app.home()


def test_an_error_at_a_table_online_sends_the_player_to_play_online(hosted):
    """The error screen said Continue takes the match up again: a match online has no
    Continue, and Play online is the way back to its table."""
    from scopa.app import crash

    app, table, friend = hosted
    assert crash.at_table_online(app)
    detail = crash.words(app.t, None, crash.at_table_online(app))[1]
    assert app.t("online") in detail and app.t("continue") not in detail
    app.home()
    assert not crash.at_table_online(app)


def test_every_question_the_table_asks_of_the_round_is_answered_online():
    """The table asks its match's round questions a round held by a server must answer
    from this seat's view: each one the table's code asks is there."""
    import re

    from scopa.app.remote import RemoteRound

    asked: set[str] = set()
    for path in Path(__file__).parents[2].joinpath("scopa", "app").rglob("*.py"):
        asked |= set(re.findall(r"match\.round\.([a-z_]+)", path.read_text(encoding="utf-8")))
    assert asked and {"is_scopa", "hand"} <= asked
    missing = sorted(name for name in asked if not hasattr(RemoteRound, name))
    assert not missing, missing


def test_at_this_window_s_turn_a_server_gone_says_the_play_waits(hosted):
    """The banner said the link was lost while the line under the table still said "Your
    turn: drag a card onto the table", and a card dragged went back without a word."""
    app, table, friend = hosted
    this_window_to_play(app, table, friend)
    assert table.status_text()[0] == app.t("table.your_turn")
    for session in app.matches.sessions:
        session.stop_server()
    run_until(app, lambda: not table.coordinator.online, 20)
    assert table.status_text()[0] == app.t("online.turn_waits")


def test_a_card_dropped_while_the_server_is_gone_goes_back_to_the_hand(hosted):
    """A card dragged onto the table while the link was down stayed there and was played,
    unasked, when the table came back: the line says the play waits, so the card goes back
    to the hand and nothing is sent."""
    from .table_helpers import centre_of, drag, empty_felt

    app, table, friend = hosted
    this_window_to_play(app, table, friend)
    for session in app.matches.sessions:
        session.stop_server()
    run_until(app, lambda: not table.coordinator.online, 20)
    seat = table.human_to_play
    assert seat is not None
    played = len(table.match.moves())
    card = next(iter(table.match.observe(seat).hand))
    drag(app, centre_of(table, card), empty_felt(table))
    run_until(app, lambda: not table.director.busy)
    assert table.coordinator._sent is None
    assert len(table.match.moves()) == played
    assert table.view.places[card][0] == "hand"
    assert table.status_text()[0] == app.t("online.turn_waits")


def test_the_online_name_leaves_out_what_the_game_cannot_draw(app):
    """The name sent to the others holds only letters every screen can draw."""
    app.settings = app.settings.with_(language="it", tutorial_done=True)
    app.set_language("it")
    app.open("online")
    online = app.stack.top
    click(app, online.name_row.control)
    type_text(app, "Иван🙂")
    assert online.player_name() == "Иван"
    assert online.field_note() == app.t("cannot_draw")
    assert not app.toasts.shown()
    # a name that draws nothing (which the tables refuse) goes as the game's "You"
    online.name = "\u3164"
    assert online.player_name() == app.t("you")


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_name_kept_in_the_settings_is_shown_as_a_typed_one_would_be(app, language):
    """A name kept from an earlier table in letters the game cannot draw (Korean) showed as
    boxes in the name field, with no word why, and went to the table so: it is shown as the
    same name typed would be, with the note."""
    app.settings = app.settings.with_(language=language, tutorial_done=True)
    app.set_language(language)
    for kept, shown in (("Ana 김민수", "Ana"), ("김민수", app.t("you"))):
        app.settings = app.settings.with_(online_name=kept)
        app.open("online")
        online = app.stack.top
        frame(app)
        assert online.player_name() == shown
        assert online.field_note() == app.t("cannot_draw")
        app.back()


def test_a_friend_s_name_of_letters_this_window_cannot_draw_is_never_a_bare_number():
    """A friend named 김민수 at a table where that name was taken became "김민수 2" at the
    server, and "2" in this window, with no letters left: the game's name for the seat."""
    import pygame as pg

    from scopa.app.online import legible

    pg.font.init()
    fonts = {}

    def font(role: str, px: int) -> pg.font.Font:
        from scopa.resources import font_path

        key = (role, px)
        if key not in fonts:
            fonts[key] = pg.font.Font(str(font_path(role)), px)
        return fonts[key]

    shown = legible(font)
    assert shown("김민수 2", 1) == "Player 2"
    assert shown("Ana 김민수", 1) == "Ana"
    assert shown("007", 1) == "007"  # a name of digits alone, whole, is a name


def test_the_name_and_the_table_joined_are_offered_again_after_a_restart(app, tmp_path):
    """A friend whose game closed mid-match comes back to Play online: their name and the
    table they joined are there, not "You" and an empty field to type again."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    click(app, online.name_row.control)
    type_text(app, "Bruno")
    press(app, pygame.K_RETURN)  # typing ends
    online.address = "ABCD-EFGH"
    click(app, online.join_button)
    assert app.stack.top is not online  # the lobby, trying the table
    again = App(Store(tmp_path), size=(1280, 720), scenes=default_scenes())
    again.open("online")
    back = again.stack.top
    assert back.player_name() == "Bruno" and back.address == "ABCD-EFGH"


@pytest.mark.parametrize("ending", ["enter", "escape", "back", "window closed"])
def test_a_name_typed_under_play_online_is_kept_without_hosting_or_joining(app, tmp_path, ending):
    """The name typed under Play online was kept only by Host or Join: a player who typed
    it and went back (or closed the game) found "You" there the next time."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.home()
    app.open("online")
    online = app.stack.top
    click(app, online.name_row.control)
    type_text(app, "Bruno")
    if ending == "enter":
        press(app, pygame.K_RETURN)  # typing ends; the screen stays
        assert app.stack.top is online
    elif ending == "escape":
        press(app, pygame.K_ESCAPE)  # typing ends; the screen stays
        assert app.stack.top is online
    elif ending == "back":
        click(app, online.back_button)  # typing ends as the screen closes
        assert app.stack.top is not online
    else:
        app.close()
    again = App(Store(tmp_path), size=(1280, 720), scenes=default_scenes())
    again.open("online")
    assert again.stack.top.player_name() == "Bruno"


def test_enter_after_an_address_typed_joins_it(app):
    """Enter in the address field only ended the typing: the player had to find Join.
    It joins, as forms do; with nothing typed it only ends the typing."""
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    online.address = ""
    click(app, online.address_row.control)
    press(app, pygame.K_RETURN)
    assert app.stack.top is online
    click(app, online.address_row.control)
    type_text(app, "ABCD-EFGH")
    press(app, pygame.K_RETURN)
    assert app.stack.top is not online  # the lobby, trying the table
    assert app.settings.online_address == "ABCD-EFGH"


def test_a_bad_address_is_explained(app):
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    # Nothing typed: Join is off (it said "This is not the address of a table").
    online.address = "  "
    click(app, online.join_button)
    assert app.stack.top is online and not online.join_button.enabled
    online.address = "not an address at all"
    click(app, online.join_button)
    lobby = app.stack.top
    frame(app)
    words, _ = lobby._status()
    assert words.startswith(app.t("online.bad_address", reason="")[:10])
    drawn = []  # said in large type in the middle of the sheet, not on one small line
    with style.watch_text(drawn.append):
        app.draw()
    (said,) = [text for text in drawn if text.words == words]
    assert said.px >= lobby.m.text_px(style.SUBHEADING) * style.SMALLEST_SHARE
    assert lobby.seats_box.union(lobby.address_box).contains(said.used)
    click(app, lobby.leave_button)
    assert app.stack.top is online


def test_a_play_the_server_refuses_is_said_and_the_card_comes_back(hosted):
    app, table, friend = hosted
    run_until(app, lambda: _my_turn(table, friend))
    move = next(m for m in table.match.legal_moves() if m.is_play)
    table.coordinator.match.at += 5  # the table believes it is further on than the server
    table.play(move)
    refused = app.t("table.refused")
    run_until(app, lambda: (table.status_text() or ("",))[0].lower() == refused.lower())
    run_until(app, lambda: not table.director.busy)
    assert table.view.places[move.card][0] == "hand"


def test_a_hint_asked_at_this_window_s_turn_online_points_at_a_card(hosted):
    """H at this window's turn at a table online closed the game: the hint looked for the
    practice of a reviewed position, which a match at a server never is. Master's hint,
    worked out from what this seat sees, points at one of its own plays."""
    app, table, friend = hosted
    run_until(app, lambda: _my_turn(table, friend))
    run_until(app, lambda: table.aids.available("hint"))
    press(app, pygame.K_h)
    run_until(app, lambda: table.aids.hint is not None)
    assert app.stack.top is table
    assert table.aids.hint.move in table.match.legal_moves()
    for key in (pygame.K_t, pygame.K_TAB, pygame.K_TAB, pygame.K_t):  # the other aids too
        press(app, key)
        for _ in range(5):
            frame(app)
    assert app.stack.top is table and not table.aids.tracker_on


def _my_turn(table, friend) -> bool:  # noqa: ANN001
    """The host's turn at the table (the friend plays its own turns as they come)."""
    if table.human_to_play is not None:
        return True
    update = friend_update(friend)
    if update is not None and update.my_turn:
        move = update.observation.legal_moves[0]
        friend.submit(friend.client.play(move, update.at)).result(10)
    return False


def test_the_player_at_this_screen_is_you_though_friends_play_too(hosted):
    app, table, friend = hosted
    seat = table.coordinator.seat
    assert table.seats.seat_name(seat) == "You"
    kind = app.t("table.knock_kind.low")
    assert table.seats.about_seat("table.knocked", seat, kind=kind, n=3) == (
        "You knock: a low hand, +3"
    )
    assert table.seats.seat_name(1 - seat) == "Bruno"


def test_a_friend_who_knows_only_the_code_finds_the_table_on_the_network(app, tmp_path):
    """Another computer hosts; this game joins with the code alone, as a friend read it out."""
    server = LocalServer(tmp_path / "host")
    server.start()
    host = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}, {"kind": "human"}]
        ticket = host.submit(host.client.create(Rules(), seats, "Anna", 0)).result(20)
        app.settings = app.settings.with_(language="en", tutorial_done=True)
        app.open("online")
        online = app.stack.top
        online.address = grouped(ticket.code)
        click(app, online.join_button)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        assert lobby._status()[0] == app.t("online.looking")
        table_opens(app)
        table = app.stack.top
        assert table.coordinator.seat == 1 and table.seats.seat_name(0) == "Anna"
    finally:
        app.home()
        host.close()
        server.stop()


def join_where_nobody_answers(app, code: str) -> str:  # noqa: ANN001
    """Join, from Play online, the table ``code`` at an address of this computer where no
    server listens (kept from an earlier evening); the address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        gone = f"ws://127.0.0.1:{probe.getsockname()[1]}/{code}"
    app.settings = app.settings.with_(language="en", tutorial_done=True, online_address=gone)
    app.open("online")
    click(app, app.stack.top.join_button)
    return gone


def test_a_table_found_away_from_the_address_kept_is_offered_at_where_it_was_found(
    app, friends_table, monkeypatch
):
    """The host started the game again, and its server on another port: the address kept
    under Play online reaches nobody, the table is found by its code, and the address kept
    from then on is the one that reached it."""
    server, _, address = friends_table
    code = address.rsplit("/", 1)[1]
    here = server.local_address
    monkeypatch.setattr(
        "scopa.app.online.find_table",
        lambda wanted, port, host=None: here if grouped(wanted) == code else None,
    )
    gone = join_where_nobody_answers(app, code)
    try:
        table_opens(app)
        assert app.stack.top.coordinator.seat == 1
        assert app.settings.online_address == f"{here}/{code}"
        # and the player is told the address was passed over, and where the table was
        told = app.t("online.found_elsewhere", asked=gone.rsplit("/", 1)[0], found=here)
        assert told in [toast.text for toast in app.toasts.shown()]
    finally:
        app.home()


def test_a_table_whose_old_address_another_server_took_is_found_by_its_code(
    app, friends_table, monkeypatch, tmp_path
):
    """The host's game started again on another port, and another server took its old
    one: that server answered "no table has this code", and the friend, told to join again
    with the same address, could not get back to a match under way. The table is looked
    for by its code, as when nothing answers, and the friend is told where it was."""
    server, _, address = friends_table
    code = address.rsplit("/", 1)[1]
    here = server.local_address
    other = LocalServer(tmp_path / "other", port=0)
    other.start()
    monkeypatch.setattr(
        "scopa.app.online.find_table",
        lambda wanted, port, host=None: here if grouped(wanted) == code else None,
    )
    asked = f"{other.local_address}/{code}"
    app.settings = app.settings.with_(language="en", tutorial_done=True, online_address=asked)
    try:
        app.open("online")
        click(app, app.stack.top.join_button)
        table_opens(app)
        assert app.stack.top.coordinator.seat == 1
        assert app.settings.online_address == f"{here}/{code}"
        told = app.t("online.found_elsewhere_no_table", asked=other.local_address, found=here)
        assert told in [toast.text for toast in app.toasts.shown()]
    finally:
        app.home()
        other.stop()


def test_a_server_found_by_the_code_that_does_not_hold_it_does_not_say_the_match_is_over(
    app, friends_table, monkeypatch
):
    """The server of the address asked for was stopped: the code asked of the network was
    answered by a server that did not hold that table, and its refusal ("no table has
    this code") told the player the match might be over. The address asked for could not
    be reached, and that is what the player is told."""
    server, _, address = friends_table
    code = address.rsplit("/", 1)[1]
    other = "ABCDE-FGHIJ-KLM" if code != "ABCDE-FGHIJ-KLM" else "ABCDE-FGHIJ-KLN"
    monkeypatch.setattr(
        "scopa.app.online.find_table", lambda wanted, port, host=None: server.local_address
    )
    join_where_nobody_answers(app, other)
    try:
        lobby = app.stack.top
        run_until(app, lambda: lobby.session.error is not None)
        assert lobby.session.error_kind == "reach", (lobby.session.error_kind, lobby.session.error)
    finally:
        app.home()


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_a_table_is_shared_where_friends_reach_it_and_kept_where_this_player_did(
    tmp_path, monkeypatch, host: str
):
    """A server on this computer that listens to it alone ("scopa serve" as it starts) was
    given out, and kept for coming back, at this computer's network address, where nothing
    answered: friends could not join, and after a restart Play online led nowhere. It is
    given out there only where the server answers there, and kept as this player reached it."""
    from scopa.app.hosting import lan_address

    network = lan_address()
    answered = host == "0.0.0.0" and network != "127.0.0.1"
    if network == "127.0.0.1":  # no network here: one kept for documentation, where
        network = "198.51.100.7"  # nothing answers
    monkeypatch.setattr("scopa.app.online.lan_address", lambda: network)
    server = LocalServer(tmp_path / "serve", host=host, port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    session = OnlineSession()
    try:
        seats = [{"kind": "human"}, {"kind": "human"}]
        ticket = anna.submit(anna.client.create(Rules(), seats, "Anna", 0)).result(20)
        typed = f"{server.local_address}/{grouped(ticket.code)}"
        session.join(typed, "Bea")
        deadline = time.monotonic() + 20
        while session.seated is None and session.error is None and time.monotonic() < deadline:
            time.sleep(0.05)
            session.check()
        assert session.seated is not None, session.error
        assert session.seated.reached == typed
        shown = f"ws://{network}:{server.port}/{grouped(ticket.code)}" if answered else typed
        assert session.seated.address == shown
    finally:
        session.close()
        anna.close()
        server.stop()


def test_a_code_nobody_holds_is_explained(app, monkeypatch):
    monkeypatch.setattr("scopa.app.online.find_table", lambda code, port, host=None: None)
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    online.address = "KPJTF-33ZJM-P38"
    click(app, online.join_button)
    lobby = app.stack.top
    run_until(app, lambda: lobby.session.error is not None)
    assert lobby._status()[0] == app.t("online.not_found")


class SlowStart:
    """``GameServer.start`` held just after it bound its port and opened its file, until
    ``release``: the window in which a player presses Back right after Host."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.bound = threading.Event()
        self.release = threading.Event()
        self.port = 0
        original = GameServer.start

        async def start(server: GameServer, host: str, port: int, **options: object):
            address = await original(server, host, 0, **options)
            self.port = address[1]
            self.bound.set()
            await asyncio.to_thread(self.release.wait, 10)
            return address

        monkeypatch.setattr(GameServer, "start", start)


def hosting_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith(("scopa-host", "scopa-online"))}


def assert_all_let_go(port: int, store: Path, before: set[threading.Thread]) -> None:
    """Every thread the hosting made ends soon, the port is free, the table file is shut."""
    deadline = time.monotonic() + 8
    for thread in hosting_threads() - before:
        thread.join(max(0.0, deadline - time.monotonic()))
    assert not hosting_threads() - before, "a hosting thread is still running"
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", port))  # raised "address already in use"
    fds = Path("/proc/self/fd")
    if fds.is_dir():
        held = {os.path.realpath(fd) for fd in fds.iterdir() if fd.is_symlink()}
        assert str(store.resolve()) not in held


def test_leaving_while_the_server_starts_stops_it_without_waiting(tmp_path, monkeypatch):
    """Back pressed right after Host: the stop waits for the start (off the main thread),
    then nothing is left listening, holding the table file or waiting on a timeout."""
    slow = SlowStart(monkeypatch)
    before = hosting_threads()
    session = OnlineSession()
    session.host(tmp_path, Rules(), [{"kind": "human"}, {"kind": "human"}], "Anna")
    assert slow.bound.wait(20)
    began = time.monotonic()
    session.stop_server()
    session.close()
    assert time.monotonic() - began < 0.5  # the window is not held
    slow.release.set()
    assert_all_let_go(slow.port, tmp_path / "hosted.sqlite3", before)
    session.stop_server()  # again: nothing happens
    session.close()


def test_back_in_the_lobby_while_hosting_starts_is_quiet(app, monkeypatch):
    slow = SlowStart(monkeypatch)
    before = hosting_threads()
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    assert slow.bound.wait(20)
    began = time.monotonic()
    click(app, lobby.leave_button)
    assert time.monotonic() - began < 0.5
    assert app.stack.top is online
    slow.release.set()
    for _ in range(10):
        frame(app)
    assert app.stack.top is online
    assert_all_let_go(slow.port, app.store.data_dir / "hosted.sqlite3", before)


def test_a_local_server_stops_quietly_before_a_start_and_twice(tmp_path):
    server = LocalServer(tmp_path, port=0)
    server.stop()
    before = hosting_threads()
    port = server.start()
    server.stop()
    server.stop()
    assert_all_let_go(port, tmp_path / "hosted.sqlite3", before)


def menu_over(app, table, monkeypatch):  # noqa: ANN001, ANN201
    """Esc at the online table, once still: the menu, and the headings it draws."""
    from scopa.app.scenes.pause import PauseScene

    from .menu_helpers import press

    run_until(app, lambda: not table.director.busy)
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseScene)
    headings: list[str] = []
    monkeypatch.setattr(menu, "draw_sheet", lambda surface, heading: headings.append(heading))
    return menu, headings


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_menu_over_a_match_online_that_is_over_does_not_say_it_goes_on(
    hosted, monkeypatch, language
):
    """Escape on the final sheet of a match online: "The match goes on", and "the others
    play on". It says the match is over, and where its way back goes."""
    app, table, _ = hosted
    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    table.match.status = "over"
    table.match.result = {"winner": 0, "totals": [11, 4], "cappotto": False}
    menu, headings = menu_over(app, table, monkeypatch)
    frame(app)
    assert headings[-1] == app.t("online.played_out") != app.t("online.goes_on")
    assert menu.buttons[0].hint() == app.t("online.back_to_sheet_hint")


def test_the_menu_over_a_match_online_does_not_claim_to_pause_or_delete_it(hosted, monkeypatch):
    """The others play on while the menu is open: it never says Pause, Resume, Save or
    Abandon (that deletes nothing at a server); its way out is to leave the table."""
    app, table, _ = hosted
    menu, headings = menu_over(app, table, monkeypatch)
    frame(app)
    assert headings == [app.t("online.goes_on")]
    labels = [button.text() for button in menu.buttons]
    for claim in ("pause", "resume", "save_and_leave", "abandon"):
        assert app.t(claim) not in labels
    click(app, menu.buttons[-1])
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    assert confirm.question() == app.t("online.leave_question")


def test_a_player_leaving_may_let_the_computer_play_their_seat_at_once(hosted, monkeypatch):
    """Leaving the table only kept the seat: the friends waited for a player gone for good
    until a minute had passed and they could hand the seat over. The question offers to let
    the computer play it at once; Play online brings the player back to it."""
    app, table, friend = hosted
    menu, _ = menu_over(app, table, monkeypatch)
    click(app, menu.buttons[-1])
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and confirm.other_button is not None
    assert confirm.other_button.text() == app.t("online.hand_over_short")
    click(app, confirm.other_button)
    assert isinstance(app.stack.top, TitleScene)

    def stood_in() -> bool:
        friend.poll()
        seats = (friend.client.table or {}).get("seats", [])
        return any(info.get("seat") == 0 and info.get("autoplay") for info in seats)

    run_until(app, stood_in, 20)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_menu_over_a_match_online_says_when_this_window_is_cut_off(
    hosted, monkeypatch, language
):
    """The menu said "The match goes on" while this window had lost the server: it says the
    window is getting back to the table (the match waits at its turn), then, once that is
    given up, that the window can no longer follow the match."""
    app, table, _ = hosted
    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    menu, headings = menu_over(app, table, monkeypatch)
    back = menu.buttons[0]
    frame(app)
    assert headings[-1] == app.t("online.goes_on")
    assert back.hint() == app.t("online.back_to_table_hint")

    table.coordinator.link.client.reconnect_for = 3.0
    for session in app.matches.sessions:
        session.stop_server()
    run_until(app, lambda: not table.coordinator.online, 20)
    frame(app)
    assert headings[-1] == app.t("online.paused_reconnecting") != app.t("online.goes_on")
    assert back.hint() == app.t("online.paused_reconnecting_hint")

    run_until(app, lambda: table.coordinator.lost, 20)
    frame(app)
    assert headings[-1] == app.t("online.paused_lost")
    assert back.hint() == app.t("online.paused_lost_hint")
    assert app.stack.top is menu


@pytest.mark.parametrize(
    ("last", "shown"), [("Tu", "You"), ("Giocatore 1", "You"), ("Anna", "Anna")]
)
def test_the_name_offered_online_follows_the_language_unless_typed(app, last, shown):
    """The name field takes the first person of the last match: a name the game gave
    ("Tu", from a match set up in Italian) in the language of the moment."""
    from scopa.settings import MatchSetup, SeatConfig

    setup = MatchSetup((SeatConfig(last, True), SeatConfig("Giulia", False)), Rules())
    app.settings = app.settings.with_(language="en", last_setup=setup)
    app.set_language("en")
    assert OnlineScene(app).name == shown


def play_the_round_out(app, table, friend, choose) -> None:  # noqa: ANN001
    """Play the hosted table's round to its sheet: this window's moves as ``choose``
    (given the seat's observation) says, the friend's its first legal move."""
    from scopa.app.scenes.scoring import ScoringScene

    latest: Update | None = friend.client.last  # (refused while this window read its sheet)
    played_at = -1
    deadline = time.monotonic() + 120
    while not isinstance(app.stack.top, ScoringScene):
        assert time.monotonic() < deadline, "the round never ended"
        frame(app)
        update = friend_update(friend)
        if update is not None and update.at > played_at:
            latest = update
        if table.human_to_play is not None and not table.director.busy:
            at = table.match.at
            table.play(choose(table.match.observation))
            run_until(app, lambda at=at: table.match.at > at)
        elif latest is not None and latest.my_turn:
            move = latest.observation.legal_moves[0]
            try:
                friend.submit(friend.client.play(move, latest.at)).result(10)
            except ServerError as error:  # the next round waits for this window's sheet
                assert error.code == "reading", error
                continue  # played again once read
            played_at, latest = latest.at, None


def test_the_sheet_of_an_online_round_shows_the_cards_that_swept(app, monkeypatch):
    """The Scopas row of an online round's sheet showed no card, and pointing at it did
    nothing: the sheet found the scopas by playing the match again from its moves, which a
    window at a server does not have. The events it heard tell them. With this shuffle and
    both seats playing their first legal move, the host swept with the 8 of swords and the
    9 of batons, the friend with the 6 of cups (as the engine plays it here)."""
    from scopa.app.scenes.scoring import ScoringScene

    monkeypatch.setattr("scopa.net.table.new_seed", lambda: 5)
    friend, code = host_for_a_friend(app, monkeypatch)
    try:
        friend.submit(friend.client.join(code, "Bruno")).result(20)
        table = table_opens(app)
        play_the_round_out(app, table, friend, lambda obs: obs.legal_moves[0])
        sheet = app.stack.top
        assert isinstance(sheet, ScoringScene)
        swept = [[card for card, _ in side] for side in sheet._scopas()]
        assert swept == [[Card.parse("8S"), Card.parse("9B")], [Card.parse("6C")]]
    finally:
        friend.close()
        app.home()


def test_the_sheet_of_an_online_round_offers_nothing_it_cannot_do(hosted):
    """On the sheet of an online match "Replay this round" closed the game: the match at a
    server does not know its shuffle here. Nor does the sheet show a round code made up
    from a seed it never had ("000000-1"). It offers the next round."""
    from scopa.app.scenes.scoring import ScoringScene

    app, table, friend = hosted
    play_the_round_out(
        app, table, friend, lambda obs: next(m for m in obs.legal_moves if m.is_play)
    )
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene)
    labels = [button.text() for button in sheet.buttons]
    assert app.t("replay_deal") not in labels
    assert labels[-1] == app.t("next_round")
    assert sheet.deal_code() == ""
    frame(app)
    assert isinstance(app.stack.top, ScoringScene)
    # At the match's end the rematch is the server's (with the friends at their own
    # screens), never a new match dealt here with them as people at this one.
    sheet.match.status = "over"
    sheet._build_buttons()
    assert [button.text() for button in sheet.buttons][-2:] == [app.t("to_title"), app.t("rematch")]
    assert sheet.buttons[-1].on_click == table.coordinator.ask_rematch


def test_a_round_played_online_is_reviewed_from_what_this_seat_saw(hosted):
    """No review came after a round played online: the window never knew the other hands,
    which a review of a local match replays. Master grades this seat's own moves from what
    it saw as it made them (its hand, the table): the sheet offers the review, it grades
    every choice this seat made and nobody else's, and offers no position to play again
    (its other hands were never known here)."""
    from scopa.app.scenes.review import ReviewScene
    from scopa.app.scenes.scoring import ScoringScene

    app, table, friend = hosted
    mine: list[tuple[tuple, object]] = []  # (hand, move) of each choice made here

    def choose(obs):  # noqa: ANN001, ANN202
        if len(obs.legal_moves) > 1:
            mine.append((obs.hand, obs.legal_moves[-1]))
        return obs.legal_moves[-1]

    play_the_round_out(app, table, friend, choose)
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene)
    assert mine, "no choice was made here"
    assert sheet.review_button is not None and sheet.buttons[0] is sheet.review_button
    run_until(app, lambda: sheet.review_ready, 120)
    review = sheet._review_job().review
    assert review.seats == (0,)
    assert [(grade.hand, grade.played) for grade in review.grades] == mine
    assert all(grade.seat == 0 for grade in review.grades)
    click(app, sheet.review_button)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    frame(app)
    assert scene.try_buttons == []


def test_the_final_sheet_of_a_match_online_is_drawn_in_every_window(hosted):
    """Every online match closed every window at its end: the final sheet asked the
    server's match whether the opening table had won it, which only a local match knew."""
    from scopa.app.scenes.scoring import ScoringScene

    app, table, _ = hosted
    match = table.match
    sheet = ScoringScene(app, table.coordinator)
    app.stack.push(sheet)
    match.status = "over"
    results = [
        ({"winner": 0, "totals": [11, 4], "cappotto": False, "seats": [0]}, "match_score"),
        ({"winner": 1, "totals": [0, 0], "at_deal": "misdeals", "seats": [1]}, "misdeals"),
        ({"winner": 1, "totals": [3, 12], "cappotto": True, "at_deal": None}, "match_cappotto"),
        ({"winner": 0, "totals": [12, 3], "at_deal": "nonsense"}, "match_score"),
    ]
    for result, said in results:
        match.result = result
        sheet.layout()
        app.draw()  # the whole sheet, its result line too
        score = " \u2013 ".join(str(total) for total in result["totals"])
        if said == "misdeals":
            expected = app.t("match_at_deal.misdeals", score=score)
        elif said == "match_cappotto":
            cappotto = app.t("match_cappotto", score=score, coins="")
            assert sheet.result_line().startswith(cappotto[:8])
            continue
        else:
            expected = app.t(said, score=score)
        assert sheet.result_line() == expected


def test_a_host_who_left_the_table_finds_its_address_under_play_online(hosted):
    """A host who left its table was told "join again with the same address", but Play
    online showed an empty address, and Host a table opened a second table."""
    app, table, _ = hosted
    address = table.coordinator.address
    assert address and app.settings.online_address == address
    app.home()
    app.open("online")
    assert app.stack.top.address == address


def test_a_host_is_asked_before_quit_closes_its_table(hosted):
    """Quit on the title closed the game and with it the table it hosted, friends and all,
    without a word; the friends only saw the connection lost."""
    app, _, _ = hosted
    title = app.home()
    frame(app)
    click(app, title.quit)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and app.running
    assert question.question() == app.t("online.quit_hosted_question")
    click(app, question.no_button)
    assert app.stack.top is title and app.running
    click(app, title.quit)
    click(app, app.stack.top.yes_button)
    assert not app.running


def closing_asks(app, key: str, under) -> None:  # noqa: ANN001
    """The window's close button asks the question ``key`` over the screen ``under``, and
    No leaves that screen as it was, the game running."""
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and app.running
    assert question.question() == app.t(key)
    click(app, question.no_button)
    assert app.stack.top is under and app.running


def test_the_window_s_close_button_asks_a_host_as_quit_does(hosted):
    """Closing the window ended the game and the table it hosted without a word (only
    Quit on the title asked). It asks as Quit does; closing it again while asked quits."""
    app, _, _ = hosted
    title = app.home()
    frame(app)
    closing_asks(app, "online.quit_hosted_question", title)
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert isinstance(app.stack.top, ConfirmScene) and app.running
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert not app.running


def test_quitting_while_a_hosted_match_is_under_way_says_the_friends_wait(hosted):
    """The host's question said the friends lose the table when the game closes, but the
    table comes back when the game opens again (Play online, Join): the friends wait, and
    the match goes on. Those seated in a lobby still lose it (its seat is given up)."""
    app, _, _ = hosted
    app.set_language("it")
    app.home()
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    detail = question.detail()
    assert "aspettano" in detail and "continua" in detail and "perdono" not in detail


def test_the_system_ending_the_game_ends_it_at_once_even_when_hosting(hosted):
    """QUIT comes from the system (the session ending, a kill): nobody is there to answer."""
    app, _, _ = hosted
    app.home()
    frame(app, pygame.event.Event(pygame.QUIT))
    assert not app.running


def test_the_log_says_the_system_ended_the_game(app, capsys):
    """A game ended by a signal vanished with nothing in its log: a player (or a tester)
    could not tell it from a crash that went unreported."""
    app.home()
    frame(app, pygame.event.Event(pygame.QUIT))
    assert not app.running
    assert "ending as the system asked" in capsys.readouterr().err


def test_a_friend_seated_in_the_lobby_makes_the_close_button_ask(app, monkeypatch):
    """A host waiting in the lobby for a third player, one friend already seated: closing
    the window would drop that friend's seat without a word. Before anyone sat, it asks
    nothing."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=Rules(players=3))
    app.home()
    lobby = app.open("lobby", mode="host", seats=[{"kind": "human"}] * 3, player="Anna")
    run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
    assert not lobby.hosts_friends
    address = parse_address(lobby.session.seated.address)
    local = address.server.split("//")[1].rsplit(":", 1)[1]
    friend = BackgroundClient(f"ws://127.0.0.1:{local}")
    try:
        friend.submit(friend.client.join(str(address.code), "Bruno")).result(20)
        run_until(app, lambda: lobby.hosts_friends)
        frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
        question = app.stack.top
        assert isinstance(question, ConfirmScene) and app.running
        assert question.question() == app.t("online.quit_hosting_question")
    finally:
        friend.close()
        lobby.back()


def test_the_close_button_quits_at_once_when_no_table_is_hosted(app):
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.home()
    frame(app)
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert not app.running


def test_quit_asks_nothing_when_no_table_is_hosted(app):
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    title = app.home()
    frame(app)
    click(app, title.quit)
    assert not app.running


def test_a_lost_table_no_longer_says_it_is_your_turn(hosted):
    """Once the connection is lost for good, the table no longer invites a play it cannot
    send ("Your turn" beside "Connection lost")."""
    app, table, friend = hosted
    run_until(app, lambda: _my_turn(table, friend))
    assert table.status_text()[0] == app.t("table.your_turn")
    table.coordinator.link.client.reconnect_for = 0.5
    for session in app.matches.sessions:
        session.stop_server()
    run_until(app, lambda: table.lost, 30)
    assert table.human_to_play is None
    status = table.status_text()
    assert status is None or status[0] != app.t("table.your_turn")
    assert not any(plate.active for plate in table.snapshot().plates)  # nor its plate


def test_a_seat_taken_up_from_another_window_stops_this_table_with_a_word(hosted):
    """The server closes a connection whose seat another one took with its ticket; the
    table said the server refused a play and went on as if it could still play. Then it
    said so in a toast, under a banner that stayed saying the connection was lost, and to
    join again (which takes the seat back from the other window): the banner says where
    the seat went, and stays."""
    app, table, _ = hosted
    ticket = table.coordinator.ticket
    other = BackgroundClient(ticket.server)
    try:
        other.submit(other.client.rejoin(ticket)).result(20)
        run_until(app, lambda: table.lost, 20)
        frame(app)
        assert table.absence.words(lost=table.lost) == app.t("online.seat_taken_elsewhere")
        assert (table.status_text() or ("",))[0] != app.t("table.refused")
        assert table.human_to_play is None
        # nor does it look live: no plate glows for a turn played in the other window
        assert not any(plate.active for plate in table.snapshot().plates)
        # and the hand, played now from the other window, is no longer shown at this one
        # (a computer left in a shared room): it turns face down
        seat = table.coordinator.seat
        assert table.view.hands[seat]
        assert not any(table.view.sprites[card].face_up for card in table.view.hands[seat])
    finally:
        other.close()


def test_a_connection_lost_for_good_is_said_once_in_full(hosted, monkeypatch):
    """The banner over the table and a toast said the same words at once, the toast over
    the banner's second line: "...leave and join again with the" and no more."""
    from scopa.app import style
    from scopa.app.remote import Arrival

    app, table, _ = hosted
    monkeypatch.setattr(table.coordinator, "arrivals", lambda: Arrival(lost=True))
    frame(app)
    frame(app)
    said = app.t("online.lost_for_good")
    assert table.lost and said not in [toast.text for toast in app.toasts.shown()]
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    (banner,) = [text for text in drawn if text.words == said]
    assert not banner.elided and not banner.cut


def test_a_play_made_as_the_match_starts_reaches_the_host_s_table(app, monkeypatch):
    """The friend who plays first played before the host's window looked again: the match's
    start and that play came in one batch, the lobby kept the start and dropped the play,
    and the host's table waited for it for good ("Bruno is thinking…")."""
    from scopa.engine import Match

    new = Match.new.__func__

    def host_deals(cls, rules, rng, *, first_dealer=None, decks=()):  # noqa: ANN001, ANN202
        return new(
            cls, rules, rng, first_dealer=0 if first_dealer is None else first_dealer, decks=decks
        )

    monkeypatch.setattr(Match, "new", classmethod(host_deals))
    friend, code = host_for_a_friend(app, monkeypatch)
    try:
        friend.submit(friend.client.join(code, "Bruno")).result(20)
        lobby = app.stack.top
        run_until(app, lambda: start_shown(lobby))
        lobby.start_button.activate()  # Start, and the window looks away at once
        deadline = time.monotonic() + 20
        turn = None
        while turn is None and time.monotonic() < deadline:  # the host's window looks away
            turn = next(
                (item for item in friend.poll() if isinstance(item, Update) and item.my_turn), None
            )
            time.sleep(0.01)
        assert turn is not None, "the friend, after the dealer, plays first"
        friend.submit(friend.client.play(turn.observation.legal_moves[0], turn.at)).result(10)
        time.sleep(0.3)  # the play reaches the host's link before its window looks again
        table_opens(app)
        table = app.stack.top
        run_until(app, lambda: table.match.at > turn.at, seconds=10)
        run_until(app, lambda: table.human_to_play is not None, seconds=10)
    finally:
        friend.close()
        app.home()


@pytest.mark.parametrize(("language", "teams"), [("en", True), ("it", True), ("en", False)])
def test_the_lobby_of_a_table_in_teams_says_who_plays_with_whom(app, monkeypatch, language, teams):
    """A friend joining a table of four could not tell whose partner they would be: the
    lobby listed the seats alone. Each now says its team, in the team's colour."""
    from .test_first_start import drawn_texts

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(
        language=language, tutorial_done=True, rules=Rules(players=4, teams=teams)
    )
    online = app.open("online")
    frame(app)
    online.friends_row.control.set((2, 1) if teams else (2, None))  # one a partner
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: bool(lobby.session.table))
    frame(app)
    t = app.t
    texts = [d.words for d in drawn_texts(app)]
    team = [t("online.team", n=n) for n in (1, 2)]
    if teams:
        assert f"{team[0]}{SEPARATOR}{t('online.ready')}" in texts  # this player, seat 1
        assert texts.count(team[0]) == 1 and texts.count(team[1]) == 1  # seats 2, 3: free
        assert f"{team[1]}{SEPARATOR}{t('online.computer')}" in texts  # seat 4, a computer
    else:  # each for themselves
        assert not any(team[0] in words for words in texts)
        assert t("online.ready") in texts
    app.home()


def test_a_friend_can_be_hosted_as_a_partner_against_the_computers(app, monkeypatch):
    """At a table of four in teams one friend always sat against the host: the friends
    filled the next seats. Friends now says on whose side they sit, and it is kept."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    rules = Rules(players=4, teams=True)
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=rules)
    online = app.open("online")
    frame(app)
    labels = {value: label() if callable(label) else label for value, label in
              online.friends_row.control.options}  # fmt: skip
    assert labels == {
        (1, 0): app.t("online.friend_opponent"),
        (1, 1): app.t("online.friend_partner"),
        (2, 0): app.t("online.friends_against", n=2),
        (2, 1): app.t("online.friends_with", n=2, partners=1),
        (3, 1): "3",
    }
    assert (online.friends, online.partners) == (1, 0)  # as before: the next seat
    kinds = [seat["kind"] for seat in online.seats()]
    assert kinds == ["human", "human", "computer", "computer"]
    online.friends_row.control.set((1, 1))
    kinds = [seat["kind"] for seat in online.seats()]
    assert kinds == ["human", "computer", "human", "computer"]  # opposite: the partner
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: bool(lobby.session.table))
    assert [s["kind"] for s in lobby.session.table["seats"]] == kinds
    app.home()
    assert (app.settings.online_friends, app.settings.online_partners) == (1, 1)
    again = app.open("online")
    assert (again.friends, again.partners) == (1, 1)
    app.home()
    app.settings = app.settings.with_(rules=Rules(players=6, six_sides=3))  # three pairs
    six = app.open("online")
    assert (six.friends, six.partners) == (1, 1)
    assert [seat["kind"] for seat in six.seats()].count("human") == 2
    assert Rules(players=6, six_sides=3).side_of(
        next(n for n, seat in enumerate(six.seats()) if n and seat["kind"] == "human")
    ) == Rules(players=6, six_sides=3).side_of(0)
    app.home()


def test_u_at_a_table_online_says_undo_is_off(hosted):
    """U (or Ctrl+Z) after a play at a table online did nothing and said nothing: Undo is
    not offered there, and the key says so, as it does at one screen."""
    app, table, friend = hosted
    run_until(app, lambda: _my_turn(table, friend))
    move = next(m for m in table.match.legal_moves() if m.is_play)
    table.play(move)
    run_until(app, lambda: table.view.places[move.card][0] != "hand")
    run_until(app, lambda: not table.director.busy)
    press(app, pygame.K_u)
    assert table.said() == app.t("aids.undo_online")
    assert table.view.places[move.card][0] != "hand"  # the card stays played
    assert not any(button.name == "undo" for button in table.aids.buttons())


def test_a_name_pasted_goes_in_the_name_being_typed(app, monkeypatch):
    """Ctrl+V while typing one's name put the clipboard in the address, over the address
    written there: it goes in the name typed; pasted elsewhere, in the address still."""
    from scopa.app import widgets
    from scopa.app.scenes import online

    app.settings = app.settings.with_(language="en", online_address="ws://192.168.1.4:8765/ABCD")
    app.set_language("en")
    scene = OnlineScene(app)
    app.stack.push(scene)
    frame(app)
    monkeypatch.setattr(online, "paste", lambda: "ws://10.0.0.9:8765/NOPE")
    monkeypatch.setattr(widgets, "paste", lambda: "Margherita\n")  # the fields' clipboard
    click(app, scene.name_field)
    press(app, pygame.K_a, pygame.KMOD_CTRL)  # all of it, as typed over
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert scene.name_field.editing and scene.name == "Margherita"
    assert scene.address == "ws://192.168.1.4:8765/ABCD"
    press(app, pygame.K_RETURN)
    assert not scene.name_field.editing
    monkeypatch.setattr(online, "paste", lambda: " ws://10.0.0.2:8765/WXYZ ")
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert scene.address == "ws://10.0.0.2:8765/WXYZ" and scene.name == "Margherita"
    monkeypatch.setattr(online, "paste", lambda: "ws://10.0.0.2:8765/AB\tCD\nEF\x07")
    press(app, pygame.K_v, pygame.KMOD_CTRL)  # a tab drawn as a box, a line's end as one
    assert scene.address == "ws://10.0.0.2:8765/AB CD EF", scene.address


def test_settings_over_a_match_online_played_out_say_what_its_rematch_plays(hosted):
    """The host's Settings over the final sheet said the new rules apply "from the next
    match", and the rematch at the table then played the table's rules: they say that a
    rematch there plays the table's."""
    from scopa.app.scenes.online import describe_rules
    from scopa.app.scenes.settings import SettingsScene

    app, table, _ = hosted
    app.settings = app.settings.with_(language="en", rules=Rules.preset("cirulla"))
    app.set_language("en")
    table.match.status = "over"
    table.match.result = {"winner": 0, "totals": [11, 4], "cappotto": False}
    scene = SettingsScene(app)
    app.stack.push(scene)
    scene.tab = "match"
    said, _ = scene.footer_line()
    assert said == app.t("rules_apply_note_over", game=describe_rules(app, table.match.rules))
