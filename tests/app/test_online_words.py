"""What goes wrong when joining a table is told in the player's language, whole: never an
English detail from the network or the server in the middle of an Italian sentence."""

from __future__ import annotations

import socket

import pytest

from scopa.app.hosting import LocalServer
from scopa.app.online import grouped
from scopa.app.scenes.lobby import LobbyScene
from scopa.engine import Rules
from scopa.net.client import BackgroundClient

from .menu_helpers import click
from .test_online import run_until


def join(app, address: str) -> LobbyScene:  # noqa: ANN001
    app.settings = app.settings.with_(language="it", tutorial_done=True)
    app.set_language("it")
    app.open("online")
    online = app.stack.top
    online.address = address
    click(app, online.join_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.session.error is not None)
    return lobby


@pytest.fixture
def full_table(tmp_path):
    """A table of two whose both seats are taken (Anna and Bruno play)."""
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna, bruno = BackgroundClient(server.local_address), BackgroundClient(server.local_address)
    seats = [{"kind": "human"}, {"kind": "human"}]
    ticket = anna.submit(anna.client.create(Rules(), seats, "Anna", 0)).result(20)
    bruno.submit(bruno.client.join(ticket.code, "Bruno")).result(20)
    yield f"{server.local_address}/{grouped(ticket.code)}"
    anna.close()
    bruno.close()
    server.stop()


def test_a_full_table_is_said_in_italian(app, full_table):
    lobby = join(app, full_table)
    said = app.t("online.refused", reason=app.t("online.error.no_free_seat"))
    assert lobby._status()[0] == said == "Il tavolo ha rifiutato: tutti i posti sono presi"


def test_a_table_gone_is_said_in_italian(app, full_table):
    lobby = join(app, full_table.rsplit("/", 1)[0] + "/KPJTF-33ZJM-P38")
    assert lobby._status()[0] == app.t("online.refused", reason=app.t("online.error.no_table"))


@pytest.mark.parametrize("address", ["ws://127.0.0.1:8765/XXXX", "ws://host:port/CODE", "ftp://x"])
def test_a_malformed_address_is_said_in_italian(app, address):
    lobby = join(app, address)
    assert lobby._status()[0] == app.t("online.bad_address")
    assert lobby._status()[0].startswith("Questo non è l'indirizzo di un tavolo")


def test_a_server_nobody_answers_at_is_said_in_italian(app):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    lobby = join(app, f"ws://127.0.0.1:{port}/KPJTF-33ZJM-P38")
    said = app.t("online.cannot_reach", server=f"127.0.0.1:{port}")
    assert lobby._status()[0] == said and "Errno" not in said


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_table_s_rules_that_are_no_preset_are_told_as_the_game_and_its_changes(
    app, language
) -> None:
    """A Cirulla table with one rule changed read "2 players · Custom · 51 points": the
    friends joining it could not even tell it was Cirulla. It names the game and what its
    rules change of it; a preset is told by its name alone, as before."""
    from scopa.app.scenes.online import describe_rules
    from scopa.engine import PRESETS

    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    t = app.t
    cirulla = PRESETS["cirulla"].with_(declare_at_deal=True)
    line = describe_rules(app, cirulla)
    assert f"{t('preset_cirulla')} ({t('rule_declare_at_deal')})" in line
    assert t("preset_custom") not in line and t("points_n", n=51) in line
    scopa = Rules(players=4, re_bello=True, napola=True)
    line = describe_rules(app, scopa)
    assert f"{t('preset_classic')} ({t('rule_re_bello')}, {t('rule_napola')})" in line
    assert describe_rules(app, PRESETS["scopone"]).split(" · ")[1] == t("preset_scopone")
