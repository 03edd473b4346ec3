"""What every test shares: the network links it opened are closed when it ends; the
generated examples are not timed (the suite runs on two busy cores)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# A generated example that took a second to make on a loaded machine failed the suite
# ("too slow"), as would one taking over 200 ms to run: what is checked is the result.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests first (a minute each, some), shared out among the workers: given out
    last, one kept a worker busy long after the other had ended; first, the short ones fill
    the workers' ends. xdist hands each worker a first run of consecutive tests (a quarter
    of its share): each run begins with its part of the slow ones."""
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    rest = [item for item in items if item.get_closest_marker("slow") is None]
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    run = max(2, len(items) // workers // 4)
    heads: list[list[pytest.Item]] = [slow[worker::workers] for worker in range(workers)]
    ordered: list[pytest.Item] = []
    for head in heads:
        ordered += head + rest[: max(0, run - len(head))]
        rest = rest[max(0, run - len(head)) :]
    items[:] = ordered + rest


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
