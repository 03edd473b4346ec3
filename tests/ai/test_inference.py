"""Guessed worlds that contradict what the other seats did this deal weigh less."""

from __future__ import annotations

from scopa.ai.inference import MISSED_SWEEP, DealHistory
from scopa.ai.view import View
from scopa.engine import Move, Round, Rules, observe, parse_cards


def test_a_world_where_the_opponent_skipped_a_sweep_is_unlikely() -> None:
    rules = Rules()
    # Seat 1 leads on a table of 2+3; it lays a 9 instead of sweeping. Then seat 0 is to play.
    start = Round.from_parts(
        rules,
        hands=[parse_cards("8C 9S 10B"), parse_cards("9C 1D 2B")],
        table=parse_cards("2C 3C"),
        stock=[card for card in parse_cards(_rest("8C 9S 10B 9C 1D 2B 2C 3C"))],
        piles=[(), ()],
        dealer=0,
        turn=1,
    )
    state = start.play(Move.parse("9C"))
    view = View.of(observe(state, 0))
    history = DealHistory(view)
    assert [(seat, move.text()) for seat, move, _ in history.plays] == [(1, "9C")]

    def world(hand: str) -> Round:
        used = "8C 9S 10B 2C 3C 9C " + hand
        return Round.from_parts(
            rules, hands=[parse_cards("8C 9S 10B"), parse_cards(hand)],
            table=parse_cards("2C 3C 9C"), stock=parse_cards(_rest(used)), piles=[(), ()],
            dealer=0, turn=0,
        )  # fmt: skip

    assert history.weight(world("5D 1S")) == MISSED_SWEEP  # a 5 would have swept 2+3
    assert history.weight(world("4D 1S")) == 1.0


def _rest(used: str) -> str:
    from scopa.engine import DECK

    taken = set(parse_cards(used))
    return " ".join(str(card) for card in DECK if card not in taken)
