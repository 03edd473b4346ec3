"""Ten thousand bad messages, each answered with a clear error to its sender; afterwards
the table plays on to the end and the server still takes new players."""

from __future__ import annotations

import asyncio
import json
import random
import string
from collections import Counter
from collections.abc import Callable
from typing import Any

from scopa.engine import Rules
from scopa.net.bot import play_seat
from scopa.net.client import Client, SeatTicket
from scopa.net.protocol import ERRORS, Limits
from scopa.net.store import open_store
from tests.net.helpers import Raw, run_scenario, serving

MESSAGES = 10_000
BATCH = 200
UNLIMITED = Limits(rate=1e9, burst=10**9, flood_strikes=10**9, bad_messages=10**9)
"""Rate and abuse limits out of the way: what is tested here is each message's answer."""

Frame = str | bytes
"""A frame to send; the fuzzer expects one error for each."""


class Fuzzer:
    """Bad frames of every kind, made from a seed, with the message numbers kept growing."""

    def __init__(self, seed: int, code: str, seat: int | None) -> None:
        """``seat``: the fuzzing connection's seat at table ``code`` (None: it sits nowhere,
        and asking to watch that table would be granted, so it never asks)."""
        self.rng = random.Random(seed)
        self.code = code
        self.seat = seat
        self.number = 1000
        self.kept: list[int] = []
        self.kinds: list[Callable[[], Frame]] = [
            self.binary, self.not_json, self.not_an_object, self.wrong_version,
            self.unknown_type, self.bad_id, self.unknown_field, self.wrong_types,
            self.bad_move, self.stale_play, self.wrong_token, self.no_such_table,
            self.bad_rules, self.bad_seats, self.no_such_seat_handed_over, self.replayed,
            self.too_big, self.deep, self.bad_level,
        ]  # fmt: skip
        if seat is not None:
            self.kinds.append(self.already_seated)

    def next_id(self) -> int:
        self.number += 1
        return self.number

    def message(self, kind: str, *, readable: bool = True, **fields: Any) -> str:
        """A message; ``readable``: well formed, so the server keeps its number (only the
        content is refused), and sending that number again is a replay."""
        number = self.next_id()
        if readable:
            self.kept.append(number)
        return json.dumps({"v": 1, "type": kind, "id": number, **fields})

    def junk(self) -> Any:
        return self.rng.choice([None, True, 3.5, -7, 2**70, "", "x" * 30, [], {}, [1, [2]],
                                {"a": {"b": 1}}, "é€😀", "\u0000"])  # fmt: skip

    def make(self) -> Frame:
        return self.rng.choice(self.kinds)()

    # --- the kinds ---------------------------------------------------------------------

    def binary(self) -> Frame:
        return bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(1, 64)))

    def not_json(self) -> Frame:
        alphabet = string.printable + 'é€{}[]\\"'
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randrange(1, 80))) + "{"

    def not_an_object(self) -> Frame:
        return json.dumps(self.rng.choice([[1, 2], 5, "play", None, True, [{"v": 1}]]))

    def wrong_version(self) -> Frame:
        data = {"type": "ping", "id": self.next_id()}
        version = self.rng.choice([0, 2, 99, "1", None, 1.0001, [1], True])
        if self.rng.random() < 0.8:
            data["v"] = version
        return json.dumps(data)

    def unknown_type(self) -> Frame:
        name = "".join(self.rng.choice(string.ascii_letters) for _ in range(8))
        return json.dumps({"v": 1, "type": self.rng.choice([name, 7, None, ["ping"]]),
                           "id": self.next_id()})  # fmt: skip

    def bad_id(self) -> Frame:
        data: dict[str, Any] = {"v": 1, "type": "ping"}
        choice = self.rng.choice(["missing", 0, -5, "12", 1.5, 2**60, None, True])
        if choice != "missing":
            data["id"] = choice
        return json.dumps(data)

    def unknown_field(self) -> Frame:
        kind = self.rng.choice(["ping", "sync", "leave", "play"])
        fields = {"move": "7D", "at": 0} if kind == "play" else {}
        extra = {"x" + str(self.rng.randrange(99)): self.junk()}
        return self.message(kind, readable=False, **fields, **extra)

    def wrong_types(self) -> Frame:
        kind, fields = self.rng.choice([
            ("play", {"move": "7D", "at": 0}),
            ("join", {"code": self.code, "name": "Eve"}),
            ("rejoin", {"code": self.code, "seat": 0, "token": "t"}),
            ("watch", {"code": self.code}),
            ("hand_over", {"seat": 0}),
            ("create", {"rules": {}, "seats": [], "name": "Eve"}),
        ])  # fmt: skip
        key = self.rng.choice(sorted(fields))
        value = self.junk()
        while isinstance(value, type(fields[key])) and not isinstance(value, bool):
            value = self.junk()
        if self.rng.random() < 0.3:
            fields.pop(key)
        else:
            fields[key] = value
        return self.message(kind, readable=False, **fields)

    def bad_move(self) -> Frame:
        text = self.rng.choice(["", "  ", "11D", "7Z", "7Dx", "7Dx7D", "7Dx3C+3C", "settebello",
                                "7D x 9B+8C+1S+2S+3S", "0B", "x", "+", "7D+3C"])  # fmt: skip
        return self.message("play", move=text, at=self.rng.choice([0, 0, 1, 40]))

    def stale_play(self) -> Frame:
        return self.message("play", move="7D", at=self.rng.choice([-1, 3, 77, 2**40]))

    def wrong_token(self) -> Frame:
        token = "".join(self.rng.choice(string.ascii_letters) for _ in range(22))
        return self.message("rejoin", code=self.code, seat=self.rng.randrange(-2, 5), token=token)

    def no_such_table(self) -> Frame:
        code = self.rng.choice(["", "abc", "0000000000000", "uuuuuuuuuuuuu", "é" * 13])
        return self.message("watch", code=code)

    def bad_rules(self) -> Frame:
        rules = self.rng.choice([{"players": 9}, {"deal": "poker"}, {"target": 12},
                                 {"teams": "yes"}, {"unknown": 1}, {"players": 3,
                                 "deal": "scientifico"}])  # fmt: skip
        return self.message("create", rules=rules, seats=[{"kind": "human"}] * 2, name="Eve")

    def bad_seats(self) -> Frame:
        seats = self.rng.choice([[], [{"kind": "human"}], [{"kind": "robot"}] * 2,
                                 [{"kind": "computer"}, {"kind": "computer"}],
                                 [{"kind": "human", "level": "god"}, {"kind": "human"}],
                                 [{"kind": "human", "extra": 1}, {"kind": "human"}],
                                 [5, 6]])  # fmt: skip
        return self.message("create", rules={}, seats=seats, name="Eve")

    def no_such_seat_handed_over(self) -> Frame:
        # (one's own seat may be handed over: a player leaving lets the computer play it)
        return self.message("hand_over", seat=self.rng.choice([-1, 9, 2**40]))

    def replayed(self) -> Frame:
        if not self.kept:
            return self.stale_play()
        return json.dumps({"v": 1, "type": "ping", "id": self.rng.choice(self.kept[-5:])})

    def too_big(self) -> Frame:
        pad = "x" * self.rng.randrange(4100, 9000)
        return self.message("ping", readable=False)[:-1] + ', "pad": "' + pad + '"}'

    def deep(self) -> Frame:
        depth = self.rng.randrange(900, 1900)
        return "[" * depth + "]" * depth

    def already_seated(self) -> Frame:
        if self.rng.random() < 0.5:
            return self.message("join", code=self.code, name="Eve")
        return self.message("watch", code=self.code)

    def bad_level(self) -> Frame:
        other = 1 - (self.seat or 0)
        return self.message("hand_over", seat=other, level=self.rng.choice(["god", ""]))


def test_ten_thousand_bad_messages_each_get_an_error_and_harm_nothing(tmp_path) -> None:
    async def scenario() -> None:
        async with serving(open_store(str(tmp_path / "t.db")), UNLIMITED) as server:
            host = Client(server.address)
            await host.connect()
            ticket = await host.create(Rules(), [{"kind": "human"}, {"kind": "human"}], "Ann")
            seated_raw, outsider = await Raw.open(server.address), await Raw.open(server.address)
            seated = await seated_raw.ask("join", code=ticket.code, name="Eve")
            assert seated["type"] == "seated"
            start = (await seated_raw.until("state"))["at"]
            fuzzers = [Fuzzer(7, ticket.code, seated["seat"]), Fuzzer(8, ticket.code, None)]
            fuzzers[0].number = seated_raw.number
            codes: Counter[str] = Counter()
            sent = 0
            while sent < MESSAGES:
                turn = (sent // BATCH) % 2
                raw, fuzz = (seated_raw, outsider)[turn], fuzzers[turn]
                batch = [fuzz.make() for _ in range(min(BATCH, MESSAGES - sent))]
                for frame in batch:
                    await raw.ws.send(frame)
                for _ in batch:
                    answer = await raw.until("error")
                    assert answer["code"] in ERRORS and answer["message"], answer
                    assert not answer["fatal"], answer
                    codes[answer["code"]] += 1
                sent += len(batch)
            assert sum(codes.values()) == MESSAGES
            assert {"binary", "bad_json", "version", "unknown_type", "bad_message", "replayed",
                    "too_big", "bad_token", "no_table", "bad_rules", "stale", "not_seated",
                    "already_seated"} <= set(codes), codes  # fmt: skip
            fuzzer_raw = seated_raw
            fuzzer_raw.number = fuzzers[0].number  # its next message is a new one
            await outsider.close()
            # The table is as it was: nobody moved, both seats are still theirs.
            sync = await fuzzer_raw.ask("sync")
            assert sync["at"] == start and sync["status"] == "playing"
            await fuzzer_raw.close()
            player = Client(server.address)
            await player.connect()
            await player.rejoin(SeatTicket(ticket.server, ticket.code, seated["seat"],
                                           seated["token"]))  # fmt: skip
            results = await asyncio.gather(play_seat(host, "greedy"), play_seat(player, "greedy"))
            assert results[0].update.status == "over"
            assert results[0].update.result == results[1].update.result
            late = await Raw.open(server.address)  # and the server still answers
            assert (await late.ask("ping"))["type"] == "pong"
            for client in (host, player):
                await client.close()
            await late.close()

    run_scenario(scenario())
