"""Guessed worlds that contradict what the other seats did this deal weigh less."""

from __future__ import annotations

import random
from dataclasses import replace
from math import comb, exp

import pytest

from scopa.ai import make_player
from scopa.ai.assess import Judge
from scopa.ai.inference import MISSED_SWEEP, DealHistory, PolicyHistory
from scopa.ai.view import View
from scopa.ai.worlds import likely_worlds, sample_world
from scopa.engine import Move, Round, Rules, observe, parse_cards
from scopa.engine.cards import FULL_MASK


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


def test_a_world_where_the_opponent_did_not_declare_a_hand_it_could_is_unlikely() -> None:
    from scopa.ai.inference import MISSED_DECLARATION

    rules = Rules.preset("cirulla")
    # Seat 1 leads without knocking: it laid the 9C, so it did not hold a hand to declare.
    start = Round.from_parts(
        rules,
        hands=[parse_cards("8C 9S 10B"), parse_cards("9C 4D 6B")],
        table=parse_cards("10C 10S"),
        stock=[card for card in parse_cards(_rest("8C 9S 10B 9C 4D 6B 10C 10S"))],
        piles=[(), ()],
        dealer=0,
        turn=1,
    )
    state = start.play(Move.parse("9C"))
    history = DealHistory(View.of(observe(state, 0)))
    assert history.silent == (1,)

    def world(hand: str) -> Round:
        used = "8C 9S 10B 10C 10S 9C " + hand
        return Round.from_parts(
            rules, hands=[parse_cards("8C 9S 10B"), parse_cards(hand)],
            table=parse_cards("10C 10S 9C"), stock=parse_cards(_rest(used)), piles=[(), ()],
            dealer=0, turn=0,
        )  # fmt: skip

    assert history.weight(world("9D 9B")) == MISSED_DECLARATION  # three nines: a decino
    assert history.weight(world("2D 3B")) == 1.0  # 9 + 2 + 3: nothing to declare
    assert history.weight(world("4B 6D")) == 1.0


def test_a_declaration_in_the_deal_is_no_play() -> None:
    rules = Rules.preset("cirulla")
    start = Round.from_parts(
        rules,
        hands=[parse_cards("8C 9S 10B"), parse_cards("1C 2B 3D")],
        table=parse_cards("10C 10S"),
        stock=[card for card in parse_cards(_rest("8C 9S 10B 1C 2B 3D 10C 10S"))],
        piles=[(), ()],
        dealer=0,
        turn=1,
    )
    state = start.play(Move.parse("!")).play(Move.parse("2B"))
    history = DealHistory(View.of(observe(state, 0)))
    assert [(seat, move.text()) for seat, move, _ in history.plays] == [(1, "2B")]
    assert history.silent == ()


def test_the_policy_model_finds_a_skipped_sweep_and_a_skipped_seven_unlikely() -> None:
    rules = Rules()
    # Seat 1 leads on a table of 2+3+7; it lays an 8, which takes nothing. Then seat 0 is to play.
    start = Round.from_parts(
        rules,
        hands=[parse_cards("8C 9S 10B"), parse_cards("8B 1D 4B")],
        table=parse_cards("2C 3C 7S"),
        stock=parse_cards(_rest("8C 9S 10B 8B 1D 4B 2C 3C 7S")),
        piles=[(), ()],
        dealer=0,
        turn=1,
    )
    state = start.play(Move.parse("8B"))
    history = PolicyHistory(View.of(observe(state, 0)))

    def world(hand: str) -> Round:
        used = "8C 9S 10B 2C 3C 7S 8B " + hand
        return Round.from_parts(
            rules, hands=[parse_cards("8C 9S 10B"), parse_cards(hand)],
            table=parse_cards("2C 3C 7S 8B"), stock=parse_cards(_rest(used)), piles=[(), ()],
            dealer=0, turn=0,
        )  # fmt: skip

    plain = history.weight(world("4D 1S"))  # it could take nothing
    sevens = history.weight(world("7D 1S"))  # it could have taken the seven
    assert sevens < 0.5 * plain
    assert sevens > 0


def _after_a_skipped_sweep() -> View:
    rules = Rules()
    # Seat 1 leads on a table of 2+3 and lays a 9: a 5 would have swept the table.
    start = Round.from_parts(
        rules,
        hands=[parse_cards("8C 9S 10B"), parse_cards("9C 1D 2B")],
        table=parse_cards("2C 3C"),
        stock=parse_cards(_rest("8C 9S 10B 9C 1D 2B 2C 3C")),
        piles=[(), ()],
        dealer=0,
        turn=1,
    )
    return View.of(observe(start.play(Move.parse("9C")), 0))


def test_likely_worlds_are_drawn_by_weight_and_each_is_a_position_the_view_allows() -> None:
    view = _after_a_skipped_sweep()
    fives = sum(card.bit for card in parse_cards("5C 5D 5S 5B"))
    seen: set[int] = set()

    def weigh(hands: list[int]) -> float:
        assert hands[0] == view.hand and hands[1].bit_count() == 2
        assert not hands[1] & ~view.unseen
        return 0.0 if hands[1] & fives else 1.0

    worlds = likely_worlds(view, random.Random(3), weigh, 40, 300)
    assert len(worlds) == 40
    for world in worlds:
        assert world.hands[0] == view.hand
        assert not world.hands[1] & fives  # a world of weight 0 is never drawn
        held = world.hands[1] | sum(1 << index for index in world.stock)
        assert held == view.unseen and len(world.stock) == view.stock_size
        assert world.table == view.table and world.turn == 0
        seen.add(world.hands[1])
    assert len(seen) > 20  # drawn among many hands, not one copied forty times


@pytest.mark.parametrize("candidates", [200, 300])  # guesses drawn, or every deal weighed
def test_weighing_stops_at_its_deadline_and_draws_from_the_guesses_weighed(candidates) -> None:
    """A deadline already past weighs the fewest guesses and still draws every world asked,
    each one the view allows and weighed; with no deadline every guess is weighed."""
    from scopa.ai.worlds import FEWEST_WEIGHED

    view = _after_a_skipped_sweep()
    weighed: list[int] = []

    def weigh(hands: list[int]) -> float:
        weighed.append(hands[1])
        return 1.0

    worlds = likely_worlds(view, random.Random(5), weigh, 40, candidates, deadline=0.0)
    assert len(weighed) == FEWEST_WEIGHED and len(worlds) == 40
    assert {world.hands[1] for world in worlds} <= set(weighed)
    weighed.clear()
    likely_worlds(view, random.Random(5), weigh, 40, candidates)
    assert len(weighed) > 2 * FEWEST_WEIGHED


def test_likely_worlds_follow_the_policy_model() -> None:
    view = _after_a_skipped_sweep()
    history = PolicyHistory(view)
    worlds = likely_worlds(view, random.Random(4), history.weight_hands, 200, 2000)
    fives = sum(card.bit for card in parse_cards("5C 5D 5S 5B"))
    with_five = sum(1 for world in worlds if world.hands[1] & fives)
    uniform = sum(1 for world in (sample_world(view, random.Random(n)) for n in range(200))
                  if world.hands[1] & fives)  # fmt: skip
    assert with_five < uniform / 2  # a seat that laid a 9 on 2+3 rarely held a 5


@pytest.mark.parametrize("held", ["9C 8D 1S", "9C 5D 5S", "9C 2S 3D", "9C 7D 10B"])
def test_the_policy_model_weighs_a_hand_as_the_judge_of_that_hand_would(held: str) -> None:
    # The prepared judgement of a play agrees with the expert's judgement made afresh from
    # the seat's own view, which knows its own other cards are not in the next hand.
    view = _after_a_skipped_sweep()
    history = PolicyHistory(view, temperature=0.3, floor=0.0)
    before = history.befores[0]
    hand = sum(card.bit for card in parse_cards(held))
    seen = before.table | hand
    for pile in before.piles:
        seen |= pile
    moves = [
        Move.of(card.index, taken)
        for card in parse_cards(held)
        for taken in before.sets(before.table, card.rank) or (0,)
    ]
    judge = Judge(replace(before, hand=hand, unseen=FULL_MASK & ~seen, moves=tuple(moves)))
    scores = {other: judge.assess(other).score for other in moves}
    top = max(scores.values())
    expected = exp((scores[Move.parse("9C")] - top) / 0.3) / sum(
        exp((score - top) / 0.3) for score in scores.values()
    )
    hands = [view.hand, hand & ~Move.parse("9C").card.bit]  # type: ignore[union-attr]
    assert history.weight_hands(hands) == pytest.approx(expected, rel=1e-9)


def test_the_policy_model_puts_the_expert_s_own_play_first() -> None:
    # Knowing the hand a seat played from, the model's best move is the one the expert made
    # (shared only with the moves the expert judged exactly as good).
    rules = Rules()
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = Round.deal_random(rules, rng)
        expert = make_player("expert", seed=seed)
        while not state.over:
            seat = state.turn
            view = View.of(observe(state, seat))
            move = expert.choose(observe(state, seat))
            after = state.play(move)
            history = PolicyHistory(View.of(observe(after, 1 - seat)), temperature=1e-4, floor=0)
            if len(history.plays) == 1 and len(view.moves) > 1:
                judge = Judge(view)
                scores = [judge.assess(other).score for other in view.moves]
                ties = sum(1 for score in scores if score == max(scores))
                hands = [0, 0]
                hands[seat] = after.hands[seat]
                assert history.weight_hands(hands) == pytest.approx(1 / ties)
                checked += 1
            state = after
    assert checked > 50


def test_likely_worlds_weigh_every_hand_once_when_there_are_few() -> None:
    # Seat 1 holds two unseen cards: every pair is weighed exactly once, none is missed.
    view = _after_a_skipped_sweep()
    weighed: list[int] = []

    def weigh(hands: list[int]) -> float:
        weighed.append(hands[1])
        return 1.0

    unseen = view.unseen.bit_count()
    likely_worlds(view, random.Random(5), weigh, 40, comb(unseen, 2))
    assert len(weighed) == len(set(weighed)) == comb(unseen, 2)
    assert all(hand.bit_count() == 2 and not hand & ~view.unseen for hand in weighed)
    weighed.clear()
    likely_worlds(view, random.Random(5), weigh, 40, comb(unseen, 2) // 2 - 1)
    assert len(weighed) == comb(unseen, 2) // 2 - 1  # too many ways: a uniform sample
