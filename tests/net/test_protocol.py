"""Client messages are read strictly; codes, tokens and addresses."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scopa.net import codes
from scopa.net.protocol import ERRORS, Limits, ProtocolError, parse_client

LIMITS = Limits()


def frame(**fields) -> str:
    return json.dumps({"v": 1, "id": 1, **fields})


def test_a_valid_play_is_read() -> None:
    message = parse_client(frame(type="play", move="7Dx3C", at=4), LIMITS)
    assert (message.type, message.id, message["move"], message["at"]) == ("play", 1, "7Dx3C", 4)


@pytest.mark.parametrize(
    "text, code",
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ("[" * 5000, "too_big"),
        ("[" * 3000 + "]" * 3000, "too_big"),
        ("[" * 2000 + "]" * 2000, "bad_json"),
        (json.dumps({"v": 2, "type": "ping", "id": 1}), "version"),
        (json.dumps({"v": True, "type": "ping", "id": 1}), "version"),
        (json.dumps({"type": "ping", "id": 1}), "version"),
        (frame(type="teleport"), "unknown_type"),
        (frame(type=["play"]), "unknown_type"),
        (json.dumps({"v": 1, "type": "ping"}), "bad_message"),
        (json.dumps({"v": 1, "type": "ping", "id": 0}), "bad_message"),
        (json.dumps({"v": 1, "type": "ping", "id": 2**60}), "bad_message"),
        (json.dumps({"v": 1, "type": "ping", "id": 1.5}), "bad_message"),
        (frame(type="ping", extra=1), "bad_message"),
        (frame(type="play", move="7D"), "bad_message"),
        (frame(type="play", move=7, at=0), "bad_message"),
        (frame(type="play", move="7D", at=True), "bad_message"),
        (frame(type="play", move="7D", at=10**30), "bad_message"),
        (frame(type="join", code="x", name=None), "bad_message"),
        (b'{"v":1,"type":"ping","id":1}', "binary"),
        ("é" * 2100, "too_big"),
    ],
)
def test_bad_frames_are_refused_with_their_code(text, code) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(text, LIMITS)
    assert caught.value.code == code
    assert caught.value.code in ERRORS and caught.value.message


def test_a_message_refused_for_its_fields_is_answered_by_its_id() -> None:
    """It was answered with ``re: null``: the sender waited for its answer until it gave up."""
    for text in (
        frame(type="play", move="7D", at=10**30),
        frame(type="rejoin", code="x", seat="0", token=1),
        frame(type="ping", extra=1),
    ):
        with pytest.raises(ProtocolError) as caught:
            parse_client(text, LIMITS)
        assert caught.value.code == "bad_message" and caught.value.re == json.loads(text)["id"]
    with pytest.raises(ProtocolError) as unread:
        parse_client(json.dumps({"v": 1, "type": "ping", "id": 0}), LIMITS)
    assert unread.value.re is None


def test_a_version_given_as_text_is_quoted() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(json.dumps({"v": "1", "type": "ping", "id": 1}), LIMITS)
    assert caught.value.message.endswith("version 1, not '1'")


def test_join_codes_are_65_random_bits_and_forgive_the_way_they_are_typed() -> None:
    made = {codes.new_code() for _ in range(2000)}
    assert len(made) == 2000
    assert all(len(code) == 13 and set(code) <= set(codes.ALPHABET) for code in made)
    assert 2 ** (5 * codes.CODE_LENGTH) >= 2**64
    code = "k3fzq8ta9mwe1"
    assert codes.normalize_code(" K3FZ-Q8TA-9MWE-L ") == code
    assert codes.normalize_code("k3fzq8ta9mwei") == code
    for bad in ("", "k3fz", "k3fzq8ta9mweu", "k3fzq8ta9mwe11", "k3fzq8ta9mwe!"):
        with pytest.raises(codes.AddressError, match="13 letters"):
            codes.normalize_code(bad)


def test_tokens_are_kept_as_hashes_and_compared_whole() -> None:
    token = codes.new_token()
    stored = codes.token_hash(token)
    assert token not in stored and len(stored) == 64
    assert codes.token_matches(token, stored)
    assert not codes.token_matches(token[:-1], stored)
    assert not codes.token_matches(token, None)
    assert len({codes.new_token() for _ in range(1000)}) == 1000


@pytest.mark.parametrize(
    "text, server, code",
    [
        ("ws://127.0.0.1:8765", "ws://127.0.0.1:8765", None),
        ("ws://127.0.0.1:8765/", "ws://127.0.0.1:8765", None),
        ("wss://example.org/K3FZ-Q8TA-9MWE-1", "wss://example.org", "k3fzq8ta9mwe1"),
        ("localhost:9000/k3fzq8ta9mwe1", "ws://localhost:9000", "k3fzq8ta9mwe1"),
        ("ws://[::1]:8765/k3fzq8ta9mwe1", "ws://[::1]:8765", "k3fzq8ta9mwe1"),
    ],
)
def test_addresses_are_read(text, server, code) -> None:
    address = codes.parse_address(text)
    assert (address.server, address.code) == (server, code)
    assert str(address) == (f"{server}/{code}" if code else server)


@pytest.mark.parametrize("text", ["http://host:1/abc", "ws://", "ws://h:99999/", "ws://h:1/nope"])
def test_bad_addresses_say_how_to_write_one(text) -> None:
    with pytest.raises(codes.AddressError):
        codes.parse_address(text)


@pytest.mark.parametrize(
    "text",
    [
        "ws://[::1",
        "[",
        "192.168.1.20]:8765/ABCDE",
        "ws://[zz]:80",
        "wss://[::1]]:8765/k3fzq8ta9mwe1",
        "ws://a\uff03b:1/k3fzq8ta9mwe1",
    ],
)
def test_an_address_that_cannot_be_split_is_an_address_error(text) -> None:
    """Unmatched brackets, a bracketed host that is no IP address, a host that changes
    under Unicode normalisation: the reader of the address says so (no ValueError of
    urllib's escapes to the game)."""
    with pytest.raises(codes.AddressError):
        codes.parse_address(text)


@given(st.text(alphabet="ws:/[]0123456789abcdefk.@%?# \uff03\u2100-", max_size=40) | st.text())
def test_any_text_is_an_address_or_an_address_error(text) -> None:
    try:
        address = codes.parse_address(text)
    except codes.AddressError:
        return
    assert codes.parse_address(str(address)) == address  # what it gives, it reads again


def test_a_name_stacking_accents_on_a_letter_is_refused() -> None:
    """A letter under 23 combining accents was taken as a name: a tower of marks drawn over
    the names around it. Two stacked accents, as some languages write, are a name."""
    from scopa.net.protocol import ProtocolError, check_name

    assert check_name("Ngu\u0323\u0302n") == "Ngu\u0323\u0302n"
    assert check_name("Niccol\u00f2") == "Niccol\u00f2"
    with pytest.raises(ProtocolError):
        check_name("a" + "\u0301" * 23)
    with pytest.raises(ProtocolError):
        check_name("Bo" + "\u0301\u0300\u0302")


@pytest.mark.parametrize("blank", ["\u3164", "\u2800\u2800", "\u115f\u1160", " \uffa0 "])
def test_a_name_that_draws_as_nothing_is_refused(blank: str) -> None:
    """A Hangul filler or a blank braille cell counts as printable: a player went by a
    name that showed as no name at all."""
    from scopa.net.protocol import ProtocolError, check_name

    with pytest.raises(ProtocolError):
        check_name(blank)
    assert check_name("\u2800Anna") == "\u2800Anna"  # something shows: a name


def test_a_name_drawn_like_another_s_is_numbered_as_a_name_spelled_alike() -> None:
    """ "\u0397ost" (a Greek capital eta) read as the host's "Host" and was taken as another
    name: a stranger could pass for the host in the lobby."""
    from scopa.net.store import SeatRecord
    from scopa.net.table import distinct_name

    seats = [SeatRecord("human", "Host"), SeatRecord("human")]
    assert distinct_name("\u0397ost", seats, 1) == "\u0397ost 2"
    assert distinct_name("\u041dost", seats, 1) == "\u041dost 2"  # a Cyrillic en
    assert distinct_name("\uff28ost", seats, 1) == "\uff28ost 2"  # a full-width H
    assert distinct_name("Hostess", seats, 1) == "Hostess"
    # a mark that draws nothing after it: each window leaves the mark out, "Host" again
    assert distinct_name("Host\u034f", seats, 1) == "Host\u034f 2"
    assert distinct_name("Ho\ufe0fst", seats, 1) == "Ho\ufe0fst 2"
