"""``scopa serve`` and ``scopa bot`` as separate processes on loopback: four players to the
end of a match with every frame inspected, a player killed and started again, the server
killed and started again, TLS, and the commands' own words."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import shutil
import signal
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from scopa.engine import Rules
from scopa.net.bot import play_seat
from scopa.net.client import CLOSE_TIMEOUT, BackgroundClient, Client
from scopa.net.codes import grouped, normalize_code
from scopa.net.store import open_store
from tests.net.helpers import ROOT, ServerProcess, check_frames, child_env, run_scenario, start_bot
from tests.processes import children_left_by_a_killed_program

BOT_SECONDS = 120


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=BOT_SECONDS)
    return process.returncode, out, err


def read_frames(path: Path) -> list[dict[str, Any]]:
    """The frames a player process logged, one a line; a line it is still writing (read
    while the process runs, it has no newline yet) is left for the next reading."""
    text = path.read_text(encoding="utf-8")
    whole = text if text.endswith("\n") else text.rpartition("\n")[0]
    return [json.loads(line) for line in whole.splitlines() if line]


def stored(store: str, code: str) -> tuple[Any, list[Any], bool]:
    async def load() -> Any:
        kept = open_store(store)
        await kept.open()
        try:
            return await kept.load(code)
        finally:
            await kept.close()

    table = asyncio.run(load())
    assert table is not None
    record = table.record()
    return dataclasses.replace(record, moves=()).replay(), list(record.moves), table.finished


def wait_for_frames(path: Path, at_least: int, seconds: float = 60) -> None:
    """Until the bot writing ``path`` has seen a state at move ``at_least`` or later."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists():
            states = [f for f in read_frames(path) if f["type"] == "state"]
            if states and states[-1]["at"] >= at_least:
                return
        time.sleep(0.05)
    raise AssertionError(f"{path.name} never reached move {at_least}")


def test_four_players_in_four_processes_play_a_match_and_see_only_their_cards(tmp_path) -> None:
    store = str(tmp_path / "tables.sqlite3")
    server = ServerProcess(store, "--workers", "0").start()
    try:
        assert server.first_line == f"listening on ws://127.0.0.1:{server.port}"
        logs = [tmp_path / f"seat{n}.jsonl" for n in range(4)]
        first = start_bot(server.address, "--new", "4", "--rules", "scopone", "--level",
                          "greedy", "--name", "Ann", "--frames", str(logs[0]))  # fmt: skip
        assert first.stdout is not None
        address = first.stdout.readline().strip()
        code = normalize_code(address.rsplit("/", 1)[1])
        assert address == f"{server.address}/{grouped(code)}"
        others = [start_bot(address, "--level", "greedy", "--name", f"P{n}", "--seed", str(n),
                            "--frames", str(logs[n])) for n in (1, 2, 3)]  # fmt: skip
        results = [finish(first), *(finish(bot) for bot in others)]
    finally:
        err = server.stop()
    for returncode, out, bot_err in results:
        assert returncode == 0, bot_err
        assert out.strip().splitlines()[-1].startswith("result: "), out
    assert "Traceback" not in err
    start, moves, finished = stored(store, code)
    final = start
    for move in moves:
        final, _ = final.apply(move)
    assert finished and final.over
    won = {seat for seat in range(4) if final.rules.side_of(seat) == final.winner}
    seats = [next(f["seat"] for f in read_frames(log) if f["type"] == "seated") for log in logs]
    assert sorted(seats) == [0, 1, 2, 3] and seats[0] == 0
    for seat, (_, out, _) in zip(seats, results):
        line = out.strip().splitlines()[-1]
        assert line.startswith("result: won" if seat in won else "result: lost"), line
        side = final.rules.side_of(seat)
        points = [final.totals[side], *(t for n, t in enumerate(final.totals) if n != side)]
        assert f"(seat {seat + 1}, " in line and "-".join(map(str, points)) in line
    checked = [check_frames(moves, start, read_frames(log), seat) for seat, log in
               zip(seats, logs)]  # fmt: skip
    assert all(count >= len(moves) for count in checked), checked


def test_a_killed_player_starts_again_and_takes_its_seat_back(tmp_path) -> None:
    store = str(tmp_path / "tables.sqlite3")
    server = ServerProcess(store, "--workers", "0").start()
    try:
        ticket = tmp_path / "ticket.json"
        log = tmp_path / "second.jsonl"
        first = start_bot(server.address, "--new", "2", "--level", "greedy")
        assert first.stdout is not None
        address = first.stdout.readline().strip()
        second = start_bot(address, "--level", "greedy", "--ticket", str(ticket),
                           "--frames", str(log))  # fmt: skip
        wait_for_frames(log, 8)
        second.kill()
        second.wait(timeout=10)
        saved = json.loads(ticket.read_text())
        # the address printed as the windows show it (it was lower case, ungrouped)
        assert saved["seat"] == 1 and address.endswith("/" + grouped(saved["code"]))
        assert address.rsplit("/", 1)[1].isupper()
        again = start_bot(address, "--level", "greedy", "--ticket", str(ticket),
                          "--frames", str(log))  # fmt: skip
        results = [finish(first), finish(again)]
    finally:
        server.stop()
    for returncode, out, err in results:
        assert returncode == 0, err
        assert out.strip().splitlines()[-1].startswith("result: ")
    _, moves, finished = stored(store, saved["code"])
    assert finished
    rejoined = [f for f in read_frames(log) if f["type"] == "seated"]
    assert len(rejoined) == 2 and "token" in rejoined[0] and "token" not in rejoined[1]


def test_a_link_to_a_server_that_stopped_answering_closes_without_waiting(tmp_path) -> None:
    """The server's computer froze (asleep, or its network gone without a word) and the
    player left the table: the window froze for the ten seconds the close of the link
    waited for the server's answer, twenty for two people at one screen. The caller now
    goes on at once; the link closes on its own thread, the server cut off soon after."""
    server = ServerProcess(str(tmp_path / "tables.sqlite3"), "--workers", "0").start()
    assert server.process is not None
    links: list[BackgroundClient] = []
    try:
        ann = BackgroundClient(server.address, reconnect_for=None, sheets=True)
        links.append(ann)
        seats = [{"kind": "human"}, {"kind": "human"}]
        ticket = ann.submit(ann.client.create(Rules(), seats, "Ann")).result(10)
        bea = BackgroundClient(server.address, reconnect_for=None, sheets=True)
        links.append(bea)  # two people at one screen: a link each
        bea.submit(bea.client.join(ticket.code, "Bea")).result(10)
        server.process.send_signal(signal.SIGSTOP)
        start = time.monotonic()
        for link in links:  # as the table leaves: one after the other, in a frame
            link.close()
        assert time.monotonic() - start < 0.5
        assert all(link.client.lost for link in links)  # no longer trying to get back
        deadline = time.monotonic() + CLOSE_TIMEOUT + 5
        while not all(link.closed for link in links):
            assert time.monotonic() < deadline, "a link never closed"
            time.sleep(0.05)
    finally:
        server.process.send_signal(signal.SIGCONT)
        for link in links:
            link.close()
        server.stop()


SLOW = ("--think", "0.15")
"""Bots that take a moment per play, so no match can end before the server is killed however
slowly the other processes start."""


@pytest.mark.slow
def test_a_killed_server_restarts_and_every_table_goes_on(tmp_path) -> None:
    store = str(tmp_path / "tables.sqlite3")
    server = ServerProcess(store, "--workers", "0").start()
    bots: list[subprocess.Popen[str]] = []
    try:
        logs, addresses = [], []
        for table in range(2):
            log = tmp_path / f"table{table}.jsonl"
            opener = start_bot(server.address, "--new", "2", "--computers", "1", "--level",
                               "greedy", "--frames", str(log), *SLOW)  # fmt: skip
            assert opener.stdout is not None
            addresses.append(opener.stdout.readline().strip())
            bots.append(opener)
            logs.append(log)
        human = start_bot(server.address, "--new", "2", "--level", "greedy", *SLOW)
        assert human.stdout is not None
        address = human.stdout.readline().strip()
        log = tmp_path / "people.jsonl"
        bots += [human, start_bot(address, "--level", "greedy", "--frames", str(log), *SLOW)]
        addresses.append(address)
        logs.append(log)
        for log in logs:
            wait_for_frames(log, 6)
        server.kill()
        for address in addresses:  # every match was cut off in its middle
            _, moves, finished = stored(store, normalize_code(address.rsplit("/", 1)[1]))
            assert not finished and moves
        time.sleep(0.5)
        server.start()
        results = [finish(bot) for bot in bots]
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
        err = server.stop()
    for returncode, out, bot_err in results:
        assert returncode == 0, bot_err
        assert out.strip().splitlines()[-1].startswith("result: ")
    assert "Traceback" not in err
    for address in addresses:
        _, moves, finished = stored(store, normalize_code(address.rsplit("/", 1)[1]))
        assert finished and len(moves) > 20


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_with_a_certificate_the_server_speaks_wss(tmp_path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
         "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    server = ServerProcess(str(tmp_path / "t.db"), "--workers", "0", "--cert", str(cert),
                           "--key", str(key)).start()  # fmt: skip
    try:
        assert server.first_line == f"listening on wss://127.0.0.1:{server.port}"
        context = ssl.create_default_context(cafile=str(cert))

        async def scenario() -> Any:
            player = Client(f"wss://127.0.0.1:{server.port}", ssl_context=context)
            await player.connect()
            await player.create(Rules(), [{"kind": "human"}, {"kind": "computer",
                                "level": "greedy"}], "Ann")  # fmt: skip
            outcome = await play_seat(player, "greedy")
            await player.close()
            return outcome

        assert run_scenario(scenario()).update.status == "over"
    finally:
        server.stop()


def scopa(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scopa", *args], capture_output=True,
                          text=True, timeout=timeout, env=child_env(), cwd=ROOT)  # fmt: skip


def test_the_commands_explain_bad_input_in_one_line() -> None:
    served = scopa("serve", "--help")
    assert served.returncode == 0
    # where it listens unless told, which its help left to guess
    assert "default: 127.0.0.1" in served.stdout and "default: 8765" in served.stdout
    assert "--level" in scopa("bot", "--help").stdout
    bad_port = scopa("serve", "--port", "eighty")
    assert bad_port.returncode == 2 and "invalid int value" in bad_port.stderr
    bad_limit = scopa("serve", "--limit", "speed=9")
    assert bad_limit.returncode == 2 and "NAME=VALUE" in bad_limit.stderr
    no_code = scopa("bot", "ws://127.0.0.1:9")
    assert no_code.returncode == 1 and "Traceback" not in no_code.stderr
    bad_code = scopa("bot", "ws://127.0.0.1:9/short")
    assert bad_code.returncode == 1 and "13 letters" in bad_code.stderr
    assert "Traceback" not in bad_code.stderr
    clash = scopa("bot", "ws://127.0.0.1:9", "--new", "2", "--rules", "scopone")
    assert clash.returncode == 1 and "scopone" in clash.stderr
    nobody = scopa("bot", "ws://127.0.0.1:9/k3fzq8ta9mwe1")
    assert nobody.returncode == 1 and "cannot reach" in nobody.stderr


def test_the_server_s_own_command_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    """``scopa-server --help`` printed "usage: scopa {serve,bot} ..." and failed (exit 2),
    naming another program and none of what its two commands do."""
    from scopa.net import cli

    assert cli.main(["--help"], prog="scopa-server") == 0
    shown = capsys.readouterr().out
    assert "scopa-server serve" in shown and "scopa-server bot" in shown
    assert "scopa-server serve --help" in shown
    assert cli.main([], prog="scopa-server") == 2
    assert "scopa-server serve" in capsys.readouterr().err
    assert cli.main(["srve"], prog="scopa-server") == 2
    assert "no command 'srve'" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # each command's own help names the program run
        cli.main(["serve", "--help"], prog="scopa-server")
    assert capsys.readouterr().out.startswith("usage: scopa-server serve")


def test_the_game_still_starts_with_its_own_options() -> None:
    from scopa.__main__ import build_parser

    args = build_parser().parse_args(["--size", "800x600", "--fullscreen", "--smoke"])
    assert args.size == (800, 600) and args.fullscreen and args.smoke
    assert scopa("--size", "nonsense").returncode == 2


KILLED_HOST = """
import os
import signal
from multiprocessing import active_children, resource_tracker

from scopa.net.computer import choose_move, make_pool
from scopa.engine import Match, Rules

pool = make_pool(2)
match = Match.new(Rules(), 11)
assert pool.submit(choose_move, "beginner", 1, match.observe(match.turn)).result(60)
# multiprocessing's resource tracker, started beside the workers, has no public id
pids = [process.pid for process in active_children()]
print(*pids, resource_tracker._resource_tracker._pid or "", flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")
def test_the_computer_players_processes_end_when_the_program_hosting_them_is_killed(
    tmp_path,
) -> None:
    """A game hosting a table (or a server) killed with kill -9 left its computer players'
    worker processes, and multiprocessing's resource tracker, running for ever."""
    assert children_left_by_a_killed_program(KILLED_HOST, tmp_path) == []


def test_a_server_on_every_address_says_the_address_friends_join_at(tmp_path) -> None:
    """``scopa serve --host 0.0.0.0`` said "listening on ws://0.0.0.0:8800", an address
    nobody can join: it says this computer's address on its network as well."""
    import asyncio

    from scopa.net.discovery import lan_address
    from scopa.net.server import run
    from scopa.net.sqlite_store import SqliteStore

    async def scenario() -> list[str]:
        lines: list[str] = []
        store = SqliteStore(tmp_path / "tables.sqlite3")
        serving = asyncio.create_task(run(store, "0.0.0.0", 0, workers=0, announce=lines.append))
        for _ in range(200):
            if len(lines) >= 2 or serving.done():
                break
            await asyncio.sleep(0.02)
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        return lines

    lines = asyncio.run(scenario())
    assert lines[0].startswith("listening on ws://0.0.0.0:")
    port = lines[0].rsplit(":", 1)[1]
    assert lines[1] == f"join at ws://{lan_address()}:{port} on this network"
