"""Setting up a match over the network: hosting a table or joining one, then waiting in the
lobby until every seat is taken. Nothing here waits in a frame: each step runs on a thread
and the lobby asks, frame by frame, how far it got.

Every seat taken is remembered in the player's files (``Store.hold_seat``): a player who
closed the game and joins the same table again takes their own seat back with its token,
rather than asking for a free one (there is none: it is still theirs). A table this game
hosted is served again from its files for that.
"""

from __future__ import annotations

import concurrent.futures
import ipaddress
import socket
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from scopa.engine import Rules
from scopa.log import log, log_exception
from scopa.net.client import (
    BackgroundClient,
    Client,
    Disconnected,
    PlayedForYou,
    SeatTicket,
    ServerError,
    TooLarge,
    Untrusted,
    Update,
    WrongScheme,
)
from scopa.net.codec import CodecError
from scopa.net.codes import (
    Address,
    AddressError,
    grouped,
    is_code,
    normalize_code,
    parse_address,
)
from scopa.net.discovery import DISCOVERY_PORT, TwoAnswers, find_table, same_computer
from scopa.net.store import StoreError
from scopa.settings import MAX_NAME
from scopa.storage import HeldSeat, Store

from .hosting import LocalServer, lan_address
from .style.text import FontSource, unwritable
from .wording import numbered_name

JOIN_TIMEOUT = 30.0
KEEP_TRYING = None
"""How long a window cut off from its table tries to get back (``Client.reconnect_for``):
for as long as it stays at the table, which it may leave at any time (the link closes
with it). The host of a table may be away for long: its game closed, its computer
restarted."""


class NotFound(Exception):
    """No table on the local network answered for a code."""

    def __init__(self, code: str) -> None:
        super().__init__(f"no table with the code {grouped(code)} answered on this network")
        self.code = code


class TableLost(Exception):
    """A seat held at a table hosted here, whose file of tables was damaged and set aside:
    the table went with it (``missing``: the file reads, but holds no such table: it was
    removed, or a copy of the folder taken mid-write lost it)."""

    def __init__(self, code: str, *, missing: bool = False) -> None:
        why = "is not in the file" if missing else "was in the damaged file"
        super().__init__(f"the table {grouped(code)} {why} of hosted tables")
        self.code = code
        self.missing = missing


@dataclass
class Seated:
    """A seat taken at a table: the link to its server, the seat's ticket, the address
    to give friends (at which they reach the server: ``shareable``) and the one this player
    comes back to (at which this computer reached it; the same for a table hosted here)."""

    link: BackgroundClient
    ticket: SeatTicket
    address: str
    reached: str
    others: list[Seated] = field(default_factory=list)
    """The seats of the other people at this screen, each on a link of its own (the server
    sends a seat's hand to its own connection alone)."""
    back: bool = False
    """The seat was taken back (held here since this player last sat at the table)."""

    def close(self) -> None:
        for seated in (self, *self.others):
            seated.link.close()


def _close_link(link: BackgroundClient, _: object) -> None:
    link.close()


async def _rejoined_to_vacate(client: Client, ticket: SeatTicket) -> None:
    await client.rejoin(ticket)
    await client.vacate()


class OnlineSession:
    """One attempt to sit at a table, from the first click to the match's first deal."""

    def __init__(
        self,
        store: Store | None = None,
        running: LocalServer | None = None,
        names: Callable[[str, int], str] | None = None,
    ) -> None:
        """``store``: where seats taken are remembered; ``running``: the server this game
        already runs for its tables, if any (it serves a table hosted here again);
        ``names``: how the seats' names are shown (``legible``)."""
        self.store = store
        self.names = names
        self.running = running
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="scopa-online")
        self._job: concurrent.futures.Future[Seated] | None = None
        self._leaving = threading.Event()
        """Set when the player gave up: a server that comes up after that seats nobody."""
        self.server: LocalServer | None = None
        self.seated: Seated | None = None
        self.error: str | None = None
        """What went wrong, in English (the lobby words it for the player)."""
        self.error_kind = ""
        """'address', 'not_found' (a code no table on the network answered for), 'reach',
        'untrusted' (a wss:// server whose certificate does not verify), 'store' (the tables
        hosted here cannot be kept), 'refused', 'over' (a seat taken back at a match
        already over), 'unreadable' or 'failed' (anything else: its traceback is logged)."""
        self.error_code = ""
        """Why the server refused (one of ``protocol.ERRORS``), when it did."""
        self.first: Update | None = None
        self.moved: tuple[str, str] | None = None
        """Where a table was looked for by its address and where its code found it instead
        (the servers): the player is told, or they would not know the address was passed
        over."""
        self.moved_key = "online.found_elsewhere"
        """How they are told: nothing answered at the address, or a server without the
        table (``online.found_elsewhere_no_table``); or, for a table hosted here, that its
        port was taken while the game was closed (``online.hosted_moved``): the friends
        need its new address."""
        self.following: list[Update | ServerError | Disconnected | PlayedForYou] = []
        """What the server said after ``first`` in the same batch (a computer's first plays,
        made before this window looked again): the match's coordinator takes them in first."""
        self.joining_here = 0
        """The other people at this screen who join with this player (``join``)."""
        self.here_name = "You"
        self.here_names: tuple[str, ...] = ()
        """The names typed for the people here, in turn ("": none, ``here_name``)."""
        self.short = 0
        """How many of them found no free seat at the table."""
        self.others_first: dict[int, Update] = {}
        """The first position of each other seat at this screen (``Seated.others``)."""
        self.others_following: dict[int, list[Any]] = {}
        """What each of those seats heard after its first position, as ``following``."""
        self.moving: tuple[Seated, concurrent.futures.Future[SeatTicket]] | None = None
        """A seat taken here on its way to another (``move_seat``) until the server answers."""
        self.renaming: list[concurrent.futures.Future[str]] = []
        """Names typed for the people here on their way to the server (``rename``)."""
        self.removing: list[concurrent.futures.Future[None]] = []
        """The host's word to free a friend's seat, until the server answers (``remove``)."""
        self.seating: list[concurrent.futures.Future[None]] = []
        """The host's word to seat a computer, or free a computer's seat (``seat_kind``)."""
        self.starting: concurrent.futures.Future[None] | None = None
        """The host's word to start the match, until the server answers (``begin``)."""
        self.start_refused = ""
        """Why the server would not start the match (the lobby says so, then sets this
        back to "")."""
        self.move_refused = ""
        """Why the server refused the last move to another seat (one of ``protocol.ERRORS``;
        the lobby says so, then sets this back to "")."""
        self.rename_refused = ""
        """Likewise for the last name typed for a person here."""
        self.name_refused = ""
        """The name typed for this player's seat taken back at a table whose match had
        begun, which keeps the seat's name (the lobby tells them which)."""
        self.remove_refused = ""
        """Likewise for the last seat the host freed."""
        self.seat_kind_refused = ""
        """Likewise for the last computer the host seated, or seat of one freed."""
        self.others_removed: list[tuple[int, str]] = []
        """The seats of people at this screen the host took off the table, with the names
        they had there (the lobby says so, then empties this)."""
        self.set_aside: Path | None = None
        """Where the server hosted here moved a damaged file of its tables (the lobby says
        so, then sets this back to None)."""

    # --- starting --------------------------------------------------------------------------

    def host(
        self,
        folder: Path,
        rules: Rules,
        seats: list[dict[str, Any]],
        name: str,
        *,
        ending: HeldSeat | None = None,
        here: dict[int, str] | None = None,
        starts: bool = True,
        at: str | None = None,
    ) -> None:
        """Open a table on the server this game runs (started now if none runs), or on the
        server at ``at`` (``ws://host:port``, a ``scopa serve`` none of the players runs);
        sit in the first seat. ``ending``: the seat held at a table hosted here whose match is
        ended for good first (its friends are told; the seat is forgotten), on the port it
        was served at when that is free, where the friends trying to get back look.
        ``here``: the seats of other people at this screen, with their names: each is
        taken on a link of its own. ``starts``: the host starts the match once every seat
        is taken (``begin``); else the match begins as the last seat is taken."""
        if at is not None:  # held as at a friend's table: this game does not hold it
            table = (rules, seats, name, here, starts)
            opening = partial(lambda at: self._open(self._link(at), at, table, hosted=False), at)
            self._job = self._pool.submit(opening)  # (connecting waits: never in a frame)
            return
        server = self.running
        if server is None:
            port = None if ending is None else served_port(ending.server)
            server = self.server = (
                LocalServer(folder) if port is None else LocalServer(folder, port=port)
            )

        def work() -> Seated:
            server.start()
            lost = self._forget_hosted(server)
            if ending is not None:
                if not lost:
                    server.end(ending.code, ending.seat)
                if self.store is not None:
                    self.store.drop_seat(ending.code)
            if self._leaving.is_set():
                raise concurrent.futures.CancelledError  # stop_server is queued behind us
            link = self._link(server.local_address)
            return self._open(link, server.address, (rules, seats, name, here, starts))

        self._job = self._pool.submit(work)

    def _open(
        self,
        link: BackgroundClient,
        server: str,
        table: tuple[Rules, list[dict[str, Any]], str, dict[int, str] | None, bool],
        *,
        hosted: bool = True,
    ) -> Seated:
        """Open the ``table`` asked of ``host`` (its rules, seats, the player's name, the
        people here, whether the host starts it) on ``link``, to the server known to the
        friends as ``server``: this player in the first seat, each person here in theirs
        on a link of its own; the seats held (``hosted``: at a table this game holds)."""
        rules, seats, name, here, starts = table
        ticket = link.submit(link.client.create(rules, seats, name, 0, start=starts)).result(
            JOIN_TIMEOUT
        )
        self._hold(ticket, hosted=hosted)
        address = f"{server}/{grouped(ticket.code)}"
        seated = Seated(link, ticket, address, address)
        try:
            for seat, person in sorted((here or {}).items()):
                join = partial(
                    Client.join, code=ticket.code, name=person, seat=seat, host=ticket.token
                )
                other = self._other_seat(seated, join)
                seated.others.append(other)
                self._hold(other.ticket, hosted=hosted)
        except BaseException:
            seated.close()
            raise
        return seated

    def join(
        self,
        text: str,
        name: str,
        *,
        discovery: int = DISCOVERY_PORT,
        here: int = 0,
        here_name: str = "You",
        here_names: tuple[str, ...] = (),
    ) -> None:
        """Sit at the table of ``text``: an address with its code, or the code alone (the
        table is looked for on the local network); ``here``: as many other people at this
        screen take a free seat each (a seat held there is taken back with the others held
        with it), each under ``here_name`` (the game's own name: the table numbers them, and
        every window shows them as "Player 3"), or the ``here_names`` typed for them, in
        turn."""
        self.joining_here = here
        self.here_name = here_name
        self.here_names = here_names
        if is_code(text):
            code = normalize_code(text)
            if self._rehost(code, name):
                return

            def found() -> Address:
                held = self._held(code)  # its token goes only to the computer that held it
                where = None if held is None else held.server
                server = find_table(code, port=discovery, host=where)
                if server is None:
                    raise NotFound(code)
                return Address(server, code)

            self._job = self._pool.submit(lambda: self._sit(found(), name))
            return
        try:
            address = parse_address(text)
            if address.code is None:
                raise AddressError("it has no table code after the port")
        except AddressError as error:
            self.error, self.error_kind = str(error), "address"
            return
        if self._rehost(str(address.code), name):
            return

        def sit() -> Seated:
            """At ``address``; where nothing answers there, or a server that holds no such
            table (the host's game started again on another port, or at another address,
            and something else took its old one), at the server the code is found on. A
            server found so that turns out not to hold the table was a wrong guess: the
            player is told what the address asked for answered."""
            unreached: BaseException
            try:
                return self._sit(address, name)
            except ServerError as error:
                if error.code != "no_table":
                    raise
                unreached = error
            except (Disconnected, OSError, TimeoutError, concurrent.futures.TimeoutError) as e:
                unreached = e
            held = self._held(str(address.code))  # its token goes only to the same computer
            where = address.server if held is not None else None
            server = find_table(str(address.code), port=discovery, host=where)
            if server is None or server == address.server or self._leaving.is_set():
                raise unreached
            try:
                seated = self._sit(Address(server, address.code), name)
            except ServerError as error:
                if error.code == "no_table":
                    raise unreached from error
                raise
            self.moved = (address.server, server)
            if isinstance(unreached, ServerError):
                self.moved_key = "online.found_elsewhere_no_table"
            return seated

        self._job = self._pool.submit(sit)

    def _held(self, code: str) -> HeldSeat | None:
        """The seat this player holds at the table ``code``, if any (the first, when
        several people at this screen hold one each)."""
        return next(iter(self._held_all(code)), None)

    def _held_all(self, code: str) -> list[HeldSeat]:
        """Every seat held at the table ``code``, in the order they are played."""
        if self.store is None:
            return []
        return sorted(
            (held for held in self.store.load_seats() if held.code == code),
            key=lambda held: held.seat,
        )

    def _sit_others(self, seated: Seated, first: HeldSeat) -> None:
        """Take back the seats of the other people at this screen at ``seated``'s table
        (several held there), each on a link of its own; a seat the table refuses to give
        back is forgotten."""
        ticket = seated.ticket
        for held in self._held_all(ticket.code):
            if held.seat == first.seat:
                continue
            again = SeatTicket(ticket.server, ticket.code, held.seat, held.token)
            try:
                other = self._other_seat(seated, partial(Client.rejoin, ticket=again))
            except ServerError:
                if self.store is not None:
                    self.store.drop_seat(ticket.code, held.seat)
                continue
            except BaseException:
                seated.close()
                raise
            seated.others.append(other)

    def _free_others(self, server: str, first: HeldSeat) -> None:
        """This player's seat held at a table is refused (its host took them off it while
        they were away): the seats held for the other people here at that table are freed
        too, so that they all sit down again together (held by no window, a seat would wait
        for someone who never comes)."""
        for held in self._held_all(first.code):
            if held.seat == first.seat:
                continue
            link = self._link(server)
            again = SeatTicket(server, first.code, held.seat, held.token)
            try:
                link.submit(_rejoined_to_vacate(link.client, again)).result(JOIN_TIMEOUT)
            except Exception as error:  # noqa: BLE001 - gone already: nothing left to free
                log("scopa: a seat held here was not freed:", error)
            finally:
                link.close()

    def _hold(self, ticket: SeatTicket, *, hosted: bool) -> None:
        """Keep the seat of ``ticket``; at a table hosted here, as one whose match has
        not begun yet (``Matches.open_remote`` says when it has)."""
        if self.store is not None:
            held = HeldSeat(
                ticket.server, ticket.code, ticket.seat, ticket.token, hosted, begun=not hosted
            )
            self.store.hold_seat(held)

    def _forget_hosted(self, server: LocalServer) -> bool:
        """True when the start of ``server`` set its damaged file of tables aside: the
        seats held at the tables it held are forgotten with them."""
        if not server.setting_aside:
            return False
        if self.store is not None:
            self.store.drop_hosted_seats()
        return True

    def _rehost(self, code: str, name: str) -> bool:
        """Take back a seat at a table hosted here: the table is served from this game's
        files (by the server still running, else by one started now, on the port the table
        was served at when it is free: the friends still at the table try to get back to
        that address)."""
        held = self._held(code)
        if held is None or not held.hosted:
            return False
        running = self.running
        server = running if running is not None else self.server
        if server is None:
            assert self.store is not None  # a seat is held only where seats are stored
            port = served_port(held.server)
            folder = self.store.data_dir
            server = self.server = (
                LocalServer(folder) if port is None else LocalServer(folder, port=port)
            )

        def work() -> Seated:
            port = server.start()
            if self._forget_hosted(server):
                raise TableLost(code)
            if self._leaving.is_set():
                raise concurrent.futures.CancelledError
            try:
                seated = self._sit(Address(server.local_address, code), name)
            except ServerError as error:
                if error.code != "no_table":
                    raise
                if self.store is not None:  # its own server holds it nowhere: it is gone
                    self.store.drop_seat(code)
                raise TableLost(code, missing=True) from error
            seated.address = seated.reached = f"{server.address}/{grouped(code)}"
            was = served_port(held.server)
            if was not in (None, port):  # another program took it
                self.moved = (str(was), server.address)
                self.moved_key = "online.hosted_moved"
            return seated

        self._job = self._pool.submit(work)
        return True

    def _sit(self, address: Address, name: str) -> Seated:
        """Sit at the table of ``address``: in the seat held there, if this player holds
        one, else in a free one."""
        link = self._link(address.server)
        code = str(address.code)
        shown = f"{shareable(address.server)}/{grouped(code)}"
        reached = f"{address.server}/{grouped(code)}"
        held = self._held(code)
        elsewhere = held is not None and not same_computer(held.server, address.server)
        if elsewhere:  # a table of that code on another computer: the token goes only where
            held = None  # it came from, and the seat stays held for that table (not this one)
        try:
            if held is not None:
                again = SeatTicket(address.server, code, held.seat, held.token)
                try:
                    ticket = link.submit(link.client.rejoin(again)).result(JOIN_TIMEOUT)
                except ServerError as error:
                    if error.code in ("ended", "closed") and self.store is not None:
                        self.store.drop_seat(code)  # its host ended the match: nothing to keep
                    if error.code not in ("bad_token", "bad_message"):
                        raise
                    if self.store is not None:  # the table forgot it: ask for a free seat
                        self._free_others(address.server, held)
                        self.store.drop_seat(code)
                else:  # (what the others here are refused is theirs: the seat stays held)
                    seated = Seated(link, ticket, shown, reached, back=True)
                    self._take_name(seated, name)
                    self._sit_others(seated, held)
                    host = ticket.token if held.hosted else None
                    self._join_others(seated, self.here_name, host)  # more here than held
                    return seated
            together = 1 + self.joining_here  # the people here sit on one side, if they can
            job = link.client.join(code, name, together=together)
            ticket = link.submit(job).result(JOIN_TIMEOUT)
        except BaseException:
            link.close()
            raise
        if not elsewhere:
            self._hold(ticket, hosted=held is not None and held.hosted)
        seated = Seated(link, ticket, shown, reached)
        self._join_others(seated, self.here_name)
        return seated

    def _take_name(self, seated: Seated, name: str) -> None:
        """A seat taken back goes by the name typed now: a name mistyped, the table left
        and the name put right, came back as it was, with no word. While the table waits
        for its players it takes the new name; once its match has begun the players know
        the seat by its name, which stays (``name_refused``: the player is told)."""
        link = seated.link
        if seat_name(link.client.table, seated.ticket.seat) == name:
            return
        try:
            link.submit(link.client.rename(name)).result(JOIN_TIMEOUT)
        except ServerError as error:
            if error.code == "begun":  # (the table's word of the seat's name may come after)
                self.name_refused = name
            else:  # the seat is back all the same: the name is no reason to give it up
                log("scopa: the name typed was not taken at the table:", error)
        except Exception as error:  # noqa: BLE001 - the link is the seat's: it tells its own
            log("scopa: the name typed was not sent to the table:", error)

    def _join_others(self, seated: Seated, name: str, host: str | None = None) -> None:
        """The other people at this screen (``joining_here``) take free seats at the table
        too, each on a link of its own, as far as the table has room (``short``: how many
        found none); those whose seats were held there, taken back already, are counted
        among them. Their names are the game's own, numbered by the table. ``host``: the
        token of this screen's seat at a table hosted here (they sit at the host's screen)."""
        code = seated.ticket.code
        for number in range(len(seated.others), self.joining_here):
            typed = self.here_names[number] if number < len(self.here_names) else ""
            try:
                sit = partial(
                    Client.join,
                    code=code,
                    name=typed or name,
                    beside=seated.ticket.seat,
                    host=host,
                )
                other = self._other_seat(seated, sit)
            except ServerError as error:
                if error.code not in ("no_free_seat", "seat_taken", "waiting", "over"):
                    seated.close()
                    raise
                self.short = self.joining_here - number
                return
            except BaseException:
                seated.close()
                raise
            seated.others.append(other)
            self._hold(other.ticket, hosted=host is not None)

    def _link(self, server: str) -> BackgroundClient:
        """A connection of its own to ``server``, for one seat at this screen."""
        return BackgroundClient(server, reconnect_for=KEEP_TRYING, sheets=True, names=self.names)

    def _other_seat(
        self, seated: Seated, sit: Callable[[Client], Coroutine[Any, Any, SeatTicket]]
    ) -> Seated:
        """A seat at ``seated``'s table for another person at this screen, on a link of its
        own to the same server, taken by ``sit`` (its link closed if that fails)."""
        link = self._link(seated.ticket.server)
        try:
            ticket = link.submit(sit(link.client)).result(JOIN_TIMEOUT)
        except BaseException:
            link.close()
            raise
        return Seated(link, ticket, seated.address, seated.reached)

    def move_seat(self, who: Seated, seat: int, name: str | None = None) -> None:
        """Move ``who`` (this player's seat, or another person's here: ``Seated.others``)
        to the free ``seat`` while the table waits for its players, by ``name`` there if
        given; the seat held here follows once the server agrees (``check``)."""
        if self.moving is None:
            self.moving = (who, who.link.submit(who.link.client.sit(seat, name)))

    def begin(self) -> None:
        """Start the match of the table hosted here, every seat taken (the table opens with
        its first deal, as when a friend takes the last seat)."""
        if self.seated is not None and self.starting is None:
            link = self.seated.link
            self.starting = link.submit(link.client.begin())

    def remove(self, seat: int) -> None:
        """Free a friend's ``seat`` at the table hosted here, while it waits for its
        players."""
        if self.seated is not None:
            link = self.seated.link
            self.removing.append(link.submit(link.client.remove(seat)))

    def seat_kind(self, seat: int, computer: bool, level: str) -> None:
        """At the table hosted here, while it waits for its players: a computer at ``level``
        in the free ``seat`` (``computer``), or the computer's ``seat`` free for a friend.
        A refusal is kept in ``seat_kind_refused``."""
        if self.seated is not None:
            link = self.seated.link
            self.seating.append(link.submit(link.client.seat_kind(seat, computer, level)))

    def let_go(self, who: Seated) -> None:
        """``who``, another person here, leaves the table while it waits for its players:
        their seat is free again for someone else, and no longer held here."""
        seated = self.seated
        if seated is None or who not in seated.others:
            return
        seated.others.remove(who)
        self.joining_here = max(0, self.joining_here - 1)  # a table taken back seats no one
        seat = who.ticket.seat
        self.others_following.pop(seat, None)
        self.others_first.pop(seat, None)
        who.link.submit(who.link.client.vacate()).add_done_callback(partial(_close_link, who.link))
        if self.store is not None:
            self.store.drop_seat(who.ticket.code, seat)

    def rename(self, who: Seated, name: str) -> None:
        """``who`` (another person here, say) goes by ``name`` at the table from now on,
        while it waits for its players (the table frame says the name once it is taken)."""
        self.renaming.append(who.link.submit(who.link.client.rename(name)))

    def _answered(self) -> None:
        """Take in the answers to ``move_seat``, ``rename``, ``remove``, ``seat_kind`` and
        ``begin``."""
        if self.starting is not None and self.starting.done():
            started, self.starting = self.starting, None
            self.start_refused = refusal(started) or self.start_refused
        for renamed in [job for job in self.renaming if job.done()]:
            self.renaming.remove(renamed)
            self.rename_refused = refusal(renamed) or self.rename_refused
        for removed in [job for job in self.removing if job.done()]:
            self.removing.remove(removed)
            self.remove_refused = refusal(removed) or self.remove_refused
        for seated in [job for job in self.seating if job.done()]:
            self.seating.remove(seated)
            self.seat_kind_refused = refusal(seated) or self.seat_kind_refused
        if self.moving is None or not self.moving[1].done():
            return
        (who, job), self.moving = self.moving, None
        refused = refusal(job)
        if refused:
            self.move_refused = refused
            return
        was, who.ticket = who.ticket, job.result()
        ticket = who.ticket
        if self.store is not None and ticket.seat != was.seat:
            held = next(
                (h for h in self.store.load_seats() if (h.code, h.seat) == (was.code, was.seat)),
                None,
            )
            self.store.drop_seat(was.code, was.seat)
            self._hold(ticket, hosted=held is not None and held.hosted)

    # --- progress --------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._job is not None and not self._job.done()

    def check(self) -> None:
        """Take in what the thread did; then what the server said."""
        job = self._job
        if job is not None and job.done():
            self._job = None
            server = self.server if self.server is not None else self.running
            if server is not None:
                self.set_aside = server.take_set_aside() or self.set_aside
            try:
                self.seated = job.result()
            except ServerError as error:
                self.error, self.error_kind = error.message, "refused"
                self.error_code = error.code
            except NotFound as error:
                self.error, self.error_kind = str(error), "not_found"
            except TwoAnswers as error:
                self.error, self.error_kind = str(error), "two_answers"
            except TableLost as error:
                self.error, self.error_kind = str(error), "gone" if error.missing else "lost"
            except Untrusted as error:
                self.error, self.error_kind = str(error), "untrusted"
            except WrongScheme as error:
                self.error, self.error_kind = str(error), f"scheme_{error.wanted}"
            except StoreError as error:
                self.error, self.error_kind = str(error), "store"
            except CodecError as error:  # a seat answered that no one could take back
                self.error, self.error_kind = f"cannot read the table: {error}", "unreadable"
            except (Disconnected, OSError, TimeoutError, concurrent.futures.TimeoutError) as error:
                self.error, self.error_kind = str(error) or type(error).__name__, "reach"
            except concurrent.futures.CancelledError:
                pass  # the player left: nothing to say
            except Exception as error:  # a fault of the game's: logged, never closes it
                self.error, self.error_kind = f"{type(error).__name__}: {error}", "failed"
                log_exception(error)
            if self.error is not None:
                log("scopa:", self.error)  # the lobby words it for the player
        self._answered()
        if self.seated is not None:
            self._check_others(self.seated)
        if self.seated is None or self.first is not None:
            return
        for item in self.seated.link.poll():
            if self.first is not None or isinstance(item, PlayedForYou):  # the table's
                self.following.append(item)
            elif isinstance(item, Update) and item.status == "over" and self._rematch_open():
                self.first = item  # its final sheet, with the rematch, comes back
            elif isinstance(item, Update) and item.status == "over":
                self._over()
                return
            elif isinstance(item, Update) and item.status != "waiting":
                self.first = item
            elif isinstance(item, ServerError) and item.code == "removed":
                self._removed()
                return
            elif isinstance(item, ServerError) and item.code in ("ended", "closed"):
                self._ended(item.message)
                return
            elif isinstance(item, ServerError) and item.code == "seat_taken":
                # taken up from another window: the link gives up, this lobby waits no more
                self.error, self.error_kind = item.message, "refused"
                self.error_code = "taken_elsewhere"
            elif isinstance(item, TooLarge):  # frames past reading, sent each time back
                self.unreadable(item)
                return
            elif isinstance(item, Disconnected) and self.error is None:
                self.error, self.error_kind = str(item), "reach"

    def _ended(self, message: str) -> None:
        """The host closed the table (``closed``, before its match began), or ended its
        match: no seat is left there to come back to, and the lobby no longer shows a table
        that is gone (its address, its seats "ready")."""
        assert self.seated is not None
        waiting = (self.table or {}).get("status") == "waiting"
        self.error, self.error_kind = message, "refused"
        self.error_code = "closed" if waiting else "ended"
        if self.store is not None:
            self.store.drop_seat(self.seated.ticket.code)
        self.seated.close()
        self.seated = None

    def _removed(self) -> None:
        """The host took this player off the table: no seat is left to come back to, and
        the lobby no longer shows a table this screen has no part in. The other people here
        go with this player, their seats free again: all of them may join again together
        (a seat left away, held nowhere, would wait for someone who never comes)."""
        seated = self.seated
        assert seated is not None
        self.error, self.error_kind, self.error_code = "removed by the host", "refused", "removed"
        if self.store is not None:
            self.store.drop_seat(seated.ticket.code)
        for other in seated.others:
            other.link.submit(other.link.client.vacate()).add_done_callback(
                partial(_close_link, other.link)
            )
        seated.link.close()
        self.seated = None

    def _check_others(self, seated: Seated) -> None:
        """The first positions of the other seats at this screen, as they come; a seat the
        host took off the table is let go (``others_removed``)."""
        for other in list(seated.others):
            seat = other.ticket.seat
            if seat in self.others_first:
                continue
            following = self.others_following.setdefault(seat, [])
            for item in other.link.poll():
                if isinstance(item, ServerError) and item.code == "removed":
                    seated.others.remove(other)
                    other.link.close()
                    self.others_following.pop(seat, None)
                    self.others_removed.append((seat, seat_name(other.link.client.table, seat)))
                    if self.store is not None:
                        self.store.drop_seat(other.ticket.code, seat)
                    break
                if seat in self.others_first or isinstance(item, PlayedForYou):
                    following.append(item)
                elif isinstance(item, Update) and item.status != "waiting":
                    # over too: a final sheet taken back with every seat here (``_over``
                    # lets the table go when the first seat's says there is nothing left)
                    self.others_first[seat] = item

    @property
    def all_first(self) -> bool:
        """Every seat taken here knows the match's first position: the table may open."""
        seated = self.seated
        return (
            seated is not None
            and self.first is not None
            and all(other.ticket.seat in self.others_first for other in seated.others)
        )

    def unreadable(self, error: Exception) -> None:
        """The table's first frames are not what this game can follow (a newer version's,
        or not a Scopa server's): say so and let go of the table; the seat is kept, for a
        game that can read them."""
        assert self.seated is not None
        self.error, self.error_kind = f"cannot read the table: {error}", "unreadable"
        log("scopa:", self.error)
        self.seated.close()
        self.seated = None
        self.first = None
        self.following = []

    def _rematch_open(self) -> bool:
        """The seat taken back is at a match played out while this player was at its
        final sheet (the window closed there, the seat kept for a rematch), and a friend
        is still at the table to play one with, none begun: the sheet comes back."""
        seated = self.seated
        if seated is None or not seated.back:
            return False
        table = seated.link.client.table or {}
        if table.get("next") or table.get("code") != seated.ticket.code:
            return False
        return any(
            info.get("kind") == "human"
            and info.get("seat") != seated.ticket.seat
            and info.get("connected")
            and not info.get("autoplay")
            for info in table.get("seats", [])
        )

    def _over(self) -> None:
        """The seat taken back is at a match already over: nothing is left to play there,
        and the seat is no longer worth remembering."""
        assert self.seated is not None
        self.error, self.error_kind = "the match at this table is over", "over"
        if self.store is not None:
            self.store.drop_seat(self.seated.ticket.code)
        self.seated.close()
        self.seated = None

    @property
    def table(self) -> dict[str, Any] | None:
        return None if self.seated is None else self.seated.link.client.table

    def close(self, *, keep_link: bool = False) -> None:
        """Give up (``keep_link``: the match goes on at the table, which owns the link; a
        server hosted here runs on until ``stop_server``). Never waits on the thread: a seat
        it takes after this is given back as soon as it comes."""
        if not keep_link:
            self._leaving.set()
            if self.seated is not None:
                self.seated.close()
            if self._job is not None:
                self._job.add_done_callback(give_back)
                self._job = None
        if self.server is None:
            self._pool.shutdown(wait=False)

    def close_hosted(self, code: str, seat: int) -> None:
        """The host left the lobby of a table hosted here before its match began: the table
        is closed for good on the server this game runs, ``seat`` its host's (the friends
        waiting there are told, and nobody can fill it and play without the host). On the
        session's thread, never in the caller's frame; before ``stop_server``'s stop."""
        server = self.server if self.server is not None else self.running
        if server is None:
            return

        def work() -> None:
            try:
                server.end(code, seat)
            except Exception as error:  # the server already stopped: nobody can sit there
                log("scopa: the table hosted here was not closed:", error)

        self._pool.submit(work)

    def stop_server(self) -> None:
        """Stop the server hosted here, on the session's thread: after the start still in
        progress, if any (so nothing it opens stays open), and never in the caller's frame."""
        server, self.server = self.server, None
        if server is None:
            return
        self._leaving.set()
        self._pool.submit(server.stop)
        self._pool.shutdown(wait=False)


def seat_name(table: dict[str, Any] | None, seat: int) -> str:
    """The name ``seat`` goes by in a server's table frame ("" for none)."""
    infos = (table or {}).get("seats", [])
    return next((str(i.get("name") or "") for i in infos if i.get("seat") == seat), "")


def same_name(shown: str, typed: str) -> bool:
    """Whether a table's ``shown`` name for a seat is the name ``typed`` for it, as the
    server gives it: itself, or numbered after another seat's name alike ("Luca 2", the
    name cut to make room for the number)."""
    if shown == typed:
        return True
    base, _, number = shown.rpartition(" ")
    return bool(base) and number.isdigit() and typed.startswith(base)


def refusal(job: concurrent.futures.Future[Any]) -> str:
    """Why the server would not do what ``job`` asked, done ("": it did): one of
    ``protocol.ERRORS``, "internal" for a link lost on the way."""
    try:
        job.result()
    except ServerError as error:
        return error.code
    except (Disconnected, OSError, CodecError, concurrent.futures.CancelledError):
        return "internal"  # (an answer this game cannot read: the server's fault too)
    return ""


def legible(fonts: FontSource) -> Callable[[str, int], str]:
    """How a seat's name is shown in this window: without the letters its fonts cannot
    draw (a row of boxes names nobody), and by the game's name for the seat ("Player 2",
    in the reader's language) when nothing is left of it."""

    def shown(name: str, seat: int) -> str:
        name = name[:MAX_NAME]  # a server may send anything: a name is never longer
        missing = unwritable(name, fonts)
        kept = " ".join("".join(char for char in name if char not in missing).split())
        if any(char.isalpha() for char in kept) or (not missing and any(map(str.isalnum, kept))):
            return kept  # (digits alone name nobody once the letters are gone: "김민수 2")
        return numbered_name(seat)

    return shown


def table_code(address: str) -> str | None:
    """The code of the table ``address`` names (a whole address, or the code alone), as the
    server keeps it; None for what names no table."""
    try:
        return normalize_code(address) if is_code(address) else parse_address(address).code
    except AddressError:
        return None


def with_code(address: str, code: str) -> str:
    """``address`` (a server's, then a table's code) naming the table ``code`` instead."""
    server = address.rsplit("/", 1)[0] if table_code(address) is not None else address
    return f"{server}/{grouped(code)}" if server else grouped(code)


def served_port(server: str) -> int | None:
    """The port of ``server`` (``ws://host:port``), if it names one."""
    try:
        return urlsplit(server).port
    except ValueError:
        return None


def give_back(job: concurrent.futures.Future[Seated]) -> None:
    """Close the link of a seat taken after the player left."""
    if not job.cancelled() and job.exception() is None:
        job.result().close()


def shareable(server: str) -> str:
    """``server`` as friends reach it: at a loopback address (``find_table`` names one when
    the table is hosted on this computer, and a player may type one) the server is this
    computer, which the others reach at its address on the local network, if it answers
    there. Without a network, or for a server that listens to this computer alone (``scopa
    serve`` without ``--host``), nobody else reaches it at all: ``server`` is left as it
    is. (Off the render loop: it may wait ``PROBE_SECONDS`` for an answer.)"""
    parts = urlsplit(server)
    if not parts.hostname or not is_loopback(parts.hostname):
        return server
    here = lan_address()
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    if is_loopback(here) or not answers(here, port):
        return server
    return f"{parts.scheme}://{here}" + (f":{parts.port}" if parts.port else "")


PROBE_SECONDS = 0.5
"""How long ``answers`` waits for a server to take a connection."""


def answers(host: str, port: int) -> bool:
    """Whether something takes connections at ``host``:``port``."""
    try:
        socket.create_connection((host, port), timeout=PROBE_SECONDS).close()
    except OSError:
        return False
    return True


def is_loopback(host: str) -> bool:
    """``host`` names this computer to itself alone (127.0.0.1, ::1, localhost)."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.casefold() == "localhost"
