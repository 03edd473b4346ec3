"""Scoring a round: cards, coins, settebello, primiera (or seven-count), scope and the
regional extras; under Cirulla the grande and the piccola. Each point goes to the unique best
side; a tie at the top gives it to nobody.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .cards import (
    DECK,
    RE_BELLO,
    SETTEBELLO,
    SETTEBELLO_COPPE,
    SUIT_MASK,
    SUITS,
    Card,
    mask_of,
)
from .errors import ScopaError
from .rules import Rules

_PRIME_BASE = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12}
_FACES = {"ten": (10, 10, 10), "southern": (8, 9, 10), "zero": (0, 0, 0)}

CATEGORIES = (
    "carte",
    "denari",
    "settebello",
    "primiera",
    "sette",
    "scope",
    "re_bello",
    "settebello_coppe",
    "napola",
    "grande",
    "piccola",
)
"""Every category a breakdown may hold, in the order a score sheet shows them."""

SEVEN_COUNT_ORDER = (7, 6, 1, 5, 4, 3, 2)
"""The ranks the seven-count compares, in turn (the primiera order); without
``seven_count_aces`` only the first two."""
_COIN_BITS = tuple(Card(rank, "D").bit for rank in range(1, 11))
_SETTEBELLO_INDEX = SETTEBELLO.index


def prime_values(rules: Rules) -> dict[int, int]:
    """Primiera value of each rank under ``rules`` (Cirulla's faces are always 10)."""
    fante, cavallo, re = _FACES["ten" if rules.cirulla else rules.face_values]
    return {**_PRIME_BASE, 8: fante, 9: cavallo, 10: re}


@dataclass(frozen=True)
class Breakdown:
    """One side's score for a round: ``points`` per category, their ``total``, and the counts
    behind them for a score sheet."""

    points: dict[str, int]
    total: int
    cards: int
    coins: int
    sevens: int
    sixes: int
    primiera: int
    primiera_complete: bool
    scope: int
    napola_run: int
    """The unbroken run of coins from the ace when it reaches the 3 (else 0): the napola,
    and Cirulla's piccola."""
    captured: tuple[Card, ...] = field(repr=False)
    bonus: int = 0
    """Of ``scope``, those that came from Cirulla's bonuses (dealer's table, declarations)."""
    grande_run: int = 0
    """The unbroken run of coins down from the king when it reaches the fante (else 0):
    Cirulla's grande."""
    rank_counts: tuple[int, ...] = ()
    """Cards of each rank captured, ace to king (``rank_counts[rank - 1]``): what the
    seven-count compares."""


def categories(rules: Rules) -> tuple[str, ...]:
    """The categories scored under ``rules``, in score-sheet order."""
    if rules.cirulla:
        return ("carte", "denari", "settebello", "primiera", "scope", "grande", "piccola")
    out = ["carte", "denari", "settebello", "sette" if rules.seven_count else "primiera", "scope"]
    for name in ("re_bello", "settebello_coppe", "napola"):
        if getattr(rules, name):
            out.append(name)
    return tuple(out)


_POINT_CARDS = (
    (SETTEBELLO, "settebello"),
    (RE_BELLO, "re_bello"),
    (SETTEBELLO_COPPE, "settebello_coppe"),
)


def point_cards(rules: Rules) -> tuple[Card, ...]:
    """The cards that score a point by themselves for the side that takes them: the
    settebello, and the re bello and settebello di coppe when their rules are on."""
    return tuple(card for card, _ in point_card_categories(rules))


def point_card_categories(rules: Rules) -> tuple[tuple[Card, str], ...]:
    """``point_cards``, each with the category it scores."""
    scored = categories(rules)
    return tuple((card, category) for card, category in _POINT_CARDS if category in scored)


def _best_per_suit(mask: int, values: dict[int, int]) -> list[int | None]:
    best: list[int | None] = []
    for suit_mask in SUIT_MASK:
        in_suit = mask & suit_mask
        if not in_suit:
            best.append(None)
            continue
        best.append(max(values[DECK[i].rank] for i in range(40) if in_suit >> i & 1))
    return best


def primiera(cards: Iterable[Card], rules: Rules | None = None) -> int:
    """A side's primiera value: the best card of each suit by the primiera scale, summed.

    A side missing a suit has no primiera (0), unless ``incomplete_primiera`` is on (under
    Cirulla: ``primiera_requires_all_suits`` is off), where the suits it has are summed.
    """
    rules = rules or Rules()
    best = _best_per_suit(mask_of(cards), prime_values(rules))
    if None in best and not incomplete_counts(rules):
        return 0
    return sum(value for value in best if value is not None)


def primiera_so_far(cards: Iterable[Card], rules: Rules | None = None) -> tuple[int, int]:
    """A side's primiera while the round goes on: the best card of each suit it has taken
    summed, and how many suits it still lacks (a side must have all four, or it has no
    primiera, unless ``incomplete_primiera``)."""
    best = _best_per_suit(mask_of(cards), prime_values(rules or Rules()))
    return sum(value for value in best if value is not None), best.count(None)


def seven_count_decider(scores: Sequence[Breakdown], rules: Rules) -> int | None:
    """The rank past the sevens and the sixes whose count gave the seven-count's point
    (``seven_count_aces``: the aces, then the 5s, 4s, 3s, 2s); None when the sevens or
    the sixes did, or nobody took the point."""
    if not rules.seven_count_aces:
        return None
    keys = [
        tuple(sum(card.rank == rank for card in b.captured) for rank in SEVEN_COUNT_ORDER)
        for b in scores
    ]
    ranked = sorted(keys, reverse=True)
    if len(ranked) < 2 or ranked[0] == ranked[1]:
        return None
    first, second = ranked[0], ranked[1]
    at = next(i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b)
    return SEVEN_COUNT_ORDER[at] if at >= 2 else None


def cards_behind(
    category: str, breakdown: Breakdown, rules: Rules, decider: int | None = None
) -> tuple[tuple[Card, int], ...]:
    """The captured cards a score-sheet ``category`` counts for one side, each with what
    it is worth there: the best card of each suit with its primiera value, the coins, the
    sevens and the sixes (and the rank that decided their tie, ``decider``: see
    ``seven_count_decider``), a point card, a run of coins (1 each) as far as it scores.
    Empty where the category counts no particular card (the cards, the scopas) or the side
    has none."""
    taken = set(breakdown.captured)
    if category == "primiera":
        values = prime_values(rules)
        best = []
        for suit in SUITS:
            held = [card for card in breakdown.captured if card.suit == suit]
            if held:
                top = max(held, key=lambda card: (values[card.rank], card.rank))
                best.append((top, values[top.rank]))
        return tuple(best)
    if category == "denari":
        wanted = [Card(rank, "D") for rank in range(1, 11)]
    elif category == "sette":
        ranks = (7, 6) if decider is None else (7, 6, decider)
        wanted = [Card(rank, suit) for rank in ranks for suit in SUITS]
    elif category == "napola":
        wanted = [Card(rank, "D") for rank in range(1, breakdown.napola_run + 1)]
    elif category == "piccola":  # the run as far as it scores: a coin past the cap adds nothing
        counted = piccola_points(breakdown.napola_run, rules)
        wanted = [Card(rank, "D") for rank in range(1, counted + 1)]
    elif category == "grande":  # king, cavallo and fante (and under Dossena the 7 and the 6)
        counted = grande_points(breakdown.grande_run, rules) - 2 if breakdown.grande_run else 0
        wanted = [Card(rank, "D") for rank in range(10, 10 - counted, -1)]
    else:
        wanted = [card for card, name in _POINT_CARDS if name == category]
    return tuple((card, 1) for card in wanted if card in taken)


def incomplete_counts(rules: Rules) -> bool:
    """Whether a side missing a suit still has a primiera sum."""
    if rules.cirulla:
        return not rules.primiera_requires_all_suits
    return rules.incomplete_primiera


def _unique_best(keys: Sequence[object | None]) -> int | None:
    """Index of the unique highest key (None keys never win); None on a tie or no key."""
    winner: int | None = None
    top: Any = None
    tied = False
    for index, key in enumerate(keys):
        if key is None:
            continue
        if top is None or key > top:
            top, winner, tied = key, index, False
        elif key == top:
            tied = True
    return None if tied else winner


def napola_run(mask: int) -> int:
    """Length of the unbroken run of coins from the ace, if it reaches the three (else 0)."""
    run = 0
    for bit in _COIN_BITS:
        if not mask & bit:
            break
        run += 1
    return run if run >= 3 else 0


def grande_run(mask: int) -> int:
    """Length of the unbroken run of coins down from the king, if it reaches the fante."""
    run = 0
    for bit in reversed(_COIN_BITS):
        if not mask & bit:
            break
        run += 1
    return run if run >= 3 else 0


def grande_points(run: int, rules: Rules) -> int:
    """Cirulla's grande: 5 for king, cavallo and fante of coins; Dossena's scale adds 1 for
    the 7 and 1 more for the 6."""
    if run < 3:
        return 0
    return 5 + min(run - 3, 2) if rules.dossena_scale else 5


def piccola_cap(rules: Rules) -> int:
    """The most Cirulla's piccola scores: ``piccola_max``, or 5 under Dossena's scale."""
    return 5 if rules.dossena_scale else rules.piccola_max


def piccola_points(run: int, rules: Rules) -> int:
    """Cirulla's piccola: ace, 2 and 3 of coins score 3, each further coin in the run 1 more,
    up to its cap (``piccola_cap``)."""
    if run < 3:
        return 0
    return min(run, piccola_cap(rules))


def score_masks(
    piles: Sequence[int], scope: Sequence[int], rules: Rules, bonus: Sequence[int] = ()
) -> tuple[Breakdown, ...]:
    """``score_round`` on card masks (the engine's internal form).

    Every simulated round ends here, so it works from tables made once per rule set and
    per byte of a mask rather than card by card.
    """
    if len(piles) != len(scope) or (bonus and len(bonus) != len(piles)):
        raise ScopaError("one scopa count is needed per side")
    return scoring_plan(rules).score(piles, scope, bonus)


def scoring_plan(rules: Rules) -> ScoringPlan:
    """What scoring needs of ``rules``, worked out once per rule set."""
    return rules.memo("scoring", ScoringPlan)


@cache
def _best_cards(values: tuple[int, ...]) -> dict[int, int]:
    """The primiera value of the best card of each pattern of ranks (``ScoringPlan.best``),
    by the ranks' ``values`` (ace first): made once for each of the few sets of values, as
    rule sets that differ elsewhere share it (a simulation of random rule sets made it
    afresh for every one, a third of its time)."""
    best: dict[int, int] = {}
    for ranks in range(1 << 10):
        pattern = sum(1 << (4 * r) for r in range(10) if ranks >> r & 1)
        best[pattern] = max((values[r] for r in range(10) if ranks >> r & 1), default=0)
    return best


def _score_sides(
    plan: ScoringPlan, piles: Sequence[int], scope: Sequence[int], bonus: Sequence[int]
) -> tuple[Breakdown, ...]:
    """``score_masks`` for any number of sides."""
    rules = plan.rules
    best = plan.best
    mode = plan.primiera
    tallies = []
    counts: list[int] = []
    coin_counts: list[int] = []
    prime_keys: list[object] = []
    for pile in piles:
        coins = pile & _SPREAD
        cups, swords, batons = pile >> 1 & _SPREAD, pile >> 2 & _SPREAD, pile >> 3 & _SPREAD
        nibbles = pile - (pile >> 1 & _ODD_BITS)
        nibbles = (nibbles & _PAIR_BITS) + (nibbles >> 2 & _PAIR_BITS)
        ranks = _COUNTS[nibbles & 0xFFFFF] + _COUNTS[nibbles >> 20]
        complete = bool(coins and cups and swords and batons)
        sums = best[coins] + best[cups] + best[swords] + best[batons]
        cards = pile.bit_count()
        coin_count = coins.bit_count()
        counts.append(cards)
        coin_counts.append(coin_count)
        if mode == _FOUR_SUITS:
            prime_keys.append((1, sums) if complete else None)
        elif mode == _SUITS_THEN_SUMS:
            prime_keys.append((complete, sums))
        elif mode == _SUMS:
            prime_keys.append(sums)
        else:
            prime_keys.append(tuple([ranks[rank - 1] for rank in plan.sette]))
        tallies.append((cards, coin_count, ranks, complete, sums, coins))
    points = [plan.template.copy() for _ in tallies]
    winner = _unique_best(counts)
    if winner is not None:
        points[winner]["carte"] += 1
    winner = _unique_best(coin_counts)
    if winner is not None:
        points[winner]["denari"] += 1
    for bit, category in plan.point_cards:
        for side, pile in enumerate(piles):
            if pile & bit:
                points[side][category] += 1
                break
    winner = _unique_best(prime_keys)
    if winner is not None:
        points[winner]["sette" if mode == _SETTE else "primiera"] += 1
    incomplete = plan.incomplete
    scored = []
    for side, (cards, coins, ranks, complete, sums, coin_cards) in enumerate(tallies):
        side_points = points[side]
        side_points["scope"] = scope[side]
        run = _NAPOLA_RUNS[coin_cards]
        grande = _GRANDE_RUNS[coin_cards]
        if plan.napola:
            side_points["napola"] = run
        if plan.cirulla:
            side_points["grande"] = grande_points(grande, rules)
            side_points["piccola"] = piccola_points(run, rules)
        breakdown = _breakdown(
            side_points, sum(side_points.values()), cards, coins, ranks,
            sums if complete or incomplete else 0, complete, scope[side], run, piles[side],
            bonus[side] if bonus else 0, grande,
        )  # fmt: skip
        scored.append(breakdown)
    return tuple(scored)


def _breakdown(
    points: dict[str, int], total: int, cards: int, coins: int, ranks: tuple[int, ...],
    primiera: int, complete: bool, scope: int, run: int, pile: int, bonus: int, grande: int,
) -> Breakdown:  # fmt: skip
    """A ``Breakdown`` from its fields, set straight (every simulated round builds two)."""
    breakdown = _new(Breakdown)
    _set(breakdown, "__dict__", {
        "points": points, "total": total, "cards": cards, "coins": coins,
        "sevens": ranks[6], "sixes": ranks[5], "primiera": primiera,
        "primiera_complete": complete, "scope": scope, "napola_run": run,
        "captured": _CARDS_OF_BYTE[0][pile & 255] + _CARDS_OF_BYTE[1][pile >> 8 & 255]
        + _CARDS_OF_BYTE[2][pile >> 16 & 255] + _CARDS_OF_BYTE[3][pile >> 24 & 255]
        + _CARDS_OF_BYTE[4][pile >> 32],
        "bonus": bonus, "grande_run": grande, "rank_counts": ranks,
    })  # fmt: skip
    return breakdown


_new = object.__new__
_set = object.__setattr__

_SETTE, _SUMS, _SUITS_THEN_SUMS, _FOUR_SUITS = range(4)
"""How sides compare for primiera: the seven-count; primiera sums alone (Cirulla without
all suits); four suits first, then sums; sums among the sides with four suits."""


class ScoringPlan:
    """What scoring needs of one rule set, worked out once: the categories (as a dictionary
    to copy), the point cards, how primiera or the seven-count is compared, and each suit's
    best primiera card by the pattern of its cards (a mask shifted down to the denari and
    masked by ``_SPREAD``)."""

    __slots__ = (
        "template", "best", "point_cards", "primiera", "sette", "incomplete", "napola",
        "cirulla", "prime_name", "extras", "rules",
    )  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        scored = categories(rules)
        self.template = dict.fromkeys(scored, 0)
        self.point_cards = tuple(
            (card.bit, category) for card, category in _POINT_CARDS if category in scored
        )
        self.incomplete = incomplete_counts(rules)
        self.sette = SEVEN_COUNT_ORDER if rules.seven_count_aces else SEVEN_COUNT_ORDER[:2]
        if "sette" in scored:
            self.primiera = _SETTE
        elif rules.cirulla and self.incomplete:
            self.primiera = _SUMS
        else:
            self.primiera = _SUITS_THEN_SUMS if self.incomplete else _FOUR_SUITS
        self.napola = "napola" in scored
        self.cirulla = rules.cirulla
        self.prime_name = "sette" if self.primiera == _SETTE else "primiera"
        self.extras = bool(self.point_cards[1:]) or self.napola or self.cirulla
        values = prime_values(rules)
        self.best = _best_cards(tuple(values[rank] for rank in range(1, 11)))

    def score(
        self, piles: Sequence[int], scope: Sequence[int], bonus: Sequence[int]
    ) -> tuple[Breakdown, ...]:
        """``score_masks`` (its arguments checked)."""
        if len(piles) == 2:
            return self.score_two(piles[0], piles[1], scope, bonus)
        return _score_sides(self, piles, scope, bonus)

    def score_two(
        self, pile: int, other: int, scope: Sequence[int], bonus: Sequence[int]
    ) -> tuple[Breakdown, Breakdown]:
        """``score_masks`` for two sides, the common game: every comparison is between two
        values, so it is written out."""
        best = self.best
        coins = pile & _SPREAD
        coins2 = other & _SPREAD
        cups, swords, batons = pile >> 1 & _SPREAD, pile >> 2 & _SPREAD, pile >> 3 & _SPREAD
        complete = bool(coins and cups and swords and batons)
        sums = best[coins] + best[cups] + best[swords] + best[batons]
        cups, swords, batons = other >> 1 & _SPREAD, other >> 2 & _SPREAD, other >> 3 & _SPREAD
        complete2 = bool(coins2 and cups and swords and batons)
        sums2 = best[coins2] + best[cups] + best[swords] + best[batons]
        nibbles = pile - (pile >> 1 & _ODD_BITS)
        nibbles = (nibbles & _PAIR_BITS) + (nibbles >> 2 & _PAIR_BITS)
        ranks = _COUNTS[nibbles & 0xFFFFF] + _COUNTS[nibbles >> 20]
        nibbles = other - (other >> 1 & _ODD_BITS)
        nibbles = (nibbles & _PAIR_BITS) + (nibbles >> 2 & _PAIR_BITS)
        ranks2 = _COUNTS[nibbles & 0xFFFFF] + _COUNTS[nibbles >> 20]
        mode = self.primiera
        if mode == _FOUR_SUITS:
            key: Any = sums if complete else -1
            key2: Any = sums2 if complete2 else -1
        elif mode == _SUITS_THEN_SUMS:
            key, key2 = (complete, sums), (complete2, sums2)
        elif mode == _SUMS:
            key, key2 = sums, sums2
        else:
            key = tuple([ranks[rank - 1] for rank in self.sette])
            key2 = tuple([ranks2[rank - 1] for rank in self.sette])
        cards, cards2 = pile.bit_count(), other.bit_count()
        coin_count, coin_count2 = coins.bit_count(), coins2.bit_count()
        carte = int(cards > cards2)
        carte2 = int(cards2 > cards)
        denari = int(coin_count > coin_count2)
        denari2 = int(coin_count2 > coin_count)
        settebello = pile >> _SETTEBELLO_INDEX & 1
        settebello2 = other >> _SETTEBELLO_INDEX & 1 & (settebello ^ 1)
        prime = int(key > key2)
        prime2 = int(key2 > key)
        scopa, scopa2 = scope
        name = self.prime_name
        first = {
            "carte": carte, "denari": denari, "settebello": settebello, name: prime,
            "scope": scopa,
        }  # fmt: skip
        second = {
            "carte": carte2, "denari": denari2, "settebello": settebello2, name: prime2,
            "scope": scopa2,
        }  # fmt: skip
        run, run2 = _NAPOLA_RUNS[coins], _NAPOLA_RUNS[coins2]
        grande, grande2 = _GRANDE_RUNS[coins], _GRANDE_RUNS[coins2]
        if self.extras:
            for bit, category in self.point_cards[1:]:
                first[category] = taken = int(bool(pile & bit))
                second[category] = int(bool(other & bit)) & (taken ^ 1)
            if self.napola:
                first["napola"], second["napola"] = run, run2
            if self.cirulla:
                rules = self.rules
                first["grande"] = grande_points(grande, rules)
                first["piccola"] = piccola_points(run, rules)
                second["grande"] = grande_points(grande2, rules)
                second["piccola"] = piccola_points(run2, rules)
            total, total2 = sum(first.values()), sum(second.values())
        else:
            total = carte + denari + settebello + prime + scopa
            total2 = carte2 + denari2 + settebello2 + prime2 + scopa2
        incomplete = self.incomplete
        given, given2 = bonus if bonus else (0, 0)
        return (
            _breakdown(
                first, total, cards, coin_count, ranks, sums if complete or incomplete else 0,
                complete, scopa, run, pile, given, grande,
            ),
            _breakdown(
                second, total2, cards2, coin_count2, ranks2,
                sums2 if complete2 or incomplete else 0, complete2, scopa2, run2, other, given2,
                grande2,
            ),
        )  # fmt: skip

    def totals(self, piles: Sequence[int], scope: Sequence[int]) -> tuple[int, ...]:
        """Each side's points for the round (no bonus scope): the ``total`` of each
        ``score``, for a simulation that wants only the points, without the breakdowns.

        Two sides scoring only the four common categories and the scope are counted here
        from the piles' masks; any other game reads the totals off its breakdowns.
        """
        mode = self.primiera
        if len(piles) != 2 or self.extras or mode in (_SETTE, _SUMS):
            return tuple([side.total for side in self.score(piles, scope, ())])
        pile, other = piles
        best = self.best
        coins = pile & _SPREAD
        cups, swords, batons = pile >> 1 & _SPREAD, pile >> 2 & _SPREAD, pile >> 3 & _SPREAD
        sums = best[coins] + best[cups] + best[swords] + best[batons]
        complete = bool(coins and cups and swords and batons)
        coins2 = other & _SPREAD
        cups, swords, batons = other >> 1 & _SPREAD, other >> 2 & _SPREAD, other >> 3 & _SPREAD
        sums2 = best[coins2] + best[cups] + best[swords] + best[batons]
        complete2 = bool(coins2 and cups and swords and batons)
        if mode == _FOUR_SUITS:
            key: Any = sums if complete else -1
            key2: Any = sums2 if complete2 else -1
        else:
            key, key2 = (complete, sums), (complete2, sums2)
        total, total2 = scope
        cards, cards2 = pile.bit_count(), other.bit_count()
        if cards != cards2:
            if cards > cards2:
                total += 1
            else:
                total2 += 1
        coin_count, coin_count2 = coins.bit_count(), coins2.bit_count()
        if coin_count != coin_count2:
            if coin_count > coin_count2:
                total += 1
            else:
                total2 += 1
        if pile >> _SETTEBELLO_INDEX & 1:
            total += 1
        elif other >> _SETTEBELLO_INDEX & 1:
            total2 += 1
        if key != key2:
            if key > key2:
                total += 1
            else:
                total2 += 1
        return total, total2


_SPREAD = sum(1 << (4 * r) for r in range(10))
"""The denari's bits; a mask shifted right by a suit's index and masked by it holds that
suit's cards in the same places."""
_ODD_BITS = 0x5555555555
_PAIR_BITS = 0x3333333333
_COUNTS: dict[int, tuple[int, ...]] = {
    sum(count << (4 * r) for r, count in enumerate(counts)): counts
    for counts in itertools.product(range(5), repeat=5)
}
"""Five ranks' cards counted a nibble each (a mask's cards summed per rank): the counts."""
_CARDS_OF_BYTE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(DECK[8 * k + i] for i in range(8) if byte >> i & 1) for byte in range(256))
    for k in range(5)
)
"""For the k-th byte of a mask: its cards, in index order."""
_NAPOLA_RUNS = {
    pattern: napola_run(pattern)
    for pattern in (
        sum(1 << (4 * r) for r in range(10) if ranks >> r & 1) for ranks in range(1 << 10)
    )
}
_GRANDE_RUNS = {pattern: grande_run(pattern) for pattern in _NAPOLA_RUNS}


def score_round(
    piles: Sequence[Iterable[Card]],
    scope: Sequence[int],
    rules: Rules | None = None,
    bonus: Sequence[int] = (),
) -> tuple[Breakdown, ...]:
    """Score one round. ``piles``: the cards each side captured; ``scope``: each side's scope
    (Cirulla's bonuses included; ``bonus`` says how many of them were bonuses).

    Returns one ``Breakdown`` per side, in the same order.
    """
    rules = rules or Rules()
    masks = []
    seen = 0
    for pile in piles:
        mask = mask_of(pile)
        if mask & seen:
            raise ScopaError("a card appears in two piles")
        seen |= mask
        masks.append(mask)
    return score_masks(masks, scope, rules, bonus)
