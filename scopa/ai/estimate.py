"""A static estimate of each side's round points, for the leaves of the search.

Settled facts count in full (scope made, the settebello taken). Majorities still open
(carte, denari, primiera) count as a chance that grows with the lead and shrinks with
the cards still to be captured. At the end of a round the engine's exact score is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import exp, tanh

from scopa.engine import Round, Rules, grande_points, piccola_points, point_cards
from scopa.engine.scoring import grande_run, napola_run

from .values import ACES, COINS, GRANDE_CORE, PICCOLA_CORE, RANK_MASKS, SEVENS, SIXES

FIVES = RANK_MASKS[5]
_SUITS = tuple(sum(1 << (rank * 4 + suit) for rank in range(10)) for suit in range(4))


def final_points(state: Round) -> list[float]:
    return [float(score.total) for score in state.score()]


def estimate(state: Round) -> list[float]:
    """Expected round points per side for an unfinished round."""
    return estimate_piles(state.rules, state.piles, state.scope)


def estimate_piles(rules: Rules, piles: Sequence[int], scope: Sequence[int]) -> list[float]:
    """``estimate`` from the piles (masks) and scope per side."""
    out = [float(count) for count in scope]
    for bit in _point_bits(rules):
        for side, pile in enumerate(piles):
            if pile & bit:
                out[side] += 1.0
    _add(out, _majority([pile.bit_count() for pile in piles], 40, 0.35))
    _add(out, _majority([(pile & COINS).bit_count() for pile in piles], 10, 0.6))
    if rules.cirulla:
        _add(out, _runs(piles, rules))
        _add(out, _primiera(piles, rules))
    elif rules.seven_count:
        keys = [
            2 * (pile & SEVENS).bit_count() + 0.5 * (pile & SIXES).bit_count() for pile in piles
        ]
        _add(out, _majority(keys, 9.0, 0.8))
    else:
        _add(out, _primiera(piles, rules))
    return out


def two_sided(rules: Rules) -> tuple[int, bool]:
    """What ``lead`` needs of a rule set: the mask of its point cards, and whether the
    seven-count replaces the primiera."""
    return _point_mask(rules), bool(rules.seven_count)


def lead(points: int, seven_count: bool, first: int, second: int, scope: int) -> float:
    """``estimate_piles`` for two sides (Scopa rules) as side 0's points less side 1's,
    from their piles and the difference in scope, without building lists."""
    out = float(scope + (first & points).bit_count() - (second & points).bit_count())
    out += _lead(first.bit_count(), second.bit_count(), 40, 0.35)
    out += _lead((first & COINS).bit_count(), (second & COINS).bit_count(), 10, 0.6)
    if seven_count:
        key_a = 2 * (first & SEVENS).bit_count() + 0.5 * (first & SIXES).bit_count()
        key_b = 2 * (second & SEVENS).bit_count() + 0.5 * (second & SIXES).bit_count()
        return out + _lead(key_a, key_b, 9.0, 0.8)
    return out + _lead(primiera_key(first), primiera_key(second), 22.0, 0.35)


MAJORITIES = 3
"""The points ``lead`` weighs as chances, whoever ends with them: cards, coins, and the
primiera or the seven-count."""


def points_in_play(points: int, first: int, second: int, scope: int) -> float:
    """The points of the two sides together that ``lead`` splits: the scope made (both
    sides), the point cards taken (``points`` is their mask) and the majorities."""
    return float(scope + ((first | second) & points).bit_count() + MAJORITIES)


def _lead(first: float, second: float, total: float, spread: float) -> float:
    """``_majority`` of two sides as the first's share less the second's."""
    left = total - first - second
    if first > second + left:
        return 1.0
    if second > first + left:
        return -1.0
    return tanh((first - second) / (1.0 + spread * left))


@lru_cache(maxsize=64)
def _point_mask(rules: Rules) -> int:
    mask = 0
    for bit in _point_bits(rules):
        mask |= bit
    return mask


RUN_CHANCE = (0.0, 0.2, 0.5, 1.0)
"""Chance a side holding 0..3 of a run's three cards (and nobody else any) ends with it."""


def _runs(piles: Sequence[int], rules: Rules) -> list[float]:
    """Cirulla's grande and piccola: made ones in full, open ones by how far each side is."""
    out = [0.0] * len(piles)
    for core, made in ((GRANDE_CORE, _grande), (PICCOLA_CORE, _piccola)):
        holders = [pile & core for pile in piles]
        owners = [side for side, held in enumerate(holders) if held]
        if len(owners) != 1:
            continue
        side = owners[0]
        held = holders[side].bit_count()
        out[side] += RUN_CHANCE[held] * made(piles[side], rules)
    return out


def _grande(pile: int, rules: Rules) -> float:
    return float(max(grande_points(grande_run(pile), rules), 5))


def _piccola(pile: int, rules: Rules) -> float:
    return float(max(piccola_points(napola_run(pile), rules), 3))


def _add(out: list[float], shares: list[float]) -> None:
    for side, share in enumerate(shares):
        out[side] += share


def _majority(counts: list[float], total: float, spread: float) -> list[float]:
    """Each side's chance of ending with the unique most, from counts so far."""
    left = total - sum(counts)
    if len(counts) == 2:
        first, second = counts
        if first > second + left:
            return [1.0, 0.0]
        if second > first + left:
            return [0.0, 1.0]
        share = 0.5 + 0.5 * tanh((first - second) / (1.0 + spread * left))
        return [share, 1.0 - share]
    top = max(counts)
    for side, count in enumerate(counts):
        if count == top and all(
            other + left < count for i, other in enumerate(counts) if i != side
        ):
            return [1.0 if i == side else 0.0 for i in range(len(counts))]
    scale = 1.0 + spread * left
    weights = [exp((count - top) / scale) for count in counts]
    norm = sum(weights)
    return [weight / norm for weight in weights]


def _primiera(piles: Sequence[int], rules: Rules) -> list[float]:
    """Primiera is mostly settled by who holds more sevens, then sixes, then aces: weigh
    those rather than compare partial sums (a suit missing now is rarely missing at the
    end)."""
    return _majority([primiera_key(pile) for pile in piles], 22.0, 0.35)


def primiera_key(pile: int) -> float:
    """How far ``pile`` is on its way to the primiera: its sevens, then sixes, aces and fives
    (the weights ``_primiera`` and ``lead`` compare)."""
    return (
        3.0 * (pile & SEVENS).bit_count()
        + 1.5 * (pile & SIXES).bit_count()
        + 0.7 * (pile & ACES).bit_count()
        + 0.3 * (pile & FIVES).bit_count()
    )


@lru_cache(maxsize=64)
def _point_bits(rules: Rules) -> tuple[int, ...]:
    return tuple(card.bit for card in point_cards(rules))
