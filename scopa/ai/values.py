"""What cards are worth, in expected round points, under a rule set.

A capture is judged by how much it moves each scoring category: the settebello is a point
by itself, sevens and sixes carry the primiera, coins the denari, every card the carte.
Once a category is settled (a side holds 21 cards, 6 coins...) its cards stop counting:
that is the "count the cards" advice of the sources turned into arithmetic. Cirulla's grande
and piccola make the coins of their runs worth much more, while both are still to be won,
and nothing once two sides share their cards.
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
GRANDE = 5.0
PICCOLA = 3.0
RUN_SHARE = 0.5
"""How much of a coin run's points a card of it is worth while nobody is on the way to it."""
_PICCOLA_EXTRA = {4: 0.3, 5: 0.25, 6: 0.2, 7: 0.15}

COINS = sum(card.bit for card in DECK if card.suit == "D")
SEVENS = sum(card.bit for card in DECK if card.rank == 7)
GRANDE_CARDS = sum(card.bit for card in DECK if card.suit == "D" and card.rank >= 8)
"""Cirulla's grande: the king, the cavallo and the fante of coins."""
PICCOLA_CARDS = sum(card.bit for card in DECK if card.suit == "D" and card.rank <= 3)
"""Cirulla's piccola: the ace, the 2 and the 3 of coins (a run on to the 6 scores more)."""
SIXES = sum(card.bit for card in DECK if card.rank == 6)
ACES = sum(card.bit for card in DECK if card.rank == 1)
SETTEBELLO_BIT = 1 << 24
"""The 7 of coins: index (7 - 1) * 4 + 0."""
SETTEBELLO_COPPE_BIT = 1 << 25
"""The 7 of cups, index (7 - 1) * 4 + 1: a point of its own under the settebello di coppe."""
RE_BELLO_BIT = 1 << 36
"""The king of coins, index (10 - 1) * 4 + 0: a point of its own under the re bello rule."""
RANK_MASKS = (0,) + tuple(0xF << (4 * (rank - 1)) for rank in range(1, 11))
RANK_OF = tuple(card.rank for card in DECK)
GRANDE_CORE = sum(1 << ((rank - 1) * 4) for rank in (8, 9, 10))
"""King, cavallo and fante of coins."""
PICCOLA_CORE = sum(1 << ((rank - 1) * 4) for rank in (1, 2, 3))
"""Ace, 2 and 3 of coins."""


@lru_cache(maxsize=64)
def base_values(rules: Rules) -> tuple[float, ...]:
    """The marginal worth of each card index when nothing is settled yet."""
    values = []
    points = point_cards(rules)
    for card in DECK:
        value = CARD_WEIGHT
        if card.suit == "D":
            value += COIN_WEIGHT
        if rules.seven_count and not rules.cirulla:
            value += _SEVEN_COUNT_WEIGHT.get(card.rank, 0.0)
        else:
            value += _PRIME_WEIGHT.get(card.rank, 0.005)
        if card in points:
            value += 1.0
        if rules.napola and not rules.cirulla and card.suit == "D":
            value += _NAPOLA_WEIGHT.get(card.rank, 0.05)
        if rules.cirulla and card.suit == "D":
            value += _cirulla_run_value(card.rank, rules)
        values.append(value)
    return tuple(values)


def _cirulla_run_value(rank: int, rules: Rules) -> float:
    if rank >= 8:
        return GRANDE * RUN_SHARE / 3
    if rank <= 3:
        return PICCOLA * RUN_SHARE / 3
    top = 5 if rules.dossena_scale else rules.piccola_max
    return _PICCOLA_EXTRA.get(rank, 0.0) if rank <= top else 0.0


def settled_values(rules: Rules, piles: tuple[int, ...]) -> tuple[float, ...]:
    """``base_values`` with the settled categories taken out (cards, coins), and under
    Cirulla the runs of coins valued by how far each side is on the way to them."""
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
    if rules.cirulla:
        _run(values, piles, GRANDE_CORE, GRANDE, rules)
        _run(values, piles, PICCOLA_CORE, PICCOLA, rules)
    return tuple(values)


def _run(
    values: list[float], piles: tuple[int, ...], core: int, points: float, rules: Rules
) -> None:
    """Re-value the three cards of a run by who holds the others: dead once two sides hold
    some (its extension cards too); worth more as one side gets closer, since the last cards
    decide ``points`` either way (made, or denied)."""
    holders = [pile & core for pile in piles]
    owners = sum(1 for held in holders if held)
    held = max(held.bit_count() for held in holders)
    left = 3 - held
    base = points * RUN_SHARE / 3
    worth = 0.0 if owners > 1 else points * (0.5 + 0.15 * held) / left if left else 0.0
    for index in range(40):
        bit = 1 << index
        if core & bit:
            values[index] += worth - base
        elif owners > 1 and core == PICCOLA_CORE and COINS & bit and 4 <= RANK_OF[index] <= 7:
            values[index] -= _cirulla_run_value(RANK_OF[index], rules)


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
