"""Both stores keep the same promises: tables as game records, compare-and-append moves,
seats claimed once, the unfinished tables of an owner, who is connected; Redis also tells
the other servers what changed."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from scopa.engine import Match, Rules
from scopa.net.codes import new_code
from scopa.net.sqlite_store import DamagedStore, SqliteStore
from scopa.net.store import SeatRecord, StoreError, TableRecord, open_store
from tests.net.helpers import child_env, run_scenario


def make_table(owner: str = "10.0.0.1", seed: int = 4) -> TableRecord:
    match = Match.new(Rules(), random.Random(seed))
    seats = (SeatRecord("human", "Ann", token_hash="aa"), SeatRecord("human"))
    return TableRecord(new_code(), match.record().text(), seats, owner)


def run(coroutine: Any) -> Any:
    return run_scenario(coroutine)


def test_a_table_is_kept_and_read_back_as_its_game_record(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        table = make_table()
        assert await store.create(table)
        assert not await store.create(table)  # the code is taken
        match = table.record().replay()
        moves = []
        for at in range(6):
            move = match.legal_moves()[0]
            assert await store.append_move(table.code, at, move.text())
            assert not await store.append_move(table.code, at, move.text())  # a replay
            assert not await store.append_move(table.code, at + 5, move.text())  # a gap
            match, _ = match.apply(move)
            moves.append(move.text())
        loaded = await store.load(table.code)
        assert loaded is not None
        assert loaded.moves == tuple(moves) and loaded.seats == table.seats
        assert loaded.record().replay().round.hands == match.round.hands
        assert await store.load(new_code()) is None
        await store.close()

    run(scenario())


def test_moves_sent_at_once_to_many_tables_are_each_kept_in_order(store_spec: str) -> None:
    """A busy server hands the store many moves together: each caller still learns whether
    its own move was its table's next."""

    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        tables = [make_table(seed=seed) for seed in range(12)]
        for table in tables:
            assert await store.create(table)
        matches = [table.record().replay() for table in tables]
        played: list[list[str]] = [[] for _ in tables]
        for at in range(5):
            moves = [match.legal_moves()[0] for match in matches]
            calls = []
            for index, table in enumerate(tables):
                calls.append(store.append_move(table.code, at, moves[index].text()))
                calls.append(store.append_move(table.code, at, moves[index].text()))  # twice
                calls.append(store.append_move(table.code, at + 3, moves[index].text()))
            answers = await asyncio.gather(*calls)
            for index in range(len(tables)):  # one of the twins is kept, never the gap
                first, twin, gap = answers[3 * index : 3 * index + 3]
                assert first != twin and not gap
            for index, move in enumerate(moves):
                matches[index], _ = matches[index].apply(move)
                played[index].append(move.text())
        for index, table in enumerate(tables):
            loaded = await store.load(table.code)
            assert loaded is not None and loaded.moves == tuple(played[index])
        await store.close()

    run(scenario())


def test_a_free_seat_is_claimed_once(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        table = make_table()
        await store.create(table)
        first = SeatRecord("human", "Bea", token_hash="bb")
        second = SeatRecord("human", "Cid", token_hash="cc")
        results = await asyncio.gather(
            store.claim_seat(table.code, 1, first), store.claim_seat(table.code, 1, second)
        )
        assert sorted(results) == [False, True]
        assert not await store.claim_seat(table.code, 0, second)  # Ann's
        loaded = await store.load(table.code)
        assert loaded is not None and loaded.seats[1].name in ("Bea", "Cid")
        await store.set_seat(table.code, 1, loaded.seats[1].with_(autoplay=True))
        again = await store.load(table.code)
        assert again is not None and again.seats[1].autoplay
        await store.close()

    run(scenario())


def test_unfinished_tables_count_against_their_owner_until_finished(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        tables = [make_table("10.0.0.7", seed) for seed in range(3)]
        for table in tables:
            await store.create(table)
        await store.create(make_table("10.0.0.8"))
        assert await store.open_tables_of("10.0.0.7") == 3
        await store.finish(tables[0].code)
        assert await store.open_tables_of("10.0.0.7") == 2
        opened = await store.open_tables("10.0.0.7")
        assert sorted(code for code, _ in opened) == sorted(t.code for t in tables[1:])
        assert [when for _, when in opened] == sorted(t.created for t in tables[1:])
        unfinished = await store.unfinished()
        assert tables[0].code not in unfinished and tables[1].code in unfinished
        loaded = await store.load(tables[0].code)
        assert loaded is not None and loaded.finished
        await store.close()

    run(scenario())


def test_presence_says_who_is_connected_and_since_when(store_spec: str) -> None:
    async def scenario() -> None:
        store = open_store(store_spec)
        await store.open()
        table = make_table()
        await store.create(table)
        await store.heartbeat("server-a")
        await store.set_presence(table.code, 0, "server-a")
        await store.set_presence(table.code, 1, None)
        here = await store.presence(table.code)
        assert here[0].connected and not here[1].connected
        assert here[1].since >= here[0].since
        await store.close()

    run(scenario())


def test_a_redis_server_that_stops_beating_takes_its_players_with_it(fresh_redis: str) -> None:
    async def scenario() -> None:
        store = open_store(fresh_redis)
        await store.open()
        table = make_table()
        await store.create(table)
        await store.set_presence(table.code, 0, "server-gone")  # never beat
        assert not (await store.presence(table.code))[0].connected
        await store.close()

    run(scenario())


def test_redis_tells_other_servers_what_changed(fresh_redis: str) -> None:
    async def scenario() -> None:
        one, two = open_store(fresh_redis), open_store(fresh_redis)
        await one.open()
        await two.open()
        heard: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()

        async def listener(code: str, change: dict[str, Any]) -> None:
            await heard.put((code, change))

        await two.listen("two", listener)
        await two.publish("ownnews", "two", {"kind": "seats"})  # its own: not heard
        await one.publish("abc", "one", {"kind": "move", "at": 3, "move": "7D"})
        assert await asyncio.wait_for(heard.get(), 5) == (
            "abc",
            {"kind": "move", "at": 3, "move": "7D"},
        )
        assert heard.empty()
        await one.close()
        await two.close()

    run(scenario())


def test_an_unusable_store_is_a_clear_error(tmp_path) -> None:
    folder = tmp_path / "a-file"
    folder.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot open"):
        run(open_store(str(folder / "tables.sqlite3")).open())
    with pytest.raises(StoreError, match="cannot reach"):
        run(open_store("redis://127.0.0.1:1/0").open())


@pytest.mark.parametrize("spoil", ["garbage", "folder", "damaged pages"])
def test_a_table_file_that_is_no_database_is_told_apart(tmp_path: Path, spoil: str) -> None:
    """A file that is not a database (or a folder in its place) is a ``DamagedStore``, which
    the game sets aside; a folder where none can be made is only a ``StoreError``."""
    path = tmp_path / "tables.sqlite3"
    if spoil == "garbage":
        path.write_bytes(b"these are not the tables you are looking for\n" * 100)
    elif spoil == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    store = SqliteStore(path)
    with pytest.raises(DamagedStore, match="cannot open the table store"):
        run(store.open())
    run(store.close())
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    with pytest.raises(StoreError) as caught:
        run(SqliteStore(blocked / "tables.sqlite3").open())
    assert not isinstance(caught.value, DamagedStore)


def test_sqlite_keeps_every_confirmed_move_of_a_killed_server(tmp_path: Path) -> None:
    """Moves are written on the server's own thread, into the log: a process killed right
    after its last confirmed move leaves every one of them in the file."""
    path = tmp_path / "tables.sqlite3"
    table = make_table()
    match = table.record().replay()
    moves = []
    while len(moves) < 60:
        move = match.legal_moves()[0]
        match, _ = match.apply(move)
        moves.append(move.text())
    writer = textwrap.dedent(
        f"""
        import asyncio, sys, time
        from scopa.net.sqlite_store import SqliteStore
        from scopa.net.store import SeatRecord, TableRecord

        async def main():
            store = SqliteStore({str(path)!r})
            await store.open()
            seats = tuple(SeatRecord.from_dict(s) for s in {[s.to_dict() for s in table.seats]!r})
            assert await store.create(TableRecord({table.code!r}, {table.header!r}, seats, "a"))
            for at, move in enumerate({moves!r}):
                assert await store.append_move({table.code!r}, at, move)
            print("confirmed", flush=True)
            time.sleep(60)

        asyncio.run(main())
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", writer], stdout=subprocess.PIPE, text=True, env=child_env()
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "confirmed"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)

    async def scenario() -> None:
        store = open_store(str(path))
        await store.open()
        loaded = await store.load(table.code)
        assert loaded is not None and loaded.moves == tuple(moves)
        await store.close()

    run(scenario())


def test_sqlite_copies_its_log_into_the_file_as_moves_go_on(tmp_path: Path) -> None:
    """The log does not grow without end: it is copied into the file, then written over."""
    path = tmp_path / "tables.sqlite3"
    writes = 6000
    page = 4096 + 24  # the least one commit adds to the log

    async def scenario() -> None:
        store = open_store(str(path))
        await store.open()
        tables = [make_table(seed=seed) for seed in range(writes // 40)]
        for table in tables:
            assert await store.create(table)
        for at in range(40):
            for table in tables:
                assert await store.append_move(table.code, at, "7D")
                await asyncio.sleep(0)
        log = path.with_name(path.name + "-wal")
        assert log.stat().st_size < writes * page / 2
        for table in tables[:3]:
            loaded = await store.load(table.code)
            assert loaded is not None and loaded.moves == ("7D",) * 40
        await store.close()

    run(scenario())


async def longest_stall(work: Any) -> tuple[float, Any]:
    """Await ``work`` while a ticker runs on the same loop: the longest the loop stood still,
    and what ``work`` gave (or raised)."""
    loop = asyncio.get_running_loop()
    longest, last, done = 0.0, loop.time(), False

    async def tick() -> None:
        nonlocal longest, last
        while not done:
            await asyncio.sleep(0.01)
            now = loop.time()
            longest, last = max(longest, now - last), now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0)  # the ticker is waiting on the loop before the work begins
    try:
        outcome: Any = await work
    except StoreError as error:
        outcome = error
    done = True
    await ticker
    return longest, outcome


def test_a_table_file_another_program_holds_never_freezes_the_server(tmp_path: Path) -> None:
    """Store calls run on the server's loop: while another program holds the file's write
    lock, the loop goes on; a short hold is waited out, a long one is a clear error that
    loses nothing, and the move goes in once the file is free."""
    import sqlite3

    async def scenario() -> None:
        path = tmp_path / "tables.sqlite3"
        store = open_store(str(path))
        await store.open()
        table = make_table()
        assert await store.create(table)
        move = table.record().replay().legal_moves()[0].text()
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program writes, and takes its time

        stall, outcome = await longest_stall(store.append_move(table.code, 0, move))
        assert stall < 0.5
        assert isinstance(outcome, StoreError) and "another program" in str(outcome)
        loaded = await store.load(table.code)  # reading still works, and nothing half-went in
        assert loaded is not None and loaded.moves == ()

        asyncio.get_running_loop().call_later(0.3, other.rollback)  # a short hold
        stall, outcome = await longest_stall(store.append_move(table.code, 0, move))
        assert stall < 0.5 and outcome is True
        loaded = await store.load(table.code)
        assert loaded is not None and loaded.moves == (move,)
        other.close()
        await store.close()

    run(scenario())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_the_table_file_and_its_logs_are_their_owner_s_alone(tmp_path: Path) -> None:
    """The file holds every table's seed, so every hand: another user of the computer must
    not read it, nor its logs, whatever the umask; a file an earlier version left readable
    by all is narrowed."""
    import stat

    old = tmp_path / "old.sqlite3"
    old.write_bytes(b"")
    old.chmod(0o644)

    async def scenario() -> None:
        for path in (tmp_path / "tables.sqlite3", old):
            store = SqliteStore(path)
            await store.open()
            assert await store.create(make_table())
            kept = [path, *(path.with_name(path.name + end) for end in ("-wal", "-shm"))]
            assert all(name.exists() for name in kept)
            modes = {name.name: stat.S_IMODE(name.stat().st_mode) for name in kept}
            assert set(modes.values()) == {0o600}, modes
            await store.close()

    previous = os.umask(0o022)
    try:
        run(scenario())
    finally:
        os.umask(previous)


def test_sqlite_closes_its_file_only_once_no_call_uses_it(tmp_path: Path) -> None:
    """A store closed while calls went on (a server closing as its computers played)
    closed the file under a call reading it: the process crashed. Here in a child process,
    which a crash ends with a signal."""
    script = textwrap.dedent(
        f"""
        import asyncio
        from pathlib import Path
        from scopa.net.sqlite_store import SqliteStore
        from scopa.net.store import StoreError
        from tests.net.test_store import make_table

        async def once(path):
            store = SqliteStore(path)
            await store.open()
            table = make_table()
            await store.create(table)

            async def reading():
                while True:
                    try:
                        await store.load(table.code)
                    except StoreError:  # closed: told so
                        return
                    await asyncio.sleep(0)

            readers = [asyncio.create_task(reading()) for _ in range(3)]
            await asyncio.sleep(0.001)
            await store.close()
            await asyncio.gather(*readers)

        async def main():
            for n in range(40):
                await once(Path({str(tmp_path)!r}) / f"t{{n}}.sqlite3")
            print("closed", flush=True)

        asyncio.run(main())
        """
    )
    child = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=child_env(), timeout=120
    )
    assert (child.returncode, child.stdout.strip()) == (0, "closed"), child.stderr[-2000:]
