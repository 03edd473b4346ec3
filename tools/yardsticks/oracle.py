"""The oracle: a player that sees every card and searches the true position.

It runs the frozen master's alpha-beta (``master_v1.search``) on the one real world, to the
same depth and with the same blend of the expert's judgement, so the gap between it and a
fair player is what hidden information costs that player. A cheat by design: it takes a
``Round``, not an observation, and exists only for the arena.
"""

from __future__ import annotations

from scopa.engine import Move, Round, observe

from .master_v1.assess import Judge
from .master_v1.master import EXPERT_BLEND
from .master_v1.player import move_key
from .master_v1.search import Searcher
from .master_v1.view import View


class OraclePlayer:
    level = "oracle"
    sees_all = True

    def __init__(
        self,
        seed: int = 0,
        *,
        leaf_cap: int | None = None,
        exact_cap: int | None = None,
        blend: float = EXPERT_BLEND,
    ) -> None:
        self.seed = int(seed)
        self.leaf_cap = leaf_cap
        self.exact_cap = exact_cap
        self.blend = blend

    def choose(self, obs: object) -> Move:
        raise TypeError("the oracle plays from the true position: use choose_state")

    def choose_state(self, state: Round) -> Move:
        return self.ranked(state)[0][1]

    def ranked(self, state: Round) -> list[tuple[float, Move]]:
        """Every legal move in ``state`` with its value, best first."""
        moves = state.legal_moves()
        view = View.of(observe(state, state.turn))
        if len(moves) == 1:
            return [(0.0, moves[0])]
        players = state.rules.players
        leaf_cap = self.leaf_cap or (400 if players == 2 else 600)
        exact_cap = self.exact_cap or 0
        searcher = Searcher(state, view.side)
        depth, _ = searcher.plies_within(state, leaf_cap, exact_cap)
        judge = Judge(view)
        scored = []
        for move in moves:
            plies = depth if move.card is None else depth - 1
            value = searcher.value(state.play(move), plies, -1e9, 1e9)
            scored.append((value + self.blend * judge.assess(move).score, move))
        scored.sort(key=lambda item: (-item[0], move_key(item[1])))
        return scored
