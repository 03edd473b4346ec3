"""The client side of the protocol: one connection to a server, kept alive.

``Client`` speaks the protocol of ``scopa.net.protocol`` for the headless player and the
game. It numbers its messages, matches the server's answers to them, decodes ``state``
frames into engine values (``Update``), pings a quiet connection, and when the connection
drops it connects again, takes its seat back with its token and sends again a move the
server had not recorded, so a network that drops for seconds loses nothing.

    client = Client("ws://127.0.0.1:8765")
    seat = await client.join(code, "Anna")
    update = await client.next_update()        # Update: observation, events, status ...
    await client.play(update.observation.legal_moves[0], update.at)
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import dataclasses
import functools
import json
import math
import queue
import ssl
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage, InvalidURI
from websockets.frames import CloseCode

from scopa.engine import Move, Observation, Rules
from scopa.log import log

from . import codec
from .codes import is_code, is_seat, is_token, normalize_code, parse_address
from .discovery import DISCOVERY_PORT, TwoAnswers, find_table
from .protocol import CATCHING_UP, PING_EVERY, PING_WAIT, VERSION, Bucket, dumps, said_of

T = TypeVar("T")

RECONNECT_FOR = 900.0
"""Seconds a dropped client keeps trying to get back before it gives up: long enough for
the host to open the game again after closing it, or to restart the computer. The game's
windows keep trying for as long as they stay at the table (``reconnect_for=None``)."""
RETRY_EVERY = 5.0
"""The longest wait between two tries to get back in the first ``SLOWER_AFTER`` seconds
(the first tries come quicker: a network that drops for seconds is back at once)."""
SLOWER_AFTER = 60.0
"""Seconds of trying after which the waits between tries grow on, to ``RETRY_MOST``."""
RETRY_MOST = 15.0
"""The longest wait between two tries to get back, however long the server is away."""
LOOK_AFTER = 10.0
"""Seconds of trying to get back to a seat after which the table is also looked for by its
code on the local network, every ``LOOK_EVERY``: the host's game may hold it at another
port now (another program took its port). Only the answer of the computer that held it is
taken: the seat's token goes to no other."""
LOOK_EVERY = 15.0
_clock = time.monotonic
"""How long a dropped client has been trying is read from this clock."""
REPLY_TIMEOUT = 30.0
SIT_RECOVERY = 20.0
"""Seconds a move to another seat, its link dropped before the answer, waits for the seat to
be taken back (which tells whether the server made the move) before it is said to fail."""
CLOSE_TIMEOUT = 1.0
"""Seconds a closing connection waits for the server to answer its close before it is cut
off: a server that stopped answering (its computer asleep, its network gone) is not waited
for."""


FRAME_MOST = 2**22
"""The largest frame read (4 MB; a real table's frames are a few kilobytes): a larger one
closes the connection."""
TOO_LARGE_TIMES = 3
"""Connections closed for a frame over ``FRAME_MOST`` after which a client stops coming
back (a hostile server sending one each time kept the window reconnecting for ever)."""
GIVE_UP = frozenset({"seat_taken", "ended", "removed"})
"""Fatal errors after which a client does not try to get back: another connection holds
its seat, or the table's host ended the match or took the player off the table."""


class ServerError(Exception):
    """The server refused a message: ``code`` is one of ``protocol.ERRORS``."""

    def __init__(self, code: str, message: str, fatal: bool = False) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.fatal = fatal


def server_error(frame: dict[str, Any]) -> ServerError:
    """The refusal an ``error`` frame says, whatever is missing from its words (a code
    that is not text is "internal")."""
    code, message = frame.get("code"), frame.get("message")
    code = code if isinstance(code, str) else "internal"
    message = message if isinstance(message, str) else ""
    return ServerError(code, message, frame.get("fatal") is True)


class Disconnected(Exception):
    """The server could not be reached again."""


class TooLarge(Disconnected):
    """The server sent, again and again, frames larger than any this game reads
    (``FRAME_MOST``): its table cannot be followed, and no reconnection changes that."""


class Untrusted(Disconnected):
    """A ``wss://`` server whose certificate does not verify (self-signed, expired, for
    another name): it cannot be told from someone in its place, so nothing is sent to it."""


class WrongScheme(Disconnected):
    """Something answered at the address, as a server of the other scheme would: a
    ``ws://`` address of a server that speaks TLS (it answered no HTTP), or a ``wss://``
    one of a server that does not (it cut the TLS greeting short). ``wanted``: the scheme
    the address may need."""

    def __init__(self, message: str, wanted: str) -> None:
        super().__init__(message)
        self.wanted = wanted


@dataclass(frozen=True)
class PlayedForYou:
    """The computer played ``moves`` for this seat while its player was away: told once,
    as the seat is taken back (``poll`` hands it over among the updates)."""

    moves: tuple[Move, ...]


MAX_PLAYED_FOR = 40
"""The most moves played for this seat read from one answer (a server may say anything)."""


def played_for_you(answer: dict[str, Any]) -> PlayedForYou | None:
    """The moves the server says it played for this seat, those that read as moves; None
    when it says none (or nothing readable)."""
    told = answer.get("played_for_you")
    if not isinstance(told, list):
        return None
    moves = []
    for text in told[:MAX_PLAYED_FOR]:
        try:
            moves.append(Move.parse(str(text)[:64]))
        except ValueError:  # NotationError: not a move, passed over
            continue
    return PlayedForYou(tuple(moves)) if moves else None


@dataclass(frozen=True)
class Said:
    """A player's quick message (``PHRASES``): ``seat`` said ``phrase``; ``number`` tells
    it from another of the same words (the server's ``n``)."""

    seat: int
    phrase: str
    number: str


SAID_KEPT = 32
"""The quick messages kept until someone takes them (a headless player never does)."""


def read_said(frame: dict[str, Any]) -> Said | None:
    """The quick message of a ``said`` frame; None for one that does not read as one (a
    phrase of a newer game, a seat that is no number)."""
    said = said_of(frame)
    return None if said is None else Said(*said)


@dataclass(frozen=True)
class SeatTicket:
    """What takes a seat back: keep it to rejoin after the program restarts."""

    server: str
    code: str
    seat: int
    token: str

    @property
    def address(self) -> str:
        return f"{self.server}/{self.code}"


@dataclass(frozen=True)
class Update:
    """A ``state`` frame: the receiving seat's observation and the events of the last move
    as that seat may see them. Both are read from the frame when first asked for (a
    headless player that only waits for its turn never reads most of them)."""

    code: str
    at: int
    status: str
    reason: str
    result: dict[str, Any] | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @functools.cached_property
    def observation(self) -> Observation:
        return codec.decode_observation(self.raw["observation"])

    @functools.cached_property
    def events(self) -> tuple[Any, ...]:
        return tuple(codec.decode_event(event) for event in self.raw["events"])

    @functools.cached_property
    def rounds(self) -> codec.Rounds | None:
        """The scores of every round played before, in a frame that brings the window up
        to date (``join``, ``sync``); None in the others, whose events say what changed."""
        rounds = self.raw.get("rounds")
        return None if rounds is None else codec.decode_rounds(rounds)

    @property
    def my_turn(self) -> bool:
        return self.status == "playing" and bool(self.raw["observation"]["legal_moves"])

    @property
    def catching_up(self) -> bool:
        """A frame that brings the window up to date (``join``, ``sync``): its events do
        not lead from the position sent before, which may be moves behind it."""
        return self.reason in CATCHING_UP


MAX_AT = 2**53
"""The most moves a state frame may say a match has had (the protocol's largest number)."""


def decode_state(frame: dict[str, Any]) -> Update:
    """The ``Update`` of a state frame (``CodecError`` if its fields are not all there)."""
    try:
        at = frame["at"]
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= MAX_AT:
            raise codec.CodecError(f"a state frame at {at!r:.40}")  # 1e999: int() overflowed
        update = Update(
            code=str(frame["code"]),
            at=at,
            status=str(frame["status"]),
            reason=str(frame["reason"]),
            result=frame.get("result"),
            raw=frame,
        )
        if not isinstance(frame["events"], list) or not isinstance(
            frame["observation"].get("legal_moves"), list
        ):
            raise codec.CodecError("a state frame needs events and an observation")
        if update.result is not None:
            _check_result(update.result)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise codec.CodecError(f"a state frame without {error}") from None
    return update


def _check_result(result: Any) -> None:
    """A match's result as the screens read it: the winner and the totals as numbers, the
    cappotto a truth value, the opening table's cause a word (``CodecError`` if not)."""

    def number(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if (
        not isinstance(result, dict)
        or not number(result.get("winner"))
        or not isinstance(result.get("totals"), list)
        or not all(number(total) for total in result["totals"])
        or not isinstance(result.get("cappotto", False), bool)
        or not isinstance(result.get("at_deal"), str | None)
    ):
        raise codec.CodecError("a match's result that cannot be read")


def moved_on(ticket: SeatTicket, answer: dict[str, Any]) -> SeatTicket:
    """``ticket`` at the table a rejoin's answer says it sat at: the table of a rematch
    started meanwhile, or the same."""
    code = answer.get("code")
    if not isinstance(code, str) or code == ticket.code or not is_code(code):
        return ticket
    return dataclasses.replace(ticket, code=normalize_code(code))


AWAY_MOST = 10**9
"""The longest a seat's player may have been away, in seconds, in a table frame (over thirty
years: a longer one is no time, and its float raised ``OverflowError``)."""


def check_table(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame``, a ``table`` frame, once the fields a player reads are as the protocol
    has them: its rules, and each seat's number, kind, name and presence (``CodecError``
    if not; fields this client does not know are left alone)."""
    try:
        rules = Rules.from_dict(frame["rules"])
        seats = frame["seats"]
        if not isinstance(seats, list) or len(seats) != rules.players:
            raise codec.CodecError(f"{rules.players} seats, not {len(seats)}")
        for number, info in enumerate(seats):
            if info["seat"] != number or isinstance(info["seat"], bool):
                raise codec.CodecError(f"seat {number} is numbered {info['seat']!r}")
            if info["kind"] not in ("human", "computer") or not isinstance(info["name"], str):
                raise codec.CodecError(f"seat {number} is a {info['kind']!r}")
            for flag in ("taken", "connected", "autoplay", "rematch", "declined"):
                if not isinstance(info.get(flag, False), bool):
                    raise codec.CodecError(f"seat {number}'s {flag} is {info[flag]!r}")
            away = info.get("away")
            if away is not None and (
                isinstance(away, bool)
                or not isinstance(away, int | float)
                or not 0 <= away <= AWAY_MOST  # not NaN, nor one too long for a float
            ):
                raise codec.CodecError(f"seat {number} is away for {away!r}")
        reading = frame.get("reading", [])
        if not isinstance(reading, list) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) for seat in reading
        ):
            raise codec.CodecError(f"the seats reading the sheet are {reading!r:.40}")
        left = frame.get("reading_left")
        if left is not None and (
            isinstance(left, bool)
            or not isinstance(left, int | float)
            or not 0 <= left <= AWAY_MOST
        ):
            raise codec.CodecError(f"the sheet read for {left!r:.40} more seconds")
        after = frame.get("next")
        if after is not None and (not isinstance(after, str) or not is_code(after)):
            raise codec.CodecError(f"a rematch at the table {after!r:.40}")
    except (KeyError, TypeError, ValueError) as error:
        raise codec.CodecError(f"a table frame without {error}") from None
    return frame


def next_wait(wait: float, trying: float) -> float:
    """The wait before the next try to get back, after a wait of ``wait`` seconds and
    ``trying`` seconds of trying: twice the last, up to ``RETRY_EVERY`` in the first
    ``SLOWER_AFTER`` seconds, then up to ``RETRY_MOST`` (a server away for long, its
    host's game closed, is not knocked at every few seconds for ever)."""
    return min(wait * 2, RETRY_EVERY if trying < SLOWER_AFTER else RETRY_MOST)


class Client:
    """One player's (or spectator's) connection (see the module docstring)."""

    def __init__(
        self,
        server: str,
        *,
        ssl_context: ssl.SSLContext | None = None,
        reconnect_for: float | None = RECONNECT_FOR,
        on_frame: Callable[[str], None] | None = None,
        sheets: bool = False,
        names: Callable[[str, int], str] | None = None,
    ) -> None:
        """``on_frame`` sees every frame the server sends, as received (a log); ``sheets``:
        this player reads each round's score sheet, and says when (``ready``): the next
        round waits for it; ``names``: how this window shows a seat's name (its text and
        number): one it cannot draw, say, becomes another in the table frames kept."""
        self.sheets = sheets
        self.names = names
        address = parse_address(server)
        self.on_frame = on_frame
        self.server = address.server
        if ssl_context is None and self.server.startswith("wss://"):
            ssl_context = ssl.create_default_context()  # the system's authorities
        self.ssl_context = ssl_context
        self.reconnect_for = reconnect_for
        """Seconds of trying to get back before giving up (None: until closed)."""
        self.discovery = DISCOVERY_PORT
        """The port the table is looked for on by its code when it is not where it was."""
        self.ticket: SeatTicket | None = None
        self.watching: str | None = None
        self._table: dict[str, Any] | None = None
        self._shown: tuple[dict[str, Any], dict[str, Any]] | None = None
        self.last: Update | None = None
        self.limits: dict[str, Any] = {}
        self.reconnects = 0
        self.too_large = 0
        """Connections closed for a frame over ``FRAME_MOST`` (``TOO_LARGE_TIMES``)."""
        self.last_round_trip = 0.0
        """Seconds from sending the last answered message to its answer."""
        self._ws: ClientConnection | None = None
        self._id = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._updates: asyncio.Queue[Update | ServerError | Disconnected] = asyncio.Queue()
        self.told: queue.SimpleQueue[PlayedForYou] = queue.SimpleQueue()
        """What the server told as a seat was taken back (``PlayedForYou``), for whoever
        shows it (``BackgroundClient.poll`` hands it over)."""
        self.said: collections.deque[Said] = collections.deque(maxlen=SAID_KEPT)
        """The quick messages heard and not yet taken, oldest first (``take_said``)."""
        self._pending: tuple[int, str] | None = None
        self._playing = False
        self._reader: asyncio.Task[None] | None = None
        self._pinger: asyncio.Task[None] | None = None
        self._resender: asyncio.Task[None] | None = None
        self._closed = False
        self._sitting: int | None = None
        """The seat a move asked for (``sit``) while its answer is awaited."""
        self.given_up: str | None = None
        """Why the server let this seat go for good (a code of ``GIVE_UP``), as soon as it
        says so, before the error is taken from the updates."""
        self._online = asyncio.Event()
        self.server_left = False
        """The link went down as the server closed (its close said "going away"): the game
        holding the table was closed, or the server stopped; not a line lost. False again
        once the link is back."""
        self._paced: Bucket | None = None
        """The messages this client may still send at once (``_pace``)."""

    @property
    def table(self) -> dict[str, Any] | None:
        """The last ``table`` frame: seats, names, who is connected, status; the names as
        ``names`` shows them (worked out on the thread that reads this: the one that draws,
        whose fonts ``names`` may use)."""
        frame = self._table
        if frame is None or self.names is None:
            return frame
        if self._shown is None or self._shown[0] is not frame:
            names = self.names
            seats = [{**info, "name": names(info["name"], info["seat"])} for info in frame["seats"]]
            self._shown = (frame, {**frame, "seats": seats})
        return self._shown[1]

    @table.setter
    def table(self, frame: dict[str, Any] | None) -> None:
        self._table = frame

    @property
    def online(self) -> bool:
        """Connected now (False while it tries to get back, or once closed)."""
        return self._online.is_set() and not self._closed

    @property
    def lost(self) -> bool:
        """Gone for good: closed, or the server could not be reached again in time (no
        longer trying to get back)."""
        reader = self._reader
        return self._closed or (reader is not None and reader.done())

    # --- connection ------------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the connection (the server's ``welcome`` is read here)."""
        await self._open()
        self._online.set()
        self._reader = asyncio.create_task(self._read_forever())
        self._pinger = asyncio.create_task(self._ping_forever())

    async def _open(self) -> None:
        try:
            ws = await connect(
                self.server,
                ssl=self.ssl_context,
                compression=None,
                max_size=FRAME_MOST,
                open_timeout=10,
                ping_interval=PING_EVERY,
                ping_timeout=PING_WAIT,
                close_timeout=CLOSE_TIMEOUT,
            )
        except ssl.SSLCertVerificationError as error:
            why = error.verify_message or error.reason or error
            raise Untrusted(f"{self.server} has a certificate that is not trusted: {why}") from None
        except InvalidMessage as error:  # an answer, but no HTTP: a TLS server, likely
            if self.server.startswith("ws://"):
                raise WrongScheme(f"{self.server} answered no HTTP: {error}", "wss") from None
            raise Disconnected(f"cannot reach {self.server}: {error}") from None
        except (ssl.SSLError, ConnectionResetError) as error:  # the greeting cut short
            if self.server.startswith("wss://"):
                raise WrongScheme(f"{self.server} cut TLS short: {error}", "ws") from None
            raise Disconnected(f"cannot reach {self.server}: {error}") from None
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise Disconnected(f"cannot reach {self.server}: {error}") from None
        try:
            text = await asyncio.wait_for(ws.recv(), REPLY_TIMEOUT)
            if self.on_frame is not None:
                self.on_frame(str(text))
            welcome = json.loads(text)
        except (ConnectionClosed, TimeoutError, ValueError, RecursionError) as error:
            await ws.close()
            raise Disconnected(f"{self.server} did not welcome us: {error}") from None
        if (
            not isinstance(welcome, dict)
            or welcome.get("type") != "welcome"
            or not isinstance(welcome.get("versions"), list)
            or VERSION not in welcome["versions"]
        ):
            await ws.close()
            raise Disconnected(f"{self.server} speaks another protocol: {welcome!r:.200}")
        limits = welcome.get("limits")
        self.limits = dict(limits) if isinstance(limits, dict) else {}
        self._ws = ws
        self._id = 0

    async def close(self) -> None:
        """Close the connection, waiting ``CLOSE_TIMEOUT`` at most for the server's answer."""
        self._closed = True
        for task in (self._pinger, self._resender, self._reader):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        ws = self._ws
        if ws is not None:
            try:  # (the close frame itself waits to be sent to a server that reads nothing)
                async with asyncio.timeout(2 * CLOSE_TIMEOUT):
                    await ws.close()
            except TimeoutError:
                ws.transport.abort()

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- asking ----------------------------------------------------------------------------

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a message and wait for the answer to it (``ServerError`` on an error)."""
        await self._until_online()
        return await self._exchange(kind, fields)

    async def _until_online(self) -> None:
        """Wait while the connection is being brought back (``TimeoutError`` once it has
        been tried for longer than ``reconnect_for``)."""
        trying = self.reconnect_for
        await asyncio.wait_for(
            self._online.wait(), None if trying is None else trying + REPLY_TIMEOUT
        )

    async def _exchange(self, kind: str, fields: dict[str, Any]) -> dict[str, Any]:
        """Send and wait for the answer, online or not (taking the seat back)."""
        await self._pace()
        ws = self._ws
        assert ws is not None
        self._id += 1
        number = self._id
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = reply
        try:
            sent = time.perf_counter()
            await ws.send(dumps({"v": VERSION, "type": kind, "id": number, **fields}))
            answer = await asyncio.wait_for(reply, REPLY_TIMEOUT)
            self.last_round_trip = time.perf_counter() - sent
        except ConnectionClosed:
            if self._ws is ws:  # seen here first: whoever asks next waits for it to be back
                self._online.clear()
            raise Disconnected("the connection dropped before the server answered") from None
        finally:
            self._waiting.pop(number, None)
        if answer.get("type") == "error":
            raise server_error(answer)
        return answer

    def limit(self, name: str, default: float, low: float, high: float) -> float:
        """One of the limits the server's welcome announced, as a number from ``low`` to
        ``high``; ``default`` when it announced none, or no number (a hostile or broken
        server's word never stops the window, nor makes it knock without a pause)."""
        value = self.limits.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return default
        if isinstance(value, float) and not math.isfinite(value):
            return default
        return float(min(high, max(low, value)))  # an integer too long for a float too

    async def _pace(self) -> None:
        """Keep under the server's message rate (a bot can play faster than it allows)."""
        rate = self.limit("rate", 20.0, 0.1, 10_000.0) * 0.9
        burst = max(1.0, self.limit("burst", 40.0, 1.0, 10_000.0) / 2)
        loop = asyncio.get_running_loop()
        bucket = self._paced
        if bucket is None:
            bucket = self._paced = Bucket(burst, 1 / rate, loop.time())
        bucket.burst, bucket.every = burst, 1 / rate  # (a server come back may say others)
        wait = bucket.wait(loop.time())
        if wait:
            await asyncio.sleep(wait)
        bucket.count(loop.time())
        bucket.left -= 1

    async def create(
        self,
        rules: Rules,
        seats: list[dict[str, Any]],
        name: str,
        seat: int = 0,
        *,
        start: bool = False,
    ) -> SeatTicket:
        """Open a table (``seats``: ``{"kind": "human"|"computer", "level"?, "name"?}``
        per seat) and sit in ``seat``; ``start``: the match begins when this player says
        so (``begin``) once every seat is taken, not as the last is."""
        fields: dict[str, Any] = {"start": True} if start else {}
        answer = await self.request(
            "create",
            rules=rules.to_dict(),
            seats=seats,
            name=name,
            seat=seat,
            **self._sheets(),
            **fields,
        )
        return self._seated(answer)

    async def begin(self) -> None:
        """Start the match of the table this player hosts, every seat taken."""
        await self.request("start")

    async def remove(self, seat: int) -> None:
        """Free ``seat`` at the table this player hosts, while it waits for its players:
        its player leaves the table."""
        await self.request("remove", seat=seat)

    async def seat_kind(self, seat: int, computer: bool, level: str = "expert") -> None:
        """At the table this player hosts, while it waits for its players: a computer at
        ``level`` in the free ``seat`` (``computer``), or the computer's ``seat`` free for a
        person."""
        await self.request("seat_kind", seat=seat, computer=computer, level=level)

    async def vacate(self) -> None:
        """Leave the table, which waits for its players, and free this seat (its token then
        holds nothing): for the people at the screen of a friend the host removed."""
        await self.request("vacate")

    def _sheets(self) -> dict[str, Any]:
        """The field that tells the server this player reads the score sheets."""
        return {"sheets": True} if self.sheets else {}

    async def join(
        self,
        code: str,
        name: str,
        seat: int | None = None,
        beside: int | None = None,
        together: int = 1,
        host: str | None = None,
    ) -> SeatTicket:
        """Sit at the table ``code``: in ``seat``, or the first free one (on the side of
        the seat ``beside``, if one is free there; with ``together`` people at this screen
        sitting down, this one first, on a side with room for them all, if there is one).
        ``host``: the token of the host's seat, for a person at the host's screen."""
        fields: dict[str, Any] = {"code": code, "name": name, **self._sheets()}
        if seat is not None:
            fields["seat"] = seat
        if beside is not None:
            fields["beside"] = beside
        if together > 1:  # (not sent alone: a server of an earlier version knows no such field)
            fields["together"] = together
        if host is not None:
            fields["host"] = host
        return self._seated(await self.request("join", **fields), normalize_code(code))

    async def sit(self, seat: int, name: str | None = None) -> SeatTicket:
        """Move to the free ``seat`` while the table waits for its players, by ``name``
        from now on if given (the token goes along: the ticket returned holds the new
        seat)."""
        fields: dict[str, Any] = {"seat": seat}
        if name is not None:
            fields["name"] = name
        self._sitting = seat
        try:
            answer = await self.request("sit", **fields)
        except Disconnected:
            # the link dropped with the move asked: taking the seat back tells whether the
            # server made it (the token went to the new seat, the old one freed)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._online.wait(), SIT_RECOVERY)
            if self.online and self.ticket is not None and self.ticket.seat == seat:
                return self.ticket
            raise
        finally:
            self._sitting = None
        if self.ticket is None:
            raise Disconnected("not seated at a table")
        moved = answer.get("seat")
        if not is_seat(moved):
            raise codec.CodecError(f"moved to seat {moved!r:.20}")
        self.ticket = dataclasses.replace(self.ticket, seat=moved)
        return self.ticket

    async def rejoin(self, ticket: SeatTicket) -> SeatTicket:
        """Take ``ticket``'s seat again: at its table, or at the table of its rematch when
        the players started one (the ticket returned names the table sat at)."""
        answer = await self.request(
            "rejoin", code=ticket.code, seat=ticket.seat, token=ticket.token, **self._sheets()
        )
        self._sat_at(moved_on(ticket, answer))
        self.watching = None
        self._tell_played_for_you(answer)
        return ticket if self.ticket is None else self.ticket

    async def rename(self, name: str) -> str:
        """Go by ``name`` from now on, while the table waits for its players (the name the
        table gave is returned: numbered if another seat goes by it)."""
        answer = await self.request("rename", name=name)
        return str(answer.get("name", name))

    async def sync(self) -> None:
        """Ask for the table and this seat's position again (answered by both: the
        position as a catch-up, ``Update.catching_up``)."""
        await self.request("sync")

    async def ready(self) -> None:
        """Say this player read the round's score sheet: the next round need not wait."""
        await self.request("ready")

    async def rematch(self) -> None:
        """Ask for another match at this table (the match over): the table frame names the
        rematch's table (``next``) once every player still there asked. Asked again once
        back if the connection drops before the server answers (asking twice is asking
        once), unless the seat was taken back at the rematch's table meanwhile: it began."""
        asked_at = None if self.ticket is None else self.ticket.code
        for _ in range(10):
            try:
                await self.request("rematch")
                return
            except Disconnected:
                if self.lost:
                    raise
            await self._until_online()
            if self.ticket is None or self.ticket.code != asked_at:
                return
        raise Disconnected("the connection kept dropping before the server answered")

    async def no_rematch(self) -> None:
        """Say this player leaves the table of the match over for good: the others are
        told there will be no rematch with them."""
        await self.request("no_rematch")

    def _sat_at(self, ticket: SeatTicket) -> None:
        """Hold ``ticket``'s seat from now on; at another table (a rematch's), nothing of the
        table before is kept: neither its last position nor a move to send again."""
        if self.ticket is not None and self.ticket.code != ticket.code:
            if self.last is not None and self.last.code != ticket.code:
                self.last = None  # (the new table's first frame may have come already)
            self._pending = None
        self.ticket = ticket

    def _tell_played_for_you(self, answer: dict[str, Any]) -> None:
        told = played_for_you(answer)
        if told is not None:
            self.told.put(told)

    async def watch(self, code: str) -> None:
        answer = await self.request("watch", code=code)
        self.watching = str(answer["code"])
        self.ticket = None

    async def play(self, move: Move | str, at: int) -> None:
        """Play ``move`` as move number ``at``; it is sent again after a reconnection if the
        server had not recorded it."""
        text = move.text() if isinstance(move, Move) else str(move)
        self._pending = (at, text)
        self._playing = True
        try:
            for _ in range(10):
                try:
                    await self.request("play", move=text, at=at)
                    return
                except Disconnected:
                    continue  # sent again once back: the server knows a move it already has
                except ServerError as error:
                    if error.code != "rate_limited" or error.fatal:
                        raise
                    await asyncio.sleep(1.0)
            raise ServerError("rate_limited", "the server kept refusing the move")
        finally:
            self._playing = False

    async def say(self, phrase: str) -> None:
        """A quick message (one of ``PHRASES``) to everyone at the table; not kept for
        later while the connection is down (``Disconnected``): said late, it would answer
        nothing."""
        if not self.online:
            raise Disconnected("a quick message is not sent while the connection is down")
        await self._exchange("say", {"phrase": phrase})

    def take_said(self) -> list[Said]:
        """The quick messages heard since the last call, oldest first."""
        taken = []
        with contextlib.suppress(IndexError):
            while True:
                taken.append(self.said.popleft())
        return taken

    async def hand_over(self, seat: int, level: str = "expert") -> None:
        await self.request("hand_over", seat=seat, level=level)

    async def back(self) -> None:
        """Take this seat back from the computer that stood in for this player (what it
        played meanwhile is told, ``PlayedForYou``)."""
        self._tell_played_for_you(await self.request("back"))

    async def next_update(self, timeout: float | None = None) -> Update:
        """The next ``state`` frame (``ServerError`` for an error the server sent unasked,
        ``Disconnected`` once the server is lost for good)."""
        item = await asyncio.wait_for(self._updates.get(), timeout)
        if isinstance(item, ServerError | Disconnected):
            raise item
        return item

    def _seated(self, answer: dict[str, Any], asked: str | None = None) -> SeatTicket:
        """The seat ``answer`` gives, at the table ``asked`` for if one was (``CodecError``
        if the answer's code, seat or token are none this game could keep and take back:
        a hostile server's, written to the list of seats held, lost the others there)."""
        code, seat, token = answer.get("code"), answer.get("seat"), answer.get("token")
        if not is_code(code) or asked is not None and normalize_code(code) != asked:
            raise codec.CodecError(f"seated at the table {code!r:.40}, asked for {asked}")
        if not is_seat(seat) or not is_token(token):
            raise codec.CodecError(f"seated at seat {seat!r:.20} with a token unfit to keep")
        self.ticket = SeatTicket(self.server, normalize_code(code), seat, token)
        self.watching = None
        return self.ticket

    # --- reading ---------------------------------------------------------------------------

    async def _read_forever(self) -> None:
        while not self._closed:
            ws = self._ws
            assert ws is not None
            try:
                async for text in ws:
                    self._take_or_pass(text)
            except ConnectionClosed as closed:
                if closed.sent is not None and closed.sent.code == CloseCode.MESSAGE_TOO_BIG:
                    self.too_large += 1
            if self._closed:
                return
            said = ws.protocol.close_rcvd
            self.server_left = said is not None and said.code == CloseCode.GOING_AWAY
            self._online.clear()
            for reply in self._waiting.values():
                if not reply.done():
                    reply.set_exception(ConnectionClosed(None, None))
            if self.too_large >= TOO_LARGE_TIMES:
                self._closed = True
                most = FRAME_MOST // 2**20
                why = f"{self.server} sent frames over {most} MB {self.too_large} times"
                self._updates.put_nowait(TooLarge(why))
                return
            if not await self._come_back():
                self._updates.put_nowait(Disconnected(f"lost {self.server}"))
                return

    def _take_or_pass(self, text: str | bytes) -> None:
        """Take a frame; one that raises where no check foresaw is passed over (logged), and
        the next are read."""
        try:
            self._take(text)
        except Exception as error:
            log(f"scopa: a frame from {self.server} was passed over: {error!r:.300}")

    def _take(self, text: str | bytes) -> None:
        if self.on_frame is not None:
            self.on_frame(str(text))
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):  # no message (nested past reading, too)
            return
        if not isinstance(frame, dict):
            return
        kind = frame.get("type")
        re = frame.get("re")
        if isinstance(re, int) and re in self._waiting:
            reply = self._waiting[re]
            if not reply.done():
                reply.set_result(frame)
            if kind not in ("state", "table"):
                return
        if kind == "table":
            with contextlib.suppress(codec.CodecError):  # one that cannot be read is not kept
                self.table = check_table(frame)
        elif kind == "state":
            try:
                update = decode_state(frame)
            except codec.CodecError:
                return
            self.last = update
            self._updates.put_nowait(update)
        elif kind == "said":
            said = read_said(frame)
            if said is not None:
                self.said.append(said)
        elif kind == "error":
            error = server_error(frame)
            if error.fatal and error.code in GIVE_UP:
                self._closed = True  # the seat is held elsewhere, or the match ended: stay away
                self.given_up = error.code
            self._updates.put_nowait(error)

    async def _come_back(self) -> bool:
        """Connect again and take the seat (or the spectator's place) back; where the table
        is no longer, at the address found for its code on the network (``LOOK_AFTER``)."""
        start, delay = _clock(), 0.2
        looked = start - LOOK_EVERY
        while not self._closed:
            trying = _clock() - start
            if self.reconnect_for is not None and trying >= self.reconnect_for:
                break
            await asyncio.sleep(delay)
            delay = next_wait(delay, trying)
            try:
                await self._open()
            except Disconnected:
                if trying >= LOOK_AFTER:
                    looked = await self._look_now_and_then(looked)
                continue
            self.reconnects += 1
            waiter = asyncio.create_task(self._read_once_seated())
            try:
                if self.ticket is not None:
                    ticket = self.ticket
                    try:
                        answer = await self._rejoin_exchange(ticket)
                    except ServerError as error:
                        if error.code != "bad_token" or self._sitting is None:
                            raise
                        # moved to another seat as the link dropped: the token is there now
                        ticket = dataclasses.replace(ticket, seat=self._sitting)
                        answer = await self._rejoin_exchange(ticket)
                    self._sat_at(moved_on(ticket, answer))  # a rematch began meanwhile
                    self._tell_played_for_you(answer)
                elif self.watching is not None:
                    await self._exchange("watch", {"code": self.watching})
            except ServerError as error:
                if error.code == "no_table" and self.ticket is not None:
                    # another server took the table's old address: the table may be found
                    # elsewhere, now or once the host's game is back (that server let go
                    # of: left open, each try held a connection until it closed them)
                    self._let_go()
                    looked = await self._look_now_and_then(looked)
                    continue
                self._updates.put_nowait(error)
                return False
            except (Disconnected, TimeoutError):
                self._let_go()
                continue
            finally:
                waiter.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await waiter
            self.server_left = False
            self._online.set()
            self._resender = asyncio.create_task(self._resend())
            return True
        return False

    def _let_go(self) -> None:
        """Drop the connection at once: one that is no use (a server that is not the
        table's, or that went quiet mid-exchange) before the next try."""
        ws = self._ws
        if ws is not None:
            ws.transport.abort()

    async def _rejoin_exchange(self, ticket: SeatTicket) -> dict[str, Any]:
        fields = {"code": ticket.code, "seat": ticket.seat, "token": ticket.token}
        return await self._exchange("rejoin", {**fields, **self._sheets()})

    async def _look_now_and_then(self, looked: float) -> float:
        """Look for the seat's table by its code on the local network, unless it was
        looked for less than ``LOOK_EVERY`` seconds ago (at ``looked``); when it is found
        at another server, the seat is taken back there from now on. When it was last
        looked for."""
        ticket = self.ticket
        if ticket is None or _clock() - looked < LOOK_EVERY:
            return looked
        if ticket.server.startswith("wss://"):  # a server on the internet: not on this network
            return looked
        looked = _clock()
        code, port, held_at = ticket.code, self.discovery, ticket.server

        def look() -> str | None:  # the token goes to no other computer than the table's
            try:
                return find_table(code, port=port, host=held_at)
            except TwoAnswers as error:
                log(f"scopa: table {code} not looked for: {error}")
                return None

        found = await asyncio.get_running_loop().run_in_executor(None, look)
        if found is not None and found != self.server and self.ticket is ticket:
            log(f"scopa: table {code} found at {found}, no longer at {self.server}")
            self.server = found
            self.ticket = dataclasses.replace(ticket, server=found)
        return looked

    async def _read_once_seated(self) -> None:
        """Read frames while (re)joining: the reader loop is not running then."""
        ws = self._ws
        assert ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                self._take_or_pass(text)  # one odd frame killed the reader, for good

    async def _resend(self) -> None:
        pending, last = self._pending, self.last
        if pending is None or last is None or self._playing:
            return
        at, text = pending
        if last.at == at and last.my_turn:
            with contextlib.suppress(ServerError, Disconnected, TimeoutError):
                await self.play(text, at)

    async def _ping_forever(self) -> None:
        while not self._closed:
            every = self.limit("idle_timeout", 120.0, 2.0, 86_400.0) / 4
            await asyncio.sleep(max(every, 0.5))
            if self._online.is_set():
                with contextlib.suppress(ServerError, Disconnected, TimeoutError):
                    await self.request("ping")


async def _cancel_the_rest() -> None:
    """Cancel every other task of the running loop, and wait for them to end."""
    left = asyncio.all_tasks() - {asyncio.current_task()}
    for task in left:
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)


class BackgroundClient:
    """A ``Client`` on its own thread and event loop, for a program with a loop of its own
    (the game draws frames; it must never wait on the network).

        remote = BackgroundClient("ws://host:8765")
        job = remote.submit(remote.client.join(code, "Anna"))   # a concurrent Future
        ...each frame: for item in remote.poll(): ...           # Updates, errors
        remote.close()
    """

    def __init__(self, server: str, **options: Any) -> None:
        self._closing = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="scopa-net", daemon=True)
        self._thread.start()
        try:
            self.client: Client = self.submit(self._make(server, options)).result(REPLY_TIMEOUT)
        except BaseException:
            self._stop_loop()  # the connection failed: the thread ends with it
            raise
        self._inbox: queue.SimpleQueue[Update | ServerError | Disconnected] = queue.SimpleQueue()
        self._pump = self.submit(self._forward())

    def _run(self) -> None:
        """The client's loop, until it is stopped; then it is closed, on its own thread,
        once what still runs on it is cancelled (a request never answered, say: whoever
        waits for it is told so)."""
        try:
            self._loop.run_forever()
        finally:
            self._loop.run_until_complete(_cancel_the_rest())
            self._loop.close()

    @staticmethod
    async def _make(server: str, options: dict[str, Any]) -> Client:
        client = Client(server, **options)
        await client.connect()
        return client

    def submit(self, work: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run ``work`` on the client's loop; its result comes back as a Future. Once the
        loop has ended (the connection given up), the Future holds ``Disconnected``: asked
        then, a request raised into the screen that asked it and closed the game."""
        try:
            return asyncio.run_coroutine_threadsafe(work, self._loop)
        except RuntimeError:  # the loop is closed
            work.close()
            failed: concurrent.futures.Future[T] = concurrent.futures.Future()
            failed.set_exception(Disconnected("the connection to the server is closed"))
            return failed

    async def _forward(self) -> None:
        while True:
            try:
                item: Update | ServerError | Disconnected = await self.client.next_update()
            except (ServerError, Disconnected) as error:
                item = error
            self._inbox.put(item)
            if isinstance(item, Disconnected):
                return

    def poll(self) -> list[Update | ServerError | Disconnected | PlayedForYou]:
        """Everything that arrived since the last call, oldest first (never waits); what
        the server told as the seat was taken back comes first."""
        items: list[Update | ServerError | Disconnected | PlayedForYou] = []
        with contextlib.suppress(queue.Empty):
            while True:
                items.append(self.client.told.get_nowait())
        while True:
            try:
                items.append(self._inbox.get_nowait())
            except queue.Empty:
                return items

    def close(self) -> None:
        """Close the connection and stop the client's thread, without waiting for either:
        the caller draws frames, and the close runs on the client's own loop (a server
        that does not answer it is cut off after ``CLOSE_TIMEOUT``). The client is lost
        at once (it no longer tries to get back); again: nothing happens."""
        if self._closing:
            return
        self._closing = True
        self.client._closed = True  # lost from now on, for whoever asks before it is closed
        self._pump.cancel()
        self.submit(self._shut())  # (nothing to shut once the loop has ended)

    @property
    def closed(self) -> bool:
        """The connection closed and the client's thread ended (some time after ``close``)."""
        return not self._thread.is_alive()

    async def _shut(self) -> None:
        try:
            await self.client.close()
        finally:
            asyncio.get_running_loop().stop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(REPLY_TIMEOUT)
