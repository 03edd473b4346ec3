"""The common shape of every opponent: an observation in, a legal move out.

A player holds nothing but its level and seed. Each decision draws its randomness from a
generator seeded by the player's seed and the observation itself, so a choice is a pure
function of (seed, observation): it cannot depend on hidden cards, on earlier calls, or on
which process runs it, and a player pickles as two plain values.
"""

from __future__ import annotations

import random

from scopa.engine import Move, Observation

from .view import View


class Player:
    level = "player"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)

    def choose(self, obs: Observation) -> Move:
        """The move to play for the seat that made ``obs`` (it must be that seat's turn)."""
        if not isinstance(obs, Observation):
            raise TypeError(f"a player chooses from an Observation, not {type(obs).__name__}")
        if not obs.legal_moves:
            raise ValueError(f"seat {obs.seat} has no move to choose: it is not its turn")
        if len(obs.legal_moves) == 1:
            return obs.legal_moves[0]
        return self.pick(View.of(obs), decision_rng(self.seed, obs))

    def pick(self, view: View, rng: random.Random) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.seed))


def move_key(move: Move) -> tuple[int, int, int, int]:
    """A fixed order of moves, for ties: plays by card and capture, then Cirulla's
    declarations, passes and retractions."""
    card = move.card
    return (move.code, card.index if card is not None else -1, move.capture_mask, move.named)


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator fixed by the seed and what the seat sees (stable across processes)."""
    key = (
        f"{seed}/{obs.seat}/{obs.round_no}/{obs.deal_no}/{len(obs.history)}/"
        f"{obs.hand_mask:x}/{obs.table_mask:x}/{obs.unseen_mask:x}"
    )
    return random.Random(key)
