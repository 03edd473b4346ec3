"""The search's leaf estimate: settled points in full, open majorities as chances."""

from __future__ import annotations

import random

from scopa.ai.estimate import estimate, final_points
from scopa.engine import DECK, Round, Rules, parse_cards


def _round(pile0: str, pile1: str, scope: tuple[int, int] = (0, 0)) -> Round:
    taken = set(parse_cards(pile0)) | set(parse_cards(pile1))
    rest = [card for card in DECK if card not in taken]
    return Round.from_parts(
        Rules(), hands=[rest[:3], rest[3:6]], table=(), stock=rest[6:],
        piles=[parse_cards(pile0), parse_cards(pile1)], dealer=1, turn=0, scope=scope,
    )  # fmt: skip


def test_settled_points_count_in_full_and_open_ones_as_chances() -> None:
    start = estimate(_round("", ""))
    assert abs(start[0] - start[1]) < 1e-9
    ahead = estimate(_round("7D 7C 7S", "2C", scope=(1, 0)))
    assert ahead[0] - ahead[1] > 2.0  # settebello and a scopa, plus most of the primiera
    assert ahead[1] > 0.0


def test_a_majority_that_cannot_be_caught_is_a_whole_point() -> None:
    coins = " ".join(f"{rank}D" for rank in range(1, 7))
    first, second = estimate(_round(coins, "1C"))
    # Six coins of ten: the denari point is theirs whatever happens.
    assert first - second > 1.0


def test_a_finished_round_is_scored_exactly() -> None:
    rules = Rules()
    state = Round.deal_random(rules, random.Random(4))
    while not state.over:
        state = state.play(state.legal_moves()[0])
    assert final_points(state) == [float(score.total) for score in state.score()]
