"""The capture-choice popup: when a card can take several sets, the player picks one."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import pygame
from pygame import FRect

from scopa.engine import Card, Move

from .. import style
from ..cardart import CardArt, card_height
from ..style import Scale
from .frame import Item
from .layout import SHADOW_REACH, TableLayout
from .text import Writer

SELECTED = (255, 214, 90)
TITLE_LINE = 1.45
"""The height of the popup's title line, in its font's sizes (the serif's accents and tails)."""
WAIT_ANGLE = -6.0
"""Degrees the played card leans while it waits beside the popup for the player's pick."""
LAY_WIDTH = 3
"""Cards' widths the row of laying the card (taking nothing) has at least, for its words."""
LEFT_SIZE = 0.78
"""The cards a set leaves on the table, shown under it, at this share of its cards' width."""
LEFT_STEP = 0.5
"""Each of those cards lies over the one before but for this share of its width at most,
its corner's value in sight (where its row has no room to lay them side by side)."""


class ChoiceWords(NamedTuple):
    """What the capture choice says: its ``title`` and ``hint``; ``lay_word`` names the
    option of laying the card, where the rules let a card that takes be laid; ``scopa``
    marks the options that score one (``sweeps``); ``matta``: the matta named and its tag
    ("= 2"), worn where it is one of the cards to take, as on the table; ``leaves`` heads
    the cards each set leaves on the table."""

    title: str
    hint: str
    lay_word: str
    scopa: str = ""
    matta: tuple[Card, str] | None = None
    leaves: str = ""


class ChoicePopup:
    """One row per capture set, drawn with small cards; click or arrows + Enter to pick."""

    def __init__(
        self,
        card: Card,
        options: list[Move],
        layout: TableLayout,
        sweeps: frozenset[Move] = frozenset(),
        table: tuple[Card, ...] = (),
        leaves_w: Callable[[int], float] = lambda px: 0.0,
    ) -> None:
        self.card = card
        self.sweeps = sweeps
        """The options that score a scopa: each is marked under its cards."""
        self.options = sorted(options, key=lambda move: not move.captures)
        """The captures, then laying the card (where the rules allow it): the first is
        chosen at first, so Enter at once takes, as a card that takes usually does."""
        self.table = table
        """The cards on the table, as they lie there."""
        self.left = [
            tuple(c for c in table if c not in move.captures) if move.captures else ()
            for move in self.options
        ]
        """Per option, the cards it leaves on the table (which decides the next player's
        sweep): shown under its cards, small. Laying the card is said in words."""
        self.selected = 0
        self.layout = layout
        self.leaves_w = leaves_w(layout.font_small) if any(self.left) else 0.0
        """The width of the words heading the cards a set leaves (``ChoiceWords.leaves``),
        at their size: a set's row is as wide ("Left on the t..." under one card)."""
        u = layout.unit
        self.pad = 22 * u
        count = len(options)
        longest = max(len(move.captures) for move in options)
        if any(not move.captures for move in options):
            longest = max(longest, LAY_WIDTH)  # room to say the card is laid
        self.card_w = max(layout.mini_w, round(layout.table_w * 0.72))
        # two or three sets side by side where the popup's least width holds them: one
        # line, and the table's line under it stays in sight (a third set went alone on a
        # second line, leaving a wide empty corner)
        row_w = self._row_w(longest)
        in_line = count <= 3 and count * row_w + (count + 1) * self.pad <= 900 * u
        self.columns = columns = count if in_line else (1 if count <= 2 else 2)
        lines = math.ceil(count / columns)
        title_h = self.pad + layout.font_large * TITLE_LINE + layout.font_small * 1.8
        self.mark_room = layout.font_small * 1.7 if sweeps else 0.0
        """Room under each line of sets for the word marking a scopa."""
        self.left_w = 0.0
        """The width of the cards each set leaves, under it (none: no set leaves any)."""
        w, h = layout.size
        least_left = layout.deck_rect.right + self._beside(layout.hand_w)
        room = min(w * 0.95, w - layout.margin - least_left)
        while True:
            self.row_h = card_height(self.card_w) + self.pad
            self.left_w = round(self.card_w * LEFT_SIZE) if any(self.left) else 0.0
            height = title_h + lines * (self.row_h + self.pad * 0.5 + self.under_room) + self.pad
            row_w = self._row_w(longest)
            width = max(columns * row_w + (columns + 1) * self.pad, 900 * u)
            fits = height <= h * 0.86 and width <= room
            if fits or self.card_w <= layout.mini_w * 0.6:
                break
            self.card_w = round(self.card_w * 0.88)
        self.rect = FRect(0, 0, width, height)
        self.rect.center = (w / 2, h * 0.47)
        # clear of the table's line (what the card must do, said as the popup opens)
        self.rect.bottom = min(self.rect.bottom, layout.status_top - layout.margin * 0.3)
        self.rect.top = max(self.rect.top, layout.margin)
        # Right of the deck, with room for the card played to wait between the two.
        self.rect.left = max(self.rect.left, least_left)
        self.rect.right = min(self.rect.right, w - layout.margin)
        self.rows = []
        for i in range(count):
            column, line = i % columns, i // columns
            row = FRect(0, 0, row_w, self.row_h)
            x = self.rect.centerx + (column - (columns - 1) / 2) * (row_w + self.pad)
            step = self.row_h + self.pad * 0.5 + self.under_room
            row.midtop = (x, self.rect.top + title_h + line * step)
            self.rows.append(row)

    def _row_w(self, longest: int) -> float:
        """The width of a set's row: its cards', or those it leaves on the table, under
        it, with their corners' values in sight."""
        cards = longest * self.card_w * 1.1
        most = max(len(left) for left in self.left)
        if most:
            width = self.card_w * LEFT_SIZE
            cards = max(cards, width * (1 + (most - 1) * LEFT_STEP), self.leaves_w)
        return cards + self.pad * 2

    @property
    def under_room(self) -> float:
        """Room under each line of sets: for the word heading the cards each leaves on the
        table and those cards, and for the word marking a scopa (which leaves none)."""
        if not self.left_w:
            return self.mark_room
        left = self.layout.font_small * 1.5 + card_height(round(self.left_w)) + self.pad * 0.5
        return max(self.mark_room, left)

    def left_rect(self, index: int) -> FRect:
        """Where the cards the option ``index`` leaves lie: under its row, in the room
        left for them, its width less a margin each side."""
        row = self.rows[index]
        height = self.under_room - self.pad * 0.3
        return FRect(row.left + self.pad * 0.25, row.bottom + self.pad * 0.15,
                     row.width - self.pad * 0.5, height)  # fmt: skip

    def _leaning(self, card_w: float) -> tuple[float, float]:
        """Half the width and half the height of the card played, leaning as it waits."""
        turn = math.radians(abs(WAIT_ANGLE))
        card_h = card_height(round(card_w))
        half_w = (card_w * math.cos(turn) + card_h * math.sin(turn)) / 2
        half_h = (card_h * math.cos(turn) + card_w * math.sin(turn)) / 2
        return half_w, half_h

    def _beside(self, card_w: float) -> float:
        """The width the card played takes waiting left of the popup: the card leaning, a
        gap from the popup's border and, on its left, its shadow and a gap from the deck."""
        lay = self.layout
        return self._leaning(card_w)[0] * 2 + card_w * SHADOW_REACH + lay.margin * 0.8

    def waiting_spot(self, card_w: float) -> tuple[float, float]:
        """Where the played card waits while the player picks: left of the popup and clear
        of its border, between the popup and the deck. Where a popup too wide for the
        window leaves no room there, the card is raised above the deck instead."""
        lay = self.layout
        half_w, half_h = self._leaning(card_w)
        reach = card_w * SHADOW_REACH
        x = max(half_w + reach, self.rect.left - half_w - lay.margin * 0.4)
        y = self.rect.centery
        spread = FRect(0, 0, 2 * (half_w + reach), 2 * (half_h + reach))
        spread.center = (x, y)
        deck = lay.deck_rect
        if spread.colliderect(deck):
            y = max(deck.top - half_h - reach, half_h + lay.margin)
        return x, y

    def option_at(self, pos: tuple[float, float]) -> int | None:
        for i, row in enumerate(self.rows):
            if row.collidepoint(pos):
                return i
        return None

    def move_selection(self, step: int, *, down: bool = False) -> None:
        """Left and Right (``step`` -1 or 1) go through the options in reading order; Up and
        Down (``down``) go a line up or down the grid, round to the other end of the
        column."""
        count = len(self.options)
        if not down or self.columns == 1:
            self.selected = (self.selected + step) % count
            return
        column = list(range(self.selected % self.columns, count, self.columns))
        self.selected = column[(column.index(self.selected) + step) % len(column)]

    @property
    def chosen(self) -> Move:
        return self.options[self.selected]

    def item(self, art: CardArt, text: Writer, words: ChoiceWords) -> Item:
        """The popup as an item of the table's frame (it dims the whole table), written with
        ``words``."""
        key = ("choice", self.card, tuple(self.options), self.selected, words)
        area = pygame.Rect((0, 0), self.layout.size)
        return Item(key, area, lambda surface: self.draw(surface, art, text, words))

    def draw(self, surface: pygame.Surface, art: CardArt, text: Writer, words: ChoiceWords) -> None:
        title, hint, lay_word, scopa, matta, leaves = words
        lay = self.layout
        veil = pygame.Surface(lay.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, (0, 0))
        scale = Scale(lay.size)
        style.dark_panel(surface, self.rect, scale, border=style.GOLD, alpha=255)
        radius = round(18 * lay.unit)
        inside = self.rect.inflate(-2 * self.pad, 0)
        heading = text.pen("title", lay.font_large, style.CREAM)
        box = FRect(
            inside.left, self.rect.top + self.pad, inside.width, lay.font_large * TITLE_LINE
        )
        style.text(surface, title, heading, box, align="center")
        box = FRect(inside.left, box.bottom, inside.width, lay.font_small * 1.8)
        style.text(surface, hint, text.pen("ui", lay.font_small, style.MIST), box, align="center")
        for i, (row, move) in enumerate(zip(self.rows, self.options)):
            if i == self.selected:
                glow = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*SELECTED, 70), glow.get_rect(), border_radius=radius)
                pygame.draw.rect(
                    glow, SELECTED, glow.get_rect(), max(2, round(3 * lay.unit)), radius
                )
                surface.blit(glow, row.topleft)
            count = len(move.captures)
            if not count:
                words = text.pen("ui_bold", round(lay.font_small * 1.15), style.CREAM)
                inner = row.inflate(-self.pad, -self.pad)
                style.text(surface, lay_word, words, inner, align="center", lines=3)
                continue
            start = row.centerx - (count - 1) * self.card_w * 1.1 / 2
            for k, card in enumerate(move.captures):
                face = art.face(card, self.card_w)
                centre = (start + k * self.card_w * 1.1, row.centery)
                surface.blit(
                    art.shadow(self.card_w),
                    art.shadow(self.card_w).get_rect(
                        center=(centre[0] + self.card_w * 0.05, centre[1] + self.card_w * 0.08)
                    ),
                )
                surface.blit(face, face.get_rect(center=centre))
                if matta is not None and card == matta[0]:
                    pen = text.pen("ui_bold", lay.font_small, style.NIGHT)
                    tag = style.card_tag_area(matta[1], pen, centre, self.card_w, lay.margin * 0.8)
                    style.draw_tag(surface, matta[1], pen, tag)
            if move in self.sweeps and scopa:
                self._mark(surface, row, text, scopa)
            elif self.left[i]:
                self._draw_left(surface, art, text, i, leaves, matta)

    def _draw_left(
        self,
        surface: pygame.Surface,
        art: CardArt,
        text: Writer,
        index: int,
        word: str,
        matta: tuple[Card, str] | None,
    ) -> None:
        """The cards option ``index`` leaves on the table, small and overlapping, under the
        word that heads them ("Leaves"), centred under its set; the matta among them with
        the value named for it ("= 3"), as the table shows it (a bare 7 read as a 7 left)."""
        area = self.left_rect(index)
        cards = self.left[index]
        width = round(self.left_w)
        pen = text.pen("ui", self.layout.font_small, style.MIST)
        said = FRect(area.left, area.top, area.width, self.layout.font_small * 1.5)
        style.text(surface, word, pen, said, align="center")
        step = self.left_step(index)
        x = area.centerx - (width + step * (len(cards) - 1)) / 2
        tagged: tuple[float, float] | None = None
        for card in cards:
            face = art.face(card, width)
            spot = face.get_rect(topleft=(round(x), round(said.bottom)))
            surface.blit(face, spot)
            if matta is not None and card == matta[0]:
                tagged = spot.center
            x += step
        if matta is not None and tagged is not None:  # over the cards laid after it
            tag_pen = text.pen("ui_bold", self.layout.font_small, style.NIGHT)
            area = style.card_tag_area(matta[1], tag_pen, tagged, width, self.layout.margin * 0.8)
            style.draw_tag(surface, matta[1], tag_pen, area)

    def left_step(self, index: int) -> float:
        """How far apart the cards option ``index`` leaves lie: side by side where its
        row's width holds them (overlapping, at 960x540 two cards read as one), else
        overlapping as much as it takes, their corners' values in sight (``LEFT_STEP``)."""
        cards, width = len(self.left[index]), self.left_w
        if cards < 2:
            return 0.0
        room = (self.left_rect(index).width - width) / (cards - 1)
        return max(width * LEFT_STEP, min(width * 1.08, room))

    def mark_rect(self, row: FRect, text: Writer, word: str) -> FRect:
        """Where the word that marks a scopa sits: under the row's cards, in the room left
        for it (``mark_room``), clear of the cards' corners and of the ring round the row."""
        pen = text.pen("ui_bold", self.layout.font_small, style.BRIGHT_GOLD)
        width = style.natural_width(word, pen) + self.pad
        height = min(style.line_height(pen) + self.pad * 0.3, self.mark_room)
        box = FRect(0, 0, min(width, row.width), height)
        box.center = (row.centerx, row.bottom + self.mark_room / 2)
        return box

    def _mark(self, surface: pygame.Surface, row: FRect, text: Writer, word: str) -> None:
        box = self.mark_rect(row, text, word)
        style.dark_panel(surface, box, Scale(self.layout.size), border=style.BRIGHT_GOLD, alpha=255)
        pen = text.pen("ui_bold", self.layout.font_small, style.BRIGHT_GOLD)
        style.text(surface, word, pen, box, align="center")
