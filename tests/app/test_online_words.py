"""What goes wrong when joining a table is told in the player's language, whole: never an
English detail from the network or the server in the middle of an Italian sentence."""

from __future__ import annotations

import socket

import pytest

from scopa.app.hosting import LocalServer
from scopa.app.online import grouped
from scopa.app.scenes.flow import SEPARATOR
from scopa.app.scenes.lobby import LobbyScene
from scopa.engine import Rules
from scopa.net.client import BackgroundClient

from .menu_helpers import click
from .test_online import run_until, table_opens


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
    assert lobby._status()[0].startswith("Questo non è né l'indirizzo di un tavolo né il")


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
    assert t("ng_my_rules") not in line and t("points_n", n=51) in line
    scopa = Rules(players=4, re_bello=True, napola=True)
    line = describe_rules(app, scopa)
    assert f"{t('game_scopa')} ({t('rule_re_bello')}, {t('rule_napola')})" in line
    assert describe_rules(app, PRESETS["scopone"]).split(SEPARATOR)[1] == t("preset_scopone")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_table_s_rules_are_told_as_the_game_they_are_nearest_to(app, language) -> None:
    """The lobby told every table of Scopa changed as "Classic" with its changes: a scopa
    d'assi with napola read "Classic (Scopa d'assi, Scopa with an ace, ..., Napola)", a
    scopone with napola "Classic (Deal: Scopone, Napola)". It names the game (the preset
    they change the fewest rules of; the classic game's is Scopa), then what changes."""
    from scopa.app.scenes.online import table_game
    from scopa.engine import PRESETS

    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    t = app.t
    assi = Rules(players=4, assi=True, assi_scopa=True, seven_count=True, napola=True)
    changes = [t("rule_assi_scopa"), t("rule_seven_count"), t("rule_napola")]
    assert table_game(app, assi) == (t("preset_assi"), changes)
    scopone = PRESETS["scopone"].with_(napola=True)
    assert table_game(app, scopone) == (t("preset_scopone"), [t("rule_napola")])
    assert table_game(app, Rules(re_bello=True)) == (t("game_scopa"), [t("rule_re_bello")])
    rulebook = PRESETS["rulebook"].with_(napola=True)  # a way to play Scopa, not a game
    assert table_game(app, rulebook)[0] == t("game_scopa")
    cirulla = PRESETS["cirulla"].with_(clockwise=True)
    assert table_game(app, cirulla) == (t("preset_cirulla"), [t("rule_clockwise")])
    assert table_game(app, PRESETS["milanese"]) == (t("preset_milanese"), [])


MANY = Rules(
    players=6,
    fewest_cards=True,
    capture_limit=2,
    seven_count=True,
    seven_count_aces=True,
    re_bello=True,
    settebello_coppe=True,
    napola=True,
    cappotto=True,
    assi=True,
    assi_scopa=True,
    assi_ace_takes_ace=False,
    assi_redeal=True,
    target=31,
)
"""A table of six with a dozen rules changed."""


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_table_with_many_rules_changed_is_told_whole_at_the_smallest_window(
    app, monkeypatch, language
) -> None:
    """A dozen rules changed were cut short with an ellipsis under Play online and in the
    lobby, at 960x540: the game and every rule it changes are told whole in both."""
    from scopa.app import style
    from scopa.app.scenes.online import OnlineScene

    from .menu_helpers import frame

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.resize((960, 540))
    app.settings = app.settings.with_(language=language, tutorial_done=True, rules=MANY)
    app.set_language(language)
    t = app.t
    label = t("rule_settebello_coppe")  # among the last rules named
    app.home()
    online = app.open("online")
    assert isinstance(online, OnlineScene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    told = [text for text in drawn if label in text.words]
    assert told and not any(text.elided for text in told)
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
        drawn.clear()
        with style.watch_text(drawn.append):
            frame(app)
        told = [text for text in drawn if label in text.words]
        assert len(told) == 1 and not told[0].elided  # under the seats, apart from the game
        assert told[0].words.startswith(t("online.played_with", changes=""))
        heading = [text for text in drawn if t("points_n", n=31) in text.words]
        assert heading and heading[0].words.split(SEPARATOR)[1] == t("preset_assi")
        assert not heading[0].elided
    finally:
        lobby.back()


def test_a_friend_who_takes_the_last_seat_is_told_the_table_s_game(app, friends_table) -> None:
    """The last friend to sit goes straight to the table, past the lobby: nothing told them
    the game it plays (Cirulla, napola, ...) before the score sheet did."""
    from scopa.app.scenes.online import describe_rules

    _, _, address = friends_table
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    online = app.stack.top
    online.address = address
    click(app, online.join_button)
    table_opens(app)
    told = app.t("online.table_plays", rules=describe_rules(app, Rules()))
    assert told in [toast.text for toast in app.toasts.shown()]
    app.home()


@pytest.mark.parametrize(
    ("host", "named"), [("Anna", "Anna"), ("You", "Giocatore 1")], ids=["typed", "the_game_s"]
)
def test_a_friend_joining_a_table_in_teams_is_told_who_plays_on_their_side(
    tmp_path, app, host, named
):
    """A friend joining a table of four went straight to the dealt table, never shown the
    seats: nothing said who their partner was before the plates' colours did. A host who
    kept the game's name is named as the plate names them ("In squadra con te: You", in an
    Italian window, where the plate said "Giocatore 1")."""
    from scopa.app.scenes.online import describe_rules

    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    rules = Rules(players=4, teams=True)
    seats = [{"kind": "human"}, {"kind": "computer"}, {"kind": "human"}, {"kind": "computer"}]
    try:
        ticket = anna.submit(anna.client.create(rules, seats, host, 0)).result(20)
        app.settings = app.settings.with_(language="it", tutorial_done=True)
        app.set_language("it")
        online = app.open("online")
        online.address = f"{server.local_address}/{grouped(ticket.code)}"
        click(app, online.join_button)
        table_opens(app)
        assert app.stack.top.coordinator.seat == 2  # opposite Anna: her partner
        told = app.t("online.table_plays_partners", rules=describe_rules(app, rules),
                     names=named)  # fmt: skip
        assert told in [toast.text for toast in app.toasts.shown()]
        app.home()
    finally:
        anna.close()
        server.stop()


def test_a_code_is_grouped_in_fives_once_however_it_was_written():
    """A code kept as written ("ABCDE-FGHIJ-KLM") came back as "ABCDE--FGHI-J-KLM"."""
    from scopa.app.online import grouped

    assert grouped("abcdefghijklm") == "ABCDE-FGHIJ-KLM"
    assert grouped("ABCDE-FGHIJ-KLM") == "ABCDE-FGHIJ-KLM"


@pytest.mark.parametrize(
    "key",
    [
        "online.friend_away_wait",
        "online.friend_away_others_wait",
        "online.friend_away_others_wait_many",
        "online.friend_gone_wait",
        "online.friend_gone_wait_many",
        "online.your_turn_waited",
        "online.reading_left",
        "online.reading_many_left",
        "online.others_ready",
        "online.some_ready",
        "online.some_ready_many",
    ],
)
def test_an_italian_countdown_never_leaves_its_number_apart_from_tra(app, key) -> None:
    """The Italian "Aspettiamo che torni Anna: tra / 58 s il computer...": the number began
    the next line, cut off from the "tra" (or "fra") it goes with."""
    from scopa.app import style

    app.set_language("it")
    words = app.t(key, names="Anna e Carla", seconds=58)
    font = app.font("ui", 16)
    for width in range(120, font.size(words)[0], 7):
        lines = style.wrap(words, font, width)
        for line in lines[:-1]:
            assert line.split()[-1].lower() not in ("tra", "fra"), (width, lines)


def lobby_hosted(app, rules: Rules):  # noqa: ANN001, ANN201
    """The lobby of a table of ``rules`` hosted from Play online, its table come."""
    from .menu_helpers import frame

    app.settings = app.settings.with_(rules=rules)
    app.home()
    online = app.open("online")
    click(app, online.host_button)
    lobby = app.stack.top
    run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
    frame(app)
    return lobby


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_lobby_explains_the_variants_of_its_table(app, monkeypatch, language) -> None:
    """The lobby named the table's variants ("Napola, Re bello, ...") and nothing said what
    they change: a friend joining knew them by name only. A button at the line's end opens
    the rules' book of the table's game at the page of what its variants change, each with
    what it does; a table of the plain game has no such button."""
    from scopa.app import style
    from scopa.app.scenes.online import OnlineScene
    from scopa.app.scenes.rules import RulesScene

    from .menu_helpers import frame

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.resize((960, 540))
    app.settings = app.settings.with_(language=language, tutorial_done=True, rules=MANY)
    app.set_language(language)
    app.home()
    online = app.open("online")
    assert isinstance(online, OnlineScene)
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        run_until(app, lambda: lobby.session.seated is not None and lobby.session.table)
        frame(app)
        button = lobby.variants_button
        assert button in lobby.form.widgets
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            frame(app)
        said = app.t("online.played_with", changes="")
        (line,) = [text for text in drawn if text.words.startswith(said)]
        assert not line.used.colliderect(button.rect), (line.used, button.rect)
        assert lobby.seats_box.contains(button.rect)
        click(app, button)
        rules = app.stack.top
        assert isinstance(rules, RulesScene)
        assert rules.rules == MANY and rules.page_id == "mine"
        napola = app.t("rule_napola")
        assert any(line.startswith(napola) for line in rules.own_rules())
        app.back()
        assert app.stack.top is lobby
    finally:
        lobby.back()
    lobby = lobby_hosted(app, Rules())
    try:
        assert lobby.variants_button not in lobby.form.widgets
    finally:
        lobby.back()
    # a game of its own, with nothing changed of it: named above the seats only, a friend
    # who did not know scopa di quindici learnt it dealt
    quindici = Rules.preset("quindici")
    lobby = lobby_hosted(app, quindici)
    try:
        assert lobby.variants_button in lobby.form.widgets
        assert lobby.variants_button.text() == app.t("online.variant_game")
        drawn = []
        with style.watch_text(drawn.append):
            frame(app)
        game = app.t("preset_quindici")
        assert app.t("online.played_game", game=game) in [text.words for text in drawn]
        click(app, lobby.variants_button)
        rules = app.stack.top
        assert isinstance(rules, RulesScene) and rules.rules == quindici
        app.back()
    finally:
        lobby.back()
    app.settings = app.settings.with_(rules=Rules())
