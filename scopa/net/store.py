"""Where the server keeps its tables: one interface, two stores.

A table is kept as its game record (the header of ``GameRecord.text()``: rules, seed, first
dealer; then the moves, appended one by one), its seats (who may sit where: names, levels and
the SHA-256 of each seat's token), who is connected, and, once its players start a rematch,
the code of the table it is played at. ``SqliteStore`` (standard library) is
the default and serves one server process; ``RedisStore`` lets several server processes
share the tables, and tells each of them what the others changed (``listen``).

Appending a move is a compare-and-append: it succeeds only if the table has exactly ``at``
moves, so two servers (or a replayed message) can never record two moves in one place.
"""

from __future__ import annotations

import abc
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from scopa.engine import GameRecord, NotationError

Listener = Callable[[str, dict[str, Any]], Awaitable[None]]
"""Called with (table code, change) for a change another server made."""


class StoreError(RuntimeError):
    """The store cannot be used (unreachable, damaged); the message says which and why."""


@dataclass(frozen=True)
class SeatRecord:
    """Who may sit in one seat. A human seat is free until claimed (``token_hash`` set)."""

    kind: str
    """'human' or 'computer'."""
    name: str = ""
    level: str = "expert"
    token_hash: str | None = None
    autoplay: bool = False
    """A human seat handed to a computer while its player is away."""
    ended: bool = False
    """This seat's player (the table's host) ended the match for good, unfinished."""
    rematch: bool = False
    """This seat's player, the match over, asked to play another at the same table."""
    starts: bool = False
    """This seat's player (the table's host) starts the match: once every seat is taken
    the table waits for them (``start``), while the seats may still change."""
    declined: bool = False
    """This seat's player, the match over, left the table for good: no rematch there."""
    hosts: bool = False
    """This seat's player opened the table (at a game's own server, the game serving it),
    or sits at the screen of the one who did."""

    @property
    def taken(self) -> bool:
        return self.kind == "computer" or self.token_hash is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "token_hash": self.token_hash,
            "autoplay": self.autoplay,
            "ended": self.ended,
            "rematch": self.rematch,
            "starts": self.starts,
            "declined": self.declined,
            "hosts": self.hosts,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(
            str(data["kind"]),
            str(data.get("name", "")),
            str(data.get("level", "expert")),
            data.get("token_hash"),
            bool(data.get("autoplay", False)),
            bool(data.get("ended", False)),
            bool(data.get("rematch", False)),
            bool(data.get("starts", False)),
            bool(data.get("declined", False)),
            bool(data.get("hosts", False)),
        )

    def with_(self, **changes: Any) -> SeatRecord:
        return replace(self, **changes)


@dataclass(frozen=True)
class TableRecord:
    code: str
    header: str
    """``GameRecord.text()`` of the match before its first move."""
    seats: tuple[SeatRecord, ...]
    owner: str
    """The address that opened the table (for the per-address limit)."""
    created: float = field(default_factory=time.time)
    moves: tuple[str, ...] = ()
    finished: bool = False
    next: str | None = None
    """The code of the table its rematch is played at, once its players started one."""

    def record(self) -> GameRecord:
        """The game record of the match so far."""
        text = self.header + (" ".join(self.moves) + "\n" if self.moves else "")
        try:
            return GameRecord.parse(text)
        except NotationError as error:
            raise StoreError(f"table {self.code}: damaged record: {error}") from None


@dataclass(frozen=True)
class Presence:
    connected: bool
    since: float
    """When the seat's player came or went."""


class Store(abc.ABC):
    """The interface both stores implement (all methods are coroutines)."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect, create what is missing; ``StoreError`` if the store cannot be used."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    async def create(self, table: TableRecord) -> bool:
        """Keep a new table; False if its code is already used."""

    @abc.abstractmethod
    async def load(self, code: str) -> TableRecord | None: ...

    @abc.abstractmethod
    async def unfinished(self) -> list[str]:
        """The codes of the tables whose match is not over (to resume after a restart)."""

    @abc.abstractmethod
    async def append_move(self, code: str, at: int, move: str) -> bool:
        """Record ``move`` as move number ``at`` (0-based) if the table has exactly ``at``
        moves; False otherwise (someone else moved first)."""

    @abc.abstractmethod
    async def set_next(self, code: str, next_code: str) -> bool:
        """Record that the rematch of ``code`` is played at ``next_code``, unless a rematch
        was recorded already (another server started one first): then False."""

    @abc.abstractmethod
    async def set_seat(self, code: str, seat: int, record: SeatRecord) -> None: ...

    @abc.abstractmethod
    async def claim_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        """Give a free human seat its player (``record`` has the token's hash); False if
        the seat was claimed meanwhile."""

    @abc.abstractmethod
    async def finish(self, code: str) -> None:
        """The match is over: the table no longer counts against its owner."""

    @abc.abstractmethod
    async def open_tables_of(self, owner: str) -> int:
        """How many unfinished tables ``owner`` has opened."""

    @abc.abstractmethod
    async def open_tables(self, owner: str) -> list[tuple[str, float]]:
        """The code and the time of opening of each unfinished table ``owner`` opened."""

    @abc.abstractmethod
    async def set_presence(self, code: str, seat: int, server: str | None) -> None:
        """``seat``'s player is connected to ``server`` (None: gone), from now."""

    @abc.abstractmethod
    async def presence(self, code: str) -> dict[int, Presence]:
        """Who is connected, by seat (seats never sat in are absent)."""

    async def heartbeat(self, server: str) -> None:  # noqa: B027 - optional for one server
        """``server`` is alive (its connected seats count as connected)."""

    async def publish(self, code: str, origin: str, change: dict[str, Any]) -> None:  # noqa: B027
        """Tell the other servers about a change (nothing to do with one server)."""

    async def listen(self, origin: str, listener: Listener) -> None:  # noqa: B027
        """Call ``listener`` for every change the other servers publish."""


def open_store(spec: str) -> Store:
    """The store ``--store`` names: a path or ``sqlite:PATH`` for SQLite, or a
    ``redis://host:port/db`` URL."""
    if spec.startswith(("redis://", "rediss://", "unix://")):
        try:
            import redis  # noqa: F401 - the optional client of the shared store
        except ImportError:
            raise StoreError(
                "a Redis store needs the redis client: pip install 'scopa[server]'"
            ) from None
        from .redis_store import RedisStore

        return RedisStore(spec)
    from .sqlite_store import SqliteStore

    return SqliteStore(spec.removeprefix("sqlite:"))
