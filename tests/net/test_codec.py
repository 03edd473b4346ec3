"""Engine values through JSON: every event and observation of whole matches comes back
equal, hidden hands are emptied for everyone else, and bad data is refused whole."""

from __future__ import annotations

import json
import random

import pytest

from scopa.engine import PRESETS, Dealt, Match, Observation, RulesError
from scopa.net import codec


def random_match_events(preset: str, seed: int):
    match = Match.new(PRESETS[preset], random.Random(seed))
    events = list(match.opening_events())
    observations = [match.observe(seat) for seat in range(match.rules.players)]
    rng = random.Random(seed)
    while not match.over:
        match, new = match.apply(rng.choice(match.legal_moves()))
        events.extend(new)
        observations.append(match.observe(match.turn))
    return events, observations


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_event_and_observation_round_trips(preset: str) -> None:
    events, observations = random_match_events(preset, 11)
    kinds = set()
    for event in events:
        data = json.loads(json.dumps(codec.encode_event(event)))
        assert codec.decode_event(data) == event
        kinds.add(type(event).__name__)
    for observation in observations:
        data = json.loads(json.dumps(codec.encode(observation)))
        assert codec.decode_observation(data) == observation
    assert {"Dealt", "Played", "RoundScored", "MatchWon"} <= kinds


def test_every_event_type_of_the_engine_is_known() -> None:
    from scopa.engine import events as module

    declared = {
        name
        for name, value in vars(module).items()
        if isinstance(value, type) and value.__module__ == module.__name__
    }
    assert declared == set(codec.event_types())


def test_a_dealt_event_shows_each_seat_only_its_own_hand() -> None:
    match = Match.new(PRESETS["scopone"], random.Random(3))
    dealt = next(e for e in match.opening_events() if isinstance(e, Dealt))
    for seat in range(4):
        seen = codec.redact(dealt, seat)
        assert seen.hands[seat] == dealt.hands[seat] and len(seen.hands[seat]) == 9
        assert all(hand == () for other, hand in enumerate(seen.hands) if other != seat)
        assert seen.table == dealt.table
    assert all(hand == () for hand in codec.redact(dealt, None).hands)


def test_a_spectator_view_has_no_hand_and_no_moves() -> None:
    match = Match.new(PRESETS["classic"], random.Random(5))
    view = codec.spectator_view(match.observe(match.turn))
    assert view.seat == -1 and view.hand == () and view.legal_moves == ()
    assert view.table == match.observe(0).table


@pytest.mark.parametrize(
    "change, words",
    [
        ({"seat": True}, "whole number"),
        ({"hand": ["11D"]}, "rank"),
        ({"hand": "7D"}, "list"),
        ({"surprise": 1}, "unknown field"),
        ({"rules": {"players": 9}}, "players"),
        ({"history": [[0, "7Dx7D"]]}, "itself"),
    ],
)
def test_bad_observations_are_refused_with_the_place_named(change, words) -> None:
    match = Match.new(PRESETS["classic"], random.Random(5))
    data = {**codec.encode(match.observe(0)), **change}
    with pytest.raises(codec.CodecError, match=words):
        codec.decode_observation(data)


def test_missing_fields_and_unknown_events_are_refused() -> None:
    match = Match.new(PRESETS["classic"], random.Random(5))
    data = codec.encode(match.observe(0))
    del data["table"]
    with pytest.raises(codec.CodecError, match="'table'"):
        codec.decode_observation(data)
    with pytest.raises(codec.CodecError, match="unknown event"):
        codec.decode_event({"type": "Teleported", "seat": 0})
    with pytest.raises(codec.CodecError):
        codec.decode_event(["Played"])


def test_observations_decode_to_what_the_computer_players_accept() -> None:
    from scopa.ai import make_player

    match = Match.new(PRESETS["classic"], random.Random(9))
    data = json.loads(json.dumps(codec.encode(match.observe(match.turn))))
    observation = codec.decode_observation(data)
    assert isinstance(observation, Observation)
    assert make_player("expert", 1).choose(observation) in match.legal_moves()


@pytest.mark.parametrize(
    ("typed", "loose"),
    [({"fewest_cards": False}, {"fewest_cards": 0}), ({"target": 11}, {"target": 11.0})],
)
def test_rules_refused_stay_refused_after_equal_ones_were_read(typed, loose) -> None:
    """``0`` was refused for a yes-or-no rule until someone sent ``false``: the rules read
    were kept by a key to which ``0`` and ``False`` are the same."""
    codec.rules_from(typed)
    with pytest.raises(RulesError):
        codec.rules_from(loose)
