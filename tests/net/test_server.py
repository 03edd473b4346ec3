"""The server over real sockets on loopback, in the test's own event loop: whole matches
with any mix of seats, what each connection is sent, refused actions, the limits, handing a
seat to a computer, a network that drops, a restart, and two servers sharing one store."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus

from scopa.engine import PRESETS, Match, Rules
from scopa.net.bot import play_seat
from scopa.net.client import Client, ServerError
from scopa.net.protocol import Limits
from scopa.net.sqlite_store import SqliteStore
from scopa.net.store import open_store
from tests.net.helpers import (
    FAST,
    Proxy,
    Raw,
    check_frames,
    run_scenario,
    serving,
    stored_table,
)


def run(coroutine: Any) -> Any:
    return run_scenario(coroutine)


class Logged:
    """A player whose every received frame is kept."""

    def __init__(self, address: str, **options: Any) -> None:
        self.frames: list[dict[str, Any]] = []
        self.client = Client(address, on_frame=lambda text: self.frames.append(json.loads(text)),
                             **options)  # fmt: skip


async def record_of(store_spec: str, code: str) -> tuple[Match, list[Any], bool]:
    """(the match before its first move, its moves, finished) as the store keeps them."""
    table = await stored_table(store_spec, code)
    record = table.record()
    start = dataclasses.replace(record, moves=()).replay()
    return start, list(record.moves), table.finished


def mixed_seats(players: int) -> list[str]:
    """People in the first two seats and the even ones, computers elsewhere."""
    return ["human" if n < 2 or n % 2 == 0 else "computer" for n in range(players)]


SETUPS = [(name, mixed_seats(rules.players)) for name, rules in sorted(PRESETS.items())] + [
    ("classic", ["computer", "human"]),
    ("rulebook", ["human", "computer", "human"]),
    ("scopone", ["human", "computer", "human", "computer"]),
]
"""Every preset (so a new game is covered as soon as it is offered), and a few mixes."""


@pytest.mark.parametrize("preset, kinds", SETUPS, ids=["-".join([s[0], *(k[0] for k in s[1])])
                                                         for s in SETUPS])  # fmt: skip
def test_a_match_is_played_to_the_end_and_no_frame_shows_a_hidden_card(
    tmp_path: Path, preset: str, kinds: list[str]
) -> None:
    spec = str(tmp_path / "tables.sqlite3")
    rules = PRESETS[preset]
    if rules.players != len(kinds):
        rules = rules.with_(players=len(kinds))

    async def scenario() -> None:
        async with serving(open_store(spec)) as server:
            humans = [n for n, kind in enumerate(kinds) if kind == "human"]
            players = [Logged(server.address) for _ in humans]
            watcher = await Raw.open(server.address)
            seats = [{"kind": kind, "level": "greedy"} for kind in kinds]
            for player in players:
                await player.client.connect()
            first = await players[0].client.create(rules, seats, "Ann", seat=humans[0])
            await watcher.ask("watch", code=first.code)
            for number, (player, seat) in enumerate(zip(players[1:], humans[1:]), start=2):
                await player.client.join(first.code, f"P{number}", seat)
            outcomes = await asyncio.gather(
                *(play_seat(p.client, "greedy", seed=n) for n, p in enumerate(players))
            )
            for player in players:
                await player.client.close()
            over = await watcher.until("state", status="over", timeout=30)
            await watcher.close()
        start, moves, finished = await record_of(spec, first.code)
        assert finished and over["at"] == len(moves) > 20
        final = start
        for move in moves:
            final, _ = final.apply(move)
        assert final.over
        for outcome in outcomes:
            assert outcome.update.result == {
                "winner": final.winner,
                "totals": list(final.totals),
                "cappotto": final.cappotto,
                "at_deal": final.deal_won_cause,
                "seats": [s for s in range(rules.players) if rules.side_of(s) == final.winner],
            }
        for player, seat in zip(players, humans):
            assert check_frames(moves, start, player.frames, seat) > len(moves) // len(kinds)
        assert check_frames(moves, start, watcher.frames, None) >= len(moves)

    run(scenario())


async def two_seated(address: str) -> tuple[Raw, Raw, dict[str, Any], dict[str, Any]]:
    """Two raw players at a classic table; (first, second, seated of each)."""
    one, two = await Raw.open(address), await Raw.open(address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    mine = await one.ask("create", rules=Rules().to_dict(), seats=seats, name="Ann")
    theirs = await two.ask("join", code=mine["code"], name="Bea")
    return one, two, mine, theirs


def test_refused_actions_get_a_clear_error_and_leave_the_table_as_it_was(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            one, two, mine, theirs = await two_seated(server.address)
            starts = [await one.until("state", reason="start"),
                      await two.until("state", reason="start")]  # fmt: skip
            turn = starts[0]["observation"]["turn"]
            mover, waiter = (one, two) if turn == 0 else (two, one)
            legal = starts[turn]["observation"]["legal_moves"]
            assert legal and not starts[1 - turn]["observation"]["legal_moves"]

            async def refused(raw: Raw, expected: str, kind: str, /, **fields: Any) -> None:
                answer = await raw.ask(kind, **fields)
                assert answer["type"] == "error" and answer["code"] == expected, answer
                assert answer["message"] and not answer["fatal"]

            await refused(waiter, "not_your_turn", "play", move=legal[0], at=0)
            await refused(mover, "stale", "play", move=legal[0], at=5)
            await refused(mover, "illegal_move", "play", move="7Dx7C+7S", at=0)
            await refused(mover, "illegal_move", "play", move="sette bello", at=0)
            await refused(mover, "already_seated", "join", code=mine["code"], name="X")
            stranger = await Raw.open(server.address)
            await refused(stranger, "not_seated", "play", move=legal[0], at=0)
            await refused(stranger, "no_free_seat", "join", code=mine["code"], name="Cid")
            await refused(stranger, "no_table", "join", code="0000000000000", name="Cid")
            await refused(stranger, "no_table", "watch", code="not a code")
            await refused(stranger, "bad_token", "rejoin", code=mine["code"], seat=0,
                          token=theirs["token"])  # fmt: skip
            await refused(stranger, "bad_message", "rejoin", code=mine["code"], seat=7, token="x")
            await refused(stranger, "bad_rules", "create", rules={"players": 5}, seats=[], name="C")
            await refused(stranger, "bad_rules", "create", rules={"deal": "scopone"},
                          seats=[{"kind": "human"}] * 2, name="C")  # fmt: skip
            await refused(stranger, "bad_message", "create", rules={}, seats=[{"kind": "human"}],
                          name="C")  # fmt: skip
            aliens = [{"kind": "alien"}] * 2
            await refused(stranger, "bad_message", "create", rules={}, seats=aliens, name="C")
            await refused(stranger, "bad_message", "create", rules={}, seat=1, name="C",
                          seats=[{"kind": "human"}, {"kind": "computer"}])  # fmt: skip
            await refused(stranger, "bad_message", "create", rules={}, name="\x00",
                          seats=[{"kind": "human"}] * 2)  # fmt: skip
            watcher = await Raw.open(server.address)
            await watcher.ask("watch", code=mine["code"])
            await refused(watcher, "not_seated", "play", move=legal[0], at=0)
            await refused(watcher, "not_seated", "hand_over", seat=0)
            # A replayed message: the same id again.
            await mover.ws.send(json.dumps({"v": 1, "type": "ping", "id": mover.number}))
            answer = await mover.until("error")
            assert answer["code"] == "replayed"
            # Nothing moved: the same position, and the right player still plays.
            sync = await mover.ask("sync")
            assert sync["type"] == "table" and sync["at"] == 0
            played = await mover.ask("play", move=legal[0], at=0)
            assert played["type"] == "ok" and played["at"] == 1
            # The same play sent again (a resend after a drop) is recognised, not replayed.
            again = await mover.ask("play", move=legal[0], at=0)
            assert again["type"] == "ok"
            await refused(waiter, "stale", "play", move=legal[0], at=0)
            for raw in (one, two, stranger, watcher):
                await raw.close()

    run(scenario())


def test_oversized_messages_are_refused_and_huge_ones_close_the_connection(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            raw = await Raw.open(server.address)
            big = "x" * 5000
            await raw.ws.send(json.dumps({"v": 1, "type": "ping", "id": 1, "pad": big}))
            answer = await raw.until("error")
            assert answer["code"] == "too_big" and "4096" in answer["message"]
            assert (await raw.ask("ping"))["type"] == "pong"
            await raw.ws.send(json.dumps({"v": 1, "type": "ping", "id": 9, "pad": "x" * 70000}))
            assert await raw.closed() == 1009
            await raw.ws.wait_closed()
            await asyncio.sleep(0.05)
            assert sum(server.per_address.values()) == 0

    run(scenario())


def test_a_flood_is_refused_then_disconnected(tmp_path) -> None:
    limits = Limits(rate=20, burst=10, flood_strikes=15)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            raw = await Raw.open(server.address)
            for _ in range(200):
                with contextlib.suppress(Exception):
                    await raw.send("ping")
            assert await raw.closed() == 1008
            # the connection closes on the fifteenth refusal in a row; a token that refills
            # mid-flood lets one ping through and starts the count again
            kinds = [f["type"] for f in raw.frames]
            last_pong = max(i for i, kind in enumerate(kinds) if kind == "pong")
            run_of_refusals = raw.frames[last_pong + 1 :]
            assert [f.get("code") for f in run_of_refusals] == ["rate_limited"] * 15
            assert [f["fatal"] for f in run_of_refusals] == [False] * 14 + [True]
            assert kinds.count("pong") >= 10
            later = await Raw.open(server.address)  # the server is still up
            assert (await later.ask("ping"))["type"] == "pong"
            await later.close()

    run(scenario())


def test_too_many_bad_messages_close_the_connection(tmp_path) -> None:
    async def scenario() -> None:
        limits = dataclasses.replace(FAST, bad_messages=5)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            raw = await Raw.open(server.address)
            for _ in range(5):
                await raw.ws.send("nonsense")
            assert await raw.closed() == 1008
            assert [f["code"] for f in raw.frames if f["type"] == "error"][-1] == "abuse"
            assert raw.frames[-1]["fatal"]

    run(scenario())


def test_idle_and_unseated_connections_are_closed(tmp_path) -> None:
    async def scenario() -> None:
        limits = dataclasses.replace(FAST, idle_timeout=0.6, seat_timeout=0.3)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            lurker = await Raw.open(server.address)
            assert await lurker.closed() == 1008
            assert lurker.frames[-1]["code"] == "idle"
            one, two, _, _ = await two_seated(server.address)
            await asyncio.sleep(0.4)
            assert (await one.ask("ping"))["type"] == "pong"  # seated: the longer limit
            assert await two.closed() == 1008
            # A client that pings as the server asks stays.
            keeper = Client(server.address)
            await keeper.connect()
            await keeper.create(Rules(), [{"kind": "human"}, {"kind": "human"}], "Kim")
            await asyncio.sleep(1.5)
            assert (await keeper.request("ping"))["type"] == "pong"
            assert keeper.reconnects == 0
            await keeper.close()

    run(scenario())


def test_tables_and_connections_per_address_are_limited(tmp_path) -> None:
    async def scenario() -> None:
        limits = dataclasses.replace(FAST, tables_per_address=2, connections_per_address=4)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            opened = []
            for _ in range(3):
                raw = await Raw.open(server.address)
                opened.append(raw)
                answer = await raw.ask("create", rules={}, seats=[{"kind": "human"}] * 2,
                                       name="Ann")  # fmt: skip
            assert answer["type"] == "error" and answer["code"] == "too_many_tables"
            opened.append(await Raw.open(server.address))
            with pytest.raises(InvalidStatus) as refused:
                await Raw.open(server.address)
            assert refused.value.response.status_code == 429
            for raw in opened:
                await raw.close()

    run(scenario())


async def created(raw: Raw) -> dict[str, Any]:
    """The answer to ``raw`` opening a table of two people."""
    return await raw.ask("create", rules={}, seats=[{"kind": "human"}] * 2, name="Ann")


def test_tables_left_unfinished_stop_counting_against_their_address_after_a_while(
    tmp_path,
) -> None:
    """A host whose friends never came, or who left matches unfinished, was refused every
    new table for ever (the tables stayed in the store, across restarts)."""
    from scopa.net.server import LEFT_AFTER

    async def scenario() -> None:
        now = [time.time()]
        limits = dataclasses.replace(FAST, tables_per_address=2)
        store = open_store(str(tmp_path / "t.db"))
        async with serving(store, limits, clock=lambda: now[0]) as server:
            left, staying = await Raw.open(server.address), await Raw.open(server.address)
            first = await created(left)
            assert (await created(staying))["type"] == "seated"
            await left.close()
            another = await Raw.open(server.address)
            assert (await created(another))["code"] == "too_many_tables"
            await another.close()
            await asyncio.sleep(0.3)  # the server takes in that the first table's host left
            now[0] = time.time() + LEFT_AFTER + 60
            third = await Raw.open(server.address)
            assert (await created(third))["type"] == "seated"  # the table left no longer counts
            fourth = await Raw.open(server.address)
            assert (await created(fourth))["code"] == "too_many_tables"  # one has its host
            back = await Raw.open(server.address)  # and the table left can still be joined
            assert (await back.ask("join", code=first["code"], name="Bea"))["type"] == "seated"
            for raw in (staying, third, fourth, back):
                await raw.close()

    run(scenario())


def test_tables_opened_and_left_before_a_card_stop_counting_sooner(tmp_path) -> None:
    """Eight tables opened and left at once (friends who never came, a prankster) kept
    everyone behind that address (a school, a café) from opening one for an hour. A table
    where no card was played stops counting ten minutes after it was left; one where the
    match began is waited for the hour (its players may come back to it)."""
    from scopa.net.server import LEFT_AFTER

    ten_minutes = 600

    async def scenario() -> None:
        now = [time.time()]
        limits = dataclasses.replace(FAST, tables_per_address=2)
        store = open_store(str(tmp_path / "t.db"))
        async with serving(store, limits, clock=lambda: now[0]) as server:
            one, two, mine, _ = await two_seated(server.address)  # a match begun
            starts = [await one.until("state", reason="start"),
                      await two.until("state", reason="start")]  # fmt: skip
            turn = starts[0]["observation"]["turn"]
            mover = (one, two)[turn]
            move = starts[turn]["observation"]["legal_moves"][0]
            assert (await mover.ask("play", move=move, at=0))["type"] != "error"
            left = await Raw.open(server.address)
            assert (await created(left))["type"] == "seated"  # nobody came to this one
            for raw in (one, two, left):
                await raw.close()
            await asyncio.sleep(0.3)  # the server takes in that they left
            now[0] = time.time() + ten_minutes + 60
            third = await Raw.open(server.address)
            assert (await created(third))["type"] == "seated"  # the empty table: no longer
            fourth = await Raw.open(server.address)
            assert (await created(fourth))["code"] == "too_many_tables"  # the match begun
            assert ten_minutes + 60 < LEFT_AFTER
            for raw in (third, fourth):
                await raw.close()
            assert mine["code"]

    run(scenario())


def test_connections_still_opening_count_against_their_address(tmp_path) -> None:
    """Connections that never finished their opening handshake were not counted: one
    address could hold every file descriptor the process might open, and nobody else
    could connect."""
    import socket

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, connections_per_address=4)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            host, port = server.address.removeprefix("ws://").rsplit(":", 1)
            slow = []
            for _ in range(40):
                sock = socket.create_connection((host, int(port)))
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
                slow.append(sock)
            await asyncio.sleep(0.5)
            kept = 0
            for sock in slow:
                sock.setblocking(False)
                try:
                    kept += sock.recv(1) != b""
                except BlockingIOError:
                    kept += 1  # still open, waiting
                except ConnectionResetError:
                    pass
            assert kept <= 2 * limits.connections_per_address
            for sock in slow:
                sock.close()
            await asyncio.sleep(0.3)
            raw = await Raw.open(server.address)  # the address is welcome again
            assert (await raw.ask("ping"))["type"] == "pong"
            await raw.close()

    run(scenario())


def test_two_players_never_go_by_the_same_name_at_a_table(tmp_path) -> None:
    """A friend could join as "giulia" beside the computer Giulia, or as the host's own
    name: the others could not tell them apart. A computer gives its name up to a person."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, friend, late = [await Raw.open(server.address) for _ in range(3)]
            seats = [{"kind": "human"}, {"kind": "computer"}, {"kind": "human"},
                     {"kind": "human"}]  # fmt: skip
            rules = Rules(players=4).to_dict()
            made = await host.ask("create", rules=rules, seats=seats, name="Giulia")
            first = await host.until("table")
            # A person keeps the name they typed: the computer's was only given. The host
            # had been "Giulia 2" beside the computer Giulia.
            assert [seat["name"] for seat in first["seats"]][:2] == ["Giulia", "Marco"]
            await friend.ask("join", code=made["code"], name="MARCO")
            await late.ask("join", code=made["code"], name="marco")
            table = await late.until("table")
            names = [seat["name"] for seat in table["seats"]]
            assert names[0] == "Giulia" and names[1] == "Lucia"  # Marco is a friend's now
            assert sorted(names[2:]) == ["MARCO", "marco 2"]
            for raw in (host, friend, late):
                await raw.close()

    run(scenario())


def test_an_absent_players_seat_is_handed_to_a_computer_and_given_back(tmp_path) -> None:
    async def scenario() -> None:
        limits = dataclasses.replace(FAST, away_grace=0.4)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            one, two, mine, theirs = await two_seated(server.address)
            await two.close()
            gone = await one.until("table", timeout=5)
            while gone["seats"][1]["connected"] or not gone["seats"][1]["taken"]:
                gone = await one.until("table", timeout=5)
            assert gone["seats"][1]["away"] is not None and gone["seats"][1]["taken"]
            early = await one.ask("hand_over", seat=1, level="greedy")
            assert early["type"] == "error" and early["code"] == "not_away"
            refused = await one.ask("hand_over", seat=5)
            assert refused["code"] == "bad_message"
            await asyncio.sleep(0.5)
            done = await one.ask("hand_over", seat=1, level="greedy")
            assert done["type"] == "ok"
            table = await one.until("table")
            assert table["seats"][1]["autoplay"]
            # as an expert: the player handing an opponent over does not choose how it plays
            assert table["seats"][1]["level"] == "expert"
            # Seat 0 plays; the computer answers for seat 1 each time.
            await one.ask("sync")
            state = await one.until("state", reason="sync")
            for _ in range(6):
                while not state["observation"]["legal_moves"]:
                    state = await one.until("state")
                answer = await one.ask("play", move=state["observation"]["legal_moves"][0],
                                       at=state["at"])  # fmt: skip
                assert answer["type"] == "ok"
                state = await one.until("state")
            back = await Raw.open(server.address)
            seated = await back.ask("rejoin", code=mine["code"], seat=1, token=theirs["token"])
            assert seated["type"] == "seated" and "token" not in seated
            table = await back.until("table")
            assert not table["seats"][1]["autoplay"] and table["seats"][1]["connected"]
            state = await back.until("state", reason="join")
            assert state["observation"]["seat"] == 1 and len(state["observation"]["hand"]) > 0
            for raw in (one, back):
                await raw.close()

    run(scenario())


def test_a_player_leaving_hands_their_own_seat_to_the_computer_at_once(tmp_path) -> None:
    """A friend leaving the match for good could only go, the friends waiting for the seat
    to be handed over once its player had been gone a while: a player may hand their own
    seat to the computer at once, and take it back by joining again."""

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, away_grace=600.0)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            one, two, mine, theirs = await two_seated(server.address)
            done = await two.ask("hand_over", seat=1)
            assert done["type"] == "ok"
            table = await one.until("table")
            while not table["seats"][1]["autoplay"]:
                table = await one.until("table")
            assert table["seats"][1]["level"] == "expert"
            again = await two.ask("hand_over", seat=1)  # the computer plays it already
            assert again["code"] == "not_away"
            await two.close()
            back = await Raw.open(server.address)
            seated = await back.ask("rejoin", code=mine["code"], seat=1, token=theirs["token"])
            assert seated["type"] == "seated"
            table = await back.until("table")
            assert not table["seats"][1]["autoplay"]
            for raw in (one, back):
                await raw.close()

    run(scenario())


def test_a_player_here_who_lets_the_turn_go_by_is_stood_in_for_until_back(tmp_path) -> None:
    """A friend still connected but not playing (away from the screen) held the table up
    for ever: only a seat whose player was gone could be handed to a computer."""

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, idle_grace=0.4)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            one, two, _, _ = await two_seated(server.address)
            start = await one.until("state", reason="start")
            turn = start["observation"]["turn"]
            (mover, mover_seat), (other, other_seat) = sorted(
                [(one, 0), (two, 1)], key=lambda pair: pair[1] != turn
            )
            early = await other.ask("hand_over", seat=mover_seat)
            assert early["type"] == "error" and early["code"] == "not_away"
            # the player not to play is not idle, however long the other thinks
            await asyncio.sleep(0.5)
            waiting = await mover.ask("hand_over", seat=other_seat)
            assert waiting["code"] == "not_away"
            done = await other.ask("hand_over", seat=mover_seat, level="greedy")
            assert done["type"] == "ok"
            table = await mover.until("table")
            assert table["seats"][mover_seat]["autoplay"]
            assert table["seats"][mover_seat]["connected"]
            played = await mover.until("state", reason="move")  # the computer played for it
            assert played["at"] == 1
            back = await mover.ask("back")
            assert back["type"] == "ok"
            table = await mover.until("table")
            assert not table["seats"][mover_seat]["autoplay"]
            # its next turn is its own again, and its clock starts anew
            theirs = await other.until("state", at=1)
            answer = await other.ask("play", move=theirs["observation"]["legal_moves"][0], at=1)
            assert answer["type"] == "ok"
            state = await mover.until("state", at=2)
            again = await other.ask("hand_over", seat=mover_seat)
            assert again["code"] == "not_away"
            answer = await mover.ask("play", move=state["observation"]["legal_moves"][0],
                                     at=state["at"])  # fmt: skip
            assert answer["type"] == "ok"
            for raw in (one, two):
                await raw.close()

    run(scenario())


def test_a_player_whose_link_keeps_dropping_on_their_turn_cannot_hold_the_table_up(
    tmp_path,
) -> None:
    """A friend's link dropped, came back for a moment and dropped again, on their turn:
    each time the wait before the others could hand the seat to a computer began again, and
    the table waited for ever. On their turn a player gone counts as gone at least as long
    as a player here who lets the turn go by, and the table says so."""

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, away_grace=30.0, idle_grace=0.4)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            one, two, mine, theirs = await two_seated(server.address)
            start = await one.until("state", reason="start")
            turn = start["observation"]["turn"]
            if turn == 0:  # seat 0 plays first: then seat 1 has the turn
                answer = await one.ask("play", move=start["observation"]["legal_moves"][0],
                                       at=start["at"])  # fmt: skip
                assert answer["type"] == "ok"
            await two.close()  # gone on their turn, just back, gone again
            back = await Raw.open(server.address)
            seated = await back.ask("rejoin", code=mine["code"], seat=1, token=theirs["token"])
            assert seated["type"] == "seated"
            await back.close()
            await asyncio.sleep(0.5)  # the turn lasted past the grace of a player here
            table = await one.ask("sync")
            while table["type"] != "table" or table["seats"][1]["connected"]:
                table = await one.until("table", timeout=5)
            assert table["seats"][1]["away"] >= limits.away_grace  # the wait is over
            done = await one.ask("hand_over", seat=1, level="greedy")
            assert done["type"] == "ok"
            await one.close()

    run(scenario())


def test_a_second_connection_with_the_token_takes_the_seat_over(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            one, two, mine, theirs = await two_seated(server.address)
            other = await Raw.open(server.address)
            await other.ask("rejoin", code=mine["code"], seat=1, token=theirs["token"])
            assert await two.closed() == 1008
            assert [f for f in two.frames if f["type"] == "error"][-1]["code"] == "seat_taken"
            assert (await other.ask("sync"))["type"] == "table"
            for raw in (one, other):
                await raw.close()

    run(scenario())


def test_a_connection_whose_seat_was_taken_over_does_not_take_it_back(tmp_path) -> None:
    """The seat was told "taken" without being fatal, so the connection it was taken from
    came back with its token and took it again, for ever (a game left open in two windows:
    both flickered between playing and the connection lost, a few times a second)."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            first = Client(server.address)
            await first.connect()
            seats = [{"kind": "human"}, {"kind": "computer", "level": "beginner"}]
            ticket = await first.create(PRESETS["classic"], seats, "Anna")
            second = Client(server.address)
            await second.connect()
            await second.rejoin(ticket)
            await asyncio.sleep(2.5)
            assert (first.reconnects, second.reconnects) == (0, 0)
            assert second.online and not first.online
            told = []
            while not first._updates.empty():
                item = first._updates.get_nowait()
                if isinstance(item, ServerError):
                    told.append((item.code, item.fatal))
            assert told == [("seat_taken", True)]
            await first.close()
            await second.close()

    run(scenario())


def test_a_network_that_drops_for_seconds_loses_no_move(tmp_path) -> None:
    spec = str(tmp_path / "t.db")

    async def scenario() -> None:
        async with serving(open_store(spec)) as server:
            port = int(server.address.rsplit(":", 1)[1])
            proxy = Proxy(port)
            relay = await proxy.start()
            player = Client(f"ws://127.0.0.1:{relay}")
            await player.connect()
            ticket = await player.create(Rules(), [{"kind": "human"}, {"kind": "computer",
                                         "level": "greedy"}], "Ann")  # fmt: skip
            update = await player.next_update(10)
            while not update.my_turn:
                update = await player.next_update(10)
            move, at = update.observation.legal_moves[-1], update.at
            proxy.cut()
            sending = asyncio.create_task(player.play(move, at))  # into a dead network
            await asyncio.sleep(2.0)
            proxy.up = True
            await asyncio.wait_for(sending, 30)
            outcome = await play_seat(player, "greedy")
            assert outcome.update.status == "over" and player.reconnects >= 1
            await player.close()
            await proxy.close()
        _, moves, finished = await record_of(spec, ticket.code)
        assert finished and moves[at] == move

    run(scenario())


def test_a_player_whose_network_went_silent_is_seen_gone_in_under_twenty_seconds(
    tmp_path,
) -> None:
    """A guest's computer froze, or its network went without a word: the others saw them
    as there, only slow to play, for 20 to 40 seconds (the pings' interval and wait); 10 to
    15 now."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            proxy = Proxy(int(server.address.rsplit(":", 1)[1]))
            ann = Client(server.address)
            await ann.connect()
            ticket = await ann.create(Rules(), [{"kind": "human"}, {"kind": "human"}], "Ann")
            bea = Client(f"ws://127.0.0.1:{await proxy.start()}")
            await bea.connect()
            await bea.join(ticket.code, "Bea")

            def bea_here() -> bool:
                table = ann.table
                return table is not None and table["seats"][1]["connected"]

            while not bea_here():
                await ann.next_update(10)
            proxy.silent = True
            start = time.monotonic()
            while bea_here():
                assert time.monotonic() - start < 19, "still taken for there"
                await asyncio.sleep(0.1)
            await ann.close()
            await bea.close()
            await proxy.close()

    run(scenario())


def test_a_player_cut_off_longer_than_a_host_takes_to_restart_still_comes_back(
    tmp_path, monkeypatch
) -> None:
    """The guest's notice says it goes on trying until the host's game is open again; it
    gave up after a minute. Here every try to get back takes a minute on the client's clock,
    and the network comes back after five of them."""
    minutes = iter(range(0, 10**6, 60))
    monkeypatch.setattr("scopa.net.client._clock", lambda: float(next(minutes)))
    monkeypatch.setattr("scopa.net.client.RETRY_EVERY", 0.2)
    monkeypatch.setattr("scopa.net.client.RETRY_MOST", 0.2)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            proxy = Proxy(int(server.address.rsplit(":", 1)[1]))
            player = Client(f"ws://127.0.0.1:{await proxy.start()}")
            await player.connect()
            await player.create(Rules(), [{"kind": "human"}, {"kind": "human"}], "Ann")
            await player.next_update(10)
            proxy.cut()
            while next(minutes) < 5 * 60:  # five minutes, on the client's clock
                await asyncio.sleep(0.05)
            proxy.up = True
            await asyncio.wait_for(player.request("ping"), 30)
            assert player.reconnects >= 1
            await player.close()
            await proxy.close()

    run(scenario())


def test_a_player_told_to_keep_trying_comes_back_however_long_the_server_was_away(
    tmp_path, monkeypatch
) -> None:
    """The game's windows keep trying to get back for as long as they stay at the table (a
    guest gave up after a while, and its host, back later, waited for it for ever). Here
    every try to get back takes an hour on the client's clock, and the network comes back
    after a day of them."""
    hours = iter(range(0, 10**9, 3600))
    monkeypatch.setattr("scopa.net.client._clock", lambda: float(next(hours)))
    monkeypatch.setattr("scopa.net.client.RETRY_EVERY", 0.02)
    monkeypatch.setattr("scopa.net.client.RETRY_MOST", 0.02)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            proxy = Proxy(int(server.address.rsplit(":", 1)[1]))
            player = Client(f"ws://127.0.0.1:{await proxy.start()}", reconnect_for=None)
            await player.connect()
            await player.create(Rules(), [{"kind": "human"}, {"kind": "human"}], "Ann")
            await player.next_update(10)
            proxy.cut()
            while next(hours) < 24 * 3600:  # a day, on the client's clock
                await asyncio.sleep(0.02)
            assert not player.lost
            proxy.up = True
            await asyncio.wait_for(player.request("ping"), 30)
            assert player.reconnects >= 1
            await player.close()
            await proxy.close()

    run(scenario())


def test_the_waits_between_tries_to_get_back_grow_to_a_bound() -> None:
    """Quick at first (a network down for seconds), at most every five seconds in the first
    minute, then growing to fifteen: a server away for long is not knocked at for ever every
    few seconds, nor left untried for long."""
    from scopa.net.client import RETRY_EVERY, RETRY_MOST, SLOWER_AFTER, next_wait

    wait, trying, waits = 0.2, 0.0, []
    while trying < 3600:
        trying += wait
        wait = next_wait(wait, trying)
        waits.append((trying, wait))
    assert waits[0][1] < 1
    assert all(wait <= RETRY_EVERY for at, wait in waits if at < SLOWER_AFTER)
    assert max(wait for _, wait in waits) == RETRY_MOST == 15.0
    assert [wait for _, wait in waits] == sorted(wait for _, wait in waits)


def test_a_match_is_recorded_as_finished_before_anyone_is_told_it_is_over(tmp_path) -> None:
    """A server closed the moment a player sees the end still has the match as finished."""
    spec = str(tmp_path / "t.db")

    class SlowToFinish(SqliteStore):
        async def finish(self, code: str) -> None:
            await asyncio.sleep(0.5)
            await super().finish(code)

    async def scenario() -> None:
        store = SlowToFinish(spec)
        async with serving(store) as server:
            player = Client(server.address)
            await player.connect()
            ticket = await player.create(Rules(), [{"kind": "human"}, {"kind": "computer",
                                         "level": "greedy"}], "Ann")  # fmt: skip
            outcome = await play_seat(player, "greedy")
            assert outcome.update.status == "over"
            await player.close()
        _, _, finished = await record_of(spec, ticket.code)
        assert finished

    run(scenario())


def test_joining_a_table_whose_match_is_over_is_told_so(tmp_path) -> None:
    """A friend joining the address of a match played out was told every seat is taken,
    and thought someone had their place: the match is over, and the refusal says so."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            player = Client(server.address)
            await player.connect()
            ticket = await player.create(Rules(), [{"kind": "human"}, {"kind": "computer",
                                         "level": "greedy"}], "Ann")  # fmt: skip
            assert (await play_seat(player, "greedy")).update.status == "over"
            friend = Client(server.address)
            await friend.connect()
            with pytest.raises(ServerError) as refused:
                await friend.join(ticket.code, "Bob")
            assert refused.value.code == "over"
            await friend.close()
            await player.close()

    run(scenario())


def test_a_restarted_server_resumes_the_table_where_it_was(store_spec: str) -> None:
    async def scenario() -> None:
        async with serving(open_store(store_spec)) as server:
            player = Client(server.address)
            await player.connect()
            ticket = await player.create(PRESETS["scopone"], [
                {"kind": "human"}, {"kind": "computer", "level": "greedy"},
                {"kind": "computer", "level": "greedy"}, {"kind": "computer", "level": "greedy"},
            ], "Ann")  # fmt: skip
            played = 0
            while played < 3:
                update = await player.next_update(10)
                if update.my_turn and update.at == player.last.at:
                    await player.play(update.observation.legal_moves[0], update.at)
                    played += 1
            await player.close()
            before = update.at
        async with serving(open_store(store_spec)) as again:
            assert ticket.code in again.tables
            back = Client(again.address)
            await back.connect()
            await back.rejoin(dataclasses.replace(ticket, server=again.address))
            first = await back.next_update(10)
            assert first.reason == "join" and first.at >= before + 1
            outcome = await play_seat(back, "greedy")
            assert outcome.update.status == "over"
            await back.close()

    run(scenario())


def test_two_servers_share_their_tables_through_redis(fresh_redis: str) -> None:
    async def scenario() -> None:
        async with serving(open_store(fresh_redis)) as one, serving(open_store(fresh_redis)) as two:
            ann, bea = Logged(one.address), Logged(two.address)
            await ann.client.connect()
            await bea.client.connect()
            seats = [{"kind": "human"}, {"kind": "computer", "level": "greedy"},
                     {"kind": "human"}, {"kind": "computer", "level": "greedy"}]  # fmt: skip
            ticket = await ann.client.create(PRESETS["scopone"], seats, "Ann")
            with pytest.raises(ServerError) as taken:
                await bea.client.join(ticket.code, "Bea", seat=0)
            assert taken.value.code == "seat_taken"
            await bea.client.join(ticket.code, "Bea")
            results = await asyncio.gather(play_seat(ann.client, "greedy"),
                                           play_seat(bea.client, "greedy"))  # fmt: skip
            assert results[0].update.result == results[1].update.result
            assert results[0].update.at == results[1].update.at
            for player in (ann, bea):
                await player.client.close()
        start, moves, finished = await record_of(fresh_redis, ticket.code)
        assert finished and len(moves) == results[0].update.at
        assert check_frames(moves, start, ann.frames, 0) > 0
        assert check_frames(moves, start, bea.frames, 2) > 0

    run(scenario())


def test_a_program_with_its_own_loop_plays_through_the_background_client(tmp_path) -> None:
    import threading
    import time

    from scopa.net.client import BackgroundClient, Update

    spec = str(tmp_path / "t.db")
    ready: dict[str, str] = {}
    done = threading.Event()

    async def host() -> None:
        async with serving(open_store(spec)) as server:
            ready["address"] = server.address
            while not done.is_set():
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=run, args=(host(),))
    thread.start()
    try:
        while "address" not in ready:
            time.sleep(0.01)
        remote = BackgroundClient(ready["address"])
        seats = [{"kind": "human"}, {"kind": "computer", "level": "greedy"}]
        remote.submit(remote.client.create(Rules(), seats, "Ann")).result(10)
        deadline = time.monotonic() + 60
        last: Update | None = None
        while time.monotonic() < deadline and (last is None or last.status != "over"):
            for item in remote.poll():  # a frame of a game loop: never waits
                assert isinstance(item, Update), item
                last = item
                if item.my_turn:
                    remote.submit(remote.client.play(item.observation.legal_moves[0], item.at))
            time.sleep(0.005)
        remote.close()
        assert last is not None and last.status == "over" and last.result is not None
    finally:
        done.set()
        thread.join(30)


def test_a_match_its_host_ended_tells_everyone_at_it_and_whoever_comes_back(tmp_path) -> None:
    """A host who left a match unfinished and hosted a new table left its friends at the
    old one for ever, waiting. Ending it for good tells those at it (who stop trying to get
    back), and those who come back to it later, even after the server restarted."""
    spec = str(tmp_path / "t.db")

    async def scenario() -> None:
        async with serving(open_store(spec)) as server:
            host = Client(server.address)
            await host.connect()
            seats = [{"kind": "human"}, {"kind": "human"}]
            ticket = await host.create(Rules(), seats, "Marco")
            friend = Client(server.address)
            await friend.connect()
            theirs = await friend.join(ticket.code, "Anna")
            await friend.next_update(10)
            await host.close()
            assert await server.end(ticket.code, ticket.seat)
            with pytest.raises(ServerError) as told:
                while True:
                    await friend.next_update(10)
            assert (told.value.code, told.value.fatal) == ("ended", True)
            await asyncio.sleep(0.5)
            assert friend.lost and friend.reconnects == 0
            assert not await server.end("NOSUCHTABLE", 0)
        async with serving(open_store(spec)) as again:
            back = Client(again.address)
            await back.connect()
            with pytest.raises(ServerError) as refused:
                await back.rejoin(dataclasses.replace(theirs, server=again.address))
            assert refused.value.code == "ended"
            await back.close()
            await friend.close()

    run(scenario())


def test_a_player_moves_to_a_free_seat_while_the_table_waits_and_keeps_it(tmp_path) -> None:
    """Seats go in the order friends join; one who wants another free seat (a partner's)
    moves there before the match begins: name and token go along, the seat left is free
    for the next friend, and the match then begins with everyone where they chose."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna, bruno = [await Raw.open(server.address) for _ in range(3)]
            rules = Rules(players=4)
            seats = [{"kind": "human"}] * 3 + [{"kind": "computer", "level": "beginner"}]
            made = await host.ask("create", rules=rules.to_dict(), seats=seats, name="Host")
            code = made["code"]
            sat = await anna.ask("join", code=code, name="Anna")
            assert sat["seat"] == 1  # the first free seat: against the host
            moved = await anna.ask("sit", seat=2)  # to sit with the host
            assert moved["type"] == "seated" and moved["seat"] == 2 and "token" not in moved
            table = await host.until("table", timeout=5, status="waiting")
            while table["seats"][2]["name"] != "Anna":
                table = await host.until("table")
            assert not table["seats"][1]["taken"] and table["seats"][2]["connected"]
            # the token holds the new seat, not the one left
            stranger = await Raw.open(server.address)
            old = await stranger.ask("rejoin", code=code, seat=1, token=sat["token"])
            assert old["type"] == "error" and old["code"] == "bad_token"
            await stranger.close()
            taken = await anna.ask("sit", seat=0)
            assert taken["type"] == "error" and taken["code"] == "seat_taken"
            await bruno.ask("join", code=code, name="Bruno")  # the seat Anna left
            start = await anna.until("state", reason="start")
            assert start["observation"]["seat"] == 2
            late = await anna.ask("sit", seat=1)
            assert late["type"] == "error" and late["code"] == "begun" and not late["fatal"]
            again = await Raw.open(server.address)
            await anna.close()
            back = await again.ask("rejoin", code=code, seat=2, token=sat["token"])
            assert back["type"] == "seated" and back["seat"] == 2
            for raw in (host, bruno, again):
                await raw.close()

    run(scenario())


async def waiting_for_one(server, name: str):  # noqa: ANN001, ANN201
    """A table of four waiting for its players: the host, Anna and ``name`` seated, a
    computer in the last seat. (host, anna, the third, the code, the third's seat)."""
    host, anna, third = [await Raw.open(server.address) for _ in range(3)]
    seats = [{"kind": "human"}] * 3 + [{"kind": "computer", "level": "beginner"}]
    made = await host.ask("create", rules=Rules(players=4).to_dict(), seats=seats,
                          name="Host", start=True)  # fmt: skip
    code = made["code"]
    await anna.ask("join", code=code, name="Anna")
    sat = await third.ask("join", code=code, name=name)
    return host, anna, third, code, sat


async def freed_for_the_next(server, host, code: str, sat):  # noqa: ANN001, ANN201
    """The seat ``sat`` was freed: the host hears it, its token holds nothing any more,
    and Bruno, the next to join, takes it. (the refused window, Bruno's, Bruno's seat)."""
    table = await host.until("table")
    while table["seats"][sat["seat"]]["taken"]:
        table = await host.until("table")
    again = await Raw.open(server.address)
    back = await again.ask("rejoin", code=code, seat=sat["seat"], token=sat["token"])
    assert back["type"] == "error" and back["code"] == "bad_token"
    bruno = await Raw.open(server.address)
    took = await bruno.ask("join", code=code, name="Bruno")
    assert took["seat"] == sat["seat"]  # the seat freed, for the next to join
    return again, bruno, took


def test_the_host_removes_a_player_while_the_table_waits(tmp_path) -> None:
    """The host could not remove anyone from a table that waits for its players: a stranger
    who got the code, or a friend in the seat meant for another, kept it unless they left.
    The host frees the seat; the player is told so and closed, their token holds nothing
    any more, and the seat goes to the next to join. Nobody else may remove, nor the host
    once the match has begun."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna, stranger, code, sat = await waiting_for_one(server, "Who")
            refused = await anna.ask("remove", seat=sat["seat"])
            assert refused["type"] == "error" and refused["code"] == "not_host"
            for seat in (0, 3, 9):  # the host's own, a computer's, no seat at all
                wrong = await host.ask("remove", seat=seat)
                assert wrong["type"] == "error" and wrong["code"] == "bad_message"
            assert (await host.ask("remove", seat=sat["seat"]))["type"] == "ok"
            told = await stranger.until("error")
            assert (told["code"], told["fatal"]) == ("removed", True)
            assert await stranger.closed() == 1008
            again, bruno, took = await freed_for_the_next(server, host, code, sat)
            assert (await host.ask("start"))["type"] == "ok"
            late = await host.ask("remove", seat=took["seat"])
            assert late["type"] == "error" and late["code"] == "begun"
            for raw in (host, anna, again, bruno):
                await raw.close()

    run(scenario())


def test_the_host_seats_a_computer_or_frees_its_seat_while_the_table_waits(tmp_path) -> None:
    """A friend who could not come left the host with a table that never filled: no
    computer could be put in a free seat but by opening another table. The host gives a
    free seat to a computer (named as no seat is, at the level asked) and frees a
    computer's seat for a person; nobody else may, nor the host in a seat taken, their
    own, or once the match has begun."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna = await Raw.open(server.address), await Raw.open(server.address)
            seats = [{"kind": "human"}] * 3 + [{"kind": "computer", "level": "beginner"}]
            made = await host.ask("create", rules=Rules(players=4).to_dict(), seats=seats,
                                  name="Giulia", start=True)  # fmt: skip
            code = made["code"]
            await anna.ask("join", code=code, name="Anna")
            refused = await anna.ask("seat_kind", seat=2, computer=True)
            assert refused["type"] == "error" and refused["code"] == "not_host"
            for seat, computer, why in ((0, True, "bad_message"), (9, True, "bad_message"),
                                        (1, True, "seat_taken"), (2, False, "bad_message"),
                                        (3, True, "seat_taken")):  # fmt: skip
                wrong = await host.ask("seat_kind", seat=seat, computer=computer)
                assert wrong["type"] == "error" and wrong["code"] == why, (seat, wrong)
            assert (await host.ask("seat_kind", seat=2, computer=True, level="master"))[
                "type"
            ] == "ok"
            table = await host.until("table")
            while not table["seats"][2]["taken"]:
                table = await host.until("table")
            given = table["seats"][2]
            assert (given["kind"], given["level"]) == ("computer", "master")
            names = [info["name"] for info in table["seats"]]
            assert given["name"] and names.count(given["name"]) == 1, names
            assert (await host.ask("seat_kind", seat=3, computer=False))["type"] == "ok"
            while table["seats"][3]["taken"]:
                table = await host.until("table")
            assert table["seats"][3]["kind"] == "human"
            bruno = await Raw.open(server.address)
            took = await bruno.ask("join", code=code, name="Bruno")
            assert took["seat"] == 3  # the computer's seat, freed for a person
            assert (await host.ask("start"))["type"] == "ok"
            late = await host.ask("seat_kind", seat=2, computer=False)
            assert late["type"] == "error" and late["code"] == "begun"
            for raw in (host, anna, bruno):
                await raw.close()

    run(scenario())


def test_a_player_frees_their_own_seat_while_the_table_waits(tmp_path) -> None:
    """A seat could only be left kept (``leave``) or freed by the host: the person beside a
    friend the host removed stayed seated, away, with no window that held the seat. A
    player frees their own seat (``vacate``) while the table waits: the seat goes to the
    next to join, and the token holds nothing; not the host's (leaving closes the table),
    nor once the match has begun."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna, dario, code, sat = await waiting_for_one(server, "Dario")
            refused = await host.ask("vacate")
            assert refused["type"] == "error" and refused["code"] == "bad_message"
            assert (await dario.ask("vacate"))["type"] == "ok"
            again, bruno, took = await freed_for_the_next(server, host, code, sat)
            assert (await host.ask("start"))["type"] == "ok"
            late = await bruno.ask("vacate")
            assert late["type"] == "error" and late["code"] == "begun"
            for raw in (host, anna, dario, again, bruno):
                await raw.close()

    run(scenario())


def test_a_player_removed_at_another_server_is_told_so(fresh_redis: str) -> None:
    """Two servers share the tables: the host at one removes a player connected to the
    other, which hears the seat freed and sends its player off."""

    async def scenario() -> None:
        async with serving(open_store(fresh_redis)) as one, serving(open_store(fresh_redis)) as two:
            host = await Raw.open(one.address)
            guest = await Raw.open(two.address)
            seats = [{"kind": "human"}] * 3
            made = await host.ask("create", rules=Rules(players=3).to_dict(), seats=seats,
                                  name="Host", start=True)  # fmt: skip
            sat = await guest.ask("join", code=made["code"], name="Who")
            assert (await host.ask("remove", seat=sat["seat"]))["type"] == "ok"
            told = await guest.until("error")
            assert (told["code"], told["fatal"]) == ("removed", True)
            assert await guest.closed() == 1008
            await host.close()

    run(scenario())


def test_a_second_person_at_one_screen_joins_on_the_first_ones_side(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, one, two = [await Raw.open(server.address) for _ in range(3)]
            rules = Rules(players=4)
            seats = [{"kind": "human"}] * 4
            made = await host.ask("create", rules=rules.to_dict(), seats=seats, name="Host")
            first = await one.ask("join", code=made["code"], name="Anna")
            second = await two.ask("join", code=made["code"], name="Anna", beside=first["seat"])
            assert (first["seat"], second["seat"]) == (1, 3)  # partners, not seat 2
            spectator = await Raw.open(server.address)
            await spectator.ask("watch", code=made["code"])
            refused = await spectator.ask("sit", seat=2)
            assert refused["code"] == "not_seated"
            for raw in (host, one, two, spectator):
                await raw.close()

    run(scenario())


def test_people_joining_from_one_screen_sit_on_a_side_with_room_for_them_all(tmp_path) -> None:
    """Six in three pairs, the host's partner a computer, a friend in seat 4: two people
    joining from one screen were seated 1 and 2, opponents passing one screen between them
    (seat 1's side had no room for the second). They now sit on a side with room for both."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, bob, dina, carl, alone = [await Raw.open(server.address) for _ in range(5)]
            rules = Rules(players=6, six_sides=3)
            seats = [{"kind": "human"}] * 6
            seats[3] = {"kind": "computer", "level": "expert"}
            made = await host.ask("create", rules=rules.to_dict(), seats=seats, name="Walter")
            await bob.ask("join", code=made["code"], name="Bob", seat=4)
            first = await dina.ask("join", code=made["code"], name="Dina", together=2)
            second = await carl.ask("join", code=made["code"], name="Carl", beside=first["seat"])
            assert (first["seat"], second["seat"]) == (2, 5)
            assert rules.side_of(first["seat"]) == rules.side_of(second["seat"])
            last = await alone.ask("join", code=made["code"], name="Eva", together=3)
            assert last["seat"] == 1  # no side has room for three: the first free seat
            for raw in (host, bob, dina, carl, alone):
                await raw.close()

    run(scenario())


async def table_of_three(server: Any) -> tuple[Raw, Raw, Raw, str]:
    """A table of three people the host opened and sits at, and two more links to it:
    (host, anna, bruno, the table's code)."""
    host, anna, bruno = [await Raw.open(server.address) for _ in range(3)]
    seats = [{"kind": "human"}] * 3
    made = await host.ask("create", rules=Rules(players=3).to_dict(), seats=seats, name="Host")
    return host, anna, bruno, made["code"]


def test_a_player_renamed_while_the_table_waits_is_shown_so_and_numbered_if_need_be(tmp_path):
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna, bruno, code = await table_of_three(server)
            await anna.ask("join", code=code, name="Player 2")
            answer = await anna.ask("rename", name="  Anna ")
            assert answer["type"] == "ok" and answer["name"] == "Anna"
            table = await host.until("table")
            while table["seats"][1]["name"] != "Anna":
                table = await host.until("table")
            clash = await anna.ask("rename", name="host")
            assert clash["name"] == "host 2"  # two players called alike could not be told apart
            bad = await anna.ask("rename", name="\u0007")
            assert bad["type"] == "error" and bad["code"] == "bad_message"
            await bruno.ask("join", code=code, name="Bruno")
            await anna.until("state", reason="start")
            late = await anna.ask("rename", name="Anna")
            assert late["type"] == "error" and late["code"] == "begun"
            for raw in (host, anna, bruno):
                await raw.close()

    run(scenario())


def test_a_table_its_host_starts_waits_full_for_them_then_deals(tmp_path) -> None:
    """Opened with ``start``, a table whose seats are all taken still waits: the players
    may change names meanwhile, only the host starts it, and not before it is full."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna, bruno = [await Raw.open(server.address) for _ in range(3)]
            seats = [{"kind": "human"}] * 3
            made = await host.ask("create", rules=Rules(players=3).to_dict(), seats=seats,
                                  name="Host", start=True)  # fmt: skip
            code = made["code"]
            early = await host.ask("start")
            assert early["type"] == "error" and early["code"] == "waiting"
            await anna.ask("join", code=code, name="Anna")
            await bruno.ask("join", code=code, name="Bruno")
            table = await host.until("table")
            while not all(info["taken"] for info in table["seats"]):
                table = await host.until("table")
            assert table["status"] == "waiting"
            assert [info["starts"] for info in table["seats"]] == [True, False, False]
            assert not [f for f in anna.frames if f.get("reason") == "start"]
            renamed = await bruno.ask("rename", name="Bruno B")
            assert renamed["type"] == "ok"
            refused = await anna.ask("start")
            assert refused["type"] == "error" and refused["code"] == "not_host"
            assert (await host.ask("start"))["type"] == "ok"
            for raw in (host, anna, bruno):
                dealt = await raw.until("state", reason="start")
                assert len(dealt["observation"]["hand"]) == 3
            again = await host.ask("start")
            assert again["type"] == "error" and again["code"] == "begun"
            for raw in (host, anna, bruno):
                await raw.close()

    run(scenario())


def test_spectators_coming_and_going_reach_the_players_once_not_each_time(tmp_path) -> None:
    """Each spectator's watch and leave sent a table frame to every player: anyone with a
    table's code, looping watch and leave from many connections, sent each player twenty
    times the bytes it spent (7.9 MB in ten seconds). The players hear of them once, a
    moment later, with the count as it then is."""
    from scopa.net.server import WATCH_NEWS_SECONDS

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, friend = [await Raw.open(server.address) for _ in range(2)]
            seats = [{"kind": "human"}] * 2
            made = await host.ask("create", rules=Rules().to_dict(), seats=seats, name="Ann")
            await friend.ask("join", code=made["code"], name="Bob")
            await host.until("table", timeout=5)
            host.frames.clear()
            spectators = [await Raw.open(server.address) for _ in range(4)]
            for _ in range(10):
                for spectator in spectators:
                    await spectator.ask("watch", code=made["code"])
                    await spectator.ask("leave")
            await spectators[0].ask("watch", code=made["code"])  # one stays
            with contextlib.suppress(TimeoutError):
                while True:  # every frame until the table is quiet
                    await host.receive(timeout=WATCH_NEWS_SECONDS + 1)
            tables = [frame for frame in host.frames if frame.get("type") == "table"]
            assert tables and tables[-1]["spectators"] == 1
            assert len(tables) <= 3, len(tables)
            for raw in (host, friend, *spectators):
                await raw.close()

    run(scenario())


def test_a_client_that_cannot_keep_up_is_cut_off_at_once() -> None:
    """A player whose frames piled up past the outbox stopped hearing anything, yet kept
    its seat "connected" for the others until it next spoke (up to two minutes). Its
    connection is cut at once: the server's reader of it ends, and it is seen gone."""
    from scopa.net.server import OUTBOX, Connection

    class Transport:
        aborted = False

        def abort(self) -> None:
            self.aborted = True

    class Socket:
        transport = Transport()

    conn = Connection(Socket(), "127.0.0.1", Limits())  # type: ignore[arg-type]
    for n in range(OUTBOX):
        conn.send_text(str(n))
    assert not conn.closing and not Socket.transport.aborted
    conn.send_text("one too many")
    assert conn.closing and Socket.transport.aborted


def test_a_game_s_own_server_opens_tables_for_its_own_player_only(tmp_path, monkeypatch) -> None:
    """A game hosting a table listens on the network, and took ``create`` from anyone
    there: a stranger could open tables of Master computers on the player's computer and
    slow every computer player of the player's own table. Friends join; tables are opened
    from the computer itself."""
    import scopa.net.server as server_module

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db")), own_tables_only=True) as server:
            host = await Raw.open(server.address)  # the player's own game: this computer
            seats = [{"kind": "human"}] * 2
            made = await host.ask("create", rules=Rules().to_dict(), seats=seats, name="Ann")
            assert made["type"] == "seated"
            monkeypatch.setattr(server_module, "_address_of", lambda ws: "192.0.2.7")
            friend, stranger = [await Raw.open(server.address) for _ in range(2)]
            joined = await friend.ask("join", code=made["code"], name="Bob")
            assert joined["type"] == "seated"
            refused = await stranger.ask("create", rules=Rules().to_dict(), seats=seats, name="X")
            assert refused["type"] == "error" and refused["code"] == "hosts_own"
            for raw in (host, friend, stranger):
                await raw.close()

    run(scenario())


@pytest.mark.parametrize(
    ("address", "own"),
    [("127.0.0.1", True), ("::1", True), ("::ffff:127.0.0.1", True), ("192.168.1.20", False),
     ("fe80::1%eth0", False), ("unknown", False)],
)  # fmt: skip
def test_the_player_s_own_computer_is_told_by_its_address(address, own) -> None:
    from scopa.net.server import _is_loopback

    assert _is_loopback(address) is own


def test_a_table_waiting_for_its_players_shows_nobody_its_deal(tmp_path) -> None:
    """The deal is made as the table is set: a seated player was sent their hand (and the
    table) while the others came, then could sit elsewhere and be sent that seat's; seats
    could be chosen by their cards. Nobody sees a card before the match begins."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            host, anna, bruno, code = await table_of_three(server)
            await anna.ask("join", code=code, name="Anna")
            await anna.ask("sit", seat=2)
            synced = await anna.ask("sync")
            assert synced["type"] == "table"
            waiting = [f for f in (*host.frames, *anna.frames) if f.get("type") == "state"]
            assert waiting and all(f["status"] == "waiting" for f in waiting)
            for frame in waiting:
                seen = frame["observation"]
                assert seen["hand"] == [] and seen["table"] == [], frame
                assert not any(seen["hand_sizes"]) and not seen["legal_moves"]
            await bruno.ask("join", code=code, name="Bruno")
            for raw in (host, anna, bruno):
                dealt = await raw.until("state", reason="start")
                assert len(dealt["observation"]["hand"]) == 3
                assert len(dealt["observation"]["table"]) == 4
            for raw in (host, anna, bruno):
                await raw.close()

    run(scenario())


def test_a_server_starts_whatever_tables_were_left_unfinished_in_its_store(tmp_path) -> None:
    """Tables left unfinished pile up in the store, and a server resumed them all as it
    started: past its ``max_tables`` it could not start at all ("server full"). It resumes
    the last opened, up to a share of its room, and holds the others once asked for."""

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, max_tables=8)
        path = str(tmp_path / "t.db")
        codes = []
        async with serving(open_store(path), limits) as server:
            for n in range(8):
                raw = await Raw.open(server.address)
                seats = [{"kind": "human"}, {"kind": "computer", "level": "beginner"}]
                made = await raw.ask("create", rules=Rules().to_dict(), seats=seats, name=f"P{n}")
                codes.append(made["code"])
                await raw.close()
        async with serving(open_store(path), limits) as again:
            assert list(again.tables) == codes[-2:]  # the last opened, a quarter of its room
            raw = await Raw.open(again.address)
            watched = await raw.ask("watch", code=codes[0])  # the first: held as asked for
            assert watched["type"] != "error" and codes[0] in again.tables
            await raw.close()

    run(scenario())


def test_a_table_decided_by_its_opening_deal_is_finished_as_it_is_made(
    tmp_path, monkeypatch
) -> None:
    """Cirulla's Luzzati rules: an opening table can decide the match (one table in a
    thousand). Over from its creation, it was never marked finished: it counted against
    its host's tables for an hour and was resumed at every start of the server."""
    monkeypatch.setattr("scopa.net.table.new_seed", lambda: 3)  # a deal decided so
    rules = Rules(players=2, cirulla=True, luzzati_table_rules=True)
    assert Match.new(rules, random.Random(3)).over

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            raw = await Raw.open(server.address)
            seats = [{"kind": "human"}] * 2
            made = await raw.ask("create", rules=rules.to_dict(), seats=seats, name="Host")
            assert (await raw.until("state"))["status"] == "over"
            assert made["code"] not in await server.store.unfinished()
            assert await server.store.open_tables_of("127.0.0.1") == 0
            await raw.close()

    run(scenario())


def test_a_table_its_host_left_before_starting_is_started_by_the_others(tmp_path) -> None:
    """At a table its host starts, a host who left never came to press Start: nobody else
    could, even once the host's seat was handed to the computer, and the full table waited
    for ever. Once it is handed over, anyone seated there may start."""

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, away_grace=0.3)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            host, friend = [await Raw.open(server.address) for _ in range(2)]
            people = [{"kind": "human"}] * 2
            made = await host.ask("create", rules=Rules().to_dict(), seats=people, name="Host",
                                  start=True)  # fmt: skip
            await friend.ask("join", code=made["code"], name="Friend")
            assert (await friend.ask("start"))["code"] == "not_host"  # while the host is there
            await host.close()
            await asyncio.sleep(0.5)
            assert (await friend.ask("hand_over", seat=0))["type"] == "ok"
            assert (await friend.ask("start"))["type"] == "ok"
            state = await friend.until("state", reason="start")
            assert state["status"] == "playing"
            await friend.close()

    run(scenario())


def test_a_player_removed_as_they_rejoin_is_not_seated_again(fresh_redis: str) -> None:
    """With the tables in Redis (each store call lets other messages through), the host's
    Remove and the removed player's rejoin at the same moment left the player seated and
    served, their seat free in the store: the token was checked before the seat was given,
    and not as it was given."""

    async def scenario() -> None:
        async with serving(open_store(fresh_redis)) as server:
            for _ in range(6):
                host, stranger, again = [await Raw.open(server.address) for _ in range(3)]
                made = await host.ask("create", rules=Rules(players=3).to_dict(),
                                      seats=[{"kind": "human"}] * 3, name="Host",
                                      start=True)  # fmt: skip
                code = made["code"]
                sat = await stranger.ask("join", code=code, name="Who")
                seat = sat["seat"]
                await asyncio.gather(
                    host.send("remove", seat=seat),
                    again.send("rejoin", code=code, seat=seat, token=sat["token"]),
                )
                await host.until("ok")
                await asyncio.sleep(0.3)
                record = (await server.store.load(code)).seats[seat]
                held = server.players.get(code, {}).get(seat)
                assert not record.taken and not server.tables[code].seats[seat].taken
                assert held is None or held.closing  # nobody served at the seat freed
                for raw in (host, stranger, again):
                    await raw.close()

    run(scenario())


def test_the_limits_per_address_count_an_ipv6_network_as_one_address() -> None:
    """Each IPv6 address counted apart: a home holds a whole /64 of them, and one person
    could open as many tables as the server's whole limit. An IPv6 peer counts as its
    /64; an IPv4 address written as IPv6 as itself."""
    from scopa.net.server import _host_of

    home = [_host_of((f"2001:db8:1:2::{n:x}", 5000, 0, 0)) for n in range(1, 300)]
    assert len(set(home)) == 1
    assert _host_of(("2001:db8:1:3::1", 5000, 0, 0)) not in home
    assert _host_of(("fe80::1%eth0", 5000, 0, 2)) == _host_of(("fe80::2", 5000, 0, 2))
    assert _host_of(("::ffff:192.0.2.7", 5000, 0, 0)) == _host_of(("192.0.2.7", 5000))
    assert _host_of(("192.0.2.7", 5000)) != _host_of(("192.0.2.8", 5000))
    assert _host_of(None) == "unknown" and _host_of(("not an address", 1)) == "not an address"
