"""Both stores keep the same promises: tables as game records, compare-and-append moves,
seats claimed once, the unfinished tables of an owner, who is connected; Redis also tells
the other servers what changed."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from scopa.engine import Match, Rules
from scopa.net.codes import new_code
from scopa.net.store import SeatRecord, StoreError, TableRecord, open_store
from tests.net.helpers import run_scenario


def make_table(owner: str = "10.0.0.1", seed: int = 4) -> TableRecord:
    match = Match.new(Rules(), random.Random(seed))
    seats = (SeatRecord("human", "Ann", token_hash="aa"), SeatRecord("human"))
    return TableRecord(new_code(), match.record().text(), seats, owner)


def run(coroutine: Any) -> Any:
    return run_scenario(coroutine)


def test_a_table_is_kept_and_read_back_as_its_game_record(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        table = make_table()
        assert await store.create(table)
        assert not await store.create(table)  # the code is taken
        match = table.record().replay()
        moves = []
        for at in range(6):
            move = match.legal_moves()[0]
            assert await store.append_move(table.code, at, move.text())
            assert not await store.append_move(table.code, at, move.text())  # a replay
            assert not await store.append_move(table.code, at + 5, move.text())  # a gap
            match, _ = match.apply(move)
            moves.append(move.text())
        loaded = await store.load(table.code)
        assert loaded is not None
        assert loaded.moves == tuple(moves) and loaded.seats == table.seats
        assert loaded.record().replay().round.hands == match.round.hands
        assert await store.load(new_code()) is None
        await store.close()

    run(scenario())


def test_a_free_seat_is_claimed_once(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        table = make_table()
        await store.create(table)
        first = SeatRecord("human", "Bea", token_hash="bb")
        second = SeatRecord("human", "Cid", token_hash="cc")
        results = await asyncio.gather(
            store.claim_seat(table.code, 1, first), store.claim_seat(table.code, 1, second)
        )
        assert sorted(results) == [False, True]
        assert not await store.claim_seat(table.code, 0, second)  # Ann's
        loaded = await store.load(table.code)
        assert loaded is not None and loaded.seats[1].name in ("Bea", "Cid")
        await store.set_seat(table.code, 1, loaded.seats[1].with_(autoplay=True))
        again = await store.load(table.code)
        assert again is not None and again.seats[1].autoplay
        await store.close()

    run(scenario())


def test_unfinished_tables_count_against_their_owner_until_finished(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        tables = [make_table("10.0.0.7", seed) for seed in range(3)]
        for table in tables:
            await store.create(table)
        await store.create(make_table("10.0.0.8"))
        assert await store.open_tables_of("10.0.0.7") == 3
        await store.finish(tables[0].code)
        assert await store.open_tables_of("10.0.0.7") == 2
        unfinished = await store.unfinished()
        assert tables[0].code not in unfinished and tables[1].code in unfinished
        loaded = await store.load(tables[0].code)
        assert loaded is not None and loaded.finished
        await store.close()

    run(scenario())


def test_presence_says_who_is_connected_and_since_when(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        table = make_table()
        await store.create(table)
        await store.heartbeat("server-a")
        await store.set_presence(table.code, 0, "server-a")
        await store.set_presence(table.code, 1, None)
        here = await store.presence(table.code)
        assert here[0].connected and not here[1].connected
        assert here[1].since >= here[0].since
        await store.close()

    run(scenario())


def test_a_redis_server_that_stops_beating_takes_its_players_with_it(fresh_redis: str) -> None:
    async def scenario() -> None:
        store = open_store(fresh_redis)
        await store.open()
        table = make_table()
        await store.create(table)
        await store.set_presence(table.code, 0, "server-gone")  # never beat
        assert not (await store.presence(table.code))[0].connected
        await store.close()

    run(scenario())


def test_redis_tells_other_servers_what_changed(fresh_redis: str) -> None:
    async def scenario() -> None:
        one, two = open_store(fresh_redis), open_store(fresh_redis)
        await one.open()
        await two.open()
        heard: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()

        async def listener(code: str, change: dict[str, Any]) -> None:
            await heard.put((code, change))

        await two.listen("two", listener)
        await two.publish("ownnews", "two", {"kind": "seats"})  # its own: not heard
        await one.publish("abc", "one", {"kind": "move", "at": 3, "move": "7D"})
        assert await asyncio.wait_for(heard.get(), 5) == (
            "abc",
            {"kind": "move", "at": 3, "move": "7D"},
        )
        assert heard.empty()
        await one.close()
        await two.close()

    run(scenario())


def test_an_unusable_store_is_a_clear_error(tmp_path) -> None:
    folder = tmp_path / "a-file"
    folder.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot open"):
        run(open_store(str(folder / "tables.sqlite3")).open())
    with pytest.raises(StoreError, match="cannot reach"):
        run(open_store("redis://127.0.0.1:1/0").open())
