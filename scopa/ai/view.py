"""An observation turned into bit masks, the form every opponent reasons on.

Only what the seat may see goes in: its hand, the table, the public piles, the hands shown
face up by a Cirulla declaration, the counts of the hidden cards. The hidden cards themselves
are known only as one mask, ``unseen``, which is the same whatever their order in the other
hands and the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from scopa.engine import Move, Observation, Round, Rules, declarations, scores_scopa
from scopa.engine.captures import ACES_MASK, CaptureTable, capture_table
from scopa.engine.cards import FULL_MASK

from .values import RANK_MASKS, RANK_OF


@dataclass(frozen=True, slots=True)
class View:
    rules: Rules
    seat: int
    side: int
    hand: int
    table: int
    piles: tuple[int, ...]
    scope: tuple[int, ...]
    unseen: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    last_capturer: int
    moves: tuple[Move, ...]
    captures: CaptureTable
    dealer: int
    deal_no: int
    round_no: int
    history: tuple[tuple[int, Move], ...]
    shown: tuple[int, ...] = ()
    """Cirulla: per seat, the cards of its hand shown face up (masks)."""
    named: int = 0
    """Cirulla: the value named for the matta while in play (0: none)."""
    matta_bit: int = 0
    """Cirulla: the matta's bit (0: no matta)."""
    declared: tuple[int, ...] = ()
    declarations_due: int = 0
    bonus: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    """The match score per side before this round (empty: not known)."""

    @classmethod
    def of(cls, obs: Observation) -> View:
        piles = tuple(_mask(pile) for pile in obs.piles)
        matta = obs.rules.matta_card
        return cls(
            rules=obs.rules,
            seat=obs.seat,
            side=obs.side,
            hand=obs.hand_mask,
            table=obs.table_mask,
            piles=piles,
            scope=obs.scope,
            unseen=obs.unseen_mask,
            hand_sizes=obs.hand_sizes,
            stock_size=obs.stock_size,
            last_capturer=obs.last_capturer,
            moves=obs.legal_moves,
            captures=capture_table(obs.rules),
            dealer=obs.dealer,
            deal_no=obs.deal_no,
            round_no=obs.round_no,
            history=obs.history,
            shown=tuple(_mask(hand) for hand in obs.shown),
            named=obs.matta_value,
            matta_bit=matta.bit if matta is not None else 0,
            declared=obs.declared,
            declarations_due=obs.declarations_due,
            bonus=obs.bonus,
            totals=obs.totals,
        )

    @classmethod
    def of_round(cls, state: Round) -> View:
        """What the player to act in ``state`` sees (used inside the search, where the
        other players' choices must not depend on cards they cannot see either)."""
        seat = state.turn
        hand = state.hands[seat]
        seen = hand | state.table
        for pile in state.piles:
            seen |= pile
        cirulla = state.rules.cirulla
        shown = state.shown if cirulla else ()
        for cards in shown:
            seen |= cards
        matta = state.rules.matta_card
        return cls(
            rules=state.rules,
            seat=seat,
            side=state.side_of(seat),
            hand=hand,
            table=state.table,
            piles=state.piles,
            scope=state.scope,
            unseen=FULL_MASK & ~seen,
            hand_sizes=tuple(other.bit_count() for other in state.hands),
            stock_size=len(state.stock),
            last_capturer=state.last_capturer,
            moves=state.legal_moves(),
            captures=capture_table(state.rules),
            dealer=state.dealer,
            deal_no=state.deal_no,
            round_no=state.round_no,
            history=(),
            shown=shown,
            named=state.matta_value,
            matta_bit=matta.bit if matta is not None else 0,
            declared=tuple(s for s in range(state.rules.players) if state.has_declared(s)),
            declarations_due=state.declarations_due,
            bonus=state.bonus if cirulla else (),
        )

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def next_seat(self) -> int:
        """Who plays after this seat (also after a new deal: the dealer always plays last)."""
        return self.rules.next_seat(self.seat)

    @property
    def cards_in_hands(self) -> int:
        return sum(self.hand_sizes)

    @property
    def last_play(self) -> bool:
        """True when this seat's card is the last of the round."""
        return self.cards_in_hands == 1 and self.stock_size == 0

    @property
    def last_deal(self) -> bool:
        return self.stock_size == 0

    def next_hand_size(self) -> int:
        """Cards the next seat will hold when it replies to this seat's move."""
        if self.cards_in_hands > 1:
            return self.hand_sizes[self.next_seat]
        return self.rules.hand_size if self.stock_size else 0

    def unseen_of_rank(self, rank: int) -> int:
        return (self.unseen & RANK_MASKS[rank]).bit_count()

    def is_scopa(self, move: Move) -> bool:
        """Would ``move`` score a scopa (it empties the table and the rules count it)?"""
        card = move.card
        if card is None:
            return False
        return scores_scopa(
            self.rules, self.table, self.value_of(card.index), move.capture_mask,
            self.last_play, self.aces,
        )  # fmt: skip

    def value_of(self, index: int) -> int:
        """The capture value of card ``index``: its rank, or the value named for the matta."""
        if self.named and 1 << index == self.matta_bit:
            return self.named
        return RANK_OF[index]

    @property
    def aces(self) -> int:
        """The cards worth an ace now (the matta among them when named ace)."""
        return ACES_MASK | self.matta_bit if self.named == 1 else ACES_MASK

    def sets(self, table: int, rank: int) -> tuple[int, ...]:
        """The capture sets a card of capture value ``rank`` may take from ``table``, the
        matta on it counting the value named for it."""
        if self.named and table & self.matta_bit:
            return self.captures.sets_named(table, rank, self.matta_bit, self.named)
        return self.captures.sets(table, rank)

    def known_hand(self, seat: int) -> int | None:
        """The cards ``seat`` holds when they are all shown face up, else None."""
        if (
            self.shown
            and self.shown[seat]
            and self.shown[seat].bit_count() == self.hand_sizes[seat]
        ):
            return self.shown[seat]
        return None

    def declaration_points(self) -> dict[int, int]:
        """For each way this seat's hand may be declared now, named value -> points."""
        return dict(declarations(self.hand, self.rules))


@lru_cache(maxsize=4096)
def chance_to_hold(unseen: int, copies: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``unseen`` holds at least one of
    ``copies`` given cards."""
    if copies <= 0 or hand <= 0 or unseen <= 0:
        return 0.0
    if hand >= unseen or copies > unseen - hand:
        return 1.0
    return 1.0 - comb(unseen - copies, hand) / comb(unseen, hand)


def _mask(cards: tuple) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask
