"""Headless app fixtures: the dummy SDL drivers, and an App on a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def workers_on_threads(request, monkeypatch):  # noqa: ANN001, ANN201
    """The computer players, the coach and a hosted table's computer seats think on threads
    of the test's process: each table, review and server started a worker process of its
    own, half a second of processor each, over a thousand a run. Tests marked ``processes``
    (and those that ask for a process themselves) keep the game's worker processes."""
    if request.node.get_closest_marker("processes") is None:
        from scopa.app.hosting import LocalServer
        from scopa.app.matches import Matches

        monkeypatch.setattr(Matches, "coach_mode", "thread")
        monkeypatch.setattr(Matches, "ai_mode", "thread")
        monkeypatch.setattr(LocalServer, "workers", 0)


@pytest.fixture
def store(tmp_path):
    from scopa.storage import Store

    return Store(tmp_path)


@pytest.fixture
def app(store):
    from scopa.app.app import App
    from scopa.app.registry import default_scenes

    application = App(store, size=(1280, 720), scenes=default_scenes())
    application.matches.grades_kept = False  # (the tests of that grading turn it on)
    yield application
    application.matches.forget_kept()  # kept matches graded again for a screen now gone
    pygame.display.quit()


@pytest.fixture
def fast(app):
    """The app in English with the fastest animations: tests that play through the table
    wait less for the deal and the flights."""
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    return app


@pytest.fixture
def friends_table(tmp_path):
    """A table of two held by a server on another computer; Anna sits in the first seat.
    Yields the server, Anna's link and the table's address."""
    from scopa.app.hosting import LocalServer
    from scopa.app.online import grouped
    from scopa.engine import Rules
    from scopa.net.client import BackgroundClient

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    ticket = anna.submit(anna.client.create(Rules(), seats, "Anna", 0)).result(20)
    yield server, anna, f"{server.local_address}/{grouped(ticket.code)}"
    anna.close()
    server.stop()


@pytest.fixture
def table_of_three(tmp_path):
    """A table of three people held by a server on another computer, waiting for two of
    them; Anna sits in the first seat. Yields the server, Anna's link, the table's ticket
    and its address."""
    from scopa.app.hosting import LocalServer
    from scopa.app.online import grouped
    from scopa.engine import Rules
    from scopa.net.client import BackgroundClient

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    seats = [{"kind": "human"}] * 3
    ticket = anna.submit(anna.client.create(Rules(players=3), seats, "Anna", 0)).result(20)
    yield server, anna, ticket, f"{server.local_address}/{grouped(ticket.code)}"
    anna.close()
    server.stop()


@pytest.fixture
def english(app):  # noqa: ANN001, ANN201
    """The app in English, cards moving at once, Master's reviews graded on a thread (the
    review's screens)."""
    from .menu_helpers import close_tables

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    app.set_language("en")
    app.matches.coach_mode = "thread"
    yield app
    close_tables(app)
