"""What one seat may see. Opponents are functions of this, never of the state, so they
cannot see other hands or the order of the stock. A hand declared in Cirulla is shown face up:
every seat sees it (``shown``), partners included; otherwise partners see only their own."""

from __future__ import annotations

from dataclasses import dataclass

from .captures import ACES_MASK, play_scores_scopa, scores_scopa
from .cards import FULL_MASK, Card, cards_of
from .moves import Move
from .round import Round, plays_next
from .rules import Rules


@dataclass(frozen=True)
class Observation:
    rules: Rules
    seat: int
    round_no: int
    dealer: int
    turn: int
    deal_no: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    """Each side's captured cards: every capture is made face up, so all are public."""
    scope: tuple[int, ...]
    last_capturer: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    history: tuple[tuple[int, Move], ...]
    """``(seat, move)`` for each play of this round, oldest first."""
    totals: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    """The seat's legal moves when it is to play, else empty."""
    shown: tuple[tuple[Card, ...], ...] = ()
    """Cirulla: per seat, the cards of its hand shown face up by a declaration."""
    matta_value: int = 0
    """Cirulla: the value named for the matta while it is in play (0: none)."""
    bonus: tuple[int, ...] = ()
    """Cirulla: per side, the scope that came from bonuses (included in ``scope``)."""
    declared: tuple[int, ...] = ()
    """Cirulla: the seats holding a declaration this deal (a knock everyone heard)."""
    declarations_due: int = 0
    """Cirulla, declarations after the deal: how many seats still declare or pass before
    the first card (0 once play is on)."""

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_moves)

    @property
    def hand_mask(self) -> int:
        return _mask(self.hand)

    @property
    def table_mask(self) -> int:
        return _mask(self.table)

    @property
    def declaring(self) -> bool:
        """The declarations after the deal are under way."""
        return self.declarations_due > 0

    @property
    def plays_next(self) -> int:
        """The seat that plays the next card (``Round.plays_next``)."""
        return plays_next(self.rules, self.turn, self.declarations_due)

    @property
    def matta(self) -> Card | None:
        """The wild card under these rules (None outside Cirulla, or without one)."""
        return self.rules.matta_card

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: the other hands (but for cards shown face up) and
        the stock."""
        seen = self.hand_mask | self.table_mask
        for pile in self.piles:
            seen |= _mask(pile)
        for hand in self.shown:
            seen |= _mask(hand)
        return FULL_MASK & ~seen

    def is_scopa(self, move: Move) -> bool:
        """Whether ``move``, played now, scores a scopa (``Round.is_scopa``, from what the
        seat sees: a table held by a server asks its observation)."""
        card = move.card
        if card is None:
            return False
        last = sum(self.hand_sizes) == 1 and not self.stock_size
        return play_scores_scopa(
            self.rules, self.table_mask, card, move.capture_mask, self.matta_value, last
        )

    def unseen(self) -> tuple[Card, ...]:
        return cards_of(self.unseen_mask)

    def played_cards(self) -> tuple[Card, ...]:
        """Every card played this round, in order."""
        return tuple(move.card for _, move in self.history if move.card is not None)

    def scopa_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Per side, the cards whose plays scored a scopa this round, oldest first (those a
        table lays face up across the side's pile): worked out from the plays and the table
        left, for a seat that comes to the round under way. No more per side than its
        ``scope`` not from bonuses."""
        rules = self.rules
        found: list[list[Card]] = [[] for _ in range(rules.sides)]
        for at in self.scopa_plays():
            seat, move = self.history[at]
            assert move.card is not None  # a scopa is made by a card played
            found[rules.side_of(seat)].append(move.card)
        bonus = self.bonus or (0,) * rules.sides
        return tuple(
            tuple(cards[max(0, len(cards) - (self.scope[side] - bonus[side])) :])
            for side, cards in enumerate(found)
        )

    def scopa_plays(self) -> tuple[int, ...]:
        """Where in ``history`` the plays that swept the table for a scopa this round are,
        oldest first: worked out from the plays and the table left."""
        rules = self.rules
        table = self.table_mask
        before: list[int] = []  # the table each play met, latest first
        for _, move in reversed(self.history):
            card = move.card
            if card is not None:
                table = table | move.capture_mask if move.capture_mask else table & ~card.bit
            before.append(table)
        before.reverse()
        found: list[int] = []
        matta = rules.matta_card
        named = 0  # the value named for the matta in a hand, while it is there
        for at, ((_, move), table) in enumerate(zip(self.history, before, strict=True)):
            card = move.card
            if move.matta is not None:
                named = move.named
            if card is None:
                continue
            rank = named if card == matta and named else card.rank
            aces = ACES_MASK | matta.bit if matta is not None and named == 1 else ACES_MASK
            if card == matta or (matta is not None and move.capture_mask & matta.bit):
                named = 0
            if move.capture_mask and scores_scopa(
                rules, table, rank, move.capture_mask, False, aces
            ):
                found.append(at)
        return tuple(found)

    def opening_take(self) -> tuple[Card, ...]:
        """Cirulla: the opening table the dealer took for the dealer's bonus this round,
        in the deck's order (empty without one): the cards of the dealer's side's pile that
        no play of the round took, worked out for a seat that comes to the round under way.
        Empty too once the round is over (its last cards then lie in a pile untaken)."""
        if not self.rules.cirulla or not any(self.hand_sizes):
            return ()
        taken = 0
        for _, move in self.history:
            if move.card is not None and move.capture_mask:
                taken |= move.capture_mask | move.card.bit
        pile = _mask(self.piles[self.rules.side_of(self.dealer)])
        return cards_of(pile & ~taken)


def observe(state: Round, seat: int, totals: tuple[int, ...] = ()) -> Observation:
    """The observation of ``seat`` in ``state`` (``totals``: the match score so far)."""
    rules = state.rules
    cirulla = rules.cirulla
    return Observation(
        rules=rules,
        seat=seat,
        round_no=state.round_no,
        dealer=state.dealer,
        turn=state.turn,
        deal_no=state.deal_no,
        hand=cards_of(state.hands[seat]),
        table=cards_of(state.table),
        piles=tuple(cards_of(pile) for pile in state.piles),
        scope=state.scope,
        last_capturer=state.last_capturer,
        hand_sizes=tuple(bin(hand).count("1") for hand in state.hands),
        stock_size=len(state.stock),
        history=state.history(),
        totals=totals or (0,) * rules.sides,
        legal_moves=state.legal_moves() if state.turn == seat and not state.over else (),
        shown=tuple(cards_of(mask) for mask in state.shown) if cirulla else (),
        matta_value=state.matta_value,
        bonus=state.bonus if cirulla else (),
        declared=tuple(s for s in range(rules.players) if state.has_declared(s)),
        declarations_due=state.declarations_due,
    )


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask
