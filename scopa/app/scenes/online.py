"""Play online: host a table on this computer for friends, or join a friend's table.

Hosting opens a table with the rules of the settings: the player in the first seat, as
many friends as chosen, computers at the other seats. Joining takes the address a friend
sent (``ws://host:port/CODE``). Either way the lobby comes next.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from scopa.engine import Rules, nearest_game
from scopa.net.codes import AddressError, normalize_code, parse_address
from scopa.settings import (
    MAX_ADDRESS,
    MAX_FRIENDS,
    MAX_NAME,
    MatchSetup,
    SeatConfig,
    shows_something,
)
from scopa.storage import HeldSeat

from .. import style
from ..online import grouped
from ..widgets import Button, Choice, SettingRow, Text, TextInput, paste
from ..wording import count, is_default_name, join
from .base import MenuScene
from .flow import describe
from .settings import change_said

if TYPE_CHECKING:
    from ..app import App


class OnlineScene(MenuScene):
    def build(self) -> None:
        app = self.app
        last = app.settings.last_setup
        humans = [(n, seat.name) for n, seat in enumerate(last.seats) if seat.human] if last else []
        # A name the game gave (an Italian "Tu") is said in the language of the moment.
        typed = humans and not is_default_name(humans[0][1], humans[0][0])
        self.name = humans[0][1] if typed else app.t("you")
        self.name_given = not typed
        """The name is the game's ("You"), not one the player typed."""
        if app.settings.online_name:  # the name last played online with comes first
            self.name, self.name_given = app.settings.online_name, False
        kept = " ".join(self.writable(self.name).split())  # as if typed: boxes said, left out
        if kept != self.name.strip():
            self.name, self.name_given = (kept, False) if kept else (app.t("you"), True)
        self.name_typed = False
        """A name was typed that the settings do not hold yet (kept once typing ends)."""
        self.address = app.settings.online_address
        """The table last joined, offered again (a player back after closing the game)."""
        self.joined = ""
        """The address Join last asked for, as the settings keep it."""
        held = waiting_seat(app)
        waiting = None if held is None else seat_address(app, held)
        self.waiting = waiting is not None
        """A match at a table hosted here is under way (its host closed the game, or left
        the table), or the table waits still for its players: Join takes the player back to
        it."""
        self.waiting_begun = held is None or held.begun
        """...and its match was dealt (else the table was left in its lobby)."""
        if waiting is not None:
            self.address = waiting
        joined = None if self.waiting else joined_seat(app)
        self.rejoining = joined is not None
        """A seat at a friend's table is still held (this game was closed mid-match): Join
        takes it back, if the match goes on."""
        if joined is not None:
            self.address = seat_address(app, joined)
        self.offered = self.address
        """The address offered as the screen opened (the table waiting, or the seat)."""
        rules = app.settings.rules
        friends = min(max(1, app.settings.online_friends), rules.players - 1)
        self.friends = friends
        """As many friends as the last table hosted, as far as these rules seat them."""
        self.partners = self._partners_for(friends, app.settings.online_partners)
        """How many of the friends sit on this player's side, at a table in teams (None:
        no teams); as at the last table hosted, as far as these rules and friends allow."""
        self.here = app.settings.online_here
        """How many other people play at this screen, taking turns (the cards covered in
        between), at a table hosted or joined; as the last time."""
        self._here_kept = self.here
        """``online_here`` as this screen last read or wrote it: a lobby opened from here
        that lets a person go changes it (``enter`` takes the change)."""
        self.name_field = TextInput(
            lambda: self.name,
            self._set_name,
            max_length=MAX_NAME,
            given=lambda: self.name_given,
            keep=self.writable,
            full=self.name_full,
        )
        self.name_row = SettingRow(self.tr("online.name"), self.name_field)
        self.friends_row = SettingRow(
            self.tr("online.friends"),
            Choice(self._friend_choices, lambda: (self.friends, self.partners), self._set_friends),
            hint=self.tr("online.friends_hint"),
        )
        self.here_row = SettingRow(
            self.tr("online.here_row"),
            Choice(self._here_choices, lambda: self.here, self._set_here),
            hint=self.tr("online.here_hint"),
        )
        self.host_button = Button(
            self.tr("online.host"),
            self.host,
            primary=True,
            hint=self.tr("online.host_hint"),
            enabled=lambda: self.too_many_here() == "",
        )
        self.address_row = SettingRow(
            self.tr("online.address"),
            TextInput(
                lambda: self.address,
                self._set_address,
                max_length=MAX_ADDRESS,
                done=self._typed_address,
            ),
            control_share=0.7,
        )
        self.join_button = Button(
            self.tr("online.join"),
            self.join,
            hint=self._join_hint,
            enabled=lambda: bool(self.address.strip()),  # nothing typed: nothing to join
        )
        self.back_button = Button(self.tr("back"), self.back)
        self.rules_button = Button(
            self.tr("online.change_rules"),
            self.change_rules,
            hint=self.tr("online.change_rules_hint"),
            size=style.ROW_NOTE,
        )
        for widget in (
            self.name_row,
            self.rules_button,
            self.friends_row,
            self.here_row,
            self.host_button,
            self.address_row,
            self.join_button,
            self.back_button,
        ):
            self.form.add(widget)
        if self.waiting or self.rejoining:  # going back to the match comes first here
            self.host_button.primary, self.join_button.primary = False, True
            self.form.focus = self.join_button

    def _set_name(self, value: str) -> None:
        self.name = value
        self.name_given = False
        self.name_typed = True

    def _sides(self) -> tuple[list[int], list[int]] | None:
        """The other seats on this player's side (seat 0) and on the others', at a table
        in teams (None: each plays alone)."""
        rules = self.app.settings.rules
        if not rules.partners:
            return None
        seats = range(1, rules.players)
        mine = [seat for seat in seats if rules.side_of(seat) == rules.side_of(0)]
        return mine, [seat for seat in seats if seat not in mine]

    def _partner_range(self, friends: int) -> range:
        """How many of ``friends`` can sit on this player's side (empty: no teams)."""
        sides = self._sides()
        if sides is None:
            return range(0)
        mine, theirs = sides
        return range(max(0, friends - len(theirs)), min(friends, len(mine)) + 1)

    def _partners_for(self, friends: int, wanted: int) -> int | None:
        """The friends on this player's side with ``friends``: ``wanted`` (-1: as they sit
        in turn from the next seat), as far as the seats allow; None: no teams."""
        sides = self._sides()
        if sides is None:
            return None
        if wanted < 0:
            wanted = sum(seat in sides[0] for seat in range(1, friends + 1))
        allowed = self._partner_range(friends)
        return min(max(wanted, allowed.start), allowed.stop - 1)

    def _friend_choices(self) -> list[tuple[tuple[int, int | None], Text]]:
        """Each number of friends, and at a table in teams each way they can sit: with
        this player or against them."""
        players = self.app.settings.rules.players
        choices: list[tuple[tuple[int, int | None], Text]] = []
        for friends in range(1, players):
            allowed = self._partner_range(friends)
            if not allowed:
                choices.append(((friends, None), str(friends)))
            elif len(allowed) == 1:
                choices.append(((friends, allowed[0]), str(friends)))
            for partners in allowed if len(allowed) > 1 else ():
                key = "online.friends_with" if partners else "online.friends_against"
                if friends == 1:
                    key = "online.friend_partner" if partners else "online.friend_opponent"
                label = self.tr(key, n=friends, partners=partners)
                choices.append(((friends, partners), label))
        return choices

    def _set_friends(self, value: tuple[int, int | None]) -> None:
        self.friends, self.partners = value

    def _here_choices(self) -> list[tuple[int, Text]]:
        """Nobody else, or up to five people: a table joined may seat more than the one
        these settings would host."""
        return [(0, self.tr("online.here_nobody"))] + [
            (n, str(n)) for n in range(1, MAX_FRIENDS + 1)
        ]

    def host_refusal(self) -> str:
        """What the line beside Back says of a greyed Host: why (``too_many_here``), but
        not while an address waits to be joined (the table there decides its seats, and
        a guest read it as a refusal of their join), unless the player is at Here with you
        or Host (an address the game filled in, of a table waiting, left it unexplained)."""
        form = self.form
        hosting = {form.hover, form.focus} & {self.here_row, self.host_button}
        return self.too_many_here() if hosting or not self.address.strip() else ""

    def here_apart(self) -> str:
        """What the line beside Back says when the people here would sit on the other side
        of a table in teams (the friends chosen for this player's side fill it): who, and
        how to have them beside this player ("": they sit beside, or there are no sides)."""
        rules = self.app.settings.rules
        if not rules.partners or self.too_many_here():
            return ""
        apart = [name for seat, name in self.seats_here().items()
                 if rules.side_of(seat) != rules.side_of(0)]  # fmt: skip
        if not apart:
            return ""
        key = "online.here_apart_many" if len(apart) > 1 else "online.here_apart"
        return self.t(key, names=join(self.app.t, apart))

    def too_many_here(self) -> str:
        """Why a table cannot be hosted for the friends and the people here ("": it can):
        the settings' players leave too few seats."""
        players = self.app.settings.rules.players
        if self.friends + self.here <= players - 1:
            return ""
        room = max(0, players - 1 - self.friends)
        key = "online.here_too_many" if room else "online.here_no_room"
        return self.t(key, players=players, friends=self.friends, n=room)

    def _set_here(self, value: int) -> None:
        self.here = value

    def _set_address(self, value: str) -> None:
        self.address = value

    def _typed_address(self) -> None:
        """Enter at the end of an address typed joins it, as Join would."""
        if self.address.strip():
            self.join()

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            and not self.name_field.editing  # (the name typed takes it, as every field)
        ):
            pasted = paste().strip()
            if pasted:  # what cannot be shown (a tab, a line's end) left out
                self.address = " ".join(_printable(word) for word in pasted.split())[:MAX_ADDRESS]
                return True
        used = super().handle(event)
        if self.name_typed and not self.name_field.editing:
            self._remember()  # typing ended (Enter, Esc, a click elsewhere): the name is kept
        return used

    def leave(self) -> None:
        super().leave()
        if self.name_typed:  # the screen closed (or a window over it opened) mid-typing
            self._remember()

    def seats(self) -> list[dict[str, object]]:
        """The table's seats: this player, the friends (in teams, ``partners`` of them on
        this player's side), computers at the level of Play."""
        rules = self.app.settings.rules
        level = self.app.settings.opponent_level or "expert"
        sides = self._sides()
        if sides is None or self.partners is None:
            friends = set(range(1, self.friends + 1))
            left = [seat for seat in range(1, rules.players) if seat not in friends]
        else:
            mine, theirs = sides
            friends = {*mine[: self.partners], *theirs[: self.friends - self.partners]}
            # the people here sit on this player's side first: they share the screen
            left = [seat for seat in (*mine, *theirs) if seat not in friends]
        here = self.seats_here(left)
        seats: list[dict[str, object]] = [{"kind": "human"}]
        for seat in range(1, rules.players):
            if seat in friends:
                seats.append({"kind": "human"})
            elif seat in here:
                seats.append({"kind": "human", "name": here[seat]})
            else:
                seats.append({"kind": "computer", "level": level})
        return seats

    def seats_here(self, left: list[int] | None = None) -> dict[int, str]:
        """The seats of the other people at this screen, with their names (as typed last
        time in the lobby, else the game's: "Player 3"): the first of the seats ``left``
        by the friends."""
        if left is None:
            return {
                int(seat): str(info["name"])
                for seat, info in enumerate(self.seats())
                if info.get("name")
            }
        named = self.app.settings.online_here_names  # as typed in the lobby last time
        return {
            seat: (named[number] if number < len(named) and named[number] else None)
            or self.t("player_n", n=seat + 1)
            for number, seat in enumerate(sorted(left[: self.here]))
        }

    def player_name(self) -> str:
        """The name typed; the game's "Player 1" when others play at this screen too."""
        if self.here and self.name_given:
            return self.t("player_n", n=1)
        typed = self.name.strip()[:MAX_NAME]
        return typed if shows_something(typed) else self.t("you")  # nothing drawn: "You"

    def host(self) -> None:
        """Open a new table, after asking when a match at a table hosted here is under
        way: hosting past it would leave the friends there waiting for ever (their address
        names that table), and the title saying at every start that it waits."""
        partners = -1 if self.partners is None else self.partners
        self._remember(online_friends=self.friends, online_partners=partners, online_here=self.here)
        held = waiting_seat(self.app)
        if held is None:
            self._host()
            return
        if not held.begun:  # nothing was played there to lose: closed as the new one opens
            self._host(held)
            return
        t = self.app.t
        self.app.open(
            "confirm",
            question=lambda: t("online.host_again_question"),
            detail=lambda: t("online.host_again_detail"),
            yes=lambda: t("online.back_to_table"),
            on_yes=self.back_to_waiting,
            other=lambda: t("online.host_again_close"),
            on_other=partial(self._host, held),
            no=lambda: t("online.host_again_cancel"),
        )

    def _host(self, ending: HeldSeat | None = None, at: str | None = None) -> None:
        """Open a new table (``ending``: once the match at that seat's table is ended; ``at``:
        at that server's, a ``scopa serve`` whose address was typed, not this game's)."""
        if ending is not None:
            self.waiting = False  # the lobby, left, comes back to the screen of no table
            self.address = ""
        seats, player = self.seats(), self.player_name()
        here = self.seats_here()
        self.app.open(
            "lobby",
            mode="host",
            seats=seats,
            player=player,
            ending=ending,
            here=here or None,
            at=at,
        )

    def back_to_waiting(self) -> None:
        """Join the table whose match is under way, at its address."""
        address = waiting_table(self.app)
        if address is not None:
            self.address = address
        self.join()

    def join(self) -> None:
        self.joined = _printable(self.address.strip())[:MAX_ADDRESS]
        self._remember(online_address=self.joined, online_here=self.here)
        server = server_only(self.joined)
        if server is not None:  # a server's address, no table's: a new table opens there
            partners = -1 if self.partners is None else self.partners
            self._remember(online_friends=self.friends, online_partners=partners)
            self._host(at=server)
            return
        # the people here are named by their seats, as the table numbers them ("Player 3")
        player = self.t("you") if self.here and self.name_given else self.player_name()
        self.app.open(
            "lobby", mode="join", address=self.address, player=player, joining_here=self.here
        )

    def change_rules(self) -> None:
        """The number of players and the rules of a table hosted are the Settings': they
        open over this screen."""
        self.app.open("settings")

    def enter(self) -> None:
        super().enter()
        # back from Settings, perhaps with other players: the friends as far as they fit
        players = self.app.settings.rules.players
        wanted = -1 if self.partners is None else self.partners
        self.friends = min(max(1, self.friends), players - 1)
        self.partners = self._partners_for(self.friends, wanted)
        if self.app.settings.online_here != self._here_kept:  # a person let go in the lobby
            self.here = self._here_kept = self.app.settings.online_here
        typed = _printable(self.address.strip())[:MAX_ADDRESS]
        if self.joined and typed == self.joined and not self.app.settings.online_address:
            self.address = ""  # the match there is over: its address was forgotten

    def _remember(self, **changes: str | int) -> None:
        """Keep the name typed (and the table joined) for the next time online, as
        everything else chosen in the menus is kept."""
        self.name_typed = False
        typed = "" if self.name_given else _printable(self.name.strip())[:MAX_NAME]
        self.app.settings = self.app.settings.with_(online_name=typed, **changes)
        self._here_kept = self.app.settings.online_here
        self.app.save_settings()

    def layout(self) -> None:
        m = self.m
        inner = self.place_sheet(1.5, 0.94, 0.1, 0.05)
        row_h, gap = m.px(0.085), m.px(style.SPACE_M)
        y = self.heading_box.bottom + m.px(style.SPACE_M)
        self.name_row.place(pygame.Rect(inner.left, y, inner.w, row_h))
        y += row_h + gap
        # three lines: who sits how, a table's game and every rule it changes, told in full
        note = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        change_w = m.px(0.22)
        self.rules_box = pygame.Rect(
            inner.left, y, inner.w - change_w - gap, 3 * style.line_height(note)
        )
        change = pygame.Rect(0, 0, change_w, min(self.rules_box.h, m.px(0.06)))
        change.midright = (inner.right, self.rules_box.centery)
        self.rules_button.place(change)
        y = self.rules_box.bottom + gap
        self.friends_row.place(pygame.Rect(inner.left, y, inner.w, round(row_h * 1.35)))
        y = self.friends_row.rect.bottom + gap
        button_w = m.px(0.4)
        self.here_row.place(pygame.Rect(inner.left, y, inner.w - button_w - gap, row_h))
        self.host_button.place(pygame.Rect(inner.right - button_w, y, button_w, row_h))
        y += row_h + gap * 2
        self.address_row.place(pygame.Rect(inner.left, y, inner.w, row_h))
        y += row_h + gap
        self.join_button.place(pygame.Rect(inner.right - button_w, y, button_w, row_h))
        self.example_box = pygame.Rect(inner.left, y, inner.w - button_w - gap, row_h)
        self.back_button.place(pygame.Rect(inner.left, inner.bottom - row_h, button_w, row_h))
        self.hint_area = pygame.Rect(
            inner.left + button_w + gap,
            inner.bottom - row_h,
            inner.w - button_w - gap,
            row_h,
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, self.t("online.title"))
        pen = self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        rules_line = describe_rules(self.app, self.app.settings.rules)
        style.text(surface, rules_line, pen, self.rules_box, align="center", lines=3)
        pad = self.address_row.rect.h // 4
        example = self.example_box.inflate(-2 * pad, 0)
        key = self.address_note()
        if key != "online.address_hint":
            pen = pen.tinted(style.GREEN)
        style.text(surface, self.t(key), pen, example, lines=2)

    def _join_hint(self) -> str:
        """What Join does: back to this player's own table or seat, while its address is
        the one offered (a host back at their table was asked to paste a friend's
        address); else how to join a friend."""
        note = self.address_note()
        if note in ("online.your_table_waits", "online.your_table_waits_served"):
            return self.t("online.join_hint_own")
        if note == "online.your_lobby_waits":
            return self.t("online.join_hint_lobby")
        if note == "online.your_seat_waits":
            return self.t("online.join_hint_seat")
        server = server_only(_printable(self.address.strip())[:MAX_ADDRESS])
        if server is not None:  # no table's code: a new table opens at that server
            return self.t("online.join_hint_server", server=server)
        return self.t("online.join_hint")

    def address_note(self) -> str:
        """The words under the address: that Join takes the player back to their table or
        seat, while its address is the one offered (it stayed, in green, over a field
        cleared or typed over); else what an address looks like."""
        offered = self.address.strip() and self.address.strip() == self.offered.strip()
        if self.waiting and offered and not self.waiting_begun:
            return "online.your_lobby_waits"
        if self.waiting and offered and self.app.matches.hosted_server() is not None:
            return "online.your_table_waits_served"  # the host left it: the friends are there
        if self.waiting and offered:
            return "online.your_table_waits"
        if self.rejoining and offered:
            return "online.your_seat_waits"
        return "online.address_hint"

    def draw_overlay(self, surface: pygame.Surface) -> None:
        why = self.host_refusal()
        if why:  # Host is greyed: the reason, beside Back, over any hint
            pen = self.m.pen("ui_bold", style.SMALL, style.LACQUER)
            style.text(surface, why, pen, self.hint_area, align="center", lines=0)
            return
        form = self.form
        hosting = {form.hover, form.focus} & {self.friends_row, self.here_row, self.host_button}
        apart = self.here_apart() if hosting else ""
        if apart:  # the people here would not sit beside this player: said as Host nears
            pen = self.m.pen("ui_bold", style.SMALL, style.INK_SOFT)
            style.text(surface, apart, pen, self.hint_area, align="center", lines=0)
            return
        self.draw_hint(surface, self.hint_area, style.INK_SOFT)


def waiting_seat(app: App) -> HeldSeat | None:
    """The seat held at a table this game hosts whose match is under way, if any (the seat
    is forgotten once its match is over, or ended, or when its host leaves it before it
    began; a match this game's server saw played out while its host was away is forgotten
    here); the latest, if several."""
    hosted = [held for held in app.store.load_seats() if held.hosted]
    server = app.matches.hosted_server()
    if server is not None:
        for held in [held for held in hosted if server.played_out(held.code)]:
            app.store.drop_seat(held.code)  # friends played it out while its host was away
            hosted.remove(held)
    return hosted[-1] if hosted else None


def server_only(text: str) -> str | None:
    """The server of ``text`` when it is a server's address with no table's code in it
    ("ws://host:8765": a ``scopa serve``, to open a table at), else None (a table's address,
    a code alone, or no address at all)."""
    if "://" not in text:
        return None
    try:
        address = parse_address(text)
    except AddressError:
        return None
    return address.server if address.code is None else None


def joined_seat(app: App) -> HeldSeat | None:
    """The seat last taken at a friend's table (not one this game hosts) that this window
    has not seen end: its match may be going on without it (the window was closed, or
    killed, mid-match), or have ended meanwhile, which only its server can tell."""
    joined = [held for held in app.store.load_seats() if not held.hosted]
    return joined[-1] if joined else None


def waiting_table(app: App) -> str | None:
    """The address of a table this game hosts whose match is under way, if any
    (``waiting_seat``): the address last joined when it is that table's, written as it was
    then."""
    held = waiting_seat(app)
    return None if held is None else seat_address(app, held)


def seat_address(app: App, held: HeldSeat) -> str:
    """The address of the table of the seat ``held``: the address last joined when it is
    that table's, written as it was then."""
    try:
        last = parse_address(app.settings.online_address).code
        if last is not None and normalize_code(last) == normalize_code(held.code):
            return app.settings.online_address
    except AddressError:
        pass
    return f"{held.server}/{grouped(held.code)}"


def describe_rules(
    app: App,
    rules: Rules,
    *,
    variants: bool = True,
    fits: Callable[[str], bool] | None = None,
) -> str:
    """The game a table plays, in one line (who sits where is the lobby's business): rules
    that are no preset are told as ``game_name`` tells them ("Cirulla (Show hands at the
    deal)", "Scopa d'assi (Seven-count, Napola)"), for friends who have not seen them;
    without ``variants``, the game alone (the changes are told apart: ``table_game``). With
    ``fits``, as many changes as the line takes whole, and how many more."""
    seats = tuple(SeatConfig(str(seat), True) for seat in range(rules.players))
    setup = MatchSetup(seats, rules)
    if not variants:
        return describe(app, setup, table_game(app, rules)[0])

    def line_fits(game: str) -> bool:
        return fits is None or fits(describe(app, setup, game))

    return describe(app, setup, game_name(app, rules, line_fits))


def game_name(app: App, rules: Rules, fits: Callable[[str], bool] | None = None) -> str:
    """The game ``rules`` play and what they change of it, in brackets, as every screen
    names them ("Scopa (Re bello)", "Cirulla (Clockwise, Piccola: To the 7)"; a preset by its
    name alone): with ``fits``, as many changes as it takes whole, and how many more
    ("Cirulla (Clockwise, +2 more)"), rather than a name cut off in the middle of one;
    "Cirulla (3 changes)" where none fits whole."""
    game, changes = table_game(app, rules)
    named = game
    for shown in range(len(changes), -1, -1):
        listed = changes[:shown]
        if not listed and changes:  # "Scopa d'assi (3 changes)", not "(+3 more)"
            listed = [count(app.t, "rules_changes", len(changes))]
        elif shown < len(changes):
            listed = [*listed, count(app.t, "rules_more", len(changes) - shown)]
        named = f"{game} ({', '.join(listed)})" if listed else game
        if fits is None or fits(named):
            break
    return named


def table_game(app: App, rules: Rules) -> tuple[str, list[str]]:
    """The name of the game ``rules`` play and what they change of it, by the settings'
    names: a preset is told by its name alone; other rules by the preset they change the
    fewest rules of (the classic game's are "Scopa", not "Classic": a Scopa with changes),
    Cirulla's by Cirulla."""
    name, changes = nearest_game(rules)
    game = app.t("game_scopa" if name == "classic" else f"preset_{name}")
    return game, [change_said(app.t, option, rules, app.settings.deck_style) for option in changes]


def _printable(text: str) -> str:
    """``text`` without what cannot be shown (a tab pasted with an address)."""
    return "".join(char for char in text if char.isprintable())
