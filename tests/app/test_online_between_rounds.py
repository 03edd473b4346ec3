"""Between two rounds online: the window says the next round waits for the friends still
reading the score sheet, takes no card meanwhile, and tells the server once its own player
has read it; the line under the table is drawn again as it changes, in a window at rest."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from scopa.app.scenes.scoring import ScoringScene
from scopa.app.widgets import resolve
from scopa.net.client import BackgroundClient

from .menu_helpers import FRAME, click, frame
from .test_online import (  # noqa: F401 - the fixture
    host_for_a_friend,
    hosted,
    play_the_round_out,
    run_until,
    table_opens,
)


def first_play(obs):  # noqa: ANN001, ANN201
    return next(move for move in obs.legal_moves if move.is_play)


@pytest.fixture
def hosted_for_a_reader(app, monkeypatch):
    """The game hosts a two-seat table; a friend whose window shows the score sheets
    (as the game's does) joins it."""
    plain, code = host_for_a_friend(app, monkeypatch)
    server = plain.client.server
    plain.close()
    friend = BackgroundClient(server, sheets=True)
    friend.submit(friend.client.join(code, "Bruno")).result(20)
    table_opens(app)
    yield app, app.stack.top, friend
    friend.close()
    app.home()


def line(table) -> str | None:  # noqa: ANN001
    status = table.status_text()
    return status[0] if status else None


def round_sheet(app, table, friend) -> ScoringScene:  # noqa: ANN001
    """The sheet of the hosted table's round, played out, read long enough to take keys."""
    play_the_round_out(app, table, friend, first_play)
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene)
    sheet.age = 10.0
    return sheet


def come_to_rest(app) -> None:  # noqa: ANN001
    """Frames as the game's loop makes them until five in a row are not drawn."""
    drawn: list[bool] = []
    while len(drawn) < 5 or any(drawn[-5:]):
        drawn.append(app.frame(FRAME, [], draw=None))
        assert len(drawn) < 2000, "the window never came to rest"


def test_the_next_round_waits_for_a_friend_still_reading_the_scores(hosted_for_a_reader):
    app, table, friend = hosted_for_a_reader
    sheet = round_sheet(app, table, friend)
    now = [1000.0]
    table.coordinator.clock = lambda: now[0]
    click(app, sheet.buttons[-1])  # Next round: this player read it, Bruno has not
    waiting = app.t("online.reading_left", names="Bruno", seconds=60)
    run_until(app, lambda: app.stack.top is table and line(table) == waiting)
    assert table.human_to_play is None and table.coordinator.reading() == [1]
    # the line counts down the minute the server waits for him (it said nothing of it)
    now[0] += 44.5
    waiting = app.t("online.reading_left", names="Bruno", seconds=16)
    assert line(table) == waiting
    come_to_rest(app)  # at rest, as the game's loop draws: only for a change
    friend.submit(friend.client.ready()).result(10)
    deadline = time.monotonic() + 10
    while line(table) == waiting:  # the server's word, heard on the network's thread
        assert time.monotonic() < deadline, "Bruno's word never came"
        time.sleep(0.005)
    drawn = [app.frame(FRAME, [], draw=None) for _ in range(30)]
    assert any(drawn), "the line under the table changed, and the window never drew it"
    assert table.coordinator.reading() == []
    # the round plays on: whoever is first, a card reaches the table
    at = table.match.at
    run_until(app, lambda: table.human_to_play is not None or friend_to_play(friend, at))
    frame(app)


def friend_to_play(friend, at: int) -> bool:  # noqa: ANN001
    last = friend.client.last
    return last is not None and last.at == at and last.my_turn


def test_the_sheet_says_when_the_friends_are_ready_for_the_next_round(hosted_for_a_reader):
    """...and how long the round waits for this player: it said the round began when they
    were ready, and a minute later it began without them."""
    app, table, friend = hosted_for_a_reader
    now = [1000.0]
    table.coordinator.clock = lambda: now[0]
    sheet = round_sheet(app, table, friend)
    next_round = sheet.buttons[-1]
    assert next_round.hint is not None and next_round.hint() == ""
    come_to_rest(app)
    friend.submit(friend.client.ready()).result(10)
    ready = app.t("online.others_ready", seconds=60)
    run_until(app, lambda: next_round.hint() == ready)
    assert app.stack.top.form.hint() == ready  # the focus's, drawn
    frame(app)
    now[0] += 45.5
    assert next_round.hint() == app.t("online.others_ready", seconds=15)
    assert any(app.frame(FRAME, [], draw=None) for _ in range(3)), "the count never drawn"
    click(app, next_round)
    run_until(app, lambda: app.stack.top is table)
    run_until(app, lambda: not table.coordinator.telling_read)
    assert table.coordinator.reading() == [] and line(table) != app.t("online.reading")


def test_the_friends_ready_are_said_wherever_the_pointer_rests(hosted_for_a_reader):
    """The pointer left on Review after reading it: the line under the sheet explained
    Review, and the round began without the people here, nothing having said the friends
    waited and for how long. The news comes first, over any button's explanation."""
    import pygame

    from scopa.app import style

    from .table_helpers import mouse

    app, table, friend = hosted_for_a_reader
    now = [1000.0]
    table.coordinator.clock = lambda: now[0]
    sheet = round_sheet(app, table, friend)
    other = sheet.buttons[0]
    assert other is not sheet.buttons[-1] and other.hint is not None
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, other.rect.center)])
    assert sheet.form.hint() == resolve(other.hint)  # the pointer's button explained
    friend.submit(friend.client.ready()).result(10)
    ready = app.t("online.others_ready", seconds=60)
    run_until(app, lambda: sheet.buttons[-1].hint() == ready)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    assert ready in [text.words for text in drawn]


def test_the_sheet_says_a_friend_waits_while_another_reads_still(hosted_for_a_reader):
    """Three friends: one left the sheet for the next round, and the two still reading it
    were told nothing, neither that a friend waited nor that the round would begin without
    them within a minute; then "The next round has begun". Who waits, and how long."""
    app, table, friend = hosted_for_a_reader
    coordinator = table.coordinator
    now = [1000.0]
    coordinator.clock = lambda: now[0]
    sheet = round_sheet(app, table, friend)
    next_round = sheet.buttons[-1]
    come_to_rest(app)
    real = coordinator._table_now

    def with_carla() -> dict:  # a third person at the table, still reading the sheet
        table_now = dict(real())
        carla = {"seat": 2, "kind": "human", "name": "Carla", "connected": True}
        table_now["seats"] = [*table_now.get("seats", []), carla]
        table_now["reading"] = [seat for seat in table_now.get("reading", []) if seat != 1]
        table_now["reading"] = sorted({*table_now["reading"], 0, 2})
        return table_now

    coordinator._table_now = with_carla
    coordinator.name = lambda seat: {1: "Bruno", 2: "Carla"}.get(seat, "?")
    assert coordinator.ready_before_me() == [1] and not coordinator.others_ready()
    waits = app.t("online.some_ready", names="Bruno", seconds=60)
    assert next_round.hint() == waits
    now[0] += 45.5
    assert next_round.hint() == app.t("online.some_ready", names="Bruno", seconds=15)
    frame(app)
    assert app.stack.top.form.hint() in ("", next_round.hint())


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_sheet_says_a_friend_left_the_table(hosted_for_a_reader, language):
    """A friend who left the table as the round ended changed nothing on the host's sheet:
    Next round dealt at once, and only the table said they were gone."""
    app, table, friend = hosted_for_a_reader
    app.set_language(language)
    sheet = round_sheet(app, table, friend)
    next_round = sheet.buttons[-1]
    assert next_round.hint is not None and next_round.hint() == ""
    friend.close()
    gone = app.t("online.sheet_left", names="Bruno")
    run_until(app, lambda: next_round.hint() == gone)
    assert app.stack.top.form.hint() == gone


def test_a_player_still_at_the_sheet_is_told_the_round_began_without_them(
    hosted,  # noqa: F811
    monkeypatch,
):
    """The round began after a minute while a player read the review opened from the sheet:
    nothing told them, there or back on the sheet, that it was their turn."""
    from scopa.app.scenes.review import ReviewScene

    monkeypatch.setattr("scopa.net.server.READING_MOST", 0.5)
    app, table, friend = hosted
    sheet = round_sheet(app, table, friend)  # (the half second may be gone on a busy machine)
    run_until(app, lambda: sheet.review_ready, 120)
    click(app, sheet.review_button)
    assert isinstance(app.stack.top, ReviewScene)
    began = app.t("online.round_began")
    run_until(app, lambda: began in [toast.text for toast in app.toasts._toasts])
    app.back()
    assert app.stack.top is sheet and sheet.buttons[-1].hint() == began
    click(app, sheet.buttons[-1])
    run_until(app, lambda: app.stack.top is table)
    assert not table.coordinator.round_began_without_me()
    # back at the table, the news that sent them there is gone with it (it stayed, still
    # saying "Next round takes you back to it", over the table it had taken them back to)
    assert began not in [toast.text for toast in app.toasts.shown()]


def test_a_player_the_computer_stands_in_for_is_not_told_a_round_began_while_others_read(
    hosted_for_a_reader,
):
    """This seat handed to the computer (no longer waited for at the sheet), Bruno still
    reading his: the sheet said the next round had begun at the table, and it had not."""
    app, table, friend = hosted_for_a_reader
    sheet = round_sheet(app, table, friend)
    coordinator = table.coordinator
    run_until(app, lambda: coordinator.reading() == [1])
    now = coordinator._table_now()
    stood_in = {**now, "reading": [1]}  # the server no longer waits for seat 0: stood in
    coordinator._table_now = lambda: stood_in
    assert not coordinator.round_began_without_me()
    assert sheet.buttons[-1].hint() != app.t("online.round_began")
    stood_in["reading"] = []  # Bruno read his: the round begins
    assert coordinator.round_began_without_me()
    assert sheet.buttons[-1].hint() == app.t("online.round_began")


def test_every_window_counts_down_the_same_wait_for_a_player_still_reading(app, monkeypatch):
    """Anna ready first, Bruno some seconds later: the window still at the sheet counted
    the minute from when it saw Bruno ready, seconds more than the others showed, while
    the server had counted it from Anna's word."""
    from scopa.app.hosting import LocalServer
    from scopa.app.online import grouped
    from scopa.engine import Rules
    from scopa.net import server as server_module

    from .test_online_rejoin import join_at

    monkeypatch.setattr(server_module, "READING_MOST", 6.0)
    server = LocalServer(app.store.data_dir / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address, sheets=True)
    bruno = BackgroundClient(server.local_address, sheets=True)
    try:
        seats = [{"kind": "human"}] * 3
        made = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
        bruno.submit(bruno.client.join(made.code, "Bruno")).result(20)
        app.settings = app.settings.with_(
            animation_speed="instant", tutorial_done=True, language="en"
        )
        app.home()
        join_at(app, f"{server.local_address}/{grouped(made.code)}")
        table_opens(app)
        table = app.stack.top
        players = {0: anna, 1: bruno}
        while not table.match.rounds:  # the round played out, Carla's cards first
            if table.human_to_play is not None:
                table.play(first_play(table.match.observe(table.human_to_play)))
            for friend in players.values():
                last = friend.client.last
                if last is not None and last.my_turn and last.at == table.match.at:
                    friend.submit(friend.client.play(first_play(last.observation), last.at))
            frame(app)
            time.sleep(0.005)
        run_until(app, lambda: isinstance(app.stack.top, ScoringScene))
        anna.submit(anna.client.ready()).result(10)
        time.sleep(2.0)
        bruno.submit(bruno.client.ready()).result(10)
        coordinator = table.coordinator
        run_until(app, lambda: coordinator.others_ready())
        left = coordinator.others_ready_wait()
        assert left is not None and left <= 6.0 - 1.5, left
    finally:
        anna.close()
        bruno.close()
        app.close()  # the window's own link too: none left looking for the table after
        server.stop()


def test_a_player_back_while_the_friends_read_the_sheet_reads_it_too(hosted_for_a_reader):
    """A player whose window came back while the friends read the round's sheet went
    straight to the next round's table, never shown how the round was scored, and the
    friends were told everyone was ready but them. The sheet they read is shown here, and
    the round waits for this player to read it too."""
    from scopa.app.scenes.confirm import ConfirmScene

    from .test_online_rejoin import join_from_the_menus

    app, table, friend = hosted_for_a_reader
    round_sheet(app, table, friend)  # Bruno reads it still
    address = app.matches.current.address
    app.matches.leave()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.on_yes()
    run_until(app, lambda: not friend.client.table["seats"][0]["connected"])
    assert friend.client.table["reading"] == [1]  # gone: not waited for

    table = join_from_the_menus(app, address)
    run_until(app, lambda: isinstance(app.stack.top, ScoringScene))
    sheet = app.stack.top
    assert sheet.match.round.round_no == 2 and len(table.coordinator.rounds) == 1
    run_until(app, lambda: friend.client.table["reading"] == [0, 1])  # waited for again
    sheet.age = 10.0
    click(app, sheet.buttons[-1])  # Next round: read
    run_until(app, lambda: app.stack.top is table and friend.client.table["reading"] == [1])
    friend.submit(friend.client.ready()).result(10)
    run_until(app, lambda: not friend.client.table["reading"])


def test_a_window_that_read_the_sheet_says_so_again_when_its_link_comes_back(
    hosted_for_a_reader,
):
    """Back between rounds, a seat is waited for at the sheet: a window whose link only
    dropped a moment, the sheet read already, tells the server again (else the round
    waited the whole minute for a sheet nobody showed)."""
    from .test_online_caught_up import cut_off

    app, table, friend = hosted_for_a_reader
    sheet = round_sheet(app, table, friend)
    click(app, sheet.buttons[-1])  # Next round: read here, Bruno reads it still
    run_until(app, lambda: app.stack.top is table and friend.client.table["reading"] == [1])
    with cut_off(table.coordinator.link):
        run_until(app, lambda: not friend.client.table["seats"][0]["connected"])
    run_until(app, lambda: friend.client.table["seats"][0]["connected"])
    run_until(app, lambda: friend.client.table["reading"] == [1])
    assert app.stack.top is table  # no sheet shown again here
    friend.submit(friend.client.ready()).result(10)
    run_until(app, lambda: not friend.client.table["reading"])


def test_a_sheet_read_at_the_round_s_end_is_not_shown_again_as_one_missed(
    hosted_for_a_reader, monkeypatch
):
    """A window whose link heard no table frame at its match's move before the round ended
    (the first came after a card it heard played, and the round's end's after its last
    card, as the server sends them) decided only back from the sheet whether it sat down
    while the friends read it: the frame still naming its seat at the sheet, the server not
    yet told it was read, took it for a window back between rounds, and Next round showed
    the same sheet again. A round this window heard scored had its sheet shown here; only
    one scored before it sat down can have been missed."""
    app, table, friend = hosted_for_a_reader
    sheet = round_sheet(app, table, friend)  # Bruno reads it still
    coordinator = table.coordinator
    client = coordinator.link.client
    run_until(app, lambda: client.table["reading"] == [0, 1])
    coordinator._sheet_decided = False  # no table frame was caught up with the match yet
    told = threading.Event()  # the server hears a moment late that the sheet was read
    ready = client.ready

    async def late_ready() -> None:
        while not told.is_set():
            await asyncio.sleep(0.01)
        await ready()

    monkeypatch.setattr(client, "ready", late_ready)
    click(app, sheet.buttons[-1])  # Next round: read here
    for _ in range(5):
        frame(app)
    assert app.stack.top is table  # not the same sheet again
    told.set()
    run_until(app, lambda: friend.client.table["reading"] == [1])
    friend.submit(friend.client.ready()).result(10)
    run_until(app, lambda: not friend.client.table["reading"])
    assert app.stack.top is table
