"""Reading how closely each other seat follows the expert's judgement from its plays in the
round's finished deals, whose hands are public by then."""

from __future__ import annotations

import random

import pytest

from scopa.ai import make_player
from scopa.ai.inference import PolicyHistory
from scopa.ai.style import PRIOR, STYLES, finished_plays, read_styles
from scopa.ai.view import View
from scopa.engine import Round, Rules, observe


def _play_round(rules: Rules, seed: int, players: dict[int, object]) -> list[tuple[Round, View]]:
    """A round played to its end by ``players`` (per seat, anything with ``choose``; a seat
    not named plays at random): every position with the view of the seat to act."""
    rng = random.Random(seed)
    state = Round.deal_random(rules, rng)
    seen = []
    while not state.over:
        view = View.of(observe(state, state.turn))
        seen.append((state, view))
        player = players.get(state.turn)
        move = player.choose(observe(state, state.turn)) if player else rng.choice(view.moves)  # type: ignore[attr-defined]
        state = state.play(move)
    return seen


@pytest.mark.parametrize("players", [2, 4])
def test_the_finished_deals_are_replayed_as_they_were(players: int) -> None:
    rules = Rules(players=players)
    positions = _play_round(rules, players, {})
    states = [state for state, _ in positions]
    for state, view in positions:
        finished = finished_plays(view)
        # Every card of a finished deal played by another seat, in order.
        dealt_before = [earlier for earlier in states if earlier.deal_no < state.deal_no]
        expected = [earlier for earlier in dealt_before if earlier.turn != state.turn]
        assert len(finished) == len(expected)
        for (seat, move, before, hand), real in zip(finished, expected):
            assert seat == real.turn and move in real.legal_moves()
            assert before.seat == seat and before.side == rules.side_of(seat)
            assert before.table == real.table and before.piles == real.piles
            assert before.hand_sizes == tuple(h.bit_count() for h in real.hands)
            assert before.stock_size == len(real.stock)
            assert before.last_capturer == real.last_capturer
            assert before.deal_no == real.deal_no
            assert hand == real.hands[seat]


def test_each_other_seat_holds_the_prior_until_a_deal_is_over() -> None:
    positions = _play_round(Rules(), 5, {})
    for state, view in positions:
        styles = read_styles(view)
        assert set(styles) == {1 - state.turn}
        read = styles[1 - state.turn]
        assert sum(belief for belief, _, _ in read) == pytest.approx(1.0)
        assert [(heat, floor) for _, heat, floor in read] == list(STYLES)
        if state.deal_no == 1:
            assert [belief for belief, _, _ in read] == pytest.approx(PRIOR)
        else:
            assert [belief for belief, _, _ in read] != pytest.approx(PRIOR)


def test_the_expert_reads_as_sharp_and_a_random_player_as_soft() -> None:
    """The expert nearly always plays the move its judgement puts first: by the last deal
    the sharpest styles hold most of the belief. A seat playing at random keeps to the
    softest one, whose floor explains any move."""
    expert = make_player("expert", 2)
    sharp = soft = 0.0
    for seed in range(3):
        played = _play_round(Rules(), seed, {1: expert})
        last = [view for state, view in played if state.deal_no == 6 and state.turn == 0][0]
        sharp += sum(belief for belief, heat, _ in read_styles(last)[1] if heat <= 0.03) / 3
        played = _play_round(Rules(), seed, {0: expert})
        last = [view for state, view in played if state.deal_no == 6 and state.turn == 0][0]
        soft += read_styles(last)[1][0][0] / 3
    assert sharp > 0.8 > PRIOR[2] + PRIOR[3]
    assert soft > 0.8 > PRIOR[0]


def test_a_seat_read_for_sure_is_weighed_as_by_the_plain_model() -> None:
    """One style held for sure weighs every world as the policy model at that style does,
    and a known hand's follow-ups, worked out for its own cards, give what the prepared
    ones give."""
    positions = _play_round(Rules(), 7, {})
    checked = 0
    rng = random.Random(1)
    for state, view in positions:
        if state.deal_no < 2 or state.in_hands == Rules().cards_per_deal:
            continue
        other = 1 - state.turn
        for heat, floor in STYLES:
            plain = PolicyHistory(view, heat, floor)
            sure = PolicyHistory(view, styles={other: ((1.0, heat, floor),)})
            for _ in range(5):
                hidden = list(_bits(view.unseen))
                rng.shuffle(hidden)
                hand = sum(hidden[: state.hands[other].bit_count()])
                hands = [0, 0]
                hands[state.turn], hands[other] = view.hand, hand
                assert sure.weight_hands(hands) == pytest.approx(plain.weight_hands(hands))
                checked += 1
        for (_, move, _), model in zip(plain.plays, plain._models):
            held = state.hands[other] | move.card.bit  # type: ignore[union-attr]
            styles = tuple((1.0, heat, floor) for heat, floor in STYLES)
            known = model.likelihoods(held, styles, known=True)
            prepared = model.likelihoods(held, styles)
            assert known == pytest.approx(prepared)
    assert checked > 20


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        mask ^= low
        found.append(low)
    return found


def test_styles_read_for_many_matches_keep_one_rule_set() -> None:
    """Each match the review's process grades brings its own rule set, equal to the last,
    with the tables its searches built: the styles read were kept by each of them, and the
    process grew by megabytes a match."""
    import gc
    import weakref
    from dataclasses import replace

    seen = _play_round(Rules(), 5, {})
    later = [view for state, view in seen if state.deal_no > 1]
    kept = []
    for view in later[:12]:
        rules = Rules.from_dict(view.rules.to_dict())  # as a record read again gives it
        assert rules == view.rules and rules is not view.rules
        kept.append(weakref.ref(rules))
        read_styles(replace(view, rules=rules))
        del rules
    gc.collect()
    assert sum(ref() is not None for ref in kept) <= 1
