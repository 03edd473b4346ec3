"""The connection at a table online: a banner while the link to the server is down, and the
friends who are gone.

While the link is down this window keeps trying to get back, for as long as it stays at the
table; once it has been down a while (the game holding the table may have been closed), a
button under the banner leaves the table, as the menu's Leave the table does.

While a friend is away the match waits for them. Once they have been gone as long as the
server asks (its ``away_grace``), the players still here get a button that lets the computer
play the friend's seat; the friend takes it back by joining again with the same address (the
server gives a seat handed over back to its token). A friend still connected who keeps the
turn as long (``idle_grace``: away from the screen) can be handed over too; their own
window then says so, with a button that takes the seat back. The banner says so for a while
(``STAND_IN_NOTICE``): the play goes on under it, and the friend's plate keeps saying that
the computer plays there, clear of the cards on the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame
from pygame import FRect

from .. import style
from ..wording import join
from .frame import Item, Press, box
from .layout import TableLayout
from .text import Writer

if TYPE_CHECKING:
    from ..remote import RemoteCoordinator


LONG_DOWN = 20.0
"""Seconds of a link down after which the banner says how the table comes back (the game
holding it may have been closed: opening the table there again brings it back)."""


STAND_IN_NOTICE = 12.0
"""Seconds the banner says that the computer plays for a friend gone, from when it began."""
BACK_NOTICE = 5.0
"""Seconds the banner says that a friend gone is back, from when they came back."""
GONE_NOTICED = 2.0
"""Seconds this window is back at the table before a friend's link seen going down is one
that dropped (a friend whose return is told), not one coming back with everyone..."""
AWAY_NOTICED = 10.0
"""...unless it stayed down this long: the banner waited for them."""


CORNER_SHARE = 0.34
"""The top of a card a banner keeps clear of: its value in the corner (drawn large, with its
suit's mark under it, a third of the card), and the picture's head."""


def hides_a_corner(area: FRect, cards: Sequence[FRect]) -> bool:
    """``area`` lies over the top of one of ``cards``, where its value is read."""
    return any(area.colliderect(FRect(c.x, c.y, c.w, c.h * CORNER_SHARE)) for c in cards)


class AbsenceBanner:
    def __init__(
        self,
        text: Writer,
        translator: Callable[[], Callable[..., str]],
        coordinator: RemoteCoordinator,
        seat_name: Callable[[int], str],
        leave: Callable[[], None],
    ) -> None:
        self.text = text
        self.translator = translator
        self.coordinator = coordinator
        self.seat_name = seat_name
        self.leave = leave
        """Leave the table (asking first, as the menu's Leave the table does)."""
        self.pointer = (-1, -1)
        self.press = Press()
        self._button: tuple[FRect, Callable[[], None]] | None = None
        self.shown: FRect | None = None
        """Where the banner and its button were last drawn (None: not shown): toasts go
        clear of them."""
        self._stood_in_since: dict[int, float] = {}
        """When (the coordinator's ``clock``) each seat was first seen played by the computer."""
        self._back_since: dict[int, float] = {}
        """When each friend gone came back (told for ``BACK_NOTICE``)."""
        self._gone_since: dict[int, float] = {}
        """When each friend's connection was first seen down (this window at the table)."""
        self._online_since: float | None = -math.inf
        """Since when this window's own link is up again (None: down; from the start: the
        table was opened on a link up)."""

    def _names(self, seats: list[int]) -> str:
        return join(self.translator(), [self.seat_name(seat) for seat in seats])

    def words(self, *, lost: bool) -> str | None:
        """The banner's words (None: nothing to say); ``lost``: the connection could not
        be brought back."""
        t, coordinator = self.translator(), self.coordinator
        if lost and coordinator.taken_elsewhere:  # not lost: played from another window (to
            return t("online.seat_taken_elsewhere")  # join again would take it back there)
        if lost:
            return t("online.ended_by_host" if coordinator.ended else "online.lost_for_good")
        if not coordinator.online:
            if coordinator.host_closed:  # told as it closed: no line to wait on
                return t("online.host_closed")
            if self.long_down:  # the game holding it may be closed
                return t("online.reconnecting_long")
            return t("online.reconnecting")
        back = self._newly_back()
        # a friend gone once the last card is played (a bot leaves at once) holds up nothing
        away = [] if coordinator.match.over else coordinator.away()
        if away:
            # Only a turn of theirs holds the match up: until then play goes on, which
            # "Waiting for ..." beside "Your turn" denied; of several gone, the wait is for
            # the one whose turn it is, the others said to have left too.
            turn = coordinator.match.turn
            others = [seat for seat in away if seat != turn]
            many = "_many" if len(others) > 1 else ""  # "mancano", "che tornino": it agrees
            if turn not in away:
                key, words = "online.friend_gone", {"names": self._names(away)}
            elif others:
                key = "online.friend_away_others"
                words = {"names": self.seat_name(turn), "others": self._names(others)}
            else:
                key, words = "online.friend_away", {"names": self.seat_name(turn)}
            if coordinator.may_hand_over():  # the button to let the computer play is under it
                return t(key + many, **words)
            # say how long until the computer may play for them, counting down
            wait = max(1, math.ceil(coordinator.away_wait()))
            return t(key + "_wait" + many, seconds=wait, **words)
        here = coordinator.stood_in_here()
        if here:  # the button to take the seat back is under it
            if len(coordinator.here) == 1:
                return t("online.you_stood_in")
            return t("online.stood_in_here", names=self._names(here))
        idle = coordinator.idle()
        if idle:
            return t("online.friend_idle", names=self._names(idle))
        if back and not coordinator.match.over:  # the banner that said they were gone goes
            many = "_many" if len(back) > 1 else ""
            return t("online.friend_back" + many, names=self._names(back))
        stood_in = self._newly_stood_in()
        if stood_in:
            gone = set(stood_in) & set(coordinator.gone())
            key = "online.computer_plays_for" if gone else "online.computer_plays_for_idle"
            return t(key, names=self._names(stood_in))
        return None

    def _newly_back(self) -> list[int]:
        """Friends whose connection came back less than ``BACK_NOTICE`` ago (the banner
        saying they were gone had simply gone, and their plate's "Away" with it). Not of
        those already down as this window came back to the table from a link of its own
        that dropped (the host's game closed), or from a stall of its own (``woke_at``),
        unless they stayed away a while (``GONE_NOTICED``): a friend coming back with
        everyone was told "back" though they never left."""
        now = self.coordinator.clock()
        if not self.coordinator.online:  # cut off: every friend's link seems down from here
            self._online_since, self._gone_since = None, {}
            return sorted(self._back_since)
        if self._online_since is None:  # back from a link of its own that dropped
            self._online_since = now
        woke = getattr(self.coordinator, "woke_at", None)
        if woke is not None and woke > self._online_since:  # back from a stall of its own
            # (the host's game stopped a while, its server in it: the friends' links seemed
            # to drop and come back, and the host was told "Sam is back", who never left)
            self._online_since = woke
        gone = set(self.coordinator.gone())
        for seat in set(self._gone_since) - gone:
            since = self._gone_since.pop(seat)
            if since - self._online_since >= GONE_NOTICED or now - since >= AWAY_NOTICED:
                self._back_since[seat] = now
        for seat in gone:
            self._gone_since.setdefault(seat, now)
        self._back_since = {
            seat: since
            for seat, since in self._back_since.items()
            if seat not in gone and now - since < BACK_NOTICE
        }
        return sorted(self._back_since)

    def _newly_stood_in(self) -> list[int]:
        """Friends the computer began to play for less than ``STAND_IN_NOTICE`` ago."""
        now = self.coordinator.clock()
        seats = self.coordinator.stood_in()
        since = {seat: self._stood_in_since.get(seat, now) for seat in seats}
        self._stood_in_since = since  # a friend back, then gone again, is told again
        return [seat for seat in seats if now - since[seat] < STAND_IN_NOTICE]

    def items(
        self, lay: TableLayout, *, lost: bool, cards: Sequence[FRect] = (), high: bool = False
    ) -> list[Item]:
        """The banner, and under it the button to let the computer play, when it may (or,
        when the button would lie on one of the table's ``cards``, under the cards); ``high``:
        at the window's top, over the cover passed between people at one screen. A banner
        that would hide the values of the top row of a crowded table (six seats at 960x540)
        lies at the felt's foot instead, its button over it."""
        self._button = None
        self.shown = None
        words = self.words(lost=lost)
        if words is None:
            return []
        pen = self.text.pen("ui_bold", lay.font_normal, style.CREAM)
        felt = lay.table_rect
        width = min(style.natural_width(words, pen) + lay.margin * 2, felt.w)
        lines = 1 if width < felt.w else 2
        area = FRect(0, 0, width, lay.font_normal * (0.8 + 1.2 * lines))
        area.midtop = (felt.centerx, lay.margin * 0.5 if high else felt.top + lay.margin * 0.4)
        if not high and hides_a_corner(area, cards):  # the top row's values: at the felt's foot
            low = FRect(area)
            low.bottom = felt.bottom - lay.margin * 0.4
            if not hides_a_corner(low, cards):
                area = low
        scale = style.Scale(lay.size)

        def paint(surface: pygame.Surface) -> None:  # (where ``area`` lies once laid out)
            style.dark_panel(surface, area, scale, alpha=235, border=style.LACQUER)
            inner = area.inflate(-lay.margin, 0)
            style.text(surface, words, pen, inner, align="center", lines=lines)

        items = [Item(("connection", words, tuple(area)), box(area), paint)]
        self.shown = area
        t = self.translator()
        if lost or self.long_down:
            leave = t("online.leave_table")
            items.append(self._button_item(lay, area, leave, self.leave, scale, cards))
            return items
        here = self.coordinator.stood_in_here()
        if here:
            back = t("online.take_back")
            if len(self.coordinator.here) > 1:  # several here: whose seat it is
                back = t("online.take_back_named", names=self._names(here))
            take_back = self.coordinator.take_seat_back
            items.append(self._button_item(lay, area, back, take_back, scale, cards))
            return items
        seats = [] if not self.coordinator.online else self.coordinator.may_hand_over()
        if seats:
            many = "_many" if len(seats) > 1 else ""
            label = t("online.hand_over" + many, names=self._names(seats))
            hand_over = partial(self.coordinator.hand_over, seats)
            button = self._button_item(lay, area, label, hand_over, scale, cards)
            if self._beside(lay, area, scale, cards, t("online.hand_over_short")):
                items[0] = Item(("connection", words, tuple(self.shown)), box(self.shown), paint)
                button = self._button_item(
                    lay, area, t("online.hand_over_short"), hand_over, scale, cards, beside=True
                )
            items.append(button)
        return items

    def _beside(
        self, lay: TableLayout, area: FRect, scale: style.Scale, cards: Sequence[FRect], label: str
    ) -> bool:
        """The button (its ``label`` the short one: the banner names whom it is for) goes
        beside the banner, the two as one row, where over or under it the button would lie
        on the faces of a table of two full rows; ``area`` moves left to make room."""
        button = self._button
        if button is None or button[0].collidelist(list(cards)) < 0:
            return False
        width = self._button_width(lay, label, scale)
        gap = lay.margin * 0.4
        if area.w + gap + width > lay.table_rect.w:
            return False
        left = lay.table_rect.centerx - (area.w + gap + width) / 2
        area.left = left  # (the banner's words are drawn where it now lies)
        self.shown = FRect(area)
        return True

    def _button_width(self, lay: TableLayout, label: str, scale: style.Scale) -> float:
        fonts, px = self.text.font, lay.font_small
        height = round(lay.font_normal * 1.9)
        return min(
            style.button_width(fonts, label, px, scale, height), lay.table_rect.w - lay.margin
        )

    @property
    def long_down(self) -> bool:
        """The link has been down a while: the game holding the table may have been closed,
        and the player may rather leave than wait for it."""
        coordinator = self.coordinator
        return not coordinator.online and coordinator.offline_for() >= LONG_DOWN

    def _button_item(
        self,
        lay: TableLayout,
        banner: FRect,
        label: str,
        action: Callable[[], None],
        scale: style.Scale,
        cards: Sequence[FRect],
        *,
        beside: bool = False,
    ) -> Item:
        fonts, px = self.text.font, lay.font_small
        height = round(lay.font_normal * 1.9)
        width = self._button_width(lay, label, scale)
        rect = FRect(0, 0, width, height)
        rect.midtop = (banner.centerx, banner.bottom + lay.margin * 0.4)
        if beside:  # on the banner's row, at its right (``_beside``)
            rect.midleft = (banner.right + lay.margin * 0.4, banner.centery)
        elif banner.centery > lay.table_rect.centery:  # a banner at the felt's foot: over it
            rect.bottom = banner.top - lay.margin * 0.4
        elif rect.collidelist(list(cards)) >= 0:  # it would hide a card: under them, if room
            under = max(card.bottom for card in cards) + lay.margin * 0.4
            if under + height <= lay.status_top:
                rect.top = under
        self._button = (rect, action)
        if self.shown is not None:
            self.shown = self.shown.union(rect)
        hot = rect.collidepoint(self.pointer)

        def paint(surface: pygame.Surface) -> None:
            state = "hot" if hot else "normal"
            style.button(surface, rect, scale, fonts, label, px, state=state, primary=True)

        key = ("banner button", label, hot, tuple(rect))
        return Item(key, box(rect, style.button_reach(scale)), paint)

    @property
    def button(self) -> FRect | None:
        """Where the banner's button (let the computer play, or leave the table) was last
        drawn (None: not shown)."""
        return None if self._button is None else self._button[0]

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the button does what it says; True when used."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        button = self._button
        used, clicked = self.press.handle(event, None if button is None else button[0])
        if clicked and button is not None:
            self._button = None
            button[1]()
        return used
