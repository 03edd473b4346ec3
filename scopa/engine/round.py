"""One round (one ``smazzata``): deal, play every card, take the last cards, score.

A ``Round`` is an immutable value; ``apply`` returns a new one with the events that led to
it. Seats are numbered in playing order: seat ``s + 1`` is on the right of seat ``s`` and
plays after it. Cards are held as bit masks of card indices, which keeps a whole random
round to a few hundred microseconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .captures import CaptureTable, capture_table, scores_scopa
from .cards import DECK, FULL_MASK, RANK_OF, Card, cards_of
from .errors import DealError, IllegalMove
from .events import (
    Captured,
    Dealt,
    Event,
    Laid,
    LastCapture,
    Played,
    RedealCause,
    Redealt,
    Scopa,
)
from .moves import MOVES, Move
from .rules import Rules
from .scoring import Breakdown, score_masks

History = tuple | None  # (previous, seat, move) cons cells, newest first


def misdeal_cause(table: Sequence[Card], rules: Rules) -> RedealCause | None:
    """Why these first table cards must be redealt (three or four kings; an ace when assi
    redeals on aces), or None when they stand."""
    if sum(1 for card in table if card.rank == 10) >= 3:
        return "kings"
    if rules.assi and rules.assi_redeal and any(card.rank == 1 for card in table):
        return "ace"
    return None


def misdeal_reason(table: Sequence[Card], rules: Rules) -> str | None:
    """``misdeal_cause`` in words, for error messages."""
    cause = misdeal_cause(table, rules)
    if cause == "kings":
        return f"{sum(1 for card in table if card.rank == 10)} kings on the table"
    if cause == "ace":
        return "an ace on the table"
    return None


def first_table(deck: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The cards ``deck`` deals face up to the table (after the first hands)."""
    start = rules.cards_per_deal
    return tuple(deck[start : start + rules.table_size])


def shuffled_deck(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """Shuffle with ``rng`` until the deal stands: the deck ``Round.deal_random`` deals from.

    Tools that deal their own rounds use it so their redeals follow the rules too.
    """
    return _shuffle(rules, rng)[0]


def _shuffle(
    rules: Rules, rng: random.Random
) -> tuple[tuple[Card, ...], list[tuple[tuple[Card, ...], RedealCause]]]:
    """The deck that stands, and the table and cause of each shuffle that had to be redealt."""
    redeals: list[tuple[tuple[Card, ...], RedealCause]] = []
    deck = list(DECK)
    while True:
        rng.shuffle(deck)
        table = first_table(deck, rules)
        cause = misdeal_cause(table, rules)
        if cause is None:
            return tuple(deck), redeals
        redeals.append((table, cause))


class Round:
    """The state of one round. Read its fields; never assign them."""

    __slots__ = (
        "rules",
        "round_no",
        "dealer",
        "turn",
        "hands",
        "table",
        "stock",
        "piles",
        "scope",
        "last_capturer",
        "deal_no",
        "in_hands",
        "over",
        "opening",
        "_history",
        "_captures",
        "_side_of",
        "_legal",
    )

    rules: Rules
    round_no: int
    dealer: int
    turn: int
    hands: tuple[int, ...]
    table: int
    stock: tuple[int, ...]
    piles: tuple[int, ...]
    scope: tuple[int, ...]
    last_capturer: int
    deal_no: int
    in_hands: int
    over: bool
    opening: tuple[Event, ...]
    _history: History
    _captures: CaptureTable
    _side_of: tuple[int, ...]
    _legal: tuple[Move, ...] | None

    # --- making a round ----------------------------------------------------------------

    @classmethod
    def deal(
        cls, rules: Rules, deck: Sequence[Card], *, dealer: int = 0, round_no: int = 1
    ) -> Round:
        """Deal ``deck`` exactly as given (a chance event the caller drives).

        Seat ``dealer + 1`` gets the first ``hand_size`` cards, the next seat the next ones,
        the dealer last; then the table cards; the rest is the stock, dealt from the front.
        Raises ``DealError`` when the deck is not the 40 cards or the deal must be redealt.
        """
        cards = list(deck)
        seen = 0
        try:
            for card in cards:
                seen |= card.bit
        except AttributeError:
            raise DealError("a deck is a list of cards") from None
        if len(cards) != 40 or seen != FULL_MASK:
            raise DealError("a deck must hold each of the 40 cards exactly once")
        if not 0 <= dealer < rules.players:
            raise DealError(f"dealer must be a seat from 0 to {rules.players - 1}")
        n, size = rules.players, rules.hand_size
        dealt = rules.cards_per_deal
        table = first_table(cards, rules)
        reason = misdeal_reason(table, rules)
        if reason:
            raise DealError(f"this deal must be redealt: {reason}")
        hands = [0] * n
        for k, seat in enumerate(rules.deal_order(dealer)):
            for card in cards[k * size : (k + 1) * size]:
                hands[seat] |= card.bit
        table_mask = 0
        for card in table:
            table_mask |= card.bit
        stock = tuple(card.index for card in cards[dealt + rules.table_size :])
        opening: tuple[Event, ...] = (
            Dealt(round_no, 1, dealer, tuple(cards_of(h) for h in hands), tuple(table)),
        )
        return cls._make(
            rules, round_no, dealer, rules.next_seat(dealer), tuple(hands), table_mask, stock,
            (0,) * rules.sides, (0,) * rules.sides, -1, 1, dealt, False, opening, None,
        )  # fmt: skip

    @classmethod
    def deal_random(
        cls, rules: Rules, rng: random.Random, *, dealer: int = 0, round_no: int = 1
    ) -> Round:
        """Shuffle with ``rng`` and deal, reshuffling as the rules demand (reported in
        ``opening`` as ``Redealt`` events)."""
        deck, redeals = _shuffle(rules, rng)
        dealt = cls.deal(rules, deck, dealer=dealer, round_no=round_no)
        if redeals:
            redealt = tuple(Redealt(dealer, table, cause) for table, cause in redeals)
            dealt = dealt._replace_opening(redealt + dealt.opening)
        return dealt

    @classmethod
    def from_parts(
        cls,
        rules: Rules,
        *,
        hands: Sequence[Sequence[Card]],
        table: Sequence[Card],
        stock: Sequence[Card],
        piles: Sequence[Sequence[Card]],
        dealer: int,
        turn: int,
        scope: Sequence[int] | None = None,
        last_capturer: int = -1,
        deal_no: int = 1,
        round_no: int = 1,
    ) -> Round:
        """A position given card by card (for tests and for search over guessed hands).

        Every one of the 40 cards must be in exactly one place.
        """
        hand_masks = tuple(_mask(cards) for cards in hands)
        pile_masks = tuple(_mask(cards) for cards in piles)
        stock_idx = tuple(card.index for card in stock)
        table_mask = _mask(table)
        places = [*hand_masks, *pile_masks, table_mask, _mask(stock)]
        total = 0
        for mask in places:
            if total & mask:
                raise DealError("a card is in two places")
            total |= mask
        if total != FULL_MASK or len(set(stock_idx)) != len(stock_idx):
            raise DealError("every one of the 40 cards must be in exactly one place")
        if len(hand_masks) != rules.players or len(pile_masks) != rules.sides:
            raise DealError("one hand per seat and one pile per side are needed")
        in_hands = sum(bin(mask).count("1") for mask in hand_masks)
        return cls._make(
            rules, round_no, dealer, turn, hand_masks, table_mask, stock_idx, pile_masks,
            tuple(scope) if scope is not None else (0,) * rules.sides, last_capturer,
            deal_no, in_hands, in_hands == 0 and not stock_idx, (), None,
        )  # fmt: skip

    @classmethod
    def _make(
        cls, rules: Rules, round_no: int, dealer: int, turn: int, hands: tuple[int, ...],
        table: int, stock: tuple[int, ...], piles: tuple[int, ...], scope: tuple[int, ...],
        last_capturer: int, deal_no: int, in_hands: int, over: bool,
        opening: tuple[Event, ...], history: History,
    ) -> Round:  # fmt: skip
        state = object.__new__(cls)
        state.rules = rules
        state.round_no = round_no
        state.dealer = dealer
        state.turn = turn
        state.hands = hands
        state.table = table
        state.stock = stock
        state.piles = piles
        state.scope = scope
        state.last_capturer = last_capturer
        state.deal_no = deal_no
        state.in_hands = in_hands
        state.over = over
        state.opening = opening
        state._history = history
        state._captures = capture_table(rules)
        state._side_of = rules.seat_sides
        state._legal = None
        return state

    def _replace_opening(self, opening: tuple[Event, ...]) -> Round:
        return Round._make(
            self.rules, self.round_no, self.dealer, self.turn, self.hands, self.table,
            self.stock, self.piles, self.scope, self.last_capturer, self.deal_no,
            self.in_hands, self.over, opening, self._history,
        )  # fmt: skip

    # --- asking ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the player to act may make (empty once the round is over).

        A tuple: it is computed once per position and handed to every caller.
        """
        found = self._legal
        if found is None:
            legal: list[Move] = []
            if not self.over:
                captures = self._captures
                cache = captures.cache
                relevant = captures.relevant
                table = self.table
                hand = self.hands[self.turn]
                interned = MOVES
                while hand:
                    low = hand & -hand
                    hand ^= low
                    index = low.bit_length() - 1
                    rank = RANK_OF[index]
                    sets = cache.get((table & relevant[rank]) << 4 | rank)
                    if sets is None:
                        sets = captures.sets(table, rank)
                    if sets:
                        for capture in sets:
                            move = interned.get(capture << 6 | index)
                            legal.append(move if move is not None else Move.of(index, capture))
                    else:
                        move = interned.get(index)
                        legal.append(move if move is not None else Move.of(index, 0))
            found = self._legal = tuple(legal)
        return found

    def why_illegal(self, move: Move, seat: int | None = None) -> str | None:
        """Why ``move`` may not be played now (None when it may)."""
        if not isinstance(move, Move):
            return f"{move!r} is not a move"
        if self.over:
            return "the round is over"
        if seat is not None and seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        if move in self.legal_moves():
            return None
        card = move.card
        if not self.hands[self.turn] & card.bit:
            return f"{card} is not in the hand of the player to act"
        if move.capture_mask & ~self.table:
            return f"{move} takes cards that are not on the table"
        sets = self._captures.sets(self.table, card.rank)
        if not sets:
            return f"{card} cannot take {'+'.join(map(str, move.captures))}: it is laid"
        if not move.capture_mask:
            return f"{card} can capture, so it must take a set; it cannot be laid"
        choices = ", ".join("+".join(map(str, cards_of(mask))) for mask in sets)
        return f"{card} cannot take {'+'.join(map(str, move.captures))}; it may take: {choices}"

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    @property
    def last_play(self) -> bool:
        """True when the next card played is the last of the round."""
        return self.in_hands == 1 and not self.stock

    def is_scopa(self, move: Move) -> bool:
        """Whether ``move``, played now, scores a scopa (see ``scores_scopa``)."""
        return scores_scopa(
            self.rules, self.table, move.card.rank, move.capture_mask, self.last_play
        )

    def history(self) -> tuple[tuple[int, Move], ...]:
        """``(seat, move)`` for every play of this round, oldest first."""
        out = []
        node = self._history
        while node is not None:
            node, seat, move = node
            out.append((seat, move))
        out.reverse()
        return tuple(out)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self.hands[seat])

    def table_cards(self) -> tuple[Card, ...]:
        return cards_of(self.table)

    def pile(self, side: int) -> tuple[Card, ...]:
        return cards_of(self.piles[side])

    def score(self) -> tuple[Breakdown, ...]:
        """The round's score per side (final once ``over``)."""
        return score_masks(self.piles, self.scope, self.rules)

    # --- playing -----------------------------------------------------------------------

    def apply(self, move: Move, seat: int | None = None) -> tuple[Round, list[Event]]:
        """Play ``move`` for the player to act; return the new round and what happened.

        Raises ``IllegalMove`` (leaving this round unchanged) when the move is not allowed,
        or when ``seat`` is given and it is not that seat's turn.
        """
        reason = self.why_illegal(move, seat)
        if reason is not None:
            raise IllegalMove(reason)
        events: list[Event] = []
        return self._step(move, events), events

    def play(self, move: Move) -> Round:
        """``apply`` without the events, for search; the move must be legal."""
        legal = self._legal if self._legal is not None else self.legal_moves()
        if move not in legal:
            raise IllegalMove(self.why_illegal(move) or f"{move} is not legal here")
        return self._step(move, None)

    def _step(self, move: Move, events: list[Event] | None) -> Round:
        rules = self.rules
        seat = self.turn
        card = move.card
        bit = card.bit
        capture = move.capture_mask
        hands = list(self.hands)
        hands[seat] ^= bit
        side = self._side_of[seat]
        table = self.table
        piles = self.piles
        scope = self.scope
        last = self.last_capturer
        in_hands = self.in_hands - 1
        stock = self.stock
        if events is not None:
            events.append(Played(seat, card))
        if capture:
            table ^= capture
            pile_list = list(piles)
            pile_list[side] |= capture | bit
            piles = tuple(pile_list)
            last = side
            if events is not None:
                events.append(Captured(seat, side, card, move.captures))
            if not table and scores_scopa(
                rules, self.table, card.rank, capture, in_hands == 0 and not stock
            ):
                scope_list = list(scope)
                scope_list[side] += 1
                scope = tuple(scope_list)
                if events is not None:
                    events.append(Scopa(seat, side))
        else:
            table |= bit
            if events is not None:
                events.append(Laid(seat, card))
        deal_no = self.deal_no
        over = False
        n = rules.players
        if in_hands:
            turn = (seat + 1) % n
        elif stock:
            size = rules.hand_size
            order = rules.deal_order(self.dealer)
            for k, receiver in enumerate(order):
                mask = 0
                for index in stock[k * size : (k + 1) * size]:
                    mask |= 1 << index
                hands[receiver] = mask
            stock = stock[rules.cards_per_deal :]
            in_hands = rules.cards_per_deal
            deal_no += 1
            turn = order[0]
            if events is not None:
                events.append(
                    Dealt(self.round_no, deal_no, self.dealer, tuple(map(cards_of, hands)), ())
                )
        else:
            turn = seat
            over = True
            if table and last >= 0:
                pile_list = list(piles)
                pile_list[last] |= table
                piles = tuple(pile_list)
                if events is not None:
                    events.append(LastCapture(last, cards_of(table)))
                table = 0
        state = object.__new__(Round)
        state.rules = rules
        state.round_no = self.round_no
        state.dealer = self.dealer
        state.turn = turn
        state.hands = tuple(hands)
        state.table = table
        state.stock = stock
        state.piles = piles
        state.scope = scope
        state.last_capturer = last
        state.deal_no = deal_no
        state.in_hands = in_hands
        state.over = over
        state.opening = ()
        state._history = (self._history, seat, move)
        state._captures = self._captures
        state._side_of = self._side_of
        state._legal = None
        return state

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(map(str, cards_of(h))) for h in self.hands)
        table = " ".join(map(str, cards_of(self.table)))
        where = f"{self.round_no} deal {self.deal_no} turn {self.turn}"
        return f"<Round {where}: [{hands}] table [{table}]>"


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise DealError(f"expected a Card, got {card!r}")
        if mask & card.bit:
            raise DealError(f"{card} is listed twice")
        mask |= card.bit
    return mask
