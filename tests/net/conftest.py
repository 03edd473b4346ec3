"""Stores for the network tests: SQLite in a temporary folder, and a real ``redis-server``
started on a free loopback port for the session (skipped where none is installed, except
under CI, where a missing redis-server is a failure)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.helpers import free_port
from tests.processes import ready_in_time, stop


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is required for the shared-store tests in CI")
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    folder = tmp_path_factory.mktemp("redis")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--dir", str(folder), "--protected-mode", "yes"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip

    def answers() -> bool:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    if not ready_in_time(process, answers, 20):
        stop(process)
        pytest.fail("redis-server did not start")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop(process)


@pytest.fixture
def fresh_redis(redis_url: str) -> str:
    """The session's Redis, emptied."""
    import redis

    client = redis.Redis.from_url(redis_url)
    client.flushall()
    client.close()
    return redis_url


@pytest.fixture(params=["sqlite", "redis"])
def store_spec(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each store the server can use, fresh: a SQLite file, or the test's Redis."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    return str(request.getfixturevalue("fresh_redis"))
