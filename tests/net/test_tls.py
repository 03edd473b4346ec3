"""Tables served over TLS (``scopa serve --cert``): a ``wss://`` address is joined with the
system's certificate authorities when no context is given, a certificate that does not
verify is refused with a clear error, and a failed connection leaves no thread behind."""

from __future__ import annotations

import ssl
import threading
from pathlib import Path

import pytest

from scopa.engine import Rules
from scopa.net.client import BackgroundClient, Client, Disconnected, Untrusted
from tests.net.helpers import (
    make_certificate,
    run_scenario,
    serving_tls,
    serving_tls_on_a_thread,
)

SEATS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    return make_certificate(tmp_path_factory.mktemp("tls"))


def test_a_certificate_this_computer_does_not_trust_is_refused_clearly(
    tmp_path: Path, certificate: tuple[str, str]
) -> None:
    """No context given: the system's authorities judge, and they do not know this one (it
    raised "ssl=None is incompatible with a wss:// URI", which closed the game)."""

    async def scenario() -> None:
        async with serving_tls(tmp_path, certificate) as address:
            client = Client(address, reconnect_for=0)
            with pytest.raises(Untrusted, match="certificate"):
                await client.connect()

    run_scenario(scenario())
    assert issubclass(Untrusted, Disconnected)  # caught wherever a connection that fails is


def test_a_wss_table_with_a_trusted_certificate_is_joined_without_a_context(
    tmp_path: Path, certificate: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A certificate the system trusts (here ours, made the system's authority) is all a
    wss:// table needs."""
    monkeypatch.setenv("SSL_CERT_FILE", certificate[0])
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)

    async def scenario() -> None:
        async with serving_tls(tmp_path, certificate) as address, Client(address) as host:
            ticket = await host.create(Rules(), SEATS, "Anna")
            async with Client(f"{address}/{ticket.code}") as friend:
                seat = await friend.join(ticket.code, "Bruno")
                assert seat.seat == 1

    run_scenario(scenario())


def test_a_client_given_a_context_that_trusts_the_certificate_joins(
    tmp_path: Path, certificate: tuple[str, str]
) -> None:
    async def scenario() -> None:
        trusting = ssl.create_default_context(cafile=certificate[0])
        async with (
            serving_tls(tmp_path, certificate) as address,
            Client(address, ssl_context=trusting) as host,
        ):
            ticket = await host.create(Rules(), SEATS, "Anna")
            assert ticket.server == address and host.online

    run_scenario(scenario())


def test_a_background_client_that_cannot_connect_leaves_no_thread(
    tmp_path: Path, certificate: tuple[str, str]
) -> None:
    """Each join that failed left a thread running an event loop for good."""

    def threads() -> set[threading.Thread]:
        return {thread for thread in threading.enumerate() if thread.name == "scopa-net"}

    before = threads()
    with serving_tls_on_a_thread(tmp_path, certificate) as address:
        for _ in range(3):
            with pytest.raises(Untrusted):
                BackgroundClient(address, reconnect_for=0)
    assert threads() <= before


def test_ws_typed_for_a_tls_server_and_wss_for_a_plain_one_say_which_to_type(
    tmp_path: Path, certificate: tuple[str, str]
) -> None:
    """ws:// typed for a table served over TLS was "cannot reach", as if nothing answered:
    the server answered, as a TLS server does, and the error says which scheme it may need
    (and the reverse for wss:// typed for a table without TLS)."""
    from scopa.net.client import WrongScheme
    from scopa.net.store import open_store
    from tests.net.helpers import serving

    async def scenario() -> None:
        async with serving_tls(tmp_path / "tls", certificate) as address:
            plain = "ws://" + address.removeprefix("wss://")
            with pytest.raises(WrongScheme) as told:
                await Client(plain, reconnect_for=0).connect()
            assert told.value.wanted == "wss"
        async with serving(open_store(str(tmp_path / "plain.db"))) as server:
            secure = "wss://" + server.address.removeprefix("ws://")
            with pytest.raises(WrongScheme) as told:
                await Client(secure, reconnect_for=0).connect()
            assert told.value.wanted == "ws"
        with pytest.raises(Disconnected) as nothing:  # nothing there: nothing said of TLS
            await Client(plain, reconnect_for=0).connect()
        assert not isinstance(nothing.value, WrongScheme)

    run_scenario(scenario())
