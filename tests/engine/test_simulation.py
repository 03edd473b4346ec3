"""Thousands of seeded random games over every preset and random toggle combinations:
the invariants hold at every step."""

import random

import pytest

from scopa.engine import (
    PRESETS,
    RULE_OPTIONS,
    Captured,
    Card,
    Dealt,
    GameRecord,
    LastCapture,
    Match,
    Round,
    RoundScored,
    Rules,
    RulesError,
    Scopa,
)
from scopa.engine.cards import FULL_MASK


def random_rules(rng: random.Random) -> Rules:
    """Any rule set a player could choose: every option drawn from its offered values."""
    while True:
        data = {}
        for option in RULE_OPTIONS:
            if option.kind == "bool":
                data[option.name] = rng.random() < (0.7 if option.name == "teams" else 0.3)
            else:
                data[option.name] = rng.choice(option.values)
        try:
            return Rules.from_dict(data)
        except RulesError:
            continue


def check_round_invariants(state: Round) -> None:
    places = [*state.hands, *state.piles, state.table]
    stock = 0
    for index in state.stock:
        stock |= 1 << index
    places.append(stock)
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
    assert seen == FULL_MASK, "a card is missing"
    assert len(set(state.stock)) == len(state.stock)
    assert state.in_hands == sum(bin(h).count("1") for h in state.hands)
    if not state.over:
        assert state.legal_moves(), "no legal move before the end of the round"
        assert state.hands[state.turn], "the player to act has no cards"


def play_round_checked(state: Round, rng: random.Random) -> Round:
    scope_events = [0] * state.rules.sides
    while not state.over:
        check_round_invariants(state)
        move = rng.choice(state.legal_moves())
        table_before = state.table
        state, events = state.apply(move)
        for event in events:
            if isinstance(event, Scopa):
                scope_events[event.side] += 1
            if isinstance(event, Captured):
                assert {c.bit for c in event.cards} and all(
                    table_before & c.bit for c in event.cards
                )
    check_round_invariants(state)
    assert state.table == 0 or state.last_capturer == -1
    assert list(state.scope) == scope_events
    scores = state.score()
    for side, score in enumerate(scores):
        pile = state.piles[side]
        assert score.cards == bin(pile).count("1")
        assert score.total == sum(score.points.values())
        assert score.points["scope"] == state.scope[side]
        assert score.points["settebello"] == (1 if pile & Card.parse("7D").bit else 0)
    for category in scores[0].points:
        if category not in ("scope", "napola"):
            assert sum(score.points[category] for score in scores) <= 1
    return state


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_rounds_per_preset(preset):
    rules = PRESETS[preset]
    rng = random.Random(preset)
    for _ in range(300):
        play_round_checked(Round.deal_random(rules, rng, dealer=rng.randrange(rules.players)), rng)


def test_random_rounds_with_random_toggles():
    rng = random.Random(2024)
    for _ in range(2500):
        rules = random_rules(rng)
        play_round_checked(Round.deal_random(rules, rng, dealer=rng.randrange(rules.players)), rng)


def test_random_matches_replay_from_their_records():
    rng = random.Random(7)
    for number in range(40):
        rules = random_rules(rng)
        match = Match.new(rules, rng)
        twin = Match.new(rules, match.seed)
        while not match.over:
            move = rng.choice(match.legal_moves())
            match, events = match.apply(move)
            twin, twin_events = twin.apply(move)
            assert events == twin_events
            for event in events:
                if isinstance(event, Dealt):
                    assert all(len(hand) == rules.hand_size for hand in event.hands)
                if isinstance(event, RoundScored):
                    assert event.totals == match.totals or match.round.round_no > event.round_no
        assert match.winner is not None
        assert max(match.totals) >= rules.target or match.cappotto
        record = GameRecord.parse(match.record().text())
        replayed = record.replay()
        assert replayed.totals == match.totals and replayed.winner == match.winner
        assert replayed.moves() == match.moves(), number


def test_last_capture_events_take_the_table():
    rng = random.Random(5)
    found = 0
    for _ in range(200):
        state = Round.deal_random(Rules(), rng)
        while not state.over:
            move = rng.choice(state.legal_moves())
            left = state.table & ~move.capture_mask
            if not move.capture_mask:
                left |= move.card.bit
            state, events = state.apply(move)
        last = [e for e in events if isinstance(e, LastCapture)]
        if last:
            found += 1
            assert sum(card.bit for card in last[0].cards) == left
            assert state.piles[last[0].side] & left == left
        else:
            assert left == 0 or state.last_capturer == -1
    assert found > 50
