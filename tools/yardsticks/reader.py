"""Reader: Master reading the other seat's plays by a search from that seat's view.

Master weighs a guessed hand by how likely the other seat's plays this deal are under the
expert's judgement (``inference.PolicyHistory``). The reader weighs each world Master drew
by those weights once more, by the chance of each play under a search: the other seat,
holding the cards the world gives it, ranks its moves by Master's search over ``worlds``
positions it cannot tell apart (no reading of its own, ``cap`` lines a world), and picks
among them softly (``heat`` points, ``POLICY_FLOOR`` of the time anything). A fair player:
every search starts from what that seat saw then, with the guessed hand. Two players only;
with more it plays as Master.

An experiment, measured against Master: each hand judged costs a search, so a decision
takes several times Master's.
"""

from __future__ import annotations

import random
from dataclasses import replace

from scopa.ai.inference import POLICY_FLOOR, DealHistory, PolicyHistory, shares
from scopa.ai.master import MasterPlayer
from scopa.ai.view import View
from scopa.engine import Move
from scopa.engine.cards import FULL_MASK


class ReaderPlayer(MasterPlayer):
    level = "reader"

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int | None = None,
        read_worlds: int = 8,
        cap: int = 400,
        heat: float = 0.05,
        **options: object,
    ) -> None:
        super().__init__(seed, worlds=worlds, **options)  # type: ignore[arg-type]
        self.read_worlds = read_worlds
        self.cap = cap
        self.read_heat = heat

    def read_again(self, history: DealHistory) -> DealHistory | None:
        if not isinstance(history, PolicyHistory) or history.view.players != 2:
            return None
        return SearchedReading(history, self.read_worlds, self.cap, self.read_heat)


class SearchedReading(DealHistory):
    """The other seat's plays this deal (``history``'s), each weighed by its chance under a
    search from what that seat saw, holding a world's hand: each hand judged once."""

    def __init__(self, history: PolicyHistory, worlds: int, cap: int, heat: float) -> None:
        self.plays = history.plays
        self.befores = history.befores
        self.view = history.view
        self.silent = history.silent
        self.heat = heat
        self.searcher = MasterPlayer(
            1, worlds=worlds, node_budget=1 << 40, time_limit=0, infer=False,
            replies=False, leaf_cap=cap,
        )  # fmt: skip
        self.known: dict[tuple[int, int], float] = {}

    def weight_hands(self, hands: list[int]) -> float:
        held = list(hands)
        for seat, move, _ in self.plays:
            held[seat] |= move.card.bit  # type: ignore[union-attr]
        weight = 1.0
        for at, ((seat, move, _), before) in enumerate(zip(self.plays, self.befores)):
            hand = held[seat]
            held[seat] &= ~move.card.bit  # type: ignore[union-attr]
            found = self.known.get((at, hand))
            if found is None:
                found = self.known[at, hand] = self.chance(before, hand, move)
            weight *= found
        return weight

    def chance(self, before: View, hand: int, move: Move) -> float:
        """The chance the seat that saw ``before``, holding ``hand``, plays ``move``."""
        moves = []
        rest = hand
        while rest:
            card = rest & -rest
            rest ^= card
            index = card.bit_length() - 1
            for taken in before.sets(before.table, before.value_of(index)) or (0,):
                moves.append(Move.of(index, taken))
        if len(moves) < 2:
            return 1.0
        seen = hand | before.table
        for pile in before.piles:
            seen |= pile
        view = replace(before, hand=hand, unseen=FULL_MASK & ~seen, moves=tuple(moves))
        ranked = self.searcher.ranked(view, random.Random(hand))
        chances = shares([score for score, _ in ranked], self.heat, POLICY_FLOOR)
        for chance, (_, found) in zip(chances, ranked):
            if found == move:
                return chance
        return POLICY_FLOOR / len(moves)
