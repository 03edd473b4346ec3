"""A round dealt again from a match deals the same hands, table and stock."""

import random

import pytest

from scopa.aids.replay import replay_match
from scopa.engine import DECK, Dealt, Match, Rules


def deals_of(match: Match) -> dict[int, tuple]:
    """Every round's opening Dealt event (and its dealer), from playing the match out."""
    rng = random.Random(match.seed)
    found = {1: (match.round.dealer, match.round.hands, match.round.table, match.round.stock)}
    while not match.over:
        match, events = match.apply(rng.choice(match.legal_moves()))
        if any(isinstance(e, Dealt) and e.deal_no == 1 for e in events):
            r = match.round
            found[r.round_no] = (r.dealer, r.hands, r.table, r.stock)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_round_is_dealt_again_exactly(players):
    rules = Rules(players=players, teams=players == 4, target=21)
    match = Match.new(rules, 1234 + players)
    original = deals_of(match)
    last = match
    rng = random.Random(match.seed)
    while not last.over:
        last, _ = last.apply(rng.choice(last.legal_moves()))
    assert len(original) >= 2
    for round_no, (dealer, hands, table, stock) in original.items():
        again = replay_match(last, round_no)
        r = again.round
        assert (r.dealer, r.hands, r.table, r.stock) == (dealer, hands, table, stock)


def test_redealt_rounds_replay_the_deal_that_stood():
    match = Match.new(Rules(), 2041)  # this seed's first shuffle puts 3 kings on the table
    assert any(type(e).__name__ == "Redealt" for e in match.opening_events())
    again = replay_match(match, 1)
    assert again.round.hands == match.round.hands and again.round.table == match.round.table


def test_explicit_decks_are_dealt_again():
    deck = tuple(reversed(DECK))
    match = Match.new(Rules(), 3, first_dealer=0, decks=(deck,))
    match, _ = match.apply(match.legal_moves()[0])
    again = replay_match(match, 1)
    assert again.decks == (deck,)
    assert again.round.hands == Match.new(Rules(), 3, first_dealer=0, decks=(deck,)).round.hands


def test_a_round_not_yet_dealt_is_refused():
    match = Match.new(Rules(), 3)
    with pytest.raises(ValueError, match="round 2 has not been dealt"):
        replay_match(match, 2)


def test_the_round_after_a_round_replayed_is_another_deal():
    """Round 2 replayed: the replay's next round was dealt from the match's own seed, that
    is round 2 again, each hand passed to the other player."""
    match = Match.new(Rules(target=21), 77)
    rng = random.Random(5)
    while match.round.round_no < 3:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    for round_no in (1, 2):
        again = replay_match(match, round_no)
        while again.round.round_no < 2:
            again, _ = again.apply(again.legal_moves()[0])
        assert again.round_deck(2) != match.round_deck(round_no)
        assert again.round_deck(2) != match.round_deck(2)
    assert replay_match(match, 2, seed=9).seed == 9
