"""Quick messages at a table online: a few set phrases ("Well played!", "Good game!") the
players send one another.

A button beside this screen's name plate (or Q) opens the phrases; a click, or a phrase's
digit, sends one. What a seat says shows for a few seconds in a bubble by its plate, in
this window's language whatever the sender's: only the phrase's name travels
(``PHRASES``), never words of a player's own. A seat may send a few at once, then one every
few seconds, as the server allows (the phrases wait, greyed, meanwhile). Settings →
"Quick messages online" off hides the button and every bubble.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import FRect

from scopa.net.protocol import PHRASES

from .. import style
from ..style import Scale
from .aids import modified
from .frame import Item, Press, box
from .layout import TableLayout
from .text import Writer

if TYPE_CHECKING:
    from ..remote import Allowance, RemoteCoordinator

KEY = pygame.K_q
SAID_KEY = "chat.said"
"""The start of the key of a quick message told as a toast over a screen that covers the
table: the table, back on top, puts them away (its bubbles tell the next)."""
BUBBLE_SECONDS = 4.5
"""How long a bubble shows, its fading included."""
FADE_SECONDS = 0.6
PHRASE_KEYS = {
    **{pygame.K_1 + number: number for number in range(len(PHRASES))},
    **{pygame.K_KP1 + number: number for number in range(len(PHRASES))},
}
CHOOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
AGAIN_SECONDS = 0.5
"""An Enter this soon after a key sent a phrase (and put the list away) is that key's
double, not meant for what lies under the list (Leave, Start, a card)."""


@dataclass(frozen=True)
class Spot:
    """Where the button is, and the measures its list is drawn with: the table's, or a
    screen's over it (the score sheet)."""

    size: tuple[int, int]
    margin: float
    px: int
    button: FRect
    rightwards: bool = False
    """The list reaches right from the button's left edge (on the score sheet, over the
    sheet); else left from its right edge (at the table, clear of the hand beside it)."""
    clear_of: tuple[FRect, ...] = ()
    """What the list keeps clear of where it can: it reaches the other way from the button
    when the first way would cover one of these and the other would not."""


def table_spot(lay: TableLayout) -> Spot:
    """The button beside this screen's name plate: on its left where the window has room,
    else above it."""
    plate = lay.place_of(lay.bottom).name_rect
    side = min(plate.height, lay.font_normal * 1.9)
    gap = lay.margin * 0.4
    rect = FRect(plate.left - gap - side, 0, side, side)
    rect.centery = plate.centery
    if rect.left < lay.margin * 0.25:
        rect.midbottom = (plate.left + side / 2, plate.top - gap)
    return Spot(lay.size, lay.margin, lay.font_small, rect, clear_of=lay.seats_room)


@dataclass
class Bubble:
    phrase: str
    age: float = 0.0
    chime: bool = False
    """A friend's, its chime not yet heard: it sounds as the bubble first shows."""


class QuickMessages:
    """The button, its list of phrases and the bubbles of a table online."""

    def __init__(
        self,
        text: Writer,
        translator: Callable[[], Callable[..., str]],
        send: Callable[[str], None],
        allowance: Callable[[], Allowance],
        chime: Callable[[], None] = lambda: None,
    ) -> None:
        """``allowance``: the messages the seat in front of the screen may still send;
        ``chime``: the sound of a friend's message."""
        self.text = text
        self.translator = translator
        self.send = send
        self.allowance = allowance
        self.chime = chime
        self.bubbles: dict[int, Bubble] = {}
        self.open = False
        self.focus = 0
        self.pointer: tuple[int, int] = (-1, -1)
        self.press = Press()
        self._pressed_row: int | None = None
        self._held = False
        """The bubbles wait under a screen over them (``update``): nothing of theirs moves."""
        self._sent_by_key: float | None = None
        """When a key last sent a phrase (``AGAIN_SECONDS``)."""

    # --- what is said ----------------------------------------------------------------------

    def hear(self, seat: int, phrase: str, *, chime: bool = False) -> None:
        """``seat`` said ``phrase``: its bubble shows it (the one before gives way);
        ``chime``: with the sound of a friend's message, as it first shows."""
        if phrase in PHRASES:
            self.bubbles[seat] = Bubble(phrase, chime=chime)

    def update(self, dt: float, *, seen: bool = True) -> None:
        """The bubbles age while ``seen``: a screen over them (the cover between turns at
        a screen shared by several people) holds them until it goes."""
        self._held = not seen
        if not seen:
            return
        if any(bubble.chime for bubble in self.bubbles.values()):
            self.chime()  # once, for all those heard together
        for seat, bubble in list(self.bubbles.items()):
            bubble.chime = False
            bubble.age += dt
            if bubble.age >= BUBBLE_SECONDS:
                del self.bubbles[seat]

    @property
    def busy(self) -> bool:
        """A bubble is on show (it fades, and goes), or the list waits, greyed, for the
        allowance to come back (it lights up then): frames are drawn meanwhile. Not for
        bubbles held under a cover: a screen passed slowly is not drawn on and on."""
        return (bool(self.bubbles) and not self._held) or (self.open and not self.allowance().ready)

    def words(self, phrase: str) -> str:
        return self.translator()(f"chat.{phrase}")

    def choose(self, index: int) -> bool:
        """Send the phrase at ``index``, if the allowance has one; the list closes."""
        allowance = self.allowance()
        if not 0 <= index < len(PHRASES) or not allowance.ready:
            return False
        allowance.spend()
        self.open = False
        self.send(PHRASES[index])
        return True

    # --- where -----------------------------------------------------------------------------

    def _pens(self, spot: Spot) -> tuple[style.Pen, style.Pen, float]:
        px = spot.px
        title = self.text.pen("ui_bold", px, style.BRIGHT_GOLD)
        row = self.text.pen("ui", px, style.CREAM)
        return title, row, style.line_height(row) * 1.45

    def panel(self, spot: Spot) -> tuple[FRect, list[FRect]]:
        """The list of phrases over the button, and each phrase's row in it."""
        title, pen, step = self._pens(spot)
        t = self.translator()
        pad = spot.margin * 0.5
        labels = [self._label(index) for index in range(len(PHRASES))]
        heads = [t("chat.title"), t("chat.wait")]
        width = max(
            [style.natural_width(label, pen) for label in labels]
            + [style.natural_width(head, title) for head in heads]
        )
        edge = spot.margin * 0.25
        width = min(width + 2 * pad, spot.size[0] - 2 * edge)
        head = style.line_height(title) * 1.5
        height = head + step * len(PHRASES) + pad
        button = spot.button
        ways = [button.left, button.right - width]
        if not spot.rightwards:
            ways.reverse()
        areas = []
        for left in ways:
            area = FRect(left, button.top - spot.margin * 0.3 - height, width, height)
            area.left = max(edge, min(area.left, spot.size[0] - edge - width))
            area.top = max(edge, area.top)
            areas.append(area)
        clear = [area for area in areas if area.collidelist(spot.clear_of) < 0]
        area = (clear or areas)[0]
        rows = [
            FRect(area.left + pad * 0.4, area.top + head + step * k, width - pad * 0.8, step)
            for k in range(len(PHRASES))
        ]
        return area, rows

    def _label(self, index: int) -> str:
        return f"{index + 1}   {self.words(PHRASES[index])}"

    def bubble_rect(
        self, lay: TableLayout, seat: int, words: str, listed: FRect | None = None
    ) -> FRect:
        """The bubble of ``seat``: by its plate, on the side of the table's middle (over
        the plate at the bottom, under it at the top), within the window; beside the open
        list (``listed``) where it would lie under it."""
        pen = self._bubble_pen(lay)
        pad = lay.margin * 0.45
        width = min(style.natural_width(words, pen) + 2 * pad, lay.size[0] * 0.4)
        height = style.line_height(pen) + pad
        plate = lay.place_of(seat).name_rect
        tail = lay.margin * 0.35
        rect = FRect(0, 0, width, height)
        if plate.centery > lay.size[1] / 2:
            rect.midbottom = (plate.centerx, plate.top - tail)
        else:
            rect.midtop = (plate.centerx, plate.bottom + tail)
        edge = lay.margin * 0.25
        rect.left = max(edge, min(rect.left, lay.size[0] - edge - width))
        rect.top = max(edge, min(rect.top, lay.size[1] - edge - height))
        if listed is not None and rect.colliderect(listed):
            if listed.right + edge + width <= lay.size[0] - edge:
                rect.left = listed.right + edge
            else:
                rect.right = listed.left - edge
        return rect

    def _bubble_pen(self, lay: TableLayout) -> style.Pen:
        return self.text.pen("ui_bold", lay.font_small, style.INK)

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, spot: Spot) -> bool:
        """The button, Q and the open list's clicks and keys; True when the event was theirs.
        While the list is open every key is its own, and a click beside it closes it."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.open:
                _, rows = self.panel(spot)
                for index, row in enumerate(rows):
                    if row.collidepoint(event.pos):
                        self.focus = index
            return False
        used, clicked = self.press.handle(event, spot.button)
        if used:
            if clicked:
                self.toggle()
            return True
        if event.type == pygame.KEYDOWN and event.key == KEY and not modified(event):
            self.toggle()
            return True
        if not self.open:
            sent = self._sent_by_key
            if event.type == pygame.KEYDOWN and event.key in CHOOSE_KEYS and sent is not None:
                self._sent_by_key = None
                return time.monotonic() - sent <= AGAIN_SECONDS  # Enter, Enter: one
            return False
        area, rows = self.panel(spot)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open = False
            elif event.key in PHRASE_KEYS or event.key in CHOOSE_KEYS:
                index = PHRASE_KEYS.get(event.key, self.focus)
                if self.choose(index):
                    self._sent_by_key = time.monotonic()
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(PHRASES)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.focus = (self.focus + 1) % len(PHRASES)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and not area.collidepoint(event.pos):
                self.open = False  # a click beside the list puts it away, and only that
                return True
            row = next((k for k, r in enumerate(rows) if r.collidepoint(event.pos)), None)
            if event.button != 1:
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._pressed_row = row
            elif row is not None and row == self._pressed_row:
                self.choose(row)  # a click is a press let go on the same phrase
            if event.type == pygame.MOUSEBUTTONUP:
                self._pressed_row = None
            return True
        return False

    def toggle(self) -> None:
        self.open = not self.open
        self.focus = 0

    # --- drawing ---------------------------------------------------------------------------

    def items(self, lay: TableLayout, *, button: bool) -> list[Item]:
        """The bubbles, and (``button``: this screen may send) the button and the list."""
        spot = table_spot(lay) if button else None
        listed = self.panel(spot)[0] if spot is not None and self.open else None
        out = [
            self._bubble_item(lay, seat, bubble, listed) for seat, bubble in self.bubbles.items()
        ]
        if spot is not None:
            out.extend(self.controls(spot))
        return out

    def controls(self, spot: Spot) -> list[Item]:
        """The button, and its list while open."""
        out = [self._button_item(spot)]
        if self.open:
            out.append(self._panel_item(spot))
        return out

    def _button_item(self, spot: Spot) -> Item:
        rect, scale = spot.button, Scale(spot.size)
        hot = self.open or rect.collidepoint(self.pointer)
        fonts = self.text.font

        def paint(surface: pygame.Surface) -> None:
            state = "hot" if hot else "normal"
            style.button(surface, rect, scale, fonts, "", spot.px, state=state)
            speech_mark(surface, rect.inflate(-rect.w * 0.36, -rect.h * 0.4))

        key = ("chat_button", tuple(rect), hot)
        return Item(key, box(rect, style.button_reach(scale)), paint)

    def _panel_item(self, spot: Spot) -> Item:
        area, rows = self.panel(spot)
        title, pen, _ = self._pens(spot)
        t = self.translator()
        ready = self.allowance().ready
        heading = t("chat.title") if ready else t("chat.wait")
        labels = [self._label(index) for index in range(len(PHRASES))]
        focus = self.focus
        scale = Scale(spot.size)

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, area, scale, border=style.BRIGHT_GOLD, alpha=248)
            pad = spot.margin * 0.5
            head = FRect(area.left + pad, area.top, area.width - 2 * pad, rows[0].top - area.top)
            style.text(surface, heading, title, head)
            for index, (row, label) in enumerate(zip(rows, labels, strict=True)):
                if index == focus and ready:
                    pygame.draw.rect(
                        surface, style.GOLD_DEEP, row, border_radius=max(2, round(row.h / 4))
                    )
                ink = pen if ready else pen.tinted(style.DIM_EDGE)
                inside = row.inflate(-pad * 0.8, 0)
                style.text(surface, label, ink, inside)

        key = ("chat_panel", tuple(area), heading, tuple(labels), focus, ready)
        return Item(key, box(area, 2), paint)

    def _bubble_item(
        self, lay: TableLayout, seat: int, bubble: Bubble, listed: FRect | None
    ) -> Item:
        words = self.words(bubble.phrase)
        rect = self.bubble_rect(lay, seat, words, listed)
        plate = lay.place_of(seat).name_rect
        below = rect.top >= plate.bottom
        alpha = fading(bubble.age)
        pen = self._bubble_pen(lay)
        tail = lay.margin * 0.35
        x = max(rect.left + tail, min(plate.centerx, rect.right - tail))
        if below:
            edge_y, tip_y = rect.top + 1, rect.top - tail
        else:
            edge_y, tip_y = rect.bottom - 1, rect.bottom + tail
        point = ((x - tail * 0.6, edge_y), (x + tail * 0.6, edge_y), (x, tip_y))
        reach = bubble_reach(rect, point)
        edge = max(1, round(lay.unit * 2))

        def paint(surface: pygame.Surface) -> None:
            paint_bubble(surface, rect, point, words, pen, edge, alpha)

        key = ("chat_bubble", seat, words, tuple(rect), alpha)
        return Item(key, box(reach, 3), paint)


def fading(age: float) -> int:
    """The opacity of a bubble ``age`` seconds old: whole, then fading out in a few steps
    (each step a frame drawn, not every frame of the fade)."""
    left = BUBBLE_SECONDS - age
    return 255 if left >= FADE_SECONDS else round(255 * left / FADE_SECONDS / 32) * 32


Point = tuple[float, float]


def bubble_reach(body: FRect, point: tuple[Point, Point, Point]) -> FRect:
    """What a bubble covers: its body and its tail."""
    xs, ys = [x for x, _ in point], [y for _, y in point]
    tail = FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return body.union(tail)


def paint_bubble(
    surface: pygame.Surface,
    body: FRect,
    point: tuple[Point, Point, Point],
    words: str,
    pen: style.Pen,
    edge: int,
    alpha: int,
) -> None:
    """A speech bubble: paper edged in gold, ``words`` in its ``body``, its tail the
    triangle ``point`` (two corners on the body's edge, the tip out of it), at ``alpha``."""
    reach = bubble_reach(body, point)
    layer = pygame.Surface((round(reach.w) + 4, round(reach.h) + 4), pygame.SRCALPHA)
    shift = (-reach.left + 2, -reach.top + 2)
    inside = body.move(shift)
    radius = max(3, round(inside.h / 2.6))
    pygame.draw.rect(layer, style.PAPER_BRIGHT, inside, border_radius=radius)
    pygame.draw.rect(layer, style.GOLD_DEEP, inside, edge, radius)
    moved = [(px + shift[0], py + shift[1]) for px, py in point]
    pygame.draw.polygon(layer, style.PAPER_BRIGHT, moved)
    pygame.draw.lines(layer, style.GOLD_DEEP, False, [moved[0], moved[2], moved[1]], edge)
    style.text(layer, words, pen, inside, align="center")
    layer.set_alpha(alpha)
    surface.blit(layer, (reach.left - 2, reach.top - 2))


def seat_messages(
    remote: RemoteCoordinator,
    text: Writer,
    translator: Callable[[], Callable[..., str]],
    chime: Callable[[], None] = lambda: None,
) -> QuickMessages:
    """The quick messages of a table online (at the table, on its score sheets): said
    through ``remote`` as its allowance lets them (asked each time: at a screen shared by
    several seats, of the one in front of it)."""
    return QuickMessages(
        text, translator, lambda phrase: remote.say(phrase), lambda: remote.allowance, chime
    )


def speech_mark(surface: pygame.Surface, area: FRect) -> None:
    """A speech bubble with three dots, in cream: the quick messages' button."""
    body = FRect(area.left, area.top, area.width, area.height * 0.78)
    radius = max(2, round(body.h / 2.4))
    pygame.draw.rect(surface, style.CREAM, body, border_radius=radius)
    tail = [
        (body.left + body.w * 0.22, body.bottom - 1),
        (body.left + body.w * 0.46, body.bottom - 1),
        (body.left + body.w * 0.16, area.bottom),
    ]
    pygame.draw.polygon(surface, style.CREAM, tail)
    dot = max(1.0, body.h * 0.11)
    for k in (-1, 0, 1):
        centre = (body.centerx + k * body.w * 0.24, body.centery)
        pygame.draw.circle(surface, style.WOOD_DARK, centre, dot)
