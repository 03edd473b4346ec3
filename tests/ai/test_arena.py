"""The arena's bookkeeping: seatings, margins, and a tiny real run."""

from __future__ import annotations

import sys

import pytest

from scopa.engine import Rules
from tests.tool_modules import load_tool


@pytest.fixture(scope="module")
def arena():  # noqa: ANN201
    yield load_tool("arena")
    sys.modules.pop("arena", None)


def test_seatings_swap_every_seat(arena) -> None:  # noqa: ANN001
    assert arena.seatings(Rules()) == [(True, False), (False, True)]
    assert arena.seatings(Rules(players=4)) == [
        (True, False, True, False),
        (False, True, False, True),
    ]
    assert arena.seatings(Rules(players=3)) == [
        (True, False, False),
        (False, True, False),
        (False, False, True),
    ]
    # six players: A holds one team at a time, partners together
    assert arena.seatings(Rules(players=6)) == [
        (True, False, True, False, True, False),
        (False, True, False, True, False, True),
    ]
    assert arena.seatings(Rules(players=6, six_sides=3)) == [
        (True, False, False, True, False, False),
        (False, True, False, False, True, False),
        (False, False, True, False, False, True),
    ]


def test_margin_is_a_minus_the_average_b(arena) -> None:  # noqa: ANN001
    assert arena.margin([5, 2], Rules(), (True, False)) == (3, 1)
    assert arena.margin([2, 2], Rules(), (False, True)) == (0, 0)
    assert arena.margin([1, 4, 2], Rules(players=3), (True, False, False)) == (-2, -1)


def test_both_seatings_get_the_same_deck(arena) -> None:  # noqa: ANN001
    rules = Rules()
    assert arena.deal_deck(rules, 1, 5) == arena.deal_deck(rules, 1, 5)
    assert arena.deal_deck(rules, 1, 5) != arena.deal_deck(rules, 1, 6)


def test_a_tiny_run_prints_every_figure(arena, capsys) -> None:  # noqa: ANN001
    assert arena.main(["greedy", "beginner", "--deals", "3", "--matches", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "deals 3: A's margin" in out and "95% CI" in out
    assert "rounds 6: A won" in out
    assert "matches 2 to 11: A won" in out


def test_cirulla_and_six_players_run(arena, capsys) -> None:  # noqa: ANN001
    assert arena.main(["greedy", "expert", "--preset", "cirulla", "--deals", "2",
                       "--jobs", "1"]) == 0  # fmt: skip
    assert "cirulla, 2 players" in capsys.readouterr().out
    assert arena.main(["greedy", "beginner", "--players", "6", "--sides", "3", "--deals", "1",
                       "--jobs", "1"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "classic, 6 players, 3 sides" in out and "rounds 3: A won" in out


def test_a_bad_player_is_refused_clearly(arena) -> None:  # noqa: ANN001
    with pytest.raises(SystemExit, match="unknown level 'champion'"):
        arena.main(["champion", "greedy", "--deals", "1", "--jobs", "1"])


def test_a_player_option_written_true_or_false_is_a_truth_value(arena) -> None:  # noqa: ANN001
    player = arena.parse_player("master:match=False,deal_end=2,infer=policy", 1)
    assert player.match is False
    assert player.deal_end == 2
    assert player.infer == "policy"
    assert arena.parse_player("master:match=true", 1).match is True
