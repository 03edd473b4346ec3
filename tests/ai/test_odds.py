"""Playing for the match: the odds of winning from a score, and a Master that uses them."""

from __future__ import annotations

import random

import pytest

from scopa.ai.master import MasterPlayer
from scopa.ai.odds import MatchOdds, Stakes, match_odds
from scopa.ai.search import BoardSearcher
from scopa.engine import PRESETS, Board, Round, Rules, observe

CLASSIC = PRESETS["classic"]


@pytest.mark.parametrize(
    "rules", [CLASSIC, Rules(players=4), PRESETS["scopone_scientifico"], CLASSIC.with_(target=21)]
)
def test_the_odds_are_fair_and_grow_with_the_score(rules: Rules) -> None:
    odds = MatchOdds(rules)
    below = range(rules.target)
    assert odds.at(0, 0) == pytest.approx(0.5)
    for mine in below:
        for theirs in below:
            chance = odds.chance[mine][theirs]
            assert 0.0 <= chance <= 1.0
            assert chance + odds.chance[theirs][mine] == pytest.approx(1.0)
            if mine + 1 < rules.target:
                assert odds.chance[mine + 1][theirs] >= chance - 1e-12
            # The chance now is the chance after the next round, on average.
            after = sum(
                share * odds.at(mine + a, theirs + b) for (a, b), share in odds.rounds.items()
            )
            assert after == pytest.approx(chance)


def test_a_round_that_cannot_end_the_match_is_played_for_its_margin() -> None:
    assert Stakes.of(CLASSIC, (0, 0)) is None
    assert Stakes.of(Rules(players=3), (10, 9, 9)) is None  # three sides: the margin
    assert Stakes.of(PRESETS["cirulla"], (50, 49)) is None
    near = Stakes.of(CLASSIC, (10, 9))
    assert near is not None
    # One point against none wins at once; two against three draws level past the target.
    assert near.worth(1, 0) > near.worth(4, 2) - 1e-9 > near.worth(2, 3)
    assert near.worth(1, 0) == pytest.approx(near.worth(6, 0))
    # At 10 to 6, one point against four wins (11 to 10) while none against one goes on.
    behind = Stakes.of(CLASSIC, (10, 6))
    assert behind is not None
    assert behind.worth(1, 4) > behind.worth(0, 1) + 0.5


def _match_chance(state: Round, odds: MatchOdds, totals: tuple[int, int], side: int) -> float:
    """The chance ``side`` wins the match, both sides playing the rest of the round (all
    cards known) to win the match."""
    if state.over:
        points = [score.total for score in state.score()]
        chance = odds.at(totals[0] + points[0], totals[1] + points[1])
        return chance if side == 0 else 1.0 - chance
    found = [_match_chance(state.play(move), odds, totals, side) for move in state.legal_moves()]
    return max(found) if state.side_of(state.turn) == side else min(found)


def _last_deals(count: int, seed: str):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    while count:
        state = Round.deal_random(CLASSIC, rng)
        while state.stock or state.in_hands > 6:
            state = state.play(rng.choice(state.legal_moves()))
        if len(state.legal_moves()) > 1:
            count -= 1
            yield state


def test_in_the_last_deal_the_master_plays_the_best_move_for_the_match() -> None:
    """In the last deal every card is known, so the best move for the match can be worked
    out exactly: the master plays one, from either seat."""
    odds = match_odds(CLASSIC)
    for number, state in enumerate(_last_deals(30, "match")):
        totals = (10 - number % 3, 9 + number % 2)
        side = state.side_of(state.turn)
        obs = observe(state, state.turn, totals)
        chances = {
            move: _match_chance(state.play(move), odds, totals, side) for move in obs.legal_moves
        }
        chosen = MasterPlayer(number, time_limit=0, match=True).choose(obs)
        # Within a few hundredths, the expert's judgement blended in may settle the choice.
        assert chances[chosen] >= max(chances.values()) - 0.03, (str(state), totals, chances)


def test_the_search_scores_a_finished_round_by_the_match_it_leads_to() -> None:
    stakes = Stakes.of(CLASSIC, (10, 6))
    assert stakes is not None
    rng = random.Random("finished")
    for _ in range(20):
        board = Board.deal_random(CLASSIC, rng)
        while not board.over:
            moves = board.moves(False)
            board.make(*moves[rng.randrange(len(moves))])
        first, second = board.totals()
        for side, sign in ((0, 1.0), (1, -1.0)):
            found = BoardSearcher(CLASSIC, side, stakes).value(board, 3, -1e9, 1e9)
            assert found == pytest.approx(sign * stakes.worth(first, second))
            plain = BoardSearcher(CLASSIC, side).value(board, 3, -1e9, 1e9)
            assert plain == pytest.approx(sign * (first - second))
