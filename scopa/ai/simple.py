"""The two plain players: greedy (a yardstick) and beginner (a casual human).

In Cirulla both declare whenever a hand scores: greedy names the matta for the most points
(the lowest such value), beginner for the most points too, an ace when it can.
"""

from __future__ import annotations

import random

from scopa.engine import Move
from scopa.engine.moves import PASS

from .player import Player
from .values import SETTEBELLO_BIT, SEVENS, rank_sum
from .view import View


class GreedyPlayer(Player):
    """Takes the most cards it can; otherwise lays its lowest card. No foresight at all."""

    level = "greedy"

    def pick(self, view: View, rng: random.Random) -> Move:
        declared = best_declaration(view, prefer_ace=False)
        if declared is not None:
            return declared
        return max(plays(view), key=_greedy_key)


def plays(view: View) -> list[Move]:
    """The card plays among the legal moves (or, while every seat declares or passes after
    the deal, the pass)."""
    found = [move for move in view.moves if move.is_play]
    return found or [move for move in view.moves if move.code == PASS]


def best_declaration(view: View, prefer_ace: bool) -> Move | None:
    """The declaration scoring most, if any (naming the matta an ace on a tie when
    ``prefer_ace``, else the lowest value)."""
    declares = [move for move in view.moves if move.is_declaration]
    if not declares:
        return None
    points = view.declaration_points()
    return max(
        declares,
        key=lambda move: (points.get(move.named, 0), prefer_ace and move.named == 1, -move.named),
    )


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
        declared = best_declaration(view, prefer_ace=True)
        if declared is not None:
            return declared
        moves = plays(view)
        if len(moves) == 1:
            return moves[0]
        captures = [move for move in moves if move.capture_mask]
        for move in captures:
            if view.is_scopa(move) or (move.capture_mask | move.card.bit) & SETTEBELLO_BIT:
                return move
        if captures:
            if len(captures) > 1 and rng.random() < self.careless:
                return rng.choice(captures)
            return max(captures, key=_obvious_worth)
        lays = sorted(moves, key=_lay_cost)
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
