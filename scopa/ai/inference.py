"""What the other seats' plays this deal say about the cards they still hold.

A player who lays a card while holding one that sweeps the table, or that takes the
settebello, almost never exists. So a guessed world in which a seat held such a card and
did not use it is unlikely, and its weight in the master's average is cut. Everything here
comes from the public history of the deal, so the weighting is as fair as the rest.
"""

from __future__ import annotations

from scopa.engine import Move, Round, scores_scopa

from .values import SETTEBELLO_BIT
from .view import View

MISSED_SWEEP = 0.1
MISSED_SETTEBELLO = 0.25
CAPTURED_INSTEAD_OF_SWEEP = 0.35


class DealHistory:
    """Each play of the current deal by another seat, with the table it was made on."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        dealt = rules.cards_per_deal
        played = dealt - view.cards_in_hands
        recent = view.history[len(view.history) - played :] if played > 0 else ()
        plays: list[tuple[int, Move, int]] = []
        table = view.table
        for seat, move in reversed(recent):
            if move.capture_mask:
                table |= move.capture_mask
            else:
                table &= ~move.card.bit
            if seat != view.seat:
                plays.append((seat, move, table))
        plays.reverse()
        self.plays = tuple(plays)
        self.view = view

    def weight(self, world: Round) -> float:
        """How believable ``world`` is given the plays of this deal (1: fully)."""
        if not self.plays:
            return 1.0
        captures = self.view.captures
        rules = self.view.rules
        held = list(world.hands)
        for seat, move, _ in self.plays:
            held[seat] |= move.card.bit
        weight = 1.0
        for seat, move, table in self.plays:
            hand = held[seat]
            held[seat] &= ~move.card.bit
            sweep = False
            settebello = False
            others = hand & ~move.card.bit
            while others:
                low = others & -others
                others ^= low
                rank = (low.bit_length() - 1) // 4 + 1
                for taken in captures.sets(table, rank):
                    if scores_scopa(rules, table, rank, taken, False):
                        sweep = True
                    if taken & SETTEBELLO_BIT:
                        settebello = True
            if move.capture_mask:
                if sweep and move.capture_mask != table:
                    weight *= CAPTURED_INSTEAD_OF_SWEEP
            elif sweep:
                weight *= MISSED_SWEEP
            elif settebello:
                weight *= MISSED_SETTEBELLO
        return weight
