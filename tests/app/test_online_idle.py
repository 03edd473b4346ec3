"""A friend still connected who lets the turn go by (away from the screen, in a screen of
their own): once the turn has lasted as long as the server asks, the others may let the
computer play the seat; the player's own window says so, and takes the seat back."""

from __future__ import annotations

import functools

import pytest

from scopa.net.protocol import Limits
from scopa.net.server import GameServer

from .menu_helpers import click
from .test_online import _my_turn, friend_update, hosted, run_until  # noqa: F401 - the fixture
from .test_online_absent import banner, plate_detail

IDLE = 0.4
"""Seconds a friend here may keep the turn before the computer may play for them (90 in a
real game)."""


@pytest.fixture
def short_idle(monkeypatch):
    server = functools.partial(GameServer, limits=Limits(idle_grace=IDLE))
    monkeypatch.setattr("scopa.app.hosting.GameServer", server)


def hand_over_when_due(app, coordinator, friend, seat: int, after: float) -> None:  # noqa: ANN001
    """The friend asks the computer to play ``seat`` once its turn has lasted ``after``
    seconds (as the server counts it, ``idle_grace``)."""
    deadline = coordinator.clock() + after

    def handed() -> bool:
        if coordinator.clock() < deadline:
            return False
        friend.submit(friend.client.hand_over(seat)).result(10)
        return True

    run_until(app, handed)


def bruno_to_play(table) -> bool:  # noqa: ANN001
    """Play this window's cards until it is the friend's (Bruno's) turn, the table still."""
    if table.human_to_play is not None and not table.director.busy:
        table.play(next(m for m in table.match.legal_moves() if m.is_play))
    return table.match.turn == 1 and not table.director.busy


def test_a_friend_who_lets_the_turn_go_by_is_played_by_the_computer(
    short_idle,
    hosted,  # noqa: F811
):
    app, table, friend = hosted
    coordinator = table.coordinator

    run_until(app, lambda: bruno_to_play(table))
    at = table.match.at
    run_until(app, lambda: table.absence.button is not None)  # once the turn lasted IDLE
    assert banner(table) == app.t("online.friend_idle", names="Bruno")

    click(app, table.absence.button.center)
    run_until(app, lambda: coordinator.stood_in() == [1])
    assert banner(table) == app.t("online.computer_plays_for_idle", names="Bruno")
    assert plate_detail(table, "Bruno") == app.t("table.stood_in")
    run_until(app, lambda: table.match.at > at)  # the computer played Bruno's card

    friend.submit(friend.client.back()).result(10)
    run_until(app, lambda: coordinator.stood_in() == [])
    assert plate_detail(table, "Bruno") != app.t("table.stood_in")


def test_a_player_handed_over_while_here_takes_the_seat_back(
    short_idle,
    hosted,  # noqa: F811
    monkeypatch,
):
    app, table, friend = hosted
    told: list[str] = []
    notify = app.notify
    monkeypatch.setattr(
        app, "notify", lambda words, *a, **k: (told.append(words(app.t)), notify(words, *a, **k))
    )
    coordinator = table.coordinator
    run_until(app, lambda: _my_turn(table, friend))
    at = table.match.at
    run_until(app, lambda: coordinator.idle() == [] and coordinator.clock() > 0)
    hand_over_when_due(app, coordinator, friend, 0, IDLE + 0.1)
    run_until(app, lambda: coordinator.stood_in_for_me())
    assert banner(table) == app.t("online.you_stood_in")
    assert table.human_to_play is None  # the computer plays this seat now

    def computer_played() -> bool:
        friend_update(friend)  # keeps the friend's queue short
        return table.match.at > at

    run_until(app, computer_played)
    seat, played = table.match.round.history()[-1]
    assert seat == 0  # this seat's card, played for it

    click(app, table.absence.button.center)
    run_until(app, lambda: not coordinator.stood_in_for_me())
    assert banner(table) is None
    # the player was away from the screen: told which card was played for them
    words = app.t("online.played_for_you", cards=table.card_name(played.card))
    run_until(app, lambda: words in told)
    friend.submit(friend.client.sync()).result(10)  # its turn again, if it was read past
    run_until(app, lambda: _my_turn(table, friend))  # the next turn is this player's again
    assert table.human_to_play == 0


def test_a_player_keeping_the_turn_is_told_the_friends_may_soon_hand_it_over(
    short_idle,
    hosted,  # noqa: F811
):
    """A player handed over without warning found the computer playing their cards; the
    line under the table says what will happen, halfway through the wait."""
    app, table, friend = hosted
    coordinator = table.coordinator
    run_until(app, lambda: _my_turn(table, friend))
    # the window's clock in the test's hands: a slow machine could let half the wait go by
    # before the first look
    now = [0.0]
    coordinator.clock = lambda: now[0]
    coordinator._turn = ((-1, None, 0), 0.0)  # the turn seen from now on, on this clock
    first = table.status_text()
    assert first is not None and first[0] == app.t("table.your_turn")
    now[0] = IDLE * 0.6
    waited = app.t("online.your_turn_waited", seconds=1)  # 0.16 s left, rounded up
    assert (table.status_text() or ("",))[0] == waited
    run_until(app, lambda: (table.status_text() or ("",))[0] == waited)  # frames go on
    assert table.human_to_play == 0  # still this player's to play
    # the wait over, it no longer says "after 1 s" (it did, as long as the turn lasted)
    now[0] = IDLE + 0.1
    overdue = app.t("online.your_turn_overdue")
    run_until(app, lambda: (table.status_text() or ("",))[0] == overdue)
    assert table.human_to_play == 0


def test_the_turn_of_a_friend_does_not_last_while_the_link_is_down(hosted, monkeypatch):  # noqa: F811
    """The host's game closed on its turn; when it came back, the friend was offered at
    once to let the computer play for the host: the wait had run on while the link was
    down. Nothing is known of the friend to play then: the wait begins again once the
    link is back."""
    from scopa.net.client import Client

    app, table, friend = hosted
    coordinator = table.coordinator

    run_until(app, lambda: bruno_to_play(table))
    now = [0.0]
    coordinator.clock = lambda: now[0]
    coordinator._turn = ((-1, None, 0), 0.0)  # seen from now on, on this clock
    assert coordinator.turn_lasted() == 0.0
    now[0] = 30.0
    assert coordinator.turn_lasted() == 30.0  # Bruno keeps the turn, the link up
    monkeypatch.setattr(Client, "online", property(lambda self: False))
    now[0] = 500.0
    assert coordinator.turn_lasted() == 0.0 and coordinator.idle() == []
    monkeypatch.undo()
    now[0] = 501.0
    assert coordinator.turn_lasted() == 0.0
    now[0] = 511.0
    assert coordinator.turn_lasted() == 10.0


def test_the_turn_of_a_friend_begins_again_once_the_link_is_back_though_unseen_down(hosted):  # noqa: F811
    """The host's game closed on a friend's turn and came back in a moment: the window, which
    had not looked at the turn while its link was down, offered at once to let the computer
    play for the friend, the wait counted from before the link went down."""
    app, table, friend = hosted
    coordinator = table.coordinator
    run_until(app, lambda: bruno_to_play(table))
    now = [0.0]
    coordinator.clock = lambda: now[0]
    coordinator._turn = ((-1, None, 0), 0.0)
    assert coordinator.turn_lasted() == 0.0
    now[0] = 500.0
    assert coordinator.turn_lasted() == 500.0  # Bruno keeps the turn, the link up
    coordinator.link.client.reconnects += 1  # down and up again between two looks
    assert coordinator.turn_lasted() == 0.0 and coordinator.idle() == []
    now[0] = 510.0
    assert coordinator.turn_lasted() == 10.0


def test_the_warning_counts_down_the_seconds_left(hosted):  # noqa: F811
    """The line said "after 90 s" for as long as the turn lasted, though half the wait was
    gone before it showed: the player thought they had the whole wait still before them."""
    app, table, friend = hosted
    coordinator = table.coordinator
    run_until(app, lambda: _my_turn(table, friend))
    grace = coordinator.idle_grace
    now = [0.0]
    coordinator.clock = lambda: now[0]
    reconnects = coordinator.link.client.reconnects
    coordinator._turn = ((table.match.at, 0, reconnects), 0.0)  # begun at 0, on this clock
    now[0] = grace * 0.5
    assert table.status_text()[0] == app.t("online.your_turn_waited", seconds=round(grace / 2))
    now[0] = grace - 10.2
    assert table.status_text()[0] == app.t("online.your_turn_waited", seconds=11)
    now[0] = grace
    assert table.status_text()[0] == app.t("online.your_turn_overdue")


def test_this_player_s_turn_does_not_last_while_they_read_the_sheet(hosted, monkeypatch):  # noqa: F811
    """Giulia stayed on the round's sheet, the next round begun with her to play: her own
    window counted her turn from the deal, and told her the friends could let the computer
    play for her ten seconds after she left the sheet, where the friends' windows (which
    wait while someone reads) offered it over a minute later. Both count from the sheet
    left, as the server says who still reads it."""
    app, table, friend = hosted
    coordinator = table.coordinator
    run_until(app, lambda: _my_turn(table, friend))
    now = [0.0]
    coordinator.clock = lambda: now[0]
    coordinator._turn = ((-1, None, 0), 0.0)
    frame = coordinator.link.client.table
    monkeypatch.setattr(coordinator.link.client, "table", {**frame, "reading": [coordinator.seat]})
    assert coordinator.turn_lasted() == 0.0
    now[0] = 60.0  # still on the sheet a minute
    assert coordinator.turn_lasted() == 0.0 and not coordinator.keeping_friends_waiting()
    monkeypatch.setattr(coordinator.link.client, "table", {**frame, "reading": []})
    now[0] = 61.0  # the sheet left: the turn begins
    assert coordinator.turn_lasted() == 0.0
    now[0] = 71.0
    assert coordinator.turn_lasted() == 10.0
