"""A server whose frames this game cannot read (a newer version's, or a hostile one's) is
explained, in the lobby and at the table, and never closes the game.

The fake server below speaks just enough of the protocol to seat a player, then sends the
frames a test chooses: a real position written by the codec, or one spoiled on purpose.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.server import serve

from scopa.app import style
from scopa.app.remote import setup_of
from scopa.app.scenes.lobby import TABLE_SILENT_SECONDS, LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.app.wording import is_default_name
from scopa.engine import Match, Rules
from scopa.net import codec
from scopa.net.client import check_table
from scopa.net.codec import CodecError
from scopa.storage import HeldSeat

from .menu_helpers import click, frame
from .test_online import run_until, table_opens

CODE = "aaaaaaaaaaaaa"
RULES = Rules()


def table_frame(**changes: Any) -> dict[str, Any]:
    seats = [
        {"seat": seat, "kind": "human", "name": f"P{seat}", "level": "expert", "taken": True,
         "connected": True, "away": None, "autoplay": False}
        for seat in range(2)
    ]  # fmt: skip
    frame = {"v": 1, "type": "table", "code": CODE, "rules": RULES.to_dict(), "status": "playing",
             "at": 0, "seats": seats, "spectators": 0, "result": None}  # fmt: skip
    frame.update(changes)
    return frame


EVENTS_OUT_OF_PLACE: dict[str, list[dict[str, Any]]] = {
    "played by seat 9": [{"type": "Played", "seat": 9, "card": "7D"},
                         {"type": "Laid", "seat": 9, "card": "7D"}],
    "captured for side 7": [{"type": "Played", "seat": 0, "card": "7D"},
                            {"type": "Captured", "seat": 0, "side": 7, "card": "7D",
                             "cards": ["7C"]}],
    "dealt no hands": [{"type": "Dealt", "round_no": 1, "deal_no": 2, "dealer": 0, "hands": [],
                        "table": []}],
    "declared by seat 8": [{"type": "Declared", "seat": 8, "side": 0, "cards": [], "points": 3,
                            "kind": "low"}],
    "scored for one side": [{"type": "RoundScored", "round_no": 1, "scores": [],
                             "totals": [0]}],
    "won by side 9": [{"type": "MatchWon", "side": 9, "totals": [0, 0]}],
    "a scopa of the other side": [{"type": "Scopa", "seat": 0, "side": 1}],
}  # fmt: skip
"""Events of known kinds whose seats or sides the table does not have: the table's
drawing raised out of the window's frame on each."""


def state_frame(at: int = 0, spoil: str = "") -> dict[str, Any]:
    """A real position of seat 1 (whose turn it is not), or one spoiled as ``spoil`` says."""
    match = Match.new(RULES, 5)
    observation = codec.encode(match.observe(1))
    events: list[Any] = []
    if spoil == "event":
        events = [{"type": "SomethingNew"}]
    elif spoil == "card":
        observation["table"] = ["99Z"]
    elif spoil == "seat":
        observation["seat"] = 0
    elif spoil == "sizes":
        observation["hand_sizes"] = [3]
    elif spoil in ("many", "huge"):  # the other seat holds more cards than the deck has left
        observation["hand_sizes"] = [50 if spoil == "many" else 10**9, 3]
    elif spoil == "stock":
        observation["stock_size"] += 1
    elif spoil == "score":  # drawn as sent, past the score panel's edge
        observation["totals"] = [10**15, 0]
    elif spoil == "below":
        observation["totals"] = [-3, 0]
    elif spoil == "round":
        observation["round_no"] = 10**4000
    elif spoil == "twice":
        observation["table"] = [observation["hand"][0], *observation["table"][1:]]
    elif spoil in EVENTS_OUT_OF_PLACE:
        events = EVENTS_OUT_OF_PLACE[spoil]
    return {"v": 1, "type": "state", "code": CODE, "at": at, "status": "playing",
            "reason": "start", "events": events, "observation": observation,
            "result": None}  # fmt: skip


def caught_up_frame(spoil: str = "") -> dict[str, Any]:
    """Seat 1's position in the second round, with the first round's scores, as a window
    coming back is sent it; or with those scores spoiled as ``spoil`` says."""
    match = Match.new(RULES, 5)
    while not match.rounds:
        match, _ = match.apply(match.legal_moves()[0])
    rounds = codec.encode(match.rounds)
    first, second = rounds[0]
    if spoil == "kind":
        rounds = {"round": 1}
    elif spoil == "more":
        rounds = rounds * 3
    elif spoil == "points":
        first["points"]["carte"] += 1
    elif spoil == "total":
        first["points"]["carte"] += 1
        first["total"] += 1
    elif spoil == "card":
        first["captured"][0] = "99Z"
    elif spoil == "twice":
        second["captured"][0] = first["captured"][0]
    elif spoil == "side":
        rounds = [[first]]
    return {"v": 1, "type": "state", "code": CODE, "at": len(match.moves()),
            "status": "playing", "reason": "join", "events": [],
            "observation": codec.encode(match.observe(1)), "result": None,
            "rounds": rounds}  # fmt: skip


class FakeServer:
    """Welcomes, seats the player at seat 1, then sends ``first`` and, after a moment,
    ``later`` (each a state frame, or None)."""

    def __init__(
        self,
        first: dict[str, Any],
        later: dict[str, Any] | None = None,
        junk: str = "",
        seat: int = 1,
        ticket: dict[str, Any] | None = None,
        host: str = "127.0.0.1",
        silent: bool = False,
    ) -> None:
        self.first, self.later, self.junk, self.seat = first, later, junk, seat
        self.host = host
        self.silent = silent
        """Seats the player and sends nothing more."""
        self.received: list[dict[str, Any]] = []
        """Every message the game sent, in order."""
        """``junk``: raw text sent just before ``first``."""
        self.ticket = ticket or {}
        """What the ``seated`` answer says in place of its fields (None: leaves one out)."""
        self.port = 0
        self._ready = threading.Event()
        self._stop: asyncio.Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _handler(self, ws: Any) -> None:
        await ws.send(json.dumps({"v": 1, "type": "welcome", "server": "scopa", "versions": [1],
                                  "limits": {"idle_timeout": 120}}))  # fmt: skip
        async for text in ws:
            message = json.loads(text)
            self.received.append(message)
            if message["type"] in ("join", "rejoin"):
                seated = {"v": 1, "type": "seated", "re": message["id"], "code": CODE,
                          "seat": self.seat, "token": "t", **self.ticket}  # fmt: skip
                seated = {key: value for key, value in seated.items() if value is not None}
                await ws.send(json.dumps(seated))
                if self.silent:
                    continue
                await ws.send(json.dumps(table_frame()))
                if self.junk:
                    await ws.send(self.junk)
                await ws.send(json.dumps(self.first))
                if self.later is not None:
                    await asyncio.sleep(1.0)
                    await ws.send(json.dumps(self.later))
            elif message["type"] == "ping":
                await ws.send(json.dumps({"v": 1, "type": "pong", "re": message["id"]}))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        async with serve(self._handler, self.host, 0) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop

    def __enter__(self) -> FakeServer:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *_: object) -> None:
        assert self._loop is not None and self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(10)


@pytest.fixture
def joining(app) -> Iterator[Any]:
    app.settings = app.settings.with_(language="en", tutorial_done=True)

    def join(server: FakeServer) -> LobbyScene:
        app.open("online")
        online = app.stack.top
        assert isinstance(online, OnlineScene)
        online.address = f"ws://{server.host}:{server.port}/{CODE}"
        click(app, online.join_button)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        return lobby

    yield join
    app.home()


@pytest.mark.parametrize(
    "spoil",
    ["event", "card", "seat", "sizes", "twice", "many", "huge", "stock", "score", "below", "round"],
)
def test_a_first_frame_this_game_cannot_read_is_explained_in_the_lobby(
    app, joining, spoil, capsys
) -> None:
    """It closed the game: an unknown event type, a card that is no card, a view of
    another seat, or hands that hold more cards than the deck has left (the table ran out
    of cards to stand for them) raised out of the lobby's frame; scores past any a match
    reaches ran off the score panel."""
    explained_in_the_lobby(app, joining, state_frame(spoil=spoil), capsys)


def explained_in_the_lobby(  # noqa: ANN001
    app, joining, first, capsys, junk: str = "", logged: str = "scopa: cannot read the table"
) -> None:
    """The lobby, whose server's ``first`` frame (or the ``junk`` sent before it) cannot be
    read, says so and stays; its log says ``logged``."""
    with FakeServer(first, junk=junk) as server:
        lobby = joining(server)
        run_until(app, lambda: lobby.session.error_kind == "unreadable", 60)
        frame(app)
        assert app.stack.top is lobby
        assert lobby._status()[0] == app.t("online.unreadable")
    assert logged in capsys.readouterr().err


def test_a_table_that_seats_the_player_and_says_nothing_more_is_told_after_a_while(
    app, joining
) -> None:
    """It said "The match begins…" for ever, and "Every seat is taken" over the address: a
    seat taken with no table behind it counted no seat free, as a full table does."""
    with FakeServer(state_frame(), silent=True) as server:
        lobby = joining(server)
        run_until(app, lambda: lobby.session.seated is not None, 30)
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            frame(app)
        words = [text.words for text in drawn]
        assert app.t("online.address_of_table") in words  # not "Every seat is taken"
        assert app.t("online.address_full") not in words
        assert lobby._status() == (app.t("online.table_awaited"), style.INK_SOFT)
        lobby.update(TABLE_SILENT_SECONDS)
        assert lobby._status() == (app.t("online.table_silent"), style.LACQUER)
        assert app.stack.top is lobby
        click(app, lobby.leave_button)
        assert app.stack.top is not lobby


def stops_the_table(  # noqa: ANN001
    app, joining, later, capsys, logged: str = "scopa: cannot read the table"
) -> None:
    """The table, whose server's ``later`` frame cannot be read, stops with a word and
    stays; its log says ``logged``."""
    with FakeServer(state_frame(), later) as server:
        lobby = joining(server)
        table_opens(app, 20)
        assert lobby.session.error_kind == ""
        table = app.stack.top
        run_until(app, lambda: table.lost, 60)
        frame(app)
        assert app.stack.top is table
        assert app.t("online.unreadable") in [toast.text for toast in app.toasts.shown()]
        assert table.human_to_play is None
    assert logged in capsys.readouterr().err


def test_a_frame_this_game_cannot_read_mid_match_stops_the_table_with_a_word(
    app, joining, capsys
) -> None:
    stops_the_table(app, joining, state_frame(at=1, spoil="event"), capsys)


@pytest.mark.parametrize("spoil", sorted(EVENTS_OUT_OF_PLACE))
def test_events_of_seats_or_sides_the_table_lacks_stop_the_table_with_a_word(
    app, joining, spoil, capsys
) -> None:
    with FakeServer(state_frame(), state_frame(at=1, spoil=spoil)) as server:
        joining(server)
        table_opens(app, 20)
        table = app.stack.top
        run_until(app, lambda: table.lost, 20)
        for _ in range(30):
            frame(app)
        assert app.stack.top is table
        assert app.t("online.unreadable") in [toast.text for toast in app.toasts.shown()]
    assert "scopa: cannot read the table" in capsys.readouterr().err


@pytest.mark.parametrize("seat", [5, 2, -1])
def test_a_seat_the_table_lacks_is_explained_in_the_lobby(app, joining, seat, capsys) -> None:
    """Seated at seat 5 (or 2) of a table of two, the lobby raised out of the window's
    frame; at seat -1 a table opened for it."""
    first = state_frame()
    first["observation"] = {**first["observation"], "seat": seat}
    with FakeServer(first, seat=seat) as server:
        lobby = joining(server)
        run_until(app, lambda: lobby.session.error_kind == "unreadable", 20)
        frame(app)
        assert app.stack.top is lobby
    assert "scopa: cannot read the table" in capsys.readouterr().err


@pytest.mark.parametrize(
    "ticket",
    [
        {"token": "T" * 201},
        {"token": ""},
        {"token": 7},
        {"code": "../../" + "\u202e" * 100},
        {"code": "aaaaaaaaaaaab"},  # (a code of thirteen letters, but not the one asked for)
        {"seat": 64},
    ],
)
def test_a_seat_this_game_could_not_take_back_is_refused_and_the_others_held_stay(
    app, joining, ticket, capsys
) -> None:
    """A server's answer to a join with a token or code the list of seats cannot hold was
    written there: the list, read again, was set aside whole, with the seats held at other
    tables (tokens no one can give back)."""
    friend = HeldSeat("ws://192.168.1.20:8765", "bbbbbbbbbbbbb", 2, "friend-token")
    app.store.hold_seat(friend)
    with FakeServer(state_frame(), ticket=ticket) as server:
        lobby = joining(server)
        run_until(app, lambda: lobby.session.error_kind != "", 20)
        frame(app)
        assert lobby.session.error_kind == "unreadable"
        assert lobby._status()[0] == app.t("online.unreadable")
    assert app.store.load_seats() == [friend]
    assert not list(app.store.data_dir.glob("seats*.bak"))
    assert "scopa: cannot read the table" in capsys.readouterr().err


@pytest.mark.parametrize("fields", [{}, {"message": None}, {"code": None, "message": 5}])
def test_a_refusal_missing_its_words_is_a_refusal(app, joining, fields, capsys) -> None:
    """An error answer without its code or message said "cannot be reached" of a server
    that had answered."""
    error = {"type": "error", "code": "table_full", "message": "full", "seat": None, "token": None}
    with FakeServer(state_frame(), ticket={**error, **fields}) as server:
        lobby = joining(server)
        run_until(app, lambda: lobby.session.error_kind != "", 20)
        assert lobby.session.error_kind == "refused"
    capsys.readouterr()


def test_a_seat_whose_name_cannot_be_kept_goes_by_the_game_s_name_for_it() -> None:
    """A name of control characters (refused by the settings), or none, was shown as a
    bare digit ("1"): the seat goes by "Player 1", in the reader's language."""
    table = table_frame()
    table["seats"][0]["name"] = "\x01\x02\x03"
    table["seats"][1]["name"] = ""
    setup = setup_of(table, 1)
    assert [seat.name for seat in setup.seats] == ["Player 1", "Player 2"]
    assert all(is_default_name(seat.name, number) for number, seat in enumerate(setup.seats))


def test_a_table_frame_is_kept_only_when_it_reads() -> None:
    assert check_table(table_frame())["code"] == CODE
    spoiled = [
        table_frame(rules={"players": "two"}),
        table_frame(seats=[]),
        table_frame(seats=[{"seat": "0"}, {"seat": 1}]),
        table_frame(seats=[{"seat": 0, "kind": "alien", "name": "x"}] * 2),
    ]
    away = table_frame()
    away["seats"][1]["away"] = "long"
    spoiled.append(away)
    for long in (10**400, float("inf"), -5):  # a float of it raised OverflowError later
        away = table_frame()
        away["seats"][1]["away"] = long
        spoiled.append(away)
    for left in (10**400, float("nan"), -1, "soon", True):  # the round's wait, as it reads
        spoiled.append(table_frame(reading_left=left))
    for frame_ in spoiled:
        with pytest.raises(CodecError):
            check_table(frame_)


def test_a_window_coming_back_is_given_the_rounds_played(app, joining) -> None:
    with FakeServer(caught_up_frame()) as server:
        joining(server)
        table_opens(app, 20)
        table = app.stack.top
        assert len(table.match.rounds) == 1 and table.match.round.round_no == 2
        scores = table.match.rounds[0]
        assert tuple(score.total for score in scores) == table.match.totals


@pytest.mark.parametrize("spoil", ["kind", "more", "points", "total", "card", "twice", "side"])
def test_earlier_rounds_that_do_not_add_up_are_explained_in_the_lobby(
    app, joining, spoil, capsys
) -> None:
    """The scores of the rounds played before are the server's word alone: a damaged or
    hostile list of them is refused with its frame, never drawn on the score sheet."""
    explained_in_the_lobby(app, joining, caught_up_frame(spoil), capsys)


def test_a_frame_nested_too_deep_to_read_does_not_stop_the_window_listening(app, joining):
    """A frame of a hundred thousand nested lists (a hostile server, or anyone between it
    and the window) raised out of the reading of frames, which stopped for good: the window
    showed the table as online and waited for ever. Such a frame is passed over like any
    other text that is no message, and the frames after it are read."""
    deep = "[" * 100_000 + "]" * 100_000
    with FakeServer(state_frame(), junk=deep) as server:
        lobby = joining(server)
        table_opens(app, 20)
        assert lobby.session.error_kind == ""
        assert not app.stack.top.lost


@pytest.mark.parametrize(
    "welcome",
    ["[" * 100_000 + "]" * 100_000, "[1, 2]", '{"type": "welcome", "versions": 1}'],
)
def test_a_welcome_that_is_no_welcome_is_told_as_such(welcome) -> None:
    """A server greeting with lists nested past reading, a list, or versions that are not
    a list raised out of the connection (a RecursionError, an AttributeError, a
    TypeError), not the refusal of a server that speaks another protocol."""
    from websockets.asyncio.server import serve as serve_ws

    from scopa.net.client import Client, Disconnected

    async def scenario() -> str:
        async def greet(ws: Any) -> None:
            await ws.send(welcome)
            await asyncio.sleep(5)

        async with serve_ws(greet, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client = Client(f"ws://127.0.0.1:{port}/{CODE}", reconnect_for=0)
            with pytest.raises(Disconnected) as refused:
                await client.connect()
            await client.close()
            return str(refused.value)

    said = asyncio.run(scenario())
    assert "welcome" in said or "another protocol" in said, said


def test_limits_a_server_announced_are_read_as_numbers_within_reason() -> None:
    """A welcome's rate of 0 divided by zero while pacing, and one of "fast" raised out of
    the play; each limit is now a number within its range, or its usual value."""
    from scopa.net.client import Client

    client = Client(f"ws://127.0.0.1:1/{CODE}")
    client.limits = {"rate": 0, "burst": "many", "idle_timeout": float("nan"), "away_grace": True}
    assert client.limit("rate", 20.0, 0.1, 10_000.0) == 0.1
    assert client.limit("burst", 40.0, 1.0, 10_000.0) == 40.0
    assert client.limit("idle_timeout", 120.0, 2.0, 86_400.0) == 120.0
    assert client.limit("away_grace", 60.0, 0.0, 86_400.0) == 60.0
    client.limits = {"rate": 1e9, "away_grace": 5}
    assert client.limit("rate", 20.0, 0.1, 10_000.0) == 10_000.0
    assert client.limit("away_grace", 60.0, 0.0, 86_400.0) == 5.0
    # a whole number too long for a float raised OverflowError out of the pacing
    client.limits = {"rate": 10**400, "burst": -(10**400), "idle_timeout": float("inf")}
    assert client.limit("rate", 20.0, 0.1, 10_000.0) == 10_000.0
    assert client.limit("burst", 40.0, 1.0, 10_000.0) == 1.0
    assert client.limit("idle_timeout", 120.0, 2.0, 86_400.0) == 120.0


def test_an_odd_frame_as_the_seat_is_taken_back_is_passed_over(monkeypatch) -> None:
    """A frame that could not be taken (a state "at" 1e999: its int overflowed) came as
    the client took its seat back after a drop: that reading had no guard, the reader died
    without a word, and a bot's next update never came. It is passed over there too, and
    the seat is taken back."""
    from websockets.asyncio.server import serve as serve_ws

    from scopa.net import client as client_module
    from scopa.net.client import Client

    monkeypatch.setattr(client_module, "REPLY_TIMEOUT", 3.0)
    bad = json.dumps({**state_frame(), "at": 1e999})
    joins: list[str] = []

    async def scenario() -> None:
        async def handler(ws: Any) -> None:
            await ws.send(json.dumps({"v": 1, "type": "welcome", "server": "scopa",
                                      "versions": [1], "limits": {}}))  # fmt: skip
            async for text in ws:
                message = json.loads(text)
                if message["type"] in ("join", "rejoin"):
                    joins.append(message["type"])
                    await ws.send(bad)  # before the answer: read as the seat is taken back
                    await ws.send(json.dumps({"v": 1, "type": "seated", "re": message["id"],
                                              "code": CODE, "seat": 1, "token": "t"}))  # fmt: skip
                    await ws.send(json.dumps(state_frame()))
                    if len(joins) == 1:
                        await asyncio.sleep(0.3)
                        await ws.close()  # the link drops once
                        return

        async with serve_ws(handler, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client = Client(f"ws://127.0.0.1:{port}")
            await client.connect()
            await client.join(CODE, "Eve")
            first = await client.next_update(5)
            assert first.at == 0
            back = await client.next_update(8)  # the position sent once back
            assert back.at == 0 and joins == ["join", "rejoin"]
            assert client._reader is not None and not client._reader.done()
            await client.close()

    asyncio.run(scenario())


def test_a_frame_that_raises_where_no_check_foresaw_is_passed_over(app, joining, monkeypatch):
    """Any fault while taking a frame ended the reading of frames for good, the window
    waiting for ever; the frame is passed over (and logged), and the next one is read."""
    from scopa.net import client as client_module

    real, calls = client_module.decode_state, []

    def flaky(frame: dict[str, Any]) -> Any:
        calls.append(frame)
        if len(calls) == 1:
            raise RuntimeError("unforeseen")
        return real(frame)

    monkeypatch.setattr(client_module, "decode_state", flaky)
    with FakeServer(state_frame(), state_frame()) as server:
        lobby = joining(server)
        table_opens(app, 20)
        assert lobby.session.error_kind == "" and len(calls) >= 2


def test_an_answer_to_a_move_this_game_cannot_read_is_a_refusal_not_a_crash() -> None:
    """A server that answered a seat moved with a seat no table has (``sit``): the
    client's CodecError went up through the lobby's frame and closed the game."""
    import concurrent.futures

    from scopa.app.online import refusal

    answered: concurrent.futures.Future[None] = concurrent.futures.Future()
    answered.set_exception(CodecError("moved to seat 64"))
    assert refusal(answered) == "internal"


HUGE = "x" * (5 * 2**20)
"""More than the largest frame this game reads (4 MB)."""


def test_a_server_sending_frames_too_large_each_time_is_explained_in_the_lobby(
    app, joining, capsys
) -> None:
    """A frame over 4 MB closed the connection and the window came back for another, for
    ever: the lobby said "reconnecting" to a hostile server. After a few such frames it
    says the table cannot be read, and stops coming back."""
    logged = "sent frames over 4 MB 3 times"
    explained_in_the_lobby(app, joining, state_frame(), capsys, junk=HUGE, logged=logged)


def test_a_server_sending_frames_too_large_mid_match_stops_the_table_with_a_word(
    app, joining, capsys
) -> None:
    huge = {"v": 1, "type": "said", "pad": HUGE}
    stops_the_table(app, joining, huge, capsys, logged="sent frames over 4 MB 3 times")


@pytest.mark.parametrize("held_at", ["elsewhere", "here, another port"])
def test_a_seat_s_token_goes_only_to_the_computer_that_gave_it(app, joining, held_at) -> None:
    """A seat held at a table of one server was taken back, its token sent, at any server
    whose address was typed with the same table's code: a stranger's server given that
    code got the token, and with it the seat's hand and its plays at the real table. The
    token goes only to the computer that gave it (the host's game may serve the table
    again at another port); elsewhere the player sits as anyone would, the seat still
    held for the table it belongs to."""
    token = "the-seat-s-own-token"
    where = "127.0.0.1" if held_at == "elsewhere" else "127.0.0.2"
    app.store.hold_seat(HeldSeat(f"ws://{where}:9", CODE, 1, token))
    with FakeServer(state_frame(), host="127.0.0.2") as server:
        lobby = joining(server)
        asked = {"join", "rejoin"}
        run_until(app, lambda: any(m["type"] in asked for m in server.received), 20)
        kinds = [message["type"] for message in server.received]
        sent = [message.get("token") for message in server.received]
        if held_at == "elsewhere":
            assert token not in sent and "rejoin" not in kinds, server.received
            run_until(app, lambda: lobby.session.seated is not None, 20)
            held = [seat for seat in app.store.load_seats() if seat.token == token]
            assert held, "the seat held at the real table was let go"
        else:
            assert "rejoin" in kinds and token in sent


def test_a_table_given_up_is_left_without_asking_the_computer_to_play(app, joining, capsys) -> None:
    """Once the window had given the table up (a frame it could not read), leaving still
    offered "Let the computer play": asking the server, which the window no longer talks
    to, closed the game with an error. Leaving offers what can be done: to leave."""
    import pygame

    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.app.scenes.pause import PauseScene
    from scopa.app.scenes.title import TitleScene

    from .menu_helpers import press

    with FakeServer(state_frame(), state_frame(at=1, spoil="event")) as server:
        joining(server)
        table_opens(app, 20)
        table = app.stack.top
        run_until(app, lambda: table.lost, 60)
        run_until(app, lambda: not table.director.busy)
        press(app, pygame.K_ESCAPE)
        menu = app.stack.top
        assert isinstance(menu, PauseScene)
        click(app, menu.buttons[-1])
        confirm = app.stack.top
        assert isinstance(confirm, ConfirmScene)
        assert confirm.other_button is None
        click(app, confirm.yes_button)
        frame(app)
        assert isinstance(app.stack.top, TitleScene)
    assert "scopa: cannot read the table" in capsys.readouterr().err


def test_a_server_seating_both_people_here_at_one_seat_is_explained_in_the_lobby(
    app, capsys
) -> None:
    """Two people at this screen joined; the server seated the second at the first one's
    seat: the game closed with an error, and again at every Join. The table is one this
    game cannot follow: the lobby says so."""
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    with FakeServer(state_frame()) as server:
        app.open("online")
        online = app.stack.top
        assert isinstance(online, OnlineScene)
        online.here = 1
        online.address = f"ws://{server.host}:{server.port}/{CODE}"
        click(app, online.join_button)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda: lobby.session.error_kind == "unreadable", 60)
        frame(app)
        assert app.stack.top is lobby
        assert lobby._status()[0] == app.t("online.unreadable")
        assert sum(m["type"] == "join" for m in server.received) == 2
    assert "scopa: cannot read the table" in capsys.readouterr().err
    app.home()
