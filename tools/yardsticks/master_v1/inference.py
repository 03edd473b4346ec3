"""What the other seats' plays this deal say about the cards they still hold.

A player who lays a card while holding one that sweeps the table, or that takes the
settebello, almost never exists. So a guessed world in which a seat held such a card and
did not use it is unlikely, and its weight in the master's average is cut. In Cirulla the
same goes for a seat that played (or passed) without declaring a hand it could have
declared. Everything here comes from the public history of the deal, so the weighting is as
fair as the rest.
"""

from __future__ import annotations

from scopa.engine import Move, Round, declarations, scores_scopa

from .values import SETTEBELLO_BIT
from .view import View

MISSED_SWEEP = 0.1
MISSED_SETTEBELLO = 0.25
CAPTURED_INSTEAD_OF_SWEEP = 0.35
MISSED_DECLARATION = 0.05


class DealHistory:
    """Each play of the current deal by another seat, with the table it was made on."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        dealt = rules.cards_per_deal
        played = dealt - view.cards_in_hands
        recent = _this_deal(view.history, played)
        plays: list[tuple[int, Move, int]] = []
        silent: set[int] = set()
        declared: set[int] = set()
        table = view.table
        for seat, move in reversed(recent):
            card = move.card
            if card is None:
                if seat != view.seat:
                    (declared if move.is_declaration else silent).add(seat)
                continue
            if move.capture_mask:
                table |= move.capture_mask
            else:
                table &= ~card.bit
            if seat != view.seat:
                plays.append((seat, move, table))
                silent.add(seat)
        plays.reverse()
        self.plays = tuple(plays)
        self.view = view
        self.silent = tuple(sorted(silent - declared)) if rules.cirulla else ()
        """Seats that let their chance to declare this hand go by."""

    def weight(self, world: Round) -> float:
        """How believable ``world`` is given the plays of this deal (1: fully)."""
        if not self.plays and not self.silent:
            return 1.0
        captures = self.view.captures
        rules = self.view.rules
        held = list(world.hands)
        for seat, move, _ in self.plays:
            held[seat] |= move.card.bit  # type: ignore[union-attr]
        weight = 1.0
        for seat in self.silent:
            if declarations(held[seat], rules):
                weight *= MISSED_DECLARATION
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


def _this_deal(history: tuple[tuple[int, Move], ...], played: int) -> list[tuple[int, Move]]:
    """The moves of the current deal: its last ``played`` card plays, with the
    declarations and passes made among and before them."""
    if played <= 0:
        recent: list[tuple[int, Move]] = []
        for seat, move in reversed(history):
            if move.card is not None:
                break
            recent.append((seat, move))
        recent.reverse()
        return recent
    count = 0
    start = len(history)
    while start > 0:
        move = history[start - 1][1]
        if move.card is not None:
            if count == played:
                break
            count += 1
        start -= 1
    return list(history[start:])
