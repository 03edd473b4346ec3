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
from collections.abc import Callable, Sequence
from operator import itemgetter

from .captures import (
    SINGLE_SETS,
    CaptureTable,
    CardPlays,
    HandKeys,
    capture_table,
    scores_scopa,
)
from .cards import RANK_OF, bits
from .errors import DealError
from .round import Round, _shuffle
from .rules import Rules
from .scoring import Breakdown, ScoringPlan, scoring_plan

Play = tuple[int, int]
"""A card index and the mask of the cards it takes (0: laid on the table)."""

_BITS = tuple(1 << index for index in range(40))
ORDERED_MEMORY = 1 << 15
"""Hands and tables whose ordered moves a rule set keeps before forgetting them all."""


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
        "table_size", "captures", "hand_plays", "scoring", "no_points", "no_hands",
        "pairs_of_three", "ordered", "hand_cards",
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
        self.no_hands = (0,) * rules.players
        self.pairs_of_three = rules.players == 2 and rules.hand_size == 3
        self.ordered: dict[int, tuple[Play, ...]] = {}
        """The ordered moves (``Board.moves``) of a hand on a table, by the two masks: a
        search asks for the same ones again and again, in every world it guesses."""
        self.hand_cards: dict[int, tuple[int, ...]] = {}
        """The card indices of each hand seen (``Board.cards``), by its mask."""


def _layout(rules: Rules) -> _Layout:
    return rules.memo("board", _Layout)


class Board:
    """One round, mutable: read its fields, change it only through ``make`` and ``unmake``.

    ``hands`` (per seat), ``table`` and ``piles`` (per side) are card masks; ``stock`` the
    card indices dealt from ``at`` on; ``scope`` per side; ``last`` the last side to
    capture (-1: none yet); ``turn`` the seat to act; ``in_hands`` the cards left in the
    hands; ``over`` once every card is played and the last cards are taken; ``side_of``
    each seat's side.
    """

    __slots__ = (
        "hands", "table", "stock", "at", "piles", "scope", "last", "turn", "in_hands", "over",
        "side_of", "_next_seat", "_lead", "_deals", "_hand_plays", "_captures", "_alone",
        "_rest", "_cached", "_layout", "_undo", "_hand_cards",
    )  # fmt: skip

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
    _next_seat: tuple[int, ...]
    _lead: int
    """The seat dealt to first, who leads each deal."""
    _deals: list[tuple[int, ...]]
    """The hands (per seat) of every deal still to come from the stock, the next one last."""
    _hand_plays: dict[int, tuple[CardPlays[Play], ...]]
    """The hands' plays seen so far (``HandKeys.known``)."""
    _captures: CaptureTable
    _alone: tuple[int, ...]
    _rest: tuple[int, ...]
    _cached: Callable[[int], tuple[int, ...] | None]
    """The capture table's ``alone`` and ``rest`` masks and its cache's ``get``, read by
    ``sets`` without going through the table."""
    _hand_cards: dict[int, tuple[int, ...]]
    _layout: _Layout
    _undo: list[tuple[int, int, int, int, int, int]]
    """Per play made: the seat, the card's bit, the capture, the table before, the last side
    to capture before, and what else happened (``_SCOPA | _DEALT | _TAKEN``)."""

    def __init__(self, state: Round) -> None:
        """The position of ``state`` (a Scopa round)."""
        rules = state.rules
        if rules.cirulla:
            raise ValueError("a Board plays Scopa rules only")
        layout = _layout(rules)
        stock = state.stock
        order = layout.orders[state.dealer]
        deals = [_deal(layout, order, stock, at) for at in range(0, len(stock), layout.per_deal)]
        deals.reverse()
        self._start(layout, order[0], list(state.hands), state.table, stock, deals, state.turn)
        self.piles = list(state.piles)
        self.scope = list(state.scope)
        self.last = state.last_capturer
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
        cards = _shuffle(rules, rng)[0]
        per_deal = layout.per_deal
        end = per_deal + layout.table_size
        lead = layout.orders[dealer][0]
        deals: list[tuple[int, ...]]
        if layout.pairs_of_three:  # two hands of three, the Scopa deal: spelled out
            b = itemgetter(*cards)(_BITS)  # the cards' bits, in the order dealt
            t = (
                b[0] | b[1] | b[2], b[3] | b[4] | b[5], b[10] | b[11] | b[12],
                b[13] | b[14] | b[15], b[16] | b[17] | b[18], b[19] | b[20] | b[21],
                b[22] | b[23] | b[24], b[25] | b[26] | b[27], b[28] | b[29] | b[30],
                b[31] | b[32] | b[33], b[34] | b[35] | b[36], b[37] | b[38] | b[39],
            )  # the hands, three by three  # fmt: skip
            if lead:
                hands = [t[1], t[0]]
                deals = [(t[11], t[10]), (t[9], t[8]), (t[7], t[6]), (t[5], t[4]), (t[3], t[2])]
            else:
                hands = [t[0], t[1]]
                deals = [(t[10], t[11]), (t[8], t[9]), (t[6], t[7]), (t[4], t[5]), (t[2], t[3])]
            table = b[6] | b[7] | b[8] | b[9]
        else:
            order = layout.orders[dealer]
            deals = [_deal(layout, order, cards, at) for at in range(end, 40, per_deal)]
            deals.reverse()
            hands = list(_deal(layout, order, cards, 0))
            table = _mask(cards[per_deal:end])
        board = _new(cls)
        board._start(layout, lead, hands, table, tuple(cards[end:]), deals, lead)
        board.piles = list(layout.no_points)
        board.scope = list(layout.no_points)
        board.last = -1
        board.in_hands = per_deal
        board.over = False
        return board

    def _start(
        self, layout: _Layout, lead: int, hands: list[int], table: int,
        stock: tuple[int, ...], deals: list[tuple[int, ...]], turn: int,
    ) -> None:  # fmt: skip
        """Set the cards' places and the rules' constants."""
        self._lead = lead
        self.hands = hands
        self.table = table
        self.stock = stock
        self.at = len(stock) - len(deals) * layout.per_deal
        self.turn = turn
        self.side_of = layout.side_of
        self._next_seat = layout.next_seat
        self._deals = deals
        self._hand_plays = layout.hand_plays.known
        captures = self._captures = layout.captures
        self._alone = captures.alone
        self._rest = captures.rest
        self._cached = captures.cache.get
        self._hand_cards = layout.hand_cards
        self._layout = layout
        self._undo = []

    @staticmethod
    def supports(rules: Rules) -> bool:
        return not rules.cirulla

    @property
    def rules(self) -> Rules:
        return self._layout.rules

    # --- asking ------------------------------------------------------------------------

    def cards(self) -> tuple[int, ...]:
        """The card indices in the hand of the player to act, from the lowest: for a player
        that picks a card first (its plays are then ``sets``)."""
        hand = self.hands[self.turn]
        try:
            return self._hand_cards[hand]
        except KeyError:
            memory = self._hand_cards
            if len(memory) >= ORDERED_MEMORY:
                memory.clear()
            found = memory[hand] = tuple(bits(hand))
            return found

    def sets(self, rank: int) -> tuple[int, ...]:
        """The capture masks a card of ``rank`` may take from the table now (empty: it is
        laid): a card's whole move generation, for a player that picks a card first."""
        table = self.table
        same = table & self._alone[rank]
        if same:  # as ``CaptureTable.sets`` tells them, spelled out for the inner loops
            return SINGLE_SETS[same]
        part = table & self._rest[rank]
        if not part:
            return ()
        found = self._cached(part << 4 | rank)
        return self._captures.sets(table, rank) if found is None else found

    def moves(self, ordered: bool = True) -> Sequence[Play]:
        """The legal moves of the player to act (none once the round is over).

        Ordered: captures first, the biggest first (the usual best replies, for a search's
        earlier cut-offs). Unordered: the cards from the lowest, each card's plays as
        ``Round.legal_moves`` lists them, read from the same kind of caches: for a player
        that needs no order.
        """
        if not ordered:
            table = self.table
            hand = self.hands[self.turn]
            try:
                keys = self._hand_plays[hand]
            except KeyError:
                keys = self._layout.hand_plays.add(hand)
            size = len(keys)
            if size == 3:  # the hands of three, spelled out
                plays, plays2, plays3 = keys
                return (
                    plays[table & plays.alone or table & plays.rest]
                    + plays2[table & plays2.alone or table & plays2.rest]
                    + plays3[table & plays3.alone or table & plays3.rest]
                )
            if size == 2:
                plays, plays2 = keys
                return (
                    plays[table & plays.alone or table & plays.rest]
                    + plays2[table & plays2.alone or table & plays2.rest]
                )
            if size == 1:
                plays = keys[0]
                return plays[table & plays.alone or table & plays.rest]
            found: tuple[Play, ...] = ()
            for plays in keys:
                found += plays[table & plays.alone or table & plays.rest]
            return found
        if self.over:
            return ()
        hand = self.hands[self.turn]
        table = self.table
        memory = self._layout.ordered
        key = hand << 40 | table
        found_moves = memory.get(key)
        if found_moves is None:
            if len(memory) >= ORDERED_MEMORY:
                memory.clear()
            found_moves = memory[key] = self._ordered(hand, table)
        return found_moves

    def _ordered(self, hand: int, table: int) -> tuple[Play, ...]:
        """``moves()`` of ``hand`` on ``table``, worked out."""
        takes: list[tuple[int, int, int]] = []
        lays: list[Play] = []
        sets = self._captures.sets
        while hand:
            low = hand & -hand
            hand ^= low
            index = low.bit_length() - 1
            found_sets = sets(table, RANK_OF[index])
            if found_sets:
                for capture in found_sets:
                    takes.append((-capture.bit_count(), index, capture))
            else:
                lays.append((index, 0))
        if not takes:
            return tuple(lays)
        takes.sort()
        return (*[(index, capture) for _, index, capture in takes], *lays)

    def last_play(self) -> bool:
        """True when the player to act holds the round's last card."""
        return self.in_hands == 1 and not self._deals

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
        self.hands[seat] ^= bit
        in_hands = self.in_hands - 1
        if not capture:
            self.table = table | bit
            if in_hands:
                self.in_hands = in_hands
                self.turn = self._next_seat[seat]
                self._undo.append((seat, bit, 0, table, self.last, 0))
            else:
                self._end_of_hands(seat, bit, 0, table, self.last, 0)
            return
        side = self.side_of[seat]
        self.piles[side] |= capture | bit
        self.table = table ^ capture
        last = self.last
        self.last = side
        done = 0
        if capture == table and scores_scopa(
            self._layout.rules, table, RANK_OF[index], capture, not in_hands and not self._deals
        ):
            self.scope[side] += 1
            done = _SCOPA
        if in_hands:
            self.in_hands = in_hands
            self.turn = self._next_seat[seat]
            self._undo.append((seat, bit, capture, table, last, done))
        else:
            self._end_of_hands(seat, bit, capture, table, last, done)

    def _end_of_hands(
        self, seat: int, bit: int, capture: int, table: int, last: int, done: int
    ) -> None:
        """After the hands' last card: the next hands from the stock, or the end of the
        round, where the last side to capture takes what is left on the table."""
        deals = self._deals
        if deals:
            self.hands[:] = deals.pop()
            layout = self._layout
            self.at += layout.per_deal
            self.in_hands = layout.per_deal
            self.turn = self._lead
            done |= _DEALT
        else:
            self.in_hands = 0
            self.over = True
            if self.table and self.last >= 0:
                self.piles[self.last] |= self.table
                self.table = 0
                done |= _TAKEN
        self._undo.append((seat, bit, capture, table, last, done))

    def unmake(self) -> None:
        """Take back the last ``make``."""
        seat, bit, capture, table, last, done = self._undo.pop()
        hands = self.hands
        if done:
            if done & _TAKEN:
                left = table ^ capture if capture else table | bit
                self.piles[self.last] &= ~left
            if done & _DEALT:
                layout = self._layout
                self._deals.append(tuple(hands))
                hands[:] = layout.no_hands
                self.at -= layout.per_deal
                self.in_hands = 0
            if done & _SCOPA:
                self.scope[self.side_of[seat]] -= 1
        self.over = False
        hands[seat] |= bit
        self.in_hands += 1
        self.turn = seat
        self.table = table
        if capture:
            self.piles[self.side_of[seat]] &= ~(capture | bit)
        self.last = last

    def __repr__(self) -> str:
        return (
            f"<Board turn {self.turn} hands {[hex(h) for h in self.hands]} "
            f"table {self.table:#x} stock {len(self.stock) - self.at}>"
        )


_SCOPA, _DEALT, _TAKEN = 1, 2, 4
"""What a play did besides moving its cards (``Board._undo``): it scored a scopa, the
hands were dealt after it, or the last side to capture took the table after it."""


def _deal(
    layout: _Layout, order: tuple[int, ...], cards: Sequence[int], at: int
) -> tuple[int, ...]:
    """The hands (per seat) dealt from ``cards[at:]`` (indices) to the seats of ``order``."""
    size = layout.hand_size
    hands = [0] * layout.players
    for receiver in order:
        hands[receiver] = _mask(cards[at : at + size])
        at += size
    return tuple(hands)


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for index in cards:
        mask |= _BITS[index]
    return mask


_new = object.__new__
