"""The lobby: the table's seats fill up, then the match begins.

While seats are free, the address to send friends shows, with a button to copy it (not
before there is an address, nor once nobody is awaited); everyone sees the seats, who
sits where, who is ready, and how many are still awaited. When the last seat is taken
the server deals, and the table opens. Leaving gives the seat up. Meanwhile the players
may send quick messages ("Hello!") from the button beside Leave (or Q): each shows in a
bubble on its sender's row.
"""

from __future__ import annotations

import collections
import concurrent.futures
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from scopa.engine import Rules, RulesError
from scopa.engine.rules import nearest_game
from scopa.net.client import SAID_KEPT
from scopa.net.codes import AddressError, is_code, parse_address
from scopa.settings import MAX_ADDRESS, MAX_NAME
from scopa.storage import HeldSeat

from .. import style
from ..online import OnlineSession, legible, same_name, seat_name
from ..remote import (
    UNREADABLE,
    Allowance,
    RemoteCoordinator,
    SharedScreen,
    allowance_of,
    refused_as_chatty,
)
from ..table.chat import QuickMessages, Spot, fading, paint_bubble
from ..table.text import Writer
from ..toasts import ToastBand, toast_px, worded
from ..widgets import Button, Tab, TextInput, Widget, resolve
from ..wording import default_name, is_default_name, join
from .base import MenuScene
from .flow import SEPARATOR
from .online import describe_rules, table_game

if TYPE_CHECKING:
    from ..app import App

RETRIED = ("reach", "not_found")
"""The troubles joining that looking again may mend (nothing answered, no table there)."""
NOTICE_SECONDS = 10.0
"""How long the news of a damaged file of hosted tables shows (as long as a file's news)."""
RULES_SECONDS = 10.0
"""How long a friend's table, as the match begins, says the game it plays."""
TABLE_SILENT_SECONDS = 15.0
"""How long a seat taken waits for its table's first word before the lobby says the table
does not answer (a server that seats a player and sends nothing more)."""
LET_GO = "\u00d7"
"""The mark of the button beside another person here's name that lets them leave the table."""


class LobbyScene(MenuScene):
    def __init__(
        self,
        app: App,
        mode: str,
        player: str,
        seats: list[dict[str, Any]] | None = None,
        address: str = "",
        ending: HeldSeat | None = None,
        here: dict[int, str] | None = None,
        joining_here: int = 0,
        starts: bool = True,
        at: str | None = None,
    ) -> None:
        """``at``: hosting, at the server of that address (a ``scopa serve``), not this
        game's own. ``ending``: hosting, the seat held at a table hosted here whose match its host
        chose to end for good first (``OnlineSession.host``); ``here``: the seats of the
        other people at this screen, with their names; ``joining_here``: joining, how many
        other people at this screen take a seat each; ``starts``: hosting, the player
        starts the match once every seat is taken (else it begins as the last is)."""
        self.mode = mode
        self.address = address
        self.player = player
        self.at = at
        self.server = at if at is not None else server_of(address)
        self.by_code = mode == "join" and is_code(address)
        self.joining_here = joining_here
        self.session = OnlineSession(app.store, app.matches.hosted_server(), legible(app.font))
        self.copied = 0.0
        self.unanswered = 0.0
        """Seconds the seat taken has waited for its table's first word."""
        self.seat_buttons: dict[tuple[str, int], Button] = {}
        """While the table waits: "Sit here" on each free seat, and with several people
        here, a button on each of their rows choosing who moves (``_offer_seats``)."""
        self.name_fields: dict[int, TextInput] = {}
        """While the table waits: a field on the row of each other person here, to type
        their name (the game names them "Player 3" until then)."""
        self.let_go_buttons: dict[int, Button] = {}
        """While the table waits: beside each other person here's field, a button letting
        them leave the table (one who cannot stay after all)."""
        self.names_typed: dict[int, str] = {}
        """Names being typed, by seat, until the typing ends and they are sent."""
        self.names_sent: dict[int, tuple[str, str]] = {}
        """Names sent, by seat, with the name the table had for the seat then: shown until
        the table's name changes."""
        self.mover: int | None = None
        """The seat taken here that "Sit here" moves (None: this player's)."""
        self._forgotten = False
        """The address joined was forgotten, its match over."""
        self._drawn: tuple[dict[str, Any] | None, tuple[object, ...]] = ({}, ())
        """The table's frame and the rest of what the lobby showed when last drawn."""
        self.chat: QuickMessages | None = None
        """Quick messages while the table waits ("Hello!"): a button beside Leave, and what
        each seat says in a bubble on its row (None with the setting off)."""
        if app.settings.quick_messages:
            self.chat = QuickMessages(
                Writer(app.font),
                lambda: self.app.t,
                self._say,
                lambda: self.allowance,
                chime=lambda: self.app.audio.play("message"),
            )
        self.chat_spot: Spot | None = None
        self._allowance: Allowance | None = None
        self._saying: list[concurrent.futures.Future[None]] = []
        """The quick messages sent, until the server answers each."""
        self._heard: collections.deque[str] = collections.deque(maxlen=SAID_KEPT * 4)
        """The numbers of the quick messages heard here: each once, though every seat at
        this screen hears it on its own link."""
        self.bubbles_drawn: dict[int, pygame.FRect] = {}
        """Where each seat's bubble was last drawn."""
        self._owners: dict[int, object] = {}
        """Who said each bubble (``_sitters``): it shows on their row, wherever they sit."""
        self._eat_text = False
        """The quick messages took a key: the text the keyboard sends with it is theirs too
        (a Q or a digit typed into a person's name)."""
        self._chat_laid = False
        """The lobby is laid out with the quick messages' button (Leave shorter for it)."""
        super().__init__(app)
        if mode == "host":
            folder = app.store.data_dir
            self.session.host(
                folder,
                app.settings.rules,
                seats or [],
                player,
                ending=ending,
                here=here,
                starts=starts,
                at=at,
            )
        else:
            self.session.join(
                address,
                player,
                here=joining_here,
                here_name=app.t("you"),
                here_names=app.settings.online_here_names,
            )

    def build(self) -> None:
        self.copy_button = Button(self.tr("online.copy"), self.copy)
        self.retry_button = Button(self.tr("online.try_again"), self.retry, primary=True)
        self.start_button = Button(
            self.tr("online.start"),
            lambda: self.session.begin(),  # (the session of the moment: Try again makes one)
            primary=True,
            enabled=lambda: self.session.starting is None and self.session.moving is None,
        )
        self.leave_button = Button(self.tr("online.leave"), self.back)
        self.variants_button = Button(
            lambda: self.t(self._variants_key()),
            self.read_variants,
            hint=lambda: self.t(self._variants_key() + "_hint"),
            size=style.ROW_NOTE,
        )
        self.form.add(self.leave_button)

    @property
    def busy(self) -> bool:
        """Drawn again when what it shows changed with nobody touching anything (the seats
        fill up, the server's word comes): not every frame while it waits (a whole core
        under software drawing at 1920x1080)."""
        if super().busy:
            return True
        if self.chat is not None and self.chat.busy:  # a bubble fades, the list lights up
            return True
        table, state = self._drawn
        return self.session.table is not table or self._shown_state() != state

    def _shown_state(self) -> tuple[object, ...]:
        """What the lobby shows that may change without input, besides the table's frame
        (held by the reference kept in ``_drawn``: a new frame is a new object)."""
        session = self.session
        return (
            session.seated is None,
            session.error,
            self.nothing_to_show,
            self._status(),
            self.field_note(),
            tuple(self.seat_buttons),
            tuple(self.name_fields),
            self.mover,
            session.moving is None,
            session.starting is None,
            self.app.t.language,
            self.chat_on(),
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        self.copied = max(0.0, self.copied - dt)
        session = self.session
        seated = session.seated
        session.check()
        waits = session.seated is not None and session.table is None and session.error is None
        self.unanswered = self.unanswered + dt if waits else 0.0
        if self.mode == "join" and self.over and not self._forgotten:
            self._forgotten = True  # told once: the match is over, its address is not kept
            self.app.matches.forget_address(self.address)
        self._tell_set_aside()
        self._offer(self.copy_button, self.address_useful)
        self._offer(self.retry_button, self.retry_useful)
        if self._offer(self.start_button, self.startable) and not self.form.editing():
            # Enter starts the match (not while a name is typed: its Enter ends the name,
            # and the field kept its caret with its letters going nowhere)
            self.form.set_focus(self.start_button)
        self._offer_seats()
        self._offer_names()
        self._offer(self.variants_button, self._played_with() is not None)
        self.variants_button.place(self.variants_box())  # under the seats, however many
        self._tell_move_refused()
        self._hear_said(dt)
        if self.chat_on() != self._chat_laid:
            self.layout()  # the button comes (a seat taken) or goes: Leave makes room for it
        if seated is None and session.seated is not None:
            if self.app.trace is not None:
                self.app.trace(f"address {session.seated.address}")
            if session.short:  # the table had no seat left for everyone here
                words = worded("online.short_of_seats", n=session.short)
                self.app.notify(words, NOTICE_SECONDS, everywhere=True)
            if session.moved is not None:
                asked, found = session.moved
                words = worded(session.moved_key, asked=asked, found=found)
                self.app.notify(words, NOTICE_SECONDS, everywhere=True)
            address = session.seated.reached
            if len(address) <= MAX_ADDRESS and address.isprintable():
                # offered again under Play online, to come back to the table: where it was
                # found, which may not be where it was looked for
                self.app.settings = self.app.settings.with_(online_address=address)
                self.app.save_settings()
        if session.all_first and session.seated is not None and session.first is not None:
            table = session.table or {}
            seated = session.seated
            forget = partial(self.app.matches.table_over, seated.ticket.code, seated.address)
            try:
                parts = [
                    RemoteCoordinator(
                        seated.link,
                        seated.ticket,
                        table,
                        session.first,
                        address=seated.address,
                        reached=seated.reached,
                        following=session.following,
                        on_over=forget,
                        allowance=self._allowance,  # what was said here counts at the table
                    )
                ]
                for other in seated.others:
                    seat = other.ticket.seat
                    parts.append(
                        RemoteCoordinator(
                            other.link,
                            other.ticket,
                            other.link.client.table or table,
                            session.others_first[seat],
                            address=seated.address,
                            reached=seated.reached,
                            following=session.others_following.get(seat, []),
                            on_over=forget,
                        )
                    )
                # (a quick message the lobby heard on one seat's link is not heard again on
                # another; a server that seated two people here at one seat is not followed)
                coordinator = parts[0] if len(parts) == 1 else SharedScreen(parts, self._heard)
            except UNREADABLE as error:
                session.unreadable(error)
                return
            session.close(keep_link=True)
            if session.first.status == "over":  # taken back on its final sheet
                coordinator.resumed = True
            self.app.matches.open_remote(coordinator, session)
            kept = seat_name(table, seated.ticket.seat)
            if session.name_refused and kept and not same_name(kept, session.name_refused):
                # a name typed anew, past the time to change it
                self.app.notify(worded("online.name_kept", name=kept), 9.0)
            if self.mode == "join" and session.first.at == 0:
                self._tell_rules(rules_of(table), table, seated.ticket.seat)

    # --- quick messages --------------------------------------------------------------------

    def chat_on(self) -> bool:
        """Quick messages may be sent now: the setting on, a seat taken at a table that waits
        for its players, and the link up."""
        session = self.session
        seated = session.seated
        return (
            self.chat is not None
            and self.app.settings.quick_messages
            and seated is not None
            and session.error is None
            and (session.table or {}).get("status") == "waiting"
            and seated.link.client.online
        )

    @property
    def allowance(self) -> Allowance:
        """The quick messages this screen's player may still send (the table's coordinator
        counts on from it once the match begins)."""
        seated = self.session.seated
        if self._allowance is None and seated is not None:
            self._allowance = allowance_of(seated.link.client)
        return self._allowance or Allowance(1, 4.0)  # (no seat yet: the list is not open)

    def _say(self, phrase: str) -> None:
        """A quick message from this screen's player (the first seat taken here): heard back
        from the server, its bubble shows on the player's row as everyone else's."""
        seated = self.session.seated
        if seated is not None:
            self._saying.append(seated.link.submit(seated.link.client.say(phrase)))

    def _hear_said(self, dt: float) -> None:
        """What the seats said: each in a bubble on its row, a friend's with a chime (taken
        off the links with the setting off too: the table does not show them late)."""
        seated = self.session.seated
        if seated is None or (self.session.table or {}).get("status") != "waiting":
            if self.chat is not None:
                self.chat.open = False
            return  # (once the match is dealt, what is said is the table's to show)
        heard = []
        for link in [seated.link, *(other.link for other in seated.others)]:
            for said in link.client.take_said():
                if said.number not in self._heard:
                    self._heard.append(said.number)
                    heard.append(said)
        chat = self.chat
        if chat is None:
            return
        seats = len((self.session.table or {}).get("seats", ()))
        if self.app.settings.quick_messages:
            here, sitters = self.here_seats, self._sitters()
            for said in heard:
                if said.seat < seats:
                    chat.hear(said.seat, said.phrase, chime=said.seat not in here)
                    self._owners[said.seat] = sitters.get(said.seat)
        else:
            chat.bubbles.clear()
        self._follow_seats(chat)
        chat.update(dt)
        if not self.chat_on():
            chat.open = False
            chat.pointer = (-1, -1)  # (the button is not lit when it comes back)
        if refused_as_chatty(self._saying):  # too soon for the server: no bubble comes
            self.allowance.drain()
            self.tell_here(worded("chat.wait"))

    def _sitters(self) -> dict[int, object]:
        """Who sits in each seat taken: a person at this screen as themselves (their name
        may follow the seat's number), a friend by their name."""
        seated = self.session.seated
        here = {}
        if seated is not None:
            here = {person.ticket.seat: person for person in (seated, *seated.others)}
        return {
            int(info.get("seat", 0)): here.get(int(info.get("seat", 0)), str(info.get("name")))
            for info in (self.session.table or {}).get("seats", [])
            if info.get("taken")
        }

    def _follow_seats(self, chat: QuickMessages) -> None:
        """A bubble goes with the player who said it, to the seat they moved to ("Sit
        here"); it shows on no one else's row (one who took a seat left meanwhile)."""
        for seat in [seat for seat in self._owners if seat not in chat.bubbles]:
            del self._owners[seat]
        sitters = self._sitters()
        for seat, owner in list(self._owners.items()):
            if owner is None and seat in sitters:  # heard before the seat showed taken
                self._owners[seat] = sitters[seat]
                continue
            if sitters.get(seat) is owner or sitters.get(seat) == owner:
                continue
            found = [n for n, who in sitters.items() if who is owner or who == owner]
            if len(found) == 1 and found[0] not in chat.bubbles:
                chat.bubbles[found[0]] = chat.bubbles.pop(seat)
                self._owners[found[0]] = self._owners.pop(seat)

    def _said_here(self, seat: int, sitters: dict[int, object] | None = None) -> bool:
        """The bubble of ``seat`` is its sitter's (not one who left it, nor on the way);
        ``sitters``: ``_sitters()``, worked out already."""
        sitter = (self._sitters() if sitters is None else sitters).get(seat)
        owner = self._owners.get(seat)
        return sitter is not None and (sitter is owner or sitter == owner)

    def _chat_handled(self, event: pygame.event.Event) -> bool:
        """The quick messages' button, Q and their open list, before the screen's own
        controls; Q is a letter while a name is typed."""
        chat, spot = self.chat, self.chat_spot
        if event.type == pygame.TEXTINPUT and self._eat_text:
            self._eat_text = False  # the letter or digit of a key the list took
            return True
        if event.type == pygame.KEYDOWN:
            self._eat_text = False
        if chat is None or spot is None or not self.chat_on():
            return False
        if event.type == pygame.TEXTINPUT and chat.open:
            return True
        if event.type == pygame.KEYDOWN and not chat.open and self.form.editing():
            return False
        if not chat.handle(event, spot):
            return False
        if event.type == pygame.KEYDOWN:
            self._eat_text = True
        if chat.open and self.form.editing():
            self.form.stop_editing()  # the list has the keys now: the name typed goes
        return True

    def _draw_bubble(self, surface: pygame.Surface, row: pygame.Rect, left: float, right: float,
                     seat: int) -> None:  # fmt: skip
        """What ``seat`` said, in a bubble on its row between ``left`` (after its name) and
        ``right`` (before its state), its tail towards the name."""
        chat = self.chat
        bubble = None if chat is None else chat.bubbles.get(seat)
        if chat is None or bubble is None:
            return
        m = self.m
        words = chat.words(bubble.phrase)
        pen = m.pen("ui_bold", style.SMALL, style.INK)
        pad, tail = m.px(0.016), m.px(0.016)
        height = min(row.h * 0.84, style.line_height(pen) + pad)
        wanted = style.natural_width(words, pen) + 2 * pad
        if right - left - tail < wanted:  # a long name (at six): over the seat's state
            right = max(right, row.right - (self.row_buttons_w(seat) + m.px(style.SPACE_S)))
        width = min(wanted, right - left - tail)
        body = pygame.FRect(left + tail, row.centery - height / 2, width, height)
        spot = self.chat_spot
        if chat.open and spot is not None:  # clear of the open list, by the seat's state
            area, _ = chat.panel(spot)
            if body.colliderect(area) and right - width >= area.right:
                body.right = right
        point = (
            (body.left + 1, row.centery - height * 0.2),
            (body.left + 1, row.centery + height * 0.2),
            (body.left - tail, row.centery),
        )
        edge = max(1, round(m.px(0.003)))
        paint_bubble(surface, body, point, words, pen, edge, fading(bubble.age))
        self.bubbles_drawn[seat] = body

    def _offer_seats(self) -> None:
        """While the table waits for its players, a free seat may be taken instead of one's
        own (to sit beside a partner, say): "Sit here" on each free seat's row; with several
        people at this screen, a button on each of their rows chooses who moves."""
        session = self.session
        table = session.table or {}
        wanted: list[tuple[str, int]] = []
        if session.seated is not None and table.get("status") == "waiting":
            here = sorted(self.here_seats)
            free = [  # (a seat here the table's word, come behind, still calls free: not)
                int(info["seat"])
                for info in table.get("seats", [])
                if info.get("kind") == "human"
                and not info.get("taken")
                and int(info["seat"]) not in here
            ]
            if free:
                wanted = [("sit", n) for n in free]
                if len(here) > 1:
                    wanted += [("mover", n) for n in here]
            if self.host_seat == session.seated.ticket.seat:  # the host may free a seat,
                # seat a computer in a free one (a friend who cannot come), or free a
                # computer's for a friend who can
                for info in table.get("seats", []):
                    number = int(info["seat"])
                    if info.get("kind") == "computer":
                        wanted.append(("free", number))
                    elif number in here:
                        continue
                    elif info.get("taken"):
                        wanted.append(("remove", number))
                    else:
                        wanted.append(("computer", number))
            if self.mover not in here and session.moving is None:
                self.mover = None  # (one on the way to the seat chosen is still chosen)
        for key in [key for key in self.seat_buttons if key not in wanted]:
            self.form.remove(self.seat_buttons.pop(key))
        for key in wanted:
            if key not in self.seat_buttons:
                button = self.seat_buttons[key] = self._seat_button(*key)
                self.form.add(button)
        rows = [int(info.get("seat", 0)) for info in table.get("seats", [])]
        for (kind, number), button in self.seat_buttons.items():
            if number in rows:  # a computer offered beside Sit here, to its left
                slot = int(kind == "computer" and ("sit", number) in self.seat_buttons)
                button.place(self.seat_button_box(rows.index(number), slot))

    def _offer_names(self) -> None:
        """While the table waits for its players, the other people at this screen can be
        given their names (typed on their rows)."""
        session = self.session
        table = session.table or {}
        seated = session.seated
        wanted: list[int] = []
        if seated is not None and table.get("status") == "waiting":
            wanted = sorted(other.ticket.seat for other in seated.others)
        for seat in [seat for seat in self.name_fields if seat not in wanted]:
            field = self.name_fields.pop(seat)
            if field.editing:
                self._send_name(seat)
            self.form.remove(field)
            self.form.remove(self.let_go_buttons.pop(seat))
        for seat in wanted:
            if seat not in self.name_fields:
                field = self.name_fields[seat] = TextInput(
                    partial(self.name_shown, seat),
                    partial(self.names_typed.__setitem__, seat),
                    max_length=MAX_NAME,
                    given=partial(self._name_given, seat),
                    keep=self.writable,
                    full=self.name_full,
                    done=partial(self._send_name, seat),
                    hint=self.tr("online.name_here_hint"),
                )
                self.form.add(field)
                go = self.let_go_buttons[seat] = Button(
                    LET_GO,
                    partial(self.ask_let_go, seat),
                    hint=self.tr("online.let_go_hint"),
                    enabled=self._not_moving,
                    size=style.ROW_NOTE,
                )
                self.form.add(go)
        rows = [int(info.get("seat", 0)) for info in table.get("seats", [])]
        for seat, field in self.name_fields.items():
            if seat in rows:
                field.place(self.name_field_box(rows.index(seat), seat))
                box = field.rect
                gap = self.m.px(style.SPACE_S)
                side = box.h
                self.let_go_buttons[seat].place(pygame.Rect(box.right + gap, box.top, side, side))
        for seat, (was, typed) in list(self.names_sent.items()):
            taken = self._table_name(seat)
            if taken != was:
                del self.names_sent[seat]  # the table took the name
                if taken != typed:  # someone goes by it already: numbered, and said so
                    self.tell_here(worded("online.name_numbered", typed=typed, name=taken))

    def _table_name(self, seat: int) -> str:
        return seat_name(self.session.table, seat)

    def name_shown(self, seat: int) -> str:
        """The name in a person's field: as typed, as sent, or as the table has it (the
        game's own in this player's language)."""
        if seat in self.names_typed:
            return self.names_typed[seat]
        if seat in self.names_sent:
            return self.names_sent[seat][1]
        name = self._table_name(seat)
        if is_default_name(name, seat):
            return default_name(self.t, seat, human=True, alone=False)
        return name

    def _name_given(self, seat: int) -> bool:
        """The field holds the name the game gave (typing replaces it)."""
        return (
            seat not in self.names_typed
            and seat not in self.names_sent
            and is_default_name(self._table_name(seat), seat)
        )

    def _send_name(self, seat: int) -> None:
        """The typing of a person's name ended: the table is told it, if it changed."""
        typed = " ".join(self.names_typed.pop(seat, "").split())
        seated = self.session.seated
        if not typed or typed == self.name_shown(seat) or seated is None:
            return
        players = len((self.session.table or {}).get("seats", []))
        if any(is_default_name(typed, other) for other in range(players) if other != seat):
            # "Giocatore 5" typed for seat 3: every window would show two of them
            self.tell_here(worded("online.name_of_a_seat"))
            return
        who = next((o for o in seated.others if o.ticket.seat == seat), None)
        if who is not None:
            self.names_sent[seat] = (self._table_name(seat), typed)
            self.session.rename(who, typed)
            # kept for the next table, hosted or joined: the same people sit here
            number = seated.others.index(who)
            named = list(self.app.settings.online_here_names)
            named += [""] * (number + 1 - len(named))
            named[number] = typed[:MAX_NAME]
            self.app.settings = self.app.settings.with_(online_here_names=tuple(named))
            self.app.save_settings()

    def handle(self, event: pygame.event.Event) -> bool:
        used = self._chat_handled(event) or super().handle(event)
        for seat, field in list(self.name_fields.items()):
            if seat in self.names_typed and not field.editing:
                self._send_name(seat)  # typing ended (Esc, a click elsewhere): the name goes
        return used

    def name_field_box(self, row: int, seat: int) -> pygame.Rect:
        """Where a person's name field stands in their row (after its number)."""
        m, line = self.m, self.seat_row(row)
        width = min(m.px(0.42), line.w * 0.7 - self.row_buttons_w(seat) - m.px(0.2))
        return pygame.Rect(line.left + m.px(0.07), line.top + 3, width, line.h - 6)

    def seat_row(self, row: int) -> pygame.Rect:
        """The row of the list of seats at place ``row``: its number, name, state and
        button."""
        line = self.m.px(0.06)
        return pygame.Rect(
            self.seats_box.left, self.seats_box.top + row * line, self.seats_box.w, line
        )

    def _seat_button(self, kind: str, number: int) -> Button:
        idle = self._not_moving
        buttons = {  # kind: its words, what it does to seat ``number``, its hint
            # a stranger with the code, or partners to seat apart
            "remove": ("online.remove", partial(self.ask_remove, number), "online.remove_hint"),
            # a friend who cannot come, or who can after all
            "computer": (
                "online.seat_computer",
                partial(self._seat_kind, number, True),
                "online.seat_computer_hint",
            ),
            "free": (
                "online.remove",
                partial(self._seat_kind, number, False),
                "online.free_computer_hint",
            ),
            "sit": ("online.sit_here", partial(self.sit, number), "online.sit_here_hint"),
        }
        if kind in buttons:
            words, action, hint = buttons[kind]
            return Button(
                self.tr(words), action, hint=self.tr(hint), enabled=idle, size=style.ROW_NOTE
            )
        return Tab(
            lambda: self.t("online.moves" if self.moving_seat == number else "online.who_moves"),
            partial(self._choose_mover, number),
            lambda: self.moving_seat == number,
            hint=self.tr("online.who_moves_hint"),
            enabled=idle,
            size=style.ROW_NOTE,
            marked=False,  # its words say it is chosen; under it lies the next seat's row
        )

    def ask_let_go(self, seat: int) -> None:
        """Another person here leaves the table, once sure (they sit again only by leaving
        the lobby and joining together)."""
        name = self.name_shown(seat)
        hosting = self.mode == "host"  # the host's Leave closes the table: no way back there
        self.app.open(
            "confirm",
            question=self.tr("online.let_go_question", name=name),
            detail=self.tr("online.let_go_detail_host" if hosting else "online.let_go_detail"),
            on_yes=partial(self._let_go, seat),
            yes=self.tr("online.let_go"),
            no=self.tr("back"),
        )

    def _let_go(self, seat: int) -> None:
        seated = self.session.seated
        who = (
            None
            if seated is None
            else next((other for other in seated.others if other.ticket.seat == seat), None)
        )
        if who is None:  # gone meanwhile (the host took them off, the match began)
            return
        name = self.name_shown(seat)
        self.names_typed.pop(seat, None)
        self.names_sent.pop(seat, None)
        number = seated.others.index(who)
        self.session.let_go(who)
        self.tell_here(worded("online.here_let_go", name=name))
        # one fewer here from now on: coming back to the table (or the next one) seats no
        # one for them, and says nothing of a seat missing for them
        settings = self.app.settings
        names = [*settings.online_here_names]
        del names[number : number + 1]
        self.app.settings = settings.with_(
            online_here=max(0, settings.online_here - 1), online_here_names=tuple(names)
        )
        self.app.save_settings()

    def ask_remove(self, seat: int) -> None:
        """The host frees a friend's seat, once sure: the button stands where "Sit here"
        stood a moment ago, and the friend would be left to join again."""
        info = self._seat_info(seat)
        name = self._table_name(seat)
        who = (
            default_name(self.t, seat, human=True, alone=False)
            if is_default_name(name, seat)
            else name
        )
        self.app.open(
            "confirm",
            question=self.tr("online.remove_question", name=who),
            detail=self.tr("online.remove_detail"),
            on_yes=partial(self._remove, seat, name if info.get("taken") else None),
            yes=self.tr("online.remove"),
            no=self.tr("back"),
        )

    def _remove(self, seat: int, name: str | None) -> None:
        """Free ``seat`` if ``name`` still sits there (the table went on while the host
        was asked: that player may have moved, and another sat down)."""
        info = self._seat_info(seat)
        if name is None or not info.get("taken") or self._table_name(seat) != name:
            self.tell_here(worded("online.not_removed"))
            return
        self.session.remove(seat)

    def _seat_kind(self, seat: int, computer: bool) -> None:
        """A computer in the free ``seat`` at the level Play uses (``computer``), or the
        computer's ``seat`` free for a friend."""
        self.session.seat_kind(seat, computer, self.app.settings.opponent_level or "expert")

    def _seat_info(self, seat: int) -> dict[str, Any]:
        """What the table's frame says of ``seat`` (nothing before it came)."""
        seats = (self.session.table or {}).get("seats", [])
        return next((info for info in seats if info.get("seat") == seat), {})

    def _not_moving(self) -> bool:
        return self.session.moving is None

    def _choose_mover(self, seat: int) -> None:
        self.mover = seat

    @property
    def moving_seat(self) -> int | None:
        """The seat taken here that "Sit here" moves: the one chosen, else this player's."""
        seated = self.session.seated
        if self.mover is not None or seated is None:
            return self.mover
        return seated.ticket.seat

    def sit(self, seat: int) -> None:
        """Move the seat chosen here (``moving_seat``) to the free ``seat``."""
        seated, mover = self.session.seated, self.moving_seat
        if seated is None:
            return
        who = next((s for s in (seated, *seated.others) if s.ticket.seat == mover), seated)
        if self.mover is not None:
            self.mover = seat  # the choice follows the person to their new seat
        name = self._table_name(who.ticket.seat)
        # a name the game gave by the seat's number ("Player 3") follows the number
        renamed = self.t("player_n", n=seat + 1) if is_default_name(name, who.ticket.seat) else None
        self.session.move_seat(who, seat, renamed)

    @property
    def full(self) -> bool:
        """Every seat is taken; the match waits for its host to start it."""
        table = self.session.table or {}
        seats = table.get("seats", [])
        return table.get("status") == "waiting" and bool(seats) and self.awaited == 0

    @property
    def host_seat(self) -> int | None:
        """The seat whose player starts the match, while it waits for them."""
        seats = (self.session.table or {}).get("seats", [])
        return next((int(info["seat"]) for info in seats if info.get("starts")), None)

    @property
    def startable(self) -> bool:
        """The table is full and this screen's player starts the match: Start shows."""
        seated = self.session.seated
        return seated is not None and self.full and self.host_seat == seated.ticket.seat

    def _tell_move_refused(self) -> None:
        """The server would not move a seat (the seat went meanwhile, or the match began),
        or start the match."""
        # said on the line beside Leave, where the seats' buttons are explained: a toast
        # went over the lobby's heading at 960x540
        started, self.session.start_refused = self.session.start_refused, ""
        if started:
            self.tell_here(worded("online.not_started"))
        session = self.session
        code, session.move_refused = session.move_refused, ""
        if code:
            key = {"seat_taken": "online.seat_gone", "begun": "online.seats_fixed"}
            self.tell_here(worded(key.get(code, "online.seat_not_moved")))
        code, session.rename_refused = session.rename_refused, ""
        if code:
            key = {"begun": "online.seats_fixed"}
            self.tell_here(worded(key.get(code, "online.name_not_changed")))
        code, session.seat_kind_refused = session.seat_kind_refused, ""
        if code:  # a friend sat there meanwhile, or the match began
            key = {"seat_taken": "online.computer_not_seated", "begun": "online.seats_fixed"}
            self.tell_here(worded(key.get(code, "online.seat_not_moved")))
        code, session.remove_refused = session.remove_refused, ""
        if code:  # the friend moved or left meanwhile ("bad_message": nobody sits there)
            key = {"begun": "online.seats_fixed", "internal": "online.remove_failed"}
            self.tell_here(worded(key.get(code, "online.not_removed")))
        gone, session.others_removed = session.others_removed, []
        for seat, name in gone:  # a person here the host took off the table
            self.names_typed.pop(seat, None)
            self.names_sent.pop(seat, None)
            if is_default_name(name, seat):
                words = worded("online.here_removed_seat", n=seat + 1)
            else:
                words = worded("online.here_removed", name=name)
            self.tell_here(words)

    def seat_button_box(self, row: int, slot: int = 0) -> pygame.Rect:
        """Where a seat's button stands in its row (``row``: its place in the list; ``slot``:
        0 at the row's right end, 1 beside it to the left): its shadow falls within the row,
        not across the next row's button."""
        line, width = self.seat_row(row), self.m.px(0.26)
        below = style.button_reach(self.m)
        right = line.right - slot * (width + self.m.px(style.SPACE_S))
        return pygame.Rect(right - width, line.top + 2, width, line.h - 2 - below)

    def row_buttons_w(self, seat: int) -> int:
        """The room kept for ``seat``'s buttons at the right of its row, once any row has
        one: a button's, or more where the row has more (Computer beside Sit here). Its
        name (or name field, and "(here)") and its state stand before them."""
        if not self.seat_buttons:
            return 0
        own = sum(1 for _, number in self.seat_buttons if number == seat)
        return self._buttons_w(max(1, own))

    def _buttons_w(self, slots: int) -> int:
        return slots * self.m.px(0.26) + max(0, slots - 1) * self.m.px(style.SPACE_S)

    def _tell_rules(self, rules: Rules | None, table: dict[str, Any], seat: int) -> None:
        """A friend who takes the last seat goes straight to the table, past the lobby's
        word of the game: the table says it as the match begins, as the lobby does, and
        at a table in teams who plays on the friend's side (``seat``)."""
        if rules is None:
            return
        app, known = self.app, rules
        partners: list[tuple[int, str]] = []
        if rules.partners:
            side = rules.side_of(seat)
            for info in table.get("seats", []):
                number = info.get("seat")
                if (
                    isinstance(number, int)
                    and number != seat
                    and 0 <= number < rules.players
                    and rules.side_of(number) == side
                ):
                    partners.append((number, str(info.get("name") or "")))

        def words(t: Callable[..., str]) -> str:
            game = describe_rules(app, known)
            if partners:  # a name the game gave is said as the table says it ("Player 1")
                names = [
                    default_name(t, n, human=True, alone=False)
                    if is_default_name(name, n)
                    else name
                    for n, name in partners
                ]
                return t("online.table_plays_partners", rules=game, names=join(t, names))
            return t("online.table_plays", rules=game)

        app.notify(words, RULES_SECONDS)

    @property
    def over(self) -> bool:
        """Joining was told the match at the table is over, or ended by its host (the seat
        kept there, or a free one asked for)."""
        session = self.session
        return session.error_kind == "over" or session.error_code in ("over", "ended", "closed")

    def _tell_set_aside(self) -> None:
        """The file of the tables hosted here was damaged: the player hears where it is kept
        (whatever screen they go on to)."""
        kept, self.session.set_aside = self.session.set_aside, None
        if kept is not None:
            words = worded("online.hosted_set_aside", backup=kept.name, folder=str(kept.parent))
            self.app.notify(words, NOTICE_SECONDS, everywhere=True)

    @property
    def awaited(self) -> int:
        """Seats still free at the table (0 before the server said)."""
        table = self.session.table or {}
        return sum(1 for seat in table.get("seats", []) if not seat.get("taken"))

    @property
    def hosts_friends(self) -> bool:  # type: ignore[override]
        """This game hosts the table and a friend has taken a seat at it."""
        seated = self.session.seated
        if self.mode != "host" or seated is None:
            return False
        here = self.here_seats
        seats = (self.session.table or {}).get("seats", [])
        return any(
            info.get("kind") != "computer" and info.get("taken") and info.get("seat") not in here
            for info in seats
        )

    @property
    def here_seats(self) -> set[int]:
        """The seats taken at this screen: this player's, and the other people's here."""
        seated = self.session.seated
        if seated is None:
            return set()
        return {seated.ticket.seat, *(other.ticket.seat for other in seated.others)}

    @property
    def address_useful(self) -> bool:
        """There is an address, and a friend still to send it to."""
        return self.session.seated is not None and self.awaited > 0

    def _offer(self, button: Button, useful: bool) -> bool:
        """``button`` shows only while it is ``useful`` (Copy: an address worth sending;
        Try again: a table not found; Start: everyone here); True when it comes."""
        shown = button in self.form.widgets
        if useful and not shown:
            self.form.widgets.insert(0, button)
            return True
        if shown and not useful:
            self.form.remove(button)
        return False

    @property
    def retry_useful(self) -> bool:
        """Joining found nobody at the address or the code: the friend's game may still be
        starting, or the network coming back, so looking again may find the table."""
        return self.mode == "join" and self.session.error_kind in RETRIED

    def retry(self) -> None:
        """Look for the table again, where it was looked for first."""
        self.form.remove(self.retry_button)
        self.session.close()
        self.session = OnlineSession(
            self.app.store, self.app.matches.hosted_server(), legible(self.app.font)
        )
        self.session.join(
            self.address,
            self.player,
            here=self.joining_here,
            here_name=self.t("you"),
            here_names=self.app.settings.online_here_names,
        )

    def copy(self) -> None:
        if self.session.seated is None:
            return
        try:
            pygame.scrap.put_text(self.session.seated.address)
            self.copied = 2.0
        except (pygame.error, AttributeError):
            self.copied = 0.0

    def back(self) -> None:
        """Leave the lobby; a host whose friends sit there is asked first (the table closes
        for them)."""
        if self.hosts_friends:
            self.app.open(
                "confirm",
                question=self.tr("online.close_table_question"),
                detail=self.tr("online.close_table_detail"),
                on_yes=self._leave,
                yes=self.tr("online.close_table"),
                no=self.tr("back"),
            )
            return
        self._leave()

    def _leave(self) -> None:
        self._give_up_hosted()
        self.session.stop_server()
        self.session.close()
        if self.app.stack.top is self:
            self.app.back()

    def _give_up_hosted(self) -> None:
        """A table hosted here whose match has not begun is given up when its host leaves
        the lobby: its seat is not kept as one at a match under way (``waiting_table``),
        and the table is closed, the friends waiting there told."""
        seated = self.session.seated
        status = (self.session.table or {}).get("status")
        begun = status != "waiting" if status is not None else self.mode != "host"
        if seated is None or begun:
            return
        code = seated.ticket.code
        if any(held.code == code and held.hosted for held in self.app.store.load_seats()):
            self.app.store.drop_seat(code)
            self.session.close_hosted(code, seated.ticket.seat)

    def layout(self) -> None:
        m = self.m
        inner = self.place_sheet(1.5, 0.94, 0.1, 0.05)
        row_h, gap = m.px(0.075), m.px(style.SPACE_M)
        self.inner = inner
        self.address_box = pygame.Rect(
            inner.left, self.heading_box.bottom + gap, inner.w, m.px(0.14)
        )
        button_w = m.px(0.34)
        self.copy_button.place(
            pygame.Rect(inner.right - button_w, self.address_box.bottom, button_w, row_h)
        )
        self.rules_box = pygame.Rect(
            inner.left, self.address_box.bottom, inner.w - button_w - gap, row_h
        )
        self.seats_box = pygame.Rect(inner.left, self.address_box.bottom + row_h + gap, inner.w, 0)
        self.seats_box.h = inner.bottom - row_h - gap - self.seats_box.top
        self.leave_button.place(pygame.Rect(inner.left, inner.bottom - row_h, button_w, row_h))
        # across from Leave: trouble is said in the middle, so the bottom line is free
        for button in (self.retry_button, self.start_button):  # never both
            button.place(pygame.Rect(inner.right - button_w, inner.bottom - row_h, button_w, row_h))
        self.status_box = pygame.Rect(
            inner.left + button_w + gap, inner.bottom - row_h, inner.w - button_w - gap, row_h
        )
        self._chat_laid = self.chat_on()
        if self.chat is not None and self._chat_laid:  # the quick messages' button, at Leave's end
            # (Leave shorter for it: the line between keeps its room for what it says)
            leave = self.leave_button.rect
            square = pygame.FRect(leave.right - row_h, leave.top, row_h, row_h)
            leave.w -= row_h + gap
            self.leave_button.place(leave)
            self.chat_spot = Spot(
                self.app.size, m.px(style.SPACE_XL), m.text_px(style.SMALL), square, True
            )

    def toast_band(self) -> ToastBand | None:
        """Beside the heading; one too long for it (no seat left for someone here) under
        the list of seats, over none of them nor the table's address."""
        gap = self.m.px(style.SPACE_S)
        below = self.seat_row(len((self.session.table or {}).get("seats", ()))).top + gap
        variants = self._played_with()
        if variants is not None:  # under the table's variants, said under the seats,
            words, box = variants  # where two lines of a toast fit above the buttons
            pen = self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
            under = box.top + style.fit(words, pen, box.w, box.h, lines=0).height + gap
            if under + 4 * toast_px(self.app.size[1]) <= self.leave_button.rect.top:
                below = under
        return self.beside_heading(self.t("online.lobby"), below)

    def _status(self) -> tuple[str, style.Color]:
        t, session = self.t, self.session
        if session.error is not None:
            return self._trouble(), style.LACQUER
        if session.seated is None:
            if self.mode == "host":
                return t("online.starting"), style.INK_SOFT
            if self.by_code:
                return t("online.looking"), style.INK_SOFT
            return t("online.connecting", server=self.server), style.INK_SOFT
        client = session.seated.link.client
        if not client.online:  # it tries to get back while the lobby is up
            key = "online.host_closed_lobby" if client.server_left else "online.reconnecting"
            return t(key), style.LACQUER
        if session.table is None:  # seated: the table's first word is on its way, or never came
            if self.unanswered >= TABLE_SILENT_SECONDS:
                return t("online.table_silent"), style.LACQUER
            return t("online.table_awaited"), style.INK_SOFT
        if self.copied > 0:
            return t("online.copied"), style.INK
        if self.full and self.host_seat is not None:  # everyone here: the host starts
            seats = (session.table or {}).get("seats", [])
            gone = [info for info in seats if info.get("kind") != "computer"
                    and info.get("taken") and not info.get("connected")]  # fmt: skip
            if gone:  # "everyone is here" over a seat marked away, and Start dealt to it
                names = join(self.app.t, [self.seat_words(info)[0] for info in gone])
                key = "online.all_taken_away_start" if self.startable else "online.all_taken_away"
                return t(key + ("_many" if len(gone) > 1 else ""), names=names), style.LACQUER
            if self.startable:
                return t("online.all_here_start"), style.INK
            # the host as these seats have them: the table's word, come between two reads,
            # had them elsewhere, and the lobby fell over looking (none: the table moved on,
            # as what follows reads it)
            host = next((info for info in seats if info.get("starts")), None)
            if host is not None:
                return t("online.all_here", name=self.seat_words(host)[0]), style.INK
        free = self.awaited
        if free == 0:  # the match began: the table opens once every seat here has its deal
            return t("online.match_begins"), style.INK
        if free == 1:
            return t("online.waiting_1"), style.INK
        return t("online.waiting", n=free), style.INK

    def _trouble(self) -> str:
        """What went wrong, in the player's words (the English details are for logs)."""
        t, session = self.t, self.session
        kind = session.error_kind
        if kind == "address":
            return t("online.bad_address")
        if kind == "not_found":
            return t("online.not_found")
        if kind == "two_answers":
            return t("online.two_answers")
        if kind == "lost":
            return t("online.hosted_table_lost")
        if kind == "gone":
            return t("online.hosted_table_gone")
        if kind == "unreadable":
            return t("online.unreadable")
        if kind == "over" or session.error_code == "over":
            return t("online.match_over")
        if kind == "refused" and session.error_code == "closed":  # nothing was refused: the
            return t("online.closed_by_host")  # host closed the table before its match began
        if kind == "refused" and session.error_code == "ended":  # or ended its match
            return t("online.ended_by_host")
        if kind == "refused" and session.error_code == "removed":
            return t("online.removed_by_host")
        if kind == "refused" and session.error_code == "taken_elsewhere":
            return t("online.seat_taken_elsewhere")
        if kind == "refused":
            code = session.error_code if session.error_code in REFUSALS else "other"
            return t("online.refused", reason=t(f"online.error.{code}"))
        if kind == "untrusted":
            return t("online.untrusted", server=self.server)
        if kind in ("scheme_ws", "scheme_wss"):  # typed ws:// for a TLS server, or the reverse
            return t(f"online.{kind}", server=self.server)
        if kind == "store":
            return t("online.hosted_unusable", folder=str(self.app.store.data_dir))
        if self.mode == "host" and self.at is None:
            return t("online.cannot_host")
        if self.by_code:
            return t("online.cannot_reach_code")
        return t("online.cannot_reach", server=self.server)

    def draw_content(self, surface: pygame.Surface) -> None:
        self._drawn = (self.session.table, self._shown_state())
        self.bubbles_drawn = {}
        m = self.m
        self.draw_sheet(surface, self.t("online.lobby"))
        session = self.session
        note = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        big = m.pen("ui_bold", style.SUBHEADING, style.INK)
        if session.seated is not None:  # full, in softer type: nobody is awaited
            useful = self.address_useful
            top = pygame.Rect(self.address_box.left, self.address_box.top, self.address_box.w,
                              self.address_box.h // 3)  # fmt: skip
            full = "online.address_full" if session.table is not None else "online.address_of_table"
            label = self.t("online.send" if useful else full)
            style.text(surface, label, note, top, align="center")
            rest = self.address_box.copy()
            rest.top, rest.h = top.bottom, self.address_box.h - top.h
            if not useful:
                big = m.pen("ui_bold", style.SUBHEADING, style.INK_SOFT)
            style.text(surface, session.seated.address, big, rest, align="center", lines=2)
        table = session.table or {}
        seats = table.get("seats", [])
        if self.nothing_to_show:  # still looking for the table, or it could not be joined
            words, colour = self._status()
            middle = self.address_box.union(self.seats_box).inflate(-m.px(0.08), 0)
            pen = m.pen("ui_bold", style.SUBHEADING, colour)
            style.text(surface, words, pen, middle, align="center", lines=0)
            return
        rules = rules_of(table)
        if rules is not None:
            line = describe_rules(self.app, rules, variants=False)
            style.text(surface, line, note, self.rules_box, lines=2)
        pen = m.pen("ui_bold", style.ROW_TITLE, style.INK)
        soft = m.pen("ui", style.ROW_TITLE, style.INK_SOFT)
        partners = rules is not None and rules.partners
        sitters = self._sitters()
        for place, info in enumerate(seats):
            row = self.seat_row(place)
            number = int(info.get("seat", 0))
            who, state = self.seat_words(info)
            label = pygame.Rect(row.left, row.top, row.w * 0.7, row.h)
            if partners and rules is not None:  # partners share a colour, as at the table
                side = rules.side_of(number)
                band = pygame.Rect(row.left, row.top + row.h * 0.2, m.px(0.008), row.h * 0.6)
                pygame.draw.rect(surface, style.side_colour(side), band, border_radius=2)
                label.left += m.px(0.02)
                label.w -= m.px(0.02)
                team = self.t("online.team", n=side + 1)
                state = SEPARATOR.join([team, state]) if state else team
            label.w -= self.row_buttons_w(number)  # room for the row's buttons, at the right
            field = self.name_fields.get(number)
            if field is not None:  # the number, the field and its button, then "(here)"
                style.text(surface, f"{number + 1}.", pen, label)
                after = label.copy()
                go = self.let_go_buttons.get(number)
                after.left = (go or field).rect.right + m.px(style.SPACE_S)
                after.w = label.right - after.left
                here = f"({self.t('online.here')})"
                style.text(surface, here, soft, after)
                said_from = after.left + min(style.natural_width(here, soft), after.w)
            else:
                named = f"{number + 1}.  {who}"
                style.text(surface, named, pen, label)
                said_from = label.left + min(style.natural_width(named, pen), label.w)
            mark = pygame.Rect(row.left + row.w * 0.7, row.top, row.w * 0.3, row.h)
            if self.seat_buttons:
                gap = m.px(style.SPACE_S)
                mark.w = row.w * 0.3
                mark.right = row.right - self.row_buttons_w(number) - gap
            style.text(surface, state, soft, mark, align="right")
            if self.chat_on() and self._said_here(number, sitters):  # what the seat said,
                # between its name and its state (not on a seat left since: its player moved,
                # or went)
                gap = m.px(style.SPACE_S)
                said_to = mark.right - style.natural_width(state, soft) - gap
                self._draw_bubble(surface, row, said_from + gap, said_to, number)
        variants = self._played_with()
        if variants is not None:  # the variants, under the seats: wrapped over the room left
            words, box = variants
            style.text(surface, words, note, box, valign="top", lines=0)

    def _played_with(self) -> tuple[str, pygame.Rect] | None:
        """The table's variants, said under its seats, and the room they are given there,
        short of the button that explains them at its right (None: none, or no table
        yet)."""
        table = self.session.table or {}
        rules = rules_of(table)
        if rules is None:
            return None
        game, changes = table_game(self.app, rules)
        if changes:
            words = self.t("online.played_with", changes=", ".join(changes))
        elif nearest_game(rules)[0] != "classic":  # a game of its own: "Scopa di quindici"
            # was named above the seats, and a friend who did not know it learnt it dealt
            words = self.t("online.played_game", game=game)
        else:
            return None
        box = self.seats_box.copy()
        box.top = self.seat_row(len(table.get("seats", []))).top + self.m.px(style.SPACE_S)
        box.h = self.seats_box.bottom - box.top
        box.w -= self._buttons_w(1) + self.m.px(style.SPACE_M)
        return words, box

    def variants_box(self) -> pygame.Rect:
        """Where the button that explains the table's variants stands: at the right of the
        line that names them, as a seat's button stands in its row."""
        rows = len((self.session.table or {}).get("seats", []))
        line = self.seat_row(rows)
        width, height = self._buttons_w(1), line.h - 2 - style.button_reach(self.m)
        words = style.line_height(self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT))
        middle = line.top + self.m.px(style.SPACE_S) + words // 2  # of the names' first line
        return pygame.Rect(line.right - width, middle - height // 2, width, height)

    def _variants_key(self) -> str:
        """The variants button's words: what the variants change, or what the game does."""
        rules = rules_of(self.session.table or {})
        many = rules is None or bool(table_game(self.app, rules)[1])
        return "online.variants" if many else "online.variant_game"

    def read_variants(self) -> None:
        """The rules' book of the table's game, opened at the page of what its variants
        change, each with what it does (a friend joining knew "Napola" by its name only)."""
        rules = rules_of(self.session.table or {})
        if rules is not None:
            self.app.open("rules", rules=rules)

    def seat_words(self, info: dict[str, Any]) -> tuple[str, str]:
        """A seat's row: who sits there (this player, the people here marked so) and how
        they are (ready, a computer, free)."""
        number = int(info.get("seat", 0))
        name = str(info.get("name") or "")
        if info.get("kind") == "computer":
            who, state = name or self.t("online.computer"), self.t("online.computer")
        elif info.get("taken"):  # a name the game gave, in this player's language
            alone = self.here_seats == {number}  # "You", as the table says, or "Player 1"
            given = default_name(self.t, number, human=True, alone=alone)
            who = given if is_default_name(name, number) else name
            # a window closed in the lobby keeps the seat: the host sees who is gone
            state = self.t("online.ready") if info.get("connected") else self.t("table.away")
        else:
            who, state = self.t("online.empty"), ""
        seated = self.session.seated
        you = self.t("online.you")
        if seated is not None and number == seated.ticket.seat:
            if who.casefold() != you.casefold():  # "You (you)" says nothing more
                who = f"{who} ({you})"
        elif number in self.here_seats:
            who = f"{who} ({self.t('online.here')})"
        return who, state

    @property
    def nothing_to_show(self) -> bool:
        """No table yet (being looked for, or refused): the sheet says only what is going on,
        in the middle, in large type."""
        table = self.session.table or {}
        return self.session.seated is None and not table.get("seats")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.nothing_to_show:
            return
        box = self.status_box.copy()
        for button in (self.start_button, self.retry_button):  # beside Leave, clear of it
            if button in self.form.widgets:
                box.w = button.rect.left - self.m.px(style.SPACE_S) - box.left
        chat, spot = self.chat, self.chat_spot
        if chat is not None and spot is not None and self.chat_on():
            for item in chat.controls(spot):
                item.paint(surface)
            pointed = not chat.open and spot.button.collidepoint(chat.pointer)
            if pointed and not self.field_note():
                pen = self.m.pen("ui", style.ROW_NOTE, style.INK)
                words = self.t("chat.title")  # what the button is, and its key
                style.text(surface, words, pen, box, align="center", lines=2)
                return
        form, variants = self.form, self.variants_button
        seats: list[Widget] = [*self.seat_buttons.values(), *self.let_go_buttons.values()]
        for seat, field in self.name_fields.items():  # a name being typed, or still to type:
            # a name given keeps its field's focus, and "Everyone is here" went unsaid
            unnamed = form.hover is field and is_default_name(self._table_name(seat), seat)
            if field.editing or unnamed:
                seats.append(field)
        if form.hover is variants or (form.keyboard_used and form.focus is variants):
            seats.append(variants)  # what it opens, under the pointer or the keys only
        if self.field_note() or any(self.form.hint() == resolve(w.hint) for w in seats):
            self.draw_hint(surface, box, style.INK)  # a seat's widget, a name's note
            return
        words, colour = self._status()
        pen = self.m.pen("ui", style.ROW_NOTE, colour)
        style.text(surface, words, pen, box, align="center", lines=2)

    def leave(self) -> None:
        super().leave()
        if self.chat is not None:
            self.chat.open = False  # (a screen over the lobby: the list does not wait under it)
        for seat in list(self.names_typed):  # a window over the lobby mid-typing
            self._send_name(seat)

    def close(self) -> None:
        """Leaving the game while still in the lobby."""
        self._give_up_hosted()
        self.session.stop_server()
        self.session.close()


REFUSALS = frozenset(
    {
        "no_table",
        "no_free_seat",
        "seat_taken",
        "bad_token",
        "version",
        "server_full",
        "too_many_tables",
    }
)
"""The refusals a player is told in their own words (any other: "something went wrong")."""


def server_of(address: str) -> str:
    """The computer an address points at, as the player may read it ("192.168.1.20:8765")."""
    try:
        server = parse_address(address).server
    except AddressError:
        return address.strip()[:60]
    return server.split("//", 1)[-1]


def rules_of(table: dict[str, Any]) -> Rules | None:
    """The rules of a server's table frame (None before it came, or if they cannot be read)."""
    try:
        return Rules.from_dict(table["rules"])
    except (KeyError, TypeError, RulesError):
        return None
