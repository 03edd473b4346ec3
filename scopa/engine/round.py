"""One round (one ``smazzata``): deal, play every card, take the last cards, score.

A ``Round`` is an immutable value; ``apply`` returns a new one with the events that led to
it. Seats are numbered in playing order: seat ``s + 1`` is on the right of seat ``s`` and
plays after it. Cards are held as bit masks of card indices, which keeps a whole random
round to a few hundred microseconds.

Cirulla keeps a little more (``CirullaState``): the hands shown face up by a declaration, the
value named for the matta, the declarations made this deal, the declarations still due after
the deal, the bonus scope, and a game decided by the opening table. Scopa rounds carry none
of it, so their play stays on the fast path.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .captures import ACES_MASK, capture_table, play_scores_scopa, scores_scopa
from .cards import DECK, FULL_MASK, RANK_MASK, RANK_OF, Card, cards_of
from .cirulla import dealer_bonus, declaration_points, declarations, declared_kind, table_cause
from .errors import DealError, IllegalMove
from .events import (
    Captured,
    DealerBonus,
    Dealt,
    DealWon,
    Declared,
    Event,
    Laid,
    LastCapture,
    Passed,
    Played,
    RedealCause,
    Redealt,
    Retracted,
    Scopa,
)
from .moves import DECLARE, PASS, PASS_MOVE, RETRACT, RETRACT_MOVE, Move
from .rules import Rules
from .scoring import Breakdown, ScoringPlan, scoring_plan

History = tuple | None  # (previous, seat, move) cons cells, newest first

MISDEALS_TO_LOSE = 3
"""Luzzati: the third misdeal in a row gives the game to the dealer's opponents."""


class CirullaState(NamedTuple):
    """What a Cirulla round holds beyond a Scopa one."""

    shown: tuple[int, ...]
    """Per seat: the cards of its hand shown face up by a declaration (a mask)."""
    named: int
    """The value named for the matta while it is in play (0: none, it is its rank)."""
    declared: int
    """Seats (bit ``1 << seat``) holding a declaration this deal."""
    phase: int
    """Declarations still due after the deal (``declare_at_deal``); 0 once play is on."""
    bonus: tuple[int, ...]
    """Per side: the scope that came from bonuses (also counted in ``Round.scope``)."""
    decided: int
    """The side the opening table gave the game to (Luzzati), or -1."""


def misdeal_cause(table: Sequence[Card], rules: Rules) -> RedealCause | None:
    """Why these first table cards must be redealt (three or four kings; an ace when assi
    redeals on aces; under Cirulla two aces, or three of a kind with the Luzzati rules), or
    None when they stand."""
    if rules.cirulla:
        cause = table_cause(table, rules)
        if cause == "aces" or cause == "three_of_a_kind":
            return cause
        return None
    ranks = [card.rank for card in table]
    if ranks.count(10) >= 3:
        return "kings"
    if rules.assi and rules.assi_redeal and 1 in ranks:
        return "ace"
    return None


def misdeal_reason(table: Sequence[Card], rules: Rules) -> str | None:
    """``misdeal_cause`` in words, for error messages."""
    cause = misdeal_cause(table, rules)
    if cause == "kings":
        return f"{sum(1 for card in table if card.rank == 10)} kings on the table"
    if cause == "ace":
        return "an ace on the table"
    if cause == "aces":
        return f"{sum(1 for card in table if card.rank == 1)} aces on the table"
    if cause == "three_of_a_kind":
        return "three of a kind on the table"
    return None


def first_table(deck: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The cards ``deck`` deals face up to the table (after the first hands)."""
    start = rules.cards_per_deal
    return tuple(deck[start : start + rules.table_size])


def shuffled_deck(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """Shuffle with ``rng`` until the deal stands: the deck ``Round.deal_random`` deals from.

    Tools that deal their own rounds use it so their redeals follow the rules too. (Under
    the Luzzati rules a third misdeal in a row ends the game: its deck is returned.)
    """
    return tuple([DECK[index] for index in _shuffle(rules, rng)[0]])


def _shuffle(
    rules: Rules, rng: random.Random
) -> tuple[list[int], list[tuple[tuple[Card, ...], RedealCause]], RedealCause | None]:
    """The deck that stands (card indices), the table and cause of each shuffle that had to
    be redealt, and the cause of a Luzzati third misdeal, which stands to end the game."""
    redeals: list[tuple[tuple[Card, ...], RedealCause]] = []
    misdeals = 0
    order = _INDICES[:]
    layout = _layout(rules)
    start, end = layout.cards_per_deal, layout.cards_per_deal + layout.table_size
    while True:
        _shuffle_indices(order, rng)
        if layout.kings_only:  # the common case, told from the table's mask
            table_mask = sum(map(_BITS.__getitem__, order[start:end]))
            if (table_mask & _KINGS).bit_count() < 3:
                return order, redeals, None
        table = tuple(map(DECK.__getitem__, order[start:end]))
        cause = misdeal_cause(table, rules)
        if cause is None:
            return order, redeals, None
        if cause == "three_of_a_kind":
            misdeals += 1
            if misdeals == MISDEALS_TO_LOSE:
                return order, redeals, cause
        redeals.append((table, cause))


def _shuffle_indices(order: list[int], rng: random.Random) -> None:
    """``rng.shuffle`` of the deck whose card indices are ``order``.

    For a plain ``random.Random`` the shuffle is spelled out here, drawing the same numbers
    in the same order as ``Random.shuffle`` (so a seed deals the same cards) without its
    call per card, which is most of the cost of a random deal. Any other shuffler is handed
    the cards themselves.
    """
    if type(rng) is not random.Random:
        deck = [DECK[index] for index in order]
        rng.shuffle(deck)
        order[:] = [card.index for card in deck]
        return
    getrandbits = rng.getrandbits
    for width, places in _DRAWS:
        for i in places:
            j = getrandbits(width)
            while j > i:
                j = getrandbits(width)
            order[i], order[j] = order[j], order[i]


_DRAWS = tuple(
    (width, tuple(i for i in range(39, 0, -1) if (i + 1).bit_length() == width))
    for width in range(6, 1, -1)
)
"""``Random.shuffle`` of 40 cards: each place from the last down swaps with a place at or
below it, drawn with as many bits as that bound needs; the places grouped by those bits."""
_BITS = tuple(1 << index for index in range(40))
_INDICES = list(range(40))
_KINGS = RANK_MASK[10]


class _Layout:
    """What a rule set's rounds share, worked out once: how the cards are dealt (sizes, and
    per dealer the seats in the order they are dealt to), the sides of the seats, the
    capture table and its moves per hand, and whether only three kings send a deal back."""

    __slots__ = (
        "players", "hand_size", "table_size", "cards_per_deal", "orders", "side_of",
        "next_seat", "no_points", "captures", "hand_keys", "kings_only", "scoring", "deals",
    )  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.players = rules.players
        self.hand_size = rules.hand_size
        self.table_size = rules.table_size
        self.cards_per_deal = rules.cards_per_deal
        self.orders = tuple(rules.deal_order(dealer) for dealer in range(rules.players))
        self.side_of = rules.seat_sides
        self.next_seat = tuple(rules.next_seat(seat) for seat in range(rules.players))
        self.no_points = (0,) * rules.sides
        self.captures = capture_table(rules)
        self.hand_keys = self.captures.hand_keys
        self.kings_only = not rules.cirulla and not (rules.assi and rules.assi_redeal)
        self.scoring: ScoringPlan | None = None
        """How the rule set scores, looked up at the first score (see ``scoring_plan``)."""
        self.deals: dict[int, _Deal] = {}
        """The shared part of rounds (``_Deal``), by ``round_no << 3 | dealer``."""


def _layout(rules: Rules) -> _Layout:
    return rules.memo("layout", _Layout)


def _deal_hands(
    layout: _Layout, dealer: int, cards: Sequence[int], hands: list[int]
) -> tuple[int, int]:
    """Deal hands from the front of ``cards`` (indices) into ``hands``: the seat to lead and
    the number of cards dealt."""
    size = layout.hand_size
    order = layout.orders[dealer]
    bits = _BITS
    start = 0
    for receiver in order:
        if size == 3:  # the Scopa deal, five times a round
            first, second, third = cards[start : start + 3]
            hands[receiver] = bits[first] | bits[second] | bits[third]
        else:
            hands[receiver] = sum(map(bits.__getitem__, cards[start : start + size]))
        start += size
    return order[0], start


class _Deal:
    """What every position of a round shares: its rules (and their layout), number and
    dealer. Rounds of the same rules, number and dealer share one (see ``_deal_of``).

    A position holds one reference to it rather than a copy of each field, which keeps a
    play to the few fields that change.
    """

    __slots__ = (
        "rules", "round_no", "dealer", "layout", "side_of", "next_seat", "two_seats", "two_sides",
        "lead", "hand_keys",
    )  # fmt: skip

    def __init__(self, layout: _Layout, rules: Rules, round_no: int, dealer: int) -> None:
        self.rules = rules
        self.round_no = round_no
        self.dealer = dealer
        self.layout = layout
        self.side_of = layout.side_of
        self.next_seat = layout.next_seat
        self.two_seats = layout.players == 2
        self.two_sides = len(layout.no_points) == 2
        self.lead = layout.orders[dealer][0] if self.two_seats and layout.hand_size == 3 else -1
        """The seat dealt to first, when two hands of three are dealt (else -1)."""
        self.hand_keys = layout.hand_keys.known
        """The hands' moves seen so far (``HandKeys.known``)."""

    def scoring(self) -> ScoringPlan:
        layout = self.layout
        plan = layout.scoring
        if plan is None:
            plan = layout.scoring = scoring_plan(self.rules)
        return plan

    def opening(self, dealt: list[Any]) -> tuple[Event, ...]:
        """The events of a deal from what they are made of: ``[hands (masks), the table's
        card indices in the order dealt, the tables and causes of the shuffles redealt]``."""
        hands, table_order, redeals = dealt
        dealer = self.dealer
        redealt = tuple(Redealt(dealer, table, cause) for table, cause in redeals)
        table = tuple(map(DECK.__getitem__, table_order))
        return redealt + (Dealt(self.round_no, 1, dealer, tuple(map(cards_of, hands)), table),)


def _deal_of(layout: _Layout, rules: Rules, round_no: int, dealer: int) -> _Deal:
    deals = layout.deals
    key = round_no << 3 | dealer
    deal = deals.get(key)
    if deal is None:
        if len(deals) >= 1024:
            deals.clear()
        deal = deals[key] = _Deal(layout, rules, round_no, dealer)
    return deal


def plays_next(rules: Rules, turn: int, declarations_due: int) -> int:
    """The seat that plays the next card when ``turn`` is to act with ``declarations_due``
    declarations still to go round: each passes the turn to the next seat."""
    for _ in range(declarations_due):
        turn = rules.next_seat(turn)
    return turn


class Round:
    """The state of one round. Read its fields; never assign them."""

    __slots__ = (
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
        "_history",
        "_legal",
        "_deal",
        "_opening",
    )

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
    _history: History
    _legal: tuple[Move, ...] | None
    _deal: _Deal
    _opening: tuple[Event, ...] | list[Any]
    """Set on a round no card has been played in (its ``opening``): the events, or until
    first read what they are made of (see ``_Deal.opening``)."""
    _extra: CirullaState | None = None
    """Cirulla's state (``_CirullaRound``); a Scopa round has none."""

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def round_no(self) -> int:
        return self._deal.round_no

    @property
    def dealer(self) -> int:
        return self._deal.dealer

    @property
    def opening(self) -> tuple[Event, ...]:
        """What happened before the first play: the deal (after any redeals), and under
        Cirulla what the opening table gave. Empty once a card has been played."""
        if self._history is not None:
            return ()
        opening = self._opening
        if isinstance(opening, list):
            opening = self._opening = self._deal.opening(opening)
        return opening

    # --- making a round ----------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        deck: Sequence[Card],
        *,
        dealer: int = 0,
        round_no: int = 1,
        misdeals: int = 0,
    ) -> Round:
        """Deal ``deck`` exactly as given (a chance event the caller drives).

        Seat ``dealer + 1`` gets the first ``hand_size`` cards, the next seat the next ones,
        the dealer last; then the table cards; the rest is the stock, dealt from the front.
        Raises ``DealError`` when the deck is not the 40 cards or the deal must be redealt.

        Under Cirulla the opening table may give the dealer a bonus (``DealerBonus`` in
        ``opening``), or end the game with the Luzzati rules: the round is then ``over``
        before any play and ``decided`` names the winning side. ``misdeals`` counts the
        Luzzati misdeals already made this round: with two before it, a third one ends the
        game instead of being redealt.
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
        table = first_table(cards, rules)
        cause = misdeal_cause(table, rules)
        forfeit = cause == "three_of_a_kind" and misdeals >= MISDEALS_TO_LOSE - 1
        if cause is not None and not forfeit:
            raise DealError(f"this deal must be redealt: {misdeal_reason(table, rules)}")
        return cls._dealt(rules, [card.index for card in cards], dealer, round_no, forfeit, [])

    @classmethod
    def _dealt(
        cls, rules: Rules, order: list[int], dealer: int, round_no: int, forfeit: bool,
        redeals: list[tuple[tuple[Card, ...], RedealCause]],
    ) -> Round:  # fmt: skip
        """The round dealt from the card indices ``order``, a deal known to stand (or to
        be the Luzzati misdeal that ends the game: ``forfeit``), after the shuffles
        ``redeals`` were dealt again."""
        layout = _layout(rules)
        hands = [0] * layout.players
        first, dealt = _deal_hands(layout, dealer, order, hands)
        end = dealt + layout.table_size
        table_order = order[dealt:end]
        table_mask = sum(map(_BITS.__getitem__, table_order))
        stock = tuple(order[end:])
        dealt_hands = tuple(hands)
        deal = _deal_of(layout, rules, round_no, dealer)
        if rules.cirulla:
            return cls._deal_cirulla(
                deal, deal.opening([dealt_hands, table_order, redeals]), dealt_hands,
                tuple(map(DECK.__getitem__, table_order)), table_mask, stock, forfeit,
            )  # fmt: skip
        state = _new(cls)
        state.turn = first
        state.hands = dealt_hands
        state.table = table_mask
        state.stock = stock
        state.piles = state.scope = layout.no_points
        state.last_capturer = -1
        state.deal_no = 1
        state.in_hands = dealt
        state.over = False
        state._history = None
        state._legal = None
        state._deal = deal
        state._opening = [dealt_hands, table_order, redeals]
        return state

    @classmethod
    def _deal_cirulla(
        cls, deal: _Deal, opening: tuple[Event, ...], hands: tuple[int, ...],
        table: tuple[Card, ...], table_mask: int, stock: tuple[int, ...], forfeit: bool,
    ) -> Round:  # fmt: skip
        """The opening table's effects: a game decided by it, or the dealer's bonus."""
        rules = deal.rules
        dealer = deal.dealer
        sides = rules.sides
        side = rules.side_of(dealer)
        piles, scope = [0] * sides, [0] * sides
        decided, last = -1, -1
        cause = table_cause(table, rules)
        if forfeit:
            decided = 1 - side
            opening += (DealWon(dealer, decided, table, "misdeals"),)
        elif cause == "four_of_a_kind" or cause == "three_and_matta":
            decided = side
            opening += (DealWon(dealer, side, table, cause),)
        else:
            points, named = dealer_bonus(table, rules)
            if points:
                piles[side] = table_mask
                scope[side] = points
                table_mask = 0
                last = side
                opening += (DealerBonus(dealer, side, table, points, named),)
        extra = CirullaState(
            (0,) * rules.players, 0, 0, rules.players if rules.declare_at_deal else 0,
            tuple(scope), decided,
        )  # fmt: skip
        return _build(
            deal, rules.next_seat(dealer), hands, table_mask, stock, tuple(piles), tuple(scope),
            last, 1, rules.cards_per_deal, decided >= 0, None, extra, opening,
        )  # fmt: skip

    @classmethod
    def deal_random(
        cls, rules: Rules, rng: random.Random, *, dealer: int = 0, round_no: int = 1
    ) -> Round:
        """Shuffle with ``rng`` and deal, reshuffling as the rules demand (reported in
        ``opening`` as ``Redealt`` events)."""
        if not 0 <= dealer < rules.players:
            raise DealError(f"dealer must be a seat from 0 to {rules.players - 1}")
        order, redeals, forfeit = _shuffle(rules, rng)
        return cls._dealt(rules, order, dealer, round_no, forfeit is not None, redeals)

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
        shown: Sequence[Iterable[Card]] | None = None,
        matta_value: int = 0,
        declared: Iterable[int] = (),
        declaring: int = 0,
        bonus: Sequence[int] | None = None,
    ) -> Round:
        """A position given card by card (for tests and for search over guessed hands).

        Every one of the 40 cards must be in exactly one place. Under Cirulla: ``shown`` the
        cards of each hand shown face up, ``matta_value`` the value named for the matta,
        ``declared`` the seats holding a declaration this deal, ``declaring`` how many
        declarations after the deal are still due, ``bonus`` each side's bonus scope.
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
        extra = None
        if rules.cirulla:
            shown_masks = tuple(_mask(list(cards)) for cards in shown or [()] * rules.players)
            if len(shown_masks) != rules.players or any(
                mask & ~hand for mask, hand in zip(shown_masks, hand_masks)
            ):
                raise DealError("a shown card must be in its seat's hand")
            seats = 0
            for seat in declared:
                seats |= 1 << seat
            extra = CirullaState(
                shown_masks, matta_value, seats, declaring,
                tuple(bonus) if bonus is not None else (0,) * rules.sides, -1,
            )  # fmt: skip
        return cls._make(
            rules, round_no, dealer, turn, hand_masks, table_mask, stock_idx, pile_masks,
            tuple(scope) if scope is not None else (0,) * rules.sides, last_capturer,
            deal_no, in_hands, in_hands == 0 and not stock_idx, (), None, extra,
        )  # fmt: skip

    @classmethod
    def _make(
        cls, rules: Rules, round_no: int, dealer: int, turn: int, hands: tuple[int, ...],
        table: int, stock: tuple[int, ...], piles: tuple[int, ...], scope: tuple[int, ...],
        last_capturer: int, deal_no: int, in_hands: int, over: bool,
        opening: tuple[Event, ...], history: History, extra: CirullaState | None = None,
    ) -> Round:  # fmt: skip
        if extra is None and rules.cirulla:
            extra = CirullaState((0,) * rules.players, 0, 0, 0, (0,) * rules.sides, -1)
        return _build(
            _deal_of(_layout(rules), rules, round_no, dealer), turn, hands, table, stock, piles,
            scope, last_capturer, deal_no, in_hands, over, history, extra, opening,
        )  # fmt: skip

    # --- asking ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the player to act may make (empty once the round is over).

        A tuple: it is computed once per position and handed to every caller.
        """
        found = self._legal
        if found is None:
            # Each card's moves are looked up by the part of the table that matters to it
            # (see ``HandKeys``); a hand of three, the common one, is spelled out.
            table = self.table
            hand = self.hands[self.turn]
            try:
                keys = self._deal.hand_keys[hand]  # empty once over
            except KeyError:
                keys = self._deal.layout.hand_keys.add(hand)
            size = len(keys)
            if size == 3:
                plays, plays2, plays3 = keys
                found = (
                    plays[table & plays.alone or table & plays.rest]
                    + plays2[table & plays2.alone or table & plays2.rest]
                    + plays3[table & plays3.alone or table & plays3.rest]
                )
            elif size == 2:
                plays, plays2 = keys
                found = (
                    plays[table & plays.alone or table & plays.rest]
                    + plays2[table & plays2.alone or table & plays2.rest]
                )
            elif size == 1:
                plays = keys[0]
                found = plays[table & plays.alone or table & plays.rest]
            else:
                found = ()
                for plays in keys:
                    found += plays[table & plays.alone or table & plays.rest]
            self._legal = found
        return found

    def _legal_cirulla(self, extra: CirullaState) -> tuple[Move, ...]:
        if self.over:
            return ()
        rules = self.rules
        seat = self.turn
        hand = self.hands[seat]
        legal: list[Move] = []
        if extra.phase:
            legal.extend(self._declaration_moves(hand))
            legal.append(PASS_MOVE)
            return tuple(legal)
        if hand.bit_count() == rules.hand_size:
            at_deal = rules.declare_at_deal
            if extra.declared >> seat & 1:
                if at_deal and rules.declare_until_play:
                    legal.append(RETRACT_MOVE)
            elif not extra.shown[seat] and (not at_deal or rules.declare_until_play):
                legal.extend(self._declaration_moves(hand))
        captures = self._deal.layout.captures
        table = self.table
        named = extra.named
        matta_bit = _matta_bit(rules) if named else 0
        while hand:
            low = hand & -hand
            hand ^= low
            index = low.bit_length() - 1
            rank = named if low == matta_bit else RANK_OF[index]
            if table & matta_bit:
                sets = captures.sets_named(table, rank, matta_bit, named)
            else:
                sets = captures.sets(table, rank)
            if sets:
                for capture in sets:
                    legal.append(Move.of(index, capture))
            else:
                legal.append(Move.of(index, 0))
        return tuple(legal)

    def _declaration_moves(self, hand: int) -> list[Move]:
        options = declarations(hand, self.rules)
        matta = self.rules.matta_card
        return [Move.declare(matta if named else None, named) for named, _ in options]

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
        if not move.is_play:
            return self._why_not_special(move)
        card = move.card
        assert card is not None
        if self.declaring:
            return "first every player declares a hand or passes, then the cards are played"
        if not self.hands[self.turn] & card.bit:
            return f"{card} is not in the hand of the player to act"
        if move.capture_mask & ~self.table:
            return f"{move} takes cards that are not on the table"
        sets = self._sets(card)
        if not sets:
            return f"{card} cannot take {'+'.join(map(str, move.captures))}: it is laid"
        if not move.capture_mask:
            return f"{card} can capture, so it must take a set; it cannot be laid"
        choices = ", ".join("+".join(map(str, cards_of(mask))) for mask in sets if mask)
        return f"{card} cannot take {'+'.join(map(str, move.captures))}; it may take: {choices}"

    def _why_not_special(self, move: Move) -> str:
        extra = self._extra
        if extra is None:
            return f"'{move}': only Cirulla has hand declarations"
        seat = self.turn
        hand = self.hands[seat]
        rules = self.rules
        if move.code == PASS:
            return "passing is only for the declarations made straight after the deal"
        if move.code == RETRACT:
            if not extra.declared >> seat & 1:
                return "there is no declaration to take back"
            return "a declaration is taken back only before playing, and only where allowed"
        if extra.shown[seat]:
            return "this hand has been declared already"
        if hand.bit_count() != rules.hand_size:
            return "a hand is declared before its first card is played"
        if rules.declare_at_deal and not rules.declare_until_play and not extra.phase:
            return "hands are declared straight after the deal"
        options = declarations(hand, rules)
        if not options:
            return "this hand scores no bonus: its three cards neither total 9 or less nor match"
        matta = rules.matta_card
        if move.matta is None or matta is None or move.matta is not matta:
            if matta is not None and hand & matta.bit:
                return f"name the value of the matta {matta}, like '!{matta}=1'"
            return f"there is no matta {move.matta} in this hand"
        values = ", ".join(str(named) for named, _ in options)
        return f"naming the {matta} {move.named} makes no bonus; it may be named: {values}"

    def _sets(self, card: Card) -> tuple[int, ...]:
        """The capture sets ``card`` may take now (with the matta's named value)."""
        extra = self._extra
        named = extra.named if extra is not None else 0
        if not named:
            return self._deal.layout.captures.sets(self.table, card.rank)
        matta_bit = _matta_bit(self.rules)
        rank = named if card.bit == matta_bit else card.rank
        return self._deal.layout.captures.sets_named(self.table, rank, matta_bit, named)

    def side_of(self, seat: int) -> int:
        return self._deal.side_of[seat]

    @property
    def last_play(self) -> bool:
        """True when the next card played is the last of the round."""
        return self.in_hands == 1 and not self.stock

    def is_scopa(self, move: Move) -> bool:
        """Whether ``move``, played now, scores a scopa (see ``scores_scopa``)."""
        card = move.card
        if card is None:
            return False
        return play_scores_scopa(
            self.rules, self.table, card, move.capture_mask, self.matta_value, self.last_play
        )

    # --- Cirulla's state -----------------------------------------------------------------

    @property
    def shown(self) -> tuple[int, ...]:
        """Per seat, the cards of its hand shown face up by a declaration (masks)."""
        extra = self._extra
        return extra.shown if extra is not None else (0,) * self.rules.players

    def shown_hand(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self.shown[seat])

    @property
    def matta_value(self) -> int:
        """The value named for the matta while it is in play (0: none named)."""
        extra = self._extra
        return extra.named if extra is not None else 0

    @property
    def bonus(self) -> tuple[int, ...]:
        """Per side, the scope that came from Cirulla's bonuses (included in ``scope``)."""
        extra = self._extra
        return extra.bonus if extra is not None else (0,) * self.rules.sides

    @property
    def declaring(self) -> bool:
        """The declarations after the deal are under way (each seat declares or passes)."""
        extra = self._extra
        return extra is not None and extra.phase > 0

    @property
    def declarations_due(self) -> int:
        """How many seats still declare or pass after the deal."""
        extra = self._extra
        return extra.phase if extra is not None else 0

    @property
    def plays_next(self) -> int:
        """The seat that plays the next card: the seat to play, or while the declarations
        after the deal go round, the one the turn comes back to once they end."""
        return plays_next(self.rules, self.turn, self.declarations_due)

    def has_declared(self, seat: int) -> bool:
        """Whether ``seat`` holds a declaration this deal."""
        extra = self._extra
        return extra is not None and bool(extra.declared >> seat & 1)

    @property
    def decided(self) -> int:
        """The side the opening table gave the game to (Luzzati rules), or -1."""
        extra = self._extra
        return extra.decided if extra is not None else -1

    @property
    def last_played(self) -> tuple[int, Move] | None:
        """``(seat, move)`` of this round's latest play (None before the first): the last
        of ``history`` without building it."""
        node = self._history
        return None if node is None else (node[1], node[2])

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
        extra = self._extra
        return self._deal.scoring().score(self.piles, self.scope, extra.bonus if extra else ())

    # --- playing -----------------------------------------------------------------------
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
        state = self.play(move)
        card = DECK[move.bit.bit_length() - 1]
        seat = self.turn
        events.append(Played(seat, card))
        if move.capture_mask:
            side = self._deal.side_of[seat]
            events.append(Captured(seat, side, card, move.captures))
            if state.scope[side] != self.scope[side]:
                events.append(Scopa(seat, side))
        else:
            events.append(Laid(seat, card))
        if state.deal_no != self.deal_no:
            hands = tuple(map(cards_of, state.hands))
            events.append(Dealt(self.round_no, state.deal_no, self.dealer, hands, ()))
        elif state.over:
            left = self.table ^ move.capture_mask if move.capture_mask else self.table | move.bit
            if left and state.last_capturer >= 0:
                events.append(LastCapture(state.last_capturer, cards_of(left)))
        return state, events

    def _require_legal(self, move: Move) -> None:
        """Raise ``IllegalMove`` with the reason unless ``move`` is legal now."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(self.why_illegal(move) or f"{move} is not legal here")

    def play(self, move: Move) -> Round:
        """``apply`` without the events, for search; the move must be legal."""
        # ``_require_legal``, spelled out: this is the play of every search and simulation,
        # so it is written for speed: each field is set once, straight on a new object,
        # and what a round shares is not copied.
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(self.why_illegal(move) or f"{move} is not legal here")
        seat = self.turn
        bit = move.bit
        capture = move.capture_mask
        deal = self._deal
        hands = self.hands
        table = self.table
        state = _new(Round)
        if deal.two_seats:  # the common game: no list to build
            if seat:
                hands = (hands[0], hands[1] ^ bit)
                turn = 0
            else:
                hands = (hands[0] ^ bit, hands[1])
                turn = 1
        else:
            hand_list = list(hands)
            hand_list[seat] ^= bit
            hands = tuple(hand_list)
            turn = deal.next_seat[seat]
        in_hands = self.in_hands - 1
        if capture:
            table ^= capture
            side = deal.side_of[seat]
            piles = self.piles
            if not deal.two_sides:
                pile_list = list(piles)
                pile_list[side] |= capture | bit
                state.piles = tuple(pile_list)
            elif side:
                state.piles = (piles[0], piles[1] | capture | bit)
            else:
                state.piles = (piles[0] | capture | bit, piles[1])
            state.last_capturer = side
            if table or not scores_scopa(
                deal.rules, self.table, RANK_OF[bit.bit_length() - 1], capture,
                not in_hands and not self.stock,
            ):  # fmt: skip
                state.scope = self.scope
            else:
                scope = list(self.scope)
                scope[side] += 1
                state.scope = tuple(scope)
        else:
            table |= bit
            state.piles = self.piles
            state.last_capturer = self.last_capturer
            state.scope = self.scope
        if in_hands:
            state.turn = turn
            state.hands = hands
            state.table = table
            state.in_hands = in_hands
            state.stock = self.stock
            state.deal_no = self.deal_no
            state.over = False
        else:
            self._end_of_hands(state, seat, hands, table)
        state._history = (self._history, seat, move)
        state._legal = None
        state._deal = deal
        return state

    def _end_of_hands(self, state: Round, seat: int, hands: tuple[int, ...], table: int) -> None:
        """Set what follows the last card in the hands on ``state`` (whose piles and last
        capturer are set): the next hands from the stock, or the end of the round, where the
        last side to capture takes what is left on the table."""
        stock = self.stock
        state.table = table
        if stock:
            deal = self._deal
            if deal.lead >= 0:  # two hands of three, the Scopa deal
                first, second, third, fourth, fifth, sixth = stock[:6]
                bits = _BITS
                hand = bits[first] | bits[second] | bits[third]
                other = bits[fourth] | bits[fifth] | bits[sixth]
                state.turn = lead = deal.lead
                state.hands = (other, hand) if lead else (hand, other)
                state.in_hands = 6
                state.stock = stock[6:]
            else:
                hand_list = list(hands)
                state.turn, dealt = _deal_hands(deal.layout, deal.dealer, stock, hand_list)
                state.hands = tuple(hand_list)
                state.in_hands = dealt
                state.stock = stock[dealt:]
            state.deal_no = self.deal_no + 1
            state.over = False
            return
        state.turn = seat
        state.hands = hands
        state.in_hands = 0
        state.stock = ()
        state.deal_no = self.deal_no
        state.over = True
        last = state.last_capturer
        if table and last >= 0:
            pile_list = list(state.piles)
            pile_list[last] |= table
            state.piles = tuple(pile_list)
            state.table = 0

    def _step_cirulla(self, move: Move, events: list[Event] | None, extra: CirullaState) -> Round:
        rules = self.rules
        seat = self.turn
        side = self._deal.side_of[seat]
        history = (self._history, seat, move)
        card = move.card
        if card is None:
            return self._declaring_step(move, events, extra, seat, side, history)
        matta_bit = _matta_bit(rules)
        named = extra.named
        bit = card.bit
        rank = named if named and bit == matta_bit else card.rank
        capture = move.capture_mask
        hands = list(self.hands)
        hands[seat] ^= bit
        shown = extra.shown
        if shown[seat] & bit:
            shown_list = list(shown)
            shown_list[seat] ^= bit
            shown = tuple(shown_list)
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
            if (capture | bit) & matta_bit:
                named = 0
            if events is not None:
                events.append(Captured(seat, side, card, move.captures))
            aces = ACES_MASK | matta_bit if extra.named == 1 else ACES_MASK
            if not table and scores_scopa(
                rules, self.table, rank, capture, in_hands == 0 and not stock, aces
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
        declared = extra.declared
        phase = 0
        if in_hands:
            turn = (seat + 1) % rules.players
        elif stock:
            turn, in_hands = _deal_hands(_layout(rules), self.dealer, stock, hands)
            stock = stock[in_hands:]
            deal_no += 1
            declared = 0
            shown = (0,) * rules.players
            phase = rules.players if rules.declare_at_deal else 0
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
                if table & matta_bit:
                    named = 0
                if events is not None:
                    events.append(LastCapture(last, cards_of(table)))
                table = 0
        return _build(
            self._deal, turn, tuple(hands), table, stock, piles, scope, last, deal_no, in_hands,
            over, history, CirullaState(shown, named, declared, phase, extra.bonus, -1),
        )  # fmt: skip

    def _declaring_step(
        self, move: Move, events: list[Event] | None, extra: CirullaState, seat: int,
        side: int, history: History,
    ) -> Round:  # fmt: skip
        """A declaration, a pass or a retraction: no card moves."""
        rules = self.rules
        hand = self.hands[seat]
        shown, named, declared, bonus = extra.shown, extra.named, extra.declared, extra.bonus
        scope = self.scope
        points = 0
        matta_bit = _matta_bit(rules)
        if move.code == DECLARE:
            points = declaration_points(hand, move.named, rules)
            shown_list = list(shown)
            shown_list[seat] = hand
            shown = tuple(shown_list)
            declared |= 1 << seat
            if move.named:
                named = move.named
            if events is not None:
                kind = declared_kind(hand, move.named, rules) or "low"
                events.append(Declared(seat, side, cards_of(hand), points, kind, move.named))
        elif move.code == RETRACT:
            points = -declaration_points(hand, named if hand & matta_bit else 0, rules)
            declared &= ~(1 << seat)
            if hand & matta_bit:
                named = 0
            if events is not None:
                events.append(Retracted(seat, side, -points))
        elif events is not None:
            events.append(Passed(seat))
        if points:
            scope_list, bonus_list = list(scope), list(bonus)
            scope_list[side] += points
            bonus_list[side] += points
            scope, bonus = tuple(scope_list), tuple(bonus_list)
        phase = extra.phase
        turn = seat
        if phase:
            phase -= 1
            turn = rules.next_seat(seat)
        return _build(
            self._deal, turn, self.hands, self.table, self.stock, self.piles, scope,
            self.last_capturer, self.deal_no, self.in_hands, self.over, history,
            CirullaState(shown, named, declared, phase, bonus, extra.decided),
        )  # fmt: skip

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(map(str, cards_of(h))) for h in self.hands)
        table = " ".join(map(str, cards_of(self.table)))
        where = f"{self.round_no} deal {self.deal_no} turn {self.turn}"
        return f"<Round {where}: [{hands}] table [{table}]>"


class _CirullaRound(Round):
    """A Cirulla round: a Scopa round's fields and ``CirullaState``. Its own class keeps
    the question out of every Scopa play."""

    __slots__ = ("_extra",)

    _extra: CirullaState

    def legal_moves(self) -> tuple[Move, ...]:
        found = self._legal
        if found is None:
            found = self._legal = self._legal_cirulla(self._extra)
        return found

    def apply(self, move: Move, seat: int | None = None) -> tuple[Round, list[Event]]:
        reason = self.why_illegal(move, seat)
        if reason is not None:
            raise IllegalMove(reason)
        events: list[Event] = []
        return self._step_cirulla(move, events, self._extra), events

    def play(self, move: Move) -> Round:
        self._require_legal(move)
        return self._step_cirulla(move, None, self._extra)


_new = object.__new__


def _build(
    deal: _Deal, turn: int, hands: tuple[int, ...], table: int, stock: tuple[int, ...],
    piles: tuple[int, ...], scope: tuple[int, ...], last_capturer: int, deal_no: int,
    in_hands: int, over: bool, history: History, extra: CirullaState | None,
    opening: tuple[Event, ...] = (),
) -> Round:  # fmt: skip
    state: Round
    if extra is None:
        state = _new(Round)
    else:
        cirulla = _new(_CirullaRound)
        cirulla._extra = extra
        state = cirulla
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
    state._history = history
    state._legal = None
    state._deal = deal
    if history is None:
        state._opening = opening
    return state


def _matta_bit(rules: Rules) -> int:
    """The matta's bit under ``rules`` (0 when there is none)."""
    return rules.memo("matta_bit", _find_matta_bit)


def _find_matta_bit(rules: Rules) -> int:
    matta = rules.matta_card
    return matta.bit if matta is not None else 0


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise DealError(f"expected a Card, got {card!r}")
        if mask & card.bit:
            raise DealError(f"{card} is listed twice")
        mask |= card.bit
    return mask
