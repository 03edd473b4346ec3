"""A round as one mutable position, played and taken back in place.

``Round.play`` builds a new immutable position for every move: right for the game, costly
in the inner loop of a search or a simulation that visits thousands of positions a second.
A ``Board`` holds the same facts in flat lists and ints; ``make`` plays a card in place and
``unmake`` takes it back, dealing from the stock when the hands run out and handing the
table to the last side to capture when the round ends, exactly as ``Round`` does (tests
compare the two on random play of every preset). It deals a random round itself, drawing
from the generator exactly as ``Round.deal_random`` does, and scores with the engine's
scoring. Scopa rules only: Cirulla's declarations keep the engine's positions.

``make`` trusts its input, as ``Round.play``'s callers may not: the moves come from
``moves``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .captures import CaptureTable, CardPlays, HandKeys, capture_table, scores_scopa
from .cards import RANK_OF
from .errors import DealError
from .round import Round, _shuffle
from .rules import Rules
from .scoring import Breakdown, ScoringPlan, scoring_plan

Play = tuple[int, int]
"""A card index and the mask of the cards it takes (0: laid on the table)."""

_BITS = tuple(1 << index for index in range(40))


class _Pairs(dict[int, Play]):
    """One card's plays, by the mask of the cards they take: each made once."""

    __slots__ = ("_index",)

    def __init__(self, index: int) -> None:
        super().__init__()
        self._index = index

    def __missing__(self, capture: int) -> Play:
        play = self[capture] = (self._index, capture)
        return play


class _Layout:
    """What the boards of one rule set share, worked out once: the seats and sides, the
    deal, the capture table and each card's plays, and the scoring."""

    __slots__ = (
        "rules", "players", "side_of", "next_seat", "orders", "hand_size", "per_deal",
        "table_size", "captures", "hand_plays", "scoring", "no_points",
    )  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.side_of = rules.seat_sides
        self.next_seat = tuple(rules.next_seat(seat) for seat in range(rules.players))
        self.orders = tuple(rules.deal_order(dealer) for dealer in range(rules.players))
        self.hand_size = rules.hand_size
        self.per_deal = rules.cards_per_deal
        self.table_size = rules.table_size
        self.captures = capture_table(rules)
        self.hand_plays = HandKeys(
            tuple(CardPlays(self.captures, index, _Pairs(index).__getitem__) for index in range(40))
        )
        """Per hand: its cards' plays, by the part of the table that matters to each."""
        self.scoring: ScoringPlan = scoring_plan(rules)
        self.no_points = (0,) * rules.sides


def _layout(rules: Rules) -> _Layout:
    return rules.memo("board", _Layout)


class Board:
    """One round, mutable: read its fields, change it only through ``make`` and ``unmake``.

    ``hands`` (per seat), ``table`` and ``piles`` (per side) are card masks; ``stock`` the
    card indices still to deal from ``at`` on; ``scope`` per side; ``last`` the last side
    to capture (-1: none yet); ``turn`` the seat to act; ``in_hands`` the cards left in the
    hands; ``over`` once every card is played and the last cards are taken.
    """

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
        "_deals",
        "_hand_plays",
        "_layout",
        "_undo",
    )

    rules: Rules
    hands: list[int]
    table: int
    stock: tuple[int, ...]
    at: int
    piles: list[int]
    scope: list[int]
    last: int
    turn: int
    in_hands: int
    over: bool
    side_of: tuple[int, ...]
    next_seat: tuple[int, ...]
    order: tuple[int, ...]
    hand_size: int
    per_deal: int
    alone: tuple[int, ...]
    rest: tuple[int, ...]
    cache: dict[int, tuple[int, ...]]
    captures: CaptureTable
    _deals: list[tuple[int, ...]]
    """The hands of every deal still to come (per seat), the next one last."""
    _hand_plays: HandKeys[Play]
    _layout: _Layout
    _undo: list[tuple[int, ...]]

    def __init__(self, state: Round) -> None:
        """The position of ``state`` (a Scopa round)."""
        rules = state.rules
        if rules.cirulla:
            raise ValueError("a Board plays Scopa rules only")
        self._setup(_layout(rules), state.dealer, list(state.hands), state.table, state.stock)
        self.piles = list(state.piles)
        self.scope = list(state.scope)
        self.last = state.last_capturer
        self.turn = state.turn
        self.in_hands = state.in_hands
        self.over = state.over

    @classmethod
    def deal_random(cls, rules: Rules, rng: random.Random, *, dealer: int = 0) -> Board:
        """Shuffle with ``rng`` and deal, reshuffling as the rules demand: the round
        ``Round.deal_random(rules, rng, dealer=dealer)`` deals, drawing the same numbers."""
        if rules.cirulla:
            raise ValueError("a Board plays Scopa rules only")
        layout = _layout(rules)
        if not 0 <= dealer < layout.players:
            raise DealError(f"dealer must be a seat from 0 to {layout.players - 1}")
        order = _shuffle(rules, rng)[0]
        per_deal = layout.per_deal
        end = per_deal + layout.table_size
        table = 0
        for index in order[per_deal:end]:
            table |= _BITS[index]
        board = _new(cls)
        hands = [0] * layout.players
        board._setup(layout, dealer, hands, table, tuple(order[end:]))
        _fill(hands, order, 0, layout.orders[dealer], layout.hand_size)
        board.piles = list(layout.no_points)
        board.scope = list(layout.no_points)
        board.last = -1
        board.turn = board.order[0]
        board.in_hands = per_deal
        board.over = False
        return board

    def _setup(
        self, layout: _Layout, dealer: int, hands: list[int], table: int, stock: tuple[int, ...]
    ) -> None:
        """Set what does not depend on the play so far: the rules' constants, the hands,
        the table and the stock (and the hands it will deal)."""
        captures = layout.captures
        self.rules = layout.rules
        self.hands = hands
        self.table = table
        self.stock = stock
        self.at = 0
        self.side_of = layout.side_of
        self.next_seat = layout.next_seat
        self.order = order = layout.orders[dealer]
        self.hand_size = size = layout.hand_size
        self.per_deal = per_deal = layout.per_deal
        self.captures = captures
        self.alone = captures.alone
        self.rest = captures.rest
        self.cache = captures.cache
        self._hand_plays = layout.hand_plays
        self._layout = layout
        self._undo = []
        deals = []
        players = layout.players
        for start in range(0, len(stock), per_deal):
            dealt = [0] * players
            _fill(dealt, stock, start, order, size)
            deals.append(tuple(dealt))
        deals.reverse()
        self._deals = deals

    @staticmethod
    def supports(rules: Rules) -> bool:
        return not rules.cirulla

    # --- asking ------------------------------------------------------------------------

    def sets(self, rank: int) -> tuple[int, ...]:
        """The capture masks a card of ``rank`` may take from the table now."""
        table = self.table
        found = self.cache.get((table & self.alone[rank] or table & self.rest[rank]) << 4 | rank)
        if found is None:
            found = self.captures.sets(table, rank)
        return found

    def moves(self, ordered: bool = True) -> Sequence[Play]:
        """The legal moves of the player to act (none once the round is over).

        Ordered: captures first, the biggest first (the usual best replies, for a search's
        earlier cut-offs). Unordered: the cards from the lowest, each card's plays as the
        engine lists them, read from caches, for a player that needs no order.
        """
        table = self.table
        if not ordered:
            found: tuple[Play, ...] = ()
            for plays in self._hand_plays[self.hands[self.turn]]:
                found += plays[table & plays.alone or table & plays.rest]
            return found
        if self.over:
            return []
        takes: list[tuple[int, int, int]] = []
        lays: list[Play] = []
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

    def last_play(self) -> bool:
        """True when the player to act holds the round's last card."""
        return self.in_hands == 1 and self.at == len(self.stock)

    def score(self) -> tuple[Breakdown, ...]:
        """The round's score per side (final once ``over``), as ``Round.score`` gives it."""
        return self._layout.scoring.score(self.piles, self.scope, ())

    def totals(self) -> tuple[int, ...]:
        """Each side's points for the round: the ``total`` of each ``score``, without the
        breakdowns."""
        return self._layout.scoring.totals(self.piles, self.scope)

    # --- playing -----------------------------------------------------------------------

    def make(self, index: int, capture: int) -> None:
        """Play card ``index`` taking ``capture`` (0: laying it), one of ``moves()``."""
        seat = self.turn
        bit = _BITS[index]
        table = self.table
        hands = self.hands
        hands[seat] ^= bit
        in_hands = self.in_hands - 1
        scored = 0
        last = self.last
        if capture:
            side = self.side_of[seat]
            self.piles[side] |= capture | bit
            self.table = table ^ capture
            self.last = side
            if capture == table and scores_scopa(
                self.rules, table, RANK_OF[index], capture, not in_hands and not self._deals
            ):
                self.scope[side] += 1
                scored = 1
        else:
            self.table = table | bit
        if in_hands:
            self.in_hands = in_hands
            self.turn = self.next_seat[seat]
            self._undo.append((seat, bit, capture, table, last, scored, 0, 0))
            return
        dealt = taken = 0
        deals = self._deals
        if deals:
            hands[:] = deals.pop()
            self.at += self.per_deal
            self.in_hands = self.per_deal
            self.turn = self.order[0]
            dealt = 1
        else:
            self.in_hands = 0
            self.over = True
            taken = self.table
            if taken and self.last >= 0:
                self.piles[self.last] |= taken
                self.table = 0
            else:
                taken = 0
        self._undo.append((seat, bit, capture, table, last, scored, dealt, taken))

    def unmake(self) -> None:
        """Take back the last ``make``."""
        seat, bit, capture, table, last, scored, dealt, taken = self._undo.pop()
        hands = self.hands
        if taken:
            self.piles[self.last] &= ~taken
        self.over = False
        if dealt:
            at = self.at - self.per_deal
            self._deals.append(tuple(hands))
            for receiver in self.order:
                hands[receiver] = 0
            self.at = at
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

    def __repr__(self) -> str:
        return (
            f"<Board turn {self.turn} hands {[hex(h) for h in self.hands]} "
            f"table {self.table:#x} stock {len(self.stock) - self.at}>"
        )


def _fill(
    hands: list[int], cards: Sequence[int], start: int, order: tuple[int, ...], size: int
) -> None:
    """Deal ``size`` cards from ``cards[start:]`` (indices) to each seat of ``order``."""
    for receiver in order:
        mask = 0
        for index in cards[start : start + size]:
            mask |= _BITS[index]
        hands[receiver] = mask
        start += size


_new = object.__new__
