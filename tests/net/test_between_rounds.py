"""Between two rounds: the next round's first play waits for the players whose windows show
the score sheet, until each says it was read (``ready``), leaves, or a minute passes; a
player who shows no sheet (a bot) is never waited for."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from scopa.engine import RoundScored, Rules
from scopa.net import server as server_module
from scopa.net.client import Client, ServerError, Update
from scopa.net.protocol import Limits
from scopa.net.store import open_store
from tests.net.helpers import run_scenario, serving
from tests.net.test_rematch import table_where

HUMANS = [{"kind": "human"}, {"kind": "human"}]
WITH_COMPUTER = [{"kind": "human"}, {"kind": "human"}, {"kind": "computer", "level": "greedy"}]


async def to_round_end(players: list[Client], after: int = -1) -> Update:
    """Play every seat's first legal move until a round is scored after move ``after``;
    its last update."""
    latest = {number: p.last for number, p in enumerate(players) if p.last is not None}
    while True:
        for number, player in enumerate(players):
            while True:
                try:
                    update = await player.next_update(0.02)
                except TimeoutError:
                    break
                latest[number] = update
                scored = any(isinstance(event, RoundScored) for event in update.events)
                if scored and update.at > after:
                    return update
        for number, player in enumerate(players):
            update = latest.get(number)
            if update is not None and update.my_turn and update.at == player.last.at:
                del latest[number]
                try:
                    await player.play(update.observation.legal_moves[0], update.at)
                except ServerError as error:
                    assert error.code == "stale"


async def seated(address: str, seats: list[dict[str, Any]], sheets: bool) -> list[Client]:
    ann, bea = Client(address, sheets=sheets), Client(address)
    await ann.connect()
    await bea.connect()
    ticket = await ann.create(Rules().with_(players=len(seats)), seats, "Ann")
    await bea.join(ticket.code, "Bea")
    return [ann, bea]


def test_the_next_round_waits_for_the_player_reading_the_score_sheet(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea = await seated(server.address, WITH_COMPUTER, sheets=True)
            end = await to_round_end([ann, bea])
            table = await table_where(bea, lambda t: t["reading"] == [0])
            at = table["at"]
            assert end.at == at
            await asyncio.sleep(0.5)  # neither the computer nor Bea plays meanwhile
            for player in (ann, bea):
                turn = player.last
                assert turn is not None and turn.at == at
                if turn.my_turn:
                    try:
                        await player.play(turn.observation.legal_moves[0], at)
                    except ServerError as error:
                        assert error.code == "reading"
                    else:
                        raise AssertionError("a play was taken while Ann read the sheet")
            await ann.ready()
            await table_where(bea, lambda t: t["reading"] == [])
            await to_round_end([ann, bea], after=at)  # the next round plays
            for player in (ann, bea):
                await player.close()

    run_scenario(scenario())


def test_a_player_who_shows_no_score_sheet_is_not_waited_for(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            players = await seated(server.address, HUMANS, sheets=False)
            first = await to_round_end(players)
            assert players[0].table is not None and players[0].table["reading"] == []
            await to_round_end(players, after=first.at)
            for player in players:
                await player.close()

    run_scenario(scenario())


def test_a_reader_who_leaves_or_reads_too_long_is_not_waited_for(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(server_module, "READING_MOST", 0.6)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea = await seated(server.address, HUMANS, sheets=True)
            first = await to_round_end([ann, bea])
            await table_where(bea, lambda t: t["reading"] == [0])
            await table_where(bea, lambda t: t["reading"] == [], timeout=5)  # too long
            await to_round_end([ann, bea], after=first.at)
            await table_where(bea, lambda t: t["reading"] == [0])
            await ann.close()  # gone: the round goes on (Bea may let the computer play)
            await table_where(bea, lambda t: t["reading"] == [])
            await bea.close()

    run_scenario(scenario())


def test_while_every_player_reads_the_sheet_nobody_waits_and_the_clock_does_not_run(
    tmp_path, monkeypatch
) -> None:
    """Friends chatting over the score sheet (or its review) found the next round begun
    behind their backs a minute after the round ended, the computers' first cards played
    unseen. The minute now counts from when someone waits: the first to read it."""
    monkeypatch.setattr(server_module, "READING_MOST", 0.6)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea = Client(server.address, sheets=True), Client(server.address, sheets=True)
            await ann.connect()
            await bea.connect()
            ticket = await ann.create(Rules().with_(players=3), WITH_COMPUTER, "Ann")
            await bea.join(ticket.code, "Bea")
            first = await to_round_end([ann, bea])
            await table_where(bea, lambda t: t["reading"] == [0, 1])
            await asyncio.sleep(2.0)  # over three times the wait: both still read
            assert ann.table is not None and ann.table["reading"] == [0, 1]
            assert ann.table["at"] == first.at
            await ann.ready()  # Ann waits for Bea now: the minute runs
            await table_where(bea, lambda t: t["reading"] == [1])
            await table_where(bea, lambda t: t["reading"] == [], timeout=5)
            await to_round_end([ann, bea], after=first.at)
            for player in (ann, bea):
                await player.close()

    run_scenario(scenario())


def test_a_friend_back_after_the_round_ended_waits_a_minute_at_most(tmp_path, monkeypatch):
    """Bea away as the round ended (the computer playing for her), Ann at the score sheet:
    nobody waited for Ann then, so the minute did not start, and nothing started it when
    Bea came back. Her ready was passed over, her plays refused (the sheet being read), and
    the table waited for Ann for ever."""
    monkeypatch.setattr(server_module, "READING_MOST", 0.6)
    limits = Limits(rate=1000.0, burst=1000, flood_strikes=1000, away_grace=0.3)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db")), limits) as server:
            ann, bea = Client(server.address, sheets=True), Client(server.address, sheets=True)
            await ann.connect()
            await bea.connect()
            ticket = await ann.create(Rules().with_(players=3), WITH_COMPUTER, "Ann")
            seat = await bea.join(ticket.code, "Bea")
            await bea.close()
            await asyncio.sleep(0.5)
            await ann.hand_over(seat.seat)  # the computer plays for Bea
            end = await to_round_end([ann])
            await table_where(ann, lambda t: t["reading"] == [0] and t["at"] == end.at)
            bea = Client(server.address, sheets=True)
            await bea.connect()
            await bea.rejoin(seat)  # back, and waiting for Ann
            await table_where(bea, lambda t: t["reading"] == [], timeout=5)
            await bea.ready()  # nothing to read: said all the same, and passed over
            await ann.close()
            await bea.close()

    run_scenario(scenario())


class SlowComputers(ThreadPoolExecutor):
    """The computers' pool, made to think ``thinking`` seconds per move."""

    def __init__(self) -> None:
        super().__init__(1)
        self.thinking = 0.0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        def slowly() -> Any:
            time.sleep(self.thinking)
            return fn(*args, **kwargs)

        return super().submit(slowly)


def test_a_server_closing_while_a_player_reads_the_sheet_starts_no_more_play(
    tmp_path, caplog
) -> None:
    """The reader's connection, closed by the server closing, stops the wait for the sheet;
    that once let the computers play on into the store being closed under them (the
    process could crash)."""

    computers = SlowComputers()

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db")), pool=computers) as server:
            ann = Client(server.address, sheets=True)
            await ann.connect()
            seats = [{"kind": "human"}, *[{"kind": "computer", "level": "greedy"}] * 2]
            await ann.create(Rules().with_(players=3), seats, "Ann")
            end = await to_round_end([ann])
            while end.my_turn:  # a round that a computer begins
                await ann.ready()
                end = await to_round_end([ann], after=end.at)
            await table_where(ann, lambda t: t["reading"] == [0])
            computers.thinking = 0.2  # the server closes as a computer thinks
        await asyncio.sleep(0.5)
        serving_still = [
            task.get_coro().__qualname__  # type: ignore[union-attr]
            for task in asyncio.all_tasks()
            if task.get_coro().__qualname__.startswith("GameServer.")  # type: ignore[union-attr]
        ]
        assert serving_still == []

    with caplog.at_level(logging.ERROR, logger="scopa.net"):
        run_scenario(scenario())
    assert [record.getMessage() for record in caplog.records] == []


def test_a_bot_opening_a_round_waits_for_the_sheet_read_then_plays(tmp_path, monkeypatch) -> None:
    """``scopa bot`` first to play a round while a person still read the last one's sheet:
    its play was refused ("reading") and the bot quit the match, then again each time it
    was started back until the reading was over. At the match's end it left the others
    waiting for it to ask for a rematch it never asks for: it says there will be none."""
    from scopa.net.bot import play_seat

    monkeypatch.setattr("scopa.net.table.new_seed", lambda: OPENED_BY_A_BOT)

    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db"))) as server:
            ann, bea, cid = (Client(server.address, sheets=n == 0) for n in range(3))
            for client in (ann, bea, cid):
                await client.connect()
            ticket = await ann.create(Rules(players=3), [{"kind": "human"}] * 3, "Ann")
            await bea.join(ticket.code, "Bea")
            await cid.join(ticket.code, "Cid")
            end = await to_round_end([ann, bea, cid])
            await table_where(bea, lambda t: t["reading"] == [0])
            turn = end.observation.turn  # the next round's first to play: a bot
            assert turn != 0
            bots = [asyncio.ensure_future(play_seat(c, "greedy", seed=n))
                    for n, c in enumerate((bea, cid))]  # fmt: skip
            await asyncio.sleep(1.0)
            assert not any(bot.done() for bot in bots), [b.exception() for b in bots if b.done()]
            assert ann.table is not None and ann.table["at"] == end.at  # it waited
            await ann.ready()
            while not all(bot.done() for bot in bots):  # Ann plays, the bots play to the end
                if ann.table is not None and 0 in ann.table["reading"]:
                    await ann.ready()  # each round's sheet read
                turn = ann.last
                if turn is not None and turn.my_turn and not ann.table["reading"]:
                    with contextlib.suppress(ServerError):
                        await ann.play(turn.observation.legal_moves[0], turn.at)
                await asyncio.sleep(0.05)
            outcomes = await asyncio.gather(*bots)
            assert all(outcome.update.status == "over" for outcome in outcomes)
            declined = await table_where(
                ann, lambda t: t["seats"][1]["declined"] and t["seats"][2]["declined"]
            )
            assert declined["next"] is None
            for client in (ann, bea, cid):
                await client.close()

    run_scenario(scenario())


OPENED_BY_A_BOT = 3
"""A shuffle of three whose second round a bot opens (its first played with the first
legal moves)."""
