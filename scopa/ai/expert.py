"""Expert: the strategy of the source texts, one move ahead (see ``assess``)."""

from __future__ import annotations

import random

from scopa.engine import Move

from .assess import Judge
from .player import Player, move_key
from .view import View


class ExpertPlayer(Player):
    level = "expert"

    def pick(self, view: View, rng: random.Random) -> Move:
        judge = Judge(view)
        ranked = sorted(view.moves, key=move_key)
        return max(ranked, key=lambda move: judge.assess(move).score)
