"""Card sprites and where each card currently lies on the drawn table.

The engine says what is true; this view says where each card is *shown*, which lags
behind while animations play. Places are plain tuples: ``("stock",)``, ``("hand", seat)``,
``("table", slot)``, ``("pile", side)`` and ``("marker", side)`` (a scopa, shown face up
across the pile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from pygame import FRect

from scopa.engine import DECK, Card

from ..cardart import CardArt, card_height, flip_scale
from ..tween import Tweener
from .layout import TableLayout

Place = tuple


@dataclass(eq=False)
class CardSprite:
    """A card as drawn: centre, width, how far turned face up (0..1), angle, lift."""

    card: Card
    x: float = 0.0
    y: float = 0.0
    w: float = 60.0
    turn: float = 0.0
    angle: float = 0.0
    lift: float = 0.0
    z: int = 0

    @property
    def face_up(self) -> bool:
        return self.turn >= 0.5

    def rect(self) -> FRect:
        rect = FRect(0, 0, self.w, card_height(self.w))
        if abs(self.angle) % 180 > 45:
            rect.size = (rect.height, rect.width)
        rect.center = (self.x, self.y - self.lift)
        return rect


@dataclass
class TableView:
    """Where every card is drawn, and the sprite drawing it."""

    layout: TableLayout
    sides: int
    sprites: dict[Card, CardSprite] = field(default_factory=dict)
    places: dict[Card, Place] = field(default_factory=dict)
    hands: list[list[Card]] = field(default_factory=list)
    slots: list[Card | None] = field(default_factory=list)
    markers: list[list[Card]] = field(default_factory=list)
    visible_seats: frozenset[int] = frozenset()
    shown: set[Card] = field(default_factory=set)
    """Cards shown face up to everyone from a hand (a Cirulla declaration)."""
    came_from: dict[Card, Place] = field(default_factory=dict)
    """Where each card on its way to its place was before (``put``), till it lands there
    (``settle`` done, or ``snap``): a card moving within its place, as a scopa's card closes
    up beside another, is not on its way to it (``arriving``)."""
    _z: int = 0

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Every card back in the stock, face down."""
        players = self.layout.players
        self.hands = [[] for _ in range(players)]
        self.slots = []
        self.markers = [[] for _ in range(self.sides)]
        self.shown = set()
        self.came_from = {}
        for card in DECK:
            sprite = self.sprites.get(card) or CardSprite(card)
            sprite.turn, sprite.lift = 0.0, 0.0
            self.sprites[card] = sprite
            self.places[card] = ("stock",)
            self.snap(card)

    # --- moving cards between places -----------------------------------------------------

    def raise_(self, card: Card) -> None:
        self._z += 1
        self.sprites[card].z = self._z

    def remove(self, card: Card) -> None:
        place = self.places.get(card)
        if place is None:
            return
        if place[0] == "hand" and card in self.hands[place[1]]:
            self.hands[place[1]].remove(card)
        elif place[0] == "table":
            self.slots[place[1]] = None
            while self.slots and self.slots[-1] is None:
                self.slots.pop()
        elif place[0] == "marker" and card in self.markers[place[1]]:
            self.markers[place[1]].remove(card)

    def put(self, card: Card, place: Place) -> None:
        before = self.places.get(card)
        if before is not None and before[0] != place[0]:
            self.came_from[card] = before
        self.remove(card)
        kind = place[0]
        if kind == "hand":
            self.hands[place[1]].append(card)
        elif kind == "table":
            slot = place[1] if len(place) > 1 else self.free_slot()
            while len(self.slots) <= slot:
                self.slots.append(None)
            self.slots[slot] = card
            place = ("table", slot)
        elif kind == "marker":
            self.markers[place[1]].append(card)
        self.places[card] = place

    def swap(self, a: Card, b: Card) -> None:
        """Exchange two cards lying face down (a stand-in for a card of a hidden hand and
        the card itself): each takes the other's place and position, nothing moves."""
        place_a, place_b = self.places[a], self.places[b]
        for card, place, other in ((a, place_a, b), (b, place_b, a)):
            if place[0] == "hand":
                hand = self.hands[place[1]]
                hand[hand.index(card)] = other
            elif place[0] == "table":
                self.slots[place[1]] = other
            elif place[0] == "marker":
                markers = self.markers[place[1]]
                markers[markers.index(card)] = other
        self.places[a], self.places[b] = place_b, place_a
        sa, sb = self.sprites[a], self.sprites[b]
        for name in ("x", "y", "w", "turn", "angle", "lift", "z"):
            va, vb = getattr(sa, name), getattr(sb, name)
            setattr(sa, name, vb)
            setattr(sb, name, va)

    def free_slot(self) -> int:
        for i, card in enumerate(self.slots):
            if card is None:
                return i
        return len(self.slots)

    def compact_table(self) -> None:
        """Close the gaps left by captured cards (the cards then slide together)."""
        cards = [card for card in self.slots if card is not None]
        self.slots = list(cards)
        for slot, card in enumerate(cards):
            self.places[card] = ("table", slot)

    # --- targets -----------------------------------------------------------------------

    def target(self, card: Card) -> dict[str, float]:
        """Where ``card``'s sprite belongs now: x, y, w, turn, angle, lift (raised only
        in a hand, by the player's choosing; anywhere else a card lies flat)."""
        lay = self.layout
        place = self.places[card]
        kind = place[0]
        if kind == "hand":
            seat = place[1]
            hand = self.hands[seat]
            visible = seat in self.visible_seats
            laid_open = visible or any(other in self.shown for other in hand)
            slot = lay.hand_slots(seat, len(hand), laid_open)[hand.index(card)]
            return {
                "x": slot.centre[0],
                "y": slot.centre[1],
                "w": slot.width,
                "turn": 1.0 if visible or card in self.shown else 0.0,
                "angle": slot.angle,
                "lift": 0.0,
            }
        if kind == "table":
            rect = lay.table_slot(place[1], len(self.slots))
            return {
                "x": rect.centerx,
                "y": rect.centery,
                "w": lay.table_w,
                "turn": 1.0,
                "angle": 0.0,
                "lift": 0.0,
            }
        if kind == "pile":
            x, y = lay.pile_centre(place[1])
            return {"x": x, "y": y, "w": lay.pile_w, "turn": 0.0, "angle": 90.0, "lift": 0.0}
        if kind == "moving":  # played, landing across the first card it takes (``place[1]``)
            under = self.target(place[1])
            return {
                "x": under["x"] + lay.table_w * 0.3,
                "y": under["y"] + lay.table_h * 0.18,
                "w": lay.table_w,
                "turn": 1.0,
                "angle": 0.0,
                "lift": 0.0,
            }
        if kind == "marker":
            markers = self.markers[place[1]]
            x, y = lay.marker_centre(place[1], markers.index(card), len(markers))
            return {"x": x, "y": y, "w": lay.pile_w, "turn": 1.0, "angle": 0.0, "lift": 0.0}
        x, y = lay.stock_centre
        return {"x": x, "y": y, "w": lay.table_w, "turn": 0.0, "angle": 0.0, "lift": 0.0}

    def arriving(self, card: Card, kinds: tuple[str, ...]) -> bool:
        """Whether ``card`` is on its way to its place from a place of none of ``kinds``
        (its sprite moving, and ``came_from`` elsewhere): a card taken, on its way to the
        pile or across it as a scopa's, is counted once it lands, as the pile's number
        counts it, and a card gone from the pile to lie across it was counted already."""
        before = self.came_from.get(card)
        return before is not None and before[0] not in kinds

    def snap(self, card: Card) -> None:
        self.came_from.pop(card, None)
        sprite = self.sprites[card]
        for name, value in self.target(card).items():
            setattr(sprite, name, value)

    def settle(
        self,
        tweener: Tweener,
        card: Card,
        duration: float,
        *,
        delay: float = 0.0,
        easing: str = "out_cubic",
        on_finished: Callable[[], None] | None = None,
    ) -> None:
        """Send ``card``'s sprite to its place over ``duration`` seconds."""
        place = self.places[card]

        def landed() -> None:
            if self.places.get(card) == place:
                self.came_from.pop(card, None)
            if on_finished is not None:
                on_finished()

        fly(
            tweener,
            self.sprites[card],
            duration=duration,
            delay=delay,
            easing=easing,
            on_finished=landed,
            **self.target(card),
        )

    def settle_table(self, tweener: Tweener, duration: float) -> None:
        """Slide the cards already on the table to their places (the rows may change)."""
        for card in self.slots:
            if card is not None and not tweener.moving(self.sprites[card]):
                self.settle(tweener, card, duration)

    def settle_hand(self, tweener: Tweener, seat: int, duration: float) -> None:
        for card in self.hands[seat]:
            self.settle(tweener, card, duration)

    def face_shown(self, card: Card) -> bool:
        """Whether ``card`` may be drawn face up where it lies: anywhere but in a hand, in
        a hand on show, or shown from its hand to everyone."""
        place = self.places[card]
        if place[0] != "hand":
            return True
        return place[1] in self.visible_seats or card in self.shown

    def count(self, kind: str, index: int | None = None) -> int:
        return sum(
            1
            for place in self.places.values()
            if place[0] == kind and (index is None or place[1] == index)
        )

    # --- hit testing ---------------------------------------------------------------------

    def hand_card_at(self, seat: int, pos: tuple[float, float]) -> Card | None:
        """The topmost card of ``seat``'s hand under ``pos`` (hands are drawn left to right
        and top to bottom, so each card's index corner shows)."""

        def drawn_later(card: Card) -> tuple[float, float]:
            sprite = self.sprites[card]
            return (-sprite.y, -sprite.x)

        for card in sorted(self.hands[seat], key=drawn_later):
            if self.sprites[card].rect().collidepoint(pos):
                return card
        return None

    def table_card_at(self, pos: tuple[float, float]) -> Card | None:
        for card in self.slots:
            if card is not None and self.sprites[card].rect().collidepoint(pos):
                return card
        return None


def fly(
    tweener: Tweener,
    sprite: CardSprite,
    *,
    duration: float,
    delay: float = 0.0,
    easing: str = "out_cubic",
    on_finished: Callable[[], None] | None = None,
    **values: float,
) -> None:
    """Move ``sprite`` to ``values``. A card that both turns over and swings round on the
    way does one and then the other, its back showing as it swings: a card going face up
    swings first, one going face down turns over first. Its face is then never drawn
    turned at an angle it does not rest at (every face at every angle would be a new
    picture, frame after frame at 4K); backs swing alike, and their pictures are shared."""
    turn, angle = values.get("turn"), values.get("angle")
    turning = turn is not None and abs(turn - sprite.turn) > 0.01
    swinging = angle is not None and abs(angle - sprite.angle) > 0.5
    if not (turning and swinging) or duration <= 0:
        tweener.animate(
            sprite,
            duration=duration,
            delay=delay,
            easing=easing,
            on_finished=on_finished,
            **values,
        )
        return
    assert turn is not None and angle is not None
    first, second = ("angle", "turn") if turn >= 0.5 else ("turn", "angle")
    half = duration / 2
    rest = {name: value for name, value in values.items() if name not in ("turn", "angle")}
    tweener.animate(
        sprite, duration=half, delay=delay, easing="in_out_sine", **{first: values[first]}
    )
    tweener.animate(
        sprite, duration=half, delay=delay + half, easing="in_out_sine", **{second: values[second]}
    )
    tweener.animate(
        sprite, duration=duration, delay=delay, easing=easing, on_finished=on_finished, **rest
    )


def draw_sprite(
    surface: pygame.Surface,
    art: CardArt,
    sprite: CardSprite,
    *,
    shadow: bool = True,
    hidden: bool = False,
    rough: bool = False,
) -> None:
    """Draw one card with its shadow; a card mid-turn is squeezed horizontally.

    ``hidden`` draws it face down whatever its turn: a hand the viewer may not see.
    ``rough``: the card is in flight, drawn in coarser steps of angle (see ``CardArt``).
    """
    width = max(8, round(sprite.w))
    face_up = sprite.face_up and not hidden
    squeeze = 1.0
    if 0.0 < sprite.turn < 1.0 and not hidden:
        squeeze = max(0.02, flip_scale(sprite.turn))
    picture = art.squeezed(sprite.card, width, face_up, sprite.angle, squeeze, rough)
    centre = (sprite.x, sprite.y - sprite.lift)
    if shadow:
        shade = art.shadow_at(width, sprite.angle, squeeze, rough)
        depth = width * (0.05 + sprite.lift / max(1.0, width) * 0.35)
        surface.blit(shade, shade.get_rect(center=(centre[0] + depth * 0.6, centre[1] + depth)))
    surface.blit(picture, picture.get_rect(center=centre))
