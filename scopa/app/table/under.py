"""The row under the cards on the table, where the hint and Cirulla's knock buttons lie.

They lie just above the status line while the cards on the table leave them room there
(one row of cards, or a window tall enough for two). When a second row of cards reaches
down to the status line, they take the status line's own row instead: from the lowest card
to the top of a raised card of the hand, as wide as the seats at the window's sides and
the deck leave it. The words that row holds then take turns (see ``TableScene``): a
message first, else the hint, else whose turn it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame import FRect

from .layout import TableLayout

GAP = 0.25
"""Between a panel under the table and a card or a seat, in margins."""


@dataclass(frozen=True)
class Row:
    """Where panels under the table may lie: ``room``, and whether it is the status
    line's own row (its words give way)."""

    room: FRect
    on_status: bool
    middle: float
    """The height the middles of panels on the status line's row keep to: the line's."""

    def place(self, area: FRect, x: float) -> FRect:
        """``area`` laid in the row, its middle at ``x`` as far as the room allows: above
        the status line on the room's bottom edge, on the status line's row on its middle."""
        placed = FRect(area)
        room = self.room
        placed.centerx = min(max(x, room.left + placed.width / 2), room.right - placed.width / 2)
        if self.on_status:
            low, high = room.top + placed.height / 2, room.bottom - placed.height / 2
            placed.centery = min(max(self.middle, low), high) if low <= high else room.centery
        else:
            placed.bottom = room.bottom
        return placed


def above_status(layout: TableLayout, cards: Sequence[FRect]) -> Row:
    """The room between the lowest of ``cards`` (those lying on the table) and the status
    line, as wide as the table."""
    m = layout.margin
    table = layout.table_rect.inflate(-0.6 * m, 0)
    top = _below(layout, cards)
    room = _free(layout, top, layout.status_top - GAP * m, table.left, table.right)
    return Row(room, False, room.centery)


def on_status(layout: TableLayout, cards: Sequence[FRect]) -> Row:
    """The status line's row: from the lowest of ``cards`` to the top of a raised card of
    the hand, as wide as the seats beside it and the deck leave it."""
    m = layout.margin
    top = _below(layout, cards)
    bottom = layout.raised_top - GAP * m
    room = _free(layout, top, bottom, m, layout.size[0] - m)
    return Row(room, True, layout.status_centre[1])


def row_under(layout: TableLayout, cards: Sequence[FRect], width: float, height: float) -> Row:
    """The row for panels ``width`` by ``height`` under ``cards``: above the status line
    where they fit, else the status line's own row."""
    above = above_status(layout, cards)
    if height <= above.room.height and width <= above.room.width:
        return above
    return on_status(layout, cards)


def beside_hand(layout: TableLayout, cards: Sequence[FRect], hand: FRect) -> list[Row]:
    """The rooms left and right of the bottom hand (``hand``: its cards, one raised), from
    just under the lowest of ``cards`` down to the window's edge, clear of the seats, the
    bottom seat's name and the deck: for panels the status line's row has no room for
    (its words give way all the same)."""
    (w, h), m = layout.size, layout.margin
    gap, top = GAP * m, _below(layout, cards)
    things = [*_things(layout), FRect(layout.place_of(layout.bottom).name_rect)]
    rooms = (
        FRect(m, top, hand.left - gap - m, h - m - top),
        FRect(hand.right + gap, top, w - m - hand.right - gap, h - m - top),
    )
    middle = layout.status_centre[1]
    return [Row(_clear(room, things, gap), True, middle) for room in rooms]


def _below(layout: TableLayout, cards: Sequence[FRect]) -> float:
    """Just under the lowest of ``cards`` (under the table's middle when it is bare)."""
    lowest = max((card.bottom for card in cards), default=layout.table_rect.centery)
    return lowest + GAP * layout.margin


def _things(layout: TableLayout) -> list[FRect]:
    """What panels under the table keep clear of: the seats (names, hands, piles) and the
    deck with its count (``deck_rect``)."""
    return [*layout.seats_room, FRect(layout.deck_rect)]


def _free(layout: TableLayout, top: float, bottom: float, left: float, right: float) -> FRect:
    """The band from ``top`` to ``bottom``, between ``left`` and ``right``, narrowed to
    keep clear of what lies in it (``_things``)."""
    w, gap = layout.size[0], GAP * layout.margin
    for thing in _things(layout):
        if thing.bottom <= top or thing.top >= bottom:
            continue
        if thing.centerx < w / 2:
            left = max(left, thing.right + gap)
        else:
            right = min(right, thing.left - gap)
    return FRect(left, top, max(0.0, right - left), max(0.0, bottom - top))


def _clear(room: FRect, things: Sequence[FRect], gap: float) -> FRect:
    """``room`` cut back, one side at a time, clear of each of ``things`` in it: on the
    side that leaves the most of it."""
    room = FRect(room)
    for thing in things:
        if room.width <= 0 or room.height <= 0 or not room.colliderect(thing):
            continue
        cuts = (
            FRect(room.left, room.top, thing.left - gap - room.left, room.height),
            FRect(thing.right + gap, room.top, room.right - thing.right - gap, room.height),
            FRect(room.left, room.top, room.width, thing.top - gap - room.top),
            FRect(room.left, thing.bottom + gap, room.width, room.bottom - thing.bottom - gap),
        )
        room = max(cuts, key=lambda cut: max(0.0, cut.width) * max(0.0, cut.height))
    room.width, room.height = max(0.0, room.width), max(0.0, room.height)
    return room
