"""The tracker counts exactly the cards a seat has not seen, and nothing it could not know."""

import random

from scopa.aids.tracker import track, unseen_total
from scopa.engine import DECK, Card, Match, Rules

C = Card.parse


def test_a_fresh_deal_hides_everything_but_own_hand_and_table():
    match = Match.new(Rules(), 11)
    obs = match.observe(0)
    counts = track(obs)
    assert [item.rank for item in counts] == list(range(1, 11))
    assert unseen_total(counts) == 40 - len(obs.hand) - len(obs.table)
    for item in counts:
        seen = [c for c in (*obs.hand, *obs.table) if c.rank == item.rank]
        assert item.count == 4 - len(seen)
        assert set(item.unseen).isdisjoint(obs.hand + obs.table)


def test_counts_follow_the_cards_really_seen_through_whole_rounds():
    rng = random.Random(5)
    for players in (2, 3, 4):
        match = Match.new(Rules(players=players, teams=players == 4), rng.getrandbits(32))
        seen_by = [set() for _ in range(players)]
        while not match.over and match.round.round_no == 1:
            for seat in range(players):
                obs = match.observe(seat)
                seen_by[seat] |= set(obs.hand) | set(obs.table)
                for pile in obs.piles:
                    seen_by[seat] |= set(pile)
                counts = track(obs)
                for item in counts:
                    really_seen = {c for c in seen_by[seat] if c.rank == item.rank}
                    # a card once seen never becomes unseen; one not yet seen always is
                    assert item.count == 4 - len(really_seen), (seat, item)
                    hidden = {c for c in DECK if c.rank == item.rank} - really_seen
                    assert set(item.unseen) == hidden
            match, _ = match.apply(rng.choice(match.legal_moves()))


def test_a_rank_is_gone_when_all_four_are_in_sight():
    deck = [C(t) for t in ["7D", "7C", "7S", "1B", "2B", "3B", "7B", "4C", "5C", "6C"]]
    deck += [c for c in DECK if c not in deck]
    match = Match.new(Rules(), 1, first_dealer=1, decks=(deck,))
    counts = {item.rank: item for item in track(match.observe(0))}
    assert counts[7].gone and counts[7].count == 0
    assert counts[1].count == 4  # seat 0 holds no ace; the computer's 1B stays unseen
    assert C("1B") in counts[1].unseen
    assert C("1B") not in track(match.observe(1))[0].unseen


def test_a_declared_hand_is_seen_by_everyone():
    from scopa.engine import Move

    deck = [C(t) for t in ["2D", "3C", "4S", "9D", "9C", "8S", "5D", "6C", "8B", "10B"]]
    deck += [c for c in DECK if c not in deck]
    match = Match.new(Rules.preset("cirulla"), 1, first_dealer=1, decks=(deck,))
    before = {item.rank: item.count for item in track(match.observe(1))}
    match, _ = match.apply(Move.parse("!"))  # seat 0 shows 2D 3C 4S: a low hand
    after = {item.rank: item.count for item in track(match.observe(1))}
    for rank in (2, 3, 4):
        assert after[rank] == before[rank] - 1
    for item in track(match.observe(1)):
        assert not set(item.unseen) & {C("2D"), C("3C"), C("4S")}
