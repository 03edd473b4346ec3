"""The headless player: joins a table (or opens one) and plays a seat to the end.

Its decisions are the computer players' (``scopa.ai``), made in a thread so the connection
keeps answering pings during a long search. The last line it prints is the result.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scopa.ai import make_player
from scopa.engine import Rules

from .client import Client, Disconnected, SeatTicket, ServerError, Update
from .codes import grouped, parse_address

EXIT_OK = 0
EXIT_FAILED = 1
READ_POLL = 0.2
"""Seconds between looks at whether the score sheet is still read (the table frame says)."""


@dataclass(frozen=True)
class Outcome:
    seat: int
    update: Update

    @property
    def won(self) -> bool:
        result = self.update.result or {}
        return self.seat in result.get("seats", [])

    def line(self) -> str:
        """``result: won 11-7 (seat 1, side 1); winner side 1, seats 1 3`` (seats from 1),
        the seat's own side's points first, as a result is told ("lost 9-12", not "won
        9-12" for side 2's win), the others' in the order of the sides."""
        result = self.update.result or {}
        rules = self.update.observation.rules
        side = rules.side_of(self.seat)
        points = list(result.get("totals", []))
        if 0 <= side < len(points):
            points.insert(0, points.pop(side))
        totals = "-".join(str(total) for total in points)
        winners = " ".join(str(seat + 1) for seat in result.get("seats", []))
        verdict = "won" if self.won else "lost"
        extra = ", cappotto" if result.get("cappotto") else ""
        return (
            f"result: {verdict} {totals} (seat {self.seat + 1}, side {side + 1}); "
            f"winner side {int(result.get('winner', -1)) + 1}, seats {winners}{extra}"
        )


async def play_seat(
    client: Client,
    level: str,
    *,
    seed: int = 0,
    think: float = 0.0,
    on_update: Callable[[Update], None] | None = None,
) -> Outcome:
    """Play the client's seat until the match is over, waiting ``think`` seconds before
    each play as a person would."""
    ticket = client.ticket
    if ticket is None:
        raise ValueError("sit at a table first")
    player = make_player(level, seed)
    played_at = -1
    known = client.last  # the position already received, if it was read before
    while True:
        update = known if known is not None else await client.next_update()
        known = None
        if on_update is not None:
            on_update(update)
        if update.status == "over":
            # it plays one match: the others are told there is no rematch with it, rather
            # than wait for it to come back and ask
            with contextlib.suppress(ServerError, Disconnected, TimeoutError):
                await client.no_rematch()
            return Outcome(ticket.seat, update)
        newest = client.last
        if not update.my_turn or update.at == played_at or (newest and newest.at != update.at):
            continue
        await _until_read(client)  # a round begins once everyone has read its sheet
        if think > 0:
            await asyncio.sleep(think)
        newest = client.last
        if newest is not None and newest.at != update.at:
            continue
        move = await asyncio.to_thread(player.choose, update.observation)
        played_at = update.at
        try:
            await client.play(move, update.at)
        except ServerError as error:
            if error.fatal:
                raise
            if error.code == "reading":  # a sheet still read: the same turn, once it is
                played_at, known = -1, update
                await _until_read(client, at_least=READ_POLL)
            elif error.code not in ("stale", "not_your_turn"):
                raise
        except (Disconnected, TimeoutError):
            continue  # the client is coming back; the next state says where the match is


async def _until_read(client: Client, at_least: float = 0.0) -> None:
    """Wait while someone at the table still reads the last round's score sheet."""
    await asyncio.sleep(at_least)
    while (client.table or {}).get("reading"):
        await asyncio.sleep(READ_POLL)


async def run_bot(
    address: str,
    *,
    level: str = "expert",
    name: str = "Bot",
    new: int | None = None,
    rules: Rules | None = None,
    computers: int = 0,
    seat: int | None = None,
    out: Callable[[str], None] = print,
    seed: int = 0,
    think: float = 0.0,
    ticket_file: Path | None = None,
    frames_file: Path | None = None,
) -> int:
    """``scopa bot``: join ``address`` (ws://H:P/CODE), or open a table of ``new`` seats
    on ``address`` (ws://H:P) and print its join address; play to the end.

    ``ticket_file`` keeps the seat's ticket: a bot started again with it takes its seat
    back. ``frames_file`` gets every frame the server sent, one a line."""
    target = parse_address(address)
    saved = _read_ticket(ticket_file)
    seats: list[dict[str, Any]] = []
    chosen = rules or Rules()
    if saved is None and new is not None:
        if chosen.players != new:
            chosen = chosen.with_(players=new)
        if not 0 <= computers < new:
            raise ValueError("at least one seat must be a person's (the bot's own)")
        seats = [{"kind": "human"} for _ in range(new - computers)]
        seats += [{"kind": "computer", "level": level} for _ in range(computers)]
    elif saved is None and target.code is None:
        raise ValueError("the address needs a table code: ws://host:port/CODE")
    log = frames_file.open("a", encoding="utf-8") if frames_file is not None else None

    def keep(text: str) -> None:
        if log is not None:
            log.write(text.replace("\n", " ") + "\n")
            log.flush()

    client = Client(target.server, on_frame=keep)
    try:
        await client.connect()
        ticket: SeatTicket
        if saved is not None:
            ticket = await client.rejoin(saved)
        elif seats:
            ticket = await client.create(chosen, seats, name, seat=0)
            out(f"{target.server}/{grouped(ticket.code)}")  # as the windows show it
        else:
            assert target.code is not None
            ticket = await client.join(target.code, name, seat)
        if ticket_file is not None and saved is None:
            ticket_file.write_text(json.dumps(dataclasses.asdict(ticket)), encoding="utf-8")
        outcome = await play_seat(client, level, seed=seed, think=think)
        out(outcome.line())
        return EXIT_OK
    finally:
        await client.close()
        if log is not None:
            log.close()


def _read_ticket(path: Path | None) -> SeatTicket | None:
    if path is None or not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return SeatTicket(str(data["server"]), str(data["code"]), int(data["seat"]),
                          str(data["token"]))  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"cannot read the seat ticket {path}: {error}") from None


def main_sync(**kwargs: Any) -> int:
    """``run_bot`` from a terminal: a refusal or a lost server is one line, exit 1."""
    try:
        return asyncio.run(run_bot(**kwargs))
    except (ServerError, Disconnected, ValueError) as error:
        print(f"scopa bot: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return EXIT_FAILED
