"""The line a bot prints at the end of its match."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scopa.engine import Rules
from scopa.net.bot import Outcome


def outcome(seat: int, rules: Rules, totals: list[int], winner: int, seats: list[int]) -> Outcome:
    result = {"totals": totals, "winner": winner, "seats": seats}
    update = SimpleNamespace(result=result, observation=SimpleNamespace(rules=rules))
    return Outcome(seat, update)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seat", "rules", "totals", "winner", "seats", "expected"),
    [
        (0, Rules(), [11, 7], 0, [0], "result: won 11-7 (seat 1, side 1); winner side 1, seats 1"),
        # side 2 won 12 to 9: "won 9-12" read as a loss
        (1, Rules(), [9, 12], 1, [1], "result: won 12-9 (seat 2, side 2); winner side 2, seats 2"),
        (0, Rules(), [9, 12], 1, [1], "result: lost 9-12 (seat 1, side 1); winner side 2, seats 2"),
        (
            4,
            Rules(players=6, six_sides=3),
            [8, 14, 11],
            1,
            [1, 4],
            "result: won 14-8-11 (seat 5, side 2); winner side 2, seats 2 5",
        ),
    ],
)
def test_the_result_line_puts_the_seat_s_own_points_first(
    seat: int, rules: Rules, totals: list[int], winner: int, seats: list[int], expected: str
) -> None:
    assert outcome(seat, rules, totals, winner, seats).line() == expected
