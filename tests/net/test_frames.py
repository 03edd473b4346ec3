"""The state frames the server sends are written once for everyone who sees the same thing,
yet each is exactly the frame written for its seat alone: every seat, every spectator, every
move of whole matches under every preset, and no seat's frame carries another seat's hand."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from scopa.engine import PRESETS, Captured, Dealt, Laid, Match
from scopa.net import codec
from scopa.net.protocol import ProtocolError, dumps, server_message
from scopa.net.store import SeatRecord
from scopa.net.table import CATCHING_UP, Table, new_record, new_table


def table_of(preset: str, seed: int) -> Table:
    rules = PRESETS[preset]
    seats = tuple(SeatRecord("human", f"P{n}", token_hash="x") for n in range(rules.players))
    return Table(new_record("k3fzq8ta9mwe1", rules, seats, "here", seed=seed))


def written_alone(table: Table, seat: int | None, events: list[Any], reason: str) -> str:
    """The frame as written for one seat, field by field, nothing shared."""
    match = table.match
    view = codec.spectator_view(match.observe(0)) if seat is None else match.observe(seat)
    view = dataclasses.replace(view, table=table.order)
    data = server_message(
        "state",
        code=table.code,
        at=table.at,
        status=table.status,
        reason=reason,
        events=[codec.encode_event(codec.redact(event, seat)) for event in events],
        observation=codec.encode(view),
        result=table.result(),
    )
    if reason in CATCHING_UP:
        data["rounds"] = codec.encode(match.rounds)
    return dumps(data)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_frame_is_the_one_written_for_its_seat_alone(preset: str) -> None:
    table = table_of(preset, 31)
    rng = random.Random(31)
    seats = [*range(table.rules.players), None]
    events: list[Any] = table.opening_events()
    reason = "start"
    checked = 0
    while True:
        frames = table.state_frames(events, reason)
        caught_up = table.state_frames([], "sync")
        for seat in seats:
            assert frames.text(seat) == written_alone(table, seat, events, reason)
            assert caught_up.text(seat) == written_alone(table, seat, [], "sync")
            checked += 1
        if table.match.over:
            break
        events = table.apply(rng.choice(table.match.legal_moves()))
        reason = "move"
    assert checked > 50 * len(seats)


def test_an_answer_carries_its_message_number_last() -> None:
    table = table_of("classic", 4)
    text = table.state_frames([], "sync").text(1, re=17)
    expected = json.loads(written_alone(table, 1, [], "sync"))
    expected["re"] = 17
    assert text == dumps(expected)


def test_the_public_part_is_written_again_after_each_move() -> None:
    table = table_of("classic", 9)
    rng = random.Random(9)
    before = table.state_frames([], "sync").text(None)
    kept = table.public_text()
    assert table.public_text() is kept  # the same position: written once
    events = table.apply(rng.choice(table.match.legal_moves()))
    assert table.public_text() is not kept
    after = table.state_frames(events, "move").text(None)
    assert after != before
    assert after == written_alone(table, None, events, "move")
    assert json.loads(after)["observation"]["table"] != json.loads(before)["observation"]["table"]


def test_frames_made_before_a_move_still_show_the_position_they_were_made_for() -> None:
    table = table_of("classic", 12)
    frames = table.state_frames([], "sync")
    expected = [written_alone(table, seat, [], "sync") for seat in (0, 1, None)]
    table.apply(random.Random(12).choice(table.match.legal_moves()))
    assert [frames.text(seat) for seat in (0, 1, None)] == expected


@pytest.mark.parametrize("preset", ["classic", "scopone", "cirulla"])
def test_no_seat_is_sent_another_seats_hand(preset: str) -> None:
    table = table_of(preset, 5)
    match: Match = table.match
    dealt = next(event for event in table.opening_events() if isinstance(event, Dealt))
    frames = table.state_frames(table.opening_events(), "start")
    for seat in range(table.rules.players):
        frame = json.loads(frames.text(seat))
        observation = frame["observation"]
        assert observation["seat"] == seat
        assert observation["hand"] == [str(card) for card in match.observe(seat).hand]
        sent = next(event for event in frame["events"] if event["type"] == "Dealt")
        for other, hand in enumerate(sent["hands"]):
            own = [str(card) for card in dealt.hands[other]]
            assert hand == (own if other == seat else [])
    spectator = json.loads(frames.text(None))
    assert spectator["observation"]["hand"] == [] and spectator["observation"]["seat"] == -1
    sent = next(event for event in spectator["events"] if event["type"] == "Dealt")
    assert all(hand == [] for hand in sent["hands"])


def test_only_the_seat_fields_differ_between_seats() -> None:
    """What ``ObservationText`` writes once must be the same for every seat."""
    for preset in sorted(PRESETS):
        match = Match.new(PRESETS[preset], random.Random(2))
        rng = random.Random(2)
        for _ in range(30):
            public = codec.spectator_view(match.observe(0))
            for seat in range(match.rules.players):
                assert codec.spectator_view(match.observe(seat)) == public
            if match.over:
                break
            match, _ = match.apply(rng.choice(match.legal_moves()))
    mine = match.observe(match.turn)
    emptied = {
        name
        for name in codec.SEAT_FIELDS
        if getattr(codec.spectator_view(mine), name) != getattr(mine, name)
    }
    assert emptied == set(codec.SEAT_FIELDS)  # a spectator gets none of them


def test_a_position_written_from_another_is_written_as_if_alone() -> None:
    """``ObservationText`` takes from an earlier position only what is still equal (or a list
    that only grew): from any position at all, the text is the position's own."""
    rng = random.Random(8)
    for preset in sorted(PRESETS):
        match = Match.new(PRESETS[preset], random.Random(8))
        views = []
        while not match.over and len(views) < 80:
            views.append(match.observe(match.turn))
            match, _ = match.apply(rng.choice(match.legal_moves()))
        for _ in range(40):
            earlier, later = rng.choice(views), rng.choice(views)
            written = codec.ObservationText(later, codec.ObservationText(earlier))
            assert written.text(later) == dumps(codec.encode(later))
            assert written.text(None) == dumps(codec.encode(codec.spectator_view(later)))


def test_a_table_message_is_written_with_its_rules_in_place() -> None:
    from scopa.net.store import Presence

    table = table_of("cirulla", 3)
    table.seats[1] = SeatRecord("human", "Bea", token_hash="y", autoplay=True)
    presence = {0: Presence(True, 10.0), 1: Presence(False, 12.0)}
    for re in (None, 41):
        text = table.table_text(presence, 2, 20.0, re)
        data = json.loads(text)
        assert text == dumps(data)  # compact, as every frame
        keys = ["v", "type", "code", "rules", "status", "at", "seats", "spectators", "result"]
        keys += ["reading", "reading_left", "next"]
        assert list(data) == keys + (["re"] if re is not None else [])
        assert data["rules"] == table.rules.to_dict() and data.get("re") == re
        assert data["seats"][1] == {
            "seat": 1, "kind": "human", "name": "Bea", "level": "expert", "taken": True,
            "connected": False, "away": 8.0, "autoplay": True, "rematch": False,
            "declined": False, "starts": False,
        }  # fmt: skip
        assert data["spectators"] == 2 and data["status"] == "playing" and data["next"] is None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_new_table_holds_the_match_its_record_replays_to(preset: str) -> None:
    """A table just opened keeps the match it made; read back from the store it is the same
    (its record, every seat's view and frame, the computer's seed)."""
    rules = PRESETS[preset]
    seats = tuple(SeatRecord("human", f"P{n}", token_hash="x") for n in range(rules.players))
    record, made = new_table("k3fzq8ta9mwe1", rules, seats, "here", seed=17)
    read = Table(record)
    assert made.match.record().text() == read.match.record().text() == record.header
    assert made.computer_seed() == read.computer_seed() and made.at == read.at == 0
    for seat in [*range(rules.players), None]:
        events = made.opening_events()
        assert made.state_frames(events, "start").text(seat) == written_alone(
            read, seat, read.opening_events(), "start"
        )
    with pytest.raises(ValueError, match="replayed"):
        Table(dataclasses.replace(record, moves=("7D",)), made.match)


def test_equal_rules_are_read_as_one_rules_object() -> None:
    """Every table opened with the same rules shares what is worked out from them."""
    from scopa.net.table import read_rules

    data = PRESETS["cirulla"].to_dict()
    first, second = read_rules(data), read_rules(json.loads(json.dumps(data)))
    assert first is second and first == PRESETS["cirulla"]
    assert read_rules(PRESETS["classic"].to_dict()) is not first
    with pytest.raises(ProtocolError, match="cannot be played"):
        read_rules({**data, "players": [2]})


def test_a_finished_match_s_result_reads_back_and_a_bad_one_is_not_taken() -> None:
    """The result a server writes at a match's end (winner, totals, cappotto, the opening
    table's cause) is read back whole; a result a screen could not read is refused with
    its frame, rather than reaching the score sheet."""
    from scopa.net.client import decode_state

    table = table_of("classic", 3)
    while table.match.winner is None:
        table.match, _ = table.match.apply(table.match.legal_moves()[0])
    frame = json.loads(written_alone(table, 0, [], "move"))
    result = decode_state(frame).result
    assert result is not None and result["winner"] == table.match.winner
    assert result["totals"] == list(table.match.totals) and result["at_deal"] is None
    bad_results = (
        {"winner": "1", "totals": [1, 2]},
        {"winner": 0, "totals": ["x"]},
        {"winner": 0, "totals": [1, 2], "at_deal": 7},
        [0],
        {"totals": [1]},
        {"winner": True, "totals": [1, 2]},
        {"winner": 0, "totals": [1, 2], "cappotto": "y"},
    )
    for bad in bad_results:
        with pytest.raises(codec.CodecError):
            decode_state({**frame, "result": bad})


def test_a_window_catching_up_is_sent_the_rounds_scored_and_the_table_as_laid() -> None:
    """A window that joins a match under way (or asks again) is sent every round's scores,
    which the others had one by one; every window is sent the table in the order its cards
    came to it (the order the others lay them in), not the engine's order of the deck."""
    from scopa.net.client import decode_state

    table = table_of("classic", 21)
    dealt = next(event for event in table.opening_events() if isinstance(event, Dealt))

    def sent(reason: str) -> Any:
        return decode_state(json.loads(table.state_frames([], reason).text(1)))

    assert sent("join").observation.table == dealt.table != table.match.observe(1).table
    expected = list(dealt.table)
    rng = random.Random(21)
    while not table.match.rounds:
        events = table.apply(rng.choice(table.match.legal_moves()))
        for event in events:
            if isinstance(event, Laid):
                expected.append(event.card)
            elif isinstance(event, Captured):
                expected = [card for card in expected if card not in event.cards]
            elif isinstance(event, Dealt) and event.deal_no == 1:
                expected = list(event.table)
        assert list(sent("move").observation.table) == expected
    assert sent("move").rounds is None
    assert sent("join").rounds == sent("sync").rounds == table.match.rounds
