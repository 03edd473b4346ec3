"""The occhio: each seat's last play and last capture, rebuilt from the round's history."""

import pytest

from scopa.aids.review import last_capture, review
from scopa.engine import Move

M = Move.parse


def test_last_play_and_last_capture_per_seat():
    history = [(0, M("7Dx7C")), (1, M("3B")), (0, M("2C")), (1, M("5Sx2C+3B")), (0, M("9B"))]
    first, second = review(history, 2)
    assert first.last_play == M("9B") and first.last_capture == M("7Dx7C")
    assert second.last_play == M("5Sx2C+3B") and second.last_capture == M("5Sx2C+3B")
    assert last_capture(history) == (1, M("5Sx2C+3B"))


def test_seats_that_have_not_played_or_captured_show_nothing():
    reviews = review([(1, M("4S"))], 3)
    assert [r.last_play for r in reviews] == [None, M("4S"), None]
    assert all(r.last_capture is None for r in reviews)
    assert last_capture([(1, M("4S"))]) is None
    assert last_capture([]) is None


def test_a_history_from_another_table_is_refused_clearly():
    with pytest.raises(ValueError, match="seat 3 is not at a table of 2"):
        review([(3, M("4S"))], 2)


def test_review_agrees_with_a_real_round():
    from scopa.engine import Match, Rules

    match = Match.new(Rules(players=4, teams=True), 3)
    for _ in range(14):
        match, _ = match.apply(match.legal_moves()[-1])
    history = match.round.history()
    for item in review(history, 4):
        mine = [move for seat, move in history if seat == item.seat]
        assert item.last_play == (mine[-1] if mine else None)
        taken = [move for move in mine if move.captures]
        assert item.last_capture == (taken[-1] if taken else None)


def test_a_declaration_is_no_last_play():
    """In Cirulla a seat may knock (declare) before playing: the review shows its cards."""
    history = [(0, M("!")), (0, M("2Bx2C")), (1, M("!7C=1")), (1, M("-"))]
    first, second = review(history, 2)
    assert first.last_play == M("2Bx2C") and first.last_capture == M("2Bx2C")
    assert second.last_play is None and second.last_capture is None
    assert last_capture(history) == (0, M("2Bx2C"))


def test_the_matta_keeps_the_value_named_for_it_in_the_capture_that_took_it():
    """Cirulla: each capture the matta was in, played or taken, keeps the value it stood
    for then (the last-capture panel writes it on the card), as the engine had it; a
    round is played at random, knocking with every value the matta may be named."""
    import random

    from scopa.engine import Match, Rules

    rules = Rules.preset("cirulla")
    matta = rules.matta_card
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        match = Match.new(rules, seed)
        for _ in range(60):
            if match.over:
                break
            state = match.round
            moves = match.legal_moves()
            declared = [move for move in moves if move.named]
            move = rng.choice(declared or moves)
            seat = state.turn
            named = state.matta_value
            match, _ = match.apply(move)
            if match.round is not state and match.round.history() and move.captures:
                took_matta = move.card == matta or matta in move.captures
                row = review(match.round.history(), rules.players, matta)[seat]
                if row.last_capture == move:
                    assert row.named == (named if took_matta else 0)
                    checked += took_matta and named > 0
    assert checked >= 10
