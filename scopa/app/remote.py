"""A match held by a server: the seat at this screen plays, the others are friends on other
computers or computer players on the server.

The server holds the truth and sends this seat only what it may see: its observation and
the events of each move with other seats' hands left out. ``RemoteCoordinator`` stands
where a local match's ``MatchCoordinator`` stands for the table: it sends this seat's moves,
hands the table what arrived (events to show, the seat's new view) and says whether the
connection holds. ``RemoteMatch`` answers the table's questions about the match from the
last observation, so nothing of another hand is ever known here.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from scopa.ai.review import SeenRound
from scopa.engine import (
    DEAL_WON_CAUSES,
    DECK,
    Breakdown,
    Card,
    Dealt,
    Move,
    Observation,
    Played,
    RoundScored,
    Rules,
)
from scopa.net.client import (
    SAID_KEPT,
    BackgroundClient,
    Client,
    Disconnected,
    PlayedForYou,
    Said,
    SeatTicket,
    ServerError,
    TooLarge,
    Update,
)
from scopa.net.codec import CodecError
from scopa.net.protocol import Bucket
from scopa.net.server import READING_MOST
from scopa.settings import MatchSetup, SeatConfig, SettingsError
from scopa.stats import matches_won

from .wording import numbered_name

if TYPE_CHECKING:
    from .coach import MatchReviews

SeatKind = str

STALL = 5.0
"""Seconds without a frame after which the window asks the server where the table is: the
computer slept, or the game was stopped, and the connection may have died meanwhile."""
ROUND_BEGAN = "online.round_began"
"""The key of the news that the next round began at the table while this player was still
at the score sheet (or a screen opened from it): it goes once they are back at the table."""
DECLINE_TIMEOUT = 2.0
"""Seconds leaving the final sheet waits for the server to take the word that this player
plays no rematch there (the window goes on to the title either way)."""
NUDGE_AFTER = 0.5
"""The share of the server's ``idle_grace`` a player may keep the turn before being told
that the friends may then let the computer play for them."""


SAY_MARGIN = 1.15
"""How much slower than the server's allowance this window's comes back: the network's
delays never make a phrase sent as the list lit up arrive before the server allows it."""


class Allowance:
    """The quick messages a seat may still send at once, earned back with time as the
    server counts them, a little slower (it counts from when each one arrives, this from
    when it was sent): the phrases are greyed rather than sent to be refused."""

    def __init__(self, burst: int, every: float, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.bucket = Bucket(burst, every * SAY_MARGIN, clock())

    @property
    def every(self) -> float:
        return self.bucket.every

    @property
    def ready(self) -> bool:
        return self.bucket.count(self.clock()) >= 1

    def spend(self) -> None:
        self.bucket.take(self.clock())

    def drain(self) -> None:
        """None left for now: the server refused one (its count is ahead of this one's)."""
        self.bucket.drain(self.clock())


def allowance_of(client: Client) -> Allowance:
    """The quick messages a seat at ``client``'s table may send, by the numbers its server
    announced (a word that is no sensible number: the game's own)."""
    burst = round(client.limit("say_burst", 3, 1, 20))
    return Allowance(burst, client.limit("say_every", 4.0, 0.1, 600.0))


def refused_as_chatty(saying: list[concurrent.futures.Future[None]]) -> bool:
    """Whether the server refused one of the quick messages ``saying`` sent as too many too
    soon; those it has answered leave the list."""
    refused = False
    for future in [future for future in saying if future.done()]:
        saying.remove(future)
        error = None if future.cancelled() else future.exception()
        if isinstance(error, ServerError) and error.code == "chatty":
            refused = True
    return refused


class RemoteRound:
    """The round as this seat sees it."""

    def __init__(self, observation: Observation) -> None:
        self.observation = observation

    @property
    def round_no(self) -> int:
        return self.observation.round_no

    @property
    def dealer(self) -> int:
        return self.observation.dealer

    @property
    def deal_no(self) -> int:
        return self.observation.deal_no

    def history(self) -> tuple[tuple[int, Move], ...]:
        return self.observation.history

    @property
    def last_played(self) -> tuple[int, Move] | None:
        """As ``Round.last_played``: the last of ``history``."""
        history = self.observation.history
        return history[-1] if history else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """This seat's hand; another seat's cards are not known here (but those a Cirulla
        declaration showed to everyone)."""
        obs = self.observation
        if seat == obs.seat:
            return obs.hand
        shown = obs.shown
        return shown[seat] if seat < len(shown) else ()

    def table_cards(self) -> tuple[Card, ...]:
        return self.observation.table

    @property
    def declaring(self) -> bool:
        """Cirulla's declarations after the deal are under way."""
        return self.observation.declaring

    @property
    def plays_next(self) -> int:
        """The seat that plays the next card (the turn to declare may come first)."""
        return self.observation.plays_next

    def is_scopa(self, move: Move) -> bool:
        return self.observation.is_scopa(move)

    def why_illegal(self, move: Move, seat: int | None = None) -> str | None:
        if move in self.observation.legal_moves:
            return None
        return "it is not a move this seat may make now"


class RemoteMatch:
    """The match as the server last told this seat."""

    seed = 0

    def __init__(
        self,
        rules: Rules,
        observation: Observation,
        *,
        at: int,
        status: str,
        result: dict[str, Any] | None,
        rounds: tuple[tuple[Breakdown, ...], ...] = (),
        heard: dict[int, tuple[Any, ...]] | None = None,
    ) -> None:
        self.rules = rules
        self.observation = observation
        self.at = at
        self.status = status
        self.result = result
        self.rounds = rounds
        self.heard = {} if heard is None else heard
        """The events of the rounds this window heard whole (``RemoteCoordinator.heard``)."""

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def turn(self) -> int:
        return self.observation.turn

    @property
    def totals(self) -> tuple[int, ...]:
        if self.result is not None:
            return tuple(int(total) for total in self.result["totals"])
        return self.observation.totals

    @property
    def winner(self) -> int | None:
        return None if self.result is None else int(self.result["winner"])

    @property
    def cappotto(self) -> bool:
        return bool(self.result and self.result.get("cappotto"))

    @property
    def deal_won_cause(self) -> str | None:
        """Why the opening table ended the match, as the server says (None: it did not,
        or the server said something this game does not know)."""
        cause = self.result.get("at_deal") if self.result else None
        return cause if cause in DEAL_WON_CAUSES else None

    @property
    def round(self) -> RemoteRound:
        return RemoteRound(self.observation)

    def legal_moves(self) -> tuple[Move, ...]:
        return self.observation.legal_moves if self.status == "playing" else ()

    def round_events(self, round_no: int) -> tuple[Any, ...] | None:
        """Every event of round ``round_no`` as this window heard it, other hands left
        out (``Match.round_events``); None when the window did not hear it whole."""
        return self.heard.get(round_no)

    def moves(self) -> tuple[None, ...]:
        """As many entries as moves were played (their order is the server's)."""
        return (None,) * self.at

    def observe(self, seat: int) -> Observation:
        if seat != self.observation.seat:
            raise ValueError("only this seat's view is known here")
        return self.observation


@dataclass(frozen=True)
class CaughtUp:
    """The match as the server told it after moves this window was never told of (its link
    was down while they were made): no events lead there, so the table lays it out again
    from this seat's view, as a window that joins a match under way does."""

    match: RemoteMatch


@dataclass
class Arrival:
    """What came from the server since the table last asked."""

    events: list[list[Any] | CaughtUp] = field(default_factory=list)
    """The events of each update, in order (other hands left out); a position reached
    without them, in their place."""
    refused: list[str] = field(default_factory=list)
    """Why the server refused a move of this seat (``ServerError`` codes)."""
    lost: bool = False
    """The connection could not be brought back."""
    taken: bool = False
    """The seat was taken up by another connection with its ticket (this game open in
    another window, or on another computer): the server closed this one (``lost`` too)."""
    ended: bool = False
    """The table's host ended the match for good, unfinished (``lost`` too)."""
    unreadable: str = ""
    """What the server sent that this game cannot read (a newer version's frame, or a
    hostile one's): the match cannot be followed here, and the connection is closed
    (``lost`` too)."""
    played_for_you: dict[int, list[Move]] = field(default_factory=dict)
    """The moves the computer made for a seat here while its player was away, told as the
    seat was taken back, by seat (a screen shared by several people has one seat each)."""

    def add(self, other: Arrival) -> None:
        """Take in what concerns the whole screen from ``other``, another seat's arrival
        (not its events: the table shows one seat's)."""
        self.refused.extend(other.refused)
        for seat, moves in other.played_for_you.items():
            self.played_for_you.setdefault(seat, []).extend(moves)
        self.lost = self.lost or other.lost
        self.taken = self.taken or other.taken
        self.ended = self.ended or other.ended
        self.unreadable = self.unreadable or other.unreadable


def setup_of(table: dict[str, Any], seat: int) -> MatchSetup:
    """The seats and rules of a server's ``table`` frame, as a match setup."""
    rules = Rules.from_dict(table["rules"])
    seats = []
    for number, info in enumerate(table["seats"]):
        numbered = numbered_name(number)
        name = str(info.get("name") or "") or numbered
        level = str(info.get("level") or "expert")
        try:
            seats.append(SeatConfig(name[:24], info.get("kind") == "human", level))
        except SettingsError:  # a name no setting could hold: the seat's own, as for none
            seats.append(SeatConfig(numbered, info.get("kind") == "human", "expert"))
    return MatchSetup(tuple(seats), rules)


UNREADABLE = (CodecError, KeyError, TypeError, ValueError)
"""What reading a server's frames raises when they are not what this game can follow."""


COUNT_MOST = 10_000
"""Past any score, count of scope, round or deal a match reaches: a server's larger one is
not drawn (it ran off the score panel)."""


def check_observation(observation: Observation, rules: Rules, seat: int) -> Observation:
    """``observation``, once it is one the table can show: this seat's, under the table's
    rules, with a place for every seat and side and no card in two places
    (``CodecError`` if not)."""
    o = observation
    players, sides = rules.players, rules.sides
    if not 0 <= seat < players:
        raise CodecError(f"seated at seat {seat} of a table of {players}")
    if o.rules != rules or o.seat != seat:
        raise CodecError(f"a view for seat {o.seat}, not {seat}, or under other rules")
    if not (0 <= o.turn < players and 0 <= o.dealer < players and -1 <= o.last_capturer < sides):
        raise CodecError("a turn, dealer or last side to capture out of range")
    sized = (len(o.hand_sizes), len(o.piles), len(o.scope), len(o.totals))
    if sized != (players, sides, sides, sides) or o.hand_sizes[seat] != len(o.hand):
        raise CodecError(f"places for {sized} seats and sides")
    if o.shown and len(o.shown) != players:
        raise CodecError("cards shown for the wrong number of seats")
    cards = [*o.hand, *o.table, *(card for pile in o.piles for card in pile)]
    if len(set(cards)) != len(cards) or min(o.hand_sizes) < 0 or o.stock_size < 0:
        raise CodecError("a card in two places, or a count below nothing")
    counts = (*o.totals, *o.scope, o.round_no, o.deal_no)
    if not all(0 <= count < COUNT_MOST for count in counts) or o.round_no < 1:
        raise CodecError("a score, scope count, round or deal past what a match reaches")
    held = sum(o.hand_sizes) - len(o.hand)
    if len(cards) + held + o.stock_size != len(DECK):
        raise CodecError("hands, table, piles and deck that are not the deck's forty cards")
    if any(move.card not in o.hand for move in o.legal_moves if move.card is not None):
        raise CodecError("a move with a card not in the hand")
    return o


SEAT_FIELDS = ("seat", "dealer")
SIDE_FIELDS = ("side",)
BY_SIDE = ("scores", "totals")


def check_events(events: Sequence[Any], rules: Rules) -> Sequence[Any]:
    """``events``, once each names only seats and sides the table has, a seat's side its
    own, and a deal's hands and a score's sides as many as the table's (``CodecError`` if
    not: the table's drawing found them out of range, and raised)."""
    players, sides = rules.players, rules.sides
    for event in events:
        name = type(event).__name__
        values = {key: getattr(event, key, None) for key in (*SEAT_FIELDS, *SIDE_FIELDS)}
        for key, value in values.items():
            if value is None:
                continue
            most = players if key in SEAT_FIELDS else sides
            if not 0 <= value < most:
                raise CodecError(f"{name} of {key} {value}, at a table of {most}")
        seat, side = values["seat"], values["side"]
        if seat is not None and side is not None and rules.side_of(seat) != side:
            raise CodecError(f"{name} of seat {seat} for side {side}, not its own")
        hands = getattr(event, "hands", None)
        if hands is not None and len(hands) != players:
            raise CodecError(f"{name} of {len(hands)} hands, at a table of {players}")
        for key in BY_SIDE:
            counted = getattr(event, key, None)
            if counted is not None and len(counted) != sides:
                raise CodecError(f"{name} of {len(counted)} {key}, for {sides} sides")
    return events


def check_rounds(
    rounds: tuple[tuple[Breakdown, ...], ...], observation: Observation
) -> tuple[tuple[Breakdown, ...], ...]:
    """``rounds``, the scores of the rounds played before ``observation``, once the score
    sheet can show them: one score per side, as many rounds as were played, each side's
    points adding up to its total, every card captured once, and the totals of the match
    (``CodecError`` if not)."""
    sides = observation.rules.sides
    if len(rounds) not in (observation.round_no - 1, observation.round_no):
        raise CodecError(f"{len(rounds)} rounds scored before round {observation.round_no}")
    for number, scores in enumerate(rounds, start=1):
        if len(scores) != sides:
            raise CodecError(f"round {number} is scored for {len(scores)} sides, not {sides}")
        captured = [card for score in scores for card in score.captured]
        if len(set(captured)) != len(captured) or any(
            score.total != sum(score.points.values()) or score.cards != len(score.captured)
            for score in scores
        ):
            raise CodecError(f"the scores of round {number} do not add up")
    totals = tuple(sum(scores[side].total for scores in rounds) for side in range(sides))
    if totals != observation.totals:
        raise CodecError(f"rounds adding up to {totals}, not the match's {observation.totals}")
    return rounds


class RemoteCoordinator:
    """The match at a server, for the table (see the module docstring)."""

    remote = True
    local_computers = False
    undone = False
    resumed = False
    practice = None
    """A match at a server is never a reviewed position played again (as the hint, the
    sheet and the table's words ask of every match)."""

    def __init__(
        self,
        link: BackgroundClient,
        ticket: SeatTicket,
        table: dict[str, Any],
        first: Update,
        *,
        address: str = "",
        reached: str = "",
        following: Sequence[Update | ServerError | Disconnected | PlayedForYou] = (),
        on_over: Callable[[bool], object] | None = None,
        allowance: Allowance | None = None,
    ) -> None:
        """``address``: the table's address to give friends; ``reached``: the one this
        window reached it at (to come back to); ``allowance``: the quick messages this seat
        may still send, as the lobby left it (the server counts on from there)."""
        self.link = link
        self.ticket = ticket
        self.seat = ticket.seat
        self.address = address
        self.reached = reached or address
        self.table = table
        self.setup = setup_of(table, self.seat)
        self.rounds: tuple[tuple[Breakdown, ...], ...] = ()
        self.heard: dict[int, tuple[Any, ...]] = {}
        """The events of each round this window heard whole, from its deal to its score
        (the score sheet shows from them the cards that swept the table)."""
        self._hearing: list[Any] | None = None
        """The events of the round under way, heard since its deal (None: not since)."""
        self.match = self._absorb(first)
        self.first_events = list(first.events)
        self._hear(first.events, whole=not first.catching_up)
        self.holder: int | None = self.seat
        self.won_by_side: dict[tuple[str, ...], int] = {}
        """The matches each side won in the rematches that led to this one, each side
        known by the names of its seats (``side_key``): the rematch's table may seat
        someone else in a seat, who starts afresh (``Matches.rematch_remote``)."""
        self.here = frozenset({self.seat})
        """The seats played at this screen: this one, and the others' of several people at
        one screen (``SharedScreen``), which are never counted among the friends."""
        self._sent: concurrent.futures.Future[None] | None = None
        self.clock: Callable[[], float] = time.monotonic
        self._gone: dict[int, float] = {}
        """When (``clock``) each friend away was last seen leaving."""
        self._down_since: float | None = None
        """When (``clock``) the link to the server was first seen down (None: it is up)."""
        self._reading_since: tuple[int, float] | None = None
        """Since when (``clock``) this window waits for friends at a round's score sheet,
        and after which move of the match."""
        self._ready_since: tuple[int, float] | None = None
        """Since when (``clock``) the friends wait for this player at a round's score sheet,
        and after which move of the match."""
        self._some_ready_since: tuple[int, float] | None = None
        """The same, some friends waiting while others read theirs still."""
        self._read: dict[str, Any] | None = None
        self._reading_until: tuple[int, float] | None = None
        """After which move, and when (``clock``), the server said the round goes on
        without the players still at its score sheet."""
        self._handing: list[concurrent.futures.Future[None]] = []
        self._taking: concurrent.futures.Future[None] | None = None
        """This player taking their seat back from the computer, until the server answers."""
        self._turn: tuple[tuple[int, int | None, int], float] = ((-1, None, 0), 0.0)
        """(moves played, the friend to play, the link's reconnections) as last seen, and since
        when (``clock``)."""
        self._following = list(following)
        """What the server said after ``first`` before this coordinator was made: the first
        ``arrivals``."""
        self.hinted: set[int] = set()
        """As ``MatchCoordinator.hinted`` (the review of a match at a server)."""
        self.reviews: MatchReviews | None = None
        """The reviews of the rounds this seat played here (given by ``Matches``, which
        holds the coach), graded from what it saw as it played: never another hand."""
        self.reviews_shared = False
        self._played: list[tuple[int, Observation, Move]] = []
        """This seat's moves the server took, each with what the seat saw as it made it and
        how many moves came before it: the round's review grades them."""
        self._sending: tuple[int, Observation, Move] | None = None
        self._sent_at = 0.0
        """When (``clock``) the move waiting in ``_sending`` was sent."""
        self.woke_at: float | None = None
        """When (``clock``) this window last woke from a stall (``arrivals``), if it did."""
        """The move sent, until the server's next update says whether it was taken."""
        self._on_over = on_over
        """Called once when the match is seen over (with False), and once if the table's
        host ends it for good (with True)."""
        self._told_over = False
        self.ended = False
        """The table's host ended the match for good, unfinished."""
        self.frame_clock: Callable[[], float] = time.monotonic
        """The clock a stall of this window is told by (``arrivals``)."""
        self._polled: float | None = None
        """When (``frame_clock``) the server's word was last taken in (``arrivals``)."""
        self._checking: concurrent.futures.Future[None] | None = None
        """The question to the server after a stall, until it is answered."""
        self._telling: concurrent.futures.Future[None] | None = None
        """The server being told the score sheet was read, until it answers."""
        self._read_rounds = len(self.rounds)
        """The rounds scored when this player last said the score sheet was read: those
        before the window sat down (back mid-match) had no sheet to read here, but the last
        one's while the friends read it still (``sheet_missed``)."""
        self._sat_with = len(self.rounds)
        """The rounds scored before this window sat down: a round scored since was heard
        here, its sheet shown as it ended (never one missed, ``sheet_missed``)."""
        self._sheet_decided = False
        """Whether the first table frame caught up with the match said if this window sat
        down while the friends read a round's sheet (``sheet_missed``)."""
        self._asked: concurrent.futures.Future[None] | None = None
        """The request for a rematch, once this player asked for one."""
        self._moving: concurrent.futures.Future[SeatTicket] | None = None
        """The seat taken at the rematch's table, once the server opened it."""
        self.rematch_failed = False
        """The rematch could not start (the server refused it, or was lost)."""
        self.hosted = False
        """The table is served by this game (its seat is held as one hosted here)."""
        self._allowance = allowance
        self._saying: list[concurrent.futures.Future[None]] = []
        """The quick messages sent, until the server answers each."""
        self.bubbles_shown = False
        """The table is on top and shows the quick messages in bubbles: they are its to
        take (else whatever screen covers it tells them, ``Matches.follow``)."""
        self.handed_on = False
        """The link went on to the rematch's coordinator: leaving this match keeps it."""
        self._note_away(table)
        self._see_over()

    # --- who sits where --------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.setup.seats

    @property
    def humans(self) -> tuple[int, ...]:
        """The seat played at this screen."""
        return (self.seat,)

    @property
    def mode(self) -> str:
        return "solo"

    def side_key(self, side: int) -> tuple[str, ...]:
        """A side as the tally of the rematches knows it: its seats' names."""
        rules = self.rules
        return tuple(
            sorted(self.name(seat) for seat in range(rules.players) if rules.side_of(seat) == side)
        )

    def matches_won(self) -> tuple[int, ...]:
        """The matches each side has won in this row of rematches, this one's result in
        (once it is over): empty while no match of the row has ended."""
        before = [self.won_by_side.get(self.side_key(side), 0) for side in range(self.rules.sides)]
        return matches_won(before, self.match)

    def tally(self) -> dict[tuple[str, ...], int]:
        """``matches_won`` by the names of each side's seats, for the rematch's table."""
        won = self.matches_won()
        return {self.side_key(side): count for side, count in enumerate(won)}

    def kind(self, seat: int) -> SeatKind:
        if seat == self.seat:
            return "local"
        return "remote" if self.seats[seat].human else "computer"

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    @property
    def visible_seats(self) -> frozenset[int]:
        """This seat's hand, unless the seat is played now from another window (which may
        be in another room): then none."""
        return frozenset() if self.taken_elsewhere else frozenset({self.seat})

    def screen_shared(self) -> None:
        """One person at this screen: nothing to hide from anyone here."""

    def take_screen(self, seat: int) -> None:
        self.holder = seat

    def needs_cover(self) -> int | None:
        return None

    # --- the connection --------------------------------------------------------------------

    @property
    def online(self) -> bool:
        return self.link.client.online

    def offline_for(self) -> float:
        """Seconds since the link to the server was first seen down (0 while it is up)."""
        if self.online:
            self._down_since = None
            return 0.0
        now = self.clock()
        if self._down_since is None:
            self._down_since = now
        return now - self._down_since

    @property
    def checking(self) -> bool:
        """The window woke from a stall and asks the server where the table is: a card
        played before the answer could be one the computer played meanwhile."""
        checking = self._checking
        if checking is None:
            return False
        if checking.done():
            self._checking = None
            return False
        return True

    @property
    def lost(self) -> bool:
        """The link to the server is gone for good: it is no longer being brought back."""
        return self.link.client.lost

    def away(self) -> list[int]:
        """Seats of friends whose connection is down and whom no computer stands in for
        (the server's last word): the match waits for them."""
        return [seat for seat, info in self._absent() if not info.get("autoplay")]

    def stood_in(self) -> list[int]:
        """Seats of friends for whom the computer plays until they come back (gone, or
        here but letting their turns go by)."""
        return [seat for seat, info in self._people() if info.get("taken") and info.get("autoplay")]

    def stood_in_for_me(self) -> bool:
        """The computer plays this player's seat: they let a turn go by long enough for
        the friends to hand it over (the server's word), until they take it back."""
        seats = self._table_now().get("seats", [])
        return any(info.get("seat") == self.seat and info.get("autoplay") for info in seats)

    def stood_in_here(self) -> list[int]:
        """This seat, when the computer plays it (``stood_in_for_me``)."""
        return [self.seat] if self.stood_in_for_me() else []

    def take_seat_back(self) -> None:
        """Play this seat again, in the computer's place (what the server did comes back
        in the table frame)."""
        if self._taking is None or self._taking.done():
            self._taking = self.link.submit(self.link.client.back())

    @property
    def idle_grace(self) -> float:
        """Seconds a friend here may keep the turn before the computer may play for them
        (the server's word)."""
        return self.link.client.limit("idle_grace", 90.0, 0.0, 86_400.0)

    def turn_lasted(self) -> float:
        """Seconds the player to play, this one or a friend connected, has had the turn,
        counted from when this window saw it come to them (0: a computer's turn, one stood
        in for, or the table waits)."""
        match = self.match
        # someone reads the last round's sheet, the people here too: the friends' windows
        # wait for them as well, and the turn is counted alike everywhere
        read = self._table_now().get("reading", []) if not self.host_ended else []
        waiting = match.over or bool(read) or self.link.client.table is None
        # with the link down nothing is known of the friend to play (the host's game may
        # have closed with the table): the wait begins again when the link is back
        waiting = waiting or not self.online
        turn = match.turn
        if turn in self.here:
            here = turn != self.seat or not self.stood_in_for_me()
        else:
            friends = {seat: info for seat, info in self._people() if info.get("connected")}
            here = turn in friends and not friends[turn].get("autoplay")
        person = turn if here and not waiting else None
        now = self.clock()
        # a link come back begins the wait again too, whether or not a look fell in the
        # time it was down (the host's game closed and opened again in a moment)
        key = (match.at, person, self.link.client.reconnects)
        if key != self._turn[0]:
            self._turn = (key, now)
        return 0.0 if person is None else now - self._turn[1]

    def idle(self) -> list[int]:
        """The friend to play, connected, who has kept the turn at least ``idle_grace``
        (``turn_lasted``): the friends may let the computer play for them. Empty, or that
        one seat."""
        turn = self.match.turn
        if turn in self.here or self.turn_lasted() < self.idle_grace:
            return []
        return [turn]

    def keeping_friends_waiting(self) -> bool:
        """This player has had the turn long enough (``NUDGE_AFTER`` of ``idle_grace``) to
        be told that the friends may soon let the computer play for them."""
        friends = [seat for seat, info in self._people() if info.get("connected")]
        if self.match.turn not in self.here or not friends:
            return False
        return self.turn_lasted() >= NUDGE_AFTER * self.idle_grace

    def gone(self) -> list[int]:
        """Seats of friends whose connection is down, stood in for or not."""
        return [seat for seat, _ in self._absent()]

    def _absent(self) -> list[tuple[int, dict[str, Any]]]:
        """The friends' seats taken whose player is not connected (the server's word)."""
        return [
            (seat, info)
            for seat, info in self._people()
            if info.get("taken") and not info.get("connected")
        ]

    def _table_now(self) -> dict[str, Any]:
        """The server's last word of this table (its ``table`` frame); empty once the link
        went on to another table (a rematch's)."""
        table = self.link.client.table or self.table
        return table if table.get("code") == self.ticket.code else {}

    @property
    def host_ended(self) -> bool:
        """The table's host ended the match for good: said by the server, whether or not
        the table has taken in its word yet (a score sheet covers it)."""
        return self.ended or self.link.client.given_up == "ended"

    @property
    def taken_elsewhere(self) -> bool:
        """This seat was taken up from another window (or computer): the link let it go."""
        return self.link.client.given_up == "seat_taken"

    @property
    def host_closed(self) -> bool:
        """The link is down because the game (or server) holding the table was closed, not
        because a line dropped: said by the server as it closed."""
        return not self.online and self.link.client.server_left

    def reading(self) -> list[int]:
        """The other seats whose players still read the last round's score sheet (the
        server's word): the next round begins once they have, a minute at most."""
        if self.match.over or self.host_ended:
            return []
        return [seat for seat in self._table_now().get("reading", []) if seat not in self.here]

    def reading_wait(self) -> float | None:
        """Seconds, about, until the next round begins without the friends still reading
        the last one's score sheet: the server waits ``READING_MOST`` once someone waits for
        them, and this window has waited since it left the sheet and saw them reading (None:
        nobody is, or this window shows the sheet still)."""
        mine = set(self._table_now().get("reading", [])) & self.here
        if not self.reading() or mine:  # nobody, or this window is still at the sheet
            self._reading_since = None
            return None
        self._reading_since, left = self._counted(self._reading_since)
        return left

    def others_ready(self) -> bool:
        """The friends at the table read the last round's score sheet, and the round waits
        for this player alone (the server's word)."""
        if self.match.over or self.host_ended:
            return False
        friends = [seat for seat, info in self._people() if info.get("connected")]
        reading = self._table_now().get("reading")
        return bool(friends) and bool(reading) and set(reading) <= self.here

    def others_ready_wait(self) -> float | None:
        """Seconds, about, until the next round begins without this player, the friends
        ready (``others_ready``): the server waits ``READING_MOST`` once someone waits,
        counted here from when this window saw them ready (None: they are not)."""
        if not self.others_ready():
            self._ready_since = None
            return None
        self._ready_since, left = self._counted(self._ready_since)
        return left

    def ready_before_me(self) -> list[int]:
        """The friends who read the last round's score sheet and wait for the next round,
        while this player still reads theirs and others too (``others_ready`` says when
        only this player does): the server waits ``READING_MOST`` at most once someone
        waits."""
        if self.match.over or self.host_ended:
            return []
        reading = set(self._table_now().get("reading") or [])
        if not reading & self.here:
            return []
        return [
            seat
            for seat, info in self._people()
            if info.get("connected") and not info.get("autoplay") and seat not in reading
        ]

    def ready_before_me_wait(self) -> float | None:
        """Seconds, about, until the next round begins without those still reading, the
        friends of ``ready_before_me`` waiting (None: none waits)."""
        if not self.ready_before_me():
            self._some_ready_since = None
            return None
        self._some_ready_since, left = self._counted(self._some_ready_since)
        return left

    def _counted(self, since: tuple[int, float] | None) -> tuple[tuple[int, float], float]:
        """A wait of ``READING_MOST`` counted from ``since`` (after which move, and when),
        begun now if it began after another move: since when, and the seconds left; or
        as the server said it (``reading_left``), the same in every window."""
        self._note_away(self._table_now() or None)
        now, at = self.clock(), self.match.at
        if since is None or since[0] != at:
            since = (at, now)
        if self._reading_until is not None and self._reading_until[0] == at:
            return since, max(0.0, self._reading_until[1] - now)
        return since, max(0.0, READING_MOST - (now - since[1]))

    def round_began_without_me(self) -> bool:
        """The next round began while this player was still at the last one's score sheet
        (or a screen opened from it): the server waited a minute, and played on. (A seat
        the computer stands in for is not waited for either, but the round begins only
        once nobody is: the friends may read theirs still.)"""
        table = self._table_now()
        scored = len(self.rounds)
        if not table or self.match.over or not scored:
            return False
        at = table.get("at")
        return (  # the server's word since the round ended: waiting for nobody
            self._read_rounds != scored
            and isinstance(at, int)
            and at >= self.match.at
            and not table.get("reading")
        )

    def sheet_missed(self) -> bool:
        """Whether this window sat down between rounds while the friends read the sheet of
        the round just scored, the server waiting for this seat to read it too: the sheet is
        shown here then, and read as at the round's end. True once, decided by the first
        table frame caught up with the match (asked each frame). Not of a round this window
        heard scored: that frame may come only once its sheet was read here, still naming
        this seat at it (the server not yet told), and the sheet was shown again."""
        if self._sheet_decided:
            return False
        table = self._table_now()
        if not table or table.get("at") != self.match.at:
            return False
        self._sheet_decided = True
        scored = len(self.rounds)
        if not scored or self.match.over or self._read_rounds != scored:
            return False
        if scored != self._sat_with:  # heard scored here: its sheet showed as it ended
            return False
        if self.seat not in table.get("reading", ()):
            return False
        self._read_rounds = scored - 1
        return True

    def _read_again(self) -> None:
        """The server waits for this seat at a sheet this window read already (its link
        came back between rounds): it is told again."""
        table = self._table_now()
        scored = len(self.rounds)
        if (
            self._sheet_decided
            and scored
            and self._read_rounds >= scored
            and not self.match.over
            and table.get("at") == self.match.at
            and self.seat in table.get("reading", ())
            and not self.telling_read
        ):
            self._telling = self.link.submit(self.link.client.ready())

    def round_read(self) -> None:
        """This player read the score sheet of the round just scored (once per round)."""
        scored = len(self.rounds)
        if scored and scored != self._read_rounds and not self.match.over:
            self._read_rounds = scored
            self._telling = self.link.submit(self.link.client.ready())

    def told_read(self, scored: int) -> bool:
        """Whether this seat told the server that the sheet of the ``scored``-th round was
        read (or has nothing to tell: the match is over). It tells it now if it has heard
        that round scored; not before (its link may hear it a moment after another's)."""
        if self._read_rounds >= scored or self.match.over:
            return True
        if len(self.rounds) == scored:
            self.round_read()
        return self._read_rounds >= scored

    @property
    def telling_read(self) -> bool:
        """The server is being told the sheet was read: a card played now would reach it
        first, and be refused."""
        telling = self._telling
        return telling is not None and not telling.done()

    @property
    def away_grace(self) -> float:
        """Seconds a friend must be gone before the computer may play their seat (the
        server's word)."""
        return self.link.client.limit("away_grace", 60.0, 0.0, 86_400.0)

    def may_hand_over(self) -> list[int]:
        """Seats of friends away long enough for the server to let the computer play them
        (its ``away_grace``; a frame never waits to ask it)."""
        self._note_away(self.link.client.table)
        if self._handing:
            return []
        grace = self.away_grace
        now = self.clock()
        away = [seat for seat in self.away() if now - self._gone.get(seat, now) >= grace]
        return away or self.idle()

    def away_wait(self) -> float:
        """Seconds until the first friend away has been gone ``away_grace`` (0: one has)."""
        self._note_away(self.link.client.table)
        now, grace = self.clock(), self.away_grace
        gone = [self._gone.get(seat, now) for seat in self.away()]
        return max(0.0, grace - (now - min(gone))) if gone else grace

    def hand_over(self, seats: list[int]) -> None:
        """Ask the server to let the computer play ``seats`` (each friend takes their seat
        back by joining again); what it did comes back in the table frame."""
        client = self.link.client
        self._handing = [self.link.submit(client.hand_over(seat)) for seat in seats]

    def _note_away(self, table: dict[str, Any] | None) -> None:
        """Read when each friend away left, and when the round goes on without those
        still at its score sheet, from a table frame not read before (its ``away`` and
        ``reading_left`` say how many seconds ago, and from when, it was sent)."""
        if table is None or table is self._read:
            return
        self._read = table
        now = self.clock()
        left, at = table.get("reading_left"), table.get("at")
        if isinstance(left, int | float) and isinstance(at, int):
            self._reading_until = (at, now + float(left))
        gone = {}
        for info in table.get("seats", []):
            seat, away = int(info.get("seat", -1)), info.get("away")
            if info.get("kind") == "human" and not info.get("connected"):
                gone[seat] = self._gone.get(seat, now - float(away or 0.0))
        self._gone = gone

    def arrivals(self) -> Arrival:
        """Everything the server said since the last call; the match follows it. After a
        stall of this window (``STALL`` seconds without a frame: the computer slept, the
        process was stopped), the moves heard meanwhile are not played out one by one,
        the position is shown at once, and the server is asked where the table is now
        (``checking``): the connection may have died in the stall unnoticed."""
        arrival = Arrival()
        now = self.frame_clock()
        stalled = self._polled is not None and now - self._polled > STALL
        self._polled = now
        if stalled:
            self.woke_at = self.clock()
        if stalled and self.online and not self.match.over:
            self._checking = self.link.submit(self.link.client.sync())
        items, self._following = [*self._following, *self.link.poll()], []
        for item in items:
            if isinstance(item, Update):
                skipped = item.catching_up and item.at != self.match.at
                try:
                    self._taken(item)
                    self.match = self._absorb(item)
                except UNREADABLE as error:
                    arrival.unreadable, arrival.lost = str(error) or type(error).__name__, True
                    self.link.close()
                    break
                arrival.events.append(CaughtUp(self.match) if skipped else list(item.events))
                self._hear(item.events, whole=not skipped)
                if any(isinstance(event, RoundScored) for event in item.events):
                    self._round_over(len(self.rounds))
            elif isinstance(item, PlayedForYou):
                arrival.played_for_you.setdefault(self.seat, []).extend(item.moves)
            elif isinstance(item, TooLarge):  # frames past reading, sent each time back
                arrival.unreadable, arrival.lost = str(item), True
            elif isinstance(item, Disconnected):
                arrival.lost = True
            elif isinstance(item, ServerError) and item.code == "ended":
                arrival.lost = arrival.ended = self.ended = True
            elif isinstance(item, ServerError) and item.fatal:
                arrival.lost = True  # the server closed this connection, for good
                arrival.taken = arrival.taken or item.code == "seat_taken"
            elif isinstance(item, ServerError):
                arrival.refused.append(item.code)
        if stalled and len(arrival.events) > 1:  # the moves made meanwhile: shown done
            arrival.events = [CaughtUp(self.match)]
        sent = self._sent
        if sent is not None and sent.done():
            self._sent = None
            error = None if sent.cancelled() else sent.exception()
            if isinstance(error, ServerError):
                arrival.refused.append(error.code)
            elif isinstance(error, Disconnected):
                arrival.lost = True
        if arrival.refused or arrival.lost:
            self._sending = None  # the move sent was not taken: nothing more will come of it
        handing = self._handing
        if handing and all(future.done() for future in handing):
            self._handing = []
            for future in handing:  # a refusal (back already) changes nothing here
                error = None if future.cancelled() else future.exception()
                if isinstance(error, Disconnected):
                    arrival.lost = True
        if self.link.client.table is not None:
            self.table = self.link.client.table
        self._note_away(self.table)
        self._read_again()
        self._see_over()
        if arrival.ended and self._on_over is not None:  # nothing is left to come back to
            on_over, self._on_over = self._on_over, None
            on_over(True)
        return arrival

    def _hear(self, events: Sequence[Any], *, whole: bool) -> None:
        """Keep the events of the round under way while none has been missed since its
        deal; a round scored so is ``heard``. Moves missed (a catch-up) leave the round
        unheard: a sheet shows no scopa's card rather than some of them."""
        if not whole:
            self._hearing = None
            return
        for event in events:
            if isinstance(event, Dealt) and event.deal_no == 1:
                self._hearing = []
            if self._hearing is not None:
                self._hearing.append(event)
            if isinstance(event, RoundScored):
                if self._hearing is not None:
                    self.heard[event.round_no] = tuple(self._hearing)
                self._hearing = None

    def _see_over(self) -> None:
        if self.match.over and self._on_over is not None and not self._told_over:
            self._told_over = True
            self._on_over(False)

    def _absorb(self, update: Update) -> RemoteMatch:
        """The match after ``update`` (one of ``UNREADABLE`` if it cannot be followed)."""
        observation = check_observation(update.observation, self.rules, self.seat)
        check_events(update.events, self.rules)
        rounds = self.rounds if update.rounds is None else check_rounds(update.rounds, observation)
        for event in update.events:
            if isinstance(event, RoundScored):
                rounds = (*rounds, tuple(event.scores))
        self.rounds = rounds
        return RemoteMatch(
            self.rules,
            observation,
            at=update.at,
            status=update.status,
            result=update.result,
            rounds=self.rounds,
            heard=self.heard,
        )

    # --- quick messages --------------------------------------------------------------------

    def say(self, phrase: str) -> None:
        """A quick message from this seat to the table: heard back from the server, it shows
        as everyone else's (a refusal, or a link down, and it is not: ``say_refused``)."""
        self._saying.append(self.link.submit(self.link.client.say(phrase)))

    def say_refused(self) -> bool:
        """Whether the server refused a quick message sent since the last call, as too many
        too soon (its count was ahead of the window's, which now waits as it does)."""
        refused = refused_as_chatty(self._saying)
        if refused:
            self.allowance.drain()
        return refused

    def take_said(self) -> list[Said]:
        """The quick messages heard at the table since the last call, oldest first."""
        return self.link.client.take_said()

    @property
    def allowance(self) -> Allowance:
        """The quick messages this seat may still send, by the numbers the server announced
        (a word that is no sensible number: the game's own)."""
        if self._allowance is None:
            self._allowance = allowance_of(self.link.client)
        return self._allowance

    # --- moves -----------------------------------------------------------------------------

    def apply(self, move: Move) -> list[Any]:
        """Send this seat's move; what it did comes back from the server (``arrivals``)."""
        if move not in self.match.legal_moves():
            raise ValueError(f"{move} is not a move this seat may make now")
        self._sent = self.link.submit(self.link.client.play(move, self.match.at))
        self._sending = (self.match.at, self.match.observation, move)
        self._sent_at = self.clock()
        return []

    @property
    def sending(self) -> bool:
        """A move of this seat was sent, and the server has not yet said what became of
        it (taken, or refused)."""
        return self._sending is not None

    def sending_for(self) -> float:
        """Seconds the move sent has waited for the server's word (0: none waits)."""
        return self.clock() - self._sent_at if self._sending is not None else 0.0

    def _taken(self, update: Update) -> None:
        """Whether the server took the move sent: the update that follows it tells it made
        by this seat (another move taken first, or a catch-up, and it was not)."""
        sending = self._sending
        if sending is None or update.at <= sending[0]:
            return
        self._sending = None
        at, _, move = sending
        if update.at != at + 1 or update.catching_up:
            return
        events = update.events
        mine = [event for event in events if getattr(event, "seat", None) == self.seat]
        if move.card is not None:
            mine = [e for e in mine if isinstance(e, Played) and e.card == move.card]
        if mine:
            self._played.append(sending)

    def _round_over(self, round_no: int) -> None:
        """Round ``round_no`` was scored: the moves this seat made in it are graded."""
        played = [entry for entry in self._played if entry[1].round_no == round_no]
        self._played = [entry for entry in self._played if entry[1].round_no > round_no]
        if self.reviews is not None:
            seen = SeenRound(self.match.seed, tuple(played))
            self.reviews.round_seen(round_no, seen, over=self.match.over)

    # --- a rematch -------------------------------------------------------------------------

    def ask_rematch(self) -> None:
        """Ask the server for another match with the same people at this table (the match
        over); the table frame says when every player asked (``successor``)."""
        if self.match.over and not self.rematch_asked and not self.rematch_failed:
            # the same people again: it waits for a friend gone to come back and ask too
            self._asked = self.link.submit(self.link.client.rematch())

    @property
    def rematch_asked(self) -> bool:
        return self._asked is not None

    @property
    def rematch_next(self) -> str | None:
        """The code of the rematch's table, once the server opened it."""
        code = self._table_now().get("next")
        return code if isinstance(code, str) else None

    def rematch_wanted(self) -> list[int]:
        """The other seats whose player asked for a rematch."""
        return [seat for seat, info in self._people() if info.get("rematch")]

    def rematch_awaited(self) -> list[int]:
        """The other seats whose player, still at the table, has not asked for a rematch
        (the rematch waits for them): one the computer played for too, whose asking brings
        them back (they were said to be awaited "back", at their screen all along)."""
        return [
            seat
            for seat, info in self._people()
            if info.get("connected") and (info.get("autoplay") or not info.get("rematch"))
        ]

    def left_table(self) -> list[int]:
        """The other seats whose player left the table, and may come back: no rematch until
        then, which is the same people again."""
        return [
            seat
            for seat, info in self._people()
            if not info.get("connected") and not info.get("declined")
        ]

    def declined(self) -> list[int]:
        """The other seats whose player left the table of the match over for good: no
        rematch at this table."""
        return [seat for seat, info in self._people() if info.get("declined")]

    def decline_rematch(self) -> None:
        """Tell the server this player leaves the table of the match over for good, so the
        friends do not wait for them to come back and ask for a rematch (a link already
        lost tells nothing: their sheet says the player left, as for a window closed; nor
        does a link down, whose word could only wait in the frame for its timeout)."""
        if not self.match.over or self.handed_on or self.rematch_next is not None:
            return
        if not self.online:
            return
        with contextlib.suppress(Exception):
            self.link.submit(self.link.client.no_rematch()).result(DECLINE_TIMEOUT)

    def _people(self) -> list[tuple[int, dict[str, Any]]]:
        """The seats of the friends (people at other screens), each with the server's word
        of it."""
        return [
            (int(info["seat"]), info)
            for info in self._table_now().get("seats", [])
            if info.get("kind") == "human" and info.get("seat") not in self.here
        ]

    def successor(self) -> tuple[SeatTicket, dict[str, Any], Update, list[Any]] | None:
        """Once this player asked and the server opened the rematch's table: the seat taken
        there, its table frame, its first position and what came after it (the rematch's
        coordinator is made of them, on this link). None until then; ``rematch_failed``
        says when it will not come."""
        asked = self._asked
        if asked is None or self.rematch_failed:
            return None
        moving = self._moving
        if moving is None:
            moving = self._moving = self._go_to_rematch(asked)
            if moving is None:
                return None
        if not moving.done():
            return None
        failed = moving.cancelled() or moving.exception() is not None
        # (refused when the link's own rejoin, its connection back, got there first)
        ticket = self._moved_on() if failed else moving.result()
        if ticket is None:
            self.rematch_failed = True
            return None
        items = [*self._following, *self.link.poll()]
        for number, item in enumerate(items):
            if isinstance(item, Update) and item.code == ticket.code:
                self._following = []
                self.handed_on = True
                table = self.link.client.table or {}
                return ticket, table, item, items[number + 1 :]
            if isinstance(item, Disconnected) or (isinstance(item, ServerError) and item.fatal):
                self.rematch_failed = True
                return None
        self._following = [item for item in items if not isinstance(item, Update)]
        return None

    def _go_to_rematch(
        self, asked: concurrent.futures.Future[None]
    ) -> concurrent.futures.Future[SeatTicket] | None:
        """The seat being taken at the rematch's table once the server opened it, or the
        one the link holds there already; None until then, and once the request for the
        rematch failed (``rematch_failed``)."""
        taken: concurrent.futures.Future[SeatTicket]
        moved = self._moved_on()
        if moved is not None:
            taken = concurrent.futures.Future()
            taken.set_result(moved)
            return taken
        if asked.done() and (asked.cancelled() or asked.exception() is not None):
            self.rematch_failed = True
            return None
        code = self.rematch_next
        if code is None:
            return None
        ticket = SeatTicket(self.ticket.server, code, self.seat, self.ticket.token)
        return self.link.submit(self.link.client.rejoin(ticket))

    def _moved_on(self) -> SeatTicket | None:
        """The seat at the rematch's table when the link already sits there: its connection
        dropped and came back once the rematch had begun (the server seats a seat taken back
        at the latest rematch of its table), before this window went there itself. None
        while the link sits at this match's table."""
        ticket = self.link.client.ticket
        if ticket is None or ticket.code == self.ticket.code:
            return None
        return ticket

    def replace(self, match: object, *, undone: bool = False) -> None:
        raise ValueError("a match held by a server cannot be rewound here")

    def save(self) -> None:
        """The server keeps the match."""

    def problems(self) -> list[tuple[str, str]]:
        return []

    def flush(self) -> None:
        """Nothing is written here."""

    def leave(self) -> None:
        """Give the seat up for now (it stays this player's: the address brings them back);
        the link stays open when it went on to the rematch."""
        if not self.handed_on:
            self.link.close()

    def close(self) -> None:
        if self.hosted:  # the host's game closes on the final sheet: it never comes back to
            self.decline_rematch()  # it (its seat is forgotten there), so no rematch
        self.leave()


Successor = tuple[SeatTicket, dict[str, Any], Update, list[Any]]
"""A seat taken at a rematch's table: its ticket, the table frame, its first position and
what came after it (``RemoteCoordinator.successor``)."""


class SharedScreen:
    """A match at a server with several people at this screen: each holds a seat of their
    own, on a connection of their own (``parts``, one ``RemoteCoordinator`` each), so the
    server sends each seat only its own hand. The screen passes from one to the next as at
    a hot-seat match here: a cover before each one's turn. The table follows the match as
    the seat last in front of the screen sees it (``current``); when the next one lifts
    the cover it is laid out again from theirs (``look_from``). Whatever is not about
    whose screen it is, is the current seat's word."""

    remote = True
    local_computers = False
    undone = False
    resumed = False
    practice = None
    """A match at a server is never a reviewed position played again (as the hint, the
    sheet and the table's words ask of every match)."""

    def __init__(self, parts: Sequence[RemoteCoordinator], heard: Iterable[str] = ()) -> None:
        """``heard``: the numbers of the quick messages the lobby took (from one seat's link:
        the others' still hold them)."""
        if len(parts) < 2 or len({part.seat for part in parts}) != len(parts):
            raise ValueError("a shared screen holds two seats or more, each once")
        self.parts = {part.seat: part for part in sorted(parts, key=lambda part: part.seat)}
        here = frozenset(self.parts)
        for part in parts:
            part.here = here
        self.first = parts[0]
        """The seat of the player who sat down first (who hosted): its link and address
        stand for the table's."""
        self.current = parts[0]
        self.holder: int | None = None
        self.hinted: set[int] = set()
        self.reviews_shared = False
        self._reviews: MatchReviews | None = None
        self._successors: dict[int, Successor] = {}
        self.hosted = False
        self._read = min(len(part.rounds) for part in parts)
        """The rounds whose score sheet the people here read (``round_read``)."""
        self._sheet_shown = False
        """The sheet the friends read as the people here sat down was shown (once)."""
        self._heard = Arrival()
        """What the other seats here heard that the table has yet to take (``listen``)."""
        self._said: collections.deque[str] = collections.deque(heard, SAID_KEPT * len(parts))
        """The numbers of the last quick messages taken: each seat's link hears each one."""
        self.bubbles_shown = False
        """As ``RemoteCoordinator.bubbles_shown``, for the whole screen."""

    def __getattr__(self, name: str) -> Any:
        """The match, the table and the connection, as the current seat has them."""
        if name.startswith("__") or name == "current":
            raise AttributeError(name)
        return getattr(self.current, name)

    # --- who sits where --------------------------------------------------------------------

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(self.parts)

    @property
    def mode(self) -> str:
        return "hotseat"

    @property
    def ticket(self) -> SeatTicket:
        return self.first.ticket

    @property
    def link(self) -> BackgroundClient:
        return self.first.link

    def kind(self, seat: int) -> SeatKind:
        if seat in self.parts:
            return "local"
        return "remote" if self.current.seats[seat].human else "computer"

    @property
    def visible_seats(self) -> frozenset[int]:
        if self.holder is None or self.parts[self.holder].taken_elsewhere:
            return frozenset()
        return frozenset({self.holder})

    def screen_shared(self) -> None:
        self.holder = None

    def take_screen(self, seat: int) -> None:
        """``seat``'s player lifted the cover: the match is followed as they see it."""
        if seat not in self.parts:
            raise ValueError(f"seat {seat} is not played at this screen")
        self.holder = seat
        self.current = self.parts[seat]

    def needs_cover(self) -> int | None:
        match = self.current.match
        if match.over or self.behind or self.sending or self.current.ended:
            return None  # (a match its host ended: nobody is called to play)
        turn = match.turn
        return turn if turn in self.parts and self.holder != turn else None

    @property
    def behind(self) -> bool:
        """The seat in front of the screen has not heard yet of a move another seat here
        has (each link hears the server on its own): its turn, as it knows it, is not the
        table's; the screen waits the moment it takes to hear it. So it does when the seat
        whose turn it is has not heard the card just played: its cover tells what was made
        since its last turn as its link heard it."""
        match = self.current.match
        called = self.parts.get(match.turn)
        if called is not None and called.match.at < match.at:
            return True
        return any(part.match.at > match.at for part in self.parts.values())

    @property
    def sending(self) -> bool:
        """A move made here is on its way to the server: whose turn comes next is not known
        yet (the one who played must not be called back to the screen)."""
        return any(part.sending for part in self.parts.values())

    def sending_for(self) -> float:
        return max((part.sending_for() for part in self.parts.values()), default=0.0)

    @property
    def woke_at(self) -> float | None:
        woken = [part.woke_at for part in self.parts.values() if part.woke_at is not None]
        return max(woken, default=None)

    @property
    def checking(self) -> bool:
        return self.current.checking or self.behind or self.sending

    # --- the connections -------------------------------------------------------------------

    def arrivals(self) -> Arrival:
        """What the server told the current seat (its events are shown); of the others,
        only what concerns the whole screen (a refusal, a lost link) is added."""
        arrival = self.current.arrivals()
        self.listen()
        heard, self._heard = self._heard, Arrival()
        arrival.add(heard)
        return arrival

    def listen(self) -> None:
        """Take in what the server told the seats here other than the current one (each
        frame, whatever screen covers the table: a round they hear scored is reviewed, and
        its sheet told read); what concerns the whole screen waits for ``arrivals``. Not
        once a seat saw the match over: the rematch's table is looked for in its frames
        (``successors``)."""
        for part in self.parts.values():
            if part is self.current or part.match.over:  # a rematch's frames are its own
                continue
            self._heard.add(part.arrivals())
        self._tell_read()  # a seat whose link has just heard the round scored tells it read

    def take_said(self) -> list[Said]:
        """The quick messages heard at the table since the last call, each once (every seat
        here hears it on its own link), oldest first."""
        heard = []
        for part in self.parts.values():
            for said in part.take_said():
                if said.number not in self._said:
                    self._said.append(said.number)
                    heard.append(said)
        return heard

    @property
    def lost(self) -> bool:
        return any(part.lost for part in self.parts.values())

    @property
    def taken_elsewhere(self) -> bool:
        return any(part.taken_elsewhere for part in self.parts.values())

    @property
    def host_closed(self) -> bool:
        return any(part.host_closed for part in self.parts.values())

    def sheet_missed(self) -> bool:
        """Whether the people here sat down between rounds while the friends read the sheet
        of the round just scored (``RemoteCoordinator.sheet_missed``): they read it
        together, once, as at the round's end."""
        missed = [part.sheet_missed() for part in self.parts.values()]
        if not any(missed) or self._sheet_shown:
            return False
        self._sheet_shown = True
        self._read = min(self._read, len(self.current.rounds) - 1)
        return True

    def round_read(self) -> None:
        """Everyone here read the score sheet (they read it together): each seat tells the
        server so once its own link heard the round scored."""
        self._read = max(self._read, len(self.current.rounds))
        self._tell_read()

    def _tell_read(self) -> bool:
        """Every seat here told the server the last sheet read was read."""
        return all([part.told_read(self._read) for part in self.parts.values()])

    @property
    def telling_read(self) -> bool:
        """A seat here has yet to tell the server the sheet was read, or is telling it: a
        card played now would be refused."""
        return not self._tell_read() or any(part.telling_read for part in self.parts.values())

    def stood_in_for_me(self) -> bool:
        """The computer plays the seat to play here (its player let the turn go by)."""
        part = self.parts.get(self.current.match.turn, self.current)
        return part.stood_in_for_me()

    def stood_in_here(self) -> list[int]:
        """The seats here the computer plays (their players let a turn go by): the turn
        passes them by, so each is told on the screen whoever is in front of it."""
        return [seat for seat, part in self.parts.items() if part.stood_in_for_me()]

    def stood_in(self) -> list[int]:
        """Every seat the computer plays until its player comes back: friends' and ours."""
        return sorted({*self.current.stood_in(), *self.stood_in_here()})

    def take_seat_back(self) -> None:
        """Each seat here the computer plays is played by its person again."""
        for seat in self.stood_in_here():
            self.parts[seat].take_seat_back()

    @property
    def reviews(self) -> MatchReviews | None:
        return self._reviews

    @reviews.setter
    def reviews(self, reviews: MatchReviews | None) -> None:
        """Each seat's moves are graded from what it saw; a round is handed to the coach
        once every seat here told its moves in it."""
        self._reviews = reviews
        gather = None if reviews is None else RoundsTogether(reviews, len(self.parts))
        for part in self.parts.values():
            part.reviews = cast("MatchReviews", gather)

    # --- a rematch -------------------------------------------------------------------------

    def ask_rematch(self) -> None:
        for part in self.parts.values():
            part.ask_rematch()

    @property
    def rematch_failed(self) -> bool:
        return any(part.rematch_failed for part in self.parts.values())

    def successors(self) -> dict[int, Successor] | None:
        """Each seat's at the rematch's table, once every one here sat there (None until
        then; ``rematch_failed`` says when they will not)."""
        for seat, part in self.parts.items():
            if seat not in self._successors:
                found = part.successor()
                if found is not None:
                    self._successors[seat] = found
        if len(self._successors) < len(self.parts):
            return None
        return dict(self._successors)

    def decline_rematch(self) -> None:
        for part in self.parts.values():
            part.decline_rematch()

    def leave(self) -> None:
        for part in self.parts.values():
            part.leave()

    def close(self) -> None:
        if self.hosted:  # (as ``RemoteCoordinator.close``)
            self.decline_rematch()
        self.leave()


class RoundsTogether:
    """The moves of each seat at a shared screen, gathered round by round, then handed to
    the coach as one round's (``MatchReviews.round_seen``)."""

    def __init__(self, reviews: MatchReviews, seats: int) -> None:
        self.reviews = reviews
        self.seats = seats
        self._told: dict[int, list[SeenRound]] = {}

    def round_seen(self, round_no: int, seen: SeenRound, *, over: bool) -> None:
        told = self._told.setdefault(round_no, [])
        told.append(seen)
        if len(told) == self.seats:
            positions = sorted((p for s in told for p in s.positions), key=lambda p: p[0])
            self.reviews.round_seen(round_no, SeenRound(seen.seed, tuple(positions)), over=over)


def connect(server: str) -> concurrent.futures.Future[BackgroundClient]:
    """Connect to ``server`` off the render loop (a frame must never wait on a network)."""
    pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="scopa-connect")
    future = pool.submit(BackgroundClient, server)
    pool.shutdown(wait=False)
    return future


Callback = Callable[[], None]

__all__ = [
    "ROUND_BEGAN",
    "Arrival",
    "CaughtUp",
    "RemoteCoordinator",
    "RemoteMatch",
    "RemoteRound",
    "RoundsTogether",
    "SharedScreen",
    "connect",
    "setup_of",
]
