"""The shared store: Redis, so several server processes can serve the same tables.

Keys (all under ``scopa:``): ``t:CODE`` the table (header, owner, created, finished; next:
the table of its rematch), ``m:CODE`` its moves (a list), ``s:CODE`` its seats, ``p:CODE``
who is connected to which server, ``open:OWNER`` the unfinished tables an address opened,
``unfinished`` all of them, ``alive:SERVER`` a server's heartbeat (it expires when the
server dies, and with it the presence of everyone connected there). Changes are published
on ``scopa:changes``.

Appending a move and claiming a seat are Lua scripts, so they are atomic across servers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .store import Listener, Presence, SeatRecord, Store, StoreError, TableRecord

PREFIX = "scopa:"
CHANNEL = PREFIX + "changes"
ALIVE_SECONDS = 15
LISTEN_POLL = 0.5
"""Seconds the listener waits for a change before it checks whether the store closes."""

_APPEND = """
if redis.call('LLEN', KEYS[1]) == tonumber(ARGV[1]) then
  redis.call('RPUSH', KEYS[1], ARGV[2])
  return 1
end
return 0
"""

_CLAIM = """
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return 0 end
local seat = cjson.decode(current)
if seat['kind'] ~= 'human' or (seat['token_hash'] ~= nil and seat['token_hash'] ~= cjson.null) then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
"""


class RedisStore(Store):
    def __init__(self, url: str) -> None:
        self.url = url
        self._redis: aioredis.Redis | None = None
        self._listener_task: asyncio.Task[None] | None = None
        self._stopping = False

    @property
    def db(self) -> aioredis.Redis:
        if self._redis is None:
            raise StoreError("the store is closed")
        return self._redis

    async def open(self) -> None:
        try:
            self._redis = aioredis.from_url(self.url, decode_responses=True)
            await self._redis.ping()
            self._append = self._redis.register_script(_APPEND)
            self._claim = self._redis.register_script(_CLAIM)
        except (RedisError, OSError, ValueError) as error:
            raise StoreError(f"cannot reach the table store {self.url}: {error}") from None

    async def close(self) -> None:
        self._stopping = True
        if self._listener_task is not None:
            try:
                await asyncio.wait_for(self._listener_task, LISTEN_POLL * 3)
            except (TimeoutError, Exception):
                self._listener_task.cancel()
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None

    async def create(self, table: TableRecord) -> bool:
        key = PREFIX + "t:" + table.code
        try:
            if not await self.db.hsetnx(key, "header", table.header):
                return False
            pipe = self.db.pipeline(transaction=True)
            pipe.hset(
                key,
                mapping={"owner": table.owner, "created": repr(table.created), "finished": "0"},
            )
            pipe.hset(
                PREFIX + "s:" + table.code,
                mapping={str(n): json.dumps(seat.to_dict()) for n, seat in enumerate(table.seats)},
            )
            if table.moves:
                pipe.rpush(PREFIX + "m:" + table.code, *table.moves)
            pipe.sadd(PREFIX + "unfinished", table.code)
            pipe.sadd(PREFIX + "open:" + table.owner, table.code)
            await pipe.execute()
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None
        return True

    async def load(self, code: str) -> TableRecord | None:
        try:
            pipe = self.db.pipeline(transaction=True)
            pipe.hgetall(PREFIX + "t:" + code)
            pipe.hgetall(PREFIX + "s:" + code)
            pipe.lrange(PREFIX + "m:" + code, 0, -1)
            row, seats, moves = await pipe.execute()
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None
        if not row or "owner" not in row:
            return None
        try:
            records = tuple(
                SeatRecord.from_dict(json.loads(seats[key])) for key in sorted(seats, key=int)
            )
            created = float(row["created"])
        except (ValueError, KeyError, TypeError) as error:
            raise StoreError(f"table {code}: damaged: {error}") from None
        return TableRecord(
            code, row["header"], records, row["owner"], created, tuple(moves),
            row.get("finished") == "1", row.get("next"),
        )  # fmt: skip

    async def unfinished(self) -> list[str]:
        try:
            return sorted(await self.db.smembers(PREFIX + "unfinished"))
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def append_move(self, code: str, at: int, move: str) -> bool:
        try:
            done = await self._append(keys=[PREFIX + "m:" + code], args=[at, move])
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None
        return bool(done)

    async def set_next(self, code: str, next_code: str) -> bool:
        try:
            return bool(await self.db.hsetnx(PREFIX + "t:" + code, "next", next_code))
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def set_seat(self, code: str, seat: int, record: SeatRecord) -> None:
        try:
            await self.db.hset(PREFIX + "s:" + code, str(seat), json.dumps(record.to_dict()))
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def claim_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        try:
            done = await self._claim(
                keys=[PREFIX + "s:" + code], args=[str(seat), json.dumps(record.to_dict())]
            )
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None
        return bool(done)

    async def finish(self, code: str) -> None:
        try:
            owner = await self.db.hget(PREFIX + "t:" + code, "owner")
            pipe = self.db.pipeline(transaction=True)
            pipe.hset(PREFIX + "t:" + code, "finished", "1")
            pipe.srem(PREFIX + "unfinished", code)
            if owner is not None:
                pipe.srem(PREFIX + "open:" + owner, code)
            await pipe.execute()
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def open_tables_of(self, owner: str) -> int:
        try:
            return int(await self.db.scard(PREFIX + "open:" + owner))
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def open_tables(self, owner: str) -> list[tuple[str, float]]:
        try:
            codes = sorted(await self.db.smembers(PREFIX + "open:" + owner))
            pipe = self.db.pipeline(transaction=False)
            for code in codes:
                pipe.hget(PREFIX + "t:" + code, "created")
            created = await pipe.execute() if codes else []
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None
        found = [(code, float(when or 0.0)) for code, when in zip(codes, created)]
        return sorted(found, key=lambda entry: entry[1])

    async def set_presence(self, code: str, seat: int, server: str | None) -> None:
        entry = json.dumps({"server": server, "since": time.time()})
        try:
            await self.db.hset(PREFIX + "p:" + code, str(seat), entry)
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def presence(self, code: str) -> dict[int, Presence]:
        try:
            entries = {
                int(seat): json.loads(text)
                for seat, text in (await self.db.hgetall(PREFIX + "p:" + code)).items()
            }
            servers = sorted({e["server"] for e in entries.values() if e["server"] is not None})
            alive = await self.db.mget([PREFIX + "alive:" + s for s in servers]) if servers else []
        except (RedisError, ValueError, KeyError) as error:
            raise StoreError(f"{self.url}: {error}") from None
        living = {server for server, flag in zip(servers, alive) if flag}
        return {
            seat: Presence(entry["server"] in living, float(entry["since"]))
            for seat, entry in entries.items()
        }

    async def heartbeat(self, server: str) -> None:
        try:
            await self.db.set(PREFIX + "alive:" + server, "1", ex=ALIVE_SECONDS)
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def publish(self, code: str, origin: str, change: dict[str, Any]) -> None:
        message = json.dumps({"code": code, "origin": origin, "change": change})
        try:
            await self.db.publish(CHANNEL, message)
        except RedisError as error:
            raise StoreError(f"{self.url}: {error}") from None

    async def listen(self, origin: str, listener: Listener) -> None:
        pubsub = self.db.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        ready = asyncio.Event()

        async def pump() -> None:
            # get_message with a timeout, not listen(): a cancelled listen() can hang.
            try:
                ready.set()
                while not self._stopping:
                    message = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=LISTEN_POLL
                    )
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        data = json.loads(message["data"])
                        code, change = str(data["code"]), dict(data["change"])
                        if data["origin"] == origin:
                            continue
                    except (ValueError, KeyError, TypeError):
                        continue
                    await listener(code, change)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

        self._listener_task = asyncio.create_task(pump())
        await ready.wait()

    def __repr__(self) -> str:
        return f"RedisStore({self.url!r})"
