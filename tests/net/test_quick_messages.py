"""Quick messages between players at a table: a phrase from a fixed list, relayed by the
server to everyone at the table (at other servers too), a few at a time, and nothing else:
no text of a player's own ever travels."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from scopa.engine import Rules
from scopa.net.client import Client, ServerError, read_said
from scopa.net.protocol import PHRASES, Limits
from scopa.net.sqlite_store import SqliteStore
from scopa.net.store import open_store
from tests.net.helpers import FAST, Raw, run_scenario, serving

CHATTY = dataclasses.replace(FAST, say_burst=3, say_every=60.0)
"""Three messages at once, then one a minute: the fourth is refused within a test."""


async def said_frames(raw: Raw, count: int) -> list[dict[str, Any]]:
    """The first ``count`` quick messages ``raw`` heard (those read while it waited for an
    answer too), waiting for them as long as it takes."""

    def heard() -> list[dict[str, Any]]:
        return [frame for frame in raw.frames if frame["type"] == "said"]

    while len(heard()) < count:
        await raw.receive()
    return heard()[:count]


async def a_table(address: str) -> tuple[Raw, Raw, Raw, dict[str, Any]]:
    """Ann and Bea seated at a classic table, a spectator watching; Ann's seating."""
    ann, bea, eve = await Raw.open(address), await Raw.open(address), await Raw.open(address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    seated = await ann.ask("create", rules=Rules().to_dict(), seats=seats, name="Ann")
    await bea.ask("join", code=seated["code"], name="Bea")
    await eve.ask("watch", code=seated["code"])
    return ann, bea, eve, seated


def test_a_quick_message_reaches_everyone_at_the_table_its_sender_too(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(SqliteStore(tmp_path / "t.db")) as server:
            ann, bea, eve, seated = await a_table(server.address)
            answer = await ann.ask("say", phrase="well_played")
            assert answer["type"] == "ok"
            heard = [(await said_frames(raw, 1))[0] for raw in (ann, bea, eve)]
            for frame in heard:
                assert {k: frame[k] for k in ("code", "seat", "phrase")} == {
                    "code": seated["code"],
                    "seat": 0,
                    "phrase": "well_played",
                }
            assert len({frame["n"] for frame in heard}) == 1  # one message, one number
            await bea.ask("say", phrase="thanks")
            again = (await said_frames(ann, 2))[1]
            assert (again["seat"], again["phrase"]) == (1, "thanks")
            assert again["n"] != heard[0]["n"]

    run_scenario(scenario())


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"phrase": "you are bad"}, "bad_message"),  # no words of a player's own
        ({"phrase": "hello", "text": "hi"}, "bad_message"),
        ({"phrase": 3}, "bad_message"),
        ({}, "bad_message"),
    ],
)
def test_a_phrase_not_on_the_list_is_refused(tmp_path, fields, code) -> None:
    async def scenario() -> None:
        async with serving(SqliteStore(tmp_path / "t.db")) as server:
            ann, bea, _, _ = await a_table(server.address)
            answer = await ann.ask("say", **fields)
            assert (answer["type"], answer["code"]) == ("error", code)
            await ann.ask("say", phrase="hello")  # the next is heard, not the refused one
            (frame,) = await said_frames(bea, 1)
            assert frame["phrase"] == "hello"

    run_scenario(scenario())


def test_spectators_and_connections_at_no_table_say_nothing(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(SqliteStore(tmp_path / "t.db")) as server:
            _, _, eve, _ = await a_table(server.address)
            answer = await eve.ask("say", phrase="hello")
            assert (answer["type"], answer["code"]) == ("error", "not_seated")
            stranger = await Raw.open(server.address)
            answer = await stranger.ask("say", phrase="hello")
            assert (answer["type"], answer["code"]) == ("error", "not_seated")

    run_scenario(scenario())


def test_a_seat_says_a_few_at_once_then_waits_even_on_a_new_connection(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(SqliteStore(tmp_path / "t.db"), CHATTY) as server:
            ann, bea, _, seated = await a_table(server.address)
            for phrase in PHRASES[:3]:
                assert (await ann.ask("say", phrase=phrase))["type"] == "ok"
            refused = await ann.ask("say", phrase="oops")
            told = (refused["type"], refused["code"], refused["fatal"])
            assert told == ("error", "chatty", False)
            # a connection opened again takes the seat back, not a full allowance
            again = await Raw.open(server.address)
            rejoined = await again.ask("rejoin", code=seated["code"], seat=0, token=seated["token"])
            assert rejoined["type"] == "seated"
            assert (await again.ask("say", phrase="oops"))["code"] == "chatty"
            # Bea's allowance is her own
            assert (await bea.ask("say", phrase="oops"))["type"] == "ok"
            heard = await said_frames(bea, 4)
            assert [(f["seat"], f["phrase"]) for f in heard] == [
                *[(0, phrase) for phrase in PHRASES[:3]],
                (1, "oops"),
            ]

    run_scenario(scenario())


def test_a_seat_earns_a_message_back_as_time_goes_by(tmp_path) -> None:
    async def scenario() -> None:
        limits = dataclasses.replace(FAST, say_burst=1, say_every=0.3)
        async with serving(SqliteStore(tmp_path / "t.db"), limits) as server:
            ann, _, _, _ = await a_table(server.address)
            assert (await ann.ask("say", phrase="hello"))["type"] == "ok"
            assert (await ann.ask("say", phrase="hello"))["code"] == "chatty"
            await asyncio.sleep(0.35)
            assert (await ann.ask("say", phrase="hello"))["type"] == "ok"

    run_scenario(scenario())


def test_a_quick_message_crosses_to_a_player_at_another_server(fresh_redis: str) -> None:
    async def scenario() -> None:
        async with serving(open_store(fresh_redis)) as one, serving(open_store(fresh_redis)) as two:
            ann, bea = Client(one.address), Client(two.address)
            await ann.connect()
            await bea.connect()
            ticket = await ann.create(Rules(), [{"kind": "human"}, {"kind": "human"}], "Ann")
            await bea.join(ticket.code, "Bea")
            await bea.say("good_luck")
            for client in (ann, bea):
                for _ in range(200):
                    if client.said:
                        break
                    await asyncio.sleep(0.02)
            heard = [client.take_said() for client in (ann, bea)]
            assert [[(s.seat, s.phrase) for s in told] for told in heard] == [
                [(1, "good_luck")],
                [(1, "good_luck")],
            ]
            assert heard[0][0].number == heard[1][0].number
            assert ann.take_said() == []  # taken once
            for client in (ann, bea):
                await client.close()

    run_scenario(scenario())


def test_a_client_refused_for_chatter_is_told_so(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(SqliteStore(tmp_path / "t.db"), CHATTY) as server:
            ann = Client(server.address)
            await ann.connect()
            await ann.create(Rules(), [{"kind": "human"}, {"kind": "computer"}], "Ann")
            for _ in range(3):
                await ann.say("hello")
            with pytest.raises(ServerError) as refused:
                await ann.say("hello")
            assert refused.value.code == "chatty"
            await ann.close()

    run_scenario(scenario())


@pytest.mark.parametrize(
    "frame",
    [
        {"seat": "0", "phrase": "hello", "n": "a"},
        {"seat": True, "phrase": "hello", "n": "a"},
        {"seat": -1, "phrase": "hello", "n": "a"},
        {"seat": 10**30, "phrase": "hello", "n": "a"},
        {"seat": 0, "phrase": "<b>anything at all</b>", "n": "a"},
        {"seat": 0, "phrase": ["hello"], "n": "a"},
        {"seat": 0, "phrase": "hello", "n": 5},
        {"seat": 0, "phrase": "hello"},
    ],
)
def test_a_said_frame_that_does_not_read_as_a_quick_message_is_passed_over(frame) -> None:
    assert read_said({"type": "said", **frame}) is None


def test_a_long_message_number_is_cut_short() -> None:
    said = read_said({"type": "said", "seat": 1, "phrase": "oops", "n": "x" * 10_000})
    assert said is not None and (said.seat, said.phrase, len(said.number)) == (1, "oops", 40)


def test_the_default_allowance_is_announced() -> None:
    limits = Limits().public()
    assert limits["say_burst"] == 3 and limits["say_every"] == 4.0


def test_a_table_unloaded_takes_its_seats_counts_with_it(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(SqliteStore(tmp_path / "t.db")) as server:
            ann, bea, eve, seated = await a_table(server.address)
            await ann.ask("say", phrase="hello")
            assert set(server.chatter[seated["code"]]) == {0}
            for raw in (ann, bea, eve):
                await raw.ws.close()
            for _ in range(200):
                if not server.players.get(seated["code"]) and not server.watchers.get(
                    seated["code"]
                ):
                    break
                await asyncio.sleep(0.02)
            server._unload(seated["code"])
            assert seated["code"] not in server.chatter

    run_scenario(scenario())
