"""A guessed world as one mutable position that the search plays and takes back.

``Round.play`` builds a new immutable position for every move: right for the game, costly
in the inner loop of a search that visits thousands of positions per decision. A ``Board``
holds the same facts in flat lists and ints; ``make`` plays a card in place and ``unmake``
takes it back, dealing from the world's stock when the hands run out and handing the table
to the last capturer when the round ends, exactly as the engine does (a test compares the
two on random play). Scopa rules only: Cirulla's declarations keep the engine's positions.
"""

from __future__ import annotations

from scopa.engine import Round, Rules
from scopa.engine.captures import capture_table, scores_scopa
from scopa.engine.cards import RANK_OF

Move = tuple[int, int]
"""A card index and the mask it captures (0: laid on the table)."""


class Board:
    __slots__ = (
        "rules",
        "hands",
        "table",
        "stock",
        "at",
        "piles",
        "scope",
        "last",
        "turn",
        "in_hands",
        "over",
        "side_of",
        "next_seat",
        "order",
        "hand_size",
        "per_deal",
        "alone",
        "rest",
        "cache",
        "captures",
        "_undo",
    )

    def __init__(self, state: Round) -> None:
        if state.rules.cirulla:
            raise ValueError("a Board plays Scopa rules only")
        rules = state.rules
        self.rules = rules
        self.hands = list(state.hands)
        self.table = state.table
        self.stock = state.stock
        self.at = 0
        self.piles = list(state.piles)
        self.scope = list(state.scope)
        self.last = state.last_capturer
        self.turn = state.turn
        self.in_hands = state.in_hands
        self.over = state.over
        self.side_of = rules.seat_sides
        self.next_seat = tuple(rules.next_seat(seat) for seat in range(rules.players))
        self.order = rules.deal_order(state.dealer)
        self.hand_size = rules.hand_size
        self.per_deal = rules.cards_per_deal
        self.captures = capture_table(rules)
        self.alone = self.captures.alone
        self.rest = self.captures.rest
        self.cache = self.captures.cache
        self._undo: list[tuple[int, ...]] = []

    @staticmethod
    def supports(rules: Rules) -> bool:
        return not rules.cirulla

    def sets(self, rank: int) -> tuple[int, ...]:
        """The capture masks a card of ``rank`` may take from the table now."""
        table = self.table
        found = self.cache.get((table & self.alone[rank] or table & self.rest[rank]) << 4 | rank)
        if found is None:
            found = self.captures.sets(table, rank)
        return found

    def moves(self) -> list[Move]:
        """The legal moves of the player to act, captures first, the biggest first (the
        usual best replies, for earlier cut-offs)."""
        if self.over:
            return []
        takes: list[tuple[int, int, int]] = []
        lays: list[Move] = []
        hand = self.hands[self.turn]
        while hand:
            low = hand & -hand
            hand ^= low
            index = low.bit_length() - 1
            sets = self.sets(RANK_OF[index])
            if sets:
                for capture in sets:
                    takes.append((-capture.bit_count(), index, capture))
            else:
                lays.append((index, 0))
        if not takes:
            return lays
        takes.sort()
        return [(index, capture) for _, index, capture in takes] + lays

    def make(self, index: int, capture: int) -> None:
        seat = self.turn
        bit = 1 << index
        table = self.table
        hands = self.hands
        hands[seat] ^= bit
        in_hands = self.in_hands - 1
        scored = 0
        if capture:
            side = self.side_of[seat]
            self.piles[side] |= capture | bit
            self.table = table ^ capture
            if capture == table and scores_scopa(
                self.rules,
                table,
                RANK_OF[index],
                capture,
                not in_hands and self.at == len(self.stock),
            ):
                self.scope[side] += 1
                scored = 1
            last = self.last
            self.last = side
        else:
            self.table = table | bit
            last = self.last
        dealt = 0
        taken = 0
        if in_hands:
            self.turn = self.next_seat[seat]
        elif self.at < len(self.stock):
            stock = self.stock
            at = self.at
            size = self.hand_size
            for receiver in self.order:
                mask = 0
                for card in stock[at : at + size]:
                    mask |= 1 << card
                hands[receiver] = mask
                at += size
            self.at = at
            in_hands = self.per_deal
            self.turn = self.order[0]
            dealt = 1
        else:
            self.over = True
            taken = self.table
            if taken and self.last >= 0:
                self.piles[self.last] |= taken
                self.table = 0
            else:
                taken = 0
        self.in_hands = in_hands
        self._undo.append((seat, bit, capture, table, last, scored, dealt, taken))

    def unmake(self) -> None:
        seat, bit, capture, table, last, scored, dealt, taken = self._undo.pop()
        hands = self.hands
        if taken:
            self.piles[self.last] &= ~taken
        self.over = False
        if dealt:
            for receiver in self.order:
                hands[receiver] = 0
            self.at -= self.per_deal
            self.in_hands = 0
        hands[seat] |= bit
        self.in_hands += 1
        self.turn = seat
        self.table = table
        if capture:
            side = self.side_of[seat]
            self.piles[side] &= ~(capture | bit)
            if scored:
                self.scope[side] -= 1
        self.last = last

    def last_play(self) -> bool:
        """True when the player to act holds the round's last card."""
        return self.in_hands == 1 and self.at == len(self.stock)
