"""Scenario tables: every worked example of CIRULLA.md and of RULES.md's six players and
seven-count down to the aces, and a case for each of their toggles (the last test checks that
no toggle is left without one). Case ids name the rule (R1-R23 of CIRULLA.md) or toggle."""

from __future__ import annotations

import random

import pytest

from scopa.engine import (
    DECK,
    RULE_OPTIONS,
    Card,
    DealerBonus,
    DealError,
    Dealt,
    DealWon,
    Declared,
    IllegalMove,
    LastCapture,
    Match,
    MatchWon,
    Move,
    Redealt,
    Round,
    RoundScored,
    Rules,
    Scopa,
    capture_options,
    dealer_bonus,
    declarations,
    misdeal_cause,
    observe,
    parse_cards,
    primiera,
    score_round,
    table_cause,
)

from .helpers import position, texts

CIRULLA = Rules.preset("cirulla")
SEEN: set[str] = {"cirulla"}
"""The rules the cases below exercise, every case playing Cirulla or six players (checked
against RULE_OPTIONS by the last test). Cases build their rules at import, so it is complete
whichever tests run."""


def rules(**changes: object) -> Rules:
    SEEN.update(changes)
    return CIRULLA.with_(**changes)


NO_SWEEP_SCOPA = rules(ace_sweep_is_scopa=False)
SUMS = rules(primiera_requires_all_suits=False)
CLOCKWISE = rules(clockwise=True)
AT_DEAL = rules(declare_at_deal=True)
UNTIL_PLAY = rules(declare_at_deal=True, declare_until_play=True)
NO_CAPPOTTO = rules(cappotto=False)
SIX = {sides: Rules(players=6, six_sides=sides) for sides in (2, 3, 6)}
SEVEN_COUNT = Rules(seven_count=True)
SEVEN_COUNT_ACES = Rules(seven_count=True, seven_count_aces=True)
SEEN.update(["players", "six_sides", "seven_count", "seven_count_aces"])


def mask(text: str) -> int:
    return sum(card.bit for card in parse_cards(text))


def deck_with(first: str) -> list[Card]:
    head = list(parse_cards(first))
    return head + [card for card in DECK if card not in head]


# --- captures: R9-R15 ------------------------------------------------------------------

CAPTURES = [
    # (id, rules, card played, table, matta's named value, expected options)
    ("R9-queen-takes-a-sum", CIRULLA, "9S", "2C 3B 4D", 0, ["2C+3B+4D", "2C+4D"]),
    ("R9-five-takes-a-king-by-fifteen", CIRULLA, "5S", "10C", 0, ["10C"]),
    ("R9-five-takes-seven-and-three", CIRULLA, "5S", "7B 3B", 0, ["3B+7B"]),
    ("R10-free-choice", CIRULLA, "9C", "9S 6D 5B 4C 3S", 0, ["3S+6D", "4C+5B", "6D", "9S"]),
    ("R10-example-seven", CIRULLA, "7S", "3C 5S 6D 7B", 0, ["3C+5S", "7B"]),
    ("toggle-equal_rank_precedence", rules(equal_rank_precedence=True), "7S", "3C 5S 6D 7B",
     0, ["3C+5S", "7B"]),
    ("toggle-equal_rank_precedence-rules-out-sums", rules(equal_rank_precedence=True), "8S",
     "8C 5S 3B 7D", 0, ["7D", "8C"]),
    ("R10-sums-without-precedence", CIRULLA, "8S", "8C 5S 3B 7D", 0, ["3B+5S", "7D", "8C"]),
    # the toggle is "the fewest cards" (CIRULLA.md R10): with no equal card, of the sums only
    # those of the fewest cards; the fifteens stay free (1 + 3 + 4 makes 8 but takes three;
    # 3 + 4 makes 15 with the 8)
    ("toggle-equal_rank_precedence-the-fewest-sums", rules(equal_rank_precedence=True), "8S",
     "1C 3B 4D 5S 7B", 0, ["1C+7B", "3B+4D", "3B+5S", "7B"]),
    ("R10-every-sum-without-precedence", CIRULLA, "8S", "1C 3B 4D 5S 7B", 0,
     ["1C+3B+4D", "1C+7B", "3B+4D", "3B+5S", "7B"]),
    ("R11-a-card-that-can-take-must", CIRULLA, "5S", "10C 9B", 0, ["10C"]),
    ("toggle-may_trail_capturing_card", rules(may_trail_capturing_card=True), "5S", "10C 9B",
     0, ["", "10C"]),
    ("R12-the-ace-sweeps", CIRULLA, "1B", "3C 5S 10D", 0, ["3C+5S+10D"]),
    ("R14-ace-on-an-ace", CIRULLA, "1B", "1D 3S 4C 6B 7S", 0,
     ["1D", "1D+3S+4C+6B", "1D+6B+7S", "3S+4C+7S"]),
    ("toggle-ace_on_ace_only", rules(ace_on_ace_only=True), "1B", "1D 3S 4C 6B 7S", 0, ["1D"]),
    ("R15-ace-on-an-empty-table", CIRULLA, "1B", "", 0, []),
    ("R20-matta-named-two-on-the-table-is-a-two", CIRULLA, "2S", "7C 5B", 2, ["7C"]),
    ("R20-matta-named-two-is-no-seven", CIRULLA, "7S", "7C 4B", 2, []),
    ("R20-matta-unnamed-is-a-seven", CIRULLA, "7S", "7C 4B", 0, ["7C"]),
    ("R20-matta-named-two-makes-a-sum", CIRULLA, "7S", "7C 5B", 2, ["5B+7C"]),
    ("R20-matta-named-ace-sweeps", CIRULLA, "7C", "3C 5S 10D", 1, ["3C+5S+10D"]),
    ("R20-matta-named-ace-on-the-table-stops-a-sweep", CIRULLA, "1B", "7C 6S 8D", 1,
     ["6S+8D", "7C"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("played", "table", "named", "expected", "ruleset"),
    [pytest.param(c[2], c[3], c[4], c[5], c[1], id=c[0]) for c in CAPTURES],
)
def test_captures(played, table, named, expected, ruleset):
    found = capture_options(Card.parse(played), parse_cards(table), ruleset, named=named)
    assert texts(found) == sorted(expected)


def test_R11_the_capturing_card_cannot_be_laid_but_another_card_may():
    state = position(CIRULLA, ["5S 8B 2C", "1D 2D 3D"], "10C 9B")
    moves = {move.text() for move in state.legal_moves()}
    assert moves == {"5Sx10C", "8B", "2C"}
    assert "cannot be laid" in state.why_illegal(Move.parse("5S"))
    trail = position(rules(may_trail_capturing_card=True), ["5S 8B 2C", "1D 2D 3D"], "10C 9B")
    assert {"5S", "5Sx10C"} <= {move.text() for move in trail.legal_moves()}


# --- scope: R13, R14, R16, R17 ---------------------------------------------------------


def _play(state: Round, text: str) -> tuple[Round, list]:
    return state.apply(Move.parse(text))


def test_R13_the_ace_sweep_is_a_scopa():
    state = position(CIRULLA, ["1B 8B 2C", "4D 2D 3D"], "3C 5S 10D")
    _, events = _play(state, "1Bx3C+5S+10D")
    assert Scopa(0, 0) in events


def test_toggle_ace_sweep_is_scopa_off():
    state = position(NO_SWEEP_SCOPA, ["1B 8B 2C", "4D 2D 3D"], "3C 5S 10D")
    after, events = _play(state, "1Bx3C+5S+10D")
    assert not any(isinstance(event, Scopa) for event in events)
    assert after.table == 0 and after.piles[0] == mask("1B 3C 5S 10D")


def test_R14_taking_a_lone_ace_is_a_scopa_even_without_the_sweep_scopa():
    state = position(NO_SWEEP_SCOPA, ["1B 8B 2C", "4D 2D 3D"], "1D")
    _, events = _play(state, "1Bx1D")
    assert Scopa(0, 0) in events


def test_R16_a_fifteen_that_clears_the_table_is_a_scopa():
    state = position(CIRULLA, ["5B 8B 2C", "4D 2D 3D"], "10C")
    _, events = _play(state, "5Bx10C")
    assert Scopa(0, 0) in events


def test_R16_R17_the_last_card_never_scores_a_scopa_and_the_rest_goes_to_the_last_taker():
    state = position(CIRULLA, ["1B", ""], "3C 5S 10D", stock="", turn=0)
    after, events = _play(state, "1Bx3C+5S+10D")
    assert after.over and not any(isinstance(event, Scopa) for event in events)
    left = position(CIRULLA, ["9B", ""], "3C 5S", stock="", turn=0, last_capturer=1)
    after, events = _play(left, "9B")
    assert LastCapture(1, tuple(parse_cards("3C 5S 9B"))) in events
    assert after.scope == (0, 0)


# --- the deal: R5-R7, Luzzati ------------------------------------------------------------


def test_R5_deals_per_round():
    for players, deals in ((2, 6), (3, 4), (4, 3)):
        assert CIRULLA.with_(players=players).deals_per_round == deals


def test_R6_two_aces_are_dealt_again_before_the_fifteen():
    table = parse_cards("1C 1S 3B 10D")
    assert sum(card.rank for card in table) == 15
    assert misdeal_cause(table, CIRULLA) == "aces"
    with pytest.raises(DealError, match="2 aces"):
        Round.deal(CIRULLA, deck_with("2D 2C 2S 4D 4C 4S 1C 1S 3B 10D"))
    assert misdeal_cause(parse_cards("10S 10B 10C 3D"), CIRULLA) is None  # kings: no redeal


def test_R6_a_redeal_is_dealt_by_the_same_dealer():
    for seed in range(200):
        state = Round.deal_random(CIRULLA, random.Random(seed), dealer=1)
        redeals = [event for event in state.opening if isinstance(event, Redealt)]
        if redeals:
            assert all(event.dealer == 1 and event.cause == "aces" for event in redeals)
            assert all(sum(card.rank == 1 for card in event.table) >= 2 for event in redeals)
            dealt = next(event for event in state.opening if isinstance(event, Dealt))
            assert dealt.dealer == 1 and sum(card.rank == 1 for card in dealt.table) < 2
            return
    raise AssertionError("no redeal in 200 deals")


DEALER = [
    # (id, rules, table, (points, named))
    ("R7-fifteen-with-the-matta", CIRULLA, "4B 7C 3B 6D", (1, 2)),
    ("R7-thirty", CIRULLA, "10S 10B 5C 5S", (2, 0)),
    ("R7-fifteen", CIRULLA, "1D 2C 5S 7B", (1, 0)),
    ("R7-nothing", CIRULLA, "1D 2C 5S 8B", (0, 0)),
    ("toggle-dealer_low_bonus-3", rules(dealer_low_bonus=3), "1D 2C 2S 3B", (3, 0)),
    ("toggle-dealer_low_bonus-1", rules(dealer_low_bonus=1), "1D 2C 2S 3B", (1, 0)),
    ("toggle-dealer_low_bonus-matta-takes-the-best", rules(dealer_low_bonus=3), "1D 2C 3S 7C",
     (3, 1)),
    ("toggle-dossena_scale-dealer", rules(dossena_scale=True, dealer_low_bonus=1),
     "1D 2C 2S 3B", (1, 0)),
    # Dossena's scale has the low table at 1 of its own (R19): it was scored only with
    # dealer_low_bonus set as well
    ("toggle-dossena_scale-dealer-alone", rules(dossena_scale=True), "1D 2C 2S 3B", (1, 0)),
    ("toggle-dossena_scale-dealer-thirty", rules(dossena_scale=True), "10S 10B 5C 5S", (2, 0)),
    ("toggle-matta-none-dealer", rules(matta=None), "4B 7C 3B 6D", (0, 0)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset", "table", "expected"),
    [pytest.param(c[1], c[2], c[3], id=c[0]) for c in DEALER],
)
def test_dealer_bonus(ruleset, table, expected):
    assert dealer_bonus(parse_cards(table), ruleset) == expected


def test_R7_the_dealer_takes_the_table_and_the_first_player_lays_a_card():
    deck = deck_with("2D 5D 8D 2C 5C 8C 4B 7C 3B 6D")
    state = Round.deal(CIRULLA, deck, dealer=1)
    bonus = DealerBonus(1, 1, tuple(parse_cards("4B 7C 3B 6D")), 1, 2)
    assert bonus in state.opening
    assert state.table == 0 and state.piles[1] == mask("4B 7C 3B 6D")
    assert state.scope == (0, 1) and state.bonus == (0, 1) and state.last_capturer == 1
    assert all(not move.captures for move in state.legal_moves())
    assert state.score()[1].bonus == 1 and state.score()[1].points["scope"] == 1


LUZZATI = rules(luzzati_table_rules=True)


@pytest.mark.parametrize(
    ("table", "cause"),
    [
        pytest.param("5D 5C 5S 5B", "four_of_a_kind", id="luzzati-four-of-a-kind-wins"),
        pytest.param("5D 5C 5S 7C", "three_and_matta", id="luzzati-three-and-the-matta-wins"),
        pytest.param("5D 5C 5S 7B", "three_of_a_kind", id="luzzati-three-of-a-kind-misdeal"),
        pytest.param("5D 5C 7C 9B", None, id="luzzati-the-matta-is-not-wild-for-misdeals"),
    ],
)
def test_toggle_luzzati_table_rules(table, cause):
    assert table_cause(parse_cards(table), LUZZATI) == cause
    assert table_cause(parse_cards(table), CIRULLA) is None


def test_luzzati_the_dealers_side_wins_at_the_deal():
    match = Match.new(
        LUZZATI, 3, first_dealer=1, decks=[deck_with("2D 3D 4D 2C 3C 4C 5D 5C 5S 5B")]
    )
    assert match.over and match.winner == 1 and match.won_at_deal
    assert match.legal_moves() == ()
    events = match.opening_events()
    assert DealWon(1, 1, tuple(parse_cards("5D 5C 5S 5B")), "four_of_a_kind") in events
    assert events[-1] == MatchWon(1, (0, 0), at_deal=True)


def test_luzzati_a_third_misdeal_in_a_row_gives_the_game_to_the_opponents():
    deck = deck_with("2D 3D 4D 2C 3C 4C 5D 5C 5S 7B")
    with pytest.raises(DealError, match="three of a kind"):
        Round.deal(LUZZATI, deck, dealer=0, misdeals=1)
    state = Round.deal(LUZZATI, deck, dealer=0, misdeals=2)
    assert state.over and state.decided == 1
    assert DealWon(0, 1, tuple(parse_cards("5D 5C 5S 7B")), "misdeals") in state.opening


# --- declarations: R18-R21 -------------------------------------------------------------

DECLARATIONS = [
    # (id, rules, hand, [(named, points), ...])
    ("R18-two-three-four-is-a-low-hand", CIRULLA, "2S 3B 4C", [(0, 3)]),
    ("R18-three-three-four-is-not", CIRULLA, "3S 3B 4C", []),
    ("toggle-low_hand_max-8", rules(low_hand_max=8), "2S 3B 4C", []),
    ("toggle-low_hand_max-8-still-takes-eight", rules(low_hand_max=8), "1S 3B 4C", [(0, 3)]),
    ("R19-three-of-a-kind", CIRULLA, "10S 10B 10C", [(0, 10)]),
    ("R19-both-scores-only-the-ten", CIRULLA, "1S 1B 1C", [(0, 10)]),
    ("toggle-stack_hand_bonuses", rules(stack_hand_bonuses=True), "2S 2B 2C", [(0, 13)]),
    ("toggle-no_decino", rules(no_decino=True), "10S 10B 10C", []),
    ("toggle-no_decino-leaves-the-low-hand", rules(no_decino=True), "1S 1B 1C", [(0, 3)]),
    ("toggle-dossena_scale-low", rules(dossena_scale=True), "2S 3B 4C", [(0, 1)]),
    ("toggle-dossena_scale-decino", rules(dossena_scale=True), "10S 10B 10C", [(0, 2)]),
    ("toggle-dossena_scale-both", rules(dossena_scale=True), "3S 3B 3C", [(0, 3)]),
    ("R20-matta-low-hand-as-ace-or-two", CIRULLA, "7C 3S 4B", [(1, 3), (2, 3)]),
    ("R20-matta-makes-three-queens", CIRULLA, "9S 9B 7C", [(9, 10)]),
    ("R20-matta-natural-or-named", CIRULLA, "1S 1B 7C",
     [(1, 10), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3)]),
    ("toggle-matta-queen-of-hearts", rules(matta=9), "9C 3S 4B", [(1, 3), (2, 3)]),
    ("toggle-matta-queen-the-seven-is-plain", rules(matta=9), "7C 3S 4B", []),
    ("toggle-matta-none", rules(matta=None), "7C 3S 4B", []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset", "hand", "expected"),
    [pytest.param(c[1], c[2], c[3], id=c[0]) for c in DECLARATIONS],
)
def test_declarations(ruleset, hand, expected):
    assert list(declarations(mask(hand), ruleset)) == expected


def test_R21_declaring_at_ones_own_turn_shows_the_hand_to_everyone():
    state = position(CIRULLA, ["7C 3S 4B", "9D 9C 2B"], "5D 8S", turn=0)
    moves = [move.text() for move in state.legal_moves()]
    assert moves[:2] == ["!7C=1", "!7C=2"]
    assert "7Cx8S" in moves  # undeclared, the matta is a plain 7: it makes 15 with the 8
    after, events = _play(state, "!7C=1")
    assert Declared(0, 0, tuple(parse_cards("3S 4B 7C")), 3, "low", 1) in events
    assert after.turn == 0 and after.scope == (3, 0) and after.bonus == (3, 0)
    assert after.matta_value == 1 and after.has_declared(0)
    for seat in (0, 1):
        assert observe(after, seat).shown[0] == tuple(parse_cards("3S 4B 7C"))
    assert observe(after, 1).unseen_mask & mask("3S 4B 7C") == 0
    assert not any(move.is_declaration for move in after.legal_moves())
    # the matta named ace now sweeps the table like an ace
    assert Move.parse("7Cx5D+8S") in after.legal_moves()
    swept, events = _play(after, "7Cx5D+8S")
    assert Scopa(0, 0) in events and swept.matta_value == 0  # taken: a plain card again
    assert swept.shown_hand(0) == tuple(parse_cards("3S 4B"))


def test_R21_a_hand_is_declared_only_before_its_first_card():
    state = position(CIRULLA, ["2S 3B 4C", "9D 9C 2B"], "5D 8S", turn=0)
    after, _ = _play(state, "4C")
    after, _ = _play(after, "9Dx4C+5D")
    assert not any(move.is_declaration for move in after.legal_moves())
    assert "before its first card" in after.why_illegal(Move.parse("!"))


def test_R21_declaring_at_every_deal_of_three():
    deck = deck_with("9D 9C 9S 8D 8C 8S 5D 5C 6D 10B 1C 2C 3C")
    state = Round.deal(CIRULLA, deck, dealer=1)
    assert Move.parse("!") in state.legal_moves()  # three nines
    while state.deal_no == 1:
        state = state.play(next(m for m in state.legal_moves() if m.is_play))
    assert state.hand(0) == tuple(parse_cards("1C 2C 3C"))
    assert Move.parse("!") in state.legal_moves()


def test_R21_bad_declarations_are_refused_with_reasons():
    state = position(CIRULLA, ["7C 3S 4B", "9D 9C 2B"], "5D 8S", turn=0)
    assert "name the value of the matta" in state.why_illegal(Move.parse("!"))
    assert "may be named: 1, 2" in state.why_illegal(Move.parse("!7C=5"))
    plain = position(CIRULLA, ["3S 3B 4C", "9D 9C 2B"], "5D 8S", turn=0)
    assert "no bonus" in plain.why_illegal(Move.parse("!"))
    assert "declarations made straight after the deal" in plain.why_illegal(Move.parse("-"))
    assert "no declaration to take back" in plain.why_illegal(Move.parse("!-"))
    with pytest.raises(IllegalMove):
        plain.apply(Move.parse("!"))
    scopa = position(Rules(), ["3S 3B 4C", "9D 9C 2B"], "5D 8S", turn=0)
    assert "only Cirulla" in scopa.why_illegal(Move.parse("!"))


def test_toggle_declare_at_deal():
    deck = deck_with("2D 3D 4D 9S 9C 1B 5D 8S 10C 10B")
    state = Round.deal(AT_DEAL, deck, dealer=1)
    assert state.declaring and state.turn == 0
    assert [move.text() for move in state.legal_moves()] == ["!", "-"]
    assert "first every player declares" in state.why_illegal(Move.parse("2D"))
    state, events = _play(state, "!")
    assert state.turn == 1 and state.declaring
    assert [move.text() for move in state.legal_moves()] == ["-"]  # asked all the same
    state, _ = _play(state, "-")
    assert not state.declaring and state.turn == 0
    assert not any(not move.is_play for move in state.legal_moves())


def test_toggle_declare_until_play():
    deck = deck_with("2D 3D 4D 1S 2C 3B 5D 8S 10C 10B")
    state = Round.deal(UNTIL_PLAY, deck, dealer=1)
    state, _ = _play(state, "!")
    state, _ = _play(state, "-")
    # seat 0 may take its declaration back before playing; seat 1 may still declare
    assert Move.parse("!-") in state.legal_moves()
    back, events = _play(state, "!-")
    assert back.scope == (0, 0) and back.shown_hand(0)  # the cards stay known
    assert all(move.is_play for move in back.legal_moves())  # no declaring again
    back = back.play(Move.parse("3D"))
    assert Move.parse("!") in back.legal_moves()


# --- scoring: the table of CIRULLA.md 1.7, R22, R23 --------------------------------------


def _score(piles: list[str], ruleset: Rules = CIRULLA, scope=(0, 0)):
    taken = {card for pile in piles for card in parse_cards(pile)}
    rest = [card for card in DECK if card not in taken]
    full = [list(parse_cards(piles[0])), list(parse_cards(piles[1])) + rest]
    return score_round(full, scope, ruleset)


@pytest.mark.parametrize(
    ("coins", "ruleset", "piccola"),
    [
        pytest.param("1D 2D 3D 4D", CIRULLA, 4, id="piccola-of-four"),
        pytest.param("1D 2D 3D 5D", CIRULLA, 3, id="piccola-of-three-the-four-missing"),
        pytest.param("1D 2D 3D 4D 5D 6D", CIRULLA, 6, id="piccola-highest-six"),
        pytest.param("1D 2D 3D 4D 5D 6D 7D", CIRULLA, 6, id="piccola-stops-at-six"),
        pytest.param("1D 2D 3D 4D 5D 6D 7D", rules(piccola_max=7), 7, id="toggle-piccola_max"),
        pytest.param("1D 2D 3D 4D 5D 6D", rules(dossena_scale=True), 5,
                     id="toggle-dossena_scale-piccola"),
        pytest.param("2D 3D 4D", CIRULLA, 0, id="piccola-needs-the-ace"),
    ],
)  # fmt: skip
def test_piccola(coins, ruleset, piccola):
    first = _score([coins, ""], ruleset)[0]
    assert first.points["piccola"] == piccola


@pytest.mark.parametrize(
    ("coins", "ruleset", "grande"),
    [
        pytest.param("10D 9D 8D", CIRULLA, 5, id="grande"),
        pytest.param("10D 9D 7D", CIRULLA, 0, id="grande-needs-the-fante"),
        pytest.param("10D 9D 8D 7D 6D", CIRULLA, 5, id="grande-is-five"),
        pytest.param("10D 9D 8D 7D", rules(dossena_scale=True), 6, id="dossena-grande-six"),
        pytest.param("10D 9D 8D 7D 6D", rules(dossena_scale=True), 7, id="dossena-grande-seven"),
    ],
)
def test_grande(coins, ruleset, grande):
    assert _score([coins, ""], ruleset)[0].points["grande"] == grande


def test_scoring_categories_of_cirulla():
    scores = _score(["7D 7C 1D 2D 3D 10D 9D 8D 6S 1B", ""])
    first, second = scores
    assert tuple(first.points) == (
        "carte", "denari", "settebello", "primiera", "scope", "grande", "piccola",
    )  # fmt: skip
    assert first.points["settebello"] == 1 and first.points["grande"] == 5
    assert first.points["piccola"] == 3 and second.points["carte"] == 1
    assert first.points["denari"] == 1  # 7 coins of 10


def test_ties_score_nothing():
    half = " ".join(str(card) for card in DECK if card.rank <= 5)  # 20 cards, 5 coins
    first, second = _score([half, ""])
    assert first.cards == second.cards == 20 and first.coins == second.coins == 5
    assert first.points["carte"] == second.points["carte"] == 0
    assert first.points["denari"] == second.points["denari"] == 0


def test_score_primiera_values():
    """pagat's prose says 7-7-6-Q (68) loses to 7-7-5-2 (69); its own table makes the first
    70, and the table is what counts."""
    assert primiera(parse_cards("7D 7C 6S 9B"), CIRULLA) == 70
    assert primiera(parse_cards("7D 7C 5S 2B"), CIRULLA) == 69
    first, second = score_round(
        [parse_cards("7D 7C 6S 9B"), parse_cards("7S 7B 5S 2B")], (0, 0), CIRULLA
    )
    assert first.points["primiera"] == 1 and second.points["primiera"] == 0


def test_R22_a_side_missing_a_suit_cannot_win_the_primiera():
    first, second = score_round([parse_cards("7D 7C 7S"), parse_cards("2D 2C 2S 2B")], (0, 0),
                                CIRULLA)  # fmt: skip
    assert (first.points["primiera"], second.points["primiera"]) == (0, 1)
    first, second = score_round([parse_cards("7D 7C 7S"), parse_cards("2D 2C 2S 2B")], (0, 0),
                                SUMS)  # fmt: skip
    assert (first.points["primiera"], second.points["primiera"]) == (1, 0)
    assert first.primiera == 63 and second.primiera == 48


def test_R22_cirullas_faces_are_ten_whatever_the_scopa_setting():
    faces = rules(face_values="zero", seven_count=True)
    assert primiera(parse_cards("10D 9C 8S 10B"), faces) == 40
    assert "sette" not in _score(["7D 7C", ""], faces)[0].points


def test_the_matta_scores_as_a_plain_seven():
    first, _ = score_round([parse_cards("7C 2D 2S 2B"), parse_cards("6C")], (0, 0), CIRULLA)
    assert first.primiera == 21 + 12 * 3


def test_cappotto_wins_and_cappotto_as_points():
    """A side with every coin: the game at once, or (cappotto off) just its points."""
    piles = [list(parse_cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D")), []]
    piles[1] = [card for card in DECK if card not in piles[0]]
    first = score_round(piles, (0, 0), CIRULLA)[0]
    assert first.coins == 10 and first.points["piccola"] == 6 and first.points["grande"] == 5
    off = score_round(piles, (0, 0), NO_CAPPOTTO)[0]
    coin_points = sum(off.points[name] for name in ("denari", "settebello", "grande", "piccola"))
    assert coin_points == 13  # as docs/CIRULLA.md says (one source writes 10)
    for ruleset in (CIRULLA, NO_CAPPOTTO):
        state = Round.from_parts(
            ruleset, hands=[[Card.parse("5B")], []], table=[], stock=[],
            piles=[piles[0], [c for c in piles[1] if c != Card.parse("5B")]], dealer=1, turn=0,
        )  # fmt: skip
        match = Match._make(ruleset, 1, 1, (), state, (0, 0), (), None, False, None)
        match, events = match.apply(Move.parse("5B"))
        won = [event for event in events if isinstance(event, MatchWon)]
        assert bool(won) == ruleset.cappotto and (not won or won[0].cappotto)


@pytest.mark.parametrize("target", [26, 31, 51, 71, 101])
def test_R23_toggle_target(target):
    ruleset = CIRULLA.with_(target=target)
    match = Match.new(ruleset, target)
    rng = random.Random(target)
    while not match.over:
        match, events = match.apply(rng.choice(match.legal_moves()))
    assert max(match.totals) >= target or match.cappotto
    if not match.cappotto:
        assert match.totals[match.winner] == max(match.totals)
        assert match.totals.count(max(match.totals)) == 1
        # scores are checked only at the end of a round: the one before was under target
        before = [t - s.total for t, s in zip(match.totals, match.rounds[-1])]
        assert max(before) < target


def test_R23_a_tie_at_the_top_plays_another_hand():
    match = Match.new(CIRULLA, 5)
    state = Round.from_parts(
        CIRULLA, hands=[[Card.parse("5B")], []], table=[], stock=[],
        piles=[[c for c in DECK[:20] if c != Card.parse("5B")], list(DECK[20:])],
        dealer=1, turn=0,
    )  # fmt: skip
    points = [score.total for score in state.play(Move.parse("5B")).score()]
    totals = (51 - points[0], 51 - points[1])
    match = Match._make(CIRULLA, 5, 1, (), state, totals, (), None, False, None)
    match, events = match.apply(Move.parse("5B"))
    assert match.totals == (51, 51) and not match.over
    assert any(isinstance(event, RoundScored) for event in events)
    assert match.round.round_no == 2


def test_R4_toggle_clockwise_changes_no_play_and_no_score():
    assert CLOCKWISE.clockwise and not CIRULLA.clockwise
    for seed in range(5):
        a = Match.new(CIRULLA, seed)
        b = Match.new(CLOCKWISE, seed)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.over:
            assert a.legal_moves() == b.legal_moves()
            move = rng_a.choice(a.legal_moves())
            assert move == rng_b.choice(b.legal_moves())
            a, events_a = a.apply(move)
            b, events_b = b.apply(move)
            assert events_a == events_b
        assert a.totals == b.totals


def test_R3_partners_pool_their_bonuses():
    teams = CIRULLA.with_(players=4)
    state = position(teams, ["2S 3B 4C", "9D 8C 7B", "1S 2B 3C", "6D 8B 9B"], "10D 10S", turn=0)
    state, _ = _play(state, "!")
    state, _ = _play(state, "2S")
    state, _ = _play(state, "9D")
    state, _ = _play(state, "!")
    assert state.scope == (6, 0) and state.bonus == (6, 0)


# --- RULES.md: six players and the seven-count down to the aces ----------------------------


def test_six_players_two_deals_a_round_dealt_from_the_dealers_right():
    for sides, six in SIX.items():
        state = Round.deal(six, list(DECK), dealer=3)
        assert [state.hand(seat) for seat in (4, 5, 0, 1, 2, 3)] == [
            tuple(DECK[k : k + 3]) for k in range(0, 18, 3)
        ]
        assert state.table_cards() == tuple(DECK[18:22]) and len(state.stock) == 18
        assert six.deals_per_round == 2 and len(state.piles) == sides


def test_six_players_partners_pool_their_cards():
    state = position(SIX[3], ["7S", "1B", "2B", "3C", "4B", "5B"], "7D", stock="", turn=0)
    state, _ = _play(state, "7Sx7D")
    state, _ = _play(state, "1B")
    state, _ = _play(state, "2B")
    state, _ = _play(state, "3Cx1B+2B")  # seat 3, seat 0's partner opposite
    assert state.piles[0] & mask("7S 7D 3C 1B 2B") == mask("7S 7D 3C 1B 2B")
    assert state.last_capturer == 0 and state.piles[1] == state.piles[2] == 0


@pytest.mark.parametrize(
    ("first", "second", "plain", "to_aces"),
    [
        pytest.param("7D 7C", "7S 6B", 0, 0, id="seven-count-most-sevens"),
        pytest.param("7D 6C", "7S 6B", None, None, id="seven-count-tied-to-the-end"),
        pytest.param("7D 6C 1S", "7S 6B", None, 0, id="toggle-seven_count_aces-aces"),
        pytest.param("7D 6C 1S 2C", "7S 6B 1B 5C", None, 1, id="seven-count-aces-then-fives"),
        pytest.param("7D 6C 2S 2C", "7S 6B 3B", None, 1, id="seven-count-threes-before-twos"),
        pytest.param("7D 6C 2S 2C", "7S 6B 2B", None, 0, id="seven-count-down-to-the-twos"),
        pytest.param("7D 6C 2S", "7S 6B 2B", None, None, id="seven-count-aces-tied-to-the-end"),
        pytest.param("7D 6C 6S", "7S 6B 1B 1C", 0, 0, id="seven-count-sixes-before-aces"),
    ],
)
def test_seven_count_down_to_the_aces(first, second, plain, to_aces):
    taken = {card for text in (first, second) for card in parse_cards(text)}
    rest = [card for card in DECK if card not in taken and card.rank > 7]
    piles = [list(parse_cards(first)) + rest, list(parse_cards(second))]
    for rules_set, winner in ((SEVEN_COUNT, plain), (SEVEN_COUNT_ACES, to_aces)):
        points = [score.points["sette"] for score in score_round(piles, (0, 0), rules_set)]
        assert points == [int(side == winner) for side in (0, 1)]


def test_every_cirulla_and_six_player_toggle_has_a_case():
    new_rules = {
        option.name
        for option in RULE_OPTIONS
        if (option.parent in ("cirulla", "declare_at_deal") and option.parent_values == (True,))
        or option.name in ("cirulla", "six_sides", "seven_count_aces")
    }
    assert new_rules <= SEEN, new_rules - SEEN


class ScriptedShuffle:
    """Stands in for ``random.Random``: each shuffle lays the deck out as the next order."""

    def __init__(self, *firsts: str) -> None:
        self.orders = [deck_with(first) for first in firsts]

    def shuffle(self, deck: list[Card]) -> None:
        deck[:] = self.orders.pop(0)


def test_luzzati_three_misdeals_in_a_row_when_shuffling():
    misdeal = "2D 3D 4D 2C 3C 4C 5D 5C 5S 7B"
    aces = "2D 3D 4D 2C 3C 4C 1D 1C 5S 7B"
    state = Round.deal_random(LUZZATI, ScriptedShuffle(misdeal, aces, misdeal, misdeal), dealer=1)
    causes = [event.cause for event in state.opening if isinstance(event, Redealt)]
    assert causes == ["three_of_a_kind", "aces", "three_of_a_kind"]  # the third one stands
    assert state.over and state.decided == 0
    assert DealWon(1, 0, tuple(parse_cards("5D 5C 5S 7B")), "misdeals") in state.opening
    stands = Round.deal_random(LUZZATI, ScriptedShuffle(misdeal, misdeal, aces, "2D"), dealer=1)
    assert not stands.over and stands.decided == -1
