"""What every test shares: the network links it opened are closed when it ends."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def links_closed(monkeypatch) -> Iterator[None]:  # noqa: ANN001
    """Close every link to a server the test opened and left open. The game's links run on
    daemon threads that end with its process; the tests' process runs on, and a seated link
    left behind, its server stopped, kept trying to get back and looking for its table on
    the network, into the tests that came after it."""
    from scopa.net.client import BackgroundClient

    opened: list[BackgroundClient] = []
    init = BackgroundClient.__init__

    def recorded(link: BackgroundClient, *args: Any, **options: Any) -> None:
        opened.append(link)
        init(link, *args, **options)

    monkeypatch.setattr(BackgroundClient, "__init__", recorded)
    yield
    for link in opened:
        if hasattr(link, "_pump"):  # (one that failed to connect ended with its failure)
            link.close()
