"""Scoring a round: cards, coins, settebello, primiera (or seven-count), scope and the
regional extras; under Cirulla the grande and the piccola. Each point goes to the unique best
side; a tie at the top gives it to nobody.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import (
    COINS_MASK,
    DECK,
    RE_BELLO,
    SETTEBELLO,
    SETTEBELLO_COPPE,
    SEVENS_MASK,
    SIXES_MASK,
    SUIT_MASK,
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
    scored = categories(rules)
    return tuple(card for card, category in _POINT_CARDS if category in scored)


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
    if None in best and not _incomplete_counts(rules):
        return 0
    return sum(value for value in best if value is not None)


def _incomplete_counts(rules: Rules) -> bool:
    """Whether a side missing a suit still has a primiera sum."""
    if rules.cirulla:
        return not rules.primiera_requires_all_suits
    return rules.incomplete_primiera


def _unique_best(keys: Sequence[object | None]) -> int | None:
    """Index of the unique highest key (None keys never win); None on a tie or no key."""
    present = [(key, i) for i, key in enumerate(keys) if key is not None]
    if not present:
        return None
    top = max(key for key, _ in present)  # type: ignore[type-var]
    winners = [i for key, i in present if key == top]
    return winners[0] if len(winners) == 1 else None


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


def piccola_points(run: int, rules: Rules) -> int:
    """Cirulla's piccola: ace, 2 and 3 of coins score 3, each further coin in the run 1 more,
    up to ``piccola_max`` (to the 5 under Dossena's scale)."""
    if run < 3:
        return 0
    return min(run, 5 if rules.dossena_scale else rules.piccola_max)


def score_masks(
    piles: Sequence[int], scope: Sequence[int], rules: Rules, bonus: Sequence[int] = ()
) -> tuple[Breakdown, ...]:
    """``score_round`` on card masks (the engine's internal form)."""
    if len(piles) != len(scope) or (bonus and len(bonus) != len(piles)):
        raise ScopaError("one scopa count is needed per side")
    values = prime_values(rules)
    sides = range(len(piles))
    scored = categories(rules)
    points: list[dict[str, int]] = [dict.fromkeys(scored, 0) for _ in sides]

    def award(category: str, winner: int | None, amount: int = 1) -> None:
        if winner is not None:
            points[winner][category] += amount

    counts = [bin(pile).count("1") for pile in piles]
    coins = [bin(pile & COINS_MASK).count("1") for pile in piles]
    sevens = [bin(pile & SEVENS_MASK).count("1") for pile in piles]
    sixes = [bin(pile & SIXES_MASK).count("1") for pile in piles]
    ranks = [tuple((pile >> (4 * rank) & 0xF).bit_count() for rank in range(10)) for pile in piles]
    bests = [_best_per_suit(pile, values) for pile in piles]
    complete = [None not in best for best in bests]
    sums = [sum(v for v in best if v is not None) for best in bests]
    incomplete = _incomplete_counts(rules)
    prime = [s if c or incomplete else 0 for s, c in zip(sums, complete)]

    award("carte", _unique_best(counts))
    award("denari", _unique_best(coins))
    for card, category in _POINT_CARDS:
        if category in scored:
            award(category, next((i for i in sides if piles[i] & card.bit), None))
    if "sette" in scored:
        order = SEVEN_COUNT_ORDER if rules.seven_count_aces else SEVEN_COUNT_ORDER[:2]
        award("sette", _unique_best([tuple(ranks[i][r - 1] for r in order) for i in sides]))
    elif rules.cirulla and incomplete:
        award("primiera", _unique_best(sums))
    elif incomplete:
        award("primiera", _unique_best([(c, s) for c, s in zip(complete, sums)]))
    else:
        award("primiera", _unique_best([(1, s) if c else None for c, s in zip(complete, sums)]))
    runs = [napola_run(pile) for pile in piles]
    grandes = [grande_run(pile) for pile in piles]
    for i in sides:
        points[i]["scope"] = scope[i]
        if "napola" in scored:
            points[i]["napola"] = runs[i]
        if rules.cirulla:
            points[i]["grande"] = grande_points(grandes[i], rules)
            points[i]["piccola"] = piccola_points(runs[i], rules)
    return tuple(
        Breakdown(
            points=points[i],
            total=sum(points[i].values()),
            cards=counts[i],
            coins=coins[i],
            sevens=sevens[i],
            sixes=sixes[i],
            primiera=prime[i],
            primiera_complete=complete[i],
            scope=scope[i],
            napola_run=runs[i],
            captured=tuple(DECK[j] for j in range(40) if piles[i] >> j & 1),
            bonus=bonus[i] if bonus else 0,
            grande_run=grandes[i],
            rank_counts=ranks[i],
        )
        for i in sides
    )


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
