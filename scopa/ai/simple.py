"""The two plain players: greedy (a yardstick) and beginner (a casual human)."""

from __future__ import annotations

import random

from scopa.engine import Move

from .player import Player
from .values import SETTEBELLO_BIT, SEVENS, rank_sum
from .view import View


class GreedyPlayer(Player):
    """Takes the most cards it can; otherwise lays its lowest card. No foresight at all."""

    level = "greedy"

    def pick(self, view: View, rng: random.Random) -> Move:
        return max(view.moves, key=_greedy_key)


def _greedy_key(move: Move) -> tuple[int, int, int]:
    taken = move.capture_mask
    if taken:
        return (taken.bit_count(), rank_sum(taken), -move.card.index)
    return (0, -move.card.rank, -move.card.index)


class BeginnerPlayer(Player):
    """Plays like a casual player: sees scope, the settebello and sevens, counts nothing.

    It never does anything absurd (it always takes a scopa or the settebello when offered
    and never throws the settebello away while another card would do), but it sometimes
    settles for a lesser capture and lays cards without thinking of the sweep it leaves.
    """

    level = "beginner"
    careless = 0.3
    """Chance of settling for any capture instead of the best one."""

    def pick(self, view: View, rng: random.Random) -> Move:
        captures = [move for move in view.moves if move.capture_mask]
        for move in captures:
            if view.is_scopa(move) or (move.capture_mask | move.card.bit) & SETTEBELLO_BIT:
                return move
        if captures:
            if len(captures) > 1 and rng.random() < self.careless:
                return rng.choice(captures)
            return max(captures, key=_obvious_worth)
        lays = sorted(view.moves, key=_lay_cost)
        if len(lays) > 1 and _lay_cost(lays[1]) < 5 and rng.random() < self.careless:
            return lays[1]
        return lays[0]


def _obvious_worth(move: Move) -> float:
    taken = move.capture_mask | move.card.bit
    return taken.bit_count() + 1.5 * (taken & SEVENS).bit_count() + 0.1 * move.card.rank


def _lay_cost(move: Move) -> float:
    bit = move.card.bit
    if bit & SETTEBELLO_BIT:
        return 20.0
    if bit & SEVENS:
        return 10.0
    return float(move.card.rank)
