"""Where everything on the table goes, computed from the window size alone.

Every length is a fraction of the window (through ``unit``, the scale against a
1920x1080 reference), so the table reads the same from 960x540 to 4K and no scene holds
a pixel literal. Seats are placed relative to the seat shown at the bottom: play runs
counter-clockwise, so the next seat sits on the bottom player's right, then across, then
on the left (mirrored when the rules play clockwise: the next seat on the left).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from pygame import FRect

from scopa.engine import Rules

from ..cardart import card_height

POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
    6: ("bottom", "right low", "right high", "top", "left high", "left low"),
}
"""Seats counter-clockwise from the bottom. With six, two seats share each side of the
window, one above the other."""
REFERENCE = (1920, 1080)
MARKER_STEP = 0.34
"""How far the first scopa card lies across a pile from its middle, and each next one from
the last, in pile cards' widths..."""
MARKER_SPREAD = 0.68
"""... while they reach no further than this from the pile's middle: more of them lie
closer together."""
SCOPE_SHOWN = 4
"""Scopa cards across a pile that the room kept for it counts on: a side rarely makes more."""
STACK_LAYERS = 8
"""A face-down stack (the deck, a pile) is drawn as at most this many cards, each lying up
and left of the one under it..."""
STACK_STEP = 0.018
"""... by this share of a card's width (a pixel at least)."""
SHADOW_REACH = 0.3
"""How far a card's shadow reaches past its edge, in card widths (its blur and drop)."""


@dataclass(frozen=True)
class SeatPlace:
    """One seat's corner of the table: its hand, name plate and capture pile."""

    position: str
    hand_centre: tuple[float, float]
    horizontal: bool
    angle: float
    card_w: int
    name_rect: FRect
    pile_centre: tuple[float, float]


@dataclass(frozen=True)
class HandSlot:
    """Where one card of a hand is drawn."""

    centre: tuple[float, float]
    width: int
    angle: float


HUD_SHARE = 0.4
"""The share of the window's width the score panel may reach for long names."""
FRAME_RADIUS = 40
"""The rounding of the table frame's corners, in units of the reference window."""
PLATE_GROWTH = 1.6
"""How many times its usual width a name plate may grow to write a long name whole."""
STATUS_LINES = 1.75
"""The status line's panel, in lines of its text (``font_normal``) at most."""


def sides_coloured(rules: Rules) -> bool:
    """Each side wears its colour at the table (plates, score lines, piles): partners, to
    tell the sides apart, and three sides or more, in the colour each has on the sheet."""
    return rules.partners or rules.sides > 2


class TableLayout:
    """Positions and sizes for one window size, set of rules and bottom seat."""

    def __init__(
        self,
        size: tuple[int, int],
        rules: Rules,
        bottom: int = 0,
        plate_widths: Sequence[float] = (),
        hud_wanted: float = 0.0,
    ) -> None:
        """``plate_widths``: by seat, how wide its plate would need to be to write its name
        whole; a plate grows towards it where the window has room (``_widened``), the top
        one leaving the score panel the width it wants (``hud_wanted``: its names whole)."""
        self.hud_wanted = hud_wanted
        self.size = size
        self.rules = rules
        self.players = players = rules.players
        self.sides = rules.sides
        self.bottom = bottom
        self.hand_size = rules.hand_size
        w, h = size
        self.unit = min(w / REFERENCE[0], h / REFERENCE[1])
        u = self.unit
        self.margin = 24 * u
        self.inset = max(0.0, (w - REFERENCE[0] * u) / 2)
        """How far the side seats keep in from a window wider than the reference's shape
        (ultra-wide): where they sit in it, by the table, not at its far edges."""
        self.hand_w = max(40, round(150 * u))
        self.table_w = max(34, round(118 * u))
        self.other_w = max(26, round(78 * u))
        self.open_w = max(30, round(92 * u))
        self.mini_w = max(20, round(60 * u))
        self.pile_w = max(26, round(84 * u))
        self.hand_h = card_height(self.hand_w)
        self.table_h = card_height(self.table_w)
        self.other_h = card_height(self.other_w)
        self.pile_h = card_height(self.pile_w)
        self.font_small = max(12, round(22 * u))
        self.font_normal = max(14, round(28 * u))
        self.font_large = max(18, round(40 * u))
        self.font_banner = max(40, round(150 * u))
        self.plate_size = (270 * u, 76 * u)
        self.lift = self.hand_h * 0.14
        table_height = 2 * self.table_h + 3.2 * self.margin
        self.status_centre = (w / 2, h - self.hand_h - self.lift - 2.2 * self.margin)
        """The status line's middle: clear above a hand card raised (chosen by the keys)."""
        self.raised_top = h - self.margin - self.hand_h - self.lift
        """The top of a card of the bottom hand raised (chosen, or pointed at by a hint)."""
        status_half = (STATUS_LINES * self.font_normal + 0.6 * self.margin) / 2
        self.status_top = status_top = self.status_centre[1] - status_half
        """The top of the status line's panel at its tallest: what lies over the table
        keeps above it."""
        second_row = self.table_h + 0.45 * self.margin  # the bottom of two rows, from their middle
        centre_y = min(h * 0.47, status_top - 0.5 * self.margin - second_row)
        """Two rows of cards on the table stay clear of the status line under them."""
        stage = w - 2 * self.inset
        self.table_rect = FRect(0, 0, min(stage * 0.58, 11 * self.table_w), table_height)
        self.table_rect.center = (w / 2, centre_y)
        self.stock_centre = (
            self.table_rect.left - self.table_w * 0.8,
            centre_y + (self.table_h * 0.2 if players in (3, 4) else 0.0),
        )
        """Beside the table; a little low with a seat on the left, whose name plate sits
        above its hand."""
        self.banner_centre = (w / 2, centre_y)
        self.hud_compact = self.sides > 3
        """Many sides: one line each on the score panel (their cards show on their piles)."""
        self.hud_rect = FRect(self.margin, self.margin, 380 * u, 0)
        self.hud_rect.height = self.hud_height(self.sides)
        self.toolbar_bottom = self.margin * 1.4 + self.font_normal * 1.9
        """The top-right corner down to here holds the aids' buttons: no seat uses it."""
        button = self.font_normal * 1.9
        wide = button + self.font_normal * 2.9  # its bars, and the word "Menu" beside them
        self.menu_rect = FRect(w - self.margin - wide, self.margin, wide, button)
        """The menu button, in the corner; the aids' buttons line up on its left. It says
        "Menu" (one word in both languages): its bars alone told a newcomer nothing."""
        if players == 6:
            # The side seats' piles lie on the cloth beside their hands: the deck moves
            # into the table's left end to leave them room.
            self.stock_centre = (self.table_rect.left + self.table_w * 0.7, centre_y)
            self.table_rect.width -= self.table_w * 1.6
            self.table_rect.left += self.table_w * 1.6
        self._clear_of_the_panel()
        order = POSITIONS[players]
        if rules.goes_clockwise:  # play goes round the other way: the next seat on the left
            order = (order[0], *reversed(order[1:]))
        self.seats = [self._place(pos, w, h) for pos in order]
        for index, wanted in enumerate(plate_widths[: self.players]):
            at = (index - bottom) % players
            self.seats[at] = self._widened(self.seats[at], wanted)

    # --- hands -------------------------------------------------------------------------

    def _gap(self, position: str, visible: bool, count: int) -> float:
        """Distance between neighbouring cards of a hand along its edge."""
        w, h = self.size
        if position == "bottom":
            gap, room, along = self.hand_w * 1.08, w * 0.5, self.hand_w
        elif position == "top":
            cw = self.open_w if visible else self.other_w
            gap, room, along = cw * (0.75 if visible else 0.55), w * 0.28, cw
        elif " " in position:
            gap = self.other_w * (0.75 if visible else 0.55)
            room, along = h * 0.3, self.other_w
        elif visible:
            gap, room, along = card_height(self.open_w) * 0.3, h * 0.5, card_height(self.open_w)
        else:
            gap, room, along = self.other_w * 0.55, h * 0.42, self.other_w
        if count > 1:
            gap = min(gap, (room - along) / (count - 1))
        return gap

    def _span(self, position: str, visible: bool, count: int) -> float:
        """Length of a hand of ``count`` cards along its edge."""
        if position == "bottom":
            along = self.hand_w
        elif position == "top":
            along = self.open_w if visible else self.other_w
        elif " " in position:
            along = self.other_w
        else:
            along = card_height(self.open_w) if visible else self.other_w
        return along + max(0, count - 1) * self._gap(position, visible, count)

    def _place(self, position: str, w: float, h: float) -> SeatPlace:
        m = self.margin
        plate_w, plate_h = self.plate_size
        name = FRect(0, 0, plate_w, plate_h)
        count = self.hand_size
        if position == "bottom":
            span = self._span(position, True, count)
            centre = (w / 2, h - m - self.hand_h / 2)
            name.bottomright = (w / 2 - span / 2 - 1.5 * m, h - m)
            pile = (
                min(w - m - self.pile_h / 2, w / 2 + span / 2 + 2 * m + self.pile_h / 2),
                h - m - self.pile_w / 2 - self.pile_h * 0.35,
            )
            return SeatPlace(position, centre, True, 0.0, self.hand_w, name, pile)
        if position == "top":
            span = max(self._span(position, False, count), self._span(position, True, count))
            centre = (w / 2, self.toolbar_bottom + self.other_h / 2)
            right = w / 2 - span / 2 - 1.5 * m
            room = right - (self.hud_rect.right + m)
            name.width = max(min(plate_w, room), 150 * self.unit)
            name.midright = (right, centre[1])
            # Low enough that the scopa cards, upright across it, clear the aids' corner.
            pile_x = w / 2 + span / 2 + 2 * m + self.pile_h / 2
            pile = (pile_x, self.toolbar_bottom + self.pile_h / 2)
            return SeatPlace(position, centre, True, 180.0, self.other_w, name, pile)
        if " " in position:
            return self._place_banded(position, w, h)
        side = 1 if position == "right" else -1
        span = max(self._span(position, False, count), self._span(position, True, count))
        lowest_top = self.hud_bottom_guess() + m
        cy = max(h * 0.46, lowest_top + plate_h + m + span / 2)
        reach = w / 2 - self.inset - m  # from the middle to the seat's edge of the stage
        x = w / 2 + side * (reach - self.other_h / 2)
        top = max(lowest_top, cy - span / 2 - m - plate_h)
        if side > 0:
            name.topright = (w - self.inset - m, top)
        else:
            name.topleft = (self.inset + m, top)
        # Low enough that the scopa cards, upright across it, clear the hand.
        pile_x = w / 2 + side * (reach - self.pile_h / 2)
        pile = (pile_x, cy + span / 2 + m + self.pile_h / 2)
        room = top - self.toolbar_bottom
        if side > 0 and self.players == 4 and self.sides == 2 and room >= self.pile_h + m:
            # Two teams: below the hand, the other team's pile would lie beside the bottom
            # seat's own (a long hand pushes it to the corner). Over the plate, under the
            # aids' corner, it lies on their side of the table.
            pile = (pile_x, self.toolbar_bottom + room / 2)
        angle = 90.0 if side > 0 else -90.0
        return SeatPlace(position, (x, cy), False, angle, self.other_w, name, pile)

    def _widened(self, place: SeatPlace, wanted: float) -> SeatPlace:
        """``place`` with its plate as wide as ``wanted`` (its name whole), up to
        ``PLATE_GROWTH`` times its usual width and as far as the window allows: the bottom
        seat's towards the window's left edge, the top seat's towards the score panel as
        wide as it wants to be (``hud_wanted``), a
        side seat's towards the table (and clear of the deck), six players' side seats
        alike."""
        name = place.name_rect
        if wanted <= name.width:
            return place
        m = self.margin
        edge = place.position.split()[0]
        if place.position == "bottom":
            room = name.right - m
        elif place.position == "top":  # as far as the score panel, as wide as it wants
            panel = min(self.hud_rect.left + self.hud_wanted, self.size[0] * HUD_SHARE)
            room = name.right - (max(self.hud_rect.right, panel) + m)
        elif edge == "left":  # clear of the table's frame, and of the deck beside it
            stock = self.deck_rect
            inner = self.table_rect.left - 1.5 * m
            if name.top < stock.bottom and stock.top < name.bottom:
                inner = min(inner, stock.left - m)
            room = inner - name.left
        else:
            room = name.right - (self.table_rect.right + 1.5 * m)
        width = min(wanted, self.plate_size[0] * PLATE_GROWTH, max(name.width, room))
        grown = FRect(name)
        grown.width = width
        if edge == "left":
            grown.topleft = name.topleft
        elif edge == "right":
            grown.topright = name.topright
        else:
            grown.bottomright = name.bottomright
        return replace(place, name_rect=grown)

    def _place_banded(self, position: str, w: float, h: float) -> SeatPlace:
        """One of two seats on a side of the window (six players): the name plate on top,
        the hand lying below it along the edge, the pile on the cloth beside the hand."""
        m = self.margin
        edge, band = position.split()
        side = 1 if edge == "right" else -1
        plate_w, plate_h = self.plate_size
        span = max(self._span(position, False, self.hand_size), self._span(position, True, 3))
        if side > 0:
            top = self.toolbar_bottom + m
            bottom = h - m - self.pile_w - self.pile_h * 0.35 - m
        else:
            top = self.hud_bottom_guess() + m
            bottom = h - m - plate_h - m
        block = plate_h + m * 0.5 + span
        spare = max(0.0, (bottom - top) - 2 * block) / 3
        block_top = top + spare if band == "high" else bottom - spare - block
        name = FRect(0, 0, min(plate_w, w * 0.15), plate_h)
        reach = w / 2 - self.inset - m  # from the middle to the seat's edge of the stage
        x = w / 2 + side * (reach - self.other_h / 2)
        if side > 0:
            name.topright = (w - self.inset - m, block_top)
        else:
            name.topleft = (self.inset + m, block_top)
        cy = block_top + plate_h + m * 0.5 + span / 2
        pile_x = w / 2 + side * (reach - self.other_h - m - self.pile_h / 2)
        angle = 90.0 if side > 0 else -90.0
        return SeatPlace(position, (x, cy), False, angle, self.other_w, name, (pile_x, cy))

    def stock_label(self, height: float) -> FRect:
        """Where the count of cards left in the deck is written, ``height`` tall: under the
        deck, as wide as the room between the window's edge and the table allows."""
        x, y = self.stock_centre
        room = 2 * min(x - self.margin, self.table_rect.left - x)
        label = FRect(0, y + self.table_h * 0.58, room, height)
        label.centerx = x
        return label

    @property
    def deck_rect(self) -> FRect:
        """What the deck may paint, whatever it holds: its cards climbing up and left of
        the bottom one (``STACK_LAYERS``), its shadow falling down and right, and its count
        under it (two lines of the small font, with room to spare)."""
        w, h = self.table_w, self.table_h
        rise = (STACK_LAYERS - 1) * max(1.0, w * STACK_STEP)
        reach = w * SHADOW_REACH
        x, y = self.stock_centre
        deck = FRect(x - w / 2 - rise, y - h / 2 - rise, w + rise + reach, h + rise + reach)
        return deck.union(self.stock_label(3 * self.font_small))

    def _clear_of_the_panel(self) -> None:
        """A score panel reaching down past the table frame's rounded corner (three sides'
        rows, or four players' on their own) covered the frame's corner and its line: the
        table narrows, as much on either side, until its frame clears the panel (the deck
        beside it stays where it was)."""
        self.narrowed = 0.0
        """How much the table narrowed on either side to clear the panel."""
        frame = self.table_rect.inflate(2 * self.margin, 2 * self.margin)
        corner = frame.top + FRAME_RADIUS * self.unit
        if self.hud_bottom_guess() <= corner:
            return
        short = self.hud_rect.right + self.margin / 2 - frame.left
        if short <= 0:
            return
        self.narrowed = short
        centre = self.table_rect.center
        self.table_rect.width -= 2 * short
        self.table_rect.center = centre

    def hud_width_for(self, needed: float) -> float:
        """The score panel's width when its lines need ``needed``: its usual width, or
        wider for long names (partners' names joined) as far as the name plates at the top
        of the window and the middle of the window allow, and no further than the table's
        frame when the panel reaches down beside it (three names or more)."""
        right = self.size[0] * HUD_SHARE
        bottom = self.hud_bottom_guess()
        frame = self.table_rect.inflate(2 * self.margin, 2 * self.margin)
        corner = frame.top + FRAME_RADIUS * self.unit  # where its rounded corner ends
        if bottom > corner + self.margin / 4:  # the panel would cover the frame's edge
            right = min(right, frame.left - self.margin / 2)
        for place in self.seats:
            plate = place.name_rect
            if plate.top < bottom and plate.left >= self.hud_rect.right:
                right = min(right, plate.left - self.margin)
        return max(self.hud_rect.width, min(needed, right - self.hud_rect.left))

    def hud_bottom_guess(self) -> float:
        """Bottom of the score panel (top-left), which side seats' names must clear."""
        return self.margin + self.hud_height(self.sides)

    def hud_height(self, sides: int) -> float:
        row = 1.4 if sides > 3 else 2.3
        return self.font_normal * (2.4 + row * sides) + self.margin

    # --- seats ---------------------------------------------------------------------------

    def place_of(self, seat: int) -> SeatPlace:
        """The place where ``seat`` sits, counted from the bottom in the way play goes."""
        return self.seats[(seat - self.bottom) % self.players]

    def hand_slots(self, seat: int, count: int, visible: bool) -> list[HandSlot]:
        """Where each card of a hand goes, fanned along the seat's edge of the table.

        A hand shown face up to a watcher is drawn upright so its values read; a hidden
        hand lies along its edge, backs out.
        """
        place = self.place_of(seat)
        position = place.position
        gap = self._gap(position, visible, count)
        cx, cy = place.hand_centre
        slots = []
        for i in range(count):
            offset = (i - (count - 1) / 2) * gap
            if position == "bottom":
                slots.append(HandSlot((cx + offset, cy), self.hand_w, 0.0))
            elif position == "top":
                width = self.open_w if visible else self.other_w
                y = self.toolbar_bottom + card_height(width) / 2
                slots.append(HandSlot((cx - offset, y), width, 0.0 if visible else 180.0))
            elif " " in position:
                direction = 1 if position.startswith("right") else -1
                angle = place.angle if not visible else (90.0 if direction > 0 else -90.0)
                slots.append(HandSlot((cx, cy - direction * offset), self.other_w, angle))
            elif visible:
                side = 1 if position == "right" else -1
                reach = self.size[0] / 2 - self.inset - self.margin - self.open_w / 2
                x = self.size[0] / 2 + side * reach  # by its plate, on a wide window too
                slots.append(HandSlot((x, cy + offset), self.open_w, 0.0))
            else:
                direction = 1 if position == "right" else -1
                slots.append(HandSlot((cx, cy - direction * offset), self.other_w, place.angle))
        return slots

    def pile_centre(self, side: int) -> tuple[float, float]:
        """A side's pile sits by the first of its seats, going round from the bottom."""
        return self._pile_place(side).pile_centre

    def _pile_place(self, side: int) -> SeatPlace:
        for k in range(self.players):
            seat = (self.bottom + k) % self.players
            if self.rules.side_of(seat) == side:
                return self.place_of(seat)
        raise ValueError(f"no seat plays for side {side}")

    def _inward(self, x: float) -> int:
        """Along the window's width, the way towards its middle from ``x``."""
        return 1 if x < self.size[0] / 2 else -1

    def marker_centre(self, side: int, index: int, count: int) -> tuple[float, float]:
        """Where the ``index``-th of a side's ``count`` scopa cards lies, face up across its
        pile: each one a little further towards the middle of the window."""
        x, y = self.pile_centre(side)
        step = MARKER_STEP
        if count > 2:
            step = min(step, (MARKER_SPREAD - MARKER_STEP) / (count - 1))
        return (x + self._inward(x) * (MARKER_STEP + index * step) * self.pile_w, y)

    def pile_tag(self, side: int, width: float, height: float) -> FRect:
        """Where the number of cards a side has taken is written, ``width`` by ``height``,
        beside its pile and never on it (``_tag_spots``, the one chosen for it)."""
        return self._tag_spots(side, width, height)[self._tag_chosen[side]]

    def _tag_spots(self, side: int, width: float, height: float) -> list[FRect]:
        """The places a pile's count may take, best first: for a seat at the bottom or the
        top, beside the pile on the side away from the scopa cards; then (first for a seat
        at the window's side, whose edge leaves no room there) just past the farthest the
        scopa cards reach towards the middle; then under them, then over them (over, then
        under, for the bottom seat's, at the window's bottom edge). Each keeps its edge
        nearest the pile where it is, whatever the number's width."""
        place = self._pile_place(side)
        x, y = place.pile_centre
        m = self.margin
        inward = self._inward(x)
        stack = self.pile_rect(side)
        reach = stack.unionall([self.marker_rect(side, i, SCOPE_SHOWN) for i in range(SCOPE_SHOWN)])
        past = max(stack.width / 2, (MARKER_SPREAD + 0.5) * self.pile_w) + m * 0.4
        under = (x, reach.bottom + m * 0.15 + height / 2)
        over = (x, reach.top - m * 0.15 - height / 2)
        low = place.horizontal and y > self.size[1] / 2  # the bottom seat's: over first
        spots = [(x + inward * (past + width / 2), y), *((over, under) if low else (under, over))]
        if place.horizontal:
            spots.insert(0, (x - inward * (stack.width / 2 + m * 0.4 + width / 2), y))
        tags = []
        for centre in spots:
            tag = FRect(0, 0, width, height)
            tag.center = centre
            tags.append(tag)
        return tags

    @cached_property
    def _tag_chosen(self) -> dict[int, int]:
        """For each side, which of its ``_tag_spots`` its count takes: the first inside the
        window and clear of everything on the table (``_tag_obstacles``) and of the counts
        placed before it (those by the window's sides first, which have fewer places), else
        the first inside the window."""
        width, height = self.count_size
        window = FRect((0, 0), self.size).inflate(-self.margin * 0.5, -self.margin * 0.5)
        placed: list[FRect] = []
        chosen = {}
        for side in sorted(range(self.sides), key=lambda s: self._pile_place(s).horizontal):
            spots = self._tag_spots(side, width, height)
            inside = [k for k, tag in enumerate(spots) if window.contains(tag)] or [0]
            taken = [*self._tag_obstacles, *placed]
            apart = self.margin * 0.2
            clear = [k for k in inside if spots[k].inflate(apart, apart).collidelist(taken) < 0]
            clear = clear or [k for k in inside if spots[k].inflate(-2, -2).collidelist(taken) < 0]
            chosen[side] = (clear or inside)[0]
            placed.append(spots[chosen[side]])
        return chosen

    @cached_property
    def _tag_obstacles(self) -> list[FRect]:
        """What a pile's count keeps clear of: the table, the deck, the score panel, the
        aids' corner, every plate, hand (hidden or shown), pile and scopa card."""
        w = self.size[0]
        taken = [
            self.table_rect.inflate(2 * self.margin, 2 * self.margin),
            self.deck_rect,
            self.hud_rect,
            FRect(w * 0.55, 0, w * 0.45, self.toolbar_bottom),
        ]
        for seat in range(self.players):
            taken.append(FRect(self.place_of(seat).name_rect))
            for visible in (False, True):
                cards = [card_rect(slot) for slot in self.hand_slots(seat, self.hand_size, visible)]
                taken.append(cards[0].unionall(cards[1:]))
        for side in range(self.sides):
            taken.append(self.pile_rect(side))
            taken += [self.marker_rect(side, i, SCOPE_SHOWN) for i in range(SCOPE_SHOWN)]
        return taken

    def pile_rect(self, side: int) -> FRect:
        """A side's pile, lying across its place, with room for the stack's thickness."""
        pile = FRect(0, 0, self.pile_h * 1.15, self.pile_w * 1.15)
        pile.center = self.pile_centre(side)
        return pile

    def marker_rect(self, side: int, index: int, count: int) -> FRect:
        """The ``index``-th of a side's ``count`` scopa cards (``marker_centre``)."""
        marker = FRect(0, 0, self.pile_w, self.pile_h)
        marker.center = self.marker_centre(side, index, count)
        return marker

    @property
    def count_size(self) -> tuple[float, float]:
        """How big a pile's count is drawn: a two-digit number in the small font on its
        panel, a line high (drawn so: the room kept for it is the room it takes)."""
        return self.font_small * 1.4 + self.margin * 0.8, self.font_small * 1.3

    def count_rect(self, side: int) -> FRect:
        """The pile's count (``pile_tag``), for a two-digit number in the small font."""
        return self.pile_tag(side, *self.count_size)

    @cached_property
    def seats_room(self) -> tuple[FRect, ...]:
        """What the seats take of the window, whatever they hold: each other seat's plate,
        every hand (face down, or laid open), and each side's pile with ``SCOPE_SHOWN``
        scopa cards across it and its count."""
        room: list[FRect] = []
        for seat in range(self.players):
            if seat != self.bottom:
                room.append(FRect(self.place_of(seat).name_rect))
            for visible in (False, True):
                cards = [card_rect(slot) for slot in self.hand_slots(seat, self.hand_size, visible)]
                room.append(cards[0].unionall(cards[1:]))
        for side in range(self.rules.sides):
            room.append(self.pile_rect(side))
            room.extend(self.marker_rect(side, i, SCOPE_SHOWN) for i in range(SCOPE_SHOWN))
            room.append(self.count_rect(side))
        return tuple(room)

    @cached_property
    def status_width(self) -> float:
        """The widest the status line's panel may be, centred under the table: clear of
        the seats beside it (with three players or more the side seats' hands and piles lie
        at its height), and of the window's edges."""
        w = self.size[0]
        middle = w / 2
        half = w / 2 - 3 * self.margin
        top = self.status_top
        bottom = self.status_centre[1] + (self.status_centre[1] - top)
        for rect in self.seats_room:
            if rect.bottom <= top or rect.top >= bottom:
                continue
            if rect.right <= middle:
                half = min(half, middle - rect.right - self.margin * 0.5)
            elif rect.left >= middle:
                half = min(half, rect.left - middle - self.margin * 0.5)
        return max(self.table_w * 2.0, 2 * half)

    # --- the table -----------------------------------------------------------------------

    def table_slot(self, slot: int, count: int) -> FRect:
        """Table slot ``slot`` among ``count``: one row while they fit, else two rows."""
        rows = 1 if count <= 6 else 2
        columns = max(1, math.ceil(count / rows))
        room = self.table_rect.width - self.table_w
        pitch = min(self.table_w * 1.22, room / max(1, columns - 1))
        row, col = divmod(slot, columns)
        rect = FRect(0, 0, self.table_w, self.table_h)
        x = self.table_rect.centerx + (col - (columns - 1) / 2) * pitch
        y = self.table_rect.centery + (row - (rows - 1) / 2) * (self.table_h + self.margin * 0.9)
        rect.center = (x, y)
        return rect


def card_rect(slot: HandSlot) -> FRect:
    """The card drawn in ``slot``, upright or turned a quarter."""
    rect = FRect(0, 0, slot.width, card_height(slot.width))
    if abs(slot.angle) % 180 == 90:
        rect.size = (rect.height, rect.width)
    rect.center = slot.centre
    return rect
