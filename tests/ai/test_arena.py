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


def test_a_saved_run_is_compared_deal_by_deal(arena, capsys, tmp_path) -> None:  # noqa: ANN001
    saved = tmp_path / "greedy.json"
    run = ["--deals", "4", "--jobs", "1", "--seed", "3"]
    assert arena.main(["greedy", "beginner", *run, "--save", str(saved)]) == 0
    capsys.readouterr()
    assert arena.main(["expert", "beginner", *run, "--save", str(tmp_path / "expert.json"),
                       "--paired", str(saved)]) == 0  # fmt: skip
    out = capsys.readouterr().out
    import json

    greedy = json.loads(saved.read_text())["margins"]
    expert = json.loads((tmp_path / "expert.json").read_text())["margins"]
    assert sorted(greedy) == sorted(expert) == ["0", "1", "2", "3"]
    gap = sum(expert[key] - greedy[key] for key in greedy) / 4
    assert f"paired with 'greedy' over 4 deals: {gap:+.3f} points/deal" in out


def test_a_paired_run_against_other_deals_or_a_bad_file_says_so(arena, capsys, tmp_path) -> None:  # noqa: ANN001
    saved = tmp_path / "greedy.json"
    assert (
        arena.main(["greedy", "beginner", "--deals", "2", "--jobs", "1", "--save", str(saved)]) == 0
    )
    capsys.readouterr()
    assert (
        arena.main(["greedy", "expert", "--deals", "2", "--jobs", "1", "--paired", str(saved)]) == 0
    )
    assert (
        "paired: not comparable, the saved run's b differs ('beginner')" in capsys.readouterr().out
    )
    assert arena.main(["greedy", "beginner", "--deals", "2", "--seed", "9", "--jobs", "1",
                       "--paired", str(saved)]) == 0  # fmt: skip
    assert "the saved run's seed differs (1)" in capsys.readouterr().out
    saved.write_text("{not json")
    assert (
        arena.main(["greedy", "beginner", "--deals", "1", "--jobs", "1", "--paired", str(saved)])
        == 2
    )
    assert f"cannot read {saved}" in capsys.readouterr().err
