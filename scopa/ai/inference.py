"""What the other seats' plays this deal say about the cards they still hold.

A player who lays a card while holding one that sweeps the table, or that takes the
settebello, almost never exists. So a guessed world in which a seat held such a card and
did not use it is unlikely, and its weight in the master's average is cut. In Cirulla the
same goes for a seat that played (or passed) without declaring a hand it could have
declared. Everything here comes from the public history of the deal, so the weighting is as
fair as the rest.
"""

from __future__ import annotations

from dataclasses import replace
from math import exp

from scopa.engine import Move, Round, declarations, scores_scopa
from scopa.engine.cards import FULL_MASK, RANK_OF

from .assess import Judge
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
        piles = list(view.piles)
        sizes = list(view.hand_sizes)
        befores: list[View] = []
        for seat, move in reversed(recent):
            card = move.card
            if card is None:
                if seat != view.seat:
                    (declared if move.is_declaration else silent).add(seat)
                continue
            sizes[seat] += 1
            if move.capture_mask:
                table |= move.capture_mask
                piles[rules.side_of(seat)] &= ~(move.capture_mask | card.bit)
            else:
                table &= ~card.bit
            if seat != view.seat:
                plays.append((seat, move, table))
                silent.add(seat)
                befores.append(
                    replace(
                        view, seat=seat, side=rules.side_of(seat), table=table,
                        piles=tuple(piles), hand_sizes=tuple(sizes), history=(),
                    )
                )  # fmt: skip
        plays.reverse()
        befores.reverse()
        self.plays = tuple(plays)
        self.befores = tuple(befores)
        """Per play of another seat: what that seat saw before it (its hand left to fill)."""
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


POLICY_TEMPERATURE = 0.35
"""How sharply the other seats are expected to prefer the expert's best moves (in points)."""
POLICY_FLOOR = 0.1
"""Share of a play explained by anything at all (a different style, a blunder)."""


class PolicyHistory(DealHistory):
    """Weighs a world by how likely the other seats' plays this deal are under a model of
    their policy: each seat, holding the cards the world gives it, picks among its legal
    moves by the expert's judgement from what it could see then, softly (``POLICY_TEMPERATURE``),
    with ``POLICY_FLOOR`` of its plays left to anything. Scopa rules; Cirulla's declarations
    keep the hand-written signals of ``DealHistory``."""

    def __init__(self, view: View, temperature: float = POLICY_TEMPERATURE) -> None:
        super().__init__(view)
        self.temperature = temperature

    def weight(self, world: Round) -> float:
        if not self.plays:
            return 1.0
        captures = self.view.captures
        held = list(world.hands)
        for seat, move, _ in self.plays:
            held[seat] |= move.card.bit  # type: ignore[union-attr]
        weight = 1.0
        heat = self.temperature
        for (seat, move, table), before in zip(self.plays, self.befores):
            hand = held[seat]
            held[seat] &= ~move.card.bit  # type: ignore[union-attr]
            seen = hand | table
            for pile in before.piles:
                seen |= pile
            moves: list[Move] = []
            rest = hand
            while rest:
                low = rest & -rest
                rest ^= low
                index = low.bit_length() - 1
                sets = captures.sets(table, RANK_OF[index])
                if sets:
                    moves.extend(Move.of(index, taken) for taken in sets)
                else:
                    moves.append(Move.of(index, 0))
            if len(moves) < 2:
                continue
            judge = Judge(replace(before, hand=hand, unseen=FULL_MASK & ~seen, moves=tuple(moves)))
            scores = [judge.assess(other).score for other in moves]
            top = max(scores)
            total = sum(exp((score - top) / heat) for score in scores)
            chosen = exp((judge.assess(move).score - top) / heat) / total
            weight *= (1.0 - POLICY_FLOOR) * chosen + POLICY_FLOOR / len(moves)
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
