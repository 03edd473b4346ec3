"""The client on its own thread, as the game holds it: what is asked of it once its
connection is given up fails as a lost connection does, never in the asker's face."""

from __future__ import annotations

import time

import pytest

from scopa.app.hosting import LocalServer
from scopa.engine import Rules
from scopa.net.client import BackgroundClient, Disconnected

from .helpers import free_port


def test_a_request_after_the_link_is_closed_fails_as_a_lost_connection(tmp_path) -> None:
    """Asked after the link was given up, a request raised "Event loop is closed" into the
    screen asking it (leaving a table the window had given up, to let the computer play):
    the game closed with an error. The request fails as a lost connection does."""
    from .test_discovery import free_udp_port

    server = LocalServer(tmp_path, port=free_port(), discovery=free_udp_port())
    server.start()
    try:
        link = BackgroundClient(server.local_address)
        seats = [{"kind": "human"}, {"kind": "human"}]
        ticket = link.submit(link.client.create(Rules(), seats, "Anna", 0)).result(20)
        link.close()
        for _ in range(200):
            if link.closed:
                break
            time.sleep(0.05)
        assert link.closed
        asked = link.submit(link.client.hand_over(1))
        with pytest.raises(Disconnected):
            asked.result(1)
        link.close()  # again: nothing happens
        assert ticket.code
    finally:
        server.stop()
