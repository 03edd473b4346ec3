"""Opponents are fair by construction: they see only their observation, and say so. In
Cirulla a declared hand is no longer hidden: it stays where it is when the hidden cards are
dealt again, and the opponents may use it."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from scopa.ai import ALL_LEVELS, hint, make_player
from scopa.engine import PRESETS, Dealt, Match, Rules, observe

from .helpers import random_positions, shuffle_unseen

RULE_SETS = {
    "classic": PRESETS["classic"],
    "classic-3p": Rules(players=3),
    "classic-4p-teams": Rules(players=4),
    "classic-4p-solo": Rules(players=4, teams=False),
    "rulebook": PRESETS["rulebook"],
    "scopone": PRESETS["scopone"],
    "scientifico": PRESETS["scopone_scientifico"],
    "scientifico-2p": Rules(deal="scientifico"),
    "assi": PRESETS["assi"],
    "quindici": PRESETS["quindici"],
    "quindici-3p": Rules(players=3, quindici=True),
    "milanese": PRESETS["milanese"],
    "regional": Rules(re_bello=True, settebello_coppe=True, napola=True, face_values="southern"),
    "six-threes": Rules(players=6),
    "six-pairs": Rules(players=6, six_sides=3),
    "six-solo": Rules(players=6, six_sides=6),
    "cirulla": PRESETS["cirulla"],
    "cirulla-3p": PRESETS["cirulla"].with_(players=3),
    "cirulla-4p": PRESETS["cirulla"].with_(players=4),
    "cirulla-at-deal": PRESETS["cirulla"].with_(declare_at_deal=True, declare_until_play=True),
    "cirulla-toggles": PRESETS["cirulla"].with_(
        equal_rank_precedence=True,
        may_trail_capturing_card=True,
        ace_on_ace_only=True,
        matta=9,
        dossena_scale=True,
        primiera_requires_all_suits=False,
    ),  # fmt: skip
}


def player(level: str, seed: int):  # noqa: ANN201
    """A player whose choices depend on nothing but seed and observation (no wall clock)."""
    if level == "master":
        return make_player(level, seed, node_budget=1500, time_limit=0)
    return make_player(level, seed)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_hidden_cards_never_change_a_choice(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"fair/{name}")
    permuted = 0
    for index, state in enumerate(random_positions(rules, 4, seed=index_seed(name))):
        state = shuffle_unseen(state, rng)
        for _ in range(20):
            other = shuffle_unseen(state, rng)
            if other.hands != state.hands or other.stock != state.stock:
                permuted += 1
                break
        seen = observe(state, state.turn)
        assert observe(other, other.turn) == seen
        for level in ALL_LEVELS:
            first = player(level, index).choose(seen)
            again = player(level, index).choose(observe(other, other.turn))
            assert first == again, (name, level)
    one_way = rules.players == 2 and rules.deal == "scientifico"  # the hidden cards: one hand
    assert permuted >= (0 if one_way else 2)


@pytest.mark.parametrize("name", ["cirulla", "cirulla-4p", "cirulla-at-deal"])
def test_a_declared_hand_is_seen_by_every_seat_and_stays_put(name: str) -> None:
    """Positions where another seat's hand is shown: the shuffle of the hidden cards leaves
    it in place, every level's choice is unchanged, and the shown cards are not unseen."""
    rules = RULE_SETS[name]
    rng = random.Random(name)
    found = 0
    for index, state in enumerate(random_positions(rules, 200, seed=index_seed(name) + 2)):
        others = [s for s in range(rules.players) if s != state.turn and state.shown[s]]
        if not others:
            continue
        found += 1
        seen = observe(state, state.turn)
        for other in others:
            assert seen.shown[other] == state.shown_hand(other)
            assert not seen.unseen_mask & state.shown[other]
        moved = shuffle_unseen(state, rng)
        assert moved.shown == state.shown
        assert observe(moved, moved.turn) == seen
        for level in ALL_LEVELS:
            assert player(level, index).choose(seen) == player(level, index).choose(
                observe(moved, moved.turn)
            ), (name, level)
        if found >= 6:
            break
    assert found >= 3


def test_partners_do_not_see_each_others_hands() -> None:
    for rules in (Rules(players=6), Rules(players=6, six_sides=3), PRESETS["cirulla"].with_(
            players=4)):  # fmt: skip
        state = random_positions(rules, 1, seed=rules.players)[0]
        seat = state.turn
        partner = next(s for s in rules.seats_of(rules.side_of(seat)) if s != seat)
        obs = observe(state, seat)
        hidden = state.hands[partner] & ~state.shown[partner]
        assert obs.unseen_mask & hidden == hidden


def index_seed(name: str) -> int:
    return sum(map(ord, name))


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_level_plays_a_legal_move_and_leaves_the_observation_alone(name: str) -> None:
    rules = RULE_SETS[name]
    for index, state in enumerate(random_positions(rules, 6, seed=index_seed(name) + 1)):
        obs = observe(state, state.turn)
        before = copy.deepcopy(obs)
        for level in ALL_LEVELS:
            move = player(level, index).choose(obs)
            assert move in obs.legal_moves, (name, level, move)
            assert state.why_illegal(move) is None
        assert obs == before


def test_a_whole_match_of_each_level_is_legal_to_the_end() -> None:
    rules = Rules(target=11)
    match = Match.new(rules, 5)
    seats = [player("beginner", 1), player("expert", 2)]
    while not match.over:
        seat = match.round.turn
        match, _ = match.apply(seats[seat].choose(match.observe(seat)), seat)
    assert match.winner in (0, 1)


def test_hint_is_the_masters_move_for_the_same_seed() -> None:
    for index, state in enumerate(random_positions(Rules(), 8, seed=3)):
        obs = observe(state, state.turn)
        tip = hint(obs, seed=index, time_limit=0)
        assert tip.move in obs.legal_moves
        assert tip.move == make_player("master", index, time_limit=0).choose(obs)
        assert tip.text("it") and tip.text("en")


def test_the_deal_never_depends_on_the_level() -> None:
    def deals(level: str) -> list[Dealt]:
        match = Match.new(Rules(), 99)
        seats = [player(level, seat) for seat in range(2)]
        out = [event for event in match.opening_events() if isinstance(event, Dealt)]
        while not match.over and len(out) < 14:
            seat = match.round.turn
            match, events = match.apply(seats[seat].choose(match.observe(seat)), seat)
            out.extend(event for event in events if isinstance(event, Dealt))
        return out

    greedy, expert = deals("greedy"), deals("expert")
    first_deals = [(d.round_no, d.hands, d.table) for d in greedy if d.deal_no == 1]
    assert first_deals == [(d.round_no, d.hands, d.table) for d in expert if d.deal_no == 1]
    assert len(first_deals) >= 2


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_players_pickle_and_choose_the_same_after(level: str) -> None:
    state = random_positions(Rules(players=4), 1, seed=8)[0]
    obs = observe(state, state.turn)
    one = player(level, 4)
    two = pickle.loads(pickle.dumps(one))
    assert two == one
    assert two.choose(obs) == one.choose(obs)
