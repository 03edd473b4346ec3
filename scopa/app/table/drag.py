"""Mouse input becomes intent: "card X clicked" or "card X dropped at (x, y)".

The controller knows nothing of rules; the table scene maps an intent to a legal move.
A press that moves less than a few pixels before release is a click, so clicking a card
then a target works as well as dragging.
"""

from __future__ import annotations

from dataclasses import dataclass

from scopa.engine import Card


@dataclass(frozen=True)
class Click:
    card: Card


@dataclass(frozen=True)
class Drop:
    card: Card
    pos: tuple[float, float]


class DragController:
    """Tracks one press of the left button on a hand card."""

    def __init__(self, threshold: float = 6.0) -> None:
        self.threshold = threshold
        self.card: Card | None = None
        self.dragging = False
        self.start = (0.0, 0.0)
        self.pos = (0.0, 0.0)
        self.grab = (0.0, 0.0)

    @property
    def active(self) -> bool:
        return self.card is not None

    def press(self, card: Card, pos: tuple[float, float], card_centre: tuple[float, float]) -> None:
        """The button went down on ``card`` whose sprite is centred at ``card_centre``."""
        self.card = card
        self.dragging = False
        self.start = self.pos = pos
        self.grab = (card_centre[0] - pos[0], card_centre[1] - pos[1])

    def motion(self, pos: tuple[float, float]) -> bool:
        """Follow the pointer; True once the press has become a drag."""
        if self.card is None:
            return False
        self.pos = pos
        if not self.dragging:
            dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
            self.dragging = dx * dx + dy * dy >= self.threshold * self.threshold
        return self.dragging

    def centre(self) -> tuple[float, float]:
        """Where the dragged card's centre should be drawn."""
        return (self.pos[0] + self.grab[0], self.pos[1] + self.grab[1])

    def release(self, pos: tuple[float, float]) -> Click | Drop | None:
        if self.card is None:
            return None
        self.motion(pos)
        card, dragged = self.card, self.dragging
        self.cancel()
        return Drop(card, pos) if dragged else Click(card)

    def cancel(self) -> None:
        self.card = None
        self.dragging = False
