"""A friend who is gone from a table online: the table says it waits for them (and only
that), and once they have been gone as long as the server asks, the players still there
let the computer play their seat; the friend takes it back by joining again."""

from __future__ import annotations

import functools

import pytest

from scopa.app.table.absence import BACK_NOTICE, STAND_IN_NOTICE
from scopa.net.client import BackgroundClient, PlayedForYou
from scopa.net.protocol import Limits
from scopa.net.server import GameServer

from .menu_helpers import click
from .test_online import _my_turn, friend_update, hosted, run_until  # noqa: F401 - the fixture

GRACE = 0.4
"""Seconds a friend must be gone before the computer may play for them (60 in a real game)."""


@pytest.fixture
def short_grace(monkeypatch):
    server = functools.partial(GameServer, limits=Limits(away_grace=GRACE))
    monkeypatch.setattr("scopa.app.hosting.GameServer", server)


def plate_detail(table, name: str) -> str:  # noqa: ANN001
    """The second line of the plate of the seat ``name``, as the table draws it."""
    (detail,) = [plate.detail for plate in table.snapshot().plates if plate.name == name]
    return detail


def banner(table) -> str | None:  # noqa: ANN001
    words = [item.key[1] for item in table.overlay_items() if item.key[0] == "connection"]
    return words[0] if words else None


def test_a_friend_gone_for_good_is_played_by_the_computer_until_they_come_back(
    short_grace,
    hosted,  # noqa: F811
):
    app, table, friend = hosted
    ticket = friend.client.ticket
    assert ticket is not None
    coordinator = table.coordinator
    friend.close()
    run_until(app, lambda: coordinator.away() == [1])
    # his plate says he is away, not "3 in hand" as if nothing were amiss there
    assert plate_detail(table, "Bruno") == app.t("table.away")
    run_until(app, lambda: table.absence.button is not None)  # once the grace is over
    assert banner(table) == app.t(said_of_bruno(table, "online.friend_away"), names="Bruno")

    since = len(table.match.round.history())  # the computer may play for him at once
    click(app, table.absence.button.center)
    run_until(app, lambda: coordinator.stood_in() == [1])
    assert coordinator.away() == []
    assert banner(table) == app.t("online.computer_plays_for", names="Bruno")
    assert table.absence.button is None
    assert plate_detail(table, "Bruno") == app.t("table.stood_in")

    # The match goes on under the banner, which would cover the top row of a table of
    # seven cards or more: it says it for a while, and the plate for as long as it lasts.
    real = coordinator.clock
    coordinator.clock = lambda: real() + STAND_IN_NOTICE
    assert banner(table) is None
    assert plate_detail(table, "Bruno") == app.t("table.stood_in")

    # the computer plays Bruno's turns, this screen plays its own; the line under the
    # table says who plays Bruno's (not "waiting for Bruno to play", as for a friend here)
    told = set()

    def heard(moved: bool) -> bool:
        status = table.status_text()
        if status is not None and table.match.turn == 1:
            told.add(status[0])
        return moved

    start = table.match.at
    while table.match.at < start + 3:
        run_until(
            app,
            lambda at=table.match.at: heard(table.human_to_play is not None or table.match.at > at),
        )
        if table.human_to_play is not None and not table.director.busy:
            at = table.match.at
            table.play(next(m for m in table.match.legal_moves() if m.is_play))
            run_until(app, lambda at=at: heard(table.match.at > at))
    assert told <= {app.t("table.stand_in_turn", name="Bruno")}, told

    # Bruno is told, as he comes back, which cards the computer played for him: they
    # were gone from his hand without a word.
    back = BackgroundClient(ticket.server)
    try:
        back.submit(back.client.rejoin(ticket)).result(20)
        run_until(app, lambda: not coordinator.stood_in() and not coordinator.away())
        assert banner(table) == app.t("online.friend_back", names="Bruno")
        later = coordinator.clock
        coordinator.clock = lambda: later() + BACK_NOTICE
        assert banner(table) is None
        # every move made for him came before he was back (this window saw them first)
        played = [move for seat, move in table.match.round.history()[since:] if seat == 1]
        assert played
        told = [item for item in back.poll() if isinstance(item, PlayedForYou)]
        assert [item.moves for item in told] == [tuple(played)]
    finally:
        back.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_seat_taken_back_is_told_the_cards_the_computer_played_for_it(
    hosted,  # noqa: F811
    monkeypatch,
    language,
):
    """Back at the table after the computer played for them, a player found cards gone
    from their hand without a word. The table says which, in the player's language."""
    from scopa.app.remote import Arrival
    from scopa.engine import Move

    app, table, _ = hosted
    app.set_language(language)
    moves = [Move.parse("8S"), Move.parse("1Cx1D")]
    arrival = Arrival(played_for_you={table.coordinator.seat: moves})
    monkeypatch.setattr(table.coordinator, "arrivals", lambda: arrival)
    shown: list[str] = []
    monkeypatch.setattr(app, "notify", lambda words, *a, **k: shown.append(words(app.t)))
    table._hear_the_server()
    cards = ", ".join(table.card_name(move.card) for move in moves)
    assert shown == [app.t("online.played_for_you", cards=cards)]


def test_the_button_waits_for_the_grace(hosted):  # noqa: F811
    """With the server's usual grace (a minute) the button does not show at once, and the
    banner says when it will: "Waiting for Bruno" alone read as a match stuck for ever."""
    app, table, friend = hosted
    friend.close()
    run_until(app, lambda: table.coordinator.away() == [1])
    for _ in range(5):
        run_until(app, lambda: True)
    assert table.absence.button is None
    assert table.coordinator.may_hand_over() == []
    key = said_of_bruno(table, "online.friend_away_wait")
    assert banner(table) == app.t(key, names="Bruno", seconds=60)
    # it counts down: "after 60 s away" stood still however long the friend had been gone
    coordinator = table.coordinator
    real = coordinator.clock
    coordinator.clock = lambda: real() + 20
    assert banner(table) == app.t(key, names="Bruno", seconds=40)
    coordinator.clock = real


def pass_the_turn_to_bruno(app, table, friend) -> None:  # noqa: ANN001
    """This screen plays a card at its turn: the turn is the friend Bruno's."""
    run_until(app, lambda: _my_turn(table, friend))
    run_until(app, lambda: not table.director.busy)
    at = table.match.at
    table.play(next(m for m in table.match.legal_moves() if m.is_play))
    run_until(app, lambda: table.match.at > at and not table.director.busy)
    assert table.match.turn == 1


def test_a_friend_away_is_not_also_said_to_be_thinking(hosted):  # noqa: F811
    app, table, friend = hosted
    pass_the_turn_to_bruno(app, table, friend)
    # A friend's turn: they may be reading the score sheet or in their menu, not thinking.
    thinking = app.t("table.friend_turn", name="Bruno")
    assert table.status_text() == (thinking, table.status_text()[1])  # not gone yet
    friend.close()
    run_until(app, lambda: table.coordinator.away() == [1])
    key = said_of_bruno(table, "online.friend_away_wait")
    assert banner(table) == app.t(key, names="Bruno", seconds=60)
    assert (table.status_text() or ("",))[0] != thinking


def test_the_line_under_the_table_says_the_computer_plays_for_a_friend_gone(hosted):  # noqa: F811
    """On a friend's turn the line under the table says it waits for them to play; once the
    computer plays their seat, it says so instead."""
    app, table, friend = hosted
    pass_the_turn_to_bruno(app, table, friend)
    assert table.status_text()[0] == app.t("table.friend_turn", name="Bruno")
    table.coordinator.stood_in = lambda: [1]  # the server's word, as the computer takes over
    assert table.status_text()[0] == app.t("table.stand_in_turn", name="Bruno")


def test_the_wait_for_a_friend_away_counts_down_on_a_window_at_rest(hosted):  # noqa: F811
    """The banner's seconds change while nothing else on the table moves: each change is
    drawn, as the game's loop draws only what may have changed."""
    from .menu_helpers import FRAME
    from .test_online_between_rounds import come_to_rest

    app, table, friend = hosted
    friend.close()
    run_until(app, lambda: table.coordinator.away() == [1])
    come_to_rest(app)
    coordinator = table.coordinator
    real = coordinator.clock
    coordinator.clock = lambda: real() + 5
    drawn = [app.frame(FRAME, [], draw=None) for _ in range(30)]
    assert any(drawn), "the banner counted down, and the window never drew it"
    coordinator.clock = real


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_toast_over_the_table_keeps_clear_of_the_banner_and_its_button(
    short_grace,
    hosted,  # noqa: F811
    size,
):
    """A long toast (a friend's table telling its game, the cards played for a player
    back) went over the banner of a friend away, and could hide its button."""
    from .menu_helpers import toasts_kept_clear

    app, table, friend = hosted
    app.resize(size)
    friend.close()
    run_until(app, lambda: table.absence.button is not None)  # once the grace is over
    app.draw()
    shown = table.absence.shown
    assert shown is not None and shown.contains(table.absence.button)
    cards = ", ".join(["the king of cups"] * 6)
    words = f"The computer played for you while you were away: {cards}"
    app.notify(lambda t: words, 12.0)
    toasts_kept_clear(app, table.toast_band(), [shown], 1)


def friends_away(away: list[int], *, turn: int, wait: float):  # noqa: ANN201
    """A stand-in for a table online with the friends ``away``, ``turn`` to play, the
    computer free to play for them in ``wait`` seconds (none may yet)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        online=True,
        away=lambda: away,
        may_hand_over=list,
        away_wait=lambda: wait,
        match=SimpleNamespace(over=False, turn=turn),
        stood_in_here=list,
        idle=list,
        stood_in=list,
        gone=lambda: away,
        clock=lambda: 0.0,
    )


def said_of_bruno(table, key: str) -> str:  # noqa: ANN001
    """The banner's ``key`` for Bruno away, as the turn makes it: waiting for him at his
    turn, play going on without him at another's."""
    return key if table.match.turn == 1 else key.replace("friend_away", "friend_gone")


def test_a_friend_away_holds_up_the_match_only_at_their_turn(app):
    """A friend's window closed at another's turn: every window, the one whose turn it was
    too, read "Waiting for Luca to come back: in 58 s, ..." beside "Your turn", a match
    seemingly stopped while play went on. At another's turn the banner says play goes on."""

    from scopa.app.table.absence import AbsenceBanner

    app.set_language("en")
    coordinator = friends_away([2], turn=0, wait=58.0)
    names = ["Me", "Anna", "Luca"].__getitem__
    banner = AbsenceBanner(app.font, lambda: app.t, coordinator, names, print)
    assert banner.words(lost=False) == (
        "Luca left: play goes on; in 58 s, the computer can play for them"
    )
    coordinator.match.turn = 2
    assert banner.words(lost=False) == (
        "Waiting for Luca to come back: in 58 s, the computer can play for them"
    )


def test_two_friends_away_are_waited_for_in_the_plural(app):
    """A couple's computer dropped: the Italian banner said "Aspettiamo che torni Anna e
    Bruno: ... al suo posto", a verb and a possessive for one."""

    from scopa.app.table.absence import AbsenceBanner

    app.set_language("it")
    coordinator = friends_away([1, 2], turn=0, wait=40.0)
    banner = AbsenceBanner(
        app.font, lambda: app.t, coordinator, ["Io", "Anna", "Bruno"].__getitem__, print
    )
    assert banner.words(lost=False) == (  # not their turn: play goes on, said so
        "Mancano Anna e Bruno: si continua; "
        "tra\u00a040\u00a0s il computer potrà giocare al loro posto"
    )
    coordinator.may_hand_over = lambda: [1, 2]
    assert banner.words(lost=False) == "Mancano Anna e Bruno: si continua"
    coordinator.away = coordinator.gone = list  # both back: said of both, in the plural
    coordinator.stood_in_here = coordinator.idle = coordinator.stood_in = list
    assert banner.words(lost=False) == "Anna e Bruno sono di nuovo al tavolo"


def test_with_several_friends_away_the_wait_is_for_the_one_whose_turn_it_is(app):
    """Two friends gone, one of them to play: the banner read "Waiting for Anna and Bruno
    to come back", though only Anna's turn held the match up; once she was back, play went
    on without Bruno. It waits for her, and says Bruno left too."""

    from scopa.app.table.absence import AbsenceBanner

    app.set_language("en")
    coordinator = friends_away([1, 2], turn=1, wait=40.0)
    names = ["Me", "Anna", "Bruno", "Carla"].__getitem__
    banner = AbsenceBanner(app.font, lambda: app.t, coordinator, names, print)
    assert banner.words(lost=False) == (
        "Waiting for Anna to come back (Bruno left too): in 40 s, "
        "the computer can play for those who left"
    )
    coordinator.may_hand_over = lambda: [1, 2]
    assert banner.words(lost=False) == "Waiting for Anna to come back (Bruno left too)"
    coordinator.away = coordinator.gone = lambda: [1, 2, 3]
    coordinator.match.turn = 3
    assert banner.words(lost=False) == ("Waiting for Carla to come back (Anna and Bruno left too)")
    app.set_language("it")
    names = ["Io", "Anna", "Bruno", "Carla"].__getitem__
    banner = AbsenceBanner(app.font, lambda: app.t, coordinator, names, print)
    assert banner.words(lost=False) == "Aspettiamo che torni Carla (mancano anche Anna e Bruno)"
    coordinator.away = coordinator.gone = lambda: [2, 3]
    coordinator.may_hand_over = list
    assert banner.words(lost=False) == (
        "Aspettiamo che torni Carla (manca anche Bruno): "
        "tra\u00a040\u00a0s il computer potrà giocare al posto di chi manca"
    )


def test_a_friend_gone_once_the_last_card_is_played_is_not_waited_for(app):
    """A bot leaves its table as the match ends: before the final sheet every window read
    "Waiting for Jose to come back: in 58 s, the computer can play for them" over the
    emptied table, with nothing left to play."""

    from scopa.app.table.absence import AbsenceBanner

    app.set_language("en")
    coordinator = friends_away([1], turn=1, wait=58.0)
    banner = AbsenceBanner(app.font, lambda: app.t, coordinator, ["Me", "Jose"].__getitem__, print)
    assert banner.words(lost=False) == app.t("online.friend_away_wait", names="Jose", seconds=58)
    coordinator.match.over = True
    said = banner.words(lost=False)
    assert said is None or "Jose" not in said


def test_a_friend_back_is_told_to_the_others(hosted):  # noqa: F811
    """A friend gone then back: the banner waiting for them and their plate's "Away" simply
    went, and nobody was told they were back."""
    app, table, friend = hosted
    ticket = friend.client.ticket
    assert ticket is not None
    coordinator = table.coordinator
    friend.close()
    run_until(app, lambda: coordinator.away() == [1])
    assert banner(table) == app.t(
        said_of_bruno(table, "online.friend_away_wait"),
        names="Bruno",
        seconds=banner_seconds(table),
    )
    back = BackgroundClient(ticket.server)
    try:
        back.submit(back.client.rejoin(ticket)).result(20)
        run_until(app, lambda: not coordinator.away())
        assert banner(table) == app.t("online.friend_back", names="Bruno")
        assert plate_detail(table, "Bruno") != app.t("table.away")
        real = coordinator.clock
        coordinator.clock = lambda: real() + BACK_NOTICE
        assert banner(table) is None  # said for a while: the play goes on under it
    finally:
        back.close()


def banner_seconds(table) -> int:  # noqa: ANN001
    """The seconds the banner waiting for a friend away counts down from, as it says them."""
    import math

    return max(1, math.ceil(table.coordinator.away_wait()))


def test_a_friend_seen_gone_only_as_this_window_came_back_is_not_told_back() -> None:
    """The host's game closed and opened again: a friend's window, back at the table first,
    saw the other friend's seat down a moment, then up, and said "Anna is back", of
    someone who never left. A friend already down as this window comes back is told back
    only after a long absence; one seen going down once this window is back, always."""
    from types import SimpleNamespace

    from scopa.app.table.absence import GONE_NOTICED, AbsenceBanner

    now = [100.0]
    down: list[int] = []
    coordinator = SimpleNamespace(clock=lambda: now[0], gone=lambda: down, online=False)
    absence = AbsenceBanner(None, lambda: None, coordinator, str, lambda: None)  # type: ignore[arg-type]
    down[:] = [1, 2]  # this window cut off: every friend's link seems down
    assert absence._newly_back() == []
    coordinator.online = True  # back, a friend still coming: up again a moment later
    down[:] = [2]
    assert absence._newly_back() == []
    now[0] += 3.0
    down[:] = []
    assert absence._newly_back() == []  # down only as this window came back
    now[0] += GONE_NOTICED
    down[:] = [2]  # gone for real, then back
    assert absence._newly_back() == []
    now[0] += 1.0
    down[:] = []
    assert absence._newly_back() == [2]


def test_a_friend_seen_gone_only_as_this_window_woke_from_a_stall_is_not_told_back() -> None:
    """The host's game stopped twenty seconds, its server in it: the friend's link seemed
    to drop and come back, and the host read "Sam is back at the table", Sam who never
    left (and who was told nothing of the host). Woken from a stall, a window tells a
    friend back as when its own link comes back: only one seen going after, or long away."""
    from types import SimpleNamespace

    from scopa.app.table.absence import GONE_NOTICED, AbsenceBanner

    now = [100.0]
    down: list[int] = []
    coordinator = SimpleNamespace(clock=lambda: now[0], gone=lambda: down, online=True,
                                  woke_at=None)  # fmt: skip
    absence = AbsenceBanner(None, lambda: None, coordinator, str, lambda: None)  # type: ignore[arg-type]
    assert absence._newly_back() == []
    now[0] += 20.0  # the stall: nothing drawn, nothing looked at
    coordinator.woke_at = now[0]
    down[:] = [1]  # Sam's link timed out at the server the stall stopped
    assert absence._newly_back() == []
    now[0] += 2.0
    down[:] = []  # and back at once
    assert absence._newly_back() == []
    now[0] += GONE_NOTICED
    down[:] = [1]  # gone for real, then back
    assert absence._newly_back() == []
    now[0] += 1.0
    down[:] = []
    assert absence._newly_back() == [1]


CROWD = ("Zoë", "Jose", "Łukasz", "Player 4", "Bartholomew Alessandrini", "José")
"""Six seats' names, long ones among them."""


def crowded_banner(app, language: str, cards: int, away: list[int]):  # noqa: ANN001, ANN201
    """Six seats at 960x540 in ``language``, at least ``cards`` cards on the table in two
    rows, and the banner of the friends ``away`` laid over it: the table's cards, the
    banner, and its items."""
    from types import SimpleNamespace

    from scopa.app.table import TableScene
    from scopa.app.table.absence import AbsenceBanner
    from scopa.engine import Rules
    from scopa.settings import MatchSetup, SeatConfig

    from .table_helpers import coordinated, crowded_match, inline_worker, settle

    app.settings = app.settings.with_(animation_speed="instant", language=language)
    app.set_language(language)
    app.resize((960, 540))
    rules = Rules(players=6)
    setup = MatchSetup(tuple(SeatConfig(n, k == 0) for k, n in enumerate(CROWD)), rules)
    coordinator = coordinated(app, setup, crowded_match(rules, cards))
    scene = TableScene(app, coordinator, worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    laid = scene.table_cards()
    assert len(laid) >= cards and len({round(card.top) for card in laid}) == 2  # two rows
    friends = SimpleNamespace(
        online=True, match=scene.match, taken_elsewhere=False, ended=False, here=(0,),
        away=lambda: away, may_hand_over=lambda: away, away_wait=lambda: 0.0,
        stood_in_here=list, idle=list, gone=lambda: away, stood_in=list,
        clock=lambda: 0.0, hand_over=lambda seats: None,
    )  # fmt: skip
    banner = AbsenceBanner(scene.text, lambda: app.t, friends, CROWD.__getitem__, lambda: None)
    return scene, laid, banner, banner.items(scene.layout, lost=False, cards=laid)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_banner_keeps_clear_of_the_values_of_a_crowded_table(app, language) -> None:  # noqa: ANN001
    """Six seats at 960x540, seven cards on the table in two rows: "Waiting for Łukasz
    and Bartholomew to come back…" lay across the top row for a minute, over the values
    in its cards' corners. It lies at the felt's foot, its button over it."""
    import pygame

    scene, cards, banner, items = crowded_banner(app, language, 7, [2, 4])
    assert len(items) == 2 and banner.shown is not None  # the words, and the button
    for card in cards:  # the top of each card, where its value is read, in sight
        corner = pygame.FRect(card.x, card.y, card.w, card.h * 0.3)
        assert not banner.shown.colliderect(corner), (banner.shown, card)
    assert scene.layout.table_rect.contains(banner.shown)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_banner_s_button_keeps_off_the_faces_of_two_full_rows(app, language) -> None:  # noqa: ANN001
    """Six seats at 960x540, ten cards on the table in two full rows: "Let the computer
    play for Łukasz until they come back" lay over the lower row's faces, over the banner
    at the felt's foot. It goes beside the banner, in few words (the banner names whom it
    is for), the two on one row along the foot of the cards."""
    import pygame

    scene, cards, banner, items = crowded_banner(app, language, 10, [2])
    assert len(items) == 2 and banner.button is not None and banner.shown is not None
    assert banner.shown.contains(banner.button)
    for card in cards:  # at most the foot of a card lies under them, its face in sight
        face = pygame.FRect(card.x, card.y, card.w, card.h * 0.75)
        assert not banner.shown.colliderect(face), (banner.shown, card)
    assert scene.layout.table_rect.contains(banner.shown)
