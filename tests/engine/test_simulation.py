"""Thousands of seeded random games over every preset and random toggle combinations (Cirulla
with random mixes of its toggles, six players in each arrangement): the invariants hold at
every step."""

import random

import pytest

from scopa.engine import (
    PRESETS,
    RULE_OPTIONS,
    Captured,
    Card,
    DealerBonus,
    Dealt,
    Declared,
    GameRecord,
    LastCapture,
    Match,
    Move,
    Round,
    RoundScored,
    Rules,
    RulesError,
    Scopa,
    observe,
)
from scopa.engine.cards import FULL_MASK
from scopa.engine.events import Retracted

DEFAULT_TRUE = {"teams", "ace_sweep_is_scopa", "primiera_requires_all_suits"}


def random_rules(rng: random.Random, **fixed: object) -> Rules:
    """Any rule set a player could choose: every option drawn from its offered values
    (``fixed`` ones excepted)."""
    while True:
        data = {}
        for option in RULE_OPTIONS:
            if option.kind == "bool":
                data[option.name] = rng.random() < (0.7 if option.name in DEFAULT_TRUE else 0.3)
            else:
                data[option.name] = rng.choice(option.values)
        data.update(fixed)
        try:
            return Rules.from_dict(data)
        except RulesError:
            continue


def random_move(state: Round | Match, rng: random.Random) -> Move:
    """A random legal move; declarations are made half the time they are offered, so that
    declared hands and named mattas are common in the games played."""
    moves = state.legal_moves()
    declares = [move for move in moves if move.is_declaration]
    if declares and rng.random() < 0.5:
        return rng.choice(declares)
    return rng.choice(moves)


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


def check_shown(state: Round, seat: int) -> None:
    """Shown cards are in their seat's hand and ``seat`` sees them; nothing else of another
    hand is seen by ``seat``."""
    for shown, hand in zip(state.shown, state.hands, strict=True):
        assert shown & ~hand == 0
    unseen = observe(state, seat).unseen_mask
    hidden = 0
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= hand & ~state.shown[other]
    for index in state.stock:
        hidden |= 1 << index
    assert unseen == hidden


def play_round_checked(state: Round, rng: random.Random) -> Round:
    scope_events = [0] * state.rules.sides
    for event in state.opening:
        if isinstance(event, DealerBonus):
            scope_events[event.side] += event.points
    bonus_events = list(scope_events)
    plays = 0
    while not state.over:
        check_round_invariants(state)
        if state.rules.cirulla:  # one seat's view a play, the seats in turn (every seat's
            check_shown(state, plays % state.rules.players)  # at every play: half the time)
        plays += 1
        move = random_move(state, rng)
        table_before = state.table
        state, events = state.apply(move)
        for event in events:
            if isinstance(event, Scopa):
                scope_events[event.side] += 1
            if isinstance(event, Declared):
                scope_events[event.side] += event.points
                bonus_events[event.side] += event.points
            if isinstance(event, Retracted):
                scope_events[event.side] -= event.points
                bonus_events[event.side] -= event.points
            if isinstance(event, Captured):
                assert {c.bit for c in event.cards} and all(
                    table_before & c.bit for c in event.cards
                )
    check_round_invariants(state)
    assert state.table == 0 or state.last_capturer == -1 or state.decided >= 0
    assert list(state.scope) == scope_events
    assert list(state.bonus) == bonus_events
    scores = state.score()
    for side, score in enumerate(scores):
        pile = state.piles[side]
        assert score.cards == bin(pile).count("1")
        assert score.total == sum(score.points.values())
        assert score.points["scope"] == state.scope[side]
        assert score.bonus == state.bonus[side]
        assert score.points["settebello"] == (1 if pile & Card.parse("7D").bit else 0)
    for category in scores[0].points:
        if category in ("napola", "grande", "piccola"):  # one side at most holds a coin run
            assert sum(1 for score in scores if score.points[category]) <= 1
        elif category != "scope":
            assert sum(score.points[category] for score in scores) <= 1
    return state


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_rounds_per_preset(preset):
    rules = PRESETS[preset]
    rng = random.Random(preset)
    for _ in range(300):
        play_round_checked(Round.deal_random(rules, rng, dealer=rng.randrange(rules.players)), rng)


@pytest.mark.slow
def test_random_rounds_with_random_toggles():
    rng = random.Random(2024)
    for _ in range(1000):
        rules = random_rules(rng)
        play_round_checked(Round.deal_random(rules, rng, dealer=rng.randrange(rules.players)), rng)


@pytest.mark.slow
def test_random_cirulla_rounds_with_random_toggle_mixes():
    rng = random.Random(51)
    declared = named = bonus = 0
    for _ in range(1500):
        rules = random_rules(rng, cirulla=True, deal="scopa", players=rng.choice((2, 3, 4)))
        state = Round.deal_random(rules, rng, dealer=rng.randrange(rules.players))
        bonus += any(isinstance(event, DealerBonus) for event in state.opening)
        start = state
        state = play_round_checked(state, rng)
        moves = [move for _, move in state.history()]
        declared += any(move.is_declaration for move in moves)
        named += any(move.named for move in moves)
        assert start.rules.cirulla
    assert declared > 150 and named > 20 and bonus > 100


@pytest.mark.parametrize("six_sides", [2, 3, 6])
def test_random_six_player_rounds_in_each_arrangement(six_sides):
    rng = random.Random(six_sides)
    for _ in range(400):
        rules = random_rules(rng, players=6, six_sides=six_sides, deal="scopa", cirulla=False)
        state = Round.deal_random(rules, rng, dealer=rng.randrange(6))
        assert len(state.piles) == six_sides and len(state.hands) == 6
        state = play_round_checked(state, rng)
        assert state.deal_no == 2


def test_random_matches_replay_from_their_records():
    rng = random.Random(7)
    for number in range(60):
        if number % 3 == 1:
            rules = random_rules(rng, cirulla=True, deal="scopa", players=rng.choice((2, 3, 4)))
        elif number % 3 == 2:
            rules = random_rules(rng, players=6, deal="scopa", cirulla=False)
        else:
            rules = random_rules(rng)
        match = Match.new(rules, rng)
        twin = Match.new(rules, match.seed)
        while not match.over:
            move = random_move(match, rng)
            match, events = match.apply(move)
            twin, twin_events = twin.apply(move)
            assert events == twin_events
            for event in events:
                if isinstance(event, Dealt):
                    assert all(len(hand) == rules.hand_size for hand in event.hands)
                if isinstance(event, RoundScored):
                    assert event.totals == match.totals or match.round.round_no > event.round_no
        assert match.winner is not None
        assert max(match.totals) >= rules.target or match.cappotto or match.won_at_deal
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
