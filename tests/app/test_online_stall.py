"""A window that wakes from a stall (the computer slept, the game was stopped): the moves
made meanwhile are shown done at once, not played out one by one over the old position, and
the window asks the server where the table is before it takes a card."""

from __future__ import annotations

import time

from scopa.app.remote import STALL, CaughtUp

from .menu_helpers import frame
from .test_online import friend_update, hosted, run_until  # noqa: F401 - the fixture


def test_a_window_awake_from_a_stall_shows_the_table_as_it_is_now(hosted):  # noqa: F811
    app, table, friend = hosted
    coordinator = table.coordinator
    client = coordinator.link.client
    latest = None
    while table.human_to_play is None:  # on to this window's turn
        frame(app)
        latest = friend_update(friend) or latest
        if latest is not None and latest.my_turn and latest.at == coordinator.match.at:
            move = next(m for m in latest.observation.legal_moves if m.is_play)
            friend.submit(friend.client.play(move, latest.at)).result(10)
            latest = None
        time.sleep(0.005)
    seen: list = []
    arrivals = coordinator.arrivals

    def spied():  # noqa: ANN202
        arrival = arrivals()
        seen.append(arrival)
        return arrival

    coordinator.arrivals = spied
    # The window stops; meanwhile its seat's card is played (as the computer would, for a
    # player away) and the friend answers: two moves it never drew.
    hand = list(coordinator.match.observation.hand)
    at = coordinator.match.at
    mine = next(m for m in coordinator.match.legal_moves() if m.is_play)
    coordinator.link.submit(client.play(mine, at)).result(10)
    latest = None
    deadline = time.monotonic() + 10
    while latest is None or latest.at <= at or not latest.my_turn:
        assert time.monotonic() < deadline, "the friend's turn never came"
        latest = friend_update(friend) or latest
        time.sleep(0.005)
    theirs = next(m for m in latest.observation.legal_moves if m.is_play)
    friend.submit(friend.client.play(theirs, latest.at)).result(10)
    deadline = time.monotonic() + 10
    while client.last is None or client.last.at < at + 2:  # heard, not yet taken in
        assert time.monotonic() < deadline, "the friend's move never came"
        time.sleep(0.005)
    real = coordinator.frame_clock
    assert coordinator.woke_at is None
    coordinator.frame_clock = lambda: real() + STALL + 5  # the window wakes up
    frame(app)
    assert coordinator.woke_at is not None  # (friends seen down then are not told back)
    assert [type(events) for events in seen[-1].events] == [CaughtUp]
    assert coordinator.checking or coordinator.match.at == at + 2
    if coordinator.checking:
        assert table.human_to_play is None
        assert table.status_text()[0] == app.t("online.checking")
    coordinator.frame_clock = lambda: real() + STALL + 5.1
    run_until(app, lambda: not coordinator.checking and not table.director.busy)
    assert table.view.places[mine.card][0] != "hand"
    assert mine.card not in coordinator.match.observation.hand and mine.card in hand
