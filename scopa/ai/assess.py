"""The expert's judgement of one move: what it wins now, what it gives the next player.

This is the strategy of the source texts made into one expected-value sum:
- the gain: the cards taken (settebello, sevens, coins, primiera cards...) and a scopa;
- the risk: for every rank the next player may hold (counted from the cards not yet seen),
  the best capture that rank would make on the table left, weighted by the chance it is in
  that hand. Leaving more than 10 (no sweep), never leaving cards totalling 7, blocking with
  the last cards of a rank all fall out of it: a rank nobody else holds cannot hurt;
- the follow-up: what this seat's own remaining cards could take back next turn;
- the end of the round: on the very last card the table goes to the last capturer.
In Cirulla a declaration is worth its points less a little for the hand it shows, plus what
the matta could take at once with the value named for it; a next player whose hand is shown
replies with the cards everyone sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from scopa.engine import Move, scores_scopa
from scopa.engine.cards import RANK_OF, SETTEBELLO, Card, bits
from scopa.engine.moves import DECLARE, RETRACT

from .values import (
    COINS,
    GRANDE_CARDS,
    PICCOLA_CARDS,
    RANK_MASKS,
    RE_BELLO_BIT,
    SCOPA_VALUE,
    SETTEBELLO_BIT,
    SETTEBELLO_COPPE_BIT,
    SEVENS,
    mask_value,
    rank_sum,
    settled_values,
)
from .view import View, chance_to_hold

REPLY_CARD_SHARE = 0.5
"""How much of the replying card's own worth counts: the opponent would bank it sooner or later."""
FOLLOW_UP_WEIGHT = 0.25
REVEAL_COST = 0.2
"""What showing one's hand to the table costs a declaration."""
ACE_NAMING = 0.3
"""A matta named ace keeps a sweep in hand for later."""


@dataclass(frozen=True, slots=True)
class Assessment:
    move: Move
    score: float
    gain: float
    risk: float
    follow_up: float
    scopa: bool
    left: int
    """The table after the move, as a mask."""
    sweepable: bool
    """Some card still unseen could take the whole table left."""
    left_to_last: float
    """Value of the table that the last card hands to the last capturer (signed)."""


class Judge:
    """Assess moves for one observation (values and chances computed once)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.values = settled_values(view.rules, view.piles)
        self.reply_hand = view.next_hand_size()
        self.unseen_count = view.unseen.bit_count()
        self._rank_value = [0.0] * 11
        self._rank_chance = [0.0] * 11
        known = view.known_hand(view.next_seat) if view.cards_in_hands > 1 else None
        self._known = known
        if known is not None:
            while known:
                low = known & -known
                known ^= low
                rank = view.value_of(low.bit_length() - 1)
                self._rank_chance[rank] = 1.0
                self._rank_value[rank] = max(self._rank_value[rank], mask_value(self.values, low))
            return
        self._rank_value, self._rank_chance = self.rank_odds(view.unseen, self.unseen_count)

    def rank_odds(self, unseen: int, count: int) -> tuple[list[float], list[float]]:
        """Per rank, the mean worth of its copies among ``unseen`` and the chance that the
        next player holds one, its hand dealt from ``count`` cards (``unseen`` and any
        others this judgement does not place)."""
        worths = [0.0] * 11
        chances = [0.0] * 11
        for rank in range(1, 11):
            worths[rank], chances[rank] = self.rank_odd(rank, unseen, count)
        return worths, chances

    def rank_odd(self, rank: int, unseen: int, count: int) -> tuple[float, float]:
        """``rank_odds`` of one rank."""
        copies = unseen & RANK_MASKS[rank]
        found = copies.bit_count()
        if not found:
            return 0.0, 0.0
        return (
            mask_value(self.values, copies) / found,
            chance_to_hold(count, found, self.reply_hand),
        )

    def assess(self, move: Move) -> Assessment:
        view = self.view
        if move.card is None:
            return self._assess_declaring(move)
        values = self.values
        capture = move.capture_mask
        card_bit = move.card.bit
        scopa = view.is_scopa(move)
        if capture:
            gain = mask_value(values, capture | card_bit) + (SCOPA_VALUE if scopa else 0.0)
            left = view.table ^ capture
        else:
            gain = 0.0
            left = view.table | card_bit
        left_to_last = 0.0
        if view.last_play:
            taker = view.side if capture else view.last_capturer
            if left and taker >= 0:
                worth = mask_value(values, left)
                left_to_last = worth if taker == view.side else -worth
            risk = 0.0
            sweepable = False
            follow_up = 0.0
        else:
            risk, sweepable = self.reply_risk(left)
            follow_up = self.follow_up(left, view.hand ^ card_bit)
        score = gain - risk + FOLLOW_UP_WEIGHT * follow_up + left_to_last
        return Assessment(move, score, gain, risk, follow_up, scopa, left, sweepable, left_to_last)

    def _assess_declaring(self, move: Move) -> Assessment:
        """A declaration, a pass or a retraction: the points, and what the named matta
        could take at once."""
        view = self.view
        gain = follow_up = 0.0
        if move.code == DECLARE:
            points = view.declaration_points().get(move.named, 0)
            gain = points * SCOPA_VALUE - REVEAL_COST
            if move.named:
                follow_up = self._matta_take(move.named) + (ACE_NAMING if move.named == 1 else 0)
        elif move.code == RETRACT:
            named = view.named if view.hand & view.matta_bit else 0
            gain = -view.declaration_points().get(named, 0) * SCOPA_VALUE
        score = gain + FOLLOW_UP_WEIGHT * follow_up
        return Assessment(move, score, gain, 0.0, follow_up, False, view.table, False, 0.0)

    def _matta_take(self, named: int) -> float:
        """The best the matta, worth ``named``, could take from the table now."""
        view = self.view
        best = 0.0
        for taken in view.captures.sets(view.table, named):
            if not taken:
                continue
            worth = mask_value(self.values, taken | view.matta_bit)
            if taken == view.table and scores_scopa(
                view.rules, view.table, named, taken, view.last_play, view.aces
            ):
                worth += SCOPA_VALUE
            best = max(best, worth)
        return best

    def reply_risk(self, table: int) -> tuple[float, bool]:
        """Expected worth of the next player's best capture on ``table``."""
        worths = self._rank_value
        chances = self._rank_chance
        if not table or not self.reply_hand:
            return 0.0, False
        sweepable = False
        options: list[tuple[float, float]] = []
        for rank, best, sweeps in self.reply_takes(table):
            chance = chances[rank]
            if chance:
                sweepable = sweepable or sweeps
                options.append((best + REPLY_CARD_SHARE * worths[rank], chance))
        return expected_take(options), sweepable

    def sweepers(self, left: int) -> tuple[int, ...]:
        """The ranks, one per copy, of the cards the next player may hold that could
        clear ``left`` for a scopa (the shown hand's own, where it is shown): the cards a
        move leaving ``left`` gives a scopa to. Empty on the round's last card."""
        view = self.view
        if not left or not self.reply_hand or view.last_play:
            return ()
        reply_last = view.cards_in_hands == 2 and view.stock_size == 0
        held = view.unseen if self._known is None else self._known
        ranks = sorted(view.value_of(index) for index in bits(held))
        sweeping = {
            rank
            for rank in set(ranks)
            if left in view.sets(left, rank)
            and scores_scopa(view.rules, left, rank, left, reply_last, view.aces)
        }
        return tuple(rank for rank in ranks if rank in sweeping)

    def reply_takes(self, table: int) -> list[tuple[int, float, bool]]:
        """Per rank that could take something from ``table``: the best it could take (a
        scopa included) and whether it could take the whole table."""
        view = self.view
        reply_last = view.cards_in_hands == 2 and view.stock_size == 0
        aces = view.aces
        takes = []
        for rank in range(1, 11):
            sets = view.sets(table, rank)
            if not sets:
                continue
            best = 0.0
            sweeps = False
            for taken in sets:
                worth = mask_value(self.values, taken)
                if taken == table:
                    sweeps = True
                    if scores_scopa(view.rules, table, rank, taken, reply_last, aces):
                        worth += SCOPA_VALUE
                if worth > best:
                    best = worth
            takes.append((rank, best, sweeps))
        return takes

    def follow_up(self, table: int, hand: int) -> float:
        """The best this seat could take from ``table`` with the cards it keeps."""
        best = 0.0
        view = self.view
        while hand:
            low = hand & -hand
            hand ^= low
            index = low.bit_length() - 1
            for taken in view.sets(table, view.value_of(index)):
                worth = mask_value(self.values, taken)
                if worth > best:
                    best = worth
        return best


def expected_take(options: list[tuple[float, float]]) -> float:
    """The expected worth of a reply that takes the best of ``options`` (each a worth and
    the chance the replying hand can make it) that it can make."""
    options.sort(reverse=True)
    expected = 0.0
    missing = 1.0
    for worth, chance in options:
        expected += missing * chance * worth
        missing *= 1.0 - chance
    return expected


def describe(
    view: View, chosen: Assessment, others: list[Assessment], played: Assessment | None = None
) -> tuple[str, dict[str, object]]:
    """The main reason for a move, as a code and its parameters (see ``reasons``).

    ``others`` are the assessments of every legal move: a reason such as "no sweep" is only
    worth saying when some other move would have left a sweep. ``played``, in a review, is
    the move the player made instead: a reason it shares (both sweep the table) says nothing
    of the difference, so it is passed over for one that does.
    """
    move = chosen.move
    capture = move.capture_mask
    left = chosen.left
    total = rank_sum(left)
    if len(view.moves) == 1:
        return "only_move", {}
    if move.card is None:
        if move.code == DECLARE:
            points = view.declaration_points().get(move.named, 0)
            if move.named:
                return "declare_matta", {"points": points, "rank": move.named}
            return "declare", {"points": points}
        return ("retract", {}) if move.code == RETRACT else ("keep_hidden", {})
    instead = played if played is not None and played.move != move else None
    taken = 0 if instead is None else instead.move.capture_mask
    if chosen.scopa and not (instead is not None and instead.scopa):
        return "scopa", {}
    if capture & SETTEBELLO_BIT and not taken & SETTEBELLO_BIT:
        return "settebello", {}
    banked = capture | move.card.bit if capture else 0  # the card taking goes to the pile too
    banked_instead = taken | instead.move.card.bit if instead is not None and taken else 0
    if banked & SETTEBELLO_BIT and not banked_instead & SETTEBELLO_BIT:
        return "settebello_played", {}  # a capture made with it: its point is safe
    for code, bit, counts in (
        ("re_bello", RE_BELLO_BIT, view.rules.re_bello),
        ("settebello_coppe", SETTEBELLO_COPPE_BIT, view.rules.settebello_coppe),
    ):
        if counts and not view.rules.cirulla and banked & bit and not banked_instead & bit:
            return (f"{code}_played" if move.card.bit == bit else code), {}
    if view.last_play and capture and not taken:
        return "last_take", {"count": (left | capture).bit_count()}  # from the table
    if capture & SEVENS and not taken & SEVENS:
        counted = view.rules.seven_count and not view.rules.cirulla
        return ("seven_count" if counted else "seven"), {}
    spent = instead.move.card if instead is not None else None
    if capture and taken == capture and spent is not None and spent.rank != move.card.rank:
        return "keeps", {"rank": spent.rank}
    if (
        spent is not None
        and taken == capture
        and spent.rank == move.card.rank
        and spent.bit & COINS
        and not move.card.bit & COINS
    ):  # the same play but for the suit: "the least risky lay" said nothing of the coin
        return "keeps_coin", {}
    sweeps = [instead] if instead is not None else others
    if not capture and any(o.scopa for o in sweeps):  # "least risky" said nothing of it
        if any(o.scopa and o.move.card is not None and o.move.card.rank == 1 for o in sweeps):
            return "keeps_ace", {}  # the ace that takes the whole table, kept for a fuller one
        return "passes_scopa", {}
    leaves_sweep = instead.sweepable if instead is not None else any(o.sweepable for o in others)
    if left and not chosen.sweepable and leaves_sweep:
        rules = view.rules
        if total > 10 and not (rules.quindici or rules.assi or rules.cirulla):
            return "no_sweep_sum", {"total": total}
        return "no_sweep", {}
    if not capture:
        rank = move.card.rank
        if not view.unseen & RANK_MASKS[rank] and not _takeable(view, move.card, left):
            if view.hand & RANK_MASKS[rank] & ~move.card.bit:
                return "block", {"rank": rank}
            return "anchor", {"rank": rank}
        if chosen.risk <= 0.0:
            return "safe_lay", {}
        if chosen.risk < 0.05:  # a card of little worth another might still take
            return "little_risk", {}
        lays = [o.risk for o in others if o.move.card is not None and not o.move.capture_mask]
        if chosen.risk <= min(lays, default=chosen.risk) + 1e-9:
            covered = _covered_sum(view, move.card)
            if covered:  # "least risky" said nothing of the 7 it leaves, which the rules'
                return "covered_sum", {"total": covered, "rank": covered}  # page warns of
            return "least_harm", {}
        # riskier now than another card to lay: what the search saw lies further on
        kept = instead.move.card if instead is not None else None
        if kept is None:  # a hint: the card kept is the one the least risky lay would spend
            safest = [o for o in others if o.move.card is not None and not o.move.capture_mask
                      and o.move.card.rank != rank
                      and o.risk <= min(lays, default=o.risk) + 1e-9]  # fmt: skip
            kept = safest[0].move.card if safest else None
        if kept is not None and kept.rank != rank and view.hand & kept.bit:
            if kept == SETTEBELLO:  # not "a 7": the card the player gave away
                return "keeps_settebello", {}
            return "keeps_for_later", {"rank": kept.rank}
        return "looks_ahead", {}
    prime = banked & PRIME_CARDS
    if (
        prime.bit_count() >= 2
        and not capture & ~PRIME_CARDS  # the primiera's cards alone (else the cards' count)
        and prime.bit_count() > (banked_instead & PRIME_CARDS).bit_count()
        and not view.rules.seven_count
    ):  # "takes 2 cards" was said of the 7 of swords taking its 6 and its ace
        ranks = sorted((RANK_OF[index] for index in bits(prime)), key=PRIME_ORDER.index)
        return "primiera", {"ranks": ",".join(str(rank) for rank in ranks)}
    # "takes 3 cards" is a reason only when the cards are more than the other way takes (the
    # review said "takes 2 cards" of Master's move over the player's that took three), or
    # than any other capture takes (a hint said it where another took as many, and of the
    # only capture in hand, where no other took any: that is the reason)
    alone = sum(1 for other in others if other.move.capture_mask) == 1
    count = capture.bit_count()
    if instead is not None:
        more = count > taken.bit_count()
    else:
        most = (other.move.capture_mask.bit_count() for other in others if other.move != move)
        more = count > max(most, default=0)
    if count >= 2 and more and not alone:
        return "most_cards", {"count": count}  # from the table, as players count
    if capture & COINS and not taken & COINS:
        if view.rules.cirulla:  # a card of the grande or the piccola: the points it makes
            banked_coins = capture | move.card.bit
            if banked_coins & GRANDE_CARDS:
                return "grande", {}
            if banked_coins & PICCOLA_CARDS:
                return "piccola", {}
        return "coin", {"count": (capture & COINS).bit_count()}
    if alone:
        return "only_capture", {}
    return "capture", {"count": 2}


KNOWN_ENDS = frozenset({"wins_by_end", "denies_by_end", "wins_denies"})
"""Reasons that tell how the round ends (``outcome``): a scopa given on the way is in it."""


def warned(
    judge: Judge, chosen: Assessment, reason: tuple[str, dict[str, object]]
) -> tuple[str, dict[str, object]]:
    """``reason`` for ``chosen``, with the scopa it leaves to the next player told beside it
    (``sweep``: the ranks of the cards that could make it, one per copy): a reason that
    spoke only of what the move takes said nothing of the lone king it left, one still
    unseen."""
    code, params = reason
    if chosen.move.card is None or code in KNOWN_ENDS:
        return reason
    sweep = judge.sweepers(chosen.left)
    if not sweep:
        return reason
    return code, {**params, "sweep": ",".join(str(rank) for rank in sweep)}


PRIME_ORDER = (7, 6, 1)
"""The ranks worth most in the primiera, the most first (21, 18 and 16 points)."""
PRIME_CARDS = RANK_MASKS[7] | RANK_MASKS[6] | RANK_MASKS[1]


def _takeable(view: View, card: Card, table: int) -> bool:
    """Whether a card not yet seen could take ``card`` from ``table``: with its own rank all
    gone, a sum may still take it ("every other 6 is gone" said of a 6 laid beside a 3, the
    9s still out)."""
    unseen = view.unseen
    bit = card.bit
    return any(
        unseen & RANK_MASKS[rank] and any(taken & bit for taken in view.sets(table, rank))
        for rank in range(1, 11)
    )


def _covered_sum(view: View, card: Card) -> int:
    """The sum ``card`` laid makes with a card on the table when the hand keeps a card of
    that rank to take the two back (0: none such): the sum the strategy page warns against
    leaving ("never lay the 4 on the 3"), laid for a reason the player can see."""
    rules = view.rules
    if rules.quindici or rules.assi or rules.cirulla:  # other sums, or the ace's sweep
        return 0
    kept = view.hand & ~card.bit
    table = view.table
    while table:
        low = table & -table
        table ^= low
        total = card.rank + RANK_OF[low.bit_length() - 1]
        # (a card of that rank on the table would be taken instead of the two)
        if total <= 10 and kept & RANK_MASKS[total] and not view.table & RANK_MASKS[total]:
            return total
    return 0
