"""Load on the network server: many tables of headless players at once, on loopback.

    .venv/bin/python tools/net_load.py --tables 500 --seconds 60

starts ``scopa serve`` on a free loopback port with a scratch SQLite store (limits raised
for one address), opens ``--tables`` two-seat tables from ``--procs`` player processes
(two players each) at random moments of the first ``--ramp`` seconds, and lets them play
until ``--seconds`` have passed. Each player thinks ``--think``
seconds (people take seconds; ``--think 0`` plays flat out), then plays a random legal move
read straight from the frame, so the players' own work stays small. It reports the time from
sending a move to the server's answer (p50, p99, max) over the whole run and once every
table is open (until the last two seconds), moves a second, the server's memory
(resident now and at its peak), the processor time of the server and of the players, and
the machine's load average: on a shared machine other work shows in the times. A player
process holds hundreds of connections and the last frame of each, which one person's game
never does: a collection of its garbage would stop all of them for tens of milliseconds, and
that pause be counted as the server's. Player processes therefore do not collect cyclic
garbage (they make little; a run of 40 s peaks at some 60 MiB each).
Every request loop is bounded in count and time and the tool stops by itself; it talks only
to the server it started (or ``--server`` on loopback).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMITS = ("tables_per_address=100000", "connections_per_address=100000", "max_tables=100000")


async def one_table(server: str, think: float, until: float, rng: random.Random,
                    times: list[tuple[float, float]], errors: list[str]) -> int:  # fmt: skip
    """Two players at one table until the match ends or time is up; moves made."""
    from scopa.engine import Rules
    from scopa.net.client import Client, Disconnected, ServerError

    players = [Client(server), Client(server)]
    moves = 0
    try:
        for player in players:
            await player.connect()
        ticket = await players[0].create(Rules(), [{"kind": "human"}] * 2, "Load A")
        await players[1].join(ticket.code, "Load B")

        async def play(player: Client) -> None:
            nonlocal moves
            done = -1
            while time.monotonic() < until:
                update = player.last
                if update is not None and update.status == "over":
                    return
                if update is None or update.at == done or not update.my_turn:
                    try:  # bounded without a task for each frame (wait_for makes one)
                        async with asyncio.timeout(max(0.1, until - time.monotonic())):
                            await player.next_update()
                    except TimeoutError:
                        return
                    continue
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                # Read straight from the frame: the times measured are the server's.
                move = rng.choice(update.raw["observation"]["legal_moves"])
                done = update.at
                await player.play(move, update.at)
                times.append((time.time(), player.last_round_trip))
                moves += 1
                if player.last is not None and player.last.status == "over":
                    return

        await asyncio.gather(*(play(player) for player in players))
    except (ServerError, Disconnected, OSError, TimeoutError) as error:
        errors.append(f"{type(error).__name__}: {error}")
    finally:
        for player in players:
            await player.close()
    return moves


async def worker(
    server: str, tables: int, think: float, seconds: float, seed: int, ramp: float
) -> dict:
    """``tables`` tables, each opened at a random moment of the first ``ramp`` seconds (as
    people arrive: 500 tables opened in the same instant would also finish their rounds in
    the same instant), played until ``seconds`` have passed."""
    rng = random.Random(seed)
    times: list[tuple[float, float]] = []
    errors: list[str] = []
    start = time.monotonic()
    until = start + seconds
    arrivals = sorted(rng.uniform(0.0, ramp) for _ in range(tables))
    jobs = []
    for arrival in arrivals:
        await asyncio.sleep(max(0.01, start + arrival - time.monotonic()))  # no storm
        jobs.append(asyncio.create_task(one_table(server, think, until, random.Random(
            rng.randrange(2**32)), times, errors)))  # fmt: skip
    moves = sum(await asyncio.gather(*jobs))
    return {"times": times, "errors": errors, "moves": moves, "elapsed": time.monotonic() - start}


def memory_of(pid: int) -> tuple[int, int]:
    """(resident, peak resident) kB of a process, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def processor_of(pid: int) -> float:
    """Seconds of processor a process has used (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(folder: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "scopa", "serve", "--port", "0", "--store",
               str(folder / "load.sqlite3"), "--workers", "0", "--quiet"]  # fmt: skip
    for limit in LIMITS:
        command += ["--limit", limit]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get(
        "PYTHONPATH", "")])}  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("listening on "):
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.removeprefix("listening on ")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each move")
    parser.add_argument("--procs", type=int, default=2, help="player processes")
    parser.add_argument("--server", help="an already running server on loopback (ws://...)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ramp", type=float, default=20.0, help="seconds over which the tables open"
    )
    args = parser.parse_args(argv)
    if args.worker:
        gc.disable()  # see the description above: a run lasts a minute or so
        result = asyncio.run(
            worker(args.server, args.tables, args.think, args.seconds, args.seed, args.ramp)
        )
        print(json.dumps(result))
        return 0
    if args.server and not args.server.startswith(("ws://127.", "ws://localhost", "ws://[::1]")):
        raise SystemExit("the load goes only to a server on this machine (loopback)")
    with tempfile.TemporaryDirectory() as scratch:
        server, address = (None, args.server) if args.server else start_server(Path(scratch))
        try:
            share = [args.tables // args.procs + (n < args.tables % args.procs)
                     for n in range(args.procs)]  # fmt: skip
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get(
                "PYTHONPATH", "")])}  # fmt: skip
            workers = [
                subprocess.Popen([sys.executable, __file__, "--worker", "--server", address,
                                  "--tables", str(count), "--think", str(args.think),
                                  "--seconds", str(args.seconds), "--seed", str(args.seed + n),
                                  "--ramp", str(args.ramp)],
                                 stdout=subprocess.PIPE, text=True, env=env)
                for n, count in enumerate(share) if count
            ]  # fmt: skip
            results: list[dict[str, Any]] = []
            for process in workers:
                out, _ = process.communicate(timeout=args.seconds + 300)
                results.append(json.loads(out.strip().splitlines()[-1]))
            players = os.times()
            memory = memory_of(server.pid) if server is not None else None
            used = processor_of(server.pid) if server is not None else None
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
    stamped = sorted(tuple(t) for result in results for t in result["times"])
    times = [answer for _, answer in stamped]
    # Steady: every table open (the ramp is over) and none yet leaving (the last seconds).
    first = stamped[0][0] if stamped else 0.0
    steady = [a for when, a in stamped if args.ramp <= when - first < args.seconds - 2]
    errors = [e for result in results for e in result["errors"]]
    elapsed = max(result["elapsed"] for result in results)
    moves = sum(result["moves"] for result in results)
    print(f"tables {args.tables}, players {2 * args.tables}, think {args.think:g} s, "
          f"{elapsed:.0f} s: {moves} moves ({moves / elapsed:.0f} a second)")  # fmt: skip
    if times:
        print(
            f"move to answer: p50 {1000 * statistics.median(times):.1f} ms, "
            f"p99 {1000 * percentile(times, 0.99):.1f} ms, max {1000 * max(times):.1f} ms"
        )
    if steady:
        print(
            f"  with every table open ({args.ramp:g} s on, {len(steady)} moves): "
            f"p50 {1000 * statistics.median(steady):.1f} ms, "
            f"p99 {1000 * percentile(steady, 0.99):.1f} ms, max {1000 * max(steady):.1f} ms"
        )
    if memory is not None:
        print(
            f"server memory: {memory[0] / 1024:.0f} MiB resident, {memory[1] / 1024:.0f} MiB peak"
        )
    if used is not None:
        print(f"server processor: {used:.1f} s in {elapsed:.0f} s ({100 * used / elapsed:.0f}% "
              f"of one core; load average before the end {os.getloadavg()[0]:.1f})")  # fmt: skip
    played = players.children_user + players.children_system
    print(f"player processes' processor: {played:.1f} s in {elapsed:.0f} s")
    if errors:
        print(f"{len(errors)} tables failed, e.g. {errors[0]}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
