"""Alpha-beta over one guessed world, scored from one side's point of view.

The root side maximises its points minus the best other side's; every other seat plays
against it (with two sides, teams included, this is exact minimax; with three or more it
is the cautious "paranoid" reading). Partners share a side, so a partner's points are the
searcher's own. Leaves are scored by ``estimate`` plus what the player to move can take at
once, so a search that stops just before a sweep still sees it coming.
"""

from __future__ import annotations

from scopa.engine import Move, Round

from .estimate import estimate, final_points
from .values import SCOPA_VALUE, base_values, mask_value
from .view import counts_as_scopa

INFINITY = float("inf")
QUIET_SHARE = 0.8
"""How much of the mover's best immediate capture a leaf credits to it."""


class Searcher:
    def __init__(self, state: Round, root_side: int) -> None:
        self.rules = state.rules
        self.root_side = root_side
        self.values = base_values(state.rules)
        self.nodes = 0

    def plies_within(self, state: Round, leaf_cap: int) -> tuple[int, bool]:
        """How deep to search ``state`` so that about ``leaf_cap`` lines are looked at;
        True as the second value when that reaches the end of the round."""
        rules = self.rules
        players = rules.players
        sizes = [hand.bit_count() for hand in state.hands]
        stock = len(state.stock)
        turn = state.turn
        lines = 1.0
        plies = 0
        while True:
            if not any(sizes):
                if not stock:
                    return plies, True
                sizes = [rules.hand_size] * players
                stock -= players * rules.hand_size
                turn = (state.dealer + 1) % players
            lines *= sizes[turn] * 1.3
            if lines > leaf_cap and plies:
                return plies, False
            sizes[turn] -= 1
            turn = (turn + 1) % players
            plies += 1

    def value(self, state: Round, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if state.over:
            return self._margin(final_points(state))
        if depth == 0:
            return self._leaf(state)
        moves = state.legal_moves()
        if len(moves) > 1:
            moves = sorted(moves, key=_order_key)
        if state.side_of(state.turn) == self.root_side:
            best = -INFINITY
            for move in moves:
                score = self.value(state.play(move), depth - 1, alpha, beta)
                if score > best:
                    best = score
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = INFINITY
        for move in moves:
            score = self.value(state.play(move), depth - 1, alpha, beta)
            if score < best:
                best = score
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def _leaf(self, state: Round) -> float:
        points = estimate(state)
        gain = 0.0
        last_play = state.last_play
        for move in state.legal_moves():
            taken = move.capture_mask
            if taken:
                worth = mask_value(self.values, taken | move.card.bit)
                if taken == state.table and counts_as_scopa(
                    self.rules, move.card.rank, taken, last_play
                ):
                    worth += SCOPA_VALUE
                if worth > gain:
                    gain = worth
        points[state.side_of(state.turn)] += QUIET_SHARE * gain
        return self._margin(points)

    def _margin(self, points: list[float]) -> float:
        mine = points[self.root_side]
        others = max(points[side] for side in range(len(points)) if side != self.root_side)
        return mine - others


def _order_key(move: Move) -> int:
    """Captures first, bigger ones first: the usual best replies, for earlier cut-offs."""
    return -move.capture_mask.bit_count()
