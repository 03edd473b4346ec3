import copy
import pickle

import pytest

from scopa.engine import DECK, Card, CardError, Move, NotationError, parse_cards


def test_forty_distinct_cards_in_index_order():
    assert len(DECK) == 40
    assert len({str(card) for card in DECK}) == 40
    assert [card.index for card in DECK] == list(range(40))
    assert {card.suit for card in DECK} == set("DCSB")
    assert {card.rank for card in DECK} == set(range(1, 11))


@pytest.mark.parametrize("card", DECK, ids=str)
def test_text_round_trip_and_interning(card):
    assert Card.parse(str(card)) is card
    assert Card(card.rank, card.suit) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card


def test_settebello_text():
    card = Card.parse("7D")
    assert (card.rank, card.suit, str(card)) == (7, "D", "7D")
    assert Card.parse(" 10b ") is Card(10, "B")


@pytest.mark.parametrize("text", ["", "7", "D", "11D", "0C", "7X", "7DD", "x7D", "-1D", None, 7])
def test_unparsable_cards_raise_clear_errors(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert "card" in str(error.value)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("7D").rank = 6


def test_no_card_from_bad_constructor_args():
    with pytest.raises(CardError):
        Card(11, "D")
    with pytest.raises(CardError):
        Card(7, "Z")


def test_parse_cards_reads_lists():
    assert [str(c) for c in parse_cards("7D, 3C 10B")] == ["7D", "3C", "10B"]


@pytest.mark.parametrize("text", ["5B", "7Dx3C+4S", "10Dx1B+2B+3B+4B", "1Cx1D"])
def test_move_notation_round_trips(text):
    move = Move.parse(text)
    assert move.text() == text
    assert Move.parse(move.text()) is move
    assert pickle.loads(pickle.dumps(move)) == move


def test_move_notation_is_forgiving_about_case_and_order():
    assert Move.parse("7dx4s+3c") == Move.parse("7Dx3C+4S")
    assert Move.parse("7Dx4S+3C").text() == "7Dx3C+4S"


@pytest.mark.parametrize("text", ["", "x3C", "7Dx", "7Dx3C+3C", "7Dx7D", "7Dy3C", "7D 3C"])
def test_bad_move_notation_raises(text):
    with pytest.raises((NotationError, CardError)):
        Move.parse(text)
