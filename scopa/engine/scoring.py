"""Scoring a round: cards, coins, settebello, primiera (or seven-count), scope and the
regional extras. Each point goes to the unique best side; a tie at the top gives it to nobody.
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
)
"""Every category a breakdown may hold, in the order a score sheet shows them."""


def prime_values(rules: Rules) -> dict[int, int]:
    """Primiera value of each rank under ``rules``."""
    fante, cavallo, re = _FACES[rules.face_values]
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
    captured: tuple[Card, ...] = field(repr=False)


def categories(rules: Rules) -> tuple[str, ...]:
    """The categories scored under ``rules``, in score-sheet order."""
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

    A side missing a suit has no primiera (0), unless ``incomplete_primiera`` is on, where the
    suits it has are summed.
    """
    rules = rules or Rules()
    best = _best_per_suit(mask_of(cards), prime_values(rules))
    if None in best and not rules.incomplete_primiera:
        return 0
    return sum(value for value in best if value is not None)


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
    for rank in range(1, 11):
        if mask & Card(rank, "D").bit:
            run = rank
        else:
            break
    return run if run >= 3 else 0


def score_masks(piles: Sequence[int], scope: Sequence[int], rules: Rules) -> tuple[Breakdown, ...]:
    """``score_round`` on card masks (the engine's internal form)."""
    if len(piles) != len(scope):
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
    bests = [_best_per_suit(pile, values) for pile in piles]
    complete = [None not in best for best in bests]
    sums = [sum(v for v in best if v is not None) for best in bests]
    prime = [s if c or rules.incomplete_primiera else 0 for s, c in zip(sums, complete)]

    award("carte", _unique_best(counts))
    award("denari", _unique_best(coins))
    for card, category in _POINT_CARDS:
        if category in scored:
            award(category, next((i for i in sides if piles[i] & card.bit), None))
    if rules.seven_count:
        top = max(sevens) if sevens else 0
        tied = [i for i in sides if sevens[i] == top]
        if len(tied) == 1:
            award("sette", tied[0])
        else:
            best_six = _unique_best([sixes[i] if i in tied else None for i in sides])
            award("sette", best_six)
    elif rules.incomplete_primiera:
        award("primiera", _unique_best([(c, s) for c, s in zip(complete, sums)]))
    else:
        award("primiera", _unique_best([(1, s) if c else None for c, s in zip(complete, sums)]))
    runs = [napola_run(pile) for pile in piles]
    for i in sides:
        points[i]["scope"] = scope[i]
        if rules.napola:
            points[i]["napola"] = runs[i]
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
        )
        for i in sides
    )


def score_round(
    piles: Sequence[Iterable[Card]], scope: Sequence[int], rules: Rules | None = None
) -> tuple[Breakdown, ...]:
    """Score one round. ``piles``: the cards each side captured; ``scope``: each side's scope.

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
    return score_masks(masks, scope, rules)
