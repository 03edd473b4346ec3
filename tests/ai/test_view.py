"""The opponents' view of a position speaks the engine's rules: its scopa test, its turn
order and its legal moves are the engine's, seen from one seat."""

from __future__ import annotations

import pytest

from scopa.ai.view import View
from scopa.engine import Rules, observe

from .helpers import random_positions

RULE_SETS = {
    "classic": Rules(),
    "4p": Rules(players=4),
    "scientifico-last-scopa": Rules(deal="scientifico", scientifico_last_scopa=True),
    "assi": Rules(assi=True),
    "assi-scopa": Rules(assi=True, assi_scopa=True, assi_ace_takes_ace=False),
    "quindici": Rules(quindici=True),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_view_sees_the_scopas_the_engine_scores(name: str) -> None:
    rules = RULE_SETS[name]
    sweeps = 0
    for state in random_positions(rules, 150, seed=len(name)):
        views = (View.of(observe(state, state.turn)), View.of_round(state))
        for view in views:
            assert view.moves == state.legal_moves()
            assert view.next_seat == rules.next_seat(state.turn)
            for move in view.moves:
                assert view.is_scopa(move) == state.is_scopa(move), (state, move)
        sweeps += sum(state.is_scopa(move) for move in state.legal_moves())
    assert sweeps > 0
