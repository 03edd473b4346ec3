"""Stand-in cards for the hands this screen may not know (a match held by a server).

The server never says which cards another seat holds: its deals arrive with those hands
left out. The table still shows them, face down, as cards taken from the deck it draws:
stand-ins. When such a hand plays a card, or a Cirulla declaration shows it, the card
itself changes places with one of that hand's stand-ins (both lie face down, so nothing
moves on screen) and then plays. A card this seat comes to know (dealt to it, laid on
the table) is never left serving as a stand-in elsewhere.
"""

from __future__ import annotations

from dataclasses import replace

from scopa.engine import Card, Dealt

from .sprites import TableView


class Disguise:
    def __init__(self, view: TableView, seat: int, hand_size: int) -> None:
        self.view = view
        self.seat = seat
        self.hand_size = hand_size
        self.standins: set[Card] = set()

    def spare(self, avoid: set[Card]) -> Card:
        """A card of the drawn deck that stands for nothing yet."""
        for card, place in self.view.places.items():
            if place == ("stock",) and card not in self.standins and card not in avoid:
                return card
        raise RuntimeError("no card left in the deck to stand in")

    def known(self, card: Card, avoid: set[Card] | None = None) -> None:
        """``card`` is known to be where the server says: if it stands in for a hidden
        card somewhere, another card of the deck takes its turn."""
        if card not in self.standins:
            return
        spare = self.spare(avoid or set())
        self.view.swap(card, spare)
        self.standins.discard(card)
        self.standins.add(spare)

    def dealt(self, event: Dealt) -> Dealt:
        """The deal with stand-ins in the hands this seat may not see."""
        if not any(not hand for seat, hand in enumerate(event.hands) if seat != self.seat):
            return event
        known = {*event.table, *(card for hand in event.hands for card in hand)}
        if event.table:  # a new round: every card is back in the deck
            self.standins.clear()
        for card in known:
            self.known(card, known)
        hands = []
        chosen: set[Card] = set()
        for seat, hand in enumerate(event.hands):
            if hand or seat == self.seat:
                hands.append(hand)
                continue
            fill = []
            for _ in range(self.hand_size):
                card = self.spare(known | chosen)
                chosen.add(card)
                fill.append(card)
            hands.append(tuple(fill))
        self.standins |= chosen
        return replace(event, hands=tuple(hands))

    def played(self, seat: int, card: Card) -> None:
        """``seat`` plays ``card``: the card takes the place of one of its stand-ins."""
        if seat == self.seat:
            return
        hand = self.view.hands[seat]
        if card in hand:
            self.standins.discard(card)
            return
        own = [c for c in hand if c in self.standins]
        if not own:
            return
        self.view.swap(card, own[0])
        if self.view.places[own[0]] == ("stock",):
            self.standins.discard(own[0])
        self.standins.discard(card)

    def shown(self, seat: int, cards: tuple[Card, ...]) -> None:
        """A declaration showed ``cards`` of ``seat``'s hand to everyone."""
        for card in cards:
            self.played(seat, card)
