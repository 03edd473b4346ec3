"""Undo restores the exact match before the human's last play, only in solo play."""

import random

from scopa.aids.undo import plays_back, undo_allowed, undo_point
from scopa.engine import DECK, Match, Rules


def state(match: Match) -> tuple:
    r = match.round
    return (r.hands, r.table, r.stock, r.piles, r.scope, r.turn, r.deal_no, r.round_no,
            r.last_capturer, match.totals, match.moves(), r.history())  # fmt: skip


def test_allowed_only_when_every_other_seat_is_a_computer():
    assert undo_allowed([True, False])
    assert undo_allowed([False, False, True, False])
    assert not undo_allowed([True, True])
    assert not undo_allowed([True, False, True, False])
    assert not undo_allowed([False, False])


def test_nothing_to_take_back_before_the_first_play():
    match = Match.new(Rules(), 4)
    assert undo_point(match, match.turn) is None


def test_restores_the_exact_state_before_the_human_play_and_the_replies_after_it():
    rng = random.Random(9)
    for players in (2, 3, 4):
        match = Match.new(Rules(players=players, teams=players == 4), rng.getrandbits(32))
        human = rng.randrange(players)
        before_human = None
        for _ in range(60):
            if match.over:
                break
            if match.turn == human:
                before_human = match
            deal = (match.round.round_no, match.round.deal_no)
            match, events = match.apply(rng.choice(match.legal_moves()))
            if (match.round.round_no, match.round.deal_no) != deal:
                before_human = None  # new hands: nothing before them goes back
            point = undo_point(match, human)
            if before_human is None:
                assert point is None
                continue
            assert point is not None
            assert state(point.match) == state(before_human)
            assert point.match.turn == human
            assert point.taken_back == len(match.moves()) - len(before_human.moves())


def test_plays_back_counts_the_human_play_and_the_computer_replies():
    match = Match.new(Rules(players=3), 2)
    human = match.turn
    match, _ = match.apply(match.legal_moves()[0])
    assert plays_back(match, human) == 1
    match, _ = match.apply(match.legal_moves()[0])
    match, _ = match.apply(match.legal_moves()[0])
    assert plays_back(match, human) == 3
    assert plays_back(match, (human + 1) % 3) == 2


def test_no_undo_once_the_match_is_over():
    rng = random.Random(1)
    match = Match.new(Rules(), 8)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert undo_point(match, 0) is None and undo_point(match, 1) is None


def test_a_declaration_goes_back_with_the_card_played_after_it():
    from scopa.engine import Move, Round, parse_cards

    rules = Rules.preset("cirulla")
    deck = list(parse_cards("9D 9C 9S 2D 3C 4S 5D 6C 8S 10B"))
    deck += [card for card in DECK if card not in deck]
    match = Match.new(rules, 1, first_dealer=0, decks=(deck,))
    assert isinstance(match.round, Round) and match.turn == 1  # holds 9D 9C 9S
    match, _ = match.apply(Move.parse("!"))
    assert plays_back(match, 1) == 1  # the declaration alone, before any card
    match, _ = match.apply(next(move for move in match.legal_moves() if move.is_play))
    match, _ = match.apply(match.legal_moves()[0])
    point = undo_point(match, 1)
    assert point is not None and point.taken_back == 3
    assert point.match.round.scope == (0, 0) and not point.match.round.shown[1]
    assert Move.parse("!") in point.match.legal_moves()


def test_no_play_is_taken_back_past_a_new_deal():
    """Undo went on past the deal's start: a player who had seen the new hand took back the
    plays of the deal before, knowing what the stock gives next."""
    from scopa.aids.undo import dealt_since

    match = Match.new(Rules(), 5, first_dealer=1)  # seat 0 plays first in every deal
    for _ in range(6):  # the first deal, three cards each
        assert not dealt_since(match, 0)
        match, _ = match.apply(match.legal_moves()[0])
    assert match.round.deal_no == 2 and match.turn == 0
    assert undo_point(match, 0) is None and undo_point(match, 1) is None
    assert dealt_since(match, 0) and dealt_since(match, 1)
    match, _ = match.apply(match.legal_moves()[0])
    assert plays_back(match, 0) == 1 and not dealt_since(match, 0)
    assert plays_back(match, 1) == 0 and dealt_since(match, 1)
    assert undo_point(match, 0).match.round.deal_no == 2


def test_no_play_is_taken_back_past_the_moves_kept():
    """A practice starts at a reviewed position, the round's earlier moves played: Undo took
    back the player's move before it, leaving the position. Moves before ``since`` stay."""
    match = Match.new(Rules(), 5, first_dealer=1)  # seat 0 plays first
    for _ in range(2):
        match, _ = match.apply(match.legal_moves()[0])
    since = len(match.moves())
    assert plays_back(match, 0) == 2
    assert plays_back(match, 0, since) == 0 and undo_point(match, 0, since) is None
    match, _ = match.apply(match.legal_moves()[0])  # seat 0 plays from the position
    assert plays_back(match, 0, since) == 1
    assert plays_back(match, 1) == 2 and plays_back(match, 1, since) == 0
    match, _ = match.apply(match.legal_moves()[0])  # and seat 1 answers
    assert plays_back(match, 0, since) == 2
    point = undo_point(match, 0, since)
    assert point is not None and len(point.match.moves()) == since
