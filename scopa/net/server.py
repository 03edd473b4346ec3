"""The server: it holds every match, checks every action, and sends each connection only
what its seat may see.

One asyncio event loop serves every connection (``websockets``). Each connection has a
reader (one message at a time, checked against the limits before anything else) and a
writer draining its own queue, so a slow client never holds a table up. Moves of one table
are taken one at a time under the table's lock: checked, recorded in the store (a
compare-and-append), applied, then sent. Computer seats decide in a worker pool.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import http
import ipaddress
import logging
import secrets
import ssl
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from scopa.engine import Move, RoundScored, ScopaError

from . import codes
from .computer import choose_move, default_workers, make_pool
from .discovery import lan_address
from .protocol import (
    PING_EVERY,
    PING_WAIT,
    Bucket,
    Limits,
    Message,
    ProtocolError,
    check_level,
    check_name,
    check_phrase,
    dumps,
    error_message,
    parse_client,
    said_of,
    server_message,
)
from .store import SeatRecord, Store, StoreError
from .table import (
    Table,
    computer_name,
    distinct_name,
    new_table,
    read_rules,
    read_seats,
    rematch_seats,
    renamed_computers,
)

log = logging.getLogger("scopa.net")

SERVER_NAME = "scopa"
OUTBOX = 512
"""Frames waiting for a client that does not read; past this the connection is closed."""
WATCH_NEWS_SECONDS = 1.0
"""How long the players wait to hear that spectators came or went: all at once."""
UNLOAD_AFTER = 600.0
"""Seconds an unwatched table stays in memory after its last connection left."""
LEFT_AFTER = 3600.0
"""Seconds after which an unfinished table nobody came to or left stops counting against
the address that opened it (``GameServer._open_tables_of``)."""
UNPLAYED_LEFT_AFTER = 600.0
"""The same for a table where no card was played yet (opened, and left before its friends
came): eight opened and left by one address kept everyone behind it (a school, a café)
from opening a table for an hour."""
RESUMED_SHARE = 4
"""A server started on a store resumes at most this fraction of its ``max_tables`` (the
tables opened last): the others (tables left unfinished for good pile up over the months)
are held again as someone comes back to them, and never keep the server from starting."""
STAND_IN_LEVEL = "expert"
"""How the computer plays a seat handed over to it (its player gone, or away from the
screen): whoever hands it over does not choose a weaker opponent."""
HEARTBEAT = 5.0
OPEN_TIMEOUT = 5.0
"""Seconds a new connection has to finish its opening handshake."""
ACCEPTED_PER_ADDRESS = 2
"""Connections an address may have open, handshake or not, as a multiple of the players'
connections it may have (``Limits.connections_per_address``)."""
MOST_FILES = 65536
"""The open files the server asks the system to allow the process, if it may."""
ACCEPT_LOG_EVERY = 60.0
"""Seconds between two log lines about connections that could not be accepted."""
CLOSE_WAIT = 2.0
"""Seconds a closed connection's peer has to answer the close before it is cut off."""
MAX_PLAYED_FOR = 40
"""The most moves played for an away seat that are told to its player as they come back
(the latest: a match of six deals has fewer for one seat)."""
REMATCH_WAIT = 15.0
"""Seconds the computers of a rematch wait for its players to come over from the match
before (a window closed on the way is not waited for longer)."""
READING_MOST = 60.0
"""Seconds the next round waits for players still reading the score sheet (or the review
opened from it) once someone waits for them (a player who read it, left, or shows no
sheet): then it begins without them, their windows catching up as they return. While every
player is still at the sheet, nobody waits, and neither does the clock."""
MAX_REMATCHES_FOLLOWED = 100
"""Rematches a rejoin follows from the table it names to the latest one."""
COLLECT_AFTER = (10_000, 2, 20)
"""``gc.set_threshold`` of a serving process. A busy server holds some hundred thousand
objects (connections, tables) and makes little cyclic garbage; with Python's thresholds
(700, 10, 10) its collector stopped every table ten times a second, for tens of
milliseconds every second or so and for about 100 ms (the whole heap) every quarter minute.
These do a quarter of that work, in stops of 10 to 40 ms some seconds apart: the young
collections are rarer, and every other one takes the middle generation along, so that what
a burst of new connections left there is never walked all at once."""


def _is_loopback(address: str) -> bool:
    """Whether a peer's address is this computer's own."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return (mapped or ip).is_loopback


class Connection:
    """One client: its limits, its seat, and the queue of frames going to it."""

    def __init__(self, ws: ServerConnection, address: str, limits: Limits) -> None:
        self.ws = ws
        self.address = address
        self.limits = limits
        self.last_id = 0
        self.bucket = Bucket(limits.burst, 1 / limits.rate, time.monotonic())
        self.strikes = 0
        self.bad = 0
        self.table: Table | None = None
        self.seat: int | None = None
        self.watching = False
        self.sheets = False
        """This window shows each round's score sheet (the next round waits for it)."""
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False
        self.writer_task: asyncio.Task[None] | None = None

    def send(self, data: dict[str, Any]) -> None:
        self.send_text(dumps(data))

    def send_text(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= OUTBOX:
            # A client that cannot keep up is cut off at once: its reader, waiting for a
            # frame that may never come, ends now, so the others see it gone (and it, its
            # connection lost, comes back up to date) rather than a seat that hears nothing.
            self.closing = True
            self.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                self.ws.transport.abort()
            return
        self.outbox.put_nowait(text)

    def allow(self) -> bool:
        """Spend one message from the rate bucket."""
        return self.bucket.take(time.monotonic())

    async def writer(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            await self.ws.send(text)

    async def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close the connection."""
        self.closing = True
        self.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            if self.writer_task is not None:
                await asyncio.wait_for(self.writer_task, 5)
        try:
            await asyncio.wait_for(self.ws.close(code, reason), CLOSE_WAIT)
        except Exception:  # a peer that does not answer the close is cut off
            self.ws.transport.abort()


def _at_host(table: Table, token: Any) -> bool:
    """Whether a person joining ``table`` with ``token`` (the host's, or None) sits at the
    screen of its host; a token that is not the host's is refused. A table kept from
    before its seats recorded who opened it knows no host: a token of one of its seats
    seats the person (not as the host's)."""
    if token is None:
        return False
    hashed = codes.token_hash(str(token))
    if any(seat.hosts and seat.token_hash == hashed for seat in table.seats):
        return True
    if not any(seat.hosts for seat in table.seats) and any(
        seat.token_hash == hashed for seat in table.seats
    ):
        return False
    raise ProtocolError("bad_token", "that is not the token of this table's host")


class GameServer:
    """Every table this process serves (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        limits: Limits | None = None,
        *,
        workers: int | None = None,
        pool: Executor | None = None,
        clock: Callable[[], float] = time.time,
        own_tables_only: bool = False,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.own_tables_only = own_tables_only
        """A game's own server: tables are opened from this computer only (its player
        hosting); friends on the network join them, and open none of their own (anyone on
        the network could otherwise load the player's computer with tables of computers)."""
        self.id = secrets.token_hex(6)
        self.clock = clock
        self._workers = default_workers() if workers is None else workers
        self.pool = pool
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.players: dict[str, dict[int, Connection]] = {}
        self.watchers: dict[str, set[Connection]] = {}
        self.emptied: dict[str, float] = {}
        self.driving: dict[str, asyncio.Task[None]] = {}
        self.per_address: collections.Counter[str] = collections.Counter()
        self.accepted: collections.Counter[str] = collections.Counter()
        """Connections open per address, from their acceptance, handshake or not."""
        self.ws_server: WsServer | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._watch_news: set[str] = set()
        """The tables whose spectators came or went and the players are not yet told."""
        self._closing = False
        """Closing: no computer starts to play any more."""
        self._reading_timed: dict[str, int] = {}
        """The tables whose wait for the players at the score sheet is timed, with the move
        it follows (``_time_reading``)."""
        self.chatter: dict[str, dict[int, Bucket]] = {}
        """By table, each seat's quick messages (kept by seat, not by connection: a
        connection opened again starts with no more than it had)."""
        self._said = 0
        """Quick messages sent from this server: each one's number (``said``'s ``n``)."""
        self.played_out: set[str] = set()
        """The codes of the tables whose match ended here, played to its end: read from
        other threads (a game hosting tables asks whether its host's table still waits)."""
        welcome = server_message(
            "welcome", server=SERVER_NAME, versions=[1], limits=self.limits.public()
        )
        self._welcome = dumps(welcome)
        """The first message of every connection, written once."""

    # --- life ------------------------------------------------------------------------------

    async def start(
        self, host: str = "127.0.0.1", port: int = 8765, ssl_context: ssl.SSLContext | None = None
    ) -> tuple[str, int]:
        """Open the store, resume its tables, listen; return the address bound."""
        await self.store.open()
        if self.pool is None:
            self.pool = await asyncio.get_running_loop().run_in_executor(
                None, make_pool, self._workers
            )
        await self.store.heartbeat(self.id)
        await self.store.listen(self.id, self._on_change)
        unfinished = await self.store.unfinished()
        resumed = self.limits.max_tables // RESUMED_SHARE
        for code in unfinished[max(0, len(unfinished) - resumed) :]:
            try:
                await self._load(code)
            except StoreError as error:
                log.error("table %s not resumed: %s", code, error)
            except ProtocolError:  # full (other servers' tables): the rest wait to be asked for
                break
        _more_files()
        _quiet_accept_failures(asyncio.get_running_loop())
        self.ws_server = await serve(
            self._serve,
            host,
            port,
            ssl=ssl_context,
            open_timeout=OPEN_TIMEOUT,
            create_connection=self._accepted_connection(),
            max_size=self.limits.hard_max_message,
            max_queue=8,
            compression=None,
            ping_interval=PING_EVERY,
            ping_timeout=PING_WAIT,
            close_timeout=CLOSE_WAIT,
            process_request=self._admit,
            server_header=SERVER_NAME,
        )
        self._tasks.append(asyncio.create_task(self._housekeeping()))
        sockname = next(iter(self.ws_server.sockets)).getsockname()
        return sockname[0], sockname[1]

    async def close(self) -> None:
        """Stop every table's play, let every connection go, then close the store (no call
        to the store may be left running: a closed store under it could crash the
        process)."""
        self._closing = True
        await self._stop_tasks()
        if self.ws_server is not None:
            self.ws_server.close()
            await self.ws_server.wait_closed()
        await self._stop_tasks()  # what the connections ending started (a goodbye frame)
        await self.store.close()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    async def _stop_tasks(self) -> None:
        for task in [*self._tasks, *self.driving.values()]:
            task.cancel()
        for task in [*self._tasks, *self.driving.values()]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _housekeeping(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.store.heartbeat(self.id)
            except StoreError as error:
                log.error("heartbeat: %s", error)
            now = time.monotonic()
            self._tasks = [task for task in self._tasks if not task.done()]
            for code, since in list(self.emptied.items()):
                table = self.tables.get(code)
                if table is None:
                    self.emptied.pop(code, None)
                elif table.computer_to_play() is None and (
                    table.status == "over" or now - since > UNLOAD_AFTER
                ):
                    self._unload(code)

    def _unload(self, code: str) -> None:
        if self.players.get(code) or self.watchers.get(code):
            self.emptied.pop(code, None)
            return
        self.tables.pop(code, None)
        self._reading_timed.pop(code, None)
        self.locks.pop(code, None)
        self.players.pop(code, None)
        self.watchers.pop(code, None)
        self.emptied.pop(code, None)
        self.driving.pop(code, None)
        self.chatter.pop(code, None)

    # --- connections -----------------------------------------------------------------------

    def _accepted_connection(self) -> type[ServerConnection]:
        """The connections this server makes, each counted against its address from the
        moment it is accepted: one that never finishes its opening handshake holds a file
        descriptor as much as a player does. Past ``ACCEPTED_PER_ADDRESS`` times the
        address's limit of players' connections, a new one is dropped at once (else one
        address could take every file descriptor the process may open, and nobody else
        could connect)."""
        accepted = self.accepted
        most = ACCEPTED_PER_ADDRESS * self.limits.connections_per_address

        class Counted(ServerConnection):
            counted = ""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                address = _host_of(transport.get_extra_info("peername"))
                if accepted[address] >= most:
                    transport.abort()
                    return
                accepted[address] += 1
                self.counted = address

            def connection_lost(self, exc: Exception | None) -> None:
                if self.counted:
                    accepted[self.counted] -= 1
                    if accepted[self.counted] <= 0:
                        del accepted[self.counted]
                    self.counted = ""
                super().connection_lost(exc)

        return Counted

    def _admit(self, ws: ServerConnection, request: Request) -> Response | None:
        address = _address_of(ws)
        if self.per_address[address] >= self.limits.connections_per_address:
            return ws.respond(http.HTTPStatus.TOO_MANY_REQUESTS, "too many connections\n")
        return None

    async def _serve(self, ws: ServerConnection) -> None:
        address = _address_of(ws)
        self.per_address[address] += 1
        conn = Connection(ws, address, self.limits)
        writer = conn.writer_task = asyncio.create_task(conn.writer())
        try:
            conn.send_text(self._welcome)
            await self._read(conn)
        except ConnectionClosed:
            pass
        finally:
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            await self._leave(conn)
            conn.closing = True
            conn.outbox.put_nowait(None)
            with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    async def _read(self, conn: Connection) -> None:
        limits = self.limits
        while not conn.closing:
            seated = conn.table is not None
            wait = limits.idle_timeout if seated else limits.seat_timeout
            try:
                async with asyncio.timeout(wait):  # no task per message, as wait_for makes
                    frame = await conn.ws.recv()
            except TimeoutError:
                await self._refuse(conn, ProtocolError("idle", fatal=True), None)
                return
            parsed: Message | ProtocolError
            try:
                parsed = parse_client(frame, limits)
            except ProtocolError as refused:
                parsed = refused
            message = parsed if isinstance(parsed, Message) else None
            replayed = message is not None and message.id <= conn.last_id
            if message is not None and not replayed:
                conn.last_id = message.id  # received, even if refused below
            if not conn.allow():
                conn.strikes += 1
                fatal = conn.strikes >= limits.flood_strikes
                limited = ProtocolError("rate_limited", fatal=fatal)
                await self._refuse(conn, limited, message.id if message else None)
                if fatal:
                    return
                continue  # the message is dropped: its sender sends it again, with a new id
            conn.strikes = 0
            try:
                if message is None:
                    raise parsed  # type: ignore[misc]
                if replayed:
                    raise ProtocolError("replayed", f"message {message.id} was already received")
                await self._handle(conn, message)
            except ProtocolError as error:
                conn.bad += 1
                if conn.bad >= limits.bad_messages and not error.fatal:
                    error = ProtocolError("abuse", fatal=True)
                await self._refuse(conn, error, message.id if message else error.re)
                if error.fatal:
                    return
            except StoreError as error:
                log.error("store: %s", error)
                failed = ProtocolError("internal", "the store failed")
                conn.send(error_message(failed, message.id if message else None))
            except Exception:  # a fault of the server's own: said, logged, and served on
                log.exception("message %s failed", message.type if message else "?")
                failed = ProtocolError("internal")
                conn.send(error_message(failed, message.id if message else None))

    async def _refuse(self, conn: Connection, error: ProtocolError, re: int | None) -> None:
        conn.send(error_message(error, re))
        if error.fatal:
            await conn.close(1008, error.code)

    async def _handle(self, conn: Connection, message: Message) -> None:
        kind = message.type
        if kind == "ping":
            conn.send(server_message("pong", re=message.id))
        elif kind == "create":
            await self._create(conn, message)
        elif kind == "join":
            await self._join(conn, message)
        elif kind == "rejoin":
            await self._rejoin(conn, message)
        elif kind == "watch":
            await self._watch(conn, message)
        elif kind == "sit":
            await self._sit(conn, message)
        elif kind == "rename":
            await self._rename(conn, message)
        elif kind == "start":
            await self._start(conn, message)
        elif kind == "remove":
            await self._remove(conn, message)
        elif kind == "seat_kind":
            await self._seat_kind(conn, message)
        elif kind == "vacate":
            await self._vacate(conn, message)
        elif kind == "play":
            await self._play(conn, message)
        elif kind == "hand_over":
            await self._hand_over(conn, message)
        elif kind == "back":
            await self._back(conn, message)
        elif kind == "rematch":
            await self._rematch(conn, message)
        elif kind == "no_rematch":
            await self._no_rematch(conn, message)
        elif kind == "ready":
            await self._ready(conn, message)
        elif kind == "say":
            await self._say(conn, message)
        elif kind == "sync":
            table = self._table_of(conn)
            await self._send_table(table, only=conn, re=message.id)
            conn.send_text(table.state_frames([], "sync").text(conn.seat, re=message.id))
        elif kind == "leave":
            await self._leave(conn)
            conn.send(server_message("ok", re=message.id))

    # --- sitting down ----------------------------------------------------------------------

    def _table_of(self, conn: Connection) -> Table:
        if conn.table is None:
            raise ProtocolError("not_seated")
        return conn.table

    async def _find(self, text: str) -> Table:
        try:
            code = codes.normalize_code(text)
        except codes.AddressError as error:
            raise ProtocolError("no_table", str(error)) from None
        table = self.tables.get(code)
        if table is None:
            table = await self._load(code)
        if table is None:
            raise ProtocolError("no_table", f"no table has the code {code}")
        if table.ended:  # closed in the lobby, or its match ended unfinished
            raise ProtocolError("closed" if table.status == "waiting" else "ended")
        return table

    async def _load(self, code: str, *, kick: bool = True) -> Table | None:
        record = await self.store.load(code)
        if record is None:
            return None
        if code in self.tables:  # loaded meanwhile
            return self.tables[code]
        table = self._hold(Table(record), kick=kick)
        if self.own_tables_only and code not in self.played_out:
            await self._host_gone(table)
        return table

    async def _host_gone(self, table: Table) -> None:
        """A table whose match was played out before this server started, served by its
        host's own game: that game forgets its seats at the final sheet, so its host (and
        the people at the host's screen) never come back to ask for a rematch (their game
        was closed on the sheet). Their seats decline it, as a player leaving the sheet
        does, so that the friends are told there is none rather than waiting for ever."""
        async with self.locks[table.code]:
            if table.status != "over" or table.next is not None or table.ended:
                return
            for number, seat in enumerate(table.seats):
                if seat.kind == "human" and seat.hosts and not seat.declined:
                    table.seats[number] = seat.with_(declined=True, rematch=False)
                    await self.store.set_seat(table.code, number, table.seats[number])

    def _hold(self, table: Table, *, kick: bool = True) -> Table:
        """Serve ``table`` from now on."""
        if len(self.tables) >= self.limits.max_tables:
            raise ProtocolError("server_full")
        self.tables[table.code] = table
        self.locks[table.code] = asyncio.Lock()
        self.emptied[table.code] = time.monotonic()
        if kick:
            self._kick(table)
        return table

    async def end(self, code: str, seat: int) -> bool:
        """End the match at the table ``code`` for good, unfinished, for its host in
        ``seat`` (the game that hosts the table asks, not a connection): everyone at it is
        told and let go, and whoever comes back to it is told too. False: no such table."""
        table = self.tables.get(code) or await self._load(code, kick=False)
        if table is None or not 0 <= seat < len(table.seats):
            return False
        async with self.locks[code]:
            if not table.ended:
                record = table.seats[seat].with_(ended=True)
                table.seats[seat] = record
                await self.store.set_seat(code, seat, record)
                await self.store.finish(code)
                log.info("table %s: its host ended the match", code)
        ended = error_message(ProtocolError("ended", fatal=True), None)
        for conn in [*self.players.get(code, {}).values(), *self.watchers.get(code, ())]:
            self._drop(conn)
            conn.send(ended)
            self._tasks.append(asyncio.create_task(conn.close(1008, "ended")))
        return True

    async def _create(self, conn: Connection, message: Message) -> None:
        if conn.table is not None:
            raise ProtocolError("already_seated")
        conn.sheets = bool(message.get("sheets", False))
        rules = read_rules(message["rules"])
        name = check_name(message["name"])
        seats = list(read_seats(message["seats"], rules, (name,)))
        mine = message.get("seat", 0)
        if not 0 <= mine < len(seats) or seats[mine].kind != "human":
            raise ProtocolError("bad_message", "your seat must be one of the human seats")
        if self.own_tables_only and not _is_loopback(conn.address):
            raise ProtocolError("hosts_own")
        if len(self.tables) >= self.limits.max_tables:
            raise ProtocolError("server_full")
        if await self._open_tables_of(conn.address) >= self.limits.tables_per_address:
            raise ProtocolError(
                "too_many_tables",
                f"an address may have {self.limits.tables_per_address} unfinished tables",
            )
        token = codes.new_token()
        name = distinct_name(name, seats, mine)
        starts = bool(message.get("start", False))  # the host says when the match begins
        seats[mine] = seats[mine].with_(
            name=name, token_hash=codes.token_hash(token), starts=starts, hosts=True
        )
        while True:
            record, table = new_table(codes.new_code(), rules, tuple(seats), conn.address)
            if await self.store.create(record):
                break
        table = self._hold(table, kick=False)  # the match starts once seated
        if table.status == "over":  # decided by the opening table (Cirulla's Luzzati rules)
            await self.store.finish(table.code)
            self.played_out.add(table.code)
        log.info("table %s opened by %s: %d seats", record.code, conn.address, rules.players)
        await self._seat(conn, table, mine, token, message.id, starts=table.status == "playing")

    async def _open_tables_of(self, owner: str) -> int:
        """The unfinished tables ``owner`` opened that still count against it. Past the
        limit, a table left for ``LEFT_AFTER`` seconds (``UNPLAYED_LEFT_AFTER`` where no
        card was played: nobody came or went, nobody is there) no longer counts: it is
        marked finished, though it can still be joined; else a host whose friends never
        came, or who left matches unfinished, could never open another table."""
        count = await self.store.open_tables_of(owner)
        if count < self.limits.tables_per_address:
            return count
        now = self.clock()
        for code, created in await self.store.open_tables(owner):
            if self.players.get(code) or self.watchers.get(code):
                continue
            record = await self.store.load(code)
            left_after = LEFT_AFTER if record is None or record.moves else UNPLAYED_LEFT_AFTER
            if now - created < left_after:
                continue
            presence = await self.store.presence(code)
            if any(p.connected or now - p.since < left_after for p in presence.values()):
                continue
            await self.store.finish(code)
            log.info("table %s of %s left unfinished: no longer counted", code, owner)
            count -= 1
        return count

    async def _join(self, conn: Connection, message: Message) -> None:
        if conn.table is not None:
            raise ProtocolError("already_seated")
        conn.sheets = bool(message.get("sheets", False))
        table = await self._find(message["code"])
        name = check_name(message["name"])
        async with self.locks[table.code]:
            was = table.status
            if was == "over":  # its seats are all taken, but that is not the news
                raise ProtocolError("over")
            together = max(1, message.get("together", 1))
            seat = table.free_seat(message.get("seat"), message.get("beside"), together)
            token = codes.new_token()
            at_host = _at_host(table, message.get("host"))  # (refused: the table unchanged)
            if was == "waiting":  # a computer given the name the player typed gives it up
                for number, renamed in renamed_computers(table.seats, name).items():
                    await self.store.set_seat(table.code, number, renamed)
                    table.seats[number] = renamed
            name = distinct_name(name, table.seats, seat)
            record = table.seats[seat].with_(
                name=name, token_hash=codes.token_hash(token), hosts=at_host
            )
            if not await self.store.claim_seat(table.code, seat, record):
                await self._refresh_seats(table)
                raise ProtocolError("seat_taken", f"seat {seat} was just taken")
            table.seats[seat] = record
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        starts = was == "waiting" and table.status == "playing"
        await self._seat(conn, table, seat, token, message.id, starts=starts)

    async def _rejoin(self, conn: Connection, message: Message) -> None:
        if conn.table is not None:
            if conn.table.next is None or conn.watching:
                raise ProtocolError("already_seated")
            await self._leave(conn)  # on to the rematch of the match it sat at
        conn.sheets = bool(message.get("sheets", False))
        table = await self._find(message["code"])
        moved = False
        for _ in range(MAX_REMATCHES_FOLLOWED):  # the seat is at the latest rematch's table
            if table.next is None:
                break
            table, moved = await self._find(table.next), True
        seat = message["seat"]
        if not 0 <= seat < len(table.seats):
            raise ProtocolError("bad_message", f"there is no seat {seat}")
        async with self.locks[table.code]:  # the seat still the token's as it is given
            await self._refresh_seats(table)
            record = table.seats[seat]
            if not codes.token_matches(message["token"], record.token_hash):
                raise ProtocolError("bad_token")
            if record.autoplay:
                record = record.with_(autoplay=False)
                table.seats[seat] = record
                await self.store.set_seat(table.code, seat, record)
                await self.store.publish(table.code, self.id, {"kind": "seats"})
            played = [move.text() for move in table.played_for.pop(seat, [])]
            await self._seat_locked(conn, table, seat, None, message.id, False, played, moved)

    @contextlib.asynccontextmanager
    async def _waiting(self, conn: Connection, spectator: str) -> AsyncIterator[tuple[Table, int]]:
        """The table ``conn`` sits at and its seat, the table's lock held, while the table
        waits for its players (refused otherwise: ``spectator`` says why to a spectator)."""
        table = self._table_of(conn)
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_seated", spectator)
        async with self.locks[table.code]:
            await self._refresh_seats(table)
            if table.ended:
                raise ProtocolError("ended")
            if table.status != "waiting":
                raise ProtocolError("begun")
            yield table, seat

    @contextlib.asynccontextmanager
    async def _host_of(
        self, conn: Connection, spectator: str, target: int
    ) -> AsyncIterator[tuple[Table, SeatRecord]]:
        """``_waiting``, for the table's host about another seat, ``target``: the table and
        that seat's record (refused to anyone else, and for the host's own seat or one the
        table does not have)."""
        async with self._waiting(conn, spectator) as (table, seat):
            if not table.seats[seat].starts:
                raise ProtocolError("not_host")
            if not 0 <= target < len(table.seats) or target == seat:
                raise ProtocolError("bad_message", f"seat {target} is no other seat at the table")
            yield table, table.seats[target]

    @contextlib.asynccontextmanager
    async def _over(self, conn: Connection, spectator: str) -> AsyncIterator[tuple[Table, int]]:
        """The table ``conn`` sits at and its seat, the table's lock held and its seats read
        again, once its match is over (refused otherwise: ``spectator`` says why to a
        spectator)."""
        table = self._table_of(conn)
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_seated", spectator)
        async with self.locks[table.code]:
            if table.ended:
                raise ProtocolError("ended")
            if table.status != "over":
                raise ProtocolError("not_over")
            await self._refresh_seats(table)
            yield table, seat

    async def _sit(self, conn: Connection, message: Message) -> None:
        """A player moves to a free seat while the table waits for its players (to sit
        beside a partner, say): their name and token go with them, and the seat left is
        free again. Moving leaves as many seats free, so the match never begins by it."""
        wanted = message["seat"]
        async with self._waiting(conn, "spectators have no seat to move from") as (table, seat):
            if not 0 <= wanted < len(table.seats):
                raise ProtocolError("bad_message", f"there is no seat {wanted}")
            if wanted != seat:
                if table.seats[wanted].taken:
                    raise ProtocolError("seat_taken", f"seat {wanted} is taken")
                mine = table.seats[seat]
                given = message.get("name")
                name = mine.name if given is None else check_name(given)
                name = distinct_name(name, table.seats[:seat] + table.seats[seat + 1 :], -1)
                moved = table.seats[wanted].with_(
                    name=name, token_hash=mine.token_hash, starts=mine.starts, hosts=mine.hosts
                )
                if not await self.store.claim_seat(table.code, wanted, moved):
                    await self._refresh_seats(table)
                    raise ProtocolError("seat_taken", f"seat {wanted} was just taken")
                freed = SeatRecord("human", "", mine.level)
                await self.store.set_seat(table.code, seat, freed)
                table.seats[wanted], table.seats[seat] = moved, freed
                players = self.players.setdefault(table.code, {})
                if players.get(seat) is conn:
                    del players[seat]
                players[wanted] = conn
                conn.seat = wanted
                await self.store.set_presence(table.code, seat, None)
                await self.store.set_presence(table.code, wanted, self.id)
            conn.send(server_message("seated", re=message.id, code=table.code, seat=wanted))
        if wanted != seat:
            await self.store.publish(table.code, self.id, {"kind": "seats"})
            await self.store.publish(table.code, self.id, {"kind": "presence"})
            await self._send_table(table)

    async def _remove(self, conn: Connection, message: Message) -> None:
        """The host frees another player's seat while the table waits for its players (a
        stranger who got the code, or to seat partners apart): their connection is told
        ``removed`` and closed, and their token no longer holds the seat."""
        target = message["seat"]
        async with self._host_of(conn, "spectators remove no one", target) as (table, record):
            if record.kind != "human" or not record.taken:
                raise ProtocolError("bad_message", f"nobody sits in seat {target}")
            await self._free(table, target)
            self._send_off(table, target)
            conn.send(server_message("ok", re=message.id))
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        await self._send_table(table)

    async def _seat_kind(self, conn: Connection, message: Message) -> None:
        """The host gives a free seat to a computer while the table waits for its players (a
        friend who cannot come), or frees a computer's seat for a person who can."""
        target = message["seat"]
        level = check_level(message.get("level", "expert"))
        async with self._host_of(conn, "spectators seat no one", target) as (table, record):
            if message["computer"]:
                if record.kind != "human" or record.taken:
                    raise ProtocolError("seat_taken", f"seat {target} is not free")
                changed = SeatRecord("computer", computer_name(table.seats, target), level)
            elif record.kind != "computer":
                raise ProtocolError("bad_message", f"no computer sits in seat {target}")
            else:
                changed = SeatRecord("human", "", record.level)
            await self.store.set_seat(table.code, target, changed)
            table.seats[target] = changed
            conn.send(server_message("ok", re=message.id))
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        await self._send_table(table)

    async def _vacate(self, conn: Connection, message: Message) -> None:
        """A player leaves the table that waits for its players and frees their seat (the
        people at the screen of a friend the host removed go with them)."""
        async with self._waiting(conn, "spectators hold no seat") as (table, seat):
            if table.seats[seat].starts:
                raise ProtocolError("bad_message", "the host closes the table by leaving it")
            await self._free(table, seat)
            conn.send(server_message("ok", re=message.id))
            self._drop(conn)
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        await self._send_table(table)

    async def _free(self, table: Table, seat: int) -> None:
        """``seat`` is free again for the next to join; its token holds nothing."""
        freed = SeatRecord("human", "", table.seats[seat].level)
        await self.store.set_seat(table.code, seat, freed)
        await self.store.set_presence(table.code, seat, None)
        table.seats[seat] = freed

    def _send_off(self, table: Table, seat: int) -> None:
        """The player at ``seat`` (on this server) no longer holds it: told, and closed."""
        gone = self.players.get(table.code, {}).get(seat)
        if gone is None:
            return
        self._drop(gone)
        removed = ProtocolError("removed", "the table's host took you off the table", fatal=True)
        gone.send(error_message(removed, None))
        self._tasks.append(asyncio.create_task(gone.close(1008, "removed")))

    async def _start(self, conn: Connection, message: Message) -> None:
        """The host begins the match, every seat taken (answered before the deal)."""
        async with self._waiting(conn, "spectators do not start a match") as (table, seat):
            host = next((n for n, record in enumerate(table.seats) if record.starts), seat)
            if host != seat and not table.seats[host].autoplay:  # a host gone is handed over
                raise ProtocolError("not_host")
            if not table.full:
                raise ProtocolError("waiting")
            table.seats[host] = table.seats[host].with_(starts=False)
            await self.store.set_seat(table.code, host, table.seats[host])
            conn.send(server_message("ok", re=message.id))
            await self._send_table(table)
            self._broadcast_state(table, table.opening_events(), "start")
            self._kick(table)
        await self.store.publish(table.code, self.id, {"kind": "seats"})

    async def _rename(self, conn: Connection, message: Message) -> None:
        """A player takes another name while the table waits for its players (a person at
        the host's screen, named by the game until someone types their name)."""
        name = check_name(message["name"])
        async with self._waiting(conn, "spectators have no name at the table") as (table, seat):
            name = distinct_name(name, table.seats, seat)
            table.seats[seat] = table.seats[seat].with_(name=name)
            await self.store.set_seat(table.code, seat, table.seats[seat])
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        await self._send_table(table)
        conn.send(server_message("ok", re=message.id, name=name))

    async def _seat(
        self,
        conn: Connection,
        table: Table,
        seat: int,
        token: str | None,
        re: int,
        *,
        starts: bool = False,
        played_for: list[str] | None = None,
        moved: bool = False,
    ) -> None:
        """``conn`` plays ``seat`` from now on (a new token is sent once, when it is made);
        ``starts``: its arrival completes the table, and the match begins; ``played_for``:
        the moves the computer made for the seat while its player was away (told them);
        ``moved``: the player comes from the match before, to its rematch."""
        async with self.locks[table.code]:  # no move is sent between these frames
            await self._refresh_seats(table)
            if token is not None and not codes.token_matches(token, table.seats[seat].token_hash):
                # removed, or the seat moved, between its claim and now
                raise ProtocolError("seat_taken", f"seat {seat} is no longer yours")
            await self._seat_locked(conn, table, seat, token, re, starts, played_for or [], moved)

    async def _seat_locked(
        self,
        conn: Connection,
        table: Table,
        seat: int,
        token: str | None,
        re: int,
        starts: bool,
        played_for: list[str],
        moved: bool = False,
    ) -> None:
        if table.ended:  # while this connection was on its way
            raise ProtocolError("ended")
        previous = self.players.setdefault(table.code, {}).get(seat)
        if previous is not None and previous is not conn:
            self._drop(previous)
            taken = ProtocolError(
                "seat_taken", "this seat was taken up by another connection", fatal=True
            )
            previous.send(error_message(taken, None))
            self._tasks.append(asyncio.create_task(previous.close(1008, "seat_taken")))
        conn.table, conn.seat = table, seat
        self.players[table.code][seat] = conn
        self.emptied.pop(table.code, None)
        await self.store.set_presence(table.code, seat, self.id)
        await self.store.publish(table.code, self.id, {"kind": "presence"})
        if table.status == "over":
            # A player back at the match over (their link dropped a moment): the rematch
            # everyone asked for may have waited for them alone, and nobody asks again.
            # Opened now, the table frame below names it.
            try:
                await self._start_rematch(table)
            except (ProtocolError, StoreError) as error:  # the seat is taken back all the same
                log.error("table %s: rematch not opened: %s", table.code, error)
        fields: dict[str, Any] = {"re": re, "code": table.code, "seat": seat}
        if token is not None:
            fields["token"] = token
        if played_for:
            fields["played_for_you"] = played_for
        conn.send(server_message("seated", **fields))
        back = conn.sheets and seat not in table.reading and not table.seats[seat].autoplay
        if table.reading and back:  # between rounds: its window shows the sheet the others
            table.reading.add(seat)  # read, and the round waits for it too
            change = {"kind": "reading", "at": table.at, "seats": [seat]}
            await self.store.publish(table.code, self.id, change)
        await self._send_table(table)
        if starts:
            self._broadcast_state(table, table.opening_events(), "start")
            self._kick(table)
        elif moved and table.at == 0:  # a rematch: its first deal is seen dealt
            conn.send_text(table.state_frames(table.opening_events(), "start").text(seat))
        else:
            conn.send_text(table.state_frames([], "join").text(seat))
        if seat in table.awaiting:
            table.awaiting.discard(seat)
            self._kick(table)
        if table.reading and not table.seats[seat].autoplay:
            self._time_reading(table)  # back between rounds: the round waits a minute at most

    async def _watch(self, conn: Connection, message: Message) -> None:
        if conn.table is not None:
            raise ProtocolError("already_seated")
        table = await self._find(message["code"])
        conn.table, conn.watching = table, True
        self.watchers.setdefault(table.code, set()).add(conn)
        self.emptied.pop(table.code, None)
        conn.send(server_message("watching", re=message.id, code=table.code))
        await self._send_table(table, only=conn)
        conn.send_text(table.state_frames([], "join").text(None))
        self._tell_watchers_later(table)

    def _drop(self, conn: Connection) -> None:
        """Forget ``conn`` at its table (nothing is announced)."""
        table = conn.table
        if table is None:
            return
        code = table.code
        if conn.watching:
            self.watchers.get(code, set()).discard(conn)
        elif self.players.get(code, {}).get(conn.seat) is conn:  # type: ignore[arg-type]
            del self.players[code][conn.seat]  # type: ignore[arg-type]
        conn.table, conn.seat, conn.watching = None, None, False
        if not self.players.get(code) and not self.watchers.get(code):
            self.emptied[code] = time.monotonic()

    async def _leave(self, conn: Connection) -> None:
        table, seat, watching = conn.table, conn.seat, conn.watching
        if table is None:
            return
        mine = not watching and self.players.get(table.code, {}).get(seat) is conn  # type: ignore[arg-type]
        self._drop(conn)
        if table.code not in self.tables:
            return
        try:
            if mine and seat is not None:
                await self.store.set_presence(table.code, seat, None)
                await self.store.publish(table.code, self.id, {"kind": "presence"})
                await self._done_reading(table, seat)  # gone: not waited for
            if watching:
                self._tell_watchers_later(table)
            else:
                await self._send_table(table)
        except StoreError as error:
            log.error("store: %s", error)

    def _tell_watchers_later(self, table: Table) -> None:
        """Spectators came or went: the table's count of them reaches everyone once, a
        moment later, however many came and went meanwhile. A table frame for each (to
        every player) let anyone with the code flood a table's players from afar."""
        if table.code in self._watch_news or self._closing:
            return
        self._watch_news.add(table.code)

        async def tell() -> None:
            try:
                await asyncio.sleep(WATCH_NEWS_SECONDS)
            finally:
                self._watch_news.discard(table.code)
            if self.tables.get(table.code) is table:
                try:
                    await self._send_table(table)
                except StoreError as error:
                    log.error("store: %s", error)

        self._tasks.append(asyncio.create_task(tell()))

    async def _refresh_seats(self, table: Table) -> None:
        record = await self.store.load(table.code)
        if record is not None:
            table.seats = list(record.seats)
            table.next = record.next

    # --- playing ---------------------------------------------------------------------------

    async def _play(self, conn: Connection, message: Message) -> None:
        table = self._table_of(conn)
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators cannot play")
        async with self.locks[table.code]:
            if table.was_played(conn.seat, message["move"], message["at"]):
                conn.send(server_message("ok", re=message.id))
                conn.send_text(table.state_frames([], "sync").text(conn.seat))
                return
            move = table.check_play(conn.seat, message["move"], message["at"])
            if not await self._commit(table, move):
                raise ProtocolError("stale", "another move was recorded first")
            conn.send(server_message("ok", re=message.id, at=table.at))

    async def _commit(self, table: Table, move: Move) -> bool:
        """Record and play ``move`` (under the table's lock); False if another server moved
        first (the table is then brought up to date from the store)."""
        at = table.at
        if not await self.store.append_move(table.code, at, move.text()):
            await self._reload(table.code)
            return False
        events = table.apply(move)
        if table.status == "over":  # recorded before anyone can learn the match is over
            await self.store.finish(table.code)
            self.played_out.add(table.code)
        reading = await self._start_reading(table, events)
        self._broadcast_state(table, events, "move")
        if table.status == "over" or reading:
            await self._send_table(table)
        if table.status == "over":
            log.info("table %s: match over %s", table.code, table.result())
        await self.store.publish(
            table.code, self.id, {"kind": "move", "at": at, "move": move.text()}
        )
        self._kick(table)
        return True

    def _broadcast_state(self, table: Table, events: list[Any], reason: str) -> None:
        frames = table.state_frames(events, reason)
        for seat, conn in list(self.players.get(table.code, {}).items()):
            conn.send_text(frames.text(seat))
        watchers = self.watchers.get(table.code)
        if watchers:
            text = frames.text(None)
            for conn in list(watchers):
                conn.send_text(text)

    async def _send_table(
        self, table: Table, only: Connection | None = None, re: int | None = None
    ) -> None:
        presence = await self.store.presence(table.code)
        watching = len(self.watchers.get(table.code, ()))
        frame = table.table_text(presence, watching, self.clock(), re, self._gone_head())
        if only is not None:
            only.send_text(frame)
            return
        for conn in [
            *self.players.get(table.code, {}).values(),
            *self.watchers.get(table.code, ()),
        ]:
            conn.send_text(frame)

    def _kick(self, table: Table) -> None:
        """Let the computer play if it is a computer's turn (once per table at a time).
        Called after every change of the table, it starts the clock of a player's turn."""
        table.turn_lasted(self.clock())
        if self._closing or table.computer_to_play() is None:
            return
        task = self.driving.get(table.code)
        if task is not None and not task.done():
            return
        self.driving[table.code] = asyncio.create_task(self._drive(table.code))

    async def _drive(self, code: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            table = self.tables.get(code)
            if table is None:
                return
            turn = table.computer_to_play()
            if turn is None:
                return
            seat, level = turn
            at = table.at
            observation = table.match.observe(seat)
            try:
                move = await loop.run_in_executor(
                    self.pool, choose_move, level, table.computer_seed(), observation
                )
            except (ScopaError, ValueError, RuntimeError, OSError) as error:
                log.error("table %s: computer failed (%s): first legal move", code, error)
                move = observation.legal_moves[0]
            async with self.locks[code]:
                current = self.tables.get(code)
                if current is not table or table.at != at or table.computer_to_play() != turn:
                    continue
                try:
                    await self._commit(table, move)
                except StoreError as error:
                    log.error("table %s: %s", code, error)
                    await asyncio.sleep(1)
                else:
                    if table.seats[seat].kind == "human":  # standing in for a friend away
                        told = table.played_for.setdefault(seat, [])
                        told.append(move)
                        del told[:-MAX_PLAYED_FOR]  # the latest

    async def _hand_over(self, conn: Connection, message: Message) -> None:
        table = self._table_of(conn)
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators cannot hand a seat over")
        seat = message["seat"]
        check_level(message.get("level", STAND_IN_LEVEL))  # asked, but not the caller's choice
        if not 0 <= seat < len(table.seats):
            raise ProtocolError("bad_message", "name a seat of the table")
        async with self.locks[table.code]:
            await self._refresh_seats(table)
            record = table.seats[seat]
            if record.kind != "human" or not record.taken or record.autoplay:
                raise ProtocolError("not_away", f"seat {seat} has no player to stand in for")
            # one's own seat at once (a player leaving: the computer plays it until they are
            # back); another's once its player is gone or lets the turn go by
            if seat != conn.seat:
                await self._check_away(table, seat)
            record = record.with_(autoplay=True, level=STAND_IN_LEVEL)
            table.seats[seat] = record
            table.reading.discard(seat)
            await self.store.set_seat(table.code, seat, record)
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        conn.send(server_message("ok", re=message.id))
        await self._send_table(table)
        self._kick(table)

    async def _check_away(self, table: Table, seat: int) -> None:
        """Refuse to hand another player's ``seat`` over before they have been gone
        ``away_grace``, or, still here, let their turn last ``idle_grace``."""
        here = (await self.store.presence(table.code)).get(seat)
        if here is not None and here.connected:  # here, but not playing?
            idle = self.limits.idle_grace
            if table.person_to_play() != seat or table.turn_lasted(self.clock()) < idle:
                raise ProtocolError(
                    "not_away",
                    f"a player here can be stood in for once a turn lasted {idle:g} s",
                )
        else:
            grace = self.limits.away_grace
            gone = table.gone_for(seat, here, self.clock(), self._gone_head())
            if gone is None or gone < grace:
                raise ProtocolError(
                    "not_away", f"a seat can be handed over once its player is gone {grace:g} s"
                )

    def _gone_head(self) -> float:
        """How much longer a player here may keep the turn than a gone one may stay away
        (``Table.gone_for``): on their turn, a player gone counts as gone at least as long as
        the turn lasted less this."""
        return self.limits.idle_grace - self.limits.away_grace

    async def _back(self, conn: Connection, message: Message) -> None:
        """A player the computer stood in for, while still connected, plays again: told
        the moves it made for them, as on a rejoin."""
        table = self._table_of(conn)
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_seated", "spectators have no seat to take back")
        async with self.locks[table.code]:
            await self._refresh_seats(table)
            record = table.seats[seat]
            fields: dict[str, Any] = {"re": message.id}
            if record.autoplay:
                table.seats[seat] = record.with_(autoplay=False)
                await self.store.set_seat(table.code, seat, table.seats[seat])
                played = [move.text() for move in table.played_for.pop(seat, [])]
                if played:  # the player was away from the screen: told as on a rejoin
                    fields["played_for_you"] = played
            conn.send(server_message("ok", **fields))
        if record.autoplay:
            await self.store.publish(table.code, self.id, {"kind": "seats"})
            await self._send_table(table)
            self._kick(table)

    # --- quick messages --------------------------------------------------------------------

    async def _say(self, conn: Connection, message: Message) -> None:
        """A player's quick message, to everyone at the table (at other servers too)."""
        table = self._table_of(conn)
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_seated", "spectators watch the table without a word")
        phrase = check_phrase(message["phrase"])
        limits, now = self.limits, time.monotonic()
        seats = self.chatter.setdefault(table.code, {})
        bucket = seats.get(seat)
        if bucket is None:  # (made once a seat: its count is kept, not made again each time)
            bucket = seats[seat] = Bucket(limits.say_burst, limits.say_every, now)
        if not bucket.take(now):
            raise ProtocolError("chatty")
        self._said += 1
        number = f"{self.id}.{self._said}"
        conn.send(server_message("ok", re=message.id))
        self._tell_said(table.code, seat, phrase, number)
        change = {"kind": "said", "seat": seat, "phrase": phrase, "n": number}
        await self.store.publish(table.code, self.id, change)

    def _tell_said(self, code: str, seat: int, phrase: str, number: str) -> None:
        text = dumps(server_message("said", code=code, seat=seat, phrase=phrase, n=number))
        for conn in [*self.players.get(code, {}).values(), *self.watchers.get(code, ())]:
            conn.send_text(text)

    # --- between rounds --------------------------------------------------------------------

    async def _start_reading(self, table: Table, events: list[Any]) -> bool:
        """After the move ``events`` came of: when it ended a round and the match goes on,
        the players here whose windows show the score sheet are waited for (``READING_MOST``
        seconds at most), and the other servers told. True when someone is waited for."""
        if table.status != "playing" or not any(isinstance(e, RoundScored) for e in events):
            return False
        players = self.players.get(table.code, {})
        readers = {
            seat for seat, conn in players.items() if conn.sheets and not table.seats[seat].autoplay
        }
        table.reading = readers
        if not readers:
            return False
        at = table.at
        change = {"kind": "reading", "at": at, "seats": sorted(readers)}
        await self.store.publish(table.code, self.id, change)
        waiting = [
            seat
            for seat, conn in players.items()
            if seat not in readers and not table.seats[seat].autoplay
        ]
        if waiting:  # a player here who shows no sheet waits from the start
            self._time_reading(table)
        return True

    def _time_reading(self, table: Table) -> None:
        """Someone waits for the players still at the score sheet: the round begins without
        them ``READING_MOST`` seconds from now (once per round's end)."""
        if self._reading_timed.get(table.code) == table.at:
            return
        self._reading_timed[table.code] = table.at
        table.reading_until = (table.at, self.clock() + READING_MOST)
        loop = asyncio.get_running_loop()
        loop.call_later(READING_MOST, self._stop_reading, table.code, table.at)

    def _stop_reading(self, code: str, at: int) -> None:
        """The score sheet was read long enough: the round begins without those still at it."""
        table = self.tables.get(code)
        if table is None or table.at != at or not table.reading:
            return
        table.reading.clear()
        self._tasks.append(asyncio.create_task(self._send_table(table)))
        self._kick(table)

    async def _ready(self, conn: Connection, message: Message) -> None:
        """A player read the round's score sheet."""
        table = self._table_of(conn)
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators read no score sheet")
        conn.send(server_message("ok", re=message.id))
        await self._done_reading(table, conn.seat)

    async def _done_reading(self, table: Table, seat: int) -> None:
        """``seat`` is no longer waited for at the score sheet (read, or gone)."""
        if seat not in table.reading:
            if table.reading and seat in self.players.get(table.code, {}):
                self._time_reading(table)  # one who had nothing to read waits for the others
            return
        table.reading.discard(seat)
        if table.reading:
            self._time_reading(table)  # the others now wait for those still reading
        await self.store.publish(table.code, self.id, {"kind": "ready", "seat": seat})
        await self._send_table(table)
        self._kick(table)

    # --- a rematch -------------------------------------------------------------------------

    async def _rematch(self, conn: Connection, message: Message) -> None:
        """A player asks for another match at this table, once the match is over: a player
        the computer played for is back (the rematch waited for them to come back, their
        own sheet saying its table was being laid)."""
        async with self._over(conn, "spectators cannot ask for a rematch") as (table, seat):
            record = table.seats[seat]
            if table.next is None and (not record.rematch or record.autoplay or record.declined):
                # asked after a no: the mind changed, the no goes
                table.seats[seat] = record = record.with_(
                    rematch=True, autoplay=False, declined=False
                )
                table.played_for.pop(seat, None)
                await self.store.set_seat(table.code, seat, record)
            await self._start_rematch(table)
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        conn.send(server_message("ok", re=message.id))
        await self._send_table(table)

    async def _no_rematch(self, conn: Connection, message: Message) -> None:
        """A player leaves the table of a match over for good: no rematch with them, which
        the others are told (rather than wait for them to come back and ask)."""
        async with self._over(conn, "spectators have no rematch to decline") as (table, seat):
            record = table.seats[seat]
            if table.next is None and not record.declined:
                table.seats[seat] = record.with_(declined=True, rematch=False)
                await self.store.set_seat(table.code, seat, table.seats[seat])
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        conn.send(server_message("ok", re=message.id))
        await self._send_table(table)

    async def _start_rematch(self, table: Table) -> None:
        """Open the rematch's table once every person at ``table`` asked for one (under
        the table's lock): the same people in the same seats, from a new shuffle. A player
        gone (left, or played by the computer) is no rematch: it is the same people again,
        and a table left to the others' computers would go on without its host. The
        players move there by rejoining (the table frame names it); the computers wait for
        them a while. Another server may open it first: its table is the one."""
        if table.next is not None or table.status != "over" or table.ended:
            return
        presence = await self.store.presence(table.code)
        people = [number for number, seat in enumerate(table.seats) if seat.kind == "human"]
        for number in people:
            seat, here = table.seats[number], presence.get(number)
            if seat.autoplay or not seat.rematch or here is None or not here.connected:
                return
        seats = rematch_seats(table.seats)
        while True:
            record, rematch = new_table(codes.new_code(), table.rules, seats, table.owner)
            if await self.store.create(record):
                break
        if not await self.store.set_next(table.code, record.code):
            await self.store.finish(record.code)  # never played: another server's is
            await self._refresh_seats(table)
            return
        table.next = record.code
        await self.store.publish(table.code, self.id, {"kind": "seats"})
        rematch.awaiting = set(people)
        self._hold(rematch, kick=False)
        log.info("table %s: rematch at table %s", table.code, record.code)
        asyncio.get_running_loop().call_later(REMATCH_WAIT, self._stop_awaiting, record.code)

    def _stop_awaiting(self, code: str) -> None:
        """The players of a rematch who have not come (their window closed on the way) are
        waited for no longer: the computers play."""
        table = self.tables.get(code)
        if table is not None and table.awaiting:
            table.awaiting.clear()
            self._kick(table)

    # --- other servers ---------------------------------------------------------------------

    async def _on_change(self, code: str, change: dict[str, Any]) -> None:
        table = self.tables.get(code)
        if table is None:
            return
        try:
            async with self.locks[code]:
                if change.get("kind") == "move" and change.get("at") == table.at:
                    try:
                        move = Move.parse(str(change.get("move")))
                        events = table.apply(move)
                    except (ScopaError, ProtocolError):
                        await self._reload(code)
                        return
                    reading = await self._start_reading(table, events)
                    self._broadcast_state(table, events, "move")
                    if table.status == "over" or reading:
                        await self._send_table(table)
                    self._kick(table)
                elif change.get("kind") == "reading" and change.get("at") == table.at:
                    seats = change.get("seats")
                    if isinstance(seats, list):
                        table.reading.update(
                            seat
                            for seat in seats
                            if isinstance(seat, int) and seat in range(len(table.seats))
                        )
                        await self._send_table(table)
                elif change.get("kind") == "ready" and change.get("seat") in table.reading:
                    table.reading.discard(change["seat"])
                    if table.reading:
                        self._time_reading(table)
                    await self._send_table(table)
                    self._kick(table)
                elif change.get("kind") == "said":
                    said = said_of(change, len(table.seats))
                    if said is not None:
                        self._tell_said(code, *said)
                elif change.get("kind") == "move" and int(change.get("at", -1)) > table.at:
                    await self._reload(code)
                elif change.get("kind") in ("seats", "presence"):
                    was = table.status
                    await self._refresh_seats(table)
                    for seat in [s for s in self.players.get(code, {}) if not table.seats[s].taken]:
                        self._send_off(table, seat)  # removed by the host at another server
                    await self._start_rematch(table)
                    await self._send_table(table)
                    if was == "waiting" and table.status == "playing":
                        self._broadcast_state(table, table.opening_events(), "start")
                    self._kick(table)
        except (StoreError, ValueError, TypeError) as error:
            log.error("table %s: change from another server: %s", code, error)

    async def _reload(self, code: str) -> None:
        """Read the table again from the store (another server changed it)."""
        record = await self.store.load(code)
        if record is None:
            return
        table = Table(record)
        self.tables[code] = table
        for conn in self.players.get(code, {}).values():
            conn.table = table
        for conn in self.watchers.get(code, set()):
            conn.table = table
        self._broadcast_state(table, [], "sync")
        self._kick(table)


def _more_files() -> None:
    """Let the process open as many files as the system allows it (a desktop's default is
    often 1,024, which a few hundred connections and the store would reach)."""
    try:
        import resource
    except ImportError:  # not on Windows, whose limit is not this one
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _quiet_accept_failures(loop: asyncio.AbstractEventLoop) -> None:
    """Log a failure to accept a connection (no file descriptor left) once a minute at
    most, rather than asyncio's traceback for each (thousands a second, filling the disk);
    anything else goes to the handler there was."""
    before = loop.get_exception_handler()
    last = [-ACCEPT_LOG_EVERY]

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system"):
            now = time.monotonic()
            if now - last[0] >= ACCEPT_LOG_EVERY:
                last[0] = now
                log.error("cannot accept connections: %s", context.get("exception"))
            return
        if before is not None:
            before(loop, context)
        else:
            loop.default_exception_handler(context)

    if getattr(before, "quiet_accept", False):
        return
    handle.quiet_accept = True  # type: ignore[attr-defined]
    loop.set_exception_handler(handle)


def _address_of(ws: ServerConnection) -> str:
    return _host_of(ws.remote_address)


def _host_of(peer: object) -> str:
    """Whom a socket's peer (as ``getpeername`` gives it) counts as, for the limits per
    address: its IPv4 address, or the /64 network of its IPv6 one (one home or machine
    holds a whole /64, and could open as many tables as it has addresses); an IPv4
    address written as IPv6 counts as itself."""
    if not (isinstance(peer, tuple) and peer):
        return "unknown"
    text = str(peer[0])
    try:
        address = ipaddress.ip_address(text.partition("%")[0])  # (a link's zone dropped)
    except ValueError:
        return text
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def tls_context(cert: str, key: str | None) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


async def run(
    store: Store,
    host: str,
    port: int,
    *,
    limits: Limits | None = None,
    workers: int | None = None,
    ssl_context: ssl.SSLContext | None = None,
    announce: Callable[[str], None] = print,
) -> None:
    """Serve until cancelled; ``announce`` gets ``listening on ws://H:P`` once bound, and,
    listening on every address (``0.0.0.0``), the address friends on the local network
    join at (``0.0.0.0`` itself is no address to join)."""
    server = GameServer(store, limits, workers=workers)
    try:
        bound_host, bound_port = await server.start(host, port, ssl_context)
        gc.freeze()  # what serving began with (modules, tables resumed) is never walked again
        gc.set_threshold(*COLLECT_AFTER)
        scheme = "wss" if ssl_context else "ws"
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        announce(f"listening on {scheme}://{shown}:{bound_port}")
        if bound_host in ("0.0.0.0", "::"):
            announce(f"join at {scheme}://{lan_address()}:{bound_port} on this network")
        await asyncio.Future()
    finally:
        await server.close()


__all__ = ["Connection", "GameServer", "run", "tls_context"]
