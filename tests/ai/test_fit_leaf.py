"""The leaf-fitting tool reads the search's own leaf: its parts, at the leaf's weights,
add up to the leaf's value."""

from __future__ import annotations

import random

import pytest

from scopa.ai.search import BoardSearcher
from scopa.engine import Board, Round, Rules
from tests.tool_modules import load_tool


@pytest.fixture(scope="module")
def fit_leaf():  # noqa: ANN201
    return load_tool("fit_leaf")


@pytest.mark.parametrize("players", [2, 4])
def test_the_parts_at_the_leafs_weights_are_the_leaf(fit_leaf, players: int) -> None:  # noqa: ANN001
    rules = Rules(players=players)
    leaf = BoardSearcher(rules, 0)
    rng = random.Random(players)
    weights = [weight for _, weight in fit_leaf.PARTS]
    checked = 0
    for _ in range(20):
        state = Round.deal_random(rules, rng)
        while not state.over:
            board = Board(state)
            parts = fit_leaf.parts(board, leaf)
            assert sum(w * p for w, p in zip(weights, parts)) == pytest.approx(leaf._leaf(board))
            held = [board.hands[seat] for seat in range(players)]
            mine = sum(h.bit_count() for seat, h in enumerate(held) if seat % 2 == 0)
            assert parts[7] == mine - (sum(h.bit_count() for h in held) - mine)
            checked += 1
            state = state.play(rng.choice(state.legal_moves()))
    assert checked > 500


def test_a_small_fit_runs(fit_leaf) -> None:  # noqa: ANN001
    rows, margins = fit_leaf.positions((2, 5, 3))
    assert len(rows) == len(margins) == 3 * 36
    assert all(len(row) == len(fit_leaf.PARTS) for row in rows)
    assert len(set(margins)) <= 3  # one margin per deal
