"""A rematch at a table whose match is over: every player asks, the server opens the
rematch's table with the same people in the same seats, and each moves there by rejoining;
a player who left is no rematch."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from scopa.engine import Dealt, Rules
from scopa.net import server as server_module
from scopa.net.bot import play_seat
from scopa.net.client import Client, ServerError
from scopa.net.store import open_store
from tests.net.helpers import Proxy, Raw, run_scenario, serving

HUMANS = [{"kind": "human"}, {"kind": "human"}]
WITH_COMPUTER = [{"kind": "computer", "level": "greedy"}, {"kind": "human"}, {"kind": "human"}]


async def table_where(
    client: Client, test: Callable[[dict[str, Any]], bool], timeout: float = 10
) -> dict[str, Any]:
    """The client's last table frame, once ``test`` holds for it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        table = client.table
        if table is not None and test(table):
            return table
        if loop.time() > deadline:
            raise AssertionError(f"no such table frame: {json.dumps(table)[:400]}")
        await asyncio.sleep(0.02)


async def seated_pair(address: str, seats: list[dict[str, Any]]) -> tuple[Client, Client]:
    """Ann (who opens the table in her seat, the first human one) and Bea (the next)."""
    ann, bea = Client(address), Client(address)
    await ann.connect()
    await bea.connect()
    humans = [n for n, seat in enumerate(seats) if seat["kind"] == "human"]
    rules = Rules().with_(players=len(seats))
    ticket = await ann.create(rules, seats, "Ann", seat=humans[0])
    await bea.join(ticket.code, "Bea")
    return ann, bea


async def play_out(*clients: Client) -> None:
    games = (play_seat(client, "greedy", seed=n) for n, client in enumerate(clients))
    outcomes = await asyncio.gather(*games)
    assert all(outcome.update.status == "over" for outcome in outcomes)


async def first_of(client: Client, code: str) -> Any:
    """The first state frame of the table ``code`` (frames of the table before passed)."""
    while True:
        update = await client.next_update(10)
        if update.code == code:
            return update


@pytest.mark.parametrize("seats", [HUMANS, WITH_COMPUTER], ids=["two_people", "with_computer"])
def test_everyone_who_asks_for_a_rematch_plays_it_in_the_same_seats(store_spec, seats) -> None:
    async def scenario() -> None:
        async with serving(open_store(store_spec)) as server:
            ann, bea = await seated_pair(server.address, seats)
            with pytest.raises(ServerError) as early:
                await ann.rematch()
            assert early.value.code == "not_over"
            await play_out(ann, bea)
            old = ann.ticket
            assert old is not None and bea.ticket is not None
            await ann.rematch()
            table = await table_where(bea, lambda t: t["seats"][old.seat]["rematch"])
            assert table["next"] is None  # Bea has not said yet
            await bea.rematch()
            table = await table_where(ann, lambda t: t["next"] is not None)
            code = table["next"]
            assert code != old.code
            tickets = await asyncio.gather(ann.rejoin(old), bea.rejoin(bea.ticket))
            assert [t.code for t in tickets] == [code, code]
            assert [t.seat for t in tickets] == [old.seat, bea.ticket.seat]
            assert ann.ticket == tickets[0]
            firsts = await asyncio.gather(first_of(ann, code), first_of(bea, code))
            for first in firsts:  # dealt before the players, even with a computer first
                assert first.at == 0 and first.reason == "start"
                assert any(isinstance(event, Dealt) for event in first.events)
            rematch = await table_where(ann, lambda t: t["code"] == code)
            assert [s["name"] for s in rematch["seats"]] == [s["name"] for s in table["seats"]]
            assert not any(s["autoplay"] or s["rematch"] for s in rematch["seats"])
            await play_out(ann, bea)
            for client in (ann, bea):
                await client.close()
        store = open_store(store_spec)
        await store.open()
        try:
            before, after = await store.load(old.code), await store.load(code)
        finally:
            await store.close()
        assert before is not None and after is not None
        assert before.next == code and after.next is None and after.finished
        assert [s.token_hash for s in after.seats] == [s.token_hash for s in before.seats]

    run_scenario(scenario())


def test_a_player_who_said_no_then_asks_for_the_rematch_plays_it(tmp_path) -> None:
    """Bea said no to a rematch, then asked for one: her seat read both declined and
    asking, and the others were told she had left for good."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea = await seated_pair(server.address, HUMANS)
            await play_out(ann, bea)
            assert bea.ticket is not None
            seat = bea.ticket.seat
            await bea.no_rematch()
            await table_where(ann, lambda t: t["seats"][seat]["declined"])
            await bea.rematch()
            table = await table_where(ann, lambda t: t["seats"][seat]["rematch"])
            assert not table["seats"][seat]["declined"]
            await ann.rematch()
            await table_where(bea, lambda t: t["next"] is not None)
            for client in (ann, bea):
                await client.close()

    run_scenario(scenario())


def test_there_is_no_rematch_once_a_player_left(tmp_path) -> None:
    """A rematch is the same people again: a player who left (back to the menu) is not
    played by the computer in one, which went on at a host's table without the host."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea = await seated_pair(server.address, HUMANS)
            await play_out(ann, bea)
            old_bea = bea.ticket
            assert old_bea is not None
            await ann.rematch()
            await bea.close()  # back to her menu, asking nothing
            table = await table_where(ann, lambda t: not t["seats"][old_bea.seat]["connected"])
            await asyncio.sleep(0.3)
            assert ann.table is not None and ann.table["next"] is None and table["next"] is None
            await ann.close()
        store = open_store(str(tmp_path / "t.db"))
        await store.open()
        try:
            assert await store.unfinished() == []
        finally:
            await store.close()

    run_scenario(scenario())


def test_the_computers_of_a_rematch_stop_waiting_for_a_player_who_never_comes(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(server_module, "REMATCH_WAIT", 0.5)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            seats = [{"kind": "human"}, {"kind": "computer", "level": "greedy"}]
            ann = Client(server.address)
            await ann.connect()
            ticket = await ann.create(Rules(), seats, "Ann")
            await play_out(ann)
            await ann.rematch()
            table = await table_where(ann, lambda t: t["next"] is not None)
            watcher = await Raw.open(server.address)  # Ann's window closed on the way
            await ann.close()
            await watcher.ask("watch", code=table["next"])
            state = await watcher.until("state", timeout=10)
            while state["at"] == 0 and state["observation"]["turn"] != ticket.seat:
                state = await watcher.until("state", timeout=5)
            await watcher.close()

    run_scenario(scenario())


def test_two_servers_open_one_rematch_between_them(fresh_redis: str) -> None:
    async def scenario() -> None:
        async with serving(open_store(fresh_redis)) as one, serving(open_store(fresh_redis)) as two:
            ann, bea = Client(one.address), Client(two.address)
            await ann.connect()
            await bea.connect()
            ticket = await ann.create(Rules(), HUMANS, "Ann")
            await bea.join(ticket.code, "Bea")
            await play_out(ann, bea)
            await asyncio.gather(ann.rematch(), bea.rematch())
            tables = await asyncio.gather(
                table_where(ann, lambda t: t["next"] is not None),
                table_where(bea, lambda t: t["next"] is not None),
            )
            assert tables[0]["next"] == tables[1]["next"]
            assert ann.ticket is not None and bea.ticket is not None
            await asyncio.gather(ann.rejoin(ann.ticket), bea.rejoin(bea.ticket))
            assert ann.last is None or ann.last.code == tables[0]["next"]
            await play_out(ann, bea)
            await ann.close()
            await bea.close()

    run_scenario(scenario())


def test_a_rematch_both_asked_for_starts_once_the_player_away_comes_back(tmp_path) -> None:
    """Ann asked, then her network dropped a moment; Bea asked while Ann was away, which
    opens no rematch (it is the same people again). Ann's client came back by itself,
    asking nothing more: both had asked, both were there, and no rematch ever opened."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            proxy = Proxy(int(server.address.rsplit(":", 1)[1]))
            ann, bea = Client(f"ws://127.0.0.1:{await proxy.start()}"), Client(server.address)
            await ann.connect()
            await bea.connect()
            ticket = await ann.create(Rules(), HUMANS, "Ann")
            await bea.join(ticket.code, "Bea")
            await play_out(ann, bea)
            await ann.rematch()
            proxy.cut()  # Ann's network goes away
            await table_where(bea, lambda t: not t["seats"][ticket.seat]["connected"])
            await bea.rematch()
            assert bea.table is not None and bea.table["next"] is None  # not without Ann
            proxy.up = True  # and comes back: her client takes the seat back by itself
            tables = await asyncio.gather(
                table_where(ann, lambda t: t["next"] is not None, timeout=30),
                table_where(bea, lambda t: t["next"] is not None, timeout=30),
            )
            assert ann.reconnects >= 1
            code = tables[0]["next"]
            assert tables[1]["next"] == code
            assert ann.ticket is not None and bea.ticket is not None
            tickets = await asyncio.gather(ann.rejoin(ann.ticket), bea.rejoin(bea.ticket))
            assert [t.code for t in tickets] == [code, code]
            await asyncio.gather(first_of(ann, code), first_of(bea, code))
            for client in (ann, bea):
                await client.close()
            await proxy.close()

    run_scenario(scenario())


@pytest.mark.parametrize("heard", [False, True], ids=["lost_on_the_way", "answer_lost"])
def test_a_rematch_asked_as_the_connection_drops_is_asked_again_once_back(
    tmp_path, heard: bool
) -> None:
    """Bea asked; Ann's ask went out as her connection dropped: the ask failed, and her
    final sheet said the rematch could not start. Once back, it is asked again; or, had
    the server taken it (its answer lost with the connection), the rematch began and her
    seat was taken back at its table: nothing is asked there (that match is not over)."""

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea = await seated_pair(server.address, HUMANS)
            await play_out(ann, bea)
            await bea.rematch()
            real = server._rematch
            dropped = []

            async def dropping(conn: Any, message: Any) -> None:
                if not dropped:  # the first ask: the connection drops with it
                    dropped.append(message.id)
                    conn.closing = True  # nothing more reaches Ann on it
                    if heard:
                        await real(conn, message)
                    conn.ws.transport.abort()
                    return
                await real(conn, message)

            server._rematch = dropping  # type: ignore[method-assign]
            old = ann.ticket
            assert old is not None
            await asyncio.wait_for(ann.rematch(), 30)
            assert dropped and ann.reconnects >= 1
            table = await table_where(bea, lambda t: t["next"] is not None)
            if heard:
                assert ann.ticket is not None and ann.ticket.code == table["next"]
            else:
                assert ann.ticket == old
            for client in (ann, bea):
                await client.close()

    run_scenario(scenario())


def test_a_player_the_computer_stood_in_for_who_asks_for_the_rematch_is_back(tmp_path) -> None:
    """Bea kept her turn too long and Ann let the computer play for her to the end; both
    asked for a rematch from the final sheet. Bea's seat still counted as played by the
    computer, so the rematch waited for her to come back, while her own sheet said the
    rematch's table was being laid: it never came. Asking for it is being back."""
    import dataclasses

    from tests.net.helpers import FAST

    async def scenario() -> None:
        limits = dataclasses.replace(FAST, idle_grace=0.2)
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            ann, bea = await seated_pair(server.address, HUMANS)
            assert ann.ticket is not None and bea.ticket is not None
            playing = asyncio.create_task(play_seat(ann, "greedy", seed=1))
            while True:  # Bea never plays: once her turn lasted, Ann hands her over
                try:
                    await ann.hand_over(bea.ticket.seat)
                    break
                except ServerError:
                    await asyncio.sleep(0.05)
            outcome = await playing
            assert outcome.update.status == "over"
            await table_where(bea, lambda t: t["status"] == "over")
            assert bea.table is not None and bea.table["seats"][bea.ticket.seat]["autoplay"]
            await ann.rematch()
            await bea.rematch()
            tables = await asyncio.gather(
                table_where(ann, lambda t: t["next"] is not None),
                table_where(bea, lambda t: t["next"] is not None),
            )
            assert tables[0]["next"] == tables[1]["next"]
            for client in (ann, bea):
                await client.close()

    run_scenario(scenario())


def test_the_people_at_the_host_s_screen_decline_the_rematch_with_the_host(tmp_path) -> None:
    """A second person at the host's screen ("here with you") held a seat of their own: the
    host's game killed on the final sheet, its server declined the host's seat once it
    served again, but not theirs, and the friend waited for them to ask for ever. Seated
    with the host's token, their seat goes with the host's; a token not the host's is
    refused."""

    async def scenario() -> None:
        path = str(tmp_path / "hosted.sqlite3")
        three = [{"kind": "human"}] * 3
        async with serving(open_store(path), own_tables_only=True) as server:
            ann, cai, bea = Client(server.address), Client(server.address), Client(server.address)
            for client in (ann, cai, bea):
                await client.connect()
            ticket = await ann.create(Rules(players=3), three, "Ann", start=True)
            with pytest.raises(ServerError) as refused:
                await cai.join(ticket.code, "Cai", seat=1, host="not-the-host-s-token")
            assert refused.value.code == "bad_token"
            await cai.join(ticket.code, "Cai", seat=1, host=ticket.token)
            await bea.join(ticket.code, "Bea")
            await ann.begin()
            await play_out(ann, cai, bea)
            held = server.tables[ticket.code]  # the bots said no; the host's screen has not
            for seat in (0, 1):
                held.seats[seat] = held.seats[seat].with_(declined=False)
                await server.store.set_seat(ticket.code, seat, held.seats[seat])
            await bea.rematch()
            await table_where(bea, lambda t: t["seats"][2]["rematch"])
            kept = bea.ticket
            assert kept is not None
            for client in (ann, cai, bea):
                await client.close()
        async with serving(open_store(path), own_tables_only=True) as server:  # opened again
            bea = Client(server.address)
            await bea.connect()
            await bea.rejoin(kept)
            table = await table_where(bea, lambda t: t["seats"][0]["declined"])
            assert table["seats"][1]["declined"]  # Cai too: nobody left to wait for
            assert table["next"] is None and not table["seats"][2]["declined"]
            await bea.close()

    run_scenario(scenario())


def test_a_join_refused_for_a_token_not_the_host_s_changes_nothing_at_the_table(
    tmp_path,
) -> None:
    """A join with a made-up host's token was refused, but not before the computer named
    as the joining player was renamed, for everyone and in the store: anyone with the
    table's code could rename its computers."""

    async def scenario() -> None:
        path = str(tmp_path / "hosted.sqlite3")
        seats = [{"kind": "human"}, {"kind": "computer", "level": "greedy"}, {"kind": "human"}]
        async with serving(open_store(path), own_tables_only=True) as server:
            ann, eve = Client(server.address), Client(server.address)
            for client in (ann, eve):
                await client.connect()
            ticket = await ann.create(Rules(players=3), seats, "Ann", start=True)
            computer = server.tables[ticket.code].seats[1].name
            with pytest.raises(ServerError) as refused:
                await eve.join(ticket.code, computer, host="guessed-token")
            assert refused.value.code == "bad_token"
            assert server.tables[ticket.code].seats[1].name == computer
            assert (await server.store.load(ticket.code)).seats[1].name == computer
            for client in (ann, eve):
                await client.close()

    run_scenario(scenario())


def test_a_table_kept_from_before_seats_knew_their_host_seats_the_host_s_people(
    tmp_path,
) -> None:
    """A table its host's game kept from before its seats recorded who opened it: the
    host's own token, sent for a second person at the host's screen, was refused as not
    the host's, and the host's game took that for its own seat forgotten and gave it up.
    With no seat known as the host's, a token of one of its seats seats the person; one
    of no seat there is still refused."""

    async def scenario() -> None:
        path = str(tmp_path / "hosted.sqlite3")
        three = [{"kind": "human"}] * 3
        async with serving(open_store(path), own_tables_only=True) as server:
            ann, cai, eve = Client(server.address), Client(server.address), Client(server.address)
            for client in (ann, cai, eve):
                await client.connect()
            ticket = await ann.create(Rules(players=3), three, "Ann", start=True)
            table = server.tables[ticket.code]
            table.seats[0] = table.seats[0].with_(hosts=False)  # as such a record reads
            await server.store.set_seat(ticket.code, 0, table.seats[0])
            with pytest.raises(ServerError) as refused:
                await eve.join(ticket.code, "Eve", seat=2, host="guessed-token")
            assert refused.value.code == "bad_token"
            await cai.join(ticket.code, "Cai", seat=1, host=ticket.token)
            assert table.seats[1].name == "Cai" and table.seats[1].token_hash is not None
            for client in (ann, cai, eve):
                await client.close()

    run_scenario(scenario())


def test_the_host_s_game_closed_on_the_final_sheet_plays_no_rematch(tmp_path) -> None:
    """The host's game served the table and was closed on the final sheet: it never comes
    back to that sheet (its seat is forgotten there), yet the friend who had asked for the
    rematch, back at the table once that game served again, was told to wait for the host
    to ask too, for ever. The host's seat declines it."""

    async def scenario() -> None:
        path = str(tmp_path / "hosted.sqlite3")
        async with serving(open_store(path), own_tables_only=True) as server:
            ann, bea = Client(server.address), Client(server.address)
            await ann.connect()
            await bea.connect()
            ticket = await ann.create(Rules(), HUMANS, "Ann", start=True)
            await bea.join(ticket.code, "Bea")
            await ann.begin()
            await play_out(ann, bea)
            # the bots say no at the end; the host's game at its sheet has said nothing yet
            held = server.tables[ticket.code]
            held.seats[ticket.seat] = held.seats[ticket.seat].with_(declined=False)
            await server.store.set_seat(ticket.code, ticket.seat, held.seats[ticket.seat])
            await bea.rematch()
            table = await table_where(bea, lambda t: t["seats"][1]["rematch"])
            assert not table["seats"][ticket.seat]["declined"]  # the host may still ask
            kept = bea.ticket
            assert kept is not None
            await ann.close()
            await bea.close()
        async with serving(open_store(path), own_tables_only=True) as server:  # opened again
            bea = Client(server.address)
            await bea.connect()
            await bea.rejoin(kept)
            table = await table_where(bea, lambda t: t["seats"][ticket.seat]["declined"])
            assert table["next"] is None and table["seats"][1]["rematch"]
            await bea.close()

    run_scenario(scenario())
