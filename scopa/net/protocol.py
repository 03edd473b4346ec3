"""The messages between a client and the server: JSON text frames over a WebSocket.

Every message is an object with ``"v"`` (the protocol version, ``VERSION``) and ``"type"``.
A client message also carries ``"id"``, a number that grows with every message of its
connection: the server answers with ``"re"`` set to it, and refuses an ``id`` it has already
seen (a replayed message). A message with another ``"v"`` is refused with the ``version``
error, which lists the versions this server speaks, so a newer client can say so plainly.

Client to server (fields besides v, type, id)::

    create    rules (Rules.to_dict()), seats [{kind: human|computer, name?, level?}],
              name (yours), seat? (yours, default 0), sheets?, start? (true: the match
              begins when you say so, by ``start``, once every seat is taken; meanwhile
              the players may still change seats and names. Else when the last is taken)
    join      code, name, seat? (a free human seat; default the first), beside? (with no
              seat asked: a free seat on this seat's side if there is one, for a second
              person at the same screen), together? (with no seat asked: how many people
              at this screen sit down, this one first: a side with room for all of them),
              host? (the token of the host's seat: this person sits at the host's screen,
              and goes with the host's seat where it goes, e.g. no rematch once the host's
              game was closed on the final sheet), sheets?
              (sheets: true from a window that shows each round's score sheet: the next
              round's first play waits until it says ``ready``: a minute at most from
              when another player waits, the first to read the sheet or to leave)
    rejoin    code, seat, token, sheets?           (your seat again, after a drop; at a
                                                   table whose players started a rematch,
                                                   your seat at the rematch's table)
    watch     code                                 (a spectator: public information only)
    sit       seat, name?  (while the table waits for its players: move to this free
                            seat, with the token and the name, or ``name`` instead; a
                            name the game gave by the seat's number follows the number;
                            answered by seated, without a token)
    rename    name     (while the table waits for its players: this seat's name from now
                        on, numbered if another seat goes by it; answered by ok)
    start              (the host, every seat taken: the match begins; answered by ok)
    remove    seat     (the host, while the table waits for its players: the player in
                        this seat leaves it, free again, and is told ``removed``, fatal;
                        answered by ok)
    seat_kind seat, computer, level?   (the host, while the table waits for its players:
                        a free seat given to a computer at ``level``, named as no other
                        seat is, or a computer's seat freed for a person; answered by ok)
    vacate             (while the table waits for its players: I leave it, and my seat
                        is free again, my token holding nothing; not the host's, who
                        closes the table by leaving; answered by ok)
    play      move (notation, "7Dx3C+4S"), at (moves played so far: guards against replays)
    hand_over seat, level?    (a human seat whose player has been gone for a while, or
                               who is here but has let the turn go by ``idle_grace``
                               seconds, plays on as a computer, an expert whatever
                               ``level`` asks: the others do not choose how well it
                               plays; its player gets it back by rejoining, or by
                               ``back`` while still connected)
    back      (my seat, played by the computer since I let a turn go by, is mine again)
    rematch   (the match over, I want another at this table: once every player at the
              table asks, none gone, the server opens the rematch's table, the same people
              in the same seats with the same tokens, and the table frame names it in
              ``next``; each player moves there by ``rejoin``)
    no_rematch (the match over, I leave this table for good: the others are told not to
              wait for me to come back and ask for a rematch)
    ready     (I have read the round's score sheet: the next round may begin. A seat
              taken, or taken back, with sheets while others read is waited for too: its
              window shows the sheet they read, or says ready again if it read it)
    say       phrase (one of ``PHRASES``: a quick message to everyone at the table, shown
              in each window's own language; a seated player only, ``say_burst`` at once,
              then one every ``say_every`` seconds, else ``chatty``; answered by ok)
    sync      (send me the table and my state again: both answer with ``re``)
    ping      (answered by pong; keeps a quiet connection open)
    leave     (I leave this table; my seat stays mine)

Server to client::

    welcome   server, versions, limits              (first, on connecting)
    seated    re, code, seat, token?      (you hold this seat; the token comes once, when
                                           the seat is first taken: keep it to rejoin)
    watching  code
    table     code, rules, status (waiting|playing|over), at, seats [{seat, kind, name,
              level, taken, connected, away, autoplay, rematch, declined (no rematch
              with this seat's player), starts (the host, who starts the match once
              every seat is taken)}], spectators, result,
              reading (the seats whose players still read the last round's score sheet:
              the round waits for them), reading_left (the seconds it waits for them
              still, once somebody waits; else null), next (the code of the rematch's
              table, once it is open; else null)
    state     code, at, status, reason (start|move|join|sync), events [...], observation,
              result, rounds? (events: what the last move did, as this seat may see it;
                           observation: Observation of this seat, the table's cards in the
                           order they came to it; spectators get seat -1; rounds, in join
                           and sync only: the scores of every round played, one Breakdown
                           per side, as RoundScored carries them)
    said      code, seat, phrase, n       (a player's quick message, to everyone at the
                                           table, its sender too; ``n`` tells one message
                                           from another: a screen of several seats hears
                                           it once on each of their connections)
    pong, ok  re (ok to a play: at, the moves played since; a play the server already has,
              sent again after a drop, is answered ok too; ok to back: played_for_you,
              the moves the computer made for the seat meanwhile, as on a rejoin)
    error     re, code, message, fatal          (fatal: the server closes the connection;
                                           ``ended``, fatal, to everyone at a table whose
                                           match its host ended for good, and to whoever
                                           comes to it after)

``code`` of an error is one of ``ERRORS`` (a client shows its own words for it); ``message``
says the same in English for logs and the headless player.

Seats are numbered from 0 in playing order, like the engine's. Events and observations are
the engine's dataclasses written field by field (``codec``), so a new event or rule travels
without a change here; only a new kind of private field would need ``codec.PRIVATE_FIELDS``.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import asdict, dataclass
from typing import Any

from scopa.settings import LEVELS, MAX_NAME, shows_something

VERSION = 1
VERSIONS = (1,)

PING_EVERY = 5.0
PING_WAIT = 10.0
"""Seconds between the pings each end of a link sends, and that a ping waits for its answer
before the link is taken for dead: a player whose computer froze or whose network went
without a word is seen gone within a quarter of a minute (twenty and twenty seconds
looked, for half a minute and more, like a player slow to play)."""

CATCHING_UP = frozenset({"join", "sync"})
"""The reasons of the state frames that bring a window up to date (on joining, after a drop,
when asked): no events lead to them from the last position sent, and they carry the scores
of the rounds played before (``rounds``), which a window that came in late never saw."""

ERRORS = {
    "bad_json": "the message is not a JSON object",
    "binary": "messages are JSON text, not binary",
    "too_big": "the message is too long",
    "version": "this server speaks another protocol version",
    "unknown_type": "unknown message type",
    "bad_message": "a field of the message is missing or wrong",
    "replayed": "this message was already received",
    "rate_limited": "too many messages: slow down",
    "chatty": "quick messages: a few at once, then one every few seconds",
    "no_table": "no table has this code",
    "bad_token": "this token does not hold that seat",
    "seat_taken": "that seat is taken",
    "no_free_seat": "the table has no free seat",
    "not_seated": "sit at a table first",
    "begun": "the match has begun: the seats no longer change",
    "not_host": "only the table's host starts its match, removes a player or seats a computer",
    "removed": "the table's host took you off the table",
    "already_seated": "this connection already sits at a table",
    "waiting": "the match starts when every seat is taken",
    "over": "the match is over",
    "not_over": "the match is not over yet",
    "reading": "the round begins once everyone has read the score sheet",
    "ended": "the host ended this match",
    "closed": "the host closed this table before its match began",
    "not_your_turn": "it is not your turn",
    "stale": "the match has moved on since that message",
    "illegal_move": "that move is not allowed",
    "bad_rules": "these rules cannot be played",
    "too_many_tables": "this address has opened too many tables",
    "server_full": "the server has no room for another table",
    "hosts_own": "this player's game hosts its own tables only: join one of them",
    "not_away": "that seat's player has not been gone, or let the turn go by, long enough",
    "idle": "the connection was idle for too long",
    "abuse": "too many bad messages",
    "internal": "the server failed on this message",
}
"""Every error code, with what it means."""


class ProtocolError(Exception):
    """A message refused; ``code`` is one of ``ERRORS``, ``message`` the details."""

    def __init__(self, code: str, message: str | None = None, *, fatal: bool = False) -> None:
        if code not in ERRORS:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]
        self.fatal = fatal
        self.re: int | None = None
        """The id of the message refused, when it could be read (``parse_client``)."""


@dataclass(frozen=True)
class Limits:
    """What one connection and one address may do (announced in ``welcome``)."""

    max_message: int = 4096
    """Bytes of one client message; longer ones are refused (past ``hard_max_message`` the
    connection is closed by the WebSocket layer, code 1009)."""
    hard_max_message: int = 65536
    rate: float = 20.0
    """Messages a second a connection may send on average ..."""
    burst: int = 40
    """... and at once."""
    flood_strikes: int = 20
    """Messages refused for rate in a row before the connection is closed."""
    bad_messages: int = 50
    """Refused messages (of any kind) a connection may send before it is closed."""
    tables_per_address: int = 8
    """Unfinished tables one IP address may have opened."""
    connections_per_address: int = 32
    max_tables: int = 20000
    """Tables held in memory at once (the store keeps every one)."""
    idle_timeout: float = 120.0
    """Seconds a connection may stay silent (clients ping every ``idle_timeout / 4``)."""
    seat_timeout: float = 30.0
    """Seconds a new connection has to sit at or watch a table."""
    away_grace: float = 60.0
    """Seconds a player must be gone before the others may hand the seat to a computer."""
    say_burst: int = 3
    """Quick messages a seat may send at once ..."""
    say_every: float = 4.0
    """... and the seconds it waits for each one more."""
    idle_grace: float = 90.0
    """Seconds a player still connected may keep the turn before the others may hand the
    seat to a computer (a player away from the screen, or in a screen of their own)."""

    def public(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Message:
    """A valid client message."""

    type: str
    id: int
    fields: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


_TEXT = (str,)
_INT = (int,)
_BOOL = (bool,)
_SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "create": {
        "rules": ((dict,), True),
        "seats": ((list,), True),
        "name": (_TEXT, True),
        "seat": (_INT, False),
        "sheets": (_BOOL, False),
        "start": (_BOOL, False),
    },
    "join": {
        "code": (_TEXT, True),
        "name": (_TEXT, True),
        "seat": (_INT, False),
        "beside": (_INT, False),
        "together": (_INT, False),
        "host": (_TEXT, False),
        "sheets": (_BOOL, False),
    },
    "rejoin": {
        "code": (_TEXT, True),
        "seat": (_INT, True),
        "token": (_TEXT, True),
        "sheets": (_BOOL, False),
    },
    "watch": {"code": (_TEXT, True)},
    "sit": {"seat": (_INT, True), "name": (_TEXT, False)},
    "rename": {"name": (_TEXT, True)},
    "start": {},
    "remove": {"seat": (_INT, True)},
    "seat_kind": {"seat": (_INT, True), "computer": (_BOOL, True), "level": (_TEXT, False)},
    "vacate": {},
    "play": {"move": (_TEXT, True), "at": (_INT, True)},
    "hand_over": {"seat": (_INT, True), "level": (_TEXT, False)},
    "back": {},
    "rematch": {},
    "no_rematch": {},
    "ready": {},
    "say": {"phrase": (_TEXT, True)},
    "sync": {},
    "ping": {},
    "leave": {},
}
CLIENT_TYPES = tuple(_SCHEMAS)

PHRASES = (
    "hello",
    "good_luck",
    "well_played",
    "what_a_scopa",
    "oops",
    "thinking",
    "thanks",
    "good_game",
)
"""The quick messages players send one another: each window words them in its own
language, and nothing else is ever written by one player to another (no text of theirs
to read, nothing to keep from children's eyes, nothing a hostile player could draw)."""
MAX_ID = 2**53  # exact in every JSON reader


def parse_client(frame: str | bytes, limits: Limits) -> Message:
    """Read one client frame, or raise ``ProtocolError`` saying what is wrong with it."""
    if isinstance(frame, bytes | bytearray | memoryview):
        raise ProtocolError("binary")
    if (
        len(frame) > limits.max_message
        or len(frame.encode("utf-8", "replace")) > limits.max_message
    ):
        raise ProtocolError("too_big", f"a message may be at most {limits.max_message} bytes")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json")
    version = data.get("v")
    if version not in VERSIONS or isinstance(version, bool):
        raise ProtocolError(
            "version", f"this server speaks protocol version {VERSION}, not {version!r:.20}"
        )
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _SCHEMAS:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:40]!r}")
    number = data.get("id")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= MAX_ID:
        raise ProtocolError("bad_message", "'id' must be a whole number from 1 up")
    try:
        return Message(kind, number, _fields_of(kind, data))
    except ProtocolError as refused:
        refused.re = number  # the sender is waiting for the answer to this id
        raise


def _fields_of(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a ``kind`` message, checked against its schema."""
    schema = _SCHEMAS[kind]
    fields = {key: value for key, value in data.items() if key not in ("v", "type", "id")}
    for key in fields:
        if key not in schema:
            raise ProtocolError("bad_message", f"{kind}: unknown field {key[:40]!r}")
    for key, (types, required) in schema.items():
        if key not in fields:
            if required:
                raise ProtocolError("bad_message", f"{kind}: missing field {key!r}")
            continue
        value = fields[key]
        if (isinstance(value, bool) and types is not _BOOL) or not isinstance(value, types):
            raise ProtocolError("bad_message", f"{kind}: field {key!r} has the wrong type")
        if isinstance(value, int) and not -MAX_ID <= value <= MAX_ID:
            raise ProtocolError("bad_message", f"{kind}: field {key!r} is out of range")
    return fields


MAX_MARKS = 2
"""Accents a name may stack on one letter (two, as some languages write): more is a tower of
marks drawn over the other names, not a name."""


LOOK_ALIKES = str.maketrans(
    "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7"
    "\u03bf\u03bd\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425"
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0455\u0406\u0408\u0405",
    "ABEZHIKMNOPTYXovABEKMHOPCTXaeopcyxijsIJS",
)
"""Greek and Cyrillic letters drawn as Latin ones: "\u0397ost" reads as the host's "Host"."""


UNSEEN = dict.fromkeys(
    [0x034F, 0x17B4, 0x17B5, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10),
     *range(0xE0100, 0xE01F0)]
)  # fmt: skip
"""Marks that draw nothing (U+FE0F after a phone's emoji, the grapheme joiner): a name
holding one reads as the same name without it."""


def name_key(name: str) -> str:
    """What two names are compared by: alike whatever the capitals, the compatibility
    forms (full-width letters), the look-alike letters of other alphabets, the marks that
    draw nothing, and the accents over Latin letters ("Zoe" and "Zoë" at one table were
    two people whose names the covers told apart by two dots, across a room)."""
    plain = unicodedata.normalize("NFKC", name.translate(UNSEEN)).translate(LOOK_ALIKES)
    return _unaccented(plain).casefold()


def _unaccented(name: str) -> str:
    """``name`` without the marks over or under its Latin letters (other scripts' marks,
    a Devanagari vowel sign say, are letters of their own: kept)."""
    out: list[str] = []
    for char in unicodedata.normalize("NFD", name):
        if unicodedata.combining(char) and out and out[-1].isascii() and out[-1].isalpha():
            continue
        out.append(char)
    return unicodedata.normalize("NFC", "".join(out))


def check_name(name: str) -> str:
    """A player's name as shown to the others, or ``ProtocolError``."""
    cleaned = name.strip()
    if not cleaned or len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise ProtocolError("bad_message", f"a name is 1 to {MAX_NAME} printable characters")
    if not shows_something(cleaned):  # a Hangul filler, a blank braille cell: no name
        raise ProtocolError("bad_message", "a name shows at least one letter or sign")
    stacked = 0
    for char in cleaned:
        stacked = stacked + 1 if unicodedata.combining(char) else 0
        if stacked > MAX_MARKS:
            raise ProtocolError(
                "bad_message", f"a name has at most {MAX_MARKS} accents on one letter"
            )
    return cleaned


MAX_SEATS = 64
"""More seats than any table has: a seat number past it is no seat."""


def said_of(data: dict[str, Any], seats: int = MAX_SEATS) -> tuple[int, str, str] | None:
    """The seat, phrase and number of a quick message as a ``said`` frame (or another
    server) tells it, the number cut to 40 characters; None for one that does not read as
    one (a phrase of a newer game, a seat that is no number or not one of ``seats``)."""
    seat, phrase, number = data.get("seat"), data.get("phrase"), data.get("n")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        return None
    if phrase not in PHRASES or not isinstance(number, str):
        return None
    return seat, str(phrase), number[:40]


class Bucket:
    """So many at once, then one more every ``every`` seconds: the messages a connection
    may send (``Limits.rate``), and a seat's quick messages (``Limits.say_every``). Times
    are the caller's clock's."""

    def __init__(self, burst: float, every: float, now: float) -> None:
        self.burst = max(1.0, float(burst))
        self.every = max(1e-6, float(every))
        self.left = self.burst
        self.at = now

    def count(self, now: float) -> float:
        """How many may be sent at once at ``now``."""
        self.left = min(self.burst, self.left + max(0.0, now - self.at) / self.every)
        self.at = now
        return self.left

    def take(self, now: float) -> bool:
        """Spend one, if there is one."""
        if self.count(now) < 1:
            return False
        self.left -= 1
        return True

    def wait(self, now: float) -> float:
        """The seconds until one may be sent."""
        return max(0.0, (1 - self.count(now)) * self.every)

    def drain(self, now: float) -> None:
        """None left: another's count said so (the server refused one)."""
        self.left = min(self.count(now), 0.0)


def check_phrase(phrase: Any) -> str:
    if phrase not in PHRASES:
        raise ProtocolError("bad_message", "phrase must be one of " + ", ".join(PHRASES))
    return str(phrase)


def check_level(level: Any) -> str:
    if level not in LEVELS:
        raise ProtocolError("bad_message", "level must be one of " + ", ".join(LEVELS))
    return str(level)


def client_message(kind: str, number: int, **fields: Any) -> str:
    """A client frame (used by the client library and the tests)."""
    return dumps({"v": VERSION, "type": kind, "id": number, **fields})


def server_message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


def error_message(error: ProtocolError, re: int | None) -> dict[str, Any]:
    return server_message("error", re=re, code=error.code, message=error.message, fatal=error.fatal)


def dumps(data: Any) -> str:
    """Plain JSON data as the compact text of a frame."""
    return _ENCODER.encode(data)


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""One encoder for every frame (``json.dumps`` with options builds a new one each call)."""
