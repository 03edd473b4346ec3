"""The tutorial deal: every lesson meets the table it needs, whatever happens after."""

import pytest

from scopa.aids.tutorial import (
    COMPUTER,
    HUMAN,
    STEPS,
    Coach,
    computer_move,
    plain_move,
    tutorial_deck,
    tutorial_match,
)
from scopa.engine import DECK, Card, Move, RoundScored, Rules, Scopa

C = Card.parse


def play_lessons(coach: Coach):
    """The human plays each lesson's move, the computer its script; returns the match."""
    match = tutorial_match()
    coach.next()
    events_seen = []
    while coach.step is not None and coach.step.wait == "move":
        if match.turn == HUMAN:
            move = coach.step.moves[0]
            assert coach.accepts(move)
            coach.played(move)
        else:
            move = computer_move(match.observe(COMPUTER))
        match, events = match.apply(move)
        events_seen.append((move, events))
    return match, events_seen


def test_the_deck_is_the_forty_cards_and_the_human_leads():
    assert sorted(tutorial_deck(), key=lambda c: c.index) == list(DECK)
    match = tutorial_match()
    assert match.turn == HUMAN
    assert set(match.round.hand(HUMAN)) == {C("10B"), C("3S"), C("6D")}


def test_each_lesson_has_exactly_the_capture_it_teaches():
    coach = Coach()
    match = tutorial_match()
    coach.next()
    seen = {}
    while coach.step is not None and coach.step.wait == "move":
        if match.turn == HUMAN:
            step = coach.step
            (move,) = step.moves
            for_card = [m for m in match.legal_moves() if m.card == move.card]
            assert for_card == [move], (step.key, for_card)
            seen[step.key] = (move, match.round.table_cards())
            coach.played(move)
        else:
            move = computer_move(match.observe(COMPUTER))
            assert not move.captures, "the computer only lays cards while the lessons run"
        match, _ = match.apply(move)
    single, table = seen["single"]
    assert len(single.captures) == 1 and single.captures[0].rank == single.card.rank
    total, table = seen["sum"]
    assert len(total.captures) > 1 and sum(c.rank for c in total.captures) == total.card.rank
    priority, table = seen["priority"]
    ranks = [c.rank for c in table]
    assert priority.captures[0].rank == 6 and 2 in ranks and 4 in ranks  # 2+4 was there too
    sweep, table = seen["scopa"]
    assert set(sweep.captures) == set(table)


def test_the_scopa_lesson_scores_a_scopa_and_the_round_then_ends_and_scores():
    coach = Coach()
    match, steps = play_lessons(coach)
    assert steps[-1][0] == Move.parse("7Dx1B+2S+4C")
    assert any(isinstance(e, Scopa) for e in steps[-1][1])
    assert coach.step.key == "finish"
    assert all(coach.accepts(move) for move in match.legal_moves())  # free play now
    scored = None
    while scored is None:
        seat = match.turn
        move = (
            plain_move(match.legal_moves()) if seat == HUMAN else computer_move(match.observe(seat))
        )
        assert coach.accepts(move) or seat == COMPUTER
        match, events = match.apply(move)
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
    coach.round_over()
    assert coach.step.key == "score"
    assert scored.scores[0].scope >= 1 and scored.scores[0].points["settebello"] == 1
    coach.next()
    assert coach.done


def test_the_coach_refuses_other_moves_and_clicks_out_of_turn():
    coach = Coach()
    assert not coach.accepts(Move.parse("10Bx10S"))  # the welcome waits for Next
    coach.played(Move.parse("10Bx10S"))
    assert coach.step.key == "welcome"
    coach.next()
    assert coach.step.key == "single"
    assert not coach.accepts(Move.parse("3S"))
    coach.played(Move.parse("3S"))
    coach.next()
    coach.round_over()
    assert coach.step.key == "single"
    coach.restart()
    assert coach.index == 0


def test_the_steps_cover_every_lesson_of_the_issue():
    keys = [step.key for step in STEPS]
    for lesson in ("single", "sum", "priority", "scopa", "score"):
        assert lesson in keys
    assert keys.index("single") < keys.index("sum") < keys.index("priority") < keys.index("scopa")


def test_plain_move_takes_the_most_and_lays_low():
    moves = [Move.parse(t) for t in ("7Dx7C", "5Bx1S+4S", "3C", "9B")]
    assert plain_move(moves) == Move.parse("7Dx7C")  # the settebello first
    assert plain_move([Move.parse("7S"), Move.parse("9B"), Move.parse("3C")]) == Move.parse("3C")
    with pytest.raises(ValueError):
        plain_move([])


def test_the_tutorial_ignores_the_players_variant_settings():
    assert tutorial_match().rules == Rules()
