"""What cards are worth, in expected round points, under a rule set.

A capture is judged by how much it moves each scoring category: the settebello is a point
by itself, sevens and sixes carry the primiera, coins the denari, every card the carte.
Once a category is settled (a side holds 21 cards, 6 coins...) its cards stop counting:
that is the "count the cards" advice of the sources turned into arithmetic.
"""

from __future__ import annotations

from functools import lru_cache

from scopa.engine import DECK, Rules, point_cards

CARD_WEIGHT = 0.055
COIN_WEIGHT = 0.11
SCOPA_VALUE = 1.0

_PRIME_WEIGHT = {7: 0.24, 6: 0.13, 1: 0.07, 5: 0.04, 4: 0.02, 3: 0.015, 2: 0.01}
_SEVEN_COUNT_WEIGHT = {7: 0.3, 6: 0.1}
_NAPOLA_WEIGHT = {1: 0.45, 2: 0.45, 3: 0.45, 4: 0.2, 5: 0.15, 6: 0.1, 7: 0.1}

COINS = sum(card.bit for card in DECK if card.suit == "D")
SEVENS = sum(card.bit for card in DECK if card.rank == 7)
SIXES = sum(card.bit for card in DECK if card.rank == 6)
ACES = sum(card.bit for card in DECK if card.rank == 1)
SETTEBELLO_BIT = 1 << 24
"""The 7 of coins: index (7 - 1) * 4 + 0."""
RANK_MASKS = (0,) + tuple(0xF << (4 * (rank - 1)) for rank in range(1, 11))
RANK_OF = tuple(card.rank for card in DECK)


@lru_cache(maxsize=64)
def base_values(rules: Rules) -> tuple[float, ...]:
    """The marginal worth of each card index when nothing is settled yet."""
    values = []
    points = point_cards(rules)
    for card in DECK:
        value = CARD_WEIGHT
        if card.suit == "D":
            value += COIN_WEIGHT
        if rules.seven_count:
            value += _SEVEN_COUNT_WEIGHT.get(card.rank, 0.0)
        else:
            value += _PRIME_WEIGHT.get(card.rank, 0.005)
        if card in points:
            value += 1.0
        if rules.napola and card.suit == "D":
            value += _NAPOLA_WEIGHT.get(card.rank, 0.05)
        values.append(value)
    return tuple(values)


def settled_values(rules: Rules, piles: tuple[int, ...]) -> tuple[float, ...]:
    """``base_values`` with the settled categories taken out (cards, coins)."""
    values = list(base_values(rules))
    counts = [pile.bit_count() for pile in piles]
    coins = [(pile & COINS).bit_count() for pile in piles]
    if _settled(counts, 40):
        for i in range(40):
            values[i] -= CARD_WEIGHT
    if _settled(coins, 10):
        for i in range(40):
            if COINS >> i & 1:
                values[i] -= COIN_WEIGHT
    return tuple(values)


def _settled(counts: list[int], total: int) -> bool:
    """True when some side can no longer be caught: its lead beats what is left."""
    left = total - sum(counts)
    top = max(counts)
    others = sorted(counts)[-2] if len(counts) > 1 else 0
    return top > others + left


def mask_value(values: tuple[float, ...], mask: int) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def rank_sum(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += RANK_OF[low.bit_length() - 1]
        mask ^= low
    return total
