"""Expert: the strategy of the source texts, one move ahead (see ``assess``)."""

from __future__ import annotations

import random

from scopa.engine import Move

from .assess import Judge
from .player import Player
from .view import View


class ExpertPlayer(Player):
    level = "expert"

    def pick(self, view: View, rng: random.Random) -> Move:
        judge = Judge(view)
        best = max(view.moves, key=lambda move: (judge.assess(move).score, -move.card.index))
        return best
