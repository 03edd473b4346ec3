"""The search on the engine's in-place position finds what the search on rounds finds.

That the position itself plays as ``Round`` does is tests/engine/test_board.py."""

from __future__ import annotations

import random

import pytest

from scopa.ai.search import BoardSearcher, Searcher
from scopa.engine import PRESETS, Board, Round, Rules

RULE_SETS = {
    "classic": PRESETS["classic"],
    "3p": Rules(players=3),
    "4p": Rules(players=4),
    "scientifico": PRESETS["scopone_scientifico"],
    "assi": PRESETS["assi"],
    "quindici": PRESETS["quindici"],
    "milanese": PRESETS["milanese"],
    "six": Rules(players=6),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_board_search_finds_the_engine_searchs_values(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"values/{name}")
    for _ in range(5):
        state = Round.deal_random(rules, rng, dealer=rng.randrange(rules.players))
        for _ in range(rng.randrange(36 - rules.table_size)):
            state = state.play(rng.choice(state.legal_moves()))
        side = state.side_of(state.turn)
        slow = Searcher(state, side)
        fast = BoardSearcher(rules, side)
        board = Board(state)
        # Nine plays deep reaches the round's end from late positions; from the first plays
        # of a scientifico deal (36 cards in hand) the plain reference search took most of
        # a minute there: five deep is deep enough to be cut off the same way.
        in_hands = sum(len(state.hand(seat)) for seat in range(rules.players))
        for depth in (1, 2, 3, 9 if in_hands <= 28 else 5):
            for move in state.legal_moves():
                expected = slow.value(state.play(move), depth - 1, -1e9, 1e9)
                board.make(move.card.index, move.capture_mask)
                found = fast.value(board, depth - 1, -1e9, 1e9)
                board.unmake()
                assert found == pytest.approx(expected, abs=1e-9), (depth, str(move))


def test_a_search_past_its_deadline_stops_and_the_master_keeps_its_first_world() -> None:
    from scopa.ai.master import MasterPlayer
    from scopa.ai.player import decision_rng
    from scopa.ai.search import OutOfTime
    from scopa.ai.view import View
    from scopa.engine import observe

    rules = PRESETS["scopone_scientifico"]
    state = Round.deal_random(rules, random.Random(4))
    searcher = BoardSearcher(rules, 0)
    searcher.deadline = 0.0
    with pytest.raises(OutOfTime):
        searcher.value(Board(state), 6, -1e9, 1e9)

    obs = observe(state, state.turn)
    hurried = MasterPlayer(3, time_limit=1e-9).ranked(View.of(obs), decision_rng(3, obs))
    one_world = MasterPlayer(3, time_limit=0, worlds=1).ranked(View.of(obs), decision_rng(3, obs))
    assert hurried == one_world


def test_positions_met_again_are_not_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """From the second-to-last deal to the end of the round, remembering positions finds
    the same values of every move while visiting far fewer of them."""
    import scopa.ai.search as search

    rules = PRESETS["classic"]
    rng = random.Random("remember")
    visited = {True: 0, False: 0}
    for _ in range(6):
        state = Round.deal_random(rules, rng)
        while len(state.stock) > 6 or state.in_hands < 6:
            state = state.play(rng.choice(state.legal_moves()))
        side = state.side_of(state.turn)
        values = {}
        for remember in (True, False):
            monkeypatch.setattr(search, "REMEMBER_DEPTH", 2 if remember else 99)
            fast = BoardSearcher(rules, side)
            board = Board(state)
            found = []
            for move in state.legal_moves():
                board.make(move.card.index, move.capture_mask)
                found.append(fast.value(board, 40, -1e9, 1e9))
                board.unmake()
            values[remember] = found
            visited[remember] += fast.nodes
        assert values[True] == pytest.approx(values[False], abs=1e-9)
    assert visited[True] * 2 < visited[False], visited
