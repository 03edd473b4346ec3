"""The in-place position deals, plays, takes back and scores exactly as ``Round`` does."""

from __future__ import annotations

import random

import pytest

from scopa.engine import PRESETS, Board, DealError, Round, Rules
from scopa.engine.cards import RANK_OF

from .test_simulation import random_rules

RULE_SETS = {
    **{name: rules for name, rules in PRESETS.items() if not rules.cirulla},
    "3p": Rules(players=3),
    "4p individual": Rules(players=4, teams=False),
    "six": Rules(players=6),
    "six, three sides": Rules(players=6, six_sides=3),
    "assi redealt": Rules(assi=True, assi_redeal=True, assi_scopa=True),
    "incomplete primiera": Rules(incomplete_primiera=True, face_values="southern"),
    "seven-count": Rules(seven_count=True, seven_count_aces=True),
    "extras": Rules(re_bello=True, settebello_coppe=True, napola=True),
    "last scopa": Rules(players=4, deal="scientifico", scientifico_last_scopa=True),
    "fewest, limit 2": Rules(fewest_cards=True, capture_limit=2),
}


def facts(board: Board) -> tuple:
    return (
        tuple(board.hands), board.table, tuple(board.stock[board.at :]), tuple(board.piles),
        tuple(board.scope), board.last, board.turn, board.over, board.in_hands,
        board.last_play(),
    )  # fmt: skip


def round_facts(state: Round) -> tuple:
    return (
        state.hands, state.table, state.stock, state.piles, state.scope, state.last_capturer,
        state.turn, state.over, state.in_hands, state.last_play,
    )  # fmt: skip


def pairs(state: Round) -> list[tuple[int, int]]:
    return [(move.card.index, move.capture_mask) for move in state.legal_moves()]  # type: ignore[union-attr]


def check_round(rules: Rules, rng: random.Random, board: Board, state: Round) -> None:
    """Play ``board`` and ``state`` side by side to the end, then take every move back."""
    trail = [facts(board)]
    assert trail[0] == round_facts(state)
    while not state.over:
        legal = pairs(state)
        assert list(board.moves(ordered=False)) == legal
        assert board.cards() == tuple(sorted({index for index, _ in legal}))
        ordered = list(board.moves())
        assert sorted(ordered) == sorted(legal)
        sizes = [capture.bit_count() if capture else -1 for _, capture in ordered]
        assert sizes == sorted(sizes, reverse=True)  # captures first, the biggest first
        index, capture = rng.choice(ordered)
        board.make(index, capture)
        state = state.play(state.legal_moves()[legal.index((index, capture))])
        assert facts(board) == round_facts(state)
        assert board.score() == state.score()
        trail.append(facts(board))
    assert list(board.moves()) == list(board.moves(ordered=False)) == []
    assert board.totals() == tuple(side.total for side in state.score())
    while len(trail) > 1:
        trail.pop()
        board.unmake()
        assert facts(board) == trail[-1]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_random_deal_is_the_rounds_and_plays_as_it_does_to_the_end_and_back(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(name)
    for deal in range(8):
        dealer = deal % rules.players
        seed = rng.random()
        board = Board.deal_random(rules, random.Random(seed), dealer=dealer)
        state = Round.deal_random(rules, random.Random(seed), dealer=dealer)
        check_round(rules, rng, board, state)


def test_random_rule_sets_play_as_the_engine_plays() -> None:
    rng = random.Random(3)
    for _ in range(40):
        rules = random_rules(rng, cirulla=False)
        seed = rng.random()
        dealer = rng.randrange(rules.players)
        board = Board.deal_random(rules, random.Random(seed), dealer=dealer)
        state = Round.deal_random(rules, random.Random(seed), dealer=dealer)
        check_round(rules, rng, board, state)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_board_taken_from_a_round_in_play_goes_on_as_the_round(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"mid/{name}")
    for _ in range(6):
        state = Round.deal_random(rules, rng, dealer=rng.randrange(rules.players))
        for _ in range(rng.randrange(40 - rules.table_size)):
            state = state.play(rng.choice(state.legal_moves()))
        check_round(rules, rng, Board(state), state)


def test_the_same_seed_deals_the_same_cards_after_redeals_too() -> None:
    rules = Rules(assi=True, assi_redeal=True)
    redealt = 0
    for seed in range(60):
        state = Round.deal_random(rules, random.Random(seed), dealer=1)
        board = Board.deal_random(rules, random.Random(seed), dealer=1)
        redealt += bool(state.opening[:-1])
        assert (tuple(board.hands), board.table, board.stock, board.turn) == (
            state.hands, state.table, state.stock, state.turn,
        )  # fmt: skip
    assert redealt  # some of these deals had an ace on the table and were dealt again


def test_both_deals_leave_the_generator_in_the_same_state() -> None:
    for name, rules in RULE_SETS.items():
        first, second = random.Random(name), random.Random(name)
        Board.deal_random(rules, first)
        Round.deal_random(rules, second)
        assert first.getstate() == second.getstate(), name


def test_cirulla_and_a_seat_that_is_not_there_are_refused() -> None:
    cirulla = PRESETS["cirulla"]
    with pytest.raises(ValueError, match="Scopa rules only"):
        Board.deal_random(cirulla, random.Random(1))
    with pytest.raises(ValueError, match="Scopa rules only"):
        Board(Round.deal_random(cirulla, random.Random(1)))
    assert not Board.supports(cirulla) and Board.supports(Rules())
    with pytest.raises(DealError, match="dealer must be a seat from 0 to 1"):
        Board.deal_random(Rules(), random.Random(1), dealer=2)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_cards_captures_are_its_legal_captures(name: str) -> None:
    """``sets`` answers for one card what ``Round.legal_moves`` lists for it: the masks it
    may take (none: it can only be laid), whether the cache was warm or cold."""
    rules = RULE_SETS[name]
    rng = random.Random(name)
    for _ in range(30):
        board = Board.deal_random(rules, rng)
        while not board.over:
            moves = list(board.moves(ordered=False))
            for index in {index for index, _ in moves}:
                listed = sorted(capture for card, capture in moves if card == index and capture)
                assert sorted(board.sets(RANK_OF[index])) == listed
            board.make(*rng.choice(moves))
