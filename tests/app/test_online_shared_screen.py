"""Several people at one screen at a table online: the host hosts for a friend and for a
person sitting beside them. Each person here holds a seat on a connection of their own, so
the server sends each hand to its own seat alone; the screen is covered before each one's
turn, as at a hot-seat match, and shows the hand of the one who lifted the cover, never the
friend's. The sheet, the next round and a game closed and opened again keep both seats."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from scopa.app import style
from scopa.app.online import OnlineSession
from scopa.app.remote import SharedScreen
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.engine import Rules
from scopa.net.client import BackgroundClient, ServerError, Update
from scopa.net.codes import parse_address
from scopa.net.store import SeatRecord
from tests.net.helpers import stored_table

from .menu_helpers import click, frame
from .test_online import run_until, start_shown, table_opens

IDLE = 0.4
"""Seconds a turn may wait before the friends may let the computer play it, in the tests
of a seat handed over (the server's ``idle_grace``)."""


def host_with_one_here(  # noqa: ANN201
    app,  # noqa: ANN001
    monkeypatch,  # noqa: ANN001
    idle_grace: float | None = None,
    *,
    opens: bool = True,
    joined: bool = True,
):
    """Three players: this screen hosts for a friend and a person beside the host; the
    friend's client joins. The table, and the friend's client. ``idle_grace``: the
    server's, in seconds, when not its own; ``opens`` false: the lobby, the match not yet
    started; ``joined`` false: the lobby, the friend's client not yet seated, and the
    table's code."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    if idle_grace is not None:
        import functools

        from scopa.net.protocol import Limits
        from scopa.net.server import GameServer

        server = functools.partial(GameServer, limits=Limits(idle_grace=idle_grace))
        monkeypatch.setattr("scopa.app.hosting.GameServer", server)
    app.settings = app.settings.with_(
        language="en", animation_speed="instant", tutorial_done=True, rules=Rules(players=3)
    )
    online = app.open("online")
    frame(app)
    assert isinstance(online, OnlineScene)
    online.friends, online.here = 1, 1
    assert [choice for choice, _ in online._here_choices()] == [0, 1, 2, 3, 4, 5]
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.session.seated is not None)
    table = lobby.session.table or {}
    run_until(app, lambda: len((lobby.session.table or {}).get("seats", [])) == 3)
    # the person beside the host sits a moment later (a loaded machine showed the frame
    # in between)
    run_until(
        app, lambda: sum(info.get("taken", False) for info in lobby.session.table["seats"]) == 2
    )
    table = lobby.session.table or {}
    taken = [info for info in table["seats"] if info.get("taken")]
    assert [info["name"] for info in taken] == ["Player 1", "Player 3"]
    rows = [lobby.seat_words(info)[0] for info in table["seats"]]
    assert rows == ["Player 1 (you)", "Free", "Player 3 (here)"]
    address = parse_address(lobby.session.seated.address)
    port = address.server.rsplit(":", 1)[1]
    friend = BackgroundClient(f"ws://127.0.0.1:{port}")
    if not joined:
        return lobby, friend, str(address.code)
    friend.submit(friend.client.join(str(address.code), "Bruno")).result(20)
    if not opens:
        run_until(app, lambda: start_shown(lobby))
        return lobby, friend
    table_opens(app)
    return app.stack.top, friend


def friend_latest(friend: BackgroundClient, latest: Update | None) -> Update | None:
    for item in friend.poll():
        if isinstance(item, Update):
            latest = item
    return latest


def play_on(table, friend: BackgroundClient, latest: Update | None) -> Update | None:  # noqa: ANN001
    """One step of everyone playing on: the cover lifted for the person to play here, or
    their first card played, or the friend's (by its client, from ``latest``, the last
    update it heard). Returns the friend's last update still to be played on."""
    latest = friend_latest(friend, latest)
    if table.cover is not None:
        table.clock += 1.0
        table.reveal()
    elif table.human_to_play is not None and not table.director.busy:
        table.play(next(m for m in table.match.legal_moves() if m.is_play))
    elif latest is not None and latest.my_turn:
        move, at, latest = latest.observation.legal_moves[0], latest.at, None
        friend.submit(friend.client.play(move, at)).result(10)
    return latest


def test_the_cover_online_tells_what_the_others_made_since_the_person_s_last_turn(app, monkeypatch):
    """Two people here and a friend online: the cover passing the screen told nothing of
    the friend's card or of the other person's (the round's plays are the server's), as it
    does at a table here. Each person's link heard them: the cover tells them."""
    from scopa.app.table.words import News

    table, friend = host_with_one_here(app, monkeypatch)
    try:
        latest: Update | None = None
        told = []
        deadline = 0
        while len(told) < 2 and deadline < 4000:
            deadline += 1
            latest = play_on(table, friend, latest)
            frame(app)
            if table.cover is None or (told and told[-1][0] == table.match.at):
                continue
            seat = table.cover
            seen = table.coordinator.parts[seat].match.observation
            others = [(p, m) for p, m in seen.history if p != seat]
            if not others or seen.history[-1][0] == seat:
                continue
            player, move = seen.history[-1]
            last = len(seen.history) - 1
            kinds = {"scopa"} if last in seen.scopa_plays() else {"took", "laid"}
            lines = {table.words.news_line(News(kind, player, move)) for kind in kinds}
            news = table.cover_texts().news
            assert news and news[-1] in lines, (news, lines)
            told.append((table.match.at, seat, player))
        assert len(told) == 2
        assert {player for _, _, player in told} & {1}  # the friend's card among them
    finally:
        friend.close()
        app.home()


def test_two_people_here_and_a_friend_play_a_table_online(app, monkeypatch):
    table, friend = host_with_one_here(app, monkeypatch)
    try:
        coordinator = table.coordinator
        assert isinstance(coordinator, SharedScreen)
        assert coordinator.humans == (0, 2) and coordinator.kind(1) == "remote"
        assert coordinator.mode == "hotseat"
        assert table.seats.seat_name(1) == "Bruno"
        pause = app.open("pause")  # the menu offers the address, for a friend who lost it
        frame(app)
        assert pause.address() == coordinator.address and pause.connection == "on"
        app.back()
        latest: Update | None = None
        turns = {0: 0, 1: 0, 2: 0}
        played_at = -1

        def someone_to_play() -> bool:
            nonlocal latest
            found = friend_latest(friend, latest)
            if found is not None and found.at > played_at:
                latest = found
            waiting_here = table.cover is not None or table.human_to_play is not None
            return waiting_here or (latest is not None and latest.my_turn)

        while min(turns.values()) < 3:
            run_until(app, someone_to_play)
            if latest is not None and latest.my_turn:
                # the friend first: the cover may already ask for the next person here, whose
                # turn comes after the friend's (waiting on it there waited forever)
                move, at = latest.observation.legal_moves[0], latest.at
                latest, played_at = None, at
                friend.submit(friend.client.play(move, at)).result(10)
                run_until(
                    app,
                    lambda card=move.card: (
                        table.view.places[card][0] in ("table", "pile", "marker")
                    ),
                )
                turns[1] += 1
            elif table.cover is not None:
                seat = table.cover
                # behind the cover no hand shows, the one to play's no more than another's
                assert not any(
                    table.view.face_shown(card) for hand in table.view.hands for card in hand
                )
                table.clock += 1.0
                table.reveal()
                assert table.viewer == seat and coordinator.seat == seat
                own = coordinator.parts[seat].match.observation.hand
                assert set(table.view.hands[seat]) == set(own)
                assert all(table.view.face_shown(card) for card in own)
                for other in range(3):  # the friend's and the other person's: face down
                    if other != seat:
                        hand = table.view.hands[other]
                        assert not any(table.view.face_shown(card) for card in hand)
                run_until(app, lambda seat=seat: table.human_to_play == seat)
                move = next(m for m in table.match.legal_moves() if m.is_play)
                at = table.match.at
                table.play(move)
                run_until(app, lambda at=at: table.match.at > at)
                # played: the hand left is covered for the next person (a partner too)
                hand = table.view.hands[seat]
                assert not any(table.view.face_shown(card) for card in hand)
                turns[seat] += 1
            elif table.human_to_play is not None:
                raise AssertionError("a person here was asked to play without the cover")
    finally:
        friend.close()
        app.home()


def served_seats(path: Path, code: str) -> tuple[SeatRecord, ...]:
    """The seats of the table ``code`` as the server's file at ``path`` keeps them."""
    return asyncio.run(stored_table(str(path), code)).seats


def test_every_seat_here_is_held_and_taken_back(app, monkeypatch, tmp_path):
    """The host's game keeps both seats held here, and a session that sits at the table
    again takes back both (each on its own link)."""
    table, friend = host_with_one_here(app, monkeypatch)
    try:
        code = table.coordinator.ticket.code
        held = [seat for seat in app.store.load_seats() if seat.code == code]
        assert sorted(seat.seat for seat in held) == [0, 2]
        assert all(seat.hosted for seat in held)
        server = app.matches.hosted_server()
        # the server too knows both sit at the host's screen (their seats decline a rematch
        # with the host's once its game is gone from the final sheet)
        assert [seat.hosts for seat in served_seats(server.store_path, code)] == [
            True,
            False,
            True,
        ]
        app.matches.leave()
        frame(app)
        session = OnlineSession(app.store, server)
        session.join(f"{server.local_address}/{code}", "Player 1")
        deadline = pygame.time.get_ticks() + 20_000
        while not session.all_first and pygame.time.get_ticks() < deadline:
            session.check()
            pygame.time.wait(10)
        assert session.all_first and session.seated is not None
        assert session.seated.ticket.seat == 0
        assert [other.ticket.seat for other in session.seated.others] == [2]
        session.seated.close()
    finally:
        friend.close()
        app.home()


def test_a_person_here_refused_a_seat_costs_the_host_none_of_their_own(app, monkeypatch):
    """The host's game sat at its table again with one more person here than seats held
    there: the server refused the second person (a table kept from before it knew its
    host refused the host's token), and the host's game took that for its own seat
    forgotten: it gave up the seat held there and sat the host in another."""
    from scopa.net.protocol import ProtocolError

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(
        language="en", animation_speed="instant", tutorial_done=True, rules=Rules(players=3)
    )
    online = app.open("online")
    frame(app)
    assert isinstance(online, OnlineScene)
    online.friends, online.here = 2, 0
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.session.seated is not None)
    code = lobby.session.seated.ticket.code
    server = lobby.session.server
    assert server is not None

    def refused(table, token):  # noqa: ANN001, ANN202
        raise ProtocolError("bad_token", "that is not the token of this table's host")

    monkeypatch.setattr("scopa.net.server._at_host", refused)
    session = OnlineSession(app.store, server)  # the host's game, started again
    session.join(f"{server.local_address}/{code}", "Player 1", here=1)
    deadline = pygame.time.get_ticks() + 20_000
    while session.busy and pygame.time.get_ticks() < deadline:
        session.check()
        pygame.time.wait(10)
    session.check()
    try:
        held = [seat.seat for seat in app.store.load_seats() if seat.code == code]
        assert held == [0]  # the host's own seat is still held here, and no other
    finally:
        if session.seated is not None:
            session.seated.close()
        app.home()


def test_the_score_sheet_read_here_lets_the_next_round_begin_for_both_seats(app, monkeypatch):
    """Both people here read the sheet together: Next round tells the server so for both
    seats (the round waits for every seat whose window shows sheets), and the next round's
    first turn here comes behind the cover again."""
    table, friend = host_with_one_here(app, monkeypatch)
    try:
        coordinator = table.coordinator
        sheet = play_to_the_sheet(app, table, friend)
        assert coordinator.rounds and not sheet.match.over
        # the seat not on show still hears the server under the sheet (its link may hear
        # the round scored a moment late: its review, and its word that the sheet was
        # read, waited until the table came back)
        other = next(part for part in coordinator.parts.values() if part is not coordinator.current)
        heard = []
        arrivals = other.arrivals
        other.arrivals = lambda: heard.append(1) or arrivals()
        for _ in range(3):
            frame(app)
        del other.arrivals
        assert app.stack.top is sheet and len(heard) >= 3
        # the round's review grades the moves of both people here, each from its own view
        reviews = coordinator.reviews
        run_until(app, lambda: reviews.review(1) is not None, 120)
        graded = {grade.seat for grade in reviews.review(1).grades}
        assert graded == {0, 2}
        client = coordinator.parts[0].link.client
        run_until(app, lambda: set(client.table.get("reading", [])) >= {0, 2})
        sheet.next_round()
        run_until(app, lambda: not client.table.get("reading"))
        run_until(app, lambda: coordinator.match.round.round_no == 2)
        run_until(app, lambda: table.cover is not None or not _here(coordinator))
        if _here(coordinator):
            seat = table.cover
            table.clock += 1.0
            table.reveal()
            own = coordinator.parts[seat].match.observation.hand
            assert set(table.view.hands[seat]) == set(own) and len(own) == 3
    finally:
        friend.close()
        app.home()


def _here(coordinator: SharedScreen) -> bool:
    return coordinator.match.turn in coordinator.parts


class _Part:
    """A seat's connection as the shared screen sees it: where its match is, the rounds it
    heard scored and the sheets it told the server read."""

    def __init__(self, seat: int, at: int, turn: int) -> None:
        self.seat, self.here, self.checking, self.sending = seat, frozenset({seat}), False, False
        self.ended = False
        self.match = SimpleNamespace(at=at, turn=turn, over=False)
        self.rounds: list[int] = []
        self.read, self.telling_read = 0, False
        self.taken_elsewhere = False

    def told_read(self, scored: int) -> bool:
        if len(self.rounds) == scored:
            self.read = scored
        return self.read >= scored


def test_the_screen_calls_nobody_while_the_seat_in_front_of_it_is_behind_the_table():
    """Seat 2 played; seat 0's link has not heard of it yet when seat 0 lifts the cover:
    seat 0's view still says it is seat 2's turn. The screen called seat 2 back to it, and
    took seat 2's hand off to no one; it now waits (catching up) until seat 0 hears it."""
    lagging, ahead = _Part(0, at=7, turn=2), _Part(2, at=8, turn=0)
    screen = SharedScreen([lagging, ahead])  # type: ignore[list-item]
    screen.take_screen(0)
    assert screen.needs_cover() is None and screen.checking
    lagging.match = SimpleNamespace(at=8, turn=0, over=False)
    assert screen.needs_cover() is None and not screen.checking  # seat 0 holds it: its turn
    screen.screen_shared()
    assert screen.needs_cover() == 0
    lagging.sending = True  # seat 0 played: it is not called back before the server answers
    assert screen.needs_cover() is None and screen.checking


def test_the_cover_waits_for_the_called_seat_s_link_to_hear_the_play_made_before_it():
    """Seat 2 played and its link heard the turn pass to seat 0; seat 0's link had not yet
    heard seat 2's card. The cover came down for seat 0 at once, and its account of what the
    others made since seat 0's last turn left out the card just played (a test of the cover
    failed so on a loaded machine). It comes down once seat 0's link has heard it."""
    called, played = _Part(0, at=7, turn=2), _Part(2, at=8, turn=0)
    screen = SharedScreen([called, played])  # type: ignore[list-item]
    screen.take_screen(2)
    screen.screen_shared()
    assert screen.needs_cover() is None and screen.checking  # nobody plays meanwhile
    called.match = SimpleNamespace(at=8, turn=0, over=False)
    assert screen.needs_cover() == 0 and not screen.checking


def test_a_hand_whose_seat_is_taken_up_elsewhere_is_shown_to_no_one_here():
    """Seat 2's seat was taken up from another window: its hand is played there now (in
    another room, maybe), so it stays face down here even when seat 2 holds the screen."""
    first, other = _Part(0, at=3, turn=2), _Part(2, at=3, turn=2)
    screen = SharedScreen([first, other])  # type: ignore[list-item]
    screen.take_screen(2)
    assert screen.visible_seats == {2}
    other.taken_elsewhere = True
    assert screen.visible_seats == frozenset()


def play_to_the_sheet(app, table, friend) -> ScoringScene:  # noqa: ANN001
    """Every seat plays its first legal move until the round's score sheet shows: the
    people here behind the cover, the friend from its client."""
    latest: Update | None = None
    played_at = -1
    while not isinstance(app.stack.top, ScoringScene):
        found = friend_latest(friend, latest)
        if found is not None and found.at > played_at:
            latest = found
        if table.cover is not None:
            table.clock += 1.0
            table.reveal()
        elif table.human_to_play is not None:
            at = table.match.at
            table.play(table.match.legal_moves()[0])
            run_until(app, lambda at=at: table.match.at > at)
        elif latest is not None and latest.my_turn and latest.status == "playing":
            move, at = latest.observation.legal_moves[0], latest.at
            try:
                friend.submit(friend.client.play(move, at)).result(10)
            except ServerError as error:  # the people here still tell the sheet read
                assert error.code == "reading"
            else:
                latest, played_at = None, at
        frame(app)
    return app.stack.top


@pytest.mark.slow
def test_a_rematch_takes_both_people_here_to_the_new_table(app, monkeypatch):
    table, friend = host_with_one_here(app, monkeypatch)
    try:
        old = table.coordinator
        while True:
            sheet = play_to_the_sheet(app, table, friend)
            if sheet.match.over:
                break
            sheet.next_round()
            run_until(app, lambda: app.stack.top is table)
        sheet.age = 10.0
        friend.submit(friend.client.rematch()).result(10)
        click(app, sheet.buttons[-1])  # Rematch: asked for both seats here
        run_until(app, lambda: friend.client.table and friend.client.table.get("next"))
        friend.submit(friend.client.rejoin(friend.client.ticket)).result(10)
        run_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not table)
        again = app.stack.top.coordinator
        assert isinstance(again, SharedScreen) and again.humans == (0, 2)
        code = again.ticket.code
        assert code == friend.client.ticket.code != old.ticket.code
        assert all(part.ticket.code == code for part in again.parts.values())
        assert again.match.totals == (0, 0, 0)
        held = sorted((seat.code, seat.seat) for seat in app.store.load_seats())
        assert held == [(code, 0), (code, 2)]
        play_to_the_sheet(app, app.stack.top, friend)  # the rematch plays a round
    finally:
        friend.close()
        app.home()


def test_a_seat_here_whose_link_hears_the_round_scored_late_still_tells_it_read():
    """Next round was pressed while seat 2's link had not yet heard the round scored: seat
    2 never told the server the sheet was read, the round waited a minute for it, and a
    card played meanwhile was refused. It tells it as soon as it hears it; until then no
    card is played here."""
    first, late = _Part(0, at=36, turn=1), _Part(2, at=35, turn=1)
    screen = SharedScreen([first, late])  # type: ignore[list-item]
    first.rounds = [1]
    screen.round_read()
    assert first.read == 1 and late.read == 0 and screen.telling_read
    late.rounds = [1]  # its link hears it now
    assert not screen.telling_read and late.read == 1


def test_hosting_for_more_people_than_the_settings_seat_is_refused_with_the_reason(app):
    """Three players in Settings, one friend: two more people here do not fit. Host is
    greyed, and the line beside Back says why (Join may still seat them elsewhere)."""
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=Rules(players=3))
    online = app.open("online")
    frame(app)
    online.friends, online.here = 1, 2
    frame(app)
    assert not online.host_button.enabled
    assert online.too_many_here() == app.t("online.here_too_many", players=3, friends=1, n=1)
    assert online.host_refusal() == online.too_many_here()
    online.address = "ws://192.168.1.20:8765/ABCDE-FGHIJ-KLM"  # a guest about to join
    online.form.hover = online.form.focus = online.join_button
    assert online.host_refusal() == ""  # not said as if it refused the join
    online.form.focus = online.here_row  # setting Here with you: the reason is said
    assert online.host_refusal() == online.too_many_here()
    online.here = 1
    assert online.host_button.enabled and online.too_many_here() == ""
    online.friends = 2  # no room left here at all: said so, not "0 more at most"
    assert online.too_many_here() == app.t("online.here_no_room", players=3, friends=2, n=0)


def test_the_people_here_seated_on_the_other_team_are_told_before_hosting(app):
    """Six seats in two teams of three, two friends chosen for the host's team and one more
    person here: that person was seated on the other team without a word. As Host nears,
    the line beside Back says so, and how to have them beside the host."""
    rules = Rules(players=6, six_sides=2)
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=rules)
    online = app.open("online")
    frame(app)
    online.friends, online.partners, online.here = 2, 2, 1
    here = online.seats_here()
    assert [rules.side_of(seat) != rules.side_of(0) for seat in here] == [True]
    expected = app.t("online.here_apart", names=next(iter(here.values())))
    assert online.here_apart() == expected
    online.form.hover = online.host_button
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    assert expected in [text.words for text in drawn]
    online.partners = 1  # a seat left on the host's team: the person here sits there
    assert online.here_apart() == ""
    assert all(rules.side_of(seat) == rules.side_of(0) for seat in online.seats_here())


def test_two_people_at_a_friend_s_screen_join_a_table_together(app, tmp_path):
    """A friend's table of three seats for people; this screen joins it with one more
    person here: both take a seat, each on a link of its own, and play behind the cover
    to the round's score sheet."""
    from scopa.app.hosting import LocalServer

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}] * 3
        ticket = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
        app.settings = app.settings.with_(
            language="en", animation_speed="instant", tutorial_done=True
        )
        online = app.open("online")
        frame(app)
        online.here = 1
        online.name, online.name_given = "Bruno", False  # typed: the other is the game's
        online.address = f"{server.local_address}/{ticket.code}"
        click(app, online.join_button)
        table_opens(app)
        table = app.stack.top
        coordinator = table.coordinator
        assert isinstance(coordinator, SharedScreen) and coordinator.humans == (1, 2)
        # not "Bruno" and "Bruno 2": the second person here is named by the game
        assert [table.seats.seat_name(seat) for seat in range(3)] == [
            "Anna",
            "Bruno",
            "Player 3",
        ]
        assert sorted(held.seat for held in app.store.load_seats()) == [1, 2]
        assert app.settings.online_here == 1
        sheet = play_to_the_sheet(app, table, anna)
        assert not sheet.match.over and len(coordinator.rounds) == 1
    finally:
        anna.close()
        app.home()
        server.stop()


def test_a_table_with_no_seat_for_everyone_here_says_so(app, tmp_path):
    """The friend's table had one free seat for two people here: one sits, and the other
    is told there was none for them."""
    from scopa.app.hosting import LocalServer

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}, {"kind": "human"}]
        ticket = anna.submit(anna.client.create(Rules(), seats, "Anna", 0)).result(20)
        app.settings = app.settings.with_(language="en", tutorial_done=True)
        online = app.open("online")
        frame(app)
        online.here = 1
        online.address = f"{server.local_address}/{ticket.code}"
        click(app, online.join_button)
        table_opens(app)
        assert app.stack.top.coordinator.humans == (1,)
        told = app.t("online.short_of_seats", n=1)
        assert told in [toast.text for toast in app.toasts._toasts]
    finally:
        anna.close()
        app.home()
        server.stop()


def test_the_host_s_own_row_in_the_lobby_is_never_marked_here(app, monkeypatch):
    """A host who kept the game's name ("You") with someone beside them read "You (here)"
    on their own row: it is theirs. And the game's names were shown as the host's game
    wrote them: "Giocatore 3" in an English lobby."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(language="en", tutorial_done=True, rules=Rules(players=3))
    online = app.open("online")
    frame(app)
    online.friends, online.here = 1, 1
    online.name_given = False  # "You", as typed
    click(app, online.host_button)
    lobby = app.stack.top
    run_until(app, lambda: len((lobby.session.table or {}).get("seats", [])) == 3)
    rows = [lobby.seat_words(info)[0] for info in lobby.session.table["seats"]]
    assert rows == ["Player 1 (you)", "Free", "Player 3 (here)"]
    app.set_language("it")  # the game's names, in the language of whoever reads them
    rows = [lobby.seat_words(info)[0] for info in lobby.session.table["seats"]]
    assert rows == ["Giocatore 1 (tu)", "Libero", "Giocatore 3 (qui)"]
    app.home()


def test_people_here_play_cirulla_online_through_its_declarations(app, monkeypatch):
    """Cirulla's hands shown at the deal and its knocks are moves of a seat too: the table
    shared here plays a whole round of Cirulla for three (two here, a friend) to its sheet,
    each declaration behind the cover of the one who makes it."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    rules = Rules.preset("cirulla").with_(players=3)
    app.settings = app.settings.with_(
        language="en", animation_speed="instant", tutorial_done=True, rules=rules
    )
    online = app.open("online")
    frame(app)
    online.friends, online.here = 1, 1
    click(app, online.host_button)
    lobby = app.stack.top
    run_until(app, lambda: lobby.session.seated is not None)
    address = parse_address(lobby.session.seated.address)
    friend = BackgroundClient(f"ws://127.0.0.1:{address.server.rsplit(':', 1)[1]}")
    try:
        friend.submit(friend.client.join(str(address.code), "Bruno")).result(20)
        table_opens(app)
        table = app.stack.top
        assert isinstance(table.coordinator, SharedScreen) and table.match.rules.cirulla
        sheet = play_to_the_sheet(app, table, friend)
        assert len(table.coordinator.rounds) == 1 and sheet.match.rules.cirulla
    finally:
        friend.close()
        app.home()


def test_the_wait_for_a_friend_away_shows_over_the_cover_and_its_button_works(app, monkeypatch):
    """Two people at one screen with a friend gone: the banner saying whom the table waits
    for, and when the computer may play for them, lay under the cover passed between the
    two, readable only in pieces, and its button could not be reached."""
    import functools

    from scopa.net.protocol import Limits
    from scopa.net.server import GameServer

    server = functools.partial(GameServer, limits=Limits(away_grace=0.5))
    monkeypatch.setattr("scopa.app.hosting.GameServer", server)
    table, friend = host_with_one_here(app, monkeypatch)
    coordinator = table.coordinator
    friend.close()
    run_until(app, lambda: coordinator.away() == [1])
    run_until(app, lambda: table.absence.button is not None)
    table._raise_cover(2)  # the screen passed to the person beside the host
    keys = [item.key[0] for item in table.overlay_items()]
    assert "connection" in keys and keys.index("connection") > keys.index("cover")
    assert table.absence.button is not None
    click(app, table.absence.button.center)
    run_until(app, lambda: coordinator.stood_in() == [1])
    for seat in (0, 2):  # no hand shown for it, nor for the person beside
        assert not any(table.view.face_shown(card) for card in table.view.hands[seat])


def test_the_cards_played_for_the_people_here_are_told_by_name(app, monkeypatch):
    """Both people at the host's screen were away and the computer played for each: the
    screen listed the cards together, "for you", and neither could tell which had left
    their own hand. Each person's cards are now told under their name."""
    from scopa.engine import Move
    from scopa.net.client import PlayedForYou

    table, friend = host_with_one_here(app, monkeypatch)
    try:
        coordinator = table.coordinator
        told: list[str] = []
        notify = app.notify
        monkeypatch.setattr(
            app,
            "notify",
            lambda words, *a, **k: (told.append(words(app.t)), notify(words, *a, **k)),
        )
        played = {0: Move.parse("8S"), 2: Move.parse("1Cx1D")}
        for seat, move in played.items():
            link = coordinator.parts[seat].link
            monkeypatch.setattr(
                link, "poll", lambda poll=link.poll, move=move: [PlayedForYou((move,)), *poll()]
            )
        table._hear_the_server()
        each = [
            app.t("online.played_for_seat", name=name, cards=table.card_name(move.card))
            for name, move in zip(("Player 1", "Player 3"), played.values())
        ]
        assert app.t("online.played_for_people", plays="; ".join(each)) in told
    finally:
        friend.close()


def test_a_hand_played_for_by_the_computer_turns_down_as_the_turn_goes_on(app, monkeypatch):
    """At a screen shared by partners, the host kept the turn until the friend let the
    computer play it: the host's hand stayed face up through the turns that came after,
    the partner beside them looking on, and after "I'm back" too. A hand shows only while
    the turn is its player's."""
    from .test_online_idle import hand_over_when_due

    table, friend = host_with_one_here(app, monkeypatch, idle_grace=IDLE)
    coordinator = table.coordinator
    latest: Update | None = None

    def shown(seat: int) -> bool:
        return any(table.view.face_shown(card) for card in table.view.hands[seat])

    def host_s_cover() -> bool:
        """Everyone else plays until the cover comes down for the host's seat."""
        nonlocal latest
        if table.cover == 0:
            return True
        latest = play_on(table, friend, latest)
        return False

    try:
        run_until(app, host_s_cover)
        table.clock += 1.0
        table.reveal()
        assert shown(0) and coordinator.holder == 0
        at = table.match.at
        hand_over_when_due(app, coordinator, friend, 0, IDLE + 0.2)
        run_until(app, lambda: table.match.at > at and not table.director.busy)
        assert table.match.turn == 1  # the friend's: nobody here is to play
        run_until(app, lambda: not shown(0))
        assert table.cover is None and not shown(2)
        assert coordinator.stood_in_for_me() and table.absence.button is not None
        click(app, table.absence.button.center)  # "I'm back"
        run_until(app, lambda: not coordinator.stood_in_for_me())
        for _ in range(10):
            frame(app)
        assert table.match.turn == 1 and not shown(0) and not shown(2)
    finally:
        friend.close()
        app.home()


def test_the_cover_goes_once_the_host_ended_the_match(app, monkeypatch):
    """The host closed the table for good: behind the words saying so, and their Leave
    the table, the cover still called the next person to show their cards."""
    table, friend = host_with_one_here(app, monkeypatch)
    coordinator = table.coordinator
    latest: Update | None = None

    def called() -> bool:
        """The friend plays until someone here is called to the screen."""
        nonlocal latest
        latest = friend_latest(friend, latest)
        if latest is not None and latest.my_turn and table.cover is None:
            move, at, latest = latest.observation.legal_moves[0], latest.at, None
            friend.submit(friend.client.play(move, at)).result(10)
        return table.cover is not None

    try:
        run_until(app, called)
        for part in coordinator.parts.values():
            part.ended = True
        for _ in range(10):
            frame(app)
            assert table.cover is None
        for seat in coordinator.parts:
            assert not any(table.view.face_shown(card) for card in table.view.hands[seat])
    finally:
        friend.close()
        app.home()


def test_a_seat_here_the_computer_plays_is_told_and_taken_back_whoever_is_in_front(
    app, monkeypatch
):
    """The friends let the computer play for the host, who sat beside a second person:
    once the turn had passed to that second person, the host's window said nothing of it
    (the host's plate as if still playing, while the friend's read "the computer plays"),
    and no button anywhere took the seat back: only leaving the table and joining again
    did. The banner says whom the computer plays for, over the cover too, and its button
    gives the seat back."""
    from .test_online_idle import hand_over_when_due

    table, friend = host_with_one_here(app, monkeypatch, idle_grace=IDLE)
    coordinator = table.coordinator
    latest: Update | None = None

    def turn_of(seat: int):  # noqa: ANN202
        def reached() -> bool:
            nonlocal latest
            if table.match.turn == seat and not table.director.busy:
                return True
            latest = play_on(table, friend, latest)
            return False

        return reached

    try:
        run_until(app, turn_of(0))
        hand_over_when_due(app, coordinator, friend, 0, IDLE + 0.2)

        def host_played_for() -> bool:  # the server's word, as the friend hears it
            seats = (friend.client.table or {}).get("seats", [])
            return any(info.get("seat") == 0 and info.get("autoplay") for info in seats)

        run_until(app, host_played_for)
        run_until(app, turn_of(2))  # the friend played, then the person beside the host
        run_until(app, lambda: table.cover == 2)
        words = table.absence.words(lost=False)
        assert words == app.t("online.stood_in_here", names="Player 1")
        frame(app)
        assert table.absence.button is not None  # over the cover
        plates = {plate.name: plate for plate in table.snapshot().plates}
        assert plates["Player 1"].detail == app.t("table.stood_in")
        click(app, table.absence.button.center)
        run_until(app, lambda: not host_played_for())
        run_until(app, lambda: table.absence.words(lost=False) is None)
    finally:
        friend.close()
        app.home()


def test_the_cover_of_a_seat_taken_back_tells_what_was_made_since_its_person_s_own_turn(
    app, monkeypatch
):
    """The host played, then let the computer play the next turn, and took the seat back:
    the host's cover told what was made since the card the computer played, which the host
    never saw made, leaving out what the others made before it. It tells what was made
    since the host's own last card."""
    from .test_online_idle import hand_over_when_due

    table, friend = host_with_one_here(app, monkeypatch, idle_grace=IDLE)
    coordinator = table.coordinator
    latest: Update | None = None

    def until(done):  # noqa: ANN001, ANN202
        def reached() -> bool:
            nonlocal latest
            if done():
                return True
            latest = play_on(table, friend, latest)
            return False

        return reached

    def host_played_for() -> bool:  # the server's word, as the friend hears it
        seats = (friend.client.table or {}).get("seats", [])
        return any(info.get("seat") == 0 and info.get("autoplay") for info in seats)

    def history():  # noqa: ANN202
        return coordinator.parts[0].match.observation.history

    try:
        run_until(app, until(lambda: any(p == 0 for p, _ in history())))  # the host's own
        played_at = len(history())

        def host_again() -> bool:
            return len(history()) > played_at and table.match.turn == 0 and not table.director.busy

        run_until(app, until(host_again))
        hand_over_when_due(app, coordinator, friend, 0, IDLE + 0.2)
        run_until(app, host_played_for)
        run_until(app, until(lambda: table.cover == 2))
        click(app, table.absence.button.center)  # the host's seat taken back
        run_until(app, lambda: not host_played_for())
        run_until(app, lambda: bool(table._made_for.get(0)))
        run_until(app, until(lambda: table.cover == 0))
        seen = coordinator.parts[0].match.observation
        made_for = {at for round_no, at in table._made_for[0] if round_no == seen.round_no}
        own = [at for at, (p, _) in enumerate(seen.history) if p == 0 and at not in made_for]
        assert own and made_for and min(made_for) > own[-1]
        others = [at for at in range(own[-1] + 1, len(seen.history)) if seen.history[at][0]]
        before = [at for at in others if at < min(made_for)]
        assert before, "the others played between the host's card and the computer's"
        _, news = table._cover_news
        assert len(news) == len(others) > len(others) - len(before)
    finally:
        friend.close()
        app.home()


def test_leaving_a_table_two_people_here_hold_speaks_of_their_seats(app, monkeypatch):
    """The menu over a table where two people here play said "Your seat stays yours" of
    the two seats Play online brings both back to."""
    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.app.widgets import resolve

    table, friend = host_with_one_here(app, monkeypatch)
    pause = app.open("pause")
    frame(app)
    leave = next(b for b in pause.buttons if resolve(b.text) == app.t("online.leave_table"))
    assert resolve(leave.hint) == app.t("online.leave_detail_many")
    back = pause.buttons[0]  # back to the table: the match waits at their turns
    assert resolve(back.hint) == app.t("online.back_to_table_hint_many")
    click(app, leave)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    computer = app.t("online.leave_computer_many")  # (the third answer's word, for both)
    assert resolve(question.detail) == f"{app.t('online.leave_detail_many')} {computer}"
    app.back()
    friend.close()


def test_the_cover_online_tells_the_wait_before_the_friends_may_let_the_computer_play(
    app, monkeypatch
):
    """A family passing the screen: the person called kept the cover up a while, and the
    friend online was offered to let the computer play for her, with no word of it on the
    cover (the countdown showed only once her hand did). The cover tells it too."""
    table, friend = host_with_one_here(app, monkeypatch)
    try:
        latest: Update | None = None
        for _ in range(4000):
            if table.cover is not None:
                break
            latest = play_on(table, friend, latest)
            frame(app)
        assert table.cover is not None
        name = table.seats.seat_name(table.cover)
        coordinator = table.coordinator
        assert table.cover_texts().note == app.t("table.hidden")  # the turn just begun
        grace = coordinator.idle_grace
        monkeypatch.setattr(coordinator, "keeping_friends_waiting", lambda: True)
        monkeypatch.setattr(coordinator, "turn_lasted", lambda: grace - 20.5)
        assert table.cover_texts().note == app.t("table.cover_waited", seconds=21, name=name)
        monkeypatch.setattr(coordinator, "turn_lasted", lambda: grace)
        assert table.cover_texts().note == app.t("table.cover_overdue", name=name)
    finally:
        friend.close()
        app.home()
