"""One table as the server holds it: the match, its seats, and what each seat is sent.

No sockets here: the server feeds it moves and sends what it returns. Each seat's frame is
built from that seat's own ``observe()`` and the events of the last move with every other
seat's private fields emptied (``codec.redact``); spectators get the public part only.

Every seat and spectator is sent the same position after each move, so what they all see is
written once (``StateFrames``): the public fields of the position, kept until the next move,
and the events without a private field. Only each seat's own fields are written per seat.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterable, Sequence
from typing import Any

from scopa.engine import (
    Card,
    Dealt,
    GameRecord,
    IllegalMove,
    Laid,
    Match,
    Move,
    Observation,
    Rules,
    RulesError,
    ScopaError,
)
from scopa.settings import MAX_NAME

from . import codec
from .protocol import (
    CATCHING_UP,
    ProtocolError,
    check_level,
    check_name,
    dumps,
    name_key,
    server_message,
)
from .store import Presence, SeatRecord, StoreError, TableRecord

COMPUTER_NAMES = ("Giulia", "Marco", "Lucia", "Paolo", "Chiara", "Luca", "Sara", "Franco")
_SEAT_KEYS = frozenset({"kind", "name", "level"})


def new_seed() -> int:
    return int.from_bytes(os.urandom(8), "big") >> 1


def read_rules(data: Any) -> Rules:
    try:
        return codec.rules_from(data)
    except (RulesError, TypeError) as error:
        raise ProtocolError("bad_rules", f"these rules cannot be played: {error}") from None


def free_computer_names(used: Iterable[str]) -> list[str]:
    """The names of ``COMPUTER_NAMES`` none of ``used`` goes by (whatever the capitals, or
    letters of another alphabet drawn alike: ``name_key``), in their order."""
    taken = {name_key(name) for name in used}
    return [name for name in COMPUTER_NAMES if name_key(name) not in taken]


def renamed_computers(seats: Sequence[SeatRecord], name: str) -> dict[int, SeatRecord]:
    """The computers of a table not yet playing that go by ``name``, a person's coming to
    sit, each under a name of ``COMPUTER_NAMES`` no seat goes by (a person keeps the name
    they typed: a computer's was only given)."""
    free = free_computer_names([*(record.name for record in seats), name])
    renamed = {}
    for number, record in enumerate(seats):
        if record.kind == "computer" and name_key(record.name) == name_key(name) and free:
            renamed[number] = record.with_(name=free.pop(0))
    return renamed


def computer_name(seats: Sequence[SeatRecord], seat: int) -> str:
    """A name of ``COMPUTER_NAMES`` for a computer coming to sit in ``seat``, which no seat
    goes by."""
    return next(iter(free_computer_names(record.name for record in seats)), f"CPU {seat + 1}")


def distinct_name(name: str, seats: Sequence[SeatRecord], seat: int) -> str:
    """``name`` for ``seat``, with a number after it if another seat goes by it already
    (whatever the capitals, or letters of another alphabet drawn alike: ``name_key``): two
    players called alike could not be told apart."""
    others = {name_key(record.name) for number, record in enumerate(seats) if number != seat}
    if name_key(name) not in others:
        return name
    for number in range(2, len(seats) + 2):
        suffix = f" {number}"
        numbered = name[: MAX_NAME - len(suffix)] + suffix
        if name_key(numbered) not in others:
            return numbered
    return name


def read_seats(data: list[Any], rules: Rules, people: Sequence[str] = ()) -> tuple[SeatRecord, ...]:
    """The seats asked for in ``create``: one per player, each human or computer; the
    computers not named are given names none of ``people`` goes by."""
    if len(data) != rules.players:
        raise ProtocolError(
            "bad_message", f"a {rules.players}-player table needs {rules.players} seats"
        )
    seats = []
    names = iter(free_computer_names(people))
    for number, spec in enumerate(data):
        if not isinstance(spec, dict) or not set(spec) <= _SEAT_KEYS:
            raise ProtocolError("bad_message", f"seat {number}: an object of {sorted(_SEAT_KEYS)}")
        kind = spec.get("kind")
        if kind not in ("human", "computer"):
            raise ProtocolError("bad_message", f"seat {number}: kind is 'human' or 'computer'")
        level = check_level(spec.get("level", "expert"))
        name = spec.get("name")
        if name is not None and not isinstance(name, str):
            raise ProtocolError("bad_message", f"seat {number}: a name is text")
        if kind == "computer":
            name = check_name(name) if name else next(names, f"CPU {number + 1}")
            seats.append(SeatRecord("computer", name, level))
        else:
            seats.append(SeatRecord("human", "", level))
    return tuple(seats)


def arranged(order: Sequence[Card], events: Iterable[Any], now: Sequence[Card]) -> tuple[Card, ...]:
    """The cards on the table (``now``, as the engine holds them: in the deck's order) in the
    order a window that saw ``events`` after ``order`` lays them: a round's table in the order
    dealt, then each card laid after the others, the gaps of those taken closed up. Every
    window is sent this order, so one that joins mid-round lays the table as the others do."""
    cards = list(order)
    for event in events:
        if isinstance(event, Dealt) and event.deal_no == 1:
            cards = list(event.table)
        elif isinstance(event, Laid):
            cards.append(event.card)
    here = set(now)
    kept = [card for card in dict.fromkeys(cards) if card in here]
    placed = set(kept)
    return (*kept, *(card for card in now if card not in placed))


def rematch_seats(seats: Sequence[SeatRecord]) -> tuple[SeatRecord, ...]:
    """The seats of a table's rematch: the same players in the same places, each person
    with the token they hold (the seat is theirs again by rejoining)."""
    return tuple(
        seat if seat.kind == "computer" else seat.with_(rematch=False, autoplay=False, starts=False)
        for seat in seats
    )


def new_table(
    code: str, rules: Rules, seats: tuple[SeatRecord, ...], owner: str, seed: int | None = None
) -> tuple[TableRecord, Table]:
    """A new table, and its record for the store (the table holds the match just made,
    rather than one read back from the record)."""
    match = Match.new(rules, random.Random(new_seed() if seed is None else seed))
    record = TableRecord(code, match.record().text(), seats, owner)
    return record, Table(record, match)


def new_record(
    code: str, rules: Rules, seats: tuple[SeatRecord, ...], owner: str, seed: int | None = None
) -> TableRecord:
    return new_table(code, rules, seats, owner, seed)[0]


class Table:
    """The live state of one table (see the module docstring)."""

    def __init__(self, record: TableRecord, match: Match | None = None) -> None:
        """The table of ``record``, its match replayed from it; ``match``: the record's
        match when it was just made (a new table, without moves)."""
        self.code = record.code
        self.owner = record.owner
        self.seats = list(record.seats)
        self.header = record.header
        self.movers: list[int] = []
        """The seat that played each move."""
        self.played_for: dict[int, list[Move]] = {}
        """The moves the computer made for each person's seat while its player was away,
        told to them as they take the seat back (this server's memory only)."""
        self.moves: list[str] = []
        self.next = record.next
        """The code of the table its rematch is played at, once its players started one."""
        self.reading: set[int] = set()
        """The seats whose players read the score sheet of the round just ended (their
        windows said they show it): the next round's first play waits for them."""
        self.reading_until: tuple[int, float] | None = None
        """After which move, and when (the server's clock), the round goes on without the
        players still reading: told in the table frame (``reading_left``), so that every
        window counts down the same wait, however late it saw the others ready."""
        self.awaiting: set[int] = set()
        """The seats of the players on their way from the match before (a rematch): the
        computers wait for them, so that they see the first deal and every card played."""
        if match is not None:
            if record.moves:
                raise ValueError("a table with moves is replayed from its record")
            self.match = match
            self.order = arranged((), match.round.opening, match.round.table_cards())
        else:
            self.match = self._replay(record)
        self._public: tuple[Match, codec.ObservationText] | None = None
        """The public part of the position as text, and the match it was written from."""
        self._turn: tuple[object, ...] = ()
        self._turn_since = 0.0

    def _replay(self, record: TableRecord) -> Match:
        """The match of ``record``, its moves played again; who played each and its text
        are kept on the way (``movers``, ``moves``), and the order of the table (``order``)."""
        game = record.record()
        match = Match.new(game.rules, game.seed, first_dealer=game.first_dealer, decks=game.decks)
        order = arranged((), match.round.opening, match.round.table_cards())
        for number, move in enumerate(game.moves, start=1):
            self.movers.append(match.turn)
            try:
                match, events = match.apply(move)
            except ScopaError as error:
                raise StoreError(f"table {record.code}: move {number} ({move}): {error}") from None
            order = arranged(order, events, match.round.table_cards())
        self.order = order
        self.moves = [move.text() for move in game.moves]
        return match

    # --- asking ----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def at(self) -> int:
        """Moves played so far: the number the next move must carry."""
        return len(self.moves)

    @property
    def status(self) -> str:
        if self.match.over:
            return "over"
        if not self.full or any(seat.starts for seat in self.seats):
            return "waiting"  # for a player, or for the host to start the match
        return "playing"

    @property
    def full(self) -> bool:
        """Every seat is taken (the match may still wait for its host to start it)."""
        return all(seat.taken for seat in self.seats)

    @property
    def ended(self) -> bool:
        """Its host ended the match for good, unfinished: nobody plays, joins or watches it."""
        return any(seat.ended for seat in self.seats)

    def record(self) -> GameRecord:
        return self.match.record()

    def computer_to_play(self) -> tuple[int, str] | None:
        """(seat, level) when a computer (or a seat handed to one) is to play."""
        if self.status != "playing" or self.ended or self.awaiting or self.reading:
            return None
        seat = self.match.turn
        record = self.seats[seat]
        if record.kind == "computer" or record.autoplay:
            return seat, record.level
        return None

    def person_to_play(self) -> int | None:
        """The seat whose player is to play now (not a computer's, nor one handed to a
        computer; None while the table waits: for players, or for the score sheet read)."""
        if self.status != "playing" or self.ended or self.awaiting or self.reading:
            return None
        seat = self.match.turn
        record = self.seats[seat]
        return seat if record.kind == "human" and not record.autoplay else None

    def turn_lasted(self, now: float) -> float:
        """Seconds the player to play has had the turn, at ``now`` (the server's clock),
        counted from the first call after it came to them: the server calls this after
        every change of the table."""
        turn = (self.at, self.person_to_play())
        if turn != self._turn:
            self._turn, self._turn_since = turn, now
        return now - self._turn_since

    def computer_seed(self) -> int:
        """The seed of the computer's next decision: the match's seed and the move number,
        so a resumed table decides as the first server would have."""
        return (self.match.seed * 1_000_003 + self.at) & (2**63 - 1)

    def free_seat(self, wanted: int | None, beside: int | None = None, together: int = 1) -> int:
        """The seat ``wanted``, if free; else the first free one, on the side of the seat
        ``beside`` if one is free there (a second person at the same screen sits with the
        first, at a table in teams); the first of ``together`` people at one screen sits on
        the first side with room for them all, if there is one (they passed the screen
        between opponents)."""
        if wanted is not None:
            if not 0 <= wanted < len(self.seats):
                raise ProtocolError("bad_message", f"there is no seat {wanted}")
            if self.seats[wanted].taken:
                raise ProtocolError("seat_taken", f"seat {wanted} is taken")
            return wanted
        free = [number for number, seat in enumerate(self.seats) if not seat.taken]
        if not free:
            raise ProtocolError("no_free_seat")
        if beside is not None and 0 <= beside < len(self.seats):
            side = self.rules.side_of(beside)
            return next((n for n in free if self.rules.side_of(n) == side), free[0])
        if together > 1 and self.rules.partners:
            room = [self.rules.side_of(n) for n in free]
            return next((n for n in free if room.count(self.rules.side_of(n)) >= together), free[0])
        return free[0]

    # --- playing ---------------------------------------------------------------------------

    def check_play(self, seat: int, text: str, at: int) -> Move:
        """The move ``seat`` asks for, or ``ProtocolError`` saying why it cannot be played."""
        status = self.status
        if self.ended:
            raise ProtocolError("ended")
        if status != "playing":
            raise ProtocolError(status)
        if self.reading:
            raise ProtocolError("reading")
        if at != self.at:
            raise ProtocolError(
                "stale", f"that message is for move {at}; the match is at move {self.at}"
            )
        if self.match.turn != seat:
            raise ProtocolError("not_your_turn", f"it is seat {self.match.turn}'s turn")
        try:
            move = Move.parse(text)
        except ScopaError as error:
            raise ProtocolError("illegal_move", str(error)) from None
        if move not in self.match.legal_moves():
            reason = self.match.round.why_illegal(move) or "not a legal move here"
            raise ProtocolError("illegal_move", f"{move}: {reason}")
        return move

    def was_played(self, seat: int, text: str, at: int) -> bool:
        """Whether move ``at`` is already ``text`` played by ``seat`` (a resent play)."""
        if not 0 <= at < self.at:
            return False
        try:
            move = Move.parse(text)
        except ScopaError:
            return False
        return self.moves[at] == move.text() and self.movers[at] == seat

    def apply(self, move: Move) -> list[Any]:
        """Play a move already checked; return its events."""
        try:
            seat = self.match.turn
            self.match, events = self.match.apply(move)
        except IllegalMove as error:  # checked before: a bug, never a player's fault
            raise ProtocolError("internal", str(error)) from None
        self.moves.append(move.text())
        self.movers.append(seat)
        self.order = arranged(self.order, events, self.match.round.table_cards())
        return events

    # --- what is sent ----------------------------------------------------------------------

    def state_frames(self, events: list[Any], reason: str) -> StateFrames:
        """The ``state`` messages of the position now, after ``events``."""
        return StateFrames(self, events, reason)

    def public_text(self, seen: Observation | None = None) -> codec.ObservationText:
        """The position as everyone sees it, written once per move (from ``seen``, a seat's
        observation of the position now, when the caller has one)."""
        match = self.match
        public = self._public
        if public is None or public[0] is not match:
            seen = seen if seen is not None else match.observe(0)
            seen = dataclasses.replace(seen, table=self.order)
            before = public[1] if public is not None else None
            public = self._public = (match, codec.ObservationText(seen, before))
        return public[1]

    def opening_events(self) -> list[Any]:
        return list(self.match.opening_events()) if self.at == 0 else []

    def gone_for(self, seat: int, here: Presence | None, now: float, head: float) -> float | None:
        """Seconds ``seat``'s player counts as gone at ``now`` (None: here, or never come):
        since they left, or, the turn theirs, as long as it lasted less ``head`` (the idle
        player's grace less the gone one's), whichever is longer: a link that kept dropping
        and coming back started the wait for them again each time, and the table waited
        on them for ever."""
        if here is None or here.connected:
            return None
        gone = now - here.since
        if self.person_to_play() == seat:
            gone = max(gone, self.turn_lasted(now) - head)
        return gone

    def table_text(
        self,
        presence: dict[int, Presence],
        spectators: int,
        now: float,
        re: int | None = None,
        head: float = 0.0,
    ) -> str:
        """The ``table`` message as JSON text (``re``: the message it answers), its rules
        written once for the table: they are most of it, and they never change; ``head``:
        as ``gone_for`` takes it."""
        head_text = dumps(server_message("table", code=self.code))[:-1] + ',"rules":'
        rest = self._table_fields(presence, spectators, now, head)
        if re is not None:
            rest["re"] = re
        return head_text + codec.to_text(self.rules) + "," + dumps(rest)[1:]

    def _table_fields(
        self, presence: dict[int, Presence], spectators: int, now: float, head: float = 0.0
    ) -> dict[str, Any]:
        """The ``table`` message's fields after its rules."""
        seats = []
        for number, seat in enumerate(self.seats):
            here = presence.get(number)
            connected = seat.kind == "computer" or (here is not None and here.connected)
            away = None
            if seat.kind == "human" and seat.taken and not connected:
                gone = self.gone_for(number, here, now, head)
                away = round(gone, 1) if gone is not None else None
            seats.append(
                {
                    "seat": number,
                    "kind": seat.kind,
                    "name": seat.name,
                    "level": seat.level,
                    "taken": seat.taken,
                    "connected": connected,
                    "away": away,
                    "autoplay": seat.autoplay,
                    "rematch": seat.rematch,
                    "declined": seat.declined,
                    "starts": seat.starts,
                }
            )
        return {
            "status": self.status,
            "at": self.at,
            "seats": seats,
            "spectators": spectators,
            "result": self.result(),
            "reading": sorted(self.reading),
            "reading_left": self._reading_left(now),
            "next": self.next,
        }

    def _reading_left(self, now: float) -> float | None:
        """Seconds until the round goes on without those still reading the score sheet
        (None: nobody is, or nobody waits for them yet)."""
        if not self.reading or self.reading_until is None or self.reading_until[0] != self.at:
            return None
        return round(max(0.0, self.reading_until[1] - now), 1)

    def result(self) -> dict[str, Any] | None:
        """Who won, once the match is over."""
        match = self.match
        if match.winner is None:
            return None
        return {
            "winner": match.winner,
            "totals": list(match.totals),
            "cappotto": match.cappotto,
            "at_deal": match.deal_won_cause,
            "seats": [
                s for s in range(self.rules.players) if self.rules.side_of(s) == match.winner
            ],
        }


class StateFrames:
    """The ``state`` message of one position of a table, as JSON text for each seat and
    spectator: the same text as ``dumps(server_message("state", code=..., at=...,
    status=..., reason=..., events=[...], observation=..., result=...))`` for that seat
    (events as ``codec.encode_event(codec.redact(event, seat))``; ``rounds=...``, after
    ``result``, for a reason in ``CATCHING_UP``), but what is the same for everyone is
    written once."""

    __slots__ = ("_events", "_head", "_match", "_public", "_shared", "_tail", "_undealt", "_views")

    def __init__(self, table: Table, events: list[Any], reason: str) -> None:
        match = self._match = table.match
        self._undealt = table.status == "waiting" and table.at == 0
        """The match has not begun: its deal, made when the table was set, is sent to
        nobody (a player who sat down saw their hand, then moved to another seat and saw
        that one's: seats could be chosen by their cards)."""
        first = match.observe(0)
        if self._undealt:
            first = undealt(first)
        self._views = {0: first}
        self._public = codec.ObservationText(first) if self._undealt else table.public_text(first)
        self._events = events
        self._shared = [codec.shared_event_text(event) for event in events]
        head = server_message(
            "state", code=table.code, at=table.at, status=table.status, reason=reason
        )
        self._head = dumps(head)[:-1] + ',"events":['
        self._tail = ',"result":' + dumps(table.result())
        if reason in CATCHING_UP:
            self._tail += ',"rounds":' + codec.to_text(match.rounds)

    def text(self, seat: int | None, re: int | None = None) -> str:
        """The message for ``seat`` (None: a spectator); ``re``: the message it answers."""
        events = ",".join(
            shared if shared is not None else codec.event_text(codec.redact(event, seat))
            for shared, event in zip(self._shared, self._events)
        )
        end = "}" if re is None else ',"re":' + dumps(re) + "}"
        view = None
        if seat is not None:
            view = self._views.get(seat)
            if view is None:
                view = self._match.observe(seat)
                view = undealt(view) if self._undealt else view
        observation = self._public.text(view)
        return self._head + events + '],"observation":' + observation + self._tail + end


def undealt(seen: Observation) -> Observation:
    """``seen`` before its deal: every card in the deck, nothing in a hand, on the table or
    in a pile (what a table waiting for its players shows, ``StateFrames``)."""
    cards = seen.stock_size + sum(seen.hand_sizes) + len(seen.table)
    cards += sum(len(pile) for pile in seen.piles)
    sides = len(seen.piles)
    return dataclasses.replace(
        seen,
        hand=(),
        legal_moves=(),
        table=(),
        piles=((),) * sides,
        scope=(0,) * sides,
        last_capturer=-1,
        hand_sizes=(0,) * len(seen.hand_sizes),
        stock_size=cards,
        shown=((),) * len(seen.shown),
        matta_value=0,
        bonus=(0,) * len(seen.bonus),
        declared=(),
        declarations_due=0,
    )
