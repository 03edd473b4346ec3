"""The no-leak check itself: it passes the frames the server builds and fails frames that
show another seat's hand, so a passing match proves something."""

from __future__ import annotations

import json
import random

import pytest

from scopa.engine import PRESETS
from scopa.net import codec
from scopa.net.store import SeatRecord
from scopa.net.table import Table, new_record
from tests.net.helpers import check_frames


def played_table(preset: str, seed: int) -> tuple[Table, list, list[list]]:
    """A whole match on a server table: (table, moves, events of each move)."""
    rules = PRESETS[preset]
    seats = tuple(SeatRecord("human", f"P{n}", token_hash="x") for n in range(rules.players))
    table = Table(new_record("k3fzq8ta9mwe1", rules, seats, "here", seed=seed))
    rng = random.Random(seed)
    moves, events = [], [table.opening_events()]
    while not table.match.over:
        move = rng.choice(table.match.legal_moves())
        events.append(table.apply(move))
        moves.append(move)
    return table, moves, events


def frames_for(seat, start_table, moves, events, leak=None):
    """The state frames the server sends ``seat`` over a match (``leak`` spoils one)."""
    table = Table(start_table)
    frames = [json.loads(table.state_frames(events[0], "start").text(seat))]
    for move, happened in zip(moves, events[1:]):
        table.apply(move)
        frames.append(json.loads(table.state_frames(happened, "move").text(seat)))
    if leak is not None:
        leak(table, frames)
    return frames


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_servers_frames_pass_for_every_seat_and_a_spectator(preset) -> None:
    table, moves, events = played_table(preset, 21)
    record = new_record("k3fzq8ta9mwe1", table.rules, tuple(table.seats), "here", seed=21)
    start = Table(record).match
    for seat in [*range(table.rules.players), None]:
        frames = frames_for(seat, record, moves, events)
        assert check_frames(moves, start, frames, seat) == len(moves) + 1


def test_a_dealt_event_not_redacted_is_caught() -> None:
    table, moves, events = played_table("classic", 5)
    record = new_record("k3fzq8ta9mwe1", table.rules, tuple(table.seats), "here", seed=5)
    frames = frames_for(0, record, moves, events)
    frames[0]["events"] = [codec.encode_event(event) for event in events[0]]  # every hand
    with pytest.raises(AssertionError, match="seat 0 sees"):
        check_frames(moves, Table(record).match, frames, 0)


def test_another_seats_observation_is_caught() -> None:
    table, moves, events = played_table("scopone", 6)
    record = new_record("k3fzq8ta9mwe1", table.rules, tuple(table.seats), "here", seed=6)
    frames = frames_for(2, record, moves, events)
    start = Table(record).match
    frames[0]["observation"] = codec.encode(start.observe(3))
    with pytest.raises(AssertionError, match="seat 2 sees"):
        check_frames(moves, start, frames, 2)


def test_a_deal_in_the_middle_of_a_match_is_checked_against_the_new_hands() -> None:
    table, moves, events = played_table("classic", 8)
    record = new_record("k3fzq8ta9mwe1", table.rules, tuple(table.seats), "here", seed=8)
    frames = frames_for(1, record, moves, events)
    later = next(n for n, happened in enumerate(events) if n > 0 and any(
        type(e).__name__ == "Dealt" for e in happened))  # fmt: skip
    frames[later]["events"] = [codec.encode_event(event) for event in events[later]]
    with pytest.raises(AssertionError, match="seat 1 sees"):
        check_frames(moves, Table(record).match, frames, 1)
