"""Where everything on the table goes, computed from the window size alone.

Every length is a fraction of the window (through ``unit``, the scale against a
1920x1080 reference), so the table reads the same from 960x540 to 4K and no scene holds
a pixel literal. Seats are placed relative to the seat shown at the bottom: play runs
counter-clockwise, so the next seat sits on the bottom player's right, then across, then
on the left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pygame import FRect

from ..cardart import card_height

POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
}
REFERENCE = (1920, 1080)


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


class TableLayout:
    """Positions and sizes for one window size, player count and bottom seat."""

    def __init__(self, size: tuple[int, int], players: int, bottom: int = 0) -> None:
        self.size = size
        self.players = players
        self.bottom = bottom
        w, h = size
        self.unit = min(w / REFERENCE[0], h / REFERENCE[1])
        u = self.unit
        self.margin = 24 * u
        self.hand_w = max(40, round(150 * u))
        self.table_w = max(34, round(118 * u))
        self.other_w = max(26, round(78 * u))
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
        self.lift = self.hand_h * 0.14
        table_height = 2 * self.table_h + 3.2 * self.margin
        centre_y = h * 0.47
        self.table_rect = FRect(0, 0, min(w * 0.6, 11 * self.table_w), table_height)
        self.table_rect.center = (w / 2, centre_y)
        self.stock_centre = (self.table_rect.left - self.table_w * 0.75, centre_y)
        self.status_centre = (w / 2, h - self.hand_h - 3.2 * self.margin)
        self.banner_centre = (w / 2, centre_y)
        self.seats = [self._place(pos, w, h) for pos in POSITIONS[players]]
        self.hud_rect = FRect(self.margin, self.margin, 330 * u, 0)

    def _place(self, position: str, w: float, h: float) -> SeatPlace:
        m, u = self.margin, self.unit
        plate_w, plate_h = 260 * u, 64 * u
        if position == "bottom":
            centre = (w / 2, h - m - self.hand_h / 2)
            name = FRect(0, 0, plate_w, plate_h)
            name.midright = (w / 2 - 2.6 * self.hand_w, centre[1])
            pile = (w - m * 3 - self.pile_h / 2, h - m - self.pile_h / 2 - m)
            return SeatPlace(position, centre, True, 0.0, self.hand_w, name, pile)
        if position == "top":
            centre = (w / 2, m + self.other_h / 2)
            name = FRect(0, 0, plate_w, plate_h)
            name.midleft = (w / 2 + 2.4 * self.other_w + m, centre[1])
            pile = (w / 2 - 2.6 * self.other_w - self.pile_h, m + self.pile_h / 2)
            return SeatPlace(position, centre, True, 180.0, self.other_w, name, pile)
        side = 1 if position == "right" else -1
        x = w / 2 + side * (w / 2 - m - self.other_h / 2)
        centre = (x, h * 0.44)
        name = FRect(0, 0, plate_w, plate_h)
        name.center = (
            x - side * (plate_w / 2 - self.other_h / 2),
            h * 0.44 - 2.6 * self.other_w - plate_h,
        )
        pile = (x - side * (self.pile_h * 0.2), h * 0.44 + 2.4 * self.other_w + self.pile_h / 2)
        angle = 90.0 if side > 0 else -90.0
        return SeatPlace(position, centre, False, angle, self.other_w, name, pile)

    # --- seats ---------------------------------------------------------------------------

    def place_of(self, seat: int) -> SeatPlace:
        """The place where ``seat`` sits, counted counter-clockwise from the bottom."""
        return self.seats[(seat - self.bottom) % self.players]

    def hand_slots(self, seat: int, count: int, *, face_width: int | None = None) -> list[FRect]:
        """Centred rectangles (one per card) of a hand fanned along its edge of the table."""
        place = self.place_of(seat)
        cw = face_width or place.card_w
        ch = card_height(cw)
        along = cw if place.horizontal else ch
        if place.horizontal:
            gap = cw * (1.08 if place.position == "bottom" else 0.55)
        else:
            gap = cw * 0.55
        room = (self.size[0] * 0.5) if place.horizontal else self.size[1] * 0.42
        if count > 1:
            gap = min(gap, (room - along) / (count - 1))
        slots = []
        cx, cy = place.hand_centre
        for i in range(count):
            offset = (i - (count - 1) / 2) * gap
            rect = FRect(0, 0, cw, ch)
            if place.horizontal:
                direction = -1 if place.position == "top" else 1
                rect.center = (cx + direction * offset, cy)
            else:
                direction = 1 if place.position == "right" else -1
                rect.center = (cx, cy - direction * offset)
            slots.append(rect)
        return slots

    def pile_centre(self, side: int, sides: int) -> tuple[float, float]:
        """A side's pile sits by the first of its seats, going round from the bottom."""
        for k in range(self.players):
            seat = (self.bottom + k) % self.players
            if seat % sides == side:
                return self.place_of(seat).pile_centre
        return self.seats[0].pile_centre

    # --- the table -----------------------------------------------------------------------

    def table_slot(self, slot: int, count: int) -> FRect:
        """Centre of table slot ``slot`` among ``count`` slots laid out in two rows."""
        columns = max(5, math.ceil(count / 2))
        pitch = min(
            self.table_w * 1.22, (self.table_rect.width - self.table_w) / max(1, columns - 1)
        )
        row, col = divmod(slot, columns)
        rows = 2
        rect = FRect(0, 0, self.table_w, self.table_h)
        x = self.table_rect.centerx + (col - (columns - 1) / 2) * pitch
        y = self.table_rect.centery + (row - (rows - 1) / 2) * (self.table_h + self.margin * 0.9)
        rect.center = (x, y)
        return rect
