"""A card played at a table online on a slow link: until the server says what became of
it, the table takes no other card and says the play is on its way."""

from __future__ import annotations

import asyncio
import time

from scopa.net.server import GameServer

from .menu_helpers import frame
from .table_helpers import centre_of, drag, empty_felt
from .test_online import hosted, run_until, this_window_to_play  # noqa: F401 - the fixture

ANSWER_AFTER = 1.5
"""Seconds the server takes over a play (a link or a host that slow)."""


def frames_for(app, seconds: float) -> None:  # noqa: ANN001
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        frame(app)
        time.sleep(0.01)


def test_a_card_on_its_way_to_the_server_holds_the_turn(hosted, monkeypatch):  # noqa: F811
    """The card played went back into the hand with the line still saying "Your turn": a
    second card dragged was sent too, and the player read that the table did not accept
    that play as the first card flew out."""
    app, table, friend = hosted
    this_window_to_play(app, table, friend)
    run_until(app, lambda: not table.director.busy and table.human_to_play is not None)
    original = GameServer._play

    async def slow(self, conn, message):  # noqa: ANN001, ANN202
        await asyncio.sleep(ANSWER_AFTER)
        await original(self, conn, message)

    monkeypatch.setattr(GameServer, "_play", slow)
    seat, at = table.human_to_play, table.match.at
    first = next(m for m in table.match.legal_moves() if m.is_play)
    table.play(first)
    frames_for(app, 0.3)  # the server has not answered yet
    assert table.human_to_play is None
    assert table.status_text()[0] == app.t("online.sending")
    second = next(c for c in table.match.observe(seat).hand if c != first.card)
    drag(app, centre_of(table, second), empty_felt(table))  # the player tries again
    sent = table.coordinator._sending
    assert sent is not None and sent[2] == first
    run_until(app, lambda: table.match.at > at and not table.director.busy, 15)
    frames_for(app, 0.5)
    assert table.said() != app.t("table.refused")
    hand = table.match.observe(seat).hand
    assert first.card not in hand and second in hand  # the first card played, only it


def test_a_play_long_on_its_way_says_the_table_is_slow_to_answer(hosted, monkeypatch):  # noqa: F811
    """The host's computer stalled twenty seconds: the friend's line said "Your play is on
    its way to the table…" all along, until the link was called lost half a minute on. A
    few seconds on, the line says the table is slow to answer, and why it may be."""
    from scopa.app.table.scene import SLOW_ANSWER

    app, table, friend = hosted
    this_window_to_play(app, table, friend)
    run_until(app, lambda: not table.director.busy and table.human_to_play is not None)
    original = GameServer._play
    answer = asyncio.Event()

    async def stalled(self, conn, message):  # noqa: ANN001, ANN202
        await asyncio.wait_for(answer.wait(), 30)
        await original(self, conn, message)

    monkeypatch.setattr(GameServer, "_play", stalled)
    now = [0.0]
    table.coordinator.clock = lambda: now[0]
    at = table.match.at
    table.play(next(m for m in table.match.legal_moves() if m.is_play))
    frame(app)
    assert table.status_text()[0] == app.t("online.sending")
    now[0] = SLOW_ANSWER + 0.1
    frame(app)
    assert table.status_text()[0] == app.t("online.sending_slow")
    loop = next(session.server for session in app.matches.sessions)._running[1]
    loop.call_soon_threadsafe(answer.set)
    run_until(app, lambda: table.match.at > at, 15)
