"""Playing for the match, not only the round.

Far from the target a point is a point, and the most points this round is the best a side
can do. Near it, points stop adding up: at 10 to 9 in a match to 11, making one point and
conceding none wins, while two scope against three more for the others only draws level
above the target and plays another round. ``MatchOdds`` is the chance each side wins the
match from any score, worked out once per rule set from how rounds usually end; ``Stakes``
turns a round's points into that chance, scaled to the margins' usual spread. A search
that scores its positions through ``Stakes`` plays the same as one scoring the margin
while the match is far from over, and for the match once this round may end it.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from scopa.engine import Board, Rules

from .values import base_values, mask_value

ROUNDS_SAMPLED = 400
"""Rounds played to learn how points usually split in one round of a rule set."""
NEAR_END = 0.02
"""Below this chance that the match ends with this round, the match is far from over."""
FLOOR_SPREAD = 0.01
"""The least spread of the chance of winning taken as the scale (a match all but decided)."""


class MatchOdds:
    """The chance that the first of two sides wins the match, from the sides' totals."""

    def __init__(self, rules: Rules) -> None:
        self.target = target = rules.target
        self.rounds = _round_points(rules)
        most = max(max(points) for points in self.rounds)
        self.size = size = target + most + 1
        chance = [[0.5] * size for _ in range(size)]
        for first in range(size):
            for second in range(size):
                if max(first, second) >= target:
                    chance[first][second] = (
                        1.0 if first > second else 0.0 if first < second else 0.5
                    )
        # Below the target, each score leads only to higher ones: work down from the top.
        for total in range(2 * target - 2, -1, -1):
            for first in range(max(0, total - target + 1), min(total, target - 1) + 1):
                second = total - first
                stay = 0.0
                found = 0.0
                for (gain, loss), share in self.rounds.items():
                    if gain == loss == 0:
                        stay = share
                    else:
                        found += share * chance[first + gain][second + loss]
                chance[first][second] = found / (1.0 - stay) if stay < 1.0 else 0.5
        self.chance = chance

    def ends(self, first: int, second: int) -> float:
        """The chance that the match is over after the round starting at this score."""
        target = self.target
        return sum(
            share
            for (gain, loss), share in self.rounds.items()
            if max(first + gain, second + loss) >= target
        )

    def at(self, first: float, second: float) -> float:
        """``chance`` between whole scores (a round's expected points are fractions)."""
        top = self.size - 1
        first = min(max(first, 0.0), top)
        second = min(max(second, 0.0), top)
        low_a = min(int(first), top - 1)
        low_b = min(int(second), top - 1)
        part_a = first - low_a
        part_b = second - low_b
        row, above = self.chance[low_a], self.chance[low_a + 1]
        return (1.0 - part_a) * ((1.0 - part_b) * row[low_b] + part_b * row[low_b + 1]) + part_a * (
            (1.0 - part_b) * above[low_b] + part_b * above[low_b + 1]
        )


@lru_cache(maxsize=16)
def match_odds(rules: Rules) -> MatchOdds:
    """``MatchOdds`` of a rule set, kept by value: rules sent to another process, which
    arrive without their memo, find them again."""
    return MatchOdds(rules)


class Stakes:
    """What a round's points are worth in the match being played, from side 0's point of
    view: the chance of winning the match they lead to, scaled so that the usual ends of a
    round spread as widely as their margins do (the expert's judgement blended in stays in
    proportion)."""

    def __init__(self, odds: MatchOdds, totals: tuple[int, ...]) -> None:
        self.odds = odds
        self.first, self.second = totals
        at = odds.at
        rounds = odds.rounds.items()
        middle = sum(share * at(self.first + a, self.second + b) for (a, b), share in rounds)
        spread = sum(
            share * (at(self.first + a, self.second + b) - middle) ** 2 for (a, b), share in rounds
        )
        margins = sum(share * (a - b) ** 2 for (a, b), share in rounds)
        self.scale = margins**0.5 / max(spread**0.5, FLOOR_SPREAD)

    @classmethod
    def of(cls, rules: Rules, totals: tuple[int, ...]) -> Stakes | None:
        """The stakes of a match at ``totals``, or None while this round cannot end it (or
        with other than two sides): then the margin is what counts."""
        if rules.sides != 2 or not Board.supports(rules) or len(totals) != 2:
            return None
        odds = match_odds(rules)
        if odds.ends(*totals) < NEAR_END:
            return None
        return cls(odds, totals)

    def worth(self, first: float, second: float) -> float:
        """Side 0's stake in a round where the sides make ``first`` and ``second`` points."""
        return self.odds.at(self.first + first, self.second + second) * self.scale


def _round_points(rules: Rules) -> dict[tuple[int, int], float]:
    """How often a round ends with each pair of points (for the two sides, both ways
    round), from rounds played by a quick greedy player: always the capture worth most,
    else the card worth least. Always the same rounds: the odds are part of the rules."""
    rng = random.Random(f"rounds/{rules.players}/{rules.sides}")
    values = base_values(rules)
    counts: Counter[tuple[int, int]] = Counter()
    for number in range(ROUNDS_SAMPLED):
        board = Board.deal_random(rules, rng, dealer=number % rules.players)
        while not board.over:
            best = None
            best_worth = -1e9
            for index, capture in board.moves(False):
                worth = (
                    mask_value(values, capture | 1 << index)
                    if capture
                    else -values[index] - 0.01 * rng.random()
                )
                if worth > best_worth:
                    best, best_worth = (index, capture), worth
            assert best is not None
            board.make(*best)
        first, second = board.totals()
        counts[first, second] += 1
        counts[second, first] += 1
    total = sum(counts.values())
    return {points: count / total for points, count in counts.items()}
