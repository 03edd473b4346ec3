"""A rematch online: the final sheet of a match at a server offers one; it starts once every
player still at the table asks, at a new table with the same people, and the window goes on
to it on the same connection (its seat held, its address offered under Play online)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from scopa.app.online import grouped
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.net.client import BackgroundClient

from .menu_helpers import click, frame
from .test_online import (  # noqa: F401
    friend_update,
    host_for_a_friend,
    hosted,
    play_the_round_out,
    run_until,
    table_opens,
)
from .test_online_caught_up import cut_off


def first_play(obs):  # noqa: ANN001, ANN201
    return next(move for move in obs.legal_moves if move.is_play)


def play_the_match_out(app, table, friend) -> ScoringScene:  # noqa: ANN001
    """Play the hosted table's match to its final sheet (both seats as ``first_play``)."""
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the match never ended"
        play_the_round_out(app, table, friend, first_play)
        sheet = app.stack.top
        assert isinstance(sheet, ScoringScene)
        if sheet.match.over:
            sheet.age = 10.0  # read
            return sheet
        sheet.next_round()
        run_until(app, lambda: app.stack.top is table)


def toasts(app) -> list[str]:  # noqa: ANN001
    return [toast.text for toast in app.toasts._toasts]


def test_a_rematch_online_seats_everyone_again_at_a_new_table(hosted):  # noqa: F811
    app, table, friend = hosted
    old = table.coordinator
    sheet = play_the_match_out(app, table, friend)
    rematch = sheet.buttons[-1]
    assert rematch.text() == app.t("rematch") and rematch.primary and rematch.enabled
    assert app.t("to_title") in [button.text() for button in sheet.buttons]

    friend.submit(friend.client.rematch()).result(10)
    run_until(app, lambda: app.t("online.rematch_wanted", name="Bruno") in toasts(app))
    click(app, rematch)
    run_until(app, lambda: friend.client.table and friend.client.table.get("next"))
    friend.submit(friend.client.rejoin(friend.client.ticket)).result(10)  # Bruno's window
    run_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not table)
    again = app.stack.top
    code = again.coordinator.ticket.code
    assert code == friend.client.ticket.code != old.ticket.code
    assert again.coordinator.seat == old.seat and again.coordinator.link is old.link
    assert again.match.totals == (0, 0) and again.match.round.round_no == 1
    assert not old.link.client.lost  # the match before let go of its table, not the link
    assert app.t("online.rematch_wanted", name="Bruno") not in toasts(app)  # said before
    held = [seat.code for seat in app.store.load_seats()]
    assert code in held and old.ticket.code not in held
    assert app.settings.online_address.endswith(grouped(code))
    assert again.coordinator.address.endswith(grouped(code))

    # the rematch plays: a card from each side reaches the table
    start = again.match.at
    latest = None
    while again.match.at < start + 2:
        frame(app)
        update = friend_update(friend)
        latest = update or latest
        if again.human_to_play is not None and not again.director.busy:
            at = again.match.at
            again.play(first_play(again.match.observation))
            run_until(app, lambda at=at: again.match.at > at)
        elif latest is not None and latest.my_turn and latest.at == again.match.at:
            friend.submit(friend.client.play(first_play(latest.observation), latest.at)).result(10)
            latest = None


def test_a_rematch_online_keeps_the_tally_of_the_matches_won(hosted):  # noqa: F811
    """Rematches at one screen keep a tally of the matches each side won; online they kept
    none. The window carries it to the rematch's table, each side known by the names of its
    seats (a seat taken by someone else there starts afresh), and the final sheet says it."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    winner = sheet.match.winner
    names = [table.coordinator.setup.seats[seat].name for seat in range(2)]
    assert "so far" not in sheet.result_line()  # one match: nothing to tally
    friend.submit(friend.client.rematch()).result(10)
    click(app, sheet.buttons[-1])
    run_until(app, lambda: friend.client.table and friend.client.table.get("next"))
    friend.submit(friend.client.rejoin(friend.client.ticket)).result(10)
    run_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not table)
    again = app.stack.top.coordinator
    assert again.setup.seats[winner].name == names[winner]
    assert again.matches_won() == tuple(int(side == winner) for side in range(2))
    assert again.won_by_side == {(names[winner],): 1, (names[1 - winner],): 0}
    second = play_the_match_out(app, app.stack.top, friend)
    won = [int(side == winner) + int(side == second.match.winner) for side in range(2)]
    ranked = sorted(range(2), key=lambda side: (-won[side], side))
    side_names = [again.name(seat) for seat in range(2)]  # one seat a side
    side_names[again.seat] = app.t("you")  # the player's own, as the sheet names it
    told = second.result_line()
    assert "\u00a0· matches won so far: " in told, told
    assert told.endswith(", ".join(f"{side_names[side]} {won[side]}" for side in ranked)), told


def test_a_rematch_asked_waits_for_the_friend_even_one_who_left_and_came_back(
    hosted,  # noqa: F811
    monkeypatch,
):
    """The rematch waits for everyone, and starts with nobody missing: a friend whose
    window closed on the final sheet called it off for good (nobody could ask for it any
    more); it now waits for them to come back and ask, as the sheet says."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    rematch = sheet.buttons[-1]
    click(app, rematch)
    run_until(app, lambda: not rematch.enabled)
    assert rematch.text() == app.t("online.rematch_waiting")
    assert sheet.rematch_hint() == app.t("online.rematch_hint_waiting", names="Bruno")
    frame(app)
    assert app.stack.top is sheet  # nothing starts without Bruno
    # The window draws the sheet again as the rematch's words change (it stands still,
    # undrawn, while nothing moves): the button said "Waiting..." when it was starting.
    # (The review's progress moves it too, until the review is ready: a loaded machine
    # works it out over more frames.)
    run_until(app, lambda: sheet.review_ready and not sheet.busy, 120)  # a busy machine
    with monkeypatch.context() as patched:
        patched.setattr(sheet.coordinator, "rematch_awaited", list)
        frame(app)
        assert sheet.busy and rematch.text() == app.t("online.rematch_starting")
        frame(app)
        assert not sheet.busy
    ticket = friend.client.ticket
    friend.close()  # Bruno's window closes
    run_until(app, lambda: app.t("online.rematch_left", name="Bruno") in toasts(app))
    assert rematch.text() == app.t("online.rematch_waiting")
    assert sheet.rematch_hint() == app.t("online.rematch_hint_back", names="Bruno")
    for _ in range(30):
        frame(app)
    assert app.stack.top is sheet and sheet.coordinator.rematch_next is None
    back = BackgroundClient(ticket.server)  # Bruno's game again, with his seat
    try:
        back.submit(back.client.rejoin(ticket)).result(10)
        back.submit(back.client.rematch()).result(10)
        run_until(app, lambda: back.client.table and back.client.table.get("next"))
        back.submit(back.client.rejoin(back.client.ticket)).result(10)
        run_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not table)
        assert app.stack.top.coordinator.ticket.code == back.client.ticket.code
    finally:
        back.close()


def test_a_friend_who_left_the_final_sheet_for_good_is_not_waited_for(hosted):  # noqa: F811
    """Bruno went to the main menu from the final sheet, which forgets his seat: he could
    never come back, yet the sheet here said the rematch waited for him to come back, and
    its Waiting... button stayed for ever. It says he plays no rematch, and how to play
    again."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    rematch = sheet.buttons[-1]
    click(app, rematch)
    run_until(app, lambda: not rematch.enabled)
    friend.submit(friend.client.no_rematch()).result(10)
    friend.close()
    told = app.t("online.rematch_declined", name="Bruno")
    run_until(app, lambda: told in toasts(app))
    assert app.t("online.rematch_left", name="Bruno") not in toasts(app)
    assert sheet.rematch_hint() == app.t("online.rematch_hint_declined", names="Bruno")
    assert rematch.text() == app.t("rematch") and not rematch.enabled


def test_a_friend_moving_to_the_rematch_is_not_said_to_leave(hosted):  # noqa: F811
    """Bruno asked and went on to the rematch's table a moment before this window: he
    was told here as "left the table" beside "wants a rematch"."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    friend.submit(friend.client.rematch()).result(10)
    run_until(app, lambda: app.t("online.rematch_wanted", name="Bruno") in toasts(app))
    click(app, sheet.buttons[-1])
    run_until(app, lambda: friend.client.table and friend.client.table.get("next"))
    friend.submit(friend.client.rejoin(friend.client.ticket)).result(10)
    run_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not table)
    for _ in range(10):
        frame(app)
    assert app.t("online.rematch_left", name="Bruno") not in toasts(app)


def without_frames(condition: Callable[[], object], seconds: float = 10.0) -> None:
    """Wait for ``condition`` while the window draws nothing (it is between two frames)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.01)


@pytest.mark.parametrize("drawn", [False, True], ids=["between_frames", "drawn_while_away"])
def test_a_window_whose_link_came_back_at_the_rematch_s_table_goes_on_to_it(
    hosted,  # noqa: F811
    drawn: bool,
):
    """Both asked and the rematch's table opened; the link dropped before the sheet looked
    for it (or while it was asking to sit there), and came back by itself: the server
    seated it at the rematch's table, and the sheet said "Rematch starting..." for ever
    (or that it could not start) while Bruno waited there for a player who never came."""
    app, table, friend = hosted
    old = table.coordinator
    link = old.link
    sheet = play_the_match_out(app, table, friend)
    click(app, sheet.buttons[-1])
    run_until(app, lambda: friend.client.table["seats"][old.seat]["rematch"])
    friend.submit(friend.client.rematch()).result(10)
    without_frames(lambda: (link.client.table or {}).get("next"))
    code = link.client.table["next"]
    with cut_off(link):
        without_frames(lambda: not link.client.online)
        for _ in range(10 if drawn else 0):  # the sheet asks to sit at the rematch's table
            frame(app)
    without_frames(lambda: link.client.online, 30)
    assert link.client.ticket is not None and link.client.ticket.code == code  # moved on
    run_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not table)
    again = app.stack.top
    assert again.coordinator.ticket.code == code and again.coordinator.link is link
    assert again.match.at == 0 and not sheet.coordinator.rematch_failed
    assert code in [seat.code for seat in app.store.load_seats()]


def test_the_final_sheet_says_the_link_is_lost_not_that_a_friend_is_awaited(hosted):  # noqa: F811
    """The host's game closed on the final sheet: the friend who asked for the rematch read
    "waiting for Anna to ask too" for ever, with nothing to say the table was gone."""
    app, table, friend = hosted
    link = table.coordinator.link
    sheet = play_the_match_out(app, table, friend)
    click(app, sheet.buttons[-1])
    with cut_off(link):
        without_frames(lambda: not link.client.online)
        frame(app)
        assert sheet.rematch_hint() == app.t("online.rematch_hint_offline")
    without_frames(lambda: link.client.online, 30)
    frame(app)
    assert sheet.rematch_hint() == app.t("online.rematch_hint_waiting", names="Bruno")


def test_a_friend_the_computer_played_for_is_awaited_to_ask_not_to_come_back(hosted):  # noqa: F811
    """Bruno's seat played by the computer to the end, his window open on the final sheet:
    Anna's sheet said "waiting for Bruno to come back and ask", though he was there all
    along (his asking brings him back): it waits for him to ask."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    coordinator = table.coordinator
    now = coordinator._table_now()
    stood_in = {
        **now,
        "seats": [
            {**info, "autoplay": True} if info.get("seat") == 1 else info for info in now["seats"]
        ],
    }
    coordinator._table_now = lambda: stood_in
    click(app, sheet.buttons[-1])  # Anna asks
    assert coordinator.left_table() == [] and coordinator.rematch_awaited() == [1]
    assert sheet.rematch_hint() == app.t("online.rematch_hint_waiting", names="Bruno")


def test_a_match_played_online_is_counted_once_in_the_statistics(hosted):  # noqa: F811
    """Four matches played online to their end, and Statistics said "No matches yet" in
    every window: an online match is counted, once, as an online match, with its result
    for this seat's side (not in Past matches: its other hands were never known here)."""
    from scopa.app.scenes.statistics import StatisticsScene

    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    frame(app)
    stats = app.store.load_stats()
    (result,) = stats.recent
    assert result.mode == "online" and result.players == 2 and result.level == "none"
    side = table.coordinator.seat
    assert result.won == (sheet.match.winner == side)
    assert result.totals == tuple(sheet.match.totals)
    app.matches.current.table = dict(app.matches.current.table)  # the server tells it again
    for _ in range(5):
        frame(app)
    assert len(app.store.load_stats().recent) == 1  # once
    assert app.store.load_past() == []
    scene = StatisticsScene(app)
    app.stack.push(scene)
    scene.dimension = "mode"
    assert [label for label, _ in scene.groups()] == [app.t("mode_online")]


def test_a_match_played_online_on_a_hint_sets_no_record(hosted):  # noqa: F811
    """A cousin who played a move on a hint at a friend's table won, and the match set his
    best margin "without aids": online, the hint was not told to the statistics."""
    app, table, friend = hosted
    table.coordinator.hinted.add(0)  # the first move played here was the hint's
    play_the_match_out(app, table, friend)
    frame(app)
    (result,) = app.store.load_stats().recent
    assert result.mode == "online" and result.hinted and result.aided
    assert result.record_margin is None


def test_the_host_s_game_closed_on_the_final_sheet_tells_the_friends_no_rematch(app, monkeypatch):
    """The host's game was closed on the final sheet, which it never comes back to: the
    friend who had asked for the rematch read that it waited for the table to be back, for
    ever. The host's seat says no first; quitting there asks nothing, there being no match
    for the friends to wait for, only a rematch they are told is off."""
    friend, code = host_for_a_friend(app, monkeypatch)
    friend.submit(friend.client.join(code, "Bruno")).result(20)
    table = table_opens(app)
    play_the_match_out(app, table, friend)
    friend.submit(friend.client.rematch()).result(10)
    app.ask_to_quit()
    assert not app.running, "quitting the final sheet asked as if a match went on"
    app.close()
    deadline = time.monotonic() + 20
    while not friend.client.table["seats"][0]["declined"]:
        assert time.monotonic() < deadline, "the friend was never told"
        time.sleep(0.02)
    friend.close()


def test_a_rematch_a_friend_said_no_to_stays_off_while_the_link_is_down(hosted):  # noqa: F811
    """Bruno said no to the rematch, then the link went down: the sheet said the rematch
    waited for the table to be back, as if it could still come."""
    app, table, friend = hosted
    link = table.coordinator.link
    sheet = play_the_match_out(app, table, friend)
    friend.submit(friend.client.no_rematch()).result(10)
    declined = app.t("online.rematch_hint_declined", names="Bruno")
    run_until(app, lambda: sheet.rematch_hint() == declined)
    with cut_off(link):
        without_frames(lambda: not link.client.online)
        frame(app)
        assert sheet.rematch_hint() == declined


def test_the_people_of_one_screen_asking_together_are_told_in_one_message(hosted):  # noqa: F811
    """Two friends at one screen asked for the rematch with its one click: the sheet here
    told "Bruno wants a rematch" and "Carla wants a rematch" as two messages, one of them
    over the chart's title. Those heard at once are told in one."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    coordinator = sheet.coordinator
    coordinator.name = {0: "Anna", 1: "Bruno", 2: "Carla"}.get
    coordinator.rematch_wanted = lambda: [1, 2]
    frame(app)
    together = app.t("online.rematch_wanted_many", name="Bruno and Carla")
    assert toasts(app).count(together) == 1
    assert app.t("online.rematch_wanted", name="Carla") not in toasts(app)
    frame(app)
    assert toasts(app).count(together) == 1  # told once


def test_the_people_of_one_screen_heard_a_moment_apart_are_told_in_one_message(hosted):  # noqa: F811
    """The host's one click for three people at its screen reached a friend's window in
    two polls: "Anna wants a rematch", then "Bea and Elena want a rematch", two messages
    over the chart's title. Those heard a moment apart are told in one."""
    app, table, friend = hosted
    sheet = play_the_match_out(app, table, friend)
    coordinator = sheet.coordinator
    coordinator.name = {0: "Dario", 1: "Anna", 2: "Bea", 3: "Elena"}.get
    wanted = [1]
    coordinator.rematch_wanted = lambda: list(wanted)
    frame(app)
    assert app.t("online.rematch_wanted", name="Anna") in toasts(app)
    wanted += [2, 3]
    frame(app)
    together = app.t("online.rematch_wanted_many", name="Anna, Bea and Elena")
    assert toasts(app).count(together) == 1
    assert app.t("online.rematch_wanted", name="Anna") not in toasts(app)
    assert not any("Bea and Elena" in toast and "Anna" not in toast for toast in toasts(app))


def test_the_accuracy_of_a_match_played_online_is_kept_with_its_result(hosted):  # noqa: F811
    """A match played online to its end was graded, its review open from the final sheet,
    but its accuracy was never kept: the statistics' accuracy chart said "No match graded
    yet" after a dozen matches online. Once every round is graded, the accuracy of the
    person who played it here goes with its result, as a solo match's does."""
    app, table, friend = hosted
    play_the_match_out(app, table, friend)
    coordinator = app.matches.current
    reviews = coordinator.reviews
    assert reviews is not None and reviews.wait(240), "the match was never graded"
    review = reviews.match_review()
    assert review is not None
    expected = review.accuracy(coordinator.seat, frozenset(coordinator.hinted))
    assert expected is not None
    (result,) = app.store.load_stats().recent
    assert result.mode == "online" and result.accuracy == pytest.approx(expected, abs=1e-5)
