"""Master expects the other side's first reply as that seat would play it, from what it can
see, rather than assuming the reply that hurts most."""

from __future__ import annotations

import random

import pytest

from scopa.ai.assess import Judge
from scopa.ai.master import MasterPlayer, expected_reply, turn_model
from scopa.ai.search import BoardSearcher
from scopa.ai.view import View
from scopa.ai.worlds import sample_world
from scopa.engine import Board, Round, Rules, observe

SHARP = ((1.0, 1e-6, 0.0),)
SOFT = ((1.0, 0.3, 0.1),)


def _played_into(rules: Rules, rng: random.Random, most: int) -> Round:
    """A random round after up to ``most`` random plays (it may be over)."""
    state = Round.deal_random(rules, rng)
    for _ in range(rng.randrange(0, most)):
        if state.over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _positions(players: int, count: int) -> list[Round]:
    """Positions of random rounds where the root's next seat, on the other side, has a
    choice after the root's first legal move."""
    rules = Rules(players=players)
    found = []
    seed = 0
    while len(found) < count:
        state = _played_into(rules, random.Random(seed), 12)
        seed += 1
        if state.over:
            continue
        after = state.play(state.legal_moves()[0])
        if not after.over and len(after.legal_moves()) > 1:
            found.append(state)
    return found


def _reply_values(state: Round, depth: int) -> tuple[Round, list[float], list[float]]:
    """After the root's first move: each reply's judgement by the replying seat, and its
    searched value for the root."""
    move = state.legal_moves()[0]
    after = state.play(move)
    judge = Judge(View.of_round(after))
    searcher = BoardSearcher(state.rules, state.side_of(state.turn))
    scores, values = [], []
    for reply in after.legal_moves():
        scores.append(judge.assess(reply).score)
        values.append(searcher.value(Board(after.play(reply)), depth - 1, -1e9, 1e9))
    return after, scores, values


def _expected(state: Round, depth: int, styles: tuple, trust: float = 0.03) -> float | None:
    move = state.legal_moves()[0]
    board = Board(state)
    board.make(move.card.index, move.capture_mask)  # type: ignore[union-attr]
    searcher = BoardSearcher(state.rules, state.side_of(state.turn))
    return expected_reply(
        board, searcher, depth, styles, trust, lambda: turn_model(state.play(move))
    )


@pytest.mark.parametrize("rules", [Rules(), Rules(players=4), Rules.preset("scopone_scientifico")])
def test_one_turn_judges_the_reply_of_every_world_as_that_seat_would(rules: Rules) -> None:
    """Master guesses many worlds, and after its move the seat to reply holds another hand
    in each. One model of that turn, made from the first world, must judge every reply of
    every world as the expert's judgement does from the replying seat's own view of that
    world, in the order of the legal moves."""
    rng = random.Random(7)
    checked = 0
    while checked < 60:
        state = _played_into(rules, rng, 30)
        if state.over:
            continue
        view = View.of(observe(state, state.turn))
        move = state.legal_moves()[0]
        turn = turn_model(sample_world(view, rng).play(move))
        for _ in range(4):
            after = sample_world(view, rng).play(move)
            if after.over:
                break
            judge = Judge(View.of_round(after))
            judged = turn.judged(after.hands[after.turn])
            legal = after.legal_moves()
            assert [(index, capture) for index, capture, _ in judged] == [
                (reply.card.index, reply.capture_mask)
                for reply in legal  # type: ignore[union-attr]
            ]
            for (_, _, score), reply in zip(judged, legal):
                assert score == pytest.approx(judge.assess(reply).score, abs=1e-12)
            checked += 1


@pytest.mark.parametrize("players", [2, 4])
def test_a_sharp_seat_is_expected_to_play_its_judged_best_reply(players: int) -> None:
    for state in _positions(players, 12):
        _, scores, values = _reply_values(state, 2)
        best = [value for score, value in zip(scores, values) if score == max(scores)]
        assert _expected(state, 2, SHARP) == pytest.approx(sum(best) / len(best))


@pytest.mark.parametrize("players", [2, 4])
def test_a_loose_seat_s_reply_is_the_one_the_search_fears(players: int) -> None:
    for state in _positions(players, 12):
        _, scores, values = _reply_values(state, 3)
        best = [value for score, value in zip(scores, values) if score == max(scores)]
        move = state.legal_moves()[0]
        searched = BoardSearcher(state.rules, state.side_of(state.turn)).value(
            Board(state.play(move)), 3, -1e9, 1e9
        )
        assert searched == pytest.approx(min(values))
        assert _expected(state, 3, SOFT) is None  # no style trusted: the search as it is
        half = ((0.5, *SHARP[0][1:]), (0.5, *SOFT[0][1:]))
        assert _expected(state, 3, half) == pytest.approx(
            0.5 * sum(best) / len(best) + 0.5 * min(values)
        )


def test_a_soft_seat_s_expected_reply_lies_between_its_worst_and_best() -> None:
    for state in _positions(2, 12):
        _, _, values = _reply_values(state, 2)
        expected = _expected(state, 2, SOFT, trust=1.0)
        assert expected is not None
        assert min(values) - 1e-9 <= expected <= max(values) + 1e-9


def test_a_seat_of_the_root_s_own_side_is_not_modelled() -> None:
    rules = Rules(players=4)
    state = Round.deal_random(rules, random.Random(1))
    board = Board(state)
    searcher = BoardSearcher(rules, 1 - state.side_of(state.turn))  # the mover is the root's foe
    turn = lambda: turn_model(state)  # noqa: E731
    assert expected_reply(board, searcher, 2, SHARP, 0.03, turn) is not None
    searcher = BoardSearcher(rules, state.side_of(state.turn))
    assert expected_reply(board, searcher, 2, SHARP, 0.03, turn) is None


def test_master_with_modelled_replies_plays_otherwise_than_without() -> None:
    # The option changes play (measured stronger by the arena), and off it plays as the
    # plain search does.
    rules = Rules()
    differ = 0
    for seed in range(30):
        state = Round.deal_random(rules, random.Random(seed))
        view = View.of(observe(state, state.turn))
        modelled = MasterPlayer(time_limit=0).ranked(view, random.Random(seed))
        plain = MasterPlayer(time_limit=0, replies=False).ranked(view, random.Random(seed))
        differ += modelled != plain
    assert differ > 10


def test_a_seat_read_as_loose_is_searched_as_before() -> None:
    # Without the styles every seat is weighed by the usual, loose model: its replies are
    # feared as the plain search fears them, and the play is the same as without the option.
    rules = Rules()
    for seed in range(8):
        state = Round.deal_random(rules, random.Random(seed))
        view = View.of(observe(state, state.turn))
        modelled = MasterPlayer(time_limit=0, styles=False).ranked(view, random.Random(seed))
        plain = MasterPlayer(time_limit=0, styles=False, replies=False).ranked(
            view, random.Random(seed)
        )
        assert modelled == plain


def test_with_four_players_the_replies_are_searched_as_before() -> None:
    rules = Rules(players=4)
    for seed in range(2):
        state = Round.deal_random(rules, random.Random(seed))
        for _ in range(3):  # a few plays in, so the plays can be read
            state = state.play(state.legal_moves()[0])
        view = View.of(observe(state, state.turn))
        modelled = MasterPlayer(time_limit=0).ranked(view, random.Random(seed))
        plain = MasterPlayer(time_limit=0, replies=False).ranked(view, random.Random(seed))
        assert modelled == plain
