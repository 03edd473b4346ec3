"""The walkthrough of what Cirulla changes: every lesson's position is dealt by the engine,
the move it asks for is legal there, and the engine does with it what the lesson says."""

from __future__ import annotations

import pytest

from scopa.aids.cirulla_lessons import DEALER, LESSONS, RULES, YOU, Lesson, Walkthrough
from scopa.engine import (
    Captured,
    Card,
    DealerBonus,
    Declared,
    Move,
    Scopa,
    cards_of,
    grande_points,
    parse_cards,
    piccola_points,
)
from scopa.engine.cards import mask_of
from scopa.engine.scoring import grande_run, napola_run

C = Card.parse


def lesson(key: str) -> Lesson:
    return next(item for item in LESSONS if item.key == key)


def played(key: str, text: str | None = None) -> list[object]:
    walk = Walkthrough()
    walk.go(LESSONS.index(lesson(key)))
    move = Move.parse(text) if text else walk.lesson.moves[0]
    assert walk.play(move), f"{key}: {move} was refused"
    return walk.events


def test_the_lessons_are_cirulla_and_the_player_leads() -> None:
    assert RULES.cirulla and RULES.target == 51
    for item in LESSONS:
        round_ = item.deal()
        if round_ is None:
            continue
        assert sorted(card.index for card in item.deck()) == list(range(40))
        assert round_.dealer == DEALER and round_.turn == YOU, item.key
        assert set(cards_of(round_.hands[YOU])) == set(parse_cards(item.hand))
        for move in item.moves:
            assert move in round_.legal_moves(), (item.key, move)


def test_fifteen_a_five_takes_the_king() -> None:
    (capture,) = [e for e in played("fifteen") if isinstance(e, Captured)]
    assert capture.card is C("5C") and capture.cards == (C("10S"),)


def test_free_choice_the_nine_may_take_the_six_alone_with_a_nine_on_the_table() -> None:
    walk = Walkthrough()
    walk.go(LESSONS.index(lesson("choice")))
    takes = {frozenset(m.captures) for m in walk.options(C("9C"))}
    assert takes == {frozenset({C("9S")}), frozenset({C("6D"), C("3S")}), frozenset({C("6D")})}
    (capture,) = [e for e in played("choice") if isinstance(e, Captured)]
    assert capture.cards == (C("6D"),)


def test_the_ace_takes_the_whole_table_for_a_scopa() -> None:
    events = played("sweep")
    (capture,) = [e for e in events if isinstance(e, Captured)]
    assert set(capture.cards) == set(parse_cards(lesson("sweep").table))
    assert any(isinstance(e, Scopa) for e in events)


def test_an_ace_on_an_ace_takes_by_fifteen_not_everything() -> None:
    walk = Walkthrough()
    walk.go(LESSONS.index(lesson("ace_on_ace")))
    takes = {frozenset(m.captures) for m in walk.options(C("1B"))}
    assert takes == {frozenset({C("1D")}), frozenset({C("1D"), C("6B"), C("7S")})}
    events = played("ace_on_ace")
    assert not any(isinstance(e, Scopa) for e in events)


def test_the_dealer_names_the_matta_2_and_takes_the_table() -> None:
    round_ = lesson("dealer").deal()
    assert round_ is not None and round_.table == 0
    (bonus,) = [e for e in round_.opening if isinstance(e, DealerBonus)]
    assert bonus.points == 1 and bonus.named == 2 and bonus.dealer == DEALER
    assert dict(lesson("dealer").rows)["lessons.opening"] == lesson("dealer").table


def test_knocking_a_low_hand_scores_three() -> None:
    (declared,) = [e for e in played("knock") if isinstance(e, Declared)]
    assert declared.points == 3 and declared.kind == "low" and declared.seat == YOU


@pytest.mark.parametrize("named", [1, 2])
def test_the_matta_named_an_ace_or_a_two_makes_a_low_hand(named: int) -> None:
    (declared,) = [e for e in played("matta", f"!7C={named}") if isinstance(e, Declared)]
    assert declared.points == 3 and declared.named == named
    walk = Walkthrough()
    walk.go(LESSONS.index(lesson("matta")))
    assert {move.named for move in walk.options(None)} == {1, 2}


def test_the_grande_and_piccola_shown_score_what_they_say() -> None:
    rows = dict(lesson("scoring").rows)
    grande = mask_of(parse_cards(rows["cat_grande"]))
    piccola = mask_of(parse_cards(rows["cat_piccola"]))
    assert grande_points(grande_run(grande), RULES) == 5
    assert piccola_points(napola_run(piccola), RULES) == 4


def test_a_move_the_lesson_does_not_ask_for_is_refused_and_nothing_changes() -> None:
    walk = Walkthrough()
    before = walk.round
    assert not walk.play(Move.parse("8Bx7D"))
    assert walk.refused == Move.parse("8Bx7D") and walk.round is before and not walk.done
    assert not walk.play(Move.parse("9D"))  # not even legal: not refused as a lesson
    assert walk.refused == Move.parse("8Bx7D")


def test_lessons_to_read_are_done_at_once_and_go_stays_in_range() -> None:
    walk = Walkthrough()
    walk.go(99)
    assert walk.lesson is LESSONS[-1] and walk.done and walk.options(None) == ()
    walk.go(-5)
    assert walk.index == 0 and not walk.done
