"""The reading tool: B's own policy, replayed for a guess, makes B's plays from the true
hands, and says more about them than a uniform guess does."""

from __future__ import annotations

import pytest

from tests.tool_modules import load_tool


@pytest.fixture(scope="module")
def reading():  # noqa: ANN201
    return load_tool("reading")


def test_b_s_own_policy_replays_its_plays_from_the_true_hands(reading) -> None:  # noqa: ANN001
    b = reading.make("expert", 14)
    found = reading.decisions(reading.make("expert", 12), b, 4, 5)
    assert len(found) > 10
    for state, plays in found:
        assert plays and all(before.turn == 1 for before, _ in plays)
        assert reading.exact(b, plays)(list(state.hands)) == 1.0


def test_the_evidence_favours_the_truth(reading) -> None:  # noqa: ANN001
    b = reading.make("expert", 14)
    found = reading.decisions(reading.make("expert", 12), b, 4, 5)
    models = {"own": lambda _, plays: reading.exact(b, plays), "none": lambda _, __: lambda _: 1.0}
    split = reading.evidence(found, models, 30, 5)
    own = [bits for values in split["own"].values() for bits in values]
    assert all(bits == 0.0 for values in split["none"].values() for bits in values)
    assert sum(own) / len(own) > 0.5


def test_a_player_that_sees_every_card_is_refused(reading) -> None:  # noqa: ANN001
    with pytest.raises(SystemExit, match="oracle sees every card"):
        reading.make("oracle", 1)


def test_a_searcher_s_judgement_weighs_each_play_once_per_hand(reading) -> None:  # noqa: ANN001
    b = reading.make("expert", 14)
    found = reading.decisions(reading.make("expert", 12), b, 2, 5)
    state, plays = next((state, plays) for state, plays in found if len(plays) == 2)
    judged: list[int] = []

    def chance(seen, move) -> float:  # noqa: ANN001
        judged.append(seen.hand_mask)
        assert move in seen.legal_moves
        return 0.5

    weigh = reading.replayed(plays, chance)
    assert weigh(list(state.hands)) == 0.25
    assert weigh(list(state.hands)) == 0.25
    assert len(judged) == 2
    assert judged[0] == state.hands[1] | plays[1][1].card.bit
    searched = reading.searched(3, 0.05, plays)(list(state.hands))
    assert 0.0 < searched <= 1.0
